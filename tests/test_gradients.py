"""Differentiation rules of allreduce, alltoall and sendrecv (docs/design.md §2 Gradients).

An SPMD program on P ranks is one function F(x_0, ..., x_{P-1}). Its derivatives
must be F's: on every rank r, ``jax.grad`` of the rank's loss equals component r
of the gradient of ``sum over ranks of loss_r`` written serially with jax.numpy
on the gathered arrays.

Every program is written once, as ``body(ops, x, w)``, and run two ways:

* ``Spmd(comm)``: the ops are mpicoll's; ``x`` and ``w`` are this rank's arrays.
* ``Serial(P)``: the ops are jax.numpy on stacked arrays whose axis 0 indexes
  the ranks (``xs[r]`` is rank r's ``x``); summing the output over all axes is
  the sum over ranks of the rank losses.

The weights ``w`` differ between ranks, so the rank losses differ: a transpose
that skipped the communication (identity transpose) would fail these tests.
All communication happens before the first assertion of a test.
"""

import numpy as np
import jax
import jax.numpy as jnp
import pytest
from jax import lax
from mpi4py import MPI

import mpicoll
from conftest import collective_check_grads

RTOL = ATOL = 1e-12

# check_grads' numerical differentiation does not depend on the rank count:
# it runs at up to 3 ranks; at 4 (oversubscribed, the slowest run) the
# gradients are checked against serial JAX only.
CHECK_GRADS_UP_TO_3_RANKS = pytest.mark.skipif(
    MPI.COMM_WORLD.Get_size() > 3, reason="check_grads: checked at fewer ranks")



def assert_close(got, want, rtol=RTOL, atol=ATOL):
    jax.tree.map(lambda g, e: np.testing.assert_allclose(
        np.asarray(g), np.asarray(e), rtol=rtol, atol=atol), got, want)


def gather(comm, tree):
    """Every rank's arrays stacked on a new axis 0 (on every rank), leaf by leaf."""
    return jax.tree.map(lambda a: np.stack(comm.allgather(np.asarray(a))), tree)


def component(tree, r):
    return jax.tree.map(lambda a: a[r], tree)


def rank_rng(comm, seed):
    return np.random.default_rng(1000 * seed + comm.rank)


class Spmd:
    """The ops as one rank runs them, with mpicoll."""

    def __init__(self, comm):
        self.comm, self.rank, self.size = comm, comm.rank, comm.size

    def allreduce(self, x, op):
        return mpicoll.allreduce(x, getattr(MPI, op), comm=self.comm)

    def alltoall(self, x):
        return mpicoll.alltoall(x, comm=self.comm)

    def shift(self, sendbuf, recvbuf, periodic):
        """Send to rank + 1, receive from rank - 1; the chain ends use PROC_NULL."""
        r, p = self.rank, self.size
        if periodic:
            source, dest = (r - 1) % p, (r + 1) % p
        else:
            source = r - 1 if r > 0 else MPI.PROC_NULL
            dest = r + 1 if r < p - 1 else MPI.PROC_NULL
        return mpicoll.sendrecv(sendbuf, recvbuf, source, dest, comm=self.comm)

    def on_odd_ranks(self, y):
        """``y`` on odd ranks; even ranks ignore it (their cotangent is a symbolic zero)."""
        return y if self.rank % 2 else 0.0


class Serial:
    """The same ops on stacked arrays: axis 0 indexes the ranks."""

    REDUCE = dict(SUM=jnp.sum, PROD=jnp.prod, MIN=jnp.min, MAX=jnp.max)

    def __init__(self, size):
        self.size = size

    def allreduce(self, xs, op):
        return jnp.broadcast_to(self.REDUCE[op](xs, axis=0), xs.shape)

    def alltoall(self, xs):
        # rank s receives block s of every rank r: ys[s, r] = xs[r, s]
        return jnp.swapaxes(xs, 0, 1)

    def shift(self, sends, recvs, periodic):
        first = sends[-1:] if periodic else recvs[:1]
        return jnp.concatenate([first, sends[:-1]])

    def on_odd_ranks(self, ys):
        mask = (np.arange(self.size) % 2).reshape((-1,) + (1,) * (ys.ndim - 1))
        return ys * mask


# ---------------------------------------------------------------- input data

def minmax_input(comm, op, seed):
    """Values with ties across ranks: element 0 is equal on all ranks, element 1
    is the extreme on ranks 0 and 1 alike, element 2 is the extreme on the last
    rank only, the rest are random (no ties)."""
    r, p = comm.rank, comm.size
    x = rank_rng(comm, seed).uniform(-2, 2, 6)
    x[0] = 1.0
    x[1] = -5.0 if r in (0, 1) else -3.0 + r
    x[2] = -6.0 if r == p - 1 else float(r)
    return x if op == "MIN" else -x


def prod_input(comm, seed):
    """Zeros: none in element 0; one on rank 0 in 1; on ranks 0 and 1 in 2; on
    the last rank in 3; on every rank in 4. Element 5 has negative values."""
    r, p = comm.rank, comm.size
    rng = rank_rng(comm, seed)
    x = rng.uniform(0.5, 1.5, 6) * rng.choice([-1.0, 1.0], 6)
    x[1] = 0.0 if r == 0 else x[1]
    x[2] = 0.0 if r in (0, 1) else x[2]
    x[3] = 0.0 if r == p - 1 else x[3]
    x[4] = 0.0
    x[5] = -abs(x[5])
    return x


def normal(comm, seed, shape):
    return rank_rng(comm, seed).normal(size=shape)


# ------------------------------------------------------------------ programs
# Each entry: name -> (body(ops, x, w) returning an array, make_x(comm, seed)).
# ``x`` may be a tuple of arrays; ``w`` has the shape of the output.

def _allreduce_sum(ops, x, w):
    return w * jnp.cos(ops.allreduce(jnp.sin(x) * x, "SUM"))


def _allreduce_op(op):
    return lambda ops, x, w: w * jnp.sin(ops.allreduce(x, op)) + 0.5 * w * x ** 2


def _alltoall(ops, x, w):
    return w * jnp.cos(ops.alltoall(jnp.tanh(x) * x))


def _shift(periodic):
    def body(ops, x, w):
        send, recv = x
        return w * jnp.sin(ops.shift(send ** 2, jnp.cos(recv), periodic)) + w * send
    return body


def _mixed(ops, x, w):
    """alltoall -> sendrecv chain -> allreduce SUM, PROD, MAX (rank-dependent)."""
    a = ops.alltoall(jnp.sin(x) * w)
    b = ops.shift(a * x, a + 1.0, periodic=False)
    c = ops.allreduce(jnp.cos(b) * x, "SUM")
    d = ops.allreduce(b + 2.0, "PROD")
    e = ops.allreduce(w * x + b, "MAX")
    return w * c * d + jnp.sin(e) * x


def _block_shape(comm):
    return (comm.size, 3)


PROGRAMS = {
    "allreduce_SUM": (_allreduce_sum, lambda c, s: normal(c, s, (2, 3))),
    "allreduce_PROD": (_allreduce_op("PROD"), prod_input),
    "allreduce_MIN": (_allreduce_op("MIN"), lambda c, s: minmax_input(c, "MIN", s)),
    "allreduce_MAX": (_allreduce_op("MAX"), lambda c, s: minmax_input(c, "MAX", s)),
    "alltoall": (_alltoall, lambda c, s: normal(c, s, _block_shape(c))),
    "sendrecv_ring": (_shift(True), lambda c, s: (normal(c, s, (4,)), normal(c, s + 1, (4,)))),
    "sendrecv_proc_null": (_shift(False), lambda c, s: (normal(c, s, (4,)), normal(c, s + 1, (4,)))),
    "mixed": (_mixed, lambda c, s: normal(c, s, _block_shape(c))),
}


def _output_like(x):
    return x[0] if isinstance(x, tuple) else x


def _setup(comm, name, seed=1):
    body, make_x = PROGRAMS[name]
    x = make_x(comm, seed)
    w = 1.0 + comm.rank + normal(comm, seed + 50, np.shape(_output_like(x)))
    return body, x, w


@pytest.mark.parametrize("name", list(PROGRAMS))
def test_grad_matches_serial(comm, name):
    body, x, w = _setup(comm, name)
    spmd = Spmd(comm)
    loss, grad = jax.jit(jax.value_and_grad(lambda v: jnp.sum(body(spmd, v, w))))(x)
    total_loss = comm.allreduce(float(loss))
    xs, ws = gather(comm, (x, w))

    serial = Serial(comm.size)
    ref_loss, ref_grad = jax.jit(jax.value_and_grad(lambda vs: jnp.sum(body(serial, vs, ws))))(xs)
    assert_close(total_loss, ref_loss)
    assert_close(grad, component(ref_grad, comm.rank))


@pytest.mark.parametrize("name", list(PROGRAMS))
def test_jvp_matches_serial(comm, name):
    """Forward mode with tangents that differ between ranks."""
    body, x, w = _setup(comm, name)
    t = jax.tree.map(lambda a: normal(comm, 7, np.shape(a)), x)
    spmd = Spmd(comm)
    y, ty = jax.jit(lambda v, tv: jax.jvp(lambda u: body(spmd, u, w), (v,), (tv,)))(x, t)
    xs, ws, ts = gather(comm, (x, w, t))

    serial = Serial(comm.size)
    ref_y, ref_ty = jax.jit(lambda us, tus: jax.jvp(lambda u: body(serial, u, ws), (us,), (tus,)))(xs, ts)
    assert_close(y, ref_y[comm.rank])
    assert_close(ty, ref_ty[comm.rank])


@pytest.mark.parametrize("op", ["MIN", "MAX"])
def test_min_max_ties_share_tangent_equally(comm, op):
    """Ranks holding the extreme value share it: tangent = mean of their tangents."""
    x = minmax_input(comm, op, seed=3)
    t = normal(comm, 4, x.shape)
    w = 1.0 + comm.rank
    f = lambda v: mpicoll.allreduce(v, getattr(MPI, op))
    _, ty = jax.jvp(f, (x,), (t,))
    _, vjp = jax.vjp(f, x)
    (ct,) = vjp(w * jnp.ones_like(x))
    xs, ts = gather(comm, (x, t))
    p = comm.size
    total_w = p * (p + 1) / 2

    tied01 = min(p, 2)
    assert_close(ty[0], ts[:, 0].mean())
    assert_close(ty[1], ts[:tied01, 1].mean())
    assert_close(ty[2], ts[p - 1, 2])
    # reverse mode: the summed cotangent is split among the tied ranks
    assert_close(ct[0], total_w / p)
    assert_close(ct[1], total_w / tied01 if comm.rank < 2 else 0.0)
    assert_close(ct[2], total_w if comm.rank == p - 1 else 0.0)


def test_prod_gradient_with_zeros_explicit(comm):
    """d/dx_r prod_s x_s = prod_{s != r} x_s, also when some x_s are zero."""
    x = prod_input(comm, seed=5)
    w = 1.0 + comm.rank
    grad = jax.grad(lambda v: w * jnp.sum(mpicoll.allreduce(v, MPI.PROD)))(x)
    xs = gather(comm, x)
    total_w = comm.size * (comm.size + 1) / 2
    others = np.prod(np.delete(xs, comm.rank, axis=0), axis=0)
    assert_close(grad, total_w * others)


def test_prod_second_order_with_zeros(comm):
    """Hessian-vector products of w_r * sum(sin(allreduce(x, PROD))) with zeros
    (none, one, two, all ranks) in rank-dependent directions.

    With one zero on rank z, d/dx_z prod_{s != r} x_s = prod_{s != r, z} x_s is
    nonzero: a product-of-others that is piecewise constant at zeros would
    give 0 here.
    """
    x = prod_input(comm, seed=6)
    w = 1.0 + comm.rank
    s = normal(comm, 8, x.shape)
    f = lambda v: w * jnp.sum(jnp.sin(mpicoll.allreduce(v, MPI.PROD)))
    hvp = jax.jit(lambda v, u: jax.jvp(jax.grad(f), (v,), (u,))[1])(x, s)
    xs, ss = gather(comm, (x, s))
    p = comm.size
    F = lambda vs: sum((q + 1.0) * jnp.sum(jnp.sin(jnp.prod(vs, 0))) for q in range(p))
    ref = jax.jvp(jax.grad(F), (xs,), (ss,))[1][comm.rank]
    ok = bool(np.allclose(hvp, ref, rtol=RTOL, atol=ATOL))
    all_ok = comm.allgather(ok)
    assert all(all_ok), f"rank {comm.rank}: got {hvp}, serial {ref}; ok per rank {all_ok}"


# ------------------------------------------------------- symbolic zeros

@pytest.mark.parametrize("name", ["allreduce_SUM", "alltoall", "sendrecv_proc_null"])
def test_symbolic_zero_cotangent_on_some_ranks(comm, name):
    """Even ranks ignore the op's output (Python ``if``): their cotangent is a
    symbolic zero, yet they still take part in the transposed communication."""
    body, x, w = _setup(comm, name, seed=11)
    xs, ws = gather(comm, (x, w))

    def program(ops, v, weights):
        local = jnp.sin(_output_like(v)) * 0.5
        return jnp.sum(local) + jnp.sum(ops.on_odd_ranks(body(ops, v, weights)))

    spmd = Spmd(comm)
    grad = jax.jit(jax.grad(lambda v: program(spmd, v, w)))(x)
    grad_eager = jax.grad(lambda v: program(spmd, v, w))(x)
    ref = jax.jit(jax.grad(lambda vs: program(Serial(comm.size), vs, ws)))(xs)
    assert_close(grad, component(ref, comm.rank))
    assert_close(grad_eager, component(ref, comm.rank))


def test_symbolic_zero_tangent_of_one_sendrecv_operand(comm):
    """On rank 0 sendbuf is a constant (symbolic-zero tangent) while recvbuf
    depends on x; the rule still sends rank 0's (zero) tangent."""
    x = normal(comm, 12, (4,))
    t = normal(comm, 13, (4,))
    w = 1.0 + comm.rank + normal(comm, 14, (4,))
    const = np.full(4, 3.0)
    spmd = Spmd(comm)

    def f(v):
        send = jnp.asarray(const) if comm.rank == 0 else v ** 2
        return w * spmd.shift(send, jnp.sin(v), periodic=True)

    y, ty = jax.jvp(f, (x,), (t,))
    grad = jax.jit(jax.grad(lambda v: jnp.sum(f(v))))(x)
    xs, ts, ws = gather(comm, (x, t, w))

    def F(vs):
        sends = jnp.concatenate([jnp.broadcast_to(const, (1, 4)), vs[1:] ** 2])
        return ws * Serial(comm.size).shift(sends, jnp.sin(vs), periodic=True)

    ref_y, ref_ty = jax.jvp(F, (xs,), (ts,))
    ref_grad = jax.grad(lambda vs: jnp.sum(F(vs)))(xs)
    assert_close(y, ref_y[comm.rank])
    assert_close(ty, ref_ty[comm.rank])
    assert_close(grad, ref_grad[comm.rank])


def test_input_constant_on_some_ranks_workaround(comm):
    """The documented workaround for inputs that depend on the differentiated
    variable on some ranks only: add ``0 * w`` on the others, so that every rank
    runs the JVP rule (see docs/differentiation.md, Pitfalls)."""
    x = normal(comm, 15, (3,))

    def loss(w):
        v = w * x if comm.rank == 0 else x + 0 * w
        return jnp.sum(jnp.sin(mpicoll.allreduce(v, MPI.SUM)))

    g = jax.jit(jax.grad(loss))(2.0)
    _, tangent = jax.jvp(loss, (2.0,), (1.0,))
    xs = gather(comm, x)
    total = 2.0 * xs[0] + xs[1:].sum(0)
    # d/dw_0 of sum_r loss_r: every rank's loss depends on rank 0's w
    expected = comm.size * np.sum(np.cos(total) * xs[0]) if comm.rank == 0 else 0.0
    # forward mode: the same tangent 1 on every rank, only rank 0's w matters
    assert_close(g, expected)
    assert_close(tangent, np.sum(np.cos(total) * xs[0]))


# ------------------------------------------------------- non-float dtypes

INT_CASES = ["allreduce_SUM", "allreduce_MIN", "allreduce_BAND", "allreduce_LXOR",
             "alltoall", "sendrecv"]


@pytest.mark.parametrize("case", INT_CASES)
def test_integer_inputs_have_zero_gradient(comm, case):
    p, r = comm.size, comm.rank
    if case == "allreduce_LXOR":
        x = np.array([True, False, r % 2 == 0])
    elif case == "alltoall":
        x = np.arange(2 * p, dtype=np.int32).reshape(p, 2) + r
    else:
        x = np.arange(3, dtype=np.int64) + r
    if case.startswith("allreduce"):
        f = lambda v: mpicoll.allreduce(v, getattr(MPI, case.split("_")[1]))
    elif case == "alltoall":
        f = mpicoll.alltoall
    else:
        f = lambda v: Spmd(comm).shift(v, v, periodic=True)
    w = 1.0 + r

    def loss(v, scale):
        return scale * jnp.sum(f(v).astype(jnp.float64))

    gx, gw = jax.grad(loss, argnums=(0, 1), allow_int=True)(x, w)
    gx_jit, gw_jit = jax.jit(jax.grad(loss, argnums=(0, 1), allow_int=True))(x, w)
    y, ty = jax.jvp(f, (x,), (np.zeros(x.shape, jax.dtypes.float0),))
    for g in (gx, gx_jit, ty):
        assert g.dtype == jax.dtypes.float0 and g.shape == x.shape
    expected_gw = float(jnp.sum(y.astype(jnp.float64)))
    assert_close(gw, expected_gw)
    assert_close(gw_jit, expected_gw)


# ------------------------------------------------------- higher order, fwd

def _small_program(ops, x, w):
    """Smooth (no ties, no zeros), rank-dependent, uses every op."""
    a = ops.alltoall(jnp.sin(x) * w)
    b = ops.shift(a * x, jnp.cos(x), periodic=False)
    c = ops.allreduce(b * b + x, "SUM")
    d = ops.allreduce(1.5 + jnp.tanh(b), "PROD")
    e = ops.allreduce(w * x, "MAX")
    return w * jnp.sin(c) * d + e * x


def _small_setup(comm, seed):
    x = normal(comm, seed, (comm.size, 2))
    w = 1.0 + comm.rank + normal(comm, seed + 1, x.shape)
    return x, w


def test_hessian(comm):
    """jax.hessian on rank r = sum over s of the serial Hessian block (r, s):
    forward mode feeds the same tangent to every rank."""
    x, w = _small_setup(comm, 20)
    spmd = Spmd(comm)
    hess = jax.jit(jax.hessian(lambda v: jnp.sum(_small_program(spmd, v, w))))(x)
    xs, ws = gather(comm, (x, w))
    ref = jax.jit(jax.hessian(lambda vs: jnp.sum(_small_program(Serial(comm.size), vs, ws))))(xs)
    # ref[r, i, j, s, k, l]: block (r, s); sum over s
    assert_close(hess, ref[comm.rank].sum(axis=2))


def test_jacfwd(comm):
    x, w = _small_setup(comm, 21)
    spmd = Spmd(comm)
    jac = jax.jit(jax.jacfwd(lambda v: _small_program(spmd, v, w)))(x)
    xs, ws = gather(comm, (x, w))
    ref = jax.jit(jax.jacfwd(lambda vs: _small_program(Serial(comm.size), vs, ws)))(xs)
    # ref[r, i, j, s, k, l]
    assert_close(jac, ref[comm.rank].sum(axis=2))


def test_linearize(comm):
    """jax.linearize, its linear function applied twice to rank-dependent tangents."""
    x, w = _small_setup(comm, 22)
    t1, t2 = normal(comm, 23, x.shape), normal(comm, 24, x.shape)
    spmd = Spmd(comm)
    y, f_lin = jax.linearize(jax.jit(lambda v: _small_program(spmd, v, w)), x)
    f_lin = jax.jit(f_lin)
    ty1, ty2 = f_lin(t1), f_lin(t2)
    xs, ws, ts1, ts2 = gather(comm, (x, w, t1, t2))
    serial = lambda vs: _small_program(Serial(comm.size), vs, ws)
    ref_y, ref_ty1, ref_ty2 = jax.jit(lambda vs, us1, us2: (
        *jax.jvp(serial, (vs,), (us1,)), jax.jvp(serial, (vs,), (us2,))[1]))(xs, ts1, ts2)
    assert_close(y, ref_y[comm.rank])
    assert_close(ty1, ref_ty1[comm.rank])
    assert_close(ty2, ref_ty2[comm.rank])


# --------------------------------------------- transposes: dot-product tests

def _linear_ops(comm):
    """name -> (A(x) on this rank, serial A on stacked arrays, x)."""
    spmd, serial = Spmd(comm), Serial(comm.size)

    def pair(fn):
        return (lambda x: fn(spmd, x)), (lambda xs: fn(serial, xs))

    def composite(ops, x):
        a = ops.alltoall(x)
        b = ops.shift(a, 2.0 * a, periodic=False)
        return ops.allreduce(3.0 * b, "SUM") + ops.shift(b, b, periodic=True)

    blocks = normal(comm, 30, (comm.size, 3))
    vec = normal(comm, 31, (5,))
    return {
        "allreduce_SUM": (*pair(lambda o, x: o.allreduce(x, "SUM")), vec),
        "alltoall": (*pair(lambda o, x: o.alltoall(x)), blocks),
        "sendrecv_ring": (*pair(lambda o, x: o.shift(x[0], x[1], True)), (vec, 2 * vec)),
        "sendrecv_proc_null": (*pair(lambda o, x: o.shift(x[0], x[1], False)), (vec, -vec)),
        "composite": (*pair(composite), blocks),
    }


def _global_vdot(comm, a, b):
    local = sum(float(jnp.vdot(u, v)) for u, v in zip(jax.tree.leaves(a), jax.tree.leaves(b)))
    return comm.allreduce(local)


@pytest.mark.parametrize("name", ["allreduce_SUM", "alltoall", "sendrecv_ring",
                                  "sendrecv_proc_null", "composite"])
def test_dot_product(comm, name):
    """<A x, y> = <x, A^T y>, inner products summed over ranks, for A^T from
    jax.linear_transpose and from jax.vjp; A^T y also equals the serial transpose."""
    A, A_serial, x = _linear_ops(comm)[name]
    y = jax.tree.map(lambda a: normal(comm, 32, np.shape(a)), A(x))
    Ax = A(x)
    (At_y,) = jax.jit(jax.linear_transpose(A, x))(y)
    (vjp_y,) = jax.vjp(A, x)[1](y)
    lhs, rhs = _global_vdot(comm, Ax, y), _global_vdot(comm, x, At_y)
    xs, ys = gather(comm, (x, y))
    (ref,) = jax.linear_transpose(A_serial, xs)(ys)
    assert_close(lhs, rhs)
    assert_close(At_y, component(ref, comm.rank))
    assert_close(vjp_y, At_y)


def test_dot_product_linearized_rank_dependent_program(comm):
    """The linearization J of a rank-dependent nonlinear program (ties, zeros and
    PROC_NULL included) and its transpose satisfy <J t, c> = <t, J^T c> globally."""
    x = prod_input(comm, 33)
    m = minmax_input(comm, "MAX", 34)
    w = 1.0 + comm.rank + normal(comm, 35, x.shape)

    def f(v):
        p = mpicoll.allreduce(v * m, MPI.PROD)
        q = mpicoll.allreduce(v + m, MPI.MAX)
        return Spmd(comm).shift(w * p, q * v, periodic=False) * jnp.cos(v)

    _, f_lin = jax.linearize(f, x)
    t, c = normal(comm, 36, x.shape), normal(comm, 37, x.shape)
    Jt = f_lin(t)
    (JTc,) = jax.linear_transpose(f_lin, t)(c)
    (vjp_c,) = jax.vjp(f, x)[1](c)
    lhs, rhs = _global_vdot(comm, Jt, c), _global_vdot(comm, t, JTc)
    assert_close(lhs, rhs)
    assert_close(vjp_c, JTc)


# ------------------------------------------------------- check_grads

@CHECK_GRADS_UP_TO_3_RANKS
def test_check_grads_forward_rank_dependent(comm, monkeypatch):
    """Forward mode draws the same tangent on every rank: a directional
    derivative of the global function, valid for any program."""
    x, w = _small_setup(comm, 40)
    spmd = Spmd(comm)
    collective_check_grads(monkeypatch, comm, lambda v: _small_program(spmd, v, w),
                            (x,), order=2, modes=("fwd",))


def _symmetric_program(ops, x):
    """The same on every rank up to relabelling: periodic ring, allreduce, and an
    alltoall whose blocks are indexed relative to the rank."""
    r = ops.rank
    a = jnp.roll(ops.alltoall(jnp.roll(jnp.sin(x), r, axis=0)), -r, axis=0)
    b = ops.shift(a * x, x, periodic=True)
    return jnp.sin(ops.allreduce(b * x, "SUM")) * b


@CHECK_GRADS_UP_TO_3_RANKS
def test_check_grads_both_modes_rank_symmetric(comm, monkeypatch):
    """Reverse mode compares each rank's local inner products: valid because the
    program and the point (same x on every rank) are rank-symmetric."""
    x = np.random.default_rng(41).normal(size=(comm.size, 2))   # same on all ranks
    spmd = Spmd(comm)
    collective_check_grads(monkeypatch, comm, lambda v: _symmetric_program(spmd, v),
                            (x,), order=2, modes=("fwd", "rev"))


# --------------------------------------------- jit, control flow, remat

def _step(ops, c, w):
    """One step using all three ops, in a fixed order."""
    c = ops.alltoall(jnp.sin(c) * w)
    c = ops.shift(c, c, periodic=True)
    return c + 0.1 * ops.allreduce(c * c, "SUM")


def _scan(ops, x, w):
    c, _ = lax.scan(lambda c, _: (_step(ops, c, w), None), x, None, length=3)
    return w * c


def _fori(ops, x, w):
    return w * lax.fori_loop(0, 3, lambda i, c: _step(ops, c, w), x)


def _checkpoint(ops, x, w):
    step = jax.checkpoint(lambda c: _step(ops, c, w))
    return w * step(step(x))


def _checkpoint_in_scan(ops, x, w):
    step = jax.checkpoint(lambda c, _: (_step(ops, c, w), None))
    return w * lax.scan(step, x, None, length=3)[0]


def _scan_of_jit(ops, x, w):
    inner = jax.jit(lambda c: _step(ops, c, w)) if isinstance(ops, Spmd) else (
        lambda c: _step(ops, c, w))
    c, _ = lax.scan(lambda c, _: (inner(c), None), x, None, length=2)
    return w * c


CONTROL_FLOW = {"scan": _scan, "fori_loop": _fori, "checkpoint": _checkpoint,
                "checkpoint_in_scan": _checkpoint_in_scan, "scan_of_jit": _scan_of_jit}


@pytest.mark.parametrize("name", list(CONTROL_FLOW))
def test_grad_through_control_flow(comm, name):
    body = CONTROL_FLOW[name]
    x = normal(comm, 50, (comm.size, 2))
    w = 1.0 + comm.rank + normal(comm, 51, x.shape)
    spmd = Spmd(comm)
    grad = jax.jit(jax.grad(lambda v: jnp.sum(body(spmd, v, w))))(x)
    xs, ws = gather(comm, (x, w))
    ref = jax.jit(jax.grad(lambda vs: jnp.sum(body(Serial(comm.size), vs, ws))))(xs)
    assert_close(grad, ref[comm.rank])
