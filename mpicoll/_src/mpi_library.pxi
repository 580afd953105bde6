# The MPI library (included by _ffi.pyx): which MPI this module was built
# with and which one it calls, for the import-time check in bridge.py.


cdef extern from *:
    """
    #if defined(OPEN_MPI) && OPEN_MPI
    #define MPICOLL_MPI_VENDOR "Open MPI"
    #elif defined(I_MPI_VERSION)
    #define MPICOLL_MPI_VENDOR "Intel MPI"
    #elif defined(MSMPI_VER)
    #define MPICOLL_MPI_VENDOR "Microsoft MPI"
    #elif defined(MVAPICH2_VERSION) || defined(MVAPICH_VERSION)
    #define MPICOLL_MPI_VENDOR "MVAPICH"
    #elif defined(MPICH_NAME)
    #define MPICOLL_MPI_VENDOR "MPICH"
    #else
    #define MPICOLL_MPI_VENDOR "unknown"
    #endif
    """
    const char* MPICOLL_MPI_VENDOR


def built_with_vendor():
    """Name of the MPI implementation whose mpi.h this module was built with."""
    return MPICOLL_MPI_VENDOR.decode()


def library_version():
    """MPI_Get_library_version of the MPI library this module calls."""
    cdef char text[8192]
    cdef int length = 0
    MPI_Get_library_version(text, &length)
    return text[:length].decode(errors="replace")


cdef extern from "mpicoll_built_mpi.h":
    # written by setup.py: from a probe program built with the same mpicc,
    # or, for a build once per MPI ABI, the ABI and no library
    const char* MPICOLL_BUILT_MPI_LIBRARY
    const char* MPICOLL_BUILT_MPI_VERSION
    const char* MPICOLL_BUILT_MPI_ABI


def built_for_abi():
    """The MPI ABI this module is the variant for ("mpich", "openmpi"), or ""
    for a module built with one MPI's compiler wrapper."""
    return MPICOLL_BUILT_MPI_ABI.decode()


def built_with_library():
    """(path, MPI_Get_library_version text) of the libmpi that programs built
    with this module's mpicc load, as setup.py found them; empty strings if
    it could not tell, and for an ABI variant."""
    return (MPICOLL_BUILT_MPI_LIBRARY.decode(errors="replace"),
            MPICOLL_BUILT_MPI_VERSION.decode(errors="replace"))


cdef extern from *:
    """
    #include <dlfcn.h>
    /* The file that defines the MPI_Init this module calls (the dynamic
       linker's choice when several MPI libraries are mapped), or NULL. */
    static const char* mpicoll_called_mpi_file(void) {
        Dl_info info;
        if (!dladdr((void*)&MPI_Init, &info)) return NULL;   /* dli_fname may be NULL */
        return info.dli_fname;
    }
    """
    const char* mpicoll_called_mpi_file()


def called_library():
    """Path of the MPI library this module's MPI calls go to, or ""."""
    cdef const char* path = mpicoll_called_mpi_file()
    return "" if path == NULL else path.decode(errors="replace")
