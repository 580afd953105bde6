"""Per-device programs written for `jax.shard_map`, for tests/test_spmd.py.

Each program runs two ways: under `jax.shard_map` on P local CPU devices in
one process (the reference: run this file as a script), and with
`mpicoll.spmd` on P MPI ranks. This module imports JAX only, so the
reference process never starts MPI.

    python tests/spmd_programs.py P out.npz

writes, for every program that runs at P devices, the global results, the
gradient of a weighted sum of them and a JVP, under keys
``<program>/<out|grad|jvp>/<index>``.
"""

import contextlib
import sys
from dataclasses import dataclass, field

import numpy as np
import jax
import jax.numpy as jnp
from jax import lax
from jax.ad_checkpoint import checkpoint_name
from jax.sharding import PartitionSpec as P


@dataclass
class Program:
    f: object
    mesh: object            # P -> (axis sizes, axis names)
    in_specs: tuple         # of the static arguments (None) too
    out_specs: tuple
    local_shapes: object    # mesh shape dict -> one local shape per array argument
    differentiable: bool = True
    forward_mode: bool = True     # False: a custom_vjp inside (JAX has no jvp of it)
    statics: tuple = ()     # leading arguments whose spec is None, passed as they are
    # True: Python control flow on values; shard_map runs it outside jit
    # only, and neither it nor spmd can differentiate or jit it
    eager_only: bool = False
    check_vma: bool = True
    flags: dict = field(default_factory=dict)     # JAX flags it runs under


def line(p):
    return (p,), ("i",)


def grid(p):
    """Two axes: 2 x P/2 where P is even, else P x 1."""
    return ((2, p // 2) if p % 2 == 0 else (p, 1)), ("x", "y")


def _shift(p, k):
    return [(j, (j + k) % p) for j in range(p)]


def collectives(a):
    return lax.psum(a, "i"), lax.pmean(a, "i"), a * lax.axis_index("i")


def extrema(a):
    # JAX has no derivative rule for pmax/pmin: values only
    return lax.pmax(a, "i"), lax.pmin(a, "i")


def booleans(a):
    # MPI has no MAX or MIN of booleans (spmd takes LOR and LAND); the
    # dtype of every result stays bool
    b = a > 1.0
    return (lax.pmax(b, "i"), lax.pmin(b, "i"), lax.all_gather(b, "i"),
            lax.ppermute(b, "i", [(j, (j + 1) % lax.axis_size("i"))
                                  for j in range(lax.axis_size("i"))]))


def gathers(a):
    return (lax.all_gather(a, "i"), lax.all_gather(a, "i", axis=1, tiled=True),
            lax.psum_scatter(a, "i", scatter_dimension=0, tiled=True),
            lax.all_to_all(a, "i", 0, 1, tiled=True))


def gather_untiled(a, b):
    # b's leading axis has one row per device: the untiled forms
    return (lax.psum_scatter(b, "i", scatter_dimension=0),
            lax.all_to_all(b, "i", 0, 0), lax.all_gather(a, "i", axis=2))


def permutes(a):
    p = lax.axis_size("i")
    right = lax.ppermute(a, "i", _shift(p, 1))
    partial = lax.ppermute(a, "i", [(j, j + 1) for j in range(p - 1)])   # rank 0 gets zeros
    swap = lax.ppermute(a, "i", [(j, j ^ 1) for j in range(p - p % 2)])
    return right, partial, swap


def stencil(u):
    """Three explicit heat steps on a periodic line, halos by ppermute."""
    p = lax.axis_size("i")

    def step(_, u):
        left = lax.ppermute(u[-1:], "i", _shift(p, 1))     # my left halo: left neighbour's last
        right = lax.ppermute(u[:1], "i", _shift(p, -1))
        padded = jnp.concatenate([left, u, right])
        return u + 0.1 * (padded[:-2] - 2 * u + padded[2:])
    return lax.fori_loop(0, 3, step, u)


def mesh2d(a):
    p = lax.axis_size("x") * lax.axis_size("y")
    return (lax.psum(a, "x"), lax.all_gather(a, "y", tiled=True),
            lax.psum(a, ("x", "y")), lax.all_gather(a, ("y", "x")),
            lax.ppermute(a, ("x", "y"), _shift(p, 1)),
            a * (10 * lax.axis_index("x") + lax.axis_index("y")),
            lax.psum_scatter(jnp.concatenate([a] * p), ("x", "y"), tiled=True),
            lax.all_to_all(jnp.concatenate([a] * lax.axis_size("y")), "y", 0, 1, tiled=True))


def fft2d(a):
    """A 2-D FFT of rows split over "i": local FFTs and one all_to_all."""
    rows = jnp.fft.fft(a, axis=1)                                 # along the local axis
    cols = lax.all_to_all(rows, "i", 1, 0, tiled=True)            # now split by columns
    out = jnp.fft.fft(cols, axis=0)
    return jnp.real(out), jnp.imag(out)


def sgd_step(w, x, y):
    """One gradient-descent step of least squares on data split over "i"."""
    def loss(w):
        return lax.pmean(jnp.mean((x @ w - y) ** 2), "i")
    g = jax.grad(loss)(w)
    g = lax.psum(g, "i") / lax.axis_size("i")      # averaged as data-parallel code does
    return w - 0.1 * g, loss(w)


def control(a):
    total = lax.psum(jnp.sum(a), "i")
    b = lax.cond(total > 0, lambda v: lax.psum(v, "i") + v, lambda v: -v, a)
    c, _ = lax.scan(lambda c, _: (lax.pmean(c, "i") * 0.5 + c, None), b, None, length=3)
    # a loop whose trip count every rank agrees on through pmax
    k = lax.while_loop(lambda k: lax.pmax(k * jnp.int32(lax.axis_index("i") + 1), "i") < 7,
                       lambda k: k + 1, jnp.int32(0))
    d = c * k.astype(c.dtype)
    e = jax.checkpoint(lambda v: jnp.sin(lax.psum(v, "i")))(d)
    f = jax.jit(lambda v: lax.all_gather(v, "i", tiled=True))(e)
    return f


def custom_rules(a):
    """A custom_jvp function with collectives in the function and in its
    rule, which calls the function again. The rule is not the function's
    derivative, so agreement shows that the rule is the one used."""
    @jax.custom_jvp
    def squashed_total(v):
        scale = (lax.axis_index("i") + 1).astype(v.dtype)
        return jnp.tanh(lax.psum(v * scale, "i"))

    @squashed_total.defjvp
    def squashed_total_jvp(primals, tangents):
        (v,), (dv,) = primals, tangents
        return squashed_total(v), lax.psum(dv, "i") * 2.0      # straight through

    return squashed_total(a) + jnp.sin(a)


def custom_vjp_rules(a):
    """A custom_vjp function with collectives in the function and in its
    backward rule, residuals both computed and forwarded inputs. The rule is
    not the function's derivative, so agreement shows that it is used."""
    @jax.custom_vjp
    def spread(v):
        return lax.psum(v, "i") * jnp.cos(v)

    def spread_fwd(v):
        return spread(v), (v, jnp.exp(lax.pmean(v, "i")))

    def spread_bwd(residuals, ct):
        v, e = residuals
        return (lax.psum(ct * jnp.sin(v), "i") * 3.0 + e * v,)

    spread.defvjp(spread_fwd, spread_bwd)
    return spread(a) + jnp.sin(a)


def static_args(steps, transform, shift_and_scale, a):
    """Arguments whose spec is None reach the function as they are: a
    Python int that Python control flow uses, a callable, and a tuple of
    Python ints (a tree of static leaves)."""
    shift, scale = shift_and_scale
    p = lax.axis_size("i")
    for _ in range(steps):
        a = transform(a) + lax.ppermute(a, "i", _shift(p, shift))
    return a * scale, lax.psum(a, "i")


def eager_control(w, x, y):
    """Python control flow on values every device holds alike (invariant),
    as `jax.shard_map` runs it outside jit: a data-dependent Python int (a
    count summed over "i", so exact) sets a loop's trip count and picks a
    branch; gradient-descent steps of least squares with data split over
    "i" differentiate inside (their gradients, and a JVP, are the body's
    own, typed by JAX's varying/invariant rules)."""
    count = int(lax.psum(jnp.sum(x > 1.0), "i"))

    def loss(w):
        return lax.pmean(jnp.mean((x @ w - y) ** 2), "i")
    for _ in range(count % 3 + 1):
        w = w - 0.1 * jax.grad(loss)(w)
    steps = 0
    while lax.pmax(jnp.max(w), "i") < 2.0 and steps < 10:
        w = w * 1.25
        steps += 1
    _, slope = jax.jvp(loss, (w,), (jnp.ones_like(w),))
    if count % 4 < 2:
        spread = lax.psum(x @ w - y, "i")
    else:
        spread = lax.all_gather(x @ w, "i", tiled=True)[:y.shape[0]] - lax.pmean(y, "i")
    return w, loss(w) + steps, slope, spread


def remat_layer(v):
    """A layer with collectives whose psum result is named "summed" (and a
    dot product); bounded, so that layers in a row stay finite."""
    summed = checkpoint_name(lax.psum(jnp.sin(v), "i"), "summed")
    gathered = lax.all_gather(jnp.cos(v) * summed, "i", tiled=True)
    moved = lax.ppermute(v, "i", _shift(lax.axis_size("i"), 1))
    return (jnp.tanh(gathered[:v.shape[0]] * v) + 0.5 * moved
            + 0.1 * jnp.sin(jnp.dot(v, v)) * v)


def ragged_program(axes, members):
    """A ragged all-to-all over `axes` (of `members` members): member i
    sends (i + j) % 3 rows, from row 2j of its operand, to member j, where
    they land at row 2i of j's output (zeros elsewhere)."""
    def f(a):
        me, j = lax.axis_index(axes), jnp.arange(members, dtype=jnp.int32)
        sizes = ((me + j) % 3).astype(jnp.int32)
        return lax.ragged_all_to_all(a, jnp.zeros_like(a), 2 * j, sizes,
                                     jnp.full((members,), 2 * me, jnp.int32), sizes,
                                     axis_name=axes)
    return f


def ragged_reference(blocks):
    """`ragged_program`'s exchange written with jax.numpy on every member's
    operand (XLA's CPU backend has no ragged all-to-all to compare with);
    differentiable."""
    outs = [jnp.zeros_like(b) for b in blocks]
    for i, b in enumerate(blocks):
        for j in range(len(blocks)):
            n = (i + j) % 3
            outs[j] = outs[j].at[2 * i:2 * i + n].set(b[2 * j:2 * j + n])
    return outs


POLICIES = {
    "save_only_these_names": jax.checkpoint_policies.save_only_these_names("summed"),
    "save_anything_except_these_names":
        jax.checkpoint_policies.save_anything_except_these_names("summed"),
    "nothing_saveable": jax.checkpoint_policies.nothing_saveable,
    "dots_saveable": jax.checkpoint_policies.dots_saveable,
    "everything_saveable": jax.checkpoint_policies.everything_saveable,
}


def remat_policies(a):
    """jax.checkpoint with each rematerialization policy around
    collectives, one with prevent_cse=False, one as a scan body, and one
    differentiated inside the body."""
    for k, policy in enumerate(POLICIES.values()):
        a = jax.checkpoint(remat_layer, policy=policy, prevent_cse=k != 2)(a)
    names = POLICIES["save_only_these_names"]
    a, _ = lax.scan(lambda c, _: (jax.checkpoint(remat_layer, policy=names)(c), None),
                    a, None, length=2)
    inner = jax.grad(lambda v: jnp.sum(jax.checkpoint(remat_layer, policy=names)(v) ** 2))(a)
    return a, inner


PROGRAMS = {
    "collectives": Program(collectives, line, P("i"), (P(), P(), P("i")), lambda s: [(4, 3)]),
    "extrema": Program(extrema, line, P("i"), P(), lambda s: [(4, 3)], differentiable=False),
    "booleans": Program(booleans, line, P("i"), (P(), P(), P("i"), P("i")), lambda s: [(2, 3)],
                        differentiable=False),
    "gathers": Program(gathers, line, P("i"), P("i"), lambda s: [(2 * s["i"], 3)]),
    "gather_untiled": Program(gather_untiled, line, P("i"), P("i"),
                              lambda s: [(2, 3), (s["i"], 2, 3)]),
    "permutes": Program(permutes, line, P("i"), P("i"), lambda s: [(3,)]),
    "stencil": Program(stencil, line, P("i"), P("i"), lambda s: [(5,)]),
    "mesh2d": Program(mesh2d, grid, P("x", "y"), P("x", "y"), lambda s: [(2, 3)]),
    "fft2d": Program(fft2d, line, P("i"), P("i"), lambda s: [(2, 2 * s["i"])]),
    "sgd_step": Program(sgd_step, line, (P(), P("i"), P("i")), (P(), P()),
                        lambda s: [(3,), (4, 3), (4,)]),
    "control": Program(control, line, P("i"), P("i"), lambda s: [(3,)]),
    "custom_rules": Program(custom_rules, line, P("i"), P("i"), lambda s: [(3,)]),
    "custom_vjp_rules": Program(custom_vjp_rules, line, P("i"), P("i"), lambda s: [(3,)],
                                forward_mode=False),
    "static_args": Program(static_args, line, (None, None, None, P("i")), (P("i"), P()),
                           lambda s: [(3,)], statics=(3, jnp.sin, (1, 2))),
    "eager_control": Program(eager_control, line, (P(), P("i"), P("i")), (P(), P(), P(), P("i")),
                             lambda s: [(3,), (4, 3), (4,)], differentiable=False,
                             eager_only=True),
    "unchecked": Program(stencil, line, P("i"), P("i"), lambda s: [(5,)], check_vma=False),
    "remat_policies": Program(remat_policies, line, P("i"), P("i"), lambda s: [(3,)]),
    # jax.checkpoint as a RematTraced operation (the future default)
    "remat3_policies": Program(remat_policies, line, P("i"), P("i"), lambda s: [(3,)],
                               flags={"jax_remat3": True}),
}


@contextlib.contextmanager
def jax_flags(flags):
    """JAX's configuration with `flags` set, restored afterwards."""
    before = {name: getattr(jax.config, name) for name in flags}
    for name, value in flags.items():
        jax.config.update(name, value)
    try:
        yield
    finally:
        for name, value in before.items():
            jax.config.update(name, value)


def array_specs(prog, n):
    """The specs of a program's `n` array arguments (after its statics)."""
    return as_tuple(prog.in_specs, n + len(prog.statics))[len(prog.statics):]


def global_shape(local, spec, shape):
    spec = tuple(spec) + (None,) * (len(local) - len(spec))
    return tuple(n * int(np.prod([shape[a] for a in axes_of(e)])) for n, e in zip(local, spec))


def axes_of(entry):
    return () if entry is None else (entry,) if isinstance(entry, str) else tuple(entry)


def as_tuple(specs, n):
    return tuple(specs) if isinstance(specs, tuple) else (specs,) * n


def global_inputs(name, p):
    """The program's global arguments, tangents and result weights' seed."""
    prog = PROGRAMS[name]
    sizes, names = prog.mesh(p)
    shape = dict(zip(names, sizes))
    local = prog.local_shapes(shape)
    specs = array_specs(prog, len(local))
    rng = np.random.default_rng(sum(map(ord, name)))
    args = [rng.uniform(0.5, 1.5, global_shape(s, sp, shape)) for s, sp in zip(local, specs)]
    tangents = [rng.uniform(-1, 1, a.shape) for a in args]
    return args, tangents


def weighted(outs, weights):
    return sum(jnp.sum(o * w) for o, w in zip(jax.tree.leaves(outs), weights))


def weights_for(outs, seed):
    rng = np.random.default_rng(seed)
    return [rng.uniform(-1, 1, np.shape(o)) for o in jax.tree.leaves(outs)]


def reference(p):
    """Every program at p local devices under jax.shard_map."""
    from jax.sharding import Mesh
    results = {}
    for name, prog in PROGRAMS.items():
        with jax_flags(prog.flags):
            results.update(_reference_of(name, prog, p, Mesh))
    return results


def _reference_of(name, prog, p, Mesh):
    sizes, names = prog.mesh(p)
    mesh = Mesh(np.array(jax.devices()[:p]).reshape(sizes), names)
    smap = jax.shard_map(prog.f, mesh=mesh, in_specs=prog.in_specs, out_specs=prog.out_specs,
                         check_vma=prog.check_vma)
    g = lambda *a: smap(*prog.statics, *a)          # noqa: E731  (statics stay Python values)
    g = g if prog.eager_only else jax.jit(g)
    args, tangents = global_inputs(name, p)
    outs = jax.tree.leaves(g(*args))
    weights = weights_for(outs, 1)
    grads = jvps = []
    # the gradient and the JVP jitted: one compilation each, not one per
    # operation of the weighted sum and of the derivative rules
    if prog.differentiable:
        grads = jax.jit(jax.grad(lambda *a: weighted(g(*a), weights),
                                 argnums=tuple(range(len(args)))))(*args)
        if prog.forward_mode:
            jvps = jax.tree.leaves(jax.jit(
                lambda a, t: jax.jvp(g, a, t)[1])(tuple(args), tuple(tangents)))
    return {f"{name}/{kind}/{k}": np.asarray(v)
            for kind, values in (("out", outs), ("grad", grads), ("jvp", jvps))
            for k, v in enumerate(values)}


if __name__ == "__main__":
    p, path = int(sys.argv[1]), sys.argv[2]
    jax.config.update("jax_enable_x64", True)
    jax.config.update("jax_num_cpu_devices", p)
    np.savez(path, **reference(p))
