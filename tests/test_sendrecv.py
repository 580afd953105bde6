"""sendrecv against NumPy on the gathered send buffers.

Rank r's result is rank ``source``'s sendbuf (in recvbuf's shape and dtype);
with ``source=MPI.PROC_NULL`` it is recvbuf. As in test_allreduce.py, cases
that share a test body run in one jitted function (one compilation) and every
case that differs is named. A communicator of size 1 (send to self) is
covered in test_communicators.py.
"""

import numpy as np
import jax
import jax.numpy as jnp
import pytest
from mpi4py import MPI

import mpicoll
from conftest import assert_all_equal, gather_global, rank_values

JIT = pytest.mark.parametrize("jit", [False, True], ids=["eager", "jit"])

DTYPES = ["bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
          "float16", "bfloat16", "float32", "float64", "complex64", "complex128"]
EAGER_DTYPES = ["bool", "bfloat16", "float32", "int64", "complex128"]   # itemsizes 1..16
SENTINEL = 99      # recvbuf fill; rank_values never produce it


def sentinel(shape, dtype):
    return np.full(shape, SENTINEL).astype(dtype)


def ring(comm):
    """(source, dest) of a periodic shift by +1."""
    return (comm.rank - 1) % comm.size, (comm.rank + 1) % comm.size


def chain(comm):
    """(source, dest) of a non-periodic shift by +1: PROC_NULL at the ends."""
    r, p = comm.rank, comm.size
    return (r - 1 if r > 0 else MPI.PROC_NULL), (r + 1 if r < p - 1 else MPI.PROC_NULL)


def status_fields(status, datatype):
    return status.Get_source(), status.Get_tag(), status.Get_count(datatype)


@JIT
def test_ring_shift_dtypes(comm, jit):
    dtypes = DTYPES if jit else EAGER_DTYPES
    source, dest = ring(comm)
    sends = [rank_values(comm, (3, 4), d) for d in dtypes]
    recvs = [sentinel((3, 4), d) for d in dtypes]
    f = lambda ss, rs: [mpicoll.sendrecv(s, r, source, dest) for s, r in zip(ss, rs)]
    outs = (jax.jit(f) if jit else f)(sends, recvs)
    expected = [gather_global(comm, s)[source] for s in sends]
    assert_all_equal({d: (o, e) for d, o, e in zip(dtypes, outs, expected)})


PER_RANK_DTYPES = ["int16", "float64", "complex64", "uint8"]


def per_rank_buffer(rank):
    """Dtype and shape of what `rank` sends in the per_rank case."""
    return PER_RANK_DTYPES[rank % 4], (rank % 3 + 1, 2)


@JIT
def test_send_and_recv_buffers_differ(comm, jit):
    source, dest = ring(comm)
    # reshaped: same elements, other shape. per_rank: every rank sends its own
    # dtype and shape, so sendbuf and recvbuf differ in both (for P > 1).
    # transposed (jit only): both buffers are transposes, so XLA may pick
    # non-default layouts.
    reshaped = rank_values(comm, (2, 6), "int32")
    mine, theirs = per_rank_buffer(comm.rank), per_rank_buffer(source)
    per_rank = rank_values(comm, mine[1], mine[0], seed=3)
    transposed = rank_values(comm, (3, 5), "float32", seed=4)

    def f(reshaped, per_rank, transposed):
        outs = [mpicoll.sendrecv(reshaped, sentinel((3, 4), "int32"), source, dest),
                mpicoll.sendrecv(per_rank, sentinel(theirs[1], theirs[0]), source, dest)]
        if jit:
            outs.append(mpicoll.sendrecv(transposed.T, jnp.asarray(sentinel((3, 5), "float32")).T,
                                         source, dest))
        return outs

    outs = (jax.jit(f) if jit else f)(reshaped, per_rank, transposed)
    expected = [gather_global(comm, reshaped)[source].reshape(3, 4),
                comm.allgather(per_rank)[source],
                gather_global(comm, transposed)[source].T]
    assert len(outs) == 2 + jit
    assert_all_equal(dict(zip(["reshaped", "per_rank", "transposed"], zip(outs, expected))))


@JIT
@pytest.mark.parametrize("pattern", ["chain", "all_proc_null"])
def test_proc_null(comm, pattern, jit):
    # chain: rank 0 receives from PROC_NULL, the last rank sends to it.
    source, dest = chain(comm) if pattern == "chain" else (MPI.PROC_NULL, MPI.PROC_NULL)
    send = rank_values(comm, (2, 3), "float64")
    recv = rank_values(comm, (2, 3), "float64", seed=50)    # values to keep
    status = MPI.Status()
    f = lambda s, r: mpicoll.sendrecv(s, r, source, dest, status=status)
    out = (jax.jit(f) if jit else f)(send, recv)
    out.block_until_ready()
    sends = gather_global(comm, send)
    got_status = status_fields(status, MPI.DOUBLE)
    if source == MPI.PROC_NULL:
        expected, expected_status = recv, (MPI.PROC_NULL, MPI.ANY_TAG, 0)
    else:
        expected, expected_status = sends[source], (source, 0, 6)
    assert_all_equal({"result": (out, expected)})
    assert got_status == expected_status


@JIT
def test_recvbuf_is_not_modified(comm, jit):
    # The result starts as a copy of recvbuf (aliased in XLA): recvbuf itself,
    # used again afterwards and by further sendrecvs, must keep its values,
    # also when it is the sendbuf as well.
    source, dest = ring(comm)
    send = rank_values(comm, (4,), "float64")
    recv = jnp.asarray(rank_values(comm, (4,), "float64", seed=30))
    recv_before = np.asarray(recv).copy()

    def f(s, r):
        return [mpicoll.sendrecv(s, r, source, dest), r,
                mpicoll.sendrecv(s, r, dest, source), r * 2,
                mpicoll.sendrecv(r, r, source, dest)]

    outs = (jax.jit(f) if jit else f)(send, recv)
    sends, recvs = gather_global(comm, send), gather_global(comm, recv_before)
    expected = [sends[source], recv_before, sends[dest], 2 * recv_before, recvs[source]]
    names = ["shift_up", "recvbuf", "shift_down", "recvbuf_after", "send_is_recv"]
    assert_all_equal({**dict(zip(names, zip(outs, expected))),
                      "caller_recvbuf": (recv, recv_before)})


@pytest.mark.parametrize("source_kind", ["explicit", "ANY_SOURCE"])
@pytest.mark.parametrize("tag_kind", ["explicit", "ANY_TAG"])
@JIT
def test_tags_wildcards_and_status(comm, source_kind, tag_kind, jit):
    # Every rank sends with its own tag (at the top of the legal range), so
    # an explicit recvtag matches only the source's tag.
    tag_ub = mpicoll.max_tag()
    source, dest = ring(comm)
    send = rank_values(comm, (2, 3), "int32")
    status = MPI.Status()
    f = lambda s: mpicoll.sendrecv(
        s, sentinel((2, 3), "int32"),
        MPI.ANY_SOURCE if source_kind == "ANY_SOURCE" else source, dest,
        sendtag=tag_ub - comm.rank,
        recvtag=MPI.ANY_TAG if tag_kind == "ANY_TAG" else tag_ub - source,
        status=status)
    out = (jax.jit(f) if jit else f)(send)
    out.block_until_ready()
    expected = gather_global(comm, send)[source]
    got_status = status_fields(status, MPI.INT32_T) + (status.Get_count(MPI.BYTE),)
    assert_all_equal({"result": (out, expected)})
    assert got_status == (source, tag_ub - source, 6, 24)


@JIT
def test_message_shorter_than_recvbuf(comm, jit):
    # The message fills recvbuf's first elements in row-major order; the rest
    # keep recvbuf's values. Under jit the second recvbuf is a transpose.
    source, dest = ring(comm)
    send = rank_values(comm, (3,), "int32")
    recv = rank_values(comm, (2, 4), "int32", seed=40)
    recv_t = rank_values(comm, (4, 2), "int32", seed=60)
    statuses = [MPI.Status(), MPI.Status()]
    f = lambda s, r, rt: [mpicoll.sendrecv(s, b, source, dest, status=st)
                          for b, st in zip([r, rt.T], statuses)]
    outs = (jax.jit(f) if jit else f)(send, recv, recv_t)
    jax.block_until_ready(outs)
    sent = gather_global(comm, send)[source]
    expected = []
    for r in (recv, recv_t.T):
        e = r.copy()
        e.reshape(-1)[:3] = sent
        expected.append(e)
    counts = [st.Get_count(MPI.INT32_T) for st in statuses]
    assert_all_equal({"plain": (outs[0], expected[0]), "transposed": (outs[1], expected[1])})
    assert counts == [3, 3]


# name: (send shape, recv shape); all float64
SMALL = {"scalar": ((), ()), "empty": ((0,), (0,)), "empty_2d": ((3, 0), (0, 2)),
         "empty_into_full": ((0,), (3,))}


@JIT
def test_scalars_and_empty_buffers(comm, jit):
    source, dest = ring(comm)
    sends = [rank_values(comm, s, "float64") for s, _ in SMALL.values()]
    recvs = [sentinel(r, "float64") for _, r in SMALL.values()]
    statuses = [MPI.Status() for _ in SMALL]
    f = lambda ss, rs: [mpicoll.sendrecv(s, r, source, dest, status=st)
                        for s, r, st in zip(ss, rs, statuses)]
    outs = (jax.jit(f) if jit else f)(sends, recvs)
    jax.block_until_ready(outs)
    expected = []
    for s, r in zip(sends, recvs):
        sent = gather_global(comm, s)[source]
        expected.append(sent.reshape(r.shape) if sent.size == r.size else r)  # empty: recvbuf
    counts = [st.Get_count(MPI.DOUBLE) for st in statuses]
    sources = [st.Get_source() for st in statuses]
    assert_all_equal(dict(zip(SMALL, zip(outs, expected))))
    assert counts == [int(np.prod(s)) for s, _ in SMALL.values()]
    assert sources == [source] * len(SMALL)


@pytest.mark.timeout(60)
@pytest.mark.parametrize("receiver", ["recv", "sendrecv", "sendrecv with its own sendtag"])
@pytest.mark.parametrize("jit", [False, True], ids=["eager", "jit"])
def test_gradient_when_the_receive_takes_any_tag(comm, receiver, jit):
    """jax.grad through a send whose tag the receive does not name (recv's
    and sendrecv's default, MPI.ANY_TAG): the receive's transpose sends the
    cotangent back with a tag of its own (0, or sendrecv's sendtag), which
    the send's transpose must accept. It waited for the forward tag: a hang."""
    if comm.size < 2:
        pytest.skip("needs a sender and a receiver")
    tag = 0 if receiver == "sendrecv with its own sendtag" else 5

    def loss(w):
        if comm.rank == 0:
            mpicoll.send(w * 2, 1, tag=tag)
            return jnp.sum(w)
        if comm.rank == 1:
            if receiver == "recv":
                y = mpicoll.recv(w, 0)
            else:
                y = mpicoll.sendrecv(w, w, source=0, dest=MPI.PROC_NULL,
                                     sendtag=3 if tag == 0 else 0)
            return jnp.sum(y ** 2)
        return jnp.sum(w)

    w = jnp.arange(3.0) + 1
    grad = jax.grad(loss)
    got = np.asarray((jax.jit(grad) if jit else grad)(w))
    # rank 1's loss is sum((2 w_0)^2): 8 w_0 on rank 0, on top of its own 1
    want = {0: 1 + 8 * np.asarray(w), 1: np.zeros(3)}.get(comm.rank, np.ones(3))
    np.testing.assert_allclose(got, want)
    np.testing.assert_array_equal(mpicoll.allreduce(jnp.ones(()), MPI.SUM), comm.size)


@pytest.mark.parametrize("op", ["recv", "sendrecv"])
def test_derivative_of_a_receive_from_any_source_is_refused_naming_the_op(comm, op):
    """The rank a derivative goes back to is known only at run time with
    MPI.ANY_SOURCE: differentiating such a receive is a NotImplementedError
    at trace time that names the operation called (here on every rank,
    under jit, so nothing is sent: eagerly the primal receive runs first)."""
    receive = (lambda w: mpicoll.recv(w, MPI.ANY_SOURCE)) if op == "recv" else (
        lambda w: mpicoll.sendrecv(w, w, source=MPI.ANY_SOURCE, dest=MPI.PROC_NULL))
    with pytest.raises(NotImplementedError, match=f"of {op} needs an explicit source"):
        jax.jit(jax.grad(lambda w: jnp.sum(receive(w))))(jnp.ones(2))
