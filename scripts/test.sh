#!/usr/bin/env bash
# Run the whole test suite at 1, 2 and 4 ranks (4 is oversubscribed on a
# 2-core machine), and the process-grid tests (halo, fft3d values) also at 3
# ranks, where blocks are uneven and grids are odd. Extra arguments go to pytest
# (e.g. -k allreduce).
#
# Settings (environment variables):
#   MPICOLL_VENV=.venv-x       the environment made by scripts/setup.sh (default .venv)
#   MPICOLL_TEST_RANKS="1 2"   the rank counts to run (default "1 2 3 4")
set -uo pipefail
cd "$(dirname "$0")/.."
export PATH="$PWD/${MPICOLL_VENV:-.venv}/bin:$PATH"
source scripts/env.sh
# MPICH: a rank that polls without progress sleeps 1 us now and then, so
# oversubscribed ranks waiting in MPI leave the cores to the ones tracing and
# compiling (about 8% faster at 4 ranks on 2 cores). Not in env.sh: it would
# add latency to the benchmarks. Open MPI ignores it.
export MPIR_CVAR_CH4_PROGRESS_THROTTLE=1
status=0
# At 3 ranks: every operation of the registry (tests/test_ops.py: roots,
# rank parity and odd prefix lengths), all of halo (grids of 3 are odd and
# blocks uneven), and the fft tests that check values on such grids (the rest
# run at 1, 2 and 4 ranks).
GRID_TESTS="tests/test_ops.py tests/test_halo.py tests/test_fft.py::test_transforms_match_numpy
  tests/test_fft.py::test_local_slices_tile_global_index_space
  tests/test_fft.py::test_fftfreq_matches_numpy_on_gathered_grid
  tests/test_fft.py::test_dot_product tests/test_fft.py::test_leading_batch_axes_and_vmap"
for n in ${MPICOLL_TEST_RANKS:-1 2 3 4}; do
  if [ "$n" = 3 ]; then
    echo "=== mpicoll operation and process-grid tests on 3 ranks ==="
    targets=$GRID_TESTS
  else
    echo "=== mpicoll tests on $n rank(s) ==="
    targets=""
  fi
  # The outer timeout is a backstop; pytest-timeout ends a single hung test.
  if ! timeout 1200 mpiexec $MPIEXEC_FLAGS -n "$n" python scripts/pytest_mpi.py -q $targets "$@"; then
    status=1
    for f in test-logs/np$n-rank*.log; do
      [ -f "$f" ] && { echo "--- tail of $f"; tail -n 40 "$f"; }
    done
  fi
done
exit $status
