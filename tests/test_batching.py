"""Batching rules of allreduce, alltoall and sendrecv: ``jax.vmap`` equals a loop.

Every rank vmaps the same way (as an SPMD program does). The reference is a
Python loop over the batch that calls the op once per batch member; the
unbatched results are also checked against NumPy on the gathered inputs.
Inputs are small integers (also in float arrays), so every reduction order
gives the same bits and results are compared exactly.
"""

import numpy as np
import jax
import jax.numpy as jnp
import pytest
from mpi4py import MPI

import mpicoll

B = 2   # batch size
REDUCE = {"SUM": np.sum, "PROD": np.prod, "MIN": np.min, "MAX": np.max,
          "BXOR": np.bitwise_xor.reduce, "LOR": np.logical_or.reduce}


def ints(comm, seed, shape, dtype=np.float64):
    rng = np.random.default_rng(1000 * seed + comm.rank)
    if np.dtype(dtype) == np.bool_:
        return rng.integers(0, 2, shape).astype(bool)
    return rng.integers(-3, 4, shape).astype(dtype)


def gather(comm, a):
    return np.stack(comm.allgather(np.asarray(a)))


def loop(f, in_axes, out_axes=0):
    """What vmap(f, in_axes, out_axes) should give: f called per batch member."""
    def looped(*args):
        size = next(np.shape(a)[ax] for a, ax in zip(args, in_axes) if ax is not None)
        outs = [f(*(a if ax is None else np.take(a, i, axis=ax)
                    for a, ax in zip(args, in_axes))) for i in range(size)]
        return jnp.stack(outs, axis=out_axes)
    return looped


def assert_equal(got, want):
    np.testing.assert_array_equal(np.asarray(got), np.asarray(want))


def shift(comm, periodic):
    """sendrecv to rank + 1 from rank - 1; PROC_NULL at the chain ends."""
    r, p = comm.rank, comm.size
    if periodic:
        source, dest = (r - 1) % p, (r + 1) % p
    else:
        source = r - 1 if r > 0 else MPI.PROC_NULL
        dest = r + 1 if r < p - 1 else MPI.PROC_NULL
    return (lambda s, rb: mpicoll.sendrecv(s, rb, source, dest, comm=comm)), source


# ------------------------------------------------------------------ allreduce

@pytest.mark.parametrize("axis", [0, 1, -1])
@pytest.mark.parametrize("op, dtype", [("SUM", np.float64), ("PROD", np.float64),
                                       ("MIN", np.float64), ("MAX", np.int32),
                                       ("BXOR", np.int64), ("LOR", np.bool_)])
def test_vmap_allreduce(comm, op, dtype, axis):
    x = np.moveaxis(ints(comm, 1, (B, 3, 4), dtype), 0, axis)   # batch axis at `axis`
    f = lambda v: mpicoll.allreduce(v, getattr(MPI, op), comm=comm)
    got = jax.vmap(f, in_axes=axis, out_axes=axis)(x)
    want = loop(f, (axis,), axis)(x)
    xs = gather(comm, x)
    assert got.dtype == x.dtype and got.shape == x.shape
    assert_equal(got, want)
    assert_equal(got, REDUCE[op](xs, axis=0).astype(dtype))


# ------------------------------------------------------------------- alltoall

@pytest.mark.parametrize("axis", [0, 1, 2])
def test_vmap_alltoall(comm, axis):
    """Block axis 0 of each member is the peer axis; the batch axis is anywhere."""
    p = comm.size
    member_shape = (p, 3)
    x = np.moveaxis(ints(comm, 2, (B, *member_shape)), 0, axis)
    f = lambda v: mpicoll.alltoall(v, comm=comm)
    got = jax.vmap(f, in_axes=axis, out_axes=axis)(x)
    want = loop(f, (axis,), axis)(x)
    xs = np.moveaxis(gather(comm, x), axis + 1, 1)    # (rank, batch, peer, 3)
    assert_equal(got, want)
    # member b on this rank: block s is rank s's block for this rank
    assert_equal(np.moveaxis(np.asarray(got), axis, 0), xs[:, :, comm.rank].swapaxes(0, 1))


def test_vmap_alltoall_batch_axis_differs_in_and_out(comm):
    x = ints(comm, 3, (comm.size, 3, B))
    f = lambda v: mpicoll.alltoall(v, comm=comm)
    got = jax.jit(jax.vmap(f, in_axes=2, out_axes=0))(x)
    assert_equal(got, loop(f, (2,), 0)(x))


# ------------------------------------------------------------------- sendrecv

@pytest.mark.parametrize("axis", [0, -1])
@pytest.mark.parametrize("periodic", [True, False], ids=["ring", "proc_null"])
@pytest.mark.parametrize("batched", ["both", "sendbuf", "recvbuf"])
def test_vmap_sendrecv(comm, batched, periodic, axis):
    """Any mix of batched and unbatched buffers (the same mix on every rank)."""
    f, source = shift(comm, periodic)
    send = ints(comm, 4, (B, 3, 4)) if batched != "recvbuf" else ints(comm, 4, (3, 4))
    recv = ints(comm, 5, (B, 3, 4)) + 10 if batched != "sendbuf" else ints(comm, 5, (3, 4)) + 10
    in_axes = (None if batched == "recvbuf" else 0, None if batched == "sendbuf" else 0)
    send, recv = (a if ax is None else np.moveaxis(a, 0, axis) for a, ax in zip((send, recv), in_axes))
    in_axes = tuple(None if ax is None else axis for ax in in_axes)
    got = jax.vmap(f, in_axes=in_axes, out_axes=axis)(send, recv)
    want = loop(f, in_axes, axis)(send, recv)
    sends = gather(comm, send)
    assert got.shape == want.shape
    assert_equal(got, want)
    # member b: rank `source`'s sendbuf, or this rank's recvbuf at a PROC_NULL end
    if source == MPI.PROC_NULL:
        arrived, ax = recv, in_axes[1]
    else:
        arrived, ax = sends[source], in_axes[0]
    expected = [arrived if ax is None else np.take(arrived, b, axis=ax) for b in range(B)]
    assert_equal(np.moveaxis(np.asarray(got), axis, 0), np.stack(expected))


# --------------------------------------------------------------------- nested

def _nested_cases(comm):
    p = comm.size
    ring, _ = shift(comm, periodic=True)
    chain, _ = shift(comm, periodic=False)
    return {
        "allreduce": (lambda v: mpicoll.allreduce(v, MPI.SUM, comm=comm),
                      (ints(comm, 6, (2, 3, 5)),)),
        "alltoall": (lambda v: mpicoll.alltoall(v, comm=comm),
                     (ints(comm, 7, (2, p, 3, 4)),)),
        "sendrecv": (lambda s, rb: ring(s, rb) + chain(rb, s),
                     (ints(comm, 8, (2, 3, 4)), ints(comm, 9, (2, 3, 4)))),
    }


@pytest.mark.parametrize("name", ["allreduce", "alltoall", "sendrecv"])
def test_nested_vmap(comm, name):
    """vmap over axis 0 (outer) of vmap over the input's axis 2 (inner)."""
    f, args = _nested_cases(comm)[name]
    # inner: axis 2 of the original array is axis 1 once the outer axis is gone
    inner_axes = (1,) * len(args)
    outer_axes = (0,) * len(args)
    got = jax.jit(jax.vmap(jax.vmap(f, in_axes=inner_axes, out_axes=-1),
                           in_axes=outer_axes, out_axes=0))(*args)
    want = loop(loop(f, inner_axes, -1), outer_axes, 0)(*args)
    assert_equal(got, want)


def test_nested_vmap_mixed_batching(comm):
    """Outer vmap over sendbuf only, inner over recvbuf only."""
    ring, _ = shift(comm, periodic=False)
    send, recv = ints(comm, 10, (B, 4)), ints(comm, 11, (4, 3))
    f = jax.vmap(jax.vmap(ring, in_axes=(None, 1)), in_axes=(0, None))
    got = jax.jit(f)(send, recv)
    want = loop(loop(ring, (None, 1)), (0, None))(send, recv)
    assert got.shape == (B, 3, 4)
    assert_equal(got, want)


# ------------------------------------------------------- batching + autodiff

def _loss(comm, x, w):
    """Rank-dependent scalar loss using every op."""
    ring, _ = shift(comm, periodic=False)
    a = mpicoll.alltoall(jnp.sin(x) * w, comm=comm)
    b = ring(a * x, jnp.cos(x))
    c = mpicoll.allreduce(b * x, MPI.SUM, comm=comm)
    d = mpicoll.allreduce(b + 2.0 * x, MPI.MAX, comm=comm)
    return jnp.sum(w * jnp.sin(c) + d * x)


def _loss_inputs(comm):
    rng = np.random.default_rng(20 + comm.rank)
    x = rng.normal(size=(comm.size, B, 3))          # batch on axis 1
    w = 1.0 + comm.rank + rng.normal(size=(comm.size, 3))
    return x, w


def test_vmap_of_grad(comm):
    x, w = _loss_inputs(comm)
    grad = jax.jit(jax.grad(lambda v: _loss(comm, v, w)))
    got = jax.jit(jax.vmap(jax.grad(lambda v: _loss(comm, v, w)), in_axes=1, out_axes=1))(x)
    want = loop(grad, (1,), 1)(x)
    np.testing.assert_allclose(np.asarray(got), np.asarray(want), rtol=1e-12, atol=1e-12)


def test_grad_of_vmap(comm):
    """The gradient of a batched program sums nothing across batch members."""
    x, w = _loss_inputs(comm)
    batched = lambda v: jnp.sum(jax.vmap(lambda u: _loss(comm, u, w), in_axes=1)(v))
    got = jax.jit(jax.grad(batched))(x)
    grad = jax.jit(jax.grad(lambda v: _loss(comm, v, w)))
    want = loop(grad, (1,), 1)(x)
    np.testing.assert_allclose(np.asarray(got), np.asarray(want), rtol=1e-12, atol=1e-12)


@pytest.mark.parametrize("op", ["SUM", "PROD", "MAX"])
def test_vmap_of_jvp_batched_tangents_only(comm, op):
    """Primal unbatched, tangents batched (as in jax.jacfwd): the rules mix
    unbatched primal communication with batched tangent communication."""
    x = ints(comm, 12, (4,))
    x[0] = 2.0                       # a tie across all ranks for MAX
    ts = np.random.default_rng(30 + comm.rank).normal(size=(3, 4))
    ring, _ = shift(comm, periodic=False)

    def f(v):
        y = mpicoll.allreduce(v, getattr(MPI, op), comm=comm)
        return ring(y * v, v) + mpicoll.alltoall(jnp.broadcast_to(y, (comm.size, 4)), comm=comm)[0]

    jvp = lambda t: jax.jvp(f, (x,), (t,))[1]
    got = jax.jit(jax.vmap(jvp))(ts)
    want = loop(jax.jit(jvp), (0,))(ts)
    np.testing.assert_allclose(np.asarray(got), np.asarray(want), rtol=1e-12, atol=1e-12)
