"""sendrecv: send one array to a rank and receive one from a (maybe other) rank.

Serial equivalent: rank r's result is rank ``source``'s ``sendbuf``; with
``source=MPI.PROC_NULL`` nothing arrives and the result is ``recvbuf``.
"""

import dataclasses

import jax.numpy as jnp
from jax.interpreters import ad, batching
from mpi4py import MPI

from mpicoll._src.comms import resolve_comm
from mpicoll._src.config import chunk_bytes_for
from mpicoll._src.primitive import differentiated_kind, linear_rules, mpi_primitive
from mpicoll._src.validation import as_array, check_rank, check_tag, NOTSET, reject_token


@dataclasses.dataclass(frozen=True, eq=False)
class StatusParam:
    """An MPI.Status as a primitive parameter; compared by identity.

    Holding it here keeps the Status alive as long as any compiled function
    that writes into it.
    """
    status: MPI.Status

    @property
    def address(self):
        return MPI._addressof(self.status)


def sendrecv(sendbuf, recvbuf, source, dest, *, sendtag=0, recvtag=MPI.ANY_TAG,
             comm=None, status=None, token=NOTSET):
    """Send ``sendbuf`` to ``dest`` and receive into a copy of ``recvbuf`` from ``source``.

    Both happen at once (MPI_Sendrecv), so a ring shift cannot deadlock.

    Args:
      sendbuf: array to send (any shape and supported dtype).
      recvbuf: array whose shape and dtype the incoming message has; its values
        are returned where nothing is received (``source=MPI.PROC_NULL``, or
        a message shorter than ``recvbuf``), as MPI leaves such memory alone.
      source: rank to receive from, ``MPI.ANY_SOURCE`` or ``MPI.PROC_NULL``.
      dest: rank to send to, or ``MPI.PROC_NULL``.
      sendtag: tag of the outgoing message (0..``mpicoll.max_tag()``).
      recvtag: tag to accept, or ``MPI.ANY_TAG`` (default).
      comm: an mpi4py intracommunicator; default ``MPI.COMM_WORLD``.
      status: optional ``MPI.Status``; filled with source, tag and element
        count of the received message when the operation runs (also under jit).

    Returns:
      A new array with ``recvbuf``'s shape and dtype holding the received data.

    Gradients: linear in (sendbuf, recvbuf). The transpose sends the
    cotangent of the result back to ``source`` and receives the cotangent of
    ``sendbuf`` from ``dest``; the derivative with respect to ``recvbuf`` is
    the identity where nothing is received and zero elsewhere. Forward and
    reverse mode need an explicit ``source`` (not ``MPI.ANY_SOURCE``).
    ``vmap``: if either buffer is batched both are, so every rank must vmap
    the same way (as an SPMD program does).

    Raises:
      ValueError: ranks or tags out of range.
      TypeError: ranks or tags that are traced values or not ints; unsupported
        dtypes; ``comm`` or ``status`` of the wrong type.
    """
    reject_token(token)
    comm = resolve_comm(comm)
    sendbuf = as_array(sendbuf, "sendbuf")
    recvbuf = as_array(recvbuf, "recvbuf")
    source = check_rank(source, "source", comm, allow_any_source=True)
    dest = check_rank(dest, "dest", comm)
    sendtag = check_tag(sendtag, "sendtag")
    recvtag = check_tag(recvtag, "recvtag", allow_any_tag=True)
    if status is not None and not isinstance(status, MPI.Status):
        raise TypeError(f"status must be an mpi4py MPI.Status or None, got {type(status).__name__}")
    return _sendrecv(sendbuf, recvbuf, source=source, dest=dest, sendtag=sendtag,
                     recvtag=recvtag, comm=comm,
                     status=None if status is None else StatusParam(status))


def _sendrecv(sendbuf, recvbuf, *, status=None, **params):
    chunk = max(chunk_bytes_for(sendbuf.dtype), chunk_bytes_for(recvbuf.dtype))
    return sendrecv_p.bind(sendbuf, recvbuf, status=status, chunk_bytes=chunk, kind=0,
                           **params)


# Message kinds (the `kind` parameter of sendrecv, send and recv; "message
# kinds" in point_to_point.pxi): a rank whose operation runs inside its JVP
# rule marks its messages differentiated (`differentiated_kind`), and
# tangents and cotangents are derivative messages, so that a receiver can
# tell when the two ranks of a pairing do not both differentiate (JAX skips
# the rule where no input carries a derivative) and raise instead of pairing
# later messages wrongly. A transpose sends and receives derivative
# messages whether the operation it transposes was a tangent (under
# `jax.vjp`) or the program's own (`jax.linear_transpose`), so that a
# blocking end and a nonblocking one (whose transposes post derivative
# messages) pair under either.
KIND_DERIVATIVE = 2


def derivative_kind(params):
    """Parameters of the tangent operation of a JVP rule (no Status: it
    describes the primal message)."""
    params = dict(params, kind=KIND_DERIVATIVE)
    if "status" in params:
        params["status"] = None
    return params


def _attributes(*, source, dest, sendtag, recvtag, comm, status, chunk_bytes, kind):
    return dict(comm=comm.handle, source=source, dest=dest, sendtag=sendtag,
                recvtag=recvtag, chunk_bytes=chunk_bytes, kind=kind,
                status=0 if status is None else status.address)


sendrecv_p = mpi_primitive(
    "sendrecv",
    abstract_eval=lambda sendbuf, recvbuf, **_: recvbuf,
    ffi_attributes=_attributes,
    reusable_operand=1,      # receive straight into a dead recvbuf
    collective=False,
)


def _require_known_source(source, what, op="sendrecv"):
    # (raised on the receiving rank only, while it traces: its sender cannot
    # know, and waits; docs/errors.md, "Mistakes only one rank can see")
    if source == MPI.ANY_SOURCE:
        raise NotImplementedError(
            f"{what} of {op} needs an explicit source rank: with MPI.ANY_SOURCE "
            "the rank to send the derivative to is only known at run time. Only "
            "this rank can tell: the sender waits for the derivative, so end the "
            "job (run under `python -m mpi4py`, which aborts every rank on an "
            "uncaught exception)")


def _tangent_params(params):
    _require_known_source(params["source"], "differentiation")
    return derivative_kind(params)


def _transpose(ct, sendbuf, recvbuf, *, source, dest, sendtag, recvtag, comm,
               status, chunk_bytes, kind):
    _require_known_source(source, "the transpose")
    send_aval = sendbuf.aval if ad.is_undefined_primal(sendbuf) else sendbuf
    # The cotangent goes back along the edge it came: to `source`, and the
    # cotangent of sendbuf arrives from `dest`. The receive accepts any tag
    # (the source rank is explicit and MPI keeps messages between a pair in
    # order); the send uses the tag the forward message was received with.
    ct_send = sendrecv_p.bind(
        ct, jnp.zeros(send_aval.shape, send_aval.dtype),
        source=dest, dest=source,
        sendtag=recvtag if recvtag != MPI.ANY_TAG else sendtag,
        recvtag=MPI.ANY_TAG, comm=comm, status=None, chunk_bytes=chunk_bytes,
        kind=KIND_DERIVATIVE)
    ct_recv = ct if source == MPI.PROC_NULL else jnp.zeros_like(ct)
    return [ct_send if ad.is_undefined_primal(sendbuf) else None,
            ct_recv if ad.is_undefined_primal(recvbuf) else None]


def _batch(args, dims, **params):
    sendbuf, recvbuf = args
    size = next(a.shape[d] for a, d in zip(args, dims) if d is not None)
    # Both buffers get the batch axis in front; an unbatched one is broadcast
    # so that every rank sends and receives the same number of elements.
    sendbuf, recvbuf = (batching.bdim_at_front(a, d, size) for a, d in zip(args, dims))
    return sendrecv_p.bind(sendbuf, recvbuf, **params), 0


linear_rules(sendrecv_p, transpose=_transpose, batch=_batch, tangent_params=_tangent_params,
             primal_params=differentiated_kind)
