#!/usr/bin/env bash
# Run the whole test suite at 1, 2 and 4 ranks (4 is oversubscribed on a
# 2-core machine). Extra arguments go to pytest (e.g. -k allreduce).
set -uo pipefail
cd "$(dirname "$0")/.."
export PATH="$PWD/.venv/bin:$PATH"
source scripts/env.sh
status=0
for n in 1 2 4; do
  echo "=== mpicoll tests on $n rank(s) ==="
  # The outer timeout is a backstop; pytest-timeout ends a single hung test.
  if ! timeout 1200 mpiexec $MPIEXEC_FLAGS -n "$n" python scripts/pytest_mpi.py -q "$@"; then
    status=1
    for f in test-logs/np$n-rank*.log; do
      [ -f "$f" ] && { echo "--- tail of $f"; tail -n 40 "$f"; }
    done
  fi
done
exit $status
