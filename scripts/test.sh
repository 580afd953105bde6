#!/usr/bin/env bash
# Run the whole test suite at 1, 2 and 4 ranks (4 is oversubscribed on a
# 2-core machine), and the process-grid tests (halo, fft3d values) also at 3
# ranks, where blocks are uneven and grids are odd. The 2-rank run has shared
# memory switched off, so every message (the > 2 GiB ones of
# tests/test_large_messages.py included) crosses MPI's TCP transport; the
# other runs use shared memory.
#
# Extra arguments go to pytest, e.g. `-k allreduce` or tests/test_ops.py or
# tests/test_ops.py::test_name. A rank count where they select no test (at 3
# ranks only the grid tests run) is reported and skipped; it is an error only
# if they select no test at any rank count.
#
# Every run is bounded: a launcher still running MPICOLL_TEST_TIMEOUT seconds
# after it started, or MPICOLL_TEST_EXIT_GRACE seconds after every rank's
# pytest returned (Open MPI's prterun has been seen never to return after all
# ranks exited non-zero), is killed with its ranks, and what happened is
# printed.
#
# Settings (environment variables):
#   MPICOLL_VENV=.venv-x         the environment made by scripts/setup.sh (default .venv)
#   MPICOLL_TEST_RANKS="1 2"     the rank counts to run (default "1 2 3 4")
#   MPICOLL_TEST_TCP_RANKS="2"   the rank counts run over TCP, without shared
#                                memory (default "2"; "" for none)
#   MPICOLL_TEST_TIMEOUT=1200    seconds one run may take
#   MPICOLL_TEST_EXIT_GRACE=60   seconds the launcher may take to return after
#                                every rank finished
#   MPICOLL_TEST_COMPILE_CACHE=0 compile every program (default: keep XLA's
#                                compilations for the run, below)
set -uo pipefail
cd "$(dirname "$0")/.."
export PATH="$PWD/${MPICOLL_VENV:-.venv}/bin:$PATH"
source scripts/env.sh
# MPICH: a rank that polls without progress sleeps 1 us now and then, so
# oversubscribed ranks waiting in MPI leave the cores to the ones tracing and
# compiling (about 8% faster at 4 ranks on 2 cores). Not in env.sh: it would
# add latency to the benchmarks. Open MPI ignores it. Still worth it beside
# the heavy yield below: 3 ranks of test_halo and test_pairing take 48-51 s
# with it, 54 s without. A value the caller sets wins.
export MPIR_CVAR_CH4_PROGRESS_THROTTLE=${MPIR_CVAR_CH4_PROGRESS_THROTTLE:-1}
# MPICH, in runs with more ranks than cores (3 and 4 ranks on CI's 2): a
# rank waiting in MPI sleeps at every poll instead of spinning
# (MPIR_CVAR_ENABLE_HEAVY_YIELD; a waiting rank then uses about 15% of a
# core instead of all of it), so the cores go to the ranks that trace and
# compile: the 3-rank run about 30% faster, the 4-rank run 10-23%. Not
# where every rank has a core: each wait then costs a sleep (a 1-byte round
# trip takes about 250 us instead of 7 us: scripts/waiting_ranks.py).
# Not for Open MPI, whose waiting ranks yield already (env.sh).
cores=$(env -u OMP_NUM_THREADS -u OMP_THREAD_LIMIT nproc)
# XLA's compilations are kept for the whole run in JAX's persistent
# compilation cache (a fresh folder, deleted at the end; each rank index
# has a folder of its own in it, tests/conftest.py: JAX writes entries
# without a lock): a program that lowers to the same HLO as one compiled
# before by the rank of the same index (the same test at another rank count;
# mpicoll's communicator handles are in the HLO) is loaded instead of
# compiled again, which makes the runs after
# the first about a third faster. Tracing, lowering and running are
# unchanged; only an identical XLA compilation is skipped.
if [ "${MPICOLL_TEST_COMPILE_CACHE:-1}" != 0 ]; then
  compile_cache=$(mktemp -d "${TMPDIR:-/tmp}/mpicoll-test-xla-cache.XXXXXX")
  trap 'rm -rf "$compile_cache"' EXIT
  export JAX_COMPILATION_CACHE_DIR=$compile_cache
  export JAX_PERSISTENT_CACHE_MIN_COMPILE_TIME_SECS=0 JAX_PERSISTENT_CACHE_MIN_ENTRY_SIZE_BYTES=0
fi
TIMEOUT=${MPICOLL_TEST_TIMEOUT:-1200}
GRACE=${MPICOLL_TEST_EXIT_GRACE:-60}
TCP_RANKS=${MPICOLL_TEST_TCP_RANKS-2}
mpich=1
if mpiexec --version 2>&1 | grep -q "Open MPI"; then
  mpich=""
  # ob1 with the TCP and self (a rank to itself) byte transfer layers only
  TCP_ENV="OMPI_MCA_pml=ob1 OMPI_MCA_btl=tcp,self"
else
  # MPICH: NOLOCAL sends messages between ranks of one node through the
  # network module instead of shared memory. PyPI's MPICH has two: UCX (the
  # default) and libfabric (OFI). UCX restricted to TCP (UCX_TLS=tcp,self)
  # hangs when two threads call MPI at once (mpicoll's handler on XLA's
  # thread and mpi4py on the script's; reproduced with mpi4py alone, two
  # threads on two communicators), so the TCP run uses OFI's tcp provider.
  TCP_ENV="MPIR_CVAR_NOLOCAL=1 MPIR_CVAR_CH4_NETMOD=ofi FI_PROVIDER=tcp"
fi

# At 3 ranks: every operation of the registry (tests/test_ops.py: roots,
# rank parity and odd prefix lengths), the pairing checks with a rank that
# takes no part (tests/test_pairing.py), the reductions by blocks with
# uneven blocks (tests/test_reduction_blocks.py), the pieces ranks send
# themselves (tests/test_own_block.py), all of halo (grids of 3 are odd and
# blocks uneven), a process mesh of 3 x 1 (tests/test_spmd.py), the
# particle-mesh example on a ring whose left and right neighbours differ
# (tests/test_particle_mesh.py, not run at 4), and the fft tests that check
# values on such grids (the rest run at 1, 2 and 4 ranks), and the
# nonblocking operations (tests/test_nonblocking.py, not run at 4: its rings
# and chains have distinct left and right neighbours and ranks in the middle
# from 3 ranks on), and the ragged exchanges and migrate
# (tests/test_ragged.py: counts that differ per destination and rank).
GRID_TESTS="tests/test_ops.py tests/test_pairing.py tests/test_reduction_blocks.py
  tests/test_own_block.py tests/test_overlapped_copy.py tests/test_halo.py tests/test_spmd.py
  tests/test_particle_mesh.py tests/test_nonblocking.py tests/test_ragged.py
  tests/test_fft.py::test_transforms_match_numpy
  tests/test_fft.py::test_local_slices_tile_global_index_space
  tests/test_fft.py::test_fftfreq_matches_numpy_on_gathered_grid
  tests/test_fft.py::test_dot_product tests/test_fft.py::test_leading_batch_axes_and_vmap"

# The arguments that name test files or tests (their part before "::" exists)
# and the others (options such as -k EXPR, passed as they are).
paths=() options=()
for a in "$@"; do
  if [ -e "${a%%::*}" ] && [ "${a#-}" = "$a" ]; then paths+=("$a"); else options+=("$a"); fi
done

# Grid tests within the given paths: a grid entry inside a given path, or a
# given path inside a grid entry.
grid_targets() {
  local g p out=()
  for g in $GRID_TESTS; do
    for p in "${paths[@]}"; do
      p=${p%/}
      case "$g" in "$p"|"$p"/*|"$p"::*) out+=("$g"); continue 2 ;; esac
      case "$p" in "$g"|"$g"::*) out+=("$p") ;; esac
    done
  done
  printf '%s\n' "${out[@]}" | awk 'NF && !seen[$0]++'
}

# Every process of the run: its session (the launcher leads one) and the
# launcher's descendants (in case one left the session).
run_processes() {
  local sid=$1
  ps -e -o pid=,ppid=,sid= | awk -v s="$sid" '
    { ppid[$1] = $2; if ($3 == s || $1 == s) keep[$1] = 1 }
    END { do { grew = 0; for (p in ppid) if (!(p in keep) && (ppid[p] in keep)) { keep[p] = 1; grew = 1 } } while (grew)
          for (p in keep) print p }'
}

kill_run() {
  local sid=$1 pids
  pids=$(run_processes "$sid")
  [ -n "$pids" ] && kill -TERM $pids 2>/dev/null
  sleep 5
  pids=$(run_processes "$sid")
  [ -n "$pids" ] && kill -KILL $pids 2>/dev/null
}

# Run pytest on $1 ranks with the remaining arguments; sets $run_code (0 ok,
# 5 no test selected, other: failed) and prints what went wrong.
run_bounded() {
  local n=$1; shift
  local start now done_at="" finished reason="" rcfile pidfile code launcher_rc r c leftover
  rm -f test-logs/np"$n"-rank*.rc test-logs/np"$n"-rank*.log
  mkdir -p test-logs
  rcfile=$(mktemp) pidfile=$(mktemp)
  rm -f "$rcfile"
  # setsid: the launcher leads a new session, so it and its ranks can be
  # found and killed together
  ( setsid -w bash -c 'echo $$ > "$0"; exec "$@"' "$pidfile" \
      mpiexec $MPIEXEC_FLAGS -n "$n" python scripts/pytest_mpi.py "$@"
    echo $? > "$rcfile" ) &
  local sub=$!
  # the run has its own session, so an interrupt of this script must end it
  trap 'kill_run "$(cat "$pidfile")"; exit 130' INT TERM
  start=$(date +%s)
  while [ ! -s "$rcfile" ]; do
    sleep 1
    now=$(date +%s)
    finished=$(ls test-logs/np"$n"-rank*.rc 2>/dev/null | wc -l)
    [ "$finished" -ge "$n" ] && [ -z "$done_at" ] && done_at=$now
    if [ $((now - start)) -ge "$TIMEOUT" ]; then
      reason="mpiexec was still running after $TIMEOUT s (MPICOLL_TEST_TIMEOUT); $finished of $n ranks had finished pytest"
    elif [ -n "$done_at" ] && [ $((now - done_at)) -ge "$GRACE" ]; then
      reason="every rank had finished pytest, but mpiexec had not returned $GRACE s later (MPICOLL_TEST_EXIT_GRACE)"
    fi
    if [ -n "$reason" ]; then
      echo "!!! $n ranks: $reason: killing mpiexec (pid $(cat "$pidfile")) and its ranks after $((now - start)) s"
      ps -o pid,stat,etime,args -p "$(run_processes "$(cat "$pidfile")" | paste -sd, -)" \
        2>/dev/null | sed 's/^/!!!   /'
      kill_run "$(cat "$pidfile")"
      break
    fi
  done
  wait "$sub"
  trap - INT TERM
  # processes the ranks left behind (a test's child) would hold on to the
  # terminal or to files
  leftover=$(run_processes "$(cat "$pidfile")")
  [ -n "$leftover" ] && kill -KILL $leftover 2>/dev/null
  launcher_rc=$(cat "$rcfile" 2>/dev/null || echo killed)
  rm -f "$rcfile" "$pidfile"
  # The verdict is the ranks' pytest exit codes; a missing one means that
  # rank died or hung before pytest returned.
  run_code=0
  local codes=() missing=()
  for ((r = 0; r < n; r++)); do
    c=$(cat "test-logs/np$n-rank$r.rc" 2>/dev/null || echo "")
    if [ -z "$c" ]; then missing+=("$r"); else codes+=("$c"); fi
  done
  if [ ${#missing[@]} -gt 0 ]; then
    echo "!!! $n ranks: no pytest result from rank(s) ${missing[*]} (died or hung); mpiexec exit status: $launcher_rc"
    run_code=1
  elif [ "$(printf '%s\n' "${codes[@]}" | sort -u)" = 5 ]; then
    run_code=5
  else
    for c in "${codes[@]}"; do [ "$c" != 0 ] && run_code=1; done
    if [ "$launcher_rc" != 0 ] && [ "$run_code" = 0 ]; then
      echo "!!! $n ranks: every rank's tests passed but mpiexec's exit status was $launcher_rc"
      [ "$launcher_rc" != killed ] && run_code=1
    fi
  fi
  if [ "$run_code" != 0 ] && [ "$run_code" != 5 ]; then
    echo "!!! $n ranks: pytest exit codes by rank: ${codes[*]:-none}"
    for f in test-logs/np"$n"-rank*.log; do
      [ -f "$f" ] && { echo "--- tail of $f"; tail -n 40 "$f"; }
    done
  fi
}

status=0
ran_tests=0
for n in ${MPICOLL_TEST_RANKS:-1 2 3 4}; do
  if [ "$n" = 3 ]; then
    if [ ${#paths[@]} -gt 0 ]; then
      mapfile -t targets < <(grid_targets)
    else
      read -r -d '' -a targets <<<"$GRID_TESTS"    # every line of it
    fi
    if [ ${#targets[@]} -eq 0 ]; then
      echo "=== 3 ranks: skipped (none of the given tests is among the 3-rank grid tests) ==="
      continue
    fi
    what="operation and process-grid tests"
  else
    targets=("${paths[@]}")
    what="tests"
  fi
  heavy=""
  if [ -n "$mpich" ] && [ "$n" -gt "$cores" ] && [ -z "${MPIR_CVAR_ENABLE_HEAVY_YIELD+set}" ]; then
    heavy=" (more ranks than cores: waiting ranks sleep, MPIR_CVAR_ENABLE_HEAVY_YIELD=1)"
    export MPIR_CVAR_ENABLE_HEAVY_YIELD=1
  fi
  tcp=""
  for t in $TCP_RANKS; do [ "$t" = "$n" ] && tcp=1; done
  if [ -n "$tcp" ]; then
    echo "=== mpicoll $what on $n rank(s), over TCP (shared memory off: $TCP_ENV)$heavy ==="
    # shellcheck disable=SC2086
    export $TCP_ENV
  else
    echo "=== mpicoll $what on $n rank(s)$heavy ==="
  fi
  run_bounded "$n" "${targets[@]}" "${options[@]}"
  if [ -n "$tcp" ]; then for kv in $TCP_ENV; do unset "${kv%%=*}"; done; fi
  [ -n "$heavy" ] && unset MPIR_CVAR_ENABLE_HEAVY_YIELD
  case "$run_code" in
    0) ran_tests=1 ;;
    5) echo "=== $n rank(s): no test selected here ===" ;;
    *) status=1 ;;
  esac
done
if [ "$status" = 0 ] && [ "$ran_tests" = 0 ]; then
  echo "!!! no test was selected at any rank count (arguments: $*)"
  status=1
fi
exit $status
