"""alltoall: rank r sends block x[s] to rank s and receives block x[r] of every rank.

Serial equivalent: with ``xs[r]`` rank r's input (shape (P, ...)), rank s gets
``xs[:, s]``, i.e. the global (P, P, ...) array transposed in its first two axes.
"""

import jax.numpy as jnp

from mpicoll._src.comms import resolve_comm
from mpicoll._src.config import chunk_bytes_for
from mpicoll._src.primitive import linear_rules, mpi_primitive
from mpicoll._src.validation import as_array, NOTSET, reject_token


def alltoall(x, *, comm=None, token=NOTSET):
    """Exchange blocks between all ranks: block ``x[s]`` goes to rank ``s``.

    Args:
      x: array whose first axis has length ``comm.Get_size()``; ``x[s]`` is
        the block for rank ``s`` (any trailing shape, any supported dtype).
      comm: an mpi4py intracommunicator; default ``MPI.COMM_WORLD``.

    Returns:
      An array shaped like ``x`` whose ``[s]`` block is the block that rank
      ``s`` addressed to this rank.

    Gradients: alltoall is linear and its own transpose (the cotangent of the
    block received from rank s goes back to rank s), so JVP, VJP and
    ``jax.grad`` of rank-dependent losses are exact. ``vmap`` over any axis.

    Raises:
      ValueError: ``x`` is a scalar or ``x.shape[0] != comm.Get_size()``.
      TypeError: unsupported dtype or ``comm`` not a communicator.
    """
    reject_token(token)
    comm = resolve_comm(comm)
    x = as_array(x, "x")
    if x.ndim == 0 or x.shape[0] != comm.size:
        raise ValueError(
            f"alltoall needs x.shape[0] == comm size ({comm.size}): one block per "
            f"rank; got x.shape = {x.shape}")
    return _alltoall(x, comm)


def _alltoall(x, comm):
    return alltoall_p.bind(x, comm=comm, chunk_bytes=chunk_bytes_for(x.dtype))


alltoall_p = mpi_primitive(
    "alltoall",
    # No in-place variant: MPICH's MPI_IN_PLACE alltoall swaps blocks pairwise
    # through a scratch buffer and measured 3-13x slower than into fresh
    # memory at 1-16 MiB (benchmarks/README.md).
    abstract_eval=lambda x, **_: x,
    ffi_attributes=lambda *, comm, chunk_bytes: dict(comm=comm.handle,
                                                     chunk_bytes=chunk_bytes),
)


def _transpose(ct, x, *, comm, chunk_bytes):
    return [alltoall_p.bind(ct, comm=comm, chunk_bytes=chunk_bytes)]


def _batch(args, dims, *, comm, chunk_bytes):
    (x,), (d,) = args, dims
    # Axis 0 must stay the peer axis; the batch rides along as axis 1, so each
    # peer's block holds that peer's slice of every batch member.
    x = jnp.moveaxis(x, d, 1)
    return alltoall_p.bind(x, comm=comm, chunk_bytes=chunk_bytes), 1


linear_rules(alltoall_p, transpose=_transpose, batch=_batch)
