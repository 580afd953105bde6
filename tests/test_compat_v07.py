"""mpicoll.compat.mpi4jax_v07: programs written for mpi4jax < 0.8 run unchanged.

The programs below are written as tutorials for those versions wrote them
(results unpacked as ``(result, token)``, tokens threaded by hand); their
values are checked against NumPy on the gathered inputs. The token carries
no ordering, so dropping it changes nothing: that is checked too.
"""

import numpy as np
import jax
import jax.numpy as jnp
import pytest
from mpi4py import MPI

import mpicoll.compat.mpi4jax_v07 as mpi4jax
from conftest import gather_global

TOKEN = jax.typeof(jax.lax.create_token())


def is_token(t):
    return jax.typeof(t) == TOKEN


@pytest.mark.parametrize("jit", [False, True], ids=["eager", "jit"])
def test_tutorial_allreduce_on_a_3x3_array(comm, jit):
    def foo(arr):
        arr = arr + comm.rank
        arr_sum, _ = mpi4jax.allreduce(arr, op=MPI.SUM, comm=comm)
        return arr_sum

    got = (jax.jit(foo) if jit else foo)(jnp.ones((3, 3)))
    expected = gather_global(comm, np.ones((3, 3)) + comm.rank).sum(0)
    np.testing.assert_array_equal(np.asarray(got), expected)


def test_tokens_threaded_by_hand_through_every_operation(comm):
    size, rank = comm.size, comm.rank
    right, left = (rank + 1) % size, (rank - 1) % size
    x = jnp.arange(4.0) + 10 * rank

    @jax.jit
    def program(x):
        token = jax.lax.create_token()
        shifted, token = mpi4jax.sendrecv(x, x, source=left, dest=right, comm=comm, token=token)
        if size > 1 and rank % 2 == 0:
            token = mpi4jax.send(x, dest=right, comm=comm, token=token)
            ring, token = mpi4jax.recv(x, source=left, comm=comm, token=token)
        elif size > 1:
            ring, token = mpi4jax.recv(x, source=left, comm=comm, token=token)
            token = mpi4jax.send(x, dest=right, comm=comm, token=token)
        else:
            ring = shifted
        root_x, token = mpi4jax.bcast(x, root=0, comm=comm, token=token)
        total, token = mpi4jax.reduce(x, op=MPI.SUM, root=0, comm=comm, token=token)
        prefix, token = mpi4jax.scan(x, op=MPI.SUM, comm=comm, token=token)
        everyone, token = mpi4jax.allgather(x, comm=comm, token=token)
        at_root, token = mpi4jax.gather(x, root=0, comm=comm, token=token)
        # as in mpi4jax: root holds one block per rank, the others one block
        blocks = jnp.stack([x + 100 * r for r in range(size)]) if rank == 0 else x
        mine, token = mpi4jax.scatter(blocks, root=0, comm=comm, token=token)
        swapped, token = mpi4jax.alltoall(jnp.stack([x] * size), comm=comm, token=token)
        token = mpi4jax.barrier(comm=comm, token=token)
        return shifted, ring, root_x, total, prefix, everyone, at_root, mine, swapped, token

    (shifted, ring, root_x, total, prefix, everyone, at_root, mine, swapped,
     token) = program(x)
    xs = gather_global(comm, np.asarray(x))
    np.testing.assert_array_equal(shifted, xs[left])
    np.testing.assert_array_equal(ring, xs[left])
    np.testing.assert_array_equal(root_x, xs[0])
    if rank == 0:
        np.testing.assert_array_equal(total, xs.sum(0))
        np.testing.assert_array_equal(at_root, xs)
    np.testing.assert_array_equal(prefix, xs[:rank + 1].sum(0))
    np.testing.assert_array_equal(everyone, xs)
    np.testing.assert_array_equal(mine, xs[0] + 100 * rank)
    np.testing.assert_array_equal(swapped, xs)
    assert is_token(token)


def test_every_operation_returns_a_token_eagerly(comm):
    x = jnp.ones(2)
    results = {
        "allreduce": mpi4jax.allreduce(x, op=MPI.SUM, comm=comm),
        "bcast": mpi4jax.bcast(x, 0, comm=comm),
        "sendrecv": mpi4jax.sendrecv(x, x, comm.rank, comm.rank, comm=comm),
        "send": (None, mpi4jax.send(x, MPI.PROC_NULL, comm=comm)),
        "recv": mpi4jax.recv(x, MPI.PROC_NULL, comm=comm),
        "barrier": (None, mpi4jax.barrier(comm=comm)),
    }
    assert all(is_token(t) for _, t in results.values()), results
    np.testing.assert_array_equal(results["allreduce"][0], np.full(2, comm.size))


def test_gradient_through_the_tuple_result(comm):
    # each rank's loss is the sum of the global sum: d(sum of losses)/dx = size
    g = jax.grad(lambda a: mpi4jax.allreduce(a, op=MPI.SUM, comm=comm)[0].sum())(jnp.ones(3))
    np.testing.assert_array_equal(np.asarray(g), np.full(3, float(comm.size)))


def test_a_token_that_is_not_a_token_is_refused_and_the_comm_still_works(comm):
    with pytest.raises(TypeError, match="allreduce: token must be None or a token"):
        mpi4jax.allreduce(jnp.ones(2), op=MPI.SUM, comm=comm, token=np.ones(2))
    got, _ = mpi4jax.allreduce(jnp.ones(2), op=MPI.SUM, comm=comm)
    np.testing.assert_array_equal(np.asarray(got), np.full(2, comm.size))
