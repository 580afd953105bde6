"""The MPI scope: jitted MPI computations on JAX's fast dispatch path.

Every MPI primitive carries the ordered effect `mpi_effect`. Left alone, JAX
would pass an ordering token in and out of each jitted computation that has
such an effect ("runtime tokens"), which takes every call off JAX's C++
dispatch path (about 100 us per call instead of about 5 us).

This module hooks the function JAX runs on each computation's top-level
jaxpr before lowering it (named in `jax_internals.FAST_DISPATCH_HOOK`):

* when the computation's only effect is `mpi_effect` (and the process has
  one local device: with several, JAX's runtime tokens also order devices),
  the jaxpr becomes one effect-free `mpi_scope` equation, whose lowering
  creates the first token inside the computation; the MPI ops inside stay
  chained through it;
* ops with a reusable operand (the MPI ops that declare one, and fft3d's
  local FFTs) get ``in_place=True`` where that operand is dead, and ops
  that update an operand (the halo exchange) ``fresh_result=True`` where it
  stays live (see `primitive.py`, "In place when the input is dead" and
  "Updates in place"), in every computation;
* the computation written between a nonblocking start and its wait is
  fenced between them (`overlap`);
* a donated argument that XLA could only reuse through a copy (an op of
  ours that reads it and cannot write its result there) is not donated
  (`withdraw_costly_donations`).

Order *between* computations comes from the CPU runtime running a device's
executions in dispatch order. If a JAX version lacks the hook point,
everything stays correct on the slow path, and
`tests/test_ordering.py::test_fast_dispatch_path_is_taken` fails.
"""

import collections
import warnings

import jax
from jax.extend.core import Primitive

from mpicoll._src import jax_internals as ji
from mpicoll._src.overlap import order_overlap
from mpicoll._src.primitive import (CUSTOM_CALLS, REUSABLE_OPERAND, UPDATED_OPERAND,
                                    mpi_effect, result_shares_operand)

mpi_scope_p = Primitive("mpi_scope")
mpi_scope_p.multiple_results = True


def _scope_abstract_eval(*avals, jaxpr):
    return jaxpr.out_avals, {e for e in jaxpr.effects if e != mpi_effect}


def _scope_lowering(ctx, *args, jaxpr):
    tokens = ji.mlir.TokenSet({mpi_effect: ji.mlir.create_token()})
    outs, _ = ji.lower_inline(ctx, jaxpr, tokens, *args)
    return outs


mpi_scope_p.def_effectful_abstract_eval(_scope_abstract_eval)
ji.mlir.register_lowering(mpi_scope_p, _scope_lowering)
ji.pe.dce_rules[mpi_scope_p] = lambda used, eqn: ([True] * len(eqn.invars), eqn)


def wrap_in_scope(closed):
    """The same computation as one `mpi_scope` equation without effects."""
    inner = ji.open_jaxpr(closed)         # constants become leading inputs
    jaxpr = closed.jaxpr
    constvars = [ji.core.Var(v.aval) for v in jaxpr.constvars]
    invars = [ji.core.Var(v.aval) for v in jaxpr.invars]
    outvars = [ji.core.Var(v.aval) for v in jaxpr.outvars]
    source = jaxpr.eqns[0].source_info if jaxpr.eqns else ji.new_source_info()
    eqn = ji.pe.new_jaxpr_eqn([*constvars, *invars], outvars, mpi_scope_p,
                              dict(jaxpr=inner), set(), source)
    return ji.closed_jaxpr(constvars, invars, outvars, [eqn], jaxpr.debug_info,
                           closed.consts)


def mark_in_place(closed, donated_invars):
    """Decide where top-level ops of ours write their result 0: an op with a
    reusable operand gets ``in_place=True`` where that operand is dead
    afterwards (a donated argument, or an intermediate that no other
    equation and no output uses); an op that updates an operand (the halo
    exchange) gets ``fresh_result=True`` where that operand stays live."""
    jaxpr = closed.jaxpr
    candidates = [i for i, e in enumerate(jaxpr.eqns)
                  if (e.primitive in REUSABLE_OPERAND and not e.params.get("in_place"))
                  or (e.primitive in UPDATED_OPERAND and not e.params.get("fresh_result"))]
    if not candidates:
        return closed
    uses = {}
    for eqn in jaxpr.eqns:
        for v in eqn.invars:
            if isinstance(v, ji.core.Var):
                uses[v] = uses.get(v, 0) + 1
    for v in jaxpr.outvars:
        if isinstance(v, ji.core.Var):
            uses[v] = uses.get(v, 0) + 1
    owned_by_caller = set(jaxpr.constvars) | {
        v for v, donated in zip(jaxpr.invars, donated_invars) if not donated}
    eqns = list(jaxpr.eqns)
    for i in candidates:
        prim = eqns[i].primitive
        updates = prim in UPDATED_OPERAND
        operand = eqns[i].invars[UPDATED_OPERAND[prim] if updates else REUSABLE_OPERAND[prim]]
        dead = (isinstance(operand, ji.core.Var) and operand not in owned_by_caller
                and uses.get(operand) == 1)
        if dead != updates:
            flag = "fresh_result" if updates else "in_place"
            eqns[i] = eqns[i].replace(params=dict(eqns[i].params, **{flag: True}))
    changed = any(a is not b for a, b in zip(eqns, jaxpr.eqns))
    return ji.with_eqns(closed, eqns) if changed else closed


def _shape_and_dtype(v):
    return getattr(v.aval, "shape", None), getattr(v.aval, "dtype", None)


def withdraw_costly_donations(closed, donated_invars):
    """Donation flags with those withdrawn that XLA could honour only by a copy.

    JAX aliases each donated argument to the first output of the same shape
    and dtype (``mlir._set_up_aliases``; the matching is repeated here). When
    that output is a result of one of our custom calls which reads the
    argument itself and does not write its result into it (alltoall, which
    has no in-place form; allreduce on an argument that is also read
    elsewhere), XLA cannot give the call the argument's memory for its
    result: it writes the result to a fresh buffer and copies it into the
    argument afterwards. That costs a fresh buffer *and* a copy, more than
    the fresh result alone (a donated 16 MiB alltoall at 2 ranks took
    3.3 ms against 1.6 ms undonated; benchmarks/README.md, "Donated
    operations that cannot run in place"). Such an argument stays the
    caller's: it is not deleted, and the result is the op's own buffer.
    """
    if not any(donated_invars):
        return donated_invars
    jaxpr = closed.jaxpr
    producer = {out: eqn for eqn in jaxpr.eqns if eqn.primitive in CUSTOM_CALLS
                for out in eqn.outvars}
    if not producer:
        return donated_invars
    # never withdraw a donation that an op already writes into (in place)
    updated_in_place = {v for e in jaxpr.eqns if e.primitive in CUSTOM_CALLS and e.outvars
                        for v in e.invars if isinstance(v, ji.core.Var)
                        and result_shares_operand(e, e.outvars[0], v)}
    donated = list(donated_invars)
    while True:
        queues = collections.defaultdict(collections.deque)
        for i, (arg, flag) in enumerate(zip(jaxpr.invars, donated)):
            if flag:
                queues[_shape_and_dtype(arg)].append(i)
        for out in jaxpr.outvars:
            queue = queues.get(_shape_and_dtype(out))
            if not queue:
                continue
            i = queue.popleft()
            arg = jaxpr.invars[i]
            eqn = producer.get(out) if isinstance(out, ji.core.Var) else None
            if (eqn is not None and any(v is arg for v in eqn.invars)
                    and not result_shares_operand(eqn, out, arg)
                    and arg not in updated_in_place):
                donated[i] = False
                break          # match again without it, as JAX will
        else:
            return tuple(donated)


def _make_hook(original):
    def dce_then_scope(closed, keep_unused, donated_invars):
        closed, donated_invars, kept = original(closed, keep_unused, donated_invars)
        # computation between a nonblocking start and its wait stays there
        closed = order_overlap(closed)
        # every computation: fft3d's local FFTs reuse dead operands too, also
        # where no MPI operation runs (one rank); a scan of the equations,
        # which returns at once when none has a reusable operand
        closed = mark_in_place(closed, donated_invars)
        donated_invars = withdraw_costly_donations(closed, donated_invars)
        if closed.effects == {mpi_effect} and len(jax.local_devices()) == 1:
            closed = wrap_in_scope(closed)
        return closed, donated_invars, kept
    return dce_then_scope


def install():
    """Install the hook (once; mpicoll/__init__.py calls it when the package
    is assembled, so that this module imports primitive.py and not the
    other way round)."""
    if not ji.wrap_fast_dispatch_hook(_make_hook):
        warnings.warn(
            f"mpicoll: this JAX ({jax.__version__}) lacks the internal function mpicoll "
            "hooks to keep jitted MPI computations on JAX's fast dispatch path; results "
            "stay correct, but every jitted call that contains an MPI operation costs "
            "about 100 us more. Check docs/install.md, 'Supported versions', for a newer mpicoll.",
            RuntimeWarning, stacklevel=3)
