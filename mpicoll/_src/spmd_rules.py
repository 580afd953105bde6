"""`mpicoll.spmd`'s translation of JAX's collectives with one device per process.

`RULES` maps each collective of a `jax.shard_map` body to mpicoll's
operations on the process mesh's sub-communicators: a psum over axes A is an
allreduce over the sub-communicator of A, and so on. Each rule takes the
mesh, the primitive, its operands and its parameters; `spmd._apply` calls
them as it evaluates the body. Members of a sub-communicator are in its
rank order, JAX's in the linear index over the axes (`in_comm_order`).

Imports: JAX, NumPy, mpi4py and mpicoll's operations; `spmd` and
`spmd_devices` import it.
"""

import jax.numpy as jnp
import numpy as np
from mpi4py import MPI

from mpicoll._src.ops.allreduce import allreduce
from mpicoll._src.ops.alltoall import alltoall
from mpicoll._src.ops.gathers import allgather, reduce_scatter
from mpicoll._src.ops.ragged import ragged_alltoall
from mpicoll._src.ops.rooted import bcast
from mpicoll._src.ops.sendrecv import sendrecv


def mesh_axes(mesh, axes, axis_index_groups=None):
    if axis_index_groups is not None:
        raise NotImplementedError("mpicoll.spmd: axis_index_groups is not supported")
    axes = (axes,) if isinstance(axes, str) else tuple(axes)
    if any(not isinstance(a, str) for a in axes):
        raise NotImplementedError(f"mpicoll.spmd: positional axes {axes} are not supported "
                                  "(name mesh axes only)")
    mesh.mesh_order(axes)       # checks the names
    return axes


def reduction_for(op, dtype):
    """The MPI reduction that computes JAX's `op` on `dtype`: MPI defines
    MAX and MIN for no logical type; on booleans they are LOR and LAND."""
    if jnp.dtype(dtype) == jnp.bool_:
        if op == MPI.MAX:
            return MPI.LOR
        if op == MPI.MIN:
            return MPI.LAND
    return op


def _reduction(op):
    def rule(mesh, primitive, *xs, axes, axis_index_groups=None, **_):
        comm = mesh.axis_comm(mesh_axes(mesh, axes, axis_index_groups))
        outs = [allreduce(x, reduction_for(op, x.dtype), comm=comm) for x in xs]
        return outs if primitive.multiple_results else outs[0]
    return rule


def in_comm_order(mesh, axes, blocks, inverse=False):
    """Blocks indexed by the linear index over `axes` (as JAX orders them),
    put in the sub-communicator's rank order (or back, `inverse`)."""
    order = mesh.order_in_comm(axes)
    if order == list(range(len(order))):
        return blocks
    return blocks[np.argsort(order)] if not inverse else blocks[np.asarray(order)]


def _all_gather(mesh, primitive, x, *, axis_name, all_gather_dimension, tiled,
                axis_index_groups=None, **_):
    axes = mesh_axes(mesh, axis_name, axis_index_groups)
    g = in_comm_order(mesh, axes, allgather(x, comm=mesh.axis_comm(axes)), inverse=True)
    g = jnp.moveaxis(g, 0, all_gather_dimension)
    if not tiled:
        return g
    d = all_gather_dimension      # the members' blocks side by side along d
    return g.reshape(x.shape[:d] + (g.shape[d] * x.shape[d],) + x.shape[d + 1:])


def _reduce_scatter(mesh, primitive, x, *, axis_name, scatter_dimension, tiled,
                    axis_index_groups=None, **_):
    axes = mesh_axes(mesh, axis_name, axis_index_groups)
    size = mesh.group_size(axes)
    blocks = jnp.moveaxis(x, scatter_dimension, 0)
    if tiled:
        blocks = blocks.reshape((size, blocks.shape[0] // size) + blocks.shape[1:])
    y = reduce_scatter(in_comm_order(mesh, axes, blocks), MPI.SUM, comm=mesh.axis_comm(axes))
    return jnp.moveaxis(y, 0, scatter_dimension) if tiled else y


def _all_to_all(mesh, primitive, x, *, axis_name, split_axis, concat_axis,
                axis_index_groups=None, **_):
    # the primitive's semantics (jax.lax.all_to_all reshapes around it when
    # not tiled): split_axis is cut into one chunk per member, chunk j goes
    # to member j, and the chunks received are concatenated along concat_axis
    axes = mesh_axes(mesh, axis_name, axis_index_groups)
    size, s, c = mesh.group_size(axes), split_axis, concat_axis
    chunk = x.shape[:s] + (x.shape[s] // size,) + x.shape[s + 1:]
    chunks = jnp.moveaxis(x.reshape(x.shape[:s] + (size,) + chunk[s:]), s, 0)
    got = in_comm_order(mesh, axes, alltoall(in_comm_order(mesh, axes, chunks),
                                              comm=mesh.axis_comm(axes)), inverse=True)
    return jnp.moveaxis(got, 0, c).reshape(chunk[:c] + (size * chunk[c],) + chunk[c + 1:])


def _ppermute(mesh, primitive, x, *, axis_name, perm, **_):
    axes = mesh_axes(mesh, axis_name)
    me, ranks = mesh.axis_index(axes), mesh.order_in_comm(axes)
    dest = [ranks[d] for s, d in perm if s == me]
    source = [ranks[s] for s, d in perm if d == me]
    return sendrecv(x, jnp.zeros_like(x), source[0] if source else MPI.PROC_NULL,
                    dest[0] if dest else MPI.PROC_NULL, comm=mesh.axis_comm(axes))


def _axis_index(mesh, primitive, *, axis_name, **_):
    return jnp.asarray(mesh.axis_index(mesh_axes(mesh, axis_name)), jnp.int32)   # as JAX types it


def _pbroadcast(mesh, primitive, x, *, axis_name, source, **_):
    axes = mesh_axes(mesh, axis_name)
    return bcast(x, mesh.order_in_comm(axes)[source], comm=mesh.axis_comm(axes))


def _ragged_all_to_all(mesh, primitive, operand, output, input_offsets, send_sizes, output_offsets,
                       recv_sizes, *, axis_name, axis_index_groups=None, **_):
    # jax.lax.ragged_all_to_all: operand[input_offsets[j]:][:send_sizes[j]]
    # goes to member j, into its output at output_offsets[j] (an offset in
    # the receiver's output). mpicoll.ragged_alltoall moves contiguous
    # runs of rows in rank order, so the runs are packed first, each
    # sender's count and offset for this rank come with one alltoall, and
    # the rows received are scattered to them. (The counts come from that
    # alltoall, not from ragged_alltoall's second result: under
    # jax.linear_transpose an operation with a linear operand computes
    # nothing before the transpose, and the scatter's indices must be known.)
    axes = mesh_axes(mesh, axis_name, axis_index_groups)
    comm = mesh.axis_comm(axes)
    by_rank = np.argsort(mesh.order_in_comm(axes))      # member index of each comm rank
    input_offsets, send_sizes, output_offsets = (
        jnp.asarray(v)[by_rank] for v in (input_offsets, send_sizes, output_offsets))
    packed = operand[_run_rows(input_offsets, send_sizes, operand.shape[0])]
    rows, _ = ragged_alltoall(packed, send_sizes, output.shape[0], comm=comm)
    here = alltoall(jnp.stack([send_sizes, output_offsets], 1), comm=comm)   # [i]: from i
    # rows past the runs go to distinct indices past the output, dropped: the
    # indices are unique, which the scatter's transpose needs
    targets = _run_rows(here[:, 1], here[:, 0], output.shape[0], past=output.shape[0])
    return output.at[targets].set(rows, mode="drop", unique_indices=True)


def _run_rows(starts, sizes, n, past=None):
    """For each of `n` rows of runs laid end to end (run k: `sizes[k]` rows),
    the row `starts[k] + position in run k`; row i past the runs gets
    `past + i` (or stays in bounds where `past` is None: it is not used)."""
    ends = jnp.cumsum(sizes)
    row = jnp.arange(n, dtype=ends.dtype)
    run = jnp.minimum(jnp.searchsorted(ends, row, side="right"), sizes.shape[0] - 1)
    index = starts[run] + row - (ends[run] - sizes[run])
    return jnp.where(row >= ends[-1], 0 if past is None else past + row, index)


def unchanged(mesh, primitive, *xs, **_):
    return list(xs) if primitive.multiple_results else xs[0]


RULES = {
    "psum": _reduction(MPI.SUM), "psum_invariant": _reduction(MPI.SUM),
    "pmax": _reduction(MPI.MAX), "pmin": _reduction(MPI.MIN),
    "all_gather": _all_gather, "all_gather_invariant": _all_gather,
    "reduce_scatter": _reduce_scatter, "all_to_all": _all_to_all,
    "ppermute": _ppermute, "axis_index": _axis_index, "pbroadcast": _pbroadcast,
    "ragged_all_to_all": _ragged_all_to_all,
    # typing only: a value invariant over axes becomes varying over them
    "pvary": unchanged,
}
