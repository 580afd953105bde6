# Registration (included by _ffi.pyx): one XLA handler per operation, each
# the shared `run` with its body, its number of operands and results, and
# its MPI name; `handlers()` is the table bridge.py registers with XLA.


cdef XLA_FFI_Error* h_allreduce(XLA_FFI_CallFrame* f) noexcept nogil:
    return run(f, allreduce, 1, 1, b"MPI_Allreduce", True)

cdef XLA_FFI_Error* h_reduce(XLA_FFI_CallFrame* f) noexcept nogil:
    return run(f, reduce, 1, 1, b"MPI_Reduce", True)

cdef XLA_FFI_Error* h_scan(XLA_FFI_CallFrame* f) noexcept nogil:
    return run(f, scan, 1, 1, b"MPI_Scan", True)

cdef XLA_FFI_Error* h_exscan(XLA_FFI_CallFrame* f) noexcept nogil:
    return run(f, exscan, 1, 1, b"MPI_Exscan", True)

cdef XLA_FFI_Error* h_bcast(XLA_FFI_CallFrame* f) noexcept nogil:
    return run(f, bcast, 1, 1, b"MPI_Bcast", True)

cdef XLA_FFI_Error* h_reduce_scatter(XLA_FFI_CallFrame* f) noexcept nogil:
    return run(f, reduce_scatter, 1, 1, b"MPI_Reduce_scatter_block", True)

cdef XLA_FFI_Error* h_alltoall(XLA_FFI_CallFrame* f) noexcept nogil:
    return run(f, alltoall, 1, 1, b"MPI_Alltoall", True)

cdef XLA_FFI_Error* h_allgather(XLA_FFI_CallFrame* f) noexcept nogil:
    return run(f, allgather, 1, 1, b"MPI_Allgather", True)

cdef XLA_FFI_Error* h_gather(XLA_FFI_CallFrame* f) noexcept nogil:
    return run(f, gather, 1, 1, b"MPI_Gather", True)

cdef XLA_FFI_Error* h_scatter(XLA_FFI_CallFrame* f) noexcept nogil:
    return run(f, scatter, 1, 1, b"MPI_Scatter", True)

cdef XLA_FFI_Error* h_alltoallv(XLA_FFI_CallFrame* f) noexcept nogil:
    return run(f, alltoallv, 1, 1, b"MPI_Alltoallv", True)

cdef XLA_FFI_Error* h_ragged_alltoall(XLA_FFI_CallFrame* f) noexcept nogil:
    return run(f, ragged_alltoall, 2, 2, b"MPI_Alltoallv (ragged)", True)

cdef XLA_FFI_Error* h_allgatherv(XLA_FFI_CallFrame* f) noexcept nogil:
    return run(f, allgatherv, 1, 1, b"MPI_Allgatherv", True)

cdef XLA_FFI_Error* h_gatherv(XLA_FFI_CallFrame* f) noexcept nogil:
    return run(f, gatherv, 1, 1, b"MPI_Gatherv", True)

cdef XLA_FFI_Error* h_scatterv(XLA_FFI_CallFrame* f) noexcept nogil:
    return run(f, scatterv, 1, 1, b"MPI_Scatterv", True)

cdef XLA_FFI_Error* h_redistribute(XLA_FFI_CallFrame* f) noexcept nogil:
    return run(f, redistribute, 1, 1, b"MPI_Alltoallw", True)

cdef XLA_FFI_Error* h_halo_exchange(XLA_FFI_CallFrame* f) noexcept nogil:
    return run(f, halo_exchange, 1, 1, b"halo exchange", True)

cdef XLA_FFI_Error* h_halo_adjoint(XLA_FFI_CallFrame* f) noexcept nogil:
    return run(f, halo_adjoint, 1, 1, b"halo exchange adjoint", True)

cdef XLA_FFI_Error* h_sendrecv(XLA_FFI_CallFrame* f) noexcept nogil:
    return run(f, sendrecv, 2, 1, b"MPI_Sendrecv", False)

cdef XLA_FFI_Error* h_send(XLA_FFI_CallFrame* f) noexcept nogil:
    return run(f, send, 1, 1, b"MPI_Send", False)      # result: an empty array

cdef XLA_FFI_Error* h_recv(XLA_FFI_CallFrame* f) noexcept nogil:
    return run(f, recv, 1, 1, b"MPI_Recv", False)

cdef XLA_FFI_Error* h_barrier(XLA_FFI_CallFrame* f) noexcept nogil:
    return run(f, barrier, 0, 0, b"MPI_Barrier", True)

cdef XLA_FFI_Error* h_derivatives_agree(XLA_FFI_CallFrame* f) noexcept nogil:
    return run(f, derivatives_agree, 0, 0, b"MPI_Allgather (derivative check)", True)

# (a start of a collective is checked in debug mode like the collective)
cdef XLA_FFI_Error* h_istart(XLA_FFI_CallFrame* f) noexcept nogil:
    return run(f, istart, 1, 2, b"nonblocking start", True)

cdef XLA_FFI_Error* h_istart_p2p(XLA_FFI_CallFrame* f) noexcept nogil:
    return run(f, istart, 2, 2, b"nonblocking send/receive", False)

cdef XLA_FFI_Error* h_wait(XLA_FFI_CallFrame* f) noexcept nogil:
    return run(f, iwait, 2, 1, b"wait", False)

# derivative requests: the handle embedded in `pending` (nonblocking.pxi)
cdef XLA_FFI_Error* h_istart_embedded(XLA_FFI_CallFrame* f) noexcept nogil:
    return run(f, istart, 1, 1, b"nonblocking start (derivative)", True)

cdef XLA_FFI_Error* h_wait_embedded(XLA_FFI_CallFrame* f) noexcept nogil:
    return run(f, iwait, 1, 1, b"wait (derivative)", False)

# point-to-point derivative requests (nonblocking_p2p.pxi): the start also
# takes the start whose answer its sends wait for; the wait of one that
# stands for what it sends also returns that data where it went nowhere
cdef XLA_FFI_Error* h_istart_p2p_embedded(XLA_FFI_CallFrame* f) noexcept nogil:
    return run(f, istart, 3, 1, b"nonblocking send/receive (derivative)", False)

cdef XLA_FFI_Error* h_wait_embedded_pair(XLA_FFI_CallFrame* f) noexcept nogil:
    return run(f, iwait, 1, 2, b"wait (derivative)", False)


# overlap.py's tie of a wait to the computation before it (CPU only): it
# returns its operands (a nonblocking start's handle and the values computed
# in the wait's region) as they are. The lowering gives each result its
# operand's memory, so nothing is copied (unless XLA ever placed one
# elsewhere). XLA makes every operand of a custom call, whole, before
# calling it, and cannot compute part of one afterwards instead, as it may
# where ordinary operations read one element.
cdef XLA_FFI_Error* h_after(XLA_FFI_CallFrame* frame) noexcept nogil:
    cdef int64_t i
    cdef XLA_FFI_Buffer* operand
    cdef XLA_FFI_Buffer* result
    if answer_metadata_query(frame):
        return NULL
    for i in range(min(frame.args.size, frame.rets.size)):
        operand = <XLA_FFI_Buffer*>frame.args.args[i]
        result = <XLA_FFI_Buffer*>frame.rets.rets[i]
        if result.data != operand.data:
            memcpy(result.data, operand.data, data_bytes(operand))
    return NULL


def cpu_only_handlers():
    """Map of FFI target name -> PyCapsule of the handlers that have no
    CUDA entry (their primitives lower otherwise there)."""
    return {"mpicoll_after": PyCapsule_New(<void*>h_after, NULL, NULL)}


def handlers():
    """Map of FFI target name -> PyCapsule of the handler."""
    cdef dict table = {
        "allreduce": PyCapsule_New(<void*>h_allreduce, NULL, NULL),
        "reduce": PyCapsule_New(<void*>h_reduce, NULL, NULL),
        "scan": PyCapsule_New(<void*>h_scan, NULL, NULL),
        "exscan": PyCapsule_New(<void*>h_exscan, NULL, NULL),
        "bcast": PyCapsule_New(<void*>h_bcast, NULL, NULL),
        "reduce_scatter": PyCapsule_New(<void*>h_reduce_scatter, NULL, NULL),
        "alltoall": PyCapsule_New(<void*>h_alltoall, NULL, NULL),
        "allgather": PyCapsule_New(<void*>h_allgather, NULL, NULL),
        "gather": PyCapsule_New(<void*>h_gather, NULL, NULL),
        "scatter": PyCapsule_New(<void*>h_scatter, NULL, NULL),
        "alltoallv": PyCapsule_New(<void*>h_alltoallv, NULL, NULL),
        "ragged_alltoall": PyCapsule_New(<void*>h_ragged_alltoall, NULL, NULL),
        "allgatherv": PyCapsule_New(<void*>h_allgatherv, NULL, NULL),
        "gatherv": PyCapsule_New(<void*>h_gatherv, NULL, NULL),
        "scatterv": PyCapsule_New(<void*>h_scatterv, NULL, NULL),
        "redistribute": PyCapsule_New(<void*>h_redistribute, NULL, NULL),
        "halo_exchange": PyCapsule_New(<void*>h_halo_exchange, NULL, NULL),
        "halo_adjoint": PyCapsule_New(<void*>h_halo_adjoint, NULL, NULL),
        "sendrecv": PyCapsule_New(<void*>h_sendrecv, NULL, NULL),
        "send": PyCapsule_New(<void*>h_send, NULL, NULL),
        "recv": PyCapsule_New(<void*>h_recv, NULL, NULL),
        "barrier": PyCapsule_New(<void*>h_barrier, NULL, NULL),
        "derivatives_agree": PyCapsule_New(<void*>h_derivatives_agree, NULL, NULL),
        "istart": PyCapsule_New(<void*>h_istart, NULL, NULL),
        "istart_p2p": PyCapsule_New(<void*>h_istart_p2p, NULL, NULL),
        "wait": PyCapsule_New(<void*>h_wait, NULL, NULL),
        "istart_embedded": PyCapsule_New(<void*>h_istart_embedded, NULL, NULL),
        "wait_embedded": PyCapsule_New(<void*>h_wait_embedded, NULL, NULL),
        "istart_p2p_embedded": PyCapsule_New(<void*>h_istart_p2p_embedded, NULL, NULL),
        "wait_embedded_pair": PyCapsule_New(<void*>h_wait_embedded_pair, NULL, NULL),
    }
    return {f"mpicoll_{name}": capsule for name, capsule in table.items()}


def reduction_codes():
    """Reduction name -> code, as the handlers read them (checked against
    `mpicoll._src.validation` at import)."""
    return {"SUM": OP_SUM, "PROD": OP_PROD, "MIN": OP_MIN, "MAX": OP_MAX,
            "LAND": OP_LAND, "LOR": OP_LOR, "LXOR": OP_LXOR, "BAND": OP_BAND,
            "BOR": OP_BOR, "BXOR": OP_BXOR}
