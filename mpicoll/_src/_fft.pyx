# cython: language_level=3, boundscheck=False, wraparound=False
"""XLA FFI handler for local FFTs on host memory, computed by ducc0.

No MPI here: this is the one-process transform inside `mpicoll.fft3d` (see
`mpicoll._src.local_fft` for why it is not `jnp.fft`). ducc0 is a Python
extension, so the handler takes the GIL, wraps XLA's buffers in NumPy arrays
without copying, and calls `ducc0.fft.c2c`, which releases the GIL while it
computes. The result may be the operand's own buffer (XLA aliases them when
the operand is dead); ducc0 transforms in place then.

Attributes: ``kind`` (KIND_C2C complex to complex, KIND_R2C real to the
non-negative frequencies, KIND_C2R back to real: ducc0's c2c, r2c, c2r),
``axes`` (int64 array, the transformed axes; the halved one last),
``forward`` (1 for the forward transform's sign, 0 for the inverse's),
``inorm`` (ducc0's normalisation: 0 none, 1 by 1/sqrt(n), 2 by 1/n, n the
product of the transformed real-space lengths) and, for c2r, ``lastsize``
(the real length of the last transformed axis).
"""

from cpython.buffer cimport PyBUF_WRITE
from cpython.memoryview cimport PyMemoryView_FromMemory
from cpython.pycapsule cimport PyCapsule_New
from libc.stdint cimport int64_t
from libc.stdio cimport snprintf

from mpicoll._src.xla_ffi cimport *

import numpy as np

cdef enum:
    KIND_C2C
    KIND_R2C
    KIND_C2R

cdef object ducc_fft = None   # ducc0.fft, imported on first use
cdef int threads = 1          # ducc0 threads per transform (set_threads)


def kinds():
    """Name -> code of the transform kinds, as the handler reads them."""
    return {"c2c": KIND_C2C, "r2c": KIND_R2C, "c2r": KIND_C2R}


def set_threads(int n):
    """Threads ducc0 may use for one transform (MPICOLL_FFT_THREADS)."""
    global threads
    threads = max(1, n)


cdef XLA_FFI_Error* fft_error(XLA_FFI_CallFrame* frame, const char* message) noexcept nogil:
    return ffi_error(frame.api, XLA_FFI_Error_Code_INVALID_ARGUMENT, message)


cdef object numpy_dtype(XLA_FFI_DataType dtype):
    if dtype == XLA_FFI_DataType_F32:
        return np.float32
    if dtype == XLA_FFI_DataType_F64:
        return np.float64
    if dtype == XLA_FFI_DataType_C64:
        return np.complex64
    if dtype == XLA_FFI_DataType_C128:
        return np.complex128
    return None


cdef object as_array(XLA_FFI_Buffer* buf, object dtype):
    """A NumPy array on the buffer's memory (no copy)."""
    shape = [buf.dims[i] for i in range(buf.rank)]
    nbytes = int(np.prod(shape, dtype=np.int64)) * np.dtype(dtype).itemsize
    view = PyMemoryView_FromMemory(<char*>buf.data, nbytes, PyBUF_WRITE)
    return np.frombuffer(view, dtype=dtype).reshape(shape)


cdef enum:
    # From this size of one leading index's slice (a slab's plane) up,
    # transform_by_slices transforms slice by slice (below, ducc0 on the
    # whole array measured as fast or faster)
    SLICE_MIN_BYTES = 256 << 10


cdef transform_by_slices(src, dst, list axes, int64_t kind, bint forward, int64_t inorm):
    """c2c or r2c of `src` along `axes` into `dst` (which may be `src`).

    ducc0 transforms one axis after another over the whole array, one pass
    through memory per axis. Where two or more of the axes are not the
    leading one (a slab's axes 1 and 2), they are transformed one leading
    index at a time, the slice staying in cache while all of them are done;
    then the leading axis, if it is one of `axes`, in place in `dst`. The
    normalisation splits the same way (1/n is 1/n_rest times 1/n_0). A
    2-rank slab block of a 256^3 grid takes 0.76-0.89x the time this way
    (benchmarks/README.md, "Two axes slice by slice"); blocks of two
    planes or more gained nothing. With several ducc0 threads the whole
    array goes to ducc0, which shares its lines among them."""
    rest = [a for a in axes if a != 0]
    call = ducc_fft.c2c if kind == KIND_C2C else ducc_fft.r2c
    # r2c halves the last of its axes: the slices' transform must include it
    if len(rest) < 2 or threads > 1 or (kind == KIND_R2C and axes[len(axes) - 1] == 0) or \
            max(src[0].nbytes, dst[0].nbytes) < SLICE_MIN_BYTES:
        call(src, axes=axes, forward=forward, inorm=inorm, out=dst, nthreads=threads)
        return
    within = [a - 1 for a in rest]
    for i in range(src.shape[0]):
        call(src[i], axes=within, forward=forward, inorm=inorm, out=dst[i], nthreads=1)
    if len(rest) < len(axes):
        ducc_fft.c2c(dst, axes=[0], forward=forward, inorm=inorm, out=dst, nthreads=1)


cdef XLA_FFI_Error* h_local_fft(XLA_FFI_CallFrame* frame) noexcept nogil:
    if answer_metadata_query(frame):
        return NULL
    if frame.args.size != 1 or frame.rets.size != 1:
        return fft_error(frame, b"mpicoll: local_fft takes one operand and one result")
    cdef XLA_FFI_Buffer* x = <XLA_FFI_Buffer*>frame.args.args[0]
    cdef XLA_FFI_Buffer* y = <XLA_FFI_Buffer*>frame.rets.rets[0]
    cdef const int64_t* axes = NULL
    cdef int64_t naxes = 0, i
    cdef int64_t forward = 1, inorm = 0, kind = KIND_C2C, lastsize = 0
    cdef XLA_FFI_Array* array
    for i in range(frame.attrs.size):
        if attribute_named(frame.attrs.names[i], b"axes") and frame.attrs.types[i] == XLA_FFI_AttrType_ARRAY:
            array = <XLA_FFI_Array*>frame.attrs.attrs[i]
            axes = <const int64_t*>array.data
            naxes = <int64_t>array.size
        elif frame.attrs.types[i] != XLA_FFI_AttrType_SCALAR or \
                (<XLA_FFI_Scalar*>frame.attrs.attrs[i]).dtype != XLA_FFI_DataType_S64:
            return fft_error(frame, b"mpicoll: local_fft's attributes are int64 scalars "
                                    b"and the int64 array 'axes'")
        elif attribute_named(frame.attrs.names[i], b"forward"):
            forward = (<int64_t*>(<XLA_FFI_Scalar*>frame.attrs.attrs[i]).value)[0]
        elif attribute_named(frame.attrs.names[i], b"inorm"):
            inorm = (<int64_t*>(<XLA_FFI_Scalar*>frame.attrs.attrs[i]).value)[0]
        elif attribute_named(frame.attrs.names[i], b"kind"):
            kind = (<int64_t*>(<XLA_FFI_Scalar*>frame.attrs.attrs[i]).value)[0]
        elif attribute_named(frame.attrs.names[i], b"lastsize"):
            lastsize = (<int64_t*>(<XLA_FFI_Scalar*>frame.attrs.attrs[i]).value)[0]
        else:
            return fft_error(frame, b"mpicoll: local_fft got an unknown attribute")
    if x.rank != y.rank or naxes < 1 or kind < KIND_C2C or kind > KIND_C2R:
        return fft_error(frame, b"mpicoll: local_fft got inconsistent shapes or attributes")
    if num_elements(x) == 0 or num_elements(y) == 0:
        return NULL
    if x.data != y.data:                     # a fresh result (not in place)
        advise_huge_pages(y.data, data_bytes(y))
    cdef char message[512]
    with gil:
        global ducc_fft
        try:
            if ducc_fft is None:
                import ducc0.fft
                ducc_fft = ducc0.fft
            src = as_array(x, numpy_dtype(x.dtype))
            dst = src if x.data == y.data else as_array(y, numpy_dtype(y.dtype))
            axis_list = [axes[i] for i in range(naxes)]
            if kind == KIND_C2R:
                ducc_fft.c2r(src, axes=axis_list, lastsize=lastsize, forward=forward != 0,
                             inorm=inorm, out=dst, nthreads=threads)
            else:
                transform_by_slices(src, dst, axis_list, kind, forward != 0, inorm)
        except BaseException as exc:
            text = f"mpicoll: local FFT failed: {type(exc).__name__}: {exc}".encode()[:500]
            snprintf(message, sizeof(message), b"%s", <const char*>text)
            return fft_error(frame, message)
    return NULL


def handlers():
    """Map of FFI target name -> PyCapsule of the handler (CPU only)."""
    return {"mpicoll_local_fft": PyCapsule_New(<void*>h_local_fft, NULL, NULL)}
