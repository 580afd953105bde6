"""Halo exchange on a Cartesian process grid: argument checks and helpers
around one primitive.

Contract (docs/design.md §3): ``x`` is this rank's block of a global array
whose first d axes are split over the d dimensions of a Cartcomm (block
ownership from `mpicoll._src.decomposition`, i.e. ``np.array_split``), with
``h_i`` halo cells added on both ends of each split axis i. The exchange fills
the halo cells from the neighbouring blocks, edges and corners included.

Algorithm: one grid dimension after the other (0, 1, .., d-1). Along
dimension i, every rank sends its first ``h_i`` interior cells to its lower
neighbour while receiving its upper halo from the upper neighbour, and its
last interior cells to the upper neighbour while receiving its lower halo.
The slabs span the whole padded extent of every other axis, so the halos
filled along earlier dimensions travel on along later ones: that fills the
corners. Past a non-periodic edge the neighbour is ``MPI.PROC_NULL`` and the
halo stays as it is. Along a periodic dimension of size 1 the rank is its
own neighbour and sends to itself.

All of it is one MPI operation, the `halo_exchange` primitive
(`mpicoll._src.ops.halo_exchange`): its handler sends straight from the
block's interior slabs into the neighbours' halos with MPI datatypes and
updates the block in place (a donated block is never copied), and its rules
give the gradient. The transpose sends every halo cotangent back to the rank
that owns the cell and adds it to that interior cell; the overwritten halo
values get zero cotangent, and halos left unchanged at a non-periodic
boundary pass their cotangent through.

This module makes no MPI call of its own apart from the trace-time argument
checks (mpi4py allgathers of Python objects), so every rank raises alike.
"""

import operator

import numpy as np
import jax.numpy as jnp
from jax import lax
from mpi4py import MPI

from mpicoll._src import decomposition
from mpicoll._src.ops.halo_exchange import exchange
from mpicoll._src.validation import as_array, static_int

# Tags of the two directions along grid dimension i: _TAG_BASE + 2 i (towards
# the lower neighbour) and _TAG_BASE + 2 i + 1 (towards the upper one). They
# are below 4095 = 32767 // 8, the smallest `mpicoll.max_tag()` any MPI gives
# (the standard guarantees MPI_TAG_UB >= 32767).
_TAG_BASE = 0xF00

_PAD_MODES = ("constant", "edge", "reflect", "symmetric")
_WIDTHS_ARE_STATIC = "Halo widths decide message sizes."


# --------------------------------------------------------------- validation

def _grid(comm, who):
    return decomposition.process_grid(comm, who=who, allow_world=False, max_dims=3)


def _halo_widths(halo, ndim, who):
    """`halo` as a tuple of `ndim` non-negative ints."""
    if isinstance(halo, (tuple, list)):
        if len(halo) != ndim:
            raise ValueError(
                f"{who}: halo has {len(halo)} entries but the process grid has {ndim} "
                f"dimension(s); give one width per grid dimension (or one int for all)")
        widths = tuple(static_int(h, f"{who}: halo[{i}]", why=_WIDTHS_ARE_STATIC)
                       for i, h in enumerate(halo))
    else:
        widths = (static_int(halo, f"{who}: halo", why=_WIDTHS_ARE_STATIC),) * ndim
    for i, h in enumerate(widths):
        if h < 0:
            raise ValueError(f"{who}: halo widths must be >= 0, got {h} for grid dimension {i}")
    return widths


def _periodicity(periodic, grid, who):
    if periodic is None:
        return grid.periods
    if isinstance(periodic, (bool, np.bool_)):
        return (bool(periodic),) * grid.ndim
    if isinstance(periodic, (tuple, list)):
        if len(periodic) != grid.ndim:
            raise ValueError(
                f"{who}: periodic has {len(periodic)} entries but the process grid has "
                f"{grid.ndim} dimension(s); give one bool per grid dimension, one bool "
                "for all, or None (the Cartcomm's periods)")
        if not all(isinstance(p, (bool, np.bool_)) for p in periodic):
            raise TypeError(f"{who}: periodic must hold bools, got {periodic!r}")
        return tuple(bool(p) for p in periodic)
    raise TypeError(f"{who}: periodic must be None, a bool or a sequence of bools, "
                    f"got {type(periodic).__name__}")


def _check_block(x, widths, grid, who):
    """Interior shape of `x` after the local checks."""
    d = grid.ndim
    if x.ndim < d:
        raise ValueError(
            f"{who}: x has {x.ndim} axes but the process grid has {d} dimensions; the "
            f"first {d} axes of x are split over the grid (trailing axes are carried along)")
    for i, h in enumerate(widths):
        if x.shape[i] < 2 * h:
            raise ValueError(
                f"{who}: x.shape[{i}] = {x.shape[i]} is smaller than the two halos of width "
                f"{h} it must hold (x holds the interior block plus {h} cells on each side)")
    interior = tuple(x.shape[i] - 2 * h for i, h in enumerate(widths)) + x.shape[d:]
    return interior


def _validate(x, halo, comm, periodic, who, *, adds=False):
    """(x as an array, grid, widths, periodic, global interior shape) after
    checks that raise alike on every rank; `adds`: the operation adds
    values (bool arrays have no addition)."""
    grid = _grid(comm, who)     # TypeError/ValueError before any communication

    def local():
        array = as_array(x, "x")
        if adds and array.dtype == np.bool_:
            raise TypeError(f"{who}: x is a bool array, which has no addition for the "
                            "halo cells to be added with; pass x.astype(int) (or a float)")
        widths = _halo_widths(halo, grid.ndim, who)
        periods = _periodicity(periodic, grid, who)
        interior = _check_block(array, widths, grid, who)
        must_agree = dict(halo=widths, periodic=periods, ndim=array.ndim,
                          dtype=str(array.dtype))
        return (array, widths, periods, interior), must_agree

    x, widths, periods, interior = decomposition.collectively(grid, who, local)
    assignment = tuple(range(grid.ndim)) + (None,) * (x.ndim - grid.ndim)
    global_shape = decomposition.gather_global_shape(grid, interior, assignment, who=who)
    for i, h in enumerate(widths):
        parts = grid.dims[i]
        if h == 0 or (parts == 1 and not periods[i]):
            continue                       # nothing is exchanged along this dimension
        smallest = min(decomposition.block_sizes(global_shape[i], parts))
        if h > smallest:
            raise ValueError(
                f"{who}: halo width {h} along grid dimension {i} is wider than the "
                f"smallest interior block there ({smallest} cells: global axis {i} of "
                f"length {global_shape[i]} split over {parts} rank(s)); a halo can only "
                "come from one neighbour: use a halo of at most "
                f"{smallest} or fewer ranks along that dimension")
    return x, grid, widths, periods, global_shape


# ----------------------------------------------------------------- exchange

def _slab(x, axis, start, stop):
    return lax.slice_in_dim(x, start, stop, axis=axis)


def _exchange(x, widths, periods, grid, adjoint=False):
    """The exchange proper (arguments already checked): one `halo_exchange`
    primitive (its adjoint if `adjoint`), with width 0 and no neighbours
    along the dimensions where nothing is exchanged."""
    exchanged, neighbours = [], []
    for axis, h in enumerate(widths):
        if h == 0 or (grid.dims[axis] == 1 and not periods[axis]):
            exchanged.append(0)
            neighbours.append((MPI.PROC_NULL, MPI.PROC_NULL))
        else:
            exchanged.append(h)
            # both neighbours are this rank itself on a periodic dimension of size 1
            neighbours.append(decomposition.neighbours(grid, axis, periods[axis]))
    if not any(exchanged):
        return x
    return exchange(x, exchanged, neighbours, grid.comm, _TAG_BASE, adjoint=adjoint)


def halo_exchange(x, halo, comm, *, periodic=None):
    """Fill the halo cells of this rank's block from its neighbours on a Cartesian grid.

    ``comm`` is an ``MPI.Cartcomm`` with d = 1, 2 or 3 dimensions; its
    dimension i splits axis i of the global array (``np.array_split`` blocks:
    as even as possible, lower grid coordinates get the extra cells). ``x`` is
    this rank's block of axes 0..d-1 with ``halo[i]`` extra cells on both ends
    of axis i; further axes (field components, batch) are whole and carried
    along. The result is ``x`` with every halo cell replaced by the value the
    neighbouring block holds there:

    * periodic axes: the rank's window of ``np.pad(global, h, mode="wrap")``,
      edges and corners included;
    * non-periodic axes: halo cells beyond the global boundary are returned
      unchanged (impose boundary conditions by setting them before or after);
    * corners beyond a non-periodic boundary along one axis but inside the
      domain along another hold the neighbour's boundary halo values: the
      result is the rank's window of the global array *including* every rank's
      boundary halo cells (each boundary cell taken from the rank whose block
      touches it), padded periodically along the periodic axes.

    Args:
      x: this rank's padded block, shape ``(n_0 + 2 h_0, ..., n_{d-1} + 2 h_{d-1}, *rest)``.
        Any dtype; same dtype, rank and ``rest`` on every rank.
      halo: an int (the same width on every grid dimension) or one int per grid
        dimension; 0 means no exchange along that dimension. At most the
        smallest interior block along that axis (halos come from the nearest
        neighbour only).
      comm: an ``MPI.Cartcomm`` (``MPI.COMM_WORLD.Create_cart(dims, periods)``).
      periodic: None (the Cartcomm's periods), a bool for all dimensions, or
        one bool per dimension.

    Returns:
      An array with the shape and dtype of ``x``: interior cells unchanged,
      halo cells filled.

    Gradients: the exchange is linear, so JVPs apply it to the tangent, and
    its transpose is the true adjoint (a second MPI operation, whose own
    transpose is the exchange): each halo cotangent is sent back and *added*
    to the neighbour's interior cell it was copied from; overwritten halo
    cells get zero cotangent; unchanged boundary halos pass theirs through.
    Like every collective, every rank must differentiate it alike (see
    docs/differentiation.md, "Pitfalls"). Works under ``jit``, ``vmap`` and
    ``lax`` control flow like every mpicoll op.

    Memory: the exchange writes into its input's buffer. Donate the block
    (``jax.jit(f, donate_argnums=0)``) or exchange inside a ``lax.scan`` /
    ``fori_loop`` and no copy is made; a block the caller keeps is copied
    into the result first.

    The checks below run at trace time and communicate over ``comm``, so
    they raise on every rank alike, and every rank must call with the same
    arguments.

    Raises:
      TypeError: ``comm`` not a Cartcomm; halo widths that are not ints or are
        traced; ``periodic`` of the wrong type.
      ValueError: a Cartcomm with more than 3 dimensions; ``halo`` or
        ``periodic`` of the wrong length; negative widths; ``x`` with fewer axes
        than the grid or an axis shorter than its two halos; blocks that are
        not the ranks' ``np.array_split`` blocks of one global array (or
        differ in dtype, rank or trailing axes); a halo wider than the
        smallest interior block along its axis.
    """
    x, grid, widths, periods, _ = _validate(x, halo, comm, periodic, "halo_exchange")
    return _exchange(x, widths, periods, grid)


def halo_accumulate(x, halo, comm, *, periodic=None):
    """Add every halo cell into the neighbour's cell it stands for: the adjoint of `halo_exchange`.

    Where `halo_exchange` copies a neighbour's border cells into this
    rank's halo, ``halo_accumulate`` sends each halo cell's value back to the
    neighbour that owns that cell and *adds* it there, then zeroes the halo.
    It is what a particle code needs after depositing (scattering) particle
    mass onto a padded block: contributions that landed in the halo, because
    a particle sits near the block's edge, belong to the neighbour's
    interior. Edges and corners are handled like `halo_exchange`'s (grid
    dimension d-1 first, so corner values reach the diagonal neighbour).

    For blocks ``x`` and ``y`` on every rank, ``sum over ranks of
    <halo_exchange(x), y> == sum over ranks of <x, halo_accumulate(y)>``.

    Args:
      x: this rank's padded block, as for `halo_exchange`.
      halo: halo width(s), as for `halo_exchange`.
      comm: an ``MPI.Cartcomm``.
      periodic: as for `halo_exchange`.

    Returns:
      An array with the shape and dtype of ``x``: interior cells plus what
      the neighbours' halos held for them; halo cells zero where a neighbour
      took them, unchanged past a non-periodic boundary (no neighbour there).

    Gradients: linear; its transpose is `halo_exchange` (and
    `halo_exchange`'s is this function), so gradients of any order are
    exchanges. Works under ``jit``, ``vmap`` and ``lax`` control flow.

    Raises:
      As `halo_exchange`, on every rank alike; TypeError for a bool ``x``.
    """
    x, grid, widths, periods, _ = _validate(x, halo, comm, periodic, "halo_accumulate",
                                            adds=True)
    return _exchange(x, widths, periods, grid, adjoint=True)


def pad_and_exchange(x, halo, comm, *, periodic=None, mode="constant", constant_values=0):
    """Add halo cells to an unpadded block and fill them: the usual first step
    of a stencil code.

    ``x`` is this rank's interior block (the first d axes split over the grid,
    as in `halo_exchange`). It is padded with ``halo[i]`` cells on both ends of
    each split axis i, then exchanged. Halo cells beyond a non-periodic
    boundary come from the padding: ``mode="constant"`` (``constant_values``,
    default 0), ``"edge"``, ``"reflect"`` or ``"symmetric"``, as in
    ``jnp.pad`` applied to the block (whose edge there is the global edge).

    Args:
      x: this rank's interior block, shape ``(n_0, ..., n_{d-1}, *rest)``.
      halo, comm, periodic: as in `halo_exchange`.
      mode: padding mode for non-periodic global boundaries.
      constant_values: the value for ``mode="constant"``.

    Returns:
      The padded, exchanged block, shape ``(n_0 + 2 h_0, ..., *rest)``.

    Gradients: those of ``jnp.pad`` followed by `halo_exchange`: halo
    cotangents are added into the interior cells (own or the neighbour's) the
    halo values came from.

    Raises: as `halo_exchange`, plus ValueError for an unknown ``mode``
    (and ``jnp.pad``'s errors, e.g. ``"reflect"`` wider than the block).
    """
    who = "pad_and_exchange"
    grid = _grid(comm, who)

    def local():
        array = as_array(x, "x")
        widths = _halo_widths(halo, grid.ndim, who)
        if mode not in _PAD_MODES:
            raise ValueError(f"{who}: mode must be one of {_PAD_MODES}, got {mode!r}")
        if array.ndim < grid.ndim:
            raise ValueError(
                f"{who}: x has {array.ndim} axes but the process grid has {grid.ndim} "
                f"dimensions; the first {grid.ndim} axes of x are split over the grid")
        return (array, widths), {}

    x, widths = decomposition.collectively(grid, who, local)
    pads = [(h, h) for h in widths] + [(0, 0)] * (x.ndim - grid.ndim)
    if mode == "constant":
        padded = jnp.pad(x, pads, mode="constant", constant_values=constant_values)
    else:
        padded = jnp.pad(x, pads, mode=mode)
    return halo_exchange(padded, widths, comm, periodic=periodic)


def interior(x, halo, comm):
    """Strip the halo cells: ``x[h_0:-h_0, ..., h_{d-1}:-h_{d-1}]`` (widths 0 allowed).

    Args:
      x: a padded block as `halo_exchange` takes and returns it.
      halo: an int or one int per grid dimension of ``comm``.
      comm: the ``MPI.Cartcomm`` (only its number of dimensions is used; no
        communication).

    Returns: this rank's interior block. Gradient: zero for the halo cells.

    Raises: TypeError/ValueError for a non-Cartcomm, bad widths, or ``x`` too small.
    """
    who = "interior"
    grid = _grid(comm, who)
    widths = _halo_widths(halo, grid.ndim, who)
    x = as_array(x, "x")
    _check_block(x, widths, grid, who)
    for axis, h in enumerate(widths):
        x = _slab(x, axis, h, x.shape[axis] - h)
    return x


def local_slices(global_shape, comm):
    """This rank's interior block of a global array of shape ``global_shape``:
    a tuple of slices, one per axis, so that ``global_array[local_slices(...)]``
    is what this rank holds (without halos). Axis i < d is split over grid
    dimension i (``np.array_split`` blocks, the decomposition `mpicoll.fft`
    uses too); further axes are whole.

    Raises: TypeError for a non-Cartcomm; ValueError if ``global_shape`` has
    fewer axes than the grid, or a split axis is shorter than its grid
    dimension (some rank would hold nothing).
    """
    who = "local_slices"
    grid = _grid(comm, who)
    global_shape = tuple(operator.index(n) for n in global_shape)
    if len(global_shape) < grid.ndim:
        raise ValueError(f"{who}: global_shape {global_shape} has fewer axes than the "
                         f"process grid ({grid.ndim} dimensions)")
    assignment = tuple(range(grid.ndim)) + (None,) * (len(global_shape) - grid.ndim)
    decomposition.check_splittable(global_shape, grid, assignment, who=who)
    return decomposition.local_slices(global_shape, grid, assignment)
