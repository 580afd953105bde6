# Reductions and broadcast (included by _ffi.pyx): allreduce, reduce, scan,
# exscan, bcast and reduce_scatter, each on consecutive element ranges of at
# most one chunk.


ctypedef int (*RangeCall)(Call* c, int64_t offset, int n, MPI_Datatype dtype,
                          MPI_Op op) noexcept nogil


cdef int element_rounds(Call* c, const XLA_FFI_Buffer* buf, bint reducing,
                        RangeCall fn) noexcept nogil:
    """Run an operation on consecutive element ranges of `buf`, at most one
    chunk each: `fn(c, offset, n, dtype, op)` moves `n` elements starting at
    byte `offset` (`op` is MPI_OP_NULL unless `reducing`)."""
    cdef MPI_Datatype dtype
    cdef MPI_Op op = MPI_OP_NULL
    cdef int64_t isz, start = 0, count = 0
    cdef int ierr
    if not datatype(c, buf, &dtype, &isz) or (reducing and not reduction(c, buf, &op)):
        return MPI_ERR_TYPE
    cdef int64_t step = chunk_elements(c, isz)
    while next_chunk(&start, &count, num_elements(buf), step):
        ierr = fn(c, start * isz, <int>count, dtype, op)
        if ierr != MPI_SUCCESS:
            return ierr
    return MPI_SUCCESS


cdef inline void* source(Call* c, int64_t off) noexcept nogil:
    """The operand's data, or MPI_IN_PLACE when XLA gave the result the
    (dead) operand's memory."""
    return MPI_IN_PLACE if c.args[0].data == c.rets[0].data else <void*>at(c.args[0], off)


# An allreduce of 16-32 MiB into a fresh result is a reduce-scatter into
# this rank's block of the result, then an allgather of the blocks in place
# (the algorithm MPICH itself picks for long messages), not one
# MPI_Allreduce: MPICH's allreduce takes a temporary of the whole message
# from the heap on every call, and that temporary, freed next to XLA's
# fresh result, tops glibc's trim threshold, so both go back to the kernel
# and fault in again on the next call (1.7x the time at 16 MiB). The
# reduce-scatter's temporary is one block. Outside this range one call is
# faster: below it the pair stays under the threshold, and above 32 MiB
# (glibc's largest dynamic mmap threshold) every big block is a fresh
# mapping whichever algorithm runs (benchmarks/README.md, "allreduce at
# 1-32 MiB"). Every rank gets the same result (each block is reduced once).
cdef enum:
    SPLIT_ALLREDUCE_MIN_BYTES = 16 << 20
    SPLIT_ALLREDUCE_MAX_BYTES = 32 << 20


cdef int allreduce_range(Call* c, int64_t off, int n, MPI_Datatype t, MPI_Op op) noexcept nogil:
    cdef int isz = 0
    if c.size > 1 and n >= c.size and c.args[0].data != c.rets[0].data:
        MPI_Type_size(t, &isz)
        if SPLIT_ALLREDUCE_MIN_BYTES <= <int64_t>n * isz <= SPLIT_ALLREDUCE_MAX_BYTES:
            return allreduce_by_blocks(c, off, n, t, op, isz)
    return MPI_Allreduce(source(c, off), at(c.rets[0], off), n, t, op, c.comm)


cdef int allreduce_by_blocks(Call* c, int64_t off, int n, MPI_Datatype t, MPI_Op op,
                             int isz) noexcept nogil:
    cdef int* counts = <int*>malloc(2 * c.size * sizeof(int))
    cdef int* displs = counts + c.size
    cdef int r, ierr, base = n // c.size, extra = n % c.size
    if counts == NULL:
        return MPI_ERR_NO_MEM
    for r in range(c.size):
        counts[r] = base + (1 if r < extra else 0)
        displs[r] = r * base + (r if r < extra else extra)
    ierr = MPI_Reduce_scatter(at(c.args[0], off), at(c.rets[0], off + <int64_t>displs[c.rank] * isz),
                              counts, t, op, c.comm)
    if ierr == MPI_SUCCESS:
        ierr = MPI_Allgatherv(MPI_IN_PLACE, 0, MPI_DATATYPE_NULL, at(c.rets[0], off),
                              counts, displs, t, c.comm)
    free(counts)
    return ierr


cdef int reduce_range(Call* c, int64_t off, int n, MPI_Datatype t, MPI_Op op) noexcept nogil:
    cdef int root = <int>c.attr[ATTR_ROOT]
    if c.rank != root:          # MPI_IN_PLACE is the root's only
        return MPI_Reduce(at(c.args[0], off), NULL, n, t, op, root, c.comm)
    return MPI_Reduce(source(c, off), at(c.rets[0], off), n, t, op, root, c.comm)


cdef int scan_range(Call* c, int64_t off, int n, MPI_Datatype t, MPI_Op op) noexcept nogil:
    return MPI_Scan(source(c, off), at(c.rets[0], off), n, t, op, c.comm)


cdef int exscan_range(Call* c, int64_t off, int n, MPI_Datatype t, MPI_Op op) noexcept nogil:
    # rank 0's result is undefined in MPI; the Python side puts the identity
    return MPI_Exscan(source(c, off), at(c.rets[0], off), n, t, op, c.comm)


cdef int bcast_range(Call* c, int64_t off, int n, MPI_Datatype t, MPI_Op op) noexcept nogil:
    # Root sends from `x`; its result, a copy of `x`, is made with the
    # first range (`with_copy`).
    cdef int root = <int>c.attr[ATTR_ROOT]
    cdef char* buf = at(c.args[0] if c.rank == root else c.rets[0], off)
    cdef bint copies = off == 0 and c.rank == root
    cdef MPI_Request request
    if off == 0 and overlaps_copy(data_bytes(c.args[0])):
        return with_copy(c, MPI_Ibcast(buf, n, t, root, c.comm, &request), &request, copies)
    return with_copy(c, MPI_Bcast(buf, n, t, root, c.comm), NULL, copies)


cdef int allreduce(Call* c) noexcept nogil:
    return element_rounds(c, c.args[0], True, allreduce_range)


cdef int reduce(Call* c) noexcept nogil:
    # The result is the reduction on root and `x` unchanged elsewhere.
    cdef int ierr = element_rounds(c, c.args[0], True, reduce_range)
    if ierr == MPI_SUCCESS and c.rank != <int>c.attr[ATTR_ROOT]:
        copy_buffer(c.rets[0], c.args[0], data_bytes(c.args[0]))
    return ierr


cdef int scan(Call* c) noexcept nogil:
    return element_rounds(c, c.args[0], True, scan_range)


cdef int exscan(Call* c) noexcept nogil:
    return element_rounds(c, c.args[0], True, exscan_range)


cdef int bcast(Call* c) noexcept nogil:
    # Root's `x` is sent; elsewhere `x` only gives the shape. The receivers
    # learn whether root differentiates ("rooted sends", derivative_checks.pxi).
    cdef int root = <int>c.attr[ATTR_ROOT]
    cdef int64_t nbytes = data_bytes(c.rets[0])
    cdef char packed[PACKED_STATE_LIMIT + 1]
    cdef int ierr
    if not packs_state(c, nbytes):
        return with_announced_state(c, bcast_data)
    if c.rank == root:
        memcpy(packed, c.args[0].data, nbytes)
        packed[nbytes] = root_state(c)
    ierr = MPI_Bcast(packed, <int>nbytes + 1, MPI_BYTE, root, c.comm)
    return delivered_with_state(c, ierr, packed, nbytes, NULL)


cdef int bcast_data(Call* c) noexcept nogil:
    return element_rounds(c, c.rets[0], False, bcast_range)


cdef int reduce_scatter(Call* c) noexcept nogil:
    # x holds one block per rank; rank r gets block r of the reduction. A
    # block beyond the chunk limit is reduced to its rank by chunked
    # MPI_Reduce calls, one rank after the other.
    cdef XLA_FFI_Buffer* x = c.args[0]
    cdef XLA_FFI_Buffer* y = c.rets[0]
    cdef MPI_Datatype dtype
    cdef MPI_Op op
    cdef int64_t isz, start, count, ierr
    if not datatype(c, x, &dtype, &isz) or not reduction(c, x, &op):
        return MPI_ERR_TYPE
    cdef int64_t block = num_elements(y)
    cdef int64_t step = chunk_elements(c, isz)
    cdef int root
    if block <= step:
        return MPI_Reduce_scatter_block(x.data, y.data, <int>block, dtype, op, c.comm)
    for root in range(c.size):
        start = 0
        count = 0
        while next_chunk(&start, &count, block, step):
            ierr = MPI_Reduce(at(x, (root * block + start) * isz),
                              at(y, start * isz) if c.rank == root else NULL,
                              <int>count, dtype, op, root, c.comm)
            if ierr != MPI_SUCCESS:
                return ierr
    return MPI_SUCCESS
