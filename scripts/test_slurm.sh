#!/usr/bin/env bash
# Run mpicoll under Slurm on a real single-node cluster: start it
# (scripts/slurm/start_cluster.sh: Debian's slurmctld, slurmd and munge on
# this machine), then with `srun -n 2` and `srun -n 4`
#   * check that the tasks form one MPI job (scripts/slurm/check_world.py),
#     and that the check catches singletons (--mpi=none must fail it);
#   * run the examples, which check their own results;
#   * run the operation tests (tests/test_ops.py) through scripts/pytest_mpi.py;
#   * run tests/test_dead_rank.py with srun as the launcher (one rank dies,
#     the others must end within a bounded time);
# and submit the CPU template examples/slurm/cpu.sbatch and the
# one-process-per-node template examples/slurm/node.sbatch with sbatch and
# check their output. Each run has a timeout; one summary line per run with its
# duration; the exit status is non-zero if any run failed.
#
# Slurm runs 4 tasks on a 2-core node only when asked: --overcommit (-O).
# The PyPI MPICH speaks PMI-2 to srun (--mpi=pmi2); --mpi=pmix is refused by
# it ("unsupported PMI version PMIx") and --mpi=none gives singletons.
#
# Settings (environment variables):
#   MPICOLL_VENV=.venv-x           the environment made by scripts/setup.sh
#   MPICOLL_SLURM_TESTS="..."      the test files/ids run at 2 ranks (default
#                                  tests/test_ops.py)
#   MPICOLL_SLURM_K2="..."         pytest -k at 2 ranks (default: jitted values,
#                                  program order and gradients of every operation)
#   MPICOLL_SLURM_TESTS4="..."     the same at 4 ranks (default tests/test_ops.py;
#                                  "" skips the 4-rank pytest run)
#   MPICOLL_SLURM_K4="..."         pytest -k at 4 ranks (default: jitted values
#                                  of every operation, and program order)
#   MPICOLL_SLURM_STOP=1           stop the cluster at the end (default: leave it)
set -uo pipefail
cd "$(dirname "$0")/.."
export PATH="$PWD/${MPICOLL_VENV:-.venv}/bin:$PATH"
source scripts/env.sh
export MPIR_CVAR_CH4_PROGRESS_THROTTLE=1  # see scripts/test.sh
source scripts/slurm/env.sh

t0=$(date +%s)
if ! ./scripts/slurm/start_cluster.sh; then
  echo "test_slurm.sh: could not start the Slurm cluster" >&2
  exit 1
fi
echo "cluster up after $(( $(date +%s) - t0 )) s"

# --overcommit: more tasks than the node's cores. With it Slurm allocates
# --cpus-per-task per node instead of per task, so --cpus-per-task=<the
# node's cores> gives the job all of them once and its N tasks share them, as
# mpiexec's ranks would (with --overcommit alone it allocates one CPU and
# binds every task to it). The count is Slurm's: nproc would follow
# OMP_NUM_THREADS=1. --kill-on-bad-exit: a task that fails ends the step
# (the cluster sets KillOnBadExit=1 too; a real cluster may not).
cores=$(sinfo -h -N -o %c | head -n 1)
SRUN="srun --mpi=pmi2 --overcommit --cpus-per-task=$cores --kill-on-bad-exit=1"
out=$(mktemp -d /tmp/mpicoll-slurm-test.XXXXXX)
summary=()
status=0

# run NAME TIMEOUT CMD...: run CMD under a timeout, record PASS/FAIL and time.
# MUST_FAIL=1 run ...: a negative control, which passes if CMD ends non-zero
# by itself (not by the timeout).
run() {
  local name=$1 limit=$2; shift 2
  local start=$SECONDS rc
  echo "=== $name$([ "${MUST_FAIL:-0}" = 1 ] && echo " (must fail)"): $*"
  timeout --kill-after=30 "$limit" "$@"
  rc=$?
  local timed_out=0 verdict=PASS note=""
  { [ $rc = 124 ] || [ $rc = 137 ]; } && timed_out=1
  if [ "${MUST_FAIL:-0}" = 1 ]; then
    if [ $rc -ne 0 ] && [ $timed_out = 0 ]; then
      note=" (failed as it must, exit $rc)"
    else
      verdict=FAIL note=" (exit $rc; it must fail)"
    fi
  elif [ $rc -ne 0 ]; then
    verdict=FAIL
    note=" (exit $rc$([ $timed_out = 1 ] && echo ": timed out after ${limit} s"))"
  fi
  [ $verdict = FAIL ] && status=1
  summary+=("$(printf '%-52s %-5s %4d s' "$name" $verdict $((SECONDS - start)))$note")
}

for n in 2 4; do
  run "srun -n $n: one MPI job (check_world)" 120 $SRUN -n $n python scripts/slurm/check_world.py
done
MUST_FAIL=1 run "srun --mpi=none -n 2: singletons caught" 120 \
  srun --mpi=none --overcommit -n 2 python scripts/slurm/check_world.py
for n in 2 4; do
  run "srun -n $n: examples/ring_and_sum.py" 300 $SRUN -n $n python examples/ring_and_sum.py
done
run "srun -n 4: examples/poisson_fft3d.py" 300 \
  $SRUN -n 4 python examples/poisson_fft3d.py --out "$out/poisson_fft3d.png"

tests2=${MPICOLL_SLURM_TESTS:-tests/test_ops.py}
k2=${MPICOLL_SLURM_K2-(test_values and jit) or keeps_order or grad}
# At 4 ranks (oversubscribed: slow) every operation's values, jitted, and
# all operations in one program in order.
tests4=${MPICOLL_SLURM_TESTS4-tests/test_ops.py}
k4=${MPICOLL_SLURM_K4-(test_values and jit) or keeps_order}
# shellcheck disable=SC2086
run "srun -n 2: pytest $tests2 -k '$k2'" 900 $SRUN -n 2 python scripts/pytest_mpi.py -q $tests2 -k "$k2"
if [ -n "$tests4" ]; then
  # shellcheck disable=SC2086
  run "srun -n 4: pytest $tests4 -k '$k4'" 900 $SRUN -n 4 python scripts/pytest_mpi.py -q $tests4 -k "$k4"
else
  summary+=("$(printf '%-52s %-5s' "srun -n 4: pytest" SKIP) (MPICOLL_SLURM_TESTS4 is empty)")
fi

# One rank dies mid-run: the test starts its own programs under the launcher
# given here (it appends "-n N python prog.py"), so it runs outside srun.
if [ -f tests/test_dead_rank.py ]; then
  MPICOLL_LAUNCHER="$SRUN" run "srun: tests/test_dead_rank.py" 600 \
    python -m pytest -q tests/test_dead_rank.py
else
  summary+=("$(printf '%-52s %-5s' "srun: tests/test_dead_rank.py" MISSING) (no such file; not run)")
  status=1
fi

# The CPU template as a batch job: 2 ranks on this node, the ring example.
# sbatch --wait returns the job's exit code; the output must show the job ran
# on 2 ranks and the example's check passed.
job_out="$out/cpu-sbatch.out"
run "sbatch examples/slurm/cpu.sbatch (2 ranks)" 300 \
  sbatch --wait --nodes=1 --ntasks-per-node=2 --time=00:05:00 --output="$job_out" \
    examples/slurm/cpu.sbatch examples/ring_and_sum.py
if [ -f "$job_out" ]; then
  echo "--- $job_out"; cat "$job_out"
fi
if grep -q "^PASS  allreduce equals the closed form on every rank: True" "$job_out" 2>/dev/null && \
   grep -q "^2 ranks, each holding" "$job_out"; then
  summary+=("$(printf '%-52s %-5s' "sbatch output: 2 ranks, sum checked" PASS)")
else
  summary+=("$(printf '%-52s %-5s' "sbatch output: 2 ranks, sum checked" FAIL) (see $job_out)")
  status=1
fi

# The one-process-per-node template: 2 processes of 2 CPU devices each on
# this node (on a cluster: one per node), the ring over all 4 devices.
job_out="$out/node-sbatch.out"
run "sbatch examples/slurm/node.sbatch (2 x 2 devices)" 300 \
  env MPICOLL_DEVICES=2 sbatch --wait --nodes=1 --ntasks-per-node=2 --cpus-per-task=1 \
    --time=00:05:00 --output="$job_out" examples/slurm/node.sbatch
if [ -f "$job_out" ]; then
  echo "--- $job_out"; cat "$job_out"
fi
if grep -q "^PASS  ring over all cells equals the closed form on every device: True" "$job_out" 2>/dev/null && \
   grep -q "^2 processes x 2 devices" "$job_out"; then
  summary+=("$(printf '%-52s %-5s' "sbatch output: 2 processes x 2 devices, ring checked" PASS)")
else
  summary+=("$(printf '%-52s %-5s' "sbatch output: 2 processes x 2 devices, ring checked" FAIL) (see $job_out)")
  status=1
fi

[ "${MPICOLL_SLURM_STOP:-0}" = 1 ] && ./scripts/slurm/stop_cluster.sh
echo "=== Slurm runs (total $(( $(date +%s) - t0 )) s with cluster start) ==="
printf '%s\n' "${summary[@]}"
exit $status
