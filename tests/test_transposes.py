"""Every differentiable operation of the registry under every JAX
transformation that transposes (docs/differentiation.md, "Which
transformations work").

JAX runs a derivative rule only where it sees a reason to on that rank: an
operation whose result a rank drops (exscan on rank 0, the non-roots of
reduce and gather, send, whose result is empty) or a backward pass built
without a forward pass (`jax.linear_transpose`) must still make the same
derivative calls on every rank. Each test here runs one transformation
eagerly or jitted and compares this rank's result with the same
transformation of the serial program on the gathered inputs
(`op.serial`); linear maps also pass the global dot-product test. After
every case the ranks run a follow-up operation on the same communicator,
checked too: nothing is left waiting or unmatched.

Nonlinear operations (PROD, MIN, MAX) enter `jax.linear_transpose` and
`jax.jvp` of a `vjp` as their linearization at a point without ties or
zeros (`jax.linearize`), a linear SPMD map like any other; transposing
twice and the linear solve run on the linear operations (and halo_exchange).

The backward pass of send/recv cannot be transformed again (its cotangent
receive has a constant template): those cases must raise
NotImplementedError on every rank, at trace time, and leave the
communicator working.
"""

import numpy as np
import jax
import jax.numpy as jnp
import pytest
from jax import lax
from mpi4py import MPI

import mpicoll
from op_specs import BY_NAME, OPS, Op

WORLD = MPI.COMM_WORLD
RANK, SIZE = WORLD.rank, WORLD.size
NONLINEAR = ("_PROD", "_MIN", "_MAX")
RING = WORLD.Create_cart([SIZE], periods=[True])


def _serial_halo(xs, size):
    """Each rank's window of the periodically padded global interior."""
    interior = jnp.concatenate([x[1:-1] for x in xs])
    padded = jnp.concatenate([interior[-1:], interior, interior[:1]])
    return [padded[3 * r:3 * r + 5] for r in range(size)]


# halo_exchange on a periodic ring, blocks of 3 cells and one halo cell per side
HALO = Op("halo_exchange", lambda x, c: mpicoll.halo_exchange(x, 1, RING), _serial_halo,
          shape=lambda rank, size: (5, 2), dtypes=(np.float64,))


# Paths of the handlers that the registry's small blocks and live inputs do
# not take (tests/test_own_block.py and test_in_place.py check their values):
# alltoallv blocks beyond the 2 KiB that ride with its agreement, so a rank's
# own block is copied in memory; allgatherv with equal counts
# (MPI_Allgather); gather of a temporary, which off root becomes the result,
# and scatter(v) doubled afterwards, whose transpose gathers a temporary;
# bcast and gather(v) of 64 KiB blocks, which copy x during a nonblocking
# call (tests/test_overlapped_copy.py).
def _rows_to(sender, receiver):
    return 3 * ((sender * receiver + sender + 1) % 3)


def _alltoallv_own_block(x, c):
    send = tuple(_rows_to(c.rank, s) for s in range(c.size))
    return mpicoll.alltoallv(x, send, tuple(_rows_to(s, c.rank) for s in range(c.size)),
                             comm=c)


def _serial_alltoallv_own_block(xs, size):
    def piece(s, r):
        start = sum(_rows_to(s, t) for t in range(r))
        return xs[s][start:start + _rows_to(s, r)]
    return [jnp.concatenate([piece(s, r) for s in range(size)]) for r in range(size)]


def _doubled(name, before):
    """Op `name` on 2 x (`before`) or with its result doubled."""
    op = BY_NAME[name]
    if before:
        return Op(f"{name}_of_a_temporary", lambda x, c: op.call(x * 2.0, c),
                  lambda xs, size: op.serial([v * 2.0 for v in xs], size), shape=op.shape,
                  dtypes=(np.float64,))
    return Op(f"{name}_doubled", lambda x, c: op.call(x, c) * 2.0,
              lambda xs, size: [y * 2.0 for y in op.serial(xs, size)], shape=op.shape,
              dtypes=(np.float64,))


def _wide(name):
    """Op `name` with rows of 8192 float64 (64 KiB), so every block reaches
    the size from which bcast, gather and gatherv make their result's copy of
    x during a nonblocking call; reduce, scatter and scatterv (their
    transposes) get the same sizes."""
    op = BY_NAME[name]
    return Op(f"{name}_wide", op.call, op.serial,
              shape=lambda rank, size: (*op.shape(rank, size)[:-1], 8192), dtypes=(np.float64,))


HANDLER_PATHS = [
    Op("alltoallv_own_block", _alltoallv_own_block, _serial_alltoallv_own_block,
       shape=lambda rank, size: (sum(_rows_to(rank, s) for s in range(size)), 300),
       dtypes=(np.float64,)),
    Op("allgatherv_equal_counts", lambda x, c: mpicoll.allgatherv(x, (2,) * c.size, comm=c),
       lambda xs, size: [jnp.concatenate(xs)] * size, shape=lambda rank, size: (2, 3),
       dtypes=(np.float64,)),
    _doubled("gather", before=True), _doubled("gatherv", before=True),
    _doubled("scatter", before=False), _doubled("scatterv", before=False),
    _wide("bcast"), _wide("gather"), _wide("gatherv"),
]
DIFFERENTIABLE = [op for op in OPS if op.differentiable] + [HALO] + HANDLER_PATHS
# The linear ones; PROD, MIN and MAX enter the other tests as linearizations,
# whose transposes are made of the same collectives as these.
LINEAR = [op for op in DIFFERENTIABLE if not op.name.endswith(NONLINEAR)]
TOL = 1e-11

pytestmark = pytest.mark.timeout(300)


def rank_arrays(shapes, seed):
    """One float64 array per rank (`shapes[r]`), values in ±[0.5, 1.5] (no
    ties, no zeros); the same on every rank."""
    out = []
    for r, shape in enumerate(shapes):
        rng = np.random.default_rng(1000 * seed + r)
        out.append(jnp.asarray(rng.uniform(0.5, 1.5, shape) * rng.choice([-1.0, 1.0], shape)))
    return out


class Linear:
    """`op` as a linear map on this rank (`f`) and serially on every rank's
    input (`serial`: list of inputs -> list of outputs), with every rank's
    input and output shapes."""

    def __init__(self, op):
        self.op = op
        self.in_shapes = [op.shape(r, SIZE) for r in range(SIZE)]
        call = lambda v: op.call(v, WORLD)                       # noqa: E731
        serial = lambda vs: op.serial(list(vs), SIZE)             # noqa: E731
        if op.name.endswith(NONLINEAR):
            points = rank_arrays(self.in_shapes, 5)
            _, self.f = jax.linearize(call, points[RANK])
            _, lin = jax.linearize(lambda *vs: serial(vs), *points)
            self.serial = lambda vs: lin(*vs)
        else:
            self.f, self.serial = call, serial
        self.out_shapes = [o.shape for o in jax.eval_shape(self.serial, rank_arrays(
            self.in_shapes, 0))]

    def xs(self, seed):
        return rank_arrays(self.in_shapes, seed)

    def ys(self, seed):
        return rank_arrays(self.out_shapes, seed)

    def serial_transpose(self, ys):
        return jax.linear_transpose(self.serial, self.xs(0))(list(ys))[0]


def follow_up():
    """An allreduce and a ring sendrecv on COMM_WORLD, with their values."""
    total = mpicoll.allreduce(jnp.full(2, RANK + 1.0), MPI.SUM)
    right, left = (RANK + 1) % SIZE, (RANK - 1) % SIZE
    ring = mpicoll.sendrecv(jnp.full(3, 10.0 * RANK), jnp.zeros(3), left, right, sendtag=3,
                            recvtag=3)
    return {"follow-up allreduce": (total, np.full(2, SIZE * (SIZE + 1) / 2)),
            "follow-up sendrecv": (ring, np.full(3, 10.0 * left))}


def outcome(thunk):
    """Run `thunk` to the end: (result as NumPy, None) or (None, error text)."""
    try:
        result = jax.block_until_ready(thunk())
        return jax.tree.map(np.asarray, result), None
    except Exception as exc:          # noqa: BLE001 (JAX wraps runtime errors variously)
        return None, f"{type(exc).__name__}: {exc}"


def check(cases, error=None, expect_error=None):
    """Assert after every rank finished: the follow-up operation on every
    rank, then either `cases` ({name: (got, want)}, within TOL) or, where
    `expect_error` is given, that `error` contains it on every rank."""
    follow = follow_up()
    failures = []
    for name, (got, want) in follow.items():
        if not np.array_equal(np.asarray(got), want):
            failures.append(f"{name}: got {got}, want {want}")
    if expect_error is not None:
        if error is None or expect_error not in error:
            failures.append(f"expected an error saying {expect_error!r}, got {error!r}")
    elif error is not None:
        failures.append(error)
    else:
        for name, (got, want) in cases.items():
            got, want = np.asarray(got), np.asarray(want)
            if got.shape != want.shape or not np.allclose(got, want, rtol=TOL, atol=TOL):
                failures.append(f"{name}: got\n{got}\nwant\n{want}")
    assert not failures, "\n".join(failures)


def global_dot(a, b):
    return WORLD.allreduce(float(jnp.vdot(jnp.asarray(a), jnp.asarray(b))))


def dot_product_case(lin, x, y, fx, fty):
    """<f x, y> and <x, f^T y>, each summed over ranks: equal for a true transpose."""
    lhs, rhs = global_dot(fx, y), global_dot(x, fty)
    return {"dot product": (np.float64(rhs), np.float64(lhs))}


TRANSFORMS_TWICE_UNSUPPORTED = {"send_recv"}   # send/recv's backward pass, transformed again
P2P_ERROR = "backward pass of send/recv cannot itself be differentiated"


@pytest.mark.parametrize("jit", [False, True], ids=["eager", "jit"])
@pytest.mark.parametrize("op", DIFFERENTIABLE, ids=repr)
def test_linear_transpose(op, jit):
    # eager and jitted transposes make the same derivative calls: the
    # eager path at 1 and 2 ranks, the rank-count dependence jitted at 4
    if not jit and SIZE > 2:
        pytest.skip("the eager transpose: checked at 1 and 2 ranks")
    lin = Linear(op)
    x, y = lin.xs(1)[RANK], lin.ys(2)
    transpose = jax.linear_transpose(lin.f, x)
    got, error = outcome(lambda: (jax.jit(transpose) if jit else transpose)(y[RANK])[0])
    cases = {}
    if error is None:
        fx, _ = outcome(lambda: lin.f(x))
        cases = {"transpose": (got, lin.serial_transpose(y)[RANK]),
                 **dot_product_case(lin, x, y[RANK], fx, got)}
    check(cases, error)


@pytest.mark.parametrize("op", LINEAR, ids=repr)
def test_transpose_twice_is_the_map(op):
    """Eagerly: the second `linear_transpose` traces the first with known
    and unknown values, which is where a collective with a constant operand
    on some ranks would run at trace time on those ranks only."""
    lin = Linear(op)
    x0, u = lin.xs(0)[RANK], lin.xs(6)
    y0 = jax.ShapeDtypeStruct(lin.out_shapes[RANK], jnp.float64)
    transpose = jax.linear_transpose(lin.f, x0)
    twice = lambda v: jax.linear_transpose(lambda c: transpose(c)[0], y0)(v)[0]   # noqa: E731
    got, error = outcome(lambda: twice(u[RANK]))
    unsupported = op.name in TRANSFORMS_TWICE_UNSUPPORTED and SIZE > 1
    check({"transpose of transpose": (got, lin.serial(u)[RANK])} if error is None else {},
          error, P2P_ERROR if unsupported else None)


@pytest.mark.skipif(SIZE > 2, reason="the gradients against serial JAX run at 1, 2 and 3 "
                    "ranks (tests/test_ops.py), the transposes' rank-count dependence jitted "
                    "at 4 (test_linear_transpose)")
@pytest.mark.parametrize("op", DIFFERENTIABLE, ids=repr)
def test_vjp_and_its_jvp(op):
    """vjp of the operation itself (nonlinear ones at a point) against the
    serial vjp, and the JVP of the pullback (forward mode applied to a
    backward pass): the pullback is linear in the cotangent, so its JVP is
    the pullback of the tangent. Jitted on its own, without the forward
    pass in the same computation."""
    lin = Linear(op)
    xs, ys, dys = lin.xs(7), lin.ys(8), lin.ys(9)
    call = lambda v: op.call(v, WORLD)                       # noqa: E731
    _, pullback = jax.vjp(call, xs[RANK])
    got, error = outcome(lambda: jax.jit(lambda c, dc: jax.jvp(
        lambda v: pullback(v)[0], (c,), (dc,)))(ys[RANK], dys[RANK]))
    _, serial_pullback = jax.vjp(lambda *v: op.serial(list(v), SIZE), *xs)
    cases = {}
    if error is None:
        cases = {"vjp": (got[0], serial_pullback(list(ys))[RANK]),
                 "tangent": (got[1], serial_pullback(list(dys))[RANK])}
    unsupported = op.name in TRANSFORMS_TWICE_UNSUPPORTED and SIZE > 1
    check(cases, error, P2P_ERROR if unsupported else None)


def richardson(matvec, b, steps=60):
    """x = A^{-1} b for A = I + B with |B| <= 1/4: x <- x + (b - A x)."""
    return lax.fori_loop(0, steps, lambda _, x: x + (b - matvec(x)), b)


# The solve transposes its matvec with the same machinery as
# test_linear_transpose, which runs every operation; these cover each
# kind of rule: a reduction, a scan, a v-collective, a rooted send and a
# rooted gather (rank_select), data movement with uneven shapes, point to
# point, and the halo exchange.
SOLVE_OPS = [op for op in LINEAR if op.name in (
    "allreduce_SUM", "exscan_SUM", "alltoallv", "scatterv", "gather", "redistribute",
    "send_recv", "halo_exchange")]


@pytest.mark.skipif(SIZE > 2, reason="the solve transposes what test_linear_transpose "
                    "checks at every rank count; the solve itself at 1 and 2 ranks")
@pytest.mark.parametrize("symmetric", [True, False], ids=["symmetric", "nonsymmetric"])
@pytest.mark.parametrize("op", SOLVE_OPS, ids=repr)
def test_custom_linear_solve(op, symmetric):
    """A = I + a F^T W F D, with F the operation, W > 0 and, unless
    symmetric, D != I: the solve, its gradient (which transposes the
    solve, and for a non-symmetric A the matvec, F^T included) and the
    global dot-product test of the solve's transpose, against
    jnp.linalg.solve of the same A assembled serially."""
    lin = Linear(op)
    weights = [jnp.abs(w) for w in lin.ys(10)]
    scales = [jnp.abs(d) if not symmetric else jnp.ones_like(d) for d in lin.xs(11)]
    # |W| |D| |F|^2 bounds |F^T W F D|; |F| <= SIZE * 1.5^SIZE for every
    # operation here (sums over ranks; products of the linearized PROD)
    a = 0.25 / (2.25 * (SIZE * 1.5 ** SIZE) ** 2)
    x0 = lin.xs(0)[RANK]
    f_t = jax.linear_transpose(lin.f, x0)

    def matvec(v):
        return v + a * f_t(weights[RANK] * lin.f(scales[RANK] * v))[0]

    def solve(b):
        return lax.custom_linear_solve(matvec, b, richardson, richardson if not symmetric
                                       else None, symmetric=symmetric)

    bs, cs = lin.xs(12), lin.xs(13)
    loss_weights = lin.xs(14)
    @jax.jit
    def solve_and_transpose(b, w, c):
        """The solve, and its transpose applied to `w` (the gradient of
        sum(w * solve(b))) and to `c`."""
        solved, pullback = jax.vjp(solve, b)
        return solved, (pullback(w)[0], pullback(c)[0])

    got, error = outcome(lambda: solve_and_transpose(bs[RANK], loss_weights[RANK], cs[RANK]))

    cases = {}
    if error is None:
        serial_ft = jax.linear_transpose(lin.serial, lin.xs(0))

        def serial_matvec(vs):
            fv = lin.serial([d * v for d, v in zip(scales, vs)])
            back = serial_ft([w * y for w, y in zip(weights, fv)])[0]
            return [v + a * t for v, t in zip(vs, back)]

        sizes = [int(np.prod(s)) for s in lin.in_shapes]
        split = lambda flat: [p.reshape(s) for p, s in zip(               # noqa: E731
            jnp.split(flat, np.cumsum(sizes)[:-1]), lin.in_shapes)]
        flatten = lambda vs: jnp.concatenate([v.ravel() for v in vs])      # noqa: E731

        @jax.jit       # one compilation, not one per operation of the serial algebra
        def serial_solve_and_grad(bs):
            dense = jax.jacfwd(lambda flat: flatten(serial_matvec(split(flat))))(
                jnp.zeros(sum(sizes)))
            serial_solve = lambda vs: split(jnp.linalg.solve(dense, flatten(vs)))  # noqa: E731
            serial_grad = jax.grad(lambda vs: sum(jnp.sum(w * s) for w, s in zip(
                loss_weights, serial_solve(vs))))(bs)
            return serial_solve(bs)[RANK], serial_grad[RANK]

        serial_solved, serial_grad = serial_solve_and_grad(bs)
        solved, (grad, transposed) = got[0], got[1]
        cases = {"solve": (solved, serial_solved),
                 "grad": (grad, serial_grad),
                 "dot product": (np.float64(global_dot(bs[RANK], transposed)),
                                 np.float64(global_dot(solved, cs[RANK])))}
    unsupported = (op.name in TRANSFORMS_TWICE_UNSUPPORTED and SIZE > 1 and not symmetric)
    check(cases, error, P2P_ERROR if unsupported else None)


# --- the three programs of the report that asked for these tests -------------

def ring(x):
    """y = left neighbour's x, template = x, as mpi4jax code writes it."""
    right, left = (RANK + 1) % SIZE, (RANK - 1) % SIZE
    if RANK % 2 == 0:
        mpicoll.send(x, right)
        return mpicoll.recv(x, left)
    y = mpicoll.recv(x, left)
    mpicoll.send(x, right)
    return y


@pytest.mark.skipif(SIZE % 2 == 1, reason="the alternating ring needs an even rank count")
@pytest.mark.parametrize("jit", [False, True], ids=["eager", "jit"])
def test_send_recv_ring_linear_transpose_then_vjp(jit):
    """Transpose of a send/recv ring: the cotangent goes back to the left
    neighbour; and a vjp right after it on the same communicator."""
    u = jnp.full(3, RANK + 1.0)
    v = jnp.full(3, 10.0 * (RANK + 1))
    transpose = jax.linear_transpose(ring, u)
    got, error = outcome(lambda: (jax.jit(transpose) if jit else transpose)(v)[0])
    after, error2 = outcome(lambda: jax.vjp(ring, u)[1](v)[0])
    right = (RANK + 1) % SIZE
    check({"transpose": (got, np.full(3, 10.0 * (right + 1))),
           "vjp after it": (after, np.full(3, 10.0 * (right + 1)))}, error or error2)


@pytest.mark.parametrize("jit", [False, True], ids=["eager", "jit"])
def test_exscan_linear_transpose(jit):
    """Rank 0's exscan result is a constant: its rules still run there."""
    f = lambda x: mpicoll.exscan(x, MPI.SUM)                  # noqa: E731
    u = jnp.full(2, 1.0)
    v = jnp.full(2, RANK + 1.0)
    transpose = jax.linear_transpose(f, u)
    got, error = outcome(lambda: (jax.jit(transpose) if jit else transpose)(v)[0])
    later = sum(s + 1.0 for s in range(RANK + 1, SIZE))       # sum of later ranks' v
    check({"exscan transpose": (got, np.full(2, later))}, error)


@pytest.mark.parametrize("jit", [False, True], ids=["eager", "jit"])
@pytest.mark.parametrize("name", ["bcast", "scatterv"])
def test_rooted_transposed_twice(name, jit):
    root = 1 % SIZE
    counts = [2] * SIZE
    if name == "bcast":
        f = lambda x: mpicoll.bcast(x, root)                  # noqa: E731
        u = jnp.arange(3.0) + 10 * RANK
        want = np.arange(3.0) + 10 * root
    else:
        f = lambda x: mpicoll.scatterv(x, counts, root)       # noqa: E731
        u = (jnp.arange(2.0 * SIZE) if RANK == root else jnp.zeros(2)) + 10 * RANK
        want = np.arange(2.0 * RANK, 2.0 * RANK + 2) + 10 * root
    y0 = jax.eval_shape(f, u)
    transpose = jax.linear_transpose(f, u)
    twice = lambda c: jax.linear_transpose(lambda w: transpose(w)[0], y0)(c)[0]  # noqa: E731
    got, error = outcome(lambda: (jax.jit(twice) if jit else twice)(u))
    check({f"{name} transposed twice": (got, want)}, error)


@pytest.mark.skipif(SIZE % 2 == 1, reason="the alternating ring needs an even rank count")
@pytest.mark.parametrize("how", ["jvp", "grad", "linear_transpose"])
def test_send_recv_backward_pass_jitted_then_transformed(how):
    """A backward pass of send/recv traced under jit, then differentiated or
    transposed: the error comes at run time (jvp, grad) or at trace time
    (linear_transpose) on every rank, with nothing left in flight."""
    u = jnp.full(3, RANK + 1.0)
    v = jnp.full(3, 10.0 * (RANK + 1))
    _, pullback = jax.vjp(ring, u)
    jitted = jax.jit(lambda c: pullback(c)[0])
    if how == "jvp":
        thunk = lambda: jax.jvp(jitted, (v,), (v,))                        # noqa: E731
    elif how == "grad":
        thunk = lambda: jax.grad(lambda c: jnp.sum(jitted(c) ** 2))(v)     # noqa: E731
    else:
        thunk = lambda: jax.linear_transpose(jitted, v)(u)                 # noqa: E731
    _, error = outcome(thunk)
    check({}, error, P2P_ERROR if how == "linear_transpose" else "mpicoll: MPI_")


@pytest.mark.parametrize("jit", [False, True], ids=["eager", "jit"])
def test_barrier_in_a_transposed_function(jit):
    """A barrier has no derivative and no operand; in a function given to
    `jax.linear_transpose` it runs when the function is traced, on every
    rank alike, and the transposed allreduce pairs up afterwards."""
    def f(x):
        mpicoll.barrier()
        return mpicoll.allreduce(x, MPI.SUM)

    transpose = jax.linear_transpose(f, jnp.ones(2))
    got, error = outcome(lambda: (jax.jit(transpose) if jit else transpose)(
        jnp.full(2, RANK + 1.0))[0])
    check({"transpose": (got, np.full(2, SIZE * (SIZE + 1) / 2))}, error)


@pytest.mark.skipif(SIZE % 2 == 1, reason="the alternating ring needs an even rank count")
@pytest.mark.parametrize("how", ["vmap of vjp", "vmap of jitted vjp", "jacrev"])
def test_send_recv_backward_pass_batched_raises(how):
    """Batching a backward pass through send/recv: the cotangent receive's
    template is not batched, so every rank refuses at trace time, also when
    the backward pass was traced under jit before it is batched."""
    u = jnp.full(3, RANK + 1.0)
    if how == "jacrev":
        thunk = lambda: jax.jacrev(ring)(u)                                 # noqa: E731
    else:
        _, pullback = jax.vjp(ring, u)
        backward = lambda c: pullback(c)[0]                                 # noqa: E731
        if how == "vmap of jitted vjp":
            backward = jax.jit(backward)
        thunk = lambda: jax.vmap(backward)(jnp.stack([u, 2 * u]))           # noqa: E731
    _, error = outcome(thunk)
    check({}, error, "the backward pass of send/recv cannot be batched")
