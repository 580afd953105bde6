"""User settings that are read when a function is traced."""

import contextlib
import os

from mpi4py import MPI

# The largest message that keeps every MPI count <= INT_MAX and every single
# message <= 2**31 - 1 bytes (some MPI transports misbehave above 2 GiB).
DEFAULT_CHUNK_BYTES = 2**31 - 1

_ENV_CHUNK_BYTES = "MPICOLL_CHUNK_BYTES"
_chunk_bytes = None   # None: take the environment variable or the default


def _parse_chunk_bytes(value, source):
    if isinstance(value, bool):
        raise TypeError(f"{source} must be an integer number of bytes, got {value!r}")
    try:
        number = int(value)
        if isinstance(value, float) and number != value:
            raise ValueError
    except (TypeError, ValueError, OverflowError):
        raise ValueError(
            f"{source} must be a positive integer number of bytes, got {value!r}") from None
    if not 0 < number < 2**63:
        raise ValueError(f"{source} must be between 1 and 2**63 - 1 bytes, got {number}")
    return number


def set_chunk_bytes(nbytes):
    """Set the largest size, in bytes, of one MPI message that mpicoll sends.

    Messages larger than this are split into several MPI calls, in an order
    every rank agrees on. Moved data is bitwise identical to one call; a
    reduction gives every rank the same bits, which at three or more ranks
    can differ from one call's in the last bits (MPI picks the order in
    which it combines the ranks' values by message size). The setting is
    read when a function is traced and becomes part of the trace:
    set it before the first call of a jitted function, identically on all
    ranks. A function already traced keeps the limit it was traced with (JAX
    caches traces per Python function) until ``jax.clear_caches()`` or
    ``f.clear_cache()``.

    The ranks compare their limits when mpicoll first uses a communicator
    (COMM_WORLD: at import, with the environment variable's value) and raise
    on every rank if they differ; a limit changed later with this function is
    compared only by debug mode (``MPICOLL_DEBUG=1``), collective by
    collective. This function itself does not communicate.

    Args:
      nbytes: a positive integer below 2**63, or None to return to the environment
        variable ``MPICOLL_CHUNK_BYTES`` or the default (2**31 - 1).

    Raises:
      ValueError: ``nbytes`` is zero, negative, too large or not an integer.
      TypeError: ``nbytes`` is a bool.
    """
    global _chunk_bytes
    _chunk_bytes = None if nbytes is None else _parse_chunk_bytes(nbytes, "chunk_bytes")


def get_chunk_bytes():
    """The chunk limit in force: the Python setting, else ``MPICOLL_CHUNK_BYTES``, else the default."""
    if _chunk_bytes is not None:
        return _chunk_bytes
    env = os.environ.get(_ENV_CHUNK_BYTES)
    if env is not None and env.strip():
        return _parse_chunk_bytes(env.strip(), _ENV_CHUNK_BYTES)
    return DEFAULT_CHUNK_BYTES


# --- Reductions by blocks ------------------------------------------------------

_ENV_REDUCTION_BLOCKS = "MPICOLL_REDUCTION_BLOCKS"
_reduction_blocks = None   # None: take the environment variable or the default


def _parse_reduction_blocks(text, source):
    if text.strip() not in ("0", "1"):
        raise ValueError(f"{source} must be 1 (reduce by blocks) or 0 (one MPI call per "
                         f"message), got {text!r}")
    return text.strip() == "1"


def set_reduction_blocks(enabled):
    """Choose how allreduce and reduce combine messages of 1 MiB and more.

    With ``True`` (the default) an allreduce of 1-32 MiB per MPI message is
    a reduce-scatter, each rank reducing one block, then an allgather of the
    blocks; a reduce of 1 MiB or more is the same reduce-scatter, then a
    gather to root. MPI then needs no temporary of the whole message, which
    makes these sizes up to 3x faster where a fresh result's memory would
    otherwise be given back to the system and faulted in again on every call
    (docs/performance.md). With ``False`` every message is one
    ``MPI_Allreduce`` or ``MPI_Reduce``: the result has exactly the bits
    your MPI's own call gives (mpi4py's ``comm.Allreduce`` on the same
    arrays, for instance, except floating-point MIN and MAX, which are
    mpicoll's own operations: see `allreduce`). The two agree exactly for
    integers, logical and bitwise operations, MIN and MAX, and at two
    ranks; at three or more ranks a floating-point SUM or PROD can differ
    in the last bits, because MPI's reduce-scatter combines the ranks'
    values in another order than its allreduce. Either way every rank gets
    the same bits, and donating the input does not change them.

    Like the chunk limit (`set_chunk_bytes`) the setting is read when a
    function is traced and becomes part of the trace; set it identically on
    all ranks (ranks that differ make different MPI calls). The ranks
    compare it when mpicoll first uses a communicator (COMM_WORLD: at
    import, with the environment variable ``MPICOLL_REDUCTION_BLOCKS``) and
    raise ``ValueError`` on every rank if it differs; a change made later
    with this function is compared by debug mode (``MPICOLL_DEBUG=1``),
    collective by collective. This function itself does not communicate.

    Args:
      enabled: ``True`` or ``False``, or ``None`` to return to the
        environment variable ``MPICOLL_REDUCTION_BLOCKS`` (``1`` or ``0``)
        or the default, ``True``.

    Raises:
      TypeError: ``enabled`` is not True, False or None.
    """
    global _reduction_blocks
    if enabled is not None and not isinstance(enabled, bool):
        raise TypeError(f"enabled must be True, False or None, got {enabled!r}")
    _reduction_blocks = enabled


def get_reduction_blocks():
    """Whether allreduce and reduce of 1 MiB and more run by blocks (see
    `set_reduction_blocks`): the Python setting, else
    ``MPICOLL_REDUCTION_BLOCKS``, else ``True``."""
    if _reduction_blocks is not None:
        return _reduction_blocks
    env = os.environ.get(_ENV_REDUCTION_BLOCKS)
    if env is not None and env.strip():
        return _parse_reduction_blocks(env, _ENV_REDUCTION_BLOCKS)
    return True


_user_dtype = None   # set while a 16-bit reduction is traced in float32


@contextlib.contextmanager
def computed_in(user_dtype):
    """Trace a reduction of `user_dtype` data that is computed in a wider type
    (float16/bfloat16 SUM/PROD in float32): the chunk limit is checked
    against the user's element and rounded up to one wide element."""
    global _user_dtype
    previous, _user_dtype = _user_dtype, user_dtype
    try:
        yield
    finally:
        _user_dtype = previous


def chunk_bytes_for(dtype):
    """The chunk limit for `dtype`, checked to hold at least one element."""
    limit = get_chunk_bytes()
    if _user_dtype is not None and limit >= _user_dtype.itemsize:
        return max(limit, dtype.itemsize)
    if limit < dtype.itemsize:
        shown = dtype if _user_dtype is None else _user_dtype
        raise ValueError(
            f"the chunk limit ({limit} bytes) is smaller than one {shown} element "
            f"({shown.itemsize} bytes); raise it with mpicoll.set_chunk_bytes or "
            f"{_ENV_CHUNK_BYTES}")
    return limit


# --- Agreement across ranks --------------------------------------------------
#
# Ranks with different chunk limits split the same message differently, and
# ranks with different reduction-blocks settings make different MPI calls
# for the same reduction: their calls no longer pair up, which corrupts data
# or hangs, and MPI cannot tell. So the ranks compare their settings where
# they all are anyway: when mpicoll first uses a communicator
# (`comms.private_comm`, next to the collective MPI_Comm_dup of its
# duplicate; for COMM_WORLD at import). A later change (set_chunk_bytes,
# set_reduction_blocks, os.environ) is not compared there: no later point is
# reached by every rank of a communicator without a communication per
# operation (set_chunk_bytes may rightly be called on one rank, for a
# point-to-point exchange with a plain MPI peer), and one allgather per call
# is what debug mode (MPICOLL_DEBUG=1) does, for every collective.

_INVALID = -1      # this rank's setting does not parse


def _setting_or_invalid(get):
    try:
        return get()
    except ValueError:
        return _INVALID


def check_same_settings(comm, when):
    """Raise ValueError on every rank of `comm` if the ranks' chunk limits or
    reduction-blocks settings differ (one allgather over `comm`; every rank
    must call it). A rank whose setting does not parse counts as "invalid";
    if all are invalid, nothing is raised here (tracing raises the parse
    error, as before)."""
    if comm.Get_size() == 1 or MPI.Is_finalized():
        return
    settings = comm.allgather((_setting_or_invalid(get_chunk_bytes),
                               _setting_or_invalid(get_reduction_blocks)))
    limits, blocks = zip(*settings)

    def shown(values, name):
        return ", ".join(f"rank {r}: {'invalid' if v == _INVALID else name(v)}"
                         for r, v in enumerate(values))
    if len(set(limits)) != 1:
        raise ValueError(
            f"mpicoll: the ranks of a communicator of {len(limits)} ranks have different "
            f"chunk limits ({when}); limit in bytes on each rank: {shown(limits, str)}. "
            f"Set the same limit on every rank (mpicoll.set_chunk_bytes on all ranks, or "
            f"the same {_ENV_CHUNK_BYTES} everywhere).")
    if len(set(blocks)) != 1:
        raise ValueError(
            f"mpicoll: the ranks of a communicator of {len(blocks)} ranks have different "
            f"reduction-blocks settings ({when}); on each rank: "
            f"{shown(blocks, lambda v: 'blocks' if v else 'one call')}. Set the same on "
            f"every rank (mpicoll.set_reduction_blocks on all ranks, or the same "
            f"{_ENV_REDUCTION_BLOCKS} everywhere).")


_ENV_DERIVATIVE_CHECK = "MPICOLL_DERIVATIVE_CHECK"


def derivative_check_enabled():
    """Whether differentiated collectives first check that every rank
    differentiates them (docs/differentiation.md, "Pitfalls"): on unless
    ``MPICOLL_DERIVATIVE_CHECK=0``. Read when a function is traced; set it
    the same way on every rank (the check is a collective call)."""
    return os.environ.get(_ENV_DERIVATIVE_CHECK, "1").strip() != "0"
