"""`mpicoll.spmd` gives what `jax.shard_map` gives, block by block.

The reference is JAX itself: tests/spmd_programs.py runs each program under
`jax.shard_map` on as many local CPU devices as there are ranks, in a
separate process that rank 0 starts. Every rank then runs the same program
with `mpicoll.spmd` on its own blocks and compares its block of the results,
of the gradient of a weighted sum of them and of a JVP. Tolerance 1e-10 in
float64: the sums run in another order over MPI than in XLA.
"""

import os
import re
import subprocess
import sys
import tempfile

import numpy as np
import jax
import jax.numpy as jnp
import pytest
from jax import lax
from jax.sharding import PartitionSpec as P
from mpi4py import MPI

import mpicoll
from conftest import wait_quietly
from spmd_programs import (PROGRAMS, array_specs, as_tuple, axes_of, global_inputs,
                           jax_flags, ragged_program, ragged_reference, weights_for)

WORLD = MPI.COMM_WORLD
RANK, SIZE = WORLD.rank, WORLD.size
TOL = 1e-10
pytestmark = pytest.mark.timeout(600)


@pytest.fixture(scope="module")
def reference():
    path, error = None, None
    if RANK == 0:
        path = os.path.join(tempfile.mkdtemp(), "reference.npz")
        env = dict(os.environ, JAX_PLATFORMS="cpu")
        script = os.path.join(os.path.dirname(__file__), "spmd_programs.py")
        run = subprocess.run([sys.executable, script, str(SIZE), path], env=env,
                             capture_output=True, text=True, timeout=500)
        error = run.stderr[-4000:] if run.returncode else None
    wait_quietly(WORLD)      # no busy-polling while rank 0's reference runs
    path, error = WORLD.bcast((path, error))
    assert error is None, f"the shard_map reference failed:\n{error}"
    return dict(np.load(path))


def block(array, spec, mesh):
    """This rank's block of a global array laid out by `spec` on `mesh`."""
    index = []
    for dim, entry in enumerate(tuple(spec) if spec is not None else ()):
        axes = axes_of(entry)
        n = mesh.group_size(axes) if axes else 1
        k = mesh.axis_index(axes) if axes else 0
        rows = np.shape(array)[dim] // n
        index.append(slice(k * rows, (k + 1) * rows))
    return np.asarray(array)[tuple(index)]


def compare(failures, what, got, want):
    got, want = np.asarray(got), np.asarray(want)
    close = (np.allclose(got, want, rtol=TOL, atol=TOL) if np.issubdtype(want.dtype, np.inexact)
             else np.array_equal(got, want))
    if got.shape != want.shape or got.dtype != want.dtype or not close:
        failures.append(f"{what}: got {got.dtype}\n{got}\nwant {want.dtype}\n{want}")


def expect_raises(failures, what, exception, fn, match=""):
    """Record a failure unless `fn()` raises `exception` with a message
    matching `match`; recorded, not raised, so that every rank goes on to
    the collectives after it."""
    try:
        fn()
    except exception as exc:
        if not re.search(match, str(exc)):
            failures.append(f"{what}: {exc!r} does not match {match!r}")
        return
    failures.append(f"{what}: nothing raised")


def assert_no_rank_failed(failures):
    """The verdict of every rank's `failures`, on every rank."""
    every = WORLD.allgather(failures)
    assert not any(every), "\n".join(f"rank {r}: {f}" for r, fs in enumerate(every)
                                      for f in fs)


# The programs that check how spmd handles a JAX feature (custom rules,
# static arguments, eager control flow, check_vma off, rematerialization
# policies) rather than what collectives compute over a mesh: their
# handling does not depend on the number of ranks (at 1 and 2 ranks).
FEATURE_PROGRAMS = {"custom_rules", "custom_vjp_rules", "static_args", "eager_control",
                    "unchecked", "remat_policies", "remat3_policies"}


@pytest.mark.parametrize("name", PROGRAMS)
def test_spmd_matches_shard_map(name, reference):
    """Every program's blocks: called eagerly (each operation at once, as
    shard_map runs outside jit) and traced (under jax.vjp), their
    gradients and JVPs; static arguments passed as they are."""
    if name in FEATURE_PROGRAMS and SIZE > 2:
        pytest.skip("how spmd handles a JAX feature: checked at 1 and 2 ranks")
    prog = PROGRAMS[name]
    with jax_flags(prog.flags):
        failures = _check_program(name, prog, reference)
    assert not failures, "\n".join(failures)


def _check_program(name, prog, reference):
    mesh = mpicoll.ProcessMesh(*prog.mesh(SIZE))
    spmd_g = mpicoll.spmd(prog.f, mesh, prog.in_specs, prog.out_specs,
                          check_vma=prog.check_vma)
    g = lambda *a: spmd_g(*prog.statics, *a)          # noqa: E731
    args, tangents = global_inputs(name, SIZE)
    in_specs = array_specs(prog, len(args))
    local = [jnp.asarray(block(a, s, mesh)) for a, s in zip(args, in_specs)]
    local_t = [jnp.asarray(block(t, s, mesh)) for t, s in zip(tangents, in_specs)]
    ref = lambda kind, k: reference[f"{name}/{kind}/{k}"]     # noqa: E731
    failures = []
    eager = g(*local)
    results = {"eager": jax.tree.leaves(eager)}
    if not prog.eager_only:
        traced, pullback = jax.vjp(g, *local)
        results["traced"] = jax.tree.leaves(traced)
    out_specs = as_tuple(prog.out_specs, len(results["eager"]))
    for how, outs in results.items():
        for k, (y, s) in enumerate(zip(outs, out_specs)):
            compare(failures, f"result {k} ({how})", y, block(ref("out", k), s, mesh))
    if prog.differentiable:
        weights = weights_for([ref("out", k) for k in range(len(out_specs))], 1)
        weights = [jnp.asarray(block(w, s, mesh)) for w, s in zip(weights, out_specs)]
        # the gradient of the weighted sum of the results
        grads = pullback(jax.tree.unflatten(jax.tree.structure(traced), weights))
        for k, (gk, s) in enumerate(zip(grads, in_specs)):
            compare(failures, f"gradient {k}", gk, block(ref("grad", k), s, mesh))
    if prog.differentiable and prog.forward_mode:
        jvps = jax.tree.leaves(jax.jvp(g, tuple(local), tuple(local_t))[1])
        for k, (t, s) in enumerate(zip(jvps, out_specs)):
            compare(failures, f"jvp {k}", t, block(ref("jvp", k), s, mesh))
    return failures


def test_vmap_and_jit_of_spmd():
    """vmap of the translated function equals a loop over the batch, and
    calling it inside jit gives the same values."""
    mesh = mpicoll.ProcessMesh((SIZE,), ("i",))
    g = mpicoll.spmd(lambda a: (lax.psum(a, "i"), lax.all_gather(a, "i")), mesh, P("i"),
                     (P(), P("i")))
    batch = jnp.arange(12.0).reshape(4, 3) * (RANK + 1)
    batched = jax.vmap(g)(batch)
    looped = [g(row) for row in batch]
    jitted = jax.jit(g)(batch[0])
    for k in range(2):
        np.testing.assert_allclose(batched[k], np.stack([r[k] for r in looped]))
        np.testing.assert_allclose(jitted[k], looped[0][k])
    np.testing.assert_allclose(looped[1][0], sum(np.arange(3.0, 6.0) * (r + 1)
                                                 for r in range(SIZE)))


@pytest.mark.parametrize("jit", [False, True], ids=["eager", "jit"])
def test_prng_keys_move_through_collectives(jit):
    """Typed PRNG keys (`jax.random.key`) go through ppermute, all_gather
    and all_to_all as through jax.shard_map (they were refused: MPI has no
    key dtype): each rank gets the keys that the serial program's
    permutation, gather and transpose of the global key array put there."""
    mesh = mpicoll.ProcessMesh((SIZE,), ("i",))
    keys = jax.random.split(jax.random.key(7), SIZE * SIZE).reshape(SIZE, SIZE)
    data = np.asarray(jax.random.key_data(keys))       # [rank, j, 2]

    def f(k):                                           # k: this rank's row, [1, SIZE]
        shifted = lax.ppermute(k, "i", [(j, (j + 1) % SIZE) for j in range(SIZE)])
        gathered = lax.all_gather(k, "i", tiled=True)
        swapped = lax.all_to_all(k, "i", 1, 0, tiled=True)
        return shifted, gathered, swapped
    g = mpicoll.spmd(f, mesh, P("i"), (P("i"), P("i"), P(None, "i")))
    outs = (jax.jit(g) if jit else g)(keys[RANK:RANK + 1])
    want = {"ppermute": data[(RANK - 1) % SIZE][None], "all_gather": data,
            "all_to_all": data[:, RANK:RANK + 1]}
    failures = [f"{name}: {out.dtype}" for name, out in zip(want, outs)
                if not jnp.issubdtype(out.dtype, jax.dtypes.prng_key)]
    failures += [name for (name, w), out in zip(want.items(), outs)
                 if not np.array_equal(jax.random.key_data(out), w)]
    assert_no_rank_failed(failures)


@pytest.mark.parametrize("axis_type", ["Explicit", "Auto"])
def test_spmd_inside_a_users_set_mesh(axis_type):
    """Inside a user's `jax.set_mesh` (a mesh of this process's device),
    spmd runs eagerly and under jit (JAX refused its shard_map over the
    process mesh: the context mesh must match it); the context mesh is
    the user's again afterwards."""
    mesh = mpicoll.ProcessMesh((SIZE,), ("i",))
    g = mpicoll.spmd(lambda v: lax.psum(v, "i") * lax.axis_index("i"), mesh, P("i"), P("i"))
    users = jax.make_mesh((1,), ("data",),
                          axis_types=(getattr(jax.sharding.AxisType, axis_type),))
    want = np.full(2, SIZE * (SIZE + 1) / 2 * RANK)
    failures = []
    with jax.set_mesh(users):
        x = jnp.full(2, RANK + 1.0)
        for what, y in (("eager", g(x)), ("jit", jax.jit(g)(x))):
            compare(failures, what, y, want)
        if jax.sharding.get_abstract_mesh().axis_names != ("data",):
            failures.append(f"context mesh afterwards: {jax.sharding.get_abstract_mesh()}")
    assert_no_rank_failed(failures)


def test_untranslated_collective_raises():
    mesh = mpicoll.ProcessMesh((SIZE,), ("i",))

    def solve(b):          # a distributed operator inside lax.custom_linear_solve
        return lax.custom_linear_solve(lambda v: 2 * v + lax.psum(v, "i"), b,
                                       lambda matvec, b: b / (2 + SIZE))
    with pytest.raises(NotImplementedError, match="custom_linear_solve.*contains a collective"):
        mpicoll.spmd(solve, mesh, P("i"), P("i"))(jnp.ones(2))
    # the communicator still works
    assert float(mpicoll.allreduce(jnp.float64(1), MPI.SUM)) == SIZE


@pytest.mark.parametrize("collective", ["psum", "ppermute", "all_gather", "axis_index"])
def test_unknown_axis_name_raises_on_every_rank(collective):
    """An axis name the mesh lacks is a ValueError naming it and the mesh's
    names (JAX's own trace of some collectives fails with a bare
    AssertionError), before any MPI call; the communicator still works."""
    mesh = mpicoll.ProcessMesh((SIZE,), ("i",))
    uses = {"psum": lambda u: lax.psum(u, "nope"),
            "ppermute": lambda u: lax.ppermute(u, "nope", [(0, 0)]),
            "all_gather": lambda u: lax.all_gather(u, "nope"),
            "axis_index": lambda u: u + lax.axis_index("nope")}
    with pytest.raises(ValueError, match=r"axis name 'nope' is not one of the mesh's "
                                         r"axis names \('i',\)"):
        mpicoll.spmd(uses[collective], mesh, P("i"), P("i"))(jnp.ones(2))
    assert float(mpicoll.allreduce(jnp.float64(1), MPI.SUM)) == SIZE


def test_specs_must_name_mesh_axes_once():
    """A spec naming an axis the mesh lacks, or one axis twice, is a
    ValueError naming the spec and the axis, for eager and traced calls
    alike (as `jax.shard_map` refuses both), on every rank; the
    communicator still works."""
    mesh = mpicoll.ProcessMesh((SIZE,), ("i",))
    x = jnp.ones((2, 2))
    failures = []
    cases = {"in_specs names 'z'": ((P("z"), P("i")), r"in_specs entry .*'z'.*not one of the "
                                                      r"mesh's axis names \('i',\)"),
             "out_specs names 'z'": ((P("i"), P("z")), r"out_specs entry .*'z'"),
             "in_specs names 'i' twice": ((P("i", "i"), P("i")),
                                          r"in_specs entry .*'i' more than once"),
             "out_specs names 'i' twice": ((P("i"), (P(("i", "i")),)),
                                           r"out_specs entry .*'i' more than once")}
    for what, ((ins, outs), match) in cases.items():
        for how in ("eager", "jit"):
            def call(ins=ins, outs=outs, how=how):
                g = mpicoll.spmd(lambda a: a, mesh, ins, outs)
                return (jax.jit(g) if how == "jit" else g)(x)
            expect_raises(failures, f"{what} ({how})", ValueError, call, match)
    compare(failures, "allreduce afterwards", mpicoll.allreduce(jnp.float64(1), MPI.SUM),
            np.float64(SIZE))
    assert_no_rank_failed(failures)


def test_mesh_checks_its_shape():
    with pytest.raises(ValueError, match="product is the communicator's size"):
        mpicoll.ProcessMesh((SIZE + 1,), ("i",))
    with pytest.raises(ValueError, match="distinct"):
        mpicoll.ProcessMesh((SIZE, 1), ("i", "i"))


def test_pbroadcast():
    """lax.pbroadcast (no XLA:CPU lowering to compare with): every member
    gets the source's block; the source's gradient sums every member's."""
    mesh = mpicoll.ProcessMesh((SIZE,), ("i",))
    g = mpicoll.spmd(lambda a: lax.pbroadcast(a, "i", SIZE - 1), mesh, P("i"), P("i"))
    a = jnp.arange(3.0) + 10 * RANK
    got = g(a)
    grad = jax.grad(lambda a: jnp.sum(g(a) * (RANK + 1)))(a)
    np.testing.assert_array_equal(got, np.arange(3.0) + 10 * (SIZE - 1))
    want = np.full(3, sum(range(1, SIZE + 1)) if RANK == SIZE - 1 else 0.0)
    np.testing.assert_allclose(grad, want)


def test_ragged_all_to_all():
    """Values against the serial exchange; the gradient is the serial one
    (the exchange is linear: each output row is one operand row or zero)."""
    mesh = mpicoll.ProcessMesh((SIZE,), ("i",))
    g = mpicoll.spmd(ragged_program("i", SIZE), mesh, P("i"), P("i"))
    blocks = [np.arange(4.0 * SIZE).reshape(2 * SIZE, 2) + 100 * r for r in range(SIZE)]
    weights = [np.cos(np.arange(4.0 * SIZE)).reshape(2 * SIZE, 2) + r for r in range(SIZE)]
    got = g(jnp.asarray(blocks[RANK]))
    grad = jax.grad(lambda a: jnp.sum(g(a) * weights[RANK]))(jnp.asarray(blocks[RANK]))
    serial_grad = jax.grad(lambda bs: sum(jnp.sum(o * w) for o, w in zip(
        ragged_reference(list(bs)), weights)))(jnp.asarray(np.stack(blocks)))[RANK]
    np.testing.assert_array_equal(got, ragged_reference(blocks)[RANK])
    np.testing.assert_allclose(grad, serial_grad, rtol=TOL, atol=TOL)


def linear_program(a, w):
    """Linear in (a, w): a split over "i", w and the second result replicated."""
    ring = [(j, (j + 1) % lax.axis_size("i")) for j in range(lax.axis_size("i"))]
    moved = lax.ppermute(a, "i", ring) + lax.psum_scatter(
        lax.all_gather(a, "i", tiled=True), "i", tiled=True)
    return moved, lax.psum(jnp.sum(a), "i") + 2 * w


def test_every_transformation_that_transposes():
    """linear_transpose (eager and jitted) equals vjp, transposing twice
    gives the function back, jvp of the vjp is the vjp, and the global dot
    product <g(x), y> = <x, g^T(y)> holds, replicated values counted once;
    then an operation on the same communicator still works."""
    mesh = mpicoll.ProcessMesh((SIZE,), ("i",))
    g = mpicoll.spmd(linear_program, mesh, (P("i"), P()), (P("i"), P()))
    a, w = jnp.arange(3.0) + 10 * RANK, jnp.float64(0.5)         # w: the same on every rank
    ct = (jnp.cos(jnp.arange(3.0) + RANK), jnp.float64(1.5))      # replicated part: the same
    ct2 = (jnp.sin(jnp.arange(3.0) * (RANK + 1)), jnp.float64(-0.25))
    y, pullback = jax.vjp(g, a, w)
    by_vjp = pullback(ct)
    transpose = jax.linear_transpose(g, a, w)
    eager = transpose(ct)
    jitted = jax.jit(transpose)(ct)
    twice = jax.linear_transpose(transpose, ct)((a, w))[0]
    jvp_of_vjp = jax.jvp(pullback, (ct,), (ct2,))[1]
    for got in (eager, jitted):
        for k in range(2):
            np.testing.assert_allclose(got[k], by_vjp[k], rtol=TOL, atol=TOL)
    for k in range(2):
        np.testing.assert_allclose(twice[k], y[k], rtol=TOL, atol=TOL)
        np.testing.assert_allclose(jvp_of_vjp[k], pullback(ct2)[k], rtol=TOL, atol=TOL)
    # global inner products: split parts summed over ranks, replicated parts once
    left = WORLD.allreduce(float(jnp.vdot(y[0], ct[0]))) + float(y[1] * ct[1])
    right = WORLD.allreduce(float(jnp.vdot(a, by_vjp[0]))) + float(w * by_vjp[1])
    assert abs(left - right) <= 1e-9 * max(1.0, abs(left)), (left, right)
    assert float(mpicoll.allreduce(jnp.float64(1), MPI.SUM)) == SIZE


def test_static_arguments_and_the_jit_cache():
    """An argument whose spec is None reaches f as it is (not traced). A
    hashable one is part of the jit cache key (with its type); an
    unhashable one (a NumPy array) traces and compiles the call anew, as
    jax.shard_map accepts it. Counted by the traces of f under jax.grad,
    where the traced path runs."""
    mesh = mpicoll.ProcessMesh((SIZE,), ("i",))
    traces, failures = [], []

    def f(k, x):
        traces.append(type(k))
        if isinstance(k, jax.core.Tracer):
            failures.append(f"the static argument reached f traced: {k}")
        scale = k.sum() if isinstance(k, np.ndarray) else k
        return lax.psum(x * scale, "i") + (0.5 if isinstance(k, float) else 0.0)
    g = mpicoll.spmd(f, mesh, (None, P("i")), P())
    x = jnp.arange(3.0) + RANK
    # the replicated result counts once: the gradient of its sum is k
    grad = lambda k: jax.grad(lambda x: jnp.sum(g(k, x)))(x)       # noqa: E731
    for k in (2, 3, 2, 2.0, 2):
        compare(failures, f"gradient, k = {k!r}", grad(k), np.full(3, float(k)))
    if traces != [int, int, float]:                  # 2, 3 and 2.0 once each
        failures.append(f"traces of f with hashable statics: {traces}")
    for k in (np.array([1.0, 1.0]), np.array([1.0, 2.0])):
        compare(failures, f"gradient, k = {k!r}", grad(k), np.full(3, k.sum()))
        compare(failures, f"value, k = {k!r}", g(k, x),
                sum(np.arange(3.0) + r for r in range(SIZE)) * k.sum())
    # every call ran f: two traced (no cache entry) and two eager ones
    if traces[3:] != [np.ndarray] * 4:
        failures.append(f"traces of f with unhashable statics: {traces}")
    expect_raises(failures, "in_specs None", TypeError, lambda: mpicoll.spmd(f, mesh, None, P()),
                  "in_specs must be a PartitionSpec")
    assert_no_rank_failed(failures)


def test_eager_call_tests_values_of_its_own_rank():
    """Called outside jit, f runs at once: Python control flow may test any
    value, this rank's own (jax.shard_map allows invariant ones only).
    Here the ranks take different branches that make the same collective
    calls. Under jit the same function fails as under shard_map."""
    mesh = mpicoll.ProcessMesh((SIZE,), ("i",))

    def f(x):
        if x.sum() > 0:              # rank-dependent
            y = lax.psum(x, "i") * 2
        else:
            y = lax.psum(-x, "i")
        assert isinstance(float(y[0]), float) and np.asarray(y).shape == (3,)
        return y + lax.axis_index("i")
    g = mpicoll.spmd(f, mesh, P("i"), P("i"))
    positive = RANK % 2 == 0
    x = jnp.ones(3) if positive else -jnp.ones(3)
    want = (2 if positive else 1) * SIZE + RANK        # every rank adds its 1s
    np.testing.assert_allclose(g(x), np.full(3, float(want)))
    with pytest.raises(jax.errors.ConcretizationTypeError):
        jax.jit(g)(x)


def test_eager_replication_check():
    """check_vma=True checks that a result out_specs replicates does not
    vary over those axes on an eager call too, as on a traced one; with
    check_vma=False it is not checked. No rank raises alone."""
    mesh = mpicoll.ProcessMesh((SIZE,), ("i",))
    x = jnp.arange(2.0) + RANK
    failures = []
    expect_raises(failures, "eager", ValueError,
                  lambda: mpicoll.spmd(lambda a: 2 * a, mesh, P("i"), P())(x),
                  r"out_specs P\(\) says result 0 is replicated over mesh axes \['i'\]")
    expect_raises(failures, "jitted", ValueError,
                  lambda: jax.jit(mpicoll.spmd(lambda a: 2 * a, mesh, P("i"), P()))(x))
    unchecked = mpicoll.spmd(lambda a: lax.pmax(a, "i"), mesh, P("i"), P(), check_vma=False)
    compare(failures, "check_vma=False", unchecked(x), np.arange(2.0) + SIZE - 1)
    assert_no_rank_failed(failures)


@pytest.mark.timeout(120)
def test_eager_ranks_that_diverge_raise_in_debug_mode(debug_mode):
    """Python control flow that sends ranks to different collectives is the
    program's error; debug mode (MPICOLL_DEBUG=1) raises it on every rank,
    naming what each called, instead of hanging. The mesh still works."""
    if SIZE == 1:
        pytest.skip("needs ranks that disagree")
    mesh = mpicoll.ProcessMesh((SIZE,), ("i",))

    def f(x):
        return lax.psum(x, "i") if x[0] > 0 else lax.all_gather(x, "i", tiled=True)[:2]
    g = mpicoll.spmd(f, mesh, P("i"), P("i"))
    with pytest.raises(Exception, match="made different calls"):
        jax.block_until_ready(g(jnp.ones(2) * (1 if RANK == 0 else -1)))
    np.testing.assert_allclose(g(jnp.ones(2)), np.full(2, float(SIZE)))


def _checkpoints(jaxpr):
    """(policy, prevent_cse) of every checkpoint in a jaxpr, nested ones too
    (remat2's checkpoint equations and jax_remat3's RematTraced calls)."""
    from jax._src import core
    found = []
    for eqn in jaxpr.eqns:
        hi = eqn.params.get("_prim")
        params = hi.params if type(hi).__name__ == "RematTraced" else eqn.params
        if eqn.primitive.name in ("checkpoint", "remat2") or params is not eqn.params:
            found.append((params["policy"], params.get("prevent_cse")))
        for sub in [*core.jaxprs_in_params(eqn.params),
                    *core.jaxprs_in_params(getattr(hi, "params", {}))]:
            found += _checkpoints(getattr(sub, "jaxpr", sub))
    return found


@pytest.mark.parametrize("remat3", [False, True])
def test_checkpoint_keeps_its_policy(remat3):
    """The translated body is checkpointed again with the policy and
    prevent_cse it had (with jax_remat3, as a RematTraced operation), so
    what the gradient saves and recomputes follows the policy; values and
    gradients against shard_map: the remat programs above."""
    from spmd_programs import POLICIES, remat_layer
    mesh = mpicoll.ProcessMesh((SIZE,), ("i",))
    names = POLICIES["save_only_these_names"]
    dots = POLICIES["dots_saveable"]

    def f(a):
        a = jax.checkpoint(remat_layer, policy=names)(a)
        return jax.checkpoint(remat_layer, policy=dots, prevent_cse=False)(a)
    g = mpicoll.spmd(f, mesh, P("i"), P("i"))
    with jax_flags({"jax_remat3": remat3}):
        traced = jax.make_jaxpr(g)(jnp.ones(3))
        grad = jax.grad(lambda a: jnp.sum(g(a)))(jnp.ones(3))
    found = _checkpoints(traced.jaxpr)
    assert [policy for policy, _ in found] == [names, dots], found
    prevent_cse = [cse for _, cse in found]
    # jax 0.10's RematTraced keeps no prevent_cse
    assert prevent_cse == [True, False] or (remat3 and prevent_cse == [None, None]), found
    assert np.all(np.isfinite(grad))
