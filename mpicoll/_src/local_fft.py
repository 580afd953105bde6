"""Local (one-process) FFTs along any axes: the transforms inside fft3d.

Why not ``jnp.fft``: XLA's CPU FFT transforms only trailing axes (``jnp.fft``
along another axis is a transpose, a transform and a transpose back, two
full strided copies), and on a 2-rank slab block of a 256^3 grid it took
43-98 ms per complex64 transform where ducc0 in place takes 12-25 ms
(`benchmarks/run.py fft3d --local-fft`; benchmarks/README.md, "fft3d results on this
machine"). ducc0 (the C++ successor of the pocketfft inside NumPy and SciPy,
on PyPI) transforms strided axes directly, without transposing.

`fftn` (complex), `rfftn` and `irfftn` (real) bind one primitive
with its own rules, beside its declaration:

* on CPU it lowers to the FFI handler in `_fft.pyx` (ducc0); on other
  platforms to ``jnp.fft`` (cuFFT on GPUs);
* a complex transform's result reuses the operand's memory where the
  operand is dead (the liveness marking of `scope.mark_in_place`, through
  `primitive.REUSABLE_OPERAND`), saving a fresh buffer's page faults;
* it is linear; the DFT matrix is symmetric, so the transpose of a complex
  transform is the same transform with the same normalisation; the real
  transforms transpose as ``lax.fft``'s do (r2c: zero-pad, c2c, real part;
  c2r: r2c with the non-edge frequencies weighted 2); JVP is the transform
  of the tangent; batching leaves the batch axis where it is and shifts
  the transformed axes past it.

Threads: one per transform by default (one rank per core is the usual MPI
layout); ``MPICOLL_FFT_THREADS=n`` lets ducc0 use n.
"""

import functools
import os

import jax.numpy as jnp
import numpy as np
from jax.extend.core import Primitive
from jax.interpreters import ad, batching

from mpicoll._src import _fft
from mpicoll._src.jax_internals import dispatch, ir, ir_type, mlir
from mpicoll._src.primitive import CUSTOM_CALLS, REUSABLE_OPERAND, _row_major

NORMS = ("backward", "ortho", "forward")
KINDS = _fft.kinds()      # "c2c", "r2c", "c2r" -> the handler's codes

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
    return local_fft_p.bind(x, kind="c2c", axes=axes, forward=not inverse, norm=norm, n=None)


def rfftn(x, axes, *, norm="backward"):
    """``jnp.fft.rfftn(x, axes=axes, norm=norm)`` of a real array: the last
    of ``axes`` keeps its ``n // 2 + 1`` non-negative frequencies."""
    return local_fft_p.bind(x, kind="r2c", axes=_real_axes(axes, x.ndim), forward=True,
                            norm=norm, n=None)


def irfftn(x, n, axes, *, norm="backward"):
    """``jnp.fft.irfftn(x, s=(..., n), axes=axes, norm=norm)``: complex
    inverse transforms along all but the last of ``axes``, then ``n`` real
    points from the ``n // 2 + 1`` complex ones along the last (imaginary
    parts of its zero and, for even n, Nyquist frequency are ignored, as
    numpy does)."""
    return local_fft_p.bind(x, kind="c2r", axes=_real_axes(axes, x.ndim), forward=False,
                            norm=norm, n=int(n))


def _real_axes(axes, ndim):
    """The axes sorted, with the halved one (the last given) last."""
    *others, last = (int(a) % ndim for a in axes)
    return tuple(sorted(set(others) - {last})) + (last,)


_OTHER_NORM = {"backward": "forward", "forward": "backward", "ortho": "ortho"}


def _jnp_fft(x, *, kind, axes, forward, norm, n, in_place=False):
    """The lowering on platforms other than the CPU (jnp.fft: cuFFT on a GPU):
    the same transform as the CPU's ducc0 handler for every parameter the
    primitive is bound with."""
    if kind == "r2c":
        if forward:
            return jnp.fft.rfftn(x, axes=axes, norm=norm)
        # the half spectrum of the inverse direction (c2r's transpose binds
        # it): for real x, the +i exponent gives the conjugate of the forward
        # spectrum, scaled as the inverse is, i.e. as the forward with the
        # other normalisation
        return jnp.conj(jnp.fft.rfftn(x, axes=axes, norm=_OTHER_NORM[norm]))
    if kind == "c2r":
        return jnp.fft.irfftn(x, s=[x.shape[a] for a in axes[:-1]] + [n], axes=axes, norm=norm)
    return (jnp.fft.fftn if forward else jnp.fft.ifftn)(x, axes=axes, norm=norm)


def _abstract_eval(x, *, kind, axes, forward, norm, n, in_place=False):
    wants_complex = kind != "r2c"
    if jnp.issubdtype(x.dtype, jnp.complexfloating) != wants_complex or \
            not jnp.issubdtype(x.dtype, jnp.inexact) or x.dtype == jnp.float16 or \
            x.dtype == jnp.bfloat16:
        raise TypeError(f"local {kind} FFT needs a {'complex' if wants_complex else 'real'} "
                        f"array (32 or 64-bit parts), got {x.dtype}")
    if kind == "c2c":
        return x
    shape = list(x.shape)
    if kind == "r2c":
        shape[axes[-1]] = shape[axes[-1]] // 2 + 1
        return x.update(shape=tuple(shape), dtype=jnp.result_type(x.dtype, jnp.complex64))
    if n // 2 + 1 != shape[axes[-1]]:
        raise ValueError(f"local c2r FFT: n = {n} needs {n // 2 + 1} complex points, "
                         f"got {shape[axes[-1]]}")
    shape[axes[-1]] = n
    return x.update(shape=tuple(shape), dtype=jnp.finfo(x.dtype).dtype)


def _lower_cpu(ctx, x, *, kind, axes, forward, norm, n, in_place=False):
    aval_in, = ctx.avals_in
    aval, = ctx.avals_out
    attributes = {"kind": mlir.i64_attr(KINDS[kind]),
                  "axes": ir.DenseI64ArrayAttr.get(list(axes)),
                  "forward": mlir.i64_attr(int(forward)),
                  "inorm": mlir.i64_attr(_INORM[norm, forward]),
                  "lastsize": mlir.i64_attr(n or 0)}
    call = mlir.custom_call(
        "mpicoll_local_fft", result_types=[ir_type(ctx, aval)], operands=[x],
        backend_config=attributes, api_version=4,
        # only a complex transform keeps shape and dtype: in place then
        operand_output_aliases={0: 0} if in_place and kind == "c2c" else None,
        operand_layouts=[_row_major(aval_in)], result_layouts=[_row_major(aval)])
    return call.results


def _transpose(ct, x, *, kind, axes, forward, norm, n, in_place=False):
    ct = ad.instantiate_zeros(ct)
    params = dict(axes=axes, forward=forward, norm=norm)
    if kind == "c2c":
        # the DFT matrix is symmetric
        return [local_fft_p.bind(ct, kind="c2c", n=None, **params)]
    axis = axes[-1]
    if kind == "r2c":
        # r2c = the first n//2+1 outputs (along the last axis) of c2c on real
        # input: transpose = zero-pad, the same c2c, real part
        length = x.aval.shape[axis]
        pad = [(0, 0)] * ct.ndim
        pad[axis] = (0, length - ct.shape[axis])
        full = local_fft_p.bind(jnp.pad(ct, pad), kind="c2c", n=None, **params)
        return [jnp.real(full).astype(x.aval.dtype)]
    # c2r: the transpose of JAX's irfft (along the last axis, each frequency
    # strictly between 0 and Nyquist stands for itself and its conjugate:
    # weight 2; the complex transforms along the other axes are symmetric)
    m = n // 2 + 1
    weights = np.full(m, 2.0)
    weights[0] = 1.0
    if n % 2 == 0:
        weights[-1] = 1.0
    shape = [1] * ct.ndim
    shape[axis] = m
    half = local_fft_p.bind(ct, kind="r2c", n=None, **params)
    return [(half * weights.reshape(shape)).astype(x.aval.dtype)]


def _batch(args, dims, *, axes, **params):
    (x,), (d,) = args, dims     # the batch axis stays where it is
    axes = tuple(a if a < d else a + 1 for a in axes)
    return local_fft_p.bind(x, axes=axes, **params), d


local_fft_p.def_impl(functools.partial(dispatch.apply_primitive, local_fft_p))
local_fft_p.def_abstract_eval(_abstract_eval)
mlir.register_lowering(local_fft_p, _lower_cpu, platform="cpu")
mlir.register_lowering(local_fft_p, mlir.lower_fun(_jnp_fft, multiple_results=False))
ad.deflinear2(local_fft_p, _transpose)
batching.primitive_batchers[local_fft_p] = _batch
REUSABLE_OPERAND[local_fft_p] = 0
CUSTOM_CALLS.add(local_fft_p)

def _threads_from_environment():
    """MPICOLL_FFT_THREADS: the threads ducc0 may use for one transform (1
    when unset or empty)."""
    text = os.environ.get("MPICOLL_FFT_THREADS", "").strip()
    if not text:
        return 1
    if not text.isdigit() or not 1 <= int(text) <= 1024:
        raise ValueError(f"MPICOLL_FFT_THREADS must be a whole number of threads from 1 to "
                         f"1024, got {text!r}")
    return int(text)


_fft.set_threads(_threads_from_environment())
