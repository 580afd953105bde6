"""allreduce against NumPy reductions of the gathered inputs."""

import numpy as np
import jax
import jax.numpy as jnp
import pytest
from mpi4py import MPI

import mpicoll
from conftest import gather_global

REDUCE = {
    "SUM": lambda xs: xs.sum(0), "PROD": lambda xs: xs.prod(0),
    "MIN": lambda xs: xs.min(0), "MAX": lambda xs: xs.max(0),
    "LAND": lambda xs: np.logical_and.reduce(xs, 0), "LOR": lambda xs: np.logical_or.reduce(xs, 0),
    "LXOR": lambda xs: np.logical_xor.reduce(xs, 0), "BAND": lambda xs: np.bitwise_and.reduce(xs, 0),
    "BOR": lambda xs: np.bitwise_or.reduce(xs, 0), "BXOR": lambda xs: np.bitwise_xor.reduce(xs, 0),
}


def local_input(comm, shape, dtype, seed=0):
    """Rank-dependent data, exactly representable so every reduction order agrees."""
    rng = np.random.default_rng(seed + comm.rank)
    if np.dtype(dtype) == np.bool_:
        return rng.integers(0, 2, shape).astype(bool)
    if jnp.issubdtype(dtype, jnp.complexfloating):
        return (rng.integers(-3, 4, shape) + 1j * rng.integers(-3, 4, shape)).astype(dtype)
    return rng.integers(1, 4, shape).astype(dtype)


@pytest.mark.parametrize("jit", [False, True], ids=["eager", "jit"])
@pytest.mark.parametrize("op", ["SUM", "PROD", "MIN", "MAX"])
@pytest.mark.parametrize("dtype", ["int8", "int32", "uint16", "int64", "float32", "float64"])
def test_arithmetic_ops(comm, op, dtype, jit):
    x = local_input(comm, (3, 5), dtype)
    f = lambda v: mpicoll.allreduce(v, getattr(MPI, op))
    out = (jax.jit(f) if jit else f)(x)
    expected = REDUCE[op](gather_global(comm, x)).astype(dtype)
    assert out.dtype == np.dtype(dtype)
    np.testing.assert_array_equal(np.asarray(out), expected)
