"""ragged_alltoall: an all-to-all whose counts the program computes.

Where `alltoallv` needs its counts at trace time (they fix the result's
shape), here they are an int array known only at run time: a particle code
learns how many particles leave for each rank in the step that moves them.
The result has a static number of rows, ``capacity``; the received rows are
packed at its front in source-rank order, the rest is zero, and the
receive counts come back as a second (traced) result.

Serial equivalent: with ``blocks[r][s]`` the first ``sendcounts[s]`` rows
after the first ``sum(sendcounts[:s])`` rows of rank r's ``x``, rank s's
result is ``concatenate([blocks[0][s], blocks[1][s], ...])`` padded with
zero rows to ``capacity``, and its ``recvcounts[r]`` is ``len(blocks[r][s])``.

The handler (``ragged_alltoall`` in ragged_alltoall.pxi) exchanges the
counts (one MPI_Alltoall), gathers every rank's totals (one MPI_Allgather of
a few numbers) so that all ranks agree on any error or overflow, then moves
the rows with the alltoallv machinery (chunked past ``int`` counts).

Rules: linear in ``x`` for fixed counts. JVP: the same exchange of the
tangent. Transpose: the reverse exchange along the same counts (the
``reverse`` parameter, one handler for both): each received row's
cotangent goes back to the row it came from; rows of ``x`` that were not
sent (past ``sum(sendcounts)``, or dropped by truncation) get zero, and the
padding rows of the result carry none back. The counts have no derivative.
"""

import numpy as np
import jax.numpy as jnp
from jax.interpreters import ad, batching

from mpicoll._src.comms import resolve_comm
from mpicoll._src.config import chunk_bytes_for
from mpicoll._src.jax_internals import zero_tangent
from mpicoll._src.primitive import differentiable, mpi_primitive
from mpicoll._src.validation import as_array, static_int

OVERFLOW = ("raise", "truncate")


def ragged_alltoall(x, sendcounts, capacity, *, comm=None, overflow="raise"):
    """Send a number of rows to every rank that the program computes, inside ``jit``.

    Rank r sends its first ``sendcounts[0]`` rows of ``x`` (slices along
    axis 0) to rank 0, the next ``sendcounts[1]`` rows to rank 1, and so on;
    rows past ``sum(sendcounts)`` stay. Unlike `alltoallv`, the counts may be
    traced values (computed in the same jitted function) and the receiver
    need not know them: the result has ``capacity`` rows, with the received
    ones at the front, from rank 0's first, and zeros after them.

    Args:
      x: array of at least one axis; trailing axes and dtype the same on
        every rank.
      sendcounts: int array of shape ``(comm.Get_size(),)`` (traced or not):
        rows sent to each rank; non-negative, adding up to at most
        ``x.shape[0]``.
      capacity: Python int, the rows of the result (may differ per rank).
      comm: an mpi4py intracommunicator; default ``MPI.COMM_WORLD``.
      overflow: what happens when a rank would receive more than its
        ``capacity`` rows: ``"raise"`` (default): every rank raises, naming
        that rank, the rows it needed and its capacity; ``"truncate"``: each
        rank keeps the first ``capacity`` rows in source order, and
        ``recvcounts`` still says how many rows each rank sent, so the
        program sees ``recvcounts.sum() > capacity`` and can retry with a
        larger capacity (docs/tutorial.md, "Data-dependent exchange").

    Returns:
      ``(y, recvcounts)``: ``y`` of shape ``(capacity,) + x.shape[1:]``, and
      ``recvcounts``, an int array of shape ``(comm.Get_size(),)`` (int64
      for int64 ``sendcounts``, else int32: other integer counts are taken
      as int32, so pass int64 for more than 2**31 - 1 rows): the rows each
      rank sent to this one.

    Gradients: linear in ``x``; the transpose sends every received row's
    cotangent back to the row of ``x`` it came from (rows not sent get zero;
    padding rows carry nothing back), so JVP and VJP are those of the
    serial equivalent. The counts have no derivative. ``vmap`` over ``x``
    (rows stay axis 0 of the unbatched array) and over ``sendcounts`` (one
    exchange per batch member).

    Raises:
      ValueError: ``x`` a scalar, ``sendcounts`` of the wrong shape, a
        negative ``capacity``, an unknown ``overflow``.
      TypeError: ``sendcounts`` not integers, ``capacity`` not a Python int,
        unsupported dtype, ``comm`` not a communicator.
      At run time, on every rank alike (``jax.errors.JaxRuntimeError``,
      naming the rank): a negative count, counts adding up to more rows
      than ``x`` has, or (``overflow="raise"``) a rank receiving more than
      its capacity. The communicator stays usable.
    """
    comm = resolve_comm(comm)
    x = as_array(x, "x")
    if x.ndim == 0:
        raise ValueError("ragged_alltoall: x must have at least one axis (rows), got a scalar")
    counts = jnp.asarray(sendcounts)
    if not jnp.issubdtype(counts.dtype, jnp.integer):
        raise TypeError(f"ragged_alltoall: sendcounts must be integers, got {counts.dtype}")
    if counts.shape != (comm.size,):
        raise ValueError(f"ragged_alltoall: sendcounts must have shape ({comm.size},), one "
                         f"count per rank, got {counts.shape}")
    if counts.dtype not in (jnp.int32, jnp.int64):
        if jnp.issubdtype(counts.dtype, jnp.unsignedinteger) and counts.dtype.itemsize >= 4:
            # a plain cast would wrap 2**31 and up to negative counts and
            # report those; saturated, they are reported as too many rows
            counts = jnp.minimum(counts, np.iinfo(np.int32).max)
        counts = counts.astype(jnp.int32)
    capacity = static_int(capacity, "capacity",
                          why="It is the number of rows of the result, a shape.")
    if capacity < 0:
        raise ValueError(f"ragged_alltoall: capacity must be >= 0, got {capacity}")
    if overflow not in OVERFLOW:
        raise ValueError(f"ragged_alltoall: overflow must be one of {OVERFLOW}, got {overflow!r}")
    return tuple(ragged_alltoall_p.bind(
        x, counts, rows=x.shape[0], capacity=capacity, reverse=False,
        truncate=overflow == "truncate", comm=comm, chunk_bytes=chunk_bytes_for(x.dtype)))


def _abstract_eval(x, counts, *, rows, capacity, reverse, **_):
    return [x.update(shape=((rows if reverse else capacity),) + x.shape[1:]), counts]


ragged_alltoall_p = mpi_primitive(
    "ragged_alltoall", multiple_results=True, abstract_eval=_abstract_eval,
    ffi_attributes=lambda *, rows, capacity, reverse, truncate, comm, chunk_bytes: dict(
        comm=comm.handle, reverse=int(reverse), truncate=int(truncate),
        chunk_bytes=chunk_bytes))


def _jvp(primals, tangents, **params):
    (x, counts), (t, _) = primals, tangents
    y, recvcounts = ragged_alltoall_p.bind(x, counts, **params)
    if not differentiable(x):
        return [y, recvcounts], [zero_tangent(y), zero_tangent(recvcounts)]
    ty, _ = ragged_alltoall_p.bind(ad.instantiate_zeros(t), counts, **params)
    return [y, recvcounts], [ty, zero_tangent(recvcounts)]


def _transpose(cts, x, counts, *, reverse, **params):
    ct = ad.instantiate_zeros(cts[0])
    back, _ = ragged_alltoall_p.bind(ct, counts, reverse=not reverse, **params)
    return [back, None]


def _batch(args, dims, **params):
    (x, counts), (dx, dc) = args, dims
    if dc is None:
        # rows stay axis 0; the batch axis travels behind them
        x = jnp.moveaxis(x, dx, 1)
        y, recvcounts = ragged_alltoall_p.bind(x, counts, **params)
        return [y, recvcounts], [1, None]
    # one exchange per batch member: its counts are its own
    size = counts.shape[dc]
    counts = jnp.moveaxis(counts, dc, 0)
    x = jnp.moveaxis(x, dx, 0) if dx is not None else \
        jnp.broadcast_to(x, (size,) + x.shape)
    outs = [ragged_alltoall_p.bind(x[b], counts[b], **params) for b in range(size)]
    return [jnp.stack([o[0] for o in outs]), jnp.stack([o[1] for o in outs])], [0, 0]


ad.primitive_jvps[ragged_alltoall_p] = _jvp
ad.primitive_transposes[ragged_alltoall_p] = _transpose
batching.primitive_batchers[ragged_alltoall_p] = _batch

__all__ = ["ragged_alltoall"]
