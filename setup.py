"""Build mpicoll's Cython FFI handlers with the MPI compiler wrapper.

The package's metadata (name, version, dependencies, ...) is in
pyproject.toml; this file only describes the compiled extension and which
files go into the package.

The compiler is `$MPICC` if set, else `mpicc` on PATH. The XLA FFI header
comes from the installed jaxlib (`jax.ffi.include_dir()`), the MPI
declarations from mpi4py (`mpi4py.get_include()` / `libmpi.pxd`). All three
are looked up only when the extension is built, so reading the metadata
(e.g. `pip install`'s metadata step, an sdist) needs neither MPI nor JAX.
"""
import os
import shutil

from setuptools import Extension, find_packages, setup
from setuptools.command.build_ext import build_ext


def mpi_compiler():
    mpicc = os.environ.get("MPICC") or shutil.which("mpicc")
    if not mpicc:
        raise SystemExit(
            "mpicoll: no MPI C compiler wrapper found. Install the default MPI "
            "with `pip install mpich`, or set MPICC to your MPI's mpicc.")
    return mpicc


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
                "`pip install --no-build-isolation .` (see README 'Install').")
        mpicc = mpi_compiler()
        # setuptools compiles with $CC and links with $LDSHARED (read when
        # build_ext.run creates the compiler); both go through the wrapper so
        # that MPI's include and library flags apply.
        os.environ["CC"] = mpicc
        os.environ["LDSHARED"] = " ".join([mpicc, "-shared"])
        for ext in self.extensions:
            for include in (jax.ffi.include_dir(), mpi4py.get_include()):
                if include not in ext.include_dirs:
                    ext.include_dirs.append(include)
        super().run()

    def build_extension(self, ext):
        from Cython.Build import cythonize
        ext.sources = cythonize([ext], compiler_directives={"language_level": 3},
                                quiet=self.verbose == 0)[0].sources
        super().build_extension(ext)


setup(
    packages=find_packages(include=["mpicoll", "mpicoll.*"]),
    package_data={"mpicoll._src": ["*.pyx", "*.pxd"]},
    ext_modules=[Extension("mpicoll._src._ffi", ["mpicoll/_src/_ffi.pyx"],
                           extra_compile_args=["-O2"])],
    cmdclass={"build_ext": build_mpi_ext},
)
