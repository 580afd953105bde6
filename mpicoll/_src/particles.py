"""Moving particles (rows of a pytree) to the ranks that own them.

A particle code keeps its particles as a pytree of arrays with one row per
particle (positions, velocities, masses, ids ...) and a count of the valid
rows at the front; after each step some rows belong to another rank.
`migrate` sends every valid row to the rank given for it, with one
`ragged_alltoall` per dtype among the leaves (leaves of one dtype travel
together as the columns of one array), so a step costs one exchange of
counts and rows per dtype, however many leaves there are.
"""

import math

import jax
import jax.numpy as jnp

from mpicoll._src.comms import resolve_comm
from mpicoll._src.ops.ragged import ragged_alltoall


def migrate(particles, dest, count, capacity, *, comm=None, overflow="raise"):
    """Send each valid row of a pytree of arrays to the rank given for it.

    Rows ``0 .. count - 1`` of every leaf are valid; row i goes to rank
    ``dest[i]``. Every rank receives the rows sent to it, packed at the front
    of each leaf in a stable order: by source rank, then by the order they
    had there. Everything runs inside ``jax.jit`` with traced ``dest`` and
    ``count``.

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
        the rows that did not fit are lost, and the count says so).

    Returns:
      ``(received, count)``: the pytree with every leaf of ``capacity``
      rows (the received rows first, zeros after), and the number of rows
      sent to this rank (an int32 scalar).

    Gradients: through `ragged_alltoall` and the gathers that sort the rows:
    the cotangent of every received row goes back to the row it came from.
    ``dest`` and ``count`` have none.

    Raises:
      ValueError: leaves without a common leading axis, ``dest`` of the
        wrong shape, an empty pytree.
      At run time on every rank (``JaxRuntimeError``): a rank receiving more
      than its capacity (``overflow="raise"``), or a valid row whose
      destination is not a rank of ``comm`` (reported as a negative count).
    """
    size = resolve_comm(comm).size
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
    # invalid rows sort last, behind every rank's block (a stable sort keeps
    # the rows' order inside each block)
    key = jnp.where(valid, dest, size)
    order = jnp.argsort(key, stable=True)
    sendcounts = jnp.bincount(jnp.clip(key, 0, size), length=size + 1)[:size].astype(jnp.int32)
    stray = jnp.any(valid & ((dest < 0) | (dest >= size)))
    # a destination outside the communicator: every rank raises in the exchange
    sendcounts = jnp.where(stray, -1, sendcounts)

    groups = {}      # dtype -> indices of its leaves, in order
    for i, leaf in enumerate(leaves):
        groups.setdefault(jnp.dtype(leaf.dtype), []).append(i)
    received = [None] * len(leaves)
    recvcounts = None
    for dtype, members in groups.items():
        columns = [leaves[i].reshape(n, math.prod(leaves[i].shape[1:])) for i in members]
        widths = [c.shape[1] for c in columns]
        packed = jnp.concatenate(columns, axis=1)[order]
        moved, recvcounts = ragged_alltoall(packed, sendcounts, capacity, comm=comm,
                                            overflow=overflow)
        start = 0
        for i, width in zip(members, widths):
            received[i] = moved[:, start:start + width].reshape(
                (capacity,) + leaves[i].shape[1:])
            start += width
    return jax.tree.unflatten(treedef, received), jnp.sum(recvcounts).astype(jnp.int32)
