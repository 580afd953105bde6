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
  `MPIPrimitive.bind` goes straight to that compiled computation when it
  is called at the top level on arrays of one device
  (`jax_internals.run_at_once`), skipping JAX's trace machinery and its
  configuration-keyed cache: about a third of a small eager call.

* **Roles, and derivatives that agree.** Every primitive says which code
  bound it (the program, a JVP or a transpose rule; "Roles" below), and
  the ranks check that they differentiate the same collectives. Those
  checks live in `mpicoll._src.derivative_agreement`, which imports this
  module (its check is an MPI primitive too); `MPIPrimitive` calls them
  through the hooks that module installs here (`install_agreement_checks`).

* **Several devices per process.** Inside a `shard_map` over several
  devices of this process, each device's instance of an op talks on a
  communicator of its own (`comms.device_comms`): the lowering sends the
  devices and those communicators, and the handler picks its own by the
  device XLA runs it for (`pick_device_comm` in call_frames.pxi). A result
  varies over the mesh axes its operands vary over (vma types), and so
  does every cotangent a transpose rule returns. An array XLA's
  partitioner spreads over devices is refused (`several_devices_error`).

Imports: `bridge` (the FFI targets), `comms` (the per-device
communicators) and `jax_internals`, nothing else of mpicoll; the op
modules, `scope`, `local_fft` and `derivative_agreement` import this one.
"""

import contextvars
import functools

import jax
import jax.numpy as jnp
from jax.extend.core import Primitive
from jax.interpreters import ad, batching

from mpicoll._src import bridge  # noqa: F401  (registers the FFI targets)
from mpicoll._src.comms import device_comms
from mpicoll._src.jax_internals import (batching_rules, derivative_traces, dispatch,
                                        effects, hlo, ir, ir_type, keep_in_scan_loops,
                                        keep_out_of_compilation_cache, lowering_devices,
                                        manual_over_all_devices, mlir,
                                        recover_after_failed_computations, run_at_once,
                                        shardable_ordered_effects, varying_like,
                                        varying_like_operands, zero_tangent)


class MPIEffect(effects.Effect):
    """Marks an operation that talks to other MPI ranks."""

    def __str__(self):
        return "MPI"

    __repr__ = __str__


mpi_effect = MPIEffect()
recover_after_failed_computations(mpi_effect)
keep_in_scan_loops(mpi_effect)      # a collective runs as often on every rank

# (shardable: a computation over several devices of this process reaches
# `_lower`, which runs one instance per device inside a shard_map and
# refuses XLA's partitioning with mpicoll's own error and its fixes, where
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
rule_role = contextvars.ContextVar("mpicoll_rule_role", default=None)   # None: no rule runs


# --- Hooks of the derivative checks -------------------------------------------
#
# Whether the ranks agree on differentiating a collective is checked in
# `derivative_agreement`, which imports this module (its check is an MPI
# primitive) and installs the checks here when the package is assembled:
# `at_bind(prim, args, params)` at every bind of a collective (for the
# custom_jvp or custom_vjp call it may be bound in) and
# `at_trace(prim, trace, args, params)` where a derivative trace binds one.

def _no_check(*_):
    pass


_check_at_bind = _check_at_trace = _no_check


def install_agreement_checks(*, at_bind, at_trace):
    """Have `MPIPrimitive` call these checks (above)."""
    global _check_at_bind, _check_at_trace
    _check_at_bind, _check_at_trace = at_bind, at_trace


class MPIPrimitive(Primitive):
    """A primitive whose ``role`` parameter says which code bound it, and
    whose ranks check that they agree on differentiating it (above)."""

    checks_derivatives = False     # set by `mpi_primitive`
    trace_check = None             # an op's own check of where it is bound: (trace, params)

    def bind(self, *args, **params):
        role = rule_role.get()
        params["role"] = role if role is not None else params.get("role", ROLE_PROGRAM)
        if self.checks_derivatives:
            _check_at_bind(self, args, params)
        done = run_at_once(self, args, params)      # eager use (module docstring)
        return super().bind(*args, **params) if done is None else done

    def bind_with_trace(self, trace, args, *rest):
        # (every trace an equation passes through calls this, also one that
        # then hands the equation on unchanged, as a batch trace does when no
        # operand is batched)
        if self.trace_check is not None:
            self.trace_check(trace, rest[-1])
        if self.checks_derivatives and isinstance(trace, derivative_traces):
            _check_at_trace(self, trace, args, rest[-1])
        return super().bind_with_trace(trace, args, *rest)


def _in_role(rule, role):
    """`rule`, run with `role` as the role of what it binds (None: the role
    of the equation it transforms, as for batching); the rule itself does
    not see the parameter."""
    def rule_in_role(*args, **params):
        eqn_role = params.pop("role", ROLE_PROGRAM)
        token = rule_role.set(eqn_role if role is None else role)
        try:
            return rule(*args, **params)
        finally:
            rule_role.reset(token)
    rule_in_role._mpicoll_role = role
    return rule_in_role


def _typed_like_primals(rule):
    """A transpose rule whose cotangents vary over the mesh axes their primal
    operands vary over, inside a `shard_map` that checks vma types: a rule
    may build a cotangent from a fresh template (a send's transpose receives
    into zeros), which JAX would type as the same on every device."""
    def transpose(ct, *operands, **params):
        cts = rule(ct, *operands, **params)
        return [varying_like(c, o.aval) if ad.is_undefined_primal(o) else c
                for c, o in zip(cts, operands)]
    return transpose


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
                if rules is ad.primitive_transposes:
                    rule = _typed_like_primals(rule)
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
        ("Derivatives agree", `derivative_agreement`: their messages carry
        their kind instead).

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
        return varying_like_operands(avals, abstract_eval(*avals, **params)), {mpi_effect}

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
        f"{shown} by XLA's partitioner, but an MPI operation needs each rank's array on "
        "one device, or one block per device inside a jax.shard_map over all the mesh's "
        "axes (each device's instance then talks to the same device of the other ranks). "
        "Call it inside such a shard_map, run one MPI rank per device (for example "
        "`srun --gpus-per-task=1`, or CUDA_VISIBLE_DEVICES set per rank), or put the "
        "array on one device (jax.device_put(x, jax.devices()[0])).")


# Whether a shard_map over one device takes the per-device path too (a
# communicator of its own, picked by the device's ordinal): tests/test_gpu.py
# sets it so that a machine with one GPU checks that path on a GPU.
FORCE_PER_DEVICE_COMMS = False


def _per_device(ctx, devices):
    """Whether the lowering is of a computation over several devices of this
    process (or over one, with FORCE_PER_DEVICE_COMMS, in a shard_map)."""
    if len(devices) > 1:
        return True
    return FORCE_PER_DEVICE_COMMS and devices[0] is not None and manual_over_all_devices(ctx)


def handler_device_ordinal(device):
    """The number XLA_FFI_DeviceOrdinal_Get gives the handler that runs on
    `device`: on the CPU the device's id (process index * 2**17 + local
    index), on a GPU its ordinal among the process's visible GPUs (XLA's
    stream executor's, which JAX calls `local_hardware_id`)."""
    return device.id if device.platform == "cpu" else device.local_hardware_id


def _per_device_comms(ctx, target, devices, comm):
    """The attributes that give each device's instance of an operation its
    own communicator, in a computation over several devices of this process
    ("Several devices per process" in docs/operations.md): CPU devices, or
    GPUs (each call runs on its device's stream and context, docs/gpu.md).

    Only the body of a ``jax.shard_map`` over all of the mesh's axes runs one
    instance per device on that device's own block; an operation on an
    array that XLA's partitioner spreads over devices (jit of a sharded
    array, or a shard_map that leaves axes to it) would be replicated or
    split by rules that know nothing of MPI, so it is refused.
    """
    name = target.removeprefix("mpicoll_")
    if not manual_over_all_devices(ctx) or any(d is None for d in devices):
        raise several_devices_error(name, devices)
    if comm is None:         # an operation that holds no communicator (a wait)
        return {}
    if len(devices) > 1:     # (what JAX < 0.12's cache crashes on)
        keep_out_of_compilation_cache()
    return {"device_ids": tuple(handler_device_ordinal(d) for d in devices),
            "device_comms": device_comms(comm.comm, len(devices))}


def _lower(ctx, *operands, target, ffi_attributes, reusable_operand, updated_operand,
           in_place=False, fresh_result=False, role=ROLE_PROGRAM, **params):
    token = ctx.tokens_in.get(mpi_effect)
    result_types = [ir_type(ctx, aval) for aval in ctx.avals_out]
    values = ffi_attributes(**params)
    devices = lowering_devices(ctx)
    if _per_device(ctx, devices):
        values.update(_per_device_comms(ctx, target, devices, params.get("comm")))
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
