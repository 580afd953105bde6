"""Exact data ties: "this value, exactly, computed after that one".

XLA:CPU's executor runs a program's operations in any order their data
allows (it drops `lax.optimization_barrier`), so the only way to run one
operation after another is to make its operand depend on the other's result
by data, without changing a bit of the operand. Both orderings mpicoll
imposes are built from the two functions here:

* `overlap.py` runs the computation written between a nonblocking start
  and its wait between them: a zero derived from the start's handle (an
  int32 >= 0) ties the computation's operand, and the wait's handle is tied
  after the computation's results.
* `spmd_devices.py` chains the collectives of a program over several
  devices per process with `chain`, below.

The zero is known only at run time, so XLA cannot fold the identities.
Every value keeps its bits: -0.0, infinities, NaNs, integer extremes.

`chain(*values)` gives the values back, each computed after all of them,
and derivatives carry it: its tangents and cotangents are chained the same
way. On the CPU it is one custom call of ours (`mpicoll_after`, as
overlap.py's `after_p`), which costs XLA no compiled kernel: ties built from
`tied` and `zero_after` are small elementwise kernels, and XLA:CPU compiles
each kernel with LLVM (10-25 ms apiece), which made a program of a few
dozen chained collectives take seconds to compile. Elsewhere it is
lowered to those ties.

Imports: JAX, `jax_internals` and `primitive` (which registers the custom
call's handler).
"""

import jax
import jax.numpy as jnp
from jax.extend.core import Primitive

from mpicoll._src.jax_internals import ad, batching, ir_type, mlir, zero_tangent
from mpicoll._src.primitive import _row_major


def tieable(x):
    """Whether `x` has a value to tie (not a PRNG key, not a float0 zero)."""
    dtype = getattr(x, "dtype", None)
    return dtype is not None and not jax.dtypes.issubdtype(dtype, jax.dtypes.extended) and \
        dtype != jax.dtypes.float0


def tied(x, zero):
    """`x`, exactly, as a value computed after `zero`: a scalar that is 0
    (an integer) or +0.0 (a float) at run time."""
    if not tieable(x):
        return x
    if x.dtype == jnp.bool_:
        return x | (zero != 0)
    if jnp.issubdtype(x.dtype, jnp.inexact):
        return x - zero.astype(x.dtype)          # -0.0 - (+0.0) is -0.0
    return x + zero.astype(x.dtype)


def zero_after(zero, values):
    """`zero` (as for `tied`), exactly, as a value computed after one
    element of each of `values` (whatever that element is, inf and NaN
    included). An empty value has no element to wait for."""
    for y in values:
        if not tieable(y) or y.size == 0:
            continue
        first = jnp.ravel(y)[:1]
        if jnp.issubdtype(first.dtype, jnp.complexfloating):
            first = jnp.real(first)
        first = first.astype(jnp.float32).sum()
        # +0.0 from any element: x * 0 is +-0.0 or NaN, and abs makes +0.0
        zero = zero + jnp.where(jnp.isfinite(first), jnp.abs(first * 0), 0.0).astype(zero.dtype)
    return zero


def chain(*values, aliased=False):
    """`values`, exactly, each computed after every one of them (a list).

    Values that cannot be tied (`tieable`) are given back as they are. With
    `aliased`, the results take the operands' memory (XLA copies an operand
    that is still read elsewhere); without, the CPU's custom call copies
    each value into a result of its own, which costs a pass over it but
    never an XLA copy."""
    values = list(values)
    where = [i for i, x in enumerate(values) if tieable(x)]
    if where:
        outs = chain_p.bind(*(values[i] for i in where), aliased=aliased)
        for i, y in zip(where, outs):
            values[i] = y
    return values


chain_p = Primitive("mpicoll_chain")
chain_p.multiple_results = True
chain_p.def_impl(lambda *values, aliased: values)
chain_p.def_abstract_eval(lambda *avals, aliased: avals)


def _chain_jvp(primals, tangents, *, aliased):
    # The tangents of the differentiable values are chained in their turn
    # (their symbolic zeros made real, as a collective's are), so that the
    # tangent collectives run in the same order; integers have none.
    outs = chain_p.bind(*primals, aliased=aliased)
    live = [i for i, x in enumerate(primals) if jnp.issubdtype(x.dtype, jnp.inexact)]
    out_tangents = [zero_tangent(y) for y in outs]
    if any(type(tangents[i]) is not ad.Zero for i in live):
        chained = chain_p.bind(*(ad.instantiate_zeros(tangents[i]) for i in live),
                               aliased=False)
        for i, t in zip(live, chained):
            out_tangents[i] = t
    return outs, out_tangents


def _chain_transpose(cts, *values, aliased):
    # linear in every differentiable value: the cotangents, chained (each
    # after all of them), which orders the transposed operations in reverse
    live = [i for i, x in enumerate(values) if jnp.issubdtype(
        (x.aval if ad.is_undefined_primal(x) else x).dtype, jnp.inexact)]
    if not live:
        return [None] * len(values)
    chained = chain_p.bind(*(ad.instantiate_zeros(cts[i]) for i in live), aliased=False)
    out = [None] * len(values)
    for i, ct in zip(live, chained):
        if ad.is_undefined_primal(values[i]):
            out[i] = ct
    return out


def lower_after_call(ctx, *operands, aliased):
    """The CPU's `mpicoll_after` custom call (registration.pxi): every
    result is its operand, after all the operands (in the operand's memory
    with `aliased`, else copied by the handler)."""
    return mlir.custom_call(
        "mpicoll_after", result_types=[ir_type(ctx, a) for a in ctx.avals_out],
        operands=list(operands), api_version=4, backend_config={},
        operand_output_aliases={i: i for i in range(len(operands))} if aliased else None,
        operand_layouts=[_row_major(a) for a in ctx.avals_in],
        result_layouts=[_row_major(a) for a in ctx.avals_out]).results


def _chain_by_ties(*values, aliased):
    zero = zero_after(jnp.zeros((), jnp.float32), values)
    return [tied(x, zero) for x in values]


ad.primitive_jvps[chain_p] = _chain_jvp
ad.primitive_transposes[chain_p] = _chain_transpose
batching.primitive_batchers[chain_p] = lambda values, dims, *, aliased: (
    chain_p.bind(*values, aliased=aliased), dims)
mlir.register_lowering(chain_p, lower_after_call, platform="cpu")
mlir.register_lowering(chain_p, mlir.lower_fun(_chain_by_ties, multiple_results=True))
