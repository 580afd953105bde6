"""What the MPI library itself costs on the paths mpicoll steers around.

mpi4py only, no JAX: the same data moved by MPI calls that a library could
choose between, side by side in one run (benchmarks/README.md, "What MPICH's
v-collectives cost" and "Copies a rooted result needs"):

    ./scripts/mpirun.sh 2 benchmarks/run.py mpi_paths [--sizes BYTES ...] [--quick]

Rows, per message size N (the bytes each rank sends in all; float32, equal
counts, preallocated NumPy buffers):

  Alltoall                   MPI_Alltoall
  Alltoallv                  MPI_Alltoallv with the same counts
  Alltoallv, own block copied  MPI_Alltoallv with count 0 for the rank itself,
                             its own block copied by NumPy (what mpicoll's
                             alltoallv, ragged_alltoall and redistribute do)
  Alltoallw                  MPI_Alltoallw with the same blocks (one
                             MPI_FLOAT datatype per peer; redistribute's call)
  own block: Sendrecv to self  a rank's own block (N/P bytes) as an MPI
                             message to itself
  own block: copied          the same block copied by NumPy
  Allgather                  MPI_Allgather of N bytes per rank
  Allgatherv                 MPI_Allgatherv with the same counts (mpicoll's
                             allgatherv calls MPI_Allgather for equal counts)
  Bcast                      MPI_Bcast of N bytes from root's input
  Bcast, root copies first   root copies its input into a result buffer,
                             then broadcasts (mpicoll's bcast up to 64 KiB)
  Ibcast, root copies, Wait  the copy made while the broadcast moves the data
                             (mpicoll's bcast from 64 KiB)
  Gather                     MPI_Gather of N bytes per rank
  Gather, then others copy   the other ranks then copy their input into a
                             result buffer (mpicoll's gather up to 64 KiB)
  Igather, others copy, Wait  that copy made while the gather runs
                             (mpicoll's gather from 64 KiB)

MPICH's algorithm variables (MPIR_CVAR_...) set in the environment apply
as usual, e.g. `MPIR_CVAR_ALLTOALLV_INTRA_ALGORITHM=nb ./scripts/mpirun.sh 2
benchmarks/run.py mpi_paths --sizes 1048576`.

Buffers start at 64-byte boundaries, as XLA's do. (NumPy's 16-byte aligned
buffers can put a destination 16 bytes past its source modulo 4 KiB, where
glibc's `rep movsb` copies crawl on AMD processors: benchmarks/README.md,
"What MPICH's v-collectives cost".)

Times: median over the iterations of the slowest rank's time, a barrier
before each (benchmarks/timing.py), and the ratio to the first row of its
group.
"""

import numpy as np
from mpi4py import MPI

import timing   # benchmarks/timing.py: the shared method

comm = MPI.COMM_WORLD
P, r = comm.Get_size(), comm.Get_rank()
timing_comm = comm.Dup()


def aligned(n, fill=None):
    """n float32 starting at a 64-byte boundary (as XLA allocates)."""
    raw = np.empty(n * 4 + 64, np.uint8)
    start = -raw.ctypes.data % 64
    out = raw[start:start + n * 4].view(np.float32)
    if fill is not None:
        out[...] = fill
    return out


def alltoall_rows(n):
    k = n // P
    x, y = aligned(n, 1), aligned(n)
    counts, displs = (k,) * P, tuple(k * s for s in range(P))
    no_self = tuple(0 if s == r else k for s in range(P))
    mine = slice(r * k, (r + 1) * k)
    byte_displs, types = tuple(4 * d for d in displs), (MPI.FLOAT,) * P

    def own_copied():
        y[mine] = x[mine]
        comm.Alltoallv([x, no_self, displs, MPI.FLOAT], [y, no_self, displs, MPI.FLOAT])

    return [
        ("Alltoall", lambda: comm.Alltoall(x, y)),
        ("Alltoallv", lambda: comm.Alltoallv([x, counts, displs, MPI.FLOAT],
                                             [y, counts, displs, MPI.FLOAT])),
        ("Alltoallv, own block copied", own_copied),
        ("Alltoallw", lambda: comm.Alltoallw([x, counts, byte_displs, types],
                                             [y, counts, byte_displs, types])),
    ], [
        ("own block: Sendrecv to self", lambda: comm.Sendrecv(x[mine], r, recvbuf=y[mine],
                                                              source=r)),
        ("own block: copied", lambda: np.copyto(y[mine], x[mine])),
    ]


def allgather_rows(n):
    x, y = aligned(n, 1), aligned(P * n)
    counts, displs = (n,) * P, tuple(n * s for s in range(P))
    return [
        ("Allgather", lambda: comm.Allgather(x, y)),
        ("Allgatherv", lambda: comm.Allgatherv(x, [y, counts, displs, MPI.FLOAT])),
    ]


def rooted_rows(n):
    """A rooted operation whose result on some ranks is a copy of the input:
    bcast's root, gather's other ranks (root is rank 0)."""
    x, y, stacked = aligned(n, 1), aligned(n), aligned(P * n) if r == 0 else None

    def copy_then_bcast():
        if r == 0:
            np.copyto(y, x)
        comm.Bcast(y, 0)

    def gather_then_copy():
        comm.Gather(x, stacked, 0)
        if r != 0:
            np.copyto(y, x)

    def copy_while_waiting(request, copies):
        if copies:
            np.copyto(y, x)
        request.Wait()

    return [
        ("Bcast", lambda: comm.Bcast(x if r == 0 else y, 0)),
        ("Bcast, root copies first", copy_then_bcast),
        ("Ibcast, root copies, Wait",
         lambda: copy_while_waiting(comm.Ibcast(x if r == 0 else y, 0), r == 0)),
    ], [
        ("Gather", lambda: comm.Gather(x, stacked, 0)),
        ("Gather, then others copy", gather_then_copy),
        ("Igather, others copy, Wait",
         lambda: copy_while_waiting(comm.Igather(x, stacked, 0), r != 0)),
    ]


def add_arguments(parser):
    parser.add_argument("--sizes", type=int, nargs="+", metavar="BYTES",
                        help="bytes per rank (default 65536 1048576 16777216, --quick 65536)")


def main(args):
    sizes = args.sizes or ([65536] if args.quick else [65536, 1 << 20, 16 << 20])
    if r == 0:
        print(f"{P} ranks, {MPI.Get_library_version().splitlines()[0].strip()}")
        print(f"{'size':>10}  {'call':<30}{'time':>12}  ratio")
    for nbytes in sizes:
        n = max(P, nbytes // 4 // P * P)
        iterations = 300 if nbytes <= 1 << 20 else 30
        iterations = iterations // 10 if args.quick else iterations
        for group in [*alltoall_rows(n), allgather_rows(n), *rooted_rows(n)]:
            first = None
            for name, call in group:
                t = timing.measure(call, iterations, 10, timing_comm)
                first = first or t
                if r == 0:
                    print(f"{n * 4:>10}  {name:<30}{t * 1e6:>10.1f}us  {t / first:.2f}x",
                          flush=True)
