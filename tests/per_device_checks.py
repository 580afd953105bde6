"""The per-device path of mpicoll's operations, on any platform: operations
inside a `jax.shard_map` over a process's local devices, each device's
instance on a communicator of its own, picked by the handler from the
device ordinal XLA gives it (docs/operations.md, "Several devices per
process").

`shard_map_cases` is shared by tests/test_per_device_path.py (CPU devices)
and tests/test_gpu.py (the process's GPUs). With one device, the caller sets
`primitive.FORCE_PER_DEVICE_COMMS`, so that a machine with one GPU still
runs the per-device path on a GPU: the lowering then names the device's
ordinal, and a handler given another ordinal raises instead of answering.
"""

import jax
import numpy as np
from jax import lax
from jax.sharding import Mesh, NamedSharding, PartitionSpec
from mpi4py import MPI

import mpicoll


def rank_blocks(rank, D):
    """Rank `rank`'s input: D blocks of 3 float64 values, distinct per rank
    and device position, small integers so that every sum is exact."""
    return (10.0 * rank + np.arange(D)[:, None] + np.arange(3)[None, :]).astype(np.float64)


def shard_map_cases(devices, comm):
    """{name: (result, expected NumPy array)} of jitted shard_maps over
    `devices` (this process's, in the same order on every rank), for
    conftest.assert_all_equal; P ranks of `comm`, D = len(devices)."""
    D, P, rank = len(devices), comm.size, comm.rank
    left, right = (rank - 1) % P, (rank + 1) % P
    mesh = Mesh(np.array(devices), ("d",))
    spec = PartitionSpec("d")
    sharding = NamedSharding(mesh, spec)

    def program(v):
        total = lax.psum(mpicoll.allreduce(v, MPI.SUM, comm=comm), "d")
        ring = mpicoll.sendrecv(v, v, left, right, comm=comm)
        started = mpicoll.wait(mpicoll.iallreduce(v, MPI.SUM, comm=comm))
        return total, ring, started

    def summed(v):
        return lax.psum(mpicoll.allreduce(v, MPI.SUM, comm=comm), "d")

    f = jax.jit(jax.shard_map(program, mesh=mesh, in_specs=spec, out_specs=(spec,) * 3))
    g = jax.jit(jax.shard_map(summed, mesh=mesh, in_specs=spec, out_specs=spec))
    x = jax.device_put(rank_blocks(rank, D), sharding)
    ct = jax.device_put(rank_blocks(rank, D) + 1, sharding)
    lowered = f.lower(x).as_text()
    total, ring, started = f(x)
    # g is linear and its own transpose: every transform that transposes it
    # maps a cotangent to the sum of all P x D cotangent blocks. (The mesh
    # set: transposing first evaluates the ranks' agreement check, which has
    # no array arguments; docs/operations.md, "Several devices per process".)
    _, pullback = jax.vjp(g, x)
    (cotangent,) = pullback(ct)
    with jax.set_mesh(mesh):
        transpose = jax.linear_transpose(g, x)
        twice = jax.linear_transpose(lambda c: transpose(c)[0], ct)
    (transposed,), (transposed_jit,) = transpose(ct), jax.jit(transpose)(ct)
    (again,) = jax.jit(twice)(x)
    _, jvp_of_vjp = jax.jvp(lambda c: pullback(c)[0], (ct,), (ct,))
    after = g(x)                       # the same communicator, after the transposes

    everyone = np.stack([rank_blocks(r, D) for r in range(P)])        # (P, D, 3)
    every_sum = np.broadcast_to(everyone.sum(axis=(0, 1)), (D, 3))
    every_ct_sum = np.broadcast_to((everyone + 1).sum(axis=(0, 1)), (D, 3))
    results = {"total": total, "ring": ring, "started": started, "cotangent": cotangent,
               "transposed": transposed, "transposed, jitted": transposed_jit,
               "transposed twice": again, "jvp of vjp": jvp_of_vjp, "after": after}
    elsewhere = [f"{name} on {sorted(map(str, y.sharding.device_set))}"
                 for name, y in results.items() if y.sharding.device_set != set(devices)]
    return {
        "each device's instance has a communicator of its own (device_comms in the lowering)":
            (np.array("device_comms" in lowered), np.array(True)),
        "results on the mesh's devices; elsewhere: " + ("; ".join(elsewhere) or "none"):
            (np.array(len(elsewhere)), np.array(0)),
        "allreduce, then psum over the devices: the sum of all P x D blocks":
            (total, every_sum),
        "sendrecv: each block from the same position of the left rank":
            (ring, everyone[left]),
        "iallreduce + wait: each position summed over the ranks":
            (started, everyone.sum(axis=0)),
        "vjp of allreduce then psum: every block gets the sum of all cotangent blocks":
            (cotangent, every_ct_sum),
        "linear_transpose, eager": (transposed, every_ct_sum),
        "linear_transpose, jitted": (transposed_jit, every_ct_sum),
        "transposed twice: the function itself": (again, every_sum),
        "jvp of vjp": (jvp_of_vjp, every_ct_sum),
        "allreduce then psum again after the transposes": (after, every_sum),
    }
