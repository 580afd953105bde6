"""alltoallv: values against the serial equivalent, chunking, rules, errors.

The counts pattern depends on the rank and has zero blocks: rank r sends
``COUNT(r, s)`` rows to rank s. Expected results are assembled with NumPy
from every rank's input (gathered), never from mpicoll.
"""

import numpy as np
import jax
import jax.numpy as jnp
import pytest
from jax import lax
from mpi4py import MPI

import mpicoll
from conftest import assert_all_equal, collective_check_grads, done, rank_values


def COUNT(r, s):
    return (r + 2 * s) % 3


def counts(comm):
    r, p = comm.rank, comm.size
    return tuple(COUNT(r, s) for s in range(p)), tuple(COUNT(s, r) for s in range(p))


def serial_alltoallv(xs):
    """xs[r]: rank r's input. Returns every rank's output."""
    p = len(xs)
    offsets = [np.cumsum([0] + [COUNT(r, s) for s in range(p)]) for r in range(p)]
    return [np.concatenate([xs[r][offsets[r][s]:offsets[r][s + 1]] for r in range(p)])
            for s in range(p)]


@pytest.fixture(autouse=True)
def _default_chunks():
    yield
    mpicoll.set_chunk_bytes(None)


DTYPES = ["bool", "int8", "uint16", "int64", "float16", "bfloat16", "float32",
          "float64", "complex64", "complex128"]


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("jit", [False, True])
def test_matches_serial(comm, dtype, jit):
    send, recv = counts(comm)
    x = rank_values(comm, (sum(send), 3, 2), dtype)
    f = (jax.jit(mpicoll.alltoallv, static_argnums=(1, 2)) if jit else mpicoll.alltoallv)
    y = done(f(x, send, recv))
    expected = serial_alltoallv(comm.allgather(x))[comm.rank]
    assert_all_equal({"alltoallv": (y, expected)})


@pytest.mark.parametrize("chunk_bytes", [8, 40, 1000])
def test_chunked_equals_unchunked(comm, chunk_bytes):
    """Chunk limits below a row, not dividing a row, and above every block."""
    send, recv = counts(comm)
    x = rank_values(comm, (sum(send), 3), "int64", seed=5)
    mpicoll.set_chunk_bytes(chunk_bytes)
    y = done(jax.jit(lambda v: mpicoll.alltoallv(v, send, recv))(x))
    expected = serial_alltoallv(comm.allgather(x))[comm.rank]
    assert_all_equal({f"chunk {chunk_bytes}": (y, expected)})


def test_all_counts_zero(comm):
    z = np.zeros((0, 4), np.float32)
    y = done(mpicoll.alltoallv(z, (0,) * comm.size, (0,) * comm.size))
    assert y.shape == (0, 4)


def test_equals_alltoall_for_equal_counts(comm):
    x = rank_values(comm, (comm.size * 2, 3), "float64")
    ones = (2,) * comm.size
    y = done(mpicoll.alltoallv(x, ones, ones))
    ref = done(mpicoll.alltoall(x.reshape(comm.size, 2, 3))).reshape(-1, 3)
    assert_all_equal({"alltoallv": (y, ref)})


def test_vmap_over_any_axis(comm):
    send, recv = counts(comm)
    x = rank_values(comm, (sum(send), 3, 4), "float32", seed=2)
    gathered = comm.allgather(x)
    for axis in (0, 1, 2):
        xb = np.moveaxis(x, 1, axis)     # the batch (axis 1 of x) at `axis`
        y = done(jax.vmap(lambda v: mpicoll.alltoallv(v, send, recv), in_axes=axis)(xb))
        expected = np.moveaxis(serial_alltoallv(gathered)[comm.rank], 1, 0)
        assert_all_equal({f"vmap axis {axis}": (y, expected)})


def test_inside_scan_keeps_order(comm):
    send, recv = counts(comm)
    rows = sum(send)

    def body(carry, _):
        # round trip: there and back with the counts swapped
        there = mpicoll.alltoallv(carry, send, recv)
        back = mpicoll.alltoallv(there * 2, recv, send)
        return back, there.sum()

    x = rank_values(comm, (rows, 2), "float64")
    out, sums = done(jax.jit(lambda v: lax.scan(body, v, None, length=3))(x))
    assert_all_equal({"round trips": (out, x * 8)})


# ---------------------------------------------------------------- gradients

def _program(ops_alltoallv, x, w):
    return jnp.sum(w * jnp.cos(ops_alltoallv(jnp.sin(x) * x)))


def _weights(comm, shape):
    return 1.0 + comm.rank + np.random.default_rng(7 + comm.rank).normal(size=shape)


def test_grad_matches_serial(comm):
    send, recv = counts(comm)
    p = comm.size
    x = np.random.default_rng(comm.rank).normal(size=(sum(send), 2))
    w = _weights(comm, (sum(recv), 2))
    g = done(jax.jit(jax.grad(
        lambda v: _program(lambda u: mpicoll.alltoallv(u, send, recv), v, w)))(x))
    xs, ws = comm.allgather(x), comm.allgather(w)

    def serial(xs_):
        ins = [jnp.sin(v) * v for v in xs_]
        offsets = [np.cumsum([0] + [COUNT(r, s) for s in range(p)]) for r in range(p)]
        outs = [jnp.concatenate([ins[r][offsets[r][s]:offsets[r][s + 1]] for r in range(p)])
                for s in range(p)]
        return sum(jnp.sum(ws[s] * jnp.cos(outs[s])) for s in range(p))

    ref = jax.grad(serial)(xs)[comm.rank]
    np.testing.assert_allclose(g, ref, rtol=1e-12, atol=1e-12)


def test_dot_product(comm):
    send, recv = counts(comm)
    rng = np.random.default_rng(20 + comm.rank)
    x, y = rng.normal(size=(sum(send), 3)), rng.normal(size=(sum(recv), 3))

    def A(v):
        return mpicoll.alltoallv(v, send, recv)

    (At_y,) = jax.jit(jax.linear_transpose(A, x))(y)
    lhs = comm.allreduce(float(jnp.vdot(done(A(x)), y)))
    rhs = comm.allreduce(float(jnp.vdot(x, done(At_y))))
    np.testing.assert_allclose(lhs, rhs, rtol=1e-12)


def test_jvp_is_op_on_tangent(comm):
    send, recv = counts(comm)
    x = np.random.default_rng(comm.rank).normal(size=(sum(send), 2))
    t = np.random.default_rng(50 + comm.rank).normal(size=x.shape)
    y, ty = done(jax.jvp(lambda v: mpicoll.alltoallv(v ** 2, send, recv), (x,), (t,)))
    expected = serial_alltoallv(comm.allgather(2 * x * t))[comm.rank]
    np.testing.assert_allclose(ty, expected, rtol=1e-14)


def test_check_grads_forward(comm, monkeypatch):
    send, recv = counts(comm)
    x = np.random.default_rng(comm.rank).normal(size=(sum(send), 2))
    w = _weights(comm, (sum(recv), 2))
    collective_check_grads(
        monkeypatch, comm,
        lambda v: _program(lambda u: mpicoll.alltoallv(u, send, recv), v, w),
        (x,), order=2, modes=("fwd",))


def test_check_grads_both_modes_symmetric(comm, monkeypatch):
    """Equal x on every rank and blocks indexed relative to the rank: the
    program is the same on every rank up to relabelling, so reverse mode's
    local inner products are the global ones (docs/design.md §5)."""
    p, r = comm.size, comm.rank
    ones = (1,) * p
    x = np.random.default_rng(3).normal(size=(p, 2))

    def f(v):
        a = jnp.roll(mpicoll.alltoallv(jnp.roll(jnp.sin(v), r, axis=0), ones, ones), -r, axis=0)
        return jnp.cos(a * v)

    collective_check_grads(monkeypatch, comm, f, (x,), order=2, modes=("fwd", "rev"))


# ------------------------------------------------------------------- errors

@pytest.mark.parametrize("bad, error, match", [
    (lambda p: dict(x=np.zeros(()), s=(0,) * p, r=(0,) * p), ValueError, "scalar"),
    (lambda p: dict(x=np.zeros((p,)), s=(1,) * (p + 1), r=(1,) * p), ValueError, "one entry per rank"),
    (lambda p: dict(x=np.zeros((p,)), s=(1,) * p, r=(-1,) + (1,) * (p - 1)), ValueError, "non-negative"),
    (lambda p: dict(x=np.zeros((p + 1,)), s=(1,) * p, r=(1,) * p), ValueError, "sum\\(sendcounts\\)"),
    (lambda p: dict(x=np.zeros((p,)), s=(1.0,) * p, r=(1,) * p), TypeError,
     r"sendcounts\[0\] must be an int"),
    (lambda p: dict(x=np.zeros((p,)), s=5, r=(1,) * p), TypeError, "sequence"),
    # a dict iterates its keys: {0: 1, 1: 1} read as counts (0, 1)
    (lambda p: dict(x=np.zeros((p,)), s={r: 1 for r in range(p)}, r=(1,) * p), TypeError,
     "rank order, got a dict"),
])
def test_bad_arguments(comm, bad, error, match):
    a = bad(comm.size)
    with pytest.raises(error, match=match):
        mpicoll.alltoallv(a["x"], a["s"], a["r"])


def test_traced_counts_rejected(comm):
    p = comm.size

    @jax.jit
    def f(n):
        return mpicoll.alltoallv(jnp.zeros((p,)), (n,) * p, (1,) * p)

    with pytest.raises(TypeError, match="trace time"):
        f(1)


def test_bad_comm():
    with pytest.raises(TypeError, match="communicator"):
        mpicoll.alltoallv(np.zeros(1), (1,), (1,), comm="world")


def counts_with_block_from_0_to_1(comm, rows, *, elsewhere):
    """(sendcounts, recvcounts) of this rank: rank 0 sends `rows` rows to
    rank 1, every other pair exchanges `elsewhere` rows."""
    send, recv = [elsewhere] * comm.size, [elsewhere] * comm.size
    if comm.size > 1 and comm.rank == 0:
        send[1] = rows
    if comm.size > 1 and comm.rank == 1:
        recv[0] = rows
    return send, recv


def test_chunked_block_between_two_ranks_only(comm):
    """Only ranks 0 and 1 exchange a block beyond the chunk limit; the other
    ranks' blocks are empty. Every rank must still take the same path (rounds
    instead of one MPI_Alltoallv), or the job hangs."""
    P, r = comm.size, comm.rank
    rows = 5
    send, recv = counts_with_block_from_0_to_1(comm, rows, elsewhere=0)
    x = jnp.arange(sum(send) * 2, dtype=jnp.float32).reshape(sum(send), 2) + 100
    mpicoll.set_chunk_bytes(8)          # one row per message
    try:
        got = np.asarray(jax.jit(lambda v: mpicoll.alltoallv(v, send, recv, comm=comm))(x))
    finally:
        mpicoll.set_chunk_bytes(None)
    want = (np.arange(rows * 2, dtype=np.float32).reshape(rows, 2) + 100
            if P > 1 and r == 1 else np.zeros((0, 2), np.float32))
    np.testing.assert_array_equal(got, want)


@pytest.mark.parametrize("chunk_bytes", [None, 64], ids=["one_call", "rounds"])
def test_large_block_between_two_ranks_among_small_ones(comm, chunk_bytes):
    """Every pair exchanges one small row, and rank 0 sends rank 1 a block
    larger than the blocks that ride with alltoallv's agreement (2 KiB): the
    other ranks see only small blocks, yet must move the table again with
    ranks 0 and 1 (in one MPI_Alltoallv, or in rounds under a 64-byte chunk
    limit). Values against the serial result, on every rank."""
    P, r = comm.size, comm.rank
    big = 700                                  # rows of 8 bytes: 5600 bytes
    send, recv = counts_with_block_from_0_to_1(comm, big, elsewhere=1)
    x = jnp.arange(sum(send) * 2, dtype=jnp.float32).reshape(sum(send), 2) + 1000 * r
    mpicoll.set_chunk_bytes(chunk_bytes)
    try:
        got = np.asarray(jax.jit(lambda v: mpicoll.alltoallv(v, send, recv, comm=comm))(x))
    finally:
        mpicoll.set_chunk_bytes(None)
    xs = comm.allgather(np.asarray(x))
    sends = comm.allgather(send)
    pieces = []
    for s in range(P):                          # what rank s sends here
        start = sum(sends[s][:r])
        pieces.append(xs[s][start:start + sends[s][r]])
    np.testing.assert_array_equal(got, np.concatenate(pieces))
