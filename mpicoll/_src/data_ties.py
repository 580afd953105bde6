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
  devices per process: a +0.0 float32 token, which derivatives carry too,
  ties each collective's operands and is tied after its results.

The zero is known only at run time, so XLA cannot fold the identities.
Every value keeps its bits: -0.0, infinities, NaNs, integer extremes.
"""

import jax
import jax.numpy as jnp


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
