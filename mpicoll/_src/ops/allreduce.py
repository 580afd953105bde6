"""allreduce: combine every rank's array elementwise; all ranks get the result.

Serial equivalent (docs/design.md §2 Gradients): with ``xs`` the stack of all ranks'
inputs, every rank gets ``reduce(xs, axis=0)``, e.g. ``xs.sum(0)`` for SUM.
"""

import functools

import jax
import jax.numpy as jnp
from mpi4py import MPI  # noqa: F401  (doctest names)

from mpicoll._src.comms import resolve_comm
from mpicoll._src.config import chunk_bytes_for, computed_in, get_reduction_blocks
from mpicoll._src.ops.alltoall import _alltoall
from mpicoll._src.primitive import elementwise_batch, mpi_primitive, reduction_rules
from mpicoll._src.validation import OP_CODES, as_array, check_op, NOTSET, reject_token

SUM, PROD, MIN, MAX = (OP_CODES[name] for name in ("SUM", "PROD", "MIN", "MAX"))
LOGICAL = tuple(OP_CODES[name] for name in ("LAND", "LOR", "LXOR"))


def allreduce(x, op, *, comm=None, token=NOTSET):
    """Reduce ``x`` elementwise over all ranks of ``comm``; every rank gets the result.

    Args:
      x: array (any shape, including scalars and 0-size) of a supported dtype.
      op: an mpi4py reduction: ``MPI.SUM``, ``PROD``, ``MIN``, ``MAX``,
        ``LAND``, ``LOR``, ``LXOR``, ``BAND``, ``BOR`` or ``BXOR``, where MPI
        defines it for the dtype.
      comm: an mpi4py intracommunicator; default ``MPI.COMM_WORLD``.

    Returns:
      An array like ``x`` holding the reduction of all ranks' ``x``, the same
      bits on every rank.

    Messages of 1-32 MiB per MPI call are reduced by blocks (a reduce-scatter,
    then an allgather), which keeps MPI's temporary memory small (faster with
    fresh result memory, docs/performance.md); at three or more ranks this
    adds floating-point values in another order than one ``MPI_Allreduce``
    would, so the last bits can differ from it. ``set_reduction_blocks(False)``
    makes every message one ``MPI_Allreduce``, with its bits. Donating ``x``
    does not change the result.

    Gradients (serial equivalence, see docs/differentiation.md): SUM is linear
    and its transpose is again an allreduce(SUM), so ``jax.grad`` of a loss
    summed over ranks is exact even when the loss differs between ranks.
    MIN/MAX pass the tangent of the rank(s) holding the extreme value; ties
    share it equally (as ``jnp.min``/``jnp.max`` do). PROD uses the product
    of the other ranks' values, exact also when some values are zero.
    Integer and boolean inputs have zero gradient.

    float16/bfloat16 SUM and PROD are computed in float32 and rounded once
    (exact partial sums: the result does not depend on the number of ranks
    or MPI's reduction tree, unless partial results leave float32's range
    or precision, as a bfloat16 sum near its largest value can); MIN/MAX
    are exact. MIN/MAX of floating-point values give NaN wherever a rank
    holds one (as ``jnp.max``), and MAX of 0.0 and -0.0 is 0.0, MIN -0.0, so
    every rank gets the same bits: MPI's own MAX/MIN keep whichever operand
    comes first there and MPI orders them differently on different ranks,
    so mpicoll reduces floats with MIN/MAX operations of its own (on a GPU
    they run on the host: such calls stage, docs/gpu.md).

    Raises:
      TypeError: ``x`` has an unsupported dtype, ``op`` is not an MPI.Op or
        not defined for the dtype, ``comm`` is not a communicator.
      ValueError: ``op`` is not a predefined reduction; ``comm`` is
        COMM_NULL or an intercommunicator.
    """
    reject_token(token)
    comm = resolve_comm(comm)
    x = as_array(x, "x")
    return reduced(allreduce_p, x, check_op(op, x.dtype), comm=comm,
                   blocks=get_reduction_blocks())


HALF = (jnp.float16, jnp.bfloat16)


def reduced(prim, x, code, **params):
    """Bind reduction primitive `prim` on `x` with reduction `code`: the one
    place for what every reduction collective (allreduce, reduce, scan,
    exscan, reduce_scatter) does to its operand.

    * Logical ops on integers: the operand becomes 0/1 first. MPI returns 0/1
      for them, except that a single-rank MPI_Allreduce copies its input
      untouched; normalising makes the result independent of the
      communicator size.
    * float16/bfloat16 SUM and PROD are computed in float32 and rounded to
      the 16-bit type once, at the end. MPI applies the operation pairwise
      along its reduction tree; with 16-bit partial results the answer would
      depend on the number of ranks and the tree (bfloat16 SUM of four
      values: -316 where the once-rounded sum is -314). In float32 the
      partial sums of a few 16-bit values are exact. MIN and MAX are exact
      in any precision and stay 16-bit. Derivatives pass through the casts.
    """
    if code in LOGICAL and x.dtype != jnp.bool_:
        x = (x != 0).astype(x.dtype)
    if x.dtype in HALF and code in (SUM, PROD):
        with computed_in(x.dtype):
            wide = prim.bind(x.astype(jnp.float32), op=code,
                             chunk_bytes=chunk_bytes_for(jnp.dtype(jnp.float32)), **params)
        return wide.astype(x.dtype)
    return prim.bind(x, op=code, chunk_bytes=chunk_bytes_for(x.dtype), **params)


def _allreduce(x, op, comm):
    return allreduce_p.bind(x, op=op, comm=comm, chunk_bytes=chunk_bytes_for(x.dtype),
                            blocks=get_reduction_blocks())


allreduce_p = mpi_primitive(
    "allreduce",
    reusable_operand=0,      # MPI_IN_PLACE
    abstract_eval=lambda x, **_: x,
    ffi_attributes=lambda *, op, comm, chunk_bytes, blocks: dict(
        comm=comm.handle, op=op, chunk_bytes=chunk_bytes, blocks=int(blocks)),
)


def reduction_tangent(x, t, y, op, comm):
    """The tangent of ``allreduce(x, op)`` for MIN, MAX and PROD, given its
    value ``y``: the rule every reduction collective (reduce, reduce_scatter)
    builds on. Every rank takes part in the same allreduce calls.

    MIN/MAX: the tangent of the rank(s) holding the extreme value; ties share
    it equally (as ``jnp.min``/``jnp.max`` do). PROD: the sum over ranks of
    the product of the other ranks' values times the tangent, exact when
    zeros occur (also at higher orders, see `_product_of_others`).
    """
    if op in (MIN, MAX):
        winner = x == y
        count = _allreduce(winner.astype(x.dtype), SUM, comm)
        return _allreduce(jnp.where(winner, t, 0), SUM, comm) / count
    if op == PROD:
        return _allreduce(_product_of_others(x, comm) * t, SUM, comm)
    raise AssertionError(op)   # logical and bitwise ops exist only for integers


@functools.partial(jax.custom_jvp, nondiff_argnums=(1,))
def _product_of_others(x, comm):
    """prod over ranks s != r of x_s, on rank r, exact when zeros occur.

    Computed from two allreduces (cheap); its own derivative, needed only
    for second and higher orders, comes from `_product_of_others_gathered`,
    because the zero-handling branches here are piecewise constant.
    """
    is_zero = x == 0
    safe_x = jnp.where(is_zero, jnp.ones_like(x), x)
    nonzero_product = _allreduce(safe_x, PROD, comm)
    zeros = _allreduce(is_zero.astype(jnp.int32), SUM, comm)
    return jnp.where(zeros == 0, nonzero_product / safe_x,
                     jnp.where((zeros == 1) & is_zero, nonzero_product, jnp.zeros_like(x)))


def _product_of_others_gathered(x, comm):
    """The same product from every rank's x (an alltoall of P copies): smooth."""
    copies = _alltoall(jnp.broadcast_to(x, (comm.size,) + x.shape), comm)
    mine = (jnp.arange(comm.size) == comm.rank).reshape((comm.size,) + (1,) * x.ndim)
    return jnp.prod(jnp.where(mine, jnp.ones_like(copies), copies), axis=0)


@_product_of_others.defjvp
def _product_of_others_jvp(comm, primals, tangents):
    return jax.jvp(lambda v: _product_of_others_gathered(v, comm), primals, tangents)


reduction_rules(
    allreduce_p, sum_code=SUM,
    nonlinear_tangent=lambda x, t, y, *, op, comm, chunk_bytes, blocks: reduction_tangent(
        x, t, y, op, comm),
    transpose=lambda ct, x, **params: [allreduce_p.bind(ct, **params)],
    batch=elementwise_batch(allreduce_p))
