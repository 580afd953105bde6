"""Compare two runs' saved results (.npz) array by array, within a tolerance.

Usage: python scripts/compare_runs.py A.npz B.npz [--rtol R] [--atol A] [--label TEXT]

Made for the examples' `--save PATH` files (examples/poisson_fft3d.py,
shallow_water.py, particle_mesh.py): the same example with the same options
run on a GPU and on the CPU, or at different rank counts. B is the
reference (the CPU run, say).

Every array the two files share is compared, and one line per array is
printed: its name, shape, max |a - b|, max |a - b| / max |b|, and PASS or
FAIL. An array passes when

    max |a - b|  <=  rtol * max |b|  +  atol

with the maxima over the whole array (a scalar is an array of one value).
The tolerance is relative to the array's largest magnitude, not element by
element: a field's small values (a velocity near zero, a gradient's quiet
corner) carry the rounding of its large ones, and an element-wise relative
test would fail on them for no reason. An array fails as well when it is in
only one of the files, when the shapes or dtypes differ (a float32 run
against a float64 one: JAX's x64 switched off on one side), or when either
side has a NaN or an infinity anywhere (said so on its line). The exit
status is 1 if any array failed (2 for a file that cannot be read), else 0.

Why not bitwise: the GPU and the CPU compute the same float64 sums in
another order. cuFFT and the CPU's FFT split the transforms differently,
scatter-adds (the particle-mesh deposit, the transposes of gathers in the
gradients) run as atomic adds on the GPU, in whatever order the threads
come, and XLA fuses and reassociates differently on each backend. Runs at
different rank counts differ the same way (the distributed FFT and the halo
accumulation add the same terms in another order). Each of these is a few
ulps per operation; through a simulation of tens of steps and its gradient
they stay around 1e-13 of the largest value (measured on the three
examples: an H200 against the CPU, and 2 and 4 ranks against 1). A real
error (a wrong block, a lost message, a missing halo, a wrong adjoint) is
of the order of the values themselves.

The defaults, rtol 1e-6 and atol 1e-12, are for float64 results: rtol sits
far above rounding (1e-16 per operation, ~1e-13 after a run) and far below
any real error, so a perturbation of 1e-3 of an array fails. atol is a floor
for results that are themselves rounding noise: the Poisson example's
max_error (the distance to the exact solution, ~1e-14) is a different few
ulps on each device, so only its size is compared. For float32 results use
rtol around 1e-4.
"""

import argparse
import sys

import numpy as np


def compare_array(a, b, rtol, atol):
    """(max |a-b|, max |a-b| / max |b|, failure reason or None) of two arrays."""
    if a.shape != b.shape:
        return np.nan, np.nan, f"shapes differ: {a.shape} vs {b.shape}"
    if a.dtype != b.dtype:
        reason = f"dtypes differ: {a.dtype} vs {b.dtype}"
    else:
        reason = None
    if not (np.issubdtype(a.dtype, np.number) or a.dtype == np.bool_) or \
            not (np.issubdtype(b.dtype, np.number) or b.dtype == np.bool_):
        return np.nan, np.nan, f"not numeric: {a.dtype} vs {b.dtype}"
    for side, x in (("A", a), ("B", b)):
        if np.issubdtype(x.dtype, np.inexact):
            if np.isnan(x).any():
                return np.nan, np.nan, f"NaN in {side} ({int(np.isnan(x).sum())} of {x.size})"
            if np.isinf(x).any():
                return np.nan, np.nan, f"inf in {side} ({int(np.isinf(x).sum())} of {x.size})"
    if a.size == 0:
        return 0.0, 0.0, reason
    # integers and booleans as float64 (ids, counts: exact below 2**53)
    kind = np.complex128 if np.iscomplexobj(a) or np.iscomplexobj(b) else np.float64
    a, b = a.astype(kind), b.astype(kind)
    diff = float(np.max(np.abs(a - b)))
    scale = float(np.max(np.abs(b)))
    rel = diff / scale if scale > 0 else (0.0 if diff == 0 else np.inf)
    if reason is None and not diff <= rtol * scale + atol:
        reason = f"above rtol * max|b| + atol = {rtol * scale + atol:.3e}"
    return diff, rel, reason


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter,
                                     epilog="\n".join(__doc__.splitlines()[2:]))
    parser.add_argument("a", metavar="A.npz", help="the run to check (e.g. the GPU's)")
    parser.add_argument("b", metavar="B.npz", help="the reference run (e.g. the CPU's)")
    parser.add_argument("--rtol", type=float, default=1e-6,
                        help="tolerance relative to max |b| of each array (default 1e-6)")
    parser.add_argument("--atol", type=float, default=1e-12,
                        help="absolute floor added to it (default 1e-12)")
    parser.add_argument("--label", default="", help="text printed with the verdict")
    args = parser.parse_args(argv)
    label = f"{args.label}: " if args.label else ""
    files = []
    for path in (args.a, args.b):
        try:
            with np.load(path, allow_pickle=False) as data:
                files.append({name: data[name] for name in data.files})
        except (OSError, ValueError) as exc:
            print(f"{label}cannot read {path}: {exc}", file=sys.stderr)
            return 2
    a, b = files
    print(f"{label}A = {args.a}, B = {args.b}; "
          f"pass: max|a-b| <= {args.rtol:g} * max|b| + {args.atol:g}")
    failed = 0
    names = sorted(set(a) | set(b))
    width = max([len(n) for n in names] + [4])
    for name in names:
        if name not in a or name not in b:
            failed += 1
            where = "A" if name in a else "B"
            shape = (a if name in a else b)[name].shape
            print(f"{name:<{width}}  {str(shape):<14}  FAIL (only in {where})")
            continue
        diff, rel, reason = compare_array(a[name], b[name], args.rtol, args.atol)
        failed += reason is not None
        verdict = "PASS" if reason is None else f"FAIL ({reason})"
        print(f"{name:<{width}}  {str(b[name].shape):<14}  max|a-b| {diff:.3e}  "
              f"max|a-b|/max|b| {rel:.3e}  {verdict}")
    if not names:
        print("no arrays in either file")
        failed = 1
    print(f"{label}{'FAIL' if failed else 'PASS'}: {len(names) - failed} of {len(names)} "
          f"arrays within tolerance")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
