#!/usr/bin/env bash
# The JAX-version and MPI matrix: for each job, copy this tree to a fresh
# directory, build it there with scripts/setup.sh in a fresh environment (the
# README's commands), run scripts/test.sh at the job's rank counts, and print
# one summary line per job. Exit status is non-zero if any job failed.
#
# Usage: ./scripts/test_versions.sh [JOB ...]
# A JOB is "python|jax requirement|rank counts" or
# "python|jax requirement|MPI|rank counts", e.g. "python3.12|jax<0.12|2" or
# "python3.11|jax>=0.10.1|openmpi|2 4:tests/test_ops.py". MPI is what
# scripts/setup.sh's MPICOLL_MPI takes (default mpich). A rank count may name
# the tests to run at it after a colon ("4:tests/test_ops.py" runs only
# tests/test_ops.py at 4 ranks, "2:tests/a.py,tests/b.py" two files; a bare
# count runs the whole suite).
# Default jobs: the newest JAX that pip gives Python 3.12, 3.13 and 3.11
# (jax 0.10.x there), each at 2 ranks. (scripts/setup.sh finds pyenv's
# interpreters for names like python3.12.)
# Work directories: ${MPICOLL_MATRIX_DIR:-/tmp/mpicoll-versions}/<n>.
# MPICOLL_MATRIX_STAGE=setup only copies and builds each job's environment;
# a later run with MPICOLL_MATRIX_STAGE=test and the same jobs reuses each
# environment that was built so (CI builds them while other tests run).
set -uo pipefail
cd "$(dirname "$0")/.."
if [ $# -eq 0 ]; then
  set -- "python3.12|jax>=0.10.1|2" "python3.13|jax>=0.10.1|2" "python3.11|jax>=0.10.1|2"
fi
root=${MPICOLL_MATRIX_DIR:-/tmp/mpicoll-versions}

summary=()
status=0
n=0
for job in "$@"; do
  IFS='|' read -r python jax mpi ranks <<<"$job"
  [ -z "$ranks" ] && { ranks=$mpi; mpi=mpich; }
  n=$((n + 1))
  dir="$root/$n"
  echo "=== job $n: $python, $jax, $mpi, ranks $ranks (in $dir) ==="
  start=$(date +%s)
  built="$python|$jax|$mpi"          # what $dir/.built says its environment is
  if [ "${MPICOLL_MATRIX_STAGE:-}" != test ] || [ "$(cat "$dir/.built" 2>/dev/null)" != "$built" ]; then
    rm -rf "$dir" && mkdir -p "$dir"
    # tracked and untracked-but-not-ignored files: what a commit of this tree holds
    git ls-files -z --cached --others --exclude-standard | \
      while IFS= read -r -d '' f; do [ -e "$f" ] && cp --parents -- "$f" "$dir/"; done
    if ! PYTHON="$python" MPICOLL_JAX="$jax" MPICOLL_MPI="$mpi" "$dir/scripts/setup.sh" \
         > "$dir/setup.log" 2>&1; then
      tail -n 30 "$dir/setup.log"
      summary+=("job $n: $python $jax: SETUP FAILED (see $dir/setup.log)")
      status=1
      continue
    fi
    echo "$built" > "$dir/.built"
  else
    echo "(environment built earlier: $(tail -n 1 "$dir/setup.log"))"
  fi
  versions=$(tail -n 1 "$dir/setup.log")
  if [ "${MPICOLL_MATRIX_STAGE:-}" = setup ]; then
    summary+=("job $n: ${versions#mpicoll installed in } | built in $(( $(date +%s) - start )) s")
    continue
  fi
  log="$dir/test.log"
  # whole-suite rank counts in one scripts/test.sh run, each "count:tests" in its own
  whole="" result=0
  : > "$log"
  for r in $ranks; do [ "${r#*:}" = "$r" ] && whole="$whole $r"; done
  if [ -n "$whole" ]; then
    MPICOLL_TEST_RANKS="$whole" "$dir/scripts/test.sh" 2>&1 | tee -a "$log"
    [ "${PIPESTATUS[0]}" = 0 ] || result=1
  fi
  for r in $ranks; do
    [ "${r#*:}" = "$r" ] && continue
    tests=${r#*:}
    # shellcheck disable=SC2086
    MPICOLL_TEST_RANKS="${r%%:*}" "$dir/scripts/test.sh" ${tests//,/ } 2>&1 | tee -a "$log"
    [ "${PIPESTATUS[0]}" = 0 ] || result=1
  done
  [ "$result" = 0 ] || status=1
  counts=$(grep -E "^(=+ )?[0-9]+ (passed|failed)|^[0-9]+ failed|passed.* in [0-9.]+s" "$log" \
           | sed -E 's/ in [0-9.]+s.*//; s/=//g; s/^ +//' | paste -sd ';' -)
  summary+=("job $n: ${versions#mpicoll installed in } | ranks $ranks | $counts | $(( $(date +%s) - start )) s | $([ "$result" = 0 ] && echo PASS || echo FAIL)")
done
echo "=== JAX-version matrix ==="
printf '%s\n' "${summary[@]}"
exit $status
