"""mpicoll on CUDA arrays, through each path the machine's MPI supports.

The whole module is skipped, with the reason, where JAX sees no CUDA device
or mpicoll has no CUDA path (the CPU suite and CI run nothing of it). On a
GPU machine, run it with CUDA visible to JAX and the CPU kept for the
reference computations; two ranks may share one GPU when JAX does not
preallocate most of its memory:

    XLA_PYTHON_CLIENT_PREALLOCATE=false JAX_PLATFORMS=cuda,cpu \\
        mpiexec -n 2 python scripts/pytest_mpi.py -q tests/test_gpu.py

Every test runs twice, once per path (`path` fixture): "staging" (pinned
host buffers) always, "cuda-aware" (device pointers to MPI) where the MPI
says it is CUDA-aware (MPIX_Query_cuda_support) or MPICOLL_CUDA_AWARE=1
forces it; elsewhere that half is skipped with the reason. What is checked,
each against a reference computed on the CPU from every rank's input:

* values of every operation of `op_specs.OPS`, eager, jitted and with the
  input donated (in place), bitwise, and that the result is on the GPU;
* chunking at the smallest chunk limits;
* float16/bfloat16 reductions, and MIN/MAX with NaNs and signed zeros
  in every floating dtype (mpicoll's own MPI operations: they always stage);
* program order: every operation in one jitted program, and a ring shift
  in a `fori_loop` whose result depends on the order of the iterations;
* gradients and JVPs of every differentiable operation against the serial
  reference;
* fft3d and halo_exchange against NumPy, the halo exchange's adjoint and
  the gradient through rfft3d/irfft3d against the CPU's;
* the nonblocking operations (their starts always stage): every start with
  GPU work before the waits, requests carried through a `fori_loop`, and
  the derivatives of the collective starts (nonblocking derivative
  requests) against the CPU's;
* the transposes through rfft3d/irfft3d (linear_transpose eager and jitted,
  twice, jvp of vjp) against the CPU's, the communicator working after;
* operations inside a `jax.shard_map` over the process's GPUs, each GPU's
  instance on a communicator of its own (tests/per_device_checks.py; with
  one GPU the per-device path is forced, which checks the device ordinal
  XLA gives a handler on a GPU);
* the staging buffers are reused, not allocated per call;
* each path hands MPI the memory it reports: device pointers and no pinned
  buffer on the CUDA-aware path (counted by the handlers), staged calls on
  the staging path.
"""

import os

os.environ.setdefault("XLA_PYTHON_CLIENT_PREALLOCATE", "false")   # ranks share a GPU

import jax  # noqa: E402
import jax.numpy as jnp  # noqa: E402
import numpy as np  # noqa: E402
import pytest  # noqa: E402
from jax import lax  # noqa: E402
from mpi4py import MPI  # noqa: E402

import mpicoll  # noqa: E402
from mpicoll._src import _ffi, gpu, primitive  # noqa: E402
from conftest import assert_all_equal  # noqa: E402
from op_specs import OPS, rank_input  # noqa: E402
from per_device_checks import shard_map_cases  # noqa: E402

WORLD = MPI.COMM_WORLD


def _unavailable():
    """Why this rank cannot run the module, or None; the same on every rank
    (one allgather), so that all ranks skip or none does."""
    path, why = gpu.cuda_path()
    mine = None if path is not None else why
    if mine is None:
        try:
            jax.devices("cpu")
        except RuntimeError as exc:
            mine = f"the CPU references need JAX's CPU platform (JAX_PLATFORMS=cuda,cpu): {exc}"
    reasons = WORLD.allgather(mine)
    bad = [(r, why) for r, why in enumerate(reasons) if why is not None]
    if not bad:
        return None
    return f"no GPU run on rank {bad[0][0]}: {bad[0][1]}"


_REASON = _unavailable()
if _REASON is not None:
    pytest.skip(_REASON, allow_module_level=True)

GPU = jax.devices("cuda")[0]
CPU = jax.devices("cpu")[0]
DIFFERENTIABLE = [op for op in OPS if op.differentiable]


@pytest.fixture(params=["staging", "cuda-aware"])
def path(request):
    """Run the test on one CUDA path, then restore MPICOLL_CUDA_AWARE's choice."""
    if request.param == "cuda-aware":
        report = _ffi.cuda_report()
        forced = os.environ.get(gpu.CUDA_AWARE_VARIABLE, "").strip() == "1"
        if report["mpi_answer"] != 1 and not forced:
            pytest.skip(f"this MPI is not CUDA-aware ({gpu._mpi_answer(report)}); "
                        f"{gpu.CUDA_AWARE_VARIABLE}=1 forces the path")
    _ffi.set_cuda_aware(1 if request.param == "cuda-aware" else 0)
    yield request.param
    gpu.cuda_aware_mode_from_environment()


def on_gpu(x):
    return jax.device_put(jnp.asarray(x), GPU)


def reference(op, comm, inputs):
    """The serial jax.numpy result of this rank, computed on the CPU."""
    with jax.default_device(CPU):
        return np.asarray(op.serial([jnp.asarray(x) for x in inputs], comm.size)[comm.rank])


def all_inputs(op, dtype, seed=0):
    return [rank_input(op, r, WORLD.size, dtype, seed) for r in range(WORLD.size)]


def check_on_gpu(result, what):
    assert result.devices() == {GPU}, f"{what}: result on {result.devices()}, not {GPU}"


def assert_close_everywhere(cases, rtol=1e-10, atol=1e-10):
    """`cases`: {name: (result, expected)}; each result on the GPU and close
    to the expected one. The verdict is combined across the ranks (call it
    after the test's last collective operation)."""
    failures = []
    for name, (got, want) in cases.items():
        if got.devices() != {GPU}:
            failures.append(f"{name}: result on {got.devices()}, not {GPU}")
        elif not np.allclose(np.asarray(got), np.asarray(want), rtol=rtol, atol=atol):
            failures.append(f"{name}: got\n{np.asarray(got)}\nwant\n{np.asarray(want)}")
    failures = [f"rank {r}: {f}" for r, fs in enumerate(WORLD.allgather(failures)) for f in fs]
    assert not failures, "\n".join(failures)


@pytest.mark.parametrize("mode", ["eager", "jit", "donated"])
@pytest.mark.parametrize("op", OPS, ids=repr)
def test_values(op, mode, path):
    call = lambda v: op.call(v, WORLD)   # noqa: E731
    fn = {"eager": call, "jit": jax.jit(call),
          "donated": jax.jit(call, donate_argnums=0)}[mode]
    cases = {}
    for dtype in op.dtypes:
        inputs = all_inputs(op, dtype)
        got = fn(on_gpu(inputs[WORLD.rank]))
        check_on_gpu(got, op.name)
        cases[f"{op.name} {np.dtype(dtype)}"] = (got, reference(op, WORLD, inputs))
    assert_all_equal(cases)


@pytest.mark.parametrize("op", OPS, ids=repr)
def test_chunked(op, path):
    cases = {}
    for dtype in (op.dtypes[0], op.dtypes[-1]):
        itemsize = np.dtype(dtype).itemsize
        inputs = all_inputs(op, dtype, seed=1)
        for limit in (itemsize, 2 * itemsize + 1):
            mpicoll.set_chunk_bytes(limit)
            try:
                got = jax.jit(lambda v: op.call(v, WORLD))(on_gpu(inputs[WORLD.rank]))
                got = np.asarray(got)
            finally:
                mpicoll.set_chunk_bytes(None)
            cases[f"{np.dtype(dtype)} limit {limit}"] = (got, reference(op, WORLD, inputs))
    assert_all_equal(cases)


@pytest.mark.parametrize("dtype", [jnp.float16, jnp.bfloat16])
def test_half_precision_reductions(dtype, path):
    x = (np.arange(6) - 2.5 + WORLD.rank).astype(dtype)
    everyone = np.stack(WORLD.allgather(x)).astype(np.float32)
    cases = {}
    for name, numpy_op in (("SUM", np.sum), ("MIN", np.min), ("MAX", np.max)):
        got = jax.jit(lambda v: mpicoll.allreduce(v, getattr(MPI, name)))(on_gpu(x))
        check_on_gpu(got, name)
        cases[name] = (got, numpy_op(everyone, axis=0).astype(dtype))
    assert_all_equal(cases)


@pytest.mark.parametrize("dtype", [jnp.float16, jnp.bfloat16, jnp.float32, jnp.float64])
def test_min_max_of_nan_and_signed_zero_give_every_rank_the_same_bits(dtype, path):
    """mpicoll's own MIN/MAX (NaN wherever a rank has one, MAX(0, -0) = 0,
    MIN = -0) on GPU arrays: they read host memory, so these calls stage
    also where the MPI is CUDA-aware (`host_reduction`)."""
    from test_ops import order_free_reference, special_values
    x = special_values(WORLD, dtype)
    everyone = np.stack(WORLD.allgather(x))
    cases = {}
    for name in ("MIN", "MAX"):
        got = jax.jit(lambda v: mpicoll.allreduce(v, getattr(MPI, name)))(on_gpu(x))
        check_on_gpu(got, name)
        cases[name] = (got, order_free_reference(name, everyone, dtype))
    assert_all_equal(cases, WORLD)


def test_every_operation_in_one_program_keeps_order(path):
    ops = [op for op in OPS if np.float64 in op.dtypes or op.name == "barrier"]
    inputs = {op.name: all_inputs(op, np.float64 if op.name != "barrier" else np.float32,
                                  seed=9) for op in ops}

    @jax.jit
    def program(local):
        return {op.name: op.call(local[op.name], WORLD) for op in ops}

    got = program({name: on_gpu(v[WORLD.rank]) for name, v in inputs.items()})
    assert_all_equal({op.name: (got[op.name], reference(op, WORLD, inputs[op.name]))
                      for op in ops})


def test_ring_shifts_in_a_loop_run_in_order(path):
    """Each iteration shifts the previous one's result one rank further and
    adds a value that depends on the iteration: a reordered or dropped call
    gives a different sum."""
    rank, size = WORLD.rank, WORLD.size
    steps = 5

    @jax.jit
    def loop(x):
        def body(i, v):
            shifted = mpicoll.sendrecv(v, v, source=(rank - 1) % size, dest=(rank + 1) % size)
            return shifted * 2 + i
        return jax.lax.fori_loop(0, steps, body, x)

    got = loop(on_gpu(np.full(4, float(rank))))
    values = [float(r) for r in range(size)]
    for i in range(steps):
        values = [values[(r - 1) % size] * 2 + i for r in range(size)]
    assert_all_equal({"loop": (got, np.full(4, values[rank]))})


def _float_inputs(op, seed):
    out = []
    for r in range(WORLD.size):
        shape = op.shape(r, WORLD.size)
        rng = np.random.default_rng(100 * seed + r)
        out.append(rng.uniform(0.5, 1.5, shape) * rng.choice([-1.0, 1.0], shape))
    return out


@pytest.mark.parametrize("op", DIFFERENTIABLE, ids=repr)
def test_grad_and_jvp_match_serial(op, path):
    r = WORLD.rank
    xs, ts = _float_inputs(op, 0), _float_inputs(op, 1)
    with jax.default_device(CPU):
        xs_cpu, ts_cpu = [jnp.asarray(x) for x in xs], [jnp.asarray(t) for t in ts]
        outs = op.serial(xs_cpu, WORLD.size)
        rng = np.random.default_rng(7)
        weights = [rng.normal(size=o.shape) for o in outs]     # same on every rank

        def serial_loss(v):
            return sum(jnp.sum(w * o) for w, o in zip(weights, op.serial(list(v), len(v))))

        serial_grad = np.asarray(jax.grad(serial_loss)(xs_cpu)[r])
        serial_tangent = np.asarray(
            jax.jvp(lambda *v: op.serial(list(v), len(v))[r], xs_cpu, ts_cpu)[1])
    w = on_gpu(weights[r])
    grad = jax.jit(jax.grad(lambda x: jnp.sum(w * op.call(x, WORLD))))(on_gpu(xs[r]))
    _, tangent = jax.jvp(lambda x: op.call(x, WORLD), (on_gpu(xs[r]),), (on_gpu(ts[r]),))
    check_on_gpu(grad, "grad")
    np.testing.assert_allclose(np.asarray(grad), serial_grad, rtol=1e-12, atol=1e-12)
    np.testing.assert_allclose(np.asarray(tangent), serial_tangent, rtol=1e-12, atol=1e-12)


@pytest.mark.parametrize("grid", [1, 2])
def test_fft3d_matches_numpy(grid, path):
    dims = MPI.Compute_dims(WORLD.size, grid)
    cart = WORLD.Create_cart(dims, periods=[True] * grid)
    try:
        shape = (6, 5, 4)
        rng = np.random.default_rng(11)
        whole = rng.normal(size=shape) + 1j * rng.normal(size=shape)     # same on every rank
        block = whole[mpicoll.fft.local_slices(shape, cart)]
        got = jax.jit(lambda v: mpicoll.fft3d(v, cart))(on_gpu(block))
        check_on_gpu(got, "fft3d")
        want = np.fft.fftn(whole)[mpicoll.fft.local_slices(shape, cart, space="fourier")]
        np.testing.assert_allclose(np.asarray(got), want, rtol=1e-10, atol=1e-10)
    finally:
        cart.Free()


@pytest.mark.parametrize("grid", [1, 2])
def test_real_fft3d_gradient_matches_cpu(grid, path):
    """The gradient through rfft3d and irfft3d (their transposes bind the
    local real transforms in the inverse direction, which the GPU runs
    through jnp.fft, not ducc0) equals the same gradient on the CPU."""
    dims = MPI.Compute_dims(WORLD.size, grid)
    cart = WORLD.Create_cart(dims, periods=[True] * grid)
    try:
        shape = (6, 4, 6)
        rng = np.random.default_rng(5)
        whole, weights = rng.normal(size=shape), rng.normal(size=shape)
        inner = mpicoll.fft.local_slices(shape, cart)

        def loss(v, w):
            spectrum = mpicoll.rfft3d(v, cart)
            return jnp.sum(w * mpicoll.irfft3d(spectrum * spectrum, shape[2], cart))

        grad = jax.jit(jax.grad(loss))
        got = grad(on_gpu(whole[inner]), on_gpu(weights[inner]))
        check_on_gpu(got, "grad of rfft3d/irfft3d")
        want = grad(jax.device_put(whole[inner], CPU), jax.device_put(weights[inner], CPU))
        np.testing.assert_allclose(np.asarray(got), np.asarray(want), rtol=1e-10, atol=1e-10)
    finally:
        cart.Free()


def test_real_fft3d_transposes_match_cpu(path):
    """The linear maps through rfft3d/irfft3d transposed every way JAX
    transposes (linear_transpose eager and jitted, transposed twice, the
    jvp of a vjp) on the GPU equal the same on the CPU; afterwards an
    operation on the same communicator still gives the right answer."""
    dims = MPI.Compute_dims(WORLD.size, 2)
    cart = WORLD.Create_cart(dims, periods=[True, True])
    try:
        shape = (6, 4, 6)
        rng = np.random.default_rng(7)
        inner = mpicoll.fft.local_slices(shape, cart)
        whole, weights = rng.normal(size=shape), rng.normal(size=shape)
        block, w_block = whole[inner], weights[inner]

        def smooth(v):          # real -> real, linear: filter in Fourier space
            return mpicoll.irfft3d(mpicoll.rfft3d(v, cart) * 0.5, shape[2], cart)

        def results(device):
            v, w = jax.device_put(block, device), jax.device_put(w_block, device)
            transpose = jax.linear_transpose(smooth, v)
            twice = jax.linear_transpose(lambda c: transpose(c)[0], w)
            jitted = jax.jit(lambda c: transpose(c)[0])
            loss = lambda u: jnp.sum(w * jnp.sin(smooth(u)))
            jvp_of_vjp = jax.jvp(lambda u: jax.vjp(loss, u)[1](1.0)[0], (v,), (w,))[1]
            return {"transpose": transpose(w)[0], "transpose, jit": jitted(w),
                    "transposed twice": twice(v)[0], "jvp of vjp": jvp_of_vjp}

        got, want = results(GPU), results(CPU)
        total = mpicoll.allreduce(on_gpu(np.ones(3) * WORLD.rank), MPI.SUM, comm=cart)
        assert_close_everywhere({name: (value, want[name]) for name, value in got.items()})
        assert_all_equal({"allreduce after": (total, np.full(3, WORLD.size * (WORLD.size - 1) / 2))},
                         comm=WORLD)
    finally:
        cart.Free()


# ------------------------------------------------------------ nonblocking

def test_nonblocking_operations_with_gpu_work_before_the_waits(path):
    """Every nonblocking start, GPU work, then the waits (eager and jitted):
    each result equals NumPy's on the gathered inputs and is on the GPU.
    Starts copy the operand to mpicoll's own host buffer on both paths."""
    size, rank = WORLD.size, WORLD.rank
    left, right = (rank - 1) % size, (rank + 1) % size
    everyone = np.stack([np.arange(size * 6, dtype=np.float64).reshape(size, 6) + 100 * r
                         for r in range(size)])

    def program(v):
        requests = [mpicoll.iallreduce(v, MPI.SUM), mpicoll.ialltoall(v),
                    mpicoll.iallgather(v[0]), mpicoll.ibcast(v, 0),
                    mpicoll.isendrecv(v, v, left, right), mpicoll.irecv(v, left)]
        sent = mpicoll.isend(v * 2, right)
        busy = jnp.sum(jnp.sin(v) @ jnp.cos(v).T)        # between the starts and the waits
        mpicoll.wait(sent)
        return mpicoll.waitall(requests), busy

    want = [everyone.sum(axis=0), everyone[:, rank], everyone[:, 0], everyone[0],
            everyone[left], 2 * everyone[left]]
    names = ["iallreduce", "ialltoall", "iallgather", "ibcast", "isendrecv", "irecv"]
    cases, placed = {}, []
    for mode, f in (("eager", program), ("jit", jax.jit(program))):
        got, busy = f(on_gpu(everyone[rank]))
        placed += [f"{name}, {mode}: on {value.devices()}" for name, value in zip(names, got)
                   if value.devices() != {GPU}]
        cases.update({f"{name}, {mode}": (value, expected)
                      for name, value, expected in zip(names, got, want)})
        cases[f"the work in between, {mode}, is finite"] = (np.isfinite(np.asarray(busy)),
                                                           np.array(True))
    cases["results not on the GPU: " + ("; ".join(placed) or "none")] = (np.array(len(placed)),
                                                                        np.array(0))
    assert_all_equal({k: (np.asarray(v), np.asarray(e)) for k, (v, e) in cases.items()},
                     comm=WORLD)


def test_nonblocking_derivatives_match_cpu(path):
    """grad and jvp through the starts, whose derivative messages are
    nonblocking (derivative requests: the handle travels inside the tangent
    or cotangent array, copied to and from the GPU; for messages also the
    requests that stand for what they send, and the answers to
    differentiated messages), equal the same derivatives on the CPU."""
    size = WORLD.size
    left, right = (WORLD.rank - 1) % size, (WORLD.rank + 1) % size
    rng = np.random.default_rng(WORLD.rank + 40)
    x, w = rng.normal(size=(size, 3)), rng.normal(size=(size, size, 3))

    def f(v, weights):
        a = mpicoll.iallreduce(jnp.sin(v), MPI.SUM)
        b = mpicoll.ialltoall(v * v)
        c = mpicoll.iallgather(jnp.cos(v))
        d = mpicoll.ibcast(v, size - 1)
        e = mpicoll.isendrecv(v * 2, jnp.sin(v), left, right)
        r = mpicoll.irecv(0 * v, left, tag=1)
        s = mpicoll.isend(v * v * v, right, tag=1)
        a, b, c, d, e, _, r = mpicoll.waitall([a, b, c, d, e, s, r])
        return jnp.sum(weights * c) + jnp.sum(a * b * d) + jnp.sum(jnp.tanh(e) * r)

    def derivatives(device):
        v, weights = jax.device_put(x, device), jax.device_put(w, device)
        return {"grad": jax.grad(f)(v, weights), "jitted grad": jax.jit(jax.grad(f))(v, weights),
                "jvp": jax.jvp(lambda u: f(u, weights), (v,), (v * 0.5,))[1]}

    got, want = derivatives(GPU), derivatives(CPU)
    assert_close_everywhere({name: (value, want[name]) for name, value in got.items()})


def test_nonblocking_requests_carried_through_a_loop(path):
    """A ring shift whose request is carried through a jitted fori_loop,
    waited and restarted in every iteration: after n iterations each rank
    holds the value of the rank n + 1 places to its left."""
    size, rank = WORLD.size, WORLD.rank
    left, right = (rank - 1) % size, (rank + 1) % size
    n = 5

    @jax.jit
    def f(v):
        def body(i, request):
            y = mpicoll.wait(request)
            return mpicoll.isendrecv(y, y, left, right)
        return mpicoll.wait(lax.fori_loop(0, n, body, mpicoll.isendrecv(v, v, left, right)))

    got = f(on_gpu(np.full(4, float(rank))))
    assert_all_equal({"ring": (got, np.full(4, float((rank - n - 1) % size))),
                      "on the GPU": (np.array(got.devices() == {GPU}), np.array(True))},
                     comm=WORLD)


def test_shard_map_over_the_local_gpus(path, monkeypatch):
    """allreduce then psum, sendrecv, iallreduce + wait and a vjp inside a
    jitted shard_map over this process's GPUs: each GPU's instance talks to
    the GPU at the same position on the other ranks, on a communicator of
    its own that the handler picks by the ordinal XLA gives it
    (tests/per_device_checks.py). A machine with one GPU takes the same
    path through the switch; several GPUs per process need a machine with
    several."""
    monkeypatch.setattr(primitive, "FORCE_PER_DEVICE_COMMS", True)
    assert_all_equal(shard_map_cases(jax.local_devices(backend="cuda"), WORLD), comm=WORLD)


def test_halo_exchange_matches_numpy(path):
    dims = MPI.Compute_dims(WORLD.size, 2)
    cart = WORLD.Create_cart(dims, periods=[True, True])
    try:
        shape, halo = (7, 6), (1, 2)
        whole = np.arange(np.prod(shape), dtype=np.float64).reshape(shape)
        inner = mpicoll.halo.local_slices(shape, cart)
        padded = np.pad(whole[inner], [(h, h) for h in halo])       # halo cells zero
        got = jax.jit(lambda v: mpicoll.halo_exchange(v, halo, cart, periodic=True))(
            on_gpu(padded))
        check_on_gpu(got, "halo_exchange")
        wrapped = np.pad(whole, [(h, h) for h in halo], mode="wrap")
        window = tuple(slice(s.start, s.stop + 2 * h) for s, h in zip(inner, halo))
        assert_all_equal({"halo": (got, wrapped[window])})
    finally:
        cart.Free()


def test_halo_exchange_adjoint_matches_cpu(path):
    """The adjoint (the backward pass: cotangents sent back and added on the
    host, staged on every path) on the GPU equals the same adjoint on the
    CPU, which the CPU suite checks against serial JAX."""
    dims = MPI.Compute_dims(WORLD.size, 2)
    cart = WORLD.Create_cart(dims, periods=[True, False])
    try:
        halo = (1, 2)
        shape = tuple(4 + 2 * h for h in halo) + (3,)
        ct = np.random.default_rng(WORLD.rank).integers(-4, 5, size=shape).astype(np.float32)
        exchange = lambda v: mpicoll.halo_exchange(v, halo, cart)
        adjoint = jax.jit(lambda c: jax.linear_transpose(exchange, c)(c)[0])
        got = adjoint(on_gpu(ct))
        check_on_gpu(got, "halo_exchange adjoint")
        want = adjoint(jax.device_put(ct, jax.devices("cpu")[0]))
        assert_all_equal({"halo adjoint": (got, np.asarray(want))})
    finally:
        cart.Free()


def test_each_path_hands_mpi_the_memory_it_says(path):
    """On the CUDA-aware path every call hands MPI device pointers and no
    pinned buffer is made (no silent staging); on the staging path every
    call stages. Counted by the CUDA handlers themselves."""
    _ffi.release_staging()
    before = _ffi.cuda_report()
    x = on_gpu(np.arange(12, dtype=np.float64) + WORLD.rank)
    size, rank = WORLD.size, WORLD.rank
    calls = [jax.jit(lambda v: mpicoll.allreduce(v, MPI.SUM)),
             jax.jit(lambda v: mpicoll.sendrecv(v, v, source=(rank - 1) % size,
                                                dest=(rank + 1) % size)),
             jax.jit(lambda v: mpicoll.allgather(v))]
    got = [np.asarray(f(x)) for f in calls]
    after = _ffi.cuda_report()
    everyone = np.stack([np.arange(12.0) + r for r in range(size)])
    assert_all_equal({"allreduce": (got[0], everyone.sum(axis=0)),
                      "sendrecv": (got[1], everyone[(rank - 1) % size]),
                      "allgather": (got[2], everyone)})
    on_device = after["calls_on_device"] - before["calls_on_device"]
    staged = after["calls_staged"] - before["calls_staged"]
    if path == "cuda-aware":
        assert (on_device, staged) == (3, 0), (on_device, staged)
        assert not any(_ffi.staging_buffers()), _ffi.staging_buffers()
    else:
        assert (on_device, staged) == (0, 3), (on_device, staged)
        assert any(_ffi.staging_buffers())


def test_staging_buffers_are_reused():
    """Repeated staged calls of one size allocate no new pinned memory."""
    _ffi.set_cuda_aware(0)
    try:
        x = on_gpu(np.arange(1 << 16, dtype=np.float32))
        f = jax.jit(lambda v: mpicoll.allreduce(v, MPI.SUM))
        jax.block_until_ready(f(x))
        before = _ffi.staging_buffers()
        for _ in range(5):
            got = f(x)
        after = _ffi.staging_buffers()
        assert_all_equal({"sum": (got, np.arange(1 << 16, dtype=np.float32) * WORLD.size)})
    finally:
        gpu.cuda_aware_mode_from_environment()
    assert any(before), before              # the first call made a buffer
    assert after == before, (before, after)
