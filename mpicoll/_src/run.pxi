# Running a handler (included by _ffi.pyx).
#
# Every operation is a *body*: a function that receives the decoded call
# (buffers, attributes, communicator, rank, size) and makes its MPI calls.
# `run` does everything else once for all of them: decoding, checking the
# number of buffers, turning return codes and messages into XLA errors.


ctypedef int (*Body)(Call* call) noexcept nogil


cdef XLA_FFI_Error* run(XLA_FFI_CallFrame* frame, Body body, int nargs, int nrets,
                        const char* mpi_name, bint collective) noexcept nogil:
    """Decode the frame, run `body`, turn its failure into an XLA error.

    In debug mode (`MPICOLL_DEBUG=1`, see `set_debug`) a collective first
    compares its signature across the communicator's ranks, and every call
    is logged with its duration."""
    cdef Call call
    cdef XLA_FFI_Error* err = decode(frame, &call, nargs, nrets)
    if err != NULL or call.metadata_query:
        return err
    call.where = mpi_name
    call.message = NULL
    cdef double start = 0
    if debug_mode:
        if collective:
            err = check_signatures(&call)
            if err != NULL:
                return err
        start = MPI_Wtime()
    advise_fresh_results(&call)
    cdef int ierr = body(&call)
    if debug_mode:
        log_call(&call, ierr, MPI_Wtime() - start)
    if call.message != NULL:
        return ffi_error(call.api, XLA_FFI_Error_Code_INVALID_ARGUMENT, call.message)
    if ierr != MPI_SUCCESS:
        return call_error(&call, ierr)
    return NULL


# --- fresh results of 4 MiB and more get huge pages (xla_ffi.pxd) -----------

cdef void advise_fresh_results(const Call* c) noexcept nogil:
    """`advise_huge_pages` for each result that is not an operand's memory
    (in place, that memory was written before) on host memory."""
    cdef int k, j
    cdef bint operand_memory
    if mpicoll_copy_stream != NULL:         # device memory (CUDA-aware path)
        return
    for k in range(c.nrets):
        operand_memory = False
        for j in range(c.nargs):
            operand_memory |= c.args[j].data == c.rets[k].data
        if not operand_memory:
            advise_huge_pages(c.rets[k].data,
                              data_bytes(c.rets[k]))
