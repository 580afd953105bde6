"""`mpicoll.spmd` with several devices per process.

With `ProcessMesh(..., devices_per_process=D)` spmd evaluates the body
inside a `jax.shard_map` over the process's D devices (`local_device_mesh`;
each argument stacks its devices' blocks, `block_shape`). Each collective is
JAX's own over the device parts of its axes composed with mpicoll's over the
process parts (`DEVICE_RULES`), and all of a process's devices make their
collectives in one order (`Order`).

Imports: JAX, NumPy, mpi4py, mpicoll's operations, `data_ties` and
`spmd_rules`; `spmd`
imports it.
"""

import contextlib
import functools
import math

import jax
import jax.numpy as jnp
import numpy as np
from mpi4py import MPI

from mpicoll._src.data_ties import chain
from mpicoll._src.ops.allreduce import allreduce
from mpicoll._src.ops.alltoall import alltoall
from mpicoll._src.ops.gathers import allgather, reduce_scatter
from mpicoll._src.ops.rooted import bcast
from mpicoll._src.ops.sendrecv import sendrecv
from mpicoll._src.spmd_rules import RULES, in_comm_order, mesh_axes, reduction_for, unchanged


def device_axis(name):
    """The name of the device part of mesh axis `name` (an axis of the
    shard_map over a process's devices)."""
    return f"{name}/devices"


def local_device_mesh(mesh):
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
                             tuple(device_axis(a) for a, _ in parts))


def block_shape(mesh, x, index):
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


# --- The translation with several devices per process --------------------------
# Each mesh axis of size a is a process part a_p times a device part a_d, and
# the member at index i along it is device i % a_d of process i // a_d
# (mesh.py). A collective over axes A is JAX's own collective over the device
# parts (the axes `device_axis` of the shard_map over the process's
# devices) composed with mpicoll's over the process parts (the process
# mesh's sub-communicator of A), members reordered between the two index
# orders: (process index, device index), each row-major over A, and the
# linear index over A, row-major over (i_p * a_d + i_d) of each axis.

def parts(mesh, axes):
    """The process parts and device parts of `axes` (order given), and the
    device axis names of the non-trivial device parts."""
    where = [mesh.axis_names.index(a) for a in axes]
    process = tuple(mesh.process_sizes[i] for i in where)
    device = tuple(mesh.device_sizes[i] for i in where)
    return process, device, tuple(device_axis(a) for a, d in zip(axes, device) if d > 1)


def _interleaved(blocks, process, device):
    """Blocks indexed (process index, device index) -> by linear index."""
    n = len(process)
    rest = blocks.shape[2:]
    b = blocks.reshape(process + device + rest)
    order = [k for j in range(n) for k in (j, n + j)]
    b = jnp.transpose(b, order + list(range(2 * n, b.ndim)))
    return b.reshape((math.prod(process) * math.prod(device),) + rest)   # (rest may hold a 0)


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


class Order:
    """One order of the communicating operations on every device of a
    process.

    XLA runs the devices' programs on threads of their own, and the
    operations of one program that do not depend on each other in any
    order: a device blocked in an MPI operation while the other devices
    of its process wait for it in one of JAX's in-process collectives
    (which itself waits for a device blocked in MPI on another process) is
    a deadlock. So each collective (and each control-flow operation with
    collectives inside) is chained to the previous one by data, the only
    order XLA:CPU's executor keeps (it drops `lax.optimization_barrier`,
    which this chain used to pass through: under JAX 0.10 two devices of
    a process then ran a 2 x 2 job's collectives in different orders and
    deadlocked in most runs). A link reads its operands through
    `data_ties.chain` with the chain's token (a float32 scalar), and the
    token goes on through `chain` with the link's results, which later
    operations read from there. The token is +0.0, computed from the
    arguments, and the body's results are chained with it at the end, so
    that derivatives carry the chain too (`chain`'s tangents and
    cotangents are chained: the transposed operations form the reversed
    chain). A control-flow operation with collectives inside is one link,
    and its bodies chain their own collectives (`_eval_closed`). The
    chain copies each operand of a link and each of the body's results
    once (a link's results keep their memory), and costs no compiled
    kernel on the CPU.
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
        """`run(*ins)`, the next link of the chain."""
        # Copied by the chain's handler, not aliased: an operand still read
        # later then costs an XLA copy instead, which was slower (2 processes
        # x 2 devices, four psums of 16 MiB: 49-51 ms aliased, 35-36 ms
        # copied). Aliasing the body's results changed nothing measurable.
        *ins, self.token = chain(*ins, self.token)
        self._stack.append(None)        # (nothing chained inside control flow)
        try:
            outs = run(*ins)
        finally:
            self._stack.pop()
        listed = list(outs) if multiple_results else [outs]
        self.token, *listed = chain(self.token, *listed, aliased=True)
        return listed if multiple_results else listed[0]

    def results(self, outs):
        """The body's results, chained after the last link."""
        return chain(*outs, self.token)[:len(outs)]


def _device_rule(rule):
    """`rule` over `mesh`'s process mesh where the axes have no device part
    (one device per member along them), else the composition `rule`."""
    def apply(mesh, primitive, *xs, **params):
        name = params.get("axes", params.get("axis_name"))
        axes = mesh_axes(mesh, name, params.get("axis_index_groups"))
        if not parts(mesh, axes)[2]:
            return RULES[primitive.name](mesh.process_mesh, primitive, *xs, **params)
        rest = {k: v for k, v in params.items() if k not in ("axes", "axis_name")}
        return rule(mesh, axes, *parts(mesh, axes), primitive, *xs, **rest)
    return apply


def _device_reduction(op, lax_op):
    def rule(mesh, axes, process, device, names, primitive, *xs, **_):
        pm = mesh.process_mesh
        outs = [lax_op(x, names) for x in xs]
        if math.prod(process) > 1:
            outs = [allreduce(x, reduction_for(op, x.dtype), comm=pm.axis_comm(axes))
                    for x in outs]
        return outs if primitive.multiple_results else outs[0]
    return rule


def _every_block(mesh, axes, process, device, names, x):
    """(group size, *x.shape): every member's `x`, by linear index."""
    pm = mesh.process_mesh
    g = jax.lax.all_gather(x, names, axis=0, tiled=False)
    if math.prod(process) > 1:
        g = in_comm_order(pm, axes, allgather(g, comm=pm.axis_comm(axes)), inverse=True)
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
        y = reduce_scatter(in_comm_order(pm, axes, blocks), MPI.SUM, comm=pm.axis_comm(axes))
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
        y = in_comm_order(pm, axes, alltoall(in_comm_order(pm, axes, y),
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
            staged = sendrecv(staged, (x * 0).astype(x.dtype) if receives else jnp.zeros_like(x),
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
        here = jax.lax.axis_index(device_axis(a)) if d > 1 else 0
        index = index * mesh.axis_sizes[i] + pm.coords[i] * d + here
    return jnp.asarray(index, jnp.int32)


def _device_axis_index(mesh, primitive, *, axis_name, **_):
    return _linear_index(mesh, mesh_axes(mesh, axis_name))


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
    "pvary": unchanged,
}

# With several devices the body's equations are bound again inside the
# shard_map over the process's devices, whose mesh is not the traced body's:
# what was typed for that mesh and would clash with the blocks is made again.
# Every operation's result sharding typed for the traced mesh is left to
# JAX (`untyped`: an iota, jnp.argsort's; a broadcast, the zeros of
# jax.nn.relu's derivative rule under JAX 0.10; the dot_general, reshape
# and reductions of a derivative taken inside the body, which `jax.vmap`
# of the body checks against its mesh); a reshard to the traced mesh's
# (JAX 0.10) is left out; a jax.numpy operation written as a "hi" primitive
# (jnp.searchsorted, jnp.einsum, ...) holds its result's type, so it is
# expanded into the primitives it stands for.
def untyped(params):
    """`params` without the result shardings typed for the traced mesh."""
    return {key: None if key in ("sharding", "out_sharding") and
            isinstance(value, jax.sharding.NamedSharding) else value
            for key, value in params.items()}


DEVICE_RETYPED = {
    "reshard": lambda primitive, x, **_: x,
    "call_hi_primitive": lambda primitive, *ins, **params: primitive.to_lojax(*ins, **params),
}
