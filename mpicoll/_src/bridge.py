"""Load the Cython FFI handlers and register them with XLA, once.

Importing this module initialises MPI (through mpi4py, which requests
MPI_THREAD_MULTIPLE by default: XLA runs the handlers on its own threads).
"""

import os
import re
import warnings

import jax
from jax._src import xla_bridge
from mpi4py import MPI

from mpicoll._src import mpi_abi

try:
    from mpicoll._src import _fft, _ffi
except ImportError as exc:  # pragma: no cover - depends on the install
    if str(exc).startswith("mpicoll:"):       # mpi_abi's own explanation
        raise
    variant = (f" (its {mpi_abi.chosen[0]} build, chosen because {mpi_abi.chosen[1]})"
               if mpi_abi.chosen else "")
    raise ImportError(
        f"mpicoll: the compiled extension mpicoll._src._ffi{variant} is missing or cannot "
        "load. Reinstall mpicoll's wheel (`pip install --force-reinstall`), or build it "
        "from source against your MPI (see docs/install.md). "
        f"Original error: {exc}") from exc


_FIX_MPI = (
    "Rebuild mpicoll with the MPI that mpi4py uses (set MPICC to its mpicc and run "
    "`pip install --no-build-isolation --force-reinstall .`, or `./scripts/setup.sh` "
    "with the same MPICOLL_MPI / MPICOLL_SYSTEM_MPI setting), or make mpi4py load the "
    "MPI mpicoll was built with (rebuild mpi4py against it, or set MPI4PY_LIBMPI).")


def _loaded_mpi_libraries():
    """Real paths of the MPI libraries mapped into this process (Linux), in
    the order they appear in /proc/self/maps; None where that cannot be read."""
    try:
        with open("/proc/self/maps") as f:
            fields = [line.split(None, 5) for line in f]
        paths = [parts[5].strip() for parts in fields if len(parts) == 6]
    except OSError:
        return None
    # MPICH and its derivatives: libmpi.so.12 (Debian: libmpich.so.12), the
    # standard ABI libmpi_abi.so; Open MPI: libmpi.so.40
    found = []
    for path in paths:
        if re.match(r"lib(mpi|mpich|mpi_abi)\.so", os.path.basename(path)):
            real = os.path.realpath(path)
            if real not in found:
                found.append(real)
    return found


def loaded_library_version():
    """mpi4py's MPI_Get_library_version text, without the terminating NUL that
    Open MPI includes and trailing blanks."""
    return MPI.Get_library_version().rstrip("\0 \n")


_FIX_VARIANT = (
    "mpicoll loads the build for the MPI library mpi4py loaded: unset MPICOLL_MPIABI if it "
    "is set, and let the process load one MPI library (`python -m mpicoll` names the "
    "variant loaded and why).")


def _check_same_variant(built_abi, loaded_abi, called_library, mpi4py_library, vendor):
    """For a build once per MPI ABI: refuse when the variant loaded is for
    another ABI than the library mpi4py calls, or when its MPI calls go to
    another library file than mpi4py's (a second MPI in the process). What
    the build machine's MPI was says nothing here, so no version text or
    build-time path is compared."""
    if loaded_abi and built_abi != loaded_abi:
        raise ImportError(
            f"mpicoll's {built_abi} build is for {mpi_abi.ABIS[built_abi]} but mpi4py loaded "
            f"{vendor} ({mpi4py_library or 'an unknown file'}: "
            f"{mpi_abi.ABIS.get(loaded_abi, loaded_abi)}). " + _FIX_VARIANT)
    if (called_library and mpi4py_library
            and os.path.realpath(called_library) != os.path.realpath(mpi4py_library)):
        raise ImportError(
            f"mpicoll's MPI calls go to {called_library} but mpi4py's to {mpi4py_library}: "
            "two MPI libraries in one process. " + _FIX_VARIANT)


def _check_same_mpi(built_vendor=None, built_library=None, loaded_version=None,
                    loaded_libraries=None, called_library=None, built_abi=None):
    """Refuse to run when mpi4py loaded a different MPI than we were built with.

    Two MPI libraries in one process corrupt each other's state, and one MPI's
    build used with another's headers passes wrong handles and constants; the
    usual cause is building against a system MPI and running with mpi4py's
    wheel (or the reverse), or switching an environment's MPI without
    rebuilding. Compared, in this order: the vendor of the mpi.h the
    extension was compiled with; the full MPI_Get_library_version text of the
    library its mpicc links (recorded at build time by setup.py) with the one
    mpi4py loaded (it names version, build date and configuration, so two
    builds of one vendor differ); and the files: the library the extension
    was built against (when that file still exists here) must be mapped, and
    another one only if the extension's calls do not go to it (the file that
    defines the MPI_Init it calls is the built one). The arguments stand in
    for what this process has, for tests. A build once per MPI ABI
    (`built_abi`, from the extension when None) is checked by
    `_check_same_variant` instead.
    """
    built_abi = _ffi.built_for_abi() if built_abi is None else built_abi
    if built_abi:
        library = mpi_abi.library_called_by(MPI.__file__)
        vendor, version = MPI.get_vendor()
        return _check_same_variant(
            built_abi, mpi_abi.abi_of_library(library) if library else None,
            _ffi.called_library() if called_library is None else called_library,
            library, f"{vendor} {'.'.join(map(str, version))}")
    built = built_vendor if built_vendor is not None else _ffi.built_with_vendor()
    runtime_vendor, runtime_version = MPI.get_vendor()
    loaded_text = (loaded_version if loaded_version is not None
                   else loaded_library_version()).rstrip("\0 \n")
    loaded = (loaded_libraries if loaded_libraries is not None
              else _loaded_mpi_libraries())
    loaded_where = ", ".join(loaded) if loaded else "an unknown file"
    if built != "unknown" and built.lower() not in runtime_vendor.lower():
        raise ImportError(
            f"mpicoll was built against {built} but mpi4py loaded "
            f"{runtime_vendor} {'.'.join(map(str, runtime_version))} "
            f"(MPI libraries in this process: {loaded_where}). " + _FIX_MPI)
    if built_library is None:
        built_library = getattr(_ffi, "built_with_library", lambda: ("", ""))()
    built_path, built_text = built_library
    built_text = built_text.rstrip("\0 \n")
    if built_text and built_text != loaded_text:
        def first_line(text):
            return " ".join(text.splitlines()[0].split()) if text.strip() else "(empty)"
        raise ImportError(
            f"mpicoll was built against {first_line(built_text)} "
            f"({built_path}) but mpi4py loaded {first_line(loaded_text)} "
            f"({loaded_where}): the MPI library versions or builds differ. " + _FIX_MPI)
    if called_library is None:
        called_library = _ffi.called_library()
    # Another library mapped beside ours is harmless while nobody calls it
    # (seen: a GPU plugin's dependency mapping a system Open MPI into every
    # JAX process). It is refused when our calls could go to it, i.e. when
    # the MPI_Init this module calls is not in the library it was built against.
    calls_built = bool(called_library and built_path and os.path.exists(built_path)
                       and os.path.realpath(called_library) == os.path.realpath(built_path))
    if loaded and len(loaded) > 1 and not calls_built:
        raise ImportError(
            f"mpicoll: more than one MPI library is loaded in this process ({loaded_where}); "
            f"mpicoll was built against {built_path or built}. " + _FIX_MPI)
    if (loaded and built_path and os.path.exists(built_path)
            and os.path.realpath(built_path) not in loaded):
        raise ImportError(
            f"mpicoll was built against the MPI library {built_path} but mpi4py loaded "
            f"{loaded_where} (same version text, different install). " + _FIX_MPI)


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
    from mpicoll._src.validation import OP_CODES, TAG_SPAN
    if _ffi.reduction_codes() != OP_CODES:
        raise ImportError(f"mpicoll: reduction codes differ between validation.py "
                          f"({OP_CODES}) and _ffi (datatypes.pxi, "
                          f"{_ffi.reduction_codes()}); rebuild")
    if _ffi.tag_span() != TAG_SPAN:
        raise ImportError(f"mpicoll: tag span differs between validation.py ({TAG_SPAN}) "
                          f"and _ffi (point_to_point.pxi, {_ffi.tag_span()}); rebuild")


def attribute_names():
    """Scalar and array attribute names the handlers accept."""
    return _ffi.attribute_names()


def _debug_from_environment():
    """MPICOLL_DEBUG=1: log every operation and compare each collective's
    signature across its ranks before calling MPI (docs/errors.md, "Debug
    mode")."""
    value = os.environ.get("MPICOLL_DEBUG", "").strip().lower()
    _ffi.set_debug(value not in ("", "0", "false", "no", "off"))


def _progress_from_environment():
    """MPICOLL_PROGRESS_US: microseconds between the tests of pending
    nonblocking operations by mpicoll's progress thread (default 1000; 0: no
    thread, messages above MPI's eager limit then move at the wait)."""
    value = os.environ.get("MPICOLL_PROGRESS_US", "").strip()
    if not value:
        return
    try:
        microseconds = int(value)
        if microseconds < 0:
            raise ValueError
    except ValueError:
        raise ValueError(f"MPICOLL_PROGRESS_US must be a whole number of microseconds "
                         f"(0: no progress thread), got {value!r}") from None
    _ffi.set_progress_interval(microseconds)


_check_same_mpi()
_check_tables()
_check_thread_support()
_debug_from_environment()
_progress_from_environment()
_ffi.make_float_ops()
for _name, _capsule in (*_ffi.handlers().items(), *_ffi.cpu_only_handlers().items(),
                        *_fft.handlers().items()):
    jax.ffi.register_ffi_target(_name, _capsule, platform="cpu", api_version=1)


def _register_cuda_handlers():
    """The CUDA entry of every handler (cuda.pxi), under the same target
    names. Registering needs no CUDA: on a jaxlib without a CUDA plugin JAX
    only keeps the registration for a plugin that may load later."""
    from mpicoll._src import gpu
    gpu.cuda_aware_mode_from_environment()
    cuda = _ffi.cuda_handlers()
    if set(cuda) != set(_ffi.handlers()):
        raise ImportError(
            "mpicoll: the CUDA handler table (cuda.pxi: cuda_handlers) does not list the "
            f"same targets as the CPU one (registration.pxi: handlers): missing "
            f"{sorted(set(_ffi.handlers()) - set(cuda))}, extra "
            f"{sorted(set(cuda) - set(_ffi.handlers()))}; add a c_<name> entry and rebuild")
    for name, capsule in cuda.items():
        jax.ffi.register_ffi_target(name, capsule, platform="CUDA", api_version=1)


_register_cuda_handlers()
