"""Distributed 3-D FFTs on slabs and pencils, built from `redistribute` and local FFTs.

Layouts (docs/design.md §3 fft3d), for a global array of shape (N0, N1, N2) on a
grid of P0 (x P1) ranks:

    real space     axis 0 split over grid dim 0, axis 1 over grid dim 1, axis 2 whole
    Fourier space  axis 0 whole, axis 1 split over grid dim 0, axis 2 over grid dim 1

A 1-D grid (slabs) is the case P1 = 1. The forward transform works from the
last axis to the first: transform axis 2 (whole), re-split (axis 1 whole,
axis 2 split over grid dim 1), transform axis 1, re-split (axis 0 whole,
axis 1 split over grid dim 0), transform axis 0; consecutive transforms
with no re-split between them are one call (on slabs, axes 1 and 2
together). The inverse runs the same steps backwards. Each re-split is one
`redistribute` among the ranks of one grid dimension; every transform is
the local FFT primitive (`local_fft`: ducc0 on CPU, along any axes without
transposes, in place where its input is a temporary). The gradient of
every transform comes from those primitives' rules, with no hand-written
adjoint here.

Leading axes before the last three are batch axes: they are transformed
independently and travel with the data.
"""

import operator

import jax.numpy as jnp
import numpy as np

from mpicoll._src import decomposition
from mpicoll._src import local_fft
from mpicoll._src.ops.redistribute import redistribute

NORMS = ("backward", "ortho", "forward")


def _layout(grid, space):
    """The assignment (array axis -> grid dim) of the last three axes."""
    second = 1 if grid.ndim == 2 else None
    return (0, second, None) if space == "real" else (None, 0, second)


def _grid(comm, who):
    return decomposition.process_grid(comm, who=who, allow_world=True, max_dims=2)


def _check_norm(norm, who):
    if norm not in NORMS:
        raise ValueError(f"{who}: norm must be one of {NORMS} (as in numpy.fft), got {norm!r}")


def _fourier_shape(global_shape, real):
    n0, n1, n2 = global_shape
    return (n0, n1, n2 // 2 + 1) if real else (n0, n1, n2)


def _resplit(x, grid, dim, *, gather_axis, scatter_axis, gather_sizes):
    """Re-split among the ranks of grid dimension `dim`.

    Before: axis `gather_axis` holds this rank's block (the blocks of the
    ranks along `dim` have lengths `gather_sizes`), axis `scatter_axis` is
    whole. After: `gather_axis` whole, `scatter_axis` split as np.array_split.
    Axes count from the end, so batch axes in front come along. One
    `redistribute` (MPI_Alltoallw on subarrays: no packing copies).
    """
    if grid.dims[dim] == 1:
        return x
    return redistribute(x, scatter_axis, gather_axis, concat_sizes=gather_sizes,
                        comm=decomposition.sub_comm(grid, dim))


def _grid_sizes(grid):
    return grid.dims[0], (grid.dims[1] if grid.ndim == 2 else 1)


def _whole_in_real_space(p0, p1):
    """The transformed axes that no rank splits in real space: axis 2
    always, axis 1 when grid dimension 1 has one rank, axis 0 too on one rank."""
    return (-1,) if p1 > 1 else ((-2, -1) if p0 > 1 else (-3, -2, -1))


def _forward(x, grid, global_shape, norm, real):
    n0, n1, _ = global_shape
    p0, p1 = _grid_sizes(grid)
    whole = _whole_in_real_space(p0, p1)    # first, in one transform
    x = local_fft.rfftn(x, whole, norm=norm) if real else local_fft.fftn(x, whole, norm=norm)
    if p1 > 1:
        x = _resplit(x, grid, 1, gather_axis=-2, scatter_axis=-1,
                     gather_sizes=decomposition.block_sizes(n1, p1))
        x = local_fft.fftn(x, (-2,) if p0 > 1 else (-3, -2), norm=norm)
    if p0 > 1:
        x = _resplit(x, grid, 0, gather_axis=-3, scatter_axis=-2,
                     gather_sizes=decomposition.block_sizes(n0, p0))
        x = local_fft.fftn(x, (-3,), norm=norm)
    return x


def _inverse(x, grid, global_shape, norm, real):
    _, n1, n2 = global_shape
    p0, p1 = _grid_sizes(grid)
    if p0 > 1:
        x = local_fft.fftn(x, (-3,), inverse=True, norm=norm)
        x = _resplit(x, grid, 0, gather_axis=-2, scatter_axis=-3,
                     gather_sizes=decomposition.block_sizes(n1, p0))
    if p1 > 1:
        x = local_fft.fftn(x, (-2,) if p0 > 1 else (-3, -2), inverse=True, norm=norm)
        m2 = n2 // 2 + 1 if real else n2
        x = _resplit(x, grid, 1, gather_axis=-1, scatter_axis=-2,
                     gather_sizes=decomposition.block_sizes(m2, p1))
    # last the axes whole in real space, in one transform; for irfft3d the
    # complex ones first (in place where x is a temporary; ducc0's own
    # multi-axis c2r would copy its input first) and the real one along
    # axis 2 last
    whole = _whole_in_real_space(p0, p1)
    if real:
        x = local_fft.fftn(x, whole[:-1], inverse=True, norm=norm)
        return local_fft.irfftn(x, n2, (-1,), norm=norm)
    return local_fft.fftn(x, whole, inverse=True, norm=norm)


def _computed_in(dtype, real_input):
    """The dtype a transform computes in: complex input as it is; integers
    and bools as ``jnp.fft`` (float64 for 64-bit integers, else float32),
    16-bit floats in float32 (``jnp.fft.rfftn`` refuses them); real input
    of a complex transform in the matching complex type."""
    if jnp.issubdtype(dtype, jnp.complexfloating):
        return dtype
    real = (jnp.result_type(dtype, jnp.float32) if jnp.issubdtype(dtype, jnp.floating)
            else jnp.dtype(jnp.float64 if jnp.dtype(dtype).itemsize == 8 else jnp.float32))
    return real if real_input else jnp.result_type(real, jnp.complex64)


def _prepare(x, comm, norm, who, space, *, real_input, n=None):
    """(x in the dtype it is computed in, the grid, the global shape of the
    three transformed axes) after checks that raise alike on every rank
    (collective over the grid at trace time): the arguments (``norm``,
    irfft3d's ``n``), the dtype and number of axes, which every rank must
    pass alike, and the blocks, which must form one global array."""
    grid = _grid(comm, who)     # TypeError/ValueError before any communication

    def local():
        _check_norm(norm, who)
        array = jnp.asarray(x)
        if real_input and jnp.issubdtype(array.dtype, jnp.complexfloating):
            raise TypeError(f"{who} transforms real input; got {array.dtype} (use fft3d for "
                            "complex data)")
        if array.ndim < 3:
            raise ValueError(f"{who}: x needs at least 3 axes (the transformed ones last), "
                             f"got shape {array.shape}")
        if n is not None and (isinstance(n, bool) or not isinstance(n, (int, np.integer))
                              or n < 1):
            raise ValueError(f"{who}: n must be a positive int, got {n!r}")
        array = array.astype(_computed_in(array.dtype, real_input))
        return array, dict(norm=norm, dtype=str(array.dtype), ndim=array.ndim,
                           n=None if n is None else int(n))

    x = decomposition.collectively(grid, who, local)
    batch = x.ndim - 3        # (batch axes must agree too)
    full = decomposition.gather_global_shape(
        grid, x.shape, (None,) * batch + _layout(grid, space), who=who, batch=batch)
    return x, grid, full[batch:]


def fft3d(x, comm=None, *, norm="backward"):
    """3-D FFT of a global array distributed over ranks in slabs or pencils.

    Args:
      x: this rank's real-space block of the global (N0, N1, N2) array, with
        any leading batch axes (length 0 too): shape ``(..., n0, n1, N2)`` where n0 (n1) is
        this rank's ``np.array_split`` block of N0 (N1) along grid dimension 0
        (1). Complex; real input is promoted as ``jnp.fft.fftn`` does
        (complex64 for float32, 16-bit floats and integers up to 32 bits,
        complex128 for float64 and 64-bit integers).
      comm: an ``MPI.Cartcomm`` with 1 (slabs) or 2 (pencils) dimensions, or
        None for ``MPI.COMM_WORLD`` as a 1-D grid.
      norm: "backward" (default), "ortho" or "forward", as in ``numpy.fft``.

    Returns:
      This rank's block of ``numpy.fft.fftn(global, axes=(-3, -2, -1))`` in
      the Fourier layout: axis 0 whole, axis 1 split over grid dimension 0,
      axis 2 split over grid dimension 1 (same axis order as the input; no
      hidden transposes). See `local_slices(..., space="fourier")`.

    Gradients: linear; built from local FFTs and `redistribute`, so JVP, VJP
    and ``vmap`` are those of the serial ``jnp.fft.fftn`` on the gathered
    array (docs/design.md §2 Gradients).

    Raises:
      TypeError: ``comm`` is not a Cartcomm or intracommunicator.
      ValueError: a Cartcomm with more than 2 dimensions; x with fewer than 3
        axes; blocks that are not the ranks' ``np.array_split`` blocks of one
        global array; a dtype, number of axes or ``norm`` that differs
        between ranks; an axis shorter than the grid dimension that splits
        it in either layout; unknown ``norm``. Every error that concerns the
        arguments is raised on every rank alike, even where only one rank's
        arguments are wrong.

    Collective: every rank of ``comm`` must call it (it gathers the block
    shapes at trace time to check them).
    """
    x, grid, shape = _prepare(x, comm, norm, "fft3d", "real", real_input=False)
    decomposition.check_splittable(shape, grid, _layout(grid, "fourier"), who="fft3d",
                                   space=" (in the Fourier layout)")
    return _forward(x, grid, shape, norm, real=False)


def ifft3d(x, comm=None, *, norm="backward"):
    """Inverse of `fft3d`: Fourier-layout block in, real-space block out.

    Args:
      x: this rank's Fourier-space block (see `fft3d`), complex, with any
        leading batch axes.
      comm, norm: as in `fft3d`.

    Returns:
      This rank's real-space block of ``numpy.fft.ifftn`` of the global array.

    Gradients, errors and collectiveness as in `fft3d`.
    """
    x, grid, shape = _prepare(x, comm, norm, "ifft3d", "fourier", real_input=False)
    decomposition.check_splittable(shape, grid, _layout(grid, "real"), who="ifft3d",
                                   space=" (in the real-space layout)")
    return _inverse(x, grid, shape, norm, real=False)


def rfft3d(x, comm=None, *, norm="backward"):
    """3-D FFT of real data: ``numpy.fft.rfftn`` of the global array.

    Args:
      x: this rank's real-space block (float32 or float64; 16-bit floats
        and integers up to 32 bits are promoted to float32, 64-bit integers
        to float64, as ``jnp.fft.rfftn`` does for integers; see `fft3d`).
      comm, norm: as in `fft3d`.

    Returns:
      This rank's Fourier-layout block of the global (N0, N1, N2 // 2 + 1)
      result (complex64 for float32 input, complex128 for float64).

    Gradients, errors and collectiveness as in `fft3d`; TypeError for complex
    input.
    """
    x, grid, shape = _prepare(x, comm, norm, "rfft3d", "real", real_input=True)
    decomposition.check_splittable(_fourier_shape(shape, True), grid,
                                   _layout(grid, "fourier"), who="rfft3d",
                                   space=" (in the Fourier layout, N2 // 2 + 1 points)")
    return _forward(x, grid, shape, norm, real=True)


def irfft3d(x, n=None, comm=None, *, norm="backward"):
    """Inverse of `rfft3d`: ``numpy.fft.irfftn`` of the global array.

    The complex inverse transforms along axes 0 and 1 come first and the
    real one along axis 2 last, so the result equals numpy's also for input
    that is not Hermitian-symmetric.

    Args:
      x: this rank's Fourier-layout block of the global (N0, N1, M2) array.
      n: global length N2 of the real output's last axis; N2 // 2 + 1 must
        equal M2. Default ``2 * (M2 - 1)`` (as numpy); give it for odd N2.
      comm, norm: as in `fft3d`.

    Returns:
      This rank's real-space block of the global (N0, N1, N2) real array.

    Gradients, errors and collectiveness as in `fft3d`; ValueError if
    ``n // 2 + 1 != M2`` or ``n`` differs between ranks.
    """
    x, grid, (n0, n1, m2) = _prepare(x, comm, norm, "irfft3d", "fourier",
                                     real_input=False, n=n)
    if n is None:
        n = 2 * (m2 - 1)
    if n // 2 + 1 != m2:     # (n and m2 are the same on every rank by now)
        raise ValueError(
            f"irfft3d: n (global length of the output's last axis) must satisfy "
            f"n // 2 + 1 == {m2} (the global length of the input's last axis), i.e. "
            f"n = {2 * (m2 - 1)} or {2 * (m2 - 1) + 1}; got {n!r}")
    shape = (n0, n1, int(n))
    decomposition.check_splittable(shape, grid, _layout(grid, "real"), who="irfft3d",
                                   space=" (in the real-space layout)")
    return _inverse(x, grid, shape, norm, real=True)


def local_slices(global_shape, comm=None, *, space="real", real=False):
    """This rank's index ranges of the global array in either layout.

    Args:
      global_shape: (N0, N1, N2) of the real-space array.
      comm: as in `fft3d`.
      space: "real" (the input of fft3d/rfft3d) or "fourier" (their output).
      real: True for the real transforms: in Fourier space axis 2 has
        N2 // 2 + 1 points.

    Returns:
      A tuple of three ``slice`` objects: ``global_array[local_slices(...)]``
      is this rank's block. No communication.

    Raises:
      ValueError: bad ``space`` or shape, or an axis shorter than its grid
        dimension.
    """
    grid = _grid(comm, "local_slices")
    shape = _check_shape(global_shape, "local_slices")
    if space not in ("real", "fourier"):
        raise ValueError(f"local_slices: space must be 'real' or 'fourier', got {space!r}")
    if space == "fourier":
        shape = _fourier_shape(shape, real)
    layout = _layout(grid, space)
    decomposition.check_splittable(shape, grid, layout, who="local_slices")
    return decomposition.local_slices(shape, grid, layout)


def fftfreq(global_shape, comm=None, *, d=1.0, real=False):
    """Sample frequencies of this rank's Fourier-space block.

    Args:
      global_shape: (N0, N1, N2) of the real-space array.
      comm: as in `fft3d`.
      d: sample spacing (a number, or one per axis), as in
        ``numpy.fft.fftfreq``: frequencies are in cycles per unit of ``d``
        (multiply by 2*pi for angular wavenumbers).
      real: True for the output of `rfft3d` (axis 2 uses ``rfftfreq``).

    Returns:
      Three float64 NumPy arrays ``(k0, k1, k2)`` of shapes (n0, 1, 1),
      (1, n1, 1), (1, 1, n2): this rank's part of the frequencies along each
      axis, broadcastable against its Fourier block; e.g.
      ``k0**2 + k1**2 + k2**2``. No communication.

    Raises:
      TypeError: ``global_shape`` is not a sequence of ints.
      ValueError: ``global_shape`` is not 3 positive ints, ``d`` is not one
        number or three, or an axis is shorter than the grid dimension that
        splits it.
    """
    shape = _check_shape(global_shape, "fftfreq")
    try:
        spacing = np.broadcast_to(np.asarray(d, dtype=np.float64), (3,))
    except (TypeError, ValueError):
        raise ValueError(f"fftfreq: d must be a number or 3 numbers (one per axis), "
                         f"got {d!r}") from None
    slices = local_slices(shape, comm, space="fourier", real=real)
    freqs = [np.fft.fftfreq(shape[0], spacing[0]), np.fft.fftfreq(shape[1], spacing[1]),
             np.fft.rfftfreq(shape[2], spacing[2]) if real
             else np.fft.fftfreq(shape[2], spacing[2])]
    result = []
    for axis in range(3):
        k = freqs[axis][slices[axis]]
        result.append(k.reshape([-1 if a == axis else 1 for a in range(3)]))
    return tuple(result)


def _check_shape(global_shape, who):
    try:     # (operator.index: 3.5 or "8" is refused, not truncated or parsed)
        shape = tuple(operator.index(n) for n in global_shape)
    except TypeError:
        raise TypeError(f"{who}: global_shape must be a sequence of 3 ints, got "
                        f"{global_shape!r}") from None
    if len(shape) != 3 or min(shape) < 1:
        raise ValueError(f"{who}: global_shape must be 3 positive ints, got {global_shape}")
    return shape
