"""mpi4jax < 0.8's calling convention on mpicoll's operations.

Talks and tutorials written for mpi4jax 0.7 and earlier thread an XLA token
through every call by hand::

    import mpicoll.compat.mpi4jax_v07 as mpi4jax

    arr_sum, token = mpi4jax.allreduce(arr, op=MPI.SUM, comm=comm)
    token = mpi4jax.send(arr, dest=1, comm=comm, token=token)
    arr, token = mpi4jax.recv(arr, source=0, comm=comm, token=token)

With this import such code runs unchanged: every operation accepts
``token=`` (``None``, a token from ``jax.lax.create_token()`` or one an
earlier operation returned) and returns ``(result, token)``, or only the
token for ``send`` and ``barrier``, which have no result. The token carries
no ordering: mpicoll runs every rank's operations in program order by
itself (also inside ``jit``, loops and ``grad``), so a token that is
dropped, reused or never passed changes nothing. Arguments, defaults,
results and gradients are those of the same operation in :mod:`mpicoll`
(see its docstrings); a ``token`` that is not a token raises TypeError.

New code should use :mod:`mpicoll` directly (mpi4jax >= 0.8's convention:
no tokens).
"""

import functools

import jax

import mpicoll

__all__ = ["allgather", "allreduce", "alltoall", "barrier", "bcast", "gather", "recv",
           "reduce", "scan", "scatter", "send", "sendrecv", "has_cuda_support",
           "has_sycl_support"]

_TOKEN_TYPE = jax.typeof(jax.lax.create_token())


def _check_token(token, name):
    if token is None:
        return
    try:
        is_token = jax.typeof(token) == _TOKEN_TYPE
    except TypeError:
        is_token = False
    if not is_token:
        raise TypeError(
            f"mpicoll.compat.mpi4jax_v07.{name}: token must be None or a token "
            f"(jax.lax.create_token(), or one an earlier operation returned); got "
            f"{type(token).__name__}")


def _with_token(op, *, has_result=True):
    """`op` with mpi4jax 0.7's signature: a `token=` keyword argument, and a
    token returned after the result (alone, if `op` has no result)."""
    @functools.wraps(op)
    def wrapped(*args, token=None, **kwargs):
        _check_token(token, op.__name__)
        result = op(*args, **kwargs)
        return (result, jax.lax.create_token()) if has_result else jax.lax.create_token()
    wrapped.__doc__ = (
        f"mpi4jax 0.7's ``{op.__name__}``: :func:`mpicoll.{op.__name__}` with a ``token=`` "
        f"argument (ignored: ordering is automatic), returning "
        + ("``(result, token)``." if has_result else "a token.")
        + f"\n\nSee :func:`mpicoll.{op.__name__}` for the arguments, gradients and errors.")
    return wrapped


allgather = _with_token(mpicoll.allgather)
allreduce = _with_token(mpicoll.allreduce)
alltoall = _with_token(mpicoll.alltoall)
bcast = _with_token(mpicoll.bcast)
gather = _with_token(mpicoll.gather)
recv = _with_token(mpicoll.recv)
reduce = _with_token(mpicoll.reduce)
scan = _with_token(mpicoll.scan)
scatter = _with_token(mpicoll.scatter)
sendrecv = _with_token(mpicoll.sendrecv)
send = _with_token(mpicoll.send, has_result=False)
barrier = _with_token(mpicoll.barrier, has_result=False)
has_sycl_support = mpicoll.has_sycl_support
has_cuda_support = mpicoll.has_cuda_support
