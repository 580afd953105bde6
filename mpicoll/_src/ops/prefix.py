"""Prefix reductions: scan (inclusive) and exscan (exclusive).

Serial equivalents, with ``xs[r]`` rank r's input and ``op`` the reduction:
``scan`` gives rank r ``op(xs[:r + 1])``; ``exscan`` gives rank r
``op(xs[:r])``, and rank 0 the op's identity (0 for SUM/BOR/BXOR/LOR/LXOR,
1 for PROD, all ones for BAND/LAND, +inf/-inf for float MIN/MAX and the
largest/smallest value for integer MIN/MAX), where MPI leaves it undefined.

Transposes of SUM (docs/differentiation.md): reversed prefix sums. For scan
rank s gets ``sum_{r >= s} ct_r = allreduce(ct) - exscan(ct)``; for exscan
``sum_{r > s} ct_r = allreduce(ct) - scan(ct)``. MIN/MAX/PROD tangents come
from the serial definition applied to the gathered inputs and tangents
(``jnp.min``/``jnp.max`` share ties equally; ``jnp.prod`` is exact with zeros).
"""

import numpy as np
import jax
import jax.numpy as jnp

from mpicoll._src.comms import resolve_comm
from mpicoll._src.ops.allreduce import MAX, MIN, PROD, SUM, _allreduce, reduced
from mpicoll._src.ops.gathers import allgather_p
from mpicoll._src.primitive import (elementwise_batch, mpi_primitive, rank_select,
                                    reduction_rules)
from mpicoll._src.validation import OP_CODES, as_array, check_op, NOTSET, reject_token

_SERIAL = {SUM: jnp.sum, PROD: jnp.prod, MIN: jnp.min, MAX: jnp.max}


def _prefix(x, op, comm, prim):
    code = check_op(op, x.dtype)
    return reduced(prim, x, code, comm=comm), code


def scan(x, op, *, comm=None, token=NOTSET):
    """Inclusive prefix reduction: rank r gets ``op`` over ranks 0..r of ``x``.

    Args:
      x: array (any shape, the same on every rank).
      op: an mpi4py reduction defined for the dtype (see ``allreduce``).
      comm: an mpi4py intracommunicator; default ``MPI.COMM_WORLD``.

    Returns:
      An array like ``x``: the elementwise reduction of ranks 0..r's ``x``.

    Gradients (serial equivalence): SUM is linear; its transpose is the
    reversed (suffix) sum of the cotangents. MIN/MAX/PROD: the derivative of
    the serial prefix reduction (ties shared equally, zeros exact). Integer
    inputs have zero gradient. ``vmap`` over any axis.

    Raises:
      TypeError/ValueError: as ``allreduce``.
      RuntimeError: a ``token`` argument.
    """
    reject_token(token)
    comm = resolve_comm(comm)
    return _prefix(as_array(x, "x"), op, comm, scan_p)[0]


def exscan(x, op, *, comm=None, token=NOTSET):
    """Exclusive prefix reduction: rank r gets ``op`` over ranks 0..r-1 of ``x``.

    Args:
      x: array (any shape, the same on every rank).
      op: an mpi4py reduction defined for the dtype (see ``allreduce``).
      comm: an mpi4py intracommunicator; default ``MPI.COMM_WORLD``.

    Returns:
      An array like ``x``; on rank 0 the op's identity (0 for SUM, 1 for
      PROD, +inf/-inf for float MIN/MAX, the dtype's largest/smallest integer
      for integer MIN/MAX, all ones for BAND and LAND, 0 for BOR, BXOR, LOR,
      LXOR).

    Gradients: as ``scan``; rank 0's result is a constant.

    Raises:
      TypeError/ValueError: as ``allreduce``.
      RuntimeError: a ``token`` argument.
    """
    reject_token(token)
    comm = resolve_comm(comm)
    x = as_array(x, "x")
    y, code = _prefix(x, op, comm, exscan_p)
    # MPI leaves rank 0's result undefined; the op still runs there
    if not isinstance(y, jax.core.Tracer):   # eager: only rank 0 needs the identity, on y's device
        return y if comm.rank else jax.device_put(
            np.full(x.shape, identity(code, x.dtype), x.dtype), y.sharding)
    return rank_select(comm.rank == 0, jnp.full(x.shape, identity(code, x.dtype), x.dtype), y)


def identity(code, dtype):
    """The identity element of reduction `code` for `dtype`."""
    dtype = np.dtype(dtype)
    names = {c: n for n, c in OP_CODES.items()}
    name = names[code]
    if name in ("SUM", "BOR", "BXOR", "LOR", "LXOR"):
        return 0
    if name in ("PROD", "LAND"):
        return 1
    if name == "BAND":
        return -1 if dtype.kind == "i" else np.iinfo(dtype).max
    if jnp.issubdtype(dtype, jnp.floating):
        return np.inf if name == "MIN" else -np.inf
    info = np.iinfo(dtype)
    return info.max if name == "MIN" else info.min


def _attributes(*, op, comm, chunk_bytes):
    return dict(comm=comm.handle, op=op, chunk_bytes=chunk_bytes)


scan_p = mpi_primitive("scan", abstract_eval=lambda x, **_: x, ffi_attributes=_attributes,
                       reusable_operand=0)
exscan_p = mpi_primitive("exscan", abstract_eval=lambda x, **_: x, ffi_attributes=_attributes,
                         reusable_operand=0)


def _gathered_tangent(exclusive):
    """The MIN/MAX/PROD tangent from the serial definition on gathered data.

    Its coefficients are made to depend on the gathered inputs on every
    rank, also where the serial definition's do not (rank 0: the product of
    one input, or the empty reduction of exscan): the transposed allgather
    of the tangents then gets a cotangent that is batched under `vmap` and
    differentiated under a further JVP on every rank alike, as its MPI
    messages must be."""
    def tangent(x, t, y, *, op, comm, chunk_bytes):
        xs = allgather_p.bind(x, comm=comm, chunk_bytes=chunk_bytes)
        ts = allgather_p.bind(t, comm=comm, chunk_bytes=chunk_bytes)
        stop = comm.rank if exclusive else comm.rank + 1
        # exactly 1, read from xs (a select, no arithmetic: inf and NaN stay out)
        one = jax.lax.select(jnp.ones(t.shape, bool), jnp.ones_like(t), xs[0])
        if stop == 0:           # exscan on rank 0: a constant zero; ts still in use
            return rank_select(True, jnp.zeros_like(t), ts[0] * one)
        return jax.jvp(lambda v: _SERIAL[op](v[:stop], axis=0), (xs,), (ts,))[1] * one
    return tangent


def _scan_transpose(ct, x, **params):        # rank s: sum over r >= s of ct_r
    exclusive = exscan_p.bind(ct, **params)      # undefined on rank 0: the sum is empty
    exclusive = rank_select(params["comm"].rank == 0, jnp.zeros_like(ct), exclusive)
    return [_allreduce(ct, SUM, params["comm"]) - exclusive]


def _exscan_transpose(ct, x, **params):      # rank s: sum over r > s of ct_r
    return [_allreduce(ct, SUM, params["comm"]) - scan_p.bind(ct, **params)]


reduction_rules(scan_p, sum_code=SUM, nonlinear_tangent=_gathered_tangent(False),
                transpose=_scan_transpose, batch=elementwise_batch(scan_p))
reduction_rules(exscan_p, sum_code=SUM, nonlinear_tangent=_gathered_tangent(True),
                transpose=_exscan_transpose, batch=elementwise_batch(exscan_p))
