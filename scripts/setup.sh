#!/usr/bin/env bash
# Create .venv with mpicoll and everything it needs: jax, mpi4py, the MPICH
# MPI from PyPI (mpicc, headers, mpiexec), Cython and the test tools; then
# build mpicoll's extension with that MPI. Safe to run again.
#
# Cluster use (system MPI): run with MPICOLL_SYSTEM_MPI=1 and your MPI's
# mpicc on PATH (or MPICC=/path/to/mpicc); see README "Install".
set -euo pipefail
cd "$(dirname "$0")/.."
python3 -m venv .venv
PIP=".venv/bin/python -m pip"
$PIP install -q --upgrade pip
if [ "${MPICOLL_SYSTEM_MPI:-0}" = 1 ]; then
  # mpi4py built from source against the same mpicc as mpicoll.
  $PIP install -q --no-binary mpi4py "mpi4py>=4"
else
  $PIP install -q mpich "mpi4py>=4"
fi
$PIP install -q "jax>=0.5" numpy "cython>=3" setuptools wheel pytest pytest-mpi pytest-timeout matplotlib
PATH="$PWD/.venv/bin:$PATH" $PIP install -q --no-build-isolation -e .
echo "mpicoll installed in .venv ($(.venv/bin/python -c 'import jax, mpi4py.MPI as M; print("jax", jax.__version__, "|", M.Get_library_version().splitlines()[0])'))"
