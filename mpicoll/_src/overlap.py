"""Computation written between a start and its wait runs between them.

Nothing in the data flow ties the computation a program writes between a
nonblocking start and its wait to either of them: XLA's scheduler may
place it before the start or after the wait, and the message would then
not travel while it runs. This pass, run by the MPI scope hook on every
jitted computation (and inside its loops, conditionals and nested jits),
makes the order part of the data flow. For each start and the wait of its
handle in the same jaxpr, with the equations between them (the region):

* the region's inputs from before the start go through an
  `optimization_barrier` together with the start's handle, so every
  region equation reads a value produced after the start;
* the wait's handle goes through a second barrier together with every
  value the region produces, so the wait comes after all of them.

`optimization_barrier` is XLA's own fence against moving computation
across it; it copies nothing. Requests that cross a loop iteration or a
jitted call (started in one, waited in another) are ordered by where the
start and the wait are, which the program already fixes.

It also refuses a start whose request is dropped without a wait: every
rank would post messages or a collective that nothing completes.

Imports: `jax_internals` and the nonblocking op module.
"""

from jax._src.lax.lax import optimization_barrier_p

from mpicoll._src import jax_internals as ji
from mpicoll._src.ops.nonblocking import START_PRIMITIVES, wait_p


def _is_var(v):
    return isinstance(v, ji.core.Var) and not isinstance(v, ji.core.DropVar)


def _order_region(eqns, start, end, handle):
    """Fence eqns[start+1:end] between eqns[start] and eqns[end] (the wait
    of `handle`); the new equation list."""
    after_start = set(eqns[start].outvars)
    region, dependent = [], set(after_start)
    for eqn in eqns[start + 1:end]:
        if any(v in dependent for v in eqn.invars if _is_var(v)):
            dependent.update(eqn.outvars)       # after the start through the data already
        else:
            region.append(eqn)
    if not region:
        return eqns
    defined_inside = {v for e in region for v in e.outvars}
    inputs = []
    for e in region:
        for v in e.invars:
            if _is_var(v) and v not in defined_inside and v not in inputs:
                inputs.append(v)
    outputs = [v for e in region for v in e.outvars if _is_var(v)]
    source = eqns[start].source_info
    fenced_handle = ji.core.Var(handle.aval)
    fenced_inputs = [ji.core.Var(v.aval) for v in inputs]
    rename = dict(zip(inputs, fenced_inputs))
    before = ji.pe.new_jaxpr_eqn([handle, *inputs], [fenced_handle, *fenced_inputs],
                                 optimization_barrier_p, {}, set(), source)
    waited_handle = ji.core.Var(handle.aval)
    after = ji.pe.new_jaxpr_eqn([fenced_handle, *outputs],
                                [waited_handle, *(ji.core.DropVar(v.aval) for v in outputs)],
                                optimization_barrier_p, {}, set(), source)
    in_region = {id(e) for e in region}
    middle = [e.replace(invars=[rename.get(v, v) if _is_var(v) else v for v in e.invars])
              if id(e) in in_region else e for e in eqns[start + 1:end]]
    wait = eqns[end]
    wait = wait.replace(invars=[waited_handle, *wait.invars[1:]])
    return [*eqns[:start + 1], before, *middle, after, wait, *eqns[end + 1:]]


def _check_waited(eqns, outvars):
    used = {v for e in eqns for v in e.invars if _is_var(v)} | {
        v for v in outvars if _is_var(v)}
    for e in eqns:
        if e.primitive in START_PRIMITIVES and e.outvars[0] not in used:
            name = e.primitive.name.removeprefix("mpi_")
            raise ValueError(
                f"mpicoll: a nonblocking operation ({name}) is started but its request is "
                "never waited for: call mpicoll.wait(request) on every rank, once, after "
                "the computation it should overlap (or return the request from the "
                "function to wait for it later)")


def _order_jaxpr(eqns, outvars):
    eqns = [_in_regions(e) for e in eqns]
    _check_waited(eqns, outvars)
    i = 0
    while i < len(eqns):
        if eqns[i].primitive in START_PRIMITIVES:
            handle = eqns[i].outvars[0]
            end = next((j for j in range(i + 1, len(eqns))
                        if eqns[j].primitive is wait_p and eqns[j].invars[0] is handle), None)
            if end is not None:
                eqns = _order_region(eqns, i, end, handle)
        i += 1
    return eqns


def _in_regions(eqn):
    """`eqn` with the jaxprs of a loop, conditional or nested jit ordered too."""
    names = ji.REGION_JAXPRS.get(eqn.primitive)
    if not names:
        return eqn
    params = dict(eqn.params)
    changed = False
    for name in names:
        value = params[name]
        jaxprs = value if isinstance(value, tuple) else (value,)
        new = []
        for jaxpr in jaxprs:
            inner = getattr(jaxpr, "jaxpr", jaxpr)
            eqns = _order_jaxpr(list(inner.eqns), inner.outvars)
            if any(a is not b for a, b in zip(eqns, inner.eqns)) or len(eqns) != len(inner.eqns):
                jaxpr = ji.replace_eqns(jaxpr, eqns)
                changed = True
            new.append(jaxpr)
        params[name] = tuple(new) if isinstance(value, tuple) else new[0]
    return eqn.replace(params=params) if changed else eqn


def order_overlap(closed):
    """`closed` with every start/wait region fenced (module docstring)."""
    jaxpr = closed.jaxpr
    if not any(_mentions_start(e) for e in jaxpr.eqns):
        return closed
    eqns = _order_jaxpr(list(jaxpr.eqns), jaxpr.outvars)
    return ji.with_eqns(closed, eqns)


def _mentions_start(eqn):
    if eqn.primitive in START_PRIMITIVES:
        return True
    for name in ji.REGION_JAXPRS.get(eqn.primitive, ()):
        value = eqn.params[name]
        for jaxpr in (value if isinstance(value, tuple) else (value,)):
            if any(_mentions_start(e) for e in getattr(jaxpr, "jaxpr", jaxpr).eqns):
                return True
    return False
