"""Local (one-process) complex FFTs along any axes: the transforms of fft3d.

Why not ``jnp.fft``: XLA's CPU FFT transforms only trailing axes (``jnp.fft``
along another axis is a transpose, a transform and a transpose back, two
full strided copies), and its one-threaded transform measured 2.5-3x slower
than ducc0's on the same axes (benchmarks/README.md, "Local FFTs"). ducc0
(the FFT library that numpy's and scipy's pocketfft grew into, on PyPI)
transforms strided axes in place without transposing.

`fftn` is a primitive with its own rules, beside its declaration:

* on CPU it lowers to the FFI handler in `_fft.pyx` (ducc0); on other
  platforms to ``jnp.fft.fftn``/``ifftn`` (cuFFT on GPUs);
* the result reuses the operand's memory where the operand is dead (the MPI
  scope's liveness marking, `primitive.REUSABLE_OPERAND`), saving a fresh
  buffer's page faults;
* it is linear; the DFT matrix is symmetric, so the transpose of a
  transform is the same transform with the same normalisation (as for
  ``lax.fft``); JVP is the transform of the tangent; batching leaves the
  batch axis where it is and shifts the transformed axes past it.

Threads: one per transform by default (one rank per core is the usual MPI
layout); ``MPICOLL_FFT_THREADS=n`` lets ducc0 use n.
"""

import functools
import os

import jax.numpy as jnp
from jax.extend.core import Primitive
from jax.interpreters import ad, batching

from mpicoll._src import _fft
from mpicoll._src.jax_internals import dispatch, ir, ir_type, mlir
from mpicoll._src.primitive import REUSABLE_OPERAND, _row_major

NORMS = ("backward", "ortho", "forward")

# ducc0's `inorm` for (norm, forward): 0 no scaling, 1 1/sqrt(n), 2 1/n
_INORM = {("backward", True): 0, ("ortho", True): 1, ("forward", True): 2,
          ("backward", False): 2, ("ortho", False): 1, ("forward", False): 0}

local_fft_p = Primitive("mpicoll_local_fft")


def fftn(x, axes, *, inverse=False, norm="backward"):
    """``jnp.fft.fftn(x, axes=axes, norm=norm)`` (``ifftn`` if ``inverse``)
    on a complex array of this process; see the module docstring."""
    axes = tuple(sorted({int(a) % x.ndim for a in axes}))
    if not axes:
        return x
    return local_fft_p.bind(x, axes=axes, forward=not inverse, norm=norm)


def _jnp_fftn(x, *, axes, forward, norm, in_place=False):
    return (jnp.fft.fftn if forward else jnp.fft.ifftn)(x, axes=axes, norm=norm)


def _abstract_eval(x, *, axes, forward, norm, in_place=False):
    if not jnp.issubdtype(x.dtype, jnp.complexfloating):
        raise TypeError(f"local fftn needs a complex array, got {x.dtype}")
    return x


def _lower_cpu(ctx, x, *, axes, forward, norm, in_place=False):
    aval, = ctx.avals_out
    attributes = {"axes": ir.DenseI64ArrayAttr.get(list(axes)),
                  "forward": mlir.i64_attr(int(forward)),
                  "inorm": mlir.i64_attr(_INORM[norm, forward])}
    call = mlir.custom_call(
        "mpicoll_local_fft", result_types=[ir_type(ctx, aval)], operands=[x],
        backend_config=attributes, api_version=4,
        operand_output_aliases={0: 0} if in_place else None,
        operand_layouts=[_row_major(aval)], result_layouts=[_row_major(aval)])
    return call.results


def _transpose(ct, x, *, axes, forward, norm, in_place=False):
    return [local_fft_p.bind(ad.instantiate_zeros(ct), axes=axes, forward=forward, norm=norm)]


def _batch(args, dims, *, axes, forward, norm, in_place=False):
    (x,), (d,) = args, dims     # the batch axis stays where it is
    axes = tuple(a if a < d else a + 1 for a in axes)
    return local_fft_p.bind(x, axes=axes, forward=forward, norm=norm), d


local_fft_p.def_impl(functools.partial(dispatch.apply_primitive, local_fft_p))
local_fft_p.def_abstract_eval(_abstract_eval)
mlir.register_lowering(local_fft_p, _lower_cpu, platform="cpu")
mlir.register_lowering(local_fft_p, mlir.lower_fun(_jnp_fftn, multiple_results=False))
ad.deflinear2(local_fft_p, _transpose)
batching.primitive_batchers[local_fft_p] = _batch
REUSABLE_OPERAND[local_fft_p] = 0

_fft.set_threads(int(os.environ.get("MPICOLL_FFT_THREADS", "1") or 1))
