"""`mpicoll.spmd`: run a `jax.shard_map` per-device function across MPI ranks.

JAX traces the function as `jax.shard_map` would, over a device-less mesh of
the process mesh's shape (so its typing of varying and invariant values and
its differentiation inside the body are JAX's own). The body's jaxpr is then
evaluated on each rank's local blocks, equation by equation, with JAX's
collectives replaced by mpicoll's operations on the mesh's
sub-communicators (`RULES`, spmd_rules.py); control flow is rebuilt around the translated
bodies. What remains is ordinary mpicoll code, so `jax.grad`, `jvp`, `vmap`
and `jit` of the result work through mpicoll's rules.

With several devices per process (`ProcessMesh(..., devices_per_process=D)`)
the evaluation runs inside a `jax.shard_map` over the process's D devices,
whose axes are the device parts of the mesh axes; each collective becomes
JAX's own over the device parts composed with mpicoll's over the process
parts (`DEVICE_RULES`, spmd_devices.py); `jax.linear_transpose` of such a
program is spmd_transpose.py's.

Called outside any transformation (one device per process), the function
runs eagerly instead, as
`jax.shard_map` does outside `jit`: `f` itself runs on this rank's blocks
under `jax_internals.EagerBodyTrace`, which computes every operation as it
is bound, JAX's collectives through the same `RULES` (`_apply` serves both
paths), so Python control flow in `f` can test values.

The global function that `shard_map` defines counts an output replicated
over some mesh axes once, and sums the gradient of an input replicated over
some axes over the devices sharing it. mpicoll's rules count every rank's
output separately, so replicated inputs pass through `share_p` and
replicated outputs through `count_once_p`, which make the two agree.

Imports: JAX, NumPy, mpi4py, `jax_internals`, `comms`, `mesh`, mpicoll's
allreduce and the three spmd_*.py modules; mpicoll/__init__.py imports it.
"""

import contextlib
import functools
import re

import jax
import jax.numpy as jnp
import numpy as np
from jax.extend.core import Primitive
from jax.interpreters import ad, batching, mlir
from mpi4py import MPI

from mpicoll._src import jax_internals as ji
from mpicoll._src.comms import resolve_comm
from mpicoll._src.dispatched_work import run_alone
from mpicoll._src.mesh import ProcessMesh
from mpicoll._src.ops.allreduce import allreduce
from mpicoll._src.spmd_devices import (DEVICE_RETYPED, DEVICE_RULES, Order, block_shape,
                                       local_device_mesh, parts, untyped)
from mpicoll._src.spmd_rules import RULES
from mpicoll._src.spmd_transpose import LinearProgram, bind_linear


def spmd(f, mesh, in_specs, out_specs, *, check_vma=True):
    """Run `f`, written for `jax.shard_map`, on the ranks of a process mesh.

    Every rank calls the returned function with its own blocks: what
    ``jax.shard_map(f, mesh=..., in_specs=..., out_specs=...)`` would hand
    the device at this rank's mesh coordinates. Inside `f`, JAX's
    collectives over the mesh's axis names become MPI operations:

    * ``psum``, ``pmean``, ``pmax``, ``pmin``: ``allreduce`` (SUM, MAX, MIN);
    * ``all_gather``: ``allgather``; ``psum_scatter``: ``reduce_scatter``;
    * ``all_to_all``: ``alltoall``; ``pbroadcast``: ``bcast``;
    * ``ppermute``: ``sendrecv`` (zeros where nothing is received);
    * ``ragged_all_to_all``: ``ragged_alltoall`` (and one ``alltoall`` of
      the offsets);
    * ``axis_index``: this rank's mesh coordinate;

    over the sub-communicator of the named axes (a tuple of names: the ranks
    that differ along those axes, ordered as JAX orders the tuple). Typed
    PRNG keys (`jax.random.key`) move as their key data and arrive as keys.
    A mesh set with `jax.set_mesh` around the call is put aside while `f`
    is traced and run (the mesh there is the process mesh).

    Several devices per process (a mesh made with
    ``devices_per_process=D``): this rank drives the D devices
    ``rank * D + d`` of the mesh, ``d < D``, on the first D of
    ``jax.local_devices()``, and ``f`` runs on each of them inside a
    `jax.shard_map` over them. Every argument (not static) is the blocks of
    the rank's D devices stacked along a new leading axis: entry ``d`` is
    what ``jax.shard_map`` over the whole mesh hands device ``rank * D +
    d``; a NumPy or JAX array (it is put on the local devices, split along
    that axis). The results are stacked the same way: JAX arrays of leading
    axis D, split over the local devices. A collective over axes whose
    members are devices of this process is JAX's own over them; over axes
    whose members are other processes, the MPI operation above, one per
    device (each device with the same device of the other ranks, as in
    docs/operations.md, "Several devices per process"); over an axis split
    between both, the two composed, the members in mesh order (the axis's
    index is ``i_process * a_devices + i_device``). ``ppermute`` then takes
    one exchange between processes per distinct distance between the
    source's and the destination's process. ``ragged_all_to_all`` over
    axes with a device part gathers every member's operand to every
    member (memory and traffic of the whole group's operands). The
    collectives run in program order on every device (chained: XLA would
    otherwise run independent ones in any order, a deadlock between MPI
    and JAX's in-process collectives). The function always runs traced and compiled
    (there is no eager mode: Python control flow on values is not
    available).

    Args:
      f: the per-device function, as for `jax.shard_map`; it may use
        `jit`, `lax.cond`, `scan`, `while_loop`, `fori_loop`,
        `checkpoint` (with any rematerialization `policy`),
        `custom_jvp`/`custom_vjp` functions and differentiation inside.
      mesh: an `mpicoll.ProcessMesh`.
      in_specs, out_specs: `jax.sharding.PartitionSpec` trees, exactly as
        for `jax.shard_map`: they say which mesh axes each argument and
        result is split over (the others: replicated). An `in_specs` entry
        None marks a static argument (every leaf under it): `f` gets it as
        it is, not traced (a Python int for control flow, a callable, ...).
        A hashable one is part of the compilation cache key (value and
        type); an unhashable one (a NumPy array) is accepted, as
        `jax.shard_map` accepts it, and traces and compiles every call
        anew.
      check_vma: as `jax.shard_map`'s: check that results replicated by
        `out_specs` really are, and type values as varying or invariant.

    Returns:
      A function of this rank's blocks (and the static arguments) returning
      this rank's blocks of the results. Under `jax.jit`, `grad`, `vmap` or
      any other transformation it is traced and compiled once per argument
      shape and static arguments; wrap it in `jax.jit` for speed. Called
      outside any transformation it runs `f` eagerly, as `jax.shard_map`
      does outside `jit`: every operation is computed at once on this
      rank's blocks (the collectives as MPI calls), so Python control flow
      may depend on values (``if lax.psum(x, "i").sum() > 0:``). Unlike
      `jax.shard_map`, which makes only values invariant over the mesh
      concrete, any value is concrete here, this rank's own: control flow
      on a varying value may send ranks to different collectives, which is
      the program's error (a hang, or under ``MPICOLL_DEBUG=1`` an error on
      every rank naming the calls).

    Gradients: `jax.grad`, `jax.jvp`, `jax.vjp`, `jax.linear_transpose` and
    `jax.vmap` of the returned function give this rank's blocks of what they
    give for the `shard_map` function on the global arrays: a result that
    `out_specs` replicates counts once, and the gradient of an argument that
    `in_specs` replicates is summed over the ranks that share it. (Over
    several devices per process `jax.linear_transpose` binds the program as
    one linear operation, transposed through its `jax.vjp` at zero.)

    Raises:
      TypeError: `in_specs` is None (did you mean ``P()``?), as in
        `jax.shard_map`.
      ValueError: an axis name is not one of the mesh's, an argument's
        shape does not fit its spec, or (check_vma) a result `out_specs`
        replicates varies over those axes.
      NotImplementedError: `f` uses a collective with no MPI translation
        here (named), ``axis_index_groups``, a collective inside a
        construct other than those above (`lax.custom_linear_solve`,
        `custom_root`).
      ValueError (several devices per process): an argument's leading axis
        is not D, or the process has fewer than D local devices (raised by
        `spmd` itself).
      NotImplementedError (several devices per process, JAX 0.12 or later):
        called inside `jax.jit` under a `jax.set_mesh` with Explicit axes,
        which types the arguments as sharded over that mesh.
      NotImplementedError: under `jax.linear_transpose`, a program that is
        not linear (JAX's own error, on every rank).
    """
    if not isinstance(mesh, ProcessMesh):
        raise TypeError(f"mpicoll.spmd: mesh must be an mpicoll.ProcessMesh, got {mesh!r}")
    if in_specs is None:        # as jax.shard_map: None is a static argument's spec only
        raise TypeError("mpicoll.spmd: in_specs must be a PartitionSpec or a tree of them "
                        "(None marks static arguments), but it was None; did you mean P()?")
    _check_specs(mesh, in_specs, "in_specs")
    _check_specs(mesh, out_specs, "out_specs")
    smap = jax.shard_map(f, mesh=ji.abstract_mesh(mesh.axis_sizes, mesh.axis_names),
                         in_specs=in_specs, out_specs=out_specs, check_vma=check_vma)

    several = mesh.devices_per_process > 1
    local_mesh = local_device_mesh(mesh) if several else None

    def run(static, *blocks):
        # (with several devices, the blocks of this rank's devices are
        # stacked along a leading axis)
        device_blocks, global_blocks = _block_types(mesh, static, blocks)
        with _naming_unknown_axes(f, mesh, static, device_blocks):
            closed, out_shape = jax.make_jaxpr(lambda *b: smap(*static.args(b)),
                                               return_shape=True)(*global_blocks)
        outer, consts = ji.jaxpr_parts(closed)
        [eqn] = outer.eqns        # the shard_map equation
        env = dict(zip(outer.invars, blocks))
        env.update(zip(outer.constvars, consts))
        ins = [env[v] for v in eqn.invars]

        def per_device(*ins):
            ins = [_replicated(share_p, x, mesh, spec) for x, spec in
                   zip(ins, eqn.params["in_specs"])]
            body, body_consts = ji.jaxpr_parts(eqn.params["jaxpr"])
            if not several:
                outs = _eval(mesh, body, body_consts, ins)
            else:
                with Order.of(ins) as order:
                    outs = order.results(_eval(mesh, body, body_consts, ins))
            return [_replicated(count_once_p, y, mesh, spec) for y, spec in
                    zip(outs, eqn.params["out_specs"])]
        if several:
            # The body runs on each of the process's devices, inside a
            # shard_map over them whose axes are the device parts of the
            # mesh axes: JAX's collectives over those, MPI's over the
            # process parts. (check_vma off: the body's values are typed by
            # the mesh axes, which this shard_map does not know.)
            stacked = {v for v in outer.invars}
            devices = jax.sharding.PartitionSpec(local_mesh.axis_names)
            outs = jax.shard_map(
                lambda *xs: [y[None] for y in per_device(
                    *[x[0] if v in stacked else x for x, v in zip(xs, eqn.invars)])],
                mesh=local_mesh, check_vma=False, out_specs=devices,
                in_specs=tuple(devices if v in stacked else jax.sharding.PartitionSpec()
                               for v in eqn.invars))(*ins)
        else:
            outs = per_device(*ins)
        env.update(zip(eqn.outvars, outs))
        return jax.tree.unflatten(jax.tree.structure(out_shape),
                                  [env[v] for v in outer.outvars])
    # one trace and compilation per argument shape and static arguments' value
    run_jitted = jax.jit(run, static_argnums=0)

    @functools.wraps(f)
    def call(*args):
        with ji.no_context_mesh():
            return call_here(*args)

    def call_here(*args):
        static, blocks = _Static.split(args, in_specs)
        if several:
            for i, x in enumerate(blocks):
                block_shape(mesh, x, i)
                _refuse_explicit_sharding(x, i)
            # (a committed array on other devices than the local mesh's would
            # be refused by jit)
            sharding = jax.NamedSharding(local_mesh, jax.sharding.PartitionSpec(
                local_mesh.axis_names))
            blocks = [x if isinstance(x, jax.core.Tracer) else jax.device_put(x, sharding)
                      for x in blocks]
        elif ji.at_top_level():
            return _run_eagerly(f, mesh, out_specs, check_vma, static, blocks)
        # traced and compiled for this call only where a static argument is
        # unhashable, as jax.shard_map does
        program = (functools.partial(run_jitted, static) if static.hashable else
                   jax.jit(functools.partial(run, static)))
        if several and ji.at_top_level():
            # a launch over the process's devices: alone where JAX needs it
            return run_alone(program, *blocks)
        if not static.hashable:
            return program(*blocks)
        if several and any(isinstance(x, ji.pe.JaxprTracer) for x in blocks):
            # jax.linear_transpose: the program as one linear primitive
            # (spmd_transpose.py)
            linear = LinearProgram(program, blocks)
            return bind_linear(linear, functools.partial(_check_linear, smap, mesh, static,
                                                         linear), blocks)
        return program(*blocks)
    return call


def _refuse_explicit_sharding(x, i):
    """Several devices per process: spmd splits each argument over the
    process's devices itself, which an argument typed as sharded over a
    mesh with Explicit axes (traced inside `jax.jit` under such a
    `jax.set_mesh`) contradicts: from JAX 0.12 on, XLA's verifier refuses
    the program (JAX 0.10 compiles it)."""
    mesh = getattr(getattr(getattr(x, "aval", None), "sharding", None), "mesh", None)
    if isinstance(x, jax.core.Tracer) and mesh is not None and not mesh.empty and \
            mesh._any_axis_explicit and ji._jax_version() >= (0, 12):
        raise NotImplementedError(
            f"mpicoll.spmd: argument {i} is typed as sharded over a mesh with Explicit "
            f"axes ({mesh}); with several devices per process spmd places its arguments "
            "itself: call it outside that jax.set_mesh, or with a mesh of Auto axes")


def _block_types(mesh, static, blocks):
    """(one device's blocks, the global arrays) of `blocks` (this process's,
    stacked per device with several), as ShapeDtypeStructs."""
    device_blocks = [jax.ShapeDtypeStruct(block_shape(mesh, x, i), x.dtype)
                     for i, x in enumerate(blocks)]
    return device_blocks, [jax.ShapeDtypeStruct(_global_shape(mesh, x.shape, s, i), x.dtype)
                           for i, (x, s) in enumerate(zip(device_blocks, static.specs))]


def _check_linear(smap, mesh, static, program):
    """Raise JAX's own error where the program is not linear: its
    `jax.linear_transpose`, traced over the global arrays as `jax.shard_map`
    defines them (nothing runs)."""
    _, global_blocks = _block_types(mesh, static, program.in_avals)
    global_outs = jax.eval_shape(lambda *b: smap(*static.args(b)), *global_blocks)
    jax.make_jaxpr(lambda cts: jax.linear_transpose(lambda *b: smap(*static.args(b)),
                                                    *global_blocks)(cts))(global_outs)


class _Static:
    """The arguments whose spec is None, passed to `f` as they are (not
    traced), as `jax.shard_map` passes them: the argument tree, which of its
    leaves are blocks, the other leaves' values, and the blocks' specs."""

    def __init__(self, tree, dynamic, values, specs):
        self.tree, self.dynamic, self.values, self.specs = tree, dynamic, values, specs
        # the jit cache key; types too (3 == 3.0, but f may tell them apart)
        self._key = (tree, dynamic, tuple((type(v), v) for v in values), specs)
        try:
            self._hash = hash(self._key)
        except TypeError:       # an unhashable value: no cache entry
            self._hash = None

    @property
    def hashable(self):
        return self._hash is not None

    def __hash__(self):
        return self._hash

    def __eq__(self, other):
        return isinstance(other, _Static) and self._key == other._key

    @classmethod
    def split(cls, args, in_specs):
        """(the static part, the blocks) of `f`'s arguments."""
        leaves, tree = jax.tree.flatten(args)
        specs = _leaf_specs(in_specs, args)
        dynamic = tuple(s is not None for s in specs)
        static = cls(tree, dynamic, tuple(x for x, d in zip(leaves, dynamic) if not d),
                     tuple(s for s in specs if s is not None))
        return static, [x for x, d in zip(leaves, dynamic) if d]

    def args(self, blocks):
        """`f`'s arguments: the blocks (or what stands for them) with the
        static values in their places."""
        blocks, values = iter(blocks), iter(self.values)
        return jax.tree.unflatten(self.tree, [next(blocks) if d else next(values)
                                              for d in self.dynamic])


@contextlib.contextmanager
def _naming_unknown_axes(f, mesh, static, blocks):
    """An axis name the mesh lacks raises a ValueError naming it: JAX fails
    on one with a bare AssertionError in some collectives (psum,
    ppermute)."""
    try:
        yield
    except (AssertionError, NameError) as exc:
        unknown = _unknown_axis_name(f, mesh, static, blocks)
        if unknown is None:
            raise
        raise ValueError(
            f"mpicoll.spmd: axis name {unknown!r} is not one of the mesh's axis names "
            f"{tuple(mesh.axis_names)}") from exc


def _unknown_axis_name(f, mesh, static, blocks):
    """The axis name `f` uses that the mesh lacks, or None: traced alone
    with the mesh's axes bound, `f` raises NameError naming it."""
    try:
        jax.make_jaxpr(lambda *b: f(*static.args(b)),
                       axis_env=list(zip(mesh.axis_names, mesh.axis_sizes)))(*blocks)
    except NameError as exc:
        found = re.search(r"unbound axis name: ([^\s.]+)", str(exc))
        if found and found.group(1) not in mesh.axis_names:
            return found.group(1)
    except Exception:       # noqa: BLE001  (another problem: the original error stands)
        pass
    return None


def _run_eagerly(f, mesh, out_specs, check_vma, static, blocks):
    """`f` run at once on this rank's blocks, as `jax.shard_map` runs it
    outside `jit`: each operation is computed as it is bound (JAX's
    collectives by `RULES`), so Python control flow may test values. No
    transformation is active here (under one the traced path runs), so the
    bridges of replicated values (share_p, count_once_p), identities on
    values, are left out."""
    for i, (x, spec) in enumerate(zip(blocks, static.specs)):
        _global_shape(mesh, np.shape(x), spec, i)         # checks the rank against the spec
    trace = ji.EagerBodyTrace(functools.partial(_apply, mesh), mesh.axis_names,
                              mesh.axis_sizes, check_vma)
    ins = [trace.new(jnp.asarray(x), _named_axes(spec)) for x, spec in zip(blocks, static.specs)]
    with _naming_unknown_axes(f, mesh, static, blocks), \
            ji.body_context(mesh.axis_names, mesh.axis_sizes, check_vma), \
            ji.current_trace(trace):
        outs = f(*static.args(ins))
    leaves, tree = jax.tree.flatten(outs)
    results = []
    for k, (y, spec) in enumerate(zip(leaves, _leaf_specs((out_specs,), (outs,)))):
        value = jnp.asarray(trace.value(y))
        if spec is None or len(spec) > value.ndim:
            raise ValueError(f"mpicoll.spmd: out_specs entry {spec} does not fit result {k}, "
                             f"of shape {value.shape}")
        varying = y.varying if isinstance(y, ji.EagerBodyTracer) else frozenset()
        if check_vma and varying - _named_axes(spec):
            raise ValueError(
                f"mpicoll.spmd: out_specs {spec} says result {k} is replicated over mesh axes "
                f"{sorted(varying - _named_axes(spec))}, but its type says it varies over them "
                "(check_vma=True, as jax.shard_map checks)")
        results.append(value)
    return jax.tree.unflatten(tree, results)



def _leaf_specs(in_specs, args):
    """One spec per leaf of the tuple `args` (`in_specs` is a tree prefix
    of it, or one spec for every element)."""
    from jax.sharding import PartitionSpec as P
    is_spec = lambda s: s is None or isinstance(s, P)          # noqa: E731
    if is_spec(in_specs):
        in_specs = (in_specs,) * len(args)
    specs = []
    jax.tree.map(lambda s, sub: specs.extend([s] * len(jax.tree.leaves(sub))),
                 tuple(in_specs), args, is_leaf=is_spec)
    return specs


def _spec_axes(entry):
    return () if entry is None else (entry,) if isinstance(entry, str) else tuple(entry)


def _check_specs(mesh, specs, what):
    """Every PartitionSpec of the tree `specs` names axes of the mesh, each
    once, as `jax.shard_map` requires (checked when spmd is called, so that
    eager and traced calls refuse the same specs)."""
    from jax.sharding import PartitionSpec as P
    for spec in jax.tree.leaves(specs, is_leaf=lambda s: isinstance(s, P)):
        if not isinstance(spec, P):
            continue
        named = [a for e in spec for a in _spec_axes(e)]
        for a in named:
            if a not in mesh.axis_names:
                raise ValueError(f"mpicoll.spmd: {what} entry {spec} names axis {a!r}, which "
                                 f"is not one of the mesh's axis names {tuple(mesh.axis_names)}")
            if named.count(a) > 1:
                raise ValueError(f"mpicoll.spmd: {what} entry {spec} names axis {a!r} more "
                                 "than once (an array is split over an axis once at most)")


def _global_shape(mesh, shape, spec, index):
    spec = () if spec is None else tuple(spec)
    if len(spec) > len(shape):
        raise ValueError(f"mpicoll.spmd: argument {index} has shape {shape}, fewer axes than "
                         f"its spec {spec}")
    return tuple(n * mesh.group_size(_spec_axes(e)) if i < len(spec) and e is not None else n
                 for i, (n, e) in enumerate(zip(shape, spec + (None,) * len(shape))))


def _named_axes(spec):
    """The mesh axes a spec names: those a value it describes varies over."""
    return frozenset(a for e in (tuple(spec) if spec is not None else ()) for a in _spec_axes(e))


def _replicated(prim, x, mesh, spec):
    """`x` through `prim` over the mesh axes its spec does not name."""
    named = _named_axes(spec)
    axes = tuple(a for a in mesh.axis_names if a not in named)
    if not axes or not jnp.issubdtype(jnp.result_type(x), jnp.inexact):
        return x
    return prim.bind(x, comm=resolve_comm(mesh.axis_comm(axes)), size=mesh.group_size(axes),
                     device_axes=parts(mesh, axes)[2])


# --- The bridges between shard_map's global view and per-rank values --------
# share_p and count_once_p are the identity on values; they differ from it in
# their transposes. Each transpose is built so that transposing it again
# gives back a function equal to the original on the values it is used on
# (replicated ones), as `jax.linear_transpose` twice must:
#   count_once: identity, transposed: x / size (scale_down), whose transpose
#     is count_once again;
#   share: identity, transposed: count_once(allreduce(ct)), whose transpose,
#     allreduce(scale_down(x)), is the mean of a replicated value: itself.
# With several devices per process, `comm` holds the process parts of the
# axes, `device_axes` names their device parts (JAX's psum over those), and
# `size` counts devices.

def _linear_primitive(name, forward):
    prim = Primitive(name)
    prim.def_impl(forward)
    prim.def_abstract_eval(lambda x, **_: x)
    mlir.register_lowering(prim, mlir.lower_fun(forward, multiple_results=False))
    batching.primitive_batchers[prim] = lambda args, dims, **params: (
        prim.bind(*args, **params), dims[0])
    return prim


share_p = _linear_primitive("spmd_share", lambda x, **_: x)
count_once_p = _linear_primitive("spmd_count_once", lambda x, **_: x)
scale_down_p = _linear_primitive("spmd_scale_down", lambda x, *, size, **_: x / size)


def _share_transpose(ct, x, *, comm, size, device_axes):
    # a replicated input: its gradient is summed over the devices sharing it
    if comm.size > 1 or not device_axes:
        ct = allreduce(ct, MPI.SUM, comm=comm.comm)
    if device_axes:
        ct = jax.lax.psum(ct, device_axes)
    return [count_once_p.bind(ct, comm=comm, size=size, device_axes=device_axes)]


ad.deflinear2(share_p, _share_transpose)
# a replicated output: every rank holds the one value, which counts once
ad.deflinear2(count_once_p, lambda ct, x, **params: [scale_down_p.bind(ct, **params)])
ad.deflinear2(scale_down_p, lambda ct, x, **params: [count_once_p.bind(ct, **params)])


# --- The translation ----------------------------------------------------------

def _eval(mesh, jaxpr, consts, args):
    """Evaluate `jaxpr` on this rank's values, translating collectives."""
    env = {}

    several = mesh.devices_per_process > 1

    def read(v):
        value = ji.literal_value(v)
        if value is None:
            return env[v]
        # (with several devices, a literal typed for the traced body's mesh
        # would not fit the shard_map over the process's devices: its value)
        return np.asarray(value) if several else value
    env.update(zip(jaxpr.constvars, consts))
    env.update(zip(jaxpr.invars, args))
    for eqn in jaxpr.eqns:
        outs = _apply(mesh, eqn.primitive, [read(v) for v in eqn.invars], eqn.params, eqn)
        if not eqn.primitive.multiple_results:
            outs = [outs]
        env.update(zip(eqn.outvars, outs))
    return [read(v) for v in jaxpr.outvars]


def _apply(mesh, primitive, ins, params, eqn=None):
    """One operation on this rank's values, a collective translated: an
    equation of a jaxpr (`eqn`), or a primitive bound in a body run
    eagerly (`params` as bound)."""
    name = primitive.name
    if mesh.devices_per_process > 1 and Order.now() is not None and (
            (name in DEVICE_RULES and name not in ("axis_index", "pvary"))
            or ((name in CONTROL_FLOW or ji.remat3_params(primitive, params) is not None)
                and _contains_collective(params))):
        return Order.now().around(lambda *xs: _apply(mesh, primitive, xs, params, eqn),
                                   ins, primitive.multiple_results)
    rules = RULES if mesh.devices_per_process == 1 else DEVICE_RULES
    if name in rules:
        return _keys_as_data(rules[name], mesh, primitive, ins, params)
    if mesh.devices_per_process > 1 and name in DEVICE_RETYPED:
        return DEVICE_RETYPED[name](primitive, *ins, **params)
    if name in CONTROL_FLOW:
        return CONTROL_FLOW[name](mesh, eqn, *ins, **params)
    remat = ji.remat3_params(primitive, params)
    if remat is not None:
        return _checkpoint(mesh, eqn, *ins, **remat)
    _refuse_untranslated(primitive, params)
    subfuns = ()
    if eqn is not None:
        subfuns, params = ji.bind_params(eqn)
    if mesh.devices_per_process > 1:
        params = untyped(params)
    return primitive.bind(*subfuns, *ins, **params)


def _keys_as_data(rule, mesh, primitive, ins, params):
    """A collective's rule on typed PRNG keys (`jax.random.key`), which JAX's
    collectives move like any value: applied to their key data (MPI moves
    plain numbers), the results made keys again. The key data's extra axes
    trail the key's, so the collectives' axis parameters still hold."""
    impls = [jax.random.key_impl(x) for x in ins
             if jnp.issubdtype(getattr(x, "dtype", None), jax.dtypes.prng_key)]
    if not impls:
        return rule(mesh, primitive, *ins, **params)
    outs = rule(mesh, primitive, *[jax.random.key_data(x) if jnp.issubdtype(
        x.dtype, jax.dtypes.prng_key) else x for x in ins], **params)
    # (the data-moving collectives: one result, of their operand's kind)
    return jax.random.wrap_key_data(outs, impl=impls[0])


def _eval_closed(mesh, closed, *args):
    jaxpr, consts = ji.jaxpr_parts(closed)
    if mesh.devices_per_process > 1 and any(
            _communicates(e.primitive) or _contains_collective(e.params) for e in jaxpr.eqns):
        # a control-flow body: its collectives chained among themselves
        # (the construct as a whole is one link of the enclosing chain)
        with Order.of(args) as order:
            return order.results(_eval(mesh, jaxpr, consts, list(args)))
    return _eval(mesh, jaxpr, consts, list(args))


def _communicates(primitive):
    return primitive.name in ji.PARALLEL_PRIMITIVES and primitive.name != "pvary"


def _contains_collective(params):
    return any(_communicates(e.primitive) or _contains_collective(e.params)
               for j in ji.sub_jaxprs(params) for e in ji.jaxpr_parts(j)[0].eqns)


def _refuse_untranslated(primitive, params):
    if _communicates(primitive):
        raise NotImplementedError(
            f"mpicoll.spmd: the collective '{primitive.name}' has no MPI translation "
            f"(supported: {', '.join(sorted(set(RULES) - {'pvary'}))})")
    if _contains_collective(params):
        raise NotImplementedError(
            f"mpicoll.spmd: '{primitive.name}' contains a collective; only jit, cond, "
            "scan, while_loop/fori_loop, checkpoint, custom_jvp and custom_vjp are "
            "translated around collectives")



# --- Control flow, rebuilt around translated bodies ---------------------------

def _jit(mesh, eqn, *xs, jaxpr, **_):
    return _eval_closed(mesh, jaxpr, *xs)


def _cond(mesh, eqn, index, *ops, branches, **_):
    return jax.lax.switch(index, [functools.partial(_eval_closed, mesh, b) for b in branches],
                          *ops)


def _scan(mesh, eqn, *xs, jaxpr, length, reverse, unroll, **params):
    consts, init, seqs = ji.scan_operands(params, xs)

    def body(carry, x):
        outs = _eval_closed(mesh, jaxpr, *consts, *carry, *x)
        return outs[:len(init)], outs[len(init):]
    carry, ys = jax.lax.scan(body, init, seqs, length=length, reverse=reverse, unroll=unroll)
    return [*carry, *ys]


def _while(mesh, eqn, *xs, cond_jaxpr, body_jaxpr, cond_nconsts, body_nconsts, **_):
    cconsts, bconsts = xs[:cond_nconsts], xs[cond_nconsts:cond_nconsts + body_nconsts]
    init = list(xs[cond_nconsts + body_nconsts:])
    return jax.lax.while_loop(lambda c: _eval_closed(mesh, cond_jaxpr, *cconsts, *c)[0],
                              lambda c: _eval_closed(mesh, body_jaxpr, *bconsts, *c), init)


def _checkpoint(mesh, eqn, *xs, jaxpr, policy, prevent_cse=True, **_):
    # A checkpoint again, with the same policy: what it saves and what it
    # recomputes are the translated body's values of the same names and
    # kinds (names come from checkpoint_name equations, re-bound as they
    # are), so gradients recompute what shard_map's do, collectives included.
    return jax.checkpoint(lambda *a: _eval_closed(mesh, jaxpr, *a),
                          prevent_cse=prevent_cse, policy=policy)(*xs)


def _closed_call(mesh, eqn, *xs, call_jaxpr, **_):
    return _eval_closed(mesh, call_jaxpr, *xs)


def _rule_context(mesh, check_vma):
    """The body's context, where a custom rule of it is traced (when it is
    differentiated: with several devices per process, inside the shard_map
    over them)."""
    return ji.body_context(mesh.axis_names, mesh.axis_sizes, check_vma,
                           nested=mesh.devices_per_process > 1)


def _custom_jvp(mesh, eqn, *xs, call_jaxpr, num_consts, **_):
    # A custom_jvp function again, around the translated function and the
    # translated rule. As in JAX, the rule takes no tangents of the
    # constants the function closed over (num_consts).
    consts = xs[:num_consts]

    @jax.custom_jvp
    def function(*args):
        return _eval_closed(mesh, call_jaxpr, *consts, *args)

    @function.defjvp
    def rule(primals, tangents):
        with _rule_context(mesh, ji.vma_typed(eqn)):
            jaxpr, rule_consts, zero_out = ji.custom_jvp_rule(eqn)
        outs = _eval(mesh, jaxpr, rule_consts, [*primals, *tangents])
        primals_out, nonzero = outs[:len(zero_out)], iter(outs[len(zero_out):])
        return primals_out, [jnp.zeros_like(p) if zero else next(nonzero)
                             for p, zero in zip(primals_out, zero_out)]
    return function(*xs[num_consts:])


def _custom_vjp(mesh, eqn, *xs, call_jaxpr, num_consts, **_):
    # A custom_vjp function again, around the translated function, forward
    # rule and backward rule, each traced in the body's context.
    consts, check_vma = xs[:num_consts], ji.vma_typed(eqn)
    res_avals = []       # the residuals' types in the body, for the backward rule

    def traced(rule, *args):
        with _rule_context(mesh, check_vma):
            return rule(*args)

    @jax.custom_vjp
    def function(*args):
        return _eval_closed(mesh, call_jaxpr, *consts, *args)

    def forward(*args):
        jaxpr, fwd_consts, n_res, input_fwds, avals = traced(ji.custom_vjp_forward, eqn)
        res_avals[:] = avals
        outs = _eval(mesh, jaxpr, fwd_consts, list(args))
        res_out, operands = iter(outs[:n_res]), [*consts, *args]
        residuals = [next(res_out) if f is None else operands[f] for f in input_fwds]
        return outs[n_res:], residuals

    def backward(residuals, cts):
        jaxpr, bwd_consts = traced(ji.custom_vjp_backward, eqn, res_avals)
        return tuple(_eval(mesh, jaxpr, bwd_consts, [*residuals, *cts]))

    function.defvjp(forward, backward)
    return function(*xs[num_consts:])


CONTROL_FLOW = {
    "jit": _jit, "pjit": _jit, "cond": _cond, "scan": _scan, "while": _while,
    "checkpoint": _checkpoint, "remat2": _checkpoint, "closed_call": _closed_call,
    "core_call": _closed_call, "eval_jaxpr": _closed_call, "custom_jvp_call": _custom_jvp,
    "custom_vjp_call": _custom_vjp,
}
