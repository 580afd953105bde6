"""Local FFTs: jnp.fft (XLA's CPU FFT) against mpicoll's local FFT primitive
(ducc0) and ducc0 called directly on preallocated NumPy arrays, one process.

Run:

    ./scripts/mpirun.sh 1 benchmarks/local_fft.py            # -> results/local_fft.{txt,json}
    ./scripts/mpirun.sh 1 benchmarks/local_fft.py --quick    # smaller blocks, fewer iterations

The blocks are those one rank transforms inside fft3d: (128, 256, 256) is a
2-rank slab of a 256^3 grid, (64, 128, 128) of a 128^3 grid. For each dtype
and transform (complex along axis 2, 1, 0 and axes (1, 2); real to complex
and back along axis 2) it times:

  jnp.fft     the jitted jnp.fft call on a live input (a fresh result)
  local       mpicoll's local FFT primitive (mpicoll._src.local_fft, private),
              jitted, live input: a fresh result
  in place    the same with the input donated and the result aliased to it
              (what fft3d gets for a temporary inside one jitted call);
              complex transforms only
  ducc0       ducc0.fft on preallocated NumPy arrays: the floor, no JAX, no
              fresh memory

Method: benchmarks/timing.py in one process (median after warm-up). One XLA
thread, one ducc0 thread.
"""

import argparse
import os

import numpy as np
import jax
import jax.numpy as jnp

import reporting
import timing

TRANSFORMS = {   # name -> (kind, axes)
    "c2c axis 2": ("c2c", (2,)), "c2c axis 1": ("c2c", (1,)), "c2c axis 0": ("c2c", (0,)),
    "c2c axes 1,2": ("c2c", (1, 2)), "r2c axis 2": ("r2c", (2,)), "c2r axis 2": ("c2r", (2,)),
}
DTYPES = {"complex64": np.complex64, "complex128": np.complex128}


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


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--out", default=os.path.join(os.path.dirname(__file__), "results"))
    args = parser.parse_args()
    from mpi4py import MPI
    import mpicoll  # noqa: F401  (registers the handlers)

    jax.config.update("jax_enable_x64", True)
    meta = reporting.metadata(MPI.COMM_WORLD, quick=args.quick,
                              method="one process; median after warm-up",
                              private_internals="mpicoll._src.local_fft")
    shapes = [(16, 64, 64)] if args.quick else [(64, 128, 128), (128, 256, 256)]
    reps, warm = (5, 2) if args.quick else (15, 3)
    rng = np.random.default_rng(0)
    results = []
    for shape in shapes:
        for dname, dtype in DTYPES.items():
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


if __name__ == "__main__":
    main()
