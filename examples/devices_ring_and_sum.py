"""Ring exchange and global sum over P processes x D devices each.

Run (2 processes of 4 CPU devices; the device-count flag must come first in
XLA_FLAGS, XLA stops reading at the first word that is not a --flag):

    mpiexec -n 2 env XLA_FLAGS="--xla_force_host_platform_device_count=4 $XLA_FLAGS" \\
        python examples/devices_ring_and_sum.py

On a cluster: one process per node driving the node's devices,
examples/slurm/node.sbatch.

The layout of examples/ring_and_sum.py, one level deeper: every device is a
cell, numbered c = p * D + d (process p, its local device d), and cell c
starts with v_c = (c + 1) * [1, 2, ..., 8]. Each process runs one jitted
``jax.shard_map`` over its D devices; inside it, each device's instance of
an mpicoll operation talks to the devices at the same position of the other
processes (docs/operations.md, "Several devices per process"). Two ways of
computing the sum over all P x D cells, sum_c v_c = PD(PD+1)/2 * [1, ..., 8]:

1. a ring through all cells in order: P*D - 1 times, every cell passes what
   it last received to cell c + 1 and adds what arrives from cell c - 1.
   Within a process that is ``lax.ppermute`` over the device axis; the last
   device's value travels to device 0 of the next process, so device 0
   takes ``mpicoll.sendrecv``'s message from the previous process instead;
2. ``mpicoll.allreduce`` (the sum over processes, position by position)
   followed by ``lax.psum`` over the devices.

Both must equal the closed form on every device of every process; rank 0
prints the results and a PASS or FAIL line for each, and the script exits
non-zero if any process disagrees.
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
D = jax.local_device_count()
mesh = jax.make_mesh((D,), ("d",))
cells = size * D


def over_devices(body):
    """`body` on each device's row of a (D, n) array split over the devices."""
    return jax.jit(jax.shard_map(lambda rows: body(rows[0])[None], mesh=mesh,
                                 in_specs=jax.P("d"), out_specs=jax.P("d")))


@over_devices
def ring_sum(v):
    def step(_, carry):
        total, travelling = carry
        # device d receives from device d - 1 of this process; device 0 from
        # the last device, whose value must go on to the next process instead
        moved = lax.ppermute(travelling, "d", [(i, (i + 1) % D) for i in range(D)])
        # every position exchanges with the neighbouring processes; only
        # device 0's message is the ring's (a message to itself when size == 1)
        across = mpicoll.sendrecv(moved, moved, source=left, dest=right)
        travelling = jnp.where(lax.axis_index("d") == 0, across, moved)
        return total + travelling, travelling
    total, _ = lax.fori_loop(0, cells - 1, step, (v, v))
    return total


@over_devices
def tree_sum(v):
    return lax.psum(mpicoll.allreduce(v, MPI.SUM), "d")


first_cell = rank * D
v = jnp.stack([(first_cell + d + 1) * jnp.arange(1.0, 9.0) for d in range(D)])
v = jax.device_put(v, jax.NamedSharding(mesh, jax.P("d")))
by_ring = np.asarray(ring_sum(v))
by_allreduce = np.asarray(tree_sum(v))
expected = cells * (cells + 1) / 2 * np.arange(1.0, 9.0)

if rank == 0:
    print(f"{size} processes x {D} devices, each cell c holding (c+1) * [1..8]")
    print("ring (ppermute + sendrecv), device 0:", by_ring[0])
    print("allreduce + psum, device 0          :", by_allreduce[0])
    print("expected                            :", expected)
# every device's result on every process (so all exit alike)
ring_ok = comm.allreduce(bool((by_ring == expected).all()), op=MPI.LAND)
sum_ok = comm.allreduce(bool((by_allreduce == expected).all()), op=MPI.LAND)
finish(report([("ring over all cells equals the closed form on every device", ring_ok, None),
               ("allreduce + psum equals the closed form on every device", sum_ok, None)],
              rank))
