"""One registry of every mpicoll operation, for the cross-cutting tests.

An entry says how to call the operation on this rank, what the same
computation gives when written serially with jax.numpy on every rank's input
(the reference: never the code under test), and how big each rank's input
is. `tests/test_ops.py` runs values, chunking, batching, gradients and
argument errors over the whole registry, so a new operation is covered by
adding one entry here.

Conventions of an entry:

* ``call(x, comm)``: this rank's mpicoll call on its input ``x``; returns an
  array (operations without a result return ``x * 0`` so every entry has one).
* ``serial(xs, size)``: ``xs`` is the list of all ranks' inputs (jax arrays,
  rank order); returns the list of all ranks' results. Written with
  jax.numpy, so ``jax.grad``/``jax.jvp`` of it are the serial-equivalent
  derivatives (docs/differentiation.md).
* ``shape(rank, size)``: the shape of rank ``rank``'s input.
* ``differentiable``: whether derivatives are defined for float inputs
  (False for integer-only ops such as BXOR, and for barrier).
* ``symmetric``: relabelling the ranks (r -> r + 1) maps the program to
  itself, outputs included: each rank's result depends on the inputs in
  the same way relative to its own rank (allreduce, a ring shift; not
  allgather, whose stack order is absolute). Reverse-mode ``check_grads``
  compares local inner products, which equal the global ones only for such
  a program at a point that is the same on every rank (docs/design.md §5).
* ``dtypes``: dtypes the value tests run it on.
"""

import dataclasses
from typing import Callable

import numpy as np
import jax
import jax.numpy as jnp
from mpi4py import MPI

import mpicoll

INT_AND_FLOAT = (np.int32, np.float32, np.float64, np.complex64)
ALL_DTYPES = (np.bool_, np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint16,
              np.uint32, np.uint64, jnp.float16, jnp.bfloat16, np.float32, np.float64,
              np.complex64, np.complex128)
NUMERIC = tuple(d for d in ALL_DTYPES if d != np.bool_)
ORDERED = tuple(d for d in NUMERIC if not jnp.issubdtype(d, jnp.complexfloating))


@dataclasses.dataclass(frozen=True)
class Op:
    name: str
    call: Callable
    serial: Callable
    shape: Callable = lambda rank, size: (3, 2)
    differentiable: bool = True
    symmetric: bool = True
    dtypes: tuple = INT_AND_FLOAT

    def __repr__(self):
        return self.name


ROOT = 1   # a root other than 0 catches code that assumes rank 0; mod size


def root(size):
    return ROOT % size


def ring(rank, size):
    return (rank + 1) % size, (rank - 1) % size


def _send_then_recv(x, comm):
    """Even ranks send to the right, then receive from the left; odd ranks the
    other way round. Alone, a rank talks to PROC_NULL (a blocking send to
    itself before its receive would wait forever) and gets its template."""
    right, left = ring(comm.rank, comm.size)
    if comm.size == 1:
        right = left = MPI.PROC_NULL
    if comm.rank % 2 == 0:
        mpicoll.send(x, right, tag=5, comm=comm)
        return mpicoll.recv(x, left, tag=5, comm=comm)
    y = mpicoll.recv(x, left, tag=5, comm=comm)
    mpicoll.send(x, right, tag=5, comm=comm)
    return y


def _counts(size):
    return tuple(1 + (s % 3) for s in range(size))


def _rows_shape(rank, size):
    return (_counts(size)[rank], 2)


def _reduction(name, fn):
    """allreduce/reduce/scan/exscan/reduce_scatter entries for reduction `name`."""
    mpi_op = getattr(MPI, name)
    dtypes = {"SUM": INT_AND_FLOAT, "PROD": (np.int32, np.float64, np.complex64),
              "MIN": (np.int32, np.float32, np.float64), "MAX": (np.int64, np.float64),
              "BXOR": (np.int32, np.uint8), "LOR": (np.bool_, np.int32)}[name]
    diff = name in ("SUM", "PROD", "MIN", "MAX")

    def identity(shape, dtype):
        from mpicoll._src.ops.prefix import identity as ident
        from mpicoll._src.validation import OP_CODES
        return jnp.full(shape, ident(OP_CODES[name], dtype), dtype)

    def red(stack):
        return fn(stack, axis=0).astype(stack.dtype)

    return [
        Op(f"allreduce_{name}", lambda x, c: mpicoll.allreduce(x, mpi_op, comm=c),
           lambda xs, P: [red(jnp.stack(xs))] * P, dtypes=dtypes, differentiable=diff),
        Op(f"reduce_{name}", lambda x, c: mpicoll.reduce(x, mpi_op, root(c.size), comm=c),
           lambda xs, P: [red(jnp.stack(xs)) if r == root(P) else xs[r] for r in range(P)],
           dtypes=dtypes, differentiable=diff, symmetric=False),
        Op(f"scan_{name}", lambda x, c: mpicoll.scan(x, mpi_op, comm=c),
           lambda xs, P: [red(jnp.stack(xs[:r + 1])) for r in range(P)],
           dtypes=dtypes, differentiable=diff, symmetric=False),
        Op(f"exscan_{name}", lambda x, c: mpicoll.exscan(x, mpi_op, comm=c),
           lambda xs, P: [identity(xs[0].shape, xs[0].dtype) if r == 0
                          else red(jnp.stack(xs[:r])) for r in range(P)],
           dtypes=dtypes, differentiable=diff, symmetric=False),
        Op(f"reduce_scatter_{name}", lambda x, c: mpicoll.reduce_scatter(x, mpi_op, comm=c),
           lambda xs, P: [red(jnp.stack(xs))[r] for r in range(P)],
           shape=lambda rank, size: (size, 3), dtypes=dtypes, differentiable=diff,
           symmetric=False),
    ]


def _logical_or(stack, axis):
    return jnp.any(stack != 0, axis=axis)


def _bitwise_xor(stack, axis):
    return jax.lax.reduce(stack, jnp.zeros((), stack.dtype), jax.lax.bitwise_xor, (axis,))


OPS = [
    *_reduction("SUM", jnp.sum),
    *_reduction("PROD", jnp.prod),
    *_reduction("MIN", jnp.min),
    *_reduction("MAX", jnp.max),
    *_reduction("BXOR", _bitwise_xor),
    *_reduction("LOR", _logical_or),
    Op("bcast", lambda x, c: mpicoll.bcast(x, root(c.size), comm=c),
       lambda xs, P: [xs[root(P)]] * P, symmetric=False, dtypes=ALL_DTYPES),
    Op("allgather", lambda x, c: mpicoll.allgather(x, comm=c),
       lambda xs, P: [jnp.stack(xs)] * P, dtypes=ALL_DTYPES, symmetric=False),
    Op("gather", lambda x, c: mpicoll.gather(x, root(c.size), comm=c),
       lambda xs, P: [jnp.stack(xs) if r == root(P) else xs[r] for r in range(P)],
       symmetric=False, dtypes=ALL_DTYPES),
    Op("scatter", lambda x, c: mpicoll.scatter(x, root(c.size), comm=c),
       lambda xs, P: [xs[root(P)][r] for r in range(P)],
       shape=lambda rank, size: (size, 3) if rank == root(size) else (3,),
       symmetric=False, dtypes=ALL_DTYPES),
    Op("alltoall", lambda x, c: mpicoll.alltoall(x, comm=c),
       lambda xs, P: [jnp.stack([xs[s][r] for s in range(P)]) for r in range(P)],
       shape=lambda rank, size: (size, 2), dtypes=ALL_DTYPES, symmetric=False),
    Op("alltoallv", lambda x, c: mpicoll.alltoallv(
        x, *_alltoallv_counts(c.rank, c.size), comm=c),
       lambda xs, P: [jnp.concatenate([_alltoallv_block(xs[s], s, r, P) for s in range(P)])
                      for r in range(P)],
       shape=lambda rank, size: (sum(_alltoallv_counts(rank, size)[0]), 2), symmetric=False),
    Op("redistribute", lambda x, c: mpicoll.redistribute(x, 1, 0, concat_sizes=_counts(c.size),
                                                         comm=c),
       lambda xs, P: np.array_split(jnp.concatenate(xs), P, axis=1),
       shape=lambda rank, size: (_counts(size)[rank], 5, 2), dtypes=ALL_DTYPES,
       symmetric=False),
    Op("ragged_alltoall", lambda x, c: mpicoll.ragged_alltoall(
        x, jnp.asarray(_ragged_counts(c.rank, c.size)), _ragged_capacity(c.rank, c.size),
        comm=c)[0],
       lambda xs, P: [_ragged_serial(xs, s, P) for s in range(P)],
       shape=lambda rank, size: (sum(_ragged_counts(rank, size)) + 1, 2), symmetric=False),
    Op("allgatherv", lambda x, c: mpicoll.allgatherv(x, _counts(c.size), comm=c),
       lambda xs, P: [jnp.concatenate(xs)] * P, shape=_rows_shape, symmetric=False),
    Op("gatherv", lambda x, c: mpicoll.gatherv(x, _counts(c.size), root(c.size), comm=c),
       lambda xs, P: [jnp.concatenate(xs) if r == root(P) else xs[r] for r in range(P)],
       shape=_rows_shape, symmetric=False),
    Op("scatterv", lambda x, c: mpicoll.scatterv(x, _counts(c.size), root(c.size), comm=c),
       lambda xs, P: [jnp.split(xs[root(P)], np.cumsum(_counts(P))[:-1])[r]
                      for r in range(P)],
       shape=lambda rank, size: ((sum(_counts(size)), 2) if rank == root(size)
                                 else _rows_shape(rank, size)),
       symmetric=False),
    Op("sendrecv", lambda x, c: mpicoll.sendrecv(x, x, *reversed(ring(c.rank, c.size)), comm=c),
       lambda xs, P: [xs[(r - 1) % P] for r in range(P)], dtypes=ALL_DTYPES),
    # Not marked symmetric: reverse mode to second order differentiates the
    # backward pass, whose receive of the cotangent (send's transpose) has a
    # constant template (docs/differentiation.md, "Receive-side templates").
    Op("send_recv", _send_then_recv, lambda xs, P: [xs[(r - 1) % P] for r in range(P)],
       dtypes=ALL_DTYPES, symmetric=False),
    Op("barrier", lambda x, c: (mpicoll.barrier(comm=c), x * 0)[1],
       lambda xs, P: [x * 0 for x in xs], differentiable=False, dtypes=(np.float32,)),
]

BY_NAME = {op.name: op for op in OPS}

# One operation of each family of derivative rules (linear, reduction with a
# nonlinear tangent, prefix, rooted send, gather, all-to-all, ragged,
# point-to-point), for checks too costly to run on every operation.
ONE_PER_RULE_FAMILY = {"allreduce_SUM", "allreduce_MAX", "scan_PROD", "bcast", "allgather",
                       "alltoall", "ragged_alltoall", "sendrecv"}


def _alltoallv_counts(rank, size):
    send = tuple(1 + (rank + 2 * s) % 3 for s in range(size))
    recv = tuple(1 + (s + 2 * rank) % 3 for s in range(size))
    return send, recv


def _alltoallv_block(x, sender, receiver, size):
    send = _alltoallv_counts(sender, size)[0]
    start = sum(send[:receiver])
    return x[start:start + send[receiver]]


def _ragged_counts(rank, size):
    """Rows rank `rank` sends to each rank (some zero), and one row it keeps."""
    return [(rank + 2 * s) % 3 for s in range(size)]


def _ragged_capacity(rank, size):
    return sum(_ragged_counts(s, size)[rank] for s in range(size)) + 2    # 2 padding rows


def _ragged_serial(xs, receiver, size):
    blocks = []
    for sender in range(size):
        counts = _ragged_counts(sender, size)
        start = sum(counts[:receiver])
        blocks.append(xs[sender][start:start + counts[receiver]])
    got = jnp.concatenate(blocks)
    padding = _ragged_capacity(receiver, size) - got.shape[0]
    return jnp.concatenate([got, jnp.zeros((padding,) + got.shape[1:], got.dtype)])


def rank_input(op, rank, size, dtype, seed=0):
    """Rank `rank`'s input for `op`: small integers (exact in every dtype and
    after any reduction order), distinct across ranks where possible."""
    shape = op.shape(rank, size)
    n = int(np.prod(shape))
    rng = np.random.default_rng(1000 * seed + rank)
    dtype = np.dtype(dtype)
    if dtype == np.bool_:
        return rng.integers(0, 2, shape).astype(bool)
    if op.name.startswith(("allreduce_PROD", "reduce_PROD", "scan_PROD", "exscan_PROD",
                           "reduce_scatter_PROD")):
        values = rng.integers(1, 3, shape)          # products stay small
    else:
        values = (rank * n + np.arange(n) + 7 * seed) % 23
        values = values.reshape(shape) - (0 if dtype.kind == "u" else 5)
    if jnp.issubdtype(dtype, jnp.complexfloating):
        values = values + 1j * (values % 3)
    return np.asarray(values).astype(dtype)
