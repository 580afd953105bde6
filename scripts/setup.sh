#!/usr/bin/env bash
# Create a virtual environment (default .venv) with mpicoll and everything it
# needs: jax, mpi4py, the MPICH MPI from PyPI (mpicc, headers, mpiexec),
# Cython and the test tools; then build mpicoll's extension with that MPI.
# Safe to run again.
#
# Settings (environment variables):
#   PYTHON=python3.12        the interpreter for the environment (default python3)
#   MPICOLL_VENV=.venv-x     where to create it (default .venv)
#   MPICOLL_JAX="jax<0.12"   which JAX to install (default: the newest pip
#                            gives this Python, within mpicoll's tested range)
#   MPICOLL_SYSTEM_MPI=1     build against the system MPI: its mpicc on PATH
#                            or MPICC=/path/to/mpicc; see README "Install".
set -euo pipefail
cd "$(dirname "$0")/.."
PYTHON=${PYTHON:-python3}
VENV=${MPICOLL_VENV:-.venv}
if ! "$PYTHON" -c pass 2>/dev/null && command -v pyenv >/dev/null; then
  # pyenv's shims refuse versions that are installed but not selected
  for d in "$(pyenv root)"/versions/"${PYTHON#python}"*; do
    [ -x "$d/bin/python" ] && { PYTHON="$d/bin/python"; break; }
  done
fi
"$PYTHON" -m venv "$VENV"
PIP="$VENV/bin/python -m pip"
$PIP install -q --upgrade pip
if [ "${MPICOLL_SYSTEM_MPI:-0}" = 1 ]; then
  # mpi4py built from source against the same mpicc as mpicoll.
  $PIP install -q --no-binary mpi4py "mpi4py>=4"
else
  $PIP install -q mpich "mpi4py>=4"
fi
$PIP install -q "${MPICOLL_JAX:-jax>=0.10}" numpy "cython>=3" setuptools wheel pytest pytest-mpi \
  pytest-timeout matplotlib
PATH="$PWD/$VENV/bin:$PATH" $PIP install -q --no-build-isolation -e .
echo "mpicoll installed in $VENV ($("$VENV/bin/python" -c 'import sys, jax, mpi4py.MPI as M; print("Python", sys.version.split()[0], "| jax", jax.__version__, "|", M.Get_library_version().splitlines()[0])'))"
