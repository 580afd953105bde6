"""Nonblocking operations: a start returns an `mpicoll.Request`, `wait` its result.

``wait(istart(x))`` must give what the blocking operation gives, bit for
bit: every case is compared with NumPy on the gathered inputs and with the
blocking mpicoll operation, for every dtype family, eager and jitted, and
with a chunk limit of a few bytes (every message split, the block
collectives through strided datatypes). Integer-valued data keep every
reduction exact, so MPI's order of adding does not show.

Also: program order (blocking operations between a start and its wait,
waits in another order than the starts, posting orders that deadlock if a
start blocked, nonblocking messages paired with blocking ones); requests
carried through lax loops and across jitted calls; derivatives and vmap
(through the blocking operations' rules) against serial JAX on the gathered
arrays; the errors (a start never waited for, a double wait, a receive of
the wrong size) with the communicator working afterwards; and memory
(donated operands overwritten before the wait, a large exchange waited
after a long computation).

Rings have distinct left and right neighbours, and chains ranks in the
middle, from 3 ranks on: the module runs at 1, 2 and 3 ranks, not again at 4
(oversubscribed on CI's 2 cores, where nothing here differs from 3).
"""

import dataclasses
import os
import re
import subprocess
import sys
import time

import numpy as np
import jax
import jax.numpy as jnp
import pytest
from jax import lax
from mpi4py import MPI

import mpicoll
from mpicoll._src import _ffi
from mpicoll._src.dispatched_work import wait_for_dispatched_work
import jobs
from conftest import assert_all_equal, collective_check_grads, gather_global, rank_values

JIT = pytest.mark.parametrize("jit", [False, True], ids=["eager", "jit"])
# Errors, memory and argument handling do not depend on the rank count
# beyond 2: they run at 1 and 2 ranks, not again at 4 (oversubscribed on
# CI's 2 cores; tests/conftest.py does so for whole modules).
pytestmark = pytest.mark.skipif(MPI.COMM_WORLD.size > 3,
                                reason="rings and chains: run at 1, 2 and 3 ranks")
UP_TO_TWO_RANKS = pytest.mark.skipif(
    MPI.COMM_WORLD.size > 2, reason="independent of the rank count beyond 2: run at 1 and 2 ranks")
DTYPES = ["bool", "int8", "int32", "uint16", "float16", "bfloat16", "float32", "float64",
          "complex64"]
EAGER_DTYPES = ["bool", "int8", "bfloat16", "float64", "complex64"]
CHUNKED_DTYPES = ["bool", "int8", "bfloat16", "float64", "complex64"]
REDUCTIONS = {"SUM": MPI.SUM, "PROD": MPI.PROD, "MIN": MPI.MIN, "MAX": MPI.MAX,
              "LOR": MPI.LOR, "LAND": MPI.LAND}
SENTINEL = 99          # receive templates; rank_values never produce it
TOL = 1e-12


# ------------------------------------------------------------------ helpers

def ring(comm):
    """(left, right): receive from rank - 1, send to rank + 1 (periodic)."""
    return (comm.rank - 1) % comm.size, (comm.rank + 1) % comm.size


def chain(comm):
    """(source, dest) of a non-periodic shift by +1: PROC_NULL at the ends."""
    r, p = comm.rank, comm.size
    return (r - 1 if r > 0 else MPI.PROC_NULL), (r + 1 if r < p - 1 else MPI.PROC_NULL)


def sentinel(shape, dtype):
    return np.full(shape, SENTINEL).astype(dtype)


def call(f, jit, *args):
    return (jax.jit(f) if jit else f)(*args)


def value_of(requests):
    """Wait for `requests` in order; the one result that is not None (an
    isend's wait returns None)."""
    values = [v for v in mpicoll.waitall(list(requests)) if v is not None]
    assert len(values) == 1
    return values[0]


def follow_up(comm):
    """An allreduce and a ring sendrecv on `comm` with their expected values:
    nothing is left pending or unmatched."""
    left, right = ring(comm)
    total = mpicoll.allreduce(jnp.full(2, comm.rank + 1.0), MPI.SUM, comm=comm)
    shifted = mpicoll.sendrecv(jnp.full(3, 10.0 * comm.rank), jnp.zeros(3), left, right,
                               sendtag=3, recvtag=3, comm=comm)
    return {"follow-up allreduce": (total, np.full(2, comm.size * (comm.size + 1) / 2)),
            "follow-up sendrecv": (shifted, np.full(3, 10.0 * left))}


def assert_all_close(cases, comm):
    """As assert_all_equal, within TOL (derivatives of nonlinear programs,
    where serial JAX may evaluate in another order)."""
    failures = []
    for name, (got, want) in cases.items():
        got, want = np.asarray(got), np.asarray(want)
        if got.shape != want.shape or not np.allclose(got, want, rtol=TOL, atol=TOL):
            failures.append(f"{name}: got\n{got}\nwant\n{want}")
    failures = [f"rank {r}: {f}" for r, fs in enumerate(comm.allgather(failures)) for f in fs]
    assert not failures, "\n".join(failures)


@pytest.fixture(autouse=True)
def nothing_left_pending():
    """After every test no started operation is left without its wait."""
    yield
    assert _ffi.pending_requests() == 0


@pytest.fixture
def chunk_limit():
    """Set the chunk limit for a test; afterwards the default."""
    yield mpicoll.set_chunk_bytes
    mpicoll.set_chunk_bytes(None)


# ----------------------------------------------------- reductions, exactly

def reductions_for(dtype):
    kind = "f" if jnp.dtype(dtype) == jnp.bfloat16 else jnp.dtype(dtype).kind
    return {"b": ["LAND", "LOR"], "i": ["SUM", "PROD", "MIN", "MAX", "LOR"],
            "u": ["SUM", "PROD", "MIN", "MAX", "LOR"], "f": ["SUM", "PROD", "MIN", "MAX"],
            "c": ["SUM", "PROD"]}[kind]


def reduction_input(comm, shape, dtype, op, seed=0):
    """Values whose reduction is exact in every dtype and order: PROD of
    1..3 (+ 0..1 i), at most 81 at four ranks; SUM of 0..96, at most 384,
    exact in float32 (half precision sums there and rounds once); logical
    ops on integers with zeros among them."""
    v = rank_values(comm, shape, dtype, seed)
    if op == "PROD" and jnp.dtype(dtype) != np.bool_:
        ints = rank_values(comm, shape, "int64", seed)
        small = ints % 3 + 1 + (1j * (ints % 2) if jnp.dtype(dtype).kind == "c" else 0)
        return np.asarray(small).astype(dtype)
    if op in ("LOR", "LAND") and jnp.dtype(dtype) != np.bool_:
        return np.where(rank_values(comm, shape, "int64", seed) % 3 == 0, 0, v).astype(dtype)
    return v


def numpy_reduction(xs, op, dtype):
    """Reduce the stacked inputs over axis 0 in 64-bit, then round (or wrap)
    to `dtype` once, as mpicoll does."""
    dtype = jnp.dtype(dtype)
    if op in ("LOR", "LAND"):
        nonzero = xs != 0
        return (nonzero.any(0) if op == "LOR" else nonzero.all(0)).astype(dtype)
    kind = "f" if dtype == jnp.bfloat16 else dtype.kind
    wide = xs.astype({"i": np.int64, "u": np.int64, "f": np.float64, "c": np.complex128}[kind])
    reduce = {"SUM": np.sum, "PROD": np.prod, "MIN": np.min, "MAX": np.max}[op]
    return reduce(wide, axis=0).astype(dtype)


# ------------------------------------------------------ value cases

@dataclasses.dataclass
class Case:
    name: str
    args: tuple        # this rank's NumPy inputs
    start: object      # (*args) -> the requests to wait for, in order
    blocking: object   # (*args) -> the blocking operation's result
    expected: object   # NumPy, from the gathered inputs


def cases_for(comm, dtype, shape=(3, 4)):
    """One Case per nonblocking operation (and reduction op, and root) for `dtype`."""
    P, r = comm.size, comm.rank
    left, right = ring(comm)
    source, dest = chain(comm)
    cases = []
    for name in reductions_for(dtype):
        op = REDUCTIONS[name]
        x = reduction_input(comm, shape, dtype, name)
        cases.append(Case(f"{dtype} iallreduce {name}", (x,),
                          lambda x, op=op: [mpicoll.iallreduce(x, op)],
                          lambda x, op=op: mpicoll.allreduce(x, op),
                          numpy_reduction(gather_global(comm, x), name, dtype)))
    blocks = rank_values(comm, (P,) + shape, dtype, seed=1)
    cases.append(Case(f"{dtype} ialltoall", (blocks,), lambda x: [mpicoll.ialltoall(x)],
                      mpicoll.alltoall, gather_global(comm, blocks)[:, r]))
    x = rank_values(comm, shape, dtype, seed=2)
    xs = gather_global(comm, x)
    cases.append(Case(f"{dtype} iallgather", (x,), lambda x: [mpicoll.iallgather(x)],
                      mpicoll.allgather, xs))
    for root in sorted({0, P - 1}):
        cases.append(Case(f"{dtype} ibcast root {root}", (x,),
                          lambda x, root=root: [mpicoll.ibcast(x, root)],
                          lambda x, root=root: mpicoll.bcast(x, root), xs[root]))
    # a receive of the same size in another shape
    recv_shape = shape[::-1]
    cases.append(Case(f"{dtype} isendrecv ring", (x, sentinel(recv_shape, dtype)),
                      lambda s, t: [mpicoll.isendrecv(s, t, left, right)],
                      lambda s, t: mpicoll.sendrecv(s, t, left, right),
                      xs[left].reshape(recv_shape)))
    template = rank_values(comm, shape, dtype, seed=50)
    cases.append(Case(f"{dtype} isendrecv PROC_NULL chain", (x, template),
                      lambda s, t: [mpicoll.isendrecv(s, t, source, dest, sendtag=2, recvtag=2)],
                      lambda s, t: mpicoll.sendrecv(s, t, source, dest, sendtag=2, recvtag=2),
                      template if source == MPI.PROC_NULL else xs[source]))
    cases.append(Case(f"{dtype} irecv + isend ring", (x, sentinel(shape, dtype)),
                      lambda s, t: [mpicoll.irecv(t, left, tag=5), mpicoll.isend(s, right, tag=5)],
                      lambda s, t: mpicoll.sendrecv(s, t, left, right, sendtag=5, recvtag=5),
                      xs[left]))
    return cases


def each_in_turn(cases):
    """Every case started and waited for before the next one starts."""
    return lambda args: [value_of(c.start(*a)) for c, a in zip(cases, args)]


def all_pending(cases):
    """Every case's requests started before the first wait (all pending at
    once), then waited for in start order."""
    def f(args):
        requests = [c.start(*a) for c, a in zip(cases, args)]
        return [value_of(rs) for rs in requests]
    return f


def check_cases(comm, cases, got, blocking=True):
    """Each case against NumPy and (with `blocking`) against the blocking
    operation, jitted: its bits do not depend on eager or jit."""
    checks = {c.name: (g, c.expected) for c, g in zip(cases, got)}
    if blocking:
        ref = jax.jit(lambda args: [c.blocking(*a) for c, a in zip(cases, args)])(
            [c.args for c in cases])
        checks.update({c.name + " = blocking": (g, np.asarray(b))
                       for c, g, b in zip(cases, got, ref)})
    assert_all_equal({**checks, **follow_up(comm)}, comm=comm)


@JIT
def test_values_match_numpy_and_the_blocking_operations(comm, jit):
    # eager (every start and wait dispatched, and compiled, by itself): one
    # dtype of each family and item size; jit: every dtype, in one function
    cases = [c for d in (DTYPES if jit else EAGER_DTYPES) for c in cases_for(comm, d)]
    got = call(each_in_turn(cases), jit, [c.args for c in cases])
    check_cases(comm, cases, got)


@pytest.mark.parametrize("dtype, jit", [("int32", True), ("float16", False)],
                         ids=["int32-jit", "float16-eager"])
@UP_TO_TWO_RANKS
def test_many_requests_pending_at_once(comm, jit, dtype):
    # a dozen requests of every kind pending at once, waited for in order
    cases = cases_for(comm, dtype)
    got = call(all_pending(cases), jit, [c.args for c in cases])
    check_cases(comm, cases, got)


@pytest.mark.parametrize("limit", [8, 25])
def test_chunked_values(comm, chunk_limit, limit):
    # 8 bytes: one complex64 or float64 per message, 8 int8; 25 bytes: 3
    # float64 (11 full chunks of 35 elements and one of 2). Blocks of the
    # alltoall and allgather (35 elements) are larger than a chunk: strided
    # datatypes, one element slice of every block per call.
    chunk_limit(limit)
    cases = [c for d in CHUNKED_DTYPES for c in cases_for(comm, d, shape=(5, 7))]
    args = [c.args for c in cases]
    limits = {e.params["chunk_bytes"] for e in jax.make_jaxpr(each_in_turn(cases))(args).eqns
              if e.primitive.name.startswith("mpi_istart")}
    got = jax.jit(each_in_turn(cases))(args)
    chunk_limit(None)
    assert_all_equal({"every start traced with the limit": (np.array(sorted(limits)),
                                                           np.array([limit]))}, comm=comm)
    check_cases(comm, cases, got, blocking=False)


@UP_TO_TWO_RANKS
@JIT
@pytest.mark.parametrize("shape", [(), (0,), (2, 0)], ids=["scalar", "empty", "empty_2d"])
def test_scalars_and_empty_arrays(comm, jit, shape):
    cases = cases_for(comm, "float64", shape)
    got = call(each_in_turn(cases), jit, [c.args for c in cases])
    check_cases(comm, cases, got, blocking=False)


# ------------------------------------------------------------ program order

@JIT
def test_blocking_operations_between_start_and_wait(comm, jit):
    left, right = ring(comm)
    x = rank_values(comm, (4,), "int32")
    y = rank_values(comm, (comm.size, 3), "float64", seed=7)

    def f(x, y):
        summed = mpicoll.iallreduce(x, MPI.SUM)
        shifted = mpicoll.isendrecv(x, x, left, right, sendtag=1, recvtag=1)
        maxed = mpicoll.allreduce(y, MPI.MAX)
        back = mpicoll.sendrecv(y, y, right, left, sendtag=1, recvtag=1)   # the other way
        swapped = mpicoll.alltoall(y)
        return [mpicoll.wait(shifted), maxed, back, swapped, mpicoll.wait(summed)]

    got = call(f, jit, x, y)
    xs, ys = gather_global(comm, x), gather_global(comm, y)
    expected = [xs[left], ys.max(0), ys[right], ys[:, comm.rank], xs.sum(0, dtype=np.int32)]
    names = ["isendrecv", "allreduce MAX", "sendrecv", "alltoall", "iallreduce SUM"]
    assert_all_equal({**dict(zip(names, zip(got, expected))), **follow_up(comm)}, comm=comm)


@JIT
def test_waits_in_the_opposite_order_of_the_starts(comm, jit):
    # two collectives and two tagged messages between the same pair, each
    # waited for after the ones started later
    left, right = ring(comm)
    a = rank_values(comm, (3,), "int32")
    b = rank_values(comm, (comm.size, 2), "float32", seed=3)
    c = rank_values(comm, (5,), "float64", seed=4)
    d = rank_values(comm, (2, 2), "int8", seed=5)

    def f(a, b, c, d):
        requests = [mpicoll.iallreduce(a, MPI.SUM), mpicoll.ialltoall(b),
                    mpicoll.irecv(c, left, tag=1), mpicoll.irecv(d, left, tag=2),
                    mpicoll.isend(d, right, tag=2), mpicoll.isend(c, right, tag=1)]
        return mpicoll.waitall(requests[::-1])[::-1][:4]

    got = call(f, jit, a, b, c, d)
    expected = [gather_global(comm, a).sum(0, dtype=np.int32), gather_global(comm, b)[:, comm.rank],
                gather_global(comm, c)[left], gather_global(comm, d)[left]]
    assert_all_equal({**dict(zip(["iallreduce", "ialltoall", "irecv tag 1", "irecv tag 2"],
                                 zip(got, expected))), **follow_up(comm)}, comm=comm)


def big(rank, n):
    """float64 values that name the rank they come from."""
    return np.arange(n, dtype=np.float64) + 1e7 * rank


@JIT
@pytest.mark.parametrize("order", ["irecv_isend_wait_recv", "isend_irecv_wait_send"])
def test_ring_posting_orders_that_deadlock_if_a_start_blocked(comm, jit, order):
    # 1 MiB, above every eager limit: a start that waited for its partner
    # (a blocking receive posted first, a rendezvous send posted first)
    # would hang every rank of the ring
    left, right = ring(comm)
    n = 1 << 17
    x = big(comm.rank, n)

    def f(x):
        if order == "irecv_isend_wait_recv":
            received = mpicoll.irecv(x, left)
            sent = mpicoll.isend(x, right)
            y = mpicoll.wait(received)
            mpicoll.wait(sent)
        else:
            sent = mpicoll.isend(x, right)
            received = mpicoll.irecv(x, left)
            mpicoll.wait(sent)
            y = mpicoll.wait(received)
        return y

    got = call(f, jit, x)
    assert_all_equal({"received": (got, big(left, n)), **follow_up(comm)}, comm=comm)


@JIT
@pytest.mark.parametrize("limit", [None, 40 * 1024 + 8], ids=["one_message", "chunked"])
def test_nonblocking_messages_pair_with_blocking_ones(comm, chunk_limit, jit, limit):
    # isend received by a blocking recv, a blocking send received by irecv;
    # 1 MiB (rendezvous), unchunked or in chunks of 5121 float64 (25 full
    # chunks and a short one): both sides cut the message alike
    chunk_limit(limit)
    left, right = ring(comm)
    n = 1 << 17
    x = big(comm.rank, n)

    def f(x):
        sent = mpicoll.isend(x, right, tag=4)
        first = mpicoll.recv(jnp.zeros(n), left, tag=4)
        mpicoll.wait(sent)
        received = mpicoll.irecv(jnp.zeros(n), left, tag=6)
        mpicoll.send(x + 1, right, tag=6)
        return first, mpicoll.wait(received)

    first, second = call(f, jit, x)
    chunk_limit(None)
    assert_all_equal({"isend to recv": (first, big(left, n)),
                      "send to irecv": (second, big(left, n) + 1), **follow_up(comm)},
                     comm=comm)


@JIT
def test_blocking_and_nonblocking_ends_transpose_together(comm, jit):
    """isend received by recv, send by irecv, and isendrecv on even ranks
    paired with sendrecv on odd ones: `jax.linear_transpose` and `jax.vjp`
    send the cotangents back in messages both ends agree on (before,
    linear_transpose's blocking ends sent ordinary messages where the
    nonblocking ends expected derivative ones: a hang, or an error)."""
    left, right = ring(comm)
    x = jnp.asarray(np.arange(3.0) + 10 * comm.rank)
    ct = jnp.asarray(np.arange(3.0) * 0.5 + comm.rank + 1)

    def f(v):
        sent = mpicoll.isend(v, right, tag=4)
        a = mpicoll.recv(0 * v, left, tag=4)     # (a template that carries derivatives)
        mpicoll.wait(sent)
        received = mpicoll.irecv(0 * v, left, tag=6)
        mpicoll.send(v, right, tag=6)
        b = mpicoll.wait(received)
        c = (mpicoll.wait(mpicoll.isendrecv(v, jnp.zeros(3), left, right)) if comm.rank % 2 == 0
             else mpicoll.sendrecv(v, jnp.zeros(3), left, right))
        return 2 * v + 3 * a + 5 * b + 7 * c

    # serial: out_r = 2 x_r + 15 x_left(r), so the transpose is 2 ct_r + 15 ct_right(r)
    cts = gather_global(comm, np.asarray(ct))
    want = 2 * np.asarray(ct) + 15 * cts[right]
    transposed = call(lambda c: jax.linear_transpose(f, x)(c)[0], jit, ct)
    pulled = call(lambda c: jax.vjp(f, x)[1](c)[0], jit, ct)
    assert_all_equal({"linear_transpose": (transposed, want), "vjp": (pulled, want),
                      **follow_up(comm)}, comm=comm)


@JIT
@pytest.mark.parametrize("blocking", ["recv", "sendrecv"])
def test_blocking_receive_leaves_a_pending_send_its_answer(comm, jit, blocking):
    """A differentiated isend (isendrecv) pending while a blocking recv
    (sendrecv) from the same rank looks for its message, with the same tag:
    the answer to the pending send may arrive first, and the blocking
    operation must leave it to the request (it took it as its own: the
    request's wait then waited forever; at 2 ranks, where left and right
    are one rank). jvp and vjp, against the serial derivatives."""
    left, right = ring(comm)
    x = jnp.asarray(np.arange(3.0) + 10 * comm.rank)
    t = jnp.asarray(np.arange(3.0) * 0.5 + comm.rank + 1)

    def f(v):
        if blocking == "recv":
            request = mpicoll.isend(v ** 2, right, tag=6)
            y = mpicoll.recv(v, left, tag=6)
            mpicoll.wait(request)
            return 3 * y
        request = mpicoll.isendrecv(v ** 2, v, left, right, sendtag=6, recvtag=6)
        y = mpicoll.sendrecv(3 * v, v, left, right, sendtag=6, recvtag=6)
        return mpicoll.wait(request) + y

    # serial: the result on rank r depends on x_left(r) only
    xs, ts = gather_global(comm, np.asarray(x)), gather_global(comm, np.asarray(t))
    if blocking == "recv":
        want, want_t = 3 * xs[left] ** 2, 6 * xs[left] * ts[left]
        want_ct = 6 * np.asarray(x) * ts[right]
    else:
        want, want_t = xs[left] ** 2 + 3 * xs[left], (2 * xs[left] + 3) * ts[left]
        want_ct = (2 * np.asarray(x) + 3) * ts[right]
    y, y_t = call(lambda v, d: jax.jvp(f, (v,), (d,)), jit, x, t)
    pulled = call(lambda v, c: jax.vjp(f, v)[1](c)[0], jit, x, t)
    assert_all_equal({"value": (y, want), "jvp": (y_t, want_t), "vjp": (pulled, want_ct),
                      **follow_up(comm)}, comm=comm)


# ------------------------------------------------------------- control flow

def test_requests_carried_through_fori_loop(comm):
    # started before the loop, waited for and restarted in every iteration,
    # waited for after it: a shift that travels one rank per iteration, and
    # a sum of every rank's value reduced modulo 7
    left, right = ring(comm)
    x = rank_values(comm, (4,), "int32")
    n = 3

    @jax.jit
    def f(x):
        def body(i, requests):
            shifted, summed = requests
            y, s = mpicoll.wait(shifted), mpicoll.wait(summed)
            return (mpicoll.isendrecv(y + i, y, left, right),
                    mpicoll.iallreduce(s % 7, MPI.SUM))
        requests = (mpicoll.isendrecv(x, x, left, right), mpicoll.iallreduce(x, MPI.SUM))
        shifted, summed = lax.fori_loop(0, n, body, requests)
        return mpicoll.wait(shifted), mpicoll.wait(summed)

    shifted, summed = f(x)
    xs = gather_global(comm, x)
    expected_shift = xs[(comm.rank - n - 1) % comm.size] + sum(range(n))
    expected_sum = xs.sum(0, dtype=np.int32)
    for _ in range(n):
        expected_sum = comm.size * (expected_sum % 7)
    assert_all_equal({"isendrecv": (shifted, expected_shift),
                      "iallreduce": (summed, expected_sum), **follow_up(comm)}, comm=comm)


def test_requests_through_scan(comm):
    # the carry is the request of the previous row's allgather; every
    # iteration also starts and waits for an allreduce around its own work
    rows = rank_values(comm, (5, 3), "float64")

    @jax.jit
    def f(rows):
        def body(request, row):
            inner = mpicoll.iallreduce(row, MPI.MAX)
            work = jnp.cumsum(row * 2)
            previous = mpicoll.wait(request)
            return mpicoll.iallgather(row), (previous, mpicoll.wait(inner) + work)
        last, (gathered, maxed) = lax.scan(body, mpicoll.iallgather(rows[0]), rows[1:])
        return jnp.concatenate([gathered, mpicoll.wait(last)[None]]), maxed

    gathered, maxed = f(rows)
    all_rows = gather_global(comm, rows)                      # (P, 5, 3)
    assert_all_equal({"iallgather per row": (gathered, np.swapaxes(all_rows, 0, 1)),
                      "iallreduce in the body": (maxed, all_rows.max(0)[1:] +
                                                 np.cumsum(rows[1:] * 2, axis=1)),
                      **follow_up(comm)}, comm=comm)


def test_request_carried_through_while_loop(comm):
    # a trip count known only at run time; every iteration adds i to the
    # result and starts the next alltoall (which transposes the matrix of
    # blocks [rank, destination])
    x = rank_values(comm, (comm.size, 2), "int32")

    @jax.jit
    def f(x, count):
        def body(state):
            i, request = state
            return i + 1, mpicoll.ialltoall(mpicoll.wait(request) + i)
        _, request = lax.while_loop(lambda s: s[0] < count, body,
                                    (jnp.int32(0), mpicoll.ialltoall(x)))
        return mpicoll.wait(request)

    got = f(x, jnp.int32(4))
    blocks = np.swapaxes(gather_global(comm, x), 0, 1)    # [rank, source]: every result
    for i in range(4):
        blocks = np.swapaxes(blocks + i, 0, 1)
    assert_all_equal({"ialltoall": (got, blocks[comm.rank]), **follow_up(comm)}, comm=comm)


def test_requests_cross_jitted_calls_and_eager_code(comm):
    left, right = ring(comm)
    x = rank_values(comm, (3,), "float64")
    xs = gather_global(comm, x)
    # returned from one jitted function, waited for in another
    start = jax.jit(lambda v: (mpicoll.iallreduce(v, MPI.SUM),
                               mpicoll.isendrecv(v, v, left, right)))
    finish = jax.jit(lambda requests: [mpicoll.wait(r) for r in requests])
    requests = start(x)
    between = jax.jit(lambda v: jnp.sin(v) * 2)(x)
    jit_to_jit = finish(requests)
    # started eagerly, waited for in a jitted function
    eager_to_jit = jax.jit(mpicoll.wait)(mpicoll.iallgather(x))
    # started in a jitted function, waited for eagerly
    jit_to_eager = mpicoll.wait(jax.jit(lambda v: mpicoll.ibcast(v, comm.size - 1))(x))
    # started in a nested jitted function, waited for in the caller
    inner = jax.jit(lambda v: mpicoll.ialltoall(jnp.broadcast_to(v, (comm.size, 3))))
    nested = jax.jit(lambda v: mpicoll.wait(inner(v)) * 2)(x)
    assert_all_equal({"iallreduce jit to jit": (jit_to_jit[0], xs.sum(0)),
                      "isendrecv jit to jit": (jit_to_jit[1], xs[left]),
                      "computation in between": (between, np.asarray(jnp.sin(x) * 2)),
                      "iallgather eager to jit": (eager_to_jit, xs),
                      "ibcast jit to eager": (jit_to_eager, xs[-1]),
                      "ialltoall nested jit": (nested, xs * 2), **follow_up(comm)}, comm=comm)


def _entry_dependencies(hlo):
    """{instruction: (its text and that of the computations it calls (a
    fusion), the instructions it reads)} of the entry computation of an
    optimized HLO module's text."""
    computations, name = {}, None
    for line in hlo.splitlines():
        if line.startswith(("%", "ENTRY ")) and line.rstrip().endswith("{"):
            name = "ENTRY" if line.startswith("ENTRY") else line.split()[0]
            computations[name] = []
        elif name and line.strip() and line.strip() != "}":
            computations[name].append(line.strip())
    graph = {}
    for line in computations["ENTRY"]:
        target, rhs = line.removeprefix("ROOT ").split(" = ", 1)
        called = re.findall(r"(?:calls|to_apply)=(%[\w.-]+)", rhs)
        ops = " ".join([rhs] + [" ".join(computations.get(c, [])) for c in called])
        reads = set(re.findall(r"%[\w.-]+", rhs)) - set(called)
        graph[target] = (ops, reads)
    return graph


def _after_in(graph, later, earlier):
    """Whether instruction `later` reads, through any chain, `earlier`."""
    seen, todo = set(), [later]
    while todo:
        for read in graph[todo.pop()][1]:
            if read == earlier:
                return True
            if read not in seen and read in graph:
                seen.add(read)
                todo.append(read)
    return False


def test_computation_between_start_and_wait_runs_between_them(comm):
    """In XLA's optimized program the computation written between two
    starts and their waits (a matrix product, and an interior update of a
    stencil: slices and sums) reads values computed from the last start's
    handle (overlap.py's ties), and the first wait's handle a value computed
    from all of its results, whole: with only data dependencies kept by
    XLA:CPU's executor and its scheduler, every schedule runs it after both
    starts and before the first wait, and nothing of it again after that
    wait, where its results are read (with a tie that read one element of
    each result, XLA computed the stencil's sums after the wait, fused into
    their readers: checked). (Without the ties XLA was seen to schedule a
    product written after a start before it.)"""
    left, right = ring(comm)

    def rows(u, lo, hi):        # a 7-point stencil's update of rows lo..hi-1
        c = u[lo:hi]
        return (u[lo - 1:hi - 1] + u[lo + 1:hi + 1] + jnp.roll(c, 1, 1) + jnp.roll(c, -1, 1)
                + jnp.roll(c, 1, 2) + jnp.roll(c, -1, 2)) / 6

    def f(a, u):
        below = mpicoll.isendrecv(u[-2], u[0], left, right)
        summed = mpicoll.iallreduce(u[1], MPI.SUM)
        b = jnp.tanh(a @ a)
        interior = rows(u, 2, u.shape[0] - 2)
        u = u.at[0].set(mpicoll.wait(below))
        return (u.at[1:2].set(rows(u, 1, 2)).at[2:-2].set(interior),
                mpicoll.wait(summed), b * u[0, 0, 0])

    hlo = jax.jit(f).lower(jnp.eye(64), jnp.ones((34, 64, 64))).compile().as_text()
    graph = _entry_dependencies(hlo)
    of = lambda what: [k for k, (text, _) in graph.items() if what in text]     # noqa: E731
    starts = of('custom_call_target="mpicoll_istart')
    waits = of('custom_call_target="mpicoll_wait')
    products, tanhs = of("dot("), of("tanh(")
    sums = [k for k, (text, _) in graph.items()       # the interior's sums
            if re.search(r"= f64\[30,64,64\]\S* add\(", text)]
    assert len(starts) == 2 and len(waits) == 2 and len(products) == 1 and tanhs and sums, \
        (starts, waits, products, tanhs, sums, hlo)
    for start in starts:
        assert _after_in(graph, products[0], start), (start, hlo)
    first = [w for w in waits if not any(_after_in(graph, w, v) for v in waits)]
    assert len(first) == 1, (waits, hlo)
    for k in tanhs + sums:
        assert _after_in(graph, first[0], k), (k, hlo)


# --------------------------------------------------------------- derivatives

class Nonblocking:
    """The operations as one rank runs them: mpicoll's starts and waits."""

    def __init__(self, comm):
        self.comm, self.rank, self.size = comm, comm.rank, comm.size
        self.left, self.right = ring(comm)

    def start(self, kind, x, *args):
        if kind == "allreduce":
            return mpicoll.iallreduce(x, REDUCTIONS[args[0]], comm=self.comm)
        if kind == "alltoall":
            return mpicoll.ialltoall(x, comm=self.comm)
        if kind == "allgather":
            return mpicoll.iallgather(x, comm=self.comm)
        if kind == "bcast":
            return mpicoll.ibcast(x, args[0], comm=self.comm)
        if kind == "one-way ring":       # irecv from the left, then isend to the right
            return (mpicoll.irecv(args[0], self.left, comm=self.comm),
                    mpicoll.isend(x, self.right, comm=self.comm))
        if kind == "chain":
            return mpicoll.isendrecv(x, args[0], *chain(self.comm), comm=self.comm)
        return mpicoll.isendrecv(x, args[0], self.left, self.right, comm=self.comm)  # ring

    def wait(self, request):
        if isinstance(request, tuple):   # the one-way ring: the send first
            return value_of(reversed(request))
        return mpicoll.wait(request)


class Serial:
    """The same operations on stacked arrays (axis 0: the ranks); a start
    computes, the wait is the identity."""

    def __init__(self, size):
        self.size = size

    def start(self, kind, xs, *args):
        P = self.size
        if kind == "allreduce":
            reduce = {"SUM": jnp.sum, "MAX": jnp.max}[args[0]]
            return jnp.broadcast_to(reduce(xs, axis=0), xs.shape)
        if kind == "alltoall":
            return jnp.swapaxes(xs, 0, 1)
        if kind == "allgather":
            return jnp.broadcast_to(xs[None], (P,) + xs.shape)
        if kind == "bcast":
            return jnp.broadcast_to(xs[args[0]], xs.shape)
        if kind == "chain":              # rank 0 keeps its template
            return jnp.concatenate([args[0][:1], xs[:-1]])
        return jnp.roll(xs, 1, axis=0)                                   # the rings

    def wait(self, value):
        return value


def one(kind, *args):
    """The program that is one start and its wait."""
    return lambda ops, x: ops.wait(ops.start(kind, x, *args))


def _ring(ops, x):
    return ops.wait(ops.start("sendrecv", x, jnp.zeros_like(x)))


def _one_way_ring(ops, x):
    """irecv from the left, isend to the right, then the waits (the send's
    first): as blocking messages, in program order, every rank would receive
    first, and transposed, in reverse order, every rank would receive the
    cotangent first."""
    return ops.wait(ops.start("one-way ring", x, 0 * x))


def _chain(ops, x):
    """A shift without wrap-around: the first rank receives nothing and
    keeps its template (3 x, so its cotangent shows), the last sends nothing."""
    return ops.wait(ops.start("chain", x, 3 * x))


def _mixed(ops, x):
    """Three requests pending at once, waited for out of order, with
    computation in between; x: (P, 2)."""
    a = ops.start("alltoall", jnp.sin(x) * x)
    b = ops.start("allreduce", x * x, "SUM")
    c = ops.start("sendrecv", jnp.cos(x), jnp.zeros_like(x))
    u = jnp.tanh(x)
    s = ops.wait(b)
    t = ops.wait(c)
    g = ops.start("allgather", s * t)
    m = ops.start("allreduce", u * t, "MAX")
    return ops.wait(a) * u + jnp.sum(ops.wait(g), axis=-3) * ops.wait(m)   # over the gathered


def random_floats(comm, shape, seed):
    return np.random.default_rng([seed, comm.rank]).normal(size=shape)


def small_ints(comm, shape, seed):
    return np.random.default_rng([seed, comm.rank]).integers(-4, 5, shape).astype(np.float64)


# name: (program(ops, x), the input's shape from the rank count, input maker);
# MAX on random floats: no ties
LINEAR_PROGRAMS = {
    "iallreduce SUM": (one("allreduce", "SUM"), lambda P: (3, 2), small_ints),
    "iallreduce MAX": (one("allreduce", "MAX"), lambda P: (3, 2), random_floats),
    "ialltoall": (one("alltoall"), lambda P: (P, 2), small_ints),
    "iallgather": (one("allgather"), lambda P: (3,), small_ints),
    "ibcast root 0": (one("bcast", 0), lambda P: (4,), small_ints),
    "ibcast last root": (one("bcast", -1), lambda P: (4,), small_ints),
    "isendrecv ring": (_ring, lambda P: (4,), small_ints),
    "isendrecv chain": (_chain, lambda P: (2, 3), small_ints),
}


def _program(name, comm):
    program, shape, make = LINEAR_PROGRAMS[name]
    if name == "ibcast last root":
        program = one("bcast", comm.size - 1)
    return program, shape(comm.size), make


@pytest.mark.parametrize("name", list(LINEAR_PROGRAMS))
def test_derivatives_of_each_start_against_serial(comm, name):
    """jvp, vjp, jax.grad (eager and jitted), jax.linear_transpose of the
    tangent map (eager, jitted, twice) and jvp of vjp, against serial JAX on
    the gathered arrays, then operations on the same communicator.
    Small-integer data: bitwise (MAX passes the winner's tangent exactly)."""
    program, shape, make = _program(name, comm)
    ops, serial_ops = Nonblocking(comm), Serial(comm.size)
    x, t = make(comm, shape, 1), small_ints(comm, shape, 2)
    f = lambda v: program(ops, v)                                   # noqa: E731
    out = jax.eval_shape(f, jnp.asarray(x))
    ct = small_ints(comm, out.shape, 3)
    xs, ts, cts = (jnp.asarray(gather_global(comm, a)) for a in (x, t, ct))
    serial = lambda vs: program(serial_ops, vs)                     # noqa: E731

    y, tangent = jax.jvp(f, (jnp.asarray(x),), (jnp.asarray(t),))
    (pulled,) = jax.vjp(f, jnp.asarray(x))[1](jnp.asarray(ct))
    loss = lambda v: jnp.vdot(jnp.asarray(ct), f(v))               # noqa: E731
    grad, jitted_grad = jax.grad(loss)(jnp.asarray(x)), jax.jit(jax.grad(loss))(jnp.asarray(x))
    tangent_map = lambda u: jax.jvp(f, (jnp.asarray(x),), (u,))[1]  # noqa: E731
    spec = jax.ShapeDtypeStruct(x.shape, x.dtype)
    (eager,) = jax.linear_transpose(tangent_map, spec)(jnp.asarray(ct))
    (jitted,) = jax.jit(jax.linear_transpose(tangent_map, spec))(jnp.asarray(ct))
    (twice,) = jax.linear_transpose(jax.linear_transpose(tangent_map, spec), out)(
        (jnp.asarray(t),))
    pullback = lambda c: jax.vjp(f, jnp.asarray(x))[1](c)[0]       # noqa: E731
    _, jvp_of_vjp = jax.jvp(pullback, (jnp.asarray(ct),), (jnp.asarray(ct) * 2,))
    after = follow_up(comm)

    serial_y, serial_tangent = jax.jvp(serial, (xs,), (ts,))
    (serial_pulled,) = jax.vjp(serial, xs)[1](cts)
    (serial_pulled_2ct,) = jax.vjp(serial, xs)[1](cts * 2)
    # + 0.0: -0.0 and 0.0 alike (the sign of a zero sum depends on the order)
    mine = lambda a: np.asarray(a[comm.rank]) + 0.0                 # noqa: E731
    unsigned = lambda a: np.asarray(a) + 0.0                        # noqa: E731
    assert_all_equal({
        "value": (unsigned(y), mine(serial_y)), "jvp": (unsigned(tangent), mine(serial_tangent)),
        "vjp": (unsigned(pulled), mine(serial_pulled)),
        "grad": (unsigned(grad), mine(serial_pulled)),
        "jitted grad": (unsigned(jitted_grad), mine(serial_pulled)),
        "linear_transpose": (unsigned(eager), mine(serial_pulled)),
        "jitted linear_transpose": (unsigned(jitted), mine(serial_pulled)),
        "transposed twice": (unsigned(twice), mine(serial_tangent)),
        "jvp of vjp": (unsigned(jvp_of_vjp), mine(serial_pulled_2ct)), **after}, comm=comm)


def _nonlinear(name):
    def program(ops, x, w):
        if name == "mixed":
            return w * _mixed(ops, x)
        kind = {"iallreduce SUM": ("allreduce", "SUM"), "iallreduce MAX": ("allreduce", "MAX"),
                "ialltoall": ("alltoall",), "iallgather": ("allgather",)}.get(name)
        if name == "isendrecv ring":
            y = ops.wait(ops.start("sendrecv", x * x, jnp.cos(x)))
        elif name == "irecv, isend ring":
            y = ops.wait(ops.start("one-way ring", x * x, jnp.cos(x)))
        elif name == "ibcast":
            y = ops.wait(ops.start("bcast", jnp.sin(x) * x, ops.size - 1))
        else:
            y = ops.wait(ops.start(*kind[:1], jnp.tanh(x) * x, *kind[1:]))
        return w * jnp.sin(y)
    return program


@pytest.mark.parametrize("name", ["iallreduce SUM", "iallreduce MAX", "ialltoall", "iallgather",
                                  "ibcast", "isendrecv ring", "irecv, isend ring", "mixed"])
def test_grad_of_nonlinear_programs_against_serial(comm, name):
    """jax.grad of this rank's loss (weights differ between ranks) equals
    component `rank` of the serial gradient of the sum of all ranks' losses;
    jvp likewise. Inputs (P, 2): every operation accepts them."""
    program = _nonlinear(name)
    ops = Nonblocking(comm)
    x = random_floats(comm, (comm.size, 2), 10)
    t = random_floats(comm, (comm.size, 2), 11)
    out_shape = jax.eval_shape(lambda v: program(ops, v, 1.0), jnp.asarray(x)).shape
    w = 1.0 + comm.rank + random_floats(comm, out_shape, 12)
    loss = lambda v: jnp.sum(program(ops, v, w))                   # noqa: E731
    grad = jax.grad(loss)(jnp.asarray(x))
    jitted = jax.jit(jax.grad(loss))(jnp.asarray(x))
    _, tangent = jax.jvp(lambda v: program(ops, v, w), (jnp.asarray(x),), (jnp.asarray(t),))
    after = follow_up(comm)
    xs, ts, ws = (jnp.asarray(gather_global(comm, a)) for a in (x, t, w))
    serial = lambda vs: program(Serial(comm.size), vs, ws)                 # noqa: E731
    serial_grad = jax.grad(lambda vs: jnp.sum(serial(vs)))(xs)
    _, serial_tangent = jax.jvp(serial, (xs,), (ts,))
    assert_all_equal(after, comm=comm)
    assert_all_close({"grad": (grad, serial_grad[comm.rank]),
                      "jitted grad": (jitted, serial_grad[comm.rank]),
                      "jvp": (tangent, serial_tangent[comm.rank])}, comm)


def _carried(ops, x, w):
    """A ring shift carried through fori_loop: started before it, waited
    for and restarted on the sine of the result in every iteration."""
    def body(i, request):
        return ops.start("sendrecv", jnp.sin(ops.wait(request)), x)
    return w * ops.wait(lax.fori_loop(0, 2, body, ops.start("sendrecv", x * x, x)))


@JIT
def test_grad_through_a_loop_carrying_a_request(comm, jit):
    x, w = random_floats(comm, (3,), 20), 1.0 + comm.rank + random_floats(comm, (3,), 21)
    ops = Nonblocking(comm)
    grad = call(jax.grad(lambda v: jnp.sum(_carried(ops, v, w))), jit, jnp.asarray(x))
    after = follow_up(comm)
    xs, ws = (jnp.asarray(gather_global(comm, a)) for a in (x, w))
    serial = jax.grad(lambda vs: jnp.sum(_carried(Serial(comm.size), vs, ws)))(xs)
    assert_all_equal(after, comm=comm)
    assert_all_close({"grad": (grad, serial[comm.rank])}, comm)


def _symmetric(ops, x):
    """The same program on every rank up to relabelling (blocks indexed
    relative to the rank, a periodic ring, allreduce, an allgather rolled to
    start at this rank): check_grads' reverse mode compares local inner
    products, valid at a point that is the same on every rank."""
    r = ops.comm.rank
    a = jnp.roll(ops.wait(ops.start("alltoall", jnp.roll(jnp.sin(x), r, axis=0))), -r, axis=0)
    b = ops.start("sendrecv", a * x, x)
    c = ops.start("allreduce", jnp.cos(x) * x, "SUM")
    b, c = ops.wait(b), ops.wait(c)
    g = jnp.roll(ops.wait(ops.start("allgather", b * c)), -r, axis=0)
    weights = jnp.arange(1.0, 1.0 + ops.size)[:, None, None]
    return jnp.sin(c) * b + jnp.sum(weights * g, axis=0)


def test_check_grads_on_a_rank_symmetric_program(comm, monkeypatch):
    x = np.random.default_rng(41).normal(size=(comm.size, 2))     # the same on every rank
    ops = Nonblocking(comm)
    collective_check_grads(monkeypatch, comm, lambda v: _symmetric(ops, v), (x,), order=1,
                           modes=("fwd", "rev"))
    assert_all_equal(follow_up(comm), comm=comm)


# name: (start, blocking operation, per-example shape from P, in_axes)
VMAPPED = {
    "iallreduce SUM": (lambda x: mpicoll.iallreduce(x, MPI.SUM),
                       lambda x: mpicoll.allreduce(x, MPI.SUM), lambda P: (3,), 0),
    "iallreduce MAX axis 1": (lambda x: mpicoll.iallreduce(x, MPI.MAX),
                              lambda x: mpicoll.allreduce(x, MPI.MAX), lambda P: (3,), 1),
    "ialltoall": (mpicoll.ialltoall, mpicoll.alltoall, lambda P: (P, 3), 0),
    "ialltoall axis 1": (mpicoll.ialltoall, mpicoll.alltoall, lambda P: (P, 3), 1),
    "iallgather axis 1": (mpicoll.iallgather, mpicoll.allgather, lambda P: (3,), 1),
    "ibcast last root": (lambda x: mpicoll.ibcast(x, MPI.COMM_WORLD.size - 1),
                         lambda x: mpicoll.bcast(x, MPI.COMM_WORLD.size - 1), lambda P: (3,), 0),
}


@JIT
def test_vmap_matches_the_blocking_operations(comm, jit):
    # every case in one function (jit: one compilation); a batch of 2
    left, right = ring(comm)
    names = list(VMAPPED)
    xs = []
    for k, name in enumerate(names):
        _, _, shape, axis = VMAPPED[name]
        x = rank_values(comm, (2,) + shape(comm.size), "int32", seed=k)
        xs.append(np.moveaxis(x, 0, axis))
    template = sentinel((3,), "int32")
    ring_x = rank_values(comm, (2, 3), "int32", seed=20)
    both = rank_values(comm, (3, 2), "int32", seed=21)

    def f(xs, ring_x, both):
        nb = [jax.vmap(lambda v, s=VMAPPED[n][0]: mpicoll.wait(s(v)), in_axes=VMAPPED[n][3])(x)
              for n, x in zip(names, xs)]
        bl = [jax.vmap(VMAPPED[n][1], in_axes=VMAPPED[n][3])(x) for n, x in zip(names, xs)]
        # sendbuf batched, recvbuf not; both batched along axis 1
        nb.append(jax.vmap(lambda s: mpicoll.wait(mpicoll.isendrecv(s, template, left, right)))(
            ring_x))
        bl.append(jax.vmap(lambda s: mpicoll.sendrecv(s, template, left, right))(ring_x))
        nb.append(jax.vmap(lambda s, r: mpicoll.wait(mpicoll.isendrecv(s, r, left, right)),
                           in_axes=1)(both, both))
        bl.append(jax.vmap(lambda s, r: mpicoll.sendrecv(s, r, left, right), in_axes=1)(both,
                                                                                        both))
        return nb, bl

    nb, bl = call(f, jit, xs, ring_x, both)
    cases = {n: (a, np.asarray(b)) for n, a, b in zip(names + ["isendrecv", "isendrecv axis 1"],
                                                       nb, bl)}
    # and against NumPy where it is plain: the ring and the allreduce
    cases["isendrecv = NumPy"] = (nb[-2], gather_global(comm, ring_x)[left])
    cases["iallreduce SUM = NumPy"] = (nb[0], gather_global(comm, xs[0]).sum(0, dtype=np.int32))
    assert_all_equal({**cases, **follow_up(comm)}, comm=comm)


@JIT
def test_vmap_of_a_request_carried_through_a_loop(comm, jit):
    """A request carried through `lax.fori_loop`, whose body waits for it and
    starts the next, vmapped over axis 0 and axis 1 (a loop moves a carried
    batch axis to the front; the wait finds the message's layout all the
    same): member by member what the blocking operations give."""
    cases = {}
    for k, name in enumerate(VMAPPED):
        start, blocking, shape, _ = VMAPPED[name]
        again = (lambda y: y[0]) if name.startswith("iallgather") else (lambda y: y)

        def f(v, start=start, again=again):
            request = jax.lax.fori_loop(0, 2, lambda i, q: start(again(mpicoll.wait(q))),
                                        start(v))
            return mpicoll.wait(request)
        members = rank_values(comm, (2,) + shape(comm.size), "int32", seed=30 + k)
        want = np.stack([np.asarray(blocking(again(blocking(again(blocking(jnp.asarray(m)))))))
                         for m in members])
        for axis in (0, 1):
            got = call(lambda a, f=f, axis=axis: jax.vmap(f, in_axes=axis)(a), jit,
                       np.moveaxis(members, 0, axis))
            cases[f"{name}, batch axis {axis}"] = (got, want)
    assert_all_equal({**cases, **follow_up(comm)}, comm=comm)


# -------------------------------------------------------------------- errors

def _dropped_top_level(x):
    mpicoll.iallreduce(x, MPI.SUM)
    return x * 2


def _dropped_isend(x):
    left, right = ring(MPI.COMM_WORLD)
    mpicoll.isend(x, right)
    return mpicoll.wait(mpicoll.irecv(x, left))


def _dropped_in_loop(x):
    return lax.fori_loop(0, 2, lambda i, v: (mpicoll.iallgather(v), v + 1)[1], x)


def _dropped_in_cond(x):
    return lax.cond(x[0] > 0, lambda v: (mpicoll.ialltoall(jnp.broadcast_to(
        v, (MPI.COMM_WORLD.size, 3))), v)[1], lambda v: v, x)


def _dropped_from_inner_jit(x):
    inner = jax.jit(lambda v: mpicoll.iallreduce(v, MPI.SUM))
    inner(x)
    return x * 2


@pytest.mark.parametrize("program", [_dropped_top_level, _dropped_isend, _dropped_in_loop,
                                     _dropped_in_cond, _dropped_from_inner_jit],
                         ids=lambda f: f.__name__[1:])
@UP_TO_TWO_RANKS
def test_a_start_never_waited_for_in_jit_raises_on_every_rank(comm, program):
    x = jnp.arange(3.0) + 1
    with pytest.raises(ValueError, match="never waited for"):
        jax.jit(program)(x)
    assert_all_equal(follow_up(comm), comm=comm)


@UP_TO_TWO_RANKS
def test_waiting_twice_raises(comm):
    x = rank_values(comm, (3,), "int32")
    request = mpicoll.iallreduce(x, MPI.SUM)
    first = mpicoll.wait(request)
    with pytest.raises(ValueError, match="waited for already"):
        mpicoll.wait(request)

    def twice(v):
        r = mpicoll.ialltoall(jnp.broadcast_to(v, (comm.size, 3)))
        return mpicoll.wait(r), mpicoll.wait(r)
    with pytest.raises(ValueError, match="waited for already"):
        jax.jit(twice)(x)
    assert_all_equal({"first wait": (first, gather_global(comm, x).sum(0, dtype=np.int32)),
                      **follow_up(comm)}, comm=comm)


@UP_TO_TWO_RANKS
@pytest.mark.parametrize("second", ["eager", "jit"])
def test_a_request_no_longer_pending_raises_at_run_time(comm, second):
    # waited for in a jitted function (which takes a copy of the Request
    # pytree, so the original is not marked), then the original waited for
    # again, eagerly or by the same jitted function: the handle is unknown.
    # The handler's INVALID_ARGUMENT reaches Python as JaxRuntimeError (a
    # RuntimeError) or, from JAX's C++ dispatch of a cached call, ValueError.
    x = rank_values(comm, (3,), "int32")
    request = mpicoll.iallreduce(x, MPI.SUM)
    waiting = jax.jit(mpicoll.wait)
    first = waiting(request)
    with pytest.raises((RuntimeError, ValueError), match="not pending"):
        jax.block_until_ready((mpicoll.wait if second == "eager" else waiting)(request))
    assert_all_equal({"first wait": (first, gather_global(comm, x).sum(0, dtype=np.int32)),
                      **follow_up(comm)}, comm=comm)


@pytest.mark.parametrize("request_", [jnp.ones(3), (jnp.int32(1), jnp.ones(3)), None],
                         ids=["array", "tuple", "None"])
@UP_TO_TWO_RANKS
def test_wait_on_something_else_raises_type_error(request_):
    with pytest.raises(TypeError, match="mpicoll.Request"):
        mpicoll.wait(request_)
    with pytest.raises(TypeError, match="mpicoll.Request"):
        mpicoll.waitall([request_])


@UP_TO_TWO_RANKS
def test_waiting_for_the_tangent_of_a_request_raises(comm):
    """A Request returned from the function given to jax.jvp has a tangent
    whose pending array carries a derivative request, not values: waiting
    for it raises TypeError at once, on every rank, and the primal request
    still gives its result; nothing is left pending."""
    x = jnp.arange(4.0, dtype=jnp.float32) + comm.rank
    primal, tangent = jax.jvp(lambda v: mpicoll.iallreduce(v, MPI.SUM, comm=comm), (x,), (x,))
    with pytest.raises(TypeError, match="tangent or cotangent of a request"):
        mpicoll.wait(tangent)
    total = sum(np.arange(4.0) + r for r in range(comm.size))
    assert_all_equal({"primal": (mpicoll.wait(primal), total.astype(np.float32)),
                      **follow_up(comm)}, comm=comm)


@UP_TO_TWO_RANKS
def test_argument_errors(comm):
    P = comm.size
    x = jnp.ones((P, 3))
    with pytest.raises(ValueError, match=r"x\.shape\[0\] = %d" % (P + 1)):
        mpicoll.ialltoall(jnp.ones((P + 1, 3)))
    with pytest.raises(ValueError, match="x needs at least one axis"):
        mpicoll.ialltoall(jnp.float32(1))
    with pytest.raises(ValueError, match=f"dest={P} is not a rank"):
        mpicoll.isend(x, P)
    with pytest.raises(ValueError, match="source=-5 is not a rank"):
        mpicoll.irecv(x, -5)
    with pytest.raises(ValueError, match="source=.* is not a rank"):
        mpicoll.irecv(x, MPI.ANY_SOURCE)
    with pytest.raises(ValueError, match=f"dest={P + 2} is not a rank"):
        mpicoll.isendrecv(x, x, 0, P + 2)
    with pytest.raises(ValueError, match="tag=-3 is not a valid tag"):
        mpicoll.isend(x, 0, tag=-3)
    with pytest.raises(ValueError, match="tag=.* is not a valid tag"):
        mpicoll.irecv(x, 0, tag=mpicoll.max_tag() + 1)
    with pytest.raises(ValueError, match="recvtag=.* is not a valid tag"):
        mpicoll.isendrecv(x, x, 0, 0, recvtag=MPI.ANY_TAG)
    with pytest.raises(ValueError, match=f"root={P} is not a rank"):
        mpicoll.ibcast(x, P)
    with pytest.raises(TypeError, match="not defined for dtype"):
        mpicoll.iallreduce(jnp.ones(2, bool), MPI.SUM)
    # nothing was started: the communicator is as before
    assert_all_equal(follow_up(comm), comm=comm)


@UP_TO_TWO_RANKS
@JIT
@pytest.mark.parametrize("size", ["shorter", "longer"])
@pytest.mark.parametrize("who", ["every_rank", "rank_0"])
@pytest.mark.parametrize("limit", [None, 16, 40])
def test_receive_of_another_size_raises_and_ranks_recover(comm, chunk_limit, jit, size, who,
                                                           limit):
    """Ring: every rank sends 6 float64 to its right, and expects 6, except
    the receivers named by `who`, which expect 4 (the message is longer:
    MPI's truncation) or 8 (shorter: the count differs). Those ranks raise
    at the wait; the senders complete; then operations on the same
    communicator work. Unchunked (one message each way), and in chunks of
    2 and 5 float64, where the two sides post different numbers of chunk
    messages (an unchunked receive of 4 meets a chunked message of 6 at 5
    per chunk): the receiver drops the rest of a longer message or cancels
    the receives a shorter one leaves, so no rank waits for a chunk that
    never comes and no chunk is left for a later receive."""
    if comm.size == 1 and limit is not None and size == "longer":
        pytest.skip("known limit: a chunked message to this rank itself that is longer "
                    "than the receive leaves chunks that only the receive's wait drops, "
                    "and MPICH completes a send to itself only once it is received, so "
                    "waiting for the send first does not return")
    chunk_limit(limit)
    left, right = ring(comm)
    wrong = who == "every_rank" or comm.rank == 0
    expected_n = (4 if size == "longer" else 8) if wrong else 6

    def f(x, like):
        received = mpicoll.irecv(like, left)
        sent = mpicoll.isend(x, right)
        mpicoll.wait(sent)
        return mpicoll.wait(received)

    error = None
    try:
        got = np.asarray(jax.block_until_ready(call(f, jit, big(comm.rank, 6),
                                                    np.zeros(expected_n))))
    except Exception as exc:                  # noqa: BLE001 (XLA's runtime error)
        error = f"{type(exc).__name__}: {exc}"
    after = follow_up(comm)
    comm.Barrier()
    failures = []
    if wrong:
        # a longer message: MPI's truncation, or the count check after it
        patterns = ["another size"] + (["truncat"] if size == "longer" else [])
        if error is None or not any(p in error.lower() for p in patterns):
            failures.append(f"expected an error saying one of {patterns}, got {error!r}")
    elif error is not None:
        failures.append(f"unexpected error: {error}")
    elif not np.array_equal(got, big(left, 6)):
        failures.append(f"received {got}, expected {big(left, 6)}")
    failures = [f"rank {r}: {f}" for r, fs in enumerate(comm.allgather(failures)) for f in fs]
    assert not failures, "\n".join(failures)
    assert_all_equal(after, comm=comm)


# -------------------------------------------------------------------- memory

@UP_TO_TWO_RANKS
@pytest.mark.filterwarnings("ignore:Some donated buffers were not usable")
@pytest.mark.parametrize("wait_in", ["eager", "jit"])
def test_donated_operands_overwritten_before_the_wait(comm, wait_in):
    # the start's operands are donated; XLA may reuse their memory at once,
    # which the arrays made before the wait are likely to get
    left, right = ring(comm)
    P, n = comm.size, 4096
    ins = [big(comm.rank, n), big(comm.rank, P * n).reshape(P, n) + 0.5, big(comm.rank, n) + 0.25,
           big(comm.rank, n) + 0.75, big(comm.rank, n) + 0.125]
    start = jax.jit(lambda a, b, c, d, e: (
        mpicoll.iallreduce(a, MPI.SUM), mpicoll.ialltoall(b), mpicoll.iallgather(c),
        mpicoll.ibcast(d, P - 1), mpicoll.isendrecv(e, e, left, right)),
        donate_argnums=(0, 1, 2, 3, 4))
    operands = [jnp.asarray(a) for a in ins]
    requests = start(*operands)
    deleted = np.array([a.is_deleted() for a in operands])
    junk = [jax.jit(lambda v: jnp.full_like(v, -1.0) * v)(jnp.ones(a.shape)) for a in ins]
    junk += [jnp.full(a.shape, -2.0) for a in ins]
    jax.block_until_ready(junk)
    waits = (lambda rs: [mpicoll.wait(r) for r in rs])
    got = (jax.jit(waits) if wait_in == "jit" else waits)(requests)
    gathered = [gather_global(comm, a) for a in ins]
    expected = [gathered[0].sum(0), gathered[1][:, comm.rank], gathered[2], gathered[3][P - 1],
                gathered[4][left]]
    names = ["iallreduce", "ialltoall", "iallgather", "ibcast", "isendrecv"]
    # XLA takes the donation of some operands (which ones is its choice):
    # without any, this test would not test what it is for
    assert_all_equal({**dict(zip(names, zip(got, expected))),
                      "some operand donated": (deleted.any(), np.True_), **follow_up(comm)},
                     comm=comm)


@UP_TO_TWO_RANKS
def test_operand_updated_in_place_after_the_start(comm):
    # inside one jitted function with the operand donated: XLA may write the
    # update into the operand's memory while the messages travel
    left, right = ring(comm)
    n = 1 << 16
    x = big(comm.rank, n)

    def f(x):
        sent = mpicoll.isendrecv(x, x, left, right)
        summed = mpicoll.iallreduce(x, MPI.SUM)
        x = x.at[:].set(-3.0)
        return mpicoll.wait(sent), mpicoll.wait(summed), x

    shifted, summed, updated = jax.jit(f, donate_argnums=0)(jnp.asarray(x))
    xs = gather_global(comm, x)
    assert_all_equal({"isendrecv": (shifted, xs[left]), "iallreduce": (summed, xs.sum(0)),
                      "update": (updated, np.full(n, -3.0)), **follow_up(comm)}, comm=comm)


@UP_TO_TWO_RANKS
@JIT
def test_large_exchange_waited_for_after_a_long_computation(comm, jit):
    # 4 MiB each way around the ring (well above the eager limit: the data
    # moves while the computation runs if the progress thread works, at the
    # wait otherwise); the progress interval is the default
    left, right = ring(comm)
    n = 1 << 19
    x = big(comm.rank, n)
    m = jnp.asarray(np.random.default_rng(0).normal(size=(128, 128)) / 16)

    def compute(a):
        return lax.fori_loop(0, 200, lambda i, a: jnp.tanh(a @ m), a)

    def f(x, a):
        request = mpicoll.isendrecv(x, jnp.zeros(n), left, right)
        b = compute(a)
        return mpicoll.wait(request), b

    a = jnp.eye(128)
    got, b = call(f, jit, x, a)
    reference = jax.jit(compute)(a)
    assert_all_equal({"received": (got, big(left, n)), **follow_up(comm)}, comm=comm)
    assert_all_close({"the computation": (b, reference)}, comm)


LEFT_SENDS_JOB = os.path.join(os.path.dirname(os.path.abspath(__file__)), "left_sends_job.py")


@pytest.mark.skipif(MPI.COMM_WORLD.size != 2, reason="one message between two ranks: 2 ranks")
@JIT
def test_a_wait_returns_before_its_partner_receives(comm, jit):
    # Rank 0 sends 8 MiB (above every eager limit: the send completes only
    # when rank 1 receives) and waits; only then does it tell rank 1, on
    # another communicator, to receive. A wait that waited for its sends
    # would wait for rank 1, which waits for the word: rank 1 breaks that
    # after 30 s by receiving anyway, and fails.
    control = comm.Dup()
    n = 1 << 20
    failures = []
    if comm.rank == 0:
        call(lambda x: mpicoll.wait(mpicoll.isend(x, 1, tag=11, comm=comm)), jit, big(0, n))
        wait_for_dispatched_work()          # the jitted wait has returned
        in_flight = _ffi.test_left_sends()
        control.send("receive now", dest=1, tag=1)
        deadline = time.monotonic() + 30
        while _ffi.test_left_sends() and time.monotonic() < deadline:
            time.sleep(0.001)
        if _ffi.test_left_sends():
            failures.append(f"its send was not complete 30 s after rank 1 received "
                            f"(in flight after the wait: {in_flight})")
    else:
        deadline = time.monotonic() + 30
        while not control.Iprobe(source=0, tag=1) and time.monotonic() < deadline:
            time.sleep(0.001)
        if control.Iprobe(source=0, tag=1):
            control.recv(source=0, tag=1)
        else:
            failures.append("rank 0's wait did not return before this rank received")
        got = mpicoll.recv(jnp.zeros(n), 0, tag=11, comm=comm)
        if not np.array_equal(np.asarray(got), big(0, n)):
            failures.append("received other data than rank 0 sent")
    control.Free()
    failures = [f"rank {r}: {f}" for r, fs in enumerate(comm.allgather(failures)) for f in fs]
    assert not failures, "\n".join(failures)
    assert_all_equal(follow_up(comm), comm=comm)


@pytest.mark.skipif(MPI.COMM_WORLD.size != 2, reason="messages between two ranks: 2 ranks")
@JIT
@pytest.mark.parametrize("receives", ["one", "two_alike"])
def test_a_late_message_is_received_into_the_result(comm, jit, receives):
    # Rank 0 waits before rank 1 has sent (rank 1 sends when told to, on
    # another communicator): the wait receives straight into its result.
    # With two receives pending from the same source and tag it must not
    # (MPI matches receives in the order they were posted; receiving anew
    # would give the first message to the second receive): each gets its
    # own message all the same (the second wait, alone then, may receive
    # into its result if its message has not come yet).
    control = comm.Dup()
    n = 1 << 18                     # 2 MiB of float64: above the direct path's minimum
    count = 1 if receives == "one" else 2
    failures = []
    for late in (False, True):      # the first round compiles, the second is timed
        if comm.rank == 0:
            before = _ffi.receives_into_results()

            def f(template):
                requests = [mpicoll.irecv(template, 1, tag=12, comm=comm) for _ in range(count)]
                return mpicoll.waitall(requests)

            control.send("send now", dest=1, tag=2)
            got = call(f, jit, jnp.zeros(n))
            for k, g in enumerate(got):
                if not np.array_equal(np.asarray(g), big(k + 1, n)):
                    failures.append(f"receive {k} got other data than message {k}")
            direct = _ffi.receives_into_results() - before
            if late and count == 1 and direct != 1:
                failures.append(f"{direct} waits received into their result, expected 1")
        else:
            control.recv(source=0, tag=2)
            if late:
                time.sleep(0.5)     # rank 0 is in its wait by now
            for k in range(count):
                mpicoll.send(big(k + 1, n), 0, tag=12, comm=comm)
    control.Free()
    failures = [f"rank {r}: {f}" for r, fs in enumerate(comm.allgather(failures)) for f in fs]
    assert not failures, "\n".join(failures)
    assert_all_equal(follow_up(comm), comm=comm)


@pytest.mark.skipif(MPI.COMM_WORLD.size > 1, reason="starts an MPI job of its own: at 1 rank")
def test_sends_a_wait_left_in_flight_complete_at_exit():
    # tests/left_sends_job.py: rank 0 isends 8 MiB, waits and ends its
    # program at once; rank 1 receives 2 s later. Rank 0's exit hook must
    # complete the send before MPI is finalised.
    command = jobs.launcher() + ["-n", "2", sys.executable, LEFT_SENDS_JOB]
    done = subprocess.run(command, env=jobs.devices_environment(1), capture_output=True,
                          text=True, timeout=120)
    output = done.stdout + done.stderr
    assert done.returncode == 0, output
    assert "rank 1: received what rank 0 sent" in output, output
    assert "rank 0: its wait returned with the send in flight" in output, output
    assert "rank 0: sends in flight after mpicoll's exit hook: 0" in output, output


# ------------------------------------------------ derivatives of isend and irecv

def test_isend_and_irecv_derivatives_in_an_order_that_needs_nonblocking_messages(comm):
    """Every rank posts irecv from the left, then isend to the right, and
    waits for the send first. As blocking messages in program order (a JVP)
    or in reverse order (a transpose) every rank would receive first and
    wait forever; the derivative messages are nonblocking too. jvp, vjp,
    grad (eager and jitted), linear_transpose (eager and jitted) against
    serial JAX; then a backward pass transformed again (transposed twice,
    jvp of a vjp, vmap of grad) raises NotImplementedError naming isendrecv
    on every rank, as blocking send/recv do, and the communicator works."""
    ops = Nonblocking(comm)
    x, t = small_ints(comm, (4,), 40), small_ints(comm, (4,), 41)
    ct = small_ints(comm, (4,), 42)
    f = lambda v: _one_way_ring(ops, v)                              # noqa: E731
    xs, ts, cts = (jnp.asarray(gather_global(comm, a)) for a in (x, t, ct))
    _, tangent = jax.jvp(f, (jnp.asarray(x),), (jnp.asarray(t),))
    (pulled,) = jax.vjp(f, jnp.asarray(x))[1](jnp.asarray(ct))
    loss = lambda v: jnp.vdot(jnp.asarray(ct), f(v))               # noqa: E731
    tangent_map = lambda u: jax.jvp(f, (jnp.asarray(x),), (u,))[1]  # noqa: E731
    spec = jax.ShapeDtypeStruct(x.shape, x.dtype)
    cases = {"jvp": (tangent, np.roll(ts, 1, axis=0)[comm.rank]),
             "vjp": (pulled, np.roll(cts, -1, axis=0)[comm.rank]),
             "grad": (jax.grad(loss)(jnp.asarray(x)), np.roll(cts, -1, axis=0)[comm.rank]),
             "jitted grad": (jax.jit(jax.grad(loss))(jnp.asarray(x)),
                             np.roll(cts, -1, axis=0)[comm.rank]),
             "linear_transpose": (jax.linear_transpose(tangent_map, spec)(jnp.asarray(ct))[0],
                                  np.roll(cts, -1, axis=0)[comm.rank]),
             "jitted linear_transpose": (
                 jax.jit(jax.linear_transpose(tangent_map, spec))(jnp.asarray(ct))[0],
                 np.roll(cts, -1, axis=0)[comm.rank])}
    out = jax.eval_shape(f, jnp.asarray(x))
    pullback = lambda c: jax.vjp(f, jnp.asarray(x))[1](c)[0]       # noqa: E731
    again = {
        "transposed twice": lambda: jax.linear_transpose(
            jax.linear_transpose(tangent_map, spec), out)((jnp.asarray(t),)),
        "jvp of vjp": lambda: jax.jvp(pullback, (jnp.asarray(ct),), (jnp.asarray(ct),)),
        "vmap of grad": lambda: jax.vmap(jax.grad(loss))(jnp.stack([jnp.asarray(x)] * 2))}
    problems = []
    for name, transform in again.items():
        try:
            transform()
            problems.append(f"{name} did not raise")
        except NotImplementedError as exc:
            if "isendrecv" not in str(exc):
                problems.append(f"{name}: the message does not name isendrecv: {exc}")
    after = follow_up(comm)
    problems = [f"rank {r}: {p}" for r, ps in enumerate(comm.allgather(problems)) for p in ps]
    assert not problems, "\n".join(problems)
    assert_all_equal({**cases, **after}, comm=comm)


# ------------------------------------------- transposes with constant templates

def test_isendrecv_transpose_with_a_constant_template(comm):
    """linear_transpose of an isendrecv whose receive template is a constant
    (not linear): the transpose sends the cotangent back, as sendrecv's."""
    left, right = ring(comm)
    x = jnp.arange(3.0) + comm.rank
    ct = jnp.arange(3.0) * 10 + comm.rank

    def nonblocking(v):
        return mpicoll.wait(mpicoll.isendrecv(v, jnp.zeros(3), left, right))

    def blocking(v):
        return mpicoll.sendrecv(v, jnp.zeros(3), left, right)

    got = jax.linear_transpose(nonblocking, x)(ct)[0]
    want = jax.linear_transpose(blocking, x)(ct)[0]
    jitted = jax.jit(jax.linear_transpose(nonblocking, x))(ct)[0]
    # the cotangent goes back to the rank the value came from (left), so this
    # rank gets its right neighbour's
    expected = (np.arange(3.0) * 10 + right).astype(np.asarray(ct).dtype)
    assert_all_equal({"eager": (got, expected), "jit": (jitted, expected),
                      "blocking": (want, expected)}, comm=comm)


# ------------------------------------------------ nonblocking derivatives

def _primitives(jaxpr):
    """Names of the MPI primitives in a jaxpr, nested jaxprs included, but
    not the ranks' check that they agree on differentiating
    (`mpi_derivatives_agree`, docs/differentiation.md)."""
    names = []
    for eqn in jaxpr.eqns:
        if eqn.primitive.name.startswith("mpi_") and eqn.primitive.name != "mpi_derivatives_agree":
            names.append(eqn.primitive.name)
        for value in eqn.params.values():
            for item in value if isinstance(value, (tuple, list)) else (value,):
                sub = getattr(item, "jaxpr", item)
                if hasattr(sub, "eqns"):
                    names += _primitives(sub)
    return names


# name: (the start on v, whether its derivative messages are nonblocking)
DERIVATIVE_PATHS = {
    "iallreduce SUM": (lambda v, c: mpicoll.iallreduce(v, MPI.SUM, comm=c), True),
    "ialltoall": (lambda v, c: mpicoll.ialltoall(jnp.tile(v, (c.size, 1)), comm=c), True),
    "iallgather": (lambda v, c: mpicoll.iallgather(v, comm=c), True),
    "ibcast": (lambda v, c: mpicoll.ibcast(v, c.size - 1, comm=c), True),
    "isendrecv ring": (lambda v, c: mpicoll.isendrecv(v, v, *ring(c), comm=c), True),
    # blocking derivatives: a reduction other than SUM
    "iallreduce MAX": (lambda v, c: mpicoll.iallreduce(v, MPI.MAX, comm=c), False),
}


@pytest.mark.parametrize("name", list(DERIVATIVE_PATHS))
def test_which_derivative_messages_are_nonblocking(comm, name):
    """The JVP of a start posts a derivative request that its wait
    completes, and grad's backward pass posts the transposed operation at
    the wait and completes it at the start: no blocking MPI operation in
    either program. A reduction other than SUM keeps its blocking
    operation's derivatives. Gradients against the blocking operation's."""
    start, nonblocking = DERIVATIVE_PATHS[name]
    x = jnp.asarray(random_floats(comm, (4,), 30))
    f = lambda v: jnp.sum(jnp.sin(mpicoll.wait(start(v, comm))) ** 2)      # noqa: E731
    kinds = {"jvp": _primitives(jax.make_jaxpr(lambda v: jax.jvp(f, (v,), (v,)))(x).jaxpr),
             "grad": _primitives(jax.make_jaxpr(jax.grad(f))(x).jaxpr)}
    problems = []
    for what, names in kinds.items():
        embedded = [n for n in names if "_embedded" in n]
        blocking = [n for n in names if not n.startswith(("mpi_istart", "mpi_wait"))]
        if nonblocking and (blocking or len(embedded) != 2):
            problems.append(f"{what}: {names}")
        if not nonblocking and (embedded or not blocking):
            problems.append(f"{what} should use blocking derivatives: {names}")
    blocking_f = lambda v: jnp.sum(jnp.sin(_blocking_of(name, v, comm)) ** 2)  # noqa: E731
    cases = {"grad": (jax.grad(f)(x), jax.grad(blocking_f)(x)),
             "jitted grad": (jax.jit(jax.grad(f))(x), jax.grad(blocking_f)(x))}
    after = follow_up(comm)
    problems = [f"rank {r}: {p}" for r, ps in enumerate(comm.allgather(problems)) for p in ps]
    assert not problems, problems
    assert_all_close(cases, comm)
    assert_all_equal(after, comm=comm)


def _blocking_of(name, v, c):
    return {"iallreduce SUM": lambda: mpicoll.allreduce(v, MPI.SUM, comm=c),
            "ialltoall": lambda: mpicoll.alltoall(jnp.tile(v, (c.size, 1)), comm=c),
            "iallgather": lambda: mpicoll.allgather(v, comm=c),
            "ibcast": lambda: mpicoll.bcast(v, c.size - 1, comm=c),
            "iallreduce MAX": lambda: mpicoll.allreduce(v, MPI.MAX, comm=c),
            "isendrecv ring": lambda: mpicoll.sendrecv(v, v, *ring(c), comm=c)}[name]()


@pytest.mark.parametrize("name", ["ialltoall", "iallgather", "ibcast"])
def test_vmap_of_grad_with_derivative_requests(comm, name):
    """vmap of grad (the derivative requests batched: alltoall's batch axis
    lies after its blocks, allgather's after the rank axis) equals the grads
    of the blocking operation, example by example."""
    start, _ = DERIVATIVE_PATHS[name]
    xs = jnp.asarray(random_floats(comm, (3, 4), 31))
    f = lambda v: jnp.sum(jnp.sin(mpicoll.wait(start(v, comm))) ** 2)      # noqa: E731
    batched = jax.vmap(jax.grad(f))(xs)
    jitted = jax.jit(jax.vmap(jax.grad(f)))(xs)
    blocking_f = lambda v: jnp.sum(jnp.sin(_blocking_of(name, v, comm)) ** 2)  # noqa: E731
    one_by_one = jnp.stack([jax.grad(blocking_f)(v) for v in xs])
    assert_all_close({"vmap of grad": (batched, one_by_one),
                      "jitted": (jitted, one_by_one)}, comm)
    assert_all_equal(follow_up(comm), comm=comm)


def test_custom_linear_solve_with_nonblocking_operations(comm):
    """lax.custom_linear_solve of A = I + C * (sum over ranks), whose matvec
    and exact solve (A^-1 = I - C / (1 + C P) * (sum over ranks)) each wait
    for an iallreduce. Not declared symmetric: its transpose_solve is
    jax.linear_transpose of the solve, so the gradient transposes the
    nonblocking operations (the wait posts the transposed allreduce, the
    start completes it). Against serial JAX on the gathered arrays."""
    C, P = 0.25, comm.size
    b = jnp.asarray(random_floats(comm, (3,), 32))
    w = jnp.asarray(1.0 + comm.rank + random_floats(comm, (3,), 33))
    total = lambda v: mpicoll.wait(mpicoll.iallreduce(v, MPI.SUM, comm=comm))  # noqa: E731
    matvec = lambda v: v + C * total(v)                                       # noqa: E731
    solve = lambda _, v: v - C / (1 + C * P) * total(v)                      # noqa: E731

    def transpose_solve(_, v):
        return jax.linear_transpose(lambda u: solve(None, u), v)(v)[0]

    def loss(rhs):
        x = lax.custom_linear_solve(matvec, rhs, solve, transpose_solve)
        return jnp.sum(w * x ** 2)

    grad = jax.grad(loss)(b)
    jitted = jax.jit(jax.grad(loss))(b)
    transposes = _primitives(jax.make_jaxpr(jax.grad(loss))(b).jaxpr)
    bs, ws = (jnp.asarray(gather_global(comm, a)) for a in (b, w))

    def serial_loss(rhs):
        matrix = jnp.eye(rhs.size) + C * jnp.kron(jnp.ones((P, P)), jnp.eye(rhs.shape[1]))
        x = jnp.linalg.solve(matrix, rhs.ravel()).reshape(rhs.shape)
        return jnp.sum(ws * x ** 2)

    serial = jax.grad(serial_loss)(bs)[comm.rank]
    after = follow_up(comm)
    assert_all_close({"grad": (grad, serial), "jitted grad": (jitted, serial)}, comm)
    assert_all_equal({"derivative requests in the gradient": (
        np.array("mpi_istart_embedded" in transposes), np.array(True)), **after}, comm=comm)
