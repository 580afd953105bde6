"""allreduce, alltoall and sendrecv on communicators other than COMM_WORLD.

References are NumPy on arrays gathered over the communicator's own group.
Inputs depend on the COMM_WORLD rank, so that an op that ran over the wrong
group gives a different result. Communicators are created collectively by
every rank and freed at the end of each test.
"""

import contextlib

import numpy as np
import jax
import pytest
from mpi4py import MPI

import mpicoll
from conftest import assert_all_equal, gather_global

JIT = pytest.mark.parametrize("jit", [False, True], ids=["eager", "jit"])
WORLD = MPI.COMM_WORLD

# name: () -> (comm argument passed to mpicoll, communicator it means, owned)
KINDS = {
    "default": lambda: (None, WORLD, False),
    "world": lambda: (WORLD, WORLD, False),
    "dup": lambda: _owned(WORLD.Dup()),
    "split_parity": lambda: _owned(WORLD.Split(color=WORLD.rank % 2, key=WORLD.rank)),
    # ranks within each group in reverse order of the COMM_WORLD ranks
    "split_parity_reversed": lambda: _owned(WORLD.Split(color=WORLD.rank % 2, key=-WORLD.rank)),
    "cart": lambda: _owned(WORLD.Create_cart(MPI.Compute_dims(WORLD.size, 2),
                                             periods=[False, True])),
    "self": lambda: (MPI.COMM_SELF, MPI.COMM_SELF, False),
    "split_single": lambda: _owned(WORLD.Split(color=WORLD.rank, key=0)),   # size 1
}


def _owned(comm):
    return comm, comm, True


@contextlib.contextmanager
def communicator(kind):
    """Yield (comm argument, communicator); free it afterwards if created here."""
    arg, comm, owned = KINDS[kind]()
    try:
        yield arg, comm
    finally:
        if owned:
            comm.Free()


@pytest.fixture(params=list(KINDS))
def comm_case(request):
    with communicator(request.param) as case:
        yield case


def peers(comm):
    """(source, dest) for sendrecv: a periodic ring, or for a Cartcomm a shift
    along its non-periodic dimension 0 (PROC_NULL at the ends)."""
    if isinstance(comm, MPI.Cartcomm):
        return comm.Shift(0, 1)
    return (comm.rank - 1) % comm.size, (comm.rank + 1) % comm.size


def inputs(comm):
    """This rank's inputs for the three ops: values depend on the world rank."""
    w = WORLD.rank
    x = (w * 7 + np.arange(6, dtype=np.int64)).reshape(2, 3)         # allreduce
    blocks = (100 * w + np.arange(comm.size * 2)).reshape(comm.size, 2).astype(np.int32)
    send = w + np.linspace(0.5, 1.5, 3)                                # sendrecv
    recv = np.full(3, -1.0)
    return x, blocks, send, recv


def expected_results(comm, x, blocks, send, recv, source):
    xs, bs, ss = (gather_global(comm, a) for a in (x, blocks, send))
    return [xs.sum(0), bs[:, comm.rank], recv if source == MPI.PROC_NULL else ss[source]]


@JIT
def test_all_ops(comm_case, jit):
    arg, comm = comm_case
    source, dest = peers(comm)
    x, blocks, send, recv = inputs(comm)
    status = MPI.Status()

    def f(x, blocks, send, recv):
        return [mpicoll.allreduce(x, MPI.SUM, comm=arg),
                mpicoll.alltoall(blocks, comm=arg),
                mpicoll.sendrecv(send, recv, source, dest, comm=arg, status=status)]

    outs = jax.block_until_ready((jax.jit(f) if jit else f)(x, blocks, send, recv))
    expected = expected_results(comm, x, blocks, send, recv, source)
    got_source = status.Get_source()        # a rank of `comm`, not of COMM_WORLD
    assert_all_equal(dict(zip(["allreduce", "alltoall", "sendrecv"], zip(outs, expected))))
    assert got_source == source


@JIT
def test_interleaved_communicators(jit):
    # Ops on COMM_WORLD and on a sub-communicator alternate in one function;
    # every rank issues them in the same order.
    with communicator("split_parity_reversed") as (_, sub):
        x, b_sub, send, recv = inputs(sub)
        _, b_world, _, _ = inputs(WORLD)
        src_sub, dst_sub = peers(sub)
        src_w, dst_w = peers(WORLD)

        def f(x, b_sub, b_world, send, recv):
            return [mpicoll.allreduce(x, MPI.SUM, comm=sub),
                    mpicoll.alltoall(b_world),
                    mpicoll.sendrecv(send, recv, src_sub, dst_sub, comm=sub),
                    mpicoll.allreduce(x, MPI.MAX, comm=WORLD),
                    mpicoll.alltoall(b_sub, comm=sub),
                    mpicoll.sendrecv(send, recv, src_w, dst_w)]

        outs = (jax.jit(f) if jit else f)(x, b_sub, b_world, send, recv)
        on_sub = expected_results(sub, x, b_sub, send, recv, src_sub)
        on_world = expected_results(WORLD, x, b_world, send, recv, src_w)
        expected = [on_sub[0], on_world[1], on_sub[2],
                    gather_global(WORLD, x).max(0), on_sub[1], on_world[2]]
        names = ["allreduce_sub", "alltoall_world", "sendrecv_sub", "allreduce_world",
                 "alltoall_sub", "sendrecv_world"]
        assert_all_equal(dict(zip(names, zip(outs, expected))))


def test_a_compiled_operation_refuses_its_freed_communicator():
    """A jitted function keeps the communicator it was traced with. Once the
    communicator is freed, calling the function raises on every rank,
    naming the cause, even where MPI has handed the freed handles to
    communicators made since (before, it then ran on one of those: wrong
    values, or a hang); the new communicators work."""
    comm = WORLD.Dup()
    gather = jax.jit(lambda v: mpicoll.allgather(v, comm=comm))
    x = np.arange(3.0) + 10 * WORLD.rank
    first = gather(x)
    comm.Free()
    # communicators made afterwards (and their duplicates): MPI may reuse the
    # freed handles for them
    fresh = [WORLD.Dup(), WORLD.Split(WORLD.rank, 0)]
    for c in fresh:
        mpicoll.private_comm(c)
    try:
        try:
            jax.block_until_ready(gather(x))
            outcome = "no error"
        except Exception as exc:        # noqa: BLE001 (JaxRuntimeError)
            outcome = str(exc)
        assert_all_equal({"before the free": (first, gather_global(WORLD, x)),
                          "on a new communicator": (
                              mpicoll.allreduce(x, MPI.SUM, comm=fresh[0]),
                              gather_global(WORLD, x).sum(0)),
                          "on a one-rank communicator": (
                              mpicoll.allreduce(x, MPI.SUM, comm=fresh[1]), x)}, comm=WORLD)
        outcomes = WORLD.allgather(outcome)
        assert all("communicator of this operation was freed" in o for o in outcomes), outcomes
    finally:
        for c in fresh:
            c.Free()
