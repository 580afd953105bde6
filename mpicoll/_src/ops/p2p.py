"""Point to point: send and recv (one direction each), and barrier.

Serial equivalent: ``recv`` on rank r returns what rank ``source`` passed to
its matching ``send``. Both use the chunk protocol of ``sendrecv``, so a
``send`` matches a ``recv`` or the receiving half of a ``sendrecv``, at any
size. Transposes: the cotangent of a received array is sent back to the
source (transpose of recv is a send), and the sender receives it (transpose
of send is a recv).

Receive-side templates: JAX runs an op's derivative rule only on ranks where
one of its inputs carries a derivative. A ``recv`` whose template is a
constant therefore takes no part in derivative messages while its partner's
``send`` does; the message kinds (``kind``, see ops/sendrecv.py) let the
receiver notice and raise on both ranks instead (docs/differentiation.md,
"Receive-side templates").

A backward pass through send/recv can be run, not differentiated or
transposed again: send's transpose receives into a constant template
(`_refuse_backward_pass_to_be_transformed`; the ``returns_cotangent`` and
``receives_cotangent`` parameters mark the operations of a backward pass
for the same check when it was traced earlier, under ``jax.jit``).
"""

import jax.numpy as jnp
from mpi4py import MPI

from mpicoll._src.comms import resolve_comm
from mpicoll._src.config import chunk_bytes_for
from mpicoll._src.jax_internals import (BatchTrace, pe, under_batch_trace,
                                        under_derivative_trace)
from mpicoll._src.ops.sendrecv import (KIND_DERIVATIVE, StatusParam, _require_known_source,
                                       derivative_kind)
from mpicoll._src.primitive import differentiated_kind, linear_rules, mpi_primitive
from mpicoll._src.validation import as_array, check_rank, check_tag, NOTSET, reject_token


def send(x, dest, *, tag=0, comm=None, token=NOTSET):
    """Send ``x`` to rank ``dest``.

    Args:
      x: array to send (any shape and supported dtype).
      dest: the receiving rank (a Python int), or ``MPI.PROC_NULL``.
      tag: message tag, 0..``mpicoll.max_tag()``.
      comm: an mpi4py intracommunicator; default ``MPI.COMM_WORLD``.

    Returns:
      None (as mpi4jax). The send is never dropped, also under ``jit`` when
      nothing uses it.

    Gradients: linear; the transpose receives the cotangent of ``x`` from
    ``dest``. ``vmap`` over any axis (the receiver must vmap too).

    Raises:
      ValueError: ``dest`` or ``tag`` out of range.
      TypeError: ``dest``/``tag`` not Python ints (or traced), unsupported
        dtype, ``comm`` not a communicator.
      RuntimeError: a ``token`` argument.
    """
    reject_token(token)
    comm = resolve_comm(comm)
    x = as_array(x, "x")
    dest = check_rank(dest, "dest", comm)
    tag = check_tag(tag, "tag")
    send_p.bind(x, dest=dest, tag=tag, comm=comm, chunk_bytes=chunk_bytes_for(x.dtype), kind=0,
                returns_cotangent=False)


def recv(x, source=MPI.ANY_SOURCE, *, tag=MPI.ANY_TAG, comm=None, status=None, token=NOTSET):
    """Receive an array shaped like ``x`` from rank ``source``.

    Args:
      x: template: the result has its shape and dtype; where nothing arrives
        (``source=MPI.PROC_NULL``, or a shorter message) the result keeps
        ``x``'s values.
      source: rank to receive from, ``MPI.ANY_SOURCE`` (default) or
        ``MPI.PROC_NULL``.
      tag: tag to accept, or ``MPI.ANY_TAG`` (default).
      comm: an mpi4py intracommunicator; default ``MPI.COMM_WORLD``.
      status: optional ``MPI.Status``, filled when the operation runs.

    Returns:
      A new array with the received data.

    Gradients: linear; the transpose sends the cotangent back to ``source``
    (which must then be explicit, not ``ANY_SOURCE``). The template must
    carry the derivative if the sender's does (docs/differentiation.md).

    Raises:
      As ``send``; ``status`` not an ``MPI.Status``.
    """
    reject_token(token)
    comm = resolve_comm(comm)
    x = as_array(x, "x")
    source = check_rank(source, "source", comm, allow_any_source=True)
    tag = check_tag(tag, "tag", allow_any_tag=True)
    if status is not None and not isinstance(status, MPI.Status):
        raise TypeError(f"status must be an mpi4py MPI.Status or None, got {type(status).__name__}")
    return recv_p.bind(x, source=source, tag=tag, comm=comm,
                       status=None if status is None else StatusParam(status),
                       chunk_bytes=chunk_bytes_for(x.dtype), kind=0, receives_cotangent=False)


# send's result is an empty array that `send` drops. It exists for `grad`:
# JAX keeps a derivative computation only if something comes out of it, so a
# send of the tangent with no result would vanish from the backward pass (and
# with it the receive of the cotangent), while the partner's derivative
# traffic still runs.
send_p = mpi_primitive(
    "send", abstract_eval=lambda x, **_: x.update(shape=(0,)), collective=False,
    ffi_attributes=lambda *, dest, tag, comm, chunk_bytes, kind, returns_cotangent: dict(
        comm=comm.handle, dest=dest, sendtag=tag, chunk_bytes=chunk_bytes, kind=kind))

recv_p = mpi_primitive(
    "recv", abstract_eval=lambda x, **_: x, reusable_operand=0, collective=False,
    ffi_attributes=lambda *, source, tag, comm, status, chunk_bytes, kind, receives_cotangent: dict(
        comm=comm.handle, source=source, recvtag=tag, chunk_bytes=chunk_bytes, kind=kind,
        status=0 if status is None else status.address))


def _refuse_backward_pass_to_be_transformed(op):
    """send/recv pairs support one backward pass, not a derivative of it.

    send's transpose receives the cotangent into a template that is a
    constant on its rank: the received value depends on the other rank's
    data, which JAX cannot see. A backward pass that is differentiated or
    transposed again (reverse-over-reverse, forward-over-reverse as in
    `jax.hessian`, `jax.linear_transpose` of a transpose, a non-symmetric
    `lax.custom_linear_solve` whose matvec contains one) would skip that
    receive's rules on its rank while the partner runs its own: an error
    on one rank and a hang on the other. Every rank of the pairing builds
    its backward pass under the same transformation, so each raises here,
    at trace time, before any message is sent. sendrecv has both sides in
    one operation, whose transpose is again a sendrecv, and supports it.
    """
    if under_derivative_trace():
        raise NotImplementedError(_NOT_TWICE.format(op=op))
    if under_batch_trace():
        # the partner's cotangent arrives batched, this template is not
        raise NotImplementedError(_NOT_BATCHED.format(op=op))


_NOT_BATCHED = (
    "mpicoll.{op}: the backward pass of send/recv cannot be batched (jax.vmap of a vjp "
    "or of a jax.linear_transpose, jax.jacrev): the receive of the cotangent has an "
    "unbatched constant template on its rank. Batch the forward program instead, or use "
    "mpicoll.sendrecv (or mpicoll.isendrecv in place of isend/irecv), whose transpose is "
    "again a sendrecv (docs/differentiation.md, 'Which transformations work').")

_NOT_TWICE = (
    "mpicoll.{op}: the backward pass of send/recv cannot itself be differentiated or "
    "transposed (reverse-over-reverse, jax.hessian, jax.jvp of a vjp, jax.linear_transpose "
    "of a transpose, or lax.custom_linear_solve(symmetric=False) around one): the receive "
    "of the cotangent has a constant template on its rank. Use mpicoll.sendrecv (or "
    "mpicoll.isendrecv in place of isend/irecv), whose transpose is again a sendrecv "
    "(docs/differentiation.md, 'Which transformations work').")


def _send_transpose(ct, x, *, dest, tag, comm, chunk_bytes, kind, returns_cotangent):
    if returns_cotangent:   # a backward pass traced earlier (under jit), transposed again
        raise NotImplementedError(_NOT_TWICE.format(op="send"))
    peer = dest != MPI.PROC_NULL    # else nothing arrives: the template, a true constant
    if peer:
        _refuse_backward_pass_to_be_transformed("send")
    template = jnp.zeros(x.aval.shape, x.aval.dtype)
    # any tag: the receive this send met may have taken any tag (MPI.ANY_TAG,
    # recv's default), and its transpose then sends with one of its own;
    # messages between two ranks arrive in order, so the cotangent that
    # comes from dest first is this send's
    return [recv_p.bind(template, source=dest, tag=MPI.ANY_TAG, comm=comm, status=None,
                        chunk_bytes=chunk_bytes, kind=KIND_DERIVATIVE, receives_cotangent=peer)]


def _recv_transpose(ct, x, *, source, tag, comm, status, chunk_bytes, kind,
                    receives_cotangent):
    _require_known_source(source, "the transpose", "recv")
    peer = source != MPI.PROC_NULL
    if peer:
        _refuse_backward_pass_to_be_transformed("recv")
    send_p.bind(ct, dest=source, tag=0 if tag == MPI.ANY_TAG else tag, comm=comm,
                chunk_bytes=chunk_bytes, kind=KIND_DERIVATIVE,
                returns_cotangent=peer)   # its empty result is not needed here
    # where nothing arrives (PROC_NULL) the result is the template itself
    return [jnp.zeros_like(ct) if peer else ct]


def _recv_tangent_params(params):
    _require_known_source(params["source"], "differentiation", "recv")
    return derivative_kind(params)


def _send_batch(args, dims, **params):
    (x,), (d,) = args, dims
    return send_p.bind(jnp.moveaxis(x, d, 0), **params), None


def _recv_batch(args, dims, **params):
    (x,), (d,) = args, dims
    return recv_p.bind(jnp.moveaxis(x, d, 0), **params), 0


linear_rules(send_p, transpose=_send_transpose, batch=_send_batch,
             primal_params=differentiated_kind, tangent_params=derivative_kind)


def _refuse_batched_backward_pass(trace, params):
    """A backward pass traced earlier (under jit) and batched now refuses on
    every rank, before the batch trace hands an unbatched operation (the
    receive of the cotangent, whose template is a constant) on unchanged
    while its partner's send is batched."""
    if (params.get("returns_cotangent") or params.get("receives_cotangent")) and \
            isinstance(trace, BatchTrace):
        raise NotImplementedError(_NOT_BATCHED.format(
            op="send" if params.get("receives_cotangent") else "recv"))


send_p.trace_check = recv_p.trace_check = _refuse_batched_backward_pass


def _recv_partial_eval(trace, *tracers, **params):
    """Partial evaluation (the tracing of `jax.linear_transpose`, and of a
    jitted function's known part) of the receive of a cotangent refuses:
    it means a backward pass traced earlier is being transposed again, and
    the receive, a constant on this rank, would run at trace time, waiting
    for a message its partner, which transposes its send, never sends."""
    if params["receives_cotangent"]:
        raise NotImplementedError(_NOT_TWICE.format(op="send"))
    return trace.default_process_primitive(recv_p, tracers, params)


pe.custom_partial_eval_rules[recv_p] = _recv_partial_eval
linear_rules(recv_p, transpose=_recv_transpose, batch=_recv_batch,
             primal_params=differentiated_kind, tangent_params=_recv_tangent_params)


def barrier(*, comm=None, token=NOTSET):
    """Wait until every rank of ``comm`` has reached this call.

    Args:
      comm: an mpi4py intracommunicator; default ``MPI.COMM_WORLD``.

    Returns:
      None. Under ``jit`` the barrier runs in program order with the other
      operations and is never dropped. It has no data, so no derivative.

    Raises:
      TypeError: ``comm`` not a communicator.
      RuntimeError: a ``token`` argument.
    """
    reject_token(token)
    comm = resolve_comm(comm)
    barrier_p.bind(comm=comm)


barrier_p = mpi_primitive("barrier", multiple_results=True, abstract_eval=lambda **_: [],
                          ffi_attributes=lambda *, comm: dict(comm=comm.handle))
