"""fft3d and ifft3d on GPU arrays against one GPU's jnp.fft.fftn, in one run.

Run on a GPU machine (scripts/gpu_check.sh runs it at 1 and 2 ranks; two
ranks may share one GPU when JAX does not preallocate its memory):

    XLA_PYTHON_CLIENT_PREALLOCATE=false JAX_PLATFORMS=cuda,cpu \\
        mpiexec -n 2 python benchmarks/fft3d_gpu.py --n 256

On P ranks, a global N^3 complex64 array in slabs (comm=None): the jitted
fft3d (fwd) and ifft3d (inv) of each rank's block on JAX's default device,
on a live input; next to them rank 0 alone times jnp.fft.fftn/ifftn of the
whole array on its device while the other ranks wait (the serial baseline).
Both are checked against each other first: the largest difference of the
distributed result from the serial one, relative to the largest value, is
printed (it must be at the level of float32 rounding). Timing as every
benchmark here (timing.py): barrier before each call, slowest rank, median.
Writes <out>/fft3d_gpu_np<P>.txt and .json. Runs on CPU arrays too, where
no GPU is present (then the table says so).
"""

import argparse
import os

import jax
import jax.numpy as jnp
import numpy as np
from mpi4py import MPI

import mpicoll
import reporting
from timing import measure

comm = MPI.COMM_WORLD
timing_comm = comm.Dup()            # barriers and time reductions stay off comm


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=256, help="global size N of N^3 (default 256)")
    parser.add_argument("--iterations", type=int, default=10)
    parser.add_argument("--out", default="benchmarks/results", help="folder for the outputs")
    args = parser.parse_args()
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
    error, roundtrip = (timing_comm.allreduce(e, op=MPI.MAX) for e in (error, roundtrip))
    assert spectrum.devices() == {device}, spectrum.devices()
    del serial, back

    warm = 3
    times = {
        "fwd": measure(lambda: jax.block_until_ready(forward(block)), args.iterations, warm,
                       timing_comm),
        "inv": measure(lambda: jax.block_until_ready(inverse(spectrum)), args.iterations, warm,
                       timing_comm),
    }
    serial_times = {}
    if rank == 0:        # the others wait at the barrier below
        fftn, ifftn = jax.jit(jnp.fft.fftn), jax.jit(jnp.fft.ifftn)
        serial_times["fwd"] = measure(lambda: jax.block_until_ready(fftn(whole)),
                                      args.iterations, warm, None)
        serial_times["inv"] = measure(lambda: jax.block_until_ready(ifftn(whole)),
                                      args.iterations, warm, None)
    timing_comm.Barrier()

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


if __name__ == "__main__":
    raise SystemExit(main())
