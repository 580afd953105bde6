# Environment for running mpicoll programs on this machine: one XLA/BLAS
# thread per rank (ranks busy-poll, so extra threads only steal cores), and
# mpiexec flags that let more ranks than cores run (oversubscription).
export JAX_PLATFORMS=cpu
export XLA_FLAGS="--xla_cpu_multi_thread_eigen=false intra_op_parallelism_threads=1"
export OMP_NUM_THREADS=1 OPENBLAS_NUM_THREADS=1 MKL_NUM_THREADS=1
if mpiexec --version 2>&1 | grep -q "Open MPI"; then
  # Open MPI refuses root and oversubscription unless told; yield_when_idle
  # makes waiting ranks give up the core to the ones doing work.
  MPIEXEC_FLAGS="--allow-run-as-root --oversubscribe"
  export OMPI_MCA_mpi_yield_when_idle=1
else
  # MPICH (the default, from PyPI) runs as root and oversubscribed as is.
  MPIEXEC_FLAGS=""
fi
export MPIEXEC_FLAGS
