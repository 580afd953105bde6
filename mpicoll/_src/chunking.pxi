# Chunking (included by _ffi.pyx), and the buffer helpers every body uses.
#
# Chunking: `chunk_bytes` (from the Python setting, read at trace time) caps
# the bytes of every single MPI message; counts stay <= INT_MAX. Results are
# bitwise those of one unchunked call because chunks cover disjoint element
# ranges and every rank splits the same way. Two shared helpers do the
# splitting: `next_chunk` walks element ranges of one buffer (reductions,
# bcast), `block_rounds` moves the same slice of every peer's block per round
# (alltoall, allgather, gather, scatter).


cdef inline int64_t chunk_elements(const Call* call, int64_t itemsize) noexcept nogil:
    cdef int64_t n = call.attr[ATTR_CHUNK_BYTES] // itemsize
    if n > INT_MAX:
        n = INT_MAX
    return n if n > 0 else 1


cdef inline bint next_chunk(int64_t* start, int64_t* count, int64_t total,
                            int64_t step) noexcept nogil:
    """Advance [start, start+count) to the next element range of at most
    `step` elements; False when `total` is covered. Begin with both 0."""
    start[0] += count[0]
    if start[0] >= total:
        return False
    count[0] = step if step < total - start[0] else total - start[0]
    return True


cdef inline void copy_buffer(XLA_FFI_Buffer* dst, const XLA_FFI_Buffer* src,
                             int64_t nbytes) noexcept nogil:
    """Copy unless XLA gave the result the operand's memory (in place). On
    the CUDA-aware path the device copy is finished before this returns:
    MPI may read the destination next (bcast's root, the halo exchange's
    faces), and MPI does not order itself with XLA's stream."""
    if dst.data != src.data:
        copy_bytes(dst.data, src.data, nbytes)      # device memory on the CUDA-aware path
        finish_copies()


# Rooted operations whose result on some ranks is a copy of `x` (bcast's
# root, gather's and gatherv's other ranks) make that copy with their
# first MPI call (`with_copy`), while MPI moves the data where it can: every
# rank starts the operation nonblocking, the copying ranks copy, then all
# wait. MPI reads `x` meanwhile, which the standard allows
# for a send buffer. Copying first and then calling MPI added the whole
# copy (2 ranks, mpi4py: a 1 MiB MPI_Bcast 77 us, copy then broadcast
# 169 us, overlapped 91 us; a 16 MiB gather with the copy 3.55 ms,
# overlapped 2.40 ms; benchmarks/README.md, "Copies a rooted result
# needs"). A nonblocking collective costs 0.6-3.5 us more than a blocking
# one, so small messages stay blocking. A nonblocking collective matches
# only nonblocking ones, so the choice depends on a size every rank knows
# (`x`'s for bcast and gather, the largest block for gatherv). On the
# CUDA-aware path the copy is a device copy that must finish before MPI
# reads it, so the call stays blocking there.
cdef enum:
    OVERLAPPED_COPY_MIN_BYTES = 64 << 10


cdef inline bint overlaps_copy(int64_t agreed_bytes) noexcept nogil:
    return mpicoll_copy_stream == NULL and agreed_bytes >= OVERLAPPED_COPY_MIN_BYTES


cdef int with_copy(Call* c, int ierr, MPI_Request* request, bint copies) noexcept nogil:
    """Finish the MPI call that returned `ierr`, copying `x` into the result
    where `copies`: before waiting for `request` (a nonblocking call), or
    after the call when `request` is NULL (a blocking one)."""
    if ierr != MPI_SUCCESS:
        return ierr
    if copies:
        copy_buffer(c.rets[0], c.args[0], data_bytes(c.args[0]))
    return MPI_Wait(request, MPI_STATUS_IGNORE) if request != NULL else MPI_SUCCESS


ctypedef int (*BlockCall)(Call* call, int64_t offset, int n, MPI_Datatype one,
                          MPI_Datatype per_block) noexcept nogil


cdef int block_rounds(Call* call, int64_t block, MPI_Datatype dtype, int64_t itemsize,
                      BlockCall fn) noexcept nogil:
    """Run a block collective whose blocks hold `block` elements, chunked.

    `fn(call, offset, n, one, per_block)` makes one MPI call that moves
    elements [offset, offset + chunk) of every block: `n` items of type `one`
    on the side that holds one block, `n` items of `per_block` on the side
    that holds one block per rank (block i at byte i * block * itemsize).
    Without chunking that is `block` elements of `dtype` for both; when a
    block exceeds the chunk limit, each round uses one element-slice type of
    `count` elements whose extent is a whole block (64-bit MPI_Aint), so
    neither counts nor offsets overflow `int`.
    """
    cdef int64_t step = chunk_elements(call, itemsize)
    cdef int64_t start = 0, count = 0
    cdef MPI_Datatype piece, strided
    cdef int ierr
    if block == 0:
        return MPI_SUCCESS
    if block <= step:
        return fn(call, 0, <int>block, dtype, dtype)
    while next_chunk(&start, &count, block, step):
        ierr = MPI_Type_contiguous(<int>count, dtype, &piece)
        if ierr != MPI_SUCCESS:
            return ierr
        ierr = MPI_Type_create_resized(piece, 0, <MPI_Aint>(block * itemsize), &strided)
        if ierr == MPI_SUCCESS:
            ierr = MPI_Type_commit(&piece)
            if ierr == MPI_SUCCESS:
                ierr = MPI_Type_commit(&strided)
            if ierr == MPI_SUCCESS:
                ierr = fn(call, start * itemsize, 1, piece, strided)
            MPI_Type_free(&strided)
        MPI_Type_free(&piece)
        if ierr != MPI_SUCCESS:
            return ierr
    return MPI_SUCCESS


cdef inline char* at(const XLA_FFI_Buffer* buf, int64_t offset) noexcept nogil:
    return <char*>buf.data + offset
