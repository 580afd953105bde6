"""What a rank sends itself: alltoallv, ragged_alltoall and redistribute
copy their own piece in memory instead of handing it to MPI, and allgatherv
with equal counts runs as MPI_Allgather (benchmarks/README.md, "What
MPICH's v-collectives cost"). Values against the serial result assembled
with NumPy from every rank's input, with every element distinct, so a piece
in the wrong place or left unwritten shows. Blocks are larger than the
2 KiB that ride with alltoallv's agreement, so its own MPI_Alltoallv runs.
"""

import numpy as np
import jax
import pytest

import mpicoll
from conftest import assert_all_equal, done


@pytest.fixture(autouse=True)
def _default_chunks():
    yield
    mpicoll.set_chunk_bytes(None)


def distinct(comm, shape, dtype=np.float64):
    """Values no other rank or position has."""
    n = int(np.prod(shape))
    return (comm.rank * n + np.arange(n)).reshape(shape).astype(dtype)


def rows_to(sender, receiver, size):
    """Rows of 1 KiB that `sender` sends `receiver`: 0, 3 or 6; rank 1's own
    block is empty, rank 0's is not."""
    return 3 * ((sender * receiver + sender + 1) % 3)


@pytest.mark.parametrize("chunk_bytes", [None, 4096], ids=["one_call", "rounds"])
def test_alltoallv_own_block(comm, chunk_bytes):
    P, r = comm.size, comm.rank
    send = tuple(rows_to(r, s, P) for s in range(P))
    recv = tuple(rows_to(s, r, P) for s in range(P))
    x = distinct(comm, (sum(send), 128))               # rows of 1 KiB
    mpicoll.set_chunk_bytes(chunk_bytes)
    y = done(jax.jit(lambda v: mpicoll.alltoallv(v, send, recv, comm=comm))(x))
    xs = comm.allgather(x)
    pieces = []
    for s in range(P):                                  # what rank s sends here
        start = sum(rows_to(s, t, P) for t in range(r))
        pieces.append(xs[s][start:start + rows_to(s, r, P)])
    assert_all_equal({"alltoallv": (y, np.concatenate(pieces))})


def test_ragged_alltoall_own_block(comm):
    P, r = comm.size, comm.rank
    send = [rows_to(r, s, P) for s in range(P)]
    capacity = sum(rows_to(s, r, P) for s in range(P)) + 2     # two rows of padding
    x = distinct(comm, (sum(send) + 1, 128))              # one row stays
    y, got = done(jax.jit(lambda v, n: mpicoll.ragged_alltoall(v, n, capacity, comm=comm))(
        x, np.asarray(send, np.int32)))
    xs = comm.allgather(x)
    pieces = []
    for s in range(P):
        start = sum(rows_to(s, t, P) for t in range(r))
        pieces.append(xs[s][start:start + rows_to(s, r, P)])
    expected = np.concatenate(pieces + [np.zeros((2, 128))])
    assert_all_equal({"rows": (y, expected),
                      "recvcounts": (got, np.asarray([rows_to(s, r, P) for s in range(P)],
                                                     np.int32))})


@pytest.mark.parametrize("rows", [[600] * 4, [600, 1, 600, 0]], ids=["equal", "unequal"])
def test_allgatherv_equal_and_unequal_counts(comm, rows):
    counts = tuple(rows[s % 4] for s in range(comm.size))
    if len(set(counts)) == 1 and len(set(rows)) > 1:
        pytest.skip("one rank: no unequal counts (the 'equal' case covers this path)")
    x = distinct(comm, (counts[comm.rank], 3), np.float32)
    y = done(jax.jit(lambda v: mpicoll.allgatherv(v, counts, comm=comm))(x))
    assert_all_equal({"allgatherv": (y, np.concatenate(comm.allgather(x)))})


# (shape of one rank's block before, with the concat axis's length for rank r
# given by `concat(r)`), split axis, concat axis, chunk limit
CASES = {
    "fft slab": ((None, 12, 10), 1, 0, None),
    "inner axis split": ((None, 5, 6), 2, 0, None),    # short runs
    "inner axis gathered": ((7, 4, None), 0, 2, None),
    "tiled": ((None, 9, 6, 2), 1, 0, 96),               # the chunk limit cuts pieces
}


@pytest.mark.parametrize("case", CASES)
def test_redistribute_own_piece(comm, case):
    template, split_axis, concat_axis, chunk_bytes = CASES[case]
    P, r = comm.size, comm.rank
    concat_sizes = tuple(2 + s % 3 for s in range(P))

    def block_shape(rank):
        return tuple(concat_sizes[rank] if d is None else d for d in template)

    x = distinct(comm, block_shape(r), np.complex64) * (1 + 1j)
    if chunk_bytes is not None:
        mpicoll.set_chunk_bytes(chunk_bytes)
    y = done(jax.jit(lambda v: mpicoll.redistribute(
        v, split_axis, concat_axis, concat_sizes=concat_sizes, comm=comm))(x))
    whole = np.concatenate(comm.allgather(x), axis=concat_axis)
    expected = np.array_split(whole, P, axis=split_axis)[r]
    assert_all_equal({case: (y, expected)})
