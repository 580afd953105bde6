"""Which build of the FFI handlers (`mpicoll._src._ffi`) to load.

A binary install holds the extension once per MPI ABI, `_ffi.mpich<EXT_SUFFIX>`
(libmpi.so.12: MPICH, Intel MPI, Cray MPICH, MVAPICH),
`_ffi.openmpi<EXT_SUFFIX>` (libmpi.so.40) and `_ffi.mpiabi<EXT_SUFFIX>` (the
MPI standard ABI, libmpi_abi.so.1), each compiled with that ABI's headers
and bound at load time to the libmpi already in the process. mpicoll
follows mpi4py: it loads the variant for the MPI library mpi4py loaded, so
that both call the same library. The finder installed here (by
`mpicoll._src/__init__.py`) resolves `import mpicoll._src._ffi` to that file.
It sits after Python's own finders, so a module built with one MPI's compiler
wrapper (setup.py with MPICC: the plain `_ffi<EXT_SUFFIX>`) is found first and
takes precedence.

How mpi4py's ABI is known: mpi4py 4.1's binary ships its own extension once
per ABI (`MPI.mpich...`, `MPI.openmpi...`; 4.1 has no standard-ABI one) and
picks one with its private
module `mpi4py._mpiabi`. The name of the file it loaded says which it chose;
mpicoll reads that rather than calling the private module, whose functions
may change. An mpi4py built from source against one MPI (`MPI<EXT_SUFFIX>`)
says nothing by its name: then the libmpi its calls go to is asked, by the
rule mpi4py applies to a library: `MPI_Abi_get_version` reporting a version
is the MPI standard ABI, Open MPI's `ompi_mpi_comm_self` the Open MPI ABI,
anything else the MPICH ABI.

MPICOLL_MPIABI=mpich|openmpi|mpiabi overrides that choice (for an mpi4py built from
source whose library the rule misjudges); when mpi4py's own binary names
another ABI it is refused, before a second MPI library could be loaded.
"""

import ctypes
import importlib.machinery
import importlib.util
import os
import sys

FFI = "mpicoll._src._ffi"

ABIS = {
    "mpich": "the MPICH ABI (libmpi.so.12: MPICH, Intel MPI, Cray MPICH, MVAPICH)",
    "openmpi": "the Open MPI ABI (libmpi.so.40)",
    "mpiabi": "the MPI standard ABI (libmpi_abi.so.1)",
}

# (abi, why) of the variant the finder chose, for `python -m mpicoll`
chosen = None


class _DlInfo(ctypes.Structure):
    _fields_ = [("dli_fname", ctypes.c_char_p), ("dli_fbase", ctypes.c_void_p),
                ("dli_sname", ctypes.c_char_p), ("dli_saddr", ctypes.c_void_p)]


def _dladdr():
    # glibc >= 2.34 has dladdr in libc itself; older ones in libdl
    for name in (None, "libdl.so.2"):
        try:
            function = ctypes.CDLL(name).dladdr
        except (OSError, AttributeError):
            continue
        function.argtypes = [ctypes.c_void_p, ctypes.POINTER(_DlInfo)]
        function.restype = ctypes.c_int
        return function
    return None


def _loaded(path):
    """ctypes handle of the already loaded shared object `path` (never loads it)."""
    return ctypes.CDLL(path, mode=os.RTLD_NOLOAD | os.RTLD_LAZY)


def library_called_by(module_file, symbol="MPI_Init"):
    """Real path of the library defining `symbol` as the loaded shared object
    `module_file` resolves it (its dependencies, in the dynamic linker's
    order): the libmpi that module's MPI calls go to; "" if unknown."""
    dladdr = _dladdr()
    try:
        address = ctypes.cast(getattr(_loaded(module_file), symbol), ctypes.c_void_p).value
    except (OSError, AttributeError):
        return ""
    info = _DlInfo()
    if dladdr is None or not dladdr(address, ctypes.byref(info)) or not info.dli_fname:
        return ""
    return os.path.realpath(os.fsdecode(info.dli_fname))


def abi_of_library(path):
    """The ABI of the loaded MPI library `path`, by mpi4py's rule; None if
    it is not loaded or has no MPI_Get_version."""
    try:
        lib = _loaded(path)
        lib.MPI_Get_version
    except (OSError, AttributeError):
        return None
    get_abi = getattr(lib, "MPI_Abi_get_version", None)
    if get_abi is not None:
        major, minor = ctypes.c_int(0), ctypes.c_int(0)
        if get_abi(ctypes.byref(major), ctypes.byref(minor)) == 0 and major.value > 0:
            return "mpiabi"
    return "openmpi" if hasattr(lib, "ompi_mpi_comm_self") else "mpich"


def mpi4py_abi(mpi4py_file, library, library_abi):
    """(abi, named, why): the ABI of the MPI mpi4py loaded from `mpi4py_file`
    (its MPI extension), which calls `library`, whose ABI by mpi4py's rule
    is `library_abi`; `named` says whether mpi4py's file names it."""
    name = os.path.basename(mpi4py_file)
    parts = name.split(".")
    if len(parts) > 2 and parts[1] in ABIS:
        return parts[1], True, (f"mpi4py loaded {library or 'its MPI library'} through its "
                                f"{parts[1]} build ({name}): {ABIS[parts[1]]}")
    if library_abi is None:
        return None, False, f"mpi4py ({name}) calls no MPI library this process can identify"
    return library_abi, False, (f"mpi4py, built for one MPI ({name}), calls {library}, which "
                                f"has {ABIS[library_abi]}")


def choose(forced, mpi4py_file, library, library_abi, vendor):
    """(abi, why) of the variant to load; ImportError if `forced` (the value
    of MPICOLL_MPIABI) contradicts the ABI mpi4py's binary names."""
    abi, named, why = mpi4py_abi(mpi4py_file, library, library_abi)
    forced = (forced or "").strip().lower()
    if not forced:
        if abi is None:
            raise ImportError(f"mpicoll: cannot tell which MPI ABI to load: {why}. Set "
                              f"MPICOLL_MPIABI to one of {', '.join(ABIS)}.")
        return abi, why
    if forced not in ABIS:
        raise ImportError(f"mpicoll: MPICOLL_MPIABI={forced} is not an MPI ABI mpicoll knows "
                          f"({', '.join(ABIS)})")
    if named and forced != abi:
        raise ImportError(
            f"mpicoll: MPICOLL_MPIABI={forced} asks for the variant built for {ABIS[forced]}, "
            f"but mpi4py loaded {vendor}: {why}. Both must call the same MPI library: unset "
            "MPICOLL_MPIABI (mpicoll then follows mpi4py), or make mpi4py load that MPI "
            "(MPI4PY_LIBMPI).")
    return forced, f"MPICOLL_MPIABI={forced} ({why})"


def variant_file(directories, abi):
    """The file of variant `abi` in `directories` (the package's path), or None."""
    for directory in directories:
        for suffix in importlib.machinery.EXTENSION_SUFFIXES:
            location = os.path.join(directory, f"_ffi.{abi}{suffix}")
            if os.path.isfile(location):
                return location
    return None


def available(directories):
    """The variants present in `directories`."""
    return [abi for abi in ABIS if variant_file(directories, abi)]


def choose_for_this_process():
    """choose() with what this process has: mpi4py's MPI module and library."""
    from mpi4py import MPI
    library = library_called_by(MPI.__file__)
    vendor, version = MPI.get_vendor()
    return choose(os.environ.get("MPICOLL_MPIABI"), MPI.__file__, library,
                  abi_of_library(library) if library else None,
                  f"{vendor} {'.'.join(map(str, version))}")


class VariantFinder:
    """Finds `mpicoll._src._ffi` among the ABI variants when no plain module
    (built with one MPI's compiler wrapper) was found before."""

    @classmethod
    def find_spec(cls, fullname, path, target=None):  # noqa: ARG003
        global chosen
        if fullname != FFI or not path or not available(path):
            return None
        abi, why = choose_for_this_process()
        location = variant_file(path, abi)
        if location is None:
            raise ImportError(
                f"mpicoll: this install has no build of its extension for {ABIS[abi]} "
                f"({why}); it has {', '.join(available(path))}. Build mpicoll against "
                "this MPI: see docs/install.md, 'On a cluster'.")
        chosen = abi, why
        return importlib.util.spec_from_file_location(fullname, location)


def install_finder():
    if VariantFinder not in sys.meta_path:
        sys.meta_path.append(VariantFinder)
