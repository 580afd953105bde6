"""`mpicoll.spmd` over a mesh of P processes x D local devices gives what
`jax.shard_map` over P x D devices gives (tests/spmd_devices_job.py says
what each check does).

Each layout is two jobs of its own (XLA's device count is fixed when JAX
starts): the reference, one process of P x D CPU devices running
`jax.shard_map`, then P MPI processes of D CPU devices each running
`mpicoll.spmd` and comparing their blocks with it. This module runs at 1
rank of the suite.
"""

import functools
import json
import os
import subprocess
import sys
import tempfile

import jax
import jax.numpy as jnp
import numpy as np
import pytest
from mpi4py import MPI

import jobs

pytestmark = [
    pytest.mark.skipif(MPI.COMM_WORLD.Get_size() > 1,
                       reason="starts MPI jobs of its own: runs at 1 rank"),
    pytest.mark.timeout(1200),
]

JOB = os.path.join(os.path.dirname(__file__), "spmd_devices_job.py")
# (processes, devices per process, what else the jobs are told): an axis
# split over both, axes across processes and within a process; 1 x 4:
# every axis within the process (and a mesh of two such axes); 3 x 2: ranks
# whose neighbours differ. Every program's values at each; the gradients
# of every mesh and through control flow, and the transposes of a linear
# program (vjp eager and jitted, jvp of vjp, linear_transpose eager and
# jitted, transposing twice, a nonlinear program's linear_transpose raising)
# over the line and the grid at 2 x 2; at the others the gradient and the
# transposes over the line (they do not depend on the layout).
LAYOUTS = [(2, 2), (1, 4, "some-derivatives"), (3, 2, "some-derivatives")]


@functools.cache
def run_job(processes, devices, *args):
    """(the programs the reference ran, every rank's {check: None or what
    went wrong})."""
    with tempfile.TemporaryDirectory() as folder:
        reference = os.path.join(folder, "reference.npz")
        run = subprocess.run(
            [sys.executable, JOB, "reference", str(processes), str(devices), reference, *args],
            env=jobs.devices_environment(processes * devices), capture_output=True, text=True,
            timeout=500, cwd=os.path.dirname(JOB))
        assert run.returncode == 0, "the shard_map reference failed:\n" + (
            run.stdout + run.stderr)[-10000:]
        with open(reference + ".json") as f:
            programs = set(json.load(f))
        results = os.path.join(folder, "results")
        os.mkdir(results)
        command = jobs.launcher() + ["-n", str(processes), sys.executable, JOB, "spmd",
                                     str(processes), str(devices), reference, *args]
        run = subprocess.run(command, env=jobs.devices_environment(devices, SPMD_DEVICES_RESULTS=results),
                             capture_output=True, text=True, timeout=600,
                             cwd=os.path.dirname(JOB))
        reports = jobs.rank_reports(results, run, processes)
    return programs, [r["results"] for r in reports]


CHECKS_BEYOND_PROGRAMS = {"a layout that does not factor is refused",
                "an axis name the mesh lacks is refused",
                "blocks not stacked per device are refused",
                "vmap of a body that differentiates", "PRNG keys",
                "inside a user's jax.set_mesh",
                "ragged_all_to_all/line", "ragged_all_to_all/grid"}


@pytest.mark.parametrize("layout", LAYOUTS, ids=lambda l: f"{l[0]}x{l[1]}")
def test_spmd_over_processes_and_local_devices(layout):
    programs, ranks = run_job(*layout)
    failed = {f"rank {rank}: {name}": problem
              for rank, results in enumerate(ranks) for name, problem in results.items()
              if problem is not None}
    assert not failed, "\n\n".join(f"{k}\n{v}" for k, v in failed.items())
    expected = programs | CHECKS_BEYOND_PROGRAMS
    assert {"grad/line", "collectives/grid/y,x", "grad/numpy-line", "transpose/line",
            "sign/line", "grad/custom-rules-line", "booleans/line", "zero-size/line"} <= programs, \
        programs
    if len(layout) == 2:
        assert {"grad/grid", "grad/control-line", "grad/control-grid",
                "transpose/grid"} <= programs, programs
    for rank, results in enumerate(ranks):
        assert set(results) == expected, (rank, sorted(set(results) ^ expected))


def _complex(re, im):
    z = np.empty(re.shape, np.complex64)
    z.real, z.imag = re, im
    return z


def test_order_ties_keep_every_bit():
    """The exact data ties (data_ties.py) that order a nonblocking start's
    region (overlap.py: a zero made from an int32 handle) and, elsewhere
    than on the CPU, spmd's collectives (a +0.0 float token): a value read
    through `tied` and a token made by `zero_after` from one element of
    each result. Under jit (XLA's simplifier on): the token keeps its value
    (+0.0, or the handle) whatever those elements are (NaN, inf, -0.0), and
    every value comes back bit for bit (-0.0 would become +0.0 if the
    token were added, or were -0.0)."""
    from mpicoll._src.data_ties import tied, zero_after
    floats = np.array([-0.0, 0.0, np.inf, -np.inf, np.nan, -1.5, 3e38], np.float32)
    values = [floats, floats.astype(np.float64),
              _complex(floats, floats[::-1]),
              np.array([np.iinfo(np.int32).min, -1, 0, np.iinfo(np.int32).max], np.int32),
              np.array([0, 255], np.uint8), np.array([True, False])]
    for start in (jnp.zeros((), jnp.float32), jnp.array(5, jnp.int32)):
        for first in (np.nan, -np.inf, -0.0, -2.0):
            results = [jnp.array([first, 1.0], jnp.float32), jnp.array([-3], jnp.int32),
                       jnp.array([first], jnp.complex64), jnp.zeros((0,))]

            @jax.jit
            def tie(start, results, values):
                token = zero_after(start, results)
                zero = jnp.minimum(token, 0)
                return token, [tied(v, zero) for v in values]
            token, out = tie(start, results, [jnp.asarray(v) for v in values])
            assert token.dtype == start.dtype, (start, token)
            assert np.asarray(token).tobytes() == np.asarray(start).tobytes(), (first, token)
            for v, t in zip(values, out):
                assert t.dtype == v.dtype
                assert np.asarray(t).tobytes() == v.tobytes(), (first, v, np.asarray(t))


def _bit_values():
    floats = np.array([-0.0, 0.0, np.inf, -np.inf, np.nan, -1.5, 3e38], np.float32)
    return [floats, floats.astype(np.float64), _complex(floats, floats[::-1]),
            np.array([np.iinfo(np.int32).min, -1, 0, np.iinfo(np.int32).max], np.int32),
            np.array([True, False]), np.zeros((0, 3), np.float32)]


@pytest.mark.parametrize("aliased", [False, True])
def test_chain_is_an_exact_identity_under_every_transformation(aliased):
    """`data_ties.chain`, which orders spmd's collectives over several
    devices per process (spmd_devices.Order): every value comes back bit
    for bit, eagerly and jitted; its derivatives are the identity's (jvp,
    vjp, jvp of vjp, linear_transpose eager and jitted, transposed twice,
    vmap), with
    the integers' tangents zero; and on the CPU it is one custom call that
    takes every value, with no compiled kernel of its own (what it exists
    for: each elementwise tie cost XLA a kernel to compile)."""
    from mpicoll._src.data_ties import chain
    values = [jnp.asarray(v) for v in _bit_values()]
    run = functools.partial(chain, aliased=aliased)
    for out in (run(*values), jax.jit(run)(*values)):
        for v, y in zip(values, out):
            assert y.dtype == v.dtype and y.shape == v.shape
            assert np.asarray(y).tobytes() == np.asarray(v).tobytes(), (v, y)

    x, z = jnp.arange(6.0).reshape(2, 3), jnp.array([1.0 - 2.0j, 3.0j], jnp.complex64)
    n = jnp.array([4, 5], jnp.int32)

    def f(x, z, n):
        a, b, m = run(x * x, z, n)
        return jnp.sum(jnp.sin(a)) + jnp.sum((b * b).real) + jnp.sum(m)

    def serial(x, z, n):
        return jnp.sum(jnp.sin(x * x)) + jnp.sum((z * z).real) + jnp.sum(n)
    for want, got in zip(jax.grad(serial, argnums=(0, 1))(x, z, n),
                         jax.jit(jax.grad(f, argnums=(0, 1)))(x, z, n)):
        np.testing.assert_allclose(got, want, rtol=1e-6)
    tx, tz = jnp.cos(x), jnp.array([0.5j, 2.0], jnp.complex64)
    _, want = jax.jvp(serial, (x, z, n), (tx, tz, np.zeros(2, jax.dtypes.float0)))
    _, got = jax.jvp(f, (x, z, n), (tx, tz, np.zeros(2, jax.dtypes.float0)))
    np.testing.assert_allclose(got, want, rtol=1e-6)

    linear = lambda a, b: [2.0 * y for y in run(a, b)]      # noqa: E731
    cts = [jnp.cos(x), jnp.array([1.0, -1.0j], jnp.complex64)]
    for transpose in (jax.linear_transpose(linear, x, z),
                      jax.jit(jax.linear_transpose(linear, x, z))):
        for got, ct in zip(transpose(cts), cts):
            np.testing.assert_array_equal(got, 2.0 * ct)
    twice = jax.linear_transpose(lambda c: jax.linear_transpose(linear, x, z)(c), cts)((x, z))
    for got, v in zip(twice[0], (x, z)):
        np.testing.assert_array_equal(got, 2.0 * v)
    _, vjp = jax.vjp(linear, x, z)
    for got, ct in zip(vjp(cts), cts):
        np.testing.assert_array_equal(got, 2.0 * ct)
    # (the vjp is linear in the cotangents: its jvp is itself)
    dcts = [jnp.sin(x), jnp.array([2.0j, 0.5], jnp.complex64)]
    for got, dct in zip(jax.jvp(vjp, (cts,), (dcts,))[1], dcts):
        np.testing.assert_array_equal(got, 2.0 * dct)
    for got, v in zip(jax.vmap(lambda a, b: run(a, b), in_axes=(1, None))(x, z), (x.T, z)):
        np.testing.assert_array_equal(got, jnp.broadcast_to(v, got.shape))

    hlo = jax.jit(lambda a, b: run(a, b)).lower(x, z).compile().as_text()
    entry = hlo[hlo.index("ENTRY"):]
    assert entry.count('custom_call_target="mpicoll_after"') == 1, entry
    assert " fusion(" not in entry, entry
