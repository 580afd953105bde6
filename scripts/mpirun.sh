#!/usr/bin/env bash
# Run a Python program on N ranks with .venv's MPI and the settings of
# scripts/env.sh.   Usage: ./scripts/mpirun.sh N program.py [args...]
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PWD/.venv/bin:$PATH"
source scripts/env.sh
n=$1; shift
exec mpiexec $MPIEXEC_FLAGS -n "$n" python "$@"
