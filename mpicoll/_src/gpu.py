"""Which CUDA path mpicoll takes in this process, and why.

The handlers (`cuda.pxi`) run on CUDA buffers in one of two ways, chosen per
process: hand the device pointers to a CUDA-aware MPI, or stage through
page-locked host buffers. `MPICOLL_CUDA_AWARE` picks one:

* unset or ``auto``: ask the MPI library (``MPIX_Query_cuda_support``, which
  MPICH and Open MPI provide); an MPI that cannot say gets staging;
* ``1``: device pointers, whatever MPI says (for an MPI that is CUDA-aware
  but cannot tell);
* ``0``: staging.

`has_cuda_support()` and ``python -m mpicoll`` report the result. Nothing
here touches CUDA unless asked: the driver is loaded on the first question
or the first CUDA call, never at import.
"""

import os

from mpi4py import MPI

from mpicoll._src import _ffi

CUDA_AWARE_VARIABLE = "MPICOLL_CUDA_AWARE"
_MODES = {"": -1, "auto": -1, "0": 0, "1": 1}


def cuda_aware_mode_from_environment():
    """Read MPICOLL_CUDA_AWARE into the handlers' setting (at import)."""
    value = os.environ.get(CUDA_AWARE_VARIABLE, "auto")
    if value.strip().lower() not in _MODES:
        raise ImportError(f"mpicoll: {CUDA_AWARE_VARIABLE}={value!r} is not one of "
                          "'auto' (ask the MPI library), '1' (pass device pointers to MPI) "
                          "or '0' (stage through host memory)")
    _ffi.set_cuda_aware(_MODES[value.strip().lower()])


def _jax_cuda_problem():
    """Why JAX cannot give CUDA arrays here, or None."""
    import jax
    try:
        devices = jax.devices("cuda")
    except RuntimeError as exc:
        return f"JAX has no CUDA backend: {exc}"
    return None if devices else "JAX sees no CUDA device"


def _mpi_answer(report):
    name = MPI.get_vendor()[0]
    return {-1: f"{name} has no MPIX_Query_cuda_support",
            0: f"{name}'s MPIX_Query_cuda_support() is 0",
            1: f"{name}'s MPIX_Query_cuda_support() is 1"}[report["mpi_answer"]]


def cuda_path():
    """``("cuda-aware" | "staging", why)`` if operations can run on CUDA
    arrays in this process, else ``(None, why not)``."""
    report = _ffi.cuda_report()
    if not report["driver"]:
        return None, report["problem"]
    problem = _jax_cuda_problem()
    if problem:
        return None, problem
    path = "cuda-aware" if report["device_pointers"] else "staging"
    why = _mpi_answer(report)
    if report["setting"] >= 0:
        why = f"set by {CUDA_AWARE_VARIABLE}={report['setting']}; {why}"
    return path, why


def describe():
    """One line for ``python -m mpicoll``."""
    path, why = cuda_path()
    if path is None:
        return f"not available ({why})"
    if path == "cuda-aware":
        return f"CUDA-aware MPI, device pointers ({why})"
    return f"staging through pinned host memory ({why})"
