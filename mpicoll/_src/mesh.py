"""A process mesh: the ranks of a communicator laid out on a grid with named axes.

It is the MPI counterpart of `jax.sharding.Mesh`, for `mpicoll.spmd`: each
rank is one device of the mesh, at its Cartesian coordinates. A collective
over some of the axes runs on the sub-communicator of the ranks that differ
only along those axes.
"""

import itertools
import math

from mpi4py import MPI

from mpicoll._src.comms import private_comm


class ProcessMesh:
    """The ranks of a communicator on a grid with named axes.

    Every rank of `comm` must create the mesh, at the same point of the
    program: it creates a Cartesian communicator and the sub-communicator of
    every set of axes (collective calls).

    Args:
      axis_sizes: one positive int per axis; their product is ``comm.size``.
      axis_names: one distinct string per axis, the names the per-device
        function uses (``jax.lax.psum(x, "x")``).
      comm: an mpi4py intracommunicator; default ``MPI.COMM_WORLD``.

    Ranks are laid out row-major, like ``MPI_Cart_create`` without
    reordering: rank ``r`` sits at ``numpy.unravel_index(r, axis_sizes)``.

    Attributes:
      axis_names, axis_sizes: as given (tuples).
      shape: ``{name: size}``, as `jax.sharding.Mesh.shape`.
      comm: the Cartesian communicator over all axes.
      coords: this rank's coordinate along each axis (a tuple).

    Raises:
      ValueError: the sizes do not multiply to the communicator's size, or
        the names are not distinct strings, one per size.
    """

    def __init__(self, axis_sizes, axis_names, *, comm=None):
        comm = MPI.COMM_WORLD if comm is None else comm
        axis_sizes, axis_names = tuple(axis_sizes), tuple(axis_names)
        if len(axis_sizes) != len(axis_names) or not axis_names:
            raise ValueError(f"mpicoll.ProcessMesh: axis_sizes {axis_sizes} and axis_names "
                             f"{axis_names} must have the same, non-zero length")
        if not all(isinstance(n, str) for n in axis_names) or \
                len(set(axis_names)) != len(axis_names):
            raise ValueError(f"mpicoll.ProcessMesh: axis_names {axis_names} must be distinct "
                             "strings")
        if not all(isinstance(s, int) and s > 0 for s in axis_sizes) or \
                math.prod(axis_sizes) != comm.Get_size():
            raise ValueError(f"mpicoll.ProcessMesh: axis_sizes {axis_sizes} must be positive "
                             f"ints whose product is the communicator's size, "
                             f"{comm.Get_size()}")
        self.axis_sizes, self.axis_names = axis_sizes, axis_names
        self.shape = dict(zip(axis_names, axis_sizes))
        self.comm = comm.Create_cart(list(axis_sizes), periods=[True] * len(axis_sizes),
                                     reorder=False)
        self.coords = tuple(self.comm.Get_coords(self.comm.Get_rank()))
        # every set of axes, in mesh order; made now, on every rank together
        # (tracing may happen on some ranks only, when jit's cache misses there)
        self._subcomms = {}
        for n in range(1, len(axis_names) + 1):
            for axes in itertools.combinations(axis_names, n):
                sub = self.comm.Sub([name in axes for name in axis_names])
                private_comm(sub)
                self._subcomms[axes] = sub

    def __repr__(self):
        return f"ProcessMesh({dict(self.shape)})"

    def mesh_order(self, axes):
        """`axes` (a name or a tuple of names) sorted into mesh order."""
        axes = (axes,) if isinstance(axes, str) else tuple(axes)
        unknown = [a for a in axes if a not in self.shape]
        if unknown:
            raise ValueError(f"mpicoll.spmd: axis name(s) {unknown} are not axes of {self}")
        return tuple(a for a in self.axis_names if a in axes)

    def axis_comm(self, axes):
        """The communicator of the ranks that differ only along `axes`;
        its ranks are ordered row-major over `axes` in mesh order."""
        return self._subcomms[self.mesh_order(axes)]

    def axis_index(self, axes):
        """This rank's linear index over `axes`, row-major in the order given."""
        axes = (axes,) if isinstance(axes, str) else tuple(axes)
        index = 0
        for a in axes:
            index = index * self.shape[a] + self.coords[self.axis_names.index(a)]
        return index

    def group_size(self, axes):
        axes = (axes,) if isinstance(axes, str) else tuple(axes)
        return math.prod(self.shape[a] for a in axes)

    def order_in_comm(self, axes):
        """For each linear index over `axes` in the order given, the rank in
        `axis_comm(axes)` (mesh order) of that member."""
        axes = (axes,) if isinstance(axes, str) else tuple(axes)
        ordered = self.mesh_order(axes)
        sizes = [self.shape[a] for a in axes]
        ranks = []
        for index in itertools.product(*map(range, sizes)):
            coord = dict(zip(axes, index))
            rank = 0
            for a in ordered:
                rank = rank * self.shape[a] + coord[a]
            ranks.append(rank)
        return ranks
