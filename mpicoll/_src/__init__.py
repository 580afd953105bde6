# The compiled FFI handlers may be installed once per MPI ABI: importing
# mpicoll._src._ffi then loads the one for the MPI mpi4py loaded (mpi_abi.py).
from mpicoll._src import mpi_abi as _mpi_abi

_mpi_abi.install_finder()
