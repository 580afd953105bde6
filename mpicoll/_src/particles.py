"""Moving particles (rows of a pytree) to the ranks that own them.

A particle code keeps its particles as a pytree of arrays with one row per
particle (positions, velocities, masses, ids ...) and a count of the valid
rows at the front; after each step some rows belong to another rank.
`migrate` sends every valid row to the rank given for it, with one
`ragged_alltoall` per dtype among the leaves (leaves of one dtype travel
together as the columns of one array), so a step costs one exchange of
counts and rows per dtype, however many leaves there are. Over a mesh
axis (`axis_name`, in the body of `jax.shard_map` or `mpicoll.spmd`) the
same packing moves with `lax.ragged_all_to_all`.
"""

import math

import jax
import jax.numpy as jnp
from jax import lax

from mpicoll._src.comms import resolve_comm
from mpicoll._src.ops.ragged import ragged_alltoall


def migrate(particles, dest, count, capacity, *, comm=None, overflow="raise",
            axis_name=None):
    """Send each valid row of a pytree of arrays to the rank given for it.

    Rows ``0 .. count - 1`` of every leaf are valid; row i goes to rank
    ``dest[i]``. Every rank receives the rows sent to it, packed at the front
    of each leaf in a stable order: by source rank, then by the order they
    had there. Everything runs inside ``jax.jit`` with traced ``dest`` and
    ``count``.

    With ``axis_name``, the ranks are the members of a mesh axis instead, in
    the body of ``jax.shard_map`` or `mpicoll.spmd` (one process driving
    several devices included): ``dest[i]`` is an index along that axis, and
    the rows move with ``lax.ragged_all_to_all``, which `spmd` turns into
    `ragged_alltoall`.

    Args:
      particles: a pytree of arrays with the same leading axis length N
        (same structure, dtypes and trailing axes on every rank).
      dest: int array of shape ``(N,)``, the destination rank of each row
        (``comm.rank`` keeps it); rows at ``count`` and beyond are ignored.
      count: int (traced or not), the number of valid rows, ``0 <= count <= N``.
      capacity: Python int, the number of rows of every returned leaf.
      comm: an mpi4py intracommunicator; default ``MPI.COMM_WORLD``.
      overflow: ``"raise"`` or ``"truncate"`` as in `mpicoll.ragged_alltoall`
        (with ``"truncate"``, the returned count can exceed ``capacity``:
        the rows that did not fit are lost, and the count says so). With
        ``axis_name``, ``"raise"`` raises inside `mpicoll.spmd` (its
        ``ragged_alltoall``); JAX's own ``ragged_all_to_all`` (inside
        ``jax.shard_map`` on GPUs; XLA:CPU has none) checks nothing: use
        ``"truncate"`` there and compare the count with ``capacity``.
      axis_name: a mesh axis name (or a tuple of them) to move the rows
        along instead of ``comm``.

    Returns:
      ``(received, count)``: the pytree with every leaf of ``capacity``
      rows (the received rows first, zeros after), and the number of rows
      sent to this rank (an int32 scalar). With ``axis_name``, a valid row
      whose destination is not a member of the axis makes the count -1 on
      every member (its member sends no row).

    Gradients: through `ragged_alltoall` (or ``lax.ragged_all_to_all``) and
    the gathers that sort the rows: the cotangent of every received row goes
    back to the row it came from. ``dest`` and ``count`` have none.

    Raises:
      ValueError: leaves without a common leading axis, ``dest`` of the
        wrong shape, an empty pytree, both ``comm`` and ``axis_name``.
      At run time on every rank (``JaxRuntimeError``): a rank receiving
      more than its capacity (``overflow="raise"``; over an axis inside
      `mpicoll.spmd`), or a valid row whose destination is not a rank of
      ``comm`` (reported as a negative count).
    """
    if axis_name is not None and comm is not None:
        raise ValueError("migrate: give comm or axis_name, not both")
    if axis_name is not None and overflow not in ("raise", "truncate"):
        raise ValueError(f"migrate: overflow must be one of 'raise', 'truncate', got {overflow!r}")
    size = lax.axis_size(axis_name) if axis_name is not None else resolve_comm(comm).size
    leaves, treedef = jax.tree.flatten(particles)
    if not leaves:
        raise ValueError("migrate: particles holds no arrays")
    leaves = [jnp.asarray(leaf) for leaf in leaves]
    n = leaves[0].shape[0] if leaves[0].ndim else None
    if n is None or any(leaf.ndim == 0 or leaf.shape[0] != n for leaf in leaves):
        raise ValueError("migrate: every leaf of particles needs the same leading axis (one "
                         f"row per particle), got shapes {[leaf.shape for leaf in leaves]}")
    dest = jnp.asarray(dest)
    if dest.shape != (n,) or not jnp.issubdtype(dest.dtype, jnp.integer):
        raise ValueError(f"migrate: dest must be an int array of shape ({n},), one rank per "
                         f"row, got {dest.dtype}{dest.shape}")
    valid = jnp.arange(n) < count
    stray = jnp.any(valid & ((dest < 0) | (dest >= size)))
    # invalid rows (and, over an axis, rows sent nowhere) sort last, behind
    # every rank's block (a stable sort keeps the rows' order inside each block)
    moving = valid if axis_name is None else valid & (dest >= 0) & (dest < size)
    key = jnp.where(moving, dest, size)
    order = jnp.argsort(key, stable=True)
    sendcounts = jnp.bincount(jnp.clip(key, 0, size), length=size + 1)[:size].astype(jnp.int32)
    if axis_name is None:
        # a destination outside the communicator: every rank raises in the exchange
        sendcounts = jnp.where(stray, -1, sendcounts)

        def exchange(packed):
            moved, recvcounts = ragged_alltoall(packed, sendcounts, capacity, comm=comm,
                                                overflow=overflow)
            return moved, jnp.sum(recvcounts).astype(jnp.int32)
    else:
        exchange = _along_axis(sendcounts, stray, capacity, axis_name, overflow == "truncate")

    groups = {}      # dtype -> indices of its leaves, in order
    for i, leaf in enumerate(leaves):
        groups.setdefault(jnp.dtype(leaf.dtype), []).append(i)
    received = [None] * len(leaves)
    total = None
    for dtype, members in groups.items():
        columns = [leaves[i].reshape(n, math.prod(leaves[i].shape[1:])) for i in members]
        widths = [c.shape[1] for c in columns]
        packed = jnp.concatenate(columns, axis=1)[order]
        moved, total = exchange(packed)
        start = 0
        for i, width in zip(members, widths):
            received[i] = moved[:, start:start + width].reshape(
                (capacity,) + leaves[i].shape[1:])
            start += width
    return jax.tree.unflatten(treedef, received), total


def _along_axis(sendcounts, stray, capacity, axis_name, truncate):
    """The exchange of `migrate` over a mesh axis: packed rows (grouped by
    destination, `sendcounts` each) -> (the `capacity` rows received here,
    how many were sent here; -1 where a member had a row for no member).
    Each member tells the senders where their rows land and, where
    `truncate`, how many of them fit: the rows beyond `capacity` are not
    sent. (Otherwise all are: mpicoll.spmd's `ragged_alltoall` then raises
    on every rank.) A member with a stray row sends -1 to every member
    instead of its counts, and nothing: so every member learns of it from
    the counts' exchange, with no collective of its own."""
    recvcounts = lax.all_to_all(jnp.where(stray, -1, sendcounts), axis_name, 0, 0,
                                tiled=True)                             # [i]: from member i
    nowhere = jnp.any(recvcounts < 0)
    recvcounts = jnp.maximum(recvcounts, 0)
    landing = (jnp.cumsum(recvcounts) - recvcounts).astype(jnp.int32)
    kept = jnp.clip(capacity - landing, 0, recvcounts) if truncate else recvcounts
    kept = kept.astype(jnp.int32)
    # [j]: how many of the rows sent to member j it keeps, and where they land
    told = lax.all_to_all(jnp.stack([kept, landing], 1), axis_name, 0, 0, tiled=True)
    start = (jnp.cumsum(sendcounts) - sendcounts).astype(jnp.int32)
    total = jnp.where(nowhere, -1, jnp.sum(recvcounts)).astype(jnp.int32)

    def exchange(packed):
        # (the output buffer typed as varying over the axis, as the rows it receives)
        buffer = lax.pcast(jnp.zeros((capacity,) + packed.shape[1:], packed.dtype),
                           tuple(axis_name) if isinstance(axis_name, tuple) else (axis_name,),
                           to="varying")
        moved = lax.ragged_all_to_all(packed, buffer, start, told[:, 0], told[:, 1], kept,
                                      axis_name=axis_name)
        return moved, total
    return exchange
