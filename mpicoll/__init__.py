"""mpicoll: MPI collectives as first-class JAX primitives.

Every function works eagerly and under ``jax.jit``, ``grad``, ``vmap`` and
``lax`` control flow, runs in program order on every rank, and splits
messages larger than MPI's ``int`` count into chunks. Communicators and
reduction ops are mpi4py objects. Code written for mpi4jax ports by changing
the import: ``import mpicoll as mpi4jax``.
"""

from mpicoll._src.comms import private_comm
from mpicoll._src.config import get_chunk_bytes, set_chunk_bytes
from mpicoll._src.ops.allreduce import allreduce
from mpicoll._src.ops.alltoall import alltoall
from mpicoll._src.ops.alltoallv import alltoallv
from mpicoll._src.ops.sendrecv import sendrecv
from mpicoll import fft
from mpicoll.fft import fft3d, ifft3d, irfft3d, rfft3d
from mpicoll import halo
from mpicoll.halo import halo_exchange

__version__ = "0.1.0"

__all__ = ["allreduce", "alltoall", "alltoallv", "sendrecv", "get_chunk_bytes",
           "set_chunk_bytes", "private_comm", "fft", "fft3d", "ifft3d", "rfft3d", "irfft3d",
           "halo", "halo_exchange"]
