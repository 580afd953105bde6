"""allreduce: combine every rank's array elementwise; all ranks get the result.

Serial equivalent (DESIGN.md section 2): with ``xs`` the stack of all ranks'
inputs, every rank gets ``reduce(xs, axis=0)``, e.g. ``xs.sum(0)`` for SUM.
"""

import functools

import jax
import jax.numpy as jnp
from jax.interpreters import ad, batching
from mpi4py import MPI  # noqa: F401  (doctest names)

from mpicoll._src.comms import resolve_comm
from mpicoll._src.config import chunk_bytes_for
from mpicoll._src.ops.alltoall import _alltoall
from mpicoll._src.primitive import mpi_primitive
from mpicoll._src.validation import OP_CODES, as_array, check_op

SUM, PROD, MIN, MAX = (OP_CODES[name] for name in ("SUM", "PROD", "MIN", "MAX"))
LOGICAL = tuple(OP_CODES[name] for name in ("LAND", "LOR", "LXOR"))


def allreduce(x, op, *, comm=None):
    """Reduce ``x`` elementwise over all ranks of ``comm``; every rank gets the result.

    Args:
      x: array (any shape, including scalars and 0-size) of a supported dtype.
      op: an mpi4py reduction: ``MPI.SUM``, ``PROD``, ``MIN``, ``MAX``,
        ``LAND``, ``LOR``, ``LXOR``, ``BAND``, ``BOR`` or ``BXOR``, where MPI
        defines it for the dtype.
      comm: an mpi4py intracommunicator; default ``MPI.COMM_WORLD``.

    Returns:
      An array like ``x`` holding the reduction of all ranks' ``x``.

    Gradients (serial equivalence, see docs/differentiation.md): SUM is linear
    and its transpose is again an allreduce(SUM), so ``jax.grad`` of a loss
    summed over ranks is exact even when the loss differs between ranks.
    MIN/MAX pass the tangent of the rank(s) holding the extreme value; ties
    share it equally (as ``jnp.min``/``jnp.max`` do). PROD uses the product
    of the other ranks' values, exact also when some values are zero.
    Integer and boolean inputs have zero gradient.

    Raises:
      TypeError: ``x`` has an unsupported dtype, ``op`` is not an MPI.Op or
        not defined for the dtype, ``comm`` is not a communicator.
      ValueError: ``op`` is not a predefined reduction; ``comm`` is
        COMM_NULL or an intercommunicator.
    """
    comm = resolve_comm(comm)
    x = as_array(x, "x")
    code = check_op(op, x.dtype)
    if code in LOGICAL and x.dtype != jnp.bool_:
        # MPI returns 0/1 for logical ops on integers, except that a
        # single-rank MPI_Allreduce copies its input untouched; normalising
        # first makes the result independent of the communicator size.
        x = (x != 0).astype(x.dtype)
    return _allreduce(x, code, comm)


def _allreduce(x, op, comm):
    return allreduce_p.bind(x, op=op, comm=comm, chunk_bytes=chunk_bytes_for(x.dtype))


allreduce_p = mpi_primitive(
    "allreduce",
    reusable_operand=0,      # MPI_IN_PLACE
    abstract_eval=lambda x, **_: x,
    ffi_attributes=lambda *, op, comm, chunk_bytes: dict(
        comm=comm.handle, op=op, chunk_bytes=chunk_bytes),
)


def _jvp(primals, tangents, *, op, comm, chunk_bytes):
    (x,), (t,) = primals, tangents
    y = allreduce_p.bind(x, op=op, comm=comm, chunk_bytes=chunk_bytes)
    if not jnp.issubdtype(x.dtype, jnp.inexact):
        # Integer/bool tangents are symbolic zeros on every rank alike.
        return y, ad.Zero.from_primal_value(y)
    # A symbolic-zero tangent on this rank still joins the collective: the
    # other ranks' tangents need this rank's (zero) contribution.
    t = ad.instantiate_zeros(t)
    if op == SUM:
        ty = _allreduce(t, SUM, comm)
    elif op in (MIN, MAX):
        winner = x == y
        count = _allreduce(winner.astype(x.dtype), SUM, comm)
        ty = _allreduce(jnp.where(winner, t, 0), SUM, comm) / count
    elif op == PROD:
        ty = _allreduce(_product_of_others(x, comm) * t, SUM, comm)
    else:  # logical and bitwise ops exist only for integer and bool dtypes
        raise AssertionError(op)
    return y, ty


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


def _transpose(ct, x, *, op, comm, chunk_bytes):
    # Only SUM is linear (the JVP rules above emit nothing else on tangents).
    assert op == SUM, op
    ct = ad.instantiate_zeros(ct)
    return [allreduce_p.bind(ct, op=op, comm=comm, chunk_bytes=chunk_bytes)]


def _batch(args, dims, **params):
    (x,), (d,) = args, dims
    return allreduce_p.bind(x, **params), d   # elementwise: any batch axis works


ad.primitive_jvps[allreduce_p] = _jvp
ad.primitive_transposes[allreduce_p] = _transpose
batching.primitive_batchers[allreduce_p] = _batch
