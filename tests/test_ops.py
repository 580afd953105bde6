"""Every operation of the registry (`op_specs.OPS`), the same checks for each.

* values: eager, jit and jit with the input donated, on COMM_WORLD and on a
  split communicator, against the serial jax.numpy reference on the gathered
  inputs, compared bitwise (inputs are small integers, exact in every dtype);
* chunking: the smallest chunk limits, bitwise equal to the reference;
* vmap over axis 0 and 1 equals a Python loop over the batch;
* derivatives: grad and jvp equal those of the serial reference on the
  gathered inputs (serial equivalence, docs/differentiation.md), forward-mode
  check_grads to second order, reverse mode on rank-symmetric programs, and
  the global dot-product test <L x, y> = <x, L^T y> (inner products summed
  over ranks) for the linear ones;
* one jitted program that runs every operation in sequence (program order
  across different operations);
* the mpi4jax < 0.8 ``token=`` argument raises RuntimeError everywhere.
"""

import numpy as np
import jax
import jax.numpy as jnp
import pytest
from mpi4py import MPI

import mpicoll
from conftest import assert_all_equal, collective_check_grads, gather_global
from op_specs import OPS, rank_input

WORLD = MPI.COMM_WORLD
DIFFERENTIABLE = [op for op in OPS if op.differentiable]
LINEAR = [op for op in DIFFERENTIABLE
          if not op.name.endswith(("_PROD", "_MIN", "_MAX"))]

# Batching rules and check_grads' numerical differentiation do not depend on
# the number of ranks: at 1 and 2 ranks; at 3 (odd: roots and neighbours
# that are neither first nor last, uneven blocks) the values, chunked rounds
# and gradients against serial JAX run instead; at 4 (oversubscribed) the
# values and program order, where MPI's algorithms for a power of two differ.
up_to_2_ranks = pytest.mark.skipif(
    MPI.COMM_WORLD.Get_size() > 2,
    reason="rank-count independent: checked at 1 and 2 ranks")
up_to_3_ranks = pytest.mark.skipif(
    MPI.COMM_WORLD.Get_size() > 3,
    reason="the roles of ranks differ at 3 already: checked at 1, 2 and 3 ranks")


def all_inputs(op, comm, dtype, seed=0):
    return [rank_input(op, r, comm.size, dtype, seed) for r in range(comm.size)]


def expected(op, comm, inputs):
    # jitted: one compilation per dtype, where op by op each slice and
    # concatenation of the serial computation compiles on its own
    serial = jax.jit(lambda xs: op.serial(xs, comm.size)[comm.rank])
    return np.asarray(serial([jnp.asarray(x) for x in inputs]))


@pytest.fixture(scope="module")
def split_comm():
    """Ranks split into two halves; sizes 1 and 2 at 3 ranks, 2 and 2 at 4."""
    comm = WORLD.Split(WORLD.rank % 2, WORLD.rank)
    yield comm
    comm.Free()


def run(op, comm, mode):
    call = lambda v: op.call(v, comm)   # noqa: E731
    if mode == "eager":
        return call
    if mode == "jit":
        return jax.jit(call)
    return jax.jit(call, donate_argnums=0)


@pytest.mark.parametrize("mode", ["eager", "jit", "donated"])
@pytest.mark.parametrize("op", OPS, ids=repr)
def test_values(op, mode):
    # Every dtype jitted; eager and donated calls run the same handler, and
    # take the first and last dtype (the narrowest and the widest or complex)
    # at 1 and 2 ranks: how a call is dispatched does not depend on the
    # number of ranks, which the jitted values cover at 3 and 4.
    if mode != "jit" and WORLD.size > 2:
        pytest.skip("eager and donated dispatch: checked at 1 and 2 ranks")
    dtypes = op.dtypes if mode == "jit" else list(dict.fromkeys([op.dtypes[0], op.dtypes[-1]]))
    for dtype in dtypes:
        inputs = all_inputs(op, WORLD, dtype)
        got = run(op, WORLD, mode)(jnp.asarray(inputs[WORLD.rank]))
        assert_all_equal({f"{op.name} {np.dtype(dtype)}": (got, expected(op, WORLD, inputs))})


@pytest.mark.parametrize("op", OPS, ids=repr)
def test_values_on_split_communicator(op, split_comm):
    dtype = op.dtypes[-1]
    inputs = all_inputs(op, split_comm, dtype, seed=3)
    got = jax.jit(lambda v: op.call(v, split_comm))(jnp.asarray(inputs[split_comm.rank]))
    assert_all_equal({op.name: (got, expected(op, split_comm, inputs))})


@up_to_3_ranks
@pytest.mark.parametrize("op", OPS, ids=repr)
def test_chunked_equals_reference(op):
    cases = {}
    for dtype in (op.dtypes[0], op.dtypes[-1]):
        itemsize = np.dtype(dtype).itemsize
        inputs = all_inputs(op, WORLD, dtype, seed=1)
        for limit in (itemsize, 2 * itemsize + 1):
            mpicoll.set_chunk_bytes(limit)
            try:
                got = jax.jit(lambda v: op.call(v, WORLD))(jnp.asarray(inputs[WORLD.rank]))
                got = np.asarray(got)
            finally:
                mpicoll.set_chunk_bytes(None)
            cases[f"{np.dtype(dtype)} limit {limit}"] = (got, expected(op, WORLD, inputs))
    assert_all_equal(cases)


@up_to_2_ranks
@pytest.mark.parametrize("axis", [0, 1])
@pytest.mark.parametrize("op", OPS, ids=repr)
def test_vmap_equals_loop(op, axis):
    dtype = op.dtypes[-1] if op.differentiable else op.dtypes[0]
    members = [rank_input(op, WORLD.rank, WORLD.size, dtype, seed) for seed in (4, 5)]
    batch = np.stack(members, axis=axis)        # every input has at least one axis
    call = lambda v: op.call(v, WORLD)
    got = jax.jit(jax.vmap(call, in_axes=axis))(jnp.asarray(batch))
    loop = np.stack([np.asarray(call(jnp.asarray(m))) for m in members])
    assert_all_equal({f"vmap axis {axis}": (got, loop)})


def float_inputs(op, comm, seed):
    """Distinct non-integer values (no ties, no zeros) for derivative tests."""
    out = []
    for r in range(comm.size):
        shape = op.shape(r, comm.size)
        rng = np.random.default_rng(100 * seed + r)
        out.append(rng.uniform(0.5, 1.5, shape) * rng.choice([-1.0, 1.0], shape))
    return out


def serial_outputs(op, xs):
    return op.serial(list(xs), len(xs))


@up_to_3_ranks
@pytest.mark.parametrize("op", DIFFERENTIABLE, ids=repr)
def test_grad_and_jvp_match_serial(op):
    r = WORLD.rank
    xs = [jnp.asarray(x) for x in float_inputs(op, WORLD, 0)]
    ts = [jnp.asarray(t) for t in float_inputs(op, WORLD, 1)]
    outs = serial_outputs(op, xs)
    rng = np.random.default_rng(7)
    weights = [jnp.asarray(rng.normal(size=o.shape)) for o in outs]   # same on every rank

    def local_loss(x):
        return jnp.sum(weights[r] * op.call(x, WORLD))

    def serial_loss(xs):
        return sum(jnp.sum(w * o) for w, o in zip(weights, serial_outputs(op, xs)))

    grad = jax.jit(jax.grad(local_loss))(xs[r])
    serial_grad = jax.grad(serial_loss)(xs)[r]
    _, tangent = jax.jvp(lambda x: op.call(x, WORLD), (xs[r],), (ts[r],))
    serial_tangent = jax.jvp(lambda *v: serial_outputs(op, v)[r], xs, ts)[1]
    np.testing.assert_allclose(np.asarray(grad), np.asarray(serial_grad), rtol=1e-12, atol=1e-12)
    np.testing.assert_allclose(np.asarray(tangent), np.asarray(serial_tangent), rtol=1e-12,
                               atol=1e-12)


@up_to_3_ranks
@pytest.mark.parametrize("op", DIFFERENTIABLE, ids=repr)
def test_vmap_of_grad_and_jvp_of_grad_match_serial(op):
    """A batch of gradients (`vmap` of `grad`) and a Hessian-vector product
    (`jvp` of `grad`) of a weighted sum of the operation's result, against
    serial JAX. The result's cotangent is then the same unbatched constant
    on every rank: the ops' own derivative rules must batch alike and be
    differentiable alike on every rank all the same (rank 0 of a prefix
    reduction reduces one input, or none)."""
    r = WORLD.rank
    batch = [[jnp.asarray(x) for x in float_inputs(op, WORLD, seed)] for seed in (0, 4)]
    xs, ts = batch[0], [jnp.asarray(t) for t in float_inputs(op, WORLD, 1)]
    outs = serial_outputs(op, xs)
    rng = np.random.default_rng(7)
    weights = [jnp.asarray(rng.normal(size=o.shape)) for o in outs]   # same on every rank

    def loss(o, w):
        return jnp.sum(w * o)

    def local_loss(x):
        return loss(op.call(x, WORLD), weights[r])

    def serial_loss(xs):
        return sum(loss(o, w) for w, o in zip(weights, serial_outputs(op, xs)))

    vmap_grad = jax.jit(jax.vmap(jax.grad(local_loss)))
    hvp_of = jax.jit(lambda x, t: jax.jvp(jax.grad(local_loss), (x,), (t,))[1])
    if op.name == "send_recv" and WORLD.size > 1:
        # documented refusals (docs/differentiation.md, "Which
        # transformations work"): the backward pass of send/recv between
        # ranks cannot be transformed again; every rank raises, none waits
        with pytest.raises(NotImplementedError, match="backward pass of send/recv"):
            vmap_grad(jnp.stack([b[r] for b in batch]))
        with pytest.raises(NotImplementedError, match="backward pass of send/recv"):
            hvp_of(xs[r], ts[r])
        return
    grads = vmap_grad(jnp.stack([b[r] for b in batch]))
    hvp = hvp_of(xs[r], ts[r])
    serial_grad = jax.jit(lambda v: jax.grad(serial_loss)(v)[r])
    serial_hvp = jax.jit(lambda v, t: jax.jvp(jax.grad(serial_loss), (v,), (t,))[1][r])
    failures = []
    for what, got, want in [("vmap(grad)", grads, np.stack([serial_grad(b) for b in batch])),
                            ("jvp(grad)", hvp, serial_hvp(xs, ts))]:
        if not np.allclose(np.asarray(got), np.asarray(want), rtol=1e-11, atol=1e-11):
            failures.append(f"{what}: got {np.asarray(got)}, want {np.asarray(want)}")
    assert not failures, failures


@up_to_2_ranks
@pytest.mark.parametrize("op", DIFFERENTIABLE, ids=repr)
def test_check_grads_forward(op, monkeypatch):
    """Forward mode: check_grads draws the same tangents on every rank, so its
    directional derivatives are those of the global function; valid for any
    program and any (rank-dependent) point."""
    x = jnp.asarray(float_inputs(op, WORLD, 2)[WORLD.rank])
    collective_check_grads(monkeypatch, WORLD, lambda v: op.call(v, WORLD), (x,), order=2,
                           modes=["fwd"], eps=1e-4)


@up_to_2_ranks
@pytest.mark.parametrize("op", [op for op in DIFFERENTIABLE if op.symmetric], ids=repr)
def test_check_grads_reverse_rank_symmetric(op, monkeypatch):
    """Reverse mode compares each rank's local inner products, which equal the
    global ones for a rank-symmetric program at a rank-symmetric point (the
    same x on every rank; docs/design.md §5)."""
    x = jnp.asarray(float_inputs(op, WORLD, 2)[0])           # rank 0's, on every rank
    collective_check_grads(monkeypatch, WORLD, lambda v: op.call(v, WORLD), (x,), order=2,
                           modes=["fwd", "rev"], eps=1e-4)


@pytest.mark.parametrize("op", LINEAR, ids=repr)
def test_global_dot_product(op):
    """<L x, y> = <x, L^T y>, each side summed over ranks."""
    x = jnp.asarray(float_inputs(op, WORLD, 3)[WORLD.rank])
    call = lambda v: op.call(v, WORLD)
    y_shape = jax.eval_shape(call, x)
    y = jnp.asarray(np.random.default_rng(50 + WORLD.rank).normal(size=y_shape.shape))
    _, transpose = jax.vjp(call, x)
    (lt_y,) = transpose(y)
    lhs = WORLD.allreduce(float(jnp.vdot(call(x), y)))
    rhs = WORLD.allreduce(float(jnp.vdot(x, lt_y)))
    assert abs(lhs - rhs) <= 1e-12 * max(1.0, abs(lhs)), (lhs, rhs)


def test_every_operation_in_one_program_keeps_order():
    ops = [op for op in OPS if np.float64 in op.dtypes or op.name == "barrier"]
    inputs = {op.name: all_inputs(op, WORLD, np.float64 if op.name != "barrier"
                                  else np.float32, seed=9) for op in ops}

    @jax.jit
    def program(local):
        return {name: op.call(local[name], WORLD) for name, op in
                ((op.name, op) for op in ops)}

    got = program({name: jnp.asarray(v[WORLD.rank]) for name, v in inputs.items()})
    assert_all_equal({op.name: (got[op.name], expected(op, WORLD, inputs[op.name]))
                      for op in ops})


PUBLIC = ["allgather", "allreduce", "alltoall", "barrier", "bcast", "gather", "recv",
          "reduce", "scan", "scatter", "send", "sendrecv", "alltoallv", "exscan",
          "reduce_scatter"]


@pytest.mark.parametrize("name", PUBLIC)
def test_token_argument_raises(name):
    fn = getattr(mpicoll, name)
    x = jnp.ones((WORLD.size, 2))
    args = {"allgather": (x,), "allreduce": (x, MPI.SUM), "alltoall": (x,), "barrier": (),
            "bcast": (x, 0), "gather": (x, 0), "recv": (x, 0), "reduce": (x, MPI.SUM, 0),
            "scan": (x, MPI.SUM), "scatter": (x, 0), "send": (x, 0),
            "sendrecv": (x, x, 0, 0), "alltoallv": (x, [1] * WORLD.size, [1] * WORLD.size),
            "exscan": (x, MPI.SUM), "reduce_scatter": (x, MPI.SUM)}[name]
    # None too: code for mpi4jax < 0.8 passes token=None and unpacks
    # `result, token = ...`, which would split a plain array's first axis
    for token in (object(), None):
        with pytest.raises(RuntimeError, match="no token argument"):
            fn(*args, token=token)


def test_every_token_parameter_refuses_none():
    """Every public operation that keeps mpi4jax's ``token`` keyword has a
    default no caller can pass, so ``token=None`` raises like any token."""
    import inspect
    with_token = [name for name in mpicoll.__all__ if callable(getattr(mpicoll, name))
                  and "token" in inspect.signature(getattr(mpicoll, name)).parameters]
    assert set(PUBLIC) <= set(with_token)
    for name in with_token:
        default = inspect.signature(getattr(mpicoll, name)).parameters["token"].default
        assert default is not None and repr(default) == "NOTSET", name


def test_mpi4jax_names_are_exported():
    for name in ["allgather", "allreduce", "alltoall", "barrier", "bcast", "gather", "recv",
                 "reduce", "scan", "scatter", "send", "sendrecv", "has_cuda_support",
                 "has_sycl_support"]:
        assert callable(getattr(mpicoll, name)), name
    assert mpicoll.has_cuda_support() is False
    assert mpicoll.has_sycl_support() is False


HALF_REDUCTIONS = [op for op in OPS if op.name.endswith(("_SUM", "_PROD"))]


@pytest.mark.parametrize("dtype", ["float16", "bfloat16"])
@pytest.mark.parametrize("op", HALF_REDUCTIONS, ids=repr)
def test_half_precision_rounded_once(op, dtype):
    """float16/bfloat16 SUM and PROD equal the exact result rounded once to
    the 16-bit type, whatever the number of ranks and MPI's reduction tree
    (16-bit partial sums would round at every step)."""
    dtype = jnp.dtype(dtype)
    inputs = []
    for r in range(WORLD.size):
        rng = np.random.default_rng(60 + r)
        shape = op.shape(r, WORLD.size)
        v = (rng.uniform(0.9, 1.1, shape) if op.name.endswith("_PROD")
             else rng.normal(0, 100, shape))
        inputs.append(np.asarray(v).astype(dtype))
    exact = op.serial([jnp.asarray(x, jnp.float64) for x in inputs], WORLD.size)[WORLD.rank]
    want = np.asarray(exact).astype(dtype)
    got = jax.jit(lambda v: op.call(v, WORLD))(jnp.asarray(inputs[WORLD.rank]))
    assert_all_equal({f"{op.name} {dtype}": (got, want)})


def _bad_argument_cases():
    P = WORLD.size
    x = jnp.ones((P, 2))
    counts = [1] * P
    return {
        "bcast root out of range": (lambda: mpicoll.bcast(x, P), ValueError, "root"),
        "reduce root negative": (lambda: mpicoll.reduce(x, MPI.SUM, -1), ValueError, "root"),
        "gather root not an int": (lambda: mpicoll.gather(x, 0.5), TypeError, "root"),
        "scatter traced root": (lambda: jax.jit(lambda r: mpicoll.scatter(x, r))(0),
                                TypeError, "root"),
        # every rank names itself root, so every rank checks its x as a root
        "scatter root's first axis": (
            lambda: mpicoll.scatter(jnp.ones((P + 1, 2)), WORLD.rank),
            ValueError, "communicator size"),
        "reduce_scatter first axis": (lambda: mpicoll.reduce_scatter(jnp.ones((P + 1, 2)),
                                                                     MPI.SUM),
                                      ValueError, "x.shape\\[0\\]"),
        "scan op for dtype": (lambda: mpicoll.scan(jnp.ones(2, jnp.complex64), MPI.MIN),
                              TypeError, "MPI.MIN"),
        "exscan op type": (lambda: mpicoll.exscan(x, "sum"), TypeError, "op"),
        "allgatherv counts length": (lambda: mpicoll.allgatherv(x, [1] * (P + 1)),
                                     ValueError, "counts"),
        "allgatherv rows": (lambda: mpicoll.allgatherv(jnp.ones((2, 2)), counts),
                            ValueError, "counts\\[rank\\]"),
        "gatherv negative count": (lambda: mpicoll.gatherv(x, [-1] * P, 0),
                                   ValueError, "non-negative"),
        "scatterv traced counts": (lambda: jax.jit(
            lambda c: mpicoll.scatterv(x, c, 0))(jnp.ones(P, int)), TypeError, "counts"),
        "send dest out of range": (lambda: mpicoll.send(x, P), ValueError, "dest"),
        "send tag negative": (lambda: mpicoll.send(x, 0, tag=-3), ValueError, "tag"),
        "recv source traced": (lambda: jax.jit(lambda s: mpicoll.recv(x, s))(0),
                               TypeError, "source"),
        "recv status type": (lambda: mpicoll.recv(x, 0, status="s"), TypeError, "status"),
        "barrier comm type": (lambda: mpicoll.barrier(comm="world"), TypeError, "comm"),
        "redistribute same axes": (lambda: mpicoll.redistribute(x, 1, -1), ValueError,
                                   "must differ"),
        "redistribute axis range": (lambda: mpicoll.redistribute(x, 2, 0), ValueError,
                                    "split_axis"),
        "redistribute concat block": (lambda: mpicoll.redistribute(x, 1, 0,
                                                                   concat_sizes=[P + 1] * P),
                                      ValueError, "concat_sizes\\["),
        "redistribute split sizes": (lambda: mpicoll.redistribute(x, 1, 0,
                                                                  split_sizes=[3] + [0] * (P - 1)),
                                     ValueError, "split_sizes"),
        "redistribute traced axis": (lambda: jax.jit(
            lambda a: mpicoll.redistribute(x, a, 0))(1), TypeError, "split_axis"),
    }


@pytest.mark.parametrize("case", list(_bad_argument_cases()))
def test_bad_arguments_raise_at_trace_time(case):
    """Checked before anything is sent, on every rank alike, naming the argument."""
    call, error, words = _bad_argument_cases()[case]
    with pytest.raises(error, match=words):
        call()


def special_values(comm, dtype, repeat=1):
    """Columns that make MIN and MAX depend on the order of the operands in
    C's ``x > y ? x : y``: a NaN on one rank (each rank in turn, once with
    its sign bit set, as x86's 0/0 gives), and every assignment of 0.0 and
    -0.0 to the ranks; plus infinities beside a NaN. Tiled `repeat` times."""
    size, rank = comm.Get_size(), comm.Get_rank()
    nan_columns = [np.nan if r == rank else 1.0 for r in range(size)]
    negative_nan_columns = [-np.nan if r == rank else -1.0 for r in range(size)]
    zero_columns = [-0.0 if (j >> rank) & 1 else 0.0 for j in range(2 ** size)]
    inf_columns = [np.inf if rank % 2 else np.nan, -np.inf]
    row = nan_columns + negative_nan_columns + zero_columns + inf_columns
    return np.tile(np.array(row, np.float64), repeat).astype(dtype)


def order_free_reference(op, xs, dtype):
    """MIN/MAX over the leading axis as mpicoll defines it: NaN (the quiet,
    positive one) where any operand is NaN, as ``jnp.max`` gives NaN; MAX of
    0.0 and -0.0 is 0.0, MIN is -0.0. One operand is returned as it is."""
    if len(xs) == 1:
        return xs[0]
    xs = xs.astype(np.float64)
    out = xs.max(0) if op == "MAX" else xs.min(0)
    zero = out == 0
    negative = np.signbit(xs) & (xs == 0)
    negative = negative.all(0) if op == "MAX" else negative.any(0)
    out = np.where(zero, np.where(negative, -0.0, 0.0), out)
    out = np.where(np.isnan(xs).any(0), np.nan, out)
    return out.astype(dtype)


@pytest.mark.parametrize("op", ["MIN", "MAX"])
@pytest.mark.parametrize("dtype", ["float16", "bfloat16", "float32", "float64"])
def test_min_max_of_nan_and_signed_zero_give_every_rank_the_same_bits(comm, op, dtype):
    """MPI's own MIN/MAX keeps whichever operand comes first when one is NaN
    or both are zeros, and MPI orders the operands differently on different
    ranks: ranks got NaN on some and 1.0 on others. Every rank now gets the
    same bits, those of the serial reduction (NaN wherever a rank has one),
    for allreduce (one message, and by blocks from 1 MiB), reduce, the
    prefix reductions and reduce_scatter, eager and jitted."""
    size, rank = comm.Get_size(), comm.Get_rank()
    mpi_op = getattr(MPI, op)
    x = special_values(comm, dtype)
    big = special_values(comm, dtype, repeat=(1 << 20) // x.nbytes + 1)   # by blocks
    xs, bigs = gather_global(comm, x), gather_global(comm, big)
    blocks = np.stack([x] * size)
    f = lambda x, big, blocks: (mpicoll.allreduce(x, mpi_op), mpicoll.allreduce(big, mpi_op),
                                mpicoll.reduce(x, mpi_op, 0), mpicoll.scan(x, mpi_op),
                                mpicoll.exscan(x, mpi_op), mpicoll.reduce_scatter(blocks, mpi_op))
    cases = {}
    for name, g in (("eager", f), ("jit", jax.jit(f))):
        outs = g(x, big, blocks)
        cases[f"{name} allreduce"] = (outs[0], order_free_reference(op, xs, dtype))
        cases[f"{name} allreduce by blocks"] = (outs[1], order_free_reference(op, bigs, dtype))
        if rank == 0:
            cases[f"{name} reduce"] = (outs[2], order_free_reference(op, xs, dtype))
        cases[f"{name} scan"] = (outs[3], order_free_reference(op, xs[:rank + 1], dtype))
        if rank > 0:
            cases[f"{name} exscan"] = (outs[4], order_free_reference(op, xs[:rank], dtype))
        cases[f"{name} reduce_scatter"] = (outs[5], order_free_reference(op, xs, dtype))
    assert_all_equal(cases, comm)
    # and bit for bit the same on every rank, whatever MPI's reduction order
    mine = np.asarray(outs[1]).tobytes()
    assert all(theirs == mine for theirs in comm.allgather(mine))
