"""shard_map code across ranks: mpicoll.spmd against calling mpicoll directly.

One row per JAX collective. Columns, each a jitted call on this rank's
block of float64 (live input, result awaited):

* direct: the mpicoll operation written by hand (``allreduce``,
  ``allgather``, ``reduce_scatter``, ``alltoall``, ``sendrecv``);
* spmd: the per-device function with the JAX collective
  (``lax.psum``, ``all_gather``, ``psum_scatter``, ``all_to_all``,
  ``ppermute``) through ``mpicoll.spmd``;
* ratio spmd / direct: the translation should cost nothing once jitted;
* native and direct / native, with --jax-native: the same per-device
  function in ``jax.shard_map`` over a mesh of one CPU device per process,
  i.e. JAX's own multi-process collectives (``jax.distributed``, jaxlib's
  CPU collectives over MPI through the MPIwrapper plugin named by
  MPITRAMPOLINE_LIB; benchmarks/build_mpiwrapper.sh, run.py), on the
  global array made of every rank's block, checked against direct. Without
  the flag or the plugin, or when jax.distributed fails, the columns are
  left out and the header line says why.

Timing: timing.measure (barrier, slowest rank, median). Run:

    ./scripts/mpirun.sh 2 benchmarks/run.py spmd --out benchmarks/results/spmd_np2
    MPITRAMPOLINE_LIB=... ./scripts/mpirun.sh 2 benchmarks/run.py spmd --jax-native \
        --out benchmarks/results/spmd_np2
    ./scripts/mpirun.sh 2 benchmarks/run.py spmd --quick     # smoke test
"""

import os

os.environ.setdefault("JAX_PLATFORMS", "cpu")

import jax  # noqa: E402
import jax.numpy as jnp  # noqa: E402
import numpy as np  # noqa: E402
from jax import lax  # noqa: E402
from jax.sharding import PartitionSpec as P  # noqa: E402
from mpi4py import MPI  # noqa: E402

import mpicoll  # noqa: E402
import reporting  # noqa: E402
from timing import measure  # noqa: E402

jax.config.update("jax_enable_x64", True)


def cases(size, rank):
    """(name, per-device function, hand-written mpicoll function)."""
    ring = [(j, (j + 1) % size) for j in range(size)]
    left, right = (rank - 1) % size, (rank + 1) % size
    return [
        ("psum", lambda a: lax.psum(a, "i"),
         lambda a: mpicoll.allreduce(a, MPI.SUM)),
        ("all_gather", lambda a: lax.all_gather(a, "i"),
         lambda a: mpicoll.allgather(a)),
        ("psum_scatter", lambda a: lax.psum_scatter(a, "i", tiled=True),
         lambda a: mpicoll.reduce_scatter(a.reshape((size, -1) + a.shape[1:]),
                                          MPI.SUM).reshape((-1,) + a.shape[1:])),
        ("all_to_all", lambda a: lax.all_to_all(a, "i", 0, 0, tiled=True),
         lambda a: mpicoll.alltoall(a.reshape((size, -1) + a.shape[1:])).reshape(a.shape)),
        ("ppermute", lambda a: lax.ppermute(a, "i", ring),
         lambda a: mpicoll.sendrecv(a, jnp.zeros_like(a), left, right)),
    ]


def add_arguments(parser):
    parser.add_argument("--sizes", help="bytes per rank (multiples of 8 * ranks; default "
                                        "8,8192,1048576,16777216, --quick 8,8192)")
    parser.add_argument("--n", type=int, help="timed iterations (default 50, --quick 5)")
    parser.add_argument("--out", default=None, help="stem of the result files")


def main(args):
    args.sizes = args.sizes or ("8,8192" if args.quick else "8,8192,1048576,16777216")
    args.n = args.n or (5 if args.quick else 50)
    world = MPI.COMM_WORLD
    rank, size = world.rank, world.size
    # jax.distributed is set up (run.py), before every JAX computation
    native = args.native
    native_mesh = native.mesh("i") if native is not None else None
    timing_comm = world.Dup()
    mesh = mpicoll.ProcessMesh((size,), ("i",))
    meta = reporting.metadata(world, jax_native=args.native_status)
    log = reporting.Log(rank)
    log(reporting.title("shard_map collectives through mpicoll.spmd (float64)", meta))
    log(f"JAX native column: {meta['jax_native']}")
    head = ["collective", "bytes/rank", "direct", "spmd", "spmd/direct"]
    widths = [14, 12, 12, 12, 12]
    if native_mesh is not None:
        head += ["native", "direct/native"]
        widths += [12, 14]
    log(reporting.columns(head, widths, 1))
    results = []
    for name, per_device, direct in cases(size, rank):
        translated = jax.jit(mpicoll.spmd(per_device, mesh, P("i"), P("i")))
        by_hand = jax.jit(direct)
        if native_mesh is not None:
            native_f = jax.jit(jax.shard_map(per_device, mesh=native_mesh,
                                           in_specs=P("i"), out_specs=P("i")))
        for nbytes in [int(s) for s in args.sizes.split(",")]:
            n = max(size, nbytes // 8 // size * size)
            x = jnp.asarray(np.random.default_rng(rank).normal(size=n))
            np.testing.assert_allclose(translated(x), by_hand(x))     # same work
            t_direct = measure(lambda: by_hand(x).block_until_ready(), args.n, 3, timing_comm)
            t_spmd = measure(lambda: translated(x).block_until_ready(), args.n, 3, timing_comm)
            cells = [name, f"{8 * n:,}", reporting.fmt_time(t_direct),
                     reporting.fmt_time(t_spmd), f"{t_spmd / t_direct:.2f}"]
            row = dict(collective=name, bytes=8 * n, direct=t_direct, spmd=t_spmd)
            if native_mesh is not None:
                xg = native.global_array(native_mesh, x)    # every rank's x
                np.testing.assert_allclose(native.local(native_f(xg)), by_hand(x))
                row["native"] = measure(lambda: native_f(xg).block_until_ready(), args.n, 3,
                                        timing_comm)
                cells += [reporting.fmt_time(row["native"]), f"{t_direct / row['native']:.2f}"]
            log(reporting.columns(cells, widths, 1))
            results.append(row)
    if args.out and rank == 0:
        reporting.write(args.out, meta, results, log.text)
    timing_comm.Free()
