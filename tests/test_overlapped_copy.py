"""Rooted operations whose result is a copy of ``x`` on some ranks (bcast's
root, gather's and gatherv's other ranks) make that copy while MPI moves
the data, from 64 KiB on (a nonblocking call, the copy, then the wait;
chunking.pxi, `with_copy`). Values against NumPy on every rank's
input, with every element distinct, every rank as root: below the
threshold, above it in one call, and above it in chunked rounds (only the
first round overlaps), with ``x`` live (the input must come back
unchanged) and dead (a temporary, whose memory XLA may give the result).
"""

import numpy as np
import jax
import jax.numpy as jnp
import pytest

import mpicoll
from conftest import assert_all_equal, done


@pytest.fixture(autouse=True)
def _default_chunks():
    yield
    mpicoll.set_chunk_bytes(None)


# float64 elements per rank: 32 KiB (blocking), 256 KiB (overlapped), and
# 256 KiB in rounds of 64 KiB
SIZES = {"below": (4096, None), "one_call": (32768, None), "rounds": (32768, 65536)}


def rows(op, rank, n):
    """Rows of 8 per rank: gatherv's are unequal (rank 1 sends one)."""
    return 1 if op == "gatherv" and rank == 1 else n // 8


# op -> (the call, what rank `rank` gets given every rank's input `xs`)
OPS = {
    "bcast": (lambda v, root, comm, counts: mpicoll.bcast(v, root, comm=comm),
              lambda xs, root, rank: xs[root]),
    "gather": (lambda v, root, comm, counts: mpicoll.gather(v, root, comm=comm),
               lambda xs, root, rank: np.stack(xs) if rank == root else xs[rank]),
    "gatherv": (lambda v, root, comm, counts: mpicoll.gatherv(v, counts, root, comm=comm),
                lambda xs, root, rank: np.concatenate(xs) if rank == root else xs[rank]),
}


@pytest.mark.parametrize("op", OPS)
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("x_is", ["live", "temporary"])
def test_values(comm, op, size, x_is):
    n, chunk = SIZES[size]
    call, expected = OPS[op]
    counts = tuple(rows(op, s, n) for s in range(comm.size))
    rows_here = counts[comm.rank]
    x = comm.rank * n + np.arange(8 * rows_here, dtype=np.float64).reshape(rows_here, 8)
    shift = 0.0 if x_is == "live" else 1.0      # a temporary: x + 1 inside the jitted call
    xs = [v + shift for v in comm.allgather(x)]
    mpicoll.set_chunk_bytes(chunk)
    checks = {}                 # asserted after every root's call: no rank leaves early
    for root in range(comm.size):
        x_in = jnp.asarray(x)
        if x_is == "live":
            y = done(jax.jit(lambda v: call(v, root, comm, counts))(x_in))
            checks[f"root {root}: input kept"] = (x_in, x)
        else:
            y = done(jax.jit(lambda v: call(v + 1.0, root, comm, counts))(x_in))
        checks[f"root {root}: result"] = (y, expected(xs, root, comm.rank))
    assert_all_equal(checks)
