# Environment for running mpicoll programs on this machine: one XLA/BLAS
# thread per rank (ranks busy-poll, so extra threads only steal cores), and
# mpiexec flags that let more ranks than cores run (oversubscription).
export JAX_PLATFORMS=cpu
export XLA_FLAGS="--xla_cpu_multi_thread_eigen=false"
export OMP_NUM_THREADS=1 OPENBLAS_NUM_THREADS=1 MKL_NUM_THREADS=1
if mpiexec --version 2>&1 | grep -q "Open MPI"; then
  # Open MPI refuses root and oversubscription unless told; yield_when_idle
  # makes waiting ranks give up the core to the ones doing work.
  MPIEXEC_FLAGS="--allow-run-as-root --oversubscribe"
  export OMPI_MCA_mpi_yield_when_idle=1
  # Open MPI 5's AVX reduction component saturates 8- and 16-bit integer
  # SUM/PROD (127 + 10 gives 127 instead of wrapping to -119 as NumPy and
  # every other MPI do; tests/test_chunking.py::test_allreduce_edge_sizes
  # found it); the plain C component wraps.
  export OMPI_MCA_op=^avx
else
  # MPICH (the default, from PyPI) runs as root and oversubscribed as is.
  MPIEXEC_FLAGS=""
fi
export MPIEXEC_FLAGS
