"""examples/shallow_water.py, small: distributed result and gradient equal the serial ones."""

import importlib.util
import pathlib

import numpy as np
import jax
import jax.numpy as jnp
import pytest
from mpi4py import MPI

from mpicoll.halo import local_slices

PATH = pathlib.Path(__file__).resolve().parent.parent / "examples" / "shallow_water.py"


@pytest.fixture(scope="module")
def sw():
    spec = importlib.util.spec_from_file_location("shallow_water_example", PATH)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def cart(sw):
    cart = sw.make_grid(MPI.COMM_WORLD)
    yield cart
    cart.Free()


def test_distributed_equals_serial(sw, cart):
    mine, serial, diff = sw.compare_with_serial(cart, shape=(11, 14), steps=12)
    block = local_slices((11, 14, 3), cart)
    np.testing.assert_allclose(mine, serial[block], rtol=0, atol=1e-12)
    assert diff <= 1e-12


def test_overlapped_step_equals_the_blocking_step(sw, cart):
    """Updating the inner cells while the halos travel, then the edges,
    gives the blocking step's result bit for bit. (The other tests run the
    overlapped step, the example's default: its gradient against serial.)"""
    shape, steps = (13, 17), 4
    U0 = sw.drops(shape, [(5.0, 6.0)])[local_slices(shape + (3,), cart)]
    overlapped = jax.jit(lambda U: sw.simulate(sw.distributed_step(cart), U, steps))
    blocking = jax.jit(lambda U: sw.simulate(sw.distributed_step(cart, overlap=False), U, steps))
    np.testing.assert_array_equal(overlapped(U0), blocking(U0))


def test_gradient_through_scan_equals_serial(sw, cart):
    shape, steps = (9, 10), 3
    U0 = sw.drops(shape, [(4.0, 3.0)])
    block = local_slices(shape + (3,), cart)
    w = np.random.default_rng(0).normal(size=shape)          # same on every rank
    step = sw.distributed_step(cart)
    loss = lambda U: jnp.sum(w[block[:2]] * sw.simulate(step, U, steps)[..., 0])
    grad = jax.jit(jax.grad(loss))(U0[block])
    serial_loss = lambda U: jnp.sum(w * sw.simulate(sw.serial_step, U, steps)[..., 0])
    ref = np.asarray(jax.jit(jax.grad(serial_loss))(U0))[block]
    np.testing.assert_allclose(grad, ref, rtol=1e-11, atol=1e-13)


def test_inverse_problem_decreases_misfit(sw, cart):
    # the blocking step: the overlapped one's gradient is checked above, and
    # its compilation under grad takes four times as long
    losses, err0, err1 = sw.inverse_problem(cart, shape=(12, 16), steps=3, iterations=2,
                                            log=lambda *a: None, overlap=False)
    assert losses[-1] < losses[0] and err1 < err0
