"""The timing method every benchmark here uses (docs/design.md §5).

A barrier before each timed call, so all ranks start together; the time of
an iteration is the slowest rank's (what a bulk-synchronous program waits
for); the result is the median over the iterations after warm-up. Beside
it, what the benchmarks observe about a call's memory: page faults per call
(`faults_per_call`), where its results lie (`result_memory`) and a JAX
array's own buffer for mpi4py (`jax_memory`).

mpi4py is imported only when a communicator is passed: a process that times
something on its own (fft3d.py's shard_map worker) must not initialise MPI,
or it would try to join the job that launched its parent.
"""

import time

import numpy as np


def measure(call, n, warmup, comm):
    """Median over `n` iterations of the slowest rank's time of `call()`, in
    seconds, after `warmup` untimed calls. `comm` carries the barriers and the
    reduction of the times: pass a duplicate, so they stay off the
    communicator being measured. Collective over `comm`. With `comm=None`
    the call is timed in this process alone (no barrier, no reduction): for
    work that one process does while the others wait, or a process without
    MPI."""
    for _ in range(warmup):
        call()
    times = np.empty(n)
    for i in range(n):
        if comm is not None:
            comm.Barrier()
        start = time.perf_counter()
        call()
        times[i] = time.perf_counter() - start
    if comm is None:
        return float(np.median(times))
    from mpi4py import MPI
    slowest = np.empty_like(times)
    comm.Allreduce(times, slowest, op=MPI.MAX)
    return float(np.median(slowest))


def jax_memory(x):
    """A NumPy view of a JAX array's own buffer (read-only, no copy), for
    timing an mpi4py call on the memory XLA wrote."""
    import numpy as np
    view = np.asarray(x)
    if view.ctypes.data != x.unsafe_buffer_pointer():
        raise RuntimeError("np.asarray copied the JAX array; its own memory is needed")
    return view


def faults_per_call(call, n, comm):
    """Page faults per call of `call()` (minor faults of the whole process,
    all threads), the most of any rank, over `n` calls after one untimed
    call. Collective over `comm`."""
    import resource
    from mpi4py import MPI
    call()
    before = resource.getrusage(resource.RUSAGE_SELF).ru_minflt
    for _ in range(n):
        comm.Barrier()
        call()
    faults = (resource.getrusage(resource.RUSAGE_SELF).ru_minflt - before) / n
    return comm.allreduce(faults, op=MPI.MAX)


def result_memory(call, n):
    """Where the results of n calls of `call()` (a JAX array, or a tree whose
    first leaf is the one to look at) lie: how many distinct addresses, and
    the share of calls whose result is on glibc's main heap ("[heap]" in
    /proc/self/maps, whose top glibc gives back to the kernel, so that it
    faults in again) rather than in a thread's arena or a mapping of its
    own. XLA's CPU client allocates the results of an executable it runs
    inline there (benchmarks/README.md, "Reductions by blocks")."""
    import jax
    addresses = []
    for _ in range(n):
        y = jax.tree.leaves(call())[0]
        addresses.append(y.addressable_shards[0].data.unsafe_buffer_pointer())
        del y
    with open("/proc/self/maps") as maps:
        heaps = [tuple(int(a, 16) for a in line.split()[0].split("-"))
                 for line in maps if line.rstrip().endswith("[heap]")]
    on_heap = sum(any(lo <= a < hi for lo, hi in heaps) for a in addresses)
    return {"distinct": len(set(addresses)), "on_main_heap": on_heap / n}
