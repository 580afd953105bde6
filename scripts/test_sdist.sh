#!/usr/bin/env bash
# Packaging check: build mpicoll's source distribution from this tree with no
# MPI compiler anywhere on PATH, then install it the way docs/install.md says
# into a fresh environment and check what got installed:
#
#   1. sdist: `python -m build --sdist` in a bare environment (setuptools and
#      `build` only: no MPI, no Cython, no JAX, no mpi4py) with every PATH
#      directory holding an `mpicc` left out and MPICC unset. The archive must
#      hold the build inputs (every file of the package in this tree, so the
#      .pyx/.pxd/.pxi sources, and setup.py, pyproject.toml, LICENSE,
#      README.md, the headers of third_party/) and the examples, and no build
#      products (.so, the generated _ffi.c, .pyc).
#   2. metadata: `pip install --dry-run` of the archive in the same bare
#      environment reads name, version and dependencies.
#   3. install: PyPI's MPICH, mpi4py, JAX and NumPy, then
#      `pip install mpicoll-*.tar.gz` with build isolation (pip takes Cython
#      and mpi4py from pyproject.toml's build requirements; MPICC unset, so
#      the extension is built once per MPI ABI with the C compiler), run from
#      a directory outside any source tree, as every later check is, so
#      `import mpicoll` can only find the installed copy; the three variants
#      (MPICH, Open MPI, standard ABI) must be installed, and no module built
#      for one MPI.
#   4. `python -m mpicoll` reports a location inside the new environment;
#      `mpiexec -n 2 python -m mpicoll --self-test` passes.
#   5. an example that draws with matplotlib, run before matplotlib is there,
#      stops with a message naming the `examples` extra; after
#      `pip install "mpicoll[examples]"` the same example runs and writes its
#      picture.
#
# Exit status non-zero on the first failure; prints the time taken.
#
# Settings (environment variables):
#   PYTHON=python3.11            interpreter (default python3.12; pyenv's
#                                versions are found as in scripts/setup.sh)
#   MPICOLL_SDIST_DIR=/tmp/x     work directory, emptied first
#                                (default /tmp/mpicoll-sdist)
#   MPICOLL_SDIST_PINS="..."     extra requirements for step 3, e.g. the lowest
#                                supported versions:
#                                "jax==0.10.1 jaxlib==0.10.1 numpy==2.0.0 mpi4py==4.1.0"
#                                (with PYTHON=python3.11); an `mpich==...` among
#                                them replaces the MPICH version
set -euo pipefail
cd "$(dirname "$0")/.."
start=$(date +%s)
PYTHON=${PYTHON:-python3.12}
root=${MPICOLL_SDIST_DIR:-/tmp/mpicoll-sdist}
if ! "$PYTHON" -c pass 2>/dev/null && command -v pyenv >/dev/null; then
  # pyenv's shims refuse versions that are installed but not selected
  for d in "$(pyenv root)"/versions/"${PYTHON#python}"*; do
    [ -x "$d/bin/python" ] && { PYTHON="$d/bin/python"; break; }
  done
fi

step() { echo "=== $* ($(( $(date +%s) - start )) s)"; }
fail() {
  echo "test_sdist: FAIL: $*" >&2
  echo "test_sdist: FAILED after $(( $(date +%s) - start )) s (work directory $root)" >&2
  exit 1
}
# Run a command with its output in a log; show the log's tail if it fails.
logged() {
  local log=$1; shift
  "$@" > "$log" 2>&1 || { tail -n 40 "$log" >&2; fail "$* (log: $log)"; }
}

rm -rf "$root"
mkdir -p "$root/src" "$root/dist" "$root/work" "$root/unpacked"
# tracked and untracked-but-not-ignored files: what a commit of this tree holds
# (the checkout's own build products, _ffi.c and the .so, stay behind)
git ls-files -z --cached --others --exclude-standard | \
  while IFS= read -r -d '' f; do [ -e "$f" ] && cp --parents -- "$f" "$root/src/"; done
version=$(sed -n 's/^__version__ = "\(.*\)"/\1/p' mpicoll/__init__.py)
[ -n "$version" ] || fail "no __version__ = \"...\" line in mpicoll/__init__.py"

venv="$root/venv"
py="$venv/bin/python"
"$PYTHON" -m venv "$venv"

# A PATH with no MPI compiler: the environment's bin (which has none yet) and
# every directory of the current PATH that holds no `mpicc`.
nompi_path="$venv/bin"
IFS=: read -r -a dirs <<<"$PATH"
for d in "${dirs[@]}"; do
  [ -n "$d" ] && [ ! -e "$d/mpicc" ] && nompi_path="$nompi_path:$d"
done
nompi() { env -u MPICC PATH="$nompi_path" "$@"; }
if nompi bash -c 'command -v mpicc'; then fail "an mpicc is still on the no-MPI PATH"; fi

step "1. sdist with no MPI compiler ($("$py" -c 'import sys; print("Python", sys.version.split()[0])'))"
logged "$root/pip-build.log" "$py" -m pip install -q setuptools wheel build
# --skip-dependency-check: build-system.requires lists what building the
# *extension* needs (Cython, mpi4py); making the sdist must not need them.
(cd "$root/src" && logged "$root/sdist.log" nompi "$py" -m build --sdist --no-isolation \
  --skip-dependency-check --outdir "$root/dist" .)
sdist="$root/dist/mpicoll-$version.tar.gz"
[ -f "$sdist" ] || fail "no $sdist (the sdist is named from __version__ $version)"
tar tzf "$sdist" | sed "s#^mpicoll-$version/##" | sort > "$root/sdist-files.txt"
# Every file of the package in this tree (a new Cython include is a build
# input too), the build files, and what the later steps use from the archive.
for f in $(cd "$root/src" && find mpicoll -type f ! -name '*.pyc') LICENSE README.md \
         pyproject.toml setup.py MANIFEST.in third_party/mpich/mpi.h third_party/mpich/LICENSE \
         third_party/openmpi/mpi.h third_party/openmpi/LICENSE third_party/xla/LICENSE \
         third_party/xla/xla/ffi/api/c_api.h examples/_plotting.py examples/poisson_fft3d.py \
         tests/conftest.py scripts/env.sh; do
  grep -qx -- "$f" "$root/sdist-files.txt" || fail "$f is missing from $sdist (MANIFEST.in)"
done
if grep -E '\.(so|pyc|o)$|(^|/)_ffi\.c$' "$root/sdist-files.txt"; then
  fail "build products (listed above) in $sdist"
fi
echo "$sdist: $(wc -l < "$root/sdist-files.txt") entries, build inputs present, no build products"

step "2. metadata with no MPI compiler"
(cd "$root/work" && logged "$root/metadata.log" nompi "$py" -m pip install --dry-run --no-deps \
  --no-build-isolation -q --report "$root/report.json" "$sdist")
"$py" - "$root/report.json" "$version" <<'EOF' || fail "metadata read from $sdist is wrong"
import json, sys
meta = json.load(open(sys.argv[1]))["install"][0]["metadata"]
requires = meta.get("requires_dist", [])
print(f"{meta['name']} {meta['version']}, Requires-Python {meta['requires_python']}, "
      f"{len(requires)} requirements, extras {meta.get('provides_extra')}")
assert meta["name"] == "mpicoll" and meta["version"] == sys.argv[2], meta
for needed in ("jax", "mpi4py", "numpy"):
    assert any(r.startswith(needed) for r in requires), (needed, requires)
assert any("matplotlib" in r and 'extra == "examples"' in r for r in requires), requires
EOF

step "3. install the sdist into the fresh environment"
export PATH="$venv/bin:$PATH"     # the environment's mpicc and mpiexec (PyPI MPICH)
unset MPICC
# MPICH first (or the version MPICOLL_SDIST_PINS names): an mpi4py without a
# binary wheel, as some pinned versions are, is compiled with its mpicc.
mpich=mpich
for req in ${MPICOLL_SDIST_PINS:-}; do
  case $req in mpich[=\<\>~!]*) mpich=$req ;; esac
done
logged "$root/pip-mpich.log" "$py" -m pip install -q "$mpich"
# shellcheck disable=SC2086  # MPICOLL_SDIST_PINS is a list of requirements
logged "$root/pip-deps.log" "$py" -m pip install -q "mpi4py>=4.1" "jax>=0.10.1" numpy \
  ${MPICOLL_SDIST_PINS:-}
(cd "$root/work" && logged "$root/pip-install.log" "$py" -m pip install "$sdist")
if "$py" -c "import Cython" 2>/dev/null; then
  fail "Cython is in the environment: the build did not take it from its isolated one"
fi
grep -q "Successfully installed.*mpicoll-$version" "$root/pip-install.log" \
  || fail "pip did not install mpicoll $version (log: $root/pip-install.log)"

cd "$root/work"
tar xzf "$sdist" -C "$root/unpacked"      # the examples and scripts as shipped
source "$root/unpacked/mpicoll-$version/scripts/env.sh"   # JAX on the CPU, one thread per rank
export MPIR_CVAR_CH4_PROGRESS_THROTTLE=1    # as scripts/test.sh: ranks share 2 cores

step "4. python -m mpicoll and the self-test at 2 ranks"
"$py" -m mpicoll > "$root/info.txt" 2>&1 || { cat "$root/info.txt"; fail "python -m mpicoll"; }
cat "$root/info.txt"
site=$("$py" -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')
location=$(sed -n 's/^mpicoll location: *//p' "$root/info.txt")
case "$location" in
  "$site"/mpicoll*) ;;
  *) fail "python -m mpicoll reports location '$location', not the installed copy under $site" ;;
esac
for abi in mpich openmpi mpiabi; do
  ls "$site"/mpicoll/_src/_ffi.$abi.*.so > /dev/null 2>&1 \
    || fail "no $abi build of the _ffi extension in $site/mpicoll/_src"
done
if ls "$site"/mpicoll/_src/_ffi.cpython-*.so 2>/dev/null; then
  fail "a module built for one MPI (plain _ffi) was installed"
fi
grep -q "^MPI variant: *mpich: mpi4py loaded" "$root/info.txt" || fail "python -m mpicoll names no mpich variant"
timeout 300 mpiexec $MPIEXEC_FLAGS -n 2 "$py" -m mpicoll --self-test > "$root/self-test.txt" 2>&1 \
  || { cat "$root/self-test.txt"; fail "mpiexec -n 2 python -m mpicoll --self-test"; }
tail -n 3 "$root/self-test.txt"

step "5. an example without and with matplotlib (the examples extra)"
example="$root/unpacked/mpicoll-$version/examples/poisson_fft3d.py"
if "$py" -c "import matplotlib" 2>/dev/null; then
  fail "matplotlib is already installed, so its absence cannot be checked"
fi
if timeout 300 mpiexec $MPIEXEC_FLAGS -n 2 "$py" "$example" --n 8 --out "$root/work/p.png" \
     > "$root/example-no-mpl.txt" 2>&1; then
  cat "$root/example-no-mpl.txt"; fail "the example succeeded without matplotlib"
fi
grep -qF 'pip install "mpicoll[examples]"' "$root/example-no-mpl.txt" \
  || { cat "$root/example-no-mpl.txt"; fail "no message naming the examples extra"; }
if grep -q Traceback "$root/example-no-mpl.txt"; then
  cat "$root/example-no-mpl.txt"; fail "a traceback instead of just the message"
fi
echo "without matplotlib, the example stopped with (each rank says it):"
grep -o "mpicoll's examples draw.*or pip install matplotlib\." "$root/example-no-mpl.txt" \
  | head -n 1 | sed 's/matplotlib\.mpicoll.*/matplotlib./'
# The command the message gives: mpicoll is installed, so pip takes the
# extra from the installed metadata and adds only matplotlib.
logged "$root/pip-extra.log" "$py" -m pip install -q "mpicoll[examples]"
timeout 300 mpiexec $MPIEXEC_FLAGS -n 2 "$py" "$example" --n 8 --out "$root/work/p.png" \
  > "$root/example.txt" 2>&1 || { cat "$root/example.txt"; fail "the example with matplotlib"; }
cat "$root/example.txt"
[ -s "$root/work/p.png" ] || fail "the example wrote no picture"

echo "test_sdist: PASS in $(( $(date +%s) - start )) s (sdist $sdist, environment $venv)"
