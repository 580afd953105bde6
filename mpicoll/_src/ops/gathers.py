"""allgather and reduce_scatter (each other's transpose), and the
variable-size gathers: allgatherv, gatherv, scatterv.

Serial equivalents, with ``xs[r]`` rank r's input:

* allgather:      y_r = stack(xs)                      (every rank)
* reduce_scatter: y_r = op(xs, axis=0)[r]   (x.shape[0] == size; block r)
* allgatherv:     y_r = concatenate(xs)     (rank s has counts[s] rows)
* gatherv:        y_root = concatenate(xs), y_r = xs[r] elsewhere
* scatterv:       y_r = rows of xs[root] from sum(counts[:r]), counts[r] of them

Counts are static Python ints, one per rank, in rows (slices along axis 0),
as in ``alltoallv``. Transposes: allgather <-> reduce_scatter(SUM),
gatherv <-> scatterv; allgatherv's is an alltoallv that returns each rank's
rows from every rank, summed.
"""

import jax.numpy as jnp

from mpicoll._src.comms import resolve_comm
from mpicoll._src.config import chunk_bytes_for
from mpicoll._src.ops.allreduce import SUM, _allreduce, reduced, reduction_tangent
from mpicoll._src.ops.alltoallv import alltoallv_p
from mpicoll._src.primitive import (linear_rules, mpi_primitive, reduction_rules,
                                    rank_select, root_sends_rules)
from mpicoll._src.validation import (as_array, check_counts, check_op, check_root, check_rows,
                                     NOTSET, reject_token)


def _plain(*, comm, chunk_bytes, op=None):
    attrs = dict(comm=comm.handle, chunk_bytes=chunk_bytes)
    if op is not None:
        attrs["op"] = op
    return attrs


# ----------------------------------------------------------------- allgather

def allgather(x, *, comm=None, token=NOTSET):
    """Every rank gets every rank's ``x``, stacked along a new first axis.

    Args:
      x: array (any shape, the same on every rank).
      comm: an mpi4py intracommunicator; default ``MPI.COMM_WORLD``.

    Returns:
      Shape ``(size, *x.shape)``; ``[s]`` is rank s's ``x``.

    Gradients: linear; the transpose is ``reduce_scatter(SUM)``: rank s's
    input gets the sum over ranks of the cotangent block ``[s]``. ``vmap``
    over any axis.

    Raises:
      TypeError: unsupported dtype, ``comm`` not a communicator.
      RuntimeError: a ``token`` argument.
    """
    reject_token(token)
    comm = resolve_comm(comm)
    x = as_array(x, "x")
    return allgather_p.bind(x, comm=comm, chunk_bytes=chunk_bytes_for(x.dtype))


allgather_p = mpi_primitive(
    "allgather", ffi_attributes=_plain,
    abstract_eval=lambda x, *, comm, **_: x.update(shape=(comm.size,) + x.shape))


def _allgather_transpose(ct, x, **params):
    return [reduce_scatter_p.bind(ct, op=SUM, **params)]


def _allgather_batch(args, dims, **params):
    (x,), (d,) = args, dims
    return allgather_p.bind(x, **params), d + 1


linear_rules(allgather_p, transpose=_allgather_transpose, batch=_allgather_batch)


# ------------------------------------------------------------ reduce_scatter

def reduce_scatter(x, op, *, comm=None, token=NOTSET):
    """Reduce ``x`` elementwise over all ranks; rank r keeps block ``r``.

    Args:
      x: array with ``x.shape[0] == size``: block ``x[s]`` is this rank's
        contribution to rank s's result.
      op: an mpi4py reduction defined for the dtype (see ``allreduce``).
      comm: an mpi4py intracommunicator; default ``MPI.COMM_WORLD``.

    Returns:
      Shape ``x.shape[1:]``: block r of the reduction of all ranks' ``x``
      (``MPI_Reduce_scatter_block``).

    Gradients: SUM is linear and its transpose is ``allgather``. MIN/MAX/PROD
    as ``allreduce`` (ties shared equally, zeros exact). Integer inputs have
    zero gradient. ``vmap`` over any axis.

    Raises:
      ValueError: ``x.shape[0] != size``; ``op`` not a predefined reduction.
      TypeError: as ``allreduce``.
      RuntimeError: a ``token`` argument.
    """
    reject_token(token)
    comm = resolve_comm(comm)
    x = as_array(x, "x")
    code = check_op(op, x.dtype)
    if x.ndim == 0 or x.shape[0] != comm.size:
        raise ValueError(f"reduce_scatter needs x.shape[0] == comm size ({comm.size}): one "
                         f"block per rank; got x.shape = {x.shape}")
    return reduced(reduce_scatter_p, x, code, comm=comm)


reduce_scatter_p = mpi_primitive(
    "reduce_scatter", ffi_attributes=_plain,
    abstract_eval=lambda x, **_: x.update(shape=x.shape[1:]))


def _reduce_scatter_tangent(x, t, y, *, op, comm, chunk_bytes):
    return reduction_tangent(x, t, _allreduce(x, op, comm), op, comm)[comm.rank]


def _reduce_scatter_batch(args, dims, **params):
    (x,), (d,) = args, dims
    # axis 0 stays the block axis; the batch rides inside each block
    return reduce_scatter_p.bind(jnp.moveaxis(x, d, 1), **params), 0


reduction_rules(reduce_scatter_p, sum_code=SUM, nonlinear_tangent=_reduce_scatter_tangent,
                transpose=lambda ct, x, **params: [
                    allgather_p.bind(ct, comm=params["comm"],
                                     chunk_bytes=params["chunk_bytes"])],
                batch=_reduce_scatter_batch)


# --------------------------------------------------- variable-size gathers

def _counted(*, counts, comm, chunk_bytes, root=None, kind=None):
    attrs = dict(comm=comm.handle, chunk_bytes=chunk_bytes, counts=counts)
    if root is not None:
        attrs["root"] = root
    if kind is not None:     # scatterv: see primitive.root_sends_rules
        attrs["kind"] = kind
    return attrs


def _rows(x, n):
    return x.update(shape=(n,) + x.shape[1:])


def _row_batch(prim):
    """Counts are rows of axis 0: the batch rides along as axis 1."""
    def batch(args, dims, **params):
        (x,), (d,) = args, dims
        return prim.bind(jnp.moveaxis(x, d, 1), **params), 1
    return batch


def allgatherv(x, counts, *, comm=None):
    """Every rank gets all ranks' rows concatenated; rank s contributes ``counts[s]`` rows.

    Args:
      x: array with ``x.shape[0] == counts[rank]``; trailing axes the same on
        every rank.
      counts: one non-negative Python int per rank: the rows each rank has.
      comm: an mpi4py intracommunicator; default ``MPI.COMM_WORLD``.

    Returns:
      Shape ``(sum(counts), *x.shape[1:])``: rank 0's rows, then rank 1's, ...

    Gradients: linear; the transpose sums, over ranks, the cotangent rows
    that came from this rank (an ``alltoallv``). ``vmap`` over any axis.

    Raises:
      ValueError: counts of the wrong length or negative; ``x.shape[0] !=
        counts[rank]``.
      TypeError: counts not Python ints (or traced), unsupported dtype,
        ``comm`` not a communicator.
      Counts that differ between ranks cannot be seen at trace time: MPI
      then reports a truncation error.
    """
    comm = resolve_comm(comm)
    x = as_array(x, "x")
    counts = check_counts(counts, "counts", comm.size)
    check_rows(x, counts[comm.rank], "x", "counts[rank]")
    return allgatherv_p.bind(x, counts=counts, comm=comm, chunk_bytes=chunk_bytes_for(x.dtype))


allgatherv_p = mpi_primitive(
    "allgatherv", ffi_attributes=_counted,
    abstract_eval=lambda x, *, counts, **_: _rows(x, sum(counts)))


def _allgatherv_transpose(ct, x, *, counts, comm, chunk_bytes):
    mine = counts[comm.rank]
    back = alltoallv_p.bind(ct, sendcounts=counts, recvcounts=(mine,) * comm.size, comm=comm,
                            chunk_bytes=chunk_bytes)
    return [back.reshape((comm.size, mine) + ct.shape[1:]).sum(axis=0)]


linear_rules(allgatherv_p, transpose=_allgatherv_transpose, batch=_row_batch(allgatherv_p))


def gatherv(x, counts, root, *, comm=None):
    """Collect all ranks' rows on ``root``; rank s contributes ``counts[s]`` rows.

    Args:
      x: array with ``x.shape[0] == counts[rank]``.
      counts: one non-negative Python int per rank.
      root: the rank that receives (a Python int).
      comm: an mpi4py intracommunicator; default ``MPI.COMM_WORLD``.

    Returns:
      On root, shape ``(sum(counts), *x.shape[1:])``; elsewhere ``x`` unchanged.

    Gradients: linear; the transpose is ``scatterv`` of root's cotangent
    (plus, off root, the rank's own cotangent). ``vmap`` over any axis.

    Raises:
      As ``allgatherv``, and ValueError for ``root`` out of range.
    """
    comm = resolve_comm(comm)
    x = as_array(x, "x")
    counts = check_counts(counts, "counts", comm.size)
    root = check_root(root, comm)
    check_rows(x, counts[comm.rank], "x", "counts[rank]")
    return gatherv_p.bind(x, counts=counts, root=root, comm=comm,
                          chunk_bytes=chunk_bytes_for(x.dtype))


gatherv_p = mpi_primitive(
    "gatherv", ffi_attributes=_counted, reusable_operand=0,    # off root the result is x
    abstract_eval=lambda x, *, counts, root, comm, **_: (
        _rows(x, sum(counts)) if comm.rank == root else x))


def _gatherv_transpose(ct, x, **params):
    mine = scatterv_p.bind(ct, **params, kind=0)
    return [mine if params["comm"].rank == params["root"] else mine + ct]


linear_rules(gatherv_p, transpose=_gatherv_transpose, batch=_row_batch(gatherv_p))


def scatterv(x, counts, root, *, comm=None):
    """Send ``counts[s]`` consecutive rows of root's ``x`` to rank ``s``.

    Args:
      x: on root, ``sum(counts)`` rows (rank 0's first); elsewhere an array
        of this rank's block shape, ``(counts[rank], *trailing)`` (values not
        used), as ``scatter``.
      counts: one non-negative Python int per rank.
      root: the rank that sends (a Python int).
      comm: an mpi4py intracommunicator; default ``MPI.COMM_WORLD``.

    Returns:
      This rank's ``counts[rank]`` rows.

    Gradients: linear; the transpose is ``gatherv`` onto root; non-root
    templates get zero cotangent, and must carry a derivative wherever
    root's ``x`` does, as for ``bcast``. ``vmap`` over any axis (on every
    rank).

    Raises:
      As ``gatherv``; jax.errors.JaxRuntimeError for templates that disagree with root,
      as ``bcast``.
    """
    comm = resolve_comm(comm)
    x = as_array(x, "x")
    counts = check_counts(counts, "counts", comm.size)
    root = check_root(root, comm)
    if comm.rank == root:
        check_rows(x, sum(counts), "x", "sum(counts) on root")
    else:
        check_rows(x, counts[comm.rank], "x", "counts[rank]")
    return scatterv_p.bind(x, counts=counts, root=root, comm=comm,
                           chunk_bytes=chunk_bytes_for(x.dtype), kind=0)


scatterv_p = mpi_primitive(
    "scatterv", ffi_attributes=_counted,
    abstract_eval=lambda x, *, counts, comm, **_: _rows(x, counts[comm.rank]))


def _scatterv_transpose(ct, x, *, kind, **params):
    stacked = gatherv_p.bind(ct, **params)
    return [rank_select(params["comm"].rank == params["root"], stacked, jnp.zeros_like(ct))]


root_sends_rules(scatterv_p, transpose=_scatterv_transpose, batch=_row_batch(scatterv_p))
