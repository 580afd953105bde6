"""MPI ops run exactly once each, in program order: never dropped, merged or reordered.

Each test is built so that a dropped, merged (CSE) or reordered MPI op gives
a wrong value, a wrong message count, or a hang (ended by the timeout). Some
tests run a different program on different ranks (same MPI calls, different
surrounding code or data readiness), so that a scheduler free to reorder
would be likely to order the ranks differently.

Every test is a correct MPI program at any rank count, 1 included: a send
never waits for a receive that its own rank posts later. Where mpicoll only
sends (or only receives), mpi4py posts the matching nonblocking receives
(sends) first, on private communicators so that a failing test never leaves
stray messages behind: `OUT` carries mpicoll's sends to mpi4py's receives,
`IN` mpi4py's sends to mpicoll's receives. mpicoll communicates on its own
duplicate of each communicator (`mpicoll.private_comm`), so that is where
mpi4py posts its side.
"""

import functools
import time

import numpy as np
import jax
import jax.numpy as jnp
from jax import lax
import pytest
from mpi4py import MPI

import mpicoll
from conftest import done, gather_global, neighbours, wire_tag

SUM = MPI.SUM
PROC_NULL = MPI.PROC_NULL
ANY_TAG = MPI.ANY_TAG


def post_receives(comm, source, n, shape=(2,)):
    """n nonblocking float64 receives from `source`, any tag: (buffers, requests)."""
    buffers = [np.full(shape, np.nan) for _ in range(n)]
    return buffers, [comm.Irecv(buf, source, ANY_TAG) for buf in buffers]


def complete(requests, expected, timeout=20.0):
    """Tags of the receives that matched a message, None for those that did not.

    Polls until `expected` receives completed (or the timeout), waits a
    little longer for extra messages (an op that ran twice), then cancels
    the receives that are still open, so nothing is left pending.
    """
    statuses = [MPI.Status() for _ in requests]
    finished = [False] * len(requests)
    deadline = time.monotonic() + timeout
    grace = False
    while time.monotonic() < deadline and not all(finished):
        for i, request in enumerate(requests):
            if not finished[i]:
                finished[i] = request.Test(statuses[i])
        if not grace and sum(finished) >= expected:
            grace, deadline = True, time.monotonic() + 0.2
        time.sleep(0.0005)
    for i, request in enumerate(requests):
        if not finished[i]:
            request.Cancel()
            request.Wait(statuses[i])
            finished[i] = not statuses[i].Is_cancelled()
    # user tags of the mpicoll messages (the MPI tag carries the kind, conftest.wire_tag)
    return [st.Get_tag() // wire_tag(1) if ok else None for st, ok in zip(statuses, finished)]


@pytest.fixture(scope="module")
def private():
    """(OUT, IN): two private duplicates of COMM_WORLD."""
    out, into = MPI.COMM_WORLD.Dup(), MPI.COMM_WORLD.Dup()
    yield out, into
    into.Free()
    out.Free()


def slow_identity(x, n=6):
    """x, after a chain of matmuls it depends on (a reason to schedule it late)."""
    m = jnp.outer(jnp.arange(1.0, 33.0), jnp.arange(1.0, 33.0)) / 1e3
    v = jnp.broadcast_to(x.sum(), (32, 32))
    for _ in range(n):
        v = jnp.sin(v @ m)
    return x + 0.0 * v.sum()   # 0.0 * finite = 0 exactly: value unchanged


# ---------------------------------------------------------------------------
# Nothing dropped, nothing merged
# ---------------------------------------------------------------------------

@pytest.mark.parametrize("use_results", [False, True], ids=["unused", "used"])
def test_identical_sends_each_run(private, use_results):
    """Two identical send-only sendrecvs in one jit send two messages.

    CSE would send one message, dead-code elimination (results unused) none.
    mpi4py posts three receives; exactly two must match.
    """
    out, _ = private
    right, left = neighbours(out)
    x = np.array([out.rank, 10.0 + out.rank])

    @jax.jit
    def f(v):
        a = mpicoll.sendrecv(v, v, source=PROC_NULL, dest=right, sendtag=3, comm=out)
        b = mpicoll.sendrecv(v, v, source=PROC_NULL, dest=right, sendtag=3, comm=out)
        return a + b if use_results else v * 2

    buffers, requests = post_receives(mpicoll.private_comm(out), left, 3)
    result = done(f(x))
    tags = complete(requests, 2)

    np.testing.assert_array_equal(result, 2 * x)   # PROC_NULL source: result is recvbuf
    assert tags == [3, 3, None], f"messages from rank {left} (tag per receive): {tags}"
    for buf in buffers[:2]:
        np.testing.assert_array_equal(buf, [left, 10.0 + left])


def test_discarded_send_reaches_partner_in_later_jit(comm):
    """Even ranks send inside jit and discard the result; odd ranks receive later.

    (Pairs (0, 1), (2, 3); a rank without partner does nothing.)
    """
    rank = comm.rank
    x = np.full(3, 7.0 * rank + 1)
    sends = rank % 2 == 0
    partner = rank + 1 if sends else rank - 1
    partner = partner if partner < comm.size else PROC_NULL

    send = jax.jit(lambda v: (mpicoll.sendrecv(v, v, source=PROC_NULL, dest=partner,
                                               sendtag=11), v + 1)[1])
    recv = jax.jit(lambda v: mpicoll.sendrecv(v, v, source=partner, dest=PROC_NULL,
                                              recvtag=11))
    if sends:
        kept = done(send(x))
    else:
        got = done(recv(jnp.full(3, -1.0)))

    if sends:
        np.testing.assert_array_equal(kept, x + 1)
    else:
        np.testing.assert_array_equal(got, np.full(3, 7.0 * partner + 1))


@pytest.mark.timeout(60)
def test_identical_allreduces_rank_dependent_program(comm):
    """Rank 0 issues allreduce(x) twice; the others allreduce(x) then allreduce(2x).

    If rank 0's two identical calls were merged, its third call would meet
    the others' second: wrong totals (then a hang, ended by the timeout).
    """
    x = np.array([comm.rank + 1, 3 * comm.rank], dtype=np.int64)
    if comm.rank == 0:
        def f(v):
            a = mpicoll.allreduce(v, SUM)
            b = mpicoll.allreduce(v, SUM)
            return a, b, mpicoll.allreduce(3 * v, SUM)
    else:
        def f(v):
            a = mpicoll.allreduce(v, SUM)
            b = mpicoll.allreduce(2 * v, SUM)
            return a, b, mpicoll.allreduce(3 * v, SUM)
    a, b, c = done(jax.jit(f)(x))

    xs = gather_global(comm, x)
    np.testing.assert_array_equal(a, xs.sum(0))
    np.testing.assert_array_equal(b, xs[0] + 2 * xs[1:].sum(0))
    np.testing.assert_array_equal(c, 3 * xs.sum(0))


def _count_calls(f, *args):
    text = jax.jit(f).lower(*args).compile().as_text()
    return {name: text.count(f'custom_call_target="mpicoll_{name}"')
            for name in ("allreduce", "alltoall", "sendrecv")}


def test_compiled_program_keeps_every_op(comm):
    """The optimized HLO has one custom call per op issued (compiled, not run)."""
    right, left = neighbours(comm)
    x = jnp.ones((comm.size, 2))

    def straight(v):
        a = mpicoll.allreduce(v, SUM)
        b = mpicoll.allreduce(v, SUM)               # identical to a
        mpicoll.allreduce(v, MPI.MAX)               # unused
        mpicoll.alltoall(v)                         # unused
        mpicoll.alltoall(v)                         # unused, identical
        mpicoll.sendrecv(v, v, source=left, dest=right)   # unused
        return a - b                                # == 0 if a and b were merged

    inner = jax.jit(lambda v: mpicoll.allreduce(v, SUM))

    def nested(v):
        return inner(v) + inner(v) + inner(inner(v))

    assert _count_calls(straight, x) == dict(allreduce=3, alltoall=2, sendrecv=1)
    assert _count_calls(nested, x) == dict(allreduce=4, alltoall=0, sendrecv=0)


# ---------------------------------------------------------------------------
# Program order
# ---------------------------------------------------------------------------

def test_sends_and_receives_keep_program_order(comm, private):
    """Four sends and four ANY_TAG receives in one jit, interleaved.

    MPI keeps the messages between a pair in order, so mpi4py's k-th receive
    gets mpicoll's k-th send, and mpicoll's k-th receive mpi4py's k-th send,
    exactly when mpicoll's ops run in program order. The first value to send
    is the slowest to compute and the last the fastest, and the receives need
    no input: a scheduler free to reorder had every reason to.
    """
    out, into = private
    right, left = neighbours(comm)
    statuses = [MPI.Status() for _ in range(4)]
    base = np.array([0.0, 1.0]) + 100.0 * comm.rank

    @jax.jit
    def f(v):
        sends = [slow_identity(v, 8), slow_identity(v + 1, 4), v + 2, v + 3]
        got = []
        for k, (s, st) in enumerate(zip(sends, statuses)):
            mpicoll.sendrecv(s, s, source=PROC_NULL, dest=right, sendtag=20 + k, comm=out)
            empty = jnp.zeros(2)
            got.append(mpicoll.sendrecv(empty, empty, source=left, dest=PROC_NULL,
                                        recvtag=ANY_TAG, status=st, comm=into))
        return got

    in_data = [np.array([comm.rank, 50.0 + k]) for k in range(4)]
    in_requests = [mpicoll.private_comm(into).Isend(d, right, wire_tag(30 + k))
                   for k, d in enumerate(in_data)]
    out_buffers, out_requests = post_receives(mpicoll.private_comm(out), left, 4)
    got = done(f(base))
    out_tags = complete(out_requests, 4)
    MPI.Request.Waitall(in_requests)

    assert out_tags == [20, 21, 22, 23]
    for k in range(4):
        np.testing.assert_array_equal(out_buffers[k], np.array([0.0, 1.0]) + 100.0 * left + k,
                                      err_msg=f"send {k}")
        np.testing.assert_array_equal(got[k], [left, 50.0 + k], err_msg=f"receive {k}")
        assert statuses[k].Get_tag() == 30 + k
        assert statuses[k].Get_source() == left


@pytest.mark.timeout(60)
@pytest.mark.parametrize("comms", ["one", "two"])
def test_rank_dependent_data_readiness(comm, private, comms):
    """Same MPI calls on every rank, but which operand is slow depends on the rank.

    On even ranks the first allreduce's operand is slow to compute, on odd
    ranks the second's. Reordering on one communicator gives wrong sums;
    on two communicators it deadlocks (ended by the timeout).
    """
    comm_a, comm_b = private if comms == "two" else (comm, comm)
    x = np.array([comm.rank + 1.0, 2.0])
    y = np.array([1000.0 * (comm.rank + 1), 5.0])
    slow_first = comm.rank % 2 == 0

    @jax.jit
    def f(u, v):
        u = slow_identity(u, 8) if slow_first else u
        v = v if slow_first else slow_identity(v, 8)
        a = mpicoll.allreduce(u, SUM, comm=comm_a)
        b = mpicoll.allreduce(v, SUM, comm=comm_b)
        return a, b

    a, b = done(f(x, y))

    np.testing.assert_array_equal(a, gather_global(comm, x).sum(0))
    np.testing.assert_array_equal(b, gather_global(comm, y).sum(0))


@pytest.mark.timeout(60)
def test_jit_and_eager_calls_interleaved_in_a_loop(comm):
    """Jitted and eager ops, dispatched asynchronously, run in program order.

    Per iteration: a jitted ring exchange, an eager allreduce, an eager ring
    exchange and a jitted alltoall, none of which uses another's result, and
    nothing waits in between: only the ordering keeps them in sequence. A
    rank running them out of order would meet the wrong op of its
    neighbours (wrong values or tags, or a hang).
    """
    right, left = neighbours(comm)
    status = MPI.Status()
    x = np.array([comm.rank, 1.0, -2.0 * comm.rank])
    shift = jax.jit(lambda v: mpicoll.sendrecv(v, jnp.zeros_like(v), source=left,
                                               dest=right, sendtag=1, status=status))
    exchange = jax.jit(mpicoll.alltoall)
    blocks = np.outer(np.arange(comm.size), x) + comm.rank
    results = []
    for i in range(4):
        a = shift(x + i)
        s = mpicoll.allreduce(x * (i + 1), SUM)
        b = mpicoll.sendrecv(x + 10.0 * i, x, source=left, dest=right, sendtag=2)
        c = exchange(blocks + 100 * i)
        results.append((a, s, b, c))
    results = done(results)

    xs = gather_global(comm, x)
    q = np.arange(comm.size)[:, None]
    for i, (a, s, b, c) in enumerate(results):
        np.testing.assert_array_equal(a, xs[left] + i)
        np.testing.assert_array_equal(s, xs.sum(0) * (i + 1))
        np.testing.assert_array_equal(b, xs[left] + 10.0 * i)
        np.testing.assert_array_equal(c, comm.rank * xs + q + 100 * i)   # from rank q
    assert status.Get_tag() == 1 and status.Get_source() == left


def test_nested_jit_ops_before_inside_after(comm, private):
    """Outer jit: send; inner jit twice (allreduce, send, receive); send and receive after.

    mpi4py receives mpicoll's four sends and feeds its three receives; the
    order in which the messages meet shows the order the ops ran in.
    """
    out, into = private
    right, left = neighbours(comm)
    x = np.array([comm.rank + 1.0, 10.0 * comm.rank])

    @functools.partial(jax.jit, static_argnums=1)
    def inner(v, k):
        total = mpicoll.allreduce(v * k, SUM)
        mpicoll.sendrecv(v + k, v, source=PROC_NULL, dest=right, sendtag=k, comm=out)
        got = mpicoll.sendrecv(v, jnp.zeros_like(v), source=left, dest=PROC_NULL,
                               comm=into)
        return total, got

    @jax.jit
    def outer(v):
        mpicoll.sendrecv(v, v, source=PROC_NULL, dest=right, sendtag=0, comm=out)
        t1, g1 = inner(v, 1)
        t2, g2 = inner(slow_identity(v) if comm.rank % 2 else v, 2)
        mpicoll.sendrecv(v + 3, v, source=PROC_NULL, dest=right, sendtag=3, comm=out)
        g3 = mpicoll.sendrecv(v, jnp.zeros_like(v), source=left, dest=PROC_NULL,
                              comm=into)
        return t1, t2, g1, g2, g3

    in_data = [np.array([comm.rank, k]) for k in (1.0, 2.0, 3.0)]
    in_requests = [mpicoll.private_comm(into).Isend(d, right, wire_tag(5)) for d in in_data]
    out_buffers, out_requests = post_receives(mpicoll.private_comm(out), left, 4)
    t1, t2, g1, g2, g3 = done(outer(x))
    out_tags = complete(out_requests, 4)
    MPI.Request.Waitall(in_requests)

    xs = gather_global(comm, x)
    np.testing.assert_array_equal(t1, xs.sum(0))
    np.testing.assert_array_equal(t2, 2 * xs.sum(0))
    assert out_tags == [0, 1, 2, 3]
    for k in range(4):
        np.testing.assert_array_equal(out_buffers[k], xs[left] + k, err_msg=f"send {k}")
    for k, g in enumerate((g1, g2, g3)):
        np.testing.assert_array_equal(g, [left, k + 1.0], err_msg=f"receive {k}")


def test_fast_dispatch_path_is_taken(comm):
    """The MPI scope keeps mpicoll computations on JAX's fast dispatch path.

    If this fails on a new JAX, the private hook named in
    `mpicoll/_src/jax_internals.py` changed: adapt it there.

    With JAX's runtime tokens the entry function takes and returns a
    `!stablehlo.token`; the scope creates the token inside the computation
    instead, so the entry signature has none, while the ops inside stay
    chained through it.
    """
    from mpicoll._src import jax_internals
    assert jax_internals.fast_dispatch_installed(), (
        f"jax {jax.__version__}: the fast-dispatch hook "
        f"({jax_internals.FAST_DISPATCH_HOOK!r}) is missing; see mpicoll/_src/jax_internals.py")
    x = jnp.ones(3)

    def f(x):
        a = mpicoll.allreduce(x, MPI.SUM)
        return lax.cond(a[0] > 0, lambda v: mpicoll.allreduce(v, MPI.MAX), lambda v: v, a)

    text = jax.jit(f).lower(x).as_text()
    signature = next(line for line in text.splitlines() if "func.func public @main" in line)
    assert "token" not in signature, signature
    assert "stablehlo.create_token" in text or "stablehlo.after_all" in text
    np.testing.assert_array_equal(np.asarray(jax.jit(f)(x)), np.full(3, float(comm.size)))


@pytest.mark.timeout(60)
def test_jax_debugging_modes_run_each_operation_once(comm):
    """Under `jax.disable_jit()` a jitted function runs op by op, and every
    rank still makes its MPI calls once each, in order; with
    `jax.debug_nans`, an eager allreduce whose result holds a NaN (from one
    rank's input) raises FloatingPointError naming the operation on every
    rank (they all get the NaN), after the message, so the communicator
    then works. Eager calls take a shortcut past JAX's tracing machinery
    (`jax_internals.run_at_once`); these are the modes it leaves to JAX."""
    right, left = neighbours(comm)
    x = jnp.array([1.0, comm.rank, -3.0])
    program = jax.jit(lambda v: mpicoll.allreduce(
        mpicoll.sendrecv(2 * v, v, source=left, dest=right), SUM) + v)
    with jax.disable_jit():
        ran = done(program(x))
    xs = gather_global(comm, np.asarray(x))
    np.testing.assert_array_equal(ran, 2 * xs.sum(0) + xs[comm.rank])

    poisoned = x.at[0].set(np.nan if comm.rank == comm.size - 1 else 1.0)
    with jax.debug_nans(True), pytest.raises(FloatingPointError, match="mpi_allreduce"):
        mpicoll.allreduce(poisoned, SUM)
    np.testing.assert_array_equal(done(mpicoll.allreduce(x, SUM)), xs.sum(0))
