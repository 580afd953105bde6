#!/usr/bin/env bash
# Build a CUDA-aware Open MPI, on a machine with or without a GPU, into a
# relocatable folder small enough to carry to an offline GPU machine
# (docs/gpu.md, "A CUDA-aware MPI").
#
#   ./scripts/build_cuda_openmpi.sh            (about 12 minutes on 2 cores)
#
# Everything comes from the package registries this machine is set up for:
#   * Open MPI's full upstream source: Debian's source package `openmpi`
#     (trixie: 5.0.7, with its bundled PMIx, PRRTE, hwloc and libevent);
#   * the CUDA driver API header cuda.h: NVIDIA's `nvidia-cuda-runtime` wheel
#     from PyPI (no CUDA toolkit needed).
# Open MPI's configure links a test program against libcuda, which only a
# machine with NVIDIA's driver has; so the script makes a stub libcuda.so
# exporting every function cuda.h declares. It is used at link time only: at
# run time Open MPI's CUDA components load the driver's real libcuda.so.1.
#
# The result is CUDA-aware through Open MPI's own shared-memory transport
# (`--mca pml ob1 --mca btl smcuda,self`: CUDA IPC between the ranks of a
# node) and a plain MPI everywhere else: on a machine without a GPU it runs
# as any Open MPI does, and `python -m mpicoll` reports no CUDA support.
#
# Use it: export OPAL_PREFIX=<the folder> PATH=<the folder>/bin:$PATH
#              LD_LIBRARY_PATH=<the folder>/lib:$LD_LIBRARY_PATH
#         (OPAL_PREFIX lets the folder move), then build mpicoll against
#         its mpicc: MPICOLL_SYSTEM_MPI=1 MPICC=<the folder>/bin/mpicc
#         ./scripts/setup.sh, or see scripts/gpu_check.sh.
#
# Settings (environment variables):
#   MPICOLL_CUDA_MPI   where to install (default .cuda-openmpi in the repository)
#   MPICOLL_OMPI_SUITE Debian suite to take the source from (default trixie)
#   MPICOLL_BUILD_DIR  scratch folder (default /tmp/mpicoll-cuda-openmpi-build)
#   MPICOLL_JOBS       parallel make jobs (default: the number of cores)
set -euo pipefail
cd "$(dirname "$0")/.."
PREFIX=${MPICOLL_CUDA_MPI:-$PWD/.cuda-openmpi}
SUITE=${MPICOLL_OMPI_SUITE:-trixie}
BUILD=${MPICOLL_BUILD_DIR:-/tmp/mpicoll-cuda-openmpi-build}
JOBS=${MPICOLL_JOBS:-$(nproc)}
PY=${PYTHON:-python3}
mkdir -p "$BUILD"
BUILD=$(cd "$BUILD" && pwd)
say() { echo "== build_cuda_openmpi: $*"; }

# 1. Open MPI's source, through apt with a private source list (the system's
#    own apt configuration stays as it is; the mirror is the one it uses).
if [ ! -f "$BUILD/src/configure" ]; then
  say "Open MPI source (Debian $SUITE)"
  command -v apt-get >/dev/null || { echo "needs apt-get (Debian or Ubuntu)" >&2; exit 1; }
  apt_dir=$BUILD/apt
  mkdir -p "$apt_dir/parts" "$apt_dir/lists/partial"
  uri=$(awk '/^URIs:/{print $2; exit}' /etc/apt/sources.list.d/*.sources 2>/dev/null || true)
  [ -n "$uri" ] || uri=$(awk '$1=="deb"{print $2; exit}' /etc/apt/sources.list)
  keyring=/usr/share/keyrings/debian-archive-keyring.gpg
  printf 'Types: deb-src\nURIs: %s\nSuites: %s\nComponents: main\nSigned-By: %s\n' \
    "$uri" "$SUITE" "$keyring" > "$apt_dir/parts/source.sources"
  apt=(-o Dir::Etc::SourceList=/dev/null -o "Dir::Etc::SourceParts=$apt_dir/parts"
       -o "Dir::State::Lists=$apt_dir/lists")
  apt-get "${apt[@]}" update -q
  (cd "$apt_dir" && apt-get "${apt[@]}" source --download-only -q openmpi)
  rm -rf "$BUILD/src"
  mkdir -p "$BUILD/src"
  tar -C "$BUILD/src" --strip-components=1 -xJf "$apt_dir"/openmpi_*.orig.tar.xz
fi
version=$(sed -n 's/^major=//p; s/^minor=//p; s/^release=//p' "$BUILD/src/VERSION" | paste -sd.)
say "Open MPI $version"

# 2. cuda.h from NVIDIA's runtime wheel, and the link-time stub libcuda.so.
cuda=$BUILD/cuda
if [ ! -f "$cuda/include/cuda.h" ]; then
  say "cuda.h (PyPI nvidia-cuda-runtime)"
  rm -rf "$BUILD/wheel" && mkdir -p "$BUILD/wheel" "$cuda"
  "$PY" -m pip download -q --no-deps --only-binary=:all: -d "$BUILD/wheel" \
    --platform manylinux_2_28_x86_64 --platform manylinux_2_27_x86_64 \
    --platform manylinux2014_x86_64 "nvidia-cuda-runtime>=13,<14"
  (cd "$BUILD/wheel" && "$PY" -m zipfile -e nvidia_cuda_runtime-*.whl .)
  cp -r "$(dirname "$(find "$BUILD/wheel" -name cuda.h -path '*/include/*' | head -1)")" \
    "$cuda/include"
fi
if [ ! -f "$cuda/stubs/libcuda.so" ]; then
  say "stub libcuda.so (link time only)"
  mkdir -p "$cuda/stubs"
  # the names as written (configure's link test asks for cuMemFree) and as
  # preprocessed (cuda.h #defines cuMemFree to cuMemFree_v2, the symbol the
  # components then call): the driver exports both
  { cat "$cuda/include/cuda.h"; gcc -E -P -I"$cuda/include" "$cuda/include/cuda.h"; } \
    | grep -oE '\bcu[A-Z][A-Za-z0-9_]*[[:space:]]*\(' | tr -d '( \t' | sort -u \
    | sed 's/.*/void &(void) {}/' > "$cuda/stubs/libcuda_stub.c"
  gcc -shared -fPIC -Wl,-soname,libcuda.so.1 -o "$cuda/stubs/libcuda.so" \
    "$cuda/stubs/libcuda_stub.c"
fi

# 3. Configure, build, install. Only C bindings (mpi4py and mpicoll need no
#    more); PMIx, PRRTE, hwloc and libevent are Open MPI's own copies, so the
#    folder needs nothing from the system beyond glibc.
say "configure (log: $BUILD/configure.log)"
rm -rf "$BUILD/obj" && mkdir -p "$BUILD/obj"
(cd "$BUILD/obj" && "$BUILD/src/configure" --prefix="$PREFIX" \
   --with-cuda="$cuda" --with-cuda-libdir="$cuda/stubs" \
   --disable-mpi-fortran --disable-oshmem --disable-static --enable-shared \
   --with-pmix=internal --with-prrte=internal --with-hwloc=internal \
   --with-libevent=internal --without-ucx --without-ofi --without-verbs \
   --disable-sphinx CFLAGS="-O2" > "$BUILD/configure.log" 2>&1) \
  || { tail -n 30 "$BUILD/configure.log"; exit 1; }
grep -iE "^CUDA support|cuda.*: yes" "$BUILD/configure.log" | head -5 || true
say "make -j$JOBS (log: $BUILD/make.log)"
(cd "$BUILD/obj" && make -j"$JOBS" > "$BUILD/make.log" 2>&1) \
  || { tail -n 40 "$BUILD/make.log"; exit 1; }
rm -rf "$PREFIX"
(cd "$BUILD/obj" && make install > "$BUILD/install.log" 2>&1) \
  || { tail -n 40 "$BUILD/install.log"; exit 1; }

# 4. Make it small: no documentation, no static archives, stripped.
rm -rf "$PREFIX/share/man" "$PREFIX/share/doc" "$PREFIX/lib/"*.la "$PREFIX/lib/openmpi/"*.la
find "$PREFIX" -type f \( -name "*.so*" -o -perm -u+x \) -exec strip --strip-unneeded {} + 2>/dev/null || true
# the build recorded the stub's folder; the real driver is found by soname
if grep -rlq "$cuda/stubs" "$PREFIX/lib" 2>/dev/null; then
  say "note: the stub's folder is recorded in: $(grep -rl "$cuda/stubs" "$PREFIX/lib" | head -3)"
fi
# On a machine without NVIDIA's driver the CUDA components cannot load;
# that is expected, so Open MPI is told not to print it for every process.
echo "mca_base_component_show_load_errors = 0" >> "$PREFIX/etc/openmpi-mca-params.conf"
echo "$version" > "$PREFIX/mpicoll-openmpi-version"
say "installed Open MPI $version (CUDA-aware) in $PREFIX: $(du -sh "$PREFIX" | cut -f1)"
