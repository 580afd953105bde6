"""Nonblocking operations: a start returns a `Request`, `wait` its result.

Serial equivalent: ``wait(istart(x))`` is the blocking operation of the same
name (``wait(iallreduce(x, op))`` is ``allreduce(x, op)``, and so on); the
start posts MPI's nonblocking calls and returns at once, so the program can
compute while the message travels, and the wait completes it.

How it is built (docs/design.md, "Nonblocking operations"):

* Two primitives per start/wait pair. A start (`istart_p` for collectives,
  `istart_p2p_p` for point-to-point messages) returns a handle (an int32
  scalar naming the pending MPI requests, nonblocking.pxi) and ``pending``,
  an array of the result's shape whose memory the wait writes the result
  into. Mathematically the start *is* the operation (``pending`` is its
  value) and `wait_p` is the identity on ``pending``: that is all JAX's
  transformations need to know, so every rule is short.
* Rules. The derivatives are the blocking operation's, and their messages
  are nonblocking too (derivative requests, below), except for reductions
  other than SUM, whose start's JVP and transpose are those of the
  blocking operation (the start communicates at once there: handle 0,
  "nothing pending") and whose wait's are the identity.
  Batching moves the batch axis into the message, as the blocking ops do.
* Order. Starts and waits carry the MPI effect, so every rank posts and
  completes in program order; the MPI scope hook (`scope.py`) additionally
  pins the computation written between a start and its wait between them
  (`overlap.py`).
"""

import dataclasses
import functools

import jax
import jax.numpy as jnp
from jax.interpreters import ad, batching
from mpi4py import MPI

from mpicoll._src.comms import resolve_comm
from mpicoll._src.config import chunk_bytes_for
from mpicoll._src.jax_internals import core, zero_tangent
from mpicoll._src.ops.allreduce import HALF, LOGICAL, SUM, PROD, _allreduce
from mpicoll._src.ops.alltoall import _alltoall
from mpicoll._src.ops.gathers import allgather
from mpicoll._src.ops.p2p import _refuse_backward_pass_to_be_transformed
from mpicoll._src.ops.rooted import bcast
from mpicoll._src.ops.sendrecv import KIND_DERIVATIVE, _sendrecv
from mpicoll._src.primitive import differentiable, differentiated_kind, mpi_primitive
from mpicoll._src.validation import (as_array, check_op, check_rank, check_root, check_rows,
                                     check_tag)

# what a start posts: the `operation` attribute (nonblocking.pxi, NB_*)
OPERATIONS = {"sendrecv": 0, "allreduce": 1, "alltoall": 2, "allgather": 3, "bcast": 4}
HANDLE = core.ShapedArray((), jnp.int32)


@jax.tree_util.register_pytree_node_class
@dataclasses.dataclass(eq=False)
class Request:
    """A started operation: pass it to `wait` (once) for the result.

    A pytree of two JAX values (the handle of the MPI requests and the
    memory the result will be written into), so it can be returned from
    jitted functions and carried through `lax` loops. What it is (the
    operation, the communicator, the result's dtype) is static.
    """
    handle: jax.Array
    pending: jax.Array
    started: "Started"
    result_dtype: object = None      # the dtype the wait returns (half-precision sums run in float32)
    returns_value: bool = True       # False for isend: its wait returns None
    waited: bool = dataclasses.field(default=False, compare=False)

    @property
    def operation(self):
        return self.started.operation

    def tree_flatten(self):
        return (self.handle, self.pending), (self.started, self.result_dtype, self.returns_value)

    @classmethod
    def tree_unflatten(cls, aux, children):
        return cls(*children, *aux)

    def __repr__(self):
        return f"mpicoll.Request({self.operation}, {self.pending.dtype}{list(self.pending.shape)})"


@dataclasses.dataclass(frozen=True)
class Started:
    """What a start posted, as its wait's static parameter: the wait's
    derivative rules post the derivative messages of the same operation
    (or of its transpose) without the start's parameters at hand."""
    operation: str                   # an OPERATIONS key
    comm: object                     # the CommParam
    chunk_bytes: int
    op: int = 0                      # allreduce: the reduction
    root: int = 0                    # bcast
    source: int = 0                  # sendrecv: the ranks, the user tags, and
    dest: int = 0                    # the avals of what it sends and receives
    sendtag: int = 0
    recvtag: int = 0
    send_aval: object = None
    recv_aval: object = None
    one_way: str = ""                # "isend" or "irecv" (their own restriction)

    def collective_params(self):
        """The parameters of a collective start of this operation (the
        inverse of `_started_of`)."""
        return dict(operation=self.operation, comm=self.comm, chunk_bytes=self.chunk_bytes,
                    op=self.op, root=self.root)

    def message_params(self):
        """The parameters of a point-to-point derivative request of these
        messages (`istart_p2p_embedded_p`)."""
        return dict(comm=self.comm, chunk_bytes=self.chunk_bytes, source=self.source,
                    dest=self.dest, sendtag=self.sendtag, recvtag=self.recvtag,
                    kind=KIND_DERIVATIVE)

    def reversed(self):
        """The messages that carry the cotangents back: what was received
        goes back to `source`, what was sent comes back from `dest`."""
        return dataclasses.replace(self, source=self.dest, dest=self.source,
                                   sendtag=self.recvtag, recvtag=self.sendtag,
                                   send_aval=self.recv_aval, recv_aval=self.send_aval)


# ------------------------------------------------------------------ primitives

def _collective_attributes(*, operation, comm, chunk_bytes, op, root):
    return dict(comm=comm.handle, operation=OPERATIONS[operation], chunk_bytes=chunk_bytes,
                op=op, root=root)


def _collective_shape(x, *, operation, comm, **_):
    pending = x.update(shape=(comm.size,) + x.shape) if operation == "allgather" else x
    return [HANDLE, pending]


istart_p = mpi_primitive("istart", multiple_results=True, abstract_eval=_collective_shape,
                         ffi_attributes=_collective_attributes)


def _p2p_attributes(*, comm, chunk_bytes, source, dest, sendtag, recvtag, kind, carrier=None):
    return dict(comm=comm.handle, operation=OPERATIONS["sendrecv"], chunk_bytes=chunk_bytes,
                source=source, dest=dest, sendtag=sendtag, recvtag=recvtag, kind=kind)


# `kind`: the message kind (ops/sendrecv.py): a start inside its JVP rule
# marks its messages differentiated, derivative requests are derivative
# messages, so that they pair with blocking sends and receives
# (nonblocking_p2p.pxi).
istart_p2p_p = mpi_primitive(
    "istart_p2p", multiple_results=True, collective=False,
    abstract_eval=lambda sendbuf, recvbuf, **_: [HANDLE, recvbuf],
    ffi_attributes=_p2p_attributes)

wait_p = mpi_primitive(
    "wait", collective=False, updated_operand=1,     # the result is written over `pending`
    abstract_eval=lambda handle, pending, **_: pending,
    ffi_attributes=lambda *, started: dict(comm=started.comm.handle))

# Derivative requests (below, "Nonblocking derivatives"): the start returns
# only `pending`, with the handle written into it, and the wait reads it
# from there (nonblocking.pxi, "Embedded handles").
istart_embedded_p = mpi_primitive(
    "istart_embedded", abstract_eval=lambda x, **p: _collective_shape(x, **p)[1],
    ffi_attributes=_collective_attributes)
wait_embedded_p = mpi_primitive(
    "wait_embedded", collective=False, updated_operand=0,
    abstract_eval=lambda pending, **_: pending,
    ffi_attributes=lambda *, started: dict(comm=started.comm.handle))

# A point-to-point derivative request's `pending` (its carrier) stands either
# for what it receives (`carrier="recv"`, a tangent: the request *is* the
# messages, its wait the identity) or for what it sends (`carrier="send"`,
# a cotangent posted by a wait's transpose: the request is the identity and
# its wait, `wait_embedded_pair_p`, the messages, returning what arrived
# and, where the messages went nowhere, the cotangent itself, which is the
# receive template's). The two are each other's transposes. Operands: what
# is sent, the receive template, and the start whose answer the sends wait
# for (0: none).
istart_p2p_embedded_p = mpi_primitive(
    "istart_p2p_embedded", collective=False,
    abstract_eval=lambda sendbuf, recvbuf, link, *, carrier, **_:
        recvbuf if carrier == "recv" else sendbuf,
    ffi_attributes=_p2p_attributes)
wait_embedded_pair_p = mpi_primitive(
    "wait_embedded_pair", collective=False, multiple_results=True,
    abstract_eval=lambda pending, *, started: [started.recv_aval, pending],
    ffi_attributes=lambda *, started: dict(comm=started.comm.handle))

START_PRIMITIVES = (istart_p, istart_p2p_p)


# --------------------------------------------------- the blocking equivalents

def _blocking_collective(x, *, operation, comm, chunk_bytes, op, root):
    if operation == "allreduce":
        return _allreduce(x, op, comm)
    if operation == "alltoall":
        return _alltoall(x, comm)
    if operation == "allgather":
        return allgather(x, comm=comm.comm)
    return bcast(x, root, comm=comm.comm)


def _blocking_p2p(sendbuf, recvbuf, *, comm, chunk_bytes, source, dest, sendtag, recvtag,
                  kind):
    return _sendrecv(sendbuf, recvbuf, source=source, dest=dest, sendtag=sendtag,
                     recvtag=recvtag, comm=comm)


# ------------------------------------------------------ derivative requests
#
# A start's derivative messages are nonblocking too where they can be. The
# JVP of a start posts the same operation on the tangents (a derivative
# request) and the JVP of its wait completes it; transposed, the wait posts
# the transposed operation on the cotangent and the start completes it, so
# the backward pass overlaps as the forward one does. A derivative
# request's handle travels inside its `pending`: between two equations JAX
# passes a derivative only as an array of the value's shape and dtype
# (nonblocking.pxi, "Embedded handles"). Elsewhere the derivative is the
# blocking operation's, at the start, and the wait's is the identity:
# reductions other than SUM (their derivative depends on the values) and
# arrays under 2 bytes (no room for the handle). Every rank decides alike,
# from facts that are the same on all ranks (`_nonblocking_derivative`), at
# the start and at the wait; point-to-point messages pair either way, since
# both send the same message kinds (nonblocking_p2p.pxi).

def _nonblocking_derivative(started, pending):
    """Whether `started`'s derivative messages are nonblocking (`pending`:
    the aval of its result)."""
    if not jnp.issubdtype(pending.dtype, jnp.inexact) or pending.size * pending.dtype.itemsize < 2:
        return False
    return started.operation != "allreduce" or started.op == SUM


def _transposed(started):
    """The operation whose messages carry the cotangents back: allgather's
    and bcast's transposes sum (an allreduce; `_finish_transposed` keeps
    this rank's block, or the root's sum); allreduce SUM and alltoall are
    their own transposes; messages go back the way they came."""
    if started.operation in ("allgather", "bcast"):
        return dataclasses.replace(started, operation="allreduce", op=SUM, root=0)
    if started.operation == "sendrecv":
        return started.reversed()
    return started


def _start_embedded(started, x):
    """Post `started` on the cotangent `x` as a derivative request; its
    `pending` (for messages: `x` with the handle in it, standing for `x`)."""
    if started.operation == "sendrecv":
        return istart_p2p_embedded_p.bind(
            x, jnp.zeros(started.recv_aval.shape, started.recv_aval.dtype),
            jnp.zeros((), jnp.int32), carrier="send", **started.message_params())
    return istart_embedded_p.bind(x, **started.collective_params())


def _finish_transposed(started, pending):
    """Complete the transposed operation of `started` posted on a
    cotangent: the cotangents of the start's operands."""
    pending = ad.instantiate_zeros(pending)
    if started.operation == "sendrecv":
        return wait_embedded_pair_p.bind(pending, started=started.reversed())
    value = wait_embedded_p.bind(pending, started=_transposed(started))
    comm = started.comm
    if started.operation == "allgather":
        return [value[comm.rank]]
    if started.operation == "bcast":
        return [value if comm.rank == started.root else jnp.zeros_like(value)]
    return [value]


def _started_of(params, avals=None):
    """The `Started` of a start equation's parameters (`avals`: of its
    operands, for messages)."""
    if "operation" in params:
        return Started(params["operation"], params["comm"], params["chunk_bytes"],
                       op=params["op"], root=params["root"])
    return Started("sendrecv", params["comm"], params["chunk_bytes"], source=params["source"],
                   dest=params["dest"], sendtag=params["sendtag"], recvtag=params["recvtag"],
                   send_aval=core.ShapedArray(avals[0].shape, avals[0].dtype),
                   recv_aval=core.ShapedArray(avals[1].shape, avals[1].dtype))


def _post_tangents(prim, primals, tangents, params):
    """The nonblocking JVP of a start: the start itself and a derivative
    request on the tangents. Messages are marked differentiated, and their
    tangents wait for the start's messages to be answered (`link`)."""
    if prim is istart_p:
        out = prim.bind(*primals, **params)
        return out, istart_embedded_p.bind(*tangents, **params)
    out = prim.bind(*primals, **differentiated_kind(params))
    started = _started_of(params, [jax.typeof(p) for p in primals])
    return out, istart_p2p_embedded_p.bind(*tangents, out[0], carrier="recv",
                                           **started.message_params())


def _start_rules(prim, blocking):
    """JVP and transpose of a start: nonblocking where
    `_nonblocking_derivative` says so, else those of the blocking
    operation, which runs in its place (handle 0: the wait has nothing left
    to complete)."""
    def nonblocking(avals, params):
        pending = prim.abstract_eval(*avals, **params)[0][1]
        return _nonblocking_derivative(_started_of(params, avals), pending)

    def jvp(primals, tangents, **params):
        if not differentiable(*primals):
            out = prim.bind(*primals, **params)
            return out, [zero_tangent(o) for o in out]
        tangents = [ad.instantiate_zeros(t) for t in tangents]
        if nonblocking([jax.typeof(p) for p in primals], params):
            out, tangent = _post_tangents(prim, primals, tangents, params)
            return out, [zero_tangent(out[0]), tangent]
        f = functools.partial(blocking, **params)
        value, tangent = jax.jvp(f, tuple(primals), tuple(tangents))
        handle = jnp.zeros((), jnp.int32)
        return [handle, value], [zero_tangent(handle), tangent]

    def transpose(cts, *operands, **params):
        _, ct = cts
        avals = [o.aval if ad.is_undefined_primal(o) else jax.typeof(o)
                 for o in operands]
        if nonblocking(avals, params):      # the wait's transpose posted the transposed op
            result = _finish_transposed(_started_of(params, avals), ct)
        else:
            f = functools.partial(blocking, **params)
            # every operand is linear to `linear_transpose`; the caller keeps
            # the cotangents of those that are undefined here
            result = jax.linear_transpose(f, *avals)(ad.instantiate_zeros(ct))
        return [r if ad.is_undefined_primal(o) else None for r, o in zip(result, operands)]

    ad.primitive_jvps[prim] = jvp
    ad.primitive_transposes[prim] = transpose


def _message_batch_axis(operation):
    """Where a batched start puts the batch axis in its message and in what
    its wait returns: after the blocks (alltoall) or the ranks' axis
    (allgather), else in front. Fixed per operation, so that the wait finds
    it there whatever JAX did to the request in between (a `lax` loop moves
    a carried batch axis to the front)."""
    return 1 if operation in ("alltoall", "allgather") else 0


def _collective_batch(prim):
    """The batching rule of a collective start (`istart_p`, or its
    derivative request): the batch axis moves into the message."""
    def rule(args, dims, **params):
        (x,), (d,) = args, dims
        operation = params["operation"]
        # (the blocks of alltoall stay along axis 0, the batch goes after them)
        x = jnp.moveaxis(x, d, 1 if operation == "alltoall" else 0)
        out = prim.bind(x, **params)
        axis = _message_batch_axis(operation)
        return (out, [None, axis]) if prim.multiple_results else (out, axis)
    return rule


def _in_message_layout(pending, d, started):
    """A batched request's `pending` with its batch axis back where the
    start's message has it."""
    axis = _message_batch_axis(started.operation)
    return (pending, d) if d is None or d == axis else (jnp.moveaxis(pending, d, axis), axis)


def _messages_batch(prim):
    """The batching rule of a point-to-point start or derivative request:
    both buffers get the batch axis in front (an unbatched one is
    broadcast, so that every rank sends and receives the same number of
    elements); a batch of `link` handles is refused."""
    def rule(args, dims, **params):
        size = next(a.shape[d] for a, d in zip(args, dims) if d is not None)
        if len(args) == 3 and dims[2] is not None:
            raise NotImplementedError("mpicoll: a batch of requests cannot be differentiated; "
                                      "start the batched operation inside the vmapped function")
        buffers = [batching.bdim_at_front(a, d, size) for a, d in zip(args[:2], dims[:2])]
        out = prim.bind(*buffers, *args[2:], **params)
        return (out, [None, 0]) if prim.multiple_results else (out, 0)
    return rule


_start_rules(istart_p, _blocking_collective)
_start_rules(istart_p2p_p, _blocking_p2p)
batching.primitive_batchers[istart_p] = _collective_batch(istart_p)
batching.primitive_batchers[istart_embedded_p] = _collective_batch(istart_embedded_p)
batching.primitive_batchers[istart_p2p_p] = _messages_batch(istart_p2p_p)
batching.primitive_batchers[istart_p2p_embedded_p] = _messages_batch(istart_p2p_embedded_p)


# A derivative request is linear in its operands; its transpose completes
# the transposed operation that the wait's transpose posted.

def _embedded_start_jvp(primals, tangents, **params):
    return (istart_embedded_p.bind(*primals, **params),
            istart_embedded_p.bind(ad.instantiate_zeros(tangents[0]), **params))


def _embedded_start_transpose(ct, x, **params):
    return _finish_transposed(_started_of(params), ct)


ad.primitive_jvps[istart_embedded_p] = _embedded_start_jvp
ad.primitive_transposes[istart_embedded_p] = _embedded_start_transpose


def _p2p_embedded_jvp(primals, tangents, **params):
    sendbuf, recvbuf, link = primals
    tangents = [ad.instantiate_zeros(t) for t in tangents[:2]]
    return (istart_p2p_embedded_p.bind(*primals, **params),
            istart_p2p_embedded_p.bind(*tangents, link, **params))


def _p2p_embedded_transpose(ct, sendbuf, recvbuf, link, *, carrier, **params):
    """A request standing for what it receives is the messages: its
    transpose completes them backwards (`wait_embedded_pair_p`); one
    standing for what it sends is the identity, and the messages are at its
    wait: its transpose completes the messages the wait's transpose posted."""
    avals = [b.aval if ad.is_undefined_primal(b) else jax.typeof(b) for b in (sendbuf, recvbuf)]
    started = _started_of(params, avals)
    ct = ad.instantiate_zeros(ct)
    if carrier == "recv":
        ct_send, ct_recv = wait_embedded_pair_p.bind(ct, started=started.reversed())
    else:
        ct_send, ct_recv = wait_embedded_p.bind(ct, started=started.reversed()), None
    return [ct_send if ad.is_undefined_primal(sendbuf) else None,
            ct_recv if ad.is_undefined_primal(recvbuf) else None, None]


ad.primitive_jvps[istart_p2p_embedded_p] = _p2p_embedded_jvp
ad.primitive_transposes[istart_p2p_embedded_p] = _p2p_embedded_transpose


def _wait_jvp(primals, tangents, *, started, **params):
    handle, pending = primals
    out = wait_p.bind(handle, pending, started=started, **params)
    t_pending = tangents[1]
    if type(t_pending) is ad.Zero or not _nonblocking_derivative(started, jax.typeof(pending)):
        return out, t_pending
    return out, wait_embedded_p.bind(t_pending, started=started)


def _refuse_one_way(started):
    """As blocking send/recv: the backward pass of isend receives with no
    cotangent of its own, which JAX would treat as a constant there
    (ops/p2p.py), so it cannot be transformed again; isendrecv, whose
    transpose is an isendrecv, has not that restriction."""
    if started.one_way:
        _refuse_backward_pass_to_be_transformed(started.one_way)


def _wait_transpose(ct, handle, pending, *, started, **params):
    _refuse_one_way(started)
    aval = pending.aval if ad.is_undefined_primal(pending) else jax.typeof(pending)
    ct = ad.instantiate_zeros(ct)
    if _nonblocking_derivative(started, aval):
        return [None, _start_embedded(_transposed(started), ct)]
    return [None, ct]


def _wait_embedded_jvp(primals, tangents, **params):
    return (wait_embedded_p.bind(*primals, **params),
            wait_embedded_p.bind(ad.instantiate_zeros(tangents[0]), **params))


def _wait_embedded_transpose(ct, pending, *, started, **params):
    _refuse_one_way(started)
    return [_start_embedded(_transposed(started), ad.instantiate_zeros(ct))]


def _wait_batch(args, dims, **params):
    (handle, pending), (hd, pd) = args, dims
    if hd is not None:
        raise NotImplementedError("mpicoll.wait: a batch of requests (one handle per batch "
                                  "element) cannot be waited for; start the batched "
                                  "operation inside the vmapped function instead")
    pending, pd = _in_message_layout(pending, pd, params["started"])
    return wait_p.bind(handle, pending, **params), pd


def _wait_embedded_batch(args, dims, *, started):
    # (every 2-byte unit holds the handle: moving the batch axis keeps it)
    (pending,), (d,) = args, dims
    pending, d = _in_message_layout(pending, d, started)
    return wait_embedded_p.bind(pending, started=started), d


def _wait_embedded_pair_jvp(primals, tangents, *, started):
    return (wait_embedded_pair_p.bind(*primals, started=started),
            wait_embedded_pair_p.bind(ad.instantiate_zeros(tangents[0]), started=started))


def _wait_embedded_pair_transpose(cts, pending, *, started):
    # the messages backwards, posted where this wait was (`carrier="recv"`)
    back = started.reversed()
    cts = [ad.instantiate_zeros(c) for c in cts]
    return [istart_p2p_embedded_p.bind(*cts, jnp.zeros((), jnp.int32), carrier="recv",
                                       **back.message_params())]


def _wait_embedded_pair_batch(args, dims, *, started):
    (pending,), (d,) = args, dims
    size = pending.shape[d]
    batched = dataclasses.replace(started, recv_aval=started.recv_aval.update(
        shape=(size, *started.recv_aval.shape)))
    return wait_embedded_pair_p.bind(jnp.moveaxis(pending, d, 0), started=batched), [0, 0]


ad.primitive_jvps[wait_p] = _wait_jvp
ad.primitive_transposes[wait_p] = _wait_transpose
batching.primitive_batchers[wait_p] = _wait_batch
ad.primitive_jvps[wait_embedded_p] = _wait_embedded_jvp
ad.primitive_transposes[wait_embedded_p] = _wait_embedded_transpose
batching.primitive_batchers[wait_embedded_p] = _wait_embedded_batch
ad.primitive_jvps[wait_embedded_pair_p] = _wait_embedded_pair_jvp
ad.primitive_transposes[wait_embedded_pair_p] = _wait_embedded_pair_transpose
batching.primitive_batchers[wait_embedded_pair_p] = _wait_embedded_pair_batch


# -------------------------------------------------------------- public starts

def _start(x, operation, comm, *, op=0, root=0, result_dtype=None):
    params = dict(operation=operation, comm=comm, chunk_bytes=chunk_bytes_for(x.dtype), op=op,
                  root=root)
    handle, pending = istart_p.bind(x, **params)
    return Request(handle, pending, _started_of(params), result_dtype)


def iallreduce(x, op, *, comm=None):
    """Start ``allreduce(x, op)``; ``wait`` returns its result.

    Args:
      x: array of a supported dtype (any shape).
      op: an mpi4py reduction (``MPI.SUM``, ``PROD``, ``MIN``, ``MAX``, the
        logical and bitwise ones where MPI defines them for the dtype).
      comm: an mpi4py intracommunicator; default ``MPI.COMM_WORLD``.

    Returns:
      A `Request`; ``wait(request)`` gives what ``allreduce(x, op)`` gives,
      bit for bit where MPI's nonblocking reduction adds in the same order
      (every MPI does for 1-2 ranks; tests compare integers at more).

    Gradients: those of ``allreduce`` (docs/differentiation.md). With
    ``MPI.SUM`` the derivative messages are nonblocking too (the tangent's
    allreduce between this start and its wait; under ``grad`` the
    cotangent's between the wait and the start, backwards); with another
    reduction the derivative runs at the start, blocking.
    ``vmap`` over any axis.

    Raises:
      TypeError, ValueError: as ``allreduce``.
    """
    comm = resolve_comm(comm)
    x = as_array(x, "x")
    code = check_op(op, x.dtype)
    if code in LOGICAL and x.dtype != jnp.bool_:
        x = (x != 0).astype(x.dtype)           # as allreduce (ops/allreduce.py, `reduced`)
    result_dtype = None
    if x.dtype in HALF and code in (SUM, PROD):
        result_dtype, x = x.dtype, x.astype(jnp.float32)
    return _start(x, "allreduce", comm, op=code, result_dtype=result_dtype)


def ialltoall(x, *, comm=None):
    """Start ``alltoall(x)``; ``wait`` returns its result.

    Args:
      x: array with ``x.shape[0] == comm.size``: block ``x[s]`` goes to rank s.
      comm: an mpi4py intracommunicator; default ``MPI.COMM_WORLD``.

    Returns:
      A `Request`; ``wait(request)`` gives ``alltoall(x)``: block ``[s]`` from rank s.

    Gradients: those of ``alltoall`` (its transpose is an alltoall); the
    derivative messages are nonblocking too, as ``iallreduce``'s with SUM.

    Raises:
      ValueError: ``x.shape[0]`` is not the communicator's size.
    """
    comm = resolve_comm(comm)
    x = as_array(x, "x")
    check_rows(x, comm.size, "x", "the communicator size")
    return _start(x, "alltoall", comm)


def iallgather(x, *, comm=None):
    """Start ``allgather(x)``; ``wait`` returns every rank's ``x`` stacked
    along a new first axis (shape ``(size, *x.shape)``).

    Gradients: those of ``allgather`` (its transpose is a reduce_scatter,
    posted as a nonblocking allreduce of which this rank keeps its block);
    the derivative messages are nonblocking, as ``iallreduce``'s with SUM.
    """
    comm = resolve_comm(comm)
    return _start(as_array(x, "x"), "allgather", comm)


def ibcast(x, root, *, comm=None):
    """Start ``bcast(x, root)``; ``wait`` returns root's ``x`` on every rank
    (other ranks' ``x`` gives only shape and dtype).

    Gradients: those of ``bcast`` (its transpose is a reduce(SUM) to root,
    posted as a nonblocking allreduce); the derivative messages are
    nonblocking, as ``iallreduce``'s with SUM.
    """
    comm = resolve_comm(comm)
    x = as_array(x, "x")
    return _start(x, "bcast", comm, root=check_root(root, comm))


def isendrecv(sendbuf, recvbuf, source, dest, *, sendtag=0, recvtag=0, comm=None):
    """Start sending ``sendbuf`` to ``dest`` and receiving from ``source``;
    ``wait`` returns the array received (``recvbuf``'s shape and dtype).

    Args:
      sendbuf: array to send.
      recvbuf: an array of the shape and dtype to receive (its values are
        returned when ``source`` is ``MPI.PROC_NULL``).
      source: the rank to receive from (an explicit rank, or
        ``MPI.PROC_NULL``; not ``MPI.ANY_SOURCE``).
      dest: the rank to send to, or ``MPI.PROC_NULL``.
      sendtag, recvtag: tags (0..``mpicoll.max_tag()``; default 0;
        ``MPI.ANY_TAG`` is not accepted).
      comm: an mpi4py intracommunicator; default ``MPI.COMM_WORLD``.

    Returns:
      A `Request`. The message received must have exactly ``recvbuf``'s
      size (the wait raises otherwise). The messages pair with blocking
      ``send``/``recv``/``sendrecv`` and with other nonblocking ones. The
      wait returns once the message from ``source`` has arrived, without
      waiting for ``dest`` to receive (``sendbuf`` was copied at the start;
      see ``isend``).

    Gradients: those of ``sendrecv`` (the transpose sends the cotangent
    back to ``source`` and receives ``sendbuf``'s from ``dest``). The
    derivative messages are nonblocking too: under ``jvp`` the tangents
    travel between this start and its wait, under ``grad`` the cotangents
    between the wait and the start, backwards. Both ranks of a message must
    differentiate it (as for ``sendrecv``, docs/differentiation.md,
    "Receive-side templates"); otherwise both raise at the wait.
    ``vmap`` over any axis.
    """
    return _isendrecv(sendbuf, recvbuf, source, dest, sendtag=sendtag, recvtag=recvtag,
                      comm=comm)


def _isendrecv(sendbuf, recvbuf, source, dest, *, sendtag=0, recvtag=0, comm=None):
    comm = resolve_comm(comm)
    sendbuf = as_array(sendbuf, "sendbuf")
    recvbuf = as_array(recvbuf, "recvbuf")
    source = check_rank(source, "source", comm)
    dest = check_rank(dest, "dest", comm)
    sendtag = check_tag(sendtag, "sendtag")
    recvtag = check_tag(recvtag, "recvtag")
    chunk = max(chunk_bytes_for(sendbuf.dtype), chunk_bytes_for(recvbuf.dtype))
    params = dict(comm=comm, chunk_bytes=chunk, source=source, dest=dest, sendtag=sendtag,
                  recvtag=recvtag, kind=0)
    handle, pending = istart_p2p_p.bind(sendbuf, recvbuf, **params)
    return Request(handle, pending, _started_of(params, [sendbuf, recvbuf]))


def isend(x, dest, *, tag=0, comm=None):
    """Start sending ``x`` to rank ``dest``; ``wait`` returns None.

    The data is copied at the start, so ``x`` may be changed or deleted
    right away. Pairs with ``recv``, ``irecv`` and ``sendrecv``. As with
    MPI's buffered send, ``wait`` returns without waiting for ``dest`` to
    receive: the message goes on from mpicoll's copy (at exit, a rank
    waits for such sends before MPI is finalised).

    Gradients: those of ``send``: the transpose receives ``x``'s cotangent
    from ``dest``. The derivative messages are nonblocking, as
    ``isendrecv``'s, so posting orders that are safe without
    differentiation (every rank: ``irecv`` from the left, ``isend`` to the
    right, then the waits) stay safe under ``jvp`` and ``grad``. Under
    ``grad``, ``vjp`` and ``linear_transpose`` the cotangent must come back
    with ``tag``: a receive that met this send with ``MPI.ANY_TAG``
    (``recv``'s default) sends it back with tag 0, so give such a receive
    the tag when it is not 0 (a blocking ``send`` accepts any tag back).
    """
    x = as_array(x, "x")
    # a one-element template: room for a derivative request's handle
    # (ops/nonblocking.py, "derivative requests"); nothing is received into it
    req = _isendrecv(x, jnp.zeros((1,), x.dtype), MPI.PROC_NULL, dest, sendtag=tag, comm=comm)
    return dataclasses.replace(req, returns_value=False,
                               started=dataclasses.replace(req.started, one_way="isend"))


def irecv(x, source, *, tag=0, comm=None):
    """Start receiving an array of ``x``'s shape and dtype from rank
    ``source``; ``wait`` returns it. ``x`` gives only shape and dtype.

    Gradients: those of ``recv`` (the transpose sends the cotangent back to
    ``source``); the derivative messages are nonblocking, as ``isend``'s.
    """
    x = as_array(x, "x")
    req = _isendrecv(jnp.zeros((0,), x.dtype), x, source, MPI.PROC_NULL, recvtag=tag, comm=comm)
    return dataclasses.replace(req, started=dataclasses.replace(req.started, one_way="irecv"))


# ---------------------------------------------------------------------- waits

def wait(request):
    """Complete a started operation and return its result.

    Args:
      request: a `Request` from ``isend``, ``irecv``, ``isendrecv``,
        ``iallreduce``, ``ialltoall``, ``iallgather`` or ``ibcast``, waited
        for exactly once on every rank, in the same order on every rank.

    Returns:
      The blocking operation's result (None for ``isend``).

    Raises:
      TypeError: ``request`` is not a Request, or is the tangent of one (a
        Request returned from a function given to ``jax.jvp``).
      ValueError: the request was waited for already.
      At run time, as XLA's error (JAX raises it as ``JaxRuntimeError``, or
        as ``ValueError`` for some dispatch paths): the request is not
        pending here (waited for already through a copy of it), or the
        message had another size than the receive expected (also chunked
        messages: the rest is received and dropped, so nothing is left
        for later receives).
    """
    if not isinstance(request, Request):
        raise TypeError(f"mpicoll.wait: request must be an mpicoll.Request (from isend, irecv, "
                        f"isendrecv, iallreduce, ...), got {type(request).__name__}")
    if request.handle.dtype == jax.dtypes.float0:
        if _nonblocking_derivative(request.started, jax.typeof(request.pending)):
            # its derivative request is pending: complete it, so nothing is left behind
            wait_embedded_p.bind(request.pending, started=request.started)
        raise TypeError("mpicoll.wait: this Request is the tangent or cotangent of a request "
                        "(a Request returned from the function given to jax.jvp, vjp, ...); "
                        "wait for requests inside the differentiated function and return "
                        "their results")
    if request.waited:
        raise ValueError(f"mpicoll.wait: {request!r} was waited for already; every request "
                         "is waited for exactly once")
    request.waited = True
    result = wait_p.bind(request.handle, request.pending, started=request.started)
    if not request.returns_value:
        return None
    if request.result_dtype is not None:
        result = result.astype(request.result_dtype)
    return result


def waitall(requests):
    """``[wait(r) for r in requests]``: complete several started operations,
    in the order given (every rank must give the same order)."""
    return [wait(r) for r in requests]
