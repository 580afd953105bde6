"""The per-device path on one CPU device: a `jax.shard_map` over this
process's one device, with `primitive.FORCE_PER_DEVICE_COMMS` set, gives
its operations a communicator of their own picked by the device ordinal,
as a shard_map over several devices does (tests/per_device_checks.py).

tests/test_gpu.py makes the same checks on the process's GPUs (on a machine
with one GPU, forced the same way); tests/test_several_devices.py makes them
over 2 and 4 CPU devices per process.
"""

import jax
import numpy as np
import pytest
from mpi4py import MPI

from mpicoll._src import primitive
from conftest import assert_all_equal
from per_device_checks import shard_map_cases


@pytest.fixture
def forced(monkeypatch):
    monkeypatch.setattr(primitive, "FORCE_PER_DEVICE_COMMS", True)


def test_shard_map_over_one_device_takes_the_per_device_path(forced):
    assert_all_equal(shard_map_cases(jax.local_devices(), MPI.COMM_WORLD), comm=MPI.COMM_WORLD)


def test_without_the_switch_one_device_keeps_the_plain_path():
    """The switch is what makes one device take the per-device path: without
    it the lowering names no per-device communicators (the first check
    above), and the values are the same."""
    cases = shard_map_cases(jax.local_devices(), MPI.COMM_WORLD)
    lowering = next(name for name in cases if "device_comms" in name)
    got, _ = cases.pop(lowering)
    cases["without the switch: no device_comms in the lowering"] = (got, np.array(False))
    assert_all_equal(cases, comm=MPI.COMM_WORLD)
