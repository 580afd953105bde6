"""One rank dies mid-run; the job must end, not hang.

Usage: mpiexec -n N python scripts/dead_rank.py --how HOW [--victim R] [--wait OP]

Every rank first runs a few jitted and eager collectives and a ring
exchange (checked), and prints "rank r: warm-up ok". Then rank R (default:
the last rank) dies in the chosen way while the others are waiting for it:

  --how exit        sys.exit(3)
  --how exception   an uncaught RuntimeError
  --how os_exit     os._exit(3) (no exit hooks, no MPI_Finalize)
  --how sigkill     SIGKILL to itself

  --wait collective the others are inside a jitted allreduce (default)
  --wait recv       the others are inside an eager recv from rank R, and
                    rank R has dispatched a jitted allreduce that can never
                    complete (nobody else joins it) when it dies

The victim dies half a second after the others have entered that call, so
they are blocked inside MPI when it goes. A correct run never reaches the end of
this script on any rank: the launcher must end the job with a non-zero status.
If a survivor ever returns from its call, it says so on stderr and exits with
status 5 (the call cannot have completed without the dead rank).
Used by tests/test_dead_rank.py.
"""

import argparse
import os
import signal
import sys
import time

import jax
import jax.numpy as jnp
import numpy as np
from mpi4py import MPI

import mpicoll

HOWS = ("exit", "exception", "os_exit", "sigkill")


def die(how, rank):
    print(f"rank {rank}: dying now ({how})", flush=True)
    sys.stderr.flush()
    if how == "exit":
        sys.exit(3)
    if how == "exception":
        raise RuntimeError(f"deliberate failure on rank {rank}")
    if how == "os_exit":
        os._exit(3)
    if how == "sigkill":
        os.kill(os.getpid(), signal.SIGKILL)
    raise ValueError(how)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--how", choices=HOWS, required=True)
    parser.add_argument("--victim", type=int, default=None, help="default: the last rank")
    parser.add_argument("--wait", choices=("collective", "recv"), default="collective")
    args = parser.parse_args()

    comm = MPI.COMM_WORLD
    rank, size = comm.Get_rank(), comm.Get_size()
    victim = size - 1 if args.victim is None else args.victim
    if size < 2 or not 0 <= victim < size:
        sys.exit(f"needs at least 2 ranks and 0 <= victim < size (size {size}, victim {victim})")

    # Warm-up: jitted and eager collectives and a ring exchange, checked.
    step = jax.jit(lambda x: (mpicoll.allreduce(x, MPI.SUM),
                              mpicoll.sendrecv(x, x, source=(rank - 1) % size,
                                               dest=(rank + 1) % size)))
    total = size * (size - 1) / 2
    for i in range(3):
        s, left = step(jnp.full(4, float(rank + i)))
        assert np.all(np.asarray(s) == total + size * i), s
        assert np.all(np.asarray(left) == float((rank - 1) % size + i)), left
        g = mpicoll.allgather(jnp.array([rank]))
        assert np.asarray(g).ravel().tolist() == list(range(size)), g
    mpicoll.barrier()
    print(f"rank {rank}: warm-up ok", flush=True)

    if rank == victim:
        if args.wait == "recv":
            # dispatched, not waited for: it stays pending. (With a matrix
            # product: the CPU runtime runs a computation as cheap as a lone
            # allreduce at once in the calling thread instead of dispatching it.)
            jax.jit(lambda m: mpicoll.allreduce(m @ m, MPI.SUM))(jnp.ones((64, 64)))
            print(f"rank {rank}: dispatched an allreduce nobody joins", flush=True)
        time.sleep(0.5)      # the others are inside their call by now
        die(args.how, rank)
    elif args.wait == "collective":
        out = jax.block_until_ready(step(jnp.ones(4)))
    else:
        out = mpicoll.recv(jnp.zeros(4), source=victim)
        jax.block_until_ready(out)
    print(f"rank {rank}: returned from a {args.wait} with dead rank {victim}: {out}",
          file=sys.stderr, flush=True)
    sys.exit(5)


if __name__ == "__main__":
    main()
