# cython: language_level=3, boundscheck=False, wraparound=False
"""XLA FFI handler for local FFTs on host memory, computed by ducc0.

No MPI here: this is the one-process transform inside `mpicoll.fft3d` (see
`mpicoll._src.local_fft` for why it is not `jnp.fft`). ducc0 is a Python
extension, so the handler takes the GIL, wraps XLA's buffers in NumPy arrays
without copying, and calls `ducc0.fft.c2c`, which releases the GIL while it
computes. The result may be the operand's own buffer (XLA aliases them when
the operand is dead); ducc0 transforms in place then.

Attributes: ``axes`` (int64 array, the transformed axes), ``forward`` (1 for
the forward transform's sign, 0 for the inverse's) and ``inorm`` (ducc0's
normalisation: 0 none, 1 by 1/sqrt(n), 2 by 1/n, n the product of the
transformed lengths).
"""

from cpython.buffer cimport PyBUF_WRITE
from cpython.memoryview cimport PyMemoryView_FromMemory
from cpython.pycapsule cimport PyCapsule_New
from libc.stdint cimport int64_t
from libc.stdio cimport snprintf
from libc.string cimport memcmp, strlen

from mpicoll._src.xla_ffi cimport *

import numpy as np

cdef object c2c = None        # ducc0.fft.c2c, imported on first use
cdef int threads = 1          # ducc0 threads per transform (set_threads)


def set_threads(int n):
    """Threads ducc0 may use for one transform (MPICOLL_FFT_THREADS)."""
    global threads
    threads = max(1, n)


cdef XLA_FFI_Error* fft_error(XLA_FFI_CallFrame* frame, const char* message) noexcept nogil:
    cdef XLA_FFI_Error_Create_Args args
    args.struct_size = XLA_FFI_Error_Create_Args_STRUCT_SIZE
    args.extension_start = NULL
    args.message = message        # XLA copies the text
    args.errc = XLA_FFI_Error_Code_INVALID_ARGUMENT
    return frame.api.XLA_FFI_Error_Create(&args)


cdef bint named(const XLA_FFI_ByteSpan* name, const char* text) noexcept nogil:
    return name.len == strlen(text) and memcmp(name.ptr, text, name.len) == 0


cdef object as_array(XLA_FFI_Buffer* buf, object dtype, int64_t nbytes):
    """A NumPy array on the buffer's memory (no copy)."""
    view = PyMemoryView_FromMemory(<char*>buf.data, nbytes, PyBUF_WRITE)
    return np.frombuffer(view, dtype=dtype).reshape([buf.dims[i] for i in range(buf.rank)])


cdef XLA_FFI_Error* h_local_fft(XLA_FFI_CallFrame* frame) noexcept nogil:
    if answer_metadata_query(frame):
        return NULL
    if frame.args.size != 1 or frame.rets.size != 1:
        return fft_error(frame, b"mpicoll: local_fft takes one operand and one result")
    cdef XLA_FFI_Buffer* x = <XLA_FFI_Buffer*>frame.args.args[0]
    cdef XLA_FFI_Buffer* y = <XLA_FFI_Buffer*>frame.rets.rets[0]
    cdef const int64_t* axes = NULL
    cdef int64_t naxes = 0
    cdef int64_t forward = 1
    cdef int64_t inorm = 0
    cdef int64_t i
    cdef XLA_FFI_Array* array
    for i in range(frame.attrs.size):
        if named(frame.attrs.names[i], b"axes") and frame.attrs.types[i] == XLA_FFI_AttrType_ARRAY:
            array = <XLA_FFI_Array*>frame.attrs.attrs[i]
            axes = <const int64_t*>array.data
            naxes = <int64_t>array.size
        elif named(frame.attrs.names[i], b"forward"):
            forward = (<int64_t*>(<XLA_FFI_Scalar*>frame.attrs.attrs[i]).value)[0]
        elif named(frame.attrs.names[i], b"inorm"):
            inorm = (<int64_t*>(<XLA_FFI_Scalar*>frame.attrs.attrs[i]).value)[0]
        else:
            return fft_error(frame, b"mpicoll: local_fft got an unknown attribute")
    if x.dtype != y.dtype or x.rank != y.rank or \
            (x.dtype != XLA_FFI_DataType_C64 and x.dtype != XLA_FFI_DataType_C128):
        return fft_error(frame, b"mpicoll: local_fft needs complex64/complex128 operand and result")
    cdef int64_t n = 1
    for i in range(x.rank):
        n *= x.dims[i]
    if n == 0:
        return NULL
    cdef int64_t nbytes = n * (8 if x.dtype == XLA_FFI_DataType_C64 else 16)
    cdef char message[512]
    with gil:
        global c2c
        try:
            if c2c is None:
                import ducc0.fft
                c2c = ducc0.fft.c2c
            dtype = np.complex64 if x.dtype == XLA_FFI_DataType_C64 else np.complex128
            src = as_array(x, dtype, nbytes)
            dst = src if x.data == y.data else as_array(y, dtype, nbytes)
            c2c(src, axes=[axes[i] for i in range(naxes)], forward=forward != 0,
                inorm=inorm, out=dst, nthreads=threads)
        except BaseException as exc:
            text = f"mpicoll: local FFT failed: {type(exc).__name__}: {exc}".encode()[:500]
            snprintf(message, sizeof(message), b"%s", <const char*>text)
            return fft_error(frame, message)
    return NULL


def handlers():
    """Map of FFI target name -> PyCapsule of the handler (CPU only)."""
    return {"mpicoll_local_fft": PyCapsule_New(<void*>h_local_fft, NULL, NULL)}
