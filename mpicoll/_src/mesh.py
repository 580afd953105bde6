"""A process mesh: the ranks of a communicator laid out on a grid with named axes.

It is the MPI counterpart of `jax.sharding.Mesh`, for `mpicoll.spmd`: each
rank is one device of the mesh, at its Cartesian coordinates, or, with
``devices_per_process=D``, each rank drives D consecutive devices of it. A
collective over some of the axes runs on the sub-communicator of the ranks
that differ only along those axes (and, with D > 1, as JAX's own collective
over the process's devices).
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
      axis_sizes: one positive int per axis; their product is ``comm.size``
        (times `devices_per_process`).
      axis_names: one distinct string per axis, the names the per-device
        function uses (``jax.lax.psum(x, "x")``).
      comm: an mpi4py intracommunicator; default ``MPI.COMM_WORLD``.
      devices_per_process: D, the local devices each rank drives (default
        1: one device per rank); `mpicoll.spmd` uses the first D of
        ``jax.local_devices()``.

    Ranks are laid out row-major, like ``MPI_Cart_create`` without
    reordering: rank ``r`` sits at ``numpy.unravel_index(r, axis_sizes)``.

    Several devices per process (``devices_per_process=D``): the mesh has
    ``comm.size * D`` devices, laid out row-major as `jax.devices()` orders
    the devices of several processes: global device ``g = r * D + d`` (local
    device ``d`` of rank ``r``) sits at ``numpy.unravel_index(g,
    axis_sizes)``. This needs the trailing axes to hold the D devices of a
    process: each axis of size ``a`` is split into a process part ``a_p``
    and a device part ``a_d`` (``a = a_p * a_d``; the coordinate along it is
    ``i = i_p * a_d + i_d``), where the device parts, from the last axis
    back, multiply to D (at most one axis is shared between the two). The
    ranks form the mesh of the process parts (`process_mesh`, with the same
    axis names); the process's devices, the mesh of the device parts.

    Attributes:
      axis_names, axis_sizes: as given (tuples).
      shape: ``{name: size}``, as `jax.sharding.Mesh.shape`.
      comm: the Cartesian communicator over all axes.
      coords: this rank's coordinate along each axis (a tuple; with D > 1,
        along the process parts).
      devices_per_process: D.
      process_sizes, device_sizes: each axis's process and device parts
        (tuples; all device parts 1 when D is 1).
      process_mesh: the mesh of the ranks over the process parts (the mesh
        itself when D is 1); the methods below that name ranks
        (`axis_comm`, `axis_index`, `order_in_comm`) are its.

    Raises:
      ValueError: the sizes do not multiply to the communicator's size
        (times D), the names are not distinct strings, one per size, or the
        D devices of a process do not make up the trailing axes as above.
    """

    def __init__(self, axis_sizes, axis_names, *, comm=None, devices_per_process=1):
        comm = MPI.COMM_WORLD if comm is None else comm
        D = devices_per_process
        if not isinstance(D, int) or D < 1:
            raise ValueError(f"mpicoll.ProcessMesh: devices_per_process must be a positive "
                             f"int, got {D!r}")
        if D > 1:
            self._init_several_devices(tuple(axis_sizes), tuple(axis_names), comm, D)
            return
        self.devices_per_process = 1
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
        self.process_sizes, self.device_sizes = axis_sizes, (1,) * len(axis_sizes)
        self.process_mesh = self
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

    def _init_several_devices(self, axis_sizes, axis_names, comm, D):
        if not all(isinstance(a, int) and a > 0 for a in axis_sizes) or \
                math.prod(axis_sizes) != comm.Get_size() * D:
            raise ValueError(f"mpicoll.ProcessMesh: axis_sizes {axis_sizes} must be positive "
                             f"ints whose product is the communicator's size times "
                             f"devices_per_process, {comm.Get_size()} x {D}")
        device_sizes, left = [], D
        for a in reversed(axis_sizes):     # the trailing axes hold a process's devices
            part = math.gcd(a, left)
            if part not in (a, left):      # the axis neither holds nor ends the rest
                break
            device_sizes.append(part)
            left //= part
        if left != 1:
            raise ValueError(
                f"mpicoll.ProcessMesh: the {D} devices of a process do not make up the "
                f"trailing axes of axis_sizes {axis_sizes} (the consecutive devices "
                f"r*{D} .. r*{D}+{D - 1} of rank r, laid out row-major, must fill whole "
                "trailing axes and a factor of one more): no factoring into process "
                "and device parts")
        device_sizes = (1,) * (len(axis_sizes) - len(device_sizes)) + tuple(reversed(device_sizes))
        process_sizes = tuple(a // d for a, d in zip(axis_sizes, device_sizes))
        self.process_mesh = ProcessMesh(process_sizes, axis_names, comm=comm)
        self.devices_per_process = D
        self.axis_sizes, self.axis_names = axis_sizes, self.process_mesh.axis_names
        self.process_sizes, self.device_sizes = process_sizes, device_sizes
        self.shape = dict(zip(self.axis_names, axis_sizes))
        self.comm, self.coords = self.process_mesh.comm, self.process_mesh.coords

    def __repr__(self):
        if self.devices_per_process > 1:
            return (f"ProcessMesh({dict(self.shape)}, devices_per_process="
                    f"{self.devices_per_process})")
        return f"ProcessMesh({dict(self.shape)})"

    def mesh_order(self, axes):
        """`axes` (a name or a tuple of names) sorted into mesh order."""
        axes = (axes,) if isinstance(axes, str) else tuple(axes)
        unknown = [a for a in axes if a not in self.shape]
        if unknown:
            raise ValueError(f"mpicoll.spmd: axis name(s) {unknown} are not axes of {self}")
        return tuple(a for a in self.axis_names if a in axes)

    def axis_comm(self, axes):
        """(Of the process parts, with D > 1.) The communicator of the ranks that differ only along `axes`;
        its ranks are ordered row-major over `axes` in mesh order."""
        if self.process_mesh is not self:
            return self.process_mesh.axis_comm(axes)
        return self._subcomms[self.mesh_order(axes)]

    def axis_index(self, axes):
        """This rank's linear index over `axes`, row-major in the order given
        (over the process parts, with D > 1)."""
        if self.process_mesh is not self:
            return self.process_mesh.axis_index(axes)
        axes = (axes,) if isinstance(axes, str) else tuple(axes)
        index = 0
        for a in axes:
            index = index * self.shape[a] + self.coords[self.axis_names.index(a)]
        return index

    def group_size(self, axes):
        """The number of devices along `axes` (processes times devices)."""
        axes = (axes,) if isinstance(axes, str) else tuple(axes)
        return math.prod(self.shape[a] for a in axes)

    def order_in_comm(self, axes):
        """For each linear index over `axes` in the order given, the rank in
        `axis_comm(axes)` (mesh order) of that member (of the process
        parts, with D > 1)."""
        if self.process_mesh is not self:
            return self.process_mesh.order_in_comm(axes)
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
