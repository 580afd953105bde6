# Errors (included by _ffi.pyx): MPI return codes and failures as XLA FFI
# errors, with MPI's own message and the context of the call.
#
# (`ffi_error`, the plain XLA error, is in xla_ffi.pxd: both handler modules use it)


cdef enum:
    ERROR_TEXT_BYTES = 4096     # room for MPI's error strings (MPI_MAX_ERROR_STRING is less)


cdef void mpi_error_text(int ierr, char* text) noexcept nogil:
    """MPI's own string for `ierr` into `text` (ERROR_TEXT_BYTES long)."""
    cdef int length = 0
    text[0] = 0
    if MPI_Error_string(ierr, text, &length) != MPI_SUCCESS:
        snprintf(text, ERROR_TEXT_BYTES, "MPI error code %d", ierr)


cdef XLA_FFI_Error* mpi_error(const XLA_FFI_Api* api, int ierr, const char* where,
                              int rank, int size) noexcept nogil:
    """An XLA error naming the MPI call, the rank and the communicator size,
    with MPI's own error string."""
    cdef char text[ERROR_TEXT_BYTES]
    cdef char message[4400]
    mpi_error_text(ierr, text)
    snprintf(message, sizeof(message), "mpicoll: %s failed on rank %d (communicator of %d ranks): %s",
             where, rank, size, text)
    return ffi_error(api, XLA_FFI_Error_Code_INTERNAL, message)


cdef const char* dtype_name(XLA_FFI_DataType dtype) noexcept nogil:
    if dtype == XLA_FFI_DataType_PRED: return b"bool"
    if dtype == XLA_FFI_DataType_S8: return b"int8"
    if dtype == XLA_FFI_DataType_S16: return b"int16"
    if dtype == XLA_FFI_DataType_S32: return b"int32"
    if dtype == XLA_FFI_DataType_S64: return b"int64"
    if dtype == XLA_FFI_DataType_U8: return b"uint8"
    if dtype == XLA_FFI_DataType_U16: return b"uint16"
    if dtype == XLA_FFI_DataType_U32: return b"uint32"
    if dtype == XLA_FFI_DataType_U64: return b"uint64"
    if dtype == XLA_FFI_DataType_F16: return b"float16"
    if dtype == XLA_FFI_DataType_BF16: return b"bfloat16"
    if dtype == XLA_FFI_DataType_F32: return b"float32"
    if dtype == XLA_FFI_DataType_F64: return b"float64"
    if dtype == XLA_FFI_DataType_C64: return b"complex64"
    if dtype == XLA_FFI_DataType_C128: return b"complex128"
    return b"?"


cdef XLA_FFI_Error* call_error(const Call* c, int ierr) noexcept nogil:
    """An MPI failure with its context: the MPI function, this rank, the
    communicator size, the peers/root and tags the call was made with, the
    element count and dtype, and MPI's own error string."""
    cdef char context[512]
    cdef char text[ERROR_TEXT_BYTES]
    cdef char message[4800]
    cdef int used = 0
    cdef int i
    cdef const XLA_FFI_Buffer* data = c.described if c.described != NULL else (
        c.args[0] if c.nargs > 0 else (c.rets[0] if c.nrets > 0 else NULL))
    context[0] = 0
    for i in range(N_ATTRS):
        if c.present[i] and i != ATTR_COMM and i != ATTR_CHUNK_BYTES and \
                i != ATTR_STATUS and i != ATTR_OP and i != ATTR_KIND and i != ATTR_ROLE \
                and used < 400:
            used += snprintf(context + used, sizeof(context) - used, "; %s %lld",
                             ATTR_NAMES[i], <long long>c.attr[i])
    if data != NULL and used < 400:
        snprintf(context + used, sizeof(context) - used, "; %lld %s elements",
                 <long long>num_elements(data), dtype_name(data.dtype))
    mpi_error_text(ierr, text)
    snprintf(message, sizeof(message),
             "mpicoll: %s failed on rank %d (communicator of %d ranks%s): %s",
             c.where, c.rank, c.size, context, text)
    return ffi_error(c.api, XLA_FFI_Error_Code_INTERNAL, message)
