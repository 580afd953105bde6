"""Receive-side templates: ranks that do not both differentiate a message
(send/recv/sendrecv, and bcast/scatter/scatterv at the end).

JAX runs an operation's derivative rule only on ranks where one of its
inputs carries a derivative. In a send/recv pair the two ranks decide that
independently (a receiver's template may be a constant while the sender's
data is differentiated, or the other way round), and then one rank sends or
waits for derivative messages the other never makes. mpicoll marks every
point-to-point message with its kind (see "message kinds" in
point_to_point.pxi), so the receiver notices and raises, and a
differentiated message is answered, so its sender raises too, under ``grad``
and ``jvp``. Nothing hangs and no later message pairs wrongly.

The rooted sends are checked twice: by the check before every
differentiated collective (tests/test_derivative_agreement.py), and by the
state that root's data carries, which still guards programs traced with
that check switched off. These tests switch it off
(MPICOLL_DERIVATIVE_CHECK=0), so they test the state in the messages.

Ranks 0 and 1 play the two roles; other ranks watch. Every case runs on the
same communicator, and after each the pair exchanges again with the tag of
the failed pairing and every rank joins an allreduce: a message the failure
left in flight would be taken by that exchange and fail it.
"""

import jax
import jax.numpy as jnp
import numpy as np
import pytest
from mpi4py import MPI

import mpicoll

pytestmark = [
    pytest.mark.skipif(MPI.COMM_WORLD.Get_size() < 2, reason="needs a sender and a receiver"),
    # ranks 0 and 1 pair, the others watch: 3 ranks have a watcher already
    pytest.mark.skipif(MPI.COMM_WORLD.Get_size() > 3,
                       reason="two ranks pair and one watches: checked at 2 and 3 ranks"),
    pytest.mark.timeout(120),
]



@pytest.fixture(autouse=True)
def messages_check_alone(monkeypatch):
    monkeypatch.setenv("MPICOLL_DERIVATIVE_CHECK", "0")


SENDER_MESSAGE = "that rank differentiates the array it sent"
RECEIVER_MESSAGE = "this rank differentiates the receive"
NOTICE_MESSAGE = "received a differentiated message from this rank without differentiating it"


def assert_raised(error, text):
    """`error` (one rank's error text, or None) says `text`."""
    assert error is not None and text in error, error


def outcome(f, *args):
    """Run f eagerly or jitted to the end; the error text, or None."""
    try:
        jax.block_until_ready(f(*args))
        jax.effects_barrier()
        return None
    except Exception as exc:      # noqa: BLE001 (XLA runtime errors have several types)
        return str(exc)


COMM = MPI.COMM_WORLD.Dup()


def run_case(program, transform, jit, tag=3):
    """Each rank's error text (None where it finished); and the communicator
    still works afterwards: the pair exchanges with the failed pairing's
    `tag`, and every rank joins an allreduce."""
    world, comm = MPI.COMM_WORLD, COMM
    f = transform(lambda x: program(x, comm))
    error = outcome(jax.jit(f) if jit else f, jnp.arange(1.0, 4.0))
    if comm.rank < 2:
        peer = 1 - comm.rank
        y = mpicoll.sendrecv(jnp.full(2, comm.rank + 10.0), jnp.zeros(2), peer, peer,
                             sendtag=tag, recvtag=tag, comm=comm)
        np.testing.assert_array_equal(np.asarray(y), np.full(2, peer + 10.0))
    total = mpicoll.allreduce(jnp.ones(2), MPI.SUM, comm=comm)
    np.testing.assert_array_equal(np.asarray(total), np.full(2, float(comm.size)))
    return world.allgather(error)


def send_constant_template(x, comm):
    """Rank 0 sends 2x; rank 1 receives it into a constant template."""
    if comm.rank == 0:
        mpicoll.send(2 * x, 1, tag=3, comm=comm)
        return jnp.sum(x)
    if comm.rank == 1:
        y = mpicoll.recv(jnp.zeros(3), 0, tag=3, comm=comm)
        return jnp.sum(y * x)
    return jnp.sum(x)


def send_constant_data(x, comm):
    """Rank 0 sends a constant; rank 1 receives into its differentiated x."""
    if comm.rank == 0:
        mpicoll.send(jnp.ones(3), 1, tag=3, comm=comm)
        return jnp.sum(x)
    if comm.rank == 1:
        y = mpicoll.recv(x, 0, tag=3, comm=comm)
        return jnp.sum(y * x)
    return jnp.sum(x)


def sendrecv_one_side(x, comm):
    """Ranks 0 and 1 swap arrays; only rank 0's carry a derivative."""
    if comm.rank < 2:
        data = x if comm.rank == 0 else jnp.ones(3)
        template = x if comm.rank == 0 else jnp.zeros(3)
        y = mpicoll.sendrecv(data, template, 1 - comm.rank, 1 - comm.rank, comm=comm)
        return jnp.sum(y * y)
    return jnp.sum(x)


def grad(f):
    return jax.grad(f)


def jvp(f):
    return lambda x: jax.jvp(f, (x,), (jnp.ones_like(x),))


JIT = pytest.mark.parametrize("jit", [False, True], ids=["eager", "jit"])


def assert_both_raised_for_a_constant_template(errors):
    """Rank 1 received a differentiated message into a constant template,
    rank 0 got its notice; the watchers finished."""
    assert_raised(errors[1], SENDER_MESSAGE)
    assert "on rank 1 with rank 0 (tag 3)" in errors[1], errors[1]
    assert_raised(errors[0], NOTICE_MESSAGE)
    assert "on rank 0 with rank 1 (tag 3)" in errors[0], errors[0]
    assert all(e is None for e in errors[2:]), errors


@JIT
def test_constant_template_under_grad_raises_on_both_ranks(jit):
    assert_both_raised_for_a_constant_template(run_case(send_constant_template, grad, jit))


@JIT
def test_constant_template_under_jvp_raises_on_both_ranks(jit):
    # forward mode: the sender waits for the answer to its differentiated
    # value before it sends the tangent, and raises on the receiver's notice
    errors = run_case(send_constant_template, jvp, jit)
    assert_raised(errors[1], SENDER_MESSAGE)
    assert_raised(errors[0], NOTICE_MESSAGE)
    assert "on rank 0 with rank 1 (tag 3)" in errors[0], errors[0]


@JIT
@pytest.mark.parametrize("transform", [grad, jvp], ids=["grad", "jvp"])
def test_constant_data_raises_on_the_differentiating_receiver(transform, jit):
    errors = run_case(send_constant_data, transform, jit)
    assert_raised(errors[1], RECEIVER_MESSAGE)
    assert errors[0] is None, errors[0]


@JIT
@pytest.mark.parametrize("transform", [grad, jvp], ids=["grad", "jvp"])
def test_sendrecv_differentiated_on_one_side_raises_on_both(transform, jit):
    errors = run_case(sendrecv_one_side, transform, jit, tag=0)
    assert_raised(errors[0], RECEIVER_MESSAGE)
    assert_raised(errors[1], SENDER_MESSAGE)


@JIT
def test_agreeing_ranks_still_differentiate(jit):
    """The same pair with the template carrying the derivative on the receiver
    (`jnp.zeros(3) + 0 * x`): the gradient is the serial one, d/dx of
    sum(2x * x) on rank 1 and, on rank 0, 1 + 2 x_1 (its x reaches rank 1's
    loss through the message)."""
    def program(x, comm):
        if comm.rank == 0:
            mpicoll.send(2 * x, 1, tag=3, comm=comm)
            return jnp.sum(x)
        if comm.rank == 1:
            y = mpicoll.recv(jnp.zeros(3) + 0 * x, 0, tag=3, comm=comm)
            return jnp.sum(y * x)
        return jnp.sum(x)

    world = MPI.COMM_WORLD
    x = jnp.arange(1.0, 4.0) + world.rank
    f = jax.grad(lambda v: program(v, world))
    g = np.asarray(jax.block_until_ready((jax.jit(f) if jit else f)(x)))
    xs = world.allgather(np.asarray(x))
    if world.rank == 0:
        expected = 1 + 2 * xs[1]
    elif world.rank == 1:
        expected = 2 * xs[0]
    else:
        expected = np.ones(3)
    np.testing.assert_array_equal(g, expected)


@JIT
def test_reverse_over_reverse_through_send_recv_raises_on_both_ranks(jit):
    """The transpose of `send` receives the cotangent into a constant
    template, so a backward pass through send/recv cannot be differentiated
    again: both ranks raise when the outer derivative traces it, before any
    message (sendrecv, whose transpose is again a sendrecv, supports it:
    tests/test_gradients.py; tests/test_transposes.py has the other
    transformations)."""
    def program(x, comm):
        if comm.rank == 0:
            mpicoll.send(x * x, 1, tag=4, comm=comm)
            return jnp.sum(x)
        if comm.rank == 1:
            y = mpicoll.recv(x, 0, tag=4, comm=comm)
            return jnp.sum(y * x)
        return jnp.sum(x)

    def second_order(f):
        return jax.grad(lambda x: jnp.sum(jax.grad(f)(x) ** 2))

    errors = run_case(program, second_order, jit, tag=4)
    assert_raised(errors[0], "backward pass of send/recv cannot itself be differentiated")
    assert_raised(errors[1], "backward pass of send/recv cannot itself be differentiated")


# --- nonblocking messages ------------------------------------------------------
#
# isend, irecv and isendrecv keep the message kinds (nonblocking_p2p.pxi):
# the same pairings, with either side (or both) nonblocking, fail alike, on
# the same ranks, with the same messages, and leave nothing in flight.

STYLES = pytest.mark.parametrize("style", ["nonblocking send", "nonblocking receive",
                                           "both nonblocking"])


def send_in(style, x, dest, tag, comm):
    if style in ("nonblocking send", "both nonblocking"):
        assert mpicoll.wait(mpicoll.isend(x, dest, tag=tag, comm=comm)) is None
    else:
        mpicoll.send(x, dest, tag=tag, comm=comm)


def recv_in(style, template, source, tag, comm):
    if style in ("nonblocking receive", "both nonblocking"):
        return mpicoll.wait(mpicoll.irecv(template, source, tag=tag, comm=comm))
    return mpicoll.recv(template, source, tag=tag, comm=comm)


def pair_program(style, data, template):
    """Rank 0 sends data(x) to rank 1 (tag 3), which receives into
    template(x); every rank's loss is sum(y * x) (rank 0: sum(x))."""
    def program(x, comm):
        if comm.rank == 0:
            send_in(style, data(x), 1, 3, comm)
            return jnp.sum(x)
        if comm.rank == 1:
            return jnp.sum(recv_in(style, template(x), 0, 3, comm) * x)
        return jnp.sum(x)
    return program


@JIT
@STYLES
@pytest.mark.parametrize("transform", [grad, jvp], ids=["grad", "jvp"])
def test_nonblocking_constant_template_raises_on_both_ranks(style, transform, jit):
    program = pair_program(style, lambda x: 2 * x, lambda x: jnp.zeros(3))
    assert_both_raised_for_a_constant_template(run_case(program, transform, jit))


@STYLES
@pytest.mark.parametrize("transform", [grad, jvp], ids=["grad", "jvp"])
def test_nonblocking_constant_data_raises_on_the_differentiating_receiver(style, transform):
    # jitted only: eager and jitted waits run the same handler (the
    # constant-template test above runs both)
    program = pair_program(style, lambda x: jnp.ones(3), lambda x: x)
    errors = run_case(program, transform, True)
    assert_raised(errors[1], RECEIVER_MESSAGE)
    assert errors[0] is None, errors[0]


@pytest.mark.parametrize("transform", [grad, jvp], ids=["grad", "jvp"])
@pytest.mark.parametrize("nonblocking_rank", [0, 1, None], ids=["rank 0", "rank 1", "both"])
def test_isendrecv_differentiated_on_one_side_raises_on_both(nonblocking_rank, transform):
    def program(x, comm):
        if comm.rank < 2:
            data = x if comm.rank == 0 else jnp.ones(3)
            template = x if comm.rank == 0 else jnp.zeros(3)
            peer = 1 - comm.rank
            if nonblocking_rank in (None, comm.rank):
                y = mpicoll.wait(mpicoll.isendrecv(data, template, peer, peer, comm=comm))
            else:
                y = mpicoll.sendrecv(data, template, peer, peer, comm=comm)
            return jnp.sum(y * y)
        return jnp.sum(x)

    errors = run_case(program, transform, True, tag=0)
    assert_raised(errors[0], RECEIVER_MESSAGE)
    assert_raised(errors[1], SENDER_MESSAGE)


@JIT
@STYLES
def test_nonblocking_agreeing_ranks_have_the_serial_gradient(style, jit):
    """As test_agreeing_ranks_still_differentiate, with either side or both
    nonblocking: rank 1's gradient is 2 x_0, rank 0's 1 + 2 x_1."""
    world = MPI.COMM_WORLD
    program = pair_program(style, lambda x: 2 * x, lambda x: jnp.zeros(3) + 0 * x)
    x = jnp.arange(1.0, 4.0) + world.rank
    f = jax.grad(lambda v: program(v, world))
    g = np.asarray(jax.block_until_ready((jax.jit(f) if jit else f)(x)))
    xs = world.allgather(np.asarray(x))
    expected = {0: 1 + 2 * xs[1], 1: 2 * xs[0]}.get(world.rank, np.ones(3))
    wrong = world.allgather(None if np.array_equal(g, expected) else (g, expected))
    assert all(w is None for w in wrong), wrong          # every rank's verdict


# --- rooted sends: bcast, scatter, scatterv ----------------------------------
#
# Root (rank 0) sends; every other rank passes a template. Root's state
# travels with the data ("rooted sends" in derivative_checks.pxi): packed
# after small messages, in a broadcast of its own before larger ones, so both
# sizes run.

ROOT_DIFFERENTIATES = "root (rank 0) differentiates the array it sends"
ROOT_CONSTANT = "root's array (rank 0) is a constant there"
SIZES = pytest.mark.parametrize("n", [3, 300], ids=["packed", "announced"])


def rooted_send(op, root_data, template):
    """A program where root sends `root_data(x)` by `op` and the other ranks
    pass `template(x)`; every rank's loss is sum(y * x)."""
    def program(x, comm):
        n, size = x.shape[0], comm.size
        if op == "bcast":
            y = mpicoll.bcast(root_data(x) if comm.rank == 0 else template(x), 0, comm=comm)
        elif op == "scatter":
            blocks = jnp.stack([root_data(x) * (s + 1) for s in range(size)])
            y = mpicoll.scatter(blocks if comm.rank == 0 else template(x), 0, comm=comm)
        else:
            rows = jnp.concatenate([root_data(x) * (s + 1) for s in range(size)])
            y = mpicoll.scatterv(rows if comm.rank == 0 else template(x), (n,) * size, 0,
                                 comm=comm)
        return jnp.sum(y * x)
    return program


def run_rooted_case(program, transform, jit, n):
    """Each rank's error text (None where it finished); and a broadcast on
    the same communicator still gives root's data afterwards (every rank
    made the same MPI calls)."""
    world, comm = MPI.COMM_WORLD, COMM
    f = transform(lambda x: program(x, comm))
    error = outcome(jax.jit(f) if jit else f, jnp.arange(1.0, n + 1.0))
    world.Barrier()
    y = mpicoll.bcast(jnp.full(n, comm.rank + 10.0), 0, comm=comm)
    np.testing.assert_array_equal(np.asarray(y), np.full(n, 10.0))
    return world.allgather(error)


ROOTED_OPS = pytest.mark.parametrize("op", ["bcast", "scatter", "scatterv"])
TRANSFORMS = pytest.mark.parametrize("transform", [grad, jvp], ids=["grad", "jvp"])


@JIT
@SIZES
@TRANSFORMS
@ROOTED_OPS
def test_root_differentiates_with_constant_templates_raises_on_every_rank(op, transform, n,
                                                                         jit):
    program = rooted_send(op, lambda x: 2 * x, lambda x: jnp.zeros(x.shape[0]))
    errors = run_rooted_case(program, transform, jit, n)
    size = len(errors)
    for rank, error in enumerate(errors):
        assert_raised(error, ROOT_DIFFERENTIATES)
        assert f"on {size - 1} receiving rank(s)" in error, error
        assert ("this one among them" in error) == (rank != 0), error


@JIT
@SIZES
@TRANSFORMS
@ROOTED_OPS
def test_templates_differentiated_with_constant_root_raise_on_the_receivers(op, transform,
                                                                           n, jit):
    program = rooted_send(op, lambda x: jnp.ones(x.shape[0]), lambda x: x)
    errors = run_rooted_case(program, transform, jit, n)
    assert errors[0] is None, errors[0]
    for error in errors[1:]:
        assert_raised(error, ROOT_CONSTANT)


@JIT
@ROOTED_OPS
def test_one_constant_template_is_enough_to_raise_everywhere(op, jit):
    """Only the last rank's template is a constant; the others agree with
    root, and still every rank raises, counting that one rank."""
    if MPI.COMM_WORLD.Get_size() < 3:
        pytest.skip("needs a receiver that agrees with root and one that does not")
    last = MPI.COMM_WORLD.Get_size() - 1

    def template(x):
        return jnp.zeros(x.shape[0]) if MPI.COMM_WORLD.Get_rank() == last else 0 * x

    errors = run_rooted_case(rooted_send(op, lambda x: 2 * x, template), grad, jit, 3)
    for rank, error in enumerate(errors):
        assert_raised(error, ROOT_DIFFERENTIATES)
        assert "on 1 receiving rank(s)" in error, error
        assert ("this one among them" in error) == (rank == last), error


@JIT
@SIZES
@ROOTED_OPS
def test_rooted_sends_with_agreeing_templates_have_the_serial_gradient(op, n, jit):
    """Templates that carry the derivative (0 * x): rank r's result is
    c_r * 2 x_0 (c_r = 1 for bcast, r + 1 for scatter and scatterv), so with
    loss_r = sum(y_r * x_r) the serial gradient is, on rank r != 0,
    c_r * 2 x_0, and on root 2 x_0 + sum_r 2 c_r x_r (its x reaches every
    rank's result)."""
    world = MPI.COMM_WORLD
    program = rooted_send(op, lambda x: 2 * x, lambda x: 0 * x)
    x = jnp.arange(1.0, n + 1.0) + world.rank
    f = jax.grad(lambda v: program(v, world))
    g = np.asarray(jax.block_until_ready((jax.jit(f) if jit else f)(x)))
    xs = world.allgather(np.asarray(x))
    scale = [1.0] * world.size if op == "bcast" else [s + 1.0 for s in range(world.size)]
    if world.rank == 0:
        expected = 2 * xs[0] * scale[0] + sum(2 * scale[r] * xs[r] for r in range(world.size))
    else:
        expected = scale[world.rank] * 2 * xs[0]
    np.testing.assert_allclose(g, expected, rtol=1e-6)
