"""Build mpicoll's Cython FFI handlers with the MPI compiler wrapper.

The compiler is `$MPICC` if set, else `mpicc` on PATH. The XLA FFI header
comes from the installed jaxlib (`jax.ffi.include_dir()`), the MPI
declarations from mpi4py (`mpi4py.get_include()` / `libmpi.pxd`).
"""
import os
import shutil

from setuptools import Extension, find_packages, setup


def mpi_compiler():
    mpicc = os.environ.get("MPICC") or shutil.which("mpicc")
    if not mpicc:
        raise SystemExit(
            "mpicoll: no MPI C compiler wrapper found. Install the default MPI "
            "with `pip install mpich`, or set MPICC to your MPI's mpicc.")
    return mpicc


def extensions():
    from Cython.Build import cythonize
    import jax.ffi
    import mpi4py

    mpicc = mpi_compiler()
    # setuptools compiles with $CC and links with $LDSHARED; both go through
    # the wrapper so that MPI's include and library flags apply.
    os.environ["CC"] = mpicc
    os.environ["LDSHARED"] = " ".join([mpicc, "-shared"])
    ext = Extension(
        "mpicoll._src._ffi",
        ["mpicoll/_src/_ffi.pyx"],
        include_dirs=[jax.ffi.include_dir(), mpi4py.get_include()],
        extra_compile_args=["-O2"],
    )
    return cythonize([ext], compiler_directives={"language_level": 3})


setup(
    name="mpicoll",
    version="0.1.0",
    description="MPI collectives as first-class JAX primitives",
    packages=find_packages(include=["mpicoll", "mpicoll.*"]),
    package_data={"mpicoll._src": ["*.pyx", "*.pxd"]},
    ext_modules=extensions(),
    python_requires=">=3.11",
    install_requires=["jax>=0.10", "jaxlib>=0.10", "mpi4py>=4.0", "numpy"],
    extras_require={"test": ["pytest", "pytest-mpi", "pytest-timeout"],
                    "bench": ["matplotlib"]},
)
