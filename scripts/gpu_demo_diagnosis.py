"""Run mpi4jax's shallow-water demo on the GPU and on the CPU in one process
and report where the GPU run first departs from the CPU run.

    mpiexec -n 2 python scripts/gpu_demo_diagnosis.py --demo PATH/shallow_water.py [--steps 100]

PATH/shallow_water.py is mpi4jax's `examples/shallow_water.py`, unchanged;
it runs with mpicoll standing in for mpi4jax (`import mpicoll as mpi4jax`).
Each rank computes the same states twice, with JAX's default device set to
the GPU and to the CPU, and compares them after every step: once with one
jitted step per call, once as the demo runs (`do_multistep`, a fori_loop
in one jitted call), once as do_multistep(., 1) repeated. A difference is
reported with its field, cells (rows, columns of the rank's block) and
values; NaN cells are counted. Without a GPU both runs are on the CPU (a
rehearsal). docs/gpu.md says what it is for.

--empty chooses what the demo's `jnp.empty_like` gives: "as-written"
(JAX's own: zeros on the CPU; since JAX 0.11 uninitialised memory on the
GPU), "zeros" (jnp.zeros_like: the workaround) or "nan" (filled with NaN:
shows on any machine which cells the demo reads without writing them).
"""
import argparse
import importlib.util
import os
import sys
import time

import jax
jax.devices()          # CUDA starts before the demo sets CUDA_VISIBLE_DEVICES
import numpy as np  # noqa: E402
from mpi4py import MPI  # noqa: E402

import mpicoll  # noqa: E402

parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
parser.add_argument("--demo", required=True, help="mpi4jax's examples/shallow_water.py")
parser.add_argument("--steps", type=int, default=100)
parser.add_argument("--empty", choices=["as-written", "zeros", "nan"], default="as-written",
                    help="what the demo's jnp.empty_like gives (default: JAX's own)")
args = parser.parse_args()
sys.modules["mpi4jax"] = mpicoll
if args.empty != "as-written":
    import jax.numpy as jnp
    fill = 0.0 if args.empty == "zeros" else float("nan")
    # the demo calls jnp.empty_like(x) only; it looks the name up when traced
    jnp.empty_like = lambda x, dtype=None, shape=None, **kw: jnp.full_like(
        x, fill, dtype=dtype, shape=shape, **kw)
spec = importlib.util.spec_from_file_location("mpi4jax_shallow_water", args.demo)
sw = importlib.util.module_from_spec(spec)
spec.loader.exec_module(sw)

comm = MPI.COMM_WORLD
rank = comm.rank
steps = args.steps
CPU = jax.devices("cpu")[0]
try:
    GPU = jax.devices("cuda")[0]
except RuntimeError:      # a rehearsal without a GPU: both runs on the CPU
    GPU = CPU
tag = f'{os.environ.get("DIAG_TAG", "")} empty_like={args.empty}'


def log(*a):
    print(f"[{tag} rank {rank}/{comm.size}]", *a, flush=True)


def initial(device):
    with jax.default_device(device):
        h, u, v = sw.get_initial_conditions()
        z = [jax.device_put(np.zeros((sw.ny_local, sw.nx_local), np.asarray(h).dtype), device)
             for _ in range(3)]
        state = sw.ModelState(h, u, v, *z)
        return sw.shallow_water_step(state, True)


def describe(name, g, c):
    g, c = np.asarray(g), np.asarray(c)
    nan = np.isnan(g)
    bad = nan | (np.abs(g - c) > 1e-6 * max(1.0, np.abs(c).max()))
    if not bad.any():
        return None
    rows, cols = np.nonzero(bad)
    return (f"{name}: {bad.sum()} cells differ ({nan.sum()} NaN), rows {sorted(set(rows.tolist()))[:8]}"
            f" cols {sorted(set(cols.tolist()))[:8]}; e.g. gpu {g[rows[0], cols[0]]} cpu {c[rows[0], cols[0]]}")


def anywhere(diffs):
    """Whether any rank found a departure: every rank stops the loop at the
    same step (a rank stepping on alone would wait for its neighbours)."""
    return comm.allreduce(bool(diffs), op=MPI.LOR)


t0 = time.time()
g, c = initial(GPU), initial(CPU)
first = None
for name in sw.ModelState._fields:
    d = describe(name, getattr(g, name), getattr(c, name))
    if d and first is None:
        first = f"after the first step: {d}"
log("dtype", np.asarray(g.h).dtype, "first step", "agrees" if first is None else first)
# step by step (each step one jitted call)
gs, cs = g, c
for k in range(steps):
    with jax.default_device(GPU):
        gs = sw.shallow_water_step(gs, False)
    with jax.default_device(CPU):
        cs = sw.shallow_water_step(cs, False)
    diffs = [describe(n, getattr(gs, n), getattr(cs, n)) for n in sw.ModelState._fields]
    diffs = [d for d in diffs if d]
    if diffs:
        log(f"stepwise: first departure at step {k + 1}: " + "; ".join(diffs[:3]))
    if anywhere(diffs):
        break
else:
    log(f"stepwise: {steps} steps agree with the CPU")
# the demo's way: do_multistep (a fori_loop in one jitted call)
with jax.default_device(GPU):
    gm = sw.do_multistep(g, steps)
with jax.default_device(CPU):
    cm = sw.do_multistep(c, steps)
h = np.asarray(gm.h)
diffs = [describe(n, getattr(gm, n), getattr(cm, n)) for n in sw.ModelState._fields]
diffs = [d for d in diffs if d]
log(f"do_multistep({steps}): h NaN cells {np.isnan(h).sum()}/{h.size}; "
    + ("agrees with the CPU" if not diffs else "; ".join(diffs[:3])))
# the loop, one iteration at a time: do_multistep(., 1) repeated
gl, cl = g, c
for k in range(steps):
    with jax.default_device(GPU):
        gl = sw.do_multistep(gl, 1)
    with jax.default_device(CPU):
        cl = sw.do_multistep(cl, 1)
    diffs = [d for d in (describe(n, getattr(gl, n), getattr(cl, n))
                         for n in sw.ModelState._fields) if d]
    if diffs:
        log(f"do_multistep(1) x {steps}: first departure at step {k + 1}: " + "; ".join(diffs[:3]))
    if anywhere(diffs):
        break
else:
    log(f"do_multistep(1) x {steps}: agrees")
log(f"took {time.time() - t0:.1f}s")
