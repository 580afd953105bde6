"""Do MPI's allreduce and reduce-scatter + allgatherv give the same bits?

mpicoll's allreduce of 1-32 MiB is a reduce-scatter into this rank's block
of the result and an in-place allgatherv (benchmarks/README.md, "allreduce
at 1-32 MiB"). This probe compares the two with mpi4py alone, on random
floats (where the order of additions shows in the last bits), for float32,
float64 and complex64, SUM and PROD, 64 KiB to 16 MiB, blocks uneven, and
the in-place reduce-scatter (MPI puts this rank's block first; moved to its
place) against the out-of-place one:

    for p in 2 3 4; do ./scripts/mpirun.sh $p benchmarks/allreduce_bits.py; done

Prints, on rank 0, the cases where its results differ and in how many
elements.
"""

import numpy as np
from mpi4py import MPI

comm = MPI.COMM_WORLD
P, rank = comm.size, comm.rank
MPI_TYPE = {np.float32: MPI.FLOAT, np.float64: MPI.DOUBLE, np.complex64: MPI.C_FLOAT_COMPLEX}


def by_blocks(x, op, in_place):
    n = x.size
    counts = [n // P + (1 if q < n % P else 0) for q in range(P)]
    displs = [sum(counts[:q]) for q in range(P)]
    mine = slice(displs[rank], displs[rank] + counts[rank])
    if in_place:
        y = x.copy()
        comm.Reduce_scatter(MPI.IN_PLACE, y, counts, op=op)
        y[mine] = y[:counts[rank]].copy()
    else:
        y = np.empty_like(x)
        comm.Reduce_scatter(x, y[mine], counts, op=op)
    comm.Allgatherv(MPI.IN_PLACE, [y, counts, displs, MPI_TYPE[x.dtype.type]])
    return y


differences = []
for dtype in MPI_TYPE:
    for nbytes in [64 << 10, 256 << 10, 1 << 20, 4 << 20, 16 << 20]:
        for name, op in [("SUM", MPI.SUM), ("PROD", MPI.PROD)]:
            n = nbytes // np.dtype(dtype).itemsize + 3
            x = np.random.default_rng(rank).normal(size=n).astype(dtype)
            if op == MPI.PROD:
                x = (1 + x / 100).astype(dtype)
            one_call = np.empty_like(x)
            comm.Allreduce(x, one_call, op=op)
            blocks = by_blocks(x, op, in_place=False)
            in_place = by_blocks(x, op, in_place=True)
            case = f"{np.dtype(dtype).name} {name} {nbytes:>10,} B"
            if not np.array_equal(one_call, blocks):
                differences.append(f"{case}: allreduce vs blocks: {np.sum(one_call != blocks)} of {n}")
            if not np.array_equal(blocks, in_place):
                differences.append(f"{case}: blocks vs blocks in place: {np.sum(blocks != in_place)}")
everyone = comm.gather(differences)
if rank == 0:
    print(f"{P} ranks, {MPI.Get_library_version().splitlines()[0]}")
    print("\n".join(everyone[0]) if any(everyone) else "the same bits everywhere")
