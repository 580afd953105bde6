"""`mpicoll.spmd`: run a `jax.shard_map` per-device function across MPI ranks.

JAX traces the function as `jax.shard_map` would, over a device-less mesh of
the process mesh's shape (so its typing of varying and invariant values and
its differentiation inside the body are JAX's own). The body's jaxpr is then
evaluated on each rank's local blocks, equation by equation, with JAX's
collectives replaced by mpicoll's operations on the mesh's
sub-communicators (`RULES`); control flow is rebuilt around the translated
bodies. What remains is ordinary mpicoll code, so `jax.grad`, `jvp`, `vmap`
and `jit` of the result work through mpicoll's rules.

With several devices per process (`ProcessMesh(..., devices_per_process=D)`)
the evaluation runs inside a `jax.shard_map` over the process's D devices,
whose axes are the device parts of the mesh axes; each collective becomes
JAX's own over the device parts composed with mpicoll's over the process
parts (`DEVICE_RULES`).

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
"""

import contextlib
import functools
import math
import re

import jax
import jax.numpy as jnp
import numpy as np
from jax.extend.core import Primitive
from jax.interpreters import ad, batching, mlir
from mpi4py import MPI

from mpicoll._src import jax_internals as ji
from mpicoll._src.comms import resolve_comm
from mpicoll._src.mesh import ProcessMesh
from mpicoll._src.ops.allreduce import allreduce
from mpicoll._src.ops.alltoall import alltoall
from mpicoll._src.ops.gathers import allgather, reduce_scatter
from mpicoll._src.ops.ragged import ragged_alltoall
from mpicoll._src.ops.rooted import bcast
from mpicoll._src.ops.sendrecv import sendrecv
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
    that differ along those axes, ordered as JAX orders the tuple).

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
      NotImplementedError: under `jax.linear_transpose`, a program that is
        not linear (JAX's own error, on every rank).
    """
    if not isinstance(mesh, ProcessMesh):
        raise TypeError(f"mpicoll.spmd: mesh must be an mpicoll.ProcessMesh, got {mesh!r}")
    if in_specs is None:        # as jax.shard_map: None is a static argument's spec only
        raise TypeError("mpicoll.spmd: in_specs must be a PartitionSpec or a tree of them "
                        "(None marks static arguments), but it was None; did you mean P()?")
    smap = jax.shard_map(f, mesh=ji.abstract_mesh(mesh.axis_sizes, mesh.axis_names),
                         in_specs=in_specs, out_specs=out_specs, check_vma=check_vma)

    several = mesh.devices_per_process > 1
    local_mesh = _local_mesh(mesh) if several else None

    def run(static, *blocks):
        # (with several devices, the blocks of this rank's devices are
        # stacked along a leading axis)
        device_blocks = [jax.ShapeDtypeStruct(_device_block_shape(mesh, x, i), x.dtype)
                         for i, x in enumerate(blocks)]
        global_blocks = [jax.ShapeDtypeStruct(_global_shape(mesh, x.shape, s, i), x.dtype)
                         for i, (x, s) in enumerate(zip(device_blocks, static.specs))]
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
                with _Order.of(ins) as order:
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
        static, blocks = _Static.split(args, in_specs)
        if several:
            for i, x in enumerate(blocks):
                _device_block_shape(mesh, x, i)
            # (a committed array on other devices than the local mesh's would
            # be refused by jit)
            sharding = jax.NamedSharding(local_mesh, jax.sharding.PartitionSpec(
                local_mesh.axis_names))
            blocks = [x if isinstance(x, jax.core.Tracer) else jax.device_put(x, sharding)
                      for x in blocks]
        elif ji.at_top_level():
            return _run_eagerly(f, mesh, out_specs, check_vma, static, blocks)
        if not static.hashable:
            # traced and compiled for this call only, as jax.shard_map does
            return jax.jit(functools.partial(run, static))(*blocks)
        if several and any(isinstance(x, ji.pe.JaxprTracer) for x in blocks):
            # jax.linear_transpose: the program as one linear primitive
            # (spmd_transpose.py)
            program = LinearProgram(functools.partial(run_jitted, static), blocks)
            return bind_linear(program, functools.partial(_check_linear, smap, mesh, static,
                                                          program), blocks)
        return run_jitted(static, *blocks)
    return call


def _check_linear(smap, mesh, static, program):
    """Raise JAX's own error where the program is not linear: its
    `jax.linear_transpose`, traced over the global arrays as `jax.shard_map`
    defines them (nothing runs)."""
    device_blocks = [jax.ShapeDtypeStruct(_device_block_shape(mesh, a, i), a.dtype)
                     for i, a in enumerate(program.in_avals)]
    global_blocks = [jax.ShapeDtypeStruct(_global_shape(mesh, x.shape, s, i), x.dtype)
                     for i, (x, s) in enumerate(zip(device_blocks, static.specs))]
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


def _device_axis(name):
    """The name of the device part of mesh axis `name` (an axis of the
    shard_map over a process's devices)."""
    return f"{name}/devices"


def _local_mesh(mesh):
    """The mesh of this process's first D devices, one axis per
    non-trivial device part, in mesh order: local device d sits at the
    row-major position d, as global device r * D + d of the mesh."""
    D = mesh.devices_per_process
    devices = jax.local_devices()
    if len(devices) < D:
        raise ValueError(
            f"mpicoll.spmd: {mesh} needs {D} local devices per process, this process has "
            f"{len(devices)} (for CPU devices: XLA_FLAGS="
            f"--xla_force_host_platform_device_count={D}, first in XLA_FLAGS)")
    parts = [(a, d) for a, d in zip(mesh.axis_names, mesh.device_sizes) if d > 1]
    return jax.sharding.Mesh(np.array(devices[:D]).reshape([d for _, d in parts]),
                             tuple(_device_axis(a) for a, _ in parts))


def _device_block_shape(mesh, x, index):
    """The shape of one device's block of argument `x` (with several devices
    per process: `x` stacks them along a leading axis of length D)."""
    shape = np.shape(x)
    D = mesh.devices_per_process
    if D == 1:
        return shape
    if not shape or shape[0] != D:
        raise ValueError(
            f"mpicoll.spmd: argument {index} has shape {shape}; with {D} devices per process "
            f"each argument stacks this process's {D} devices' blocks along a leading axis "
            f"of length {D}")
    return shape[1:]


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
                     device_axes=_parts(mesh, axes)[2])


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
    if mesh.devices_per_process > 1 and _Order.now() is not None and (
            (name in DEVICE_RULES and name not in ("axis_index", "pvary"))
            or ((name in CONTROL_FLOW or ji.remat3_params(primitive, params) is not None)
                and _contains_collective(params))):
        return _Order.now().around(lambda *xs: _apply(mesh, primitive, xs, params, eqn),
                                   ins, primitive.multiple_results)
    rules = RULES if mesh.devices_per_process == 1 else DEVICE_RULES
    if name in rules:
        return rules[name](mesh, primitive, *ins, **params)
    if mesh.devices_per_process > 1 and name in DEVICE_RETYPED:
        return DEVICE_RETYPED[name](primitive, *ins, **params)
    if name in CONTROL_FLOW:
        return CONTROL_FLOW[name](mesh, eqn, *ins, **params)
    remat = ji.remat3_params(primitive, params)
    if remat is not None:
        return _checkpoint(mesh, eqn, *ins, **remat)
    _refuse_untranslated(primitive, params)
    if eqn is None:
        return primitive.bind(*ins, **params)
    subfuns, params = ji.bind_params(eqn)
    return primitive.bind(*subfuns, *ins, **params)


def _eval_closed(mesh, closed, *args):
    jaxpr, consts = ji.jaxpr_parts(closed)
    if mesh.devices_per_process > 1 and any(
            _communicates(e.primitive) or _contains_collective(e.params) for e in jaxpr.eqns):
        # a control-flow body: its collectives chained among themselves
        # (the construct as a whole is one link of the enclosing chain)
        with _Order.of(args) as order:
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


def _axes(mesh, axes, axis_index_groups=None):
    if axis_index_groups is not None:
        raise NotImplementedError("mpicoll.spmd: axis_index_groups is not supported")
    axes = (axes,) if isinstance(axes, str) else tuple(axes)
    if any(not isinstance(a, str) for a in axes):
        raise NotImplementedError(f"mpicoll.spmd: positional axes {axes} are not supported "
                                  "(name mesh axes only)")
    mesh.mesh_order(axes)       # checks the names
    return axes


def _reduction(op):
    def rule(mesh, primitive, *xs, axes, axis_index_groups=None, **_):
        comm = mesh.axis_comm(_axes(mesh, axes, axis_index_groups))
        outs = [allreduce(x, op, comm=comm) for x in xs]
        return outs if primitive.multiple_results else outs[0]
    return rule


def _in_comm_order(mesh, axes, blocks, inverse=False):
    """Blocks indexed by the linear index over `axes` (as JAX orders them),
    put in the sub-communicator's rank order (or back, `inverse`)."""
    order = mesh.order_in_comm(axes)
    if order == list(range(len(order))):
        return blocks
    return blocks[np.argsort(order)] if not inverse else blocks[np.asarray(order)]


def _all_gather(mesh, primitive, x, *, axis_name, all_gather_dimension, tiled,
                axis_index_groups=None, **_):
    axes = _axes(mesh, axis_name, axis_index_groups)
    g = _in_comm_order(mesh, axes, allgather(x, comm=mesh.axis_comm(axes)), inverse=True)
    g = jnp.moveaxis(g, 0, all_gather_dimension)
    if not tiled:
        return g
    d = all_gather_dimension      # the members' blocks side by side along d
    return g.reshape(x.shape[:d] + (g.shape[d] * x.shape[d],) + x.shape[d + 1:])


def _reduce_scatter(mesh, primitive, x, *, axis_name, scatter_dimension, tiled,
                    axis_index_groups=None, **_):
    axes = _axes(mesh, axis_name, axis_index_groups)
    size = mesh.group_size(axes)
    blocks = jnp.moveaxis(x, scatter_dimension, 0)
    if tiled:
        blocks = blocks.reshape((size, blocks.shape[0] // size) + blocks.shape[1:])
    y = reduce_scatter(_in_comm_order(mesh, axes, blocks), MPI.SUM, comm=mesh.axis_comm(axes))
    return jnp.moveaxis(y, 0, scatter_dimension) if tiled else y


def _all_to_all(mesh, primitive, x, *, axis_name, split_axis, concat_axis,
                axis_index_groups=None, **_):
    # the primitive's semantics (jax.lax.all_to_all reshapes around it when
    # not tiled): split_axis is cut into one chunk per member, chunk j goes
    # to member j, and the chunks received are concatenated along concat_axis
    axes = _axes(mesh, axis_name, axis_index_groups)
    size, s, c = mesh.group_size(axes), split_axis, concat_axis
    chunk = x.shape[:s] + (x.shape[s] // size,) + x.shape[s + 1:]
    chunks = jnp.moveaxis(x.reshape(x.shape[:s] + (size,) + chunk[s:]), s, 0)
    got = _in_comm_order(mesh, axes, alltoall(_in_comm_order(mesh, axes, chunks),
                                              comm=mesh.axis_comm(axes)), inverse=True)
    return jnp.moveaxis(got, 0, c).reshape(chunk[:c] + (size * chunk[c],) + chunk[c + 1:])


def _ppermute(mesh, primitive, x, *, axis_name, perm, **_):
    axes = _axes(mesh, axis_name)
    me, ranks = mesh.axis_index(axes), mesh.order_in_comm(axes)
    dest = [ranks[d] for s, d in perm if s == me]
    source = [ranks[s] for s, d in perm if d == me]
    return sendrecv(x, jnp.zeros_like(x), source[0] if source else MPI.PROC_NULL,
                    dest[0] if dest else MPI.PROC_NULL, comm=mesh.axis_comm(axes))


def _axis_index(mesh, primitive, *, axis_name, **_):
    return jnp.asarray(mesh.axis_index(_axes(mesh, axis_name)), jnp.int32)   # as JAX types it


def _pbroadcast(mesh, primitive, x, *, axis_name, source, **_):
    axes = _axes(mesh, axis_name)
    return bcast(x, mesh.order_in_comm(axes)[source], comm=mesh.axis_comm(axes))


def _ragged_all_to_all(mesh, primitive, operand, output, input_offsets, send_sizes, output_offsets,
                       recv_sizes, *, axis_name, axis_index_groups=None, **_):
    # jax.lax.ragged_all_to_all: operand[input_offsets[j]:][:send_sizes[j]]
    # goes to member j, into its output at output_offsets[j] (an offset in
    # the receiver's output). mpicoll.ragged_alltoall moves contiguous
    # runs of rows in rank order, so the runs are packed first, each
    # sender's offsets for this rank come with one alltoall, and the rows
    # received are scattered to them.
    axes = _axes(mesh, axis_name, axis_index_groups)
    comm = mesh.axis_comm(axes)
    by_rank = np.argsort(mesh.order_in_comm(axes))      # member index of each comm rank
    input_offsets, send_sizes, output_offsets = (
        jnp.asarray(v)[by_rank] for v in (input_offsets, send_sizes, output_offsets))
    packed = operand[_run_rows(input_offsets, send_sizes, operand.shape[0])]
    rows, counts = ragged_alltoall(packed, send_sizes, output.shape[0], comm=comm)
    offsets_here = alltoall(output_offsets[:, None], comm=comm)[:, 0]
    targets = _run_rows(offsets_here, counts, output.shape[0], fill=output.shape[0])
    return output.at[targets].set(rows, mode="drop")


def _run_rows(starts, sizes, n, fill=None):
    """For each of `n` rows of runs laid end to end (run k: `sizes[k]` rows),
    the row `starts[k] + position in run k`; rows past the runs get `fill`
    (or stay in bounds, where they are not used)."""
    ends = jnp.cumsum(sizes)
    row = jnp.arange(n, dtype=ends.dtype)
    run = jnp.minimum(jnp.searchsorted(ends, row, side="right"), sizes.shape[0] - 1)
    index = starts[run] + row - (ends[run] - sizes[run])
    past = row >= ends[-1]
    return jnp.where(past, 0 if fill is None else fill, index)


def _unchanged(mesh, primitive, *xs, **_):
    return list(xs) if primitive.multiple_results else xs[0]


RULES = {
    "psum": _reduction(MPI.SUM), "psum_invariant": _reduction(MPI.SUM),
    "pmax": _reduction(MPI.MAX), "pmin": _reduction(MPI.MIN),
    "all_gather": _all_gather, "all_gather_invariant": _all_gather,
    "reduce_scatter": _reduce_scatter, "all_to_all": _all_to_all,
    "ppermute": _ppermute, "axis_index": _axis_index, "pbroadcast": _pbroadcast,
    "ragged_all_to_all": _ragged_all_to_all,
    # typing only: a value invariant over axes becomes varying over them
    "pvary": _unchanged,
}


# --- The translation with several devices per process --------------------------
# Each mesh axis of size a is a process part a_p times a device part a_d, and
# the member at index i along it is device i % a_d of process i // a_d
# (mesh.py). A collective over axes A is JAX's own collective over the device
# parts (the axes `_device_axis` of the shard_map over the process's
# devices) composed with mpicoll's over the process parts (the process
# mesh's sub-communicator of A), members reordered between the two index
# orders: (process index, device index), each row-major over A, and the
# linear index over A, row-major over (i_p * a_d + i_d) of each axis.

def _parts(mesh, axes):
    """The process parts and device parts of `axes` (order given), and the
    device axis names of the non-trivial device parts."""
    where = [mesh.axis_names.index(a) for a in axes]
    process = tuple(mesh.process_sizes[i] for i in where)
    device = tuple(mesh.device_sizes[i] for i in where)
    return process, device, tuple(_device_axis(a) for a, d in zip(axes, device) if d > 1)


def _interleaved(blocks, process, device):
    """Blocks indexed (process index, device index) -> by linear index."""
    n = len(process)
    rest = blocks.shape[2:]
    b = blocks.reshape(process + device + rest)
    order = [k for j in range(n) for k in (j, n + j)]
    b = jnp.transpose(b, order + list(range(2 * n, b.ndim)))
    return b.reshape((-1,) + rest)


def _separated(blocks, process, device):
    """Blocks indexed by linear index -> (process index, device index)."""
    n = len(process)
    rest = blocks.shape[1:]
    b = blocks.reshape(tuple(x for pd in zip(process, device) for x in pd) + rest)
    order = [2 * j for j in range(n)] + [2 * j + 1 for j in range(n)]
    b = jnp.transpose(b, order + list(range(2 * n, b.ndim)))
    return b.reshape((math.prod(process), math.prod(device)) + rest)


def _split_index(i, axes_sizes, process, device):
    """(process index, device index) of linear index `i` over axes."""
    coords = np.unravel_index(i, axes_sizes)
    p = np.ravel_multi_index([c // d for c, d in zip(coords, device)], process)
    d = np.ravel_multi_index([c % d for c, d in zip(coords, device)], device)
    return int(p), int(d)


class _Order:
    """One order of the communicating operations on every device of a
    process.

    XLA runs the devices' programs on threads of their own, and the
    operations of one program that do not depend on each other in any
    order: a device blocked in an MPI operation while the other devices
    of its process wait for it in one of JAX's in-process collectives
    (which itself waits for a device blocked in MPI on another process) is
    a deadlock. So each collective (and each control-flow operation with
    collectives inside) is chained to the previous one: its operands and
    a token pass through one `lax.optimization_barrier`, its results and
    the token through another. The token is +0.0 derived from the
    arguments and subtracted from the results, so that derivatives carry
    it too (the transposed operations form the reversed chain) and every
    result keeps its value: y - (+0.0) is y for every y, -0.0 included
    (adding it would turn -0.0 into +0.0). A control-flow
    operation with collectives inside is one link, and its bodies chain
    their own collectives (`_eval_closed`).
    """

    _stack = []

    def __init__(self, token):
        self.token = token

    @classmethod
    def now(cls):
        return cls._stack[-1] if cls._stack else None

    @classmethod
    @contextlib.contextmanager
    def of(cls, args):
        inexact = [x for x in args if jnp.issubdtype(jnp.result_type(x), jnp.inexact)]
        token = jnp.zeros((), jnp.float32)
        if inexact:
            # +0.0 whatever the argument (infinities and NaNs included),
            # computed from it, so that derivatives carry it. (A zero XLA
            # can compute before the program runs, such as the sum of none
            # of its elements, has let two launches' in-process collectives
            # deadlock.)
            first = jnp.ravel(inexact[0])[:1].sum().real.astype(jnp.float32)
            token = jnp.where(jnp.isfinite(first), jnp.abs(first * 0), 0.0)
        order = cls(token)
        cls._stack.append(order)
        try:
            yield order
        finally:
            cls._stack.pop()

    def around(self, run, ins, multiple_results):
        ins, self.token = jax.lax.optimization_barrier((list(ins), self.token))
        self._stack.append(None)        # (nothing chained inside control flow)
        try:
            outs = run(*ins)
        finally:
            self._stack.pop()
        listed = list(outs) if multiple_results else [outs]
        listed, self.token = jax.lax.optimization_barrier((listed, self.token))
        return listed if multiple_results else listed[0]

    def results(self, outs):
        """The body's results, with the chain's token (+0.0) subtracted."""
        return [y - self.token.astype(y.dtype)
                if jnp.issubdtype(jnp.result_type(y), jnp.inexact) else y for y in outs]


def _device_rule(rule):
    """`rule` over `mesh`'s process mesh where the axes have no device part
    (one device per member along them), else the composition `rule`."""
    def apply(mesh, primitive, *xs, **params):
        name = params.get("axes", params.get("axis_name"))
        axes = _axes(mesh, name, params.get("axis_index_groups"))
        if not _parts(mesh, axes)[2]:
            return RULES[primitive.name](mesh.process_mesh, primitive, *xs, **params)
        rest = {k: v for k, v in params.items() if k not in ("axes", "axis_name")}
        return rule(mesh, axes, *_parts(mesh, axes), primitive, *xs, **rest)
    return apply


def _device_reduction(op, lax_op):
    def rule(mesh, axes, process, device, names, primitive, *xs, **_):
        pm = mesh.process_mesh
        outs = [lax_op(x, names) for x in xs]
        if math.prod(process) > 1:
            outs = [allreduce(x, op, comm=pm.axis_comm(axes)) for x in outs]
        return outs if primitive.multiple_results else outs[0]
    return rule


def _every_block(mesh, axes, process, device, names, x):
    """(group size, *x.shape): every member's `x`, by linear index."""
    pm = mesh.process_mesh
    g = jax.lax.all_gather(x, names, axis=0, tiled=False)
    if math.prod(process) > 1:
        g = _in_comm_order(pm, axes, allgather(g, comm=pm.axis_comm(axes)), inverse=True)
    else:
        g = g[None]
    return _interleaved(g, process, device)


def _device_all_gather(mesh, axes, process, device, names, primitive, x, *,
                       all_gather_dimension, tiled, **_):
    g = jnp.moveaxis(_every_block(mesh, axes, process, device, names, x), 0,
                     all_gather_dimension)
    if not tiled:
        return g
    d = all_gather_dimension
    return g.reshape(x.shape[:d] + (g.shape[d] * x.shape[d],) + x.shape[d + 1:])


def _device_reduce_scatter(mesh, axes, process, device, names, primitive, x, *,
                           scatter_dimension, tiled, **_):
    pm = mesh.process_mesh
    size = mesh.group_size(axes)
    blocks = jnp.moveaxis(x, scatter_dimension, 0)
    if tiled:
        blocks = blocks.reshape((size, blocks.shape[0] // size) + blocks.shape[1:])
    blocks = _separated(blocks, process, device)
    if math.prod(process) > 1:      # the sum over processes of each device's blocks
        y = reduce_scatter(_in_comm_order(pm, axes, blocks), MPI.SUM, comm=pm.axis_comm(axes))
    else:
        y = blocks[0]
    y = jax.lax.psum_scatter(y, names, scatter_dimension=0, tiled=False)
    return jnp.moveaxis(y, 0, scatter_dimension) if tiled else y


def _device_all_to_all(mesh, axes, process, device, names, primitive, x, *,
                       split_axis, concat_axis, **_):
    pm = mesh.process_mesh
    size, s, c = mesh.group_size(axes), split_axis, concat_axis
    chunk = x.shape[:s] + (x.shape[s] // size,) + x.shape[s + 1:]
    chunks = jnp.moveaxis(x.reshape(x.shape[:s] + (size,) + chunk[s:]), s, 0)
    # [destination process, destination device]: first each chunk to its
    # destination device here ([destination process, source device]), then
    # to its process ([source process, source device])
    y = _separated(chunks, process, device)
    y = jax.lax.all_to_all(y, names, 1, 1, tiled=True)
    if math.prod(process) > 1:
        y = _in_comm_order(pm, axes, alltoall(_in_comm_order(pm, axes, y),
                                              comm=pm.axis_comm(axes)), inverse=True)
    got = _interleaved(y, process, device)
    return jnp.moveaxis(got, 0, c).reshape(chunk[:c] + (size * chunk[c],) + chunk[c + 1:])


def _device_ppermute(mesh, axes, process, device, names, primitive, x, *, perm, **_):
    # Grouped by process shift k (destination process index - source's,
    # modulo their number): in each round the values leaving this process
    # with shift k move to their destination devices here (JAX's
    # ppermute), then every device sends its value to the same device of
    # the process k further on (MPI). A device receives in one round at
    # most; the others give zeros.
    pm = mesh.process_mesh
    sizes = tuple(mesh.shape[a] for a in axes)
    n_p = math.prod(process)
    me, ranks = pm.axis_index(axes), pm.order_in_comm(axes)
    pairs = [(_split_index(s, sizes, process, device), _split_index(t, sizes, process, device))
             for s, t in perm]
    out = jnp.zeros_like(x)
    for k in sorted({(tp - sp) % n_p for (sp, _), (tp, _) in pairs}):
        here = [(sd, td) for (sp, sd), (tp, td) in pairs if sp == me and (tp - sp) % n_p == k]
        sends = bool(here)
        receives = any(tp == me and (tp - sp) % n_p == k for (sp, _), (tp, _) in pairs)
        if not sends and not receives:
            continue
        staged = jax.lax.ppermute(x, names, here) if here else jnp.zeros_like(x)
        if k:
            # (the receive template depends on x, so that a differentiated
            # message from the sender has a derivative to pair with here;
            # it is overwritten by what arrives)
            staged = sendrecv(staged, x * 0 if receives else jnp.zeros_like(x),
                              ranks[(me - k) % n_p] if receives else MPI.PROC_NULL,
                              ranks[(me + k) % n_p] if sends else MPI.PROC_NULL,
                              comm=pm.axis_comm(axes))
        out = out + staged
    return out


def _linear_index(mesh, axes):
    """This device's linear index over `axes` (traced where they have a
    device part)."""
    pm = mesh.process_mesh
    index = jnp.asarray(0, jnp.int32)
    for a in axes:
        i = mesh.axis_names.index(a)
        d = mesh.device_sizes[i]
        here = jax.lax.axis_index(_device_axis(a)) if d > 1 else 0
        index = index * mesh.axis_sizes[i] + pm.coords[i] * d + here
    return jnp.asarray(index, jnp.int32)


def _device_axis_index(mesh, primitive, *, axis_name, **_):
    return _linear_index(mesh, _axes(mesh, axis_name))


def _device_pbroadcast(mesh, axes, process, device, names, primitive, x, *, source, **_):
    pm = mesh.process_mesh
    sp, sd = _split_index(source, tuple(mesh.shape[a] for a in axes), process, device)
    y = jax.lax.all_gather(x, names, axis=0, tiled=False)[sd]
    if math.prod(process) > 1:
        y = bcast(y, pm.order_in_comm(axes)[sp], comm=pm.axis_comm(axes))
    return y


def _device_ragged(mesh, axes, process, device, names, primitive, operand, output,
                   input_offsets, send_sizes, output_offsets, recv_sizes, **_):
    # Every member's operand and offsets are gathered to every member (the
    # memory of the whole group's operands, and their traffic), and each
    # member picks out the runs sent to it: simple rather than lean; over
    # axes without a device part the MPI ragged exchange (RULES) is used.
    every = functools.partial(_every_block, mesh, axes, process, device, names)
    operands = every(operand)
    starts, counts, dests = (every(jnp.asarray(v)) for v in
                             (input_offsets, send_sizes, output_offsets))
    me = _linear_index(mesh, axes)
    rows = jnp.arange(operand.shape[0])
    out = output
    for sender in range(operands.shape[0]):
        count, start, dest = counts[sender, me], starts[sender, me], dests[sender, me]
        source = operands[sender][jnp.clip(start + rows, 0, operand.shape[0] - 1)]
        target = jnp.where(rows < count, dest + rows, output.shape[0])     # past: dropped
        out = out.at[target].set(source, mode="drop")
    return out


DEVICE_RULES = {
    "psum": _device_rule(_device_reduction(MPI.SUM, jax.lax.psum)),
    "psum_invariant": _device_rule(_device_reduction(MPI.SUM, jax.lax.psum)),
    "pmax": _device_rule(_device_reduction(MPI.MAX, jax.lax.pmax)),
    "pmin": _device_rule(_device_reduction(MPI.MIN, jax.lax.pmin)),
    "all_gather": _device_rule(_device_all_gather),
    "all_gather_invariant": _device_rule(_device_all_gather),
    "reduce_scatter": _device_rule(_device_reduce_scatter),
    "all_to_all": _device_rule(_device_all_to_all),
    "ppermute": _device_rule(_device_ppermute),
    "axis_index": _device_axis_index,
    "pbroadcast": _device_rule(_device_pbroadcast),
    "ragged_all_to_all": _device_rule(_device_ragged),
    "pvary": _unchanged,
}

# With several devices the body's equations are bound again inside the
# shard_map over the process's devices, whose mesh is not the traced body's:
# what was typed for that mesh and would clash with the blocks is made again.
# An iota (jnp.argsort's) gets the block's default sharding; a reshard to the
# traced mesh's (JAX 0.10) is left out; a jax.numpy operation written as a
# "hi" primitive (jnp.searchsorted, jnp.einsum, ...) holds its result's type,
# so it is expanded into the primitives it stands for.
DEVICE_RETYPED = {
    "iota": lambda primitive, **params: primitive.bind(**dict(params, sharding=None)),
    "reshard": lambda primitive, x, **_: x,
    "call_hi_primitive": lambda primitive, *ins, **params: primitive.to_lojax(*ins, **params),
}


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
        with ji.body_context(mesh.axis_names, mesh.axis_sizes, ji.vma_typed(eqn)):
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
        with ji.body_context(mesh.axis_names, mesh.axis_sizes, check_vma):
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
