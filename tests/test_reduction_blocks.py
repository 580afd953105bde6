"""Reductions by blocks: allreduce of 1-32 MiB and reduce of 1 MiB or more.

In these ranges the handler calls neither MPI_Allreduce nor MPI_Reduce (see
the comment at BLOCKS_MIN_BYTES in reductions.pxi): every rank reduces one
block of the message (a reduce-scatter), placed where it belongs in the
result, and the blocks are gathered in place, to every rank (allreduce) or
to root (reduce). These tests check the block layout where it can go wrong:
element counts that the number of ranks does not divide (the first ranks
take one more), the ranges' ends, several dtypes and ops, roots, chunk
limits that cut the message into pieces inside and outside the range, and
an input the result reuses (donated: the reduce-scatter in place, this
rank's block moved to its place; off reduce's root the result is x; the
tests check that the result really is in the input's memory). The
derivatives that run by blocks (allreduce's transposes, reduce's JVP and
twice-transposed transpose, MAX's tangent) are checked against serial JAX
on the gathered arrays. The block split depends on the number of ranks, so
the value tests run at every rank count, the derivatives at 2 and 3.

Values are small integers in every dtype, so every summation order gives
the same, exact result; results are compared bitwise with NumPy's
reduction of the gathered inputs, on every rank. Some tests use random
floats, where the summation order shows in the bits: donated or not, every
rank gets the same bits, and reduce's root gets allreduce's; by blocks the
bits are those of mpi4py's reduce-scatter and allgather of the same blocks,
and with `set_reduction_blocks(False)` those of mpi4py's own Allreduce and
Reduce (one MPI call per message).
"""

import hashlib

import numpy as np
import jax
import jax.numpy as jnp
import pytest
from mpi4py import MPI

import mpicoll
from conftest import assert_all_equal, gather_global

from mpicoll._src import _ffi

MiB = 1 << 20
RANGES = _ffi.reduction_block_ranges()
LOW, HIGH = RANGES["allreduce"]
pytestmark = pytest.mark.skipif(MPI.COMM_WORLD.Get_size() == 1,
                                reason="one rank: no MPI reduction, no blocks")
# The derivatives run the same block paths as the values, whose layout
# (uneven at 3 ranks) the value tests check at every rank count; their
# rules do not depend on the number of ranks: at 2 and 3 ranks.
derivatives_up_to_3_ranks = pytest.mark.skipif(
    MPI.COMM_WORLD.Get_size() > 3,
    reason="derivatives by blocks: checked at 2 and 3 ranks (values at every count)")
REDUCE = {"SUM": lambda xs: xs.sum(0), "MAX": lambda xs: xs.max(0),
          "PROD": lambda xs: xs.prod(0)}


def local_input(comm, shape, dtype):
    """Small integers (PROD: mostly ones and minus ones), exact in every dtype."""
    rng = np.random.default_rng(comm.rank + 7)
    return rng.integers(-4, 5, shape).astype(dtype)


def allreduce_checked(comm, xs, op, **jit_kwargs):
    f = jax.jit(lambda *vs: [mpicoll.allreduce(v, getattr(MPI, op), comm=comm) for v in vs],
                **jit_kwargs)
    expected = [REDUCE[op](gather_global(comm, x)).astype(x.dtype) for x in xs]
    checked_call(comm, f, xs, expected, "donate_argnums" in jit_kwargs)


def checked_call(comm, f, xs, expected, donated):
    """Compare f(*xs) (a list, one result per input) with `expected` on
    every rank, the verdict combined across ranks; where the inputs are
    donated, also that every result took its input's memory (else the
    donated path would not have run: XLA would have given a fresh result)."""
    ins = [jnp.asarray(x) for x in xs]
    pointers = [a.unsafe_buffer_pointer() for a in ins]
    outs = f(*ins)
    cases = {f"{x.dtype} {x.shape}": (o, e) for x, o, e in zip(xs, outs, expected)}
    if donated:
        same = np.array([o.unsafe_buffer_pointer() == p for o, p in zip(outs, pointers)])
        cases["results in the donated inputs' memory"] = (same, np.ones(len(xs), bool))
    assert_all_equal(cases, comm=comm)


def reduce_checked(comm, xs, op, root, **jit_kwargs):
    f = jax.jit(lambda *vs: [mpicoll.reduce(v, getattr(MPI, op), root, comm=comm) for v in vs],
                **jit_kwargs)
    gathered = [gather_global(comm, x) for x in xs]        # on every rank: a collective
    expected = [REDUCE[op](g).astype(x.dtype) if comm.rank == root else x
                for x, g in zip(xs, gathered)]
    checked_call(comm, f, xs, expected, "donate_argnums" in jit_kwargs)


def random_floats(comm, nbytes):
    """float64 normals: every summation order shows in the last bits."""
    return np.random.default_rng(comm.rank).normal(size=nbytes // 8)


def same_everywhere(comm, a):
    return len(set(comm.allgather(hashlib.sha256(np.asarray(a).tobytes()).hexdigest()))) == 1


def test_the_ranges_are_what_the_comments_say():
    assert RANGES == {"allreduce": (1 * MiB, 32 * MiB), "reduce": (1 * MiB, None)}


@pytest.mark.parametrize("nbytes, extra", [(LOW - 4, 0), (LOW, 0), (LOW, 3), (16 * MiB, 0),
                                           (24 * MiB, 5), (HIGH, 0), (HIGH - 4, 3)])
def test_sum_in_and_at_the_ends_of_the_range(comm, nbytes, extra):
    # `extra` elements beyond a multiple of 4 make uneven blocks at 2, 3 and 4
    # ranks; LOW - 4 B and HIGH - 4 + 12 B are just outside the range (one
    # MPI_Allreduce)
    allreduce_checked(comm, [local_input(comm, nbytes // 4 + extra, np.float32)], "SUM")


@pytest.mark.parametrize("op", ["SUM", "MAX"])
def test_dtypes_shapes_and_ops(comm, op):
    xs = [local_input(comm, (1025, 2048), np.float64),          # 16 MiB + 16 KiB, 2-D
          local_input(comm, 4 * MiB + 1, np.int32),
          local_input(comm, 10 * MiB + 3, jnp.bfloat16),        # mpicoll's own MPI op
          local_input(comm, (MiB + 2, 2), np.complex64) if op == "SUM"
          else local_input(comm, 2 * MiB + 2, np.int64)]
    allreduce_checked(comm, xs, op)


def test_prod_of_signs(comm):
    x = np.where(np.random.default_rng(comm.rank).random(5 * MiB + 1) < 0.5, -1, 1)
    allreduce_checked(comm, [x.astype(np.float32)], "PROD")


@pytest.mark.parametrize("chunk", [20 * MiB, 8 * MiB + 4])
def test_chunks_inside_and_outside_the_range(comm, chunk):
    # 40 MiB in chunks of 20 MiB (each in the range) or of ~8 MiB (each a
    # single MPI_Allreduce, the last one shorter)
    mpicoll.set_chunk_bytes(chunk)
    try:
        allreduce_checked(comm, [local_input(comm, 10 * MiB, np.float32)], "SUM")
        # reduce by blocks in every chunk (off root through the result's memory)
        reduce_checked(comm, [local_input(comm, 10 * MiB, np.float32)], "SUM", comm.size - 1)
    finally:
        mpicoll.set_chunk_bytes(None)


@pytest.mark.parametrize("elements", [5 * MiB, 5 * MiB + 3])
def test_donated_input(comm, elements):
    # the result reuses the input's memory: the reduce-scatter runs in
    # place and this rank's block moves to its place (uneven blocks: + 3)
    allreduce_checked(comm, [local_input(comm, elements, np.float32)], "SUM", donate_argnums=0)


@pytest.mark.parametrize("nbytes", [LOW, 3 * MiB + 8, HIGH])
def test_donating_does_not_change_the_bits(comm, nbytes):
    # Random floats: at 3 and more ranks the order in which MPI adds the
    # ranks' values shows in the last bits, and MPICH's allreduce and
    # reduce-scatter add in different orders. Donated or not, one path.
    x = random_floats(comm, nbytes)
    f = lambda v: mpicoll.allreduce(v, MPI.SUM, comm=comm)          # noqa: E731
    plain = np.asarray(jax.jit(f)(jnp.asarray(x)))
    # the donated call: plain's bits, in the input's memory
    checked_call(comm, jax.jit(lambda v: [f(v)], donate_argnums=0), [x], [plain],
                 donated=True)
    serial = gather_global(comm, x).sum(0)
    ok = same_everywhere(comm, plain) and np.allclose(plain, serial, rtol=1e-12, atol=1e-12)
    assert all(comm.allgather(ok)), "ranks differ, or the sum is wrong"


@pytest.mark.parametrize("root", [0, -1])
@pytest.mark.parametrize("nbytes, extra", [(LOW - 4, 0), (LOW, 3), (16 * MiB, 5), (HIGH + 4, 1)])
def test_reduce_in_and_at_the_ends_of_the_range(comm, nbytes, extra, root):
    # past HIGH reduce still runs by blocks (allreduce does not)
    reduce_checked(comm, [local_input(comm, nbytes // 4 + extra, np.float32)], "SUM",
                   root % comm.size)


@pytest.mark.parametrize("op", ["SUM", "MAX", "PROD"])
def test_reduce_dtypes_and_ops(comm, op):
    xs = [local_input(comm, (513, 1024), np.float64),            # 4 MiB + 8 KiB, 2-D
          local_input(comm, 2 * MiB + 1, np.int32),
          local_input(comm, (MiB + 2, 2), np.complex64) if op == "SUM"   # PROD: signed zeros
          else local_input(comm, MiB + 2, np.int64)]                     # depend on the order
    reduce_checked(comm, xs, op, comm.size - 1)


@pytest.mark.parametrize("root", [0, -1])
def test_reduce_donated_input(comm, root):
    # root: the reduce-scatter in place; elsewhere the result is x itself
    reduce_checked(comm, [local_input(comm, 3 * MiB + 3, np.float32)], "SUM",
                   root % comm.size, donate_argnums=0)


@pytest.mark.parametrize("nbytes", [LOW, 5 * MiB + 8])
def test_reduce_root_gets_allreduce_bits(comm, nbytes):
    x = random_floats(comm, nbytes)
    root = comm.size - 1
    f = lambda v: mpicoll.reduce(v, MPI.SUM, root, comm=comm)       # noqa: E731
    summed = np.asarray(jax.jit(lambda v: mpicoll.allreduce(v, MPI.SUM, comm=comm))(
        jnp.asarray(x)))
    reduced = np.asarray(jax.jit(f)(jnp.asarray(x)))
    # root: allreduce's bits; elsewhere x
    assert_all_equal({"reduce": (reduced, summed if comm.rank == root else x)}, comm=comm)
    # the donated call: the same bits, in the input's memory
    checked_call(comm, jax.jit(lambda v: [f(v)], donate_argnums=0), [x], [reduced],
                 donated=True)


def serial_reduce(op, root):
    """reduce written serially on the stacked inputs (n_ranks, ...): every
    rank's result, root's the reduction and the others' their input."""
    return lambda xs: xs.at[root].set(xs.sum(0) if op == "SUM" else xs.max(0))


def check_derivatives_against_serial(comm, f, serial, x, t, ct):
    """f's value, jvp and vjp at x, the transposes of its tangent map (linear:
    eager, jitted, twice) and jvp of vjp, against serial JAX on the gathered
    arrays (serial maps the stacked inputs to every rank's result); then an
    operation on the same communicator. Verdict combined across ranks."""
    xs, ts, cts = (jnp.asarray(gather_global(comm, a)) for a in (x, t, ct))
    y, tangent = jax.jvp(f, (jnp.asarray(x),), (jnp.asarray(t),))
    (pulled,) = jax.vjp(f, jnp.asarray(x))[1](jnp.asarray(ct))
    # the tangent map at x is linear: its transposes are the pullback
    tangent_map = lambda u: jax.jvp(f, (jnp.asarray(x),), (u,))[1]  # noqa: E731
    spec = jax.ShapeDtypeStruct(x.shape, x.dtype)
    (eager,) = jax.linear_transpose(tangent_map, spec)(jnp.asarray(ct))
    (jitted,) = jax.jit(jax.linear_transpose(tangent_map, spec))(jnp.asarray(ct))
    (twice,) = jax.linear_transpose(jax.linear_transpose(tangent_map, spec), spec)(
        (jnp.asarray(t),))
    pullback = lambda c: jax.vjp(f, jnp.asarray(x))[1](c)[0]       # noqa: E731
    _, jvp_of_vjp = jax.jvp(pullback, (jnp.asarray(ct),), (jnp.asarray(t),))
    after = mpicoll.allreduce(jnp.ones(3), MPI.SUM, comm=comm)
    serial_y, serial_tangent = jax.jvp(serial, (xs,), (ts,))
    (serial_pulled,) = jax.vjp(serial, xs)[1](cts)
    (serial_pulled_t,) = jax.vjp(serial, xs)[1](ts)
    # + 0.0 turns -0.0 into 0.0: the sign of a zero product depends on the
    # order of its factors; every other value is compared bitwise
    mine = lambda a: np.asarray(a[comm.rank]) + 0.0                # noqa: E731
    unsigned = lambda a: np.asarray(a) + 0.0                       # noqa: E731
    assert_all_equal({
        "value": (unsigned(y), mine(serial_y)), "jvp": (unsigned(tangent), mine(serial_tangent)),
        "vjp": (unsigned(pulled), mine(serial_pulled)),
        "linear_transpose": (unsigned(eager), mine(serial_pulled)),
        "jitted linear_transpose": (unsigned(jitted), mine(serial_pulled)),
        "transposed twice": (unsigned(twice), mine(serial_tangent)),
        "jvp of vjp": (unsigned(jvp_of_vjp), mine(serial_pulled_t)),
        "an allreduce afterwards": (after, np.full(3, float(comm.size)))}, comm=comm)


@derivatives_up_to_3_ranks
def test_transposes_run_by_blocks(comm):
    # allreduce(SUM) is its own transpose: every transformation that
    # transposes runs the block path again, on every rank; then an operation
    # on the same communicator still works. Small integers: exact sums.
    n = LOW // 8 + 3
    x, t = (local_input(comm, n, np.float64) + k for k in (0, 1))
    ct = local_input(comm, n, np.float64) + comm.rank
    serial = lambda xs: jnp.broadcast_to(xs.sum(0), xs.shape)      # noqa: E731
    check_derivatives_against_serial(
        comm, lambda v: mpicoll.allreduce(v, MPI.SUM, comm=comm), serial, x, t, ct)


@derivatives_up_to_3_ranks
@pytest.mark.parametrize("root", [0, -1])
def test_reduce_derivatives_run_by_blocks(comm, root):
    # reduce(SUM) is linear: its JVP and its transpose transposed (reduce
    # again) run by blocks, its transpose is a bcast; all are checked against
    # serial JAX on the gathered arrays. Small integers: exact in every order.
    root %= comm.size
    n = LOW // 8 + 3
    x, t, ct = (local_input(comm, n, np.float64) + k for k in (0, 1, 2))
    check_derivatives_against_serial(
        comm, lambda v: mpicoll.reduce(v, MPI.SUM, root, comm=comm),
        serial_reduce("SUM", root), x, t, ct)


@derivatives_up_to_3_ranks
def test_reduce_max_derivatives_run_by_blocks(comm):
    # MAX: the tangent of the rank holding the maximum, from allreduces by
    # blocks (MAX, then SUM of the winners' tangents and counts); random
    # floats, so no ties.
    root = comm.size - 1
    n = LOW // 8 + 5
    t, ct = (local_input(comm, n, np.float64) + k for k in (1, 2))
    check_derivatives_against_serial(
        comm, jax.jit(lambda v: mpicoll.reduce(v, MPI.MAX, root, comm=comm)),
        serial_reduce("MAX", root), random_floats(comm, 8 * n), t, ct)


@derivatives_up_to_3_ranks
def test_allreduce_prod_derivatives_run_by_blocks(comm):
    # PROD: the product of the other ranks' values times the tangent, from
    # allreduces by blocks (PROD of the nonzero values, SUM of the zeros'
    # count); small integers with zeros, so every product is exact.
    n = LOW // 8 + 3
    x, t, ct = (local_input(comm, n, np.float64) + k for k in (0, 1, 2))
    serial = lambda xs: jnp.broadcast_to(xs.prod(0), xs.shape)     # noqa: E731
    check_derivatives_against_serial(
        comm, jax.jit(lambda v: mpicoll.allreduce(v, MPI.PROD, comm=comm)), serial, x, t, ct)


# ------------------------------------------- one MPI call per message, or blocks

@pytest.fixture
def blocks_setting():
    """Set the reduction-blocks setting for a test; afterwards the default."""
    yield mpicoll.set_reduction_blocks
    mpicoll.set_reduction_blocks(None)


def mpi4py_reduction(comm, x, blocks, root=None):
    """The bits MPI gives x's SUM on this rank through mpi4py: one Allreduce
    (or Reduce to `root`), or by blocks a Reduce_scatter of one block per
    rank (the first ones one element more) and an Allgatherv of the blocks."""
    y = np.empty_like(x)
    if not blocks:
        if root is None:
            comm.Allreduce(x, y, op=MPI.SUM)
        else:
            comm.Reduce(x, y, op=MPI.SUM, root=root)
        return y if root in (None, comm.rank) else x
    base, extra = divmod(x.size, comm.size)
    counts = [base + (r < extra) for r in range(comm.size)]
    displs = np.concatenate([[0], np.cumsum(counts)[:-1]]).tolist()
    mine = np.empty(counts[comm.rank], x.dtype)
    comm.Reduce_scatter(x, mine, recvcounts=counts, op=MPI.SUM)
    y[displs[comm.rank]:displs[comm.rank] + counts[comm.rank]] = mine
    comm.Allgatherv(MPI.IN_PLACE, [y, counts, displs, MPI._typedict[x.dtype.char]])
    return y if root in (None, comm.rank) else x


@pytest.mark.parametrize("blocks", [True, False], ids=["blocks", "one call"])
@pytest.mark.parametrize("nbytes, dtype", [(LOW + 12, np.float32), (3 * MiB + 8, np.float64),
                                           (17 * MiB + 8, np.float32)])
def test_bits_are_mpis_for_the_setting(comm, blocks_setting, blocks, nbytes, dtype):
    # Random floats, where the order of the additions shows in the last bits
    # at three and more ranks: with blocks the result has the bits of MPI's
    # reduce-scatter and allgather of the same blocks, with one call those
    # of MPI's own Allreduce and Reduce; eager, jitted or donated alike.
    blocks_setting(blocks)
    x = np.random.default_rng(comm.rank).normal(size=nbytes // np.dtype(dtype).itemsize)
    x = x.astype(dtype)
    root = comm.size - 1
    expected = mpi4py_reduction(comm, x, blocks)
    on_root = mpi4py_reduction(comm, x, blocks, root)
    f = lambda v: [mpicoll.allreduce(v, MPI.SUM, comm=comm)]         # noqa: E731
    g = lambda v: [mpicoll.reduce(v, MPI.SUM, root, comm=comm)]      # noqa: E731
    checked_call(comm, jax.jit(f), [x], [expected], donated=False)
    checked_call(comm, f, [x], [expected], donated=False)
    checked_call(comm, jax.jit(f, donate_argnums=0), [x], [expected], donated=True)
    checked_call(comm, jax.jit(g), [x], [on_root], donated=False)
    checked_call(comm, jax.jit(g, donate_argnums=0), [x], [on_root], donated=True)


@derivatives_up_to_3_ranks
@pytest.mark.parametrize("blocks", [True, False], ids=["blocks", "one call"])
def test_derivative_collectives_follow_the_setting(comm, blocks_setting, blocks):
    # The collectives a derivative runs take the setting too: with random
    # floats every one of them has the bits of mpi4py's calls for the
    # setting (at three and more ranks the two settings' bits differ).
    # allreduce(SUM)'s tangent and transposes are allreduces; reduce(SUM)'s
    # tangent is a reduce, its transpose a bcast, whose transpose (reduce's
    # transposed twice) a reduce again.
    blocks_setting(blocks)
    root = comm.size - 1
    n = LOW // 4 + 3
    rng = np.random.default_rng(comm.rank + 100)
    x, t, ct = (rng.normal(size=n).astype(np.float32) for _ in range(3))
    spec = jax.ShapeDtypeStruct(x.shape, x.dtype)
    summed = {a: mpi4py_reduction(comm, v, blocks) for a, v in (("t", t), ("ct", ct))}
    on_root = mpi4py_reduction(comm, t, blocks, root)
    cases = {}
    for name, f in (("allreduce", lambda v: mpicoll.allreduce(v, MPI.SUM, comm=comm)),
                    ("reduce", lambda v: mpicoll.reduce(v, MPI.SUM, root, comm=comm))):
        _, tangent = jax.jvp(f, (jnp.asarray(x),), (jnp.asarray(t),))
        (twice,) = jax.linear_transpose(jax.linear_transpose(f, spec), spec)((jnp.asarray(t),))
        expected = summed["t"] if name == "allreduce" else on_root
        cases[f"{name} jvp"] = (tangent, expected)
        cases[f"{name} transposed twice"] = (twice, expected)
    f = lambda v: mpicoll.allreduce(v, MPI.SUM, comm=comm)          # noqa: E731
    (eager,) = jax.linear_transpose(f, spec)(jnp.asarray(ct))
    (jitted,) = jax.jit(jax.linear_transpose(f, spec))(jnp.asarray(ct))
    pullback = lambda c: jax.vjp(f, jnp.asarray(x))[1](c)[0]       # noqa: E731
    _, jvp_of_vjp = jax.jvp(pullback, (jnp.asarray(ct),), (jnp.asarray(t),))
    cases.update({"allreduce linear_transpose": (eager, summed["ct"]),
                  "allreduce jitted linear_transpose": (jitted, summed["ct"]),
                  "allreduce jvp of vjp": (jvp_of_vjp, summed["t"]),
                  "an allreduce afterwards": (mpicoll.allreduce(jnp.ones(3), MPI.SUM, comm=comm),
                                              np.full(3, float(comm.size)))})
    assert_all_equal(cases, comm=comm)


@derivatives_up_to_3_ranks
@pytest.mark.parametrize("op", ["reduce SUM", "allreduce PROD"])
def test_derivatives_with_one_call_per_message(comm, blocks_setting, op):
    # With every message one MPI call: reduce's JVP and transposes (a bcast,
    # whose transpose is a reduce again), and allreduce(PROD)'s tangent (its
    # own allreduces of PROD and SUM); small integers with zeros: exact.
    blocks_setting(False)
    root = comm.size - 1
    n = LOW // 8 + 3
    x, t, ct = (local_input(comm, n, np.float64) + k for k in (0, 1, 2))
    if op == "reduce SUM":
        f = lambda v: mpicoll.reduce(v, MPI.SUM, root, comm=comm)    # noqa: E731
        serial = serial_reduce("SUM", root)
    else:
        f = lambda v: mpicoll.allreduce(v, MPI.PROD, comm=comm)      # noqa: E731
        serial = lambda xs: jnp.broadcast_to(xs.prod(0), xs.shape)  # noqa: E731
    check_derivatives_against_serial(comm, jax.jit(f), serial, x, t, ct)
