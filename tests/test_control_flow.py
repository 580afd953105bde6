"""MPI ops inside lax control flow, checked against the serial NumPy computation.

The serial reference works on the stack of all ranks' inputs (`gather_global`)
and on values computed by hand from the rank number. All data are small
integers in float64 or int64, so every sum is exact in any order.
"""

import time

import numpy as np
import jax
import jax.numpy as jnp
import pytest
from jax import lax
from mpi4py import MPI

import mpicoll
from conftest import done, gather_global, neighbours, wire_tag

SUM = MPI.SUM
PROC_NULL = MPI.PROC_NULL


def local_data(comm, shape, seed=0):
    return np.random.default_rng(seed + 7 * comm.rank).integers(-4, 5, shape).astype(np.float64)


def test_fori_loop_ring_shift_and_allreduce(comm):
    """Per step: v <- (v of the left neighbour) + i; acc += allreduce(v * (i + 1))."""
    right, left = neighbours(comm)
    x = local_data(comm, (3,))
    steps = comm.size + 2

    def body(i, carry):
        v, acc = carry
        v = mpicoll.sendrecv(v, jnp.zeros_like(v), source=left, dest=right) + i
        return v, acc + mpicoll.allreduce(v * (i + 1), SUM)

    v, acc = done(jax.jit(lambda x: lax.fori_loop(0, steps, body, (x, jnp.zeros(3))))(x))

    vs, expected_acc = gather_global(comm, x), np.zeros(3)
    for i in range(steps):
        vs = np.roll(vs, 1, axis=0) + i      # rank r gets rank r-1's row
        expected_acc += (vs * (i + 1)).sum(0)
    np.testing.assert_array_equal(v, vs[comm.rank])
    np.testing.assert_array_equal(acc, expected_acc)


def test_scan_alltoall_and_allreduce(comm):
    """Carry X (P, 2) per rank; per step X <- alltoall(X) + t, output allreduce(X.sum(0))."""
    x = local_data(comm, (comm.size, 2), seed=1)
    ts = np.arange(4.0)

    def step(X, t):
        X = mpicoll.alltoall(X) + t
        return X, mpicoll.allreduce(X.sum(0), SUM)

    X, ys = done(jax.jit(lambda x: lax.scan(step, x, ts))(x))

    G = gather_global(comm, x)      # G[r] = rank r's X
    expected_ys = []
    for t in ts:
        G = G.transpose(1, 0, 2) + t    # rank s gets block s of every rank r
        expected_ys.append(G.sum((0, 1)))
    np.testing.assert_array_equal(X, G[comm.rank])
    np.testing.assert_array_equal(ys, np.stack(expected_ys))


def test_while_loop_data_dependent_trip_count(comm):
    """Loop until an allreduced total crosses a threshold (same trip count on all ranks)."""
    right, left = neighbours(comm)
    x = np.abs(local_data(comm, (3,), seed=2))
    threshold = 40.0 * comm.size

    def body(state):
        v, total, n = state
        v = mpicoll.sendrecv(v, jnp.zeros_like(v), source=left, dest=right) * 2 + 1
        return v, mpicoll.allreduce(v.sum(), SUM), n + 1

    @jax.jit
    def f(v):
        total = mpicoll.allreduce(v.sum(), SUM)
        return lax.while_loop(lambda s: s[1] < threshold, body, (v, total, 0))

    v, total, n = done(f(x))

    vs = gather_global(comm, x)
    expected_n = 0
    while vs.sum() < threshold:
        vs = np.roll(vs, 1, axis=0) * 2 + 1
        expected_n += 1
    assert expected_n >= 2   # the test data make the loop run several times
    assert int(n) == expected_n
    np.testing.assert_array_equal(v, vs[comm.rank])
    assert float(total) == vs.sum()


def test_cond_uniform_predicate_from_allreduce(comm):
    """Predicate = allreduced sum > 0 (the same everywhere); each branch communicates."""
    right, left = neighbours(comm)

    @jax.jit
    def f(v):
        pred = mpicoll.allreduce(v.sum(), SUM) > 0
        return lax.cond(pred,
                        lambda u: mpicoll.allreduce(u, MPI.MAX),
                        lambda u: mpicoll.alltoall(u) * 10,
                        v)

    positive = np.abs(local_data(comm, (comm.size, 2), seed=3)) + 1
    negative = -positive
    out_true, out_false = done((f(positive), f(negative)))

    P = gather_global(comm, positive)
    N = gather_global(comm, negative)
    np.testing.assert_array_equal(out_true, P.max(0))
    np.testing.assert_array_equal(out_false, N[:, comm.rank] * 10)


def _pair_partner(comm):
    """Pairs (0, 1), (2, 3), ...: (is_sender, partner or PROC_NULL)."""
    sender = comm.rank % 2 == 0
    partner = comm.rank + 1 if sender else comm.rank - 1
    return sender, partner if partner < comm.size else PROC_NULL


def test_cond_rank_dependent_predicate_send_or_receive(comm):
    """Even ranks take the sending branch, odd ranks the receiving one.

    The predicate is traced data (it comes from the rank's input), so both
    branches are compiled on every rank; only the taken one communicates.
    """
    sender, partner = _pair_partner(comm)
    x = np.array([comm.rank + 1.0, 5.0, -float(comm.rank)])
    fill = np.full(3, -7.0)

    @jax.jit
    def f(v, is_sender):
        send = lambda u: mpicoll.sendrecv(u, fill, source=PROC_NULL,
                                          dest=partner if sender else PROC_NULL)
        recv = lambda u: mpicoll.sendrecv(u, fill, source=PROC_NULL if sender else partner,
                                          dest=PROC_NULL)
        return lax.cond(is_sender, send, recv, v)

    got = done(f(x, np.array(sender)))

    xs = gather_global(comm, x)
    if sender or partner == PROC_NULL:
        np.testing.assert_array_equal(got, fill)     # nothing received
    else:
        np.testing.assert_array_equal(got, xs[partner])


def test_switch_index_from_allreduce(comm):
    """lax.switch on an allreduced index; branches: allreduce, alltoall, ring shift."""
    right, left = neighbours(comm)

    @jax.jit
    def f(v, i):
        index = mpicoll.allreduce(i, SUM) % 3
        return lax.switch(index, [
            lambda u: mpicoll.allreduce(u, SUM),
            lambda u: mpicoll.alltoall(u),
            lambda u: mpicoll.sendrecv(u, jnp.zeros_like(u), source=left, dest=right),
        ], v)

    x = local_data(comm, (comm.size, 2), seed=4)
    # rank 0 picks the branch, the others contribute 0 to the index sum
    outs = done([f(x, np.int64(k if comm.rank == 0 else 0)) for k in range(3)])

    G = gather_global(comm, x)
    np.testing.assert_array_equal(outs[0], G.sum(0))
    np.testing.assert_array_equal(outs[1], G[:, comm.rank])
    np.testing.assert_array_equal(outs[2], G[left])


@pytest.fixture(scope="module")
def private():
    """(OUT, IN): private duplicates of COMM_WORLD; OUT carries mpicoll's sends
    to mpi4py's receives, IN mpi4py's sends to mpicoll's receives."""
    out, into = MPI.COMM_WORLD.Dup(), MPI.COMM_WORLD.Dup()
    yield out, into
    into.Free()
    out.Free()


def test_cond_branch_with_unused_result_still_sends(private):
    """A send inside a cond whose output nobody uses runs when (and only when) taken.

    mpi4py posts two receives for the neighbour's messages; the jitted
    function runs once with the branch taken and once not: one message.
    """
    comm, _ = private
    right, left = neighbours(comm)
    x = np.array([comm.rank, 2.0 * comm.rank + 1])

    def send(u):
        mpicoll.sendrecv(u, u, source=PROC_NULL, dest=right, sendtag=9, comm=comm)
        return u

    @jax.jit
    def f(v, pred):
        lax.cond(pred, send, lambda u: u, v)
        return v + 1

    buffers = [np.full(2, np.nan) for _ in range(2)]
    requests = [mpicoll.private_comm(comm).Irecv(buf, left, MPI.ANY_TAG) for buf in buffers]
    results = done([f(x, True), f(x, False)])
    # wait for the first receive, then give a possible second message time to arrive
    deadline = time.monotonic() + 20
    first = False
    while not first and time.monotonic() < deadline:
        first = requests[0].Test()
        time.sleep(0.0005)
    time.sleep(0.2)
    second = requests[1].Test()
    if not second:
        requests[1].Cancel()
        requests[1].Wait()

    for out in results:
        np.testing.assert_array_equal(out, x + 1)
    assert first, "the taken branch sent nothing"
    assert not second, "the branch not taken sent a message"
    np.testing.assert_array_equal(buffers[0], [left, 2.0 * left + 1])


def test_grad_through_fori_loop_with_allreduce_matches_serial(comm):
    """Reverse mode through a loop of allreduce(SUM) matches the serial gradient.

    Per step v <- v * allreduce(v); loss = sum over ranks of sum(v). Serial:
    with S = sum_r v_r, each rank's v_r <- v_r * S.
    """
    x = (local_data(comm, (2,), seed=5) + 5) / 8   # in [1/8, 9/8]: no cancellation

    def local_loss(v):
        v = lax.fori_loop(0, 2, lambda i, u: u * mpicoll.allreduce(u, SUM), v)
        return v.sum()

    g = done(jax.jit(jax.grad(local_loss))(x))

    xs = jnp.asarray(gather_global(comm, x))

    def serial(xs):
        for _ in range(2):
            xs = xs * xs.sum(0)
        return xs.sum()

    np.testing.assert_allclose(g, np.asarray(jax.grad(serial)(xs))[comm.rank],
                               rtol=1e-12)


LOOP_DERIVATIVES = ["jit_grad", "grad", "vjp", "linearize", "fori_loop_grad",
                    "checkpoint_grad", "checkpoint_policy_grad", "linear_transpose",
                    "linear_transpose_jit", "transpose_twice", "jvp_of_vjp"]


@pytest.mark.timeout(120)
@pytest.mark.parametrize("how", LOOP_DERIVATIVES)
def test_loop_whose_carry_skips_a_collective_on_one_rank(comm, how):
    """Rank 0 ignores an allreduce's result inside a scan (its carry passes
    through unchanged), the other ranks carry it on. lax.scan makes an
    unchanged carry a loop constant, and JAX's partial evaluation hoists
    what depends only on loop constants out of the loop: rank 0 ran its
    allreduce once, the others once per step (wrong gradient on rank 0, a
    hang elsewhere); a jax.checkpoint around the scan hoisted from those
    constants when rematerialising. Every derivative against serial JAX on the gathered
    inputs: per step S = sum_r c_r, rank 0 keeps c_0, every other rank
    takes c_r = S. The loop is linear, so it is transposed too (eager and
    jitted); then an allreduce on the same communicator. Rank 0 drops the
    allreduce's result, so the transposed program has a constant there
    (docs/differentiation.md, "Results a rank ignores"): transposing it
    again, or its jvp, raises on every rank (transposing twice gave rank 1
    a wrong value before); at 1 rank they are the serial ones."""
    steps, rank = 3, comm.rank
    x = (local_data(comm, (3,), seed=11) + 5) / 8

    def body(c, _):
        y = mpicoll.allreduce(c, SUM)
        return (c if rank == 0 else y), None

    if how == "fori_loop_grad":
        final = lambda v: lax.fori_loop(0, steps, lambda i, c: body(c, None)[0], v)
    else:
        final = lambda v: lax.scan(body, v, None, length=steps)[0]
    if how.startswith("checkpoint"):       # rematerialised: JAX's other hoisting
        policy = jax.checkpoint_policies.nothing_saveable if "policy" in how else None
        final = jax.checkpoint(final, policy=policy)
    loss = lambda v: jnp.sum(jnp.sin(final(v)))

    def serial_finals(xs):
        cs = list(xs)
        for _ in range(steps):
            total = sum(cs)
            cs = [cs[0]] + [total] * (len(cs) - 1)
        return jnp.stack(cs)
    xs = jnp.asarray(gather_global(comm, x))
    ones = jnp.ones_like(xs)
    ct = (jnp.arange(3.0) + rank + 1) / 4          # this rank's cotangent
    cts = jnp.stack([(jnp.arange(3.0) + r + 1) / 4 for r in range(comm.size)])
    serial_transpose = lambda c: jax.vjp(serial_finals, xs)[1](c)[0]
    if how in ("linear_transpose", "linear_transpose_jit"):
        transpose = lambda c: jax.linear_transpose(final, x)(c)[0]
        got = (jax.jit(transpose) if how.endswith("jit") else transpose)(ct)
        want = serial_transpose(cts)[rank]
    elif how in ("transpose_twice", "jvp_of_vjp"):
        try:
            if how == "transpose_twice":
                once = lambda c: jax.linear_transpose(final, x)(c)[0]
                got = jax.block_until_ready(jax.linear_transpose(once, ct)(x)[0])
                want = serial_finals(xs)[rank]
            else:
                got = jax.jvp(lambda c: jax.vjp(final, x)[1](c)[0], (ct,), (2 * ct,))[1]
                want = serial_transpose(2 * cts)[rank]
            raised = None
        except Exception as exc:          # noqa: BLE001 (JaxRuntimeError)
            got = want = np.zeros(3)
            raised = str(exc)
        expected = "differentiated on rank(s) 1" if comm.size > 1 else None
        outcomes = comm.allgather(raised)
        assert all((o is None) if expected is None else (o is not None and expected in o)
                   for o in outcomes), outcomes
    elif how == "linearize":
        got = jax.linearize(final, x)[1](jnp.ones(3))
        want = jax.jvp(serial_finals, (xs,), (ones,))[1][rank]
    elif how == "vjp":
        got = jax.vjp(final, x)[1](jnp.cos(final(x)))[0]
        want = jax.grad(lambda xs: jnp.sum(jnp.sin(serial_finals(xs))))(xs)[rank]
    else:
        grad = jax.grad(loss) if how == "grad" else jax.jit(jax.grad(loss))
        got = grad(x)
        want = jax.grad(lambda xs: jnp.sum(jnp.sin(serial_finals(xs))))(xs)[rank]
    after = mpicoll.allreduce(x, SUM)          # the communicator works afterwards
    error = max(float(np.max(np.abs(np.asarray(got) - np.asarray(want)))),
                float(np.max(np.abs(np.asarray(after) - np.asarray(xs.sum(0))))))
    errors = comm.allgather(error)
    assert max(errors) < 1e-12, errors


def _slow_identity(x, n=8):
    """x, after a chain of matmuls it depends on (a reason to schedule it late)."""
    m = jnp.outer(jnp.arange(1.0, 33.0), jnp.arange(1.0, 33.0)) / 1e3
    v = jnp.broadcast_to(x.sum(), (32, 32))
    for _ in range(n):
        v = jnp.sin(v @ m)
    return x + 0.0 * v.sum()   # 0.0 * finite = 0 exactly: value unchanged


@pytest.mark.timeout(60)
@pytest.mark.parametrize("construct", ["scan", "cond"])
def test_program_order_inside_body(private, construct):
    """Inside a scan body / cond branch: a slow send, a fast send, a receive.

    mpi4py receives the sends (any tag) and feeds the receives; the messages
    meet in program order only if the ops run in program order.
    """
    out, into = private
    right, left = neighbours(out)
    x = np.array([out.rank, 0.0])
    steps = 3 if construct == "scan" else 1

    def body(v, i):
        mpicoll.sendrecv(_slow_identity(v.at[1].add(2 * i)), v, source=PROC_NULL, dest=right,
                         sendtag=1, comm=out)
        mpicoll.sendrecv(v.at[1].add(2 * i + 1), v, source=PROC_NULL, dest=right, sendtag=2,
                         comm=out)
        got = mpicoll.sendrecv(v, jnp.zeros_like(v), source=left, dest=PROC_NULL,
                               recvtag=MPI.ANY_TAG, comm=into)
        return v, got

    if construct == "scan":
        f = jax.jit(lambda v: lax.scan(body, v, jnp.arange(steps, dtype=jnp.float64))[1])
    else:
        f = jax.jit(lambda v: lax.cond(v[1] == 0, lambda u: body(u, 0.0)[1][None],
                                       lambda u: jnp.zeros((1, 2)), v))

    n_out = 2 * steps
    out_buffers = [np.full(2, np.nan) for _ in range(n_out)]
    out_requests = [mpicoll.private_comm(out).Irecv(buf, left, MPI.ANY_TAG)
                    for buf in out_buffers]
    in_data = [np.array([out.rank, 100.0 + k]) for k in range(steps)]
    in_requests = [mpicoll.private_comm(into).Isend(d, right, wire_tag(40 + k))
                   for k, d in enumerate(in_data)]
    got = done(f(x))
    MPI.Request.Waitall(out_requests)
    MPI.Request.Waitall(in_requests)

    for k in range(n_out):
        np.testing.assert_array_equal(out_buffers[k], [left, k], err_msg=f"send {k}")
    for k in range(steps):
        np.testing.assert_array_equal(got[k], [left, 100.0 + k], err_msg=f"receive {k}")
