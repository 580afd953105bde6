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

With --layouts (run without mpiexec: it starts its jobs itself) the suite
compares process layouts instead, for the same 4 blocks of float64: 4
processes of one device, 2 processes of 2 devices (``jax.shard_map`` over
each process's devices, JAX's collectives over them and mpicoll's across
the processes), and 1 process of 4 devices (JAX's in-process collectives
alone). Rows: a sum over all blocks (allreduce; psum then allreduce), an
all-to-all between all blocks (local all_to_all then alltoall), and a
periodic halo exchange along the ring of blocks (width --halo rows of 1024
float64; local ppermute, and sendrecv for the blocks whose neighbour lives
in another process).

Timing: timing.measure (barrier, slowest rank, median). Run:

    ./scripts/mpirun.sh 2 benchmarks/run.py spmd --out benchmarks/results/spmd_np2
    MPITRAMPOLINE_LIB=... ./scripts/mpirun.sh 2 benchmarks/run.py spmd --jax-native \
        --out benchmarks/results/spmd_np2
    ./scripts/mpirun.sh 2 benchmarks/run.py spmd --quick     # smoke test
    python benchmarks/run.py spmd --layouts --out benchmarks/results/spmd_layouts
"""

import argparse
import json
import os
import subprocess
import sys

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


# --- Layouts: processes x devices for the same blocks ---------------------------

LAYOUTS = [(4, 1), (2, 2), (1, 4)]
HERE = os.path.dirname(os.path.abspath(__file__))


def layout_cases(procs, devs, rank, rows):
    """(name, per-device function of one block) for this layout: each is
    the same operation on the procs * devs blocks, block (p, d) being device d of
    process p (index p * devs + d)."""
    cells = procs * devs
    local = [(d, (d + 1) % devs) for d in range(devs)]

    def total(a):
        if devs > 1:
            a = lax.psum(a, "d")
        return mpicoll.allreduce(a, MPI.SUM) if procs > 1 else a

    def all_to_all(a):        # a: (procs * devs, n), row c goes to block c
        a = a.reshape(procs, devs, -1)
        if devs > 1:      # [dest process, dest device] -> [dest process, source device]
            a = lax.all_to_all(a, "d", 1, 1, tiled=True)
        if procs > 1:     # -> [source process, source device]
            a = mpicoll.alltoall(a)
        return a.reshape(cells, -1)

    def halo(a):              # a's last `rows` rows to the next block, as its halo
        edge = a[-rows:]
        if devs > 1:      # device d gets device d - 1's edge, device 0 the last one's
            edge = lax.ppermute(edge, "d", local)
        if procs > 1:     # device 0: from the last device of process p - 1
            def across(e):
                return mpicoll.sendrecv(e, e, (rank - 1) % procs, (rank + 1) % procs)
            edge = (lax.cond(lax.axis_index("d") == 0, across, lambda e: e, edge) if devs > 1
                    else across(edge))
        return jnp.concatenate([edge, a[rows:]])

    return [("sum", total, lambda n: (n,)), ("all_to_all", all_to_all, lambda n: (cells, n)),
            ("halo", halo, lambda n: (n // 1024, 1024))]


def check_layout(name, got, mine, world, rows):
    """Every layout does the same work: this process's results (one per
    device) against NumPy on all blocks (gathered with mpi4py, block
    p * devs + d)."""
    blocks = [b for part in world.allgather(mine) for b in part]
    first = world.rank * len(mine)
    for d, result in enumerate(got):
        c = first + d
        want = {"sum": lambda: np.sum(blocks, axis=0),
                "all_to_all": lambda: np.stack([b[c] for b in blocks]),
                "halo": lambda: np.concatenate([blocks[c - 1][-rows:], blocks[c][rows:]]),
                }[name]()
        np.testing.assert_allclose(result, want, rtol=1e-12, err_msg=f"{name}, block {c}")


def layout_job(args):
    """One layout's rows (inside its job): JSON lines on rank 0's stdout."""
    world = MPI.COMM_WORLD
    procs, devs, rank = world.size, jax.local_device_count(), world.rank
    mesh = jax.make_mesh((devs,), ("d",), axis_types=(jax.sharding.AxisType.Auto,))
    timing_comm = world.Dup()
    for name, per_device, shape in layout_cases(procs, devs, rank, args.halo):
        f = jax.jit(jax.shard_map(lambda b: per_device(b[0])[None], mesh=mesh,
                                  in_specs=P("d"), out_specs=P("d")))
        for nbytes in [int(s) for s in args.sizes.split(",")]:
            unit = procs * devs * 1024
            n = max(unit, nbytes // 8 // unit * unit)
            block = shape(n // (procs * devs) if name == "all_to_all" else n)
            x = jax.device_put(jnp.asarray(np.random.default_rng(rank).normal(
                size=(devs, *block))), jax.NamedSharding(mesh, P("d")))
            check_layout(name, np.asarray(f(x)), np.asarray(x), world, args.halo)
            t = measure(lambda: f(x).block_until_ready(), args.n, 3, timing_comm)
            if rank == 0:
                row = dict(operation=name, bytes=8 * int(np.prod(block)), processes=procs,
                           devices=devs, seconds=t)
                print("ROW " + json.dumps(row), flush=True)
    timing_comm.Free()


def layouts(args):
    """Run each layout's job and print the rows side by side."""
    meta = reporting.metadata(MPI.COMM_SELF)
    log = reporting.Log(0)
    log(reporting.title("one process per device against several devices per process "
                        "(float64, 4 blocks)", meta))
    found = {}
    for procs, devs in LAYOUTS:
        env = dict(os.environ, XLA_FLAGS=f"--xla_force_host_platform_device_count={devs} "
                                         + os.environ.get("XLA_FLAGS", ""))
        command = [os.path.join(HERE, "..", "scripts", "mpirun.sh"), str(procs),
                   os.path.join(HERE, "run.py"), "spmd", "--layout-job", "--sizes", args.sizes,
                   "--n", str(args.n), "--halo", str(args.halo)]
        done = subprocess.run(command, env=env, text=True, stdout=subprocess.PIPE, check=False)
        if done.returncode != 0:
            sys.exit(f"failed ({done.returncode}): {' '.join(command)}\n{done.stdout}")
        for line in done.stdout.splitlines():
            if line.startswith("ROW "):
                row = json.loads(line[4:])
                cell = found.setdefault((row["operation"], row["bytes"]), {})
                cell[(procs, devs)] = row["seconds"]
    head = ["operation", "bytes/block", "4 x 1", "2 x 2", "1 x 4", "2x2 / 4x1"]
    widths = [12, 12, 12, 12, 12, 11]
    log(reporting.columns(head, widths, 1))
    results = []
    for (name, nbytes), times in found.items():
        t = [times.get(layout) for layout in LAYOUTS]
        log(reporting.columns([name, f"{nbytes:,}"] + [reporting.fmt_time(v) for v in t]
                              + [f"{t[1] / t[0]:.2f}"], widths, 1))
        results.append(dict(operation=name, bytes=nbytes, **{
            f"{p}x{d}": v for (p, d), v in zip(LAYOUTS, t)}))
    if args.out:
        reporting.write(args.out, meta, results, log.text)


def add_arguments(parser):
    parser.add_argument("--sizes", help="bytes per rank (multiples of 8 * ranks; default "
                                        "8,8192,1048576,16777216, --quick 8,8192)")
    parser.add_argument("--n", type=int, help="timed iterations (default 50, --quick 5)")
    parser.add_argument("--out", default=None, help="stem of the result files")
    parser.add_argument("--layouts", action="store_true",
                        help="compare 4 x 1, 2 x 2 and 1 x 4 processes x devices (run "
                             "without mpiexec)")
    parser.add_argument("--layout-job", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--halo", type=int, default=2, help="--layouts: halo rows")


def main(args):
    if args.layouts or args.layout_job:
        args.sizes = args.sizes or ("65536" if args.quick else "65536,1048576,16777216")
        args.n = args.n or (5 if args.quick else 30)
        return layout_job(args) if args.layout_job else layouts(args)
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
