"""Who owns which global indices: the one place that decides block decompositions.

`mpicoll.fft` and `mpicoll.halo` both split global arrays over a Cartesian
process grid the same way: a global axis of length N split over a grid
dimension of size P gives the rank at coordinate c the block
``np.array_split(range(N), P)[c]`` (as even as possible, lower coordinates get
the extra element).

An *assignment* says which grid dimension splits each array axis: a tuple with
one entry per axis, a grid dimension or None (axis held whole).

Some checks need every rank's block shape. They gather the shapes at trace time
(one small mpi4py allgather, so every rank must reach the same call, as it must
for the collective that follows anyway) and raise on every rank alike: an error
raised on one rank alone would leave the others waiting forever.
"""

import dataclasses

from mpi4py import MPI


def block_sizes(n, parts):
    """Lengths of the `parts` blocks `np.array_split` makes of `n` elements."""
    base, extra = divmod(n, parts)
    return tuple(base + 1 if i < extra else base for i in range(parts))


def block_range(n, parts, index):
    """``(start, stop)`` of block `index` of `n` elements split in `parts`."""
    base, extra = divmod(n, parts)
    start = index * base + min(index, extra)
    return start, start + base + (1 if index < extra else 0)


@dataclasses.dataclass(frozen=True)
class Grid:
    """A Cartesian process grid as mpicoll sees it (all fields static)."""
    comm: MPI.Intracomm = dataclasses.field(compare=False, repr=False)
    dims: tuple
    coords: tuple
    periods: tuple

    @property
    def ndim(self):
        return len(self.dims)

    def coords_of(self, rank):
        if isinstance(self.comm, MPI.Cartcomm):
            return tuple(self.comm.Get_coords(rank))
        return (rank,)


def process_grid(comm, *, who, allow_world, max_dims):
    """The `Grid` of `comm`: an `MPI.Cartcomm`, or (when `allow_world`) None or
    any intracommunicator, taken as a 1-D non-periodic grid of all its ranks.

    Raises TypeError/ValueError naming `who` for anything else.
    """
    if comm is None and allow_world:
        comm = MPI.COMM_WORLD
    if isinstance(comm, MPI.Cartcomm):
        ndim = comm.Get_dim()
        if not 1 <= ndim <= max_dims:
            raise ValueError(
                f"{who}: the Cartcomm has {ndim} dimensions; {who} supports 1 to "
                f"{max_dims} (create it with comm.Create_cart(dims) with len(dims) "
                f"<= {max_dims})")
        dims, periods, coords = comm.Get_topo()
        return Grid(comm, tuple(dims), tuple(coords), tuple(bool(p) for p in periods))
    if allow_world and isinstance(comm, MPI.Intracomm) and comm != MPI.COMM_NULL:
        return Grid(comm, (comm.Get_size(),), (comm.Get_rank(),), (False,))
    need = "an MPI.Cartcomm" + (" or None" if allow_world else "")
    raise TypeError(
        f"{who}: comm must be {need}, got {type(comm).__name__}; make one with "
        "MPI.COMM_WORLD.Create_cart(dims, periods=...)")


def local_slices(global_shape, grid, assignment, coords=None):
    """The slices of the global array held by the rank at `coords` (default:
    this rank), one per axis of `global_shape`."""
    coords = grid.coords if coords is None else coords
    slices = []
    for n, dim in zip(global_shape, assignment):
        if dim is None:
            slices.append(slice(0, n))
        else:
            slices.append(slice(*block_range(n, grid.dims[dim], coords[dim])))
    return tuple(slices)


def local_shape(global_shape, grid, assignment, coords=None):
    return tuple(s.stop - s.start
                 for s in local_slices(global_shape, grid, assignment, coords))


def check_splittable(global_shape, grid, assignment, *, who, space=""):
    """Raise ValueError if a split axis is shorter than its grid dimension
    (some rank would get an empty block). Depends on global data only, so every
    rank raises alike."""
    for axis, (n, dim) in enumerate(zip(global_shape, assignment)):
        if dim is not None and n < grid.dims[dim]:
            raise ValueError(
                f"{who}: global axis {axis}{space} has length {n}, shorter than grid "
                f"dimension {dim} ({grid.dims[dim]} ranks) that splits it; every rank "
                "needs at least one element: use a smaller grid along that dimension")


def collectively(grid, who, check):
    """Run `check()` (local argument checks) on every rank, in one allgather.

    `check()` returns ``(result, must_agree)``, `must_agree` a dict of values
    every rank must pass alike (they decide message sizes and partners). If
    the checks raise on any rank, or some value differs between ranks, every
    rank raises alike, so no rank is left waiting in a later collective.
    Returns `result`. Collective over ``grid.comm`` (trace time).
    """
    try:
        (result, must_agree), error = check(), None
    except (TypeError, ValueError) as e:
        result, must_agree, error = None, None, (type(e), str(e))
    gathered = grid.comm.allgather((error, must_agree))
    failed = [r for r, (e, _) in enumerate(gathered) if e is not None]
    if failed:
        kind, message = gathered[failed[0]][0]
        if len(failed) < len(gathered):
            message = f"{message} (on rank(s) {failed}; passed on the others)"
        raise kind(message)
    for name in must_agree:
        seen = [values[name] for _, values in gathered]
        if any(v != seen[0] for v in seen):
            raise ValueError(f"{who}: {name} differs between ranks ({seen}); every rank "
                             "must pass the same")
    return result


def gather_global_shape(grid, block_shape, assignment, *, who, batch=0):
    """The global shape whose decomposition gives every rank its block.

    Collective over ``grid.comm`` (trace time). Every rank raises the same
    ValueError if any rank's block is not its `np.array_split` block of the
    implied global shape (listing the offending ranks), or is empty along an
    axis after the first `batch` (batch axes may have length 0: there is
    nothing to compute, as for the serial transform of an empty batch).
    """
    shapes = grid.comm.allgather(tuple(int(n) for n in block_shape))
    size = len(shapes)
    coords = [grid.coords_of(r) for r in range(size)]
    global_shape = []
    for axis, dim in enumerate(assignment):
        if dim is None:
            global_shape.append(shapes[0][axis])
            continue
        # Sum the blocks along this grid dimension, at coordinate 0 elsewhere.
        total = 0
        for r in range(size):
            if all(c == 0 for d, c in enumerate(coords[r]) if d != dim):
                total += shapes[r][axis]
        global_shape.append(total)
    global_shape = tuple(global_shape)
    wrong = [r for r in range(size)
             if shapes[r] != local_shape(global_shape, grid, assignment, coords[r])]
    if wrong:
        details = "; ".join(
            f"rank {r} at grid coords {coords[r]} has {shapes[r]}, expected "
            f"{local_shape(global_shape, grid, assignment, coords[r])}" for r in wrong[:4])
        raise ValueError(
            f"{who}: the blocks do not form a decomposition of one global array of "
            f"shape {global_shape} (each rank must hold its np.array_split block): "
            f"{details}")
    empty = [r for r in range(size) if 0 in shapes[r][batch:]]
    if empty:
        raise ValueError(f"{who}: rank(s) {empty} hold an empty block; every rank needs "
                         "at least one element per axis")
    return global_shape


_SUB_KEYVAL = MPI.Comm.Create_keyval()


def sub_comm(grid, dim):
    """The communicator of the ranks that differ from this one only along grid
    dimension `dim` (its rank order is the coordinate along `dim`).

    Collective over ``grid.comm`` the first time for each `dim`; cached on the
    communicator as an MPI attribute, so it lives exactly as long as the grid.
    """
    if grid.ndim == 1:
        return grid.comm
    cache = grid.comm.Get_attr(_SUB_KEYVAL)
    if cache is None:
        cache = {}
        grid.comm.Set_attr(_SUB_KEYVAL, cache)
    if dim not in cache:
        cache[dim] = grid.comm.Sub([d == dim for d in range(grid.ndim)])
    return cache[dim]


def neighbours(grid, dim, periodic):
    """``(lower, upper)`` ranks along `dim` in ``grid.comm``; MPI.PROC_NULL
    past a non-periodic edge."""
    coords = list(grid.coords)
    result = []
    for step in (-1, 1):
        c = coords[dim] + step
        if periodic:
            c %= grid.dims[dim]
        elif not 0 <= c < grid.dims[dim]:
            result.append(MPI.PROC_NULL)
            continue
        other = list(coords)
        other[dim] = c
        result.append(grid.comm.Get_cart_rank(other) if isinstance(grid.comm, MPI.Cartcomm)
                      else c)
    return tuple(result)
