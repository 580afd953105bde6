"""mpicoll on CUDA arrays (run.py gpu): the operations, and fft3d.

Run on a GPU machine (scripts/gpu_check.sh runs both at 1 and 2 ranks; two
ranks may share one GPU when JAX does not preallocate its memory):

    XLA_PYTHON_CLIENT_PREALLOCATE=false JAX_PLATFORMS=cuda,cpu \\
        mpiexec -n 2 python benchmarks/run.py gpu primitives [--ops ...] [--sizes ...]
                                                           [--rounds R] [--out DIR]
    XLA_PYTHON_CLIENT_PREALLOCATE=false JAX_PLATFORMS=cuda,cpu \\
        mpiexec -n 2 python benchmarks/run.py gpu fft3d [--n 256] [--out DIR]

`gpu primitives`: primitives.py's operations on CUDA arrays (docs/gpu.md,
results in results/gpu/). Per operation and size, in one run:

  cupy      mpi4py on CuPy arrays with the same MPI (the CUDA-aware floor),
            after the CuPy stream is synchronised; only where MPI is
            CUDA-aware (MPIX_Query_cuda_support), since another MPI would
            read device pointers as host memory
  mpi4py    mpi4py on host NumPy buffers (no GPU involved)
  floor     staging by hand, the fair floor of the staged path: CuPy copies
            the device input into pinned host memory, mpi4py calls MPI on
            pinned buffers, CuPy copies the result back, the stream is
            synchronised
  identity  a jitted `x + 1` on the same CUDA array: JAX's cost of one
            jitted call on the GPU, which every mpicoll call also pays
  staged    mpicoll, one op per jitted call on a CUDA array, staging path
  staged10  per op: ten chained ops (each on the previous one's result) in
            one jitted call, staging path
  loop10    per op: the same ten ops as a lax.fori_loop in one jitted call
  aware     mpicoll, one op per jitted call with device pointers to MPI;
            only where MPI is CUDA-aware
  aware10   per op: ten chained ops in one jitted call, device pointers

The ratios: staged10/floor and loop10/floor (per-op cost against staging
by hand), staged/(floor+identity) (one jitted call against staging by hand
plus JAX's dispatch), aware/cupy. Below the table, where a staged call of
loop10 spends its time, from the CUDA handlers' own clocks: XLA outside the
handler, the copies in and out with their synchronisations, MPI on the host
buffers, and the rest of the handler; and what one fori_loop iteration costs
with no operation in it. Written to
--out/primitives_gpu_np<P>.txt, .json and .png.

`gpu fft3d`: on P ranks, a global N^3 complex64 array in slabs (comm=None):
the jitted fft3d (fwd) and ifft3d (inv) of each rank's block on JAX's
default device, on a live input; next to them rank 0 alone times
jnp.fft.fftn/ifftn of the whole array on its device while the other ranks
wait (the serial baseline). Both are checked against each other first: the
largest difference of the distributed result from the serial one, relative
to the largest value, is printed (it must be at the level of float32
rounding). Writes <out>/fft3d_gpu_np<P>.txt and .json. Runs on CPU arrays
too, where no GPU is present (then the table says so).

Timing as every benchmark here (timing.py): barrier before each call,
slowest rank, median.
"""

import os

import numpy as np
import jax
import jax.numpy as jnp
from jax import lax
from mpi4py import MPI

import mpicoll
import primitives  # the operations, their sweep and table; ARRAYS is set here
from primitives import (DTYPE, EXTRA, OPCOL, OPS, SIZECOL, combine, comm, human, jax_call,
                        measure, plot, rank, returning, size, sweep)
import reporting   # benchmarks/reporting.py: the shared output
from reporting import fmt_time
import timing      # benchmarks/timing.py: the shared method

TIMING_COMM = primitives.timing_comm   # barriers and time reductions stay off comm


def add_arguments(parser):
    parser.add_argument("what", choices=["primitives", "fft3d"],
                        help="the operations (primitives.py's, on CUDA arrays) or fft3d")
    primitives.add_arguments(parser)   # --out, --rounds, --sizes, --ops: gpu primitives
    parser.add_argument("--n", type=int, help="gpu fft3d: global size N of N^3 "
                                              "(default 256, --quick 64)")
    parser.add_argument("--iterations", type=int, help="gpu fft3d: timed calls (default 10)")


def main(args):
    if args.what == "fft3d":
        args.n = args.n or (64 if args.quick else 256)
        args.iterations = args.iterations or (3 if args.quick else 10)
        return main_fft3d(args)
    return main_gpu(args, [name for name in OPS if name in args.ops])


# --- gpu primitives -----------------------------------------------------------

GPU_VARIANTS = ["cupy", "mpi4py", "floor", "identity", "staged", "staged10", "loop10",
                "aware", "aware10"]
CHAINED = ("allreduce", "alltoall", "sendrecv", "alltoallv", "bcast", "scan")  # result shape = x


class PinnedArrays:
    """An ARRAYS for op.mpi4py whose buffers are page-locked host memory,
    remembered so that the floor can copy the result back to the GPU."""

    def __init__(self, cupyx):
        self.cupyx, self.made = cupyx, []

    def empty(self, shape, dtype):
        buf = self.cupyx.empty_pinned(shape, dtype)
        self.made.append(buf)
        return buf


def staging_floor(op, shape, count, cupy, cupyx):
    """Staging by hand: device -> pinned, MPI on pinned buffers, pinned ->
    device, synchronised; the result lands in a CuPy array."""
    stream = cupy.cuda.Stream(non_blocking=True)
    x = cupy.ones(shape, DTYPE)
    send = cupyx.empty_pinned(shape, DTYPE)
    primitives.ARRAYS = pinned = PinnedArrays(cupyx)
    try:
        mpi = op.mpi4py(send, count)
    finally:
        primitives.ARRAYS = np
    back = pinned.made[-1] if pinned.made else send      # bcast: in place
    out = cupy.empty(back.shape, DTYPE)

    def call():
        with stream:
            x.get(out=send, stream=stream, blocking=False)
            stream.synchronize()
            mpi()
            out.set(back, stream=stream)
            stream.synchronize()
    return call


def chained(f, times, loop):
    """`times` ops, each on the previous result, in one function: unrolled
    or as a lax.fori_loop."""
    if loop:
        return lambda x: lax.fori_loop(0, times, lambda i, v: f(v), x)

    def body(x):
        for _ in range(times):
            x = f(x)
        return x
    return body


def run_gpu(quick, sizes, names):
    import cupy
    import cupyx
    from mpicoll._src import _ffi, gpu
    aware = _ffi.cuda_report()["mpi_answer"] == 1
    device = jax.devices("cuda")[0]
    results = []
    for op, count, shape, n, warm, row in sweep(quick, sizes, names):
        primitives.ARRAYS = np
        row["mpi4py"] = measure(op.mpi4py(np.ones(shape, DTYPE), count), n, warm)
        row["floor"] = measure(staging_floor(op, shape, count, cupy, cupyx), n, warm)
        if aware:
            primitives.ARRAYS = cupy
            floor = op.mpi4py(cupy.ones(shape, DTYPE), count)
            stream = cupy.cuda.get_current_stream()

            def synced(call=floor):
                stream.synchronize()
                call()
            row["cupy"] = measure(synced, n, warm)
            primitives.ARRAYS = np
        x = jax.device_put(jnp.ones(shape, DTYPE), device)
        row["identity"] = measure(jax_call(jax.jit(lambda v: v + 1), x), n, warm)
        one = op.jax(mpicoll, count)
        calls = {"": (jax.jit(returning(one)), 1)}
        if row["op"] in CHAINED:
            calls["10"] = (jax.jit(chained(one, 10, loop=False)), 10)
            calls["loop10"] = (jax.jit(chained(one, 10, loop=True)), 10)
        for base, mode in (("staged", 0), ("aware", 1)):
            if mode == 1 and not aware:
                continue
            _ffi.set_cuda_aware(mode)
            try:
                for suffix, (f, times) in calls.items():
                    name = "loop10" if suffix == "loop10" else base + suffix
                    if name not in GPU_VARIANTS or (suffix == "loop10" and mode == 1):
                        continue
                    before = _ffi.cuda_report()
                    row[name] = measure(jax_call(f, x), max(3, n // times), warm) / times
                    if name == "loop10":
                        row.update(staged_phases(before, _ffi.cuda_report()))
            finally:
                gpu.cuda_aware_mode_from_environment()
        results.append(row)
        if rank == 0:
            print(gpu_row_line(row), flush=True)
    return results, aware


# Where a staged call's time goes (the handlers' own clocks, mpicoll._src.cuda):
# the CUDA entry as a whole, and within it the copies in (device to pinned
# host, stream synchronised), the CPU handler (MPI on the host buffers) and
# the copies out (back to the device, synchronised). Averaged over the loop10
# measurement's calls, in seconds per call.
PHASES = ["entry", "copy_in", "handler", "copy_out"]


def staged_phases(before, after):
    calls = after["calls_staged"] - before["calls_staged"]
    return {f"ph_{p}": (after["staged_ns"][p] - before["staged_ns"][p]) / max(calls, 1) / 1e9
            for p in PHASES}


def loop_iteration(x, n, warm):
    """Seconds one lax.fori_loop iteration costs on x's device with no
    operation in it (a multiply-add): loops of 100 and 10 iterations, the
    difference over 90. Part of what loop10 pays per op outside the handler."""
    body = lambda i, w: w * 1.0001 + 1                    # noqa: E731
    t10, t100 = (measure(jax_call(jax.jit(lambda v, k=k: lax.fori_loop(0, k, body, v)), x),
                         n, warm) for k in (10, 100))
    return (t100 - t10) / 90


def phases_table(rows):
    """Per op of loop10: the floor, loop10, what XLA spends outside the
    handler (loop10 - entry), the entry, and within it the copies, MPI and
    the rest (stream/context lookup, taking the pinned buffer, frame set-up)."""
    cols = ["floor", "loop10", "outside", "entry", "copy_in", "handler", "copy_out", "rest"]
    lines = [f"{'op':{OPCOL}}{'size':>{SIZECOL}}" + "".join(f"{c:>{EXTRA}}" for c in cols)]
    for r in rows:
        if "ph_entry" not in r:
            continue
        ph = {p: r[f"ph_{p}"] for p in PHASES}
        cells = {"floor": r["floor"], "loop10": r["loop10"], "outside": r["loop10"] - ph["entry"],
                 **ph, "rest": ph["entry"] - ph["copy_in"] - ph["handler"] - ph["copy_out"]}
        lines.append(f"{r['op']:{OPCOL}}{human(r['bytes']):>{SIZECOL}}"
                     + "".join(fmt_time(cells[c]).rjust(EXTRA) for c in cols))
    return lines


GPU_RATIOS = [("staged10/floor", "staged10", ("floor",)),
              ("loop10/floor", "loop10", ("floor",)),
              ("staged/(fl+id)", "staged", ("floor", "identity")),
              ("aware/cupy", "aware", ("cupy",))]


def gpu_header():
    return (f"{'op':{OPCOL}}{'size':>{SIZECOL}}"
            + "".join(f"{v:>{EXTRA}}" for v in GPU_VARIANTS)
            + "".join(f"{label:>{EXTRA + 2}}" for label, _, _ in GPU_RATIOS))


def gpu_row_line(row):
    cells = "".join((fmt_time(row[v]) if v in row else "-").rjust(EXTRA) for v in GPU_VARIANTS)
    ratios = ""
    for _, top, bottom in GPU_RATIOS:
        ok = top in row and all(b in row for b in bottom)
        text = f"{row[top] / sum(row[b] for b in bottom):.2f}x" if ok else "-"
        ratios += text.rjust(EXTRA + 2)
    return f"{row['op']:{OPCOL}}{human(row['bytes']):>{SIZECOL}}{cells}{ratios}"


def main_gpu(args, names):
    from mpicoll._src import gpu
    path, why = gpu.cuda_path()
    if path is None:
        raise SystemExit(f"gpu primitives: mpicoll has no CUDA path in this process: {why}")
    try:
        import cupy  # noqa: F401
    except ImportError as exc:
        raise SystemExit(f"gpu primitives: the floor needs CuPy (pip install cupy-cuda12x): {exc}")
    gpu_kind = jax.devices("cuda")[0].device_kind
    meta = reporting.metadata(comm, gpu=gpu_kind, rounds=args.rounds, quick=args.quick,
                              ops=names, size="bytes per rank")
    title = (reporting.title("mpicoll primitives on CUDA arrays", meta)
             + f", {gpu_kind}; size = bytes per rank")
    if rank == 0:
        print(title + "\n" + gpu_header(), flush=True)
    sweeps, aware = [], False
    x = jax.device_put(jnp.ones(2, DTYPE), jax.devices("cuda")[0])
    per_iteration = loop_iteration(x, 200, 20)
    for _ in range(args.rounds):
        rows, aware = run_gpu(args.quick, args.sizes, names)
        sweeps.append(rows)
    results = combine(sweeps, GPU_VARIANTS + [f"ph_{p}" for p in PHASES])
    if rank == 0:
        lines = [title, "CUDA-aware MPI: " + ("yes" if aware else "no (cupy, aware not run)"),
                 f"median of {args.rounds} rounds", gpu_header()]
        lines += [gpu_row_line(r) for r in results]
        lines += ["", "where a staged call goes (loop10, per op; the handler's own clocks)"]
        lines += phases_table(results)
        lines.append(f"a fori_loop iteration with no operation in it: {fmt_time(per_iteration)}")
        print("\n".join(lines[1:]), flush=True)
        reporting.write(os.path.join(args.out, f"primitives_gpu_np{size}"),
                        dict(meta, cuda_aware=aware), results, "\n".join(lines),
                        plot=lambda path: plot(results, path, GPU_VARIANTS,
                                               f"mpicoll on CUDA arrays ({gpu_kind}), {size} "
                                               "ranks (bandwidth = bytes per rank / time)"))


# --- gpu fft3d ------------------------------------------------------------------

def main_fft3d(args):
    """run.py gpu fft3d"""
    n, rank, size = args.n, comm.rank, comm.size
    device = jax.devices()[0]
    shape = (n, n, n)

    # the same global array on every rank, made on the device
    key = jax.random.key(0)
    whole = jax.jit(lambda k: (jax.random.normal(k, shape) + 1j * jax.random.normal(
        jax.random.fold_in(k, 1), shape)).astype(jnp.complex64))(key)
    block = whole[mpicoll.fft.local_slices(shape, comm)]
    fourier = mpicoll.fft.local_slices(shape, comm, space="fourier")

    forward = jax.jit(lambda v: mpicoll.fft3d(v, comm))
    inverse = jax.jit(lambda v: mpicoll.ifft3d(v, comm))
    spectrum = jax.block_until_ready(forward(block))
    serial = jax.jit(jnp.fft.fftn)(whole)
    scale = float(jnp.max(jnp.abs(serial)))
    error = float(jnp.max(jnp.abs(spectrum - serial[fourier]))) / scale
    back = jax.block_until_ready(inverse(spectrum))
    roundtrip = float(jnp.max(jnp.abs(back - block))) / float(jnp.max(jnp.abs(block)))
    error, roundtrip = (TIMING_COMM.allreduce(e, op=MPI.MAX) for e in (error, roundtrip))
    assert spectrum.devices() == {device}, spectrum.devices()
    del serial, back

    def timed(call, over):   # over: the timing communicator, or None for rank 0 alone
        return timing.measure(lambda: jax.block_until_ready(call()), args.iterations, 3, over)

    times = {"fwd": timed(lambda: forward(block), TIMING_COMM),
             "inv": timed(lambda: inverse(spectrum), TIMING_COMM)}
    serial_times = {}
    if rank == 0:        # the others wait at the barrier below
        fftn, ifftn = jax.jit(jnp.fft.fftn), jax.jit(jnp.fft.ifftn)
        serial_times = {"fwd": timed(lambda: fftn(whole), None),
                        "inv": timed(lambda: ifftn(whole), None)}
    TIMING_COMM.Barrier()

    if rank == 0:
        meta = reporting.metadata(comm, device=device.device_kind, n=n, dtype="complex64",
                                  iterations=args.iterations)
        title = (reporting.title(f"fft3d on {device.platform} arrays ({device.device_kind}), "
                                 f"{n}^3 complex64, slabs", meta))
        lines = [title,
                 f"distributed vs serial: max |difference| / max |value| = {error:.2e}; "
                 f"ifft3d(fft3d(x)) vs x: {roundtrip:.2e}",
                 f"{'':6}{'mpicoll':>12}{'jnp.fftn (1 GPU)':>18}{'ratio':>9}"]
        results = []
        for what in ("fwd", "inv"):
            ratio = times[what] / serial_times[what]
            lines.append(f"{what:6}{reporting.fmt_time(times[what]):>12}"
                         f"{reporting.fmt_time(serial_times[what]):>18}{ratio:8.2f}x")
            results.append({"op": what, "mpicoll": times[what],
                            "jnp_fftn": serial_times[what], "ranks": size})
        text = "\n".join(lines)
        print(text, flush=True)
        reporting.write(os.path.join(args.out, f"fft3d_gpu_np{size}"),
                        dict(meta, max_relative_error=error, roundtrip_error=roundtrip),
                        results, text)
    ok = error < 1e-5 and roundtrip < 1e-5
    if not ok and rank == 0:
        print(f"FAILED: fft3d differs from jnp.fft.fftn ({error:.2e}, round trip {roundtrip:.2e})")
    return 0 if ok else 1
