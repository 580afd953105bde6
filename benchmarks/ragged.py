"""Data-dependent exchange: mpicoll.ragged_alltoall against mpi4py, side by side.

The particle-code pattern: every rank holds N particles (rows of 6 float64:
position and velocity), a fraction of which leave for other ranks, with a
per-rank imbalance. Columns:

* mpi4py: the best hand-written equivalent on NumPy buffers:
  ``Alltoall`` of the counts, then ``Alltoallv`` of the rows into a
  preallocated buffer of ``capacity`` rows (the padding a JAX program needs);
* mpicoll: ``jax.jit`` of ``ragged_alltoall(rows, counts, capacity)`` on the
  same rows, counts given as an array (traced);
* counts only: mpicoll's call when no row moves (one row, all counts
  zero): the counts exchange and the agreement on overflow, the fixed
  price of counts known only at run time.

Timing: timing.measure (barrier, slowest rank, median). Run:

    ./scripts/mpirun.sh 2 benchmarks/run.py ragged --pm --out benchmarks/results/ragged_np2
    ./scripts/mpirun.sh 4 benchmarks/run.py ragged --pm --out benchmarks/results/ragged_np4
    ./scripts/mpirun.sh 2 benchmarks/run.py ragged --pm --quick    # smoke test

With ``--pm`` it also times the parts of one step of examples/particle_mesh.py.
"""

import os

os.environ.setdefault("JAX_PLATFORMS", "cpu")

import jax  # noqa: E402
import jax.numpy as jnp  # noqa: E402
import numpy as np  # noqa: E402
from mpi4py import MPI  # noqa: E402

import mpicoll  # noqa: E402
import reporting  # noqa: E402
from timing import measure  # noqa: E402

jax.config.update("jax_enable_x64", True)
WIDTH = 6     # float64 per particle: position and velocity


def counts_for(n, leaving, imbalance, rank, size):
    """Rows rank `rank` sends to every rank: `leaving` of its n particles
    leave, split over the others; rank 0 sends `imbalance` times as many."""
    scale = imbalance if rank == 0 else 1.0
    moving = min(n, int(n * leaving * scale)) if size > 1 else 0
    counts = np.zeros(size, np.int64)
    others = [r for r in range(size) if r != rank]
    for i, r in enumerate(others):
        counts[r] = moving // len(others) + (1 if i < moving % len(others) else 0)
    counts[rank] = n - counts.sum()
    return counts


def add_arguments(parser):
    parser.add_argument("--sizes", help="particles per rank (default 1000,100000,1000000; "
                                        "--quick 1000,10000)")
    parser.add_argument("--leaving", type=float, default=0.1, help="fraction that moves")
    parser.add_argument("--imbalance", default="1,4", help="rank 0's factor on the fraction")
    parser.add_argument("--n", type=int, help="timed iterations (default 30, --quick 5)")
    parser.add_argument("--out", default=None, help="stem of the result files")
    parser.add_argument("--pm", action="store_true", help="also time a particle-mesh step's parts")
    parser.add_argument("--pm-n", type=int, help="mesh cells per axis (default 64, --quick 16)")
    parser.add_argument("--pm-m", type=int, help="particles per axis (default 32, --quick 8)")


def main(args):
    args.sizes = args.sizes or ("1000,10000" if args.quick else "1000,100000,1000000")
    args.n = args.n or (5 if args.quick else 30)
    args.pm_n = args.pm_n or (16 if args.quick else 64)
    args.pm_m = args.pm_m or (8 if args.quick else 32)
    world = MPI.COMM_WORLD
    rank, size = world.rank, world.size
    timing_comm = world.Dup()
    meta = reporting.metadata(world, leaving=args.leaving, width=WIDTH)
    log = reporting.Log(rank)
    log(reporting.title("ragged exchange of particle rows (6 float64)", meta))
    head = ["particles/rank", "imbalance", "mpi4py", "mpicoll", "ratio", "counts only"]
    widths = [15, 10, 12, 12, 7, 12]
    log(reporting.columns(head, widths, 2))
    results = []
    exchange = jax.jit(mpicoll.ragged_alltoall, static_argnums=2)
    for n in [int(s) for s in args.sizes.split(",")]:
        for imbalance in [float(s) for s in args.imbalance.split(",")]:
            every = [counts_for(n, args.leaving, imbalance, r, size) for r in range(size)]
            counts = every[rank]
            capacity = int(max(sum(c[r] for c in every) for r in range(size)))
            rows = np.random.default_rng(rank).normal(size=(n, WIDTH))
            out = np.empty((capacity, WIDTH))
            recv = np.empty(size, np.int64)

            def with_mpi4py():
                world.Alltoall(counts, recv)
                displ = np.concatenate([[0], np.cumsum(recv)[:-1]]) * WIDTH
                sdispl = np.concatenate([[0], np.cumsum(counts)[:-1]]) * WIDTH
                world.Alltoallv([rows, counts * WIDTH, sdispl, MPI.DOUBLE],
                                [out, recv * WIDTH, displ, MPI.DOUBLE])

            x, c = jnp.asarray(rows), jnp.asarray(counts)
            one = jnp.zeros((1, WIDTH))       # one row that stays: the fixed cost
            t_np = measure(with_mpi4py, args.n, 3, timing_comm)
            t_mc = measure(lambda: exchange(x, c, capacity)[0].block_until_ready(), args.n, 3,
                           timing_comm)
            nothing = jnp.zeros(size, jnp.int64)
            t_counts = measure(lambda: exchange(one, nothing, 1)[0].block_until_ready(),
                               args.n, 3, timing_comm)
            log(reporting.columns(
                [f"{n:,}", f"{imbalance:g}", reporting.fmt_time(t_np),
                 reporting.fmt_time(t_mc), f"{t_mc / t_np:.2f}",
                 reporting.fmt_time(t_counts)], widths, 2))
            results.append(dict(particles=n, imbalance=imbalance, capacity=capacity,
                                mpi4py=t_np, mpicoll=t_mc, counts_only=t_counts))
    if args.pm:
        results.append(pm_breakdown(args, log, timing_comm))
    if args.out and rank == 0:
        reporting.write(args.out, meta, results, log.text)
    timing_comm.Free()


def pm_breakdown(args, log, timing_comm):
    """One step of examples/particle_mesh.py split into its parts, each
    jitted alone: deposit (+ halo accumulation), Poisson solve and force
    (rfft3d, batched irfft3d), interpolation (+ halo exchange), and the
    particle exchange (migrate)."""
    import importlib.util
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "examples",
                        "particle_mesh.py")
    spec = importlib.util.spec_from_file_location("particle_mesh", path)
    pm = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(pm)
    world = MPI.COMM_WORLD
    comm = world.Create_cart([world.size], periods=[True])
    sim = pm.Simulation(args.pm_n, args.pm_m, comm)
    state, count = sim.initial(pm.initial_displacement(sim))
    state, count = jax.jit(lambda s, c: mpicoll.migrate(s, sim.owner(s["pos"]), c,
                                                        sim.capacity, comm=comm))(state, count)
    valid = sim.valid(count)
    pos = state["pos"]
    rho = jax.jit(sim.deposit)(pos, valid)

    def force(rho):
        phi_hat = mpicoll.rfft3d(rho, comm) * sim.inverse
        grads = jnp.stack([1j * k * phi_hat for k in sim.k])
        return -jnp.moveaxis(mpicoll.irfft3d(grads, sim.n, comm), 0, -1)

    def interpolate(force, pos):
        padded = mpicoll.halo_exchange(jnp.pad(force, ((1, 1), (0, 0), (0, 0), (0, 0))), 1,
                                       comm, periodic=True)
        ix, iy, iz, w = sim.cic(pos)     # (8, particles) each: all eight corners at once
        return jnp.sum(w[..., None] * padded[ix, iy, iz], axis=0)

    f = jax.jit(force)(rho)
    moved = dict(state, pos=(pos + 0.7) % sim.n)
    parts = {
        "deposit": (jax.jit(sim.deposit), (pos, valid)),
        "FFT solve": (jax.jit(force), (rho,)),
        "interpolation": (jax.jit(interpolate), (f, pos)),
        "exchange": (jax.jit(lambda s, c: mpicoll.migrate(s, sim.owner(s["pos"]), c,
                                                          sim.capacity, comm=comm)),
                     (moved, count)),
    }
    log("")
    log(f"particle-mesh step parts (examples/particle_mesh.py): {sim.n}^3 mesh, "
        f"{sim.m ** 3} particles, slabs over {world.size} rank(s)")
    row = {}
    for name, (fn, fargs) in parts.items():
        t = measure(lambda: jax.block_until_ready(fn(*fargs)), args.n, 2, timing_comm)
        row[name] = t
        log(reporting.columns([name, reporting.fmt_time(t)], [15, 12], 1))
    comm.Free()
    return dict(pm_step=row, mesh=sim.n, particles=sim.m ** 3)
