#!/usr/bin/env bash
# Build the MPIwrapper plugin that jaxlib's CPU collectives load through
# MPItrampoline (jax_cpu_collectives_implementation="mpi"), against the MPI
# that mpi4py and mpicoll use, for the jax_native column of
# benchmarks/primitives.py and benchmarks/spmd.py.
#
#   MPIWRAPPER_SRC=/path/to/MPIwrapper ./benchmarks/build_mpiwrapper.sh
#   export MPITRAMPOLINE_LIB=<the path it prints, its last line>
#
# MPIWRAPPER_SRC is a source folder of github.com/eschnett/MPIwrapper (this
# script downloads nothing).  Without it the script says so and exits 0.
#
# The build is C/C++ only: the two code generators, then one mpicxx call.
# MPIwrapper's CMake build insists on Fortran, which PyPI MPICH lacks, and
# jaxlib's MPItrampoline uses only the C bindings.  Three functions of the
# build copy are written by hand (the source folder is not modified), because
# mpi4py owns MPI in the benchmark processes:
#   MPI_Init_thread  MPI is already initialised by mpi4py: report the thread
#                    level and succeed instead of initialising twice;
#   MPI_Finalize     then leave finalisation to mpi4py (jaxlib calls it at
#                    exit, before mpi4py's own exit handler);
#   MPI_Comm_free    jaxlib frees its communicators at exit, after mpi4py has
#                    finalised MPI: succeed without touching MPI.
set -euo pipefail
cd "$(dirname "$0")/.."

if [[ -z "${MPIWRAPPER_SRC:-}" || ! -f "${MPIWRAPPER_SRC}/src/mpiwrapper.cxx" ]]; then
  echo "build_mpiwrapper.sh: set MPIWRAPPER_SRC to a source folder of" \
       "github.com/eschnett/MPIwrapper to build the plugin; nothing built."
  exit 0
fi

export PATH="$PWD/.venv/bin:$PATH"
source scripts/env.sh
build="$PWD/build/mpiwrapper"
rm -rf "$build"
mkdir -p "$build"
cp -r "$MPIWRAPPER_SRC/gen" "$MPIWRAPPER_SRC/mpiabi" "$MPIWRAPPER_SRC/src" \
      "$MPIWRAPPER_SRC/CMakeLists.txt" "$build/"
cd "$build"

# The version header that CMake's configure_file would write.
version=$(sed -n 's/^ *VERSION \([0-9]*\)\.\([0-9]*\)\.\([0-9]*\).*/\1 \2 \3/p' CMakeLists.txt | head -1)
read -r major minor patch <<<"$version"
cat >src/mpiwrapper_version.h <<EOF
#ifndef MPIWRAPPER_VERSION_H
#define MPIWRAPPER_VERSION_H
#define MPIWRAPPER_VERSION "$major.$minor.$patch"
#define MPIWRAPPER_VERSION_MAJOR $major
#define MPIWRAPPER_VERSION_MINOR $minor
#define MPIWRAPPER_VERSION_PATCH $patch
#endif
EOF

# Mark the three functions "manual" so that the generator skips them.
python - <<'EOF'
import re
path = "mpiabi/mpi_functions.py"
text = open(path).read()
for name in ("MPI_Init_thread", "MPI_Finalize", "MPI_Comm_free"):
    text, n = re.subn(r'(\("int", "%s", \[.*?\]), None\)' % name,
                      r'\1, "manual")', text, count=1, flags=re.S)
    assert n == 1, name
open(path, "w").write(text)
EOF

# No Fortran bindings: drop the generated wrappers of MPI's Fortran functions,
# and give MPItrampoline the Fortran-constants hook it always calls, empty.
sed -i 's|^#include "mpiabi_defn_functions_fortran.h"|// (Fortran bindings left out)|' \
    src/mpiwrapper.cxx
grep -q "Fortran bindings left out" src/mpiwrapper.cxx
cat >>src/mpiwrapper.cxx <<'EOF'

// Added by mpicoll's benchmarks/build_mpiwrapper.sh: C-only build, and MPI
// owned by mpi4py in the same process.

extern "C" void mpiwrapper_export_fortran_constants_() {}

static bool mpi_initialised_elsewhere = false;

extern "C" int MPIABI_Init_thread(int *argc, char ***argv, int required,
                                  int *provided) {
  int initialised;
  MPI_Initialized(&initialised);
  if (initialised) {
    mpi_initialised_elsewhere = true;
    return MPI_Query_thread(provided);
  }
  return MPI_Init_thread(argc, argv, required, provided);
}

extern "C" int MPIABI_Finalize() {
  if (mpi_initialised_elsewhere)
    return MPI_SUCCESS;
  return MPI_Finalize();
}

extern "C" int MPIABI_Comm_free(MPIABI_Comm *comm) {
  int finalised;
  MPI_Finalized(&finalised);
  if (finalised)
    return MPI_SUCCESS;
  return MPI_Comm_free((MPI_Comm *)(WPI_CommPtr)comm);
}
EOF

python gen/gen_decl.py
python gen/gen_defn.py
mpicxx -std=c++11 -O2 -fPIC -shared -Isrc -Impiabi src/mpiwrapper.cxx \
       -o libmpiwrapper.so
echo "Built; export MPITRAMPOLINE_LIB as this path to enable the jax_native columns:"
echo "$build/libmpiwrapper.so"
