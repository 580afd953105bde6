"""A rank that dies mid-run ends the whole job in bounded time.

Each case launches `scripts/dead_rank.py` as a fresh MPI job: after checked
warm-up collectives one rank dies (sys.exit(3), an uncaught exception,
os._exit(3), SIGKILL) while the others wait for it inside a jitted
collective or an eager receive; in the "recv" cases the dying rank also
has a jitted allreduce pending that nobody will join. The launcher must
return within BOUND_S with a non-zero status, every rank must have got
past the warm-up, the dying rank must be named, and no survivor may
report that its call completed.

Programs run as ``python -m mpi4py prog.py``: then an uncaught exception or
``sys.exit(n)`` with n != 0 aborts the job (MPI_Abort). Under plain
``python prog.py`` such a rank calls MPI_Finalize at exit, which waits for
ranks that are waiting for it (a hang in any mpi4py program; see docs/errors.md,
"A rank that fails").

The launcher: ``$MPICOLL_LAUNCHER`` (a command prefix, e.g. ``srun`` or
``mpirun --oversubscribe``), to which ``-n N python -m mpi4py
scripts/dead_rank.py ...`` is appended; default: the ``mpiexec`` next to
this Python with ``$MPIEXEC_FLAGS``. Only the exit status, the time and the
program's own lines are checked, so any launcher fits.

Run directly (``python -m pytest tests/test_dead_rank.py``) it runs every
case. Inside the MPI suite (`scripts/pytest_mpi.py`) it runs at 1 rank only,
and only two cases (an exception with pending work, SIGKILL during a
collective), to keep the suite short; the nested launcher gets an
environment without the outer job's PMI/Hydra/Open MPI variables, so it
starts a job of its own.
"""

import os
import shlex
import signal
import subprocess
import sys
import time

import pytest
from mpi4py import MPI

import jobs
from mpicoll._src import dispatched_work

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SCRIPT = os.path.join(ROOT, "scripts", "dead_rank.py")
# Measured with MPICH's hydra on 2 cores: 5-10 s per case (most of it the
# ranks' start-up); the bound leaves room for a loaded machine.
BOUND_S = 60


SIZE = MPI.COMM_WORLD.Get_size()
NESTED = jobs.inside_launcher()

pytestmark = pytest.mark.skipif(
    SIZE > 1, reason="starts MPI jobs of its own: runs at 1 rank (or without a launcher)")

HOWS = ("exit", "exception", "os_exit", "sigkill")
CASES = ([(2, how, wait) for wait in ("collective", "recv") for how in HOWS]
         + [(4, how, "recv") for how in HOWS])
SUITE_CASES = {(2, "exception", "recv"), (2, "sigkill", "collective")}
# The cases whose failing rank waits at exit for its pending allreduce: one
# waits the default 5 s, the others MPICOLL_ABORT_GRACE_S (shorter, which
# also checks that the setting is honoured).
DEFAULT_GRACE_CASE = (2, "exception", "recv")
SHORT_GRACE_S = 0.5


def _grace(n, how, wait):
    """The abort grace the failing rank waits at exit, or None (no wait)."""
    if wait != "recv" or how not in ("exit", "exception"):
        return None
    return 5.0 if (n, how, wait) == DEFAULT_GRACE_CASE else SHORT_GRACE_S


def _run(n, how, wait):
    command = jobs.launcher() + ["-n", str(n), sys.executable, "-m", "mpi4py", SCRIPT,
                             "--how", how, "--wait", wait]
    grace = _grace(n, how, wait)
    # set or emptied (the default) either way: a value this process has does not leak in
    extra = {} if grace is None else \
        {"MPICOLL_ABORT_GRACE_S": "" if grace == 5.0 else f"{grace:g}"}
    start = time.monotonic()
    proc = subprocess.Popen(command, cwd=ROOT, env=jobs.environment(**extra), stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, text=True, start_new_session=True)
    try:
        output, _ = proc.communicate(timeout=BOUND_S)
        hung = False
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)   # the launcher and what it started
        output, _ = proc.communicate()
        hung = True
    return proc.returncode, time.monotonic() - start, hung, output, command


@pytest.mark.parametrize("n,how,wait", CASES, ids=[f"np{n}-{h}-{w}" for n, h, w in CASES])
def test_job_ends_when_a_rank_dies(n, how, wait):
    if NESTED and (n, how, wait) not in SUITE_CASES:
        pytest.skip("in the MPI suite only the two quick cases run; "
                    "all: python -m pytest tests/test_dead_rank.py")
    status, seconds, hung, output, command = _run(n, how, wait)
    victim = n - 1
    where = f"\n$ {shlex.join(command)}\n(status {status}, {seconds:.1f} s)\n{output}"
    assert not hung, f"the job did not end within {BOUND_S} s" + where
    assert status != 0, "the launcher returned status 0" + where
    for r in range(n):   # the failure came mid-run, after working collectives
        assert f"rank {r}: warm-up ok" in output, f"rank {r} did not finish its warm-up" + where
    assert f"rank {victim}: dying now ({how})" in output, where
    assert "returned from a" not in output, "a survivor's call completed" + where
    if how == "exception":
        assert f"RuntimeError: deliberate failure on rank {victim}" in output, where
    grace = _grace(n, how, wait)
    if grace is not None:
        # mpicoll's exit hook waited the grace, no longer, for the allreduce
        # nobody joins, then aborted
        assert f"mpicoll: rank {victim} is exiting with status" in output, where
        assert f"have not finished after {grace:g} s; calling MPI_Abort" in output, where


@pytest.mark.parametrize("value", ["soon", "-1", "nan", "inf"])
def test_abort_grace_must_be_seconds(value, monkeypatch):
    monkeypatch.setenv("MPICOLL_ABORT_GRACE_S", value)
    with pytest.raises(ValueError, match="MPICOLL_ABORT_GRACE_S must be a number of "
                                         f"seconds >= 0, got '{value}'"):
        dispatched_work._abort_grace_from_environment()


@pytest.mark.parametrize("value,seconds", [("", 5.0), (" ", 5.0), ("0", 0.0), ("2.5", 2.5)])
def test_abort_grace_from_the_environment(value, seconds, monkeypatch):
    monkeypatch.setenv("MPICOLL_ABORT_GRACE_S", value)
    assert dispatched_work._abort_grace_from_environment() == seconds
