"""The notebooks of docs/notebooks/ run from scratch, and mpicoll.notebook's
bad paths say what is wrong and leave no process behind.

* Each notebook runs at 4 MPI engines (``python -m mpicoll.notebook
  --engines 4``, as a user would; the docs build runs them at 2), every cell
  must pass, and the outputs must show the 4 ranks' numbers.
* A notebook whose ``%%px`` cell fails, and one whose kernel is killed
  mid-run, must fail, and afterwards no process of the run may remain (the
  controller, mpiexec, the engines, the watchdog): the kernel's exit stops the
  cluster, and when the kernel is killed the watchdog does.
* No mpiexec, an mpiexec that exits at once, engines that do not register
  within the timeout, no ipyparallel, no Jupyter kernel: each gives an error
  that names the problem and the way out, and nothing is left running.

Every run is a process of its own, started with the outer MPI job's
variables removed (tests/jobs.py) and a tag in its environment that all its
descendants inherit, by which the leftover check finds them. Inside the MPI
suite (scripts/pytest_mpi.py) this runs at 1 rank only; directly:
``python -m pytest tests/test_notebooks.py``.
"""

import os
import pathlib
import re
import shutil
import subprocess
import sys
import time
import uuid

import pytest
from mpi4py import MPI

import jobs

ROOT = pathlib.Path(__file__).resolve().parent.parent
NOTEBOOKS = sorted(p for p in (ROOT / "docs" / "notebooks").glob("*.md")
                   if "kernelspec:" in p.read_text().split("\n---", 1)[0])
ENGINES = 4
# One notebook takes about 20 s at 4 engines on an idle 2-core machine (most
# of it starting and stopping the engines and compiling); the bound leaves
# room for a loaded one.
BOUND_S = 300
TAG = "MPICOLL_NOTEBOOK_TEST_TAG"

pytestmark = pytest.mark.skipif(
    MPI.COMM_WORLD.Get_size() > 1,
    reason="starts MPI jobs of its own: runs at 1 rank (or without a launcher)")

# what tells the reader a notebook ran at 4 ranks, and right
EXPECTED = {
    "first_steps": ["I am rank 3 of 4", "allreduce returned: [499500.0, 499500.0, 499500.0, "
                    "499500.0]", "gradients of the ranks:      [10.0, 10.0, 10.0, 10.0]",
                    "serial gradient, one process: [10.0, 10.0, 10.0, 10.0]"],
    "poisson": ["grid position [1, 1]: x 16..31, y 16..31, z 0..31"],
}


def _number(pattern, text):
    match = re.search(pattern, text)
    assert match, f"{pattern!r} not in the outputs:\n{text}"
    return [float(g) for g in match.groups()]


def _check_poisson(text):
    """The solve and the gradient are right to rounding (float64)."""
    assert _number(r"max \|u - u_exact\| over all ranks: (\S+)", text)[0] < 1e-12
    assert _number(r"max \|grad - \(-cos\(4x \+ z\) / 17\)\| = (\S+)", text)[0] < 1e-12
    fd, directional = _number(r"finite difference (\S+), <grad, v> (\S+)", text)
    assert abs(fd - directional) <= 1e-5 * abs(directional), (fd, directional)

try:
    import psutil
except ImportError:       # comes with ipyparallel (the notebooks extra)
    psutil = None


def _tagged(tag):
    """The live processes whose environment carries `tag`."""
    found = []
    for p in psutil.process_iter(["pid"]):
        try:
            if p.environ().get(TAG) == tag and p.status() != psutil.STATUS_ZOMBIE:
                found.append(p)
        except psutil.Error:
            pass
    return found


def _run(args, timeout=BOUND_S):
    """Run `python args...` tagged; return (status, output, tag)."""
    tag = uuid.uuid4().hex
    proc = subprocess.Popen([sys.executable] + args, cwd=ROOT,
                            env=jobs.environment(**{TAG: tag}), stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, text=True, start_new_session=True)
    try:
        output, _ = proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        for p in _tagged(tag):
            p.kill()
        output, _ = proc.communicate()
        pytest.fail(f"python {' '.join(args)} still ran after {timeout} s:\n{output}")
    return proc.returncode, output, tag


def _assert_none_left(tag, within=20):
    """No process of the run is left `within` seconds after it ended (the
    watchdog notices its parent's death within about a second, then gives the
    processes 3 s to end)."""
    deadline = time.monotonic() + within
    while (left := _tagged(tag)) and time.monotonic() < deadline:
        time.sleep(0.5)
    if left:
        lines = []
        for p in left:
            try:
                lines.append(f"{p.pid}: {' '.join(p.cmdline())}")
                p.kill()
            except psutil.Error:
                pass
        pytest.fail(f"{len(lines)} processes were left running:\n" + "\n".join(lines))


@pytest.fixture(autouse=True)
def _needs_the_extra():
    if psutil is None:
        pytest.fail('the notebooks extra is not installed: pip install "mpicoll[notebooks]" '
                    "(./scripts/setup.sh installs it)")


def _text(notebook):
    """Every output of an executed .ipynb, as text."""
    import nbformat
    parts = []
    for cell in nbformat.read(str(notebook), as_version=4).cells:
        for out in cell.get("outputs", []):
            assert out["output_type"] != "error", out
            # a print may arrive as several stream messages: no separator
            parts.append(out["text"] if out["output_type"] == "stream"
                         else "\n" + out.get("data", {}).get("text/plain", "") + "\n")
    return "".join(parts)


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=[p.stem for p in NOTEBOOKS])
def test_notebook_runs_at_4_engines(notebook, tmp_path):
    status, output, tag = _run(["-m", "mpicoll.notebook", "--engines", str(ENGINES),
                                "--output", str(tmp_path), str(notebook)])
    assert status == 0, output
    assert "ran every cell" in output, output
    executed = tmp_path / (notebook.stem + ".ipynb")
    text = _text(executed)
    assert f"<mpicoll.notebook.Engines: {ENGINES} MPI ranks, running>" in text
    for expected in EXPECTED.get(notebook.stem, []):
        assert expected in text, f"{expected!r} not in the outputs:\n{text}"
    if notebook.stem == "poisson":
        _check_poisson(text)
    pictures = executed.read_text().count('"image/png"')
    assert pictures >= 1, "no picture in the outputs"
    _assert_none_left(tag)


def test_the_notebooks_are_found():
    assert {p.stem for p in NOTEBOOKS} == set(EXPECTED)


FAILING = """---
kernelspec:
  display_name: Python 3 (ipykernel)
  language: python
  name: python3
---

```{{code-cell}} ipython3
import mpicoll.notebook
engines = mpicoll.notebook.start_engines(2)
```

```{{code-cell}} ipython3
{failing}
```

```{{code-cell}} ipython3
engines.stop()
```
"""

FAILURES = {
    # a rank raises; the other finished the cell
    "px-cell-raises": ("%%px\nfrom mpi4py import MPI\n"
                       "if MPI.COMM_WORLD.rank == 1:\n"
                       "    raise RuntimeError('deliberate failure on rank 1')",
                       "deliberate failure on rank 1"),
    # the kernel dies without cleaning up: the watchdog stops the cluster
    "kernel-killed": ("import os, signal\nos.kill(os.getpid(), signal.SIGKILL)",
                      "Kernel died"),
}


@pytest.mark.parametrize("case", FAILURES)
def test_failing_notebook_fails_and_stops_the_cluster(case, tmp_path):
    cell, message = FAILURES[case]
    notebook = tmp_path / "failing.md"
    notebook.write_text(FAILING.format(failing=cell))
    status, output, tag = _run(["-m", "mpicoll.notebook", str(notebook)])
    assert status == 1, output
    assert "FAILED" in output and message in output, output
    _assert_none_left(tag)


def _start(code):
    """Run `code` then start_engines in a process of its own."""
    return _run(["-c", "import mpicoll.notebook as nb\n" + code], timeout=120)


def test_no_mpiexec():
    status, output, tag = _start(
        "import os, sys\n"
        "sys.executable = '/nonexistent/bin/python'; os.environ['PATH'] = '/nonexistent'\n"
        "nb.start_engines(2)")
    assert status != 0
    assert "FileNotFoundError: no mpiexec found: neither /nonexistent/bin/mpiexec" in output, output
    status, output, tag = _start("nb.start_engines(2, mpiexec='/nonexistent/mpiexec')")
    assert status != 0
    assert "mpiexec '/nonexistent/mpiexec' was not found" in output, output
    _assert_none_left(tag)


def _remove_kept_log(output):
    """The failed start kept its log folder for the reader: remove it."""
    match = re.search(r"Their output is in (/\S+)/engines\.log", output)
    if match and os.path.basename(match.group(1)).startswith("mpicoll-engines-"):
        shutil.rmtree(match.group(1), ignore_errors=True)


def test_mpiexec_that_exits_at_once():
    status, output, tag = _start("nb.start_engines(2, mpiexec='false')")
    assert status != 0
    assert "RuntimeError: the MPI engines did not start: mpiexec exited" in output, output
    assert "after 0 of 2 engines had registered" in output, output
    assert "Their output is in" in output, output
    _assert_none_left(tag)
    _remove_kept_log(output)


def test_engines_that_do_not_register_in_time():
    status, output, tag = _start("nb.start_engines(2, timeout=0.5)")
    assert status != 0
    assert ("RuntimeError: the MPI engines did not start: only 0 of 2 engines registered "
            "within 0.5 s (the timeout argument)") in output, output
    assert "mpiexec -n 2" in output and "Their output is in" in output, output
    _assert_none_left(tag)
    _remove_kept_log(output)


def test_stop_ends_a_rank_blocked_in_a_collective():
    # stop() first asks the engines to exit; rank 0, waiting in a barrier
    # rank 1 never joins, cannot answer: stop must still end the whole MPI
    # job (by signal), itself, not the watchdog at exit.
    status, output, tag = _start(
        "import time, psutil\n"
        "engines = nb.start_engines(2)\n"
        "job = next(iter(engines.cluster.engines.values())).process\n"
        "ranks = job.children(recursive=True)\n"
        "assert len(ranks) >= 2, ranks\n"
        "def wait_in_barrier():\n"
        "    from mpi4py import MPI\n"
        "    MPI.COMM_WORLD.Barrier()\n"
        "engines.client[0].apply_async(wait_in_barrier)\n"
        "time.sleep(1)\n"
        "engines.stop()\n"
        "left = [p for p in [job] + ranks\n"
        "        if p.is_running() and p.status() != psutil.STATUS_ZOMBIE]\n"
        "print('processes of the MPI job left after stop:', len(left))\n")
    assert status == 0, output
    assert "processes of the MPI job left after stop: 0" in output, output
    _assert_none_left(tag)


def test_no_ipyparallel():
    status, output, _ = _start("import sys; sys.modules['ipyparallel'] = None\n"
                               "nb.start_engines(2)")
    assert status != 0
    assert "mpicoll.notebook needs ipyparallel" in output, output
    assert 'pip install "mpicoll[notebooks]"' in output, output


def test_no_jupyter_kernel():
    status, output, _ = _run(
        ["-c", "import sys; sys.modules['ipykernel'] = None\n"
               "from mpicoll.notebook import main\n"
               f"sys.exit(main([{str(NOTEBOOKS[0])!r}]))"], timeout=120)
    assert status == 1, output
    assert "no Jupyter kernel" in output and 'pip install "mpicoll[notebooks]"' in output, output
