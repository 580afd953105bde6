"""mpicoll: MPI collectives as first-class JAX primitives.

Every function works eagerly and under ``jax.jit``, ``grad``, ``vmap`` and
``lax`` control flow, runs in program order on every rank, and splits
messages larger than MPI's ``int`` count into chunks. Communicators and
reduction ops are mpi4py objects. Code written for mpi4jax ports by changing
the import: ``import mpicoll as mpi4jax``.
"""

from mpicoll._src import memory as _memory  # noqa: F401  (first: glibc keeps freed memory)
from mpicoll._src.comms import private_comm
from mpicoll._src.config import (get_chunk_bytes, get_reduction_blocks, set_chunk_bytes,
                                 set_reduction_blocks)
from mpicoll._src.ops.allreduce import allreduce
from mpicoll._src.ops.alltoall import alltoall
from mpicoll._src.ops.alltoallv import alltoallv
from mpicoll._src.ops.gathers import (allgather, allgatherv, gatherv, reduce_scatter,
                                      scatterv)
from mpicoll._src.ops.p2p import barrier, recv, send
from mpicoll._src.ops.prefix import exscan, scan
from mpicoll._src.ops.ragged import ragged_alltoall
from mpicoll._src.ops.redistribute import redistribute
from mpicoll._src.ops.rooted import bcast, gather, reduce, scatter
from mpicoll._src.ops.sendrecv import sendrecv
from mpicoll._src.ops.nonblocking import (Request, iallgather, iallreduce, ialltoall, ibcast,
                                          irecv, isend, isendrecv, wait, waitall)
from mpicoll._src.validation import max_tag
from mpicoll import fft
from mpicoll.fft import fft3d, ifft3d, irfft3d, rfft3d
from mpicoll import halo
from mpicoll.halo import halo_accumulate, halo_exchange
from mpicoll._src.particles import migrate
from mpicoll._src.mesh import ProcessMesh
from mpicoll._src.spmd import spmd
from mpicoll._src.primitive import assign_rule_roles as _assign_rule_roles
from mpicoll._src import derivative_agreement as _derivative_agreement
from mpicoll._src import scope as _scope

_assign_rule_roles()     # every op's rules are registered by now
_derivative_agreement.install()   # the ranks check they differentiate the same collectives
_scope.install()         # the fast-dispatch hook (the MPI scope), once the ops exist

__version__ = "0.1.0"


def has_cuda_support():
    """Whether mpicoll can run its operations on CUDA arrays in this process:
    the CUDA driver loads and sees a device, and JAX has a CUDA backend.

    The operations then run on CUDA arrays either by handing device pointers
    to a CUDA-aware MPI or by staging through pinned host memory
    (``MPICOLL_CUDA_AWARE``, docs/gpu.md); ``python -m mpicoll`` says which
    and why. The first call loads the CUDA driver (not done at import)."""
    from mpicoll._src import gpu
    return gpu.cuda_path()[0] is not None


def has_sycl_support():
    """Whether mpicoll runs its operations on SYCL (Intel GPU) arrays: never.

    Kept with mpi4jax 0.9's name so that ported code that asks gets a
    plain ``False`` rather than an AttributeError."""
    return False


__all__ = [
    # mpi4jax 0.9's operations
    "allgather", "allreduce", "alltoall", "barrier", "bcast", "gather", "recv", "reduce",
    "scan", "scatter", "send", "sendrecv", "has_cuda_support", "has_sycl_support",
    # beyond mpi4jax
    "alltoallv", "allgatherv", "gatherv", "scatterv", "reduce_scatter", "exscan",
    "redistribute", "ragged_alltoall",
    # nonblocking: a start returns a Request, wait(request) its result
    "isend", "irecv", "isendrecv", "iallreduce", "ialltoall", "iallgather", "ibcast",
    "wait", "waitall", "Request",
    # settings and helpers
    "get_chunk_bytes", "set_chunk_bytes", "get_reduction_blocks", "set_reduction_blocks",
    "private_comm", "max_tag",
    # built on the operations
    "fft", "fft3d", "ifft3d", "rfft3d", "irfft3d", "halo", "halo_exchange", "halo_accumulate",
    "migrate",
    # JAX's shard_map collectives across MPI ranks
    "ProcessMesh", "spmd",
]
