"""Distributed 3-D FFT: mpicoll.fft3d next to mpi4py-fft, a JAX shard_map slab
FFT and single-process jnp.fft.fftn, in one run.

Run (one command per rank count; 4 ranks on this 2-core machine are
oversubscribed and labelled so):

    ./scripts/mpirun.sh 1 benchmarks/fft3d.py
    ./scripts/mpirun.sh 2 benchmarks/fft3d.py
    ./scripts/mpirun.sh 4 benchmarks/fft3d.py
    ./scripts/mpirun.sh 2 benchmarks/fft3d.py --quick     # smoke test: 32^3, 64^3
    python benchmarks/fft3d.py --summary                   # table across rank counts

For each global size N^3 (64, 128, 256), dtype (complex64, complex128) and
layout (slab: comm=None; pencil: a 2-D Cartcomm of MPI.Compute_dims(P, 2),
labelled by its dims) it times, on P ranks:

  mpicoll     jitted fft3d (fwd), ifft3d (inv), value_and_grad of
              sum(|fft3d(x)|^2 * w) (grad)
  local       the same program's local jnp.fft stages alone: mpicoll's own
              _forward/_inverse traced with every re-split replaced by a fresh
              input of the re-split's output shape (no communication)
  exchange    the re-splits alone (mpicoll's _resplit on arrays of the shapes
              they see inside the transform; for grad each one and its
              transpose, as in the backward pass)
  mpi4py-fft  PFFT forward/backward on preallocated arrays, FFTW backend,
              FFTW_MEASURE, same grid (optional dependency: "n/a" if absent)
  shard_map   slab FFT on P CPU devices in one process (fft over axes 1, 2;
              lax.all_to_all; fft over axis 0), run by rank 0 in a subprocess
              while the other ranks sleep (fwd and inv, slab rows only)
  jnp.fftn    jnp.fft.fftn/ifftn (and the grad) of the whole array on rank 0
              alone, the serial baseline

Method (docs/design.md §5): barrier before every timed call, time of an
iteration = the slowest rank's, median over the iterations after warm-up.
Ranks that have nothing to do while rank 0 runs the serial or shard_map parts
wait in a sleep loop on an MPI_Ibarrier (not in a busy-polling MPI call).
Writes a table to stdout and to <out>/fft3d_np<P>.txt, all numbers with
metadata to <out>/fft3d_np<P>.json, and forward time against size to
<out>/fft3d_np<P>.png.
"""

import argparse
import contextlib
import datetime
import glob
import json
import os
import platform
import subprocess
import sys
import time

import numpy as np

DTYPES = {"complex64": np.complex64, "complex128": np.complex128}
OPS = ("fwd", "inv", "grad")


def iterations(n, quick):
    """(timed iterations, warm-up calls) for a global size n^3."""
    if quick:
        return 5, 2
    return {64: (30, 3), 128: (10, 2)}.get(n, (5, 2))


def median_local(call, n, warmup):
    for _ in range(warmup):
        call()
    times = np.empty(n)
    for i in range(n):
        start = time.perf_counter()
        call()
        times[i] = time.perf_counter() - start
    return float(np.median(times))


# --------------------------------------------------------------------------
# shard_map worker: P CPU devices in one process, no MPI
# --------------------------------------------------------------------------

def shard_map_worker(args):
    import jax
    import jax.numpy as jnp
    from jax.sharding import Mesh, NamedSharding, PartitionSpec as Spec

    jax.config.update("jax_enable_x64", True)
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
            row = {"n": n, "dtype": dname,
                   "fwd": median_local(lambda: fwd(x).block_until_ready(), reps, warm),
                   "inv": median_local(lambda: inv(y).block_until_ready(), reps, warm)}
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
    cmd = [sys.executable, os.path.abspath(__file__), "--shard-map-worker", str(p),
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

def mpi_main(args):
    import jax
    import jax.numpy as jnp
    from mpi4py import MPI

    jax.config.update("jax_enable_x64", True)
    import mpicoll
    import timing as timing_method   # benchmarks/timing.py: the shared method
    from mpicoll._src import fft as fftmod

    try:  # optional comparison
        from mpi4py_fft import PFFT
    except ImportError:
        PFFT = None

    comm = MPI.COMM_WORLD
    rank, size = comm.Get_rank(), comm.Get_size()
    timing = comm.Dup()   # barriers and result gathering stay off the measured comms

    def measure(call, n, warmup):
        return timing_method.measure(call, n, warmup, timing)

    def idle_wait():
        """Barrier that sleeps instead of busy-polling (MPICH ranks spin)."""
        req = timing.Ibarrier()
        while not req.Test():
            time.sleep(0.02)

    # --- stage recording: which re-splits _forward/_inverse perform --------
    real_resplit = fftmod._resplit

    @contextlib.contextmanager
    def patched_resplit(fn):
        fftmod._resplit = fn
        try:
            yield
        finally:
            fftmod._resplit = real_resplit

    def resplit_out_shape(shape, grid, dim, gather_axis, scatter_axis, gather_sizes):
        from mpicoll._src import decomposition
        shape = list(shape)
        g, s = gather_axis % len(shape), scatter_axis % len(shape)
        shape[g] = sum(gather_sizes)
        shape[s] = decomposition.block_sizes(shape[s], grid.dims[dim])[grid.coords[dim]]
        return tuple(shape)

    def record_resplits(body, x, grid, gshape):
        """The re-splits `body` (fftmod._forward or _inverse) performs on x."""
        calls = []

        def recorder(y, grid_, dim, *, gather_axis, scatter_axis, gather_sizes):
            if grid_.dims[dim] == 1:
                return y
            kw = dict(gather_axis=gather_axis, scatter_axis=scatter_axis,
                      gather_sizes=tuple(gather_sizes))
            out = resplit_out_shape(y.shape, grid_, dim, **kw)
            calls.append((tuple(y.shape), dim, kw, out))
            return jnp.zeros(out, y.dtype)

        with patched_resplit(recorder):
            jax.eval_shape(lambda v: body(v, grid, gshape, "backward", False), x)
        return calls

    def local_only(body, grid, gshape, calls):
        """body with each re-split replaced by the next extra input: (x, extras)."""
        def f(x, extras):
            it = iter(extras)
            dropped = []   # returned too, so XLA cannot drop the stages before them

            def fake(y, grid_, dim, **kw):
                if grid_.dims[dim] == 1:
                    return y
                dropped.append(y)
                return next(it)
            with patched_resplit(fake):
                return body(x, grid, gshape, "backward", False), dropped
        return f

    def exchanges_only(grid, calls):
        def f(xs):
            return [real_resplit(x, grid, dim, **kw) for x, (_, dim, kw, _) in zip(xs, calls)]
        return f

    def compile_(fn, *example):
        return jax.jit(fn).lower(*example).compile()

    def block(tree):
        jax.block_until_ready(tree)

    rng = np.random.default_rng(rank)

    def rand(shape, dt):
        r = rng.standard_normal(shape, np.float32) + 1j * rng.standard_normal(shape, np.float32)
        return jnp.asarray(r.astype(dt))

    layouts = [("slab", None)]
    pdims = MPI.Compute_dims(size, 2)
    layouts.append((f"pencil {pdims[0]}x{pdims[1]}", comm.Create_cart(pdims)))

    results = []
    for n in args.sizes:
        reps, warm = iterations(n, args.quick)
        for dname in args.dtypes:
            dt = DTYPES[dname]
            for lname, cart in layouts:
                grid = fftmod._grid(cart, "bench")
                gshape = (n, n, n)
                rs = fftmod.local_slices(gshape, cart, space="real")
                fs = fftmod.local_slices(gshape, cart, space="fourier")
                rshape = tuple(s.stop - s.start for s in rs)
                fshape = tuple(s.stop - s.start for s in fs)
                x = rand(rshape, dt)
                y = rand(fshape, dt)
                w = jnp.asarray(rng.random(fshape), jnp.float32 if dt == np.complex64
                                else jnp.float64)

                def loss(v):
                    return jnp.sum(jnp.abs(mpicoll.fft3d(v, cart)) ** 2 * w)

                fwd = compile_(lambda v: mpicoll.fft3d(v, cart), x)
                inv = compile_(lambda v: mpicoll.ifft3d(v, cart), y)
                grad = compile_(jax.value_and_grad(loss), x)

                # breakdown: local stages alone, exchanges alone
                fcalls = record_resplits(fftmod._forward, x, grid, gshape)
                icalls = record_resplits(fftmod._inverse, y, grid, gshape)
                fex_in = [rand(c[3], dt) for c in fcalls]   # re-split outputs
                iex_in = [rand(c[3], dt) for c in icalls]
                f_loc = local_only(fftmod._forward, grid, gshape, fcalls)
                i_loc = local_only(fftmod._inverse, grid, gshape, icalls)
                with patched_resplit(real_resplit):
                    fwd_loc = compile_(f_loc, x, fex_in)
                    inv_loc = compile_(i_loc, y, iex_in)
                    def loss_loc(v, e):   # every stage gets a cotangent
                        out, dropped = f_loc(v, e)
                        return jnp.sum(jnp.abs(out) ** 2 * w) + sum(
                            jnp.sum(jnp.real(d)) for d in dropped)
                    grad_loc = compile_(jax.value_and_grad(loss_loc, argnums=(0, 1)),
                                        x, fex_in)
                fex_args = [rand(c[0], dt) for c in fcalls]  # re-split inputs
                iex_args = [rand(c[0], dt) for c in icalls]
                f_ex = exchanges_only(grid, fcalls)

                def f_ex_grad(xs):   # each re-split and its transpose (backward pass)
                    out, vjp = jax.vjp(f_ex, xs)
                    return out, vjp(out)

                fwd_ex = compile_(f_ex, fex_args) if fcalls else None
                inv_ex = compile_(exchanges_only(grid, icalls), iex_args) if icalls else None
                grad_ex = compile_(f_ex_grad, fex_args) if fcalls else None

                row_base = {"n": n, "dtype": dname, "layout": lname,
                            "grid": list(grid.dims)}
                timed = {
                    "fwd": (lambda: block(fwd(x)), lambda: block(fwd_loc(x, fex_in)),
                            fwd_ex and (lambda: block(fwd_ex(fex_args)))),
                    "inv": (lambda: block(inv(y)), lambda: block(inv_loc(y, iex_in)),
                            inv_ex and (lambda: block(inv_ex(iex_args)))),
                    "grad": (lambda: block(grad(x)), lambda: block(grad_loc(x, fex_in)),
                             grad_ex and (lambda: block(grad_ex(fex_args)))),
                }
                rows = {}
                for op, (tot, loc, ex) in timed.items():
                    row = dict(row_base, op=op)
                    row["mpicoll"] = measure(tot, reps, warm)
                    row["local"] = measure(loc, reps, warm)
                    row["exchange"] = measure(ex, reps, warm) if ex else 0.0
                    row["exchanges"] = len(fcalls if op != "inv" else icalls)
                    rows[op] = row
                del fwd, inv, grad, fwd_loc, inv_loc, grad_loc, fwd_ex, inv_ex, grad_ex
                del x, y, fex_in, iex_in, fex_args, iex_args

                # mpi4py-fft on the same grid
                if PFFT is not None:
                    pgrid = (size,) if cart is None else tuple(grid.dims)
                    kind = np.dtype(dt)
                    plan = PFFT(comm, (n, n, n), axes=(0, 1, 2), dtype=kind, grid=pgrid,
                                planner_effort="FFTW_MEASURE")
                    u = np.empty(plan.forward.input_array.shape, kind)
                    u[...] = rand(u.shape, dt)
                    u_hat = np.empty(plan.forward.output_array.shape, kind)
                    u_back = np.empty_like(u)
                    plan.forward(u, u_hat)
                    assert u.shape == rshape and u_hat.shape == fshape, (u.shape, u_hat.shape)
                    rows["fwd"]["mpi4py_fft"] = measure(lambda: plan.forward(u, u_hat),
                                                        reps, warm)
                    rows["inv"]["mpi4py_fft"] = measure(lambda: plan.backward(u_hat, u_back),
                                                        reps, warm)
                    plan.destroy()
                    del u, u_hat, u_back
                for op in OPS:
                    results.append(rows[op])
                if rank == 0:
                    print(f"  measured N={n} {dname} {lname}", flush=True)

    # --- serial jnp.fft.fftn on rank 0 -------------------------------------
    serial = {}
    if rank == 0:
        for n in args.sizes:
            reps, warm = iterations(n, args.quick)
            for dname in args.dtypes:
                dt = DTYPES[dname]
                xg = rand((n, n, n), dt)
                wg = jnp.asarray(rng.random((n, n, n)),
                                 jnp.float32 if dt == np.complex64 else jnp.float64)
                f = compile_(jnp.fft.fftn, xg)
                g = compile_(jnp.fft.ifftn, xg)
                h = compile_(jax.value_and_grad(
                    lambda v: jnp.sum(jnp.abs(jnp.fft.fftn(v)) ** 2 * wg)), xg)
                serial[(n, dname)] = {
                    "fwd": median_local(lambda: block(f(xg)), reps, warm),
                    "inv": median_local(lambda: block(g(xg)), reps, warm),
                    "grad": median_local(lambda: block(h(xg)), reps, warm)}
                del xg, wg, f, g, h
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

    oversub = size > (os.cpu_count() or 1)
    loadavg = os.getloadavg()
    meta = {"ranks": size, "oversubscribed": oversub, "cpus": os.cpu_count(),
            "jax": jax.__version__, "mpi": MPI.Get_library_version().splitlines()[0].strip(),
            "mpi4py_fft": (__import__("mpi4py_fft").__version__ if PFFT else None),
            "mpi4py_fft_backend": "fftw, FFTW_MEASURE, threads=1, collapse=False" if PFFT
            else None,
            "date": datetime.datetime.now().isoformat(timespec="seconds"),
            "machine": platform.machine(), "quick": args.quick,
            "loadavg_at_end": loadavg, "note": args.note,
            "xla_flags": os.environ.get("XLA_FLAGS", ""),
            "method": "barrier before each timed call; slowest rank per iteration; median "
                      "after warm-up; serial jnp.fftn and shard_map: one process, median"}
    text = table(results, meta)
    print(text)
    os.makedirs(args.out, exist_ok=True)
    stem = os.path.join(args.out, f"fft3d_np{size}")
    with open(stem + ".txt", "w") as f:
        f.write(text + "\n")
    with open(stem + ".json", "w") as f:
        json.dump({"meta": meta, "results": results}, f, indent=1)
    plot(results, meta, stem + ".png")
    print(f"wrote {stem}.txt, {stem}.json and {stem}.png")


# --------------------------------------------------------------------------
# output
# --------------------------------------------------------------------------

def fmt(t):
    if t is None:
        return "n/a"
    return f"{t * 1e3:.2f}" if t < 10 else f"{t * 1e3:.0f}"


def ratio(a, b):
    return "-" if a is None or b is None else f"{a / b:.2f}x"


def table(results, meta):
    p = meta["ranks"]
    head = (f"fft3d benchmark: {p} rank{'s' if p > 1 else ''}"
            f"{' (OVERSUBSCRIBED on ' + str(meta['cpus']) + ' cores)' if meta['oversubscribed'] else ''}"
            f", jax {meta['jax']}, {meta['mpi']}, mpi4py-fft "
            f"{meta['mpi4py_fft'] or 'absent (n/a)'}, {meta['date']}"
            + (f"\nnote: {meta['note']}" if meta.get("note") else ""))
    cols = ["N", "dtype", "layout", "op", "mpicoll", "local", "exch", "loc+exch",
            "mpi4py-fft", "shard_map", "jnp.fftn", "mc/m4f", "sm/mc"]
    widths = [4, 10, 14, 4, 9, 9, 9, 10, 12, 11, 10, 8, 8]
    lines = [head, "times in ms (median, slowest rank); local = local FFT stages alone, "
             "exch = re-splits alone; mc/m4f = mpicoll / mpi4py-fft; sm/mc = shard_map / "
             "mpicoll (>1: mpicoll faster)",
             "".join(c.rjust(w) if i > 3 else c.ljust(w + 1) for i, (c, w) in
                     enumerate(zip(cols, widths)))]
    for r in results:
        no_mpi4py = "n/a" if meta["mpi4py_fft"] is None and r["op"] != "grad" else "-"
        cells = [str(r["n"]), r["dtype"], r["layout"], r["op"], fmt(r["mpicoll"]),
                 fmt(r["local"]), fmt(r["exchange"]), fmt(r["local"] + r["exchange"]),
                 fmt(r["mpi4py_fft"]) if "mpi4py_fft" in r else no_mpi4py,
                 fmt(r["shard_map"]) if "shard_map" in r else "-",
                 fmt(r["jnp_fftn"]), ratio(r["mpicoll"], r.get("mpi4py_fft")),
                 ratio(r.get("shard_map"), r["mpicoll"])]
        lines.append("".join(c.rjust(w) if i > 3 else c.ljust(w + 1) for i, (c, w) in
                             enumerate(zip(cells, widths))))
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
                         f" (local {fmt(r['local']):>7}, exch {fmt(r['exchange']):>7})"
                         f"  m4f {fmt(r.get('mpi4py_fft')):>7}  sm {fmt(r.get('shard_map')):>7}"
                         f"  jnp {fmt(r['jnp_fftn']):>7}  mc/m4f "
                         f"{ratio(r['mpicoll'], r.get('mpi4py_fft')):>6}  sm/mc "
                         f"{ratio(r.get('shard_map'), r['mpicoll']):>6}")
    text = "\n".join(lines)
    print(text)
    with open(os.path.join(out, "fft3d_summary.txt"), "w") as f:
        f.write(text + "\n")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="32^3 and 64^3, few iterations")
    parser.add_argument("--sizes", type=int, nargs="+", help="global N (default 64 128 256)")
    parser.add_argument("--dtypes", nargs="+", default=list(DTYPES), choices=list(DTYPES))
    parser.add_argument("--out", default="benchmarks/results", help="folder for txt/JSON/PNG")
    parser.add_argument("--no-shard-map", action="store_true", help="skip the shard_map run")
    parser.add_argument("--note", default="", help="free text stored in the metadata")
    parser.add_argument("--summary", action="store_true",
                        help="print/write the forward rows of all fft3d_np*.json (no MPI)")
    parser.add_argument("--shard-map-worker", type=int, help=argparse.SUPPRESS)
    parser.add_argument("--worker-out", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.sizes is None:
        args.sizes = [32, 64] if args.quick else [64, 128, 256]
    if args.summary:
        summary(args.out)
    elif args.shard_map_worker:
        shard_map_worker(args)
    else:
        mpi_main(args)


if __name__ == "__main__":
    main()
