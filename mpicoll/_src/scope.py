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
  local FFTs) get ``in_place=True`` where that operand is dead (see
  `primitive.py`, "In place when the input is dead"), in every computation.

Order *between* computations comes from the CPU runtime running a device's
executions in dispatch order. If a JAX version lacks the hook point,
everything stays correct on the slow path, and
`tests/test_ordering.py::test_fast_dispatch_path_is_taken` fails.
"""

import warnings

import jax
from jax.extend.core import Primitive

from mpicoll._src import jax_internals as ji
from mpicoll._src.primitive import REUSABLE_OPERAND, mpi_effect

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
    """Set ``in_place=True`` on top-level MPI ops whose reusable operand is
    dead afterwards: a donated argument, or an intermediate value, that no
    other equation and no output uses."""
    jaxpr = closed.jaxpr
    candidates = [i for i, e in enumerate(jaxpr.eqns)
                  if e.primitive in REUSABLE_OPERAND and not e.params.get("in_place")]
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
    changed = False
    for i in candidates:
        operand = eqns[i].invars[REUSABLE_OPERAND[eqns[i].primitive]]
        if (isinstance(operand, ji.core.Var) and operand not in owned_by_caller
                and uses.get(operand) == 1):
            eqns[i] = eqns[i].replace(params=dict(eqns[i].params, in_place=True))
            changed = True
    return ji.with_eqns(closed, eqns) if changed else closed


def _make_hook(original):
    def dce_then_scope(closed, keep_unused, donated_invars):
        closed, donated_invars, kept = original(closed, keep_unused, donated_invars)
        # every computation: fft3d's local FFTs reuse dead operands too, also
        # where no MPI operation runs (one rank); a scan of the equations,
        # which returns at once when none has a reusable operand
        closed = mark_in_place(closed, donated_invars)
        if closed.effects == {mpi_effect} and len(jax.local_devices()) == 1:
            closed = wrap_in_scope(closed)
        return closed, donated_invars, kept
    return dce_then_scope


if not ji.wrap_fast_dispatch_hook(_make_hook):
    warnings.warn(
        f"mpicoll: this JAX ({jax.__version__}) lacks the internal function mpicoll "
        "hooks to keep jitted MPI computations on JAX's fast dispatch path; results "
        "stay correct, but every jitted call that contains an MPI operation costs "
        "about 100 us more. Check README 'Supported versions' for a newer mpicoll.",
        RuntimeWarning, stacklevel=2)
