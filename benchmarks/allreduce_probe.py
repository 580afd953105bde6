"""One allreduce configuration in a fresh process: time, page faults, syscalls.

For finding where allreduce's time goes (benchmarks/README.md, "allreduce
at 1-32 MiB"). Each run measures one size and one variant, so no earlier
size or variant changes the process's state (allocator, MPI buffers):

    ./scripts/mpirun.sh 2 benchmarks/allreduce_probe.py --bytes 16777216 --variant mpicoll
    ./scripts/mpirun.sh 2 benchmarks/allreduce_probe.py --bytes 16777216 --variant mpi4py

Variants (float32, SUM, live input):

* mpi4py: ``Allreduce`` on preallocated NumPy buffers;
* mpi4py_fresh: the same into a result buffer allocated for each call
  (``np.empty``), as XLA allocates each result;
* mpicoll: ``jax.jit(allreduce)`` on a JAX array, result awaited;
* mpicoll_donated: the same with the input donated (MPI_IN_PLACE);
* identity: a jitted ``x + 0`` on the same input (a fresh result, no MPI).

``--history numpy`` first runs 20 mpi4py calls on freshly allocated NumPy
buffers of the same size (the process history the issue describes).
``--no-barrier`` times back-to-back calls. ``--input full`` makes the input
without the float64 temporary that random normals free (which moves
glibc's thresholds: benchmarks/README.md, "Order and process history"). Prints, on rank 0: the median
time per call (slowest rank), minor page faults per call (the slowest
rank's, whole process) and, where ``--strace`` wraps the run, nothing more:
count syscalls with ``strace -f -c -e trace=memory``.
"""

import argparse
import os
import resource
import time

os.environ.setdefault("JAX_PLATFORMS", "cpu")

import jax  # noqa: E402
import jax.numpy as jnp  # noqa: E402
import numpy as np  # noqa: E402
from mpi4py import MPI  # noqa: E402

import mpicoll  # noqa: E402


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bytes", type=int, default=1 << 20)
    parser.add_argument("--variant", default="mpicoll",
                        choices=["mpi4py", "mpi4py_fresh", "mpicoll", "mpicoll_donated",
                                 "identity"])
    parser.add_argument("--history", default="none", choices=["none", "numpy"])
    parser.add_argument("--no-barrier", action="store_true")
    parser.add_argument("--input", default="normal", choices=["normal", "full"],
                        help="how the input is made: random normals (NumPy frees a "
                             "float64 temporary of twice the message) or np.full (frees nothing)")
    parser.add_argument("--n", type=int, default=50)
    args = parser.parse_args()
    comm = MPI.COMM_WORLD
    n = args.bytes // 4
    if args.input == "normal":     # frees a float64 temporary of twice the size
        x_np = np.random.default_rng(comm.rank).normal(size=n).astype(np.float32)
    else:                           # frees nothing
        x_np = np.full(n, comm.rank + 1, np.float32)
    if args.history == "numpy":
        for _ in range(20):
            comm.Allreduce(np.random.default_rng(0).normal(size=n).astype(np.float32),
                           np.empty(n, np.float32))
    out = np.empty_like(x_np)
    x = jnp.asarray(x_np)
    jitted = jax.jit(lambda v: mpicoll.allreduce(v, MPI.SUM))
    donated = jax.jit(lambda v: mpicoll.allreduce(v, MPI.SUM), donate_argnums=0)
    identity = jax.jit(lambda v: v + 0)
    state = {"x": jnp.array(x)}

    def call():
        if args.variant == "mpi4py":
            comm.Allreduce(x_np, out)
        elif args.variant == "mpi4py_fresh":
            comm.Allreduce(x_np, np.empty_like(x_np))
        elif args.variant == "mpicoll":
            jitted(x).block_until_ready()
        elif args.variant == "mpicoll_donated":
            # the result becomes the next call's (donated) input
            state["x"] = donated(state["x"])
            state["x"].block_until_ready()
        else:
            identity(x).block_until_ready()

    for _ in range(5):
        call()
    times = []
    faults = resource.getrusage(resource.RUSAGE_SELF).ru_minflt
    for _ in range(args.n):
        if not args.no_barrier:
            comm.Barrier()
        start = time.perf_counter()
        call()
        times.append(time.perf_counter() - start)
    faults = (resource.getrusage(resource.RUSAGE_SELF).ru_minflt - faults) / args.n
    slowest = np.max(comm.allgather(times), axis=0)
    faults = max(comm.allgather(faults))
    if comm.rank == 0:
        print(f"{args.variant:16s} {args.bytes:>10,d} B  history={args.history:5s} "
              f"barrier={not args.no_barrier!s:5s}  {np.median(slowest) * 1e6:9.1f} us  "
              f"{faults:7.1f} faults/call")


if __name__ == "__main__":
    main()
