"""examples/particle_mesh.py, small: the N-rank run equals the 1-rank run.

The example compares, particles matched by id, its final positions and the
gradient of a loss of them (with respect to the initial displacements)
with the same run on one rank, and the gradient with a finite difference
of the loss. Float64; positions and gradients differ from the one-rank run
only by rounding: the FFTs and the deposits add the same terms in another
order on more ranks (a few ulps of the box size after a few steps), so the
tolerances are 1e-10 (positions in cells, relative gradient). The finite
difference (central, the example's step 1e-7) is good to about 1e-8. The
figures are judged by the example's own `--check` limits (`judged`), which
must also catch a planted error: the gradient scaled by 1 + 1e-4.

At 1 rank, the example also runs as an MPI job of its own at 2 processes
x 2 CPU devices (`--devices 2`: 4 slabs through `mpicoll.spmd`, the
communication as lax collectives), 8^3 cells so that particles change
slab, process and device: its --check (against its 1-rank run) must pass
and its --save file must hold the 1-rank run's positions, gradient and
loss, by particle id, to 1e-10. A wrong layout fails it (tried: the
Fourier slab of the local instead of the global device index, and the
two devices of a process swapped in the slab offset: errors of order 1).
About 55 s on 2 busy cores (45 s the job, 10 s the reference here).
"""

import importlib.util
import pathlib
import shlex
import subprocess
import sys

import numpy as np
import pytest
from mpi4py import MPI

import jobs

PATH = pathlib.Path(__file__).resolve().parent.parent / "examples" / "particle_mesh.py"

pytestmark = pytest.mark.timeout(600)


def _example():
    """The example as a module (it puts examples/ on sys.path, for _checks)."""
    spec = importlib.util.spec_from_file_location("particle_mesh_example", PATH)
    pm = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(pm)
    return pm


def _compare(pm, plant=0.0):
    world = MPI.COMM_WORLD
    comm = world.Create_cart([world.size], periods=[True])
    try:
        return pm.compare_with_one_rank(n=16, m=4, steps=2, comm=comm, plant=plant)
    finally:
        comm.Free()


@pytest.mark.skipif(MPI.COMM_WORLD.size > 3,
                    reason="runs at 1, 2 and 3 ranks (3: left and right neighbours differ)")
def test_n_ranks_equal_one_rank_values_and_gradient():
    pm = _example()
    result = _compare(pm)
    assert result["same particles"], result
    assert result["count"] == 4 ** 3, result          # no particle lost or duplicated
    assert result["position"] <= 1e-10, result
    assert result["gradient"] <= 1e-10, result
    assert result["finite difference"] <= 1e-6, result
    from _checks import passes
    failed = [name for name, value, limit in pm.judged(result, 4) if not passes(value, limit)]
    assert not failed, (failed, result)


@pytest.mark.skipif(MPI.COMM_WORLD.size > 2, reason="runs at 1 and 2 ranks")
def test_check_catches_a_planted_gradient_error():
    pm = _example()
    result = _compare(pm, plant=1e-4)
    from _checks import passes
    verdicts = {name: passes(value, limit) for name, value, limit in pm.judged(result, 4)}
    finite_difference = [name for name in verdicts if name.startswith("finite difference")]
    assert finite_difference and not verdicts[finite_difference[0]], (verdicts, result)
    assert verdicts["same particles as on one rank"], verdicts     # the values are right


# --- 2 processes x 2 devices (--devices 2: P x D slabs through mpicoll.spmd)

DEVICES_RUN = dict(n=8, m=4, steps=2)      # slabs of 2 cells: particles cross slabs


@pytest.fixture(scope="module")
def two_processes_of_two_devices(tmp_path_factory):
    """The example at 2 processes x 2 CPU devices, a fresh MPI job, with
    --check (against its 1-rank run) and --save: (exit status, output,
    command, the saved .npz)."""
    folder = tmp_path_factory.mktemp("particle_mesh_devices")
    saved = folder / "pm_2x2.npz"
    options = [f"--{k}={v}" for k, v in DEVICES_RUN.items()]
    command = jobs.launcher() + ["-n", "2", sys.executable, str(PATH), *options, "--devices=2",
                                 "--check", "--save", str(saved), "--out", str(folder / "pm.png")]
    env = jobs.devices_environment(2)
    # (the two processes would share one compilation cache folder, unlocked)
    env.pop("JAX_COMPILATION_CACHE_DIR", None)
    run = subprocess.run(command, cwd=folder, env=env, capture_output=True, text=True,
                         timeout=500)
    return run.returncode, run.stdout + run.stderr, f"$ {shlex.join(command)}\n", saved


@pytest.mark.skipif(MPI.COMM_WORLD.size > 1,
                    reason="starts an MPI job of its own: runs at 1 rank")
def test_two_processes_of_two_devices_equal_one_rank(two_processes_of_two_devices):
    """2 x 2 slabs (global slab = rank * 2 + device) against one rank: the
    run's own --check passes (positions and gradient within 1e-10, no
    particle lost, the finite difference), and its --save file holds, by
    particle id, the positions, gradient and loss of the 1-rank run
    computed here (to 1e-10), with particles that ended in another
    process's slab and in the other device's slab of their process."""
    code, output, command, saved = two_processes_of_two_devices
    assert code == 0 and saved.exists(), command + output[-10000:]
    verdicts = [line for line in output.splitlines() if line.startswith(("PASS", "FAIL"))]
    assert len(verdicts) == 5 and all(v.startswith("PASS") for v in verdicts), command + output

    pm = _example()
    n, m = DEVICES_RUN["n"], DEVICES_RUN["m"]
    serial = MPI.COMM_SELF.Create_cart([1], periods=[True])
    try:
        sim = pm.Simulation(n, m, serial, steps=DEVICES_RUN["steps"])
        disp = pm.initial_displacement(sim)
        final, ids, grads, *_, loss, _ = pm.run_and_differentiate(sim, disp, np.zeros_like(disp))
    finally:
        serial.Free()
    with np.load(saved) as data:
        got = {name: data[name] for name in data.files}
    assert sorted(got) == ["gradient", "id", "loss", "position"], sorted(got)
    assert np.array_equal(got["id"], ids) and np.array_equal(ids, np.arange(m ** 3))
    wrapped = (got["position"] - final + n / 2) % n - n / 2       # periodic distance
    assert np.abs(wrapped).max() <= 1e-10, np.abs(wrapped).max()
    assert np.abs(got["gradient"] - grads).max() <= 1e-10 * np.abs(grads).max()
    assert abs(got["loss"] - loss) <= 1e-10 * abs(loss), (got["loss"], loss)
    # the migrations this exercised: slab (width n / 4) at the start and end
    width = n // 4
    start = np.floor((ids // (m * m) + 0.5) * n / m).astype(int) // width
    end = np.clip(np.floor(final[:, 0]).astype(int) // width, 0, 3)
    assert np.any(start // 2 != end // 2), "no particle changed process"
    assert np.any((start != end) & (start // 2 == end // 2)), "no particle changed device"


def test_devices_option_is_refused_clearly():
    pm = _example()
    assert pm.devices_problem(16, 1, 4, 1) is None
    assert pm.devices_problem(16, 2, 2, 2) is None
    too_many = pm.devices_problem(16, 4, 2, 2)
    assert "--devices 4" in too_many and "2 local JAX device" in too_many, too_many
    uneven = pm.devices_problem(12, 2, 4, 2)       # 12 cells into 8 slabs
    assert "--devices 2" in uneven and "8 slabs" in uneven, uneven
