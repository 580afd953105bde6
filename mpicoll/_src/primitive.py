"""The one mechanism every MPI primitive uses: declaration, ordering, lowering.

An op module declares its primitive with `mpi_primitive(...)`, giving the
abstract evaluation and the FFI attributes; this module does the rest the same
way for all ops:

* **Ordering.** Every primitive carries `mpi_effect`, an *ordered* JAX effect.
  JAX then threads a token through every MPI op in program order: through
  jit-of-jit, `lax.cond`, `while_loop`, `scan`, `checkpoint`, custom_vjp and
  the backward pass of `grad`. The lowering passes that token to the custom
  call and takes the new token from it, so XLA sees a data dependency from
  each MPI op to the next: it can neither reorder them nor run two at once.
  The effect also keeps JAX from dropping an op whose result is unused (its
  partner rank is waiting for it), and the custom call's side-effect flag
  keeps XLA from dropping or merging it.

* **Fast dispatch (the MPI scope).** Left alone, JAX would pass that token in
  and out of every jitted computation at run time ("runtime tokens"), which
  takes it off its C++ dispatch path (~100 us per call instead of ~5 us).
  Instead, when a computation's only effect is `mpi_effect`, its top-level
  jaxpr is wrapped into one `mpi_scope` equation without effects, whose
  lowering creates the first token inside the computation. Order *between*
  computations then comes from the CPU runtime, which runs the executions
  of a device in dispatch order; an exit hook waits for pending ones before
  MPI is finalised. This lives in `mpicoll._src.scope`; the private JAX
  function it hooks is named in `mpicoll._src.jax_internals`.

* **In place when the input is dead.** An op declared with a
  `reusable_operand` (whose memory its handler accepts as the result's:
  allreduce then passes MPI_IN_PLACE, sendrecv receives into its
  recvbuf, gather and gatherv skip the copy that is their result off
  root) gets its result aliased to that operand only where that costs
  nothing: when the operand is a donated argument or a temporary that no
  later operation reads. Otherwise XLA would have to copy the live operand first, which is
  slower than a fresh result. Liveness is known only for the top-level
  jaxpr, so the MPI scope hook (`scope`) marks those ops there
  (`in_place=True`); inside loops and conditionals results stay fresh.

* **Updates in place.** An op declared with an `updated_operand` (the
  halo exchange) writes into that operand's memory: its result is aliased
  to it, so a donated operand or a loop's carry is updated without a copy.
  Where the top-level operand stays live (the caller keeps it, or a later
  operation reads it), the hook marks the op ``fresh_result=True`` instead:
  the result is fresh memory and the handler copies the operand into it
  before updating it, which is faster than the copy XLA would insert (a
  memcpy into memory advised huge pages from 4 MiB; benchmarks/README.md,
  "halo.py").

* **Lowering.** One FFI custom call, target ``mpicoll_<name>``, with operands
  in row-major layout (XLA transposes whatever layout it chose), the ordering
  token last, and the op's attributes as int64 scalars or int64 arrays.

* **Eager use.** The impl compiles the primitive alone (JAX's standard
  `apply_primitive`), so eager calls run the same handler as jitted ones.
"""

import atexit
import contextvars
import functools
import sys
import time
import weakref

import jax
import jax.numpy as jnp
import numpy as np
from jax.extend.core import Primitive
from jax.interpreters import ad, batching
from mpi4py import MPI

from mpicoll._src import bridge  # noqa: F401  (registers the FFI targets)
from mpicoll._src import config
from mpicoll._src.jax_internals import (ENTRY_CHECKED, JAXPR_PARAMS, REGION_JAXPRS,
                                        batching_rules, bind_when_known,
                                        carries_derivative, current_trace, derivative_traces,
                                        dispatch, effect_eqn, effects, hlo, ir, ir_type,
                                        jaxpr_eqns, lowering_devices, mlir, pe, replace_eqns,
                                        shardable_ordered_effects,
                                        value_aval, wrap_custom_rule_calls,
                                        wrap_process_primitive, zero_tangent)


class MPIEffect(effects.Effect):
    """Marks an operation that talks to other MPI ranks."""

    def __str__(self):
        return "MPI"

    __repr__ = __str__


mpi_effect = MPIEffect()

# (shardable: a computation over several devices of this process reaches
# `_lower`, which refuses it with mpicoll's own error and its fixes, where
# JAX would stop earlier with one that says neither)
for _allowed in (effects.ordered_effects, effects.lowerable_effects,
                 effects.control_flow_allowed_effects,
                 effects.custom_derivatives_allowed_effects,
                 effects.remat_allowed_effects, effects.partial_eval_kept_effects,
                 shardable_ordered_effects):
    _allowed.add_type(MPIEffect)


REUSABLE_OPERAND = {}     # primitive -> index of the operand result 0 may reuse
UPDATED_OPERAND = {}      # primitive -> index of the operand result 0 always shares
CUSTOM_CALLS = set()      # mpicoll's primitives that lower to one custom call of ours


def result_shares_operand(eqn, outvar, operand):
    """Whether `outvar`, a result of `eqn` (a `CUSTOM_CALLS` equation), lives in
    the memory of its operand `operand`: result 0 of an op that updates that
    operand (unless marked ``fresh_result``), or of one marked ``in_place``
    whose reusable operand it is."""
    if outvar is not eqn.outvars[0] or eqn.params.get("fresh_result"):
        return False
    index = UPDATED_OPERAND.get(eqn.primitive)
    if index is None and eqn.params.get("in_place"):
        index = REUSABLE_OPERAND.get(eqn.primitive)
    # (fft3d's r2c/c2r transforms are marked too, but change shape or dtype)
    return (index is not None and eqn.invars[index] is operand
            and outvar.aval.shape == operand.aval.shape
            and outvar.aval.dtype == operand.aval.dtype)


_HANDLER_ATTRIBUTES = set().union(*bridge.attribute_names())


# --- Roles: which code binds an operation ------------------------------------
#
# Every MPI primitive carries a ``role`` parameter: whether the program bound
# it, or a JVP rule (the primal of a differentiated op and its tangents), or
# a transpose rule. It is set here, for every op alike, from the rule that
# is running when `bind` is called (`assign_rule_roles` wraps the rules), and
# passed to the handler only when it is not the program. Debug mode
# (MPICOLL_DEBUG=1) compares it across ranks with the rest of a collective's
# signature: where JAX skips a derivative rule on some ranks only (an op
# whose input is a constant there, docs/differentiation.md "Pitfalls"), the
# first collective it concerns differs in role, and every rank raises
# instead of waiting for, or pairing with, a derivative call that never
# comes.
ROLE_PROGRAM, ROLE_JVP, ROLE_TRANSPOSE = 0, 1, 2
_rule_role = contextvars.ContextVar("mpicoll_rule_role", default=None)


class MPIPrimitive(Primitive):
    """A primitive whose ``role`` parameter says which code bound it, and
    whose ranks check that they agree on differentiating it (below)."""

    checks_derivatives = False     # set by `mpi_primitive`
    trace_check = None             # an op's own check of where it is bound: (trace, params)

    def bind(self, *args, **params):
        role = _rule_role.get()
        params["role"] = role if role is not None else params.get("role", ROLE_PROGRAM)
        custom = _custom_call.get()
        if custom is not None and custom.unchecked and self.checks_derivatives:
            _check_custom_call(custom, self, args, params)
        return super().bind(*args, **params)

    def bind_with_trace(self, trace, args, *rest):
        # (every trace an equation passes through calls this, also one that
        # then hands the equation on unchanged, as a batch trace does when no
        # operand is batched)
        if self.trace_check is not None:
            self.trace_check(trace, rest[-1])
        if self.checks_derivatives and isinstance(trace, derivative_traces):
            _check_derivatives_agree(self, trace, args, rest[-1])
        return super().bind_with_trace(trace, args, *rest)


# --- Derivatives agree -------------------------------------------------------
#
# JAX runs an operation's JVP rule only on ranks where one of its inputs
# carries a derivative; elsewhere it binds the operation as a plain one. If
# the input of a collective is a constant on some ranks only (a
# rank-dependent branch, stop_gradient on one rank), the differentiating
# ranks go on to a derivative collective (the tangent op, or under grad its
# transpose in the backward pass) that the others never make: a hang, or a
# pairing with an unrelated call. So under a derivative trace every
# collective of floating data is preceded by `derivatives_agree_p`, a
# 1-byte allgather of whether this rank differentiates it, and every rank
# raises where they disagree (the `derivatives_agree` handler,
# derivative_checks.pxi).
# It costs one small collective per differentiated collective, in the
# forward pass only; plain calls are unchanged. Point-to-point ops
# (``collective=False``) cannot use it, since not every rank takes part:
# their messages carry that state themselves (``kind``). So do rooted sends,
# for programs traced with the check switched off (config.py).

def _inside_a_rule(role):
    """Whether a partial evaluation (`pe.JaxprTrace`) binding something of
    `role` belongs to a derivative rule (JAX linearizes a JVP rule so), not
    to the program (`jax.linear_transpose`): the rule runs on every rank and
    was checked where its op or region was bound."""
    return role != ROLE_PROGRAM or _in_region_rule.get()


def _check_derivatives_agree(prim, trace, args, params):
    if isinstance(trace, pe.JaxprTrace) and _inside_a_rule(params["role"]):
        return
    if not config.derivative_check_enabled() or not any(
            differentiable(value_aval(a)) for a in args):
        return
    differentiates = any(carries_derivative(trace, a) for a in args)
    with current_trace(trace.parent_trace):
        derivatives_agree_p.bind(comm=params["comm"], differentiates=differentiates,
                                 name=prim.name.removeprefix("mpi_"))


def _in_role(rule, role):
    """`rule`, run with `role` as the role of what it binds (None: the role
    of the equation it transforms, as for batching); the rule itself does
    not see the parameter."""
    def rule_in_role(*args, **params):
        eqn_role = params.pop("role", ROLE_PROGRAM)
        token = _rule_role.set(eqn_role if role is None else role)
        try:
            return rule(*args, **params)
        finally:
            _rule_role.reset(token)
    rule_in_role._mpicoll_role = role
    return rule_in_role


def assign_rule_roles():
    """Wrap every MPI primitive's JVP, transpose and batching rule so that
    what they bind carries their role; called once the op modules have
    registered their rules (the package's ``__init__``)."""
    for prim in CUSTOM_CALLS:
        if not isinstance(prim, MPIPrimitive):
            continue
        for rules, role in ((ad.primitive_jvps, ROLE_JVP),
                            (ad.primitive_transposes, ROLE_TRANSPOSE),
                            (batching_rules, None)):
            rule = rules.get(prim)
            if rule is not None and not hasattr(rule, "_mpicoll_role"):
                rules[prim] = _in_role(rule, role)


def mpi_primitive(name, *, abstract_eval, ffi_attributes, multiple_results=False,
                  reusable_operand=None, updated_operand=None, collective=True):
    """Declare an MPI primitive.

    Args:
      name: the op's name; the FFI handler is registered as ``mpicoll_<name>``.
      abstract_eval: ``(*avals, **params) -> aval(s)`` of the results.
      ffi_attributes: ``(**params) -> dict[str, int | tuple[int, ...]]``, the
        handler's attributes (int64 scalars, or int64 arrays for tuples).
      multiple_results: whether the primitive returns a tuple.
      reusable_operand: index of an operand whose memory the handler
        accepts as result 0's where the two have the same shape and dtype
        (gather's result has them off root only); see "In place when the
        input is dead".
      updated_operand: index of an operand that result 0 always shares
        memory with; see "Updates in place".
      collective: whether every rank of the communicator takes part; False
        for point-to-point ops, which get no check that needs every rank
        ("Derivatives agree": their messages carry their kind instead).

    Returns:
      The `Primitive`; the op module registers its JVP, transpose and
      batching rules next to its definition.
    """
    prim = MPIPrimitive(f"mpi_{name}")
    prim.multiple_results = multiple_results
    prim.checks_derivatives = collective
    prim.def_impl(functools.partial(dispatch.apply_primitive, prim))

    def effectful_abstract_eval(*avals, in_place=False, fresh_result=False, role=ROLE_PROGRAM,
                                **params):
        return abstract_eval(*avals, **params), {mpi_effect}

    prim.def_effectful_abstract_eval(effectful_abstract_eval)
    # one lowering for both platforms: the target name is the same, and
    # bridge registers a CPU and a CUDA handler under it
    lowering = functools.partial(_lower, target=f"mpicoll_{name}",
                                 ffi_attributes=ffi_attributes,
                                 reusable_operand=reusable_operand,
                                 updated_operand=updated_operand)
    for platform in ("cpu", "cuda"):
        mlir.register_lowering(prim, lowering, platform=platform)
    if reusable_operand is not None:
        REUSABLE_OPERAND[prim] = reusable_operand
    if updated_operand is not None:
        UPDATED_OPERAND[prim] = updated_operand
    CUSTOM_CALLS.add(prim)
    mlir.register_lowering(prim, functools.partial(_no_rocm_lowering, name), platform="rocm")
    return prim


# --- Rule families -----------------------------------------------------------
#
# Like `jax/_src/lax/parallel.py`, rules shared by a family of ops are made by
# small factories, so an op module declares its primitive and then only what
# is particular to it (a transpose, a batching rule).

def differentiable(*arrays):
    """Whether the arrays (or avals) carry derivatives (floating or complex dtypes)."""
    return all(jnp.issubdtype(a.dtype, jnp.inexact) for a in arrays)


def _zero_tangents(prim, out):
    if prim.multiple_results:
        return [zero_tangent(o) for o in out]
    return zero_tangent(out)


def _instantiate(prim, ct):
    if prim.multiple_results:
        return [ad.instantiate_zeros(c) for c in ct]
    return ad.instantiate_zeros(ct)


def linear_rules(prim, *, transpose, batch, tangent_params=None, primal_params=None):
    """Register the rules of an op that is linear in all its operands.

    JVP: the op itself applied to the tangents (with ``tangent_params(params)``
    if given, e.g. to drop a Status), on every rank: a symbolic-zero tangent is
    instantiated, so a rank whose input carries no derivative still makes the
    same MPI calls as its partners. Integer and bool data have zero tangents
    (on every rank alike, since dtypes match across ranks).
    ``primal_params(params)``, if given, are the parameters of the primal
    operation inside the JVP (point-to-point ops mark their messages as
    differentiated, so that paired ranks can check they agree).
    Transpose: ``transpose(ct, *operands, **params)`` with ``ct`` instantiated
    (symbolic zeros still communicate, for the same reason).
    Batching: ``batch(args, dims, **params)``.
    """
    def jvp(primals, tangents, **params):
        if not differentiable(*primals):
            out = prim.bind(*primals, **params)
            return out, _zero_tangents(prim, out)
        out = prim.bind(*primals, **(primal_params(params) if primal_params else params))
        tangents = [ad.instantiate_zeros(t) for t in tangents]
        t_params = tangent_params(params) if tangent_params else params
        return out, prim.bind(*tangents, **t_params)

    def transpose_rule(ct, *operands, **params):
        return transpose(_instantiate(prim, ct), *operands, **params)

    ad.primitive_jvps[prim] = jvp
    ad.primitive_transposes[prim] = transpose_rule
    batching.primitive_batchers[prim] = batch


def reduction_rules(prim, *, nonlinear_tangent, transpose, batch, sum_code):
    """Register the rules of a reduction collective with an ``op`` parameter.

    SUM is linear: its JVP is the op on the tangents and ``transpose`` its
    transpose. The JVP of MIN/MAX/PROD is ``nonlinear_tangent(x, t, **params)``
    (every op computes it with collectives every rank joins, see
    `ops/allreduce.py`); logical and bitwise ops exist only for integers,
    whose tangents are zero.
    """
    def jvp(primals, tangents, **params):
        (x,), (t,) = primals, tangents
        out = prim.bind(x, **params)
        if not differentiable(x):
            return out, zero_tangent(out)
        t = ad.instantiate_zeros(t)
        if params["op"] == sum_code:
            return out, prim.bind(t, **params)
        return out, nonlinear_tangent(x, t, out, **params)

    def transpose_rule(ct, x, **params):
        assert params["op"] == sum_code, params["op"]   # only SUM is linear
        return transpose(ad.instantiate_zeros(ct), x, **params)

    ad.primitive_jvps[prim] = jvp
    ad.primitive_transposes[prim] = transpose_rule
    batching.primitive_batchers[prim] = batch


# The `kind` parameter of ops whose receivers check that their sender
# differentiates when they do (send, recv, sendrecv, bcast, scatter,
# scatterv): KIND_DIFFERENTIATED is set on the primal operation inside its
# JVP rule, i.e. exactly when derivative communication for it follows. The
# handlers compare it across ranks ("message kinds" in point_to_point.pxi,
# "rooted sends" in derivative_checks.pxi) and raise instead of letting one
# rank communicate alone.
KIND_DIFFERENTIATED = 1


def differentiated_kind(params):
    """Parameters of the primal operation inside a JVP rule."""
    return dict(params, kind=params["kind"] | KIND_DIFFERENTIATED)


def plain_kind(params):
    """Parameters of a derivative (tangent or transposed) collective: its own
    JVP rule marks it again if it is differentiated in turn."""
    return dict(params, kind=0)


def root_sends_rules(prim, *, transpose, batch):
    """Rules of an op whose root sends and whose other ranks pass only a
    template (bcast, scatter, scatterv): linear, with the primal inside the
    JVP marked differentiated so that root's state travels with the data and
    the ranks check they agree ("rooted sends" in derivative_checks.pxi).
    The op's parameters include ``kind``; its derivative collectives bind it
    as 0."""
    linear_rules(prim, transpose=transpose, batch=batch,
                 primal_params=differentiated_kind, tangent_params=plain_kind)


def rank_select(take_first, first, second):
    """`first` where this rank's role says so (`take_first`, a Python bool),
    else `second`, keeping the other one in the program on every rank.

    A value computed by a collective must never be dropped on some ranks
    only, in an op's public function or in a derivative rule: JAX then sees
    that collective's result as unused on those ranks, its cotangent there
    becomes a symbolic zero, and the transposed collective gets a constant
    operand on those ranks while the others' operands are linear. One
    backward pass still pairs up, but a further transformation of it
    (`jax.linear_transpose` of a transpose, a JVP of a backward pass) sees
    a constant collective on some ranks and a linear one on others: they
    run it at different places (as a constant at trace time, say) and the
    ranks' MPI calls no longer match. The value not taken stays in the
    program as an empty slice joined to the one taken (no arithmetic, so no
    inf or NaN can leak from it; XLA removes it), which makes its cotangent
    a linear zero on every rank. The two may differ in shape and dtype.
    """
    chosen, kept = (first, second) if take_first else (second, first)
    if not isinstance(kept, jax.core.Tracer):
        return chosen     # a concrete value: nothing traced will see it (eager calls)
    chosen = jnp.asarray(chosen)
    empty = jnp.ravel(kept)[:0]
    if jnp.issubdtype(kept.dtype, jnp.complexfloating) and \
            not jnp.issubdtype(chosen.dtype, jnp.complexfloating):
        empty = jnp.real(empty)
    return jnp.concatenate([jnp.ravel(chosen), empty.astype(chosen.dtype)]).reshape(
        jnp.shape(chosen))


def elementwise_batch(prim):
    """Batching for ops that act elementwise on their one operand and keep its
    shape: any batch axis works and stays where it is."""
    def batch(args, dims, **params):
        (x,), (d,) = args, dims
        return prim.bind(x, **params), d
    return batch


def _no_rocm_lowering(name, ctx, *args, **params):
    raise NotImplementedError(
        f"mpicoll.{name} runs on CPU and CUDA arrays; ROCm arrays are not supported. "
        "Put the arrays on the CPU (jax.device_put(x, jax.devices('cpu')[0])) or run "
        "with JAX_PLATFORMS=cpu.")


def _row_major(aval):
    return tuple(range(len(aval.shape) - 1, -1, -1))


def _attribute(value):
    if isinstance(value, tuple):
        return ir.DenseI64ArrayAttr.get([int(v) for v in value])
    return mlir.i64_attr(int(value))


def several_devices_error(name, devices):
    """The error for an MPI operation in a computation over several devices
    of one process: each rank must hold its whole array on one device."""
    named = [str(d) for d in devices if d is not None]     # when the lowering knows them
    shown = f" ({', '.join(named[:8])}{', ...' if len(named) > 8 else ''})" if named else ""
    return ValueError(
        f"mpicoll.{name}: the array is spread over {len(devices)} devices of this process"
        f"{shown}, but an MPI operation needs each rank's whole array on one device. "
        "Run one MPI rank per device (for example `srun --gpus-per-task=1`, or "
        "CUDA_VISIBLE_DEVICES set per rank), or put the array on one device "
        "(jax.device_put(x, jax.devices()[0])); a jax.shard_map over this process's "
        "devices cannot contain MPI operations either.")


def _lower(ctx, *operands, target, ffi_attributes, reusable_operand, updated_operand,
           in_place=False, fresh_result=False, role=ROLE_PROGRAM, **params):
    devices = lowering_devices(ctx)
    if len(devices) > 1:
        raise several_devices_error(target.removeprefix("mpicoll_"), devices)
    token = ctx.tokens_in.get(mpi_effect)
    result_types = [ir_type(ctx, aval) for aval in ctx.avals_out]
    values = ffi_attributes(**params)
    if role != ROLE_PROGRAM:      # absent means the program: nothing to decode per call
        values["role"] = role
    unknown = set(values) - _HANDLER_ATTRIBUTES
    if unknown:   # the handler would reject them at run time
        raise AssertionError(f"{target}: attributes {sorted(unknown)} are not in the "
                             f"handlers' table (call_frames.pxi ATTR_NAMES/ARRAY_NAMES)")
    attributes = {key: _attribute(value) for key, value in values.items()}
    if in_place:       # on ranks where the result has the operand's shape
        operand, result = ctx.avals_in[reusable_operand], ctx.avals_out[0]
        in_place = (operand.shape, operand.dtype) == (result.shape, result.dtype)
    call = mlir.custom_call(
        target,
        result_types=[*result_types, hlo.TokenType.get()],
        operands=[*operands, token],
        backend_config=attributes,
        has_side_effect=True,
        api_version=4,
        operand_output_aliases=(
            {updated_operand: 0} if updated_operand is not None and not fresh_result
            else {reusable_operand: 0} if in_place else None),
        operand_layouts=[*map(_row_major, ctx.avals_in), ()],
        result_layouts=[*map(_row_major, ctx.avals_out), ()],
    )
    *results, token_out = call.results
    ctx.set_tokens_out(mlir.TokenSet({mpi_effect: token_out}))
    return results


_TRIVIAL = jax.jit(lambda x: x + 1)


# the check of "Derivatives agree" (above)
derivatives_agree_p = mpi_primitive(
    "derivatives_agree", multiple_results=True, abstract_eval=lambda **_: [],
    ffi_attributes=lambda *, comm, differentiates, name: dict(
        comm=comm.handle, kind=int(differentiates), name=tuple(map(ord, name))))


# --- Regions some ranks skip -------------------------------------------------
#
# A jitted function, cond, scan, while loop or checkpoint goes through a
# derivative trace as one equation. Where none of its inputs carries a
# derivative on this rank, the trace binds it as a plain computation without
# looking inside, while a rank where some input does carry one
# differentiates the equations inside, each collective after its check
# ("Derivatives agree"). So a skipped region is bound with the same checks
# in its jaxprs, each saying "not differentiated", one before each
# collective: the ranks then compare the same checks in the same order, and
# raise exactly where a collective inside is differentiated on some ranks
# only. A checkpoint differentiated on a rank is also recomputed in that
# rank's backward pass, collectives included, so whether each rank
# differentiates a checkpoint with collectives inside is checked too, before it.

_in_region_rule = contextvars.ContextVar("mpicoll_in_region_rule", default=False)
_skipped_jaxprs = weakref.WeakKeyDictionary()


def _checked(eqn):
    """Whether a derivative trace checks this equation ("Derivatives agree")."""
    prim = eqn.primitive
    return (isinstance(prim, MPIPrimitive) and prim.checks_derivatives and
            any(differentiable(v.aval) for v in eqn.invars))


def _not_differentiated(comm, name, source_info):
    return effect_eqn(derivatives_agree_p, dict(comm=comm, differentiates=False, name=name,
                                                role=ROLE_PROGRAM), mpi_effect, source_info)


def _region_comm(prim, params):
    """The communicator of the first checked collective inside a region."""
    for jaxpr in _region_jaxprs(prim, params):
        for eqn in jaxpr_eqns(jaxpr):
            if _checked(eqn):
                return eqn.params["comm"]
            if eqn.primitive in JAXPR_PARAMS:
                comm = _region_comm(eqn.primitive, eqn.params)
                if comm is not None:
                    return comm
    return None


def _region_jaxprs(prim, params):
    for name in JAXPR_PARAMS[prim]:
        value = params[name]
        values = value if isinstance(value, (tuple, list)) else (value,)
        yield from (v for v in values if v is not None)


def _skipped_jaxpr(jaxpr):
    """`jaxpr` with a "not differentiated" check before each checked
    collective, where a rank that differentiates it checks (the same object
    if it has none)."""
    if jaxpr in _skipped_jaxprs:
        return _skipped_jaxprs[jaxpr]
    eqns, changed = [], False
    for eqn in jaxpr_eqns(jaxpr):
        prim = eqn.primitive
        if _checked(eqn):
            eqns.append(_not_differentiated(eqn.params["comm"], prim.name[4:], eqn.source_info))
            changed = True
        if prim in ENTRY_CHECKED:
            comm = _region_comm(prim, eqn.params)
            if comm is not None:
                eqns.append(_not_differentiated(comm, ENTRY_CHECKED[prim], eqn.source_info))
                changed = True
        if prim in REGION_JAXPRS:
            params = _skipped_params(prim, eqn.params)
            if params is not eqn.params:
                eqn = eqn.replace(params=params)
                changed = True
        eqns.append(eqn)
    result = replace_eqns(jaxpr, eqns) if changed else jaxpr
    _skipped_jaxprs[jaxpr] = result
    return result


def _skipped_params(prim, params):
    """A region's parameters with its jaxprs as `_skipped_jaxpr` makes them
    (the same object if nothing inside is checked)."""
    new = {}
    for name in REGION_JAXPRS[prim]:
        value = params[name]
        if isinstance(value, (tuple, list)):
            skipped = type(value)(map(_skipped_jaxpr, value))
            if any(a is not b for a, b in zip(skipped, value)):
                new[name] = skipped
        elif _skipped_jaxpr(value) is not value:
            new[name] = _skipped_jaxpr(value)
    return {**params, **new} if new else params


def _keeping_checks(trace_class, process_primitive):
    """`process_primitive` of a derivative trace, binding a region it skips
    with its checks (above)."""
    partial_eval = trace_class is pe.JaxprTrace

    def process(trace, prim, tracers, params, /):
        if (prim not in JAXPR_PARAMS or not config.derivative_check_enabled() or
                partial_eval and _inside_a_rule(_rule_role.get() or ROLE_PROGRAM)):
            return process_primitive(trace, prim, tracers, params)
        if prim in REGION_JAXPRS:
            skipped = _skipped_params(prim, params)     # cached per jaxpr
            inside = skipped is not params
        else:
            inside = _region_comm(prim, params) is not None
        if not inside:              # no checked collective inside
            return process_primitive(trace, prim, tracers, params)
        differentiates = any(carries_derivative(trace, t) for t in tracers)
        if prim in ENTRY_CHECKED:
            with current_trace(trace.parent_trace):
                derivatives_agree_p.bind(comm=_region_comm(prim, params),
                                         differentiates=differentiates, name=ENTRY_CHECKED[prim])
        if not differentiates and prim in REGION_JAXPRS:
            if partial_eval:
                return bind_when_known(trace, prim, tracers, skipped)
            return process_primitive(trace, prim, tracers, skipped)
        if not differentiates or partial_eval:
            # custom_linear_solve not differentiated here, checked above; or
            # jax.linear_transpose: the region's equations are checked
            return process_primitive(trace, prim, tracers, params)
        # the region's own rule: the partial evaluation JAX may use inside it
        # is not the program's (compare `_check_derivatives_agree`)
        token = _in_region_rule.set(True)
        try:
            return process_primitive(trace, prim, tracers, params)
        finally:
            _in_region_rule.reset(token)
    return process


wrap_process_primitive(_keeping_checks)


# --- Custom rules some ranks skip ---------------------------------------------
#
# A `jax.custom_jvp` or `custom_vjp` function goes through a derivative trace
# as one call: a rank where an input carries a derivative runs the rule
# (custom JVP, or forward pass then backward rule), a rank where none does
# runs the function. The rule's collectives are the user's, bound as plain
# operations, and need not match the function's, so the per-operation check
# cannot pair them. Instead the first checked collective inside the call,
# on either side, is preceded by a check saying which side this rank is
# on: where ranks disagree every rank raises there, before any collective
# of the rule or the function. (The rule and the function are expected to
# make their first such collective on the same communicator, as a rule that
# calls the function does.) Under `jax.linear_transpose` (partial
# evaluation) a rank where an input is unknown stages the function to
# transpose it later, and a rank where all are known runs it at once: the
# same check tells them apart.

class _CustomCall:
    __slots__ = ("differentiates", "unchecked")

    def __init__(self, differentiates):
        self.differentiates, self.unchecked = differentiates, True


_custom_call = contextvars.ContextVar("mpicoll_custom_call", default=None)


def _check_custom_call(custom, prim, args, params):
    if not any(differentiable(value_aval(a)) for a in args):
        return
    custom.unchecked = False
    derivatives_agree_p.bind(comm=params["comm"], differentiates=custom.differentiates,
                             name=f"{prim.name.removeprefix('mpi_')} inside a custom_jvp "
                                  "or custom_vjp function")


def _checking_custom_calls(trace_class, process_custom_call):
    partial_eval = trace_class is pe.JaxprTrace

    def process(trace, *args, **params):
        # A call inside a custom call whose check is still to come (the rule
        # calling the function, under an outer jvp say) belongs to that
        # check, as does partial evaluation inside a custom call (JAX's
        # linearization of its rule).
        outer = _custom_call.get()
        if (not config.derivative_check_enabled() or outer is not None and outer.unchecked
                or partial_eval and (_inside_a_rule(_rule_role.get() or ROLE_PROGRAM) or outer)):
            return process_custom_call(trace, *args, **params)
        differentiates = any(carries_derivative(trace, t) for t in args[-1])
        token = _custom_call.set(_CustomCall(differentiates))
        try:
            return process_custom_call(trace, *args, **params)
        finally:
            _custom_call.reset(token)
    return process


wrap_custom_rule_calls(_checking_custom_calls)


def wait_for_dispatched_work():
    """Block until every computation dispatched so far has finished.

    mpicoll's jitted computations carry no runtime token (see `scope`), so
    JAX does not track them; the CPU runtime runs one device's computations
    in dispatch order, so a trivial computation finishes after all of them.
    """
    jax.block_until_ready(_TRIVIAL(np.zeros((), np.int32)))


_abort_status = 0   # non-zero: mpi4py will call MPI_Abort at exit, not MPI_Finalize
_ABORT_GRACE_S = 5.0


def _record_abort_status(set_abort_status):
    # `python -m mpi4py prog.py` calls MPI._set_abort_status(n) when the
    # program ends on an uncaught exception or sys.exit(n != 0); mpi4py then
    # calls MPI_Abort at exit, which ends every rank. mpi4py has no getter.
    def record(status):
        global _abort_status
        _abort_status = _abort_status or int(status)
        return set_abort_status(status)
    return record


if hasattr(MPI, "_set_abort_status"):
    MPI._set_abort_status = _record_abort_status(MPI._set_abort_status)


@atexit.register
def _wait_for_pending_mpi_work():
    # JAX's own exit hook does not wait for jitted MPI operations still
    # running. Registered after mpi4py's MPI_Finalize hook, so it runs first.
    if not _abort_status:
        try:
            wait_for_dispatched_work()
        except Exception:   # interpreter shutting down: nothing left to protect
            pass
        return
    # The program failed and mpi4py will abort the job. Work it dispatched
    # may wait for ranks that will never join it; then waiting would hang, and
    # so would the interpreter's teardown (it joins JAX's runtime threads),
    # which comes before mpi4py's MPI_Abort. Give the work a moment, then
    # abort at once. (Polled here: the marker computation is ordered after
    # the pending work only when dispatched from the thread that dispatched it.)
    try:
        marker = _TRIVIAL(np.zeros((), np.int32))
        deadline = time.monotonic() + _ABORT_GRACE_S
        while not marker.is_ready() and time.monotonic() < deadline:
            time.sleep(0.01)
        if marker.is_ready():
            return
    except Exception:
        pass
    sys.stderr.write(
        f"mpicoll: rank {MPI.COMM_WORLD.Get_rank()} is exiting with status "
        f"{_abort_status} while MPI operations it dispatched have not finished "
        f"after {_ABORT_GRACE_S:g} s; calling MPI_Abort now\n")
    sys.stderr.flush()
    MPI.COMM_WORLD.Abort(_abort_status)

