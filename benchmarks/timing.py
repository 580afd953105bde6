"""The timing method every benchmark here uses (docs/design.md §5).

A barrier before each timed call, so all ranks start together; the time of
an iteration is the slowest rank's (what a bulk-synchronous program waits
for); the result is the median over the iterations after warm-up.
"""

import time

import numpy as np
from mpi4py import MPI


def measure(call, n, warmup, comm):
    """Median over `n` iterations of the slowest rank's time of `call()`, in
    seconds, after `warmup` untimed calls. `comm` carries the barriers and the
    reduction of the times: pass a duplicate, so they stay off the
    communicator being measured. Collective over `comm`."""
    for _ in range(warmup):
        call()
    times = np.empty(n)
    for i in range(n):
        comm.Barrier()
        start = time.perf_counter()
        call()
        times[i] = time.perf_counter() - start
    slowest = np.empty_like(times)
    comm.Allreduce(times, slowest, op=MPI.MAX)
    return float(np.median(slowest))
