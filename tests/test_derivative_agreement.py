"""Every rank differentiates a collective, or every rank raises.

JAX runs an operation's derivative rule only on ranks where one of its
inputs carries a derivative. A collective whose input is a constant on some
ranks only (a rank-dependent branch, stop_gradient on one rank) would send
the other ranks into a derivative collective that those ranks never make.
Under jvp, grad, linear_transpose and their jitted forms, every collective
of floating data is preceded by a small check across the communicator
(derivative_agreement.py, "Derivatives agree"): where the ranks disagree, every rank
raises, and the communicator still works. At 1 rank there is nothing to
disagree on: the same programs must then give the serial derivative.

The last rank is the one whose input is a constant. Point-to-point
operations pair their derivative messages themselves (tests/test_pairing.py).
"""

import numpy as np
import jax
import jax.numpy as jnp
import pytest
from mpi4py import MPI

import mpicoll
from op_specs import OPS, rank_input
from test_transposes import check, outcome

WORLD = MPI.COMM_WORLD
RANK, SIZE = WORLD.rank, WORLD.size
CONSTANT_HERE = SIZE > 1 and RANK == SIZE - 1
DISAGREE = "differentiated on rank(s)"
P2P = ("sendrecv", "send_recv")
# one op of each kind of rule: a reduction (linear, and nonlinear: PROD), a
# prefix, rooted sends and gathers, block and variable-size exchanges
COLLECTIVES = [op for op in OPS if op.differentiable and op.name in (
    "allreduce_SUM", "allreduce_PROD", "reduce_MAX", "exscan_SUM", "reduce_scatter_SUM",
    "bcast", "gather", "scatterv", "allgather", "alltoall", "alltoallv", "ragged_alltoall",
    "redistribute", "gatherv")]

pytestmark = pytest.mark.timeout(300)


def inputs(op):
    return [jnp.asarray(rank_input(op, r, SIZE, np.float64)) for r in range(SIZE)]


def rank_loss(op, xs):
    """w -> sum of op's result, where this rank's input is w * x, except on
    the last rank (at more than one rank), where it is the constant x."""
    x = xs[RANK]

    def loss(w):
        return jnp.sum(op.call(x if CONSTANT_HERE else w * x, WORLD))
    return loss


def serial_loss(op, xs):
    """The same program written serially: the derivative at 1 rank."""
    return lambda w: jnp.sum(op.serial([w * x for x in xs], SIZE)[RANK])


# Each kind of rule at 1 and 2 ranks (one rank differentiates, the other
# holds a constant); at 4 ranks allreduce under every transformation and
# the regions below cover a disagreement among more ranks.
@pytest.mark.skipif(SIZE > 2, reason="every kind of rule: checked at 1 and 2 ranks")
@pytest.mark.parametrize("op", COLLECTIVES, ids=repr)
def test_every_collective_under_jitted_grad(op):
    xs = inputs(op)
    got, error = outcome(lambda: jax.jit(jax.grad(rank_loss(op, xs)))(1.5))
    check({"grad": (got, jax.grad(serial_loss(op, xs))(1.5))}, error,
          DISAGREE if SIZE > 1 else None)


TRANSFORMATIONS = {
    "grad": lambda f: jax.grad(f)(1.5),
    "grad of jit": lambda f: jax.grad(jax.jit(f))(1.5),
    "jvp": lambda f: jax.jvp(f, (1.5,), (1.0,))[1],
    "jitted jvp": lambda f: jax.jit(lambda w: jax.jvp(f, (w,), (1.0,))[1])(1.5),
    "vjp": lambda f: jax.vjp(f, 1.5)[1](1.0)[0],
    "linear_transpose": lambda f: jax.linear_transpose(f, 1.5)(1.0)[0],
    "jitted linear_transpose": lambda f: jax.jit(jax.linear_transpose(f, 1.5))(1.0)[0],
    # the transpose of the transpose: f's linear part again (a forward map)
    "linear_transpose twice": lambda f: jax.linear_transpose(
        lambda c: jax.linear_transpose(f, 1.5)(c)[0], 1.0)(1.0)[0],
}


@pytest.mark.parametrize("how", TRANSFORMATIONS)
def test_allreduce_under_every_transformation(how):
    op = next(o for o in OPS if o.name == "allreduce_SUM")
    xs = inputs(op)
    got, error = outcome(lambda: TRANSFORMATIONS[how](rank_loss(op, xs)))
    check({how: (got, jax.grad(serial_loss(op, xs))(1.5))}, error,
          DISAGREE if SIZE > 1 else None)


def test_stop_gradient_on_some_ranks_raises():
    x = jnp.arange(3.0) + RANK

    def loss(w):
        v = w * x
        return jnp.sum(mpicoll.allgather(jax.lax.stop_gradient(v) if CONSTANT_HERE else v))
    got, error = outcome(lambda: jax.grad(loss)(2.0))
    check({"grad": (got, np.sum(x))}, error, DISAGREE if SIZE > 1 else None)


@pytest.mark.parametrize("jit", [False, True], ids=["eager", "jit"])
def test_checkpoint_on_some_ranks_only_raises(jit):
    """The same collective, inside jax.checkpoint on the last rank only: that
    rank checks the checkpoint before the collective, the others only the
    collective, so a 1-byte check paired one rank's checkpoint check with
    the others' allreduce check (both "differentiated") and the ranks went
    on to different collectives (a hang). The checks carry what they check:
    every rank raises naming what each reached, and the communicator works
    afterwards (`check`). At 1 rank it is the serial gradient."""
    x = jnp.arange(3.0) + RANK
    inner = lambda v: jnp.sin(mpicoll.allreduce(v * v, MPI.SUM))
    f = jax.checkpoint(inner) if CONSTANT_HERE else inner
    grad = jax.grad(lambda v: jnp.sum(f(v)))
    got, error = outcome(lambda: (jax.jit(grad) if jit else grad)(x))
    if SIZE == 1:
        check({"grad": (got, np.asarray(2 * x * jnp.cos(x * x)))}, error)
        return
    check({}, error, "the ranks reached different operations")
    assert f"rank {SIZE - 1}: checkpoint" in error and "rank 0: allreduce" in error, error


def test_constant_on_every_rank_is_not_an_error():
    """A collective of a constant inside a derivative (a normalisation,
    say) runs as a plain collective on every rank."""
    x = jnp.arange(3.0) + RANK

    def loss(w):      # the same on every rank: sum of every rank's w * x, over n
        n = mpicoll.allreduce(jnp.float64(x.size), MPI.SUM)
        return jnp.sum(mpicoll.allreduce(w * x, MPI.SUM)) / n
    # d/dw of the sum of the SIZE ranks' losses, w being this rank's
    got, error = outcome(lambda: jax.jit(jax.grad(loss))(2.0))
    check({"grad": (got, SIZE * np.sum(x) / (3.0 * SIZE))}, error)


def test_the_check_is_in_differentiated_programs_only(monkeypatch):
    """One check per differentiated collective, none in a plain program,
    and none with MPICOLL_DERIVATIVE_CHECK=0 (read when tracing)."""
    f = lambda w: jnp.sum(mpicoll.allreduce(w * jnp.ones(2), MPI.SUM))    # noqa: E731
    count = lambda g: str(jax.make_jaxpr(g)(1.0)).count("mpi_derivatives_agree")  # noqa: E731
    counts = {"grad": count(jax.grad(f)), "plain": count(f)}
    monkeypatch.setenv("MPICOLL_DERIVATIVE_CHECK", "0")
    counts["switched off"] = count(jax.grad(f))
    assert counts == {"grad": 1, "plain": 0, "switched off": 0}, counts


# A region (jitted function, cond, loop, checkpoint) whose inputs are all
# constants on a rank goes through the derivative trace there as one plain
# equation; the ranks that differentiate it look inside. The checks inside
# must still line up, collective by collective (derivative_agreement.py,
# "Regions some ranks skip").
x_here = jnp.arange(3.0) + RANK
REGIONS = {
    "jit": lambda a, b: jax.jit(
        lambda a, b: mpicoll.allreduce(a, MPI.SUM) * mpicoll.allgather(b)[0])(a, b),
    "cond": lambda a, b: jax.lax.cond(
        x_here[0] > -1, lambda a, b: mpicoll.allreduce(a, MPI.SUM) + mpicoll.allgather(b)[0],
        lambda a, b: a, a, b),
    "scan": lambda a, b: jax.lax.scan(
        lambda c, _: (mpicoll.allreduce(c, MPI.SUM) + mpicoll.allgather(b)[0], None),
        a, None, length=2)[0],
    "fori_loop": lambda a, b: jax.lax.fori_loop(
        0, 2, lambda i, c: mpicoll.allreduce(c, MPI.SUM) + mpicoll.allgather(b)[0], a),
    "checkpoint": lambda a, b: jax.checkpoint(
        lambda a, b: mpicoll.allreduce(a, MPI.SUM) + mpicoll.allgather(b)[0])(a, b),
}


def serial_region(name, a_list, b_list):
    """A region's result from every rank's operands, written serially (the
    same on every rank: allgather(b)[0] is rank 0's b)."""
    total, first_b = sum(a_list), b_list[0]
    if name == "jit":
        return total * first_b
    if name in ("scan", "fori_loop"):       # two steps: sum(a) + b0, then SIZE * that + b0
        return SIZE * (total + first_b) + first_b
    return total + first_b


REGION_TRANSFORMATIONS = {k: TRANSFORMATIONS[k] for k in
                          ("grad", "grad of jit", "jitted jvp", "vjp", "linear_transpose",
                           "jitted linear_transpose")}


@pytest.mark.parametrize("how", REGION_TRANSFORMATIONS)
@pytest.mark.parametrize("region", REGIONS)
def test_region_constant_on_some_ranks_raises(region, how):
    """The last rank's region has constant inputs only: it raises with the
    others instead of leaving them waiting in the derivative collective."""
    def loss(w):
        a = x_here if CONSTANT_HERE else w * x_here
        return jnp.sum(REGIONS[region](a, x_here))
    xs = [jnp.arange(3.0) + r for r in range(SIZE)]
    got, error = outcome(lambda: REGION_TRANSFORMATIONS[how](loss))
    # at 1 rank: d/dw of the serial program
    want = jax.grad(lambda w: jnp.sum(serial_region(region, [w * x for x in xs], xs)))(1.5)
    check({how: (got, want)}, error, DISAGREE if SIZE > 1 else None)


@pytest.mark.parametrize("region", REGIONS)
def test_region_differentiated_on_every_rank(region):
    """Every rank differentiates the first region (with a collective of
    constants inside it) and none the second: the derivative is the serial
    one, under grad, jitted grad and jvp."""
    xs = [jnp.arange(3.0) + r for r in range(SIZE)]

    def loss(w):
        y = REGIONS[region](w * x_here, x_here)
        z = REGIONS[region](x_here, 2 * x_here)
        return jnp.sum(y * z)

    def serial_loss(ws):    # rank RANK's loss from every rank's w
        y = serial_region(region, [w * x for w, x in zip(ws, xs)], xs)
        z = serial_region(region, xs, [2 * x for x in xs])
        return jnp.sum(y * z)
    ws = jnp.full(SIZE, 1.5)
    # grad on rank r: d/dw_r of every rank's loss summed; jvp: every w moves
    want_grad = jax.grad(lambda ws: sum(serial_loss(ws) for _ in range(SIZE)))(ws)[RANK]
    want_jvp = jax.jvp(serial_loss, (ws,), (jnp.ones(SIZE),))[1]
    cases = {}
    for how, want in (("grad", want_grad), ("grad of jit", want_grad),
                      ("jitted jvp", want_jvp)):
        got, error = outcome(lambda: TRANSFORMATIONS[how](loss))
        if error is not None:
            break
        cases[how] = (got, want)
    check(cases, error)


# A custom_jvp or custom_vjp function goes through a derivative trace as one
# call too: where an input carries a derivative its rule runs, elsewhere the
# function (derivative_agreement.py, "Custom rules some ranks skip"). Both compute the
# same as the "cond" region: allreduce(a) + rank 0's b.
@jax.custom_jvp
def custom_jvp_region(a, b):
    return mpicoll.allreduce(a, MPI.SUM) + mpicoll.allgather(b)[0]


@custom_jvp_region.defjvp
def _custom_jvp_region_rule(primals, tangents):
    (a, b), (da, db) = primals, tangents
    return (custom_jvp_region(a, b),
            mpicoll.allreduce(da, MPI.SUM) + mpicoll.allgather(db)[0])


@jax.custom_vjp
def custom_vjp_region(a, b):
    return mpicoll.allreduce(a, MPI.SUM) + mpicoll.allgather(b)[0]


def _custom_vjp_region_backward(_, ct):
    total = mpicoll.allreduce(ct, MPI.SUM)      # rank 0's b receives every rank's ct
    return total, jnp.where(RANK == 0, total, jnp.zeros_like(total))


custom_vjp_region.defvjp(lambda a, b: (custom_vjp_region(a, b), None),
                         _custom_vjp_region_backward)

# lax.custom_linear_solve of A = I + C * (sum over ranks), whose exact
# inverse is I - K * (sum over ranks): its derivative rules solve and
# multiply in an order of their own, so whether each rank differentiates it
# is checked once, before it.
C = 0.25
K = C / (1 + C * SIZE)


def solve_region(a, b):
    x = jax.lax.custom_linear_solve(lambda v: v + C * mpicoll.allreduce(v, MPI.SUM), a,
                                    lambda _, r: r - K * mpicoll.allreduce(r, MPI.SUM),
                                    symmetric=True)
    return x + mpicoll.allgather(b)[0]


def serial_solve(a_list, b_list, rank):
    """Rank `rank`'s result of solve_region, written serially."""
    return a_list[rank] - K * sum(a_list) + b_list[0]


def serial_cond(a_list, b_list, rank):
    return serial_region("cond", a_list, b_list)


CUSTOM = {"custom_jvp": (custom_jvp_region, serial_cond,
                         ("grad", "grad of jit", "jitted jvp", "vjp", "linear_transpose",
                          "jitted linear_transpose", "linear_transpose twice")),
          "custom_vjp": (custom_vjp_region, serial_cond, ("grad", "grad of jit", "vjp",
                                                          "linear_transpose",
                                                          "jitted linear_transpose",
                                                          "linear_transpose twice")),
          "custom_linear_solve": (solve_region, serial_solve,
                                  ("grad", "grad of jit", "jitted jvp", "vjp",
                                   "linear_transpose", "jitted linear_transpose",
                                   "linear_transpose twice")),
          # inside a region that the constant rank skips
          "custom_linear_solve in jit": (jax.jit(solve_region), serial_solve, ("grad", "vjp"))}
CUSTOM_CASES = [(name, how) for name, (_, _, hows) in CUSTOM.items() for how in hows]


@jax.custom_vjp
def _serial_custom_vjp(a):
    return 2 * a


_serial_custom_vjp.defvjp(lambda a: (2 * a, None), lambda _, ct: (2 * ct,))


def serial_error(name, how):
    """What JAX raises for `how` of a serial function of kind `name` (None
    if nothing): JAX cannot transpose a custom_vjp function
    (linear_transpose), serially either, and then neither can mpicoll."""
    if name != "custom_vjp" or "linear_transpose" not in how:
        return None
    return outcome(lambda: TRANSFORMATIONS[how](_serial_custom_vjp))[1]


@pytest.mark.parametrize("name, how", CUSTOM_CASES)
def test_custom_function_constant_on_some_ranks_raises(name, how):
    """The last rank runs the function, the others the rule: every rank
    raises before the rule's collectives instead of pairing them with the
    function's."""
    f, serial, _ = CUSTOM[name]

    def loss(w):
        a = x_here if CONSTANT_HERE else w * x_here
        return jnp.sum(f(a, x_here))
    xs = [jnp.arange(3.0) + r for r in range(SIZE)]
    got, error = outcome(lambda: TRANSFORMATIONS[how](loss))
    want = jax.grad(lambda w: jnp.sum(serial([w * x for x in xs], xs, RANK)))(1.5)
    check({how: (got, want)}, error, DISAGREE if SIZE > 1 else serial_error(name, how))


@pytest.mark.parametrize("name, how", CUSTOM_CASES)
def test_custom_function_differentiated_on_every_rank(name, how):
    """Every rank runs the rule for the first call and the function for the
    second (constants only): the serial derivative."""
    f, serial, _ = CUSTOM[name]
    xs = [jnp.arange(3.0) + r for r in range(SIZE)]

    def loss(w):
        return jnp.sum(f(w * x_here, x_here) * f(x_here, 2 * x_here))

    def serial_loss(ws, rank):     # rank `rank`'s loss from every rank's w
        y = serial([w * x for w, x in zip(ws, xs)], xs, rank)
        return jnp.sum(y * serial(xs, [2 * x for x in xs], rank))
    ws = jnp.full(SIZE, 1.5)
    if "jvp" in how or how == "linear_transpose twice":     # forward maps
        want = jax.jvp(lambda ws: serial_loss(ws, RANK), (ws,), (jnp.ones(SIZE),))[1]
    else:       # grad on rank r: d/dw_r of every rank's loss summed
        want = jax.grad(lambda ws: sum(serial_loss(ws, q) for q in range(SIZE)))(ws)[RANK]
    got, error = outcome(lambda: TRANSFORMATIONS[how](loss))
    check({how: (got, want)}, error, serial_error(name, how))


@pytest.mark.parametrize("name", ["custom_jvp", "custom_vjp", "custom_linear_solve"])
def test_custom_function_jvp_of_vjp_constant_on_some_ranks_raises(name):
    """jvp of a vjp: the rule calls the function under the outer jvp, and
    that inner call belongs to the outer call's check (it hung before)."""
    f, serial, _ = CUSTOM[name]

    def loss(w):
        a = x_here if CONSTANT_HERE else w * x_here
        return jnp.sum(f(a, x_here))
    xs = [jnp.arange(3.0) + r for r in range(SIZE)]
    got, error = outcome(lambda: jax.jvp(lambda c: jax.vjp(loss, 1.5)[1](c)[0],
                                         (1.0,), (1.0,))[1])
    want = jax.grad(lambda w: jnp.sum(serial([w * x for x in xs], xs, RANK)))(1.5)
    check({"jvp of vjp": (got, want)}, error, DISAGREE if SIZE > 1 else None)
