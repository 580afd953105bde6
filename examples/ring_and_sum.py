"""Ring exchange and global sum, checked against the known answer.

Run:  mpiexec -n 4 python examples/ring_and_sum.py

Each rank r starts with the vector v_r = (r+1) * [1, 2, ..., 8]. Two ways of
computing the global sum sum_r v_r = P(P+1)/2 * [1, ..., 8]:

1. a ring: P-1 times, every rank passes what it last received to its right
   neighbour (``mpicoll.sendrecv``) and adds what arrives from its left
   neighbour -- all inside one jitted ``lax.fori_loop``;
2. one ``mpicoll.allreduce(v, MPI.SUM)``.

Both must equal the closed form on every rank; rank 0 prints the results and
a PASS or FAIL line for each, and the script exits non-zero if any rank
disagrees.
"""

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from mpi4py import MPI

import mpicoll
from _checks import finish, report

comm = MPI.COMM_WORLD
rank, size = comm.Get_rank(), comm.Get_size()
right, left = (rank + 1) % size, (rank - 1) % size


@jax.jit
def ring_sum(v):
    def step(_, carry):
        total, travelling = carry
        travelling = mpicoll.sendrecv(travelling, travelling, source=left, dest=right)
        return total + travelling, travelling
    total, _ = lax.fori_loop(0, size - 1, step, (v, v))
    return total


@jax.jit
def tree_sum(v):
    return mpicoll.allreduce(v, MPI.SUM)


v = (rank + 1) * jnp.arange(1.0, 9.0)
by_ring = np.asarray(ring_sum(v))
by_allreduce = np.asarray(tree_sum(v))
expected = size * (size + 1) / 2 * np.arange(1.0, 9.0)

if rank == 0:
    print(f"{size} ranks, each holding (rank+1) * [1..8]")
    print("ring of sendrecv :", by_ring)
    print("allreduce(SUM)   :", by_allreduce)
    print("expected         :", expected)
# every rank's verdict, on every rank (so all exit alike)
ring_ok = comm.allreduce(bool(np.array_equal(by_ring, expected)), op=MPI.LAND)
sum_ok = comm.allreduce(bool(np.array_equal(by_allreduce, expected)), op=MPI.LAND)
finish(report([("ring of sendrecv equals the closed form on every rank", ring_ok, None),
               ("allreduce equals the closed form on every rank", sum_ok, None)], rank))
