"""Chunking of large messages, exercised with tiny chunk limits on small arrays.

Every primitive splits a message larger than the chunk limit into several MPI
calls (docs/design.md §2, "Large messages"). With a limit of a few bytes to a
few KiB (odd sizes, sizes that do not divide the message, exactly one element)
the results must be bitwise those of the default (unchunked) limit and equal to
NumPy references on the gathered inputs. Data are integers or exactly
representable values, so every reduction order gives the same bits.

Chunking itself is made visible in `test_sendrecv_chunks_on_the_wire` and
`test_limit_change_on_the_wire`: there a plain mpi4py receiver counts the MPI
messages that a chunked sendrecv sends.

When a new limit takes effect (observed with jax 0.10.2, see
`test_cached_jit_keeps_its_limit` and `test_limit_change_on_the_wire`): the
limit is a parameter of the primitive (``chunk_bytes``), read when an op is
traced. Eager calls use a new limit at once. A function that JAX has already
traced for the same argument shapes keeps the limit it was traced with: JAX's
trace cache is keyed on the Python function (not on the ``jax.jit`` wrapper),
so calling the cached jit, wrapping the same function in a new ``jax.jit``,
``.lower()``, ``.trace()`` and ``jax.make_jaxpr`` all reuse the old trace. A
retrace happens for new shapes/dtypes, after ``f.clear_cache()`` or
``jax.clear_caches()``, or for a new function object. Since the limit is read
per op, one jitted function may hold ops traced with different limits; the
jit variants of the tests below use that (`run_limits`) and check in the
jaxpr that every op got the limit it was meant to.
"""

import contextlib

import numpy as np
import jax
import jax.numpy as jnp
import pytest
from mpi4py import MPI

import mpicoll
from conftest import gather_global, wire_tag

DTYPES = ["bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32",
          "uint64", "float16", "bfloat16", "float32", "float64", "complex64",
          "complex128"]
MODES = pytest.mark.parametrize("jit", [False, True], ids=["eager", "jit"])
ENV = "MPICOLL_CHUNK_BYTES"
DEFAULT = 2**31 - 1


# ---------------------------------------------------------------------------
# helpers
# ---------------------------------------------------------------------------

@pytest.fixture(autouse=True)
def clean_limit(monkeypatch):
    """Every test starts and ends with no Python setting and no env variable."""
    monkeypatch.delenv(ENV, raising=False)
    mpicoll.set_chunk_bytes(None)
    yield
    mpicoll.set_chunk_bytes(None)


@contextlib.contextmanager
def chunk_limit(nbytes):
    mpicoll.set_chunk_bytes(nbytes)
    try:
        yield
    finally:
        mpicoll.set_chunk_bytes(None)


def itemsize(dtype):
    return jnp.dtype(dtype).itemsize


def cases(dtype):
    """(limit in bytes, shape) pairs: one element per chunk (35 chunks), an
    odd limit that is not a multiple of the item size (3 elements: 11 full
    chunks and 2 left), and odd limits of about 1 and 4 KiB on 1041 elements
    (for 1-byte types: 1023 + 18, and one message; for 16-byte types: 16 x 63
    + 33 and 4 x 256 + 17)."""
    isz = itemsize(dtype)
    return [(isz, (5, 7)), (3 * isz + 1, (5, 7)), (1023, (3, 347)), (4099, (3, 347))]


def rank_data(comm, shape, dtype, seed=0, low=0, high=100, rank=None):
    """Rank-dependent, exactly representable data (also in float16/bfloat16)."""
    rank = comm.rank if rank is None else rank
    rng = np.random.default_rng([seed, rank])
    dtype = jnp.dtype(dtype)
    if dtype == np.bool_:
        return rng.integers(0, 2, shape).astype(bool)
    if dtype.kind == "c":
        return (rng.integers(-3, 4, shape) + 1j * rng.integers(-3, 4, shape)).astype(dtype)
    return rng.integers(low, high, shape).astype(dtype)


def bits(a):
    a = np.ascontiguousarray(np.asarray(a))
    return a.dtype, a.shape, a.reshape(-1).view(np.uint8)


def assert_same_bits(actual, expected):
    (da, sa, ba), (de, se, be) = bits(actual), bits(expected)
    assert (da, sa) == (de, se), f"{da}{sa} != {de}{se}"
    np.testing.assert_array_equal(ba, be)


def run(fn, jit, *args):
    """Call `fn` eagerly or through jax.jit (traced now: `fn` must be a new object)."""
    return (jax.jit(fn) if jit else fn)(*args)


def run_limits(jit, calls):
    """[fn(*args) traced with chunk limit `limit` for (limit, fn, args) in calls].

    Eager: one call per entry. Jit: all entries in ONE jitted function (a
    fresh closure, so it is traced now), the limit being set while each op is
    traced; the jaxpr is checked to carry every limit that was set.
    """
    if not jit:
        results = []
        for limit, fn, args in calls:
            with chunk_limit(limit):
                results.append(fn(*args))
        return results

    def traced(all_args):
        results = []
        for (limit, fn, _), args in zip(calls, all_args):
            with chunk_limit(limit):
                results.append(fn(*args))
        return results
    all_args = [args for _, _, args in calls]
    staged = jax.jit(traced).trace(all_args)
    jaxpr = str(staged.jaxpr)
    for limit, _, _ in calls:
        assert f"chunk_bytes={DEFAULT if limit is None else limit}" in jaxpr
    return staged.lower().compile()(all_args)


def expected_messages(nelem, chunk_elements):
    """Element counts of the MPI messages one chunked send consists of."""
    if nelem < chunk_elements:
        return [nelem]
    full, rest = divmod(nelem, chunk_elements)
    return [chunk_elements] * full + [rest]


def receive_raw(comm, source, tag, limit):
    """Receive a chunked message that mpicoll sent on `comm` with plain mpi4py
    (on mpicoll's private duplicate); return the message sizes in bytes."""
    comm = mpicoll.private_comm(comm)
    tag = wire_tag(tag)
    sizes, parts = [], []
    while True:
        status = MPI.Status()
        comm.Probe(source, tag, status)
        n = status.Get_count(MPI.BYTE)
        buf = np.empty(n, np.uint8)
        comm.Recv(buf, source, tag)
        sizes.append(n)
        parts.append(buf)
        if n < limit or len(sizes) > 10_000:
            return sizes, np.concatenate(parts)


# ---------------------------------------------------------------------------
# the limit: default, settings, errors
# ---------------------------------------------------------------------------

def test_default_limit():
    """2**31 - 1 bytes: no message over 2 GiB - 1 and (item size >= 1) no
    count over INT_MAX."""
    assert mpicoll.get_chunk_bytes() == DEFAULT == np.iinfo(np.int32).max


def test_env_and_python_setting(monkeypatch):
    monkeypatch.setenv(ENV, " 4096 ")
    assert mpicoll.get_chunk_bytes() == 4096
    mpicoll.set_chunk_bytes(12)
    assert mpicoll.get_chunk_bytes() == 12           # the Python setting wins
    mpicoll.set_chunk_bytes(None)
    assert mpicoll.get_chunk_bytes() == 4096         # back to the env variable
    monkeypatch.setenv(ENV, "")
    assert mpicoll.get_chunk_bytes() == DEFAULT      # empty: the default


@pytest.mark.parametrize("value", [0, -1, -4096, "abc", "", "1.5", 1.5, float("nan"),
                                   float("inf"), True, [8]], ids=repr)
def test_set_chunk_bytes_rejects(value):
    expected = TypeError if isinstance(value, bool) else ValueError
    with pytest.raises(expected, match="chunk_bytes"):
        mpicoll.set_chunk_bytes(value)
    assert mpicoll.get_chunk_bytes() == DEFAULT      # unchanged


@pytest.mark.parametrize("value", ["12", " 12 ", 12.0, np.int64(12)], ids=repr)
def test_set_chunk_bytes_accepts(value):
    mpicoll.set_chunk_bytes(value)
    assert mpicoll.get_chunk_bytes() == 12
    mpicoll.set_chunk_bytes(None)
    assert mpicoll.get_chunk_bytes() == DEFAULT


@pytest.mark.parametrize("value", [2**63, 2**64, float("inf")], ids=repr)
def test_limit_beyond_int64_raises(value):
    """The limit travels as an int64 attribute: larger values are refused."""
    mpicoll.set_chunk_bytes(8)
    with pytest.raises(ValueError, match="chunk_bytes"):
        mpicoll.set_chunk_bytes(value)
    assert mpicoll.get_chunk_bytes() == 8
    mpicoll.set_chunk_bytes(None)


@pytest.mark.parametrize("value", ["0", "-8", "abc", "1.5", "1e3", "0x10"])
def test_bad_env_raises_at_trace_time(monkeypatch, comm, value):
    monkeypatch.setenv(ENV, value)
    x = jnp.arange(4.0)
    with pytest.raises(ValueError, match=ENV):
        mpicoll.allreduce(x, MPI.SUM)
    with pytest.raises(ValueError, match=ENV):
        jax.jit(lambda v: mpicoll.alltoall(v))(jnp.zeros((comm.size, 2)))


@MODES
def test_limit_below_one_element_raises(comm, jit):
    P, r = comm.size, comm.rank
    with chunk_limit(7):
        with pytest.raises(ValueError, match=r"chunk limit \(7 bytes\).*float64"):
            run(lambda v: mpicoll.allreduce(v, MPI.SUM), jit, jnp.zeros(3))
        with pytest.raises(ValueError, match=r"chunk limit \(7 bytes\).*complex128"):
            run(lambda v: mpicoll.alltoall(v), jit, jnp.zeros((P, 2), jnp.complex128))
        # sendrecv checks both buffers: here only the receive buffer is too wide
        with pytest.raises(ValueError, match=r"chunk limit \(7 bytes\).*float64"):
            run(lambda s, b: mpicoll.sendrecv(s, b, (r - 1) % P, (r + 1) % P), jit,
                jnp.zeros(3, jnp.int8), jnp.zeros(3))
        # the same limit is fine for narrower types
        out = run(lambda v: mpicoll.allreduce(v, MPI.SUM), jit, jnp.ones(3, jnp.int32))
        np.testing.assert_array_equal(out, np.full(3, P))


def test_env_limit_is_used(monkeypatch, comm):
    x = rank_data(comm, (5, 7), "int16")
    expected = np.asarray(mpicoll.allreduce(x, MPI.SUM))
    monkeypatch.setenv(ENV, "5")                     # two int16 per message
    assert_same_bits(mpicoll.allreduce(x, MPI.SUM), expected)
    assert_same_bits(jax.jit(lambda v: mpicoll.allreduce(v, MPI.SUM))(x), expected)


# ---------------------------------------------------------------------------
# allreduce
# ---------------------------------------------------------------------------

def ops_for(dtype):
    dtype = jnp.dtype(dtype)
    if dtype == np.bool_:
        return ["LAND", "LOR", "LXOR"]
    if dtype.kind == "c":
        return ["SUM", "PROD"]
    if dtype.kind in "iu":
        return ["SUM", "PROD", "MIN", "MAX", "BAND", "BOR", "BXOR"]
    return ["SUM", "PROD", "MIN", "MAX"]


NP_REDUCE = {
    "SUM": lambda xs: xs.sum(0), "PROD": lambda xs: xs.prod(0),
    "MIN": lambda xs: xs.min(0), "MAX": lambda xs: xs.max(0),
    "LAND": lambda xs: np.logical_and.reduce(xs, 0),
    "LOR": lambda xs: np.logical_or.reduce(xs, 0),
    "LXOR": lambda xs: np.logical_xor.reduce(xs, 0),
    "BAND": lambda xs: np.bitwise_and.reduce(xs, 0),
    "BOR": lambda xs: np.bitwise_or.reduce(xs, 0),
    "BXOR": lambda xs: np.bitwise_xor.reduce(xs, 0),
}


def reduce_reference(xs, op, dtype):
    """NumPy reduction over ranks, computed in a wide type, then cast (exact here)."""
    dtype = jnp.dtype(dtype)
    wide = {"f": np.float64, "c": np.complex128}.get(
        "f" if dtype == jnp.bfloat16 else dtype.kind)
    if wide is not None:
        xs = xs.astype(wide)
    return NP_REDUCE[op](xs).astype(dtype)


@MODES
@pytest.mark.parametrize("dtype", DTYPES)
def test_allreduce_chunked(comm, dtype, jit):
    """Every op for the dtype (eager: the first and the last), every tiny limit."""
    ops = ops_for(dtype)
    if not jit:
        ops = [ops[0], ops[-1]]
    # Values 1..3: products over 4 ranks stay below 127 (int8). Complex
    # products: the sign of a zero real/imaginary part of a partial product
    # depends on the order MPI multiplies in (e.g. (-4+0j)(-4+0j) = 16-0j),
    # which changes with the message size at 3+ ranks; with real parts 3..4
    # and imaginary parts 0..1 (argument < pi/8) no partial product over 4
    # ranks has a negative part, so no -0.0 arises and every order agrees.
    def data(shape, op):
        if op == "PROD" and jnp.dtype(dtype).kind == "c":
            rng = np.random.default_rng([len(shape), comm.rank, 1])
            return (rng.integers(3, 5, shape) + 1j * rng.integers(0, 2, shape)).astype(dtype)
        return rank_data(comm, shape, dtype, seed=len(shape), low=1, high=4)
    inputs = {(op, shape): data(shape, op) for op in ops for _, shape in cases(dtype)}
    calls, labels = [], []
    for op in ops:
        f = lambda v, op=getattr(MPI, op): mpicoll.allreduce(v, op)
        shapes = list(dict.fromkeys(shape for _, shape in cases(dtype)))
        for limit, shape in [(None, shape) for shape in shapes] + cases(dtype):
            calls.append((limit, f, (inputs[op, shape],)))
            labels.append((op, shape, limit))
    unchunked = {}
    for (op, shape, limit), out in zip(labels, run_limits(jit, calls)):
        if limit is None:
            expected = reduce_reference(gather_global(comm, inputs[op, shape]), op, dtype)
            assert_same_bits(out, expected)
            unchunked[op, shape] = out
        else:
            assert_same_bits(out, unchunked[op, shape])


@MODES
@pytest.mark.parametrize("shape", [(), (0,), (3, 0), (12,), (24,), (4, 6)],
                         ids=str)
def test_allreduce_edge_sizes(comm, shape, jit):
    """Scalars, empty arrays and messages that are exact multiples of the chunk."""
    f = lambda v: mpicoll.allreduce(v, MPI.SUM)
    for dtype in ["int8", "float16", "complex128"]:
        x = rank_data(comm, shape, dtype)
        expected = reduce_reference(gather_global(comm, x), "SUM", dtype)
        limits = [None] + [n * itemsize(dtype) for n in (1, 3, 4, 12)]  # 12, 24: multiples
        for out in run_limits(jit, [(limit, f, (x,)) for limit in limits]):
            assert_same_bits(out, expected)


# ---------------------------------------------------------------------------
# alltoall
# ---------------------------------------------------------------------------

@MODES
@pytest.mark.parametrize("dtype", DTYPES)
def test_alltoall_chunked(comm, dtype, jit):
    """Per-peer blocks of 35 and 1041 elements; no limit divides them."""
    P = comm.size
    f = lambda v: mpicoll.alltoall(v)
    calls, expected = [], []
    for seed, (limit, shape) in enumerate(cases(dtype)):
        x = rank_data(comm, (P, *shape), dtype, seed=seed)
        want = np.swapaxes(gather_global(comm, x), 0, 1)[comm.rank]
        calls += [(None, f, (x,)), (limit, f, (x,))]
        expected += [want, want]
    for out, want in zip(run_limits(jit, calls), expected):
        assert_same_bits(out, want)


@MODES
@pytest.mark.parametrize("block", [(), (0,), (12,), (4, 6), (35,)], ids=str)
def test_alltoall_block_sizes(comm, block, jit):
    """Per-peer blocks of one element, none, and exact multiples of the chunk."""
    P = comm.size
    f = lambda v: mpicoll.alltoall(v)
    for dtype in ["uint8", "bfloat16", "complex64"]:
        x = rank_data(comm, (P, *block), dtype, seed=7)
        expected = np.swapaxes(gather_global(comm, x), 0, 1)[comm.rank]
        limits = [None] + [n * itemsize(dtype) for n in (1, 4, 6, 12, 13)]
        for out in run_limits(jit, [(limit, f, (x,)) for limit in limits]):
            assert_same_bits(out, expected)


# ---------------------------------------------------------------------------
# sendrecv
# ---------------------------------------------------------------------------

def check_status(status, *, source, tag, nelem, dtype):
    assert status.Get_source() == source
    assert status.Get_tag() == tag
    assert status.Get_count(MPI.BYTE) == nelem * itemsize(dtype)
    assert status.Get_elements(MPI.BYTE) == nelem * itemsize(dtype)
    native = {np.dtype(np.int32): MPI.INT32_T, np.dtype(np.float64): MPI.DOUBLE}
    if jnp.dtype(dtype) in native:
        assert status.Get_count(native[jnp.dtype(dtype)]) == nelem


@MODES
@pytest.mark.parametrize("with_status", [False, True], ids=["nostatus", "status"])
@pytest.mark.parametrize("dtype", DTYPES)
def test_sendrecv_ring_chunked(comm, dtype, jit, with_status):
    """Ring shift; the status describes the whole message (source, tag, count)."""
    P, r = comm.size, comm.rank
    src, dst = (r - 1) % P, (r + 1) % P
    calls, checks = [], []
    for seed, (limit, shape) in enumerate(cases(dtype)):
        x = rank_data(comm, shape, dtype, seed=seed)
        recvbuf = np.zeros(shape, dtype)
        expected = gather_global(comm, x)[src]
        for lim in [None, limit]:
            status = MPI.Status() if with_status else None
            f = lambda s, b, status=status: mpicoll.sendrecv(
                s, b, src, dst, sendtag=10 + r, status=status)
            calls.append((lim, f, (x, recvbuf)))
            checks.append((expected, status, x.size))
    for out, (expected, status, nelem) in zip(run_limits(jit, calls), checks):
        assert_same_bits(out, expected)
        if with_status:
            check_status(status, source=src, tag=10 + src, nelem=nelem, dtype=dtype)


SHORT_CASES = [  # (elements sent, elements of recvbuf, chunk elements)
    (5, 12, 8),    # sender below one chunk, receiver chunked
    (13, 20, 4),   # both chunked, message not a multiple of the chunk
    (12, 20, 4),   # message an exact multiple: an empty last message
    (12, 12, 4),   # message fills recvbuf exactly
    (12, 13, 4),
    (7, 7, 7),     # exactly one chunk on both sides
    (6, 7, 7),     # one element short of a chunk
    (0, 9, 4),     # empty message
    (1, 1, 1),     # one element per chunk
    (9, 40, 1),
]


@MODES
@pytest.mark.parametrize("dtype", ["int8", "float64", "complex128"])
def test_sendrecv_shorter_than_recvbuf(comm, dtype, jit):
    """The status counts what arrived; recvbuf's values stay where nothing did."""
    P, r = comm.size, comm.rank
    src, dst = (r - 1) % P, (r + 1) % P
    calls, checks = [], []
    for nsend, nrecv, chunk in SHORT_CASES:
        x = rank_data(comm, (nsend,), dtype, seed=nsend, low=1)
        recvbuf = np.full((nrecv,), -7, dtype)
        expected = recvbuf.copy()
        expected[:nsend] = gather_global(comm, x)[src]
        for lim in [None, chunk * itemsize(dtype)]:
            status = MPI.Status()
            f = lambda s, b, status=status: mpicoll.sendrecv(s, b, src, dst, sendtag=3,
                                                             status=status)
            calls.append((lim, f, (x, recvbuf)))
            checks.append((expected, status, nsend))
    for out, (expected, status, nsend) in zip(run_limits(jit, calls), checks):
        assert_same_bits(out, expected)
        check_status(status, source=src, tag=3, nelem=nsend, dtype=dtype)


@pytest.mark.parametrize("who", ["every_rank", "one_rank"])
@pytest.mark.parametrize("nrecv", [10, 12, 6], ids=lambda n: f"recvbuf{n}")
@pytest.mark.parametrize("limit", [None, 8, 14])
def test_sendrecv_longer_than_recvbuf_fails_and_ranks_recover(comm, limit, nrecv, who):
    """20 int16 sent into a shorter recvbuf: MPI_ERR_TRUNCATE on the receiving
    rank(s) only, unchunked or chunked (4 or 7 int16 per chunk: messages
    4,4,4,4,4,0 or 7,7,6), where the overflow comes in the middle of the
    chunked message, after recvbuf is exactly full (12 = 3 x 4), or in the
    first chunk (recvbuf 6 < 7). The receiver consumes the whole chunked
    message, so afterwards a ring sendrecv on the same communicator (ANY_TAG)
    gets the right data; with "one_rank" the senders do not fail at all.
    """
    P, r = comm.size, comm.rank
    src, dst = (r - 1) % P, (r + 1) % P
    truncating = who == "every_rank" or r == 1 % P
    recvbuf = jnp.zeros(nrecv if truncating else 20, jnp.int16)
    with chunk_limit(limit):
        if truncating:
            with pytest.raises(Exception, match="(?i)truncat"):
                mpicoll.sendrecv(jnp.arange(20, dtype=jnp.int16), recvbuf, src,
                                 dst).block_until_ready()
        else:
            out = mpicoll.sendrecv(jnp.arange(20, dtype=jnp.int16), recvbuf, src, dst)
            np.testing.assert_array_equal(out, np.arange(20))
    status = MPI.Status()
    x = jnp.arange(5, dtype=jnp.int16) + 100 * r
    out = mpicoll.sendrecv(x, jnp.zeros(7, jnp.int16), src, dst, sendtag=5, status=status)
    np.testing.assert_array_equal(np.asarray(out)[:5], np.arange(5) + 100 * src)
    check_status(status, source=src, tag=5, nelem=5, dtype="int16")
    comm.Barrier()


@pytest.mark.parametrize("limit", [8, 14])
def test_small_receiver_of_a_chunked_message_recovers(comm, limit):
    """Rank 1 sends 2 int16 and has room for 3, both below one chunk, while
    rank 0 sends it 20 (a chunked message): MPI_ERR_TRUNCATE on rank 1 only,
    and the whole chunked message is consumed (no stray chunks)."""
    P, r = comm.size, comm.rank
    if P == 1:
        pytest.skip("needs two ranks")
    src, dst = (r - 1) % P, (r + 1) % P
    small = lambda rank: rank == 1
    x = jnp.arange(2 if small(r) else 20, dtype=jnp.int16)
    recvbuf = jnp.zeros(3 if small(r) else 20, jnp.int16)
    with chunk_limit(limit):
        if small(r):
            with pytest.raises(Exception, match="(?i)truncat"):
                mpicoll.sendrecv(x, recvbuf, src, dst).block_until_ready()
        else:
            out = np.asarray(mpicoll.sendrecv(x, recvbuf, src, dst))
            n = 2 if small(src) else 20
            np.testing.assert_array_equal(out[:n], np.arange(n))
            np.testing.assert_array_equal(out[n:], 0)
    status = MPI.Status()
    x = jnp.arange(5, dtype=jnp.int16) + 100 * r
    out = mpicoll.sendrecv(x, jnp.zeros(7, jnp.int16), src, dst, sendtag=5, status=status)
    np.testing.assert_array_equal(np.asarray(out)[:5], np.arange(5) + 100 * src)
    check_status(status, source=src, tag=5, nelem=5, dtype="int16")
    comm.Barrier()


@MODES
def test_sendrecv_proc_null_chunked(comm, jit):
    r = comm.rank
    x = jnp.arange(10, dtype=jnp.int32)
    recvbuf = np.arange(100, 117, dtype=np.int32)
    status = MPI.Status()
    with chunk_limit(8):
        out = run(lambda s, b: mpicoll.sendrecv(s, b, MPI.PROC_NULL, MPI.PROC_NULL,
                                                status=status), jit, x, recvbuf)
    assert_same_bits(out, recvbuf)
    assert status.Get_source() == MPI.PROC_NULL
    assert status.Get_count(MPI.BYTE) == 0
    # send to the next rank, receive nothing; then receive, send nothing
    P = comm.size
    with chunk_limit(8):
        if P > 1:
            if r % 2 == 0:
                run(lambda s, b: mpicoll.sendrecv(s, b, MPI.PROC_NULL, r + 1, sendtag=4),
                    jit, x, recvbuf)
                out = recvbuf
            else:
                out = run(lambda s, b: mpicoll.sendrecv(s, b, r - 1, MPI.PROC_NULL,
                                                        status=status), jit, x, recvbuf)
                check_status(status, source=r - 1, tag=4, nelem=10, dtype="int32")
                np.testing.assert_array_equal(out[:10], np.arange(10))
                np.testing.assert_array_equal(out[10:], recvbuf[10:])


@MODES
def test_sendrecv_any_source_any_tag_chunked(comm, jit):
    """Every other rank sends three chunked messages to rank 0, all at the
    same time, each of a different length and tag; rank 0 receives them with
    ANY_SOURCE and ANY_TAG into a longer buffer. With one element per chunk,
    chunks of different senders arrive interleaved. Each result must be one
    sender's whole message (chunks are never mixed), and its status must name
    that sender, its tag and its full length. On one rank, rank 0 sends to
    itself."""
    P, r = comm.size, comm.rank
    rounds = 3
    length = lambda s, k: 20 + 7 * s + k                  # 20 .. 43 elements
    message = lambda s, k: (np.arange(length(s, k)) * 1000 + 10 * k + s).astype(np.int32)
    tag = lambda s, k: 100 * (k + 1) + s
    recvbuf = np.full(length(P, rounds) + 5, -1, np.int32)
    limit = 5                                         # one int32 per chunk
    if P == 1:
        expected = [(0, k) for k in range(rounds)]

        def program(b):
            statuses = [MPI.Status() for _ in range(rounds)]
            outs = [mpicoll.sendrecv(jnp.asarray(message(0, k)), b, MPI.ANY_SOURCE, 0,
                                     sendtag=tag(0, k), recvtag=MPI.ANY_TAG, status=st)
                    for k, st in enumerate(statuses)]
            return outs, statuses
    elif r == 0:
        expected = [(s, k) for s in range(1, P) for k in range(rounds)]

        def program(b):
            statuses = [MPI.Status() for _ in expected]
            outs = [mpicoll.sendrecv(jnp.zeros(0, jnp.int32), b, MPI.ANY_SOURCE,
                                     MPI.PROC_NULL, recvtag=MPI.ANY_TAG, status=st)
                    for st in statuses]
            return outs, statuses
    else:
        expected = []

        def program(b):
            for k in range(rounds):
                mpicoll.sendrecv(jnp.asarray(message(r, k)), jnp.zeros(0, jnp.int32),
                                 MPI.PROC_NULL, 0, sendtag=tag(r, k))
            return [], []

    with chunk_limit(limit):
        if jit:
            statuses_box = []

            def traced(b):
                outs, statuses = program(b)
                statuses_box.extend(statuses)
                return outs
            outs = jax.jit(traced)(recvbuf)
            statuses = statuses_box
        else:
            outs, statuses = program(recvbuf)
    seen = []
    for out, status in zip(outs, statuses):
        s = status.Get_source()
        k = status.Get_tag() // 100 - 1
        seen.append((s, k))
        check_status(status, source=s, tag=tag(s, k), nelem=length(s, k), dtype="int32")
        out = np.asarray(out)
        np.testing.assert_array_equal(out[:length(s, k)], message(s, k))
        np.testing.assert_array_equal(out[length(s, k):], -1)
    assert sorted(seen) == expected
    for s in range(P):                                # each sender's messages in order
        assert [k for s2, k in seen if s2 == s] == sorted(k for s2, k in seen if s2 == s)


@MODES
def test_sendrecv_any_tag_pins_the_first_message(comm, jit):
    """Deterministic interleaving: one rank (plain mpi4py, following the chunk
    protocol) sends the chunks of two messages alternately, A0 B0 A1 B1 ...,
    with tags 1 and 2. Rank 0 receives twice with ANY_SOURCE/ANY_TAG: MPI's
    non-overtaking rule makes the first receive start with A0, and as later
    chunks are received with the first chunk's tag, the results are A and B
    whole. On one rank, rank 0 is also the sender."""
    P, r = comm.size, comm.rank
    sender = 1 % P
    chunk = 2                                         # int32 per chunk
    a = np.arange(7, dtype=np.int32) + 100            # chunks 2, 2, 2, 1
    b = np.arange(6, dtype=np.int32) + 200            # chunks 2, 2, 2, 0 (exact multiple)
    requests, pieces = [], []
    if r == sender:
        for k in range(4):
            for tag, msg in ((1, a), (2, b)):
                piece = np.ascontiguousarray(msg[k * chunk:(k + 1) * chunk])
                pieces.append(piece)
                requests.append(mpicoll.private_comm(comm).Isend(piece, dest=0,
                                                                tag=wire_tag(tag)))
        if r != 0:
            MPI.Request.Waitall(requests)
    if r == 0:
        statuses = [MPI.Status(), MPI.Status()]
        recvbuf = np.full(10, -1, np.int32)

        def f(buf):
            return [mpicoll.sendrecv(jnp.zeros(0, jnp.int32), buf, MPI.ANY_SOURCE,
                                     MPI.PROC_NULL, recvtag=MPI.ANY_TAG, status=st)
                    for st in statuses]
        with chunk_limit(chunk * 4 + 3):
            out_a, out_b = run(f, jit, recvbuf)
        if r == sender:
            MPI.Request.Waitall(requests)
        for out, msg, tag, st in ((out_a, a, 1, statuses[0]), (out_b, b, 2, statuses[1])):
            check_status(st, source=sender, tag=tag, nelem=msg.size, dtype="int32")
            np.testing.assert_array_equal(np.asarray(out)[:msg.size], msg)
            np.testing.assert_array_equal(np.asarray(out)[msg.size:], -1)
    comm.Barrier()


@MODES
@pytest.mark.parametrize("limit", [None, 1, 9, 17, 100])
def test_several_sendrecvs_same_pair_in_order(comm, jit, limit):
    """Three sendrecvs with different tags, sizes and dtypes between a pair of
    ranks (a rank and itself on one rank), in one jitted function, received
    once with explicit tags and once with ANY_TAG (statuses give the tags in
    the order sent)."""
    P, r = comm.size, comm.rank
    partner = r ^ 1 if P > 1 else r
    dtypes = ["int8"] * 3 if limit == 1 else ["int32", "float64", "int8"]

    def messages(rank):
        return [rank_data(comm, (n,), dt, seed=n, rank=rank)
                for n, dt in zip((23, 17, 40), dtypes)]
    msgs, theirs = messages(r), messages(partner)
    for any_tag in (False, True):
        statuses = [MPI.Status() for _ in msgs]

        def f(*xs):
            return [mpicoll.sendrecv(x, jnp.zeros_like(x), partner, partner, sendtag=tag,
                                     recvtag=MPI.ANY_TAG if any_tag else tag, status=st)
                    for x, tag, st in zip(xs, (1, 2, 3), statuses)]
        with chunk_limit(limit):
            outs = run(f, jit, *msgs)
        for out, want, tag, st in zip(outs, theirs, (1, 2, 3), statuses):
            assert_same_bits(out, want)
            check_status(st, source=partner, tag=tag, nelem=want.size, dtype=want.dtype)


@MODES
@pytest.mark.parametrize("limit", [None, 4, 12, 40])
def test_several_sendrecvs_same_pair_crossed_tags(comm, jit, limit):
    """Even ranks send tag 1 then tag 2; their partners receive tag 2 first.

    Unchunked, MPI_Sendrecv runs this because MPI buffers small messages; the
    chunked transfer must run it too (its sends may not wait for its receives).
    Needs two ranks.
    """
    P, r = comm.size, comm.rank
    if P == 1:
        pytest.skip("needs a partner rank")
    partner = r ^ 1
    a = (np.arange(40) + 1000 * r).astype(np.int32)
    b = (np.arange(30) + 2000 * r).astype(np.int32)
    z = np.zeros(40, np.int32)
    if r % 2 == 0:
        tags = [(1, 3), (2, 4)]                  # (sendtag, recvtag)
    else:
        tags = [(3, 2), (4, 1)]

    def f(a, b, z):
        return [mpicoll.sendrecv(v, z, partner, partner, sendtag=st, recvtag=rt)
                for v, (st, rt) in zip((a, b), tags)]
    with chunk_limit(limit):
        x, y = run(f, jit, a, b, z)
    pa = np.arange(40) + 1000 * partner
    pb = np.arange(30) + 2000 * partner
    if r % 2 == 0:                               # receives partner's a, then b
        np.testing.assert_array_equal(x, pa)
        np.testing.assert_array_equal(y[:30], pb)
    else:                                        # receives tag 2 (b) first, then tag 1 (a)
        np.testing.assert_array_equal(x[:30], pb)
        np.testing.assert_array_equal(x[30:], 0)
        np.testing.assert_array_equal(y, pa)


# ---------------------------------------------------------------------------
# what is on the wire, and when a new limit takes effect
# ---------------------------------------------------------------------------

@pytest.mark.parametrize("nelem,limit", [(23, 10), (20, 10), (4, 10), (5, 10), (9, 3), (0, 2)],
                         ids=str)
def test_sendrecv_chunks_on_the_wire(comm, nelem, limit):
    """Rank 0's chunked send, as a plain MPI receiver on rank 1 sees it:
    ceil((n+1)/chunk) messages once n >= one chunk, each at most `limit`
    bytes, the last one shorter than a chunk (empty for exact multiples)."""
    if comm.size == 1:
        pytest.skip("needs a second rank (MPI does not buffer sends to self)")
    x = np.arange(nelem, dtype=np.int16) * 3 + 1
    if comm.rank == 0:
        with chunk_limit(limit):
            mpicoll.sendrecv(x, np.zeros(0, np.int16), MPI.PROC_NULL, 1,
                             sendtag=21).block_until_ready()
    elif comm.rank == 1:
        sizes, data = receive_raw(comm, 0, 21, (limit // 2) * 2)
        assert sizes == [2 * n for n in expected_messages(nelem, limit // 2)]
        assert max(sizes) <= limit
        np.testing.assert_array_equal(data.view(np.int16), x)
    comm.Barrier()


def test_limit_change_on_the_wire(comm):
    """Eager calls use a new limit at once; a cached jit keeps its traced one."""
    if comm.size == 1:
        pytest.skip("needs a second rank (MPI does not buffer sends to self)")
    x = np.arange(23, dtype=np.int16)
    send = lambda v: mpicoll.sendrecv(v, jnp.zeros(0, jnp.int16), MPI.PROC_NULL, 1, sendtag=22)
    jitted = jax.jit(send)
    steps = [  # (limit to set, how rank 0 sends, limit expected on the wire)
        (10, jitted, 10),          # first call: traced with 10
        (16, jitted, 10),          # cached trace: still 10-byte messages
        (16, send, 16),            # eager: the new limit at once
        ("clear", jitted, 16),     # after clear_cache the jit retraces
        (None, jitted, 16),        # the default, but the cache holds 16 again
    ]
    for setting, how, on_wire in steps:
        if setting == "clear":
            jitted.clear_cache()
        else:
            mpicoll.set_chunk_bytes(setting)
        if comm.rank == 0:
            how(x).block_until_ready()
        elif comm.rank == 1:
            sizes, data = receive_raw(comm, 0, 22, on_wire)
            assert sizes == [2 * n for n in expected_messages(23, on_wire // 2)], setting
            np.testing.assert_array_equal(data.view(np.int16), x)
        comm.Barrier()


def test_cached_jit_keeps_its_limit(comm):
    """Observable on any number of ranks: a limit below one element raises
    only when an op is (re)traced, so it shows which calls retrace."""
    g = lambda v: mpicoll.allreduce(v, MPI.SUM)
    f = jax.jit(g)
    x = jnp.arange(6.0)
    np.testing.assert_array_equal(f(x), x * comm.size)
    mpicoll.set_chunk_bytes(4)                       # smaller than one float64
    # the trace cached for (g, f64[6]) is reused by all of these:
    np.testing.assert_array_equal(f(x), x * comm.size)
    np.testing.assert_array_equal(jax.jit(g)(x), x * comm.size)
    f.lower(x)
    assert f"chunk_bytes={DEFAULT}" in str(jax.make_jaxpr(g)(x))
    # these trace anew and read the new limit:
    with pytest.raises(ValueError, match="chunk limit"):
        f(jnp.arange(7.0))                           # new shape
    with pytest.raises(ValueError, match="chunk limit"):
        jax.jit(lambda v: g(v))(x)                   # new function object
    with pytest.raises(ValueError, match="chunk limit"):
        mpicoll.allreduce(x, MPI.SUM)                # eager: read at every call
    f.clear_cache()
    with pytest.raises(ValueError, match="chunk limit"):
        f(x)
    mpicoll.set_chunk_bytes(None)
    np.testing.assert_array_equal(f(x), x * comm.size)


def test_limit_is_a_primitive_parameter(comm):
    with chunk_limit(24):
        jaxpr = str(jax.make_jaxpr(lambda v: mpicoll.allreduce(v, MPI.SUM))(jnp.arange(6.0)))
    assert "chunk_bytes=24" in jaxpr
    jaxpr = str(jax.make_jaxpr(lambda v: mpicoll.allreduce(v, MPI.SUM))(jnp.arange(6.0)))
    assert f"chunk_bytes={DEFAULT}" in jaxpr


# ---------------------------------------------------------------------------
# transformations under chunking
# ---------------------------------------------------------------------------

def test_grad_and_vmap_chunked(comm):
    """Gradients (the transposes chunk too) and vmap, bitwise as unchunked."""
    P, r = comm.size, comm.rank
    src, dst = (r - 1) % P, (r + 1) % P
    x = rank_data(comm, (P, 5), "float64", seed=3).astype(np.float64)
    w = rank_data(comm, (P, 5), "float64", seed=4).astype(np.float64)

    def loss(v):
        a = mpicoll.allreduce(v, MPI.SUM)
        b = mpicoll.alltoall(v * a)
        c = mpicoll.sendrecv(b, jnp.zeros_like(b), src, dst)
        return jnp.sum(w * c) + jnp.sum(a * b)

    def make_batched():      # a new function object per use: traced anew
        return lambda v: jax.vmap(
            lambda u: mpicoll.sendrecv(mpicoll.alltoall(u), u, src, dst),
            in_axes=2)(mpicoll.allreduce(v, MPI.SUM))

    v3 = np.stack([x, w + 1, x * w], axis=-1)
    ref_grad = jax.jit(jax.grad(loss))(x)
    ref_vmap = jax.jit(make_batched())(v3)
    for limit in (8, 24, 40):
        with chunk_limit(limit):
            assert f"chunk_bytes={limit}" in str(jax.make_jaxpr(jax.grad(loss))(x))
            assert_same_bits(jax.jit(jax.grad(loss))(x), ref_grad)
            if limit == 8:                           # eager: once (slow)
                assert_same_bits(jax.grad(loss)(x), ref_grad)
            assert_same_bits(jax.jit(make_batched())(v3), ref_vmap)
