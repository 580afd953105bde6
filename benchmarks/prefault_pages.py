"""Probe: would faulting a fresh result's pages in with one system call,
before MPI writes them, make a fresh-memory allreduce cheaper?

A 1 MiB result that glibc has given back to the kernel faults in again page
by page while MPI writes it (benchmarks/README.md, "Reductions by blocks").
`madvise(MADV_POPULATE_WRITE)` (Linux 5.14) makes the kernel fault a range
in at once, without a trap per page. Per size, three variants, each 100
calls, median of the slowest rank: `faulting`, MPI_Allreduce into a new
anonymous mapping; `populate first`, the same with the madvise before
MPI_Allreduce (timed); `warm buffer`, into one mapping written before.

    for s in 262144 1048576 4194304; do ./scripts/mpirun.sh 2 benchmarks/prefault_pages.py $s; done
"""

import mmap
import sys
import time

import numpy as np
from mpi4py import MPI

MADV_POPULATE_WRITE = 23
comm = MPI.COMM_WORLD
nbytes = int(sys.argv[1]) if len(sys.argv) > 1 else 1 << 20
x = np.ones(nbytes // 4, np.float32)


def slowest_median(times):
    times = np.array(times)
    worst = np.empty_like(times)
    comm.Allreduce(times, worst, op=MPI.MAX)
    return float(np.median(worst)) * 1e6


def fresh(populate, calls=100):
    times = []
    for _ in range(calls):
        memory = mmap.mmap(-1, nbytes)
        y = np.frombuffer(memory, np.float32)
        comm.Barrier()
        start = time.perf_counter()
        if populate:
            memory.madvise(MADV_POPULATE_WRITE)
        comm.Allreduce(x, y)
        times.append(time.perf_counter() - start)
        del y
        memory.close()
    return slowest_median(times)


def warm(calls=100):
    y = np.zeros(nbytes // 4, np.float32)
    times = []
    for _ in range(calls):
        comm.Barrier()
        start = time.perf_counter()
        comm.Allreduce(x, y)
        times.append(time.perf_counter() - start)
    return slowest_median(times)


for _ in range(3):
    a, b, c = fresh(False), fresh(True), warm()
    if comm.rank == 0:
        print(f"{nbytes:>9,} B  faulting {a:7.1f} us   populate first {b:7.1f} us   "
              f"warm buffer {c:7.1f} us", flush=True)
