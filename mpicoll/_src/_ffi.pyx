# cython: language_level=3, boundscheck=False, wraparound=False
"""XLA FFI handlers that run MPI operations.

One module, written in the files it includes (Cython's `include` is
textual: they share one namespace). In dependency order, one place per
concept:

  call_frames.pxi        decoding buffers and attributes, answering XLA's
                         metadata query; shared by every handler
  errors.pxi             MPI return codes and failures as XLA FFI errors
  datatypes.pxi          XLA element type -> MPI datatype, MPI_Op
  debug_mode.pxi         MPICOLL_DEBUG: signatures compared across ranks,
                         every call logged
  run.pxi                `run`: decode, debug checks, the op's body, errors
  chunking.pxi           splitting messages larger than the chunk limit
                         into legal calls; buffer helpers for the bodies

  the bodies, one short function per MPI operation, by family:
  reductions.pxi         allreduce, reduce, scan, exscan, bcast, reduce_scatter
  block_collectives.pxi  alltoall, allgather, gather, scatter
  variable_size.pxi      alltoallv, allgatherv, gatherv, scatterv
  ragged_alltoall.pxi    alltoallv with counts computed by the program
  boxes.pxi              boxes of an array as MPI datatypes, tiled for chunking
  redistribute.pxi       one axis gathered, another split
  halo.pxi               the halo exchange and its adjoint
  point_to_point.pxi     sendrecv, send, recv (and barrier)
  derivative_checks.pxi  every rank differentiates a collective, or all raise
  nonblocking.pxi        starts that return a request handle, the wait, and
                         the progress thread
  nonblocking_p2p.pxi    nonblocking messages: kinds, answers, derivative
                         requests that hold their sends back
  left_sends.pxi         sends a wait leaves to complete later

  registration.pxi       one XLA handler per operation, the handler table
  mpi_library.pxi        which MPI this module was built with and calls
  cuda.pxi               the same handlers on device memory

This layer knows MPI and XLA buffers and nothing about JAX tracing. The
Python side (`mpicoll._src.primitive`) decides the attributes; every
attribute is a 64-bit integer scalar.
"""

from cpython.pycapsule cimport PyCapsule_New
from libc.stdint cimport int32_t, int64_t, intptr_t, uint16_t, uint64_t, uintptr_t
from libc.stdlib cimport calloc, malloc, realloc, free
from libc.string cimport memcmp, memcpy, memset, strcmp, strlen
from libc.stdio cimport fflush, fprintf, snprintf, stderr
from libc.limits cimport INT_MAX

from mpi4py.libmpi cimport *
from mpicoll._src.xla_ffi cimport *

include "call_frames.pxi"
include "errors.pxi"
include "datatypes.pxi"
include "debug_mode.pxi"
include "run.pxi"
include "chunking.pxi"

include "reductions.pxi"
include "block_collectives.pxi"
include "variable_size.pxi"
include "ragged_alltoall.pxi"
include "boxes.pxi"
include "redistribute.pxi"
include "halo.pxi"
include "point_to_point.pxi"
include "derivative_checks.pxi"
include "nonblocking.pxi"
include "nonblocking_p2p.pxi"
include "left_sends.pxi"

include "registration.pxi"
include "mpi_library.pxi"
include "cuda.pxi"
