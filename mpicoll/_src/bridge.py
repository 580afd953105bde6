"""Load the Cython FFI handlers and register them with XLA, once.

Importing this module initialises MPI (through mpi4py, which requests
MPI_THREAD_MULTIPLE by default: XLA runs the handlers on its own threads).
"""

import jax
from mpi4py import MPI

try:
    from mpicoll._src import _ffi
except ImportError as exc:  # pragma: no cover - depends on the install
    raise ImportError(
        "mpicoll: the compiled extension mpicoll._src._ffi is missing or cannot "
        "load. Build it with `pip install --no-build-isolation .` in an "
        "environment with mpi4py, jax and an MPI compiler wrapper (see README "
        f"'Install'). Original error: {exc}") from exc


def _check_same_mpi():
    """Refuse to run when mpi4py loaded a different MPI than we were built with.

    Two MPI libraries in one process corrupt each other's state; the usual
    cause is building against a system MPI and running with mpi4py's wheel
    (or the reverse).
    """
    built = _ffi.built_with_vendor()
    runtime_vendor, runtime_version = MPI.get_vendor()
    if built != "unknown" and built.lower() not in runtime_vendor.lower():
        raise ImportError(
            f"mpicoll was built against {built} but mpi4py loaded "
            f"{runtime_vendor} {'.'.join(map(str, runtime_version))}. Rebuild "
            "mpicoll with the MPI that mpi4py uses (set MPICC to its mpicc and "
            "run `pip install --no-build-isolation --force-reinstall .`), or "
            "point mpi4py at the MPI mpicoll was built with (env MPI4PY_LIBMPI).")


_check_same_mpi()
_ffi.make_half_ops()
for _name, _capsule in _ffi.handlers().items():
    jax.ffi.register_ffi_target(_name, _capsule, platform="cpu", api_version=1)
