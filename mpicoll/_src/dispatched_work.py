"""Dispatched MPI work: waiting until it has finished, at any time and at exit.

mpicoll's jitted computations carry no runtime token (the MPI scope,
`scope`), so JAX does not track them: a program, or JAX's own exit hook,
can go on while MPI operations it dispatched are still running. This
module waits for them where that matters: before a communicator's twin is
freed (`comms`, through `wait_for_dispatched_work`) and at exit, before
mpi4py finalises MPI, unless the program failed and mpi4py is about to
abort the job (the abort status).

Imports: JAX, NumPy, mpi4py and `jax_internals` only; `comms` imports it, which
mpicoll/__init__.py imports first, so the exit hook is registered as soon
as the package is imported.
"""

import atexit
import os
import sys
import time

import jax
import numpy as np
from mpi4py import MPI

from mpicoll._src import jax_internals as ji

_TRIVIAL = jax.jit(lambda x: x + 1)


def wait_for_dispatched_work():
    """Block until every computation dispatched so far has finished.

    mpicoll's jitted computations on one device carry no runtime token (see
    `scope`), so JAX does not track them; the CPU runtime runs one device's
    computations in dispatch order, so a trivial computation on each local
    device finishes after all of that device's. A computation over several
    devices of this process (a shard_map over them) is not ordered before
    such a trivial one: JAX orders it through the runtime tokens of its
    ordered effect, which `jax.effects_barrier` waits for. (Without that
    wait, freeing a communicator right after such a computation freed its
    per-device duplicates while the computation still used them.) A
    computation that failed has finished too: its error is not raised
    here.
    """
    jax.block_until_ready([_TRIVIAL(jax.device_put(np.zeros((), np.int32), device))
                           for device in jax.local_devices()])
    try:
        jax.effects_barrier()
    except Exception:   # noqa: BLE001  (a failed computation has finished)
        pass


def run_alone(fn, *args):
    """`fn(*args)`, a launch over several of this process's devices, run
    alone where JAX needs it (`jax_internals.LAUNCHES_CAN_DEADLOCK`): after
    the work dispatched before it, and waited for. Elsewhere just
    `fn(*args)`."""
    if not ji.LAUNCHES_CAN_DEADLOCK:
        return fn(*args)
    wait_for_dispatched_work()
    return jax.block_until_ready(fn(*args))


_abort_status = 0   # non-zero: mpi4py will call MPI_Abort at exit, not MPI_Finalize


def _abort_grace_from_environment(default=5.0):
    """MPICOLL_ABORT_GRACE_S: how long a failing rank's exit waits for the
    MPI operations it dispatched before it aborts the job (seconds, >= 0;
    docs/errors.md, "A rank that fails"). Read at import, so that a bad
    value is an error there and not at exit."""
    value = os.environ.get("MPICOLL_ABORT_GRACE_S", "").strip()
    if not value:
        return default
    try:
        seconds = float(value)
    except ValueError:
        seconds = float("nan")
    if not 0 <= seconds < float("inf"):      # NaN fails too
        raise ValueError(f"MPICOLL_ABORT_GRACE_S must be a number of seconds >= 0, "
                         f"got {value!r}")
    return seconds


_ABORT_GRACE_S = _abort_grace_from_environment()


def _record_abort_status(set_abort_status):
    # `python -m mpi4py prog.py` calls MPI._set_abort_status(n) when the
    # program ends on an uncaught exception or sys.exit(n != 0); mpi4py then
    # calls MPI_Abort at exit, which ends every rank. mpi4py has no getter.
    def record(status):
        global _abort_status
        _abort_status = _abort_status or int(status)
        return set_abort_status(status)
    return record


if hasattr(MPI, "_set_abort_status"):
    MPI._set_abort_status = _record_abort_status(MPI._set_abort_status)


_LEFT_SENDS_WARN_S = 10.0    # waiting this long for the sends waits left, say so
_LEFT_SENDS_MAX_S = 120.0    # and give up after this long


def _complete_left_sends(ffi):
    # A point-to-point wait leaves its sends to complete later (left_sends.pxi):
    # they complete once their destinations receive them, which a partner
    # still working may do after this rank's program has ended. MPI must
    # not be finalised before: wait, say so when it takes long, and drop
    # them after _LEFT_SENDS_MAX_S (a destination that never receives, the
    # case where a blocking send would hang).
    start = time.monotonic()
    warned = False
    while ffi.test_left_sends():
        waited = time.monotonic() - start
        if not warned and waited > _LEFT_SENDS_WARN_S:
            warned = True
            sys.stderr.write(
                f"mpicoll: rank {MPI.COMM_WORLD.Get_rank()} is waiting at exit for sends "
                f"whose destinations have not received them: {_describe(ffi.left_sends())}\n")
        if waited > _LEFT_SENDS_MAX_S:
            sys.stderr.write(
                f"mpicoll: rank {MPI.COMM_WORLD.Get_rank()} drops sends not received after "
                f"{_LEFT_SENDS_MAX_S:g} s: {_describe(ffi.left_sends())}\n")
            ffi.drop_left_sends()
            return
        time.sleep(0.001)


def _describe(sends):
    return "; ".join(f"{where} to rank {dest} (tag {tag})" for where, _, dest, tag in sends)


def _stop_nonblocking_progress():
    # The progress thread of nonblocking operations calls MPI: it must stop
    # before MPI is finalised. Requests never waited for are reported (MPI
    # may hang finalising with them pending).
    try:
        from mpicoll._src import _ffi
    except ImportError:
        return
    pending = _ffi.pending_requests()
    if pending:
        sys.stderr.write(
            f"mpicoll: rank {MPI.COMM_WORLD.Get_rank()} exits with {pending} nonblocking "
            "operation(s) never waited for (mpicoll.wait); MPI may wait for them at exit\n")
    _complete_left_sends(_ffi)
    _ffi.stop_progress()


@atexit.register
def _wait_for_pending_mpi_work():
    # JAX's own exit hook does not wait for jitted MPI operations still
    # running. Registered after mpi4py's MPI_Finalize hook, so it runs first.
    if not _abort_status:
        try:
            wait_for_dispatched_work()
        except Exception:   # interpreter shutting down: nothing left to protect
            pass
        _stop_nonblocking_progress()
        return
    # The program failed and mpi4py will abort the job. Work it dispatched
    # may wait for ranks that will never join it; then waiting would hang, and
    # so would the interpreter's teardown (it joins JAX's runtime threads),
    # which comes before mpi4py's MPI_Abort. Give the work a moment, then
    # abort at once. (Polled here: the marker computation is ordered after
    # the pending work only when dispatched from the thread that dispatched it.)
    try:
        marker = _TRIVIAL(np.zeros((), np.int32))
        deadline = time.monotonic() + _ABORT_GRACE_S
        while not marker.is_ready() and time.monotonic() < deadline:
            time.sleep(0.01)
        if marker.is_ready():
            return
    except Exception:
        pass
    sys.stderr.write(
        f"mpicoll: rank {MPI.COMM_WORLD.Get_rank()} is exiting with status "
        f"{_abort_status} while MPI operations it dispatched have not finished "
        f"after {_ABORT_GRACE_S:g} s; calling MPI_Abort now\n")
    sys.stderr.flush()
    MPI.COMM_WORLD.Abort(_abort_status)
