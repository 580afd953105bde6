"""Load the Cython FFI handlers and register them with XLA, once.

Importing this module initialises MPI (through mpi4py, which requests
MPI_THREAD_MULTIPLE by default: XLA runs the handlers on its own threads).
"""

import os
import warnings

import jax
from jax._src import xla_bridge
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


def _check_thread_support():
    """Make sure MPI may be called from XLA's threads and the script's at once.

    XLA runs a jitted computation on its own thread while the script goes on,
    so mpicoll's MPI calls and the script's mpi4py calls can happen at the
    same time: that needs MPI_THREAD_MULTIPLE (mpi4py's default request).
    An MPI that provides less (e.g. `mpi4py.rc.thread_level = "serialized"`,
    or an MPI built without thread support) gets synchronous CPU dispatch
    instead: every computation then runs to completion in the calling thread
    before the call returns, so MPI is only ever called by one thread at a
    time. That must be set before JAX creates its CPU backend.
    """
    if MPI.Query_thread() >= MPI.THREAD_MULTIPLE:
        return
    level = {MPI.THREAD_SINGLE: "MPI_THREAD_SINGLE", MPI.THREAD_FUNNELED: "MPI_THREAD_FUNNELED",
             MPI.THREAD_SERIALIZED: "MPI_THREAD_SERIALIZED"}[MPI.Query_thread()]
    # (if JAX cannot say, assume it has: refusing is safe, racing is not)
    if getattr(xla_bridge, "backends_are_initialized", lambda: True)():
        raise ImportError(
            f"mpicoll: MPI provides only {level}, and JAX's CPU backend already runs "
            "computations asynchronously on its own threads, which would call MPI at the "
            "same time as this thread. Import mpicoll before the first JAX computation "
            "(mpicoll then switches JAX to synchronous CPU dispatch), or initialise MPI "
            "with MPI_THREAD_MULTIPLE (mpi4py's default; on Cray MPICH set "
            "MPICH_MAX_THREAD_SAFETY=multiple).")
    jax.config.update("jax_cpu_enable_async_dispatch", False)
    warnings.warn(
        f"mpicoll: MPI provides only {level}; JAX CPU computations now run synchronously "
        "(jax_cpu_enable_async_dispatch=False) so that MPI is called by one thread at a "
        "time. Ask for MPI_THREAD_MULTIPLE to keep asynchronous dispatch.",
        RuntimeWarning, stacklevel=2)


def _check_tables():
    """The Python and Cython sides must agree on reduction codes."""
    from mpicoll._src.validation import OP_CODES
    if _ffi.reduction_codes() != OP_CODES:
        raise ImportError(f"mpicoll: reduction codes differ between validation.py "
                          f"({OP_CODES}) and _ffi.pyx ({_ffi.reduction_codes()}); rebuild")


def attribute_names():
    """Scalar and array attribute names the handlers accept."""
    return _ffi.attribute_names()


def _debug_from_environment():
    """MPICOLL_DEBUG=1: log every operation and compare each collective's
    signature across its ranks before calling MPI (README "When something
    goes wrong")."""
    value = os.environ.get("MPICOLL_DEBUG", "").strip().lower()
    _ffi.set_debug(value not in ("", "0", "false", "no", "off"))


_check_same_mpi()
_check_tables()
_check_thread_support()
_debug_from_environment()
_ffi.make_half_ops()
for _name, _capsule in _ffi.handlers().items():
    jax.ffi.register_ffi_target(_name, _capsule, platform="cpu", api_version=1)
