"""Real large messages at the default chunk limit: more than 2**31 elements/bytes.

MPI counts are C ints, and the default chunk limit (2**31 - 1 bytes) keeps every
single MPI message below 2 GiB. These tests move messages beyond both limits
and check the results element-exactly. They run only at exactly 2 ranks (they
are skipped, on every rank alike, at other sizes) and take seconds each on a
2-core machine; most of the time is the kernel's first touch of fresh memory.

Peak memory per rank, per test: after each test, the kernel's peak-RSS mark
(reset before the test) minus the RSS the process held before it must stay
under 6.5 GiB. What earlier tests leave behind does not count: in the full
suite that is ~1.5-3 GiB per process, mostly executables JAX compiled and
cached for eager ops with many different parameters (test_chunking), which
glibc does not give back. Numbers measured with MPICH 5.0.2, jax 0.10.2 in a
fresh process (they include ~0.2 GiB of Python/JAX):

* allreduce: input 2 GiB + result 2 GiB + MPICH's scratch: 5.2 GiB measured
  (at most ~6.5 GiB if MPICH used a whole 2 GiB chunk of scratch).
* sendrecv: input 2 GiB + result 2 GiB (the receive buffer is made inside the
  jitted function and aliased to the result): 4.2 GiB measured.
* alltoall: two blocks of 2 GiB + 12 KiB in and out. The input is a
  zero-filled (calloc) array that only holds data in stripes, so its untouched
  pages stay unallocated; the result (4 GiB) is fully written: 4.4 GiB
  measured. (Fully written input blocks would need 8+ GiB per rank.)

Data are made with NumPy row by row (no full-size temporaries) and handed to
JAX without a copy (`jax.device_put` of a 64-byte-aligned array); results are
read through zero-copy NumPy views and checked block by block.
"""

import gc
import resource
import time

import numpy as np
import jax
import jax.numpy as jnp
import pytest
from mpi4py import MPI

import mpicoll

INT_MAX = 2**31 - 1
GiB = 2**30
BUDGET = 6.5 * GiB       # per rank, on top of what the process held before the test
ROW = 4096               # the pattern is built in rows of this many elements
BLOCK_ROWS = 4096        # rows per block when generating/checking (16 MiB)

pytestmark = [
    pytest.mark.skipif(MPI.COMM_WORLD.Get_size() != 2,
                       reason="large-message tests run at exactly 2 ranks"),
    pytest.mark.timeout(240),
]


def _reset_peak():
    """Reset the kernel's peak-RSS mark (VmHWM) of this process, if allowed."""
    try:
        with open("/proc/self/clear_refs", "w") as f:
            f.write("5")
        return True
    except OSError:
        return False


def _current_rss():
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) * 1024
    return 0


def _peak_bytes(since_reset):
    if since_reset:
        with open("/proc/self/status") as f:
            for line in f:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) * 1024
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024


@pytest.fixture(autouse=True)
def large_message_setup(monkeypatch, comm):
    """Default chunk limit; no transparent-huge-page advice from NumPy.

    NumPy advises huge pages for big arrays; on this machine the kernel then
    tries to compact memory at each first touch, which makes filling 2 GiB
    take 20+ s instead of ~2 s.
    """
    monkeypatch.delenv("MPICOLL_CHUNK_BYTES", raising=False)
    mpicoll.set_chunk_bytes(None)
    multiarray = np._core.multiarray
    old = multiarray._get_madvise_hugepage()
    multiarray._set_madvise_hugepage(False)
    gc.collect()
    since_reset = _reset_peak()
    baseline = _current_rss()
    yield
    multiarray._set_madvise_hugepage(old)
    gc.collect()
    comm.Barrier()
    peak = _peak_bytes(since_reset)
    what = "this test" if since_reset else "the process so far"
    print(f"rank {comm.rank}: peak RSS of {what}: {peak / GiB:.2f} GiB "
          f"(held before the test: {baseline / GiB:.2f} GiB)")
    grown = peak - baseline if since_reset else peak
    assert grown < BUDGET, f"the test needed {grown / GiB:.2f} GiB, over its budget"


# ---------------------------------------------------------------------------
# The pattern: p(i) = ((i + 7*(i >> 12) + 3*(i >> 24)) * mult + seed) mod 256,
# seen as int8. It depends on the position (not periodic with any chunk size
# used here), and for i = R*4096 + c it is (mult*c + row(R)) mod 256, so a
# block of rows is one broadcast add of uint8 values (which wraps mod 256).
# ---------------------------------------------------------------------------

class Clock:
    """Prints the seconds each phase took (shown with pytest -s)."""

    def __init__(self, name):
        self.name, self.t = name, time.perf_counter()

    def __call__(self, phase):
        now = time.perf_counter()
        print(f"[{self.name} rank {MPI.COMM_WORLD.rank}] {phase}: {now - self.t:.1f} s")
        self.t = now


def p_scalar(i, mult, seed):
    """The pattern by its definition (vectorised over an index array)."""
    i = np.asarray(i, np.int64)
    return (((i + 7 * (i >> 12) + 3 * (i >> 24)) * mult + seed) & 255).astype(np.uint8)


def _row_values(r0, r1, mult, seed):
    rows = np.arange(r0, r1, dtype=np.int64)
    return (((7 * rows + 3 * (rows >> 12)) * mult + seed) & 255).astype(np.uint8)


def _col_values(mult):
    return ((np.arange(ROW, dtype=np.int64) * mult) & 255).astype(np.uint8)


def _row_blocks(a):
    nrows = a.size // ROW
    rows = a[:nrows * ROW].reshape(nrows, ROW)
    for r0 in range(0, nrows, BLOCK_ROWS):
        r1 = min(r0 + BLOCK_ROWS, nrows)
        yield r0, r1, rows[r0:r1]


def sorted_unique(values):
    """np.unique, by sorting (np.unique takes seconds on millions of int64 here)."""
    values = np.sort(np.asarray(values, np.int64))
    return values[np.concatenate([[True], values[1:] != values[:-1]])]


def aligned(n, zeros=False):
    """A uint8 array of n elements at a 64-byte boundary (zero-copy into JAX)."""
    raw = (np.zeros if zeros else np.empty)(n + 64, np.uint8)
    start = (-raw.ctypes.data) % 64
    return raw[start:start + n]


def fill_pattern(a, mult, seed):
    col = _col_values(mult)
    for r0, r1, block in _row_blocks(a):
        np.add(col[None, :], _row_values(r0, r1, mult, seed)[:, None], out=block)
    tail = a.size // ROW * ROW
    a[tail:] = p_scalar(np.arange(tail, a.size), mult, seed)


def expected_checksum(n, mult, seed):
    """sum(int8(p(i)) for i < n), in closed form for mult in (1, 2).

    A full row holds mult*c + K (mod 256) for c < 4096, i.e. 4096/256 = 16
    times the residues {mult*c + K}: for mult = 1 every residue 16 times
    (int8 sum 16 * -128 = -2048); for mult = 2 every residue of K's parity
    32 times (K even: 32 * -128; K odd: 32 * 0), and K = 2*(...) + seed has
    the parity of seed. The last, partial row is summed term by term.
    """
    if mult == 1:
        row_sum = -2048
    elif mult == 2:
        row_sum = -4096 if seed % 2 == 0 else 0
    else:
        raise ValueError(mult)
    full = n // ROW
    tail = p_scalar(np.arange(full * ROW, n), mult, seed).view(np.int8)
    return full * row_sum + int(tail.sum(dtype=np.int64))


def check_pattern(a, mult, seed, extra_indices=()):
    """Element-exact check of uint8 array `a` against the pattern, plus checksum."""
    n = a.size
    # 1. samples by the definition: chunk boundaries, ends, a prime stride
    idx = sorted_unique(np.concatenate([
        np.arange(0, n, 104_729 * 1009),
        [0, 1, ROW - 1, ROW, INT_MAX - 1, INT_MAX, INT_MAX + 1, 2**31, n - 2, n - 1],
        np.asarray(extra_indices, np.int64)]))
    idx = idx[(idx >= 0) & (idx < n)]
    np.testing.assert_array_equal(a[idx], p_scalar(idx, mult, seed))
    # 2. every element, block by block, and the checksum in int64
    col = _col_values(mult)
    expected = np.empty((BLOCK_ROWS, ROW), np.uint8)
    checksum = 0
    for r0, r1, block in _row_blocks(a):
        want = expected[:r1 - r0]
        np.add(col[None, :], _row_values(r0, r1, mult, seed)[:, None], out=want)
        if not np.array_equal(block, want):
            bad = np.flatnonzero(block != want)[:5] + r0 * ROW
            pytest.fail(f"wrong elements at {bad.tolist()} (of {n})")
        checksum += int(block.view(np.int8).sum(dtype=np.int64))
    tail = n // ROW * ROW
    np.testing.assert_array_equal(a[tail:], p_scalar(np.arange(tail, n), mult, seed))
    checksum += int(a[tail:].view(np.int8).sum(dtype=np.int64))
    assert checksum == expected_checksum(n, mult, seed)


def to_jax(a):
    """uint8 NumPy array -> int8 JAX array of its shape sharing its memory (no
    copy; reshape the NumPy array first: reshaping a JAX array copies it)."""
    x = jax.device_put(a.view(np.int8))
    assert x.unsafe_buffer_pointer() == a.ctypes.data, "device_put copied the input"
    return x


def as_numpy(x):
    """JAX int8 array -> uint8 NumPy view of the same memory (no copy)."""
    a = np.asarray(x)
    assert a.ctypes.data == x.unsafe_buffer_pointer()
    return a.view(np.uint8)


N = 2**31 + 2**20 + 37    # > INT_MAX elements; not a multiple of the chunk


def seed_of(rank):
    return 11 + 100 * rank


# ---------------------------------------------------------------------------
# tests
# ---------------------------------------------------------------------------

def test_allreduce_int8_beyond_int_max(comm):
    """int8 SUM allreduce of 2**31 + 2**20 + 37 elements (two chunks: INT_MAX
    and the rest). Peak per rank 5.2 GiB measured: input 2 GiB, result 2 GiB,
    and MPICH's scratch (at most one 2 GiB chunk: < 6.5 GiB)."""
    clock = Clock("allreduce")
    a = aligned(N)
    fill_pattern(a, 1, seed_of(comm.rank))
    x = to_jax(a)
    del a
    clock("fill")
    out = mpicoll.allreduce(x, MPI.SUM)
    out.block_until_ready()
    del x
    gc.collect()
    clock("allreduce")
    # sum over the 2 ranks: p(i; 1, s0) + p(i; 1, s1) = p(i; 2, s0 + s1) mod 256
    check_pattern(as_numpy(out), 2, seed_of(0) + seed_of(1))
    del out
    clock("check")


def test_sendrecv_int8_beyond_int_max(comm):
    """int8 sendrecv of 2**31 + 2**20 + 37 elements between the two ranks
    (both directions at once), with a status. Peak per rank 4.2 GiB measured:
    input 2 GiB, result 2 GiB (the receive buffer is created in the jitted
    function and becomes the result)."""
    r = comm.rank
    other = 1 - r
    clock = Clock("sendrecv")
    a = aligned(N)
    fill_pattern(a, 1, seed_of(r))
    x = to_jax(a)
    del a
    clock("fill")
    status = MPI.Status()
    f = jax.jit(lambda s: mpicoll.sendrecv(s, jnp.full(s.shape, -1, jnp.int8), other, other,
                                           sendtag=40 + r, status=status))
    out = f(x)
    out.block_until_ready()
    del x
    gc.collect()
    clock("sendrecv")
    assert status.Get_source() == other
    assert status.Get_tag() == 40 + other
    # An MPI-4 library gives mpi4py MPI_Get_count_c; before MPI 4 (Open
    # MPI 5) a count beyond int is MPI_UNDEFINED, as the standard says, and
    # only MPI_Get_elements_x (MPI 3) reports it.
    count = N if MPI.Get_version() >= (4, 0) else MPI.UNDEFINED
    assert status.Get_count(MPI.BYTE) == count
    assert status.Get_count(MPI.INT8_T) == count
    assert status.Get_elements(MPI.INT8_T) == N
    check_pattern(as_numpy(out), 1, seed_of(other))
    del out
    clock("check")


B = 2**31 + 3 * 4096 + 5  # per-peer block (bytes): > 2**31, not a multiple of the chunk
STRIDE = 2**20 + 4099    # a data window every ~1 MiB, at drifting offsets
WINDOW = 3000


def stripe_positions():
    """Positions inside a block that carry data: a window every STRIDE bytes,
    and wide windows at the block's ends and around the chunk boundary."""
    starts = np.arange(0, B, STRIDE)
    parts = [(starts[:, None] + np.arange(WINDOW)).ravel(),
             np.arange(0, 3 * ROW),
             np.arange(INT_MAX - 3 * ROW, INT_MAX + 3 * ROW),
             np.arange(B - 3 * ROW, B)]
    idx = sorted_unique(np.concatenate(parts))
    return idx[idx < B]


def stripe_values(src, dst, idx):
    """Nonzero (1..255), position-dependent, naming sender and receiver."""
    return (1 + (idx + 7 * (idx >> 12) + 3 * (idx >> 24) + 61 * src + 17 * dst) % 255
            ).astype(np.uint8)


def test_alltoall_blocks_beyond_2gib(comm):
    """alltoall of int8 blocks of 2**31 + 12293 bytes per peer (> INT_MAX
    elements and > 2**31 bytes; two chunks per block).

    Memory: in and out are each 2 blocks (4 GiB). To stay within the budget
    the input is calloc'ed and written only in stripes (a 3000-byte window
    every ~1 MiB, plus 24 KiB around the block ends and the chunk boundary);
    its other pages are never touched. Peak per rank 4.4 GiB measured (the
    4 GiB result).

    Exactness: every stripe value is nonzero and encodes position, sender and
    receiver. The result block from each peer must hold exactly those values at
    the stripe positions, and its count of nonzero bytes must equal the number
    of stripe positions: then every other byte is zero, i.e. the block equals
    the expected one element for element. A checksum in int64 is checked too.
    """
    exchange_striped_blocks(comm, "alltoall", (comm.size, B), mpicoll.alltoall)


def exchange_striped_blocks(comm, name, shape, op):
    """Fill this rank's striped blocks (`striped_blocks`, reshaped to
    `shape`), exchange them with `op`, and check that row s of the result
    is what rank s sent here (`check_striped_blocks`); each step timed."""
    P, r = comm.size, comm.rank
    clock = Clock(name)
    idx = stripe_positions()
    x = to_jax(striped_blocks(r, P, idx).reshape(shape))
    clock("fill")
    out = op(x)
    out.block_until_ready()
    del x
    gc.collect()
    clock(name)
    got = as_numpy(out)
    assert got.shape == (P, B)
    check_striped_blocks(got, r, idx)
    del got, out
    clock("check")


def striped_blocks(sender, P, idx):
    """P blocks of B bytes (calloc'ed, one flat array), block `dst` holding
    the stripe values `sender` sends to rank `dst` and zeros elsewhere."""
    a = aligned(P * B, zeros=True)
    blocks = a.reshape(P, B)
    for dst in range(P):
        blocks[dst, idx] = stripe_values(sender, dst, idx)
    return a


def check_striped_blocks(got, receiver, idx):
    """Row `src` of `got` is the striped block rank `src` sent to `receiver`:
    the stripe values at their positions, zero everywhere else (counted),
    and the checksum."""
    step = 2**24
    for src in range(got.shape[0]):
        want = stripe_values(src, receiver, idx)
        np.testing.assert_array_equal(got[src, idx], want)
        nonzero = checksum = 0
        for k in range(0, got.shape[1], step):
            part = got[src, k:k + step]
            nonzero += int(np.count_nonzero(part))
            checksum += int(part.sum(dtype=np.int64))
        assert nonzero == idx.size
        assert checksum == int(want.sum(dtype=np.int64))


def test_redistribute_pieces_beyond_2gib(comm):
    """redistribute of one int8 row of P*B bytes per rank (concat axis 0,
    split axis 1): rank r keeps columns [r*B, (r+1)*B) and sends the other
    rank B > 2**31 bytes, so every piece spans two tiles of the chunk limit
    (two MPI_Alltoallw rounds). Input striped as in the alltoall test, with
    column block s holding what goes to rank s; the result's row s is what
    rank s sent. Peak per rank ~4.4 GiB (the 4 GiB result)."""
    exchange_striped_blocks(comm, "redistribute", (1, comm.size * B),
                            lambda x: mpicoll.redistribute(x, 1, 0))


def test_alltoallv_block_beyond_2gib(comm):
    """alltoallv with a block of B > 2**31 bytes to the other rank and a small
    one (SMALL bytes) to itself: counts and displacements beyond `int` force
    the chunked rounds (MPI_Alltoallw with 64-bit displacements).

    The layout of every input is [block for rank 0, block for rank 1]; so
    rank 0's big block starts at offset SMALL (a displacement that is not a
    multiple of anything) and rank 1's ends at B. Checked like the alltoall
    test: stripe values at their positions, nonzero count, checksum.
    Peak per rank ~4.3 GiB (2 GiB result fully written, striped input).
    """
    P, r = comm.size, comm.rank
    SMALL = 1000
    other = 1 - r
    sizes = [SMALL if s == r else B for s in range(P)]
    clock = Clock("alltoallv")
    idx = stripe_positions()
    a = aligned(SMALL + B, zeros=True)
    offsets = np.cumsum([0] + sizes)
    small_idx = np.arange(SMALL)
    a[offsets[r] + small_idx] = stripe_values(r, r, small_idx)
    a[offsets[other] + idx] = stripe_values(r, other, idx)
    x = to_jax(a)
    del a
    clock("fill")
    out = mpicoll.alltoallv(x, tuple(sizes), tuple(sizes))
    out.block_until_ready()
    del x
    gc.collect()
    clock("alltoallv")
    got = as_numpy(out)
    assert got.shape == (SMALL + B,)
    np.testing.assert_array_equal(got[offsets[r]:offsets[r] + SMALL],
                                  stripe_values(r, r, small_idx))
    big = got[offsets[other]:offsets[other] + B]
    want = stripe_values(other, r, idx)
    np.testing.assert_array_equal(big[idx], want)
    nonzero = checksum = 0
    step = 2**24
    for k in range(0, B, step):
        part = big[k:k + step]
        nonzero += int(np.count_nonzero(part))
        checksum += int(part.sum(dtype=np.int64))
    assert nonzero == idx.size
    assert checksum == int(want.sum(dtype=np.int64))
    del got, big, out
    clock("check")
