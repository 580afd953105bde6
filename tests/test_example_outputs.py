"""The examples' `--save` files and scripts/compare_runs.py, which the GPU
check uses to compare a GPU run of an example with a CPU run.

examples/poisson_fft3d.py (the cheapest example: one jitted solve, 16^3)
runs at 1 and at 2 ranks, each a fresh MPI job, and saves its gathered
results; compare_runs.py must find the two equal within its default
tolerance (exit status 0), and must fail (non-zero exit status, FAIL on the
array's line) on a copy with one array perturbed by 1e-3 of its largest
value, on a NaN, and on an array missing from one file.

The MPI jobs are started as in tests/test_dead_rank.py: the ``mpiexec``
next to this Python with ``$MPIEXEC_FLAGS``, in an environment without the
outer job's launcher variables. Run directly (``python -m pytest
tests/test_example_outputs.py``) or in the MPI suite (``./scripts/test.sh
tests/test_example_outputs.py``), where it runs at 1 rank only. Under 10 s
on 2 cores.
"""

import os
import shlex
import subprocess
import sys

import numpy as np
import pytest
from mpi4py import MPI

import jobs

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
EXAMPLE = os.path.join(ROOT, "examples", "poisson_fft3d.py")
COMPARE = os.path.join(ROOT, "scripts", "compare_runs.py")
N = 16


pytestmark = [
    pytest.mark.skipif(MPI.COMM_WORLD.Get_size() > 1,
                       reason="starts MPI jobs of its own: runs at 1 rank (or without a launcher)"),
    pytest.mark.timeout(600),
]


def _run(command, timeout=240):
    run = subprocess.run(command, cwd=ROOT, env=jobs.environment(), capture_output=True,
                         text=True, timeout=timeout)
    return run.returncode, run.stdout + run.stderr, f"$ {shlex.join(command)}\n"


def compare(a, b):
    return _run([sys.executable, COMPARE, str(a), str(b), "--label", "test"], timeout=60)


@pytest.fixture(scope="module")
def saved(tmp_path_factory):
    """The example's .npz at 1 and at 2 ranks: {ranks: path}."""
    folder = tmp_path_factory.mktemp("example_outputs")
    paths = {}
    for ranks in (1, 2):
        paths[ranks] = folder / f"poisson_np{ranks}.npz"
        code, output, command = _run(
            jobs.launcher() + ["-n", str(ranks), sys.executable, EXAMPLE, "--n", str(N),
                           "--out", str(folder / f"poisson_np{ranks}.png"),
                           "--save", str(paths[ranks])])
        assert code == 0 and paths[ranks].exists(), command + output
    return paths


def test_saved_results_are_global_arrays(saved):
    for path in saved.values():
        with np.load(path) as data:
            assert sorted(data.files) == ["max_error", "u"]
            assert data["u"].shape == (N,) * 3 and data["u"].dtype == np.float64
            assert data["max_error"].shape == () and data["max_error"] < 1e-12


def test_one_and_two_ranks_agree(saved):
    code, output, command = compare(saved[2], saved[1])
    assert code == 0, command + output
    lines = [line for line in output.splitlines() if line.startswith(("u ", "max_error "))]
    assert len(lines) == 2 and all(line.endswith("  PASS") for line in lines), command + output
    assert "FAIL" not in output and "test: PASS" in output, command + output


def _altered(source, target, change):
    with np.load(source) as data:
        arrays = {name: data[name].copy() for name in data.files}
    change(arrays)
    np.savez(target, **arrays)
    return target


def _perturb(arrays):      # one value off by 1e-3 of the field's largest magnitude
    u = arrays["u"]
    u[3, 5, 7] += 1e-3 * np.abs(u).max()


def _nan(arrays):
    arrays["u"][1, 2, 3] = np.nan


def _drop(arrays):
    del arrays["max_error"]


@pytest.mark.parametrize("change,name,reason", [
    (_perturb, "u", "above rtol"),
    (_nan, "u", "NaN in A"),
    (_drop, "max_error", "only in B"),
], ids=["perturbed", "nan", "missing"])
def test_compare_fails_on_planted_difference(saved, tmp_path, change, name, reason):
    bad = _altered(saved[1], tmp_path / "bad.npz", change)
    code, output, command = compare(bad, saved[2])
    assert code != 0, command + output
    lines = [line for line in output.splitlines() if line.startswith(name + " ")]
    assert len(lines) == 1 and "FAIL" in lines[0] and reason in lines[0], command + output
    assert "test: FAIL" in output, command + output
