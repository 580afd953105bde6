"""Nonblocking operations: what overlapping an exchange with computation saves.

Parts 1 and 2 on two ranks (exactly); the stencil part on any number. Run:

    ./scripts/mpirun.sh 2 benchmarks/run.py overlap                         # shared memory
    ./scripts/mpirun.sh 4 benchmarks/run.py overlap --part stencil          # stencil_np4
    MPICOLL_PROGRESS_US=0 ./scripts/mpirun.sh 2 benchmarks/run.py overlap   # no progress thread
    MPIR_CVAR_NOLOCAL=1 MPIR_CVAR_CH4_NETMOD=ofi FI_PROVIDER=tcp \\
        ./scripts/mpirun.sh 2 benchmarks/run.py overlap                     # over TCP
    ./scripts/mpirun.sh 2 benchmarks/run.py overlap --quick                 # smoke test
    mpiexec -n 2 python benchmarks/run.py overlap                 # on a GPU (JAX_PLATFORMS=cuda)
    mpiexec -n 1 python benchmarks/run.py overlap --part 1 : \
            -n 1 env JAX_PLATFORMS=cpu python benchmarks/run.py overlap --part 1
                                                  # rank 0 on the GPU, its partner on the CPU

Each run writes
<out>/overlap_np2[_openmpi][_progress<US>][_malloc][_tcp][_quick].{txt,json}
(stencil_np<P>... for the stencil part; default out:
benchmarks/results/overlap); the suffixes come from the MPI and the
environment (MPICOLL_PROGRESS_US when set; _malloc: any of glibc's
MALLOC_MMAP_THRESHOLD_, MALLOC_TRIM_THRESHOLD_, MALLOC_TOP_PAD_ set;
_keep0: MPICOLL_KEEP_FREED_MEMORY=0, glibc's default allocator; TCP:
FI_PROVIDER=tcp with MPIR_CVAR_NOLOCAL=1, or Open MPI's OMPI_MCA_btl
without shared memory), which the JSON's meta records, and, where a rank
computes on a GPU, each rank's platform (_gpu_gpu, _gpu_cpu). On one GPU
shared by both ranks, C and D compete for it (the C and D columns, timed
at once, show how much); with the partner on the CPU, rank 0's C has the
GPU to itself.

Stencil part: 7-point Jacobi steps on an N^3 float32 cube in slabs (one
halo row on each side, periodic), 20 steps in a jitted fori_loop, blocking
(two sendrecv, then every row) against nonblocking (two isendrecv, the
interior rows while the halos travel, then the two rows next to them);
the two are checked to agree first.

Part 1, "late partner". Rank 1 computes D before it starts its exchange;
rank 0 has C of computation that does not need the message. One step is:
(rank 1 only: D), the exchange of N bytes with the other rank (float32),
C, then a sum over the data received. D and C are a jitted work function
(a lax.fori_loop of 64x64 matmuls) calibrated at startup on each rank to
--work-ms (default 10 ms); the table's head prints the calibrated times.
Variants (columns):

  mpicoll b        one jitted step: sendrecv, then C, then the sum. C's
                   input is tied to the received array by data (`after`),
                   so C runs after the exchange, as written (XLA:CPU drops
                   optimization barriers and orders independent operations
                   as it likes: see "as written")
  mpicoll nb       one jitted step: isendrecv, C, wait, the sum (mpicoll ties
                   C between the start and the wait itself)
  mpi4py b         NumPy buffers: Sendrecv, the jitted C (block_until_ready),
                   the sum (NumPy)
  mpi4py nb        Irecv + Isend, the jitted C, Waitall, the sum
  as written       mpicoll's blocking step with nothing tying C after the
                   sendrecv: XLA schedules the two as it likes (it put C
                   before the exchange on rank 1, after D: the partner is
                   later still)
  C (r0), D (r1)   the jitted work alone on both ranks at once, no exchange:
                   rank 0's time (C) and rank 1's (D; the same loop,
                   calibrated on rank 1)

The floor column, max(C, D) / (C + D), is what the ratio nb/b would be if
the exchange and everything around it cost nothing: the blocking step of
rank 0 is then D + C, the nonblocking one max(C, D).

On rank 1 D runs first in every variant (in the mpicoll steps the send
buffer is tied to D's result by data, so the exchange starts after D).
Time: rank 0's, from the end of a barrier to the end of its step (what the
early rank waits for), median over the steps; rank 1's medians are in the
JSON. The variants take turns, two steps each, so that the machine's
drift falls on all of them alike. Every step's received array is compared
with what the other rank sent (outside the timed region), and its sum with
the array's sum. Each rank's minor page faults per step are counted too
(memory mapped afresh, which glibc's malloc hands back to the kernel and
takes again for large arrays: the table below the times). Without
overlap rank 0's step is about D + C; with it about max(C, D) plus what
the message needs after rank 1 starts it. The
ratios nb/b are nonblocking over blocking, for mpicoll and for mpi4py; the
goal (the issue's) is mpicoll nb/b <= 0.6 up to 1 MiB and <= 0.7 above.

Part 2, "nothing to overlap": the start and its wait with nothing between
(``wait(isendrecv(...))``, ``wait(iallreduce(...))``) against the blocking
operation: one jitted call per operation at 8 B, 1 MiB and 16 MiB (mpi4py's
blocking and nonblocking calls on preallocated NumPy buffers beside them),
and a jitted lax.fori_loop of 100 operations per call at 8 B (no
dispatch). Times: timing.measure (barrier, slowest rank, median) per
operation, in rounds alternating the variants; the table gives the median
of the rounds' medians and the difference start+wait - blocking. Results
are checked before and after the timing.
"""

import os
import resource
import subprocess
import time

import numpy as np
import jax
import jax.numpy as jnp
from jax import lax
from mpi4py import MPI

import reporting   # benchmarks/reporting.py: the shared output
from reporting import fmt_bytes, fmt_time
import timing      # benchmarks/timing.py: the shared method

import mpicoll
from mpicoll.halo import halo_exchange, halo_exchange_finish, halo_exchange_start
from mpicoll._src import memory   # the allocator setting made at import (its name in the file)

comm = MPI.COMM_WORLD
rank, size = comm.Get_rank(), comm.Get_size()
timing_comm = comm.Dup()    # barriers and result gathering stay off the measured comm
other = 1 - rank
LATE = 1                    # the rank that computes D first

SIZES = [1024, 1 << 20, 16 << 20]
VARIANTS = ["mpicoll_blocking", "mpicoll_nonblocking", "mpi4py_blocking", "mpi4py_nonblocking",
            "mpicoll_as_written", "work"]
MATRIX = 64


# --- the work --------------------------------------------------------------------

def work_function(steps):
    """`steps` products of 64x64 matrices (tanh keeps the values bounded);
    returns the last product."""
    def work(a):
        b = a.T * 0.5
        return lax.fori_loop(0, steps, lambda i, m: jnp.tanh(m @ b), a)
    return work


def work_input(seed):
    return jnp.asarray(np.random.default_rng(seed).uniform(-1, 1, (MATRIX, MATRIX)),
                       jnp.float32)


def time_work(steps, a, n=15):
    f = jax.jit(work_function(steps))
    f(a).block_until_ready()
    times = []
    for _ in range(n):
        t = time.perf_counter()
        f(a).block_until_ready()
        times.append(time.perf_counter() - t)
    return float(np.median(times))


def calibrate(target, quick):
    """Loop steps for `target` seconds of work on this rank (both ranks at
    once, as in the benchmark); (steps, measured seconds)."""
    a = work_input(100 + rank)
    steps = 50
    for _ in range(3):
        t = time_work(steps, a, 5 if quick else 15)
        steps = max(1, round(steps * target / t))
    return steps, time_work(steps, a, 5 if quick else 21)


# --- part 1: the late partner ----------------------------------------------------------

def sent_array(n):
    """What this rank sends: n float32 values, distinct per rank and position."""
    return (np.arange(n, dtype=np.float32) % 4096) + 8192.0 * rank


def after(v, w):
    """`v`, exactly, computed after `w` (finite values): a data dependency,
    which XLA:CPU keeps, where it removes optimization barriers and orders
    independent operations as it likes (mpicoll ties the computation
    between a start and its wait in the same way)."""
    zero = jnp.minimum(jnp.abs(jnp.ravel(w)[0]), 0).astype(v.dtype)
    return v * (zero + 1)


def mpicoll_steps(steps, n):
    """The jitted steps of this rank: blocking (C tied after the exchange),
    nonblocking, and blocking as written (nothing ties C)."""
    work = work_function(steps)
    late = rank == LATE

    def after_d(x, a_d):
        """D (on the late rank), then x, tied to come after it."""
        if not late:
            return x, jnp.float32(0)
        d = jnp.sum(work(a_d))
        return after(x, d), d

    def blocking(x, a_d, a_c):
        x, d = after_d(x, a_d)
        y = mpicoll.sendrecv(x, x, other, other)
        c = jnp.sum(work(after(a_c, y)))              # C after the exchange
        return y, jnp.sum(y), c + d

    def blocking_as_written(x, a_d, a_c):
        x, d = after_d(x, a_d)
        y = mpicoll.sendrecv(x, x, other, other)
        c = jnp.sum(work(a_c))
        return y, jnp.sum(y), c + d

    def nonblocking(x, a_d, a_c):
        x, d = after_d(x, a_d)
        req = mpicoll.isendrecv(x, x, other, other)
        c = jnp.sum(work(a_c))
        y = mpicoll.wait(req)
        return y, jnp.sum(y), c + d

    return jax.jit(blocking), jax.jit(nonblocking), jax.jit(blocking_as_written)


class LatePartner:
    """The variants of one message size on this rank: each call runs one
    step and returns (received array, its sum)."""

    def __init__(self, steps, nbytes):
        n = nbytes // 4
        self.sent = sent_array(n)
        self.expected = (np.arange(n, dtype=np.float32) % 4096) + 8192.0 * other
        self.expected_sum = float(np.sum(self.expected, dtype=np.float64))
        self.x = jnp.asarray(self.sent)
        self.a_d, self.a_c = work_input(200 + rank), work_input(300 + rank)
        self.blocking, self.nonblocking, self.as_written = mpicoll_steps(steps, n)
        self.work_call = jax.jit(work_function(steps))
        self.recv = np.empty(n, np.float32)
        self.late = rank == LATE

    def mpicoll_blocking(self):
        y, s, _ = self.blocking(self.x, self.a_d, self.a_c)
        return y.block_until_ready(), s

    def mpicoll_as_written(self):
        y, s, _ = self.as_written(self.x, self.a_d, self.a_c)
        return y.block_until_ready(), s

    def work(self):
        """The work alone on both ranks at once, no exchange: rank 0's time
        is C's, rank 1's D's."""
        self.work_call(self.a_c).block_until_ready()

    def mpicoll_nonblocking(self):
        y, s, _ = self.nonblocking(self.x, self.a_d, self.a_c)
        return y.block_until_ready(), s

    def mpi4py_nonblocking(self):
        if self.late:
            self.work_call(self.a_d).block_until_ready()
        reqs = [comm.Irecv(self.recv, other, 7), comm.Isend(self.sent, other, 7)]
        self.work_call(self.a_c).block_until_ready()
        MPI.Request.Waitall(reqs)
        return self.recv, self.recv.sum(dtype=np.float32)

    def mpi4py_blocking(self):
        if self.late:
            self.work_call(self.a_d).block_until_ready()
        comm.Sendrecv(self.sent, other, 7, self.recv, other, 7)
        self.work_call(self.a_c).block_until_ready()
        return self.recv, self.recv.sum(dtype=np.float32)

    def check(self, variant, result):
        """The step's received data is the other rank's array, and its sum the
        array's sum (float32 summation: relative 1e-3)."""
        if variant == "work":
            return
        y, s = result
        y = np.asarray(y)
        if not np.array_equal(y, self.expected):
            raise AssertionError(f"{variant}: rank {rank} received wrong data "
                                 f"({np.count_nonzero(y != self.expected)} of {y.size} differ)")
        if not abs(float(s) - self.expected_sum) <= 1e-3 * abs(self.expected_sum) + 1:
            raise AssertionError(f"{variant}: rank {rank}: sum {float(s)} of the received "
                                 f"data, expected {self.expected_sum}")


def minor_faults():
    """This process's minor page faults so far (a page mapped afresh: on
    this machine about 1.4 us each, 16 MiB of them about 6 ms)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_minflt


def late_partner(nbytes, steps, n, block):
    """Rank 0's and rank 1's median step time per variant (seconds), and
    each rank's minor page faults per step (median, and the steps with over
    1,000 of them: 4 MiB mapped afresh)."""
    case = LatePartner(steps, nbytes)
    calls = {v: getattr(case, v) for v in VARIANTS}
    for v, call in calls.items():           # compile, warm up, check
        for _ in range(3):
            case.check(v, call())
    times = {v: [] for v in VARIANTS}
    faults = {v: [] for v in VARIANTS}
    done = 0
    while done < n:
        k = min(block, n - done)
        for v, call in calls.items():
            for _ in range(k):
                timing_comm.Barrier()
                f = minor_faults()
                t = time.perf_counter()
                result = call()
                times[v].append(time.perf_counter() - t)
                faults[v].append(minor_faults() - f)
                case.check(v, result)
        done += k
    both, both_faults = {}, {}
    for v in VARIANTS:
        both[v] = timing_comm.allgather(float(np.median(times[v])))
        both_faults[v] = timing_comm.allgather(
            (float(np.median(faults[v])), int(np.sum(np.array(faults[v]) > 1000))))
    return both, both_faults


# --- part 2: nothing to overlap ------------------------------------------------------

LOOP = 100
NOTHING_SIZES = [8, 1 << 20, 16 << 20]


def nothing_cases(nbytes):
    """(operation, how) -> {variant: (call, check)}: one call runs the
    operation(s), check(result) tells whether the result is right. `how`
    is jit1 (one operation per jitted call; mpi4py's calls on preallocated
    NumPy buffers beside it) or loop100 (a jitted loop, 8 bytes only)."""
    n = nbytes // 4
    mine = (np.arange(n, dtype=np.float32) % 4096) + 8192.0 * rank
    theirs = (np.arange(n, dtype=np.float32) % 4096) + 8192.0 * other
    total = mine + theirs                   # exact: integers below 2**24
    x = jnp.asarray(mine)
    recv = np.empty_like(mine)
    equal = lambda expected: lambda y: np.array_equal(np.asarray(y), expected)

    def jitted(f):
        g = jax.jit(f)
        return lambda: g(x).block_until_ready()

    def mpi4py_sendrecv():
        comm.Sendrecv(mine, other, 3, recv, other, 3)
        return recv

    def mpi4py_isendrecv():
        MPI.Request.Waitall([comm.Irecv(recv, other, 3), comm.Isend(mine, other, 3)])
        return recv

    def mpi4py_allreduce():
        comm.Allreduce(mine, recv, MPI.SUM)
        return recv

    def mpi4py_iallreduce():
        comm.Iallreduce(mine, recv, MPI.SUM).Wait()
        return recv

    cases = {
        ("sendrecv", "jit1"): {
            "blocking": (jitted(lambda v: mpicoll.sendrecv(v, v, other, other)), equal(theirs)),
            "nonblocking": (jitted(lambda v: mpicoll.wait(mpicoll.isendrecv(v, v, other, other))),
                            equal(theirs)),
            "mpi4py_blocking": (mpi4py_sendrecv, equal(theirs)),
            "mpi4py_nonblocking": (mpi4py_isendrecv, equal(theirs))},
        ("allreduce", "jit1"): {
            "blocking": (jitted(lambda v: mpicoll.allreduce(v, MPI.SUM)), equal(total)),
            "nonblocking": (jitted(lambda v: mpicoll.wait(mpicoll.iallreduce(v, MPI.SUM))),
                            equal(total)),
            "mpi4py_blocking": (mpi4py_allreduce, equal(total)),
            "mpi4py_nonblocking": (mpi4py_iallreduce, equal(total))}}
    if nbytes > 8:
        return cases

    def loop(op, update):
        return jitted(lambda v: lax.fori_loop(0, LOOP, lambda i, u: update(op, u), v))

    # sendrecv loop: both send u + 1 and take the other's, so after an even
    # count of exchanges a rank holds its own values + LOOP; allreduce loop:
    # the mean + 1 (exact in float32 at 2 ranks)
    swap = lambda op, u: op(u + 1)
    mean = lambda op, u: op(u) / size + 1
    sendrecv = lambda v: mpicoll.sendrecv(v, v, other, other)
    isendrecv = lambda v: mpicoll.wait(mpicoll.isendrecv(v, v, other, other))
    allreduce = lambda v: mpicoll.allreduce(v, MPI.SUM)
    iallreduce = lambda v: mpicoll.wait(mpicoll.iallreduce(v, MPI.SUM))
    cases[("sendrecv", f"loop{LOOP}")] = {
        "blocking": (loop(sendrecv, swap), equal(mine + LOOP)),
        "nonblocking": (loop(isendrecv, swap), equal(mine + LOOP))}
    cases[("allreduce", f"loop{LOOP}")] = {
        "blocking": (loop(allreduce, mean), equal(total / size + LOOP)),
        "nonblocking": (loop(iallreduce, mean), equal(total / size + LOOP))}
    return cases


def nothing_to_overlap(sizes, quick):
    rows = []
    rounds = 2 if quick else 5
    for nbytes in sizes:
        for (name, how), variants in nothing_cases(nbytes).items():
            per_op = 1 if how == "jit1" else LOOP
            calls = 50 if per_op == 1 else 10
            if nbytes >= 1 << 24:
                calls = 5 if quick else 20
            elif nbytes >= 1 << 20:
                calls = 10 if quick else 60
            elif not quick:
                calls *= 10 if per_op == 1 else 5
            for v, (call, check) in variants.items():
                ok = timing_comm.allreduce(bool(check(call())), op=MPI.LAND)
                if not ok:
                    raise AssertionError(f"{name} {how} {v} at {nbytes} B: a rank got a "
                                         "wrong result")
            medians = {v: [] for v in variants}
            for _ in range(rounds):
                for v, (call, _) in variants.items():
                    medians[v].append(timing.measure(call, calls, max(3, calls // 10),
                                                     timing_comm) / per_op)
            for v, (call, check) in variants.items():      # after the timing too
                if not timing_comm.allreduce(bool(check(call())), op=MPI.LAND):
                    raise AssertionError(f"{name} {how} {v} at {nbytes} B: wrong result")
            row = {"op": name, "how": how, "bytes": nbytes, "ops_per_call": per_op,
                   "rounds": rounds, "calls_per_round": calls}
            for v in variants:
                row[v] = float(np.median(medians[v]))
                row[v + "_rounds"] = medians[v]
            row["difference"] = row["nonblocking"] - row["blocking"]
            rows.append(row)
            yield row


# --- output -----------------------------------------------------------------

COLUMNS = {"mpicoll_blocking": "mpicoll b", "mpicoll_nonblocking": "mpicoll nb",
           "mpi4py_blocking": "mpi4py b", "mpi4py_nonblocking": "mpi4py nb",
           "mpicoll_as_written": "as written", "work": "C (r0)", "work_rank1": "D (r1)"}


def late_header():
    return (f"{'size':<8}" + "".join(f"{COLUMNS[v]:>12}" for v in VARIANTS + ["work_rank1"])
            + f"{'floor':>7}{'mpicoll nb/b':>14}{'mpi4py nb/b':>13}{'nb/as written':>15}"
            + f"{'goal':>6}")


def late_row(row):
    cells = "".join(f"{fmt_time(row[v]):>12}" for v in VARIANTS + ["work_rank1"])
    return (f"{fmt_bytes(row['bytes']):<8}{cells}{row['floor_ratio']:>6.2f}x"
            f"{row['mpicoll_ratio']:>13.2f}x"
            f"{row['mpi4py_ratio']:>12.2f}x{row['as_written_ratio']:>14.2f}x{row['goal']:>5.1f}x "
            + ("met" if row["mpicoll_ratio"] <= row["goal"] else "NOT MET"))


def nothing_header():
    return (f"{'operation':<11}{'size':<8}{'per call':<10}{'blocking':>12}{'start+wait':>12}"
            f"{'difference':>13}{'mpi4py b':>12}{'mpi4py nb':>12}   (per operation)")


def nothing_row(row):
    mpi4py = "".join(f"{fmt_time(row[v]):>12}" if v in row else f"{'':>12}"
                     for v in ("mpi4py_blocking", "mpi4py_nonblocking"))
    return (f"{row['op']:<11}{fmt_bytes(row['bytes']):<8}{row['how']:<10}"
            f"{fmt_time(row['blocking']):>12}{fmt_time(row['nonblocking']):>12}"
            f"{row['difference'] * 1e6:>+10.1f} us{mpi4py}")


# --- the stencil step (--part stencil, any rank count) -----------------------

def stencil_programs(N, cart):
    """`steps` Jacobi steps of the 7-point average on an N^3 float32 cube in
    slabs along axis 0 (periodic everywhere; this rank's rows plus one halo
    row on each side), as jitted functions: blocking (two sendrecv of a
    halo row, then every row), nonblocking (two isendrecv, the interior
    rows meanwhile, then the two rows next to the halos), and the same two
    written with the halo module (`halo_exchange`, and
    `halo_exchange_start`/`finish` around the interior rows)."""
    P = cart.Get_size()
    n = N // P
    left, right = cart.Shift(0, 1)

    def rows(u, lo, hi):            # the update of rows lo..hi-1 of u (halo rows at 0, n + 1)
        c = u[lo:hi]
        return (u[lo - 1:hi - 1] + u[lo + 1:hi + 1] + jnp.roll(c, 1, 1) + jnp.roll(c, -1, 1)
                + jnp.roll(c, 1, 2) + jnp.roll(c, -1, 2)) / 6

    def blocking_step(u):
        below = mpicoll.sendrecv(u[n], u[0], left, right, comm=cart)
        above = mpicoll.sendrecv(u[1], u[n + 1], right, left, sendtag=1, recvtag=1, comm=cart)
        u = u.at[0].set(below).at[n + 1].set(above)
        return u.at[1:n + 1].set(rows(u, 1, n + 1))

    def nonblocking_step(u):
        below = mpicoll.isendrecv(u[n], u[0], left, right, comm=cart)
        above = mpicoll.isendrecv(u[1], u[n + 1], right, left, sendtag=1, recvtag=1, comm=cart)
        middle = rows(u, 2, n)                     # needs no halo
        u = u.at[0].set(mpicoll.wait(below)).at[n + 1].set(mpicoll.wait(above))
        return u.at[1:2].set(rows(u, 1, 2)).at[2:n].set(middle).at[n:n + 1].set(rows(u, n, n + 1))

    def halo_step(u):
        u = halo_exchange(u, (1,), cart)
        return u.at[1:n + 1].set(rows(u, 1, n + 1))

    def halo_overlap_step(u):
        request = halo_exchange_start(u, (1,), cart)
        middle = rows(u, 2, n)                     # needs no halo
        u = halo_exchange_finish(request)
        return u.at[1:2].set(rows(u, 1, 2)).at[2:n].set(middle).at[n:n + 1].set(rows(u, n, n + 1))

    def looped(step):
        return jax.jit(lambda u, k: lax.fori_loop(0, k, lambda i, v: step(v), u),
                       static_argnums=1)
    return {"blocking": looped(blocking_step), "nonblocking": looped(nonblocking_step),
            "halo": looped(halo_step), "halo_overlap": looped(halo_overlap_step)}, n


def stencil(sizes, steps, reps):
    """Per size: seconds per step of each program (slowest rank, median of
    `reps` calls of `steps` steps) and whether the two agree."""
    cart = comm.Create_cart([size], periods=[True])
    out = []
    try:
        for N in sizes:
            programs, n = stencil_programs(N, cart)
            rng = np.random.default_rng(rank)
            u = jnp.asarray(rng.random((n + 2, N, N), dtype=np.float32))
            reference = programs["blocking"](u, 3)
            same = all(bool(np.allclose(reference, f(u, 3), rtol=1e-6, atol=1e-6))
                       for f in programs.values())
            row = {"N": N, "rows": n, "agree": bool(timing_comm.allreduce(same, op=MPI.LAND))}
            for name, f in programs.items():
                f(u, steps).block_until_ready()
                times = []
                for _ in range(reps):
                    timing_comm.Barrier()
                    t = time.perf_counter()
                    f(u, steps).block_until_ready()
                    times.append((time.perf_counter() - t) / steps)
                row[name] = timing_comm.allreduce(float(np.median(times)), op=MPI.MAX)
            row["ratio"] = row["nonblocking"] / row["blocking"]
            row["halo_ratio"] = row["halo_overlap"] / row["halo"]
            out.append(row)
    finally:
        cart.Free()
    return out


def over_tcp():
    """Whether the ranks talk over TCP (scripts/test.sh's settings for MPICH
    and Open MPI) rather than shared memory."""
    if os.environ.get("MPIR_CVAR_NOLOCAL") == "1" and os.environ.get("FI_PROVIDER") == "tcp":
        return True
    btl = os.environ.get("OMPI_MCA_btl", "")
    return "tcp" in btl.split(",") and not {"sm", "vader"} & set(btl.split(","))


# glibc's own malloc settings (read at startup): with any of them set,
# mpicoll leaves the allocator to them (mpicoll/_src/memory.py)
MALLOC_SETTINGS = memory.GLIBC_SETTINGS


def environment_suffix():
    suffix = "_openmpi" if MPI.get_vendor()[0] == "Open MPI" else ""
    progress = os.environ.get("MPICOLL_PROGRESS_US", "").strip()
    if progress:
        suffix += f"_progress{progress}"
    if any(os.environ.get(k) for k in MALLOC_SETTINGS):
        suffix += "_malloc"
    elif not memory.KEPT:
        suffix += "_keep0"       # glibc hands freed memory back (MPICOLL_KEEP_FREED_MEMORY=0)
    return suffix + ("_tcp" if over_tcp() else "")


def device_name():
    """This rank's JAX device in words: "cpu", or "gpu (NVIDIA H200)"."""
    device = jax.devices()[0]
    return device.platform + ("" if device.platform == "cpu" else f" ({device.device_kind})")


def device_suffix(devices):
    """"" when every rank computes on the CPU, else each rank's platform:
    "_gpu_gpu", "_gpu_cpu" (rank 0's first)."""
    platforms = [d.split()[0] for d in devices]
    return "" if set(platforms) == {"cpu"} else "_" + "_".join(platforms)


def source_state():
    """The commit of this checkout and the files that differ from it (a
    committed result says what it ran on)."""
    def git(*args):
        try:
            return subprocess.run(["git", *args], capture_output=True, text=True, check=True,
                                  cwd=os.path.dirname(os.path.abspath(__file__))).stdout.strip()
        except (OSError, subprocess.CalledProcessError):
            return None
    changed = git("status", "--porcelain", "--", "mpicoll", "benchmarks", "setup.py")
    from mpicoll._src import _ffi
    built = os.path.getmtime(_ffi.__file__)
    return {"commit": git("rev-parse", "--short", "HEAD"),
            "uncommitted": changed.splitlines() if changed else [],
            "extension_built": time.strftime("%Y-%m-%dT%H:%M:%S", time.localtime(built))}


def add_arguments(parser):
    parser.add_argument("--sizes", type=int, nargs="+", default=SIZES, metavar="BYTES",
                        help="message sizes of part 1 (multiples of 4; default 1 KiB, "
                             "1 MiB, 16 MiB)")
    parser.add_argument("--work-ms", type=float, default=10.0,
                        help="D and C, each (default 10 ms)")
    parser.add_argument("--n", type=int, help="timed steps per variant and size "
                                              "(default 60, --quick 6)")
    parser.add_argument("--nothing-sizes", type=int, nargs="+", default=NOTHING_SIZES,
                        metavar="BYTES", help="message sizes of part 2 (default 8 B, 1 MiB, "
                                              "16 MiB; the loop of 100 runs at 8 B only)")
    parser.add_argument("--part", choices=["1", "2", "both", "stencil"], default="both",
                        help="1: late partner, 2: nothing to overlap (default both; 2 ranks); "
                             "stencil: a Jacobi step with and without overlap (any ranks)")
    parser.add_argument("--stencil-sizes", type=int, nargs="+", default=[128, 256],
                        metavar="N", help="cube edges of the stencil part (default 128 256)")
    parser.add_argument("--out", default="benchmarks/results/overlap",
                        help="folder for the outputs")


def main(args):
    if size != 2 and args.part != "stencil":
        raise SystemExit(f"run.py overlap: parts 1 and 2 run on exactly 2 ranks, not {size}")
    log = reporting.Log(rank)
    env = {k: os.environ.get(k) for k in ("MPICOLL_PROGRESS_US", "MPIR_CVAR_NOLOCAL",
                                          "MPIR_CVAR_CH4_NETMOD", "FI_PROVIDER") + MALLOC_SETTINGS}
    from mpicoll._src import _ffi
    progress = _ffi.progress_interval()
    thread_level = MPI.Query_thread()
    meta = reporting.metadata(comm, quick=args.quick, environment=env, source=source_state(),
                              progress_us=progress,
                              mpi_thread_multiple=thread_level == MPI.THREAD_MULTIPLE)
    log(reporting.title("mpicoll overlap benchmark", meta))
    dirty = [f for f in meta["source"]["uncommitted"] if "mpicoll/" in f]
    log(f"commit {meta['source']['commit']}"
        + (f", uncommitted library changes: {' '.join(f.split()[-1] for f in dirty)}"
           if dirty else "") + f"; {meta['date']}")
    vendor = MPI.get_vendor()[0]
    transport = f"{vendor}, " + ("TCP" if over_tcp() else "its default (shared memory)")
    thread = (f"every {progress} us" if progress > 0 and thread_level == MPI.THREAD_MULTIPLE
              else "none")
    log(f"transport: {transport}; mpicoll progress thread: {thread} "
        f"(MPICOLL_PROGRESS_US={env['MPICOLL_PROGRESS_US'] or f'unset, {progress}'})")
    meta["c_allocator"] = memory.description()
    log(f"C allocator: {meta['c_allocator']}")
    # each rank's JAX device: with JAX_PLATFORMS set per rank, a GPU rank's
    # kernels can be timed against a CPU partner (docs/gpu.md)
    devices = timing_comm.allgather(device_name())
    meta["devices"] = devices
    log("devices: " + ", ".join(f"rank {r} {d}" for r, d in enumerate(devices)))
    started = time.perf_counter()
    results = {"late_partner": [], "nothing_to_overlap": []}

    if args.part in ("1", "both"):
        steps, measured = calibrate(args.work_ms / 1e3, args.quick)
        work = timing_comm.allgather((steps, measured))
        meta["work"] = [{"rank": r, "loop_steps": s, "seconds": t} for r, (s, t) in enumerate(work)]
        log("")
        log(f"Late partner: rank {LATE} computes D, then exchanges; both then compute C and "
            f"sum what they received.")
        log("work calibrated to {:.0f} ms: {}".format(args.work_ms, ", ".join(
            f"rank {r} {s} matmul steps = {t * 1e3:.2f} ms" for r, (s, t) in enumerate(work))))
        log(f"rank 0's step time (barrier to end of its step), median of "
            f"{args.n or (6 if args.quick else 60)} steps:")
        log(late_header())
        n = args.n or (6 if args.quick else 60)
        for nbytes in (args.sizes if not args.quick else [1024, 1 << 20]):
            both, faults = late_partner(nbytes, steps, n, block=2)
            row = {"bytes": nbytes, "steps": n}
            for v in VARIANTS:
                row[v] = both[v][0]
                row[v + "_rank1"] = both[v][1]
                row[v + "_faults"] = faults[v]     # per rank: (median, steps over 1,000)
            row["mpicoll_ratio"] = row["mpicoll_nonblocking"] / row["mpicoll_blocking"]
            row["mpi4py_ratio"] = row["mpi4py_nonblocking"] / row["mpi4py_blocking"]
            row["as_written_ratio"] = row["mpicoll_nonblocking"] / row["mpicoll_as_written"]
            row["floor_ratio"] = (max(row["work"], row["work_rank1"])
                                  / (row["work"] + row["work_rank1"]))
            row["goal"] = 0.7 if nbytes > (1 << 20) else 0.6
            results["late_partner"].append(row)
            log(late_row(row))
        log("(b: blocking, C tied after the exchange by data; nb: nonblocking; as written: "
            "mpicoll's sendrecv then C, nothing tying them, XLA schedules them as it likes;")
        log(" C (r0), D (r1): the work alone on both ranks at once, no exchange, rank 0's and "
            "rank 1's time; floor: max(C, D) / (C + D), the ratio a free exchange would give;")
        log(" goal: the issue's bound for mpicoll nb/b)")
        log("")
        log(f"rank {LATE}'s minor page faults per step (median; steps of {n} with over "
            "1,000, 4 MiB mapped afresh):")
        for row in results["late_partner"]:
            log(f"{fmt_bytes(row['bytes']):<8}" + "  ".join(
                f"{COLUMNS[v]} {row[v + '_faults'][LATE][0]:.0f}; {row[v + '_faults'][LATE][1]}"
                for v in VARIANTS[:-1]))

    if args.part in ("2", "both"):
        log("")
        log("Nothing to overlap: start + wait with nothing between against the blocking "
            "operation, and mpi4py's calls on NumPy buffers (slowest rank, median of the "
            "rounds' medians):")
        log(nothing_header())
        for row in nothing_to_overlap(args.nothing_sizes if not args.quick else [8, 1 << 20],
                                      args.quick):
            results["nothing_to_overlap"].append(row)
            log(nothing_row(row))

    if args.part == "stencil":
        log("")
        log(f"Stencil: 7-point Jacobi steps on an N^3 float32 cube in slabs over {size} ranks "
            f"(one halo row each side, periodic), 20 steps in a fori_loop; seconds per step, "
            f"slowest rank, median of {3 if args.quick else 10} calls:")
        log(f"{'N':>6}{'rows/rank':>11}{'blocking':>12}{'nonblocking':>13}{'nb/b':>7}"
            f"{'halo':>12}{'halo start':>12}{'nb/b':>7}  agree")
        for row in stencil(args.stencil_sizes if not args.quick else [64], 20,
                           3 if args.quick else 10):
            results.setdefault("stencil", []).append(row)
            log(f"{row['N']:>6}{row['rows']:>11}{fmt_time(row['blocking']):>12}"
                f"{fmt_time(row['nonblocking']):>13}{row['ratio']:>6.2f}x"
                f"{fmt_time(row['halo']):>12}{fmt_time(row['halo_overlap']):>12}"
                f"{row['halo_ratio']:>6.2f}x  {row['agree']}")
        log("(blocking: two sendrecv of a halo row, then every row; nonblocking: two "
            "isendrecv, the interior rows meanwhile, then the rows next to the halos; halo: "
            "mpicoll.halo_exchange, then every row; halo start: halo_exchange_start, the "
            "interior rows, halo_exchange_finish, the rows next to the halos)")

    log(f"(total {time.perf_counter() - started:.0f} s)")
    if rank == 0:
        name = f"stencil_np{size}" if args.part == "stencil" else "overlap_np2"
        stem = os.path.join(args.out, name + environment_suffix() + device_suffix(devices)
                            + ("_quick" if args.quick else ""))
        reporting.write(stem, meta, results, log.text)
    return 0
