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


# Reductions by blocks. An allreduce of 1-32 MiB is a reduce-scatter into
# this rank's block of the result, then an allgather of the blocks in place,
# not one MPI_Allreduce; a reduce of 1 MiB or more is the same
# reduce-scatter, then a gather of the blocks to root.
#
# allreduce: MPICH's allreduce takes a temporary of the whole message from
# the heap on every call; freed next to XLA's fresh result (the previous
# call's, freed when the caller drops it), the two can top glibc's trim
# threshold, so both go back to the kernel and fault in again on the next
# call (2-3.5x the time of mpi4py on preallocated buffers at 1-16 MiB in a
# fresh process). The reduce-scatter's temporary is one block, and the pair
# stays under the threshold. Above 32 MiB (glibc's largest dynamic mmap
# threshold) every big block is a fresh mapping whichever algorithm runs,
# and one call is faster; below 1 MiB MPICH's allreduce takes no such
# temporary and one call is faster.
#
# reduce: MPICH's reduce is slower than the reduce-scatter and the gather
# from 1 MiB up even on preallocated buffers (2 ranks: 0.6 against 0.5 ms
# at 1 MiB, 30 against 10 ms at 16 MiB; 3 ranks: 59 against 21 ms at
# 16 MiB). Measurements: benchmarks/README.md, "Reductions by blocks".
#
# Every rank gets the same result (each block is reduced once, by one
# rank), and reduce's root gets allreduce's bits in the range both share.
# The donated (in-place) call takes the same path, so donating does not
# change the result's bits: at three or more ranks MPICH's reduce-scatter
# may add the ranks' values in another order than its allreduce or reduce.
# Where a user needs the bits of MPI's own call, the `blocks` attribute
# (config.set_reduction_blocks) is 0 and every message is one call.
cdef enum:
    BLOCKS_MIN_BYTES = 1 << 20
    ALLREDUCE_BLOCKS_MAX_BYTES = 32 << 20


def reduction_block_ranges():
    """{op: (smallest, largest message in bytes)} run by blocks (tests)."""
    return {"allreduce": (BLOCKS_MIN_BYTES, ALLREDUCE_BLOCKS_MAX_BYTES),
            "reduce": (BLOCKS_MIN_BYTES, None)}


cdef inline bint by_blocks(Call* c, int n, MPI_Datatype t, int64_t largest,
                           int* isz) noexcept nogil:
    """Whether `n` elements of `t` run by blocks; sets `isz`, the element size."""
    if not c.attr[ATTR_BLOCKS] or c.size == 1 or n < c.size:
        return False
    MPI_Type_size(t, isz)
    return BLOCKS_MIN_BYTES <= <int64_t>n * isz[0] and (largest < 0 or <int64_t>n * isz[0] <= largest)


cdef int* block_layout(Call* c, int n) noexcept nogil:
    """Counts and displacements (one array of 2 * size ints, to free) of
    `n` elements in one block per rank, the first ranks one more."""
    cdef int* counts = <int*>malloc(2 * c.size * sizeof(int))
    cdef int r, base = n // c.size, extra = n % c.size
    if counts != NULL:
        for r in range(c.size):
            counts[r] = base + (1 if r < extra else 0)
            counts[c.size + r] = r * base + (r if r < extra else extra)
    return counts


cdef int reduce_my_block(Call* c, int64_t off, const int* counts, MPI_Datatype t, MPI_Op op,
                         int isz, char* mine, bint into_result) noexcept nogil:
    """This rank's block of the reduction into `mine`. In place (the result
    is the operand's memory, and `into_result`) MPI puts the block at the
    start of the result, and it moves to `mine`: the two do not overlap
    (rank r >= 1 starts at least counts[r] elements in). The copy is a
    device copy on the CUDA-aware path, finished before MPI reads it."""
    cdef char* result = at(c.rets[0], off)
    cdef int ierr
    if into_result and source(c, off) == MPI_IN_PLACE:
        ierr = MPI_Reduce_scatter(MPI_IN_PLACE, result, counts, t, op, c.comm)
        if ierr == MPI_SUCCESS and mine != result:
            copy_bytes(mine, result, <int64_t>counts[c.rank] * isz)
            finish_copies()
        return ierr
    return MPI_Reduce_scatter(at(c.args[0], off), mine, counts, t, op, c.comm)


cdef int allreduce_range(Call* c, int64_t off, int n, MPI_Datatype t, MPI_Op op) noexcept nogil:
    cdef int isz = 0
    if by_blocks(c, n, t, ALLREDUCE_BLOCKS_MAX_BYTES, &isz):
        return allreduce_by_blocks(c, off, n, t, op, isz)
    return MPI_Allreduce(source(c, off), at(c.rets[0], off), n, t, op, c.comm)


cdef int allreduce_by_blocks(Call* c, int64_t off, int n, MPI_Datatype t,
                             MPI_Op op, int isz) noexcept nogil:
    cdef int* counts = block_layout(c, n)
    cdef int ierr
    if counts == NULL:
        return MPI_ERR_NO_MEM
    cdef char* result = at(c.rets[0], off)
    ierr = reduce_my_block(c, off, counts, t, op, isz,
                           result + <int64_t>counts[c.size + c.rank] * isz, True)
    if ierr == MPI_SUCCESS:
        ierr = MPI_Allgatherv(MPI_IN_PLACE, 0, MPI_DATATYPE_NULL, result,
                              counts, counts + c.size, t, c.comm)
    free(counts)
    return ierr


cdef int reduce_range(Call* c, int64_t off, int n, MPI_Datatype t, MPI_Op op) noexcept nogil:
    cdef int root = <int>c.attr[ATTR_ROOT]
    cdef int isz = 0
    if by_blocks(c, n, t, -1, &isz):
        return reduce_by_blocks(c, off, n, t, op, root, isz)
    if c.rank != root:          # MPI_IN_PLACE is the root's only
        return MPI_Reduce(at(c.args[0], off), NULL, n, t, op, root, c.comm)
    return MPI_Reduce(source(c, off), at(c.rets[0], off), n, t, op, root, c.comm)


cdef int reduce_by_blocks(Call* c, int64_t off, int n, MPI_Datatype t, MPI_Op op,
                          int root, int isz) noexcept nogil:
    # Root reduces its block into its place in the result and gathers the
    # others' in place. Another rank's result is `x`, copied over it after
    # the last range (reduce()), so its block passes through the result's
    # memory; only where that memory is `x` itself (donated) through a
    # temporary of one block.
    cdef int* counts = block_layout(c, n)
    cdef int ierr
    cdef char* mine
    cdef char* temporary = NULL
    if counts == NULL:
        return MPI_ERR_NO_MEM
    if c.rank == root:
        mine = at(c.rets[0], off) + <int64_t>counts[c.size + c.rank] * isz
    elif source(c, off) != MPI_IN_PLACE:
        mine = at(c.rets[0], off)
    else:
        temporary = <char*>malloc(<size_t>counts[c.rank] * isz + 1)
        if temporary == NULL:
            free(counts)
            return MPI_ERR_NO_MEM
        mine = temporary
    ierr = reduce_my_block(c, off, counts, t, op, isz, mine, c.rank == root)
    if ierr == MPI_SUCCESS and c.rank == root:
        ierr = MPI_Gatherv(MPI_IN_PLACE, 0, MPI_DATATYPE_NULL, at(c.rets[0], off),
                           counts, counts + c.size, t, root, c.comm)
    elif ierr == MPI_SUCCESS:
        ierr = MPI_Gatherv(mine, counts[c.rank], t, NULL, NULL, NULL, t, root, c.comm)
    free(temporary)
    free(counts)
    return ierr


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
