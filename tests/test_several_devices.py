"""An MPI operation on an array spread over several devices of one process
(JAX's host platform split into 4 CPU devices here; several GPUs visible to
one rank on a GPU node) is refused with mpicoll's own error, eager, jitted
and inside `jax.shard_map` over those devices, naming the operation and
the fixes; afterwards an array on one device works as before.

XLA's device count is fixed when JAX starts, so the check runs in a job of
its own (one rank, started as tests/jobs.py says); this module runs at 1
rank of the suite.
"""

import json
import subprocess
import sys
import textwrap

import pytest
from mpi4py import MPI

import jobs

pytestmark = [
    pytest.mark.skipif(MPI.COMM_WORLD.Get_size() > 1,
                       reason="starts an MPI job of its own: runs at 1 rank"),
    pytest.mark.timeout(300),
]

CHILD = textwrap.dedent("""
    import json
    import jax, jax.numpy as jnp
    from mpi4py import MPI
    import mpicoll
    mesh = jax.make_mesh((4,), ("d",))
    x = jax.device_put(jnp.arange(8.0), jax.NamedSharding(mesh, jax.P("d")))
    op = lambda v: mpicoll.allreduce(v, MPI.SUM)
    ways = {"eager": op, "jit": jax.jit(op),
            "shard_map": jax.jit(jax.shard_map(op, mesh=mesh, in_specs=jax.P("d"),
                                               out_specs=jax.P("d")))}
    errors = {}
    for name, f in ways.items():
        try:
            f(x)
            errors[name] = None
        except Exception as exc:
            errors[name] = [type(exc).__name__, str(exc)]
    after = mpicoll.allreduce(jnp.arange(3.0), MPI.SUM).tolist()
    print("RESULT " + json.dumps({"devices": len(jax.devices()), "errors": errors,
                                  "after": after}))
""")


def test_operation_on_several_devices_is_refused_with_the_fixes():
    command = jobs.launcher() + ["-n", "1", sys.executable, "-c", CHILD]
    env = jobs.environment(XLA_FLAGS="--xla_force_host_platform_device_count=4",
                           JAX_PLATFORMS="cpu")
    run = subprocess.run(command, env=env, capture_output=True, text=True, timeout=240)
    lines = [l for l in run.stdout.splitlines() if l.startswith("RESULT ")]
    assert run.returncode == 0 and lines, run.stdout + run.stderr
    result = json.loads(lines[-1][len("RESULT "):])
    assert result["devices"] == 4
    for way, error in result["errors"].items():
        assert error is not None, f"{way}: no error"
        kind, message = error
        assert kind == "ValueError", (way, error)
        for part in ("mpicoll.allreduce", "spread over 4 devices", "one MPI rank per device",
                     "--gpus-per-task=1", "CUDA_VISIBLE_DEVICES", "jax.device_put"):
            assert part in message, (way, part, message)
    assert result["after"] == [0.0, 1.0, 2.0]
