"""A chain of donated calls against mpi4py, by the pages its buffer started on.

    ./scripts/mpirun.sh 2 benchmarks/donated_pages.py --start jnp
    ./scripts/mpirun.sh 2 benchmarks/donated_pages.py --start advised
    ./scripts/mpirun.sh 2 benchmarks/donated_pages.py --op alltoall --bytes 1048576 --n 200

`primitives.py`'s `donated` variant chains calls: each call's result, which
aliases the donated input, is the next call's input, so one buffer serves
the whole run. With `--start jnp` that buffer is `jnp.ones`, memory XLA
allocated and filled (4 KiB pages: XLA gives the kernel no advice); with
`--start advised` it is first the fresh result of one mpicoll broadcast,
which mpicoll advises to use transparent huge pages (from 4 MiB). mpi4py's
`Bcast` runs on a NumPy array, which NumPy advises the same way. A third
row, `kept input`, calls the op on one input the caller keeps (a fresh
result every call, freed at once). `--op alltoall` does the same for
alltoall (no in-place form: mpicoll withdraws the donation, so each call's
fresh result is the next call's input and the previous one is freed after
it). Prints, on rank 0, the median time (slowest rank, barrier before each
call) and page faults per call (the most of any rank) of each, and how many
distinct result buffers the chain used per rank (1: the result reused the
donated buffer).
benchmarks/README.md, "Every operation, a fresh process per cell", says
what it showed.
"""

import argparse

import numpy as np
import jax
import jax.numpy as jnp
from mpi4py import MPI

import mpicoll
import timing   # benchmarks/timing.py: the shared method

comm = MPI.COMM_WORLD
timing_comm = comm.Dup()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bytes", type=int, default=128 << 20)
    parser.add_argument("--op", choices=["bcast", "alltoall"], default="bcast")
    parser.add_argument("--start", choices=["jnp", "advised"], default="jnp")
    parser.add_argument("--n", type=int, default=10)
    args = parser.parse_args()
    n = args.bytes // 4
    P = comm.size
    if args.op == "bcast":
        shape, op = (n,), lambda v: mpicoll.bcast(v, 0)
        floor_in, floor_out = np.ones(n, np.float32), None
        floor = lambda: comm.Bcast(floor_in, 0)          # noqa: E731
    else:
        shape, op = (P, n // P), mpicoll.alltoall
        floor_in, floor_out = np.ones(shape, np.float32), np.empty(shape, np.float32)
        floor = lambda: comm.Alltoall(floor_in, floor_out)   # noqa: E731
    step = jax.jit(op, donate_argnums=0)
    plain = jax.jit(op)
    state = {"x": jnp.ones(shape, jnp.float32)}
    if args.start == "advised":
        state["x"] = plain(state["x"])
    kept = jnp.ones(shape, jnp.float32)
    buffers = set()

    def donated():
        state["x"] = step(state["x"])
        state["x"].block_until_ready()
        buffers.add(state["x"].unsafe_buffer_pointer())

    for name, call in [(f"mpi4py {args.op}", floor),
                       ("kept input", lambda: plain(kept).block_until_ready()),
                       (f"donated, start {args.start}", donated)]:
        t = timing.measure(call, args.n, 3, timing_comm)
        faults = timing.faults_per_call(call, args.n, timing_comm)
        if comm.rank == 0:
            print(f"{name:<24} {args.bytes:>11,} B  {t * 1e3:8.3f} ms  {faults:6.1f} faults/call",
                  flush=True)
    counts = comm.gather(len(buffers))
    if comm.rank == 0:
        print(f"distinct result buffers per rank: {counts}")


if __name__ == "__main__":
    main()
