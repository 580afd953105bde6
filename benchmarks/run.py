"""mpicoll's benchmarks: one entry point, one suite per area.

Usage:

    ./scripts/mpirun.sh P benchmarks/run.py SUITE [options]   # P ranks
    python benchmarks/run.py SUITE --help                      # a suite's options
    python benchmarks/run.py primitives --fresh-process [options]
                            # no mpiexec: starts an MPI job per cell itself
    python benchmarks/run.py compare --before B*.json --after A*.json [--variant jit1]
                            # two builds from repeated primitives runs (no MPI)

Suites (each compares mpicoll with the floor it aims at, in the same run;
benchmarks/README.md says what each measures and shows the committed runs):

  primitives  every mpicoll operation against the best mpi4py call on
              preallocated NumPy buffers: latency and bandwidth
  fft3d       fft3d/ifft3d/rfft3d/irfft3d against mpi4py-fft, a JAX shard_map
              slab FFT and jnp.fft; --breakdown: local FFT stages against
              re-splits; --local-fft: the local FFTs alone (one rank)
  halo        halo_exchange against two hand-written mpi4py exchanges; a
              stencil step with and without it
  ragged      ragged_alltoall against mpi4py's Alltoall + Alltoallv; --pm: the
              parts of a particle-mesh step
  spmd        shard_map collectives through mpicoll.spmd against the mpicoll
              calls written by hand
  mpi_paths   mpi4py only: MPI calls that move the same data (v-collectives,
              messages to self, the copies of rooted results)
  overlap     nonblocking operations (isendrecv ... wait) against blocking
              ones and mpi4py's Isend/Irecv when one rank is late (2 ranks);
              start + wait with nothing between against the blocking op
  gpu         on CUDA arrays: `gpu primitives` (staged, CUDA-aware, staging
              by hand) and `gpu fft3d` (against one GPU's jnp.fft)

Options every suite takes: --quick (a smoke test: small sizes, few
iterations). Modes that some suites take:

  --jax-native     (primitives, spmd) a column of JAX's own multi-process
                   collectives (jax.shard_map over jax.distributed, jaxlib's
                   CPU collectives over MPI through the MPIwrapper plugin named
                   by MPITRAMPOLINE_LIB; benchmarks/build_mpiwrapper.sh builds
                   it). When the plugin does not load or jax.distributed
                   fails, one line says why and the other columns run.
  --fresh-process  (primitives) every cell (operation and size; with
                   --per-variant every variant of it) in an MPI job of its
                   own, so that no earlier cell's allocations change it; run
                   without mpiexec (it launches scripts/mpirun.sh --ranks N).

Every suite times the same way (timing.py) and writes its tables the same
way (reporting.py).
"""

import argparse
import ctypes
import importlib
import json
import os
import socket
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
MPIRUN = os.path.join(HERE, "..", "scripts", "mpirun.sh")

SUITES = ["primitives", "fft3d", "halo", "ragged", "spmd", "mpi_paths", "overlap", "gpu"]
FRESH_PROCESS = {"primitives"}
JAX_NATIVE = {"primitives", "spmd"}


def main(argv=None):
    argv = sys.argv[1:] if argv is None else list(argv)
    if argv[:1] == ["compare"]:
        return compare_builds(argv[1:])
    if not argv or argv[0] not in SUITES:
        print(__doc__.split("Options every suite")[0].rstrip())
        asked = argv[:1] in (["-h"], ["--help"])
        if not asked:
            print(f"\nrun.py: name a suite first ({', '.join(SUITES)})", file=sys.stderr)
        return 0 if asked else 2
    name, rest = argv[0], argv[1:]
    if name in FRESH_PROCESS and "--fresh-process" in rest:
        return fresh_process(name, rest)
    # before jax is imported: jaxlib loads the plugin when it loads
    skipped = jax_native_prepare(name in JAX_NATIVE and "--jax-native" in rest)
    suite = importlib.import_module(name)
    parser = argparse.ArgumentParser(prog=f"run.py {name}", description=suite.__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true",
                        help="smoke test: small sizes, few iterations")
    if name in JAX_NATIVE:
        parser.add_argument("--jax-native", action="store_true",
                            help="add the column of JAX's own collectives over MPI (needs "
                                 "MPITRAMPOLINE_LIB: benchmarks/build_mpiwrapper.sh)")
    if name in FRESH_PROCESS:
        fresh_process_arguments(parser.add_argument_group(
            "fresh-process mode (run without mpiexec; --rounds and --out as usual)"))
    suite.add_arguments(parser)
    args = parser.parse_args(rest)
    if name in FRESH_PROCESS and (args.per_variant or args.keep or args.ranks is not None):
        parser.error("--ranks, --per-variant and --keep go with --fresh-process")
    if name in JAX_NATIVE:
        args.native, args.native_status = None, skipped
        if skipped is None:
            args.native, args.native_status = jax_native_start()
    return suite.main(args)


# --- fresh-process mode ------------------------------------------------------

def fresh_process_arguments(group):
    group.add_argument("--fresh-process", action="store_true",
                       help="a fresh MPI job per cell: no cell sees another's allocator "
                            "history (benchmarks/README.md, 'Order and process history')")
    group.add_argument("--ranks", type=int, help="ranks of each job (default 2)")
    group.add_argument("--per-variant", action="store_true",
                       help="a job per variant of each cell, not per cell (about 7x the jobs)")
    group.add_argument("--keep", metavar="DIR",
                       help="keep the cell runs' files here (default: a temporary folder)")


def job(ranks, name, *args, capture=False):
    """Run suite `name` on `ranks` ranks with `args`; its stdout if captured."""
    cmd = [MPIRUN, str(ranks), os.path.join(HERE, "run.py"), name, *args]
    done = subprocess.run(cmd, check=False, text=True,
                          stdout=subprocess.PIPE if capture else None)
    if done.returncode != 0:
        sys.exit(f"failed ({done.returncode}): {' '.join(cmd)}")
    return done.stdout


def fresh_process(name, argv):
    """The suite's table with every cell measured in an MPI job of its own:
    each round runs every cell once (with --per-variant every variant of
    every cell), and one last job combines the cells' files into the table
    (the suite's --list-cells, --cell, --variants and --from-cells)."""
    parser = argparse.ArgumentParser(prog=f"run.py {name}", add_help=False)
    fresh_process_arguments(parser)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--out", default="benchmarks/results")
    args, passed = parser.parse_known_args(argv)
    ranks = args.ranks or 2
    cells = [json.loads(line) for line in
             job(ranks, name, "--list-cells", *passed, capture=True).splitlines()
             if line.startswith("{")]
    folder = args.keep or tempfile.mkdtemp(prefix="mpicoll-fresh-")
    jobs = [(c, [v]) for c in cells for v in c["variants"]] if args.per_variant else \
        [(c, None) for c in cells]
    print(f"-- {len(jobs)} jobs per round, {args.rounds} rounds; cell files in {folder}",
          flush=True)
    started = time.time()
    for k in range(args.rounds):
        for cell, variants in jobs:
            print(f"-- round {k + 1}: {cell['op']} {cell['size']} B "
                  f"{' '.join(variants or ['(all variants)'])}", flush=True)
            job(ranks, name, *passed, "--rounds", "1", "--cell", str(cell["size"]),
                "--ops", cell["op"], *(["--variants", *variants] if variants else []),
                "--out", os.path.join(folder, f"round{k}"))
    print(f"-- measured in {time.time() - started:.0f} s", flush=True)
    job(ranks, name, *passed, "--from-cells", folder, "--out", args.out)
    return 0


# --- comparing two builds (compare) ----------------------------------------------

def compare_builds(argv):
    """Compare two builds of mpicoll from repeated runs of the primitives suite.

    One run of a loaded 2-core machine can differ from the next by up to 2x, so
    one table before a change and one after prove little. Run the same command
    several times for each build, alternating (before, after, after, before,
    ...), and give the JSON files each run wrote:

        python benchmarks/run.py compare --before b1/*.json b2/*.json ... \\
            --after a1/*.json a2/*.json ... [--variant jit1]

    It prints a Markdown table, one row per operation and size found in every
    file: the variant's time over the runs of each build (lowest-highest), the
    ratio of the after median to the before median, and the variant's time
    divided by mpi4py's of the same run, over the runs of each build (the
    ratio that the machine's load changes least).
    """
    import statistics
    from reporting import fmt_bytes, fmt_time

    parser = argparse.ArgumentParser(prog="run.py compare",
                                     description=compare_builds.__doc__.split("\n\n")[0])
    parser.add_argument("--before", nargs="+", required=True, help="JSON files of the old build")
    parser.add_argument("--after", nargs="+", required=True, help="JSON files of the new build")
    parser.add_argument("--variant", default="jit1", help="the column to compare (default jit1)")
    args = parser.parse_args(argv)

    def cells(path):
        with open(path) as f:
            return {(r["op"], r["bytes"]): r for r in json.load(f)["results"]}

    def spread(values, fmt):
        return f"{fmt(min(values)).strip()}-{fmt(max(values)).strip()}"

    before, after = [cells(p) for p in args.before], [cells(p) for p in args.after]
    keys = [k for k in before[0] if all(k in run for run in before + after)]
    v = args.variant
    ratio = lambda x: f"{x:.2f}x"                       # noqa: E731
    print(f"{len(before)} runs before, {len(after)} after; column {v}\n")
    print(f"| op | size | {v} before | {v} after | after / before (medians) "
          f"| {v} / mpi4py before | {v} / mpi4py after |")
    print("|---|---|---|---|---|---|---|")
    for key in keys:
        if not all(v in run[key] for run in before + after):
            continue
        b = [run[key][v] for run in before]
        a = [run[key][v] for run in after]
        rb = [run[key][v] / run[key]["mpi4py"] for run in before]
        ra = [run[key][v] / run[key]["mpi4py"] for run in after]
        size = fmt_bytes(key[1])
        print(f"| {key[0]} | {size} | {spread(b, fmt_time)} | {spread(a, fmt_time)} "
              f"| {statistics.median(a) / statistics.median(b):.2f} "
              f"| {spread(rb, ratio)} | {spread(ra, ratio)} |")
    return 0


# --- JAX's native collectives over MPI (--jax-native) --------------------------
#
# jaxlib's CPU backend runs cross-process collectives over MPI when
# jax_cpu_collectives_implementation is "mpi" and jax.distributed is
# initialised. It reaches MPI through MPItrampoline, built into jaxlib, which
# loads the MPIwrapper plugin named by MPITRAMPOLINE_LIB (build_mpiwrapper.sh
# builds it against the MPI that mpi4py uses, so both talk to the same,
# already initialised MPI). Two steps, because of when jaxlib looks at the
# plugin: jax_native_prepare BEFORE `import jax` (MPItrampoline loads the
# plugin when jaxlib is loaded and exits the process if it cannot), and
# jax_native_start after it, before any JAX computation (jax.distributed must
# be set up before the CPU backend exists).

HOW = ("build the plugin with benchmarks/build_mpiwrapper.sh, export "
       "MPITRAMPOLINE_LIB=<the path it prints> and pass --jax-native")


def jax_native_prepare(wanted):
    """Check the plugin before jax is imported. None: the column can run;
    else one line saying why not."""
    lib = os.environ.get("MPITRAMPOLINE_LIB")
    if not wanted:
        # A stale path would stop `import jax`; without the column it is unused.
        os.environ.pop("MPITRAMPOLINE_LIB", None)
        return f"not run ({HOW})"
    if not lib:
        return f"not run: MPITRAMPOLINE_LIB is not set ({HOW})"
    try:
        # The flags MPItrampoline itself loads it with (dlopen mode on Linux).
        plugin = ctypes.CDLL(lib, mode=os.RTLD_LOCAL | os.RTLD_DEEPBIND)
        ctypes.c_int.in_dll(plugin, "mpiabi_version_major")
        plugin.mpiwrapper_export_fortran_constants_   # noqa: B018 (MPItrampoline calls it)
    except (OSError, ValueError, AttributeError) as exc:
        os.environ.pop("MPITRAMPOLINE_LIB")
        return f"not run: MPITRAMPOLINE_LIB={lib} is not an MPIwrapper plugin ({exc})"
    return None


class JaxNative:
    """JAX's own collectives across the processes of COMM_WORLD, once
    jax.distributed is set up (a suite's args.native)."""

    @staticmethod
    def mesh(axis):
        """One mesh axis over every process's device, in process order."""
        import jax
        import numpy as np
        devices = sorted(jax.devices(), key=lambda d: d.process_index)
        return jax.sharding.Mesh(np.array(devices), (axis,))

    @staticmethod
    def global_array(mesh, block):
        """The global array whose block along the first axis on this process
        is `block` (this process's input to shard_map)."""
        import jax
        sharding = jax.sharding.NamedSharding(mesh, jax.P(mesh.axis_names[0]))
        shape = (block.shape[0] * mesh.size,) + tuple(block.shape[1:])
        return jax.make_array_from_single_device_arrays(
            shape, sharding, [jax.device_put(block, jax.local_devices()[0])])

    @staticmethod
    def local(y):
        """This process's block of a global result."""
        return y.addressable_shards[0].data


def jax_native_start():
    """jax.distributed over MPI collectives, one process per rank of
    COMM_WORLD (collective), checked by a psum across processes:
    (JaxNative(), what the column runs), or (None, why not), alike on every rank."""
    import jax
    import numpy as np
    from mpi4py import MPI

    comm = MPI.COMM_WORLD
    why = None
    try:
        port = None
        if comm.rank == 0:   # a free port for the coordinator, told to everyone
            with socket.socket() as s:
                s.bind(("127.0.0.1", 0))
                port = s.getsockname()[1]
        port = comm.bcast(port)
        jax.config.update("jax_cpu_collectives_implementation", "mpi")
        jax.distributed.initialize(f"127.0.0.1:{port}", num_processes=comm.size,
                                   process_id=comm.rank, initialization_timeout=60)
        if jax.process_count() != comm.size or len(jax.devices()) != comm.size:
            why = (f"jax sees {jax.process_count()} processes and {len(jax.devices())} "
                   f"devices, expected {comm.size}")
    except Exception as exc:   # noqa: BLE001 (any failure only skips the column)
        why = f"jax.distributed.initialize failed: {type(exc).__name__}: {exc}"
    why = agree(comm, why)
    if why is None:
        try:
            native = JaxNative()
            mesh = native.mesh("x")
            x = native.global_array(mesh, np.full(2, comm.rank + 1.0, np.float32))
            f = jax.jit(jax.shard_map(lambda a: jax.lax.psum(a, "x"), mesh=mesh,
                                      in_specs=jax.P("x"), out_specs=jax.P("x")))
            got = np.asarray(native.local(f(x)))
            if not np.all(got == comm.size * (comm.size + 1) / 2):
                why = f"psum across processes gave {got}"
        except Exception as exc:   # noqa: BLE001
            why = f"test psum failed: {type(exc).__name__}: {exc}"
        why = agree(comm, why)
    if why is not None:
        return None, f"not run: {why}"
    plugin = os.path.basename(os.environ["MPITRAMPOLINE_LIB"])
    return JaxNative(), f"jax.shard_map over jax.distributed, CPU collectives over MPI ({plugin})"


def agree(comm, why):
    """The first rank's reason to skip, on every rank (None: no rank has one)."""
    return next((f"rank {r}: {w}" for r, w in enumerate(comm.allgather(why)) if w), None)


if __name__ == "__main__":
    sys.exit(main())
