"""The checks of tests/test_spmd_devices.py: `mpicoll.spmd` over a mesh of
P processes x D local CPU devices against `jax.shard_map` over P x D
devices in one process.

    python spmd_devices_job.py reference P D out.npz [some-derivatives]
        (one process, XLA told P x D devices) writes every program's global
        results and the gradient of a weighted sum of them, by
        `jax.shard_map` on the global arrays (and the programs' names to
        out.npz.json);
    mpiexec -n P python spmd_devices_job.py spmd P D reference.npz [some-derivatives]
        (XLA told D devices) runs the same programs with `mpicoll.spmd`,
        each rank on the blocks of its D devices (global device
        g = rank * D + d), and compares its blocks with the reference's.
        Each rank writes {check: None or what went wrong} to
        $SPMD_DEVICES_RESULTS/<rank>.json.

The meshes put axes across processes, within a process, and split over
both (`MESHES`); every collective runs over each axis and each tuple of
axes, in both orders.
"""

import json
import os
import sys

import numpy as np
import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import PartitionSpec as P

from spmd_programs import ragged_program, ragged_reference

jax.config.update("jax_enable_x64", True)

MODE, NP, D = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
# "some-derivatives": the gradient over the split axis only (the other
# gradient programs run at the layout that is told all)
ALL_DERIVATIVES = "some-derivatives" not in sys.argv[5:]
G = NP * D
TOL = 1e-10


def meshes():
    """name -> (axis sizes, axis names, the axis groups to run collectives over)."""
    out = {"line": ((G,), ("i",), [("i",)])}
    pairs = [("x",), ("y",), ("x", "y"), ("y", "x")]
    out["grid"] = ((NP, D), ("x", "y"), pairs)
    if D % 2 == 0 and D > 2:       # both axes within a process, or x split
        out["square"] = ((G // 2, 2), ("x", "y"), pairs)
    return out


MESHES = meshes()


def values(shape, seed):
    n = int(np.prod(shape))
    return np.cos(np.arange(n) * 0.37 + 1.3 * seed).reshape(shape)


# JAX has no CPU lowering of pbroadcast: the reference takes member `source`'s
# block from an all_gather instead
PBROADCAST = lax.pbroadcast if MODE == "spmd" else (lambda x, a, source: lax.all_gather(
    x, a)[source])


def collectives(group, n, mesh_order, differentiable_only=False):
    """The collectives over `group` (a tuple of n members' axes) of a block
    of shape (2G, G); every result a block varying over every axis.
    (ppermute only over axes in mesh order: JAX refuses others.)"""
    a = group if len(group) > 1 else group[0]

    def f(x):
        outs = [lax.psum(x, a), lax.pmean(x, a), x * lax.axis_index(a),
                lax.all_gather(x, a, axis=0, tiled=True),
                lax.all_gather(x, a, axis=1, tiled=False),
                lax.psum_scatter(x, a, scatter_dimension=0, tiled=True),
                lax.psum_scatter(x.reshape((n, -1)), a, scatter_dimension=0, tiled=False),
                lax.all_to_all(x, a, 0, 1, tiled=True),
                lax.all_to_all(x, a, 1, 0, tiled=True)]
        if mesh_order:
            outs += [lax.ppermute(x, a, [(j, (j + 1) % n) for j in range(n)]),
                     # a partial permutation: the others get zeros
                     lax.ppermute(x, a, [(j, n - 1 - j) for j in range(n // 2)])]
        if not differentiable_only:
            outs += [lax.pmax(x, a), lax.pmin(x, a), PBROADCAST(x, a, n - 1),
                     jnp.broadcast_to(lax.axis_index(a), (1,))]
        return tuple(outs)
    return f


def programs():
    """name -> (mesh name, f, in_specs, out_specs, global inputs)."""
    progs = {}
    for mname, (sizes, names, groups) in MESHES.items():
        every = P(names if len(names) > 1 else names[0])
        x = values((2 * G * G, G), 1)
        def of(group, *flags):
            n = int(np.prod([sizes[names.index(a)] for a in group]))
            return collectives(group, n, list(group) == [a for a in names if a in group],
                               *flags)
        for group in groups:
            progs[f"collectives/{mname}/{','.join(group)}"] = (
                mname, of(group), (every,), every, (x,))
        # for the gradient: each axis group once, a replicated argument
        # (its gradient summed over every device) and a replicated result
        fs = [of(g, True) for g in groups]
        count = sum(9 + 2 * (list(g) == [a for a in names if a in g]) for g in groups)

        def mixed(x, w, fs=fs, names=names):
            outs = [y * w[0] for f in fs for y in f(x)]
            total = lax.psum(jnp.sum(x * w[1]), names)
            return outs, total * w
        if ALL_DERIVATIVES or mname == "line":
            progs[f"grad/{mname}"] = (mname, mixed, (every, P()), ([every] * count, P()),
                                      (x, values((G,), 2) + 2.0))
            # a linear program over the split axis (or the whole line): its
            # transposes (the reference's gradient of the weighted sum)
            group = groups[-1] if mname == "line" else ("x", "y")
            progs[f"transpose/{mname}"] = (mname, of(group, True), (every,), every, (x,))
    # collectives inside scan, checkpoint, cond and an inner jit, over a
    # split axis (and a process axis and a device axis), differentiated
    for mname, group in (("line", "i"), ("grid", ("x", "y")))[:2 if ALL_DERIVATIVES else 0]:
        sizes, names, _ = MESHES[mname]
        every = P(names if len(names) > 1 else names[0])
        n = G

        def control(x, group=group, n=n):
            def body(c, _):
                c = lax.psum(c, group) * 0.1 + lax.ppermute(
                    c, group, [(j, (j + 1) % n) for j in range(n)])
                return c, lax.all_gather(c, group, tiled=True)[:c.shape[0]]
            c, ys = lax.scan(body, x, None, length=2)
            c = jax.checkpoint(lambda v: lax.psum(jnp.sin(v), group) + v)(c)
            c = lax.cond(lax.psum(jnp.sum(c), group) > -1e9,
                         lambda v: lax.psum_scatter(v, group, tiled=True).repeat(n, 0) + v,
                         lambda v: v, c)
            c = jax.jit(lambda v: lax.all_to_all(v, group, 0, 1, tiled=True))(c)
            return c, ys.sum(0)
        progs[f"grad/control-{mname}"] = (mname, control, (every,), (every, every),
                                          (values((2 * G * G, G), 5),))
    # jax.numpy operations whose equations carry types made for the traced
    # body's mesh (argsort's iota has its sharding; searchsorted and einsum
    # are "hi" primitives that hold their result's type), next to collectives
    def numpy_ops(x):
        order = jnp.argsort(x[:, 0])
        where = jnp.searchsorted(jnp.sort(x[:, 1]), x[:, 0])
        return (lax.psum(x[order], "i"), where[:, None] * (lax.axis_index("i") + 1),
                jnp.einsum("ij,kj->ik", x, lax.all_gather(x, "i", tiled=True)))
    progs["grad/numpy-line"] = ("line", numpy_ops, (P("i"),), (P("i"),) * 3,
                                (values((2 * G * G, G), 7),))
    # custom_jvp (jax.nn.relu, softmax) and custom_vjp functions in the body,
    # differentiated: their rules are traced inside the shard_map over the
    # process's devices
    @jax.custom_vjp
    def cube(v):
        return v ** 3
    cube.defvjp(lambda v: (v ** 3, v), lambda v, ct: (3 * v * v * ct,))

    def custom_rules(x):
        y = jax.nn.relu(x - 0.3) + cube(x) * jax.nn.softmax(x, axis=-1)
        return lax.psum(y, "i"), cube(lax.all_gather(y, "i", tiled=True))
    progs["grad/custom-rules-line"] = ("line", custom_rules, (P("i"),), (P("i"),) * 2,
                                       (values((2 * G, G), 9),))
    # booleans: MPI has no MAX or MIN of them (LOR, LAND), and a ppermute
    # between processes receives bools
    progs["booleans/line"] = ("line", lambda x: (
        lax.pmax(x > 0, "i"), lax.pmin(x > 0, "i"),
        lax.ppermute(x > 0, "i", [(j, (j + 1) % G) for j in range(G)])),
        (P("i"),), (P("i"),) * 3, (values((2 * G, G), 11),))
    # blocks with an axis of length zero (reshaping them by -1 divides by 0;
    # XLA refuses to gather along that axis itself)
    progs["zero-size/line"] = ("line", lambda x: (
        lax.all_gather(x, "i", axis=2, tiled=True), lax.all_gather(x, "i"),
        lax.all_to_all(x, "i", 2, 0, tiled=True)), (P("i"),), (P("i"),) * 3,
        (np.zeros((2 * G, 0, G)),))
    # a result of -0.0 keeps its sign bit (spmd's ordering token must not
    # turn it into +0.0)
    progs["sign/line"] = ("line", lambda x: -(lax.psum(x, "i") * 0.0), (P("i"),), P("i"),
                          (values((2 * G, G), 8) + 2.0,))
    return progs


PROGRAMS = programs()
UNDER_JIT = {"collectives/line/i", "collectives/grid/x,y", "collectives/square/x,y"}
# the second derivative too (jvp of the gradient): custom rules traced
# inside the shard_map over the process's devices, differentiated again
SECOND_ORDER = {"grad/custom-rules-line"}


def tangents_of(inputs):
    return [values(np.shape(x), 30 + k) for k, x in enumerate(inputs)]


def weights(outs):
    return [values(np.shape(o), 10 + k) for k, o in enumerate(outs)]


def loss(outs, ws):
    return sum(jnp.sum(o * w) for o, w in zip(outs, ws))


def reference(path):
    assert jax.device_count() == G, (jax.device_count(), G)
    saved = {}
    for name, (mname, f, in_specs, out_specs, inputs) in PROGRAMS.items():
        sizes, names, _ = MESHES[mname]
        mesh = jax.sharding.Mesh(np.array(jax.devices()).reshape(sizes), names)
        g = jax.jit(jax.shard_map(f, mesh=mesh, in_specs=in_specs, out_specs=out_specs))
        outs = jax.tree.leaves(g(*inputs))
        for k, o in enumerate(outs):
            saved[f"{name}/out/{k}"] = np.asarray(o)
        if name.startswith(("grad/", "transpose/")):
            ws = weights(outs)
            grads = jax.grad(lambda *a: loss(jax.tree.leaves(g(*a)), ws),
                             argnums=tuple(range(len(inputs))))(*inputs)
            for k, gr in enumerate(grads):
                saved[f"{name}/grad/{k}"] = np.asarray(gr)
            if name in SECOND_ORDER:
                hvp = jax.jvp(jax.grad(lambda *a: loss(jax.tree.leaves(g(*a)), ws),
                                       argnums=tuple(range(len(inputs)))),
                              tuple(inputs), tuple(tangents_of(inputs)))[1]
                for k, h in enumerate(hvp):
                    saved[f"{name}/hvp/{k}"] = np.asarray(h)
    np.savez(path, **saved)
    with open(path + ".json", "w") as f:       # the checks the spmd job is to make
        json.dump(sorted(PROGRAMS), f)


# --- The spmd side ---------------------------------------------------------------

def block(array, spec, sizes, names, g):
    """Global device g's block of `array` laid out by `spec`."""
    coords = dict(zip(names, np.unravel_index(g, sizes)))
    index = []
    for dim, entry in enumerate(tuple(spec)):
        axes = () if entry is None else (entry,) if isinstance(entry, str) else tuple(entry)
        n, k = 1, 0
        for a in axes:
            n, k = n * sizes[names.index(a)], k * sizes[names.index(a)] + int(coords[a])
        rows = np.shape(array)[dim] // n
        index.append(slice(k * rows, (k + 1) * rows))
    return np.asarray(array)[tuple(index)]


def stacked(array, spec, sizes, names, rank):
    """The blocks of this rank's D devices, stacked."""
    return np.stack([block(array, spec, sizes, names, rank * D + d) for d in range(D)])


def run_spmd(path):
    from mpi4py import MPI
    import mpicoll
    sys.path.insert(0, os.path.dirname(__file__))
    import jobs

    comm = MPI.COMM_WORLD
    rank = comm.rank
    assert comm.size == NP and jax.local_device_count() == D, (comm.size, jax.local_device_count())
    jobs.compile_cache_of_this_rank(rank)
    ref = dict(np.load(path))
    checks = jobs.Checks(rank)

    def close(got, want, what):
        got, want = np.asarray(got), np.asarray(want)
        assert (got.shape, got.dtype) == (want.shape, want.dtype), (
            what, got.shape, got.dtype, want.shape, want.dtype)
        np.testing.assert_allclose(got, want, rtol=TOL, atol=TOL, err_msg=what)

    def refused(exception, match, fn):
        try:
            fn()
        except exception as exc:
            assert match in str(exc), str(exc)
        else:
            raise AssertionError("nothing raised")

    process_meshes = {m: mpicoll.ProcessMesh(sizes, names, devices_per_process=D)
                      for m, (sizes, names, _) in MESHES.items()}
    for name, (mname, f, in_specs, out_specs, inputs) in PROGRAMS.items():
        sizes, names, _ = MESHES[mname]

        def one(name=name, mname=mname, f=f, in_specs=in_specs, out_specs=out_specs,
                inputs=inputs, sizes=sizes, names=names):
            g = mpicoll.spmd(f, process_meshes[mname], in_specs, out_specs)
            args = [stacked(x, s, sizes, names, rank) for x, s in zip(inputs, in_specs)]
            wants = [ref[f"{name}/out/{k}"] for k in range(len(ref))
                     if f"{name}/out/{k}" in ref]
            out_leaves = ([out_specs] * len(wants) if isinstance(out_specs, P) else
                          jax.tree.leaves(out_specs, is_leaf=lambda s: isinstance(s, P)))
            raw = g(*args)
            got = jax.tree.leaves(raw)
            # with several devices spmd always traces and compiles: under an
            # outer jit the same program compiles again, so that is checked
            # for one program per mesh (its collectives over every axis)
            jitted = (jax.tree.leaves(jax.jit(g)(*args)) if name in UNDER_JIT else got)
            grads = None
            if name.startswith("grad/"):
                ws = [stacked(w, s, sizes, names, rank)
                      for w, s in zip(weights(wants), out_leaves)]
                grads = jax.jit(jax.grad(lambda *a: loss(jax.tree.leaves(g(*a)), ws),
                                         argnums=tuple(range(len(args)))))(*args)
            hvp = None
            if name in SECOND_ORDER:
                ts = [stacked(t, sp, sizes, names, rank)
                      for t, sp in zip(tangents_of(inputs), in_specs)]
                hvp = jax.jit(lambda a, t: jax.jvp(
                    jax.grad(lambda *b: loss(jax.tree.leaves(g(*b)), ws),
                             argnums=tuple(range(len(args)))), a, t)[1])(tuple(args), tuple(ts))
            transposes = {}
            if name.startswith("transpose/"):
                # g is linear: its transposes at the cotangent ws are the
                # reference's gradient (vjp eager and jitted, the derivative
                # of the vjp, linear_transpose eager and jitted and its
                # jvp); transposing twice gives g back; a nonlinear
                # program's linear_transpose raises JAX's error on every
                # rank; then g once more
                ws = [stacked(w, s, sizes, names, rank) for w, s in zip(weights(wants), out_leaves)]
                cts = jax.tree.unflatten(jax.tree.structure(raw), ws)
                _, vjp = jax.vjp(g, *args)
                transposes["vjp"] = vjp(cts)
                transposes["jit(vjp)"] = jax.jit(lambda c: jax.vjp(g, *args)[1](c))(cts)
                transposes["jvp of vjp"] = jax.jvp(vjp, (cts,), (cts,))[1]
                transposes["linear_transpose"] = jax.linear_transpose(g, *args)(cts)
                transposes["jit(linear_transpose)"] = jax.jit(
                    lambda c: jax.linear_transpose(g, *args)(c))(cts)
                # (linear: the tangent of the transpose is the transpose)
                transposes["jvp of linear_transpose"] = jax.jvp(
                    jax.linear_transpose(g, *args), (cts,), (cts,))[1]
                twice = jax.linear_transpose(lambda c: jax.linear_transpose(g, *args)(c),
                                             cts)(tuple(args))[0]
                nonlinear = mpicoll.spmd(lambda x: [jnp.sin(y) for y in f(x)],
                                         process_meshes[mname],
                                         in_specs, out_specs)
                refused(NotImplementedError, "Transpose rule",
                        lambda: jax.linear_transpose(nonlinear, *args)(cts))
                after = g(*args)
            # every call made before any comparison (a rank that failed one
            # would leave the others waiting in the next)
            assert len(got) == len(wants), (len(got), len(wants))
            for k, (o, j, w, s) in enumerate(zip(got, jitted, wants, out_leaves)):
                want = stacked(w, s, sizes, names, rank)
                close(o, want, f"result {k}")
                close(j, want, f"result {k} under jit")
            if name.startswith("sign/"):
                np.testing.assert_array_equal(
                    np.signbit(got[0]), np.signbit(stacked(wants[0], out_leaves[0], sizes,
                                                           names, rank)),
                    "the sign bits of the zeros")
            for what, ts in ([("gradient", grads)] if grads is not None else []) + list(
                    transposes.items()):
                for k, (gr, s) in enumerate(zip(ts, in_specs)):
                    close(gr, stacked(ref[f"{name}/grad/{k}"], s, sizes, names, rank),
                          f"{what} {k}")
            for k, (h, s) in enumerate(zip(hvp if hvp is not None else (), in_specs)):
                close(h, stacked(ref[f"{name}/hvp/{k}"], s, sizes, names, rank),
                      f"jvp of the gradient {k}")
            if transposes:
                for k, (o, w, s) in enumerate(zip(jax.tree.leaves(after), wants, out_leaves)):
                    close(o, stacked(w, s, sizes, names, rank), f"after the transposes, result {k}")
                for k, (o, w, s) in enumerate(zip(jax.tree.leaves(twice), wants, out_leaves)):
                    close(o, stacked(w, s, sizes, names, rank), f"transposed twice, result {k}")
        checks.run(name, one)

    class ThreeRanks:       # the layout is refused before the communicator is used
        def Get_size(self):
            return 3

    checks.run("a layout that does not factor is refused", lambda: refused(
        ValueError, "do not make up the trailing axes", lambda: mpicoll.ProcessMesh(
            (2, 3), ("x", "y"), comm=ThreeRanks(), devices_per_process=2)))
    line = process_meshes["line"]
    x = stacked(values((2 * G, 3), 3), P("i"), (G,), ("i",), rank)
    checks.run("an axis name the mesh lacks is refused", lambda: refused(
        ValueError, "'nope' is not one of the mesh's axis names",
        lambda: mpicoll.spmd(lambda v: lax.psum(v, "nope"), line, P("i"), P("i"))(x)))
    checks.run("blocks not stacked per device are refused", lambda: refused(
        ValueError, f"leading axis of length {D}",
        lambda: mpicoll.spmd(lambda v: lax.psum(v, "i"), line, P("i"), P("i"))(x[0, :1])))

    def vmapped_derivative():
        """jax.vmap of spmd whose body takes a derivative: the derivative's
        operations carry shardings typed for the traced mesh, which vmap
        checks against the mesh of this process's devices."""
        f = mpicoll.spmd(lambda w, v: jax.grad(lambda w: jnp.sum(jnp.sin(v @ w)))(w),
                         line, (P(), P("i")), P("i"))
        w = values((3, 4, 4), 4)                      # (batch, ...), the same everywhere
        v = values((3, 2 * G, 4), 5)                  # (batch, rows split over i, 4)
        blocks = np.stack([np.stack([block(v[b], P("i"), (G,), ("i",), rank * D + d)
                                     for b in range(3)]) for d in range(D)])   # (D, 3, ...)
        got = jax.vmap(f, in_axes=(1, 1), out_axes=1)(np.stack([w] * D), blocks)
        # (w is the same on every device, so its derivative sums over them,
        # as jax.shard_map's does)
        total = np.stack([sum(bl.T @ np.cos(bl @ w[b]) for bl in (
            block(v[b], P("i"), (G,), ("i",), g) for g in range(G))) for b in range(3)])
        want = np.stack([total] * D)
        close(got, want, "vmap of spmd over a body's derivative")
    checks.run("vmap of a body that differentiates", vmapped_derivative)

    def prng_keys():
        """Typed PRNG keys through ppermute, all_gather and all_to_all
        between and within processes: each device gets the keys that the
        serial program's permutation, gather and transpose of the global
        key array put there."""
        keys = jax.random.split(jax.random.key(3), G * G).reshape(G, G)
        data = np.asarray(jax.random.key_data(keys))              # [member, j, 2]
        f = mpicoll.spmd(lambda k: (
            lax.ppermute(k, "i", [(j, (j + 1) % G) for j in range(G)]),
            lax.all_gather(k, "i", tiled=True), lax.all_to_all(k, "i", 1, 0, tiled=True)),
            line, P("i"), (P("i"), P("i"), P(None, "i")))
        mine = [rank * D + d for d in range(D)]
        outs = f(keys[rank * D:(rank + 1) * D][:, None])        # [D, 1, G] per device
        wants = (np.stack([data[(m - 1) % G][None] for m in mine]),
                 np.stack([data] * D), np.stack([data[:, m:m + 1] for m in mine]))
        for what, out, want in zip(("ppermute", "all_gather", "all_to_all"), outs, wants):
            assert jnp.issubdtype(out.dtype, jax.dtypes.prng_key), (what, out.dtype)
            close(jax.random.key_data(out), want, what)
    checks.run("PRNG keys", prng_keys)

    def inside_set_mesh():
        """Inside a user's jax.set_mesh over this process's devices: values
        eager and jitted under Auto axes, eager under Explicit ones; jitted
        under Explicit ones the value, or from JAX 0.12 on (whose verifier
        refuses the program) a NotImplementedError naming the argument."""
        f = mpicoll.spmd(lambda v: lax.psum(v, "i") * lax.axis_index("i"), line, P("i"),
                         P("i"))
        x = np.full((D, 2), rank + 1.0)
        want = np.stack([np.full(2, NP * D * (NP + 1) / 2 * (rank * D + d)) for d in range(D)])
        for axis_type in (jax.sharding.AxisType.Auto, jax.sharding.AxisType.Explicit):
            with jax.set_mesh(jax.make_mesh((D,), ("data",), axis_types=(axis_type,))):
                close(f(x), want, f"eager, {axis_type}")
                try:
                    close(jax.jit(f)(x), want, f"jit, {axis_type}")
                except NotImplementedError as exc:
                    assert axis_type == jax.sharding.AxisType.Explicit and \
                        "argument 0 is typed as sharded" in str(exc) and \
                        tuple(int(p) for p in jax.__version__.split(".")[:2]) >= (0, 12), exc
    checks.run("inside a user's jax.set_mesh", inside_set_mesh)

    # (XLA's CPU backend has no ragged all-to-all: the reference is the
    # exchange written with jax.numpy on every member's operand)
    blocks = [values((2 * G, 2), 20 + g) for g in range(G)]
    wts = [values((2 * G, 2), 40 + g) for g in range(G)]
    want = ragged_reference(blocks)
    want_grad = jax.grad(lambda bs: sum(jnp.sum(o * w) for o, w in zip(
        ragged_reference(list(bs)), wts)))(jnp.asarray(np.stack(blocks)))
    mine = [rank * D + d for d in range(D)]
    for mname, group in (("line", "i"), ("grid", ("x", "y"))):
        def one(mname=mname, group=group):
            names = MESHES[mname][1]
            g = mpicoll.spmd(ragged_program(group, G), process_meshes[mname], P(names),
                             P(names))
            a = np.stack([blocks[k] for k in mine])
            got = g(a)
            grad = jax.jit(jax.grad(lambda v: jnp.sum(g(v) * np.stack([wts[k] for k in mine]))))(a)
            close(got, np.stack([want[k] for k in mine]), "values")
            close(grad, np.asarray(want_grad)[mine], "gradient")
        checks.run(f"ragged_all_to_all/{mname}", one)

    checks.write(os.environ["SPMD_DEVICES_RESULTS"])


if __name__ == "__main__":
    if MODE == "reference":
        reference(sys.argv[4])
    else:
        run_spmd(sys.argv[4])
