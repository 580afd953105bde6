# Debug mode (included by _ffi.pyx): with MPICOLL_DEBUG=1 (or `set_debug`),
# `run` compares a collective's signature across the communicator's ranks
# before calling MPI (`check_signatures`) and logs every call with its
# duration (`log_call`).


cdef bint debug_mode = False


def set_debug(bint flag):
    """Turn debug mode on or off for this process (`MPICOLL_DEBUG=1` at import)."""
    global debug_mode
    debug_mode = flag


def get_debug():
    return debug_mode


cdef enum:
    SIG_NAME      # the MPI function (a hash of its name)
    SIG_DTYPE
    SIG_ELEMENTS  # elements per rank: the block each rank sends or receives
    SIG_OP
    SIG_ROOT
    SIG_COUNTS    # a hash of the per-rank counts (variable-size operations) or halo widths
    SIG_CHUNK
    SIG_BLOCKS    # allreduce, reduce: by blocks (1) or one MPI call (0); else -1
    SIG_ROLE      # what runs it: the program, a JVP rule or a transpose rule (primitive.py)
    SIG_LEN


cdef int64_t hash_text(const char* text) noexcept nogil:
    cdef uint64_t h = 5381
    cdef int i = 0
    while text[i] != 0:
        h = h * 33 + <uint64_t><uint16_t>(<unsigned char>text[i])
        i += 1
    return <int64_t>h


cdef void signature(const Call* c, int64_t* sig) noexcept nogil:
    """What every rank's call of one collective must agree on."""
    cdef const XLA_FFI_Buffer* data = c.args[0] if c.nargs > 0 else (
        c.rets[0] if c.nrets > 0 else NULL)
    cdef int64_t n = 0
    cdef uint64_t h = 0
    cdef int64_t i
    if data != NULL:
        n = num_elements(data)
        # per-rank blocks: what varies legitimately between ranks is left out
        if strcmp(c.where, b"MPI_Scatter") == 0 or strcmp(c.where, b"MPI_Gather") == 0 \
                or strcmp(c.where, b"MPI_Bcast") == 0:
            n = num_elements(c.rets[0]) if strcmp(c.where, b"MPI_Scatter") == 0 else \
                num_elements(c.args[0])
        if c.array[ARRAY_COUNTS] != NULL or c.array[ARRAY_SENDCOUNTS] != NULL or \
                strcmp(c.where, b"MPI_Alltoallv (ragged)") == 0:
            n = row_bytes(data)          # rows differ per rank; their size does not
        if c.array[ARRAY_WIDTHS] != NULL:
            n = c.array_len[ARRAY_WIDTHS]    # halo blocks differ per rank; the grid does not
    if c.array[ARRAY_COUNTS] != NULL:
        for i in range(c.array_len[ARRAY_COUNTS]):
            h = h * 1000003 + <uint64_t>c.array[ARRAY_COUNTS][i]
    if c.array[ARRAY_WIDTHS] != NULL:
        for i in range(c.array_len[ARRAY_WIDTHS]):
            h = h * 1000003 + <uint64_t>c.array[ARRAY_WIDTHS][i]
    sig[SIG_NAME] = hash_text(c.where)
    if c.present[ATTR_OPERATION]:       # a nonblocking start: which collective it posts
        sig[SIG_NAME] = sig[SIG_NAME] * 31 + c.attr[ATTR_OPERATION]
    sig[SIG_DTYPE] = <int64_t>data.dtype if data != NULL else -1
    sig[SIG_ELEMENTS] = n
    sig[SIG_OP] = c.attr[ATTR_OP] if c.present[ATTR_OP] else -1
    sig[SIG_ROOT] = c.attr[ATTR_ROOT] if c.present[ATTR_ROOT] else -1
    sig[SIG_COUNTS] = <int64_t>h          # every bit (counts 1 and 2 must differ)
    sig[SIG_CHUNK] = c.attr[ATTR_CHUNK_BYTES]
    sig[SIG_BLOCKS] = c.attr[ATTR_BLOCKS] if c.present[ATTR_BLOCKS] else -1
    sig[SIG_ROLE] = c.attr[ATTR_ROLE]


cdef const char* role_name(int64_t role) noexcept nogil:
    """The `role` attribute (primitive.py, ROLE_*): which code bound the call."""
    if role == 1:
        return b"a JVP rule"
    if role == 2:
        return b"a transpose rule"
    return b"the program"


cdef XLA_FFI_Error* check_signatures(Call* c) noexcept nogil:
    """Compare this collective's signature with every rank's (one
    MPI_Allgather); on any difference every rank returns the same error,
    naming what each rank called, instead of calling MPI with mismatched
    arguments (a hang or corrupted data). alltoallv also checks that each
    rank's send counts are its peers' receive counts (one MPI_Alltoall)."""
    cdef int64_t mine[SIG_LEN]
    cdef int64_t* all_sigs = <int64_t*>malloc(c.size * SIG_LEN * sizeof(int64_t))
    cdef int64_t* peers_send = NULL
    cdef char message[4096]
    cdef int used, r, k, ierr
    cdef bint differ = False, counts_differ = False
    if all_sigs == NULL:
        return mpi_error(c.api, MPI_ERR_NO_MEM, b"debug signature check", c.rank, c.size)
    signature(c, mine)
    ierr = MPI_Allgather(mine, SIG_LEN, MPI_INT64_T, all_sigs, SIG_LEN, MPI_INT64_T, c.comm)
    if ierr != MPI_SUCCESS:
        free(all_sigs)
        return call_error(c, ierr)
    for r in range(c.size):
        for k in range(SIG_LEN):
            if all_sigs[r * SIG_LEN + k] != mine[k]:
                differ = True
    # only when every rank is in this same alltoallv (else some would wait);
    # redistribute's (MPI_Alltoallw) counts are axis lengths, not messages
    if not differ and strcmp(c.where, b"MPI_Alltoallv") == 0 and \
            c.array[ARRAY_SENDCOUNTS] != NULL and \
            c.array_len[ARRAY_SENDCOUNTS] == c.size and c.array[ARRAY_RECVCOUNTS] != NULL:
        peers_send = <int64_t*>malloc(c.size * sizeof(int64_t))
        if peers_send == NULL:
            ierr = MPI_ERR_NO_MEM
        else:
            ierr = MPI_Alltoall(<void*>c.array[ARRAY_SENDCOUNTS], 1, MPI_INT64_T, peers_send, 1,
                                MPI_INT64_T, c.comm)
        if ierr != MPI_SUCCESS:
            free(all_sigs)
            free(peers_send)
            return call_error(c, ierr)
    if peers_send != NULL:
        for r in range(c.size):
            if peers_send[r] != c.array[ARRAY_RECVCOUNTS][r]:
                counts_differ = True
        # every rank must learn it: agree on the verdict
        k = 1 if counts_differ else 0
        MPI_Allreduce(MPI_IN_PLACE, &k, 1, MPI_INT, MPI_MAX, c.comm)
        counts_differ = k != 0
    free(peers_send)
    if not differ and not counts_differ:
        free(all_sigs)
        return NULL
    used = snprintf(message, sizeof(message),
                    "mpicoll debug: the ranks of a communicator of %d made different calls "
                    "(%s on rank %d)%s; each rank's [dtype, elements per rank, op, root, "
                    "counts hash, chunk bytes, by blocks, run by, same operation as rank 0]:", c.size, c.where,
                    c.rank, "; alltoallv send counts do not match the receivers' receive "
                    "counts" if counts_differ else "")
    for r in range(c.size):
        if used < 3800:
            used += snprintf(message + used, sizeof(message) - used,
                             " rank %d: [%s, %lld, %lld, %lld, %lld, %lld, %lld, %s, %s]", r,
                             dtype_name(<XLA_FFI_DataType>all_sigs[r * SIG_LEN + SIG_DTYPE]),
                             <long long>all_sigs[r * SIG_LEN + SIG_ELEMENTS],
                             <long long>all_sigs[r * SIG_LEN + SIG_OP],
                             <long long>all_sigs[r * SIG_LEN + SIG_ROOT],
                             <long long>all_sigs[r * SIG_LEN + SIG_COUNTS],
                             <long long>all_sigs[r * SIG_LEN + SIG_CHUNK],
                             <long long>all_sigs[r * SIG_LEN + SIG_BLOCKS],
                             role_name(all_sigs[r * SIG_LEN + SIG_ROLE]),
                             b"yes" if all_sigs[r * SIG_LEN + SIG_NAME] == all_sigs[SIG_NAME]
                             else b"no")
    free(all_sigs)
    return ffi_error(c.api, XLA_FFI_Error_Code_INVALID_ARGUMENT, message)


cdef void log_call(const Call* c, int ierr, double seconds) noexcept nogil:
    """One line on stderr per operation: rank, operation, communicator,
    peers/root/tags, elements and dtype, duration, outcome."""
    cdef char context[512]
    cdef int used = 0, i
    cdef const XLA_FFI_Buffer* data = c.args[0] if c.nargs > 0 else (
        c.rets[0] if c.nrets > 0 else NULL)
    context[0] = 0
    for i in range(N_ATTRS):
        if c.present[i] and i != ATTR_COMM and i != ATTR_STATUS and used < 400:
            used += snprintf(context + used, sizeof(context) - used, " %s=%lld",
                             ATTR_NAMES[i], <long long>c.attr[i])
    cdef const char* dtype = b"-"
    cdef const char* outcome = b""
    cdef long long n = 0
    if data != NULL:
        dtype = dtype_name(data.dtype)
        n = num_elements(data)
    if ierr != MPI_SUCCESS:
        outcome = b" FAILED"
    fprintf(stderr, b"mpicoll[%d/%d] %s comm=%lld%s elements=%lld dtype=%s %.1f us%s\n",
            c.rank, c.size, c.where, <long long>c.attr[ATTR_COMM], context, n, dtype,
            seconds * 1e6, outcome)
    fflush(stderr)
