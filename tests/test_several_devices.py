"""One process, several devices: mpicoll operations inside a `jax.shard_map`
over each process's local devices (JAX's host platform split into D CPU
devices), against the same programs run as P x D processes of one device
each (tests/several_devices_job.py says what each check does).

XLA's device count is fixed when JAX starts, so every layout runs in an MPI
job of its own (started as tests/jobs.py says): P = 1, 2 and 3 processes
(3: ranks whose left and right neighbours differ, a root that is neither
first nor last), D = 2 and 4 devices. This module runs at 1 rank of the
suite.
"""

import functools
import os
import subprocess
import sys
import tempfile

import numpy as np
import pytest
from mpi4py import MPI

import jobs
import op_specs

pytestmark = [
    pytest.mark.skipif(MPI.COMM_WORLD.Get_size() > 1,
                       reason="starts MPI jobs of its own: runs at 1 rank"),
    pytest.mark.timeout(900),
]

JOB = os.path.join(os.path.dirname(__file__), "several_devices_job.py")
# (processes, devices per process, what else the job is told): the
# derivatives of every operation at 2 x 2, of one per rule family at 1 x 4
# and 3 x 2 (the rules do not depend on the layout; the values of every
# operation are checked at each)
LAYOUTS = [(1, 4, "some-derivatives"), (2, 2), (3, 2, "some-derivatives")]


@functools.cache
def run_job(processes, devices, *args):
    """Every rank's {check: None or what went wrong} of one job."""
    command = jobs.launcher() + ["-n", str(processes), sys.executable, JOB, *args]
    with tempfile.TemporaryDirectory() as folder:
        # a compilation cache of the job's own (one of its checks is what
        # mpicoll does with it)
        env = jobs.devices_environment(devices, SEVERAL_DEVICES_RESULTS=folder,
                               JAX_COMPILATION_CACHE_DIR=os.path.join(folder, "xla-cache"),
                               JAX_PERSISTENT_CACHE_MIN_COMPILE_TIME_SECS="0",
                               JAX_PERSISTENT_CACHE_MIN_ENTRY_SIZE_BYTES="0")
        run = subprocess.run(command, env=env, capture_output=True, text=True, timeout=600,
                             cwd=os.path.dirname(JOB))
        lines = jobs.rank_reports(folder, run, processes)
    assert all(l["devices"] == devices for l in lines), lines
    return [l["results"] for l in lines]


def expected_checks(processes, *args):
    names = {f"values/{op.name}/{np.dtype(op.dtypes[-1]).name}" for op in op_specs.OPS}
    names |= {f"derivatives/{op.name}" for op in op_specs.OPS if op.differentiable and (
        "some-derivatives" not in args or op.name in op_specs.ONE_PER_RULE_FAMILY)}
    names |= {"the persistent compilation cache: kept from JAX 0.12, else turned off",
              "sum over every device of every process",
              "a mesh of jax.make_mesh's default axis types", "eager shard_map",
              "program order, rank-dependent order of messages",
              "transposes of a chain of linear operations",
              "vmap, scan and a request carried through fori_loop",
              "plain operations on one non-default device",
              "the per-device checks that tests/test_gpu.py makes on GPUs",
              "a communicator's per-device duplicates are freed with it",
              "an array XLA's partitioner spreads over the devices is refused"}
    if processes > 1:
        names.add("debug mode: a program that differs on one device of one rank")
    return names


@pytest.mark.parametrize("layout", LAYOUTS, ids=lambda l: f"{l[0]}x{l[1]}")
def test_operations_inside_shard_map_over_local_devices(layout):
    processes, devices, *args = layout
    ranks = run_job(processes, devices, *args)
    failed = {f"rank {rank}: {name}": problem for rank, results in enumerate(ranks)
              for name, problem in results.items() if problem is not None}
    assert not failed, "\n\n".join(f"{k}\n{v}" for k, v in failed.items())
    for rank, results in enumerate(ranks):
        expected = expected_checks(processes, *args)
        assert set(results) == expected, (rank, sorted(set(results) ^ expected))


def test_too_low_a_thread_level_is_refused():
    (results,) = run_job(1, 2, "thread-level")
    assert results == {"too low a thread level is refused": None}, results
