# Variable-size collectives (included by _ffi.pyx): alltoallv, allgatherv,
# gatherv and scatterv, per-rank counts in rows of axis 0.
#
# Every one fills a table of bytes and offsets per peer (`ByteTable`) and
# hands it to `vector_exchange`: one native MPI_*v call when every count and
# offset fits `int` and the chunk limit, else rounds of MPI_Alltoallw
# (`alltoallv_rounds`). ragged_alltoall.pxi moves its rows the same way.


cdef int64_t row_bytes(const XLA_FFI_Buffer* buf) noexcept nogil:
    """Bytes of one row (a slice along axis 0) of `buf`."""
    cdef int64_t n = item_size(buf.dtype)
    cdef int64_t i
    for i in range(1, buf.rank):
        n *= buf.dims[i]
    return n


ctypedef struct ByteTable:
    int64_t* sbytes       # bytes sent to each rank, and where they start
    int64_t* sdispl
    int64_t* rbytes       # bytes received from each rank, and where they go
    int64_t* rdispl


cdef int byte_table(Call* c, ByteTable* t) noexcept nogil:
    """Allocate a zeroed table of 4 * size int64 (free with `free(t.sbytes)`)."""
    cdef int64_t* mem = <int64_t*>calloc(4 * c.size, sizeof(int64_t))
    if mem == NULL:
        return MPI_ERR_NO_MEM
    t.sbytes, t.sdispl, t.rbytes, t.rdispl = mem, mem + c.size, mem + 2 * c.size, mem + 3 * c.size
    return MPI_SUCCESS


cdef int64_t fill_displacements(int64_t* nbytes, int64_t* displ, int size) noexcept nogil:
    """Consecutive blocks: displ[i] = sum of nbytes[:i]; returns the total."""
    cdef int64_t total = 0
    cdef int i
    for i in range(size):
        displ[i] = total
        total += nbytes[i]
    return total


cdef int64_t total_bytes(const int64_t* nbytes, int size) noexcept nogil:
    cdef int64_t total = 0
    cdef int i
    for i in range(size):
        total += nbytes[i]
    return total


cdef bint fits_int(const ByteTable* t, int size, int64_t chunk) noexcept nogil:
    """Whether one MPI_*v call with MPI_BYTE counts can move the table."""
    cdef int i
    for i in range(size):
        if t.sbytes[i] > chunk or t.rbytes[i] > chunk or \
                t.sdispl[i] + t.sbytes[i] > INT_MAX or t.rdispl[i] + t.rbytes[i] > INT_MAX:
            return False
    return True


cdef int* int_tables(const ByteTable* t, int size) noexcept nogil:
    """The table as C ints, in one allocation (caller frees): send counts,
    send displacements, receive counts, receive displacements; checked to
    fit by `fits_int`."""
    cdef int* out = <int*>malloc(4 * size * sizeof(int))
    cdef int i
    if out != NULL:
        for i in range(size):
            out[i] = <int>t.sbytes[i]
            out[size + i] = <int>t.sdispl[i]
            out[2 * size + i] = <int>t.rbytes[i]
            out[3 * size + i] = <int>t.rdispl[i]
    return out


cdef bint counts_attribute(Call* c, const int64_t** counts) noexcept nogil:
    counts[0] = c.array[ARRAY_COUNTS]
    if counts[0] == NULL or c.array_len[ARRAY_COUNTS] != c.size:
        c.message = b"mpicoll: this operation needs one count per rank"
        return False
    return True


cdef int64_t largest_block(Call* c, int64_t row) noexcept nogil:
    """The bytes of the largest rank's block of `row`-byte rows (gatherv,
    scatterv): every rank knows every count, so alike on every rank; 0 if
    the counts attribute is missing (the caller reports that)."""
    cdef const int64_t* counts = c.array[ARRAY_COUNTS]
    cdef int64_t largest = 0
    cdef int i
    if counts == NULL or c.array_len[ARRAY_COUNTS] != c.size:
        return 0
    for i in range(c.size):
        if counts[i] * row > largest:
            largest = counts[i] * row
    return largest


# One native MPI_*v call: from `src` and into `dst` (the operand's and the
# result's memory, or NULL for a side that moves nothing: `vector_exchange`).
ctypedef int (*VCall)(Call* c, char* src, char* dst, int* scounts, int* sdispl,
                      int* rcounts, int* rdispl) noexcept nogil


cdef int vector_exchange(Call* c, ByteTable* t, VCall native, int need_rounds) noexcept nogil:
    """Move the bytes of table `t`: one native MPI_*v call when every count
    and offset fits `int` and no block exceeds the chunk limit, else rounds
    of MPI_Alltoallw (`alltoallv_rounds`). Every rank must take the same
    path: `need_rounds` is 0 or 1 where the caller knows every rank's counts
    (gathers: `counts` holds them all), or -1 to agree first (alltoallv: a
    rank sees only its own blocks, and a large block between two other
    ranks must still switch it to rounds): with `packed_alltoallv` on host
    memory, which also delivers small blocks, else one MPI_Allreduce.
    Frees the table."""
    cdef int64_t chunk = c.attr[ATTR_CHUNK_BYTES]
    cdef int ierr = MPI_SUCCESS
    cdef int local
    cdef int* ints
    cdef char* src = <char*>c.args[0].data
    cdef char* dst = <char*>c.rets[0].data
    if src == dst:
        # gatherv in place (rooted_vector): on root nothing is sent, elsewhere
        # nothing received, and MPI must not be given one buffer for both;
        # the side that moves nothing gets NULL
        if total_bytes(t.sbytes, c.size) > 0:
            dst = NULL
        else:
            src = NULL
    if chunk > INT_MAX:
        chunk = INT_MAX
    cdef bint delivered = False
    if need_rounds < 0:
        local = 0 if fits_int(t, c.size, chunk) else 1
        if mpicoll_copy_stream == NULL:
            ierr = packed_alltoallv(c, t, chunk, local, &need_rounds, &delivered)
        else:
            ierr = MPI_Allreduce(&local, &need_rounds, 1, MPI_INT, MPI_MAX, c.comm)
    if ierr != MPI_SUCCESS or delivered:
        pass
    elif not need_rounds:
        ints = int_tables(t, c.size)
        if ints == NULL:
            ierr = MPI_ERR_NO_MEM
        else:
            ierr = native(c, src, dst, ints, ints + c.size, ints + 2 * c.size, ints + 3 * c.size)
            free(ints)
    else:
        ierr = alltoallv_rounds(src, t.sbytes, t.sdispl, dst, t.rbytes, t.rdispl, c.size,
                                chunk, c.comm)
    free(t.sbytes)
    return ierr


cdef int64_t packed_block_limit(const Call* c, int64_t chunk) noexcept nogil:
    """The largest block `packed_alltoallv` carries, alike on every rank:
    at most 2 KiB, less on large communicators (its scratch memory stays
    near 128 KiB) and below the chunk limit."""
    cdef int64_t limit = 65536 // c.size
    if limit > 2048:
        limit = 2048
    return limit if limit < chunk else chunk - 1


cdef int packed_alltoallv(Call* c, ByteTable* t, int64_t chunk, int needs_rounds,
                          int* need_rounds, bint* delivered) noexcept nogil:
    """alltoallv's agreement, with the small blocks riding along.

    A rank sees only its own blocks, yet every rank must choose the same
    algorithm. Instead of an MPI_Allreduce before the exchange, one
    MPI_Alltoallv sends every peer the block for it if that block is at
    most `packed_block_limit` bytes (sender and receiver both know the
    block's size, so their counts agree), followed by one byte saying
    whether this rank has larger blocks (bit 0) or needs chunked rounds
    (bit 1). Every rank then knows every rank's byte: if none has larger
    blocks, everything has arrived (`delivered`); otherwise `need_rounds`
    says how all ranks move the whole table again."""
    cdef int64_t limit = packed_block_limit(c, chunk)
    cdef int size = c.size
    cdef int* counts = <int*>malloc(4 * size * sizeof(int))
    if counts == NULL:
        return MPI_ERR_NO_MEM
    cdef int* sc = counts
    cdef int* sd = counts + size
    cdef int* rc = counts + 2 * size
    cdef int* rd = counts + 3 * size
    cdef int64_t stotal = 0, rtotal = 0
    cdef char mine = 2 if needs_rounds else 0
    cdef int i
    for i in range(size):
        sc[i] = <int>(t.sbytes[i] + 1) if t.sbytes[i] <= limit else 1
        rc[i] = <int>(t.rbytes[i] + 1) if t.rbytes[i] <= limit else 1
        if t.sbytes[i] > limit or t.rbytes[i] > limit:
            mine |= 1
        sd[i] = <int>stotal
        rd[i] = <int>rtotal
        stotal += sc[i]
        rtotal += rc[i]
    cdef char* scratch = <char*>malloc(stotal + rtotal)
    if scratch == NULL:
        free(counts)
        return MPI_ERR_NO_MEM
    cdef char* packed_in = scratch + stotal
    for i in range(size):
        memcpy(scratch + sd[i], at(c.args[0], t.sdispl[i]), sc[i] - 1)
        scratch[sd[i] + sc[i] - 1] = mine
    cdef int ierr = MPI_Alltoallv(scratch, sc, sd, MPI_BYTE, packed_in, rc, rd, MPI_BYTE, c.comm)
    cdef char everyone = 0
    if ierr == MPI_SUCCESS:
        for i in range(size):
            everyone |= packed_in[rd[i] + rc[i] - 1]
        if not (everyone & 1):
            for i in range(size):
                memcpy(at(c.rets[0], t.rdispl[i]), packed_in + rd[i], rc[i] - 1)
    delivered[0] = not (everyone & 1)
    need_rounds[0] = 1 if everyone & 2 else 0
    free(scratch)
    free(counts)
    return ierr


cdef int counts_need_rounds(const Call* c, const int64_t* counts, int64_t row) noexcept nogil:
    """Whether any rank's block of `counts` rows, or their concatenation,
    is beyond one native call: decided from every rank's counts, so alike
    on every rank."""
    cdef int64_t chunk = c.attr[ATTR_CHUNK_BYTES]
    cdef int64_t total = 0
    cdef int i
    if chunk > INT_MAX:
        chunk = INT_MAX
    for i in range(c.size):
        if counts[i] * row > chunk:
            return 1
        total += counts[i] * row
    return 1 if total > INT_MAX else 0


# This rank's own block is copied here rather than handed to MPI: MPICH's
# MPI_Alltoallv moves a message to self several times slower than memcpy,
# which made a 1 MiB alltoallv on 2 ranks twice as slow as MPI_Alltoall of
# the same data (benchmarks/README.md, "What MPICH's v-collectives cost").
# Sizes that differ are left to MPI, which reports the mismatch.
cdef int alltoallv_native(Call* c, char* src, char* dst, int* sc, int* sd, int* rc,
                          int* rd) noexcept nogil:
    cdef int me = c.rank
    if sc[me] == rc[me] and sc[me] > 0:
        copy_bytes(dst + rd[me], src + sd[me], sc[me])
        sc[me] = 0
        rc[me] = 0
    return MPI_Alltoallv(src, sc, sd, MPI_BYTE, dst, rc, rd, MPI_BYTE, c.comm)


# Equal counts go to MPI_Allgather: MPICH's MPI_Allgatherv pipelines its
# ring in 32 KiB pieces (MPIR_CVAR_ALLGATHERV_PIPELINE_MSG_SIZE), twice the
# time of MPI_Allgather at 1 MiB on 2 ranks (benchmarks/README.md, "What
# MPICH's v-collectives cost"). Every rank knows every count, so all choose
# alike.
cdef int allgatherv_native(Call* c, char* src, char* dst, int* sc, int* sd, int* rc,
                           int* rd) noexcept nogil:
    cdef int i
    for i in range(c.size):
        if rc[i] != sc[0]:
            return MPI_Allgatherv(src, sc[0], MPI_BYTE, dst, rc, rd, MPI_BYTE, c.comm)
    return MPI_Allgather(src, sc[0], MPI_BYTE, dst, sc[0], MPI_BYTE, c.comm)


cdef int gatherv_native(Call* c, char* src, char* dst, int* sc, int* sd, int* rc,
                        int* rd) noexcept nogil:
    # Off root the result is a copy of `x`, made with the call (`with_copy`);
    # `rooted_vector` makes it when rounds run instead.
    cdef int root = <int>c.attr[ATTR_ROOT]
    cdef bint copies = c.rank != root
    cdef MPI_Request request
    if overlaps_copy(largest_block(c, row_bytes(c.args[0]))):
        return with_copy(c, MPI_Igatherv(src, sc[root], MPI_BYTE, dst, rc, rd, MPI_BYTE, root,
                                         c.comm, &request), &request, copies)
    return with_copy(c, MPI_Gatherv(src, sc[root], MPI_BYTE, dst, rc, rd, MPI_BYTE, root,
                                    c.comm), NULL, copies)


cdef int scatterv_native(Call* c, char* src, char* dst, int* sc, int* sd, int* rc,
                         int* rd) noexcept nogil:
    cdef int root = <int>c.attr[ATTR_ROOT]
    return MPI_Scatterv(src, sc, sd, MPI_BYTE, dst, rc[root], MPI_BYTE, root, c.comm)


cdef int alltoallv(Call* c) noexcept nogil:
    cdef const int64_t* sendcounts = c.array[ARRAY_SENDCOUNTS]
    cdef const int64_t* recvcounts = c.array[ARRAY_RECVCOUNTS]
    if sendcounts == NULL or recvcounts == NULL or c.array_len[ARRAY_SENDCOUNTS] != c.size \
            or c.array_len[ARRAY_RECVCOUNTS] != c.size:
        c.message = b"mpicoll: alltoallv needs one send and one receive count per rank"
        return MPI_ERR_COUNT
    cdef ByteTable t
    cdef int64_t row = row_bytes(c.args[0])
    cdef int i, ierr = byte_table(c, &t)
    if ierr != MPI_SUCCESS:
        return ierr
    for i in range(c.size):
        t.sbytes[i] = sendcounts[i] * row
        t.rbytes[i] = recvcounts[i] * row
    fill_displacements(t.sbytes, t.sdispl, c.size)
    fill_displacements(t.rbytes, t.rdispl, c.size)
    return vector_exchange(c, &t, alltoallv_native, -1)


cdef int packed_scatterv(Call* c, const int64_t* counts, int64_t row) noexcept nogil:
    """scatterv of small blocks, each followed by root's state byte."""
    cdef int root = <int>c.attr[ATTR_ROOT]
    cdef int size = c.size
    cdef int* sc = <int*>malloc(2 * size * sizeof(int))
    if sc == NULL:
        return MPI_ERR_NO_MEM
    cdef int* sd = sc + size
    cdef int64_t total = 0
    cdef int i
    for i in range(size):
        sc[i] = <int>(counts[i] * row + 1)
        sd[i] = <int>total
        total += sc[i]
    cdef int64_t own = counts[c.rank] * row
    cdef int64_t held = total if c.rank == root else 0
    cdef char* blocks = <char*>malloc(held + own + 1)
    if blocks == NULL:
        free(sc)
        return MPI_ERR_NO_MEM
    cdef char* received = blocks + held
    if c.rank == root:
        for i in range(size):       # block i starts at byte sd[i] - i of x
            memcpy(blocks + sd[i], at(c.args[0], sd[i] - i), sc[i] - 1)
            blocks[sd[i] + sc[i] - 1] = root_state(c)
    cdef int ierr = MPI_Scatterv(blocks, sc, sd, MPI_BYTE, received, <int>own + 1, MPI_BYTE,
                                 root, c.comm)
    free(sc)
    return delivered_with_state(c, ierr, received, own, blocks)


cdef int allgatherv(Call* c) noexcept nogil:
    cdef const int64_t* counts
    if not counts_attribute(c, &counts):
        return MPI_ERR_COUNT
    cdef ByteTable t
    cdef int64_t row = row_bytes(c.rets[0])
    cdef int i, ierr = byte_table(c, &t)
    if ierr != MPI_SUCCESS:
        return ierr
    for i in range(c.size):
        t.sbytes[i] = counts[c.rank] * row     # my block to everyone, from offset 0
        t.rbytes[i] = counts[i] * row
    fill_displacements(t.rbytes, t.rdispl, c.size)
    return vector_exchange(c, &t, allgatherv_native, counts_need_rounds(c, counts, row))


cdef int rooted_vector(Call* c, bint gathering) noexcept nogil:
    """gatherv (`gathering`) and scatterv: root's side holds every rank's
    block of counts[i] rows, concatenated; each rank's own side its
    counts[rank] rows. Off root, gatherv's result is x unchanged and
    scatterv's x only gives the shape."""
    cdef const int64_t* counts
    if not counts_attribute(c, &counts):
        return MPI_ERR_COUNT
    cdef ByteTable t
    cdef int root = <int>c.attr[ATTR_ROOT]
    cdef int64_t row = row_bytes(c.args[0] if gathering else c.rets[0])
    cdef int i, ierr = byte_table(c, &t)
    if ierr != MPI_SUCCESS:
        return ierr
    cdef int64_t* own = t.sbytes if gathering else t.rbytes
    cdef int64_t* each = t.rbytes if gathering else t.sbytes
    cdef int64_t* each_displ = t.rdispl if gathering else t.sdispl
    own[root] = counts[c.rank] * row
    if c.rank == root:
        for i in range(c.size):
            each[i] = counts[i] * row
        fill_displacements(each, each_displ, c.size)
        if c.args[0].data == c.rets[0].data:
            # in place on root (its result has x's shape: every other count
            # is 0): its own rows are where they belong already
            own[root] = 0
            each[root] = 0
    cdef int rounds = counts_need_rounds(c, counts, row)
    ierr = vector_exchange(c, &t, gatherv_native if gathering else scatterv_native, rounds)
    if gathering and rounds and ierr == MPI_SUCCESS and c.rank != root:   # else the native copied
        copy_buffer(c.rets[0], c.args[0], counts[c.rank] * row)
    return ierr


cdef int gatherv(Call* c) noexcept nogil:
    return rooted_vector(c, True)


cdef int scatterv(Call* c) noexcept nogil:
    # As `scatter`: small blocks carry root's state byte after them, larger
    # ones get it in a broadcast first. Every rank knows every count, so all
    # choose alike.
    cdef const int64_t* counts
    if not counts_attribute(c, &counts):
        return MPI_ERR_COUNT
    cdef int64_t row = row_bytes(c.rets[0])
    if packs_state(c, largest_block(c, row)):
        return packed_scatterv(c, counts, row)
    return with_announced_state(c, scatterv_data)


cdef int scatterv_data(Call* c) noexcept nogil:
    return rooted_vector(c, False)


cdef int alltoallv_rounds(char* src, const int64_t* sbytes, const int64_t* sdispl,
                          char* dst, const int64_t* rbytes, const int64_t* rdispl,
                          int size, int64_t chunk, MPI_Comm comm) noexcept nogil:
    """Alltoallv of any size as rounds of MPI_Alltoallw.

    Round k moves bytes [k*chunk, (k+1)*chunk) of every peer's block. Each
    piece is described by a one-block hindexed type whose displacement is
    64-bit (MPI_Aint), so neither counts nor offsets overflow `int`. The
    number of rounds depends on the largest block of any rank, which no rank
    knows alone: one MPI_Allreduce(MAX) settles it, so all ranks make the
    same sequence of collective calls.
    """
    cdef int* counts = <int*>malloc(4 * size * sizeof(int))
    cdef MPI_Datatype* types = <MPI_Datatype*>malloc(2 * size * sizeof(MPI_Datatype))
    if counts == NULL or types == NULL:
        free(counts)
        free(types)
        return MPI_ERR_NO_MEM
    cdef int* scounts = counts
    cdef int* rcounts = counts + size
    cdef int* zeros = counts + 2 * size     # displacements live in the types
    cdef MPI_Datatype* stypes = types
    cdef MPI_Datatype* rtypes = types + size
    cdef int64_t local_rounds = 0, rounds, k, n, largest
    cdef int i, ierr, made = 0
    cdef int blocklen
    cdef MPI_Aint disp
    for i in range(size):
        largest = sbytes[i] if sbytes[i] > rbytes[i] else rbytes[i]
        if (largest + chunk - 1) // chunk > local_rounds:
            local_rounds = (largest + chunk - 1) // chunk
        zeros[i] = 0
        zeros[size + i] = 0
    ierr = MPI_Allreduce(&local_rounds, &rounds, 1, MPI_INT64_T, MPI_MAX, comm)
    k = 0
    while ierr == MPI_SUCCESS and k < rounds:
        made = 0
        for i in range(2 * size):
            # i < size: what goes to peer i; else what comes from peer i - size
            if i < size:
                n = sbytes[i] - k * chunk
                disp = <MPI_Aint>(sdispl[i] + k * chunk)
            else:
                n = rbytes[i - size] - k * chunk
                disp = <MPI_Aint>(rdispl[i - size] + k * chunk)
            n = 0 if n < 0 else (chunk if n > chunk else n)
            counts[i] = 1 if n > 0 else 0
            types[i] = MPI_BYTE
            if n > 0:
                blocklen = <int>n
                ierr = MPI_Type_create_hindexed(1, &blocklen, &disp, MPI_BYTE, &types[i])
                if ierr == MPI_SUCCESS:
                    ierr = MPI_Type_commit(&types[i])
                if ierr != MPI_SUCCESS:
                    types[i] = MPI_BYTE
                    break
                made = i + 1
        if ierr == MPI_SUCCESS:
            ierr = MPI_Alltoallw(src, scounts, zeros, stypes, dst, rcounts, zeros + size,
                                 rtypes, comm)
        for i in range(made):
            if types[i] != MPI_BYTE:
                MPI_Type_free(&types[i])
        k += 1
    free(counts)
    free(types)
    return ierr
