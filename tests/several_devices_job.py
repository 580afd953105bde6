"""The checks of tests/test_several_devices.py, run as an MPI job of P
processes with D CPU devices each
(XLA_FLAGS=--xla_force_host_platform_device_count=D).

Every check runs mpicoll operations inside a ``jax.shard_map`` over the
process's D devices and compares them with the same program run as P x D
processes of one device each: the device at mesh position d of every
process forms a job of P ranks of its own, whose inputs are the registry's
(tests/op_specs.py) with seed d, and whose results are the registry's serial
reference computed here with jax.numpy on the gathered inputs.

Each check records None or what went wrong; every rank reports them at the end (`report`), and the
test combines the ranks' reports. A
check whose ranks disagree would leave the job waiting: the test's timeout
ends it and reports the output.

Usage: python several_devices_job.py [thread-level | some-derivatives]
  thread-level: only check that a too low MPI thread level is refused;
  some-derivatives: the derivatives of a few operations (one of each rule
    family), not of every one.
"""

import os
import sys

if sys.argv[1:] == ["thread-level"]:
    import mpi4py
    mpi4py.rc.thread_level = "serialized"

import warnings

import numpy as np
import jax
import jax.numpy as jnp
from jax import lax
from mpi4py import MPI

jax.config.update("jax_enable_x64", True)
with warnings.catch_warnings():
    warnings.simplefilter("ignore", RuntimeWarning)    # serialized: synchronous dispatch
    import mpicoll
from mpicoll._src import _ffi

import jobs
import op_specs
import per_device_checks

COMM = MPI.COMM_WORLD
P, RANK = COMM.Get_size(), COMM.Get_rank()
jobs.compile_cache_of_this_rank(RANK)
D = jax.local_device_count()
# (Auto: results may be indexed like any array; the explicit axes new JAX's
# make_mesh gives by default are checked once, below)
MESH = jax.make_mesh((D,), ("d",), axis_types=(jax.sharding.AxisType.Auto,))
BLOCKS = jax.NamedSharding(MESH, jax.P("d"))
# @check(name): run the decorated function now, its outcome recorded
check = jobs.Checks(RANK, processes=P, devices=D)


def on_devices(body, jit=True, mesh=MESH):
    """`body` on each device's block (the leading axis of length D split
    over the mesh), each device's result stacked the same way. (Index the
    results after `np.asarray`: the mesh's axis is explicit in new JAX.)"""
    f = jax.shard_map(lambda *blocks: jax.tree.map(lambda r: r[None], body(
        *[b[0] for b in blocks])), mesh=mesh, in_specs=jax.P("d"), out_specs=jax.P("d"))
    return jax.jit(f) if jit else f


def stacked(per_device):
    """The arrays of each device (position d) stacked and split over the mesh."""
    return jax.device_put(jnp.stack([jnp.asarray(a) for a in per_device]), BLOCKS)


def inputs(op, dtype, seed_base=0):
    """[d][q]: rank q's input in the job of device position d."""
    return [[jnp.asarray(op_specs.rank_input(op, q, P, dtype, seed=seed_base + d))
             for q in range(P)] for d in range(D)]


def like(a, seed):
    """Deterministic values of `a`'s shape and dtype that differ with `seed`."""
    a = jnp.asarray(a)
    values = np.cos(np.arange(a.size) + 1.7 * seed).reshape(a.shape)
    if jnp.issubdtype(a.dtype, jnp.complexfloating):
        values = values + 1j * np.sin(np.arange(a.size) * 0.3 + seed).reshape(a.shape)
    return jnp.asarray(values, a.dtype)


def assert_close(got, want, what):
    got, want = np.asarray(got), np.asarray(want)
    assert got.shape == want.shape and got.dtype == want.dtype, \
        (what, got.shape, got.dtype, want.shape, want.dtype)
    if got.dtype.kind in "biu":
        np.testing.assert_array_equal(got, want, err_msg=what)
    else:
        np.testing.assert_allclose(got, want, rtol=1e-12, atol=1e-12, err_msg=what)


if sys.argv[1:] == ["thread-level"]:
    @check("too low a thread level is refused")
    def _():
        assert MPI.Query_thread() < MPI.THREAD_MULTIPLE, MPI.Query_thread()
        try:
            on_devices(lambda v: mpicoll.allreduce(v, MPI.SUM))(stacked(
                [jnp.ones(2)] * D))
        except ValueError as exc:
            assert "MPI_THREAD_MULTIPLE" in str(exc) and "shard_map" in str(exc), str(exc)
        else:
            raise AssertionError("no error")
        got = mpicoll.allreduce(jnp.ones(2), MPI.SUM)     # one device: still works
        assert_close(got, np.full(2, float(P)), "after the error")


    check.write(os.environ.get("SEVERAL_DEVICES_RESULTS"))
    sys.exit(0)


# --- JAX's persistent compilation cache (set by the test) ----------------------

@check("the persistent compilation cache: kept from JAX 0.12, else turned off")
def _():
    from jax._src import config
    assert config.compilation_cache_dir.value and config.enable_compilation_cache.value, \
        "the test sets JAX_COMPILATION_CACHE_DIR"
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        got = on_devices(lambda v: mpicoll.allreduce(v, MPI.SUM))(stacked([jnp.ones(2)] * D))
    assert_close(got, np.full((D, 2), float(P)), "the first computation")
    warned = [w for w in caught if issubclass(w.category, RuntimeWarning)
              and "persistent compilation cache" in str(w.message)]
    old = tuple(int(p) for p in jax.__version__.split(".")[:2]) < (0, 12)
    assert len(warned) == int(old), [str(w.message) for w in caught]
    assert config.enable_compilation_cache.value is not old, config.enable_compilation_cache.value


# --- Values of every operation of the registry ------------------------------

for op in op_specs.OPS:
    for dtype in op.dtypes[-1:]:     # (float64 in the derivative checks below)
        @check(f"values/{op.name}/{np.dtype(dtype).name}")
        def _(op=op, dtype=dtype):
            xs = inputs(op, dtype)
            got = on_devices(lambda x: op.call(x, COMM))(stacked([x[RANK] for x in xs]))
            for d in range(D):
                assert_close(got[d], op.serial(xs[d], P)[RANK], f"device {d}")


@check("sum over every device of every process")
def _():
    x = stacked([jnp.arange(3.0) + 10 * d + 100 * RANK for d in range(D)])
    total = sum(np.arange(3.0) + 10 * d + 100 * q for d in range(D) for q in range(P))
    for body in (lambda v: lax.psum(mpicoll.allreduce(v, MPI.SUM), "d"),
                 lambda v: mpicoll.allreduce(lax.psum(v, "d"), MPI.SUM)):
        got = on_devices(body)(x)
        for d in range(D):
            assert_close(got[d], total, f"device {d}")


@check("a mesh of jax.make_mesh's default axis types")
def _():
    mesh = jax.make_mesh((D,), ("d",))
    x = jax.device_put(jnp.stack([jnp.arange(3.0) + d for d in range(D)]),
                       jax.NamedSharding(mesh, jax.P("d")))
    got = np.asarray(on_devices(lambda v: mpicoll.allreduce(v, MPI.SUM), mesh=mesh)(x))
    for d in range(D):
        assert_close(got[d], P * (np.arange(3.0) + d), f"device {d}")


@check("eager shard_map")
def _():
    op = op_specs.BY_NAME["sendrecv"]
    xs = inputs(op, np.float64)
    got = on_devices(lambda x: op.call(x, COMM), jit=False)(stacked([x[RANK] for x in xs]))
    for d in range(D):
        assert_close(got[d], op.serial(xs[d], P)[RANK], f"device {d}")


# --- Program order with rank-dependent data flow -----------------------------

def chain(x, exchange="send_recv"):
    """Even ranks send before they receive, odd ranks the other way round
    (or one sendrecv, whose transpose can be transposed again); then a
    collective on the received value and a rooted one (linear, so that it
    can be transposed)."""
    comm = COMM
    received = op_specs.BY_NAME[exchange].call(x, comm)
    summed = mpicoll.allreduce(received + 2 * x, MPI.SUM, comm=comm)
    return mpicoll.bcast(summed + received, op_specs.root(P), comm=comm)


def chain_serial(xs):
    received = [xs[(q - 1) % P] for q in range(P)]
    summed = sum(r + 2 * x for r, x in zip(received, xs))
    root = op_specs.root(P)
    return [summed + received[root]] * P


@check("program order, rank-dependent order of messages")
def _():
    op = op_specs.BY_NAME["sendrecv"]
    xs = inputs(op, np.float64)
    got = on_devices(chain)(stacked([x[RANK] for x in xs]))
    for d in range(D):
        assert_close(got[d], chain_serial(xs[d])[RANK], f"device {d}")


# --- Derivatives against the serial program ----------------------------------

def serial_vjp(op, xs, cts):
    """Rank RANK's input cotangent in the job of one device position."""
    _, pull = jax.vjp(lambda *a: op.serial(list(a), P), *xs)
    return pull(cts)[RANK]


def serial_jvp(op, xs, ts):
    return jax.jvp(lambda *a: op.serial(list(a), P), xs, ts)[1][RANK]


for op in op_specs.OPS:
    if not op.differentiable or (sys.argv[1:] == ["some-derivatives"]
                                 and op.name not in op_specs.ONE_PER_RULE_FAMILY):
        continue

    @check(f"derivatives/{op.name}")
    def _(op=op):
        xs = inputs(op, np.float64)
        outs = [op.serial(xs[d], P) for d in range(D)]
        cts = [[like(outs[d][q], 100 * d + q) for q in range(P)] for d in range(D)]
        ts = [[like(xs[d][q], 50 + 100 * d + q) for q in range(P)] for d in range(D)]
        f = on_devices(lambda x: op.call(x, COMM))
        x = stacked([v[RANK] for v in xs])
        _, pull = jax.vjp(f, x)
        (got,) = pull(stacked([c[RANK] for c in cts]))
        _, tangent = jax.jvp(f, (x,), (stacked([t[RANK] for t in ts]),))
        for d in range(D):
            want = serial_vjp(op, xs[d], cts[d])
            assert_close(got[d], want, f"vjp, device {d}")
            assert_close(tangent[d], serial_jvp(op, xs[d], ts[d]), f"jvp, device {d}")


@check("transposes of a chain of linear operations")
def _():
    op = op_specs.BY_NAME["sendrecv"]
    xs = inputs(op, np.float64)
    cts = [[like(chain_serial(xs[d])[q], 7 * d + q) for q in range(P)] for d in range(D)]
    x, ct = stacked([v[RANK] for v in xs]), stacked([c[RANK] for c in cts])
    f = on_devices(lambda v: chain(v, "sendrecv"))
    # (the mesh set: transposing evaluates the program's known part, here the
    # ranks' check that they agree on differentiating, which has no array
    # arguments; JAX compiles it for its default device otherwise)
    with jax.set_mesh(MESH):
        transpose = jax.linear_transpose(f, x)
    cts2 = [[like(chain_serial(xs[d])[q], 11 * d + q + 5) for q in range(P)]
            for d in range(D)]
    ct2 = stacked([c[RANK] for c in cts2])
    serial_pull = [jax.vjp(lambda *a: chain_serial(list(a)), *xs[d])[1] for d in range(D)]
    grad = jax.jit(jax.grad(lambda v: jnp.sum(f(v) * ct)))
    # every rank makes every call before any comparison (a rank that failed
    # one early would leave the others waiting in the next)
    got = {how: t(ct)[0] for how, t in (("eager", transpose), ("jitted", jax.jit(transpose)),
                                        ("as jit(grad)", lambda c: (grad(x),)))}
    with jax.set_mesh(MESH):
        twice = jax.linear_transpose(lambda c: transpose(c)[0], ct)
    again = jax.jit(twice)(x)[0]
    forward = f(x)
    pull = jax.vjp(f, x)[1]       # jvp of vjp: the vjp is linear in the cotangent
    _, jvp_of_vjp = jax.jvp(lambda c: pull(c)[0], (ct,), (ct2,))
    after = on_devices(lambda v: mpicoll.allreduce(v, MPI.SUM))(x)    # the same comm after
    for d in range(D):
        want = serial_pull[d](cts[d])[RANK]
        for how, value in got.items():
            assert_close(value[d], want, f"linear_transpose {how}, device {d}")
        assert_close(again[d], forward[d], f"transposed twice, device {d}")
        assert_close(jvp_of_vjp[d], serial_pull[d](cts2[d])[RANK], f"jvp of vjp, device {d}")
        assert_close(after[d], jnp.sum(jnp.stack(xs[d]), 0), f"allreduce after, device {d}")


@check("vmap, scan and a request carried through fori_loop")
def _():
    op = op_specs.BY_NAME["sendrecv"]
    xs = inputs(op, np.float64)
    right, left = op_specs.ring(RANK, P)

    def body(x):
        batched = jax.vmap(lambda v: mpicoll.allreduce(v, MPI.SUM))(x)

        def step(request, _):
            shifted = mpicoll.wait(request)
            return mpicoll.isendrecv(shifted, shifted, left, right), shifted

        def start(i, request):
            return step(request, None)[0]

        request = mpicoll.isendrecv(x, x, left, right)
        request, shifts = lax.scan(step, request, None, length=2)
        request = lax.fori_loop(0, 2, start, request)
        return batched, shifts, mpicoll.wait(request)

    batched, shifts, last = on_devices(body)(stacked([v[RANK] for v in xs]))
    for d in range(D):
        assert_close(batched[d], jnp.sum(jnp.stack(xs[d]), 0), f"vmap, device {d}")
        for k in range(2):
            assert_close(shifts[d][k], xs[d][(RANK - 1 - k) % P], f"scan {k}, device {d}")
        assert_close(last[d], xs[d][(RANK - 5) % P], f"fori_loop, device {d}")


@check("a communicator's per-device duplicates are freed with it")
def _():
    # Freed at once, while the computation may still run: the free must wait
    # for it (several rounds: the handles of freed communicators are reused).
    from mpicoll._src import comms
    for round_ in range(3):
        comm = COMM.Dup()
        x = stacked([jnp.arange(2.0) + d + round_ for d in range(D)])
        got = on_devices(lambda v: mpicoll.allreduce(v, MPI.SUM, comm=comm))(x)
        twins = list(comm.Get_attr(comms._DEVICE_TWINS_KEYVAL))
        comm.Free()          # waits for the computation above, then frees its twins
        assert len(twins) == D and all(t == MPI.COMM_NULL for t in twins), twins
        for d in range(D):
            assert_close(got[d], P * (np.arange(2.0) + d + round_), f"round {round_}, device {d}")


@check("the per-device checks that tests/test_gpu.py makes on GPUs")
def _():
    failures = [f"{name}: got {np.asarray(got).tolist()}, want {want.tolist()}"
                for name, (got, want) in per_device_checks.shard_map_cases(
                    jax.local_devices(), MPI.COMM_WORLD).items()
                if not np.array_equal(np.asarray(got), want)]
    assert not failures, "; ".join(failures)


# --- Other layouts: one device of several, and XLA's partitioner --------------

@check("plain operations on one non-default device")
def _():
    device = jax.local_devices()[-1]
    x = jax.device_put(jnp.arange(3.0) + RANK, device)
    xs = [np.arange(3.0) + q for q in range(P)]
    # (ops whose result on some ranks is not MPI's: built there, or x itself)
    cases = {"allreduce": (lambda v: mpicoll.allreduce(v, MPI.SUM), sum(xs)),
             "exscan": (lambda v: mpicoll.exscan(v, MPI.SUM), sum(xs[:RANK], 0 * xs[0])),
             "reduce": (lambda v: mpicoll.reduce(v, MPI.SUM, 0), sum(xs) if RANK == 0 else xs[RANK]),
             "gather": (lambda v: mpicoll.gather(v, 0), np.stack(xs) if RANK == 0 else xs[RANK])}
    for name, (op, want) in cases.items():
        for how, f in (("eager", op), ("jitted", jax.jit(op))):
            got = f(x)
            assert got.devices() == {device}, (name, how, got.devices())
            assert_close(got, want, f"{name} {how}")


@check("an array XLA's partitioner spreads over the devices is refused")
def _():
    x = jax.device_put(jnp.arange(2.0 * D).reshape(D, 2), BLOCKS)
    for how, f in (("eager", lambda v: mpicoll.allreduce(v, MPI.SUM)),
                   ("jitted", jax.jit(lambda v: mpicoll.allreduce(v, MPI.SUM)))):
        try:
            f(x)
        except ValueError as exc:
            for part in ("mpicoll.allreduce", f"spread over {D} devices", "jax.shard_map",
                         "one MPI rank per device", "jax.device_put"):
                assert part in str(exc), (how, part, str(exc))
        else:
            raise AssertionError(f"{how}: no error")
    got = on_devices(lambda v: mpicoll.allreduce(v, MPI.SUM))(x)    # still works after
    assert_close(got[0], sum(np.arange(2.0) for _ in range(P)), "after the error")


# --- A device whose program differs on one rank (debug mode) ------------------

if P > 1:
    @check("debug mode: a program that differs on one device of one rank")
    def _():
        def body(x):
            if RANK != 0:
                return mpicoll.allreduce(x, MPI.SUM)
            return lax.cond(lax.axis_index("d") == D - 1,
                            lambda v: mpicoll.bcast(v, 0),
                            lambda v: mpicoll.allreduce(v, MPI.SUM), x)
        x = stacked([jnp.arange(3.0) + d for d in range(D)])
        messages = []
        _ffi.set_debug(True)
        try:
            on_devices(body)(x).block_until_ready()
        except Exception as exc:     # noqa: BLE001
            messages.append(str(exc))
        finally:
            _ffi.set_debug(False)
        # JAX's runtime tokens report a failed computation once more: at the
        # next effects_barrier (JAX 0.12) or the next computation (0.10)
        try:
            jax.effects_barrier()
        except jax.errors.JaxRuntimeError as exc:
            messages.append(str(exc))
        for attempt in range(2):
            try:
                got = on_devices(lambda v: mpicoll.allreduce(v, MPI.SUM))(x)
                break
            except jax.errors.JaxRuntimeError as exc:
                messages.append(str(exc))
        assert 2 <= len(messages) <= 3 and all(
            "made different calls" in m for m in messages), messages
        for d in range(D):
            assert_close(got[d], P * (np.arange(3.0) + d), f"after the error, device {d}")


check.write(os.environ.get("SEVERAL_DEVICES_RESULTS"))
