"""Where mpicoll.fft3d's time goes (run.py fft3d --breakdown, --local-fft),
and whether pipelining its transposition pays (--pipelined).

Both parts rely on PRIVATE internals of mpicoll, so that they can time what
the one jitted public call does not let apart; when those change, this file
has to follow them (fft3d.py uses the public API only and is unaffected).

--breakdown: its local FFT stages alone, its re-splits alone, and their sum
against the measured total. Uses `_forward`, `_inverse`, `_resplit` and
`_grid` of mpicoll._src.fft and mpicoll._src.decomposition.block_sizes: it
traces mpicoll's own transform with `_resplit` swapped out. Same cases and
flags as fft3d.py (--quick, --sizes, --dtypes, --out, --note):

    ./scripts/mpirun.sh 2 benchmarks/run.py fft3d --breakdown
    ./scripts/mpirun.sh 2 benchmarks/run.py fft3d --breakdown --quick   # smoke test

Columns, per case (N, dtype, layout) and op (fwd, inv, grad):

  mpicoll    the jitted public fft3d / ifft3d / value_and_grad, the same
             program fft3d.py times
  local      the local FFT stages alone: mpicoll's _forward/_inverse traced
             with every re-split replaced by a fresh input of the re-split's
             output shape, so the same jnp.fft calls on the same block shapes
             run with no communication (grad: forward and backward of them)
  exch       the re-splits alone: _resplit on arrays of the shapes they see
             inside the transform (grad: each re-split and its transpose)
  loc+exch   their sum, to hold against mpicoll
  sum/mc     loc+exch / mpicoll (below 1: the whole program costs more than
             its parts; above 1: the parts overlap or fuse in it)
  re-splits  how many re-splits the transform does (0 on a 1x1 grid)

Method as fft3d.py (timing.py). Writes (reporting.py) the table to stdout
and <out>/fft3d_breakdown_np<P>.txt, all numbers with metadata to
<out>/fft3d_breakdown_np<P>.json.

--local-fft: jnp.fft (XLA's CPU FFT) against mpicoll's local FFT primitive
(ducc0, mpicoll._src.local_fft) and ducc0 called directly on preallocated
NumPy arrays, one process:

    ./scripts/mpirun.sh 1 benchmarks/run.py fft3d --local-fft          # -> <out>/local_fft.*
    ./scripts/mpirun.sh 1 benchmarks/run.py fft3d --local-fft --quick  # smaller blocks

The blocks are those one rank transforms inside fft3d: (128, 256, 256) is a
2-rank slab of a 256^3 grid, (64, 128, 128) of a 128^3 grid. For each dtype
and transform (complex along axis 2, 1, 0 and axes (1, 2); real to complex
and back along axis 2) it times:

  jnp.fft     the jitted jnp.fft call on a live input (a fresh result)
  local       mpicoll's local FFT primitive, jitted, live input: a fresh result
  in place    the same with the input donated and the result aliased to it
              (what fft3d gets for a temporary inside one jitted call);
              complex transforms only
  ducc0       ducc0.fft on preallocated NumPy arrays: the floor, no JAX, no
              fresh memory

Method: timing.py in one process (median after warm-up). One XLA thread,
one ducc0 thread. Writes <out>/local_fft.txt and .json.

--pipelined: a slab forward fft3d whose transposition is pipelined over k
chunks of axis 2 with mpicoll.ialltoall (one chunk travels while the next
chunk's FFT along axis 1 runs; `pipelined_fft3d` says how), for k = 1, 2,
4, 8, against mpicoll.fft3d (whose one re-split is MPI_Alltoallw on
subarrays, no packing), complex inputs, N = 128 and 256 (--sizes). Every k
is checked to agree with fft3d first. Uses mpicoll._src.local_fft, so the
local FFTs are fft3d's own:

    ./scripts/mpirun.sh 2 benchmarks/run.py fft3d --pipelined --dtypes complex64

Writes <out>/fft3d_pipelined_np<P>.txt and .json.
"""

import contextlib
import os
from typing import NamedTuple

import numpy as np
import jax
import jax.numpy as jnp
from mpi4py import MPI

import fft3d       # benchmarks/fft3d.py: the cases and the public programs
import reporting   # benchmarks/reporting.py: the shared output
import timing      # benchmarks/timing.py: the shared method

from mpicoll._src import decomposition
from mpicoll._src import fft as fftmod


# --- --breakdown ---------------------------------------------------------------

REAL_RESPLIT = fftmod._resplit


class Resplit(NamedTuple):
    """One re-split a transform performs: `_resplit(x, grid, dim, **keywords)`
    on an input of `in_shape`, giving `out_shape`."""
    in_shape: tuple
    dim: int
    keywords: dict
    out_shape: tuple


@contextlib.contextmanager
def resplit_replaced_by(stand_in):
    """Inside: every `_resplit` the transforms call is `stand_in` (they look
    it up in their module when traced)."""
    fftmod._resplit = stand_in
    try:
        yield
    finally:
        fftmod._resplit = REAL_RESPLIT


def resplit_output_shape(shape, grid, dim, *, gather_axis, scatter_axis, gather_sizes):
    shape = list(shape)
    gathered, scattered = gather_axis % len(shape), scatter_axis % len(shape)
    shape[gathered] = sum(gather_sizes)
    shape[scattered] = decomposition.block_sizes(shape[scattered],
                                                 grid.dims[dim])[grid.coords[dim]]
    return tuple(shape)


def record_resplits(transform, x, grid, global_shape):
    """The re-splits `transform` (_forward or _inverse) performs on x, in order."""
    resplits = []

    def recorder(y, grid_, dim, *, gather_axis, scatter_axis, gather_sizes):
        if grid_.dims[dim] == 1:   # _resplit returns its input unchanged
            return y
        keywords = dict(gather_axis=gather_axis, scatter_axis=scatter_axis,
                        gather_sizes=tuple(gather_sizes))
        out_shape = resplit_output_shape(y.shape, grid_, dim, **keywords)
        resplits.append(Resplit(tuple(y.shape), dim, keywords, out_shape))
        return jnp.zeros(out_shape, y.dtype)

    with resplit_replaced_by(recorder):
        jax.eval_shape(lambda v: transform(v, grid, global_shape, "backward", False), x)
    return resplits


def local_only(transform, grid, global_shape):
    """transform as f(x, stand_ins): each re-split is replaced by the next
    stand-in. Returns (result, the re-splits' inputs): the inputs are
    returned too, so that XLA cannot drop the stages that produce them."""
    def f(x, stand_ins):
        remaining = iter(stand_ins)
        dropped = []

        def stand_in(y, grid_, dim, **keywords):
            if grid_.dims[dim] == 1:
                return y
            dropped.append(y)
            return next(remaining)

        with resplit_replaced_by(stand_in):
            return transform(x, grid, global_shape, "backward", False), dropped
    return f


def exchanges_only(grid, resplits):
    """The re-splits alone, as f(inputs) -> their outputs."""
    def f(inputs):
        return [REAL_RESPLIT(x, grid, r.dim, **r.keywords) for x, r in zip(inputs, resplits)]
    return f


def stage_calls(case):
    """op -> (local stages call, re-splits call or None, number of re-splits)
    for one fft3d.Case."""
    grid = fftmod._grid(case.cart, "fft3d_breakdown")
    forward = record_resplits(fftmod._forward, case.x, grid, case.global_shape)
    inverse = record_resplits(fftmod._inverse, case.y, grid, case.global_shape)
    # stand-ins for the re-splits' outputs (local) and their inputs (exchanges)
    forward_outputs = [case.random(r.out_shape) for r in forward]
    inverse_outputs = [case.random(r.out_shape) for r in inverse]
    forward_inputs = [case.random(r.in_shape) for r in forward]
    inverse_inputs = [case.random(r.in_shape) for r in inverse]

    forward_local = local_only(fftmod._forward, grid, case.global_shape)
    inverse_local = local_only(fftmod._inverse, grid, case.global_shape)

    def loss_local(v, stand_ins):   # every stage gets a cotangent
        out, dropped = forward_local(v, stand_ins)
        return jnp.sum(jnp.abs(out) ** 2 * case.w) + sum(jnp.sum(jnp.real(d)) for d in dropped)

    forward_exchanges = exchanges_only(grid, forward)

    def exchanges_and_transposes(inputs):   # as in the backward pass
        out, vjp = jax.vjp(forward_exchanges, inputs)
        return out, vjp(out)

    compiled = fft3d.compiled_call
    return {
        "fwd": (compiled(forward_local, case.x, forward_outputs),
                compiled(forward_exchanges, forward_inputs) if forward else None,
                len(forward)),
        "inv": (compiled(inverse_local, case.y, inverse_outputs),
                compiled(exchanges_only(grid, inverse), inverse_inputs) if inverse else None,
                len(inverse)),
        "grad": (compiled(jax.value_and_grad(loss_local, argnums=(0, 1)), case.x,
                          forward_outputs),
                 compiled(exchanges_and_transposes, forward_inputs) if forward else None,
                 len(forward)),
    }


def table(results, meta):
    cols = fft3d.CASE_COLUMNS + ["mpicoll", "local", "exch", "loc+exch", "sum/mc", "re-splits"]
    widths = fft3d.CASE_WIDTHS + [9, 9, 9, 10, 8, 10]
    lines = [fft3d.heading("fft3d breakdown (mpicoll private stages)", meta),
             "times in ms (median, slowest rank); local = local FFT stages alone, "
             "exch = re-splits alone; sum/mc = (local + exch) / mpicoll",
             reporting.columns(cols, widths, len(fft3d.CASE_COLUMNS))]
    for r in results:
        parts = r["local"] + r["exchange"]
        cells = fft3d.case_cells(r) + [
            fft3d.fmt(r["mpicoll"]), fft3d.fmt(r["local"]), fft3d.fmt(r["exchange"]),
            fft3d.fmt(parts), fft3d.ratio(parts, r["mpicoll"]), str(r["resplits"])]
        lines.append(reporting.columns(cells, widths, len(fft3d.CASE_COLUMNS)))
    return "\n".join(lines)


def breakdown(args):
    """run.py fft3d --breakdown"""
    comm = MPI.COMM_WORLD
    rank, size = comm.Get_rank(), comm.Get_size()
    timing_comm = comm.Dup()   # barriers and result gathering stay off the measured comms
    meta = reporting.metadata(
        comm, quick=args.quick, note=args.note,
        private_internals="mpicoll._src.fft: _forward, _inverse, _resplit, _grid; "
                          "mpicoll._src.decomposition.block_sizes",
        method="barrier before each timed call; slowest rank per iteration; median "
               "after warm-up")

    def measure(call, case):
        return timing.measure(call, case.reps, case.warm, timing_comm)

    results = []
    for case in fft3d.cases(comm, args):
        for op, (local, exchanges, count) in stage_calls(case).items():
            results.append(dict(case.row(op), mpicoll=measure(case.calls[op], case),
                                local=measure(local, case),
                                exchange=measure(exchanges, case) if exchanges else 0.0,
                                resplits=count))
        if rank == 0:
            print(f"  measured N={case.n} {case.dtype_name} {case.layout}", flush=True)
        del case, local, exchanges   # before the next case is built
    if rank == 0:
        text = table(results, meta)
        print(text)
        reporting.write(os.path.join(args.out, f"fft3d_breakdown_np{size}"), meta, results,
                        text)


# --- --local-fft ---------------------------------------------------------------

TRANSFORMS = {   # name -> (kind, axes)
    "c2c axis 2": ("c2c", (2,)), "c2c axis 1": ("c2c", (1,)), "c2c axis 0": ("c2c", (0,)),
    "c2c axes 1,2": ("c2c", (1, 2)), "r2c axis 2": ("r2c", (2,)), "c2r axis 2": ("c2r", (2,)),
}


def operand(kind, shape, dtype, rng):
    """The input of a transform of `kind` whose real-space block is `shape`."""
    if kind == "r2c":
        return rng.standard_normal(shape).astype(np.finfo(dtype).dtype)
    if kind == "c2r":
        shape = shape[:-1] + (shape[-1] // 2 + 1,)
    return (rng.standard_normal(shape) + 1j * rng.standard_normal(shape)).astype(dtype)


def calls(kind, axes, x, n):
    """name -> zero-argument call, for one transform on input `x` (NumPy)."""
    import ducc0
    from mpicoll._src import local_fft

    if kind == "c2c":
        jnp_fn = lambda v: jnp.fft.fftn(v, axes=axes)                       # noqa: E731
        ours = lambda v: local_fft.fftn(v, axes)                             # noqa: E731
        out = np.empty_like(x)
        floor = lambda: ducc0.fft.c2c(x, axes=axes, out=out, nthreads=1)    # noqa: E731
    elif kind == "r2c":
        jnp_fn = lambda v: jnp.fft.rfft(v, axis=axes[0])                     # noqa: E731
        ours = lambda v: local_fft.rfftn(v, axes)                            # noqa: E731
        out = np.empty(x.shape[:-1] + (x.shape[-1] // 2 + 1,), np.result_type(x, np.complex64))
        floor = lambda: ducc0.fft.r2c(x, axes=axes, out=out, nthreads=1)    # noqa: E731
    else:
        jnp_fn = lambda v: jnp.fft.irfft(v, n=n, axis=axes[0])               # noqa: E731
        ours = lambda v: local_fft.irfftn(v, n, axes)                        # noqa: E731
        out = np.empty(x.shape[:-1] + (n,), np.finfo(x.dtype).dtype)
        floor = lambda: ducc0.fft.c2r(x, axes=axes, lastsize=n, out=out,    # noqa: E731
                                      nthreads=1)
    xj = jnp.asarray(x)
    jitted = {"jnp.fft": jax.jit(jnp_fn), "local": jax.jit(ours)}
    result = {name: (lambda f=f: jax.block_until_ready(f(xj))) for name, f in jitted.items()}
    if kind == "c2c":
        step = jax.jit(lambda v: local_fft.local_fft_p.bind(
            v, kind="c2c", axes=axes, forward=True, norm="backward", n=None, in_place=True),
            donate_argnums=0)
        state = [jnp.array(x, copy=True)]

        def in_place():
            state[0] = step(state[0])
            jax.block_until_ready(state[0])
        result["in place"] = in_place
    result["ducc0"] = floor
    return result


COLUMNS = ("jnp.fft", "local", "in place", "ducc0")


def local_ffts(args):
    """run.py fft3d --local-fft"""
    meta = reporting.metadata(MPI.COMM_WORLD, quick=args.quick,
                              method="one process; median after warm-up",
                              private_internals="mpicoll._src.local_fft")
    shapes = [(16, 64, 64)] if args.quick else [(64, 128, 128), (128, 256, 256)]
    reps, warm = (5, 2) if args.quick else (15, 3)
    rng = np.random.default_rng(0)
    results = []
    for shape in shapes:
        for dname in args.dtypes:
            dtype = fft3d.DTYPES[dname]
            for tname, (kind, axes) in TRANSFORMS.items():
                x = operand(kind, shape, dtype, rng)
                row = {"shape": list(shape), "dtype": dname, "transform": tname}
                for name, call in calls(kind, axes, x, shape[-1]).items():
                    row[name] = timing.measure(call, reps, warm, None)
                results.append(row)
                print(f"  measured {shape} {dname} {tname}", flush=True)
    widths = [16, 11, 13] + [10] * len(COLUMNS) + [11]
    lines = [reporting.title("local FFTs", meta),
             "times in ms (median, one process); jnp/local = jnp.fft / local (>1: local faster)",
             reporting.columns(["block", "dtype", "transform", *COLUMNS, "jnp/local"], widths, 3)]
    for r in results:
        cells = ["x".join(map(str, r["shape"])), r["dtype"], r["transform"]]
        cells += [f"{r[c] * 1e3:.2f}" if c in r else "-" for c in COLUMNS]
        cells.append(f"{r['jnp.fft'] / r['local']:.2f}x")
        lines.append(reporting.columns(cells, widths, 3))
    text = "\n".join(lines)
    print(text)
    reporting.write(os.path.join(args.out, "local_fft"), meta, results, text)


# --- --pipelined ---------------------------------------------------------------

def pipelined_fft3d(comm, k):
    """A slab forward fft3d whose transposition is pipelined over `k` chunks
    of axis 2: the whole block's FFT along axis 2, then per chunk the FFT
    along axis 1, its `ialltoall` (x slabs to y slabs) started, the next
    chunk's FFT along axis 1 while it travels, its wait, its FFT along axis
    0. Same local FFTs as mpicoll.fft3d (mpicoll._src.local_fft); the result
    is mpicoll.fft3d's Fourier block."""
    import mpicoll
    from mpicoll._src import local_fft

    p = comm.Get_size()

    def pack(chunk):                     # (n/p, n, w) -> (p, n/p, n/p, w): block s to rank s
        a, n, w = chunk.shape
        chunk = local_fft.fftn(chunk, (-2,))
        return jnp.moveaxis(chunk.reshape(a, p, n // p, w), 1, 0)

    def unpack(blocks):                  # (p, n/p, n/p, w) from every rank -> (n, n/p, w)
        _, a, b, w = blocks.shape
        return local_fft.fftn(blocks.reshape(p * a, b, w), (-3,))

    def transform(x):
        x = local_fft.fftn(x, (-1,))
        chunks = jnp.split(x, k, axis=-1)
        requests = [mpicoll.ialltoall(pack(chunks[0]), comm=comm)]
        outs = []
        for c in range(k):
            if c + 1 < k:                # the next chunk's FFT while chunk c travels
                requests.append(mpicoll.ialltoall(pack(chunks[c + 1]), comm=comm))
            outs.append(unpack(mpicoll.wait(requests[c])))
        return jnp.concatenate(outs, axis=-1)
    return jax.jit(transform)


def pipelined(args):
    """run.py fft3d --pipelined"""
    import mpicoll
    comm = MPI.COMM_WORLD
    rank, size = comm.Get_rank(), comm.Get_size()
    timing_comm = comm.Dup()
    meta = reporting.metadata(comm, quick=args.quick, note=args.note,
                              private_internals="mpicoll._src.local_fft",
                              method="barrier before each timed call; slowest rank per "
                                     "iteration; median after warm-up")
    sizes = args.sizes if args.sizes else ([32] if args.quick else [128, 256])
    chunk_counts = [1, 2, 4] if args.quick else [1, 2, 4, 8]
    rng = np.random.default_rng(rank)
    results = []
    for n in sizes:
        for dname in args.dtypes:
            dtype = fft3d.DTYPES[dname]
            shape = (n // size, n, n)
            x = jnp.asarray((rng.standard_normal(shape) + 1j * rng.standard_normal(shape))
                            .astype(dtype))
            reps, warm = fft3d.iterations(n, args.quick)
            reference = jax.jit(lambda v: mpicoll.fft3d(v, comm))
            want = np.asarray(reference(x))
            row = {"n": n, "dtype": dname,
                   "mpicoll": timing.measure(lambda: jax.block_until_ready(reference(x)),
                                             reps, warm, timing_comm)}
            for k in chunk_counts:
                f = pipelined_fft3d(comm, k)
                got = np.asarray(f(x))
                error = float(np.max(np.abs(got - want)) / np.max(np.abs(want)))
                if not timing_comm.allreduce(error < 1e-5, op=MPI.LAND):
                    raise AssertionError(f"pipelined fft3d, {k} chunks, N={n}: relative "
                                         f"error {error:.1e} against mpicoll.fft3d")
                row[f"k={k}"] = timing.measure(lambda: jax.block_until_ready(f(x)), reps, warm,
                                               timing_comm)
                row[f"error k={k}"] = error
            results.append(row)
            if rank == 0:
                print(f"  measured N={n} {dname}", flush=True)
    if rank == 0:
        names = [f"k={k}" for k in chunk_counts]
        widths = [6, 11, 12] + [19] * len(names)
        lines = [reporting.title("fft3d, slab forward, transposition pipelined over k chunks "
                                 "of axis 2 (ialltoall) against mpicoll.fft3d", meta),
                 "times: slowest rank, median; in brackets: pipelined / mpicoll.fft3d "
                 "(< 1: pipelining faster); results agree with fft3d to < 1e-5",
                 reporting.columns(["N", "dtype", "mpicoll", *names], widths, 2)]
        for r in results:
            cells = [str(r["n"]), r["dtype"], f"{r['mpicoll'] * 1e3:.2f} ms"]
            cells += [f"{r[c] * 1e3:.2f} ms ({r[c] / r['mpicoll']:.2f}x)" for c in names]
            lines.append(reporting.columns(cells, widths, 2))
        text = "\n".join(lines)
        print(text)
        reporting.write(os.path.join(args.out, f"fft3d_pipelined_np{size}"), meta, results,
                        text)
