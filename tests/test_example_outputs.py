"""The examples' `--save` files and scripts/compare_runs.py, which the GPU
check uses to compare a GPU run of an example with a CPU run.

examples/poisson_fft3d.py (the cheapest example: one jitted solve, 16^3)
runs at 1 and at 2 ranks, each a fresh MPI job, and saves its gathered
results; compare_runs.py must find the two equal within its default
tolerance (exit status 0), and must fail (non-zero exit status, FAIL on the
array's line) on a copy with one array perturbed by 1e-3 of its largest
value, on a NaN, and on an array missing from one file. With
``--devices 2`` (its `mpicoll.spmd` solve on processes x local devices) it
runs at 2 processes x 2 CPU devices and must give the `u` of 4 processes x
1 device, within the same tolerance, and an error under its limit.

The MPI jobs are started as in tests/test_dead_rank.py: the ``mpiexec``
next to this Python with ``$MPIEXEC_FLAGS``, in an environment without the
outer job's launcher variables. Run directly (``python -m pytest
tests/test_example_outputs.py``) or in the MPI suite (``./scripts/test.sh
tests/test_example_outputs.py``), where it runs at 1 rank only. About
25 s on 2 cores (the 2 x 2 and 4 x 1 runs about 11 s of it).
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


def _run(command, timeout=240, env=None):
    run = subprocess.run(command, cwd=ROOT, env=env or jobs.environment(),
                         capture_output=True, text=True, timeout=timeout)
    return run.returncode, run.stdout + run.stderr, f"$ {shlex.join(command)}\n"


def compare(a, b):
    return _run([sys.executable, COMPARE, str(a), str(b), "--label", "test"], timeout=60)


def _save(folder, ranks, devices=1):
    """Run the example at `ranks` processes of `devices` devices; its .npz."""
    name = f"poisson_np{ranks}" + (f"x{devices}" if devices > 1 else "")
    path = folder / f"{name}.npz"
    env = jobs.devices_environment(devices) if devices > 1 else None
    code, output, command = _run(
        jobs.launcher() + ["-n", str(ranks), sys.executable, EXAMPLE, "--n", str(N),
                           "--devices", str(devices), "--out", str(folder / f"{name}.png"),
                           "--save", str(path)], env=env)
    assert code == 0 and path.exists(), command + output
    return path


@pytest.fixture(scope="module")
def saved(tmp_path_factory):
    """The example's .npz at 1 and at 2 ranks: {ranks: path}."""
    folder = tmp_path_factory.mktemp("example_outputs")
    return {ranks: _save(folder, ranks) for ranks in (1, 2)}


def test_saved_results_are_global_arrays(saved):
    for path in saved.values():
        with np.load(path) as data:
            assert sorted(data.files) == ["max_error", "u"]
            assert data["u"].shape == (N,) * 3 and data["u"].dtype == np.float64
            assert data["max_error"].shape == () and data["max_error"] < 1e-12


def _assert_agree(a, b):
    code, output, command = compare(a, b)
    assert code == 0, command + output
    lines = [line for line in output.splitlines() if line.startswith(("u ", "max_error "))]
    assert len(lines) == 2 and all(line.endswith("  PASS") for line in lines), command + output
    assert "FAIL" not in output and "test: PASS" in output, command + output


def test_one_and_two_ranks_agree(saved):
    _assert_agree(saved[2], saved[1])


def test_two_processes_of_two_devices_agree_with_four_ranks(tmp_path):
    """--devices 2 at 2 processes (the spmd pencils: one transposition
    between a process's devices, one across processes) against the fft3d
    pencils of 4 ranks: the same global u and error. A wrong wavenumber
    block in the solve, or a block in the wrong half of x (processes) or y
    (devices) in the input, a transposition or the gathering, is O(1) off
    (the manufactured solution changes under any such shift)."""
    on_devices, four_ranks = _save(tmp_path, 2, devices=2), _save(tmp_path, 4)
    with np.load(on_devices) as data:
        assert data["u"].shape == (N,) * 3 and data["u"].dtype == np.float64
        assert data["max_error"] < 1e-12
    _assert_agree(on_devices, four_ranks)


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
