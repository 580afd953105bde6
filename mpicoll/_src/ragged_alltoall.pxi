# Ragged all-to-all (included by _ffi.pyx): counts computed by the program.
#
# `ragged_alltoall` (ops/ragged.py): operands x and the send counts (an
# int32/int64 array, one per rank, known only at run time), results y
# (`capacity` rows) and the receive counts. First one MPI_Alltoall of the
# counts, then one MPI_Allgather of a few numbers per rank, so that every
# rank knows whether any rank's counts are invalid or exceed its capacity
# and every rank takes the same branch: an error on every rank, naming the
# rank; or, with `truncate`, each receiver accepts rows in source order
# until its capacity is full and tells the senders (one more
# MPI_Alltoall, only when some rank overflows); then the rows move by the
# alltoallv machinery of variable_size.pxi (`vector_exchange`, chunked
# rounds when a block or an offset is beyond `int` or the chunk limit,
# decided alike from the gathered numbers). `reverse` runs the transpose:
# the cotangent of y goes back along the same counts into x's layout, zeros
# where nothing returns.

cdef enum:
    RAGGED_BAD          # 1 if a send count is negative
    RAGGED_SENT         # rows this rank sends (sum of its counts)
    RAGGED_ROWS         # rows of x on this rank
    RAGGED_NEEDED       # rows this rank receives
    RAGGED_CAPACITY     # rows of y on this rank
    RAGGED_ROUNDS       # 1 if this rank's blocks need chunked rounds
    RAGGED_LEN


cdef inline int64_t count_at(const XLA_FFI_Buffer* counts, int i) noexcept nogil:
    if counts.dtype == XLA_FFI_DataType_S32:
        return (<int32_t*>counts.data)[i]
    return (<int64_t*>counts.data)[i]


cdef inline void store_count(XLA_FFI_Buffer* counts, int i, int64_t value) noexcept nogil:
    if counts.dtype == XLA_FFI_DataType_S32:
        (<int32_t*>counts.data)[i] = <int32_t>value
    else:
        (<int64_t*>counts.data)[i] = value


cdef int ragged_problem(Call* c, const int64_t* every) noexcept nogil:
    """The same error on every rank (all see `every`, each rank's
    RAGGED_LEN numbers) if any rank's counts are invalid, or, unless
    truncating, exceed its capacity; MPI_SUCCESS otherwise."""
    cdef int r
    cdef const int64_t* s
    for r in range(c.size):
        s = every + r * RAGGED_LEN
        if s[RAGGED_BAD]:
            snprintf(c.text, sizeof(c.text),
                     "mpicoll: ragged_alltoall on rank %d: rank %d's sendcounts hold a "
                     "negative count.", c.rank, r)
        elif s[RAGGED_SENT] > s[RAGGED_ROWS]:
            snprintf(c.text, sizeof(c.text),
                     "mpicoll: ragged_alltoall on rank %d: rank %d's sendcounts add up to "
                     "%lld rows, but its x has %lld rows.", c.rank, r,
                     <long long>s[RAGGED_SENT], <long long>s[RAGGED_ROWS])
        elif s[RAGGED_NEEDED] > s[RAGGED_CAPACITY] and not c.attr[ATTR_TRUNCATE]:
            snprintf(c.text, sizeof(c.text),
                     "mpicoll: ragged_alltoall on rank %d: rank %d would receive %lld rows, "
                     "more than its capacity of %lld. Pass a larger capacity (every rank's "
                     "own), or overflow='truncate' to keep the first rows and read the true "
                     "counts from recvcounts (docs/tutorial.md, 'Data-dependent "
                     "exchange').", c.rank, r, <long long>s[RAGGED_NEEDED],
                     <long long>s[RAGGED_CAPACITY])
        else:
            continue
        c.message = c.text
        return MPI_ERR_COUNT
    return MPI_SUCCESS


cdef int ragged_alltoall(Call* c) noexcept nogil:
    cdef bint reverse = c.attr[ATTR_REVERSE] != 0
    cdef XLA_FFI_Buffer* x = c.rets[0] if reverse else c.args[0]
    cdef XLA_FFI_Buffer* y = c.args[0] if reverse else c.rets[0]
    cdef XLA_FFI_Buffer* counts = c.args[1]
    cdef int size = c.size
    cdef int64_t row = row_bytes(c.args[0])
    cdef int64_t chunk = c.attr[ATTR_CHUNK_BYTES] if c.attr[ATTR_CHUNK_BYTES] < INT_MAX else INT_MAX
    cdef int64_t xrows = x.dims[0] if x.rank > 0 else 1
    cdef int64_t capacity = y.dims[0] if y.rank > 0 else 1
    if num_elements(counts) != size:
        c.message = b"mpicoll: ragged_alltoall needs one send count per rank"
        return MPI_ERR_COUNT
    # send, recv: the counts; taken: what each receiver accepts from each
    # source (= recv unless truncated); given: what each destination accepts
    cdef int64_t* mem = <int64_t*>calloc(4 * size + RAGGED_LEN * (size + 1), sizeof(int64_t))
    if mem == NULL:
        return MPI_ERR_NO_MEM
    cdef int64_t* send = mem
    cdef int64_t* recv = mem + size
    cdef int64_t* taken = mem + 2 * size
    cdef int64_t* given = mem + 3 * size
    cdef int64_t* mine = mem + 4 * size
    cdef int64_t* every = mine + RAGGED_LEN
    cdef int64_t room, total
    cdef int i, ierr
    cdef bint overflow = False
    cdef ByteTable t
    for i in range(size):
        send[i] = count_at(counts, i)
        if send[i] < 0:
            mine[RAGGED_BAD] = 1
        mine[RAGGED_SENT] += send[i]
    ierr = MPI_Alltoall(send, 1, MPI_INT64_T, recv, 1, MPI_INT64_T, c.comm)
    if ierr == MPI_SUCCESS:
        for i in range(size):
            mine[RAGGED_NEEDED] += recv[i] if recv[i] > 0 else 0
            if send[i] * row > chunk or recv[i] * row > chunk:
                mine[RAGGED_ROUNDS] = 1
        mine[RAGGED_ROWS] = xrows
        mine[RAGGED_CAPACITY] = capacity
        if xrows * row > INT_MAX or capacity * row > INT_MAX:
            mine[RAGGED_ROUNDS] = 1
        ierr = MPI_Allgather(mine, RAGGED_LEN, MPI_INT64_T, every, RAGGED_LEN, MPI_INT64_T,
                             c.comm)
    if ierr == MPI_SUCCESS:
        ierr = ragged_problem(c, every)
    if ierr == MPI_SUCCESS:
        for i in range(size):
            overflow = overflow or every[i * RAGGED_LEN + RAGGED_NEEDED] > \
                every[i * RAGGED_LEN + RAGGED_CAPACITY]
        room = capacity
        for i in range(size):       # source order: the first rows fill the capacity
            taken[i] = recv[i] if recv[i] < room else room
            room -= taken[i]
        if overflow:                # every rank knows it: all make this call
            ierr = MPI_Alltoall(taken, 1, MPI_INT64_T, given, 1, MPI_INT64_T, c.comm)
        else:
            memcpy(given, send, size * sizeof(int64_t))
    if ierr == MPI_SUCCESS:
        ierr = byte_table(c, &t)
    if ierr != MPI_SUCCESS:
        free(mem)
        return ierr
    # forward: x's blocks (laid out by the send counts) go out, y fills in
    # source order; reverse: the other way round
    cdef int64_t* xbytes = t.rbytes if reverse else t.sbytes
    cdef int64_t* xdispl = t.rdispl if reverse else t.sdispl
    cdef int64_t* ybytes = t.sbytes if reverse else t.rbytes
    cdef int64_t* ydispl = t.sdispl if reverse else t.rdispl
    for i in range(size):
        xbytes[i] = given[i] * row
        ybytes[i] = taken[i] * row
        send[i] *= row
    total = fill_displacements(send, xdispl, size)
    if reverse:     # rows nothing comes back to (truncated, unsent) get zero
        for i in range(size):
            memset(at(x, xdispl[i] + xbytes[i]), 0, send[i] - xbytes[i])
        memset(at(x, total), 0, xrows * row - total)
    total = fill_displacements(ybytes, ydispl, size)
    if not reverse:     # rows past the received ones are zero
        memset(at(y, total), 0, capacity * row - total)
    for i in range(size):
        store_count(c.rets[1], i, recv[i])
    cdef int rounds = 0
    for i in range(size):
        rounds |= <int>every[i * RAGGED_LEN + RAGGED_ROUNDS]
    free(mem)
    return vector_exchange(c, &t, alltoallv_native, rounds)
