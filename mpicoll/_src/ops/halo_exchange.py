"""The halo exchange's primitive: one MPI operation that fills a block's halos in place.

`mpicoll.halo.halo_exchange` (``mpicoll/_src/halo.py``) checks the
arguments on every rank and binds this primitive; here are the operation
and its rules.

Serial equivalent, with ``h = widths[i]``, ``n = x.shape[i]`` and
``(lower, upper) = neighbours[i]``: along grid dimension i = 0, 1, ... in
turn, the upper halo ``[n-h, n)`` becomes the upper neighbour's first
interior cells ``[h, 2h)`` and the lower halo ``[0, h)`` the lower
neighbour's last interior cells ``[n-2h, n-h)``; each slab spans the whole
padded extent of every other axis, so halos filled along earlier dimensions
travel on (that fills the corners). Where a neighbour is ``MPI.PROC_NULL``
the halo is left as it is. The handler (``halo_exchange`` in ``halo.pxi``)
sends straight from and into the block with MPI datatypes, and the result
shares the operand's memory (``updated_operand``): a donated or dead block,
or a loop's carry, is updated without any copy; a block that stays live is
copied into a fresh result by the handler first (``fresh_result``).

Rules: linear. The transpose is the adjoint exchange, a second primitive
(`halo_adjoint_p`, handler ``halo_adjoint``), dimension d-1 first: each
halo's cotangent goes back to the neighbour whose cells filled it and is
added there to those cells; halos that were overwritten get zero, halos
left as they were keep theirs. The two primitives are each other's
transpose, so derivatives of any order stay exchanges. Batching: a batch
axis among the trailing axes travels along; one among the grid axes is
moved behind them.
"""

import jax.numpy as jnp

from mpicoll._src.comms import resolve_comm
from mpicoll._src.config import chunk_bytes_for
from mpicoll._src.primitive import linear_rules, mpi_primitive


def exchange(x, widths, neighbours, comm, tag, *, adjoint=False):
    """Fill the halos of `x` (arguments already checked, see `mpicoll.halo`).

    Args:
      x: the rank's padded block; its first ``len(widths)`` axes are split
        over the grid.
      widths: halo width per grid dimension, 0 where nothing is exchanged.
      neighbours: ``(lower, upper)`` ranks per grid dimension (``MPI.PROC_NULL``
        past a non-periodic edge; the rank itself on a periodic dimension of
        size 1).
      comm: the Cartcomm.
      tag: the user tag of dimension 0's messages; dimension i uses
        ``tag + 2 i`` and ``tag + 2 i + 1``.
      adjoint: run the adjoint exchange instead (`halo_adjoint_p`: halos
        added into the neighbours' cells).
    """
    prim = halo_adjoint_p if adjoint else halo_exchange_p
    return prim.bind(x, widths=tuple(widths), neighbours=tuple(neighbours),
                                comm=resolve_comm(comm), tag=tag,
                                chunk_bytes=chunk_bytes_for(x.dtype))


def _attributes(*, widths, neighbours, comm, tag, chunk_bytes):
    return dict(comm=comm.handle, widths=widths,
                neighbours=tuple(rank for pair in neighbours for rank in pair),
                sendtag=tag, chunk_bytes=chunk_bytes)


halo_exchange_p = mpi_primitive(
    "halo_exchange",
    abstract_eval=lambda x, **_: x,
    ffi_attributes=_attributes,
    updated_operand=0,
)

# The adjoint, on the cotangent block in place (handler `halo_adjoint`),
# grid dimension d-1 first: each halo's cotangent is sent back to the
# neighbour whose cells filled it and added to those cells there; a halo
# that was overwritten gets zero, one left as it was (no neighbour) keeps
# its cotangent.
halo_adjoint_p = mpi_primitive(
    "halo_adjoint",
    abstract_eval=lambda x, **_: x,
    ffi_attributes=_attributes,
    updated_operand=0,
)


def _transpose_to(other):
    def transpose(ct, x, **params):
        return [other.bind(ct, **params)]
    return transpose


def _batch_of(prim):
    def batch(args, dims, *, widths, **params):
        (x,), (d,) = args, dims
        grid_axes = len(widths)
        if d < grid_axes:    # the grid's axes come first: put the batch axis behind them
            x, d = jnp.moveaxis(x, d, grid_axes), grid_axes
        return prim.bind(x, widths=widths, **params), d
    return batch


linear_rules(halo_exchange_p, transpose=_transpose_to(halo_adjoint_p),
             batch=_batch_of(halo_exchange_p))
linear_rules(halo_adjoint_p, transpose=_transpose_to(halo_exchange_p),
             batch=_batch_of(halo_adjoint_p))
