"""redistribute: gather one axis of a distributed array while splitting another.

The "global transpose" of distributed FFTs and of any solver that changes
which axis is local: before, every rank holds its block of `concat_axis` and
all of `split_axis`; after, every rank holds all of `concat_axis` and its
block of `split_axis`. One MPI_Alltoallw whose datatypes are subarrays of
the input and of the result (the idea of Dalcin, Mortensen & Keyes, 2019,
behind mpi4py-fft): MPI copies the strided pieces itself, so no packed copy
of the array is made, unlike ``alltoallv`` on a concatenation of slices.

Serial equivalent: with ``g`` the global array (the ranks' blocks
concatenated along `concat_axis`), rank r gets
``np.array_split(g, P, axis=split_axis)[r]`` (or the blocks given by
``split_sizes``).
"""

from mpicoll._src import decomposition
from mpicoll._src.comms import resolve_comm
from mpicoll._src.config import chunk_bytes_for
from mpicoll._src.primitive import linear_rules, mpi_primitive
from mpicoll._src.validation import as_array, check_counts, static_int


def redistribute(x, split_axis, concat_axis, *, concat_sizes=None, split_sizes=None,
                 comm=None):
    """Gather `concat_axis` and split `split_axis` among the ranks.

    Args:
      x: this rank's block: along ``concat_axis`` it holds its part of the
        global axis (``concat_sizes[rank]`` long), along ``split_axis`` the
        whole axis (the same length on every rank). Every other axis must be
        the same on every rank.
      split_axis, concat_axis: two different axes of ``x`` (Python ints,
        negative ones count from the end).
      concat_sizes: the lengths of every rank's block along ``concat_axis``,
        one Python int per rank, the same on every rank; default: every
        rank's block is as long as this one's.
      split_sizes: how ``split_axis`` is divided, one Python int per rank,
        summing to its length; default ``np.array_split``'s blocks (as even
        as possible, lower ranks get the extra element).
      comm: an mpi4py intracommunicator; default ``MPI.COMM_WORLD``.

    Returns:
      This rank's block of the result: ``x.shape`` with ``concat_axis`` of
      length ``sum(concat_sizes)`` (the ranks' blocks in rank order) and
      ``split_axis`` of length ``split_sizes[rank]``.

    Gradients: linear; the transpose is the reverse redistribution (the
    axes' roles and the two size lists swapped), so JVP and VJP are those of
    the serial equivalent. ``vmap`` over any axis (it travels along).

    Raises:
      ValueError: equal or out-of-range axes, a size list of the wrong
        length or with negative entries, ``x.shape[concat_axis] !=
        concat_sizes[rank]``, split sizes that do not sum to
        ``x.shape[split_axis]``.
      TypeError: sizes or axes that are not Python ints, ``comm`` not a
        communicator.
      Blocks whose other axes differ between ranks cannot be seen at trace
      time: MPI then reports a truncation error.
    """
    comm = resolve_comm(comm)
    x = as_array(x, "x")
    split_axis = _axis(split_axis, x.ndim, "split_axis")
    concat_axis = _axis(concat_axis, x.ndim, "concat_axis")
    if split_axis == concat_axis:
        raise ValueError(f"redistribute: split_axis and concat_axis must differ, both are "
                         f"axis {split_axis} of x (shape {x.shape})")
    if concat_sizes is None:
        concat_sizes = (x.shape[concat_axis],) * comm.size
    concat_sizes = check_counts(concat_sizes, "concat_sizes", comm.size)
    if x.shape[concat_axis] != concat_sizes[comm.rank]:
        raise ValueError(f"redistribute: x.shape[{concat_axis}] = {x.shape[concat_axis]} must "
                         f"equal concat_sizes[{comm.rank}] = {concat_sizes[comm.rank]} "
                         f"(this rank's block of the concatenated axis)")
    length = x.shape[split_axis]
    if split_sizes is None:
        split_sizes = decomposition.block_sizes(length, comm.size)
    split_sizes = check_counts(split_sizes, "split_sizes", comm.size)
    if sum(split_sizes) != length:
        raise ValueError(f"redistribute: split_sizes {split_sizes} must sum to "
                         f"x.shape[{split_axis}] = {length}")
    return redistribute_p.bind(x, split_axis=split_axis, concat_axis=concat_axis,
                               split_sizes=split_sizes, concat_sizes=concat_sizes,
                               comm=comm, chunk_bytes=chunk_bytes_for(x.dtype))


def _axis(axis, ndim, name):
    axis = static_int(axis, name, why="Axes decide the result's shape.")
    if not -ndim <= axis < ndim:
        raise ValueError(f"redistribute: {name} = {axis} is out of range for an array "
                         f"with {ndim} axes")
    return axis % ndim


def _abstract_eval(x, *, split_axis, concat_axis, split_sizes, concat_sizes, comm, **_):
    shape = list(x.shape)
    shape[split_axis] = split_sizes[comm.rank]
    shape[concat_axis] = sum(concat_sizes)
    return x.update(shape=tuple(shape))


redistribute_p = mpi_primitive(
    "redistribute",
    abstract_eval=_abstract_eval,
    ffi_attributes=lambda *, split_axis, concat_axis, split_sizes, concat_sizes, comm,
    chunk_bytes: dict(comm=comm.handle, chunk_bytes=chunk_bytes, split_axis=split_axis,
                      concat_axis=concat_axis, sendcounts=split_sizes,
                      recvcounts=concat_sizes),
)


def _transpose(ct, x, *, split_axis, concat_axis, split_sizes, concat_sizes, **params):
    return [redistribute_p.bind(ct, split_axis=concat_axis, concat_axis=split_axis,
                                split_sizes=concat_sizes, concat_sizes=split_sizes, **params)]


def _batch(args, dims, *, split_axis, concat_axis, **params):
    (x,), (d,) = args, dims      # the batch axis travels along where it is

    def shifted(axis):
        return axis if axis < d else axis + 1

    return redistribute_p.bind(x, split_axis=shifted(split_axis),
                               concat_axis=shifted(concat_axis), **params), d


linear_rules(redistribute_p, transpose=_transpose, batch=_batch)
