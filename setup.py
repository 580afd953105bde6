"""Build mpicoll's Cython FFI handlers with the MPI compiler wrapper.

The package's metadata (name, version, dependencies, ...) is in
pyproject.toml; this file only describes the compiled extension and which
files go into the package.

The compiler is `$MPICC` if set, else `mpicc` on PATH. The XLA FFI header
comes from the installed jaxlib (`jax.ffi.include_dir()`), the MPI
declarations from mpi4py (`mpi4py.get_include()` / `libmpi.pxd`). All three
are looked up only when the extension is built, so reading the metadata
(e.g. `pip install`'s metadata step, an sdist) needs neither MPI nor JAX.

Before compiling, a small probe program built with the same wrapper reports
which libmpi it loads and that library's MPI_Get_library_version text; both
are compiled into the extension (header `mpicoll_built_mpi.h`, generated in
the build directory) so that importing mpicoll can tell whether mpi4py loaded
that same library (mpicoll/_src/bridge.py, `_check_same_mpi`).

Setting: MPICOLL_FORCE_BUILD=1 rebuilds the extension even if it looks up to
date (scripts/setup.sh sets it when the environment's MPI changed: the
sources did not, so setuptools would keep the extension built for the old MPI).
"""
import glob
import os
import shutil
import subprocess
import sysconfig

from setuptools import Extension, find_packages, setup
from setuptools.command.build_ext import build_ext


def mpi_compiler():
    mpicc = os.environ.get("MPICC") or shutil.which("mpicc")
    if not mpicc:
        raise SystemExit(
            "mpicoll: no MPI C compiler wrapper found. Install the default MPI "
            "with `pip install mpich`, or set MPICC to your MPI's mpicc.")
    return mpicc


PROBE = r"""
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdio.h>
#include <mpi.h>
int main(void) {
    char version[MPI_MAX_LIBRARY_VERSION_STRING];
    int length = 0;
    Dl_info where;
    MPI_Get_library_version(version, &length);   /* allowed before MPI_Init */
    if (!dladdr((void *) MPI_Get_library_version, &where) || !where.dli_fname) return 1;
    printf("%s%c%.*s", where.dli_fname, 0, length, version);
    return 0;
}
"""


def c_string(text):
    """`text` as a C string literal (octal escapes: safe for any byte)."""
    return '"' + "".join(chr(b) if 32 <= b < 127 and chr(b) not in '"\\?' else f"\\{b:03o}"
                         for b in text.encode()) + '"'


def probe_mpi(mpicc, workdir):
    """(path of the libmpi that programs built with `mpicc` load, its library
    version text), or ("", "") if the probe cannot be built or run (then the
    import-time check compares vendors only)."""
    os.makedirs(workdir, exist_ok=True)
    source, program = os.path.join(workdir, "mpi_probe.c"), os.path.join(workdir, "mpi_probe")
    with open(source, "w") as f:
        f.write(PROBE)
    try:
        subprocess.run([mpicc, source, "-o", program, "-ldl"], check=True,
                       capture_output=True)
        out = subprocess.run([program], check=True, capture_output=True, timeout=60).stdout
    except (OSError, subprocess.SubprocessError) as exc:
        print(f"mpicoll: could not probe {mpicc}'s MPI library ({exc}); the import-time "
              "check will compare MPI vendors only")
        return "", ""
    path, _, version = out.decode(errors="replace").partition("\0")
    return os.path.realpath(path), version.rstrip("\0 \n")


class build_mpi_ext(build_ext):
    """build_ext that cythonizes against the installed jaxlib and mpi4py and
    compiles and links through the MPI compiler wrapper."""

    def run(self):
        try:
            import Cython  # noqa: F401
            import jax.ffi
            import mpi4py
        except ImportError as exc:
            raise SystemExit(
                f"mpicoll: building the extension needs Cython>=3, jax and mpi4py in "
                f"this environment ({exc}); install them, then build with "
                "`pip install --no-build-isolation .` (see docs/install.md).")
        mpicc = mpi_compiler()
        # setuptools compiles with $CC and links with $LDSHARED (read when
        # build_ext.run creates the compiler); both go through the wrapper so
        # that MPI's include and library flags apply.
        os.environ["CC"] = mpicc
        os.environ["LDSHARED"] = " ".join([mpicc, "-shared"])
        if os.environ.get("MPICOLL_FORCE_BUILD") == "1":
            self.force = True
        probe_dir = os.path.join(self.build_temp, "mpi_probe")
        library, version = probe_mpi(mpicc, probe_dir)
        header = (f"#define MPICOLL_BUILT_MPI_LIBRARY {c_string(library)}\n"
                  f"#define MPICOLL_BUILT_MPI_VERSION {c_string(version)}\n")
        header_path = os.path.join(probe_dir, "mpicoll_built_mpi.h")
        old = open(header_path).read() if os.path.exists(header_path) else None
        if old != header:
            # a different MPI than last time: the extension must be rebuilt
            # (its sources did not change, so setuptools would skip it)
            with open(header_path, "w") as f:
                f.write(header)
            self.force = True
        # setuptools adds the Python library's folder to the link path of a
        # shared-library Python (Debian/Ubuntu: /usr/lib/x86_64-linux-gnu),
        # ahead of the -L that mpicc appends: a system MPI's libmpi.so there
        # would then be linked instead of this mpicc's (seen: PyPI MPICH's
        # mpicc linking Ubuntu's Open MPI). Extensions need nothing from it.
        python_libdir = sysconfig.get_config_var("LIBDIR")
        self.library_dirs = [d for d in self.library_dirs if d != python_libdir]
        for ext in self.extensions:
            for include in (jax.ffi.include_dir(), mpi4py.get_include(), probe_dir):
                if include not in ext.include_dirs:
                    ext.include_dirs.append(include)
        super().run()

    def build_extension(self, ext):
        from Cython.Build import cythonize
        ext.sources = cythonize([ext], compiler_directives={"language_level": 3},
                                quiet=self.verbose == 0)[0].sources
        super().build_extension(ext)


# _ffi.pyx is written in the .pxi files it includes: a change to any of them
# (or to the declarations it cimports) rebuilds the extension.
FFI_DEPENDS = sorted(glob.glob("mpicoll/_src/*.pxi") + glob.glob("mpicoll/_src/*.pxd"))

setup(
    packages=find_packages(include=["mpicoll", "mpicoll.*"]),
    package_data={"mpicoll._src": ["*.pyx", "*.pxd", "*.pxi"]},
    ext_modules=[Extension("mpicoll._src._ffi", ["mpicoll/_src/_ffi.pyx"],
                           depends=FFI_DEPENDS, extra_compile_args=["-O2"]),
                 Extension("mpicoll._src._fft", ["mpicoll/_src/_fft.pyx"],
                           extra_compile_args=["-O2"])],
    cmdclass={"build_ext": build_mpi_ext},
)
