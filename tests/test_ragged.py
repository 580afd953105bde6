"""ragged_alltoall with counts the program computes, and migrate.

The registry entry (tests/op_specs.py, "ragged_alltoall") runs the op
through values, chunking, vmap, gradients, check_grads, dot products and
every transposing transformation with counts fixed per rank. Here: counts
computed inside ``jit`` from the data, overflow (raise on every rank, or
truncate), invalid counts, batched counts, debug mode with rows that differ
per rank, a loop whose counts change every step, trace-time argument
errors; and `migrate`, the pytree helper particle codes call once per step.

References are NumPy or jax.numpy on every rank's gathered data, never the
code under test.
"""

import numpy as np
import jax
import jax.numpy as jnp
import pytest
from jax import lax
from jax.sharding import PartitionSpec as P
from mpi4py import MPI

import mpicoll
from test_transposes import check, outcome

WORLD = MPI.COMM_WORLD
RANK, SIZE = WORLD.rank, WORLD.size

pytestmark = pytest.mark.timeout(300)


def particles(rank, n=7, seed=0):
    """Rank `rank`'s positions in [0, 1) (2-D) and ids, distinct everywhere."""
    rng = np.random.default_rng(100 * seed + rank)
    return rng.uniform(0, 1, (n, 2)), np.arange(n) + 1000 * rank


def owner(pos):
    """The rank that owns a position: slabs of x over the ranks."""
    return jnp.floor(pos[:, 0] * SIZE).astype(jnp.int32)


def serial_exchange(xs, dests, capacity, receiver):
    """What `receiver` gets when every rank r sends row i of xs[r] to dests[r][i],
    grouped by source rank, in order, padded with zeros."""
    rows = [x[np.asarray(d) == receiver] for x, d in zip(xs, dests)]
    got = np.concatenate(rows)
    padded = np.zeros((capacity,) + got.shape[1:], got.dtype)
    padded[:len(got)] = got[:capacity]
    return padded, np.array([len(r) for r in rows])


def sorted_by_dest(x, dest):
    order = jnp.argsort(dest, stable=True)
    return x[order], jnp.bincount(dest, length=SIZE)


@pytest.mark.parametrize("dtype", [np.float64, np.int32, np.complex64])
def test_counts_computed_inside_jit(dtype):
    """The issue's program: destinations and counts computed in the jitted
    function; every rank gets its rows from every rank, in source order."""
    pos, _ = particles(RANK)
    x = (pos * 100).astype(dtype) if dtype != np.complex64 else (pos + 1j * pos).astype(dtype)
    capacity = 7 * SIZE

    @jax.jit
    def step(pos, x):
        rows, counts = sorted_by_dest(x, owner(pos))
        return mpicoll.ragged_alltoall(rows, counts, capacity)

    y, recvcounts = step(pos, x)
    all_pos = [particles(r)[0] for r in range(SIZE)]
    xs = [(p * 100).astype(dtype) if dtype != np.complex64 else (p + 1j * p).astype(dtype)
          for p in all_pos]
    dests = [np.floor(p[:, 0] * SIZE).astype(int) for p in all_pos]
    want, want_counts = serial_exchange(xs, dests, capacity, RANK)
    check({"rows": (y, want), "recvcounts": (recvcounts, want_counts)})
    assert y.dtype == dtype


def test_recvcounts_dtype():
    """recvcounts are int64 for int64 sendcounts, int32 for any other
    integer dtype (as the docstring says), with the counts sent."""
    failures = []
    for dtype, want_dtype in (("int16", "int32"), ("uint8", "int32"), ("int32", "int32"),
                              ("int64", "int64")):
        counts = jnp.ones(SIZE, dtype)
        _, got = mpicoll.ragged_alltoall(jnp.zeros((SIZE, 2)), counts, SIZE)
        if got.dtype != want_dtype or not np.array_equal(got, np.ones(SIZE)):
            failures.append(f"{dtype} sendcounts: recvcounts {got.dtype} {got}")
    assert not failures, failures


def test_exact_capacity_and_nothing_to_send():
    """Capacity exactly the rows received; ranks that send nothing."""
    n_from = [s + 1 if s % 2 == 0 else 0 for s in range(SIZE)]   # rows each rank sends me
    counts = jnp.array([(RANK + 1) if RANK % 2 == 0 else 0] * SIZE)
    x = jnp.full((int(counts.sum()) + 1, 3), float(RANK))
    y, got_counts = jax.jit(lambda x, c: mpicoll.ragged_alltoall(x, c, sum(n_from)))(x, counts)
    want = np.concatenate([np.full((n, 3), float(s)) for s, n in enumerate(n_from)] +
                          [np.zeros((0, 3))])
    check({"rows": (y, want), "recvcounts": (got_counts, np.array(n_from))})


def test_overflow_raises_on_every_rank():
    """Rank 0 receives one row from everybody; with capacity SIZE - 1 there it
    overflows, and every rank says which rank and how much."""
    counts = jnp.zeros(SIZE, jnp.int32).at[0].set(1)
    x = jnp.ones((1, 2))
    capacity = SIZE - 1 if RANK == 0 else 0
    _, error = outcome(lambda: mpicoll.ragged_alltoall(x, counts, capacity))
    check({}, error, f"rank 0 would receive {SIZE} rows, more than its capacity of {SIZE - 1}")


def test_truncate_keeps_the_first_rows_and_the_true_counts():
    counts = jnp.full(SIZE, 2, jnp.int32)
    x = jnp.arange(2.0 * SIZE).reshape(-1, 1) + 100 * RANK
    capacity = SIZE                       # half of the 2 * SIZE rows sent here
    y, got_counts = jax.jit(lambda x, c: mpicoll.ragged_alltoall(
        x, c, capacity, overflow="truncate"))(x, counts)
    every = np.concatenate([np.arange(2.0 * RANK, 2.0 * RANK + 2) + 100 * s
                            for s in range(SIZE)]).reshape(-1, 1)
    check({"first rows": (y, every[:capacity]),
           "true counts": (got_counts, np.full(SIZE, 2))})


@pytest.mark.parametrize("problem", ["negative", "too many rows", "uint32 beyond int32"])
def test_invalid_counts_raise_on_every_rank(problem):
    bad = RANK == SIZE - 1
    counts = np.ones(SIZE, np.uint32 if problem == "uint32 beyond int32" else np.int32)
    if bad:
        counts[0] = {"negative": -1, "too many rows": 5, "uint32 beyond int32": 2 ** 32 - 1}[problem]
    x = jnp.ones((SIZE + 1, 2))
    _, error = outcome(lambda: jax.jit(lambda c: mpicoll.ragged_alltoall(x, c, 8 * SIZE))(
        jnp.asarray(counts)))
    if problem == "uint32 beyond int32":
        # taken as int32's largest count, not wrapped to a negative one: too
        # many rows for the sender's x, or (checked first where another
        # rank sends too) for the receiver's capacity
        check({}, error, "rows")
        assert "negative" not in error, error
        assert ("but its x has" in error if SIZE == 1 else
                f"would receive {2 ** 31 - 1 + SIZE - 1} rows" in error), error
        return
    text = "negative count" if problem == "negative" else "but its x has"
    check({}, error, f"rank {SIZE - 1}'s sendcounts")
    assert text in error, error


def test_gradient_with_truncation_drops_what_did_not_arrive():
    """Rows dropped by truncation get zero cotangent; the others the
    cotangent of the row they became."""
    counts = jnp.full(SIZE, 2, jnp.int32)
    x = jnp.arange(2.0 * SIZE).reshape(-1, 1) + 100 * RANK
    w = jnp.arange(SIZE, dtype=jnp.float64).reshape(-1, 1) + 1    # weights of y's rows

    def loss(x):
        y, _ = mpicoll.ragged_alltoall(x, counts, SIZE, overflow="truncate")
        return jnp.sum(w * y)
    got, error = outcome(lambda: jax.jit(jax.grad(loss))(x))
    # serially: receiver s keeps rows from sources 0 .. (SIZE // 2) - 1 (and
    # half of one more if SIZE is odd); my block for s is rows 2s, 2s+1
    want = np.zeros((2 * SIZE, 1))
    for s in range(SIZE):
        kept = max(0, min(2, SIZE - 2 * RANK))      # rows of mine that fit at s
        for k in range(kept):
            want[2 * s + k] = w[2 * RANK + k]
    check({"grad": (got, want)}, error)


def test_vmap_over_batched_counts_equals_a_loop():
    xs = jnp.stack([jnp.arange(4.0 * SIZE).reshape(-1, 2) + 10 * b + 100 * RANK
                    for b in range(3)])
    counts = jnp.stack([jnp.array([(b + RANK + s) % 3 for s in range(SIZE)], jnp.int32)
                        for b in range(3)])
    f = lambda x, c: mpicoll.ragged_alltoall(x, c, 3 * SIZE)      # noqa: E731
    got = jax.jit(jax.vmap(f))(xs, counts)
    loop = [f(xs[b], counts[b]) for b in range(3)]
    check({"rows": (got[0], np.stack([np.asarray(o[0]) for o in loop])),
           "recvcounts": (got[1], np.stack([np.asarray(o[1]) for o in loop]))})


def test_counts_change_every_step_of_a_loop():
    """Inside lax.scan the counts differ per step; each step's exchange is
    right and in order."""
    x = jnp.arange(6.0 * SIZE).reshape(-1, 1) + 1000 * RANK

    def step(carry, i):
        counts = jnp.array([(i + RANK + s) % 3 for s in range(SIZE)], jnp.int32)
        y, got = mpicoll.ragged_alltoall(x, counts, 2 * SIZE)
        return carry + jnp.sum(got), (y, got)

    total, (ys, counts) = jax.jit(lambda: lax.scan(step, 0, jnp.arange(4)))()
    cases = {}
    for i in range(4):
        blocks = []
        for src in range(SIZE):
            sc = [(i + src + s) % 3 for s in range(SIZE)]
            start = sum(sc[:RANK])
            blocks.append(np.arange(6.0 * SIZE)[start:start + sc[RANK]] + 1000 * src)
        got = np.concatenate(blocks)
        want = np.zeros((2 * SIZE, 1))
        want[:len(got), 0] = got
        cases[f"step {i}"] = (ys[i], want)
        cases[f"counts {i}"] = (counts[i], np.array([(i + src + RANK) % 3
                                                      for src in range(SIZE)]))
    check(cases)


def test_debug_mode_accepts_rows_that_differ_per_rank(debug_mode):
    """Debug mode compares the row size, not the rows, across ranks."""
    x = jnp.full((SIZE + RANK, 3), float(RANK))
    counts = jnp.array([1] * SIZE, jnp.int32)
    y, _ = jax.jit(lambda x, c: mpicoll.ragged_alltoall(x, c, SIZE))(x, counts)
    check({"rows": (y, np.repeat(np.arange(SIZE, dtype=float), 3).reshape(SIZE, 3))})


def test_argument_errors_at_trace_time():
    counts = jnp.ones(SIZE, jnp.int32)
    x = jnp.ones((SIZE, 2))
    cases = [
        (ValueError, "at least one axis", lambda: mpicoll.ragged_alltoall(1.0, counts, 2)),
        (ValueError, "one count per rank", lambda: mpicoll.ragged_alltoall(x, counts[:0], 2)),
        (TypeError, "must be integers", lambda: mpicoll.ragged_alltoall(x, counts * 1.0, 2)),
        (TypeError, "capacity must be a Python int", lambda: jax.jit(
            lambda c: mpicoll.ragged_alltoall(x, counts, c))(3)),
        (ValueError, "capacity must be >= 0", lambda: mpicoll.ragged_alltoall(x, counts, -1)),
        (ValueError, "overflow must be one of", lambda: mpicoll.ragged_alltoall(
            x, counts, 2, overflow="grow")),
    ]
    for exc, text, call in cases:
        with pytest.raises(exc, match=text):
            call()


# ------------------------------------------------------------------ migrate

def particle_tree(rank, n=7):
    pos, ids = particles(rank, n, seed=1)
    return {"pos": pos, "vel": (pos[:, ::-1] - 0.5).astype(np.float32),
            "id": ids, "mass": 1.0 + pos[:, 0]}


VALID = 5     # of the 7 rows: the last two are unused slots


def serial_migrate(receiver):
    """Every rank's valid rows whose owner is `receiver`, by source rank."""
    trees = [particle_tree(r) for r in range(SIZE)]
    masks = [np.floor(t["pos"][:VALID, 0] * SIZE).astype(int) == receiver for t in trees]
    return {k: np.concatenate([t[k][:VALID][m] for t, m in zip(trees, masks)])
            for k in trees[0]}, masks


def test_migrate_moves_every_leaf_in_a_stable_order():
    tree = particle_tree(RANK)
    dest = np.array(owner(tree["pos"]))
    dest[VALID:] = -5                    # unused slots: ignored, whatever they hold
    capacity = 7 * SIZE
    got, count = jax.jit(lambda t, d: mpicoll.migrate(t, d, VALID, capacity))(
        tree, jnp.asarray(dest))
    want, _ = serial_migrate(RANK)
    n = len(want["id"])
    cases = {"count": (count, np.int32(n))}
    for k, v in want.items():
        padded = np.zeros((capacity,) + v.shape[1:], v.dtype)
        padded[:n] = v
        cases[k] = (got[k], padded)
        assert got[k].dtype == tree[k].dtype, (k, got[k].dtype)
    check(cases)


def test_migrate_to_a_rank_outside_the_communicator_raises_everywhere():
    tree = particle_tree(RANK)
    dest = np.array(owner(tree["pos"]))
    if RANK == 0:
        dest[1] = SIZE                    # a valid row sent nowhere
    _, error = outcome(lambda: jax.jit(lambda t, d: mpicoll.migrate(t, d, VALID, 7 * SIZE))(
        tree, jnp.asarray(dest)))
    check({}, error, "rank 0's sendcounts hold a negative count")


@pytest.mark.parametrize("over", ["comm", "axis"])
def test_migrate_gradient_matches_serial(over):
    """d/d pos of sum over ranks of <w, received positions>: each valid
    row's gradient is the weight of the slot it lands in on its owner (over
    the communicator, and over a mesh axis inside mpicoll.spmd)."""
    tree = particle_tree(RANK)
    dest = np.array(owner(tree["pos"]))
    capacity = 7 * SIZE
    w = np.arange(capacity * 2, dtype=float).reshape(capacity, 2) + RANK

    def loss(pos):
        if over == "comm":
            got, _ = mpicoll.migrate(dict(tree, pos=pos), dest, VALID, capacity)
            return jnp.sum(w * got["pos"])
        got, _ = along_axis(dict(tree, pos=pos), dest, capacity)
        return jnp.sum(w * got["pos"])
    got, error = outcome(lambda: jax.jit(jax.grad(loss))(jnp.asarray(tree["pos"])))

    all_pos = [jnp.asarray(particle_tree(r)["pos"]) for r in range(SIZE)]
    ws = [np.arange(capacity * 2, dtype=float).reshape(capacity, 2) + s for s in range(SIZE)]

    owners = [np.floor(np.asarray(p)[:VALID, 0] * SIZE).astype(int) for p in all_pos]

    def serial(*pos):
        total = 0.0
        for s in range(SIZE):
            masks = [o == s for o in owners]
            rows = jnp.concatenate([p[:VALID][m] for p, m in zip(pos, masks)])
            total = total + jnp.sum(ws[s][:rows.shape[0]] * rows)
        return total
    want = jax.grad(serial, argnums=RANK)(*all_pos)
    check({"grad": (got, want)}, error)


def moving_rows():
    """(positions, dest) of this rank, and the function that migrates the
    positions (with the ids riding along) for fixed destinations: linear."""
    tree = particle_tree(RANK)
    dest = np.array(owner(tree["pos"]))

    def move(pos, dest=dest):
        got, _ = mpicoll.migrate({"pos": pos, "id": tree["id"]}, dest, VALID, 7 * SIZE)
        return got["pos"]
    return jnp.asarray(tree["pos"]), dest, move


def test_migrate_check_grads_and_dot_product(monkeypatch):
    from conftest import collective_check_grads
    pos, _, move = moving_rows()
    collective_check_grads(monkeypatch, WORLD, jax.jit(move), (pos,), order=1, modes=("fwd",))
    # <move(x), y> == <x, move^T(y)>, each summed over ranks
    y = np.random.default_rng(RANK).normal(size=(7 * SIZE, 2))
    moved, pullback = jax.vjp(jax.jit(move), pos)
    lhs = WORLD.allreduce(float(np.vdot(np.asarray(moved), y)))
    rhs = WORLD.allreduce(float(np.vdot(np.asarray(pos), np.asarray(pullback(y)[0]))))
    assert abs(lhs - rhs) <= 1e-12 * max(1.0, abs(lhs)), (lhs, rhs)


@pytest.mark.parametrize("over", ["comm", "axis"])
def test_migrate_transposes(over):
    """For fixed destinations `migrate` is linear in the rows. Its transpose
    by every route (vjp, jvp of vjp, linear_transpose eager and jitted)
    equals the pullback, which the global dot product <move(x), y> =
    <x, move^T(y)> pins to the serial answer; transposing twice gives
    `migrate` back. Over the communicator and over a mesh axis inside
    mpicoll.spmd; `check` runs an operation on the communicator after."""
    tree = particle_tree(RANK)
    dest = np.array(owner(tree["pos"]))
    capacity = 7 * SIZE

    def move(pos):
        if over == "comm":
            got, _ = mpicoll.migrate({"pos": pos, "id": tree["id"]}, dest, VALID, capacity)
        else:
            got, _ = along_axis({"pos": pos, "id": tree["id"]}, dest, capacity)
        return got["pos"]
    pos = jnp.asarray(tree["pos"])
    y = jnp.asarray(np.random.default_rng(RANK).normal(size=(capacity, 2)))

    def every_route():
        moved, pullback = jax.vjp(move, pos)
        (vjp,) = pullback(y)
        jvp_of_vjp = jax.jvp(lambda c: pullback(c)[0], (y,), (y,))[1]
        transpose = jax.linear_transpose(move, pos)
        (eager,) = transpose(y)
        (jitted,) = jax.jit(transpose)(y)
        twice = jax.linear_transpose(lambda c: transpose(c)[0], y)(pos)[0]
        return moved, vjp, jvp_of_vjp, eager, jitted, twice
    got, error = outcome(every_route)
    cases = {}
    if got is not None:
        moved, vjp, jvp_of_vjp, eager, jitted, twice = got
        lhs = WORLD.allreduce(float(np.vdot(moved, y)))
        rhs = WORLD.allreduce(float(np.vdot(np.asarray(pos), vjp)))
        cases = {"dot product": (np.float64(lhs), np.float64(rhs)),
                 "jvp of vjp": (jvp_of_vjp, vjp), "linear_transpose": (eager, vjp),
                 "jit(linear_transpose)": (jitted, vjp), "transposed twice": (twice, moved)}
    check(cases, error)


def test_migrate_vmap_and_chunked_equal_the_plain_calls():
    pos, dest, move = moving_rows()
    shifted = (pos + 0.37) % 1.0
    dests = np.stack([dest, np.array(owner(shifted))])
    batched = jax.jit(jax.vmap(move))(jnp.stack([pos, shifted]), dests)
    loop = [np.asarray(jax.jit(move)(p, d)) for p, d in zip((pos, shifted), dests)]
    mpicoll.set_chunk_bytes(24)          # blocks of 5 rows and more go in rounds
    try:
        chunked = jax.jit(move)(pos)
    finally:
        mpicoll.set_chunk_bytes(None)
    check({"vmap": (batched, np.stack(loop)), "chunked": (chunked, loop[0])})


# ----------------------------------------------- migrate over a mesh axis

def along_axis(tree, dest, capacity, overflow="raise"):
    """`migrate` over the mesh axis "x" of the ranks, inside mpicoll.spmd:
    (this rank's received tree, its count)."""
    mesh = mpicoll.ProcessMesh((SIZE,), ("x",))

    def body(t, d):
        got, count = mpicoll.migrate(t, d, VALID, capacity, axis_name="x", overflow=overflow)
        return got, count[None]
    got, count = mpicoll.spmd(body, mesh, (P("x"), P("x")), (P("x"), P("x")))(
        tree, jnp.asarray(dest))
    return got, count[0]


@pytest.mark.parametrize("capacity, overflow", [(7 * SIZE, "raise"), (7 * SIZE, "truncate"),
                                                (2, "truncate")])
def test_migrate_over_a_mesh_axis_equals_serial(capacity, overflow):
    """Inside mpicoll.spmd over a line of the ranks, `axis_name="x"` moves
    the rows as the communicator does: stable order, every leaf; with a
    capacity of 2, the first 2 rows and the whole count (truncate)."""
    tree = particle_tree(RANK)
    dest = np.array(owner(tree["pos"]))
    dest[VALID:] = -5                    # unused slots: ignored, whatever they hold
    got, count = jax.jit(lambda t, d: along_axis(t, d, capacity, overflow))(tree, dest)
    want, _ = serial_migrate(RANK)
    n = len(want["id"])
    cases = {"count": (count, np.int32(n))}
    for k, v in want.items():
        padded = np.zeros((capacity,) + v.shape[1:], v.dtype)
        padded[:min(n, capacity)] = v[:capacity]
        cases[k] = (got[k], padded)
        assert got[k].dtype == tree[k].dtype, (k, got[k].dtype)
    check(cases)


def test_migrate_over_a_mesh_axis_errors():
    """Over more rows than a capacity of 1 (every rank keeps some of its
    own) spmd's ragged_alltoall raises on every rank; a valid row sent to
    no member makes the count -1 on every rank; comm and axis_name together
    are refused."""
    tree = particle_tree(RANK)
    dest = np.array(owner(tree["pos"]))
    dest[:VALID] = RANK                   # every valid row stays
    _, error = outcome(lambda: along_axis(tree, dest, 1))
    check({}, error, f"would receive {VALID} rows, more than its capacity of 1")
    stray = dest.copy()
    if RANK == 0:
        stray[1] = SIZE
    got, count = along_axis(tree, stray, 7 * SIZE)
    check({"count": (count, np.int32(-1))})
    with pytest.raises(ValueError, match="comm or axis_name, not both"):
        mpicoll.migrate(tree, dest, VALID, 7, comm=WORLD, axis_name="x")
