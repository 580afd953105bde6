"""A program written for mpi4jax 0.9 runs unchanged with ``import mpicoll as mpi4jax``.

The program below calls all twelve of mpi4jax 0.9's operations the way its
documentation does (keyword arguments as mpi4jax names them, results as
single arrays, no tokens), eagerly and inside one jitted function, and
checks each result against NumPy on the gathered inputs.
"""

import numpy as np
import jax
import jax.numpy as jnp
from mpi4py import MPI

import mpicoll as mpi4jax

comm = MPI.COMM_WORLD
rank, size = comm.Get_rank(), comm.Get_size()


def mpi4jax_program(arr):
    """Every mpi4jax 0.9 operation once, written as for mpi4jax."""
    out = {}
    out["allreduce"] = mpi4jax.allreduce(arr, op=MPI.SUM, comm=comm)
    out["reduce"] = mpi4jax.reduce(arr, op=MPI.MAX, root=0, comm=comm)
    out["scan"] = mpi4jax.scan(arr, op=MPI.SUM, comm=comm)
    out["bcast"] = mpi4jax.bcast(arr, root=0, comm=comm)
    out["allgather"] = mpi4jax.allgather(arr, comm=comm)
    out["gather"] = mpi4jax.gather(arr, root=0, comm=comm)
    blocks = jnp.stack([arr + 100 * s for s in range(size)])
    out["scatter"] = mpi4jax.scatter(blocks if rank == 0 else arr, root=0, comm=comm)
    out["alltoall"] = mpi4jax.alltoall(blocks, comm=comm)
    status = MPI.Status()
    out["sendrecv"] = mpi4jax.sendrecv(arr, arr, source=(rank - 1) % size,
                                       dest=(rank + 1) % size, comm=comm, status=status)
    if size > 1:
        if rank == 0:
            mpi4jax.send(arr, dest=1, tag=7, comm=comm)
        elif rank == 1:
            out["recv"] = mpi4jax.recv(arr, source=0, tag=7, comm=comm)
    mpi4jax.barrier(comm=comm)
    return out


def expected(arrs):
    xs = np.stack(arrs)
    want = {"allreduce": xs.sum(0), "reduce": xs.max(0) if rank == 0 else xs[rank],
            "scan": xs[:rank + 1].sum(0), "bcast": xs[0], "allgather": xs,
            "gather": xs if rank == 0 else xs[rank], "scatter": xs[0] + 100 * rank,
            "alltoall": np.stack([xs[s] + 100 * rank for s in range(size)]),
            "sendrecv": xs[(rank - 1) % size]}
    if size > 1 and rank == 1:
        want["recv"] = xs[0]
    return want


def test_mpi4jax_program_runs_unchanged():
    arr = jnp.arange(3.0) + 10 * rank
    want = expected(comm.allgather(np.asarray(arr)))
    for name, run in (("eager", mpi4jax_program), ("jit", jax.jit(mpi4jax_program))):
        got = run(arr)
        assert set(got) == set(want), name
        for key in want:
            np.testing.assert_array_equal(np.asarray(got[key]), want[key],
                                          err_msg=f"{name} {key}")
    assert mpi4jax.has_cuda_support() is False
