"""Collectives with a root rank: bcast, reduce, gather, scatter.

Result shapes follow mpi4jax: ``bcast`` returns root's ``x`` everywhere;
``reduce`` returns the reduction on root and ``x`` unchanged elsewhere;
``gather`` returns every rank's ``x`` stacked, shape ``(size, *x.shape)``, on
root and ``x`` unchanged elsewhere; ``scatter`` takes ``(size, *shape)`` on
root (block ``s`` for rank ``s``) and an array of the block's shape elsewhere
(only its shape and dtype matter), and returns each rank's block.

Serial equivalents and transposes (docs/differentiation.md): with ``xs[r]``
rank r's input,

* bcast:   y_r = xs[root]             transpose: reduce(SUM) to root
* reduce:  y_root = sum_s xs[s], y_r = xs[r] otherwise
                                       transpose: bcast of root's cotangent,
                                       plus each non-root's own cotangent
* gather:  y_root = stack(xs), y_r = xs[r] otherwise
                                       transpose: scatter of root's cotangent,
                                       plus each non-root's own cotangent
* scatter: y_r = xs[root][r]           transpose: gather to root (non-root
                                       inputs are templates: zero cotangent)
"""

import jax.numpy as jnp

from mpicoll._src.comms import resolve_comm
from mpicoll._src.config import chunk_bytes_for, get_reduction_blocks
from mpicoll._src.ops.allreduce import SUM, _allreduce, reduced, reduction_tangent
from mpicoll._src.primitive import (differentiable, elementwise_batch, linear_rules,
                                    mpi_primitive, rank_select, reduction_rules,
                                    root_sends_rules)
from mpicoll._src.validation import as_array, check_op, check_root, NOTSET, reject_token


def _attributes(*, comm, root, chunk_bytes, op=None, kind=None, blocks=None):
    attrs = dict(comm=comm.handle, root=root, chunk_bytes=chunk_bytes)
    if op is not None:
        attrs["op"] = op
    if blocks is not None:   # reduce (reductions.pxi)
        attrs["blocks"] = int(blocks)
    if kind is not None:     # the ops root sends with: bcast, scatter
        attrs["kind"] = kind
    return attrs



def _on_root(comm, root, on_root, elsewhere):
    """Choose by this rank's role; the rank is known when tracing. For
    values computed by collectives use `rank_select`, which keeps the other
    one in the program."""
    return on_root if comm.rank == root else elsewhere


# --------------------------------------------------------------------- bcast

def bcast(x, root, *, comm=None, token=NOTSET):
    """Broadcast root's ``x`` to every rank of ``comm``.

    Args:
      x: on root, the array to send; on the other ranks an array of the same
        shape and dtype (its values are not used).
      root: the rank that sends (a Python int).
      comm: an mpi4py intracommunicator; default ``MPI.COMM_WORLD``.

    Returns:
      Root's ``x``, on every rank.

    Gradients: linear. The transpose sums every rank's cotangent onto root
    (``reduce(SUM)``); non-root inputs get zero cotangent. Non-root ``x`` is
    only a template, and all ranks must agree whether they differentiate:
    if root's ``x`` carries a derivative, so must every template (e.g.
    ``jnp.zeros(n) + 0 * w``), see docs/differentiation.md "Receive-side
    templates". ``vmap``: every rank must batch ``x`` the same way.

    Raises:
      ValueError: ``root`` is not a rank of ``comm``.
      jax.errors.JaxRuntimeError: when run, if root differentiates and some template
        does not (on every rank), or a template does and root does not (on
        that rank).
      TypeError: ``root`` not a Python int (or traced), unsupported dtype,
        ``comm`` not a communicator.
      RuntimeError: a ``token`` argument (ordering is automatic).
    """
    reject_token(token)
    comm = resolve_comm(comm)
    x = as_array(x, "x")
    root = check_root(root, comm)
    return bcast_p.bind(x, root=root, comm=comm, chunk_bytes=chunk_bytes_for(x.dtype), kind=0)


bcast_p = mpi_primitive("bcast", abstract_eval=lambda x, **_: x, ffi_attributes=_attributes,
                        reusable_operand=0)


def _bcast_transpose(ct, x, *, root, comm, chunk_bytes, kind):
    total = reduce_p.bind(ct, op=SUM, root=root, comm=comm, chunk_bytes=chunk_bytes,
                          blocks=get_reduction_blocks())
    return [rank_select(comm.rank == root, total, jnp.zeros_like(ct))]


root_sends_rules(bcast_p, transpose=_bcast_transpose, batch=elementwise_batch(bcast_p))


# -------------------------------------------------------------------- reduce

def reduce(x, op, root, *, comm=None, token=NOTSET):
    """Reduce ``x`` elementwise over all ranks onto ``root``.

    Args:
      x: array (any shape) of a supported dtype.
      op: an mpi4py reduction (``MPI.SUM``, ``PROD``, ``MIN``, ``MAX``,
        ``LAND``, ``LOR``, ``LXOR``, ``BAND``, ``BOR``, ``BXOR``) defined for
        the dtype.
      root: the rank that receives the result (a Python int).
      comm: an mpi4py intracommunicator; default ``MPI.COMM_WORLD``.

    Returns:
      On root, the reduction of all ranks' ``x``; on other ranks, ``x``
      unchanged (as mpi4jax).

    Messages of 1 MiB or more per MPI call are reduced by blocks (a
    reduce-scatter, then a gather to root: faster than MPICH's reduce, see
    docs/performance.md); root gets ``allreduce``'s bits.
    ``set_reduction_blocks(False)`` makes every message one ``MPI_Reduce``,
    with its bits.

    Gradients (serial equivalence): SUM is linear; its transpose broadcasts
    root's cotangent to every rank (and each non-root rank adds its own,
    since its result is its input). MIN/MAX/PROD follow ``allreduce``'s rules
    on root (ties share the tangent equally; zeros exact). Integer inputs
    have zero gradient. ``vmap`` over any axis.

    Raises:
      ValueError: ``root`` out of range; ``op`` not a predefined reduction.
      TypeError: ``op`` not defined for the dtype, ``root`` not an int,
        unsupported dtype, ``comm`` not a communicator.
      RuntimeError: a ``token`` argument.
    """
    reject_token(token)
    comm = resolve_comm(comm)
    x = as_array(x, "x")
    code = check_op(op, x.dtype)
    root = check_root(root, comm)
    y = reduced(reduce_p, x, code, root=root, comm=comm, blocks=get_reduction_blocks())
    if differentiable(x):
        return y
    # Other ranks get their x unchanged, also where `reduced` normalised it
    # (logical ops on integers). No derivatives here, so a rank-dependent
    # choice cannot unbalance derivative communication.
    return _on_root(comm, root, y, x)


reduce_p = mpi_primitive("reduce", abstract_eval=lambda x, **_: x, ffi_attributes=_attributes,
                         reusable_operand=0)


def _reduce_tangent(x, t, y, *, op, root, comm, chunk_bytes, blocks):
    full = reduction_tangent(x, t, _allreduce(x, op, comm), op, comm)
    return rank_select(comm.rank == root, full, t)


def _reduce_transpose(ct, x, *, op, root, comm, chunk_bytes, blocks):
    from_root = bcast_p.bind(ct, root=root, comm=comm, chunk_bytes=chunk_bytes, kind=0)
    return [_on_root(comm, root, from_root, from_root + ct)]


reduction_rules(reduce_p, sum_code=SUM, nonlinear_tangent=_reduce_tangent,
                transpose=_reduce_transpose, batch=elementwise_batch(reduce_p))


# -------------------------------------------------------------------- gather

def gather(x, root, *, comm=None, token=NOTSET):
    """Collect every rank's ``x`` on ``root``, stacked along a new first axis.

    Args:
      x: array (any shape, the same on every rank).
      root: the rank that receives (a Python int).
      comm: an mpi4py intracommunicator; default ``MPI.COMM_WORLD``.

    Returns:
      On root, shape ``(size, *x.shape)`` with rank s's ``x`` at ``[s]``; on
      other ranks ``x`` unchanged (as mpi4jax).

    Gradients: linear; the transpose scatters root's cotangent back (block s
    to rank s), and a non-root rank adds its own cotangent (its result is
    its input). ``vmap`` over any axis.

    Raises:
      ValueError/TypeError: as ``bcast``.
      RuntimeError: a ``token`` argument.
    """
    reject_token(token)
    comm = resolve_comm(comm)
    x = as_array(x, "x")
    root = check_root(root, comm)
    return gather_p.bind(x, root=root, comm=comm, chunk_bytes=chunk_bytes_for(x.dtype))


def _gather_shape(x, *, root, comm, **_):
    return x.update(shape=_on_root(comm, root, (comm.size,) + x.shape, x.shape))


gather_p = mpi_primitive("gather", abstract_eval=_gather_shape, ffi_attributes=_attributes,
                         reusable_operand=0)      # off root the result is x


def _gather_transpose(ct, x, *, root, comm, chunk_bytes):
    mine = scatter_p.bind(ct, root=root, comm=comm, chunk_bytes=chunk_bytes, kind=0)
    return [_on_root(comm, root, mine, mine + ct)]


def _gather_batch(args, dims, **params):
    (x,), (d,) = args, dims
    out = gather_p.bind(x, **params)
    return out, _on_root(params["comm"], params["root"], d + 1, d)


linear_rules(gather_p, transpose=_gather_transpose, batch=_gather_batch)


# ------------------------------------------------------------------- scatter

def scatter(x, root, *, comm=None, token=NOTSET):
    """Send block ``x[s]`` of root's ``x`` to rank ``s``.

    Args:
      x: on root, shape ``(size, *shape)``; on other ranks an array of shape
        ``shape`` and the same dtype (values not used), as mpi4jax.
      root: the rank that sends (a Python int).
      comm: an mpi4py intracommunicator; default ``MPI.COMM_WORLD``.

    Returns:
      This rank's block, shape ``shape``.

    Gradients: linear; the transpose gathers the cotangents onto root (the
    cotangent of root's ``x``); non-root templates get zero cotangent, and
    they must carry a derivative wherever root's ``x`` does, as for
    ``bcast`` (docs/differentiation.md "Receive-side templates").
    ``vmap``: every rank batches ``x``.

    Raises:
      ValueError: on root, ``x.shape[0] != size``; ``root`` out of range.
      TypeError: as ``bcast``.
      jax.errors.JaxRuntimeError: templates that disagree with root, as ``bcast``.
      RuntimeError: a ``token`` argument.
    """
    reject_token(token)
    comm = resolve_comm(comm)
    x = as_array(x, "x")
    root = check_root(root, comm)
    if comm.rank == root and (x.ndim == 0 or x.shape[0] != comm.size):
        raise ValueError(f"scatter: on root, x.shape[0] must be the communicator size "
                         f"({comm.size}), one block per rank; got x.shape = {x.shape}")
    return scatter_p.bind(x, root=root, comm=comm, chunk_bytes=chunk_bytes_for(x.dtype), kind=0)


def _scatter_shape(x, *, root, comm, **_):
    return x.update(shape=_on_root(comm, root, x.shape[1:], x.shape))


scatter_p = mpi_primitive("scatter", abstract_eval=_scatter_shape, ffi_attributes=_attributes)


def _scatter_transpose(ct, x, *, root, comm, chunk_bytes, kind):
    stacked = gather_p.bind(ct, root=root, comm=comm, chunk_bytes=chunk_bytes)
    return [rank_select(comm.rank == root, stacked, jnp.zeros_like(ct))]


def _scatter_batch(args, dims, **params):
    (x,), (d,) = args, dims
    # root keeps axis 0 as the block axis and carries the batch inside each
    # block; other ranks' templates put it in front: both receive (B, *shape)
    d_new = _on_root(params["comm"], params["root"], 1, 0)
    return scatter_p.bind(jnp.moveaxis(x, d, d_new), **params), 0


root_sends_rules(scatter_p, transpose=_scatter_transpose, batch=_scatter_batch)
