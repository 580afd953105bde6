"""Communicators: the private duplicate ("twin") mpicoll talks on.

JAX dispatches a jitted computation and returns before it has run, so an
mpicoll operation executes on an XLA thread while the Python program goes on
with its own MPI calls (mpi4py collectives, messages, barriers). On the same
communicator the two would cross: two collectives issued in a different
order on different ranks, or a receive of the script matching a message meant
for mpicoll. So mpicoll never communicates on a user's communicator. Every
communicator gets a *twin*, a duplicate (`MPI_Comm_dup`) that only mpicoll
uses, cached on the user's communicator as an MPI attribute (the practice of
MPI libraries such as PETSc). Messages on the twin can match only mpicoll's
own operations, which every rank runs in program order; the script's calls
on the communicator can match only each other. Both streams may run at the
same time (MPI_THREAD_MULTIPLE, see `bridge`), each in its own order.

Creating a twin is a collective call over the communicator (the ranks also
compare their chunk limits and reduction-blocks settings then, see
`config.check_same_settings`):

* COMM_WORLD's twin is made when mpicoll is imported (every rank imports it),
  so the default communicator never needs a collective at first use;
* COMM_SELF's twin involves one process only;
* any other communicator's twin is made when the first mpicoll operation on it
  is traced (or run eagerly). For a collective operation all of its ranks make
  that call anyway. A program whose first mpicoll operation on a communicator
  is a point-to-point exchange among only some of its ranks calls
  `private_comm(comm)` on all ranks beforehand.

A twin lives as long as its communicator: freeing the communicator frees the
twin, after the operations already dispatched on it have finished.
"""

import dataclasses

from mpi4py import MPI

from mpicoll._src import _ffi
from mpicoll._src.config import check_same_settings
from mpicoll._src.dispatched_work import wait_for_dispatched_work


def _free_twins(comm, keyval, twins):
    # Called by MPI when `comm` is freed (not by Dup: no copy callback, so a
    # duplicate of a user's communicator gets twins of its own). `twins`:
    # (the twin, its code), or the list of per-device ones (`device_comms`).
    twins = twins if isinstance(twins, list) else [twins[0]]
    if not twins or any(t is None for t in twins) or MPI.Is_finalized():
        return
    if comm == MPI.COMM_WORLD or comm == MPI.COMM_SELF:
        return   # MPI_Finalize releases these; JAX may be gone by then
    wait_for_dispatched_work()   # nothing queued may still use the twins
    for twin in twins:
        twin.Free()


_TWIN_KEYVAL = MPI.Comm.Create_keyval(delete_fn=_free_twins)


def private_comm(comm=None):
    """mpicoll's private duplicate of ``comm``, made on first use.

    mpicoll's operations on ``comm`` communicate on this duplicate, never on
    ``comm`` itself, so a program can go on using ``comm`` with mpi4py (or
    any MPI code) in any order with mpicoll's operations, even while a jitted
    mpicoll computation is still running.

    Call it yourself in two cases:

    * the first mpicoll operation on a communicator (other than COMM_WORLD
      and COMM_SELF) would be a point-to-point exchange that only some of its
      ranks make: creating the duplicate is a collective call, so make it on
      all ranks first, e.g. right after creating the communicator;
    * a peer that does not use mpicoll (plain mpi4py, a C library) must
      receive a message mpicoll sends, or send one mpicoll receives: it
      communicates on this duplicate, with MPI tag ``8 * tag`` for mpicoll's
      ``tag`` (mpicoll keeps the message kind, see docs/differentiation.md
      "Receive-side templates", in the low 3 bits; ordinary messages have
      kind 0).

    Args:
      comm: an mpi4py intracommunicator; None means ``MPI.COMM_WORLD``.

    Returns:
      The ``MPI.Intracomm`` duplicate (same group, same ranks). It belongs to
      mpicoll and is freed with ``comm``: do not free it.

    Raises:
      TypeError: ``comm`` is not an mpi4py communicator.
      ValueError: ``comm`` is COMM_NULL or an intercommunicator.
    """
    return _twin(check_comm(comm))[0]


def _twin(comm):
    """(the twin of the checked communicator `comm`, its code), made on first use."""
    twin = comm.Get_attr(_TWIN_KEYVAL)
    if twin is None:
        # collective over comm, like the Dup: every rank raises, no twin is made
        check_same_settings(comm, "checked when mpicoll first used the communicator")
        twin = comm.Dup()          # collective over comm
        # the code is kept with the twin: it does not change while the twin lives
        twin = (twin, _ffi.mark_twin(twin.py2f()))
        comm.Set_attr(_TWIN_KEYVAL, twin)
    return twin


def check_comm(comm):
    """`comm`, or COMM_WORLD for None, checked to be a usable intracommunicator."""
    if comm is None:
        return MPI.COMM_WORLD
    if not isinstance(comm, MPI.Comm):
        raise TypeError(
            f"comm must be an mpi4py communicator (e.g. MPI.COMM_WORLD), got "
            f"{type(comm).__name__}")
    if comm == MPI.COMM_NULL:
        raise ValueError("comm is MPI.COMM_NULL; pass a valid communicator")
    if comm.Is_inter():
        raise ValueError("comm is an intercommunicator; mpicoll supports intracommunicators")
    return comm


@dataclasses.dataclass(frozen=True)
class CommParam:
    """A communicator as a primitive parameter (mpi4py's are unhashable).

    ``handle`` is the twin's code (`_ffi.mark_twin`: its integer handle and
    the serial number mpicoll gave it, so that a handle MPI reuses after
    the communicator is freed is not taken for it), which the handlers use;
    equal and hashed by it. ``comm`` is the user's communicator.
    """
    handle: int
    size: int
    rank: int
    comm: MPI.Comm = dataclasses.field(compare=False, hash=False, repr=False)

    def __repr__(self):
        return f"Comm(size={self.size})"


def resolve_comm(comm):
    """The `CommParam` for an op's ``comm`` argument (None: COMM_WORLD)."""
    comm = check_comm(comm)
    return CommParam(handle=_twin(comm)[1], size=comm.Get_size(), rank=comm.Get_rank(),
                     comm=comm)


_DEVICE_TWINS_KEYVAL = MPI.Comm.Create_keyval(delete_fn=_free_twins)


def device_comms(comm, count):
    """The handles of the communicators the instances of an operation on
    ``comm`` use in a computation over ``count`` devices of this process (a
    ``jax.shard_map`` over them): the i-th device's instance talks on the
    i-th, with the i-th devices of the other ranks.

    Each is a further duplicate of ``comm`` that only mpicoll uses, like the
    twin, so the instances, which XLA runs at the same time on threads of
    its own, never match each other's messages. They are made when the
    first such computation on ``comm`` is lowered (collective over
    ``comm``, every rank lowers the same program), kept on ``comm`` and
    freed with it; a later computation over more devices adds the missing
    ones.
    """
    if MPI.Query_thread() < MPI.THREAD_MULTIPLE:
        raise ValueError(
            "mpicoll: an MPI operation inside a jax.shard_map over several devices of one "
            "process runs one instance per device, at the same time on XLA's threads, "
            "which needs MPI_THREAD_MULTIPLE; this MPI provides less. Initialise MPI with "
            "MPI_THREAD_MULTIPLE (mpi4py's default; on Cray MPICH set "
            "MPICH_MAX_THREAD_SAFETY=multiple), or run one MPI rank per device.")
    twins = comm.Get_attr(_DEVICE_TWINS_KEYVAL)
    if twins is None:
        twins = []     # grown in place: setting the attribute again would free it
        comm.Set_attr(_DEVICE_TWINS_KEYVAL, twins)
    twin = private_comm(comm)
    while len(twins) < count:
        twins.append(twin.Dup())      # collective over comm
        _ffi.mark_twin(twins[-1].py2f())
    return tuple(_ffi.twin_code(t.py2f()) for t in twins[:count])


private_comm(MPI.COMM_WORLD)   # at import, where every rank is (see above)
