"""MPI_Reduce against a reduce-scatter plus a gatherv to root, with mpi4py alone.

For the choice of reduce's block path (benchmarks/README.md, "Reductions by
blocks"): preallocated NumPy buffers, float32 SUM, root 0, the median of 15
calls (slowest rank, barrier before each), the two variants alternating
twice, at 1, 4, 16 and 64 MiB:

    ./scripts/mpirun.sh 2 benchmarks/reduce_by_blocks.py
    ./scripts/mpirun.sh 3 benchmarks/reduce_by_blocks.py
"""
import time

import numpy as np
from mpi4py import MPI
comm = MPI.COMM_WORLD; P, r = comm.size, comm.rank
for nbytes in [1 << 20, 4 << 20, 16 << 20, 64 << 20]:
    n = nbytes // 4
    x = np.random.default_rng(r).normal(size=n).astype(np.float32)
    y = np.empty_like(x); blk = np.empty(n // P + 1, np.float32)
    counts = [n // P + (1 if q < n % P else 0) for q in range(P)]
    displs = [sum(counts[:q]) for q in range(P)]
    def one(): comm.Reduce(x, y if r == 0 else None, root=0)
    def blocks():
        mine = y[displs[r]:displs[r] + counts[r]] if r == 0 else blk[:counts[r]]
        comm.Reduce_scatter(x, mine, counts)
        if r == 0: comm.Gatherv(MPI.IN_PLACE, [y, counts, displs, MPI.FLOAT], root=0)
        else: comm.Gatherv(mine, None, root=0)
    res = {}
    for name, fn in [("Reduce", one), ("RS+Gatherv", blocks), ("Reduce", one), ("RS+Gatherv", blocks)]:
        fn(); ts = []
        for _ in range(15):
            comm.Barrier(); t = time.perf_counter(); fn(); ts.append(time.perf_counter() - t)
        res.setdefault(name, []).append(max(comm.allgather(np.median(ts))))
    if r == 0: print(P, nbytes >> 20, "MiB", {k: [f"{v*1e3:.2f} ms" for v in vs] for k, vs in res.items()}, flush=True)
