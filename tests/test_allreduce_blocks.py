"""allreduce of 16-32 MiB: reduce-scatter into the result's blocks, then allgather.

In that range the handler does not call MPI_Allreduce (see the comment at
SPLIT_ALLREDUCE_MIN_BYTES in reductions.pxi): every rank reduces one block of
the message, placed where it belongs in the result, and the blocks are
gathered in place. These tests check the block layout where it can go
wrong: element counts that the number of ranks does not divide (the first
ranks take one more), the range's two ends, several dtypes and ops, chunk
limits that cut the message into pieces inside and outside the range, and an
input the result reuses (donated: one MPI_Allreduce in place). The block
split depends on the number of ranks, so this module runs at every rank
count.

Values are small integers in every dtype, so every summation order gives
the same, exact result; results are compared bitwise with NumPy's
reduction of the gathered inputs, on every rank.
"""

import numpy as np
import jax
import jax.numpy as jnp
import pytest
from mpi4py import MPI

import mpicoll
from conftest import assert_all_equal, gather_global

MiB = 1 << 20
pytestmark = pytest.mark.skipif(MPI.COMM_WORLD.Get_size() == 1,
                                reason="one rank: a single MPI_Allreduce, no blocks")
REDUCE = {"SUM": lambda xs: xs.sum(0), "MAX": lambda xs: xs.max(0),
          "PROD": lambda xs: xs.prod(0)}


def local_input(comm, shape, dtype):
    """Small integers (PROD: mostly ones and minus ones), exact in every dtype."""
    rng = np.random.default_rng(comm.rank + 7)
    return rng.integers(-4, 5, shape).astype(dtype)


def allreduce_checked(comm, xs, op, **jit_kwargs):
    f = jax.jit(lambda *vs: [mpicoll.allreduce(v, getattr(MPI, op), comm=comm) for v in vs],
                **jit_kwargs)
    expected = [REDUCE[op](gather_global(comm, x)).astype(x.dtype) for x in xs]
    outs = f(*[jnp.asarray(x) for x in xs])
    assert_all_equal({f"{x.dtype} {x.shape}": (o, e) for x, o, e in zip(xs, outs, expected)})


@pytest.mark.parametrize("nbytes, extra", [(16 * MiB, 0), (16 * MiB, 3),
                                           (24 * MiB, 5), (32 * MiB, 0), (32 * MiB - 4, 3)])
def test_sum_in_and_at_the_ends_of_the_range(comm, nbytes, extra):
    # `extra` elements beyond a multiple of 4 make uneven blocks at 2, 3 and 4
    # ranks; 32 MiB - 4 + 12 B is just past the range (one MPI_Allreduce)
    allreduce_checked(comm, [local_input(comm, nbytes // 4 + extra, np.float32)], "SUM")


@pytest.mark.parametrize("op", ["SUM", "MAX"])
def test_dtypes_shapes_and_ops(comm, op):
    xs = [local_input(comm, (1025, 2048), np.float64),          # 16 MiB + 16 KiB, 2-D
          local_input(comm, 4 * MiB + 1, np.int32),
          local_input(comm, 10 * MiB + 3, jnp.bfloat16),        # mpicoll's own MPI op
          local_input(comm, (MiB + 2, 2), np.complex64) if op == "SUM"
          else local_input(comm, 2 * MiB + 2, np.int64)]
    allreduce_checked(comm, xs, op)


def test_prod_of_signs(comm):
    x = np.where(np.random.default_rng(comm.rank).random(5 * MiB + 1) < 0.5, -1, 1)
    allreduce_checked(comm, [x.astype(np.float32)], "PROD")


@pytest.mark.parametrize("chunk", [20 * MiB, 8 * MiB + 4])
def test_chunks_inside_and_outside_the_range(comm, chunk):
    # 40 MiB in chunks of 20 MiB (each in the range) or of ~8 MiB (each a
    # single MPI_Allreduce, the last one shorter)
    mpicoll.set_chunk_bytes(chunk)
    try:
        allreduce_checked(comm, [local_input(comm, 10 * MiB, np.float32)], "SUM")
    finally:
        mpicoll.set_chunk_bytes(None)


def test_donated_input(comm):
    # the result reuses the input's memory: one MPI_Allreduce in place
    allreduce_checked(comm, [local_input(comm, 5 * MiB, np.float32)], "SUM", donate_argnums=0)
