# Block collectives (included by _ffi.pyx): alltoall, allgather, gather and
# scatter, one block per rank on one side, chunked by `block_rounds`.


cdef int alltoall_round(Call* c, int64_t off, int n, MPI_Datatype one,
                        MPI_Datatype per_block) noexcept nogil:
    return MPI_Alltoall(at(c.args[0], off), n, per_block, at(c.rets[0], off), n, per_block,
                        c.comm)


cdef int allgather_round(Call* c, int64_t off, int n, MPI_Datatype one,
                         MPI_Datatype per_block) noexcept nogil:
    return MPI_Allgather(at(c.args[0], off), n, one, at(c.rets[0], off), n, per_block, c.comm)


cdef int gather_round(Call* c, int64_t off, int n, MPI_Datatype one,
                      MPI_Datatype per_block) noexcept nogil:
    # Off root the result is a copy of `x`, made with the first round
    # (`with_copy`).
    cdef int root = <int>c.attr[ATTR_ROOT]
    cdef char* src = at(c.args[0], off)
    cdef char* dst = at(c.rets[0], off) if c.rank == root else NULL
    cdef bint copies = off == 0 and c.rank != root
    cdef MPI_Request request
    if off == 0 and overlaps_copy(data_bytes(c.args[0])):
        return with_copy(c, MPI_Igather(src, n, one, dst, n, per_block, root, c.comm, &request),
                         &request, copies)
    return with_copy(c, MPI_Gather(src, n, one, dst, n, per_block, root, c.comm), NULL, copies)


cdef int scatter_round(Call* c, int64_t off, int n, MPI_Datatype one,
                       MPI_Datatype per_block) noexcept nogil:
    cdef int root = <int>c.attr[ATTR_ROOT]
    return MPI_Scatter(at(c.args[0], off) if c.rank == root else NULL, n, per_block,
                       at(c.rets[0], off), n, one, root, c.comm)


cdef int alltoall(Call* c) noexcept nogil:
    cdef MPI_Datatype dtype
    cdef int64_t isz
    if not datatype(c, c.args[0], &dtype, &isz):
        return MPI_ERR_TYPE
    return block_rounds(c, num_elements(c.args[0]) // c.size, dtype, isz, alltoall_round)


cdef int allgather(Call* c) noexcept nogil:
    cdef MPI_Datatype dtype
    cdef int64_t isz
    if not datatype(c, c.args[0], &dtype, &isz):
        return MPI_ERR_TYPE
    return block_rounds(c, num_elements(c.args[0]), dtype, isz, allgather_round)


cdef int gather(Call* c) noexcept nogil:
    # Root gets every rank's x stacked; elsewhere the result is x unchanged.
    cdef MPI_Datatype dtype
    cdef int64_t isz
    if not datatype(c, c.args[0], &dtype, &isz):
        return MPI_ERR_TYPE
    return block_rounds(c, num_elements(c.args[0]), dtype, isz, gather_round)


cdef int scatter(Call* c) noexcept nogil:
    # Root's x holds one block per rank; elsewhere x only gives the shape.
    # The receivers learn whether root differentiates ("rooted sends",
    # derivative_checks.pxi).
    cdef int root = <int>c.attr[ATTR_ROOT]
    cdef int64_t block = data_bytes(c.rets[0])
    cdef int64_t i
    if not packs_state(c, block):
        return with_announced_state(c, scatter_data)
    # each block travels with the state byte after it; root's buffer holds
    # every block, and the receive buffer is its end
    cdef char* blocks = <char*>malloc((block + 1) * (c.size + 1) if c.rank == root else block + 1)
    if blocks == NULL:
        return MPI_ERR_NO_MEM
    cdef char* packed = blocks + (block + 1) * c.size if c.rank == root else blocks
    if c.rank == root:
        for i in range(c.size):
            memcpy(blocks + i * (block + 1), at(c.args[0], i * block), block)
            blocks[i * (block + 1) + block] = root_state(c)
    cdef int ierr = MPI_Scatter(blocks, <int>block + 1, MPI_BYTE, packed, <int>block + 1,
                                MPI_BYTE, root, c.comm)
    return delivered_with_state(c, ierr, packed, block, blocks)


cdef int scatter_data(Call* c) noexcept nogil:
    cdef MPI_Datatype dtype
    cdef int64_t isz
    if not datatype(c, c.rets[0], &dtype, &isz):
        return MPI_ERR_TYPE
    return block_rounds(c, num_elements(c.rets[0]), dtype, isz, scatter_round)
