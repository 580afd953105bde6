"""alltoallv: alltoall with a different number of rows for every pair of ranks.

Counts are static (known at trace time, as shapes are in JAX), in *rows*:
slices along axis 0. Rank r's input is the concatenation, along axis 0, of
the blocks it sends to ranks 0, 1, ... (``sendcounts[s]`` rows for rank s);
its output is the concatenation of the blocks received from ranks 0, 1, ...
(``recvcounts[s]`` rows from rank s).

Serial equivalent: with ``blocks[r][s]`` the block rank r sends to rank s,
rank s receives ``concatenate([blocks[0][s], blocks[1][s], ...])``.
"""

import jax

from mpicoll._src.comms import resolve_comm
from mpicoll._src.config import chunk_bytes_for
from mpicoll._src.primitive import linear_rules, mpi_primitive
from mpicoll._src.validation import as_array, check_counts, check_rows, NOTSET, reject_token


def alltoallv(x, sendcounts, recvcounts, *, comm=None, token=NOTSET):
    """Exchange blocks of different sizes between all ranks.

    Args:
      x: array of at least one axis; its first ``sendcounts[0]`` rows (slices
        along axis 0) go to rank 0, the next ``sendcounts[1]`` to rank 1, and
        so on. Trailing axes must be the same on every rank.
      sendcounts: sequence of ``comm.Get_size()`` non-negative Python ints,
        rows sent to each rank; ``sum(sendcounts) == x.shape[0]``.
      recvcounts: sequence of ``comm.Get_size()`` non-negative Python ints,
        rows received from each rank. Must match the senders:
        ``recvcounts[s]`` on rank r equals ``sendcounts[r]`` on rank s.
      comm: an mpi4py intracommunicator; default ``MPI.COMM_WORLD``.

    Returns:
      Array of shape ``(sum(recvcounts),) + x.shape[1:]``: the blocks received
      from ranks 0, 1, ... concatenated along axis 0.

    Gradients: linear; the transpose is ``alltoallv`` with send and receive
    counts swapped (each cotangent block goes back to the rank it came from),
    so JVP and VJP are those of the serial equivalent. ``vmap`` over any axis
    (counts stay in rows of the unbatched array).

    Raises:
      ValueError: ``x`` is a scalar, a count list has the wrong length or a
        negative entry, or ``sum(sendcounts) != x.shape[0]``.
      TypeError: counts that are not Python ints (traced values included),
        unsupported dtype, ``comm`` not a communicator.
      Counts that do not match between ranks cannot be seen at trace time:
      a receiver expecting fewer rows than sent gets an MPI truncation error.
    """
    reject_token(token)
    comm = resolve_comm(comm)
    x = as_array(x, "x")
    sendcounts = check_counts(sendcounts, "sendcounts", comm.size)
    recvcounts = check_counts(recvcounts, "recvcounts", comm.size)
    check_rows(x, sum(sendcounts), "x", "sum(sendcounts)")
    return _alltoallv(x, sendcounts, recvcounts, comm)


def _alltoallv(x, sendcounts, recvcounts, comm):
    return alltoallv_p.bind(x, sendcounts=sendcounts, recvcounts=recvcounts, comm=comm,
                            chunk_bytes=chunk_bytes_for(x.dtype))


def _abstract_eval(x, *, recvcounts, **_):
    return x.update(shape=(sum(recvcounts),) + x.shape[1:])


alltoallv_p = mpi_primitive(
    "alltoallv",
    abstract_eval=_abstract_eval,
    ffi_attributes=lambda *, sendcounts, recvcounts, comm, chunk_bytes: dict(
        comm=comm.handle, chunk_bytes=chunk_bytes,
        sendcounts=sendcounts, recvcounts=recvcounts),
)


def _transpose(ct, x, *, sendcounts, recvcounts, **params):
    return [alltoallv_p.bind(ct, sendcounts=recvcounts, recvcounts=sendcounts, **params)]


def _batch(args, dims, **params):
    (x,), (d,) = args, dims
    # Axis 0 must stay the row axis the counts refer to; the batch rides
    # along as axis 1, inside every row.
    x = jax.numpy.moveaxis(x, d, 1)
    return alltoallv_p.bind(x, **params), 1


linear_rules(alltoallv_p, transpose=_transpose, batch=_batch)
