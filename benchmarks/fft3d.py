"""Distributed 3-D FFT: mpicoll.fft3d next to mpi4py-fft, a JAX shard_map slab
FFT and single-process jnp.fft.fftn, in one run.

Run (one command per rank count; 4 ranks on this 2-core machine are
oversubscribed and labelled so):

    ./scripts/mpirun.sh 1 benchmarks/run.py fft3d
    ./scripts/mpirun.sh 2 benchmarks/run.py fft3d
    ./scripts/mpirun.sh 4 benchmarks/run.py fft3d
    ./scripts/mpirun.sh 2 benchmarks/run.py fft3d --quick     # smoke test: 32^3, 64^3
    python benchmarks/run.py fft3d --summary                   # table across rank counts
    ./scripts/mpirun.sh 2 benchmarks/run.py fft3d --breakdown  # where the time goes
    ./scripts/mpirun.sh 1 benchmarks/run.py fft3d --local-fft  # the local FFTs alone

(--breakdown and --local-fft: fft3d_parts.py, which says what they measure.)

For each global size N^3 (64, 128, 256), dtype (complex64, complex128) and
layout (slab: comm=None; pencil: a 2-D Cartcomm of MPI.Compute_dims(P, 2),
labelled by its dims) it times, on P ranks:

  mpicoll     jitted fft3d (fwd), ifft3d (inv), rfft3d (rfwd) and irfft3d
              (rinv) of the real dtype of the same precision, value_and_grad of
              sum(|fft3d(x)|^2 * w) (grad), each on a live input; and
              ifft3d(fft3d(x)) in one jitted call with x donated and the
              result fed back (fwd+inv), as a solver's step carries its state
  mpi4py-fft  PFFT forward/backward on preallocated arrays, FFTW backend,
              FFTW_MEASURE, same grid (optional dependency: "n/a" if absent);
              fwd+inv: forward then backward
  shard_map   slab FFT on P CPU devices in one process (fft over axes 1, 2;
              lax.all_to_all; fft over axis 0), run by rank 0 in a subprocess
              while the other ranks sleep (fwd and inv, slab rows only)
  jnp.fftn    jnp.fft.fftn/ifftn (the grad, the donated round trip) of the
              whole array on rank 0 alone, the serial baseline

Only mpicoll's public API is used here; where mpicoll's own time goes (local
FFT stages against re-splits, --breakdown) is fft3d_parts.py, which reuses
this file's cases and mpicoll programs.

Method (timing.py, docs/design.md §5): barrier before every timed call, time
of an iteration = the slowest rank's, median over the iterations after
warm-up. Ranks that have nothing to do while rank 0 runs the serial or
shard_map parts wait in a sleep loop on an MPI_Ibarrier (not in a
busy-polling MPI call). Writes (reporting.py) a table to stdout and to
<out>/fft3d_np<P>.txt, all numbers with metadata to <out>/fft3d_np<P>.json,
and forward time against size to <out>/fft3d_np<P>.png.
"""

import argparse
import contextlib
import glob
import json
import os
import subprocess
import sys
import time

import numpy as np
import jax
import jax.numpy as jnp

import reporting   # benchmarks/reporting.py: the shared output
import timing      # benchmarks/timing.py: the shared method

# mpicoll and mpi4py are imported inside the functions that use them: both
# initialise MPI, which the shard_map worker (a subprocess outside the MPI
# job) and --summary must not do.

jax.config.update("jax_enable_x64", True)

DTYPES = {"complex64": np.complex64, "complex128": np.complex128}
OPS = ("fwd", "inv", "rfwd", "rinv", "grad", "fwd+inv")


def iterations(n, quick):
    """(timed iterations, warm-up calls) for a global size n^3."""
    if quick:
        return 5, 2
    return {64: (30, 3), 128: (15, 2)}.get(n, (9, 2))


def compiled_call(fn, *args):
    """A zero-argument call of fn(*args) that returns when its results are
    ready; fn is jitted and compiled here, so no timed call traces or compiles."""
    executable = jax.jit(fn).lower(*args).compile()
    return lambda: jax.block_until_ready(executable(*args))


def random_complex(rng, shape, dtype):
    values = rng.standard_normal(shape, np.float32) + 1j * rng.standard_normal(shape, np.float32)
    return jnp.asarray(values.astype(dtype))


def real_dtype(dtype):
    return jnp.float32 if dtype == np.complex64 else jnp.float64


def donated_round_trip(forward, inverse, x):
    """A zero-argument call of one jitted inverse(forward(v)) that donates v
    and keeps the result as the next call's input, the way a solver's step
    carries its state; starts from a copy of x."""
    step = jax.jit(lambda v: inverse(forward(v)), donate_argnums=0)
    state = [jnp.array(x, copy=True)]

    def call():
        state[0] = step(state[0])
        jax.block_until_ready(state[0])
    return call


def weighted_power_loss(transform, w):
    """The differentiated loss sum(|transform(v)|^2 * w), a function of v."""
    return lambda v: jnp.sum(jnp.abs(transform(v)) ** 2 * w)


# --------------------------------------------------------------------------
# the measured cases: shared with fft3d_parts.py (--breakdown)
# --------------------------------------------------------------------------

class Case:
    """One (N, dtype, layout) of a run on this rank: its real-space block `x`,
    Fourier-space block `y`, loss weights `w`, and `calls`, op -> a
    zero-argument call of mpicoll's jitted transform on them."""

    def __init__(self, n, dtype_name, layout, cart, comm, rng, quick):
        import mpicoll

        self.n, self.dtype_name, self.layout, self.cart = n, dtype_name, layout, cart
        self.dtype = DTYPES[dtype_name]
        self.rng = rng
        self.reps, self.warm = iterations(n, quick)
        self.global_shape = (n, n, n)
        self.grid = [comm.Get_size()] if cart is None else list(cart.Get_topo()[0])
        self.real_shape = self.block_shape("real")
        self.fourier_shape = self.block_shape("fourier")
        self.half_shape = self.block_shape("fourier", real=True)   # rfft3d's output
        self.x = self.random(self.real_shape)
        self.y = self.random(self.fourier_shape)
        self.w = jnp.asarray(rng.random(self.fourier_shape), real_dtype(self.dtype))
        self.x_real = jnp.real(self.x)
        self.y_half = self.random(self.half_shape)

        loss = weighted_power_loss(lambda v: mpicoll.fft3d(v, cart), self.w)
        self.calls = {"fwd": compiled_call(lambda v: mpicoll.fft3d(v, cart), self.x),
                      "inv": compiled_call(lambda v: mpicoll.ifft3d(v, cart), self.y),
                      "rfwd": compiled_call(lambda v: mpicoll.rfft3d(v, cart), self.x_real),
                      "rinv": compiled_call(lambda v: mpicoll.irfft3d(v, n, cart), self.y_half),
                      "grad": compiled_call(jax.value_and_grad(loss), self.x),
                      "fwd+inv": donated_round_trip(lambda v: mpicoll.fft3d(v, cart),
                                                    lambda v: mpicoll.ifft3d(v, cart), self.x)}

    def block_shape(self, space, real=False):
        import mpicoll
        return tuple(s.stop - s.start for s in
                     mpicoll.fft.local_slices(self.global_shape, self.cart, space=space,
                                              real=real))

    def random(self, shape):
        return random_complex(self.rng, shape, self.dtype)

    def row(self, op):
        """The identifying fields of this case's table row for `op`."""
        return {"n": self.n, "dtype": self.dtype_name, "layout": self.layout,
                "grid": self.grid, "op": op}


def cases(comm, args):
    """Every Case of a run, in table order. Each is built only when the
    previous one has been handed over, so a caller that drops its case before
    taking the next holds one case's arrays and executables at a time."""
    from mpi4py import MPI

    pencil = MPI.Compute_dims(comm.Get_size(), 2)
    layouts = [("slab", None), (f"pencil {pencil[0]}x{pencil[1]}", comm.Create_cart(pencil))]
    rng = np.random.default_rng(comm.Get_rank())
    for n in args.sizes:
        for dtype_name in args.dtypes:
            for layout, cart in layouts:
                yield Case(n, dtype_name, layout, cart, comm, rng, args.quick)


# --------------------------------------------------------------------------
# shard_map worker: P CPU devices in one process, no MPI
# --------------------------------------------------------------------------

def shard_map_worker(args):
    from jax.sharding import Mesh, NamedSharding, PartitionSpec as Spec

    p = args.shard_map_worker
    jax.config.update("jax_num_cpu_devices", p)   # before the backend starts
    devices = jax.devices()[:p]
    assert len(devices) == p, f"need {p} CPU devices, have {jax.devices()}"
    mesh = Mesh(np.array(devices), ("x",))
    spec = Spec("x", None, None)
    shard_map = getattr(jax, "shard_map", None)
    if shard_map is None:
        from jax.experimental.shard_map import shard_map

    def fwd_local(x):                    # x: (N/P, N, N)
        x = jnp.fft.fftn(x, axes=(1, 2))
        x = jax.lax.all_to_all(x, "x", split_axis=1, concat_axis=0, tiled=True)
        return jnp.fft.fft(x, axis=0)    # (N, N/P, N)

    def inv_local(x):                    # x: (N, N/P, N)
        x = jnp.fft.ifft(x, axis=0)
        x = jax.lax.all_to_all(x, "x", split_axis=0, concat_axis=1, tiled=True)
        return jnp.fft.ifftn(x, axes=(1, 2))

    kw = dict(mesh=mesh, in_specs=spec, out_specs=Spec(None, "x", None))
    fwd = jax.jit(shard_map(fwd_local, **kw))
    inv = jax.jit(shard_map(inv_local, mesh=mesh, in_specs=Spec(None, "x", None),
                            out_specs=spec))
    results = []
    for n in args.sizes:
        reps, warm = iterations(n, args.quick)
        for dname in args.dtypes:
            dt = DTYPES[dname]
            rng = np.random.default_rng(0)
            host = (rng.standard_normal((n, n, n), np.float32) + 0j).astype(dt)
            x = jax.device_put(host, NamedSharding(mesh, spec))
            del host
            y = fwd(x).block_until_ready()
            if n <= 64:   # the worker's slab FFT is checked against numpy once
                ref = np.fft.fftn(np.asarray(x))
                err = np.abs(np.asarray(y) - ref).max() / np.abs(ref).max()
                assert err < 1e-4, f"shard_map FFT wrong: rel err {err}"
            # one process and no MPI here: timed without barriers (comm=None)
            row = {"n": n, "dtype": dname,
                   "fwd": timing.measure(compiled_call(fwd, x), reps, warm, None),
                   "inv": timing.measure(compiled_call(inv, y), reps, warm, None)}
            results.append(row)
            del x, y
    with open(args.worker_out, "w") as f:
        json.dump({"devices": p, "results": results}, f)


def run_shard_map_subprocess(p, args, out_json):
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("PMI_", "PMIX_", "MPIR_", "HYDRA_", "MPICH_"))}
    flags = env.get("XLA_FLAGS", "")
    env["XLA_FLAGS"] = (flags + f" --xla_force_host_platform_device_count={p}").strip()
    env["JAX_PLATFORMS"] = "cpu"
    run = os.path.join(os.path.dirname(os.path.abspath(__file__)), "run.py")
    cmd = [sys.executable, run, "fft3d", "--shard-map-worker", str(p),
           "--worker-out", out_json, "--sizes", *map(str, args.sizes),
           "--dtypes", *args.dtypes] + (["--quick"] if args.quick else [])
    proc = subprocess.run(cmd, env=env, capture_output=True, text=True)
    if proc.returncode != 0:
        print(f"shard_map worker failed (rc {proc.returncode}):\n{proc.stderr[-3000:]}",
              flush=True)
        return {}
    with open(out_json) as f:
        data = json.load(f)
    return {(r["n"], r["dtype"]): r for r in data["results"]}


# --------------------------------------------------------------------------
# MPI part
# --------------------------------------------------------------------------

def mpi4py_fft_plan(PFFT, comm, case, dtype, values, fourier_shape):
    """mpi4py-fft's PFFT for `dtype` on the case's grid, with preallocated
    input (filled with `values`), output and inverse-output arrays."""
    plan = PFFT(comm, case.global_shape, axes=(0, 1, 2), dtype=dtype,
                grid=tuple(case.grid),   # slab: (P,), pencil: the Cartcomm's dims
                planner_effort="FFTW_MEASURE")
    u = np.empty(plan.forward.input_array.shape, dtype)
    u[...] = values
    u_hat = np.empty(plan.forward.output_array.shape, np.dtype(case.dtype))
    assert (u.shape, u_hat.shape) == (case.real_shape, fourier_shape), (u.shape, u_hat.shape)
    plan.forward(u, u_hat)
    return plan, u, u_hat, np.empty_like(u)


def mpi4py_fft_times(PFFT, comm, case, measure):
    """Forward and backward of mpi4py-fft's PFFT on the case's grid and blocks,
    complex and real to complex."""
    def timed(call):
        return measure(call, case.reps, case.warm)

    plan, u, u_hat, u_back = mpi4py_fft_plan(PFFT, comm, case, np.dtype(case.dtype),
                                             np.asarray(case.x), case.fourier_shape)
    times = {"fwd": timed(lambda: plan.forward(u, u_hat)),
             "inv": timed(lambda: plan.backward(u_hat, u_back)),
             "fwd+inv": timed(lambda: plan.backward(plan.forward(u, u_hat), u_back))}
    plan.destroy()
    plan, r, r_hat, r_back = mpi4py_fft_plan(PFFT, comm, case, np.dtype(real_dtype(case.dtype)),
                                             np.asarray(case.x_real), case.half_shape)
    times.update(rfwd=timed(lambda: plan.forward(r, r_hat)),
                 rinv=timed(lambda: plan.backward(r_hat, r_back)))
    plan.destroy()
    return times


def serial_times(args, rng):
    """jnp.fft.fftn, ifftn and the grad of the whole array in this process
    alone (rank 0, while the others wait): timed without barriers."""
    serial = {}
    for n in args.sizes:
        reps, warm = iterations(n, args.quick)
        for dname in args.dtypes:
            dt = DTYPES[dname]
            xg = random_complex(rng, (n, n, n), dt)
            wg = jnp.asarray(rng.random((n, n, n)), real_dtype(dt))
            loss = weighted_power_loss(jnp.fft.fftn, wg)
            calls = {"fwd": compiled_call(jnp.fft.fftn, xg),
                     "inv": compiled_call(jnp.fft.ifftn, xg),
                     "rfwd": compiled_call(jnp.fft.rfftn, jnp.real(xg)),
                     "rinv": compiled_call(lambda v: jnp.fft.irfftn(v, s=(n, n, n)),
                                           xg[:, :, :n // 2 + 1]),
                     "grad": compiled_call(jax.value_and_grad(loss), xg),
                     "fwd+inv": donated_round_trip(jnp.fft.fftn, jnp.fft.ifftn, xg)}
            serial[(n, dname)] = {op: timing.measure(call, reps, warm, None)
                                  for op, call in calls.items()}
            del xg, wg, loss, calls
    return serial


def mpi_main(args):
    from mpi4py import MPI

    try:  # optional comparison
        from mpi4py_fft import PFFT
        import mpi4py_fft
    except ImportError:
        PFFT = mpi4py_fft = None

    comm = MPI.COMM_WORLD
    rank, size = comm.Get_rank(), comm.Get_size()
    timing_comm = comm.Dup()   # barriers and result gathering stay off the measured comms
    meta = reporting.metadata(
        comm, quick=args.quick, note=args.note,
        mpi4py_fft=mpi4py_fft.__version__ if PFFT else None,
        mpi4py_fft_backend="fftw, FFTW_MEASURE, threads=1, collapse=False" if PFFT else None,
        method="barrier before each timed call; slowest rank per iteration; median after "
               "warm-up; serial jnp.fftn and shard_map: one process, median")

    def measure(call, n, warmup):
        return timing.measure(call, n, warmup, timing_comm)

    def idle_wait():
        """Barrier that sleeps instead of busy-polling (MPICH ranks spin)."""
        req = timing_comm.Ibarrier()
        while not req.Test():
            time.sleep(0.02)

    results = []
    for case in cases(comm, args):
        rows = {op: dict(case.row(op), mpicoll=measure(call, case.reps, case.warm))
                for op, call in case.calls.items()}
        if PFFT is not None:
            for op, t in mpi4py_fft_times(PFFT, comm, case, measure).items():
                rows[op]["mpi4py_fft"] = t
        results += [rows[op] for op in OPS]
        if rank == 0:
            print(f"  measured N={case.n} {case.dtype_name} {case.layout}", flush=True)
        del case   # before the next one is built

    serial = {}
    if rank == 0:
        serial = serial_times(args, np.random.default_rng(rank))
        print("  measured jnp.fft.fftn (rank 0 alone)", flush=True)
    idle_wait()

    # --- shard_map slab FFT on `size` CPU devices, in a subprocess -----------
    sm = {}
    if rank == 0 and not args.no_shard_map:
        out_json = os.path.join(args.out, f".fft3d_shard_map_np{size}.json")
        os.makedirs(args.out, exist_ok=True)
        sm = run_shard_map_subprocess(size, args, out_json)
        with contextlib.suppress(OSError):
            os.remove(out_json)
        print("  measured shard_map (subprocess)", flush=True)
    idle_wait()

    if rank != 0:
        return
    for row in results:
        key = (row["n"], row["dtype"])
        row["jnp_fftn"] = serial[key][row["op"]]
        if row["layout"] == "slab" and key in sm and row["op"] in sm[key]:
            row["shard_map"] = sm[key][row["op"]]

    text = table(results, meta)
    print(text)
    reporting.write(os.path.join(args.out, f"fft3d_np{size}"), meta, results, text,
                    plot=lambda path: plot(results, meta, path))


# --------------------------------------------------------------------------
# output
# --------------------------------------------------------------------------

def fmt(t):
    """A time in ms, without unit (the tables say ms once)."""
    if t is None:
        return "n/a"
    return f"{t * 1e3:.2f}" if t < 10 else f"{t * 1e3:.0f}"


def ratio(a, b):
    return "-" if a is None or b is None else f"{a / b:.2f}x"


def heading(what, meta, *details):
    """The first lines of an fft3d table: the run, `details`, its date and
    its note."""
    return (", ".join([reporting.title(what, meta), *details, meta["date"]])
            + (f"\nnote: {meta['note']}" if meta.get("note") else ""))


CASE_COLUMNS, CASE_WIDTHS = ["N", "dtype", "layout", "op"], [4, 10, 14, 7]


def case_cells(row):
    return [str(row["n"]), row["dtype"], row["layout"], row["op"]]


def table(results, meta):
    cols = CASE_COLUMNS + ["mpicoll", "mpi4py-fft", "shard_map", "jnp.fftn", "mc/m4f", "sm/mc"]
    widths = CASE_WIDTHS + [9, 12, 11, 10, 8, 8]
    lines = [heading("fft3d benchmark", meta,
                     f"mpi4py-fft {meta['mpi4py_fft'] or 'absent (n/a)'}"),
             "times in ms (median, slowest rank); mc/m4f = mpicoll / mpi4py-fft; "
             "sm/mc = shard_map / mpicoll (>1: mpicoll faster)",
             reporting.columns(cols, widths, len(CASE_COLUMNS))]
    for r in results:
        no_mpi4py = "n/a" if meta["mpi4py_fft"] is None and r["op"] != "grad" else "-"
        cells = case_cells(r) + [
            fmt(r["mpicoll"]), fmt(r["mpi4py_fft"]) if "mpi4py_fft" in r else no_mpi4py,
            fmt(r["shard_map"]) if "shard_map" in r else "-", fmt(r["jnp_fftn"]),
            ratio(r["mpicoll"], r.get("mpi4py_fft")), ratio(r.get("shard_map"), r["mpicoll"])]
        lines.append(reporting.columns(cells, widths, len(CASE_COLUMNS)))
    return "\n".join(lines)


def plot(results, meta, path):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    dtypes = sorted({r["dtype"] for r in results})
    fig, axes = plt.subplots(1, len(dtypes), figsize=(6 * len(dtypes), 4.5), sharey=True)
    fwd = [r for r in results if r["op"] == "fwd"]
    for ax, dname in zip(np.atleast_1d(axes), dtypes):
        rows = [r for r in fwd if r["dtype"] == dname]
        lines = {}
        for r in rows:
            lines.setdefault(f"mpicoll {r['layout']}", []).append((r["n"], r["mpicoll"]))
            if "mpi4py_fft" in r:
                lines.setdefault(f"mpi4py-fft {r['layout']}", []).append(
                    (r["n"], r["mpi4py_fft"]))
            if "shard_map" in r:
                lines.setdefault("JAX shard_map slab", []).append((r["n"], r["shard_map"]))
            if r["layout"] == "slab":
                lines.setdefault("jnp.fft.fftn (1 process)", []).append(
                    (r["n"], r["jnp_fftn"]))
        for label, pts in lines.items():
            pts = sorted(pts)
            ax.plot([a ** 3 for a, _ in pts], [b * 1e3 for _, b in pts], marker="o",
                    label=label, linestyle="--" if "pencil" in label else "-")
        ax.set_xscale("log")
        ax.set_yscale("log")
        ax.set_xlabel("global points N^3")
        ax.set_title(f"forward, {dname}, {meta['ranks']} ranks"
                     + (" (oversubscribed)" if meta["oversubscribed"] else ""))
        ax.grid(True, which="both", alpha=0.3)
    np.atleast_1d(axes)[0].set_ylabel("time (ms)")
    np.atleast_1d(axes)[0].legend(fontsize=8)
    fig.tight_layout()
    fig.savefig(path, dpi=120)


def summary(out):
    """Forward rows of every fft3d_np<P>.json side by side."""
    lines = ["fft3d forward across rank counts (ms; mc = mpicoll, m4f = mpi4py-fft, "
             "sm = shard_map)"]
    for path in sorted(glob.glob(os.path.join(out, "fft3d_np[0-9].json"))):
        with open(path) as f:
            data = json.load(f)
        m = data["meta"]
        lines.append(f"-- {m['ranks']} ranks{' (oversubscribed)' if m['oversubscribed'] else ''}"
                     f", {m['date']}")
        for r in data["results"]:
            if r["op"] != "fwd":
                continue
            lines.append(f"  {r['n']:4d} {r['dtype']:10} {r['layout']:13} mc {fmt(r['mpicoll']):>7}"
                         f"  m4f {fmt(r.get('mpi4py_fft')):>7}  sm {fmt(r.get('shard_map')):>7}"
                         f"  jnp {fmt(r['jnp_fftn']):>7}  mc/m4f "
                         f"{ratio(r['mpicoll'], r.get('mpi4py_fft')):>6}  sm/mc "
                         f"{ratio(r.get('shard_map'), r['mpicoll']):>6}")
    text = "\n".join(lines)
    print(text)
    with open(os.path.join(out, "fft3d_summary.txt"), "w") as f:
        f.write(text + "\n")


def add_arguments(parser):
    parser.add_argument("--sizes", type=int, nargs="+",
                        help="global N (default 64 128 256; --quick 32 64)")
    parser.add_argument("--dtypes", nargs="+", default=list(DTYPES), choices=list(DTYPES))
    parser.add_argument("--out", default="benchmarks/results", help="folder for the outputs")
    parser.add_argument("--note", default="", help="free text stored in the metadata")
    parser.add_argument("--no-shard-map", action="store_true", help="skip the shard_map run")
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--summary", action="store_true",
                      help="print/write the forward rows of all fft3d_np*.json (no MPI)")
    mode.add_argument("--breakdown", action="store_true",
                      help="mpicoll's time split into local FFT stages and re-splits "
                           "(fft3d_parts.py; private internals)")
    mode.add_argument("--local-fft", action="store_true",
                      help="the local FFTs of one rank's blocks: jnp.fft, mpicoll's local FFT "
                           "primitive, ducc0 (fft3d_parts.py; run on 1 rank)")
    mode.add_argument("--pipelined", action="store_true",
                      help="a slab fft3d whose transposition is pipelined over k chunks "
                           "(ialltoall) against mpicoll.fft3d (fft3d_parts.py)")
    parser.add_argument("--shard-map-worker", type=int, help=argparse.SUPPRESS)
    parser.add_argument("--worker-out", help=argparse.SUPPRESS)


def main(args):
    if args.sizes is None and not args.pipelined:
        args.sizes = [32, 64] if args.quick else [64, 128, 256]
    if args.summary:
        summary(args.out)
    elif args.shard_map_worker:
        shard_map_worker(args)
    elif args.breakdown or args.local_fft or args.pipelined:
        import fft3d_parts
        (fft3d_parts.breakdown if args.breakdown else fft3d_parts.local_ffts
         if args.local_fft else fft3d_parts.pipelined)(args)
    else:
        mpi_main(args)
