"""Computation written between a start and its wait runs between them.

Nothing in the data flow ties the computation a program writes between a
nonblocking start and its wait to either of them: XLA's scheduler may run
it before the start or after the wait (it does: a matrix product written
after a start was scheduled before it), and the message would then not
travel while it runs. `optimization_barrier` does not help on the CPU,
whose compiler removes it and whose concurrent executor follows data
dependencies only. So this pass, run by the MPI scope hook on every jitted
computation (and inside its loops, conditionals and nested jits), makes
the order real data dependencies. For each start and the wait of its
handle in the same jaxpr, the equations between them form its region:

* a region equation that reads nothing computed after the latest start
  open there gets its smallest operand through an exact identity computed
  from that start's handle (``v - 0`` with the 0 made from the handle:
  `data_ties.tied`), so it cannot run before that start (nor before the
  earlier ones: starts run in program order, by their token);
* the first wait that closes a region around an equation gets its handle
  through `after_p`, which takes every value those equations produce,
  whole, and gives them back to their later readers, so the wait cannot
  run before they have (nor can the later waits), and none of them is
  computed again after the wait.

One pass over the equations, and each equation is tied at most once
however many regions it lies in (a halo exchange posts 26 messages in
3-D). XLA cannot fold these identities (the handle is known only at run
time). They cost one pass over the smallest operand of each tied
equation, which fuses into that equation where it is elementwise.
Requests that cross a loop iteration or a jitted call (started in one,
waited in another) are ordered by where the start and the wait are, which
the program already fixes.

It also refuses a start whose request is dropped without a wait: every
rank would post messages or a collective that nothing completes.

Imports: `jax_internals`, `data_ties` and the nonblocking op module.
"""

import functools
import math

import jax
import jax.numpy as jnp
from jax.extend.core import Primitive

from mpicoll._src import jax_internals as ji
from mpicoll._src.data_ties import lower_after_call, tieable, tied, zero_after
from mpicoll._src.jax_internals import mlir
from mpicoll._src.ops.nonblocking import START_PRIMITIVES, wait_p
from mpicoll._src.primitive import CUSTOM_CALLS


def _is_var(v):
    return isinstance(v, ji.core.Var) and not isinstance(v, ji.core.DropVar)


def _after(handle, v):
    """`v`, exactly, as a value computed after `handle` (a start's, >= 0)."""
    return tied(v, jnp.minimum(handle, 0))


def _waited_after(handle, *values):
    """(`handle`, *`values`), exactly, as values computed after every one
    of `values`, whole (`after_p`)."""
    return after_p.bind(handle, *values)


# The wait's handle is tied after the values of its region by `after_p`,
# which returns them all as they are, and the region's values are read
# through its results from then on. On the CPU it is a custom call of ours
# (`h_after`, registration.pxi): XLA must make its operands, whole, before
# it, and cannot compute them again after the wait, fused into the
# operations that read them there. A tie that reads one element of each
# (`data_ties.zero_after`, what other platforms get) let XLA compute that
# element in the tie and the whole value again after the wait, which it did
# for a stencil's interior: computed after the halos had arrived, not while
# they travelled.
after_p = Primitive("mpicoll_after")
after_p.multiple_results = True
after_p.def_impl(lambda *operands: operands)
after_p.def_abstract_eval(lambda *avals: avals)


mlir.register_lowering(after_p, functools.partial(lower_after_call, aliased=True),
                       platform="cpu")
mlir.register_lowering(after_p, mlir.lower_fun(
    lambda handle, *values: (zero_after(handle, values), *values), multiple_results=True))


_TRACED = {}     # (fn, avals) -> its jaxpr, traced once


def _inline(fn, *invars):
    """The equations of `fn` traced on `invars`' avals, reading `invars`,
    with fresh variables for what they compute; (equations, output
    variables). Marked as fences, so no later region fences them again."""
    key = (fn, tuple((v.aval.shape, v.aval.dtype) for v in invars))
    inner = _TRACED.get(key)
    if inner is None:
        closed = jax.make_jaxpr(fn)(*(v.aval for v in invars))
        assert not closed.consts, closed
        inner = _TRACED[key] = closed.jaxpr
    rename = dict(zip(inner.invars, invars))
    eqns = []
    for e in inner.eqns:
        invars_ = [rename.get(v, v) if _is_var(v) else v for v in e.invars]
        for v in e.outvars:
            rename[v] = ji.core.Var(v.aval)
        eqns.append(e.replace(invars=invars_, outvars=[rename[v] for v in e.outvars]))
    _FENCES.update(id(e) for e in eqns)
    return eqns, [rename.get(v, v) if _is_var(v) else v for v in inner.outvars]


_FENCES = set()    # ids of the equations `_inline` made in the pass now running


def _size(v):
    return math.prod(getattr(v.aval, "shape", ()) or (1,))


def _fenced_after(eqn, latest, ties):
    """`eqn` reading its smallest operand through `_after(handle)`, plus the
    fence equations (appended to `ties`), where it must come after the start
    of `handle` and nothing it reads does yet; else `eqn`."""
    operands = [v for v in eqn.invars if _is_var(v) and hasattr(v.aval, "dtype")]
    if not operands:
        return eqn          # reads only literals: nothing to tie (and nothing to compute)
    v = min(operands, key=_size)
    fenced, (v_after,) = _inline(_after, latest, v)
    ties += fenced
    return eqn.replace(invars=[v_after if u is v else u for u in eqn.invars])


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
    """The equations with every start/wait region tied (module docstring),
    in one pass: an equation inside regions must follow the latest start
    still open there (starts run in program order, by their token, so that
    one suffices), unless something it reads already does; and the first
    wait to close after it must follow it (later waits follow that one)."""
    eqns = [_in_regions(e) for e in eqns]
    _check_waited(eqns, outvars)
    waits = {}                  # handle -> index of its wait
    for j, e in enumerate(eqns):
        if e.primitive is wait_p and _is_var(e.invars[0]):
            waits.setdefault(e.invars[0], j)
    open_ = []                  # (start index, wait index, handle) of the open regions
    after = {}                  # var -> index of the latest start it is computed after
    closing = {}                # wait index -> equations it must follow
    renamed = {}                # a region's value -> the same, as `after_p` returned it
    out = []
    for j, e in enumerate(eqns):
        if any(_is_var(v) and v in renamed for v in e.invars):
            e = e.replace(invars=[renamed.get(v, v) if _is_var(v) else v for v in e.invars])
        open_ = [r for r in open_ if r[1] > j]
        reads = max((after.get(v, -1) for v in e.invars if _is_var(v)), default=-1)
        if e.primitive in START_PRIMITIVES:
            handle = e.outvars[0]
            if handle in waits and waits[handle] > j:
                open_.append((j, waits[handle], handle))
            reads = j
        elif j in closing:
            handle = e.invars[0]
            values = _results(closing[j])
            waited, (handle_after, *values_after) = _inline(_waited_after, handle, *values)
            out += waited
            for v, w in zip(values, values_after):
                renamed[v] = w
                after[w] = after.get(v, -1)
            e = e.replace(invars=[handle_after, *e.invars[1:]])
        elif open_ and e.primitive not in CUSTOM_CALLS and id(e) not in _FENCES:
            start, _, handle = max(open_)                 # the latest open start
            if reads < start:
                e = _fenced_after(e, handle, out)
                reads = start
            closing.setdefault(min(r[1] for r in open_), []).append(e)
        for v in e.outvars:
            after[v] = reads
        out.append(e)
    return out, [renamed.get(v, v) if _is_var(v) else v for v in outvars]


def _results(eqns):
    """The values `eqns` compute that none of them reads (what a wait is
    tied after, `after_p`)."""
    read = {v for e in eqns for v in e.invars if _is_var(v)}
    return [v for e in eqns for v in e.outvars
            if _is_var(v) and v not in read and tieable(v.aval) and _size(v) > 0]


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
            eqns, outvars = _order_jaxpr(list(inner.eqns), inner.outvars)
            if any(a is not b for a, b in zip(eqns, inner.eqns)) or len(eqns) != len(inner.eqns):
                jaxpr = ji.replace_eqns(jaxpr, eqns, outvars)
                changed = True
            new.append(jaxpr)
        params[name] = tuple(new) if isinstance(value, tuple) else new[0]
    return eqn.replace(params=params) if changed else eqn


def order_overlap(closed):
    """`closed` with every start/wait region fenced (module docstring)."""
    jaxpr = closed.jaxpr
    if not any(_mentions_start(e) for e in jaxpr.eqns):
        return closed
    try:
        eqns, outvars = _order_jaxpr(list(jaxpr.eqns), jaxpr.outvars)
    finally:
        _FENCES.clear()
    return ji.with_eqns(closed, eqns, outvars)


def _mentions_start(eqn):
    if eqn.primitive in START_PRIMITIVES:
        return True
    for name in ji.REGION_JAXPRS.get(eqn.primitive, ()):
        value = eqn.params[name]
        for jaxpr in (value if isinstance(value, tuple) else (value,)):
            if any(_mentions_start(e) for e in getattr(jaxpr, "jaxpr", jaxpr).eqns):
                return True
    return False
