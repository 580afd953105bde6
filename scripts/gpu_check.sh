#!/usr/bin/env bash
# The whole GPU check in one run: build mpicoll against each MPI, run the
# CUDA tests on each path, benchmark, and write a one-screen summary.
#
#   OUT=/some/folder ./scripts/gpu_check.sh          (docs/gpu.md, "The GPU check")
#
# Made for a GPU machine without network access whose python3 has JAX with
# its CUDA plugin, CuPy, Cython, setuptools, pytest and pytest-timeout. The
# MPIs and mpi4py come as wheels for that Python in .whl/ (docs/gpu.md says
# how to download them): mpich, openmpi, mpi4py, and ducc0 if absent; the
# CUDA-aware MPI ("cuda-openmpi") is the folder scripts/build_cuda_openmpi.sh
# makes (.cuda-openmpi/), carried along.
# Each MPI gets its own virtual environment that sees python3's packages
# (a .pth file: python3 may itself be a virtual environment, whose packages
# --system-site-packages would not show) and its own copy of the sources.
#
# Everything is written under $OUT: summary.txt (also printed at the end) and
# logs.tar.gz (every step's log, the benchmark tables and machine facts),
# both rewritten after each step, so a run cut short still returns them.
# Each step has a time limit, and the whole run a budget: a hang costs one
# step, and steps that no longer fit are reported as not run. The most
# important steps come first (MPICH's tests, then the benchmark, then Open
# MPI's).
#
# Settings (environment variables):
#   OUT                 where results go (default ./gpu-check-out)
#   GPUCHECK_BUDGET     seconds for the whole run (default 450)
#   GPUCHECK_PYTHON     the interpreter with JAX and CuPy (default python3)
#   GPUCHECK_MPIS       which MPIs, in order (default "cuda-openmpi mpich
#                       openmpi", cuda-openmpi only where its folder exists)
#   GPUCHECK_CUDA_MPI   the CUDA-aware Open MPI's folder (default .cuda-openmpi)
#   GPUCHECK_STEPS      only these steps (names as in the summary, e.g.
#                       "mpich/tests-np2 bench/fft3d-np1"); default all
#   GPUCHECK_WORK       scratch folder (default /tmp/mpicoll-gpu-check)
#   GPUCHECK_PYTEST     extra pytest arguments (e.g. "-k staging")
#   GPUCHECK_FFT_N      global size of the FFT benchmark (default 256)
#   GPUCHECK_EXAMPLES   the examples run on GPU and CPU and compared
#   GPUCHECK_GPU_PLATFORM  JAX platform of the examples' GPU run (default
#                       cuda; cpu rehearses the step on a machine without one)
#   GPUCHECK_DEMO       mpi4jax's examples/shallow_water.py: if set, run
#                       scripts/gpu_demo_diagnosis.py on it (GPU against CPU)
set -uo pipefail
cd "$(dirname "$0")/.."
OUT=${OUT:-$PWD/gpu-check-out}
BUDGET=${GPUCHECK_BUDGET:-450}
PY=${GPUCHECK_PYTHON:-python3}
CUDA_MPI=$(cd "${GPUCHECK_CUDA_MPI:-.cuda-openmpi}" 2>/dev/null && pwd || true)
if [ -n "$CUDA_MPI" ]; then
  MPIS=${GPUCHECK_MPIS:-cuda-openmpi mpich openmpi}
else
  MPIS=${GPUCHECK_MPIS:-mpich openmpi}
fi
ONLY=${GPUCHECK_STEPS:-}
WORK=${GPUCHECK_WORK:-/tmp/mpicoll-gpu-check}
FFT_N=${GPUCHECK_FFT_N:-256}
# the examples run on GPU and CPU (file and arguments)
EXAMPLES=${GPUCHECK_EXAMPLES:-"poisson_fft3d.py shallow_water.py particle_mesh.py"}
GPU_PLATFORM=${GPUCHECK_GPU_PLATFORM:-cuda}   # cpu: a rehearsal of the examples step
DEMO=$(cd "$(dirname "${GPUCHECK_DEMO:-/nonexistent/x}")" 2>/dev/null &&
       echo "$PWD/$(basename "$GPUCHECK_DEMO")" || true)
mkdir -p "$OUT"
OUT=$(cd "$OUT" && pwd)
LOGS=$WORK/logs
rm -rf "$WORK"
mkdir -p "$LOGS"
START=$SECONDS
SUMMARY=$LOGS/summary.txt
: > "$SUMMARY"

publish() {   # copy what we have to $OUT (few files: the device tool returns at most 8)
  cp "$SUMMARY" "$OUT/summary.txt"
  tar -C "$WORK" -czf "$OUT/logs.tar.gz.part" logs && mv "$OUT/logs.tar.gz.part" "$OUT/logs.tar.gz"
}

record() {    # record NAME VERDICT DETAIL
  printf '%-24s %-8s %s\n' "$1" "$2" "$3" | tee -a "$SUMMARY"
  publish
}

wanted() { [ -z "$ONLY" ] || [[ " $ONLY " == *" $1 "* ]]; }

# step NAME MAX_SECONDS COMMAND...: run COMMAND with its output in
# logs/NAME.log, within MAX_SECONDS and what is left of the budget.
step() {
  local name=$1 max=$2
  shift 2
  wanted "$name" || return 0
  local left=$((BUDGET - (SECONDS - START)))
  local limit=$((max < left ? max : left))
  local log=$LOGS/${name//\//-}.log
  if ((limit < 15)); then
    record "$name" "NOT RUN" "time budget spent"
    return 1
  fi
  local t0=$SECONDS rc
  echo "== $name (limit ${limit}s): $*" > "$log"
  # the commands are this file's functions: exported below for the new bash
  timeout -k 10 "$limit" bash -c '"$@"' _ "$@" >> "$log" 2>&1
  rc=$?
  local took=$((SECONDS - t0)) verdict=PASS
  ((rc == 124 || rc == 137)) && verdict=TIMEOUT
  ((rc != 0 && rc != 124 && rc != 137)) && verdict="FAIL($rc)"
  # the last pytest summary line, or the GPU line of `python -m mpicoll`
  local detail
  detail=$(grep -aE "^(=+ )?[0-9]+ (passed|failed|skipped|error|deselected)|GPU \(CUDA\)|self-test|^fft3d|^median|of [0-9]+ arrays within|do_multistep\([0-9]+\):|^16 MiB +[0-9.]+ ms" "$log" \
             | tail -1 | sed -e 's/^=* *//' -e 's/ *=*$//' | cut -c1-110)
  record "$name" "$verdict" "${took}s ${detail}"
  if [ "$verdict" != PASS ]; then
    echo "---- last lines of $name ----"
    tail -n 40 "$log"
    echo "----"
  fi
  return $rc
}

facts() {
  echo "date: $(date -u)"; uname -a; nproc
  nvidia-smi 2>&1 | head -20
  gcc --version 2>&1 | head -1
  "$PY" - <<'EOF'
import sys, importlib.metadata as md
print("python", sys.version.split()[0], sys.executable)
for p in ("jax", "jaxlib", "jax-cuda13-plugin", "jax-cuda12-plugin", "cupy-cuda13x",
          "cupy-cuda12x", "cython", "numpy", "mpi4py", "setuptools", "pytest", "pytest-timeout",
          "ducc0"):
    try:
        print(f"{p} {md.version(p)}")
    except md.PackageNotFoundError:
        pass
import jax
print("jax devices:", jax.devices())
EOF
}

# make_env MPI: venv + wheels + mpicoll built (editable) in a copy of the sources
make_env() {
  local mpi=$1 venv=$WORK/venv-$1 src=$WORK/src-$1
  "$PY" -m venv --without-pip "$venv" || return 1
  local site
  site=$("$venv/bin/python" -c 'import sysconfig; print(sysconfig.get_path("purelib"))')
  # addsitedir, not a bare path: python3's own .pth files must apply too
  "$PY" -c 'import site; print("".join(f"import site; site.addsitedir({d!r})\n"
                                       for d in site.getsitepackages()))' \
    > "$site/_gpu_check_base.pth"
  local wheels=(.whl/mpi4py-*.whl)
  [ "$mpi" = cuda-openmpi ] || wheels+=(.whl/"$mpi"-*.whl)
  "$venv/bin/python" -c 'import ducc0' 2>/dev/null || wheels+=(.whl/ducc0-*.whl)
  # --ignore-installed: python3's own mpi4py (seen through the .pth) stays
  # untouched; this environment gets its own, loading this MPI
  "$venv/bin/python" -m pip install -q --no-index --no-deps --no-compile --ignore-installed \
    "${wheels[@]}" || return 1
  mkdir -p "$src"
  cp -r mpicoll tests scripts benchmarks examples setup.py pyproject.toml README.md "$src"/
  find "$src/mpicoll" \( -name "*.so" -o -name "*.c" \) -delete
  (cd "$src" && mpi_vars "$mpi" && PATH="$venv/bin:$PATH" \
     "$venv/bin/python" -m pip install -q --no-build-isolation --no-deps --ignore-installed -e .) \
    || return 1
  (cd "$src" && mpi_vars "$mpi" && "$venv/bin/python" -c \
     'import mpicoll, mpi4py.MPI as M; print(mpicoll.__file__); print(M.Get_library_version())')
}

# mpi_vars MPI: export what building and running with that MPI needs (in a
# subshell): its mpicc, the libmpi mpi4py loads and, for the carried
# CUDA-aware Open MPI, where it now lies (OPAL_PREFIX) and its transport:
# ob1 with the smcuda BTL (shared memory with CUDA IPC between the ranks of
# this node).
mpi_vars() {
  export MPI4PY_LIBMPI=$(libmpi "$1")
  if [ "$1" = cuda-openmpi ]; then
    export OPAL_PREFIX=$CUDA_MPI PATH="$CUDA_MPI/bin:$PATH" MPICC=$CUDA_MPI/bin/mpicc
    export LD_LIBRARY_PATH="$CUDA_MPI/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
    export OMPI_MCA_pml=ob1 OMPI_MCA_btl=smcuda,sm,self
  else
    export MPICC=$WORK/venv-$1/bin/mpicc
  fi
}

# libmpi MPI: the library mpi4py must load. Named, since mpi4py's wheel
# otherwise may take a system MPI of the other ABI (seen: the GPU machine's
# /usr/lib Open MPI loaded beside the environment's MPICH).
libmpi() {
  case $1 in
    mpich) echo "$WORK/venv-$1/lib/libmpi.so.12" ;;
    openmpi) echo "$WORK/venv-$1/lib/libmpi.so.40" ;;
    cuda-openmpi) echo "$CUDA_MPI/lib/libmpi.so.40" ;;
  esac
}

# in_env MPI COMMAND...: run COMMAND in MPI's source copy with its environment
in_env() {
  local mpi=$1
  shift
  local over=""
  [ "$mpi" != mpich ] && over="--allow-run-as-root --oversubscribe"
  (cd "$WORK/src-$mpi" && mpi_vars "$mpi" &&
   PATH="$WORK/venv-$mpi/bin:$PATH" OVER="$over" OMPI_MCA_op=^avx \
   JAX_PLATFORMS=cuda,cpu XLA_PYTHON_CLIENT_PREALLOCATE=false PYTHONUNBUFFERED=1 \
   bash -c "$*")
}

tests() {   # tests MPI RANKS
  in_env "$1" "mpiexec \$OVER -n $2 python scripts/pytest_mpi.py -q -rfEs --tb=short --color=no \
    -o timeout=60 ${GPUCHECK_PYTEST:-} tests/test_gpu.py; rc=\$?; \
    cat test-logs/np$2-rank1.log 2>/dev/null | tail -n 60 | sed 's/^/[rank 1] /'; exit \$rc"
}

# examples MPI RANKS: every example that can save its results, once on the
# GPU and once on the CPU (at the same time), then compared within the
# tolerance of GPU rounding (scripts/compare_runs.py)
examples() {
  in_env "$1" "rc=0; dir=\$PWD/example-runs-np$2; mkdir -p \$dir
    for ex in $EXAMPLES; do
      name=\${ex%% *}; name=\${name%.py}
      for where in gpu cpu; do
        platform=cpu; [ \$where = gpu ] && platform=$GPU_PLATFORM
        JAX_PLATFORMS=\$platform mpiexec \$OVER -n $2 python examples/\$ex \
          --save \$dir/\$name-\$where.npz < /dev/null > \$dir/\$name-\$where.log 2>&1 &
      done
      wait
      for where in gpu cpu; do echo \"--- \$name on \$where:\"; tail -n 8 \$dir/\$name-\$where.log; done
      python scripts/compare_runs.py \$dir/\$name-gpu.npz \$dir/\$name-cpu.npz \
        --label \"\$name, $2 rank(s), GPU vs CPU\" || rc=1
    done
    cp -r \$dir $LOGS/ 2>/dev/null; exit \$rc"
}

wait_build() {   # the build step: waits for that MPI's background build
  local mpi=$1
  while [ ! -f "$LOGS/build-$mpi.rc" ]; do sleep 1; done
  cat "$LOGS/build-$mpi.raw"
  return "$(cat "$LOGS/build-$mpi.rc")"
}

export WORK LOGS PY CUDA_MPI EXAMPLES GPU_PLATFORM GPUCHECK_PYTEST="${GPUCHECK_PYTEST:-}"   # read by the functions below
export -f facts make_env mpi_vars libmpi in_env tests wait_build examples
echo "mpicoll GPU check: budget ${BUDGET}s, MPIs: $MPIS, results in $OUT"
# Build every environment at once (the machine has cores to spare); each
# MPI's steps wait for its own build only.
for mpi in $MPIS; do
  (make_env "$mpi" > "$LOGS/build-$mpi.raw" 2>&1; echo $? > "$LOGS/build-$mpi.rc") &
done
step machine 60 facts

BENCH=$LOGS/bench
SIZES="8 65536 1048576 67108864"
first=${MPIS%% *}
for mpi in $first; do
  step "$mpi/build" 240 wait_build "$mpi" || continue
  step "$mpi/info" 60 in_env "$mpi" "python -m mpicoll"
  step "$mpi/self-test-np2" 90 in_env "$mpi" "mpiexec \$OVER -n 2 python -m mpicoll --self-test"
  step "$mpi/tests-np1" 150 tests "$mpi" 1
  step "$mpi/tests-np2" 180 tests "$mpi" 2
done

# Which path the other MPIs take, before the benchmark spends the budget.
for mpi in ${MPIS#"$first"}; do
  step "$mpi/build" 120 wait_build "$mpi" &&
  step "$mpi/info" 60 in_env "$mpi" "python -m mpicoll"
done

# Benchmark with the first MPI: primitives (staged and by-hand staging, and
# CUDA-aware where the MPI says so, against mpi4py on NumPy and on CuPy
# buffers) at 1 and 2 ranks (fft3d comes after the examples and the demo).
for np in 1 2; do
  step bench/primitives-np$np 150 in_env "$first" \
    "mpiexec \$OVER -n $np python benchmarks/run.py gpu primitives --rounds 1 \
     --ops allreduce alltoall sendrecv --sizes $SIZES --out $BENCH"
done

# Nonblocking operations on the GPU: does the transfer run while the GPU
# computes between start and wait? The late partner (benchmarks/overlap.py)
# with both ranks on the GPU, and with rank 0 on the GPU and its partner
# on the CPU (C then has the GPU to itself); and start+wait with nothing
# between against the blocking operation.
step bench/overlap-np2 150 in_env "$first" \
  "mpiexec \$OVER -n 2 python benchmarks/run.py overlap --n 20 --out $BENCH/overlap"
step bench/overlap-np2-cpu-partner 90 in_env "$first" \
  "mpiexec \$OVER -n 1 python benchmarks/run.py overlap --part 1 --n 20 --out $BENCH/overlap : \
   -n 1 env JAX_PLATFORMS=cpu python benchmarks/run.py overlap --part 1 --n 20 --out $BENCH/overlap"

# The examples on the GPU against the same runs on the CPU.
step "$first/examples-np1" 150 examples "$first" 1
step "$first/examples-np2" 150 examples "$first" 2

# mpi4jax's shallow-water demo (GPUCHECK_DEMO: its examples/shallow_water.py),
# GPU against CPU step by step, on each path
if [ -n "$DEMO" ]; then
  # as written (jnp.empty_like uninitialised on the GPU since JAX 0.11), on
  # both paths, and with zeros instead (the workaround)
  for np in 1 2; do
    runs="auto:as-written auto:zeros"
    ((np == 2)) && runs="$runs 0:as-written"
    for run in $runs; do
      aware=${run%%:*} empty=${run#*:}
      step "$first/demo-np$np-aware-$aware-$empty" 90 in_env "$first" \
        "MPICOLL_CUDA_AWARE=$aware DIAG_TAG='cuda-aware=$aware' mpiexec \$OVER -n $np \
         python scripts/gpu_demo_diagnosis.py --demo $DEMO --steps 30 --empty $empty"
    done
  done
fi

# fft3d against one GPU's jnp.fft
step bench/fft3d-np1 60 in_env "$first" \
  "mpiexec \$OVER -n 1 python benchmarks/run.py gpu fft3d --n $FFT_N --out $BENCH"
step bench/fft3d-np2 60 in_env "$first" \
  "mpiexec \$OVER -n 2 python benchmarks/run.py gpu fft3d --n $FFT_N --out $BENCH"

for mpi in ${MPIS#"$first"}; do
  [ "$(cat "$LOGS/build-$mpi.rc" 2>/dev/null)" = 0 ] || continue
  step "$mpi/self-test-np2" 90 in_env "$mpi" "mpiexec \$OVER -n 2 python -m mpicoll --self-test"
  step "$mpi/tests-np2" 180 tests "$mpi" 2
  step "$mpi/tests-np1" 150 tests "$mpi" 1
done
wait

{
  echo
  echo "== GPU path per MPI"
  for mpi in $MPIS; do
    echo "$mpi: $(grep -ah "GPU (CUDA)" "$LOGS/$mpi-info.log" 2>/dev/null | head -1)"
  done
  for table in "$BENCH"/*.txt "$BENCH"/*/*.txt; do
    [ -f "$table" ] && { echo; echo "== $(basename "$table")"; cat "$table"; }
  done
  echo
  echo "total $((SECONDS - START))s of a ${BUDGET}s budget"
} >> "$SUMMARY"
publish
echo
echo "================ summary ================"
cat "$SUMMARY"
! grep -qE " (FAIL|TIMEOUT)" "$SUMMARY"
