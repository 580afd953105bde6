"""Every rank differentiates a collective, or every rank raises.

JAX runs an operation's derivative rule only on ranks where one of its
inputs carries a derivative. A collective whose input is a constant on some
ranks only (a rank-dependent branch, stop_gradient on one rank) would send
the other ranks into a derivative collective that those ranks never make.
Under jvp, grad, linear_transpose and their jitted forms, every collective
of floating data is preceded by a 1-byte check across the communicator
(primitive.py, "Derivatives agree"): where the ranks disagree, every rank
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
