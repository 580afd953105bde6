# cython: language_level=3, boundscheck=False, wraparound=False
"""XLA FFI handlers that run MPI operations.

Layout of this file (one place per concept):
  1. errors        -- turning MPI return codes into XLA FFI errors
  2. call frames   -- decoding buffers and attributes, answering XLA's
                      metadata query; shared by every handler
  3. datatypes     -- XLA element type -> MPI datatype, MPI_Op
  4. handlers      -- one short function per MPI operation; each splits
                      messages larger than the chunk limit into legal calls
  5. registration  -- capsules handed to `jax.ffi.register_ffi_target`
  6. CUDA          -- the same handlers on device memory (cuda.pxi)

This layer knows MPI and XLA buffers and nothing about JAX tracing. The
Python side (`mpicoll._src.primitive`) decides the attributes; every
attribute is a 64-bit integer scalar.
"""

from cpython.pycapsule cimport PyCapsule_New
from libc.stdint cimport int32_t, int64_t, uint16_t, uint64_t, uintptr_t
from libc.stdlib cimport calloc, malloc, free
from libc.string cimport memcmp, memcpy, memset, strcmp, strlen
from libc.stdio cimport fflush, fprintf, snprintf, stderr
from libc.limits cimport INT_MAX

from mpi4py.libmpi cimport *
from mpicoll._src.xla_ffi cimport *


# ---------------------------------------------------------------------------
# 1. Errors
# ---------------------------------------------------------------------------

# (`ffi_error`, the plain XLA error, is in xla_ffi.pxd: both handler modules use it)

cdef XLA_FFI_Error* mpi_error(const XLA_FFI_Api* api, int ierr, const char* where,
                              int rank, int size) noexcept nogil:
    """An XLA error naming the MPI call, the rank and the communicator size,
    with MPI's own error string."""
    cdef char text[4096]
    cdef char message[4400]
    cdef int length = 0
    text[0] = 0
    if MPI_Error_string(ierr, text, &length) != MPI_SUCCESS:
        snprintf(text, sizeof(text), "MPI error code %d", ierr)
    snprintf(message, sizeof(message), "mpicoll: %s failed on rank %d (communicator of %d ranks): %s",
             where, rank, size, text)
    return ffi_error(api, XLA_FFI_Error_Code_INTERNAL, message)


# ---------------------------------------------------------------------------
# 2. Call frames
# ---------------------------------------------------------------------------

cdef enum:
    MAX_BUFFERS = 4

# Attribute slots. The Python side sends a subset of these names (checked
# against `attribute_names()` when an op is lowered); a missing attribute
# keeps the default set in `decode`, an unknown one is an error.
cdef enum:
    ATTR_COMM
    ATTR_OP
    ATTR_SOURCE
    ATTR_DEST
    ATTR_SENDTAG
    ATTR_RECVTAG
    ATTR_CHUNK_BYTES
    ATTR_STATUS
    ATTR_ROOT
    ATTR_KIND
    ATTR_SPLIT_AXIS
    ATTR_CONCAT_AXIS
    ATTR_ROLE
    ATTR_REVERSE
    ATTR_TRUNCATE
    N_ATTRS

cdef const char* ATTR_NAMES[N_ATTRS]
ATTR_NAMES[:] = [b"comm", b"op", b"source", b"dest", b"sendtag", b"recvtag",
                 b"chunk_bytes", b"status", b"root", b"kind", b"split_axis", b"concat_axis",
                 b"role", b"reverse", b"truncate"]

# Array attribute slots (int64 arrays, e.g. per-peer counts).
cdef enum:
    ARRAY_SENDCOUNTS
    ARRAY_RECVCOUNTS
    ARRAY_COUNTS
    ARRAY_WIDTHS
    ARRAY_NEIGHBOURS
    ARRAY_NAME          # an operation's name, one character code per element
    N_ARRAYS

cdef const char* ARRAY_NAMES[N_ARRAYS]
ARRAY_NAMES[:] = [b"sendcounts", b"recvcounts", b"counts", b"widths", b"neighbours",
                  b"name"]


def attribute_names():
    """The scalar and array attribute names the handlers understand."""
    return (tuple(ATTR_NAMES[i].decode() for i in range(N_ATTRS)),
            tuple(ARRAY_NAMES[i].decode() for i in range(N_ARRAYS)))


ctypedef struct Call:
    const XLA_FFI_Api* api
    bint metadata_query
    int nargs
    int nrets
    XLA_FFI_Buffer* args[MAX_BUFFERS]   # ordering tokens are left out
    XLA_FFI_Buffer* rets[MAX_BUFFERS]
    int64_t attr[N_ATTRS]
    const int64_t* array[N_ARRAYS]      # NULL when not sent
    int64_t array_len[N_ARRAYS]
    MPI_Comm comm
    int rank                            # this process's rank in `comm`
    int size                            # the number of ranks in `comm`
    const char* where                   # the MPI function, for error messages
    const char* message                 # set by a handler for a non-MPI error
    char text[640]                      # room for a handler to format `message`
    bint present[N_ATTRS]               # which attributes the call frame sent


cdef int name_slot(const XLA_FFI_ByteSpan* name, const char** names, int n) noexcept nogil:
    cdef int i
    for i in range(n):
        if attribute_named(name, names[i]):
            return i
    return -1


cdef int data_buffers(void** items, int64_t n, XLA_FFI_Buffer** out) noexcept nogil:
    """Copy the non-token buffers of `items` to `out`; their count, or -1."""
    cdef int count = 0
    cdef int64_t i
    cdef XLA_FFI_Buffer* buf
    for i in range(n):
        buf = <XLA_FFI_Buffer*>items[i]
        if buf.dtype == XLA_FFI_DataType_TOKEN:
            continue
        if count == MAX_BUFFERS:
            return -1
        out[count] = buf
        count += 1
    return count


cdef XLA_FFI_Error* invalid(const Call* call, const char* message) noexcept nogil:
    return ffi_error(call.api, XLA_FFI_Error_Code_INVALID_ARGUMENT, message)


cdef XLA_FFI_Error* unknown_attribute(const Call* call, const XLA_FFI_ByteSpan* name) noexcept nogil:
    cdef char message[512]
    snprintf(message, sizeof(message), "mpicoll: unknown attribute '%.*s'",
             <int>(name.len if name.len < 400 else 400), name.ptr)
    return invalid(call, message)


cdef XLA_FFI_Error* decode(XLA_FFI_CallFrame* frame, Call* call, int nargs,
                           int nrets) noexcept nogil:
    """Fill `call` from XLA's call frame, or answer the metadata query.

    XLA first calls every handler with a metadata extension on the frame
    (to learn the FFI version the handler was built for); that call must not
    touch buffers or MPI. Otherwise the frame must hold `nargs` operands and
    `nrets` results besides the ordering tokens, and only attributes named
    in ATTR_NAMES/ARRAY_NAMES, so a misspelt attribute is an error instead of
    a silent default.
    """
    cdef XLA_FFI_Scalar* scalar
    cdef XLA_FFI_Array* array
    cdef int64_t i
    cdef int slot
    call.api = frame.api
    call.metadata_query = answer_metadata_query(frame)
    if call.metadata_query:
        return NULL

    call.nargs = data_buffers(frame.args.args, frame.args.size, call.args)
    call.nrets = data_buffers(frame.rets.rets, frame.rets.size, call.rets)
    if call.nargs != nargs or call.nrets != nrets:
        return invalid(call, b"mpicoll: wrong number of operands or results for this handler")

    for i in range(N_ATTRS):
        call.attr[i] = 0
        call.present[i] = False
    for i in range(N_ARRAYS):
        call.array[i] = NULL
        call.array_len[i] = 0
    call.attr[ATTR_CHUNK_BYTES] = INT_MAX
    for i in range(frame.attrs.size):
        if frame.attrs.types[i] == XLA_FFI_AttrType_ARRAY:
            slot = name_slot(frame.attrs.names[i], ARRAY_NAMES, N_ARRAYS)
            if slot < 0:
                return unknown_attribute(call, frame.attrs.names[i])
            array = <XLA_FFI_Array*>frame.attrs.attrs[i]
            if array.dtype != XLA_FFI_DataType_S64:
                return invalid(call, b"mpicoll: array attributes must hold int64")
            call.array[slot] = <const int64_t*>array.data
            call.array_len[slot] = <int64_t>array.size
            continue
        slot = name_slot(frame.attrs.names[i], ATTR_NAMES, N_ATTRS)
        if slot < 0:
            return unknown_attribute(call, frame.attrs.names[i])
        scalar = <XLA_FFI_Scalar*>frame.attrs.attrs[i]
        if frame.attrs.types[i] != XLA_FFI_AttrType_SCALAR or \
                scalar.dtype != XLA_FFI_DataType_S64:
            return invalid(call, b"mpicoll: attributes must be int64 scalars")
        call.attr[slot] = (<int64_t*>scalar.value)[0]
        call.present[slot] = True
    if call.attr[ATTR_CHUNK_BYTES] <= 0:
        return invalid(call, b"mpicoll: chunk_bytes must be positive")
    call.comm = MPI_Comm_f2c(<MPI_Fint>call.attr[ATTR_COMM])
    call.rank = -1
    call.size = 0
    cdef int ierr = MPI_Comm_rank(call.comm, &call.rank)
    if ierr == MPI_SUCCESS:
        ierr = MPI_Comm_size(call.comm, &call.size)
    if ierr != MPI_SUCCESS:
        return mpi_error(call.api, ierr, b"MPI_Comm_rank", call.rank, call.size)
    return NULL


# ---------------------------------------------------------------------------
# 3. Datatypes and reduction operations
# ---------------------------------------------------------------------------

cdef MPI_Datatype mpi_datatype(XLA_FFI_DataType dtype) noexcept nogil:
    # float16 and bfloat16 travel as 16-bit words (moving bits is exact);
    # reductions on them use the operations made in `make_half_ops`.
    if dtype == XLA_FFI_DataType_PRED: return MPI_C_BOOL
    if dtype == XLA_FFI_DataType_S8: return MPI_INT8_T
    if dtype == XLA_FFI_DataType_S16: return MPI_INT16_T
    if dtype == XLA_FFI_DataType_S32: return MPI_INT32_T
    if dtype == XLA_FFI_DataType_S64: return MPI_INT64_T
    if dtype == XLA_FFI_DataType_U8: return MPI_UINT8_T
    if dtype == XLA_FFI_DataType_U16: return MPI_UINT16_T
    if dtype == XLA_FFI_DataType_U32: return MPI_UINT32_T
    if dtype == XLA_FFI_DataType_U64: return MPI_UINT64_T
    if dtype == XLA_FFI_DataType_F16: return MPI_UINT16_T
    if dtype == XLA_FFI_DataType_BF16: return MPI_UINT16_T
    if dtype == XLA_FFI_DataType_F32: return MPI_FLOAT
    if dtype == XLA_FFI_DataType_F64: return MPI_DOUBLE
    if dtype == XLA_FFI_DataType_C64: return MPI_C_FLOAT_COMPLEX
    if dtype == XLA_FFI_DataType_C128: return MPI_C_DOUBLE_COMPLEX
    return MPI_DATATYPE_NULL


# Reduction codes shared with Python (`mpicoll._src.validation.OPS`).
cdef enum:
    OP_SUM
    OP_PROD
    OP_MIN
    OP_MAX
    OP_LAND
    OP_LOR
    OP_LXOR
    OP_BAND
    OP_BOR
    OP_BXOR
    N_OPS

cdef extern from * nogil:
    """
    /* Reductions for float16 and bfloat16, which MPI lacks. Each pair of
       16-bit inputs is widened to double, where sum and product of two such
       values are exact, so the result is rounded once, as numpy rounds. */
    #include <string.h>
    #include <stdint.h>
    static inline double mpicoll_f16_get(const void* p) {
        _Float16 h; memcpy(&h, p, 2); return (double)h; }
    static inline void mpicoll_f16_put(void* p, double v) {
        _Float16 h = (_Float16)v; memcpy(p, &h, 2); }
    static inline double mpicoll_bf16_get(const void* p) {
        uint16_t h; uint32_t u; float f; memcpy(&h, p, 2);
        u = (uint32_t)h << 16; memcpy(&f, &u, 4); return (double)f; }
    static inline void mpicoll_bf16_put(void* p, double v) {
        float f = (float)v; uint32_t u; uint16_t h; memcpy(&u, &f, 4);
        if ((u & 0x7fffffffu) > 0x7f800000u) h = (uint16_t)((u >> 16) | 0x40u);
        else h = (uint16_t)((u + 0x7fffu + ((u >> 16) & 1u)) >> 16);
        memcpy(p, &h, 2); }
    #define MPICOLL_HALF_OP(NAME, GET, PUT, EXPR)                         \\
    static void NAME(void* in, void* inout, int* len, MPI_Datatype* t) {  \\
        char* a = (char*)in; char* b = (char*)inout; int i;               \\
        for (i = 0; i < *len; i++) {                                      \\
            double x = GET(a + 2 * i), y = GET(b + 2 * i);                \\
            PUT(b + 2 * i, (EXPR)); } }
    MPICOLL_HALF_OP(mpicoll_f16_sum, mpicoll_f16_get, mpicoll_f16_put, x + y)
    MPICOLL_HALF_OP(mpicoll_f16_prod, mpicoll_f16_get, mpicoll_f16_put, x * y)
    MPICOLL_HALF_OP(mpicoll_f16_min, mpicoll_f16_get, mpicoll_f16_put, (x < y || x != x) ? x : y)
    MPICOLL_HALF_OP(mpicoll_f16_max, mpicoll_f16_get, mpicoll_f16_put, (x > y || x != x) ? x : y)
    MPICOLL_HALF_OP(mpicoll_bf16_sum, mpicoll_bf16_get, mpicoll_bf16_put, x + y)
    MPICOLL_HALF_OP(mpicoll_bf16_prod, mpicoll_bf16_get, mpicoll_bf16_put, x * y)
    MPICOLL_HALF_OP(mpicoll_bf16_min, mpicoll_bf16_get, mpicoll_bf16_put, (x < y || x != x) ? x : y)
    MPICOLL_HALF_OP(mpicoll_bf16_max, mpicoll_bf16_get, mpicoll_bf16_put, (x > y || x != x) ? x : y)
    """
    void mpicoll_f16_sum(void*, void*, int*, MPI_Datatype*)
    void mpicoll_f16_prod(void*, void*, int*, MPI_Datatype*)
    void mpicoll_f16_min(void*, void*, int*, MPI_Datatype*)
    void mpicoll_f16_max(void*, void*, int*, MPI_Datatype*)
    void mpicoll_bf16_sum(void*, void*, int*, MPI_Datatype*)
    void mpicoll_bf16_prod(void*, void*, int*, MPI_Datatype*)
    void mpicoll_bf16_min(void*, void*, int*, MPI_Datatype*)
    void mpicoll_bf16_max(void*, void*, int*, MPI_Datatype*)

# [0] float16, [1] bfloat16; SUM, PROD, MIN, MAX. Made once at import.
cdef MPI_Op half_ops[2][4]


def make_half_ops():
    """Create the float16/bfloat16 reductions (local, not collective)."""
    cdef MPI_User_function* fns[2][4]
    fns[0][:] = [<MPI_User_function*>mpicoll_f16_sum, <MPI_User_function*>mpicoll_f16_prod,
                 <MPI_User_function*>mpicoll_f16_min, <MPI_User_function*>mpicoll_f16_max]
    fns[1][:] = [<MPI_User_function*>mpicoll_bf16_sum, <MPI_User_function*>mpicoll_bf16_prod,
                 <MPI_User_function*>mpicoll_bf16_min, <MPI_User_function*>mpicoll_bf16_max]
    cdef int i, j
    for i in range(2):
        for j in range(4):
            if MPI_Op_create(fns[i][j], 1, &half_ops[i][j]) != MPI_SUCCESS:
                raise RuntimeError("mpicoll: MPI_Op_create failed")


cdef MPI_Op mpi_op(int64_t code, XLA_FFI_DataType dtype) noexcept nogil:
    if dtype == XLA_FFI_DataType_F16 or dtype == XLA_FFI_DataType_BF16:
        if code < OP_SUM or code > OP_MAX:
            return MPI_OP_NULL
        return half_ops[0 if dtype == XLA_FFI_DataType_F16 else 1][code]
    if code == OP_SUM: return MPI_SUM
    if code == OP_PROD: return MPI_PROD
    if code == OP_MIN: return MPI_MIN
    if code == OP_MAX: return MPI_MAX
    if code == OP_LAND: return MPI_LAND
    if code == OP_LOR: return MPI_LOR
    if code == OP_LXOR: return MPI_LXOR
    if code == OP_BAND: return MPI_BAND
    if code == OP_BOR: return MPI_BOR
    if code == OP_BXOR: return MPI_BXOR
    return MPI_OP_NULL


# ---------------------------------------------------------------------------
# 4. Handlers
#
# Every operation is a *body*: a function that receives the decoded call
# (buffers, attributes, communicator, rank, size) and makes its MPI calls.
# `run` does everything else once for all of them: decoding, checking the
# number of buffers, turning return codes and messages into XLA errors.
#
# Chunking: `chunk_bytes` (from the Python setting, read at trace time) caps
# the bytes of every single MPI message; counts stay <= INT_MAX. Results are
# bitwise those of one unchunked call because chunks cover disjoint element
# ranges and every rank splits the same way. Two shared helpers do the
# splitting: `next_chunk` walks element ranges of one buffer (reductions,
# bcast), `block_rounds` moves the same slice of every peer's block per round
# (alltoall, allgather, gather, scatter).
# ---------------------------------------------------------------------------

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


# --- debug mode ---------------------------------------------------------------

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
    SIG_ROLE      # what runs it: the program, a JVP rule or a transpose rule (primitive.py)
    SIG_LEN


cdef int64_t hash_text(const char* text) noexcept nogil:
    cdef uint64_t h = 5381
    cdef int i = 0
    while text[i] != 0:
        h = h * 33 + <uint64_t><uint16_t>(<unsigned char>text[i])
        i += 1
    return <int64_t>(h >> 1)


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
    sig[SIG_DTYPE] = <int64_t>data.dtype if data != NULL else -1
    sig[SIG_ELEMENTS] = n
    sig[SIG_OP] = c.attr[ATTR_OP] if c.present[ATTR_OP] else -1
    sig[SIG_ROOT] = c.attr[ATTR_ROOT] if c.present[ATTR_ROOT] else -1
    sig[SIG_COUNTS] = <int64_t>(h >> 1)
    sig[SIG_CHUNK] = c.attr[ATTR_CHUNK_BYTES]
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
    # only when every rank is in this same alltoallv (else some would wait)
    if not differ and c.array[ARRAY_SENDCOUNTS] != NULL and \
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
                    "counts hash, chunk bytes, run by, same operation as rank 0]:", c.size, c.where,
                    c.rank, "; alltoallv send counts do not match the receivers' receive "
                    "counts" if counts_differ else "")
    for r in range(c.size):
        if used < 3800:
            used += snprintf(message + used, sizeof(message) - used,
                             " rank %d: [%s, %lld, %lld, %lld, %lld, %lld, %s, %s]", r,
                             dtype_name(<XLA_FFI_DataType>all_sigs[r * SIG_LEN + SIG_DTYPE]),
                             <long long>all_sigs[r * SIG_LEN + SIG_ELEMENTS],
                             <long long>all_sigs[r * SIG_LEN + SIG_OP],
                             <long long>all_sigs[r * SIG_LEN + SIG_ROOT],
                             <long long>all_sigs[r * SIG_LEN + SIG_COUNTS],
                             <long long>all_sigs[r * SIG_LEN + SIG_CHUNK],
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
    cdef char text[4096]
    cdef char message[4800]
    cdef int used = 0, length = 0
    cdef int i
    cdef const XLA_FFI_Buffer* data = c.args[0] if c.nargs > 0 else (
        c.rets[0] if c.nrets > 0 else NULL)
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
    text[0] = 0
    if MPI_Error_string(ierr, text, &length) != MPI_SUCCESS:
        snprintf(text, sizeof(text), "MPI error code %d", ierr)
    snprintf(message, sizeof(message),
             "mpicoll: %s failed on rank %d (communicator of %d ranks%s): %s",
             c.where, c.rank, c.size, context, text)
    return ffi_error(c.api, XLA_FFI_Error_Code_INTERNAL, message)


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


cdef bint datatype(Call* call, const XLA_FFI_Buffer* buf, MPI_Datatype* dtype,
                   int64_t* itemsize) noexcept nogil:
    """The MPI datatype and element size of `buf`; False (message set) if none."""
    dtype[0] = mpi_datatype(buf.dtype)
    itemsize[0] = item_size(buf.dtype)
    if dtype[0] == MPI_DATATYPE_NULL:
        call.message = b"mpicoll: unsupported element type"
        return False
    return True


cdef bint reduction(Call* call, const XLA_FFI_Buffer* buf, MPI_Op* op) noexcept nogil:
    op[0] = mpi_op(call.attr[ATTR_OP], buf.dtype)
    if op[0] == MPI_OP_NULL:
        call.message = b"mpicoll: reduction not defined for this element type"
        return False
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


# --- reductions and broadcast: consecutive element ranges ------------------

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
    return MPI_Bcast(at(c.rets[0], off), n, t, <int>c.attr[ATTR_ROOT], c.comm)


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
    # learn whether root differentiates ("rooted sends" below).
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
    if c.rank == <int>c.attr[ATTR_ROOT]:
        copy_buffer(c.rets[0], c.args[0], data_bytes(c.args[0]))
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


# --- block collectives: one block per rank on one side ---------------------

cdef int alltoall_round(Call* c, int64_t off, int n, MPI_Datatype one,
                        MPI_Datatype per_block) noexcept nogil:
    return MPI_Alltoall(at(c.args[0], off), n, per_block, at(c.rets[0], off), n, per_block,
                        c.comm)


cdef int allgather_round(Call* c, int64_t off, int n, MPI_Datatype one,
                         MPI_Datatype per_block) noexcept nogil:
    return MPI_Allgather(at(c.args[0], off), n, one, at(c.rets[0], off), n, per_block, c.comm)


cdef int gather_round(Call* c, int64_t off, int n, MPI_Datatype one,
                      MPI_Datatype per_block) noexcept nogil:
    cdef int root = <int>c.attr[ATTR_ROOT]
    return MPI_Gather(at(c.args[0], off), n, one,
                      at(c.rets[0], off) if c.rank == root else NULL, n, per_block,
                      root, c.comm)


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
    cdef int ierr = block_rounds(c, num_elements(c.args[0]), dtype, isz, gather_round)
    if ierr == MPI_SUCCESS and c.rank != <int>c.attr[ATTR_ROOT]:
        copy_buffer(c.rets[0], c.args[0], num_elements(c.args[0]) * isz)
    return ierr


cdef int scatter(Call* c) noexcept nogil:
    # Root's x holds one block per rank; elsewhere x only gives the shape.
    # The receivers learn whether root differentiates ("rooted sends" below).
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


# --- variable-size collectives: per-rank counts in rows of axis 0 ----------

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


ctypedef int (*VCall)(Call* c, const ByteTable* t, int* scounts, int* sdispl,
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
            ierr = native(c, t, ints, ints + c.size, ints + 2 * c.size, ints + 3 * c.size)
            free(ints)
    else:
        ierr = alltoallv_rounds(<char*>c.args[0].data, t.sbytes, t.sdispl,
                                <char*>c.rets[0].data, t.rbytes, t.rdispl, c.size, chunk,
                                c.comm)
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


cdef int alltoallv_native(Call* c, const ByteTable* t, int* sc, int* sd, int* rc,
                          int* rd) noexcept nogil:
    return MPI_Alltoallv(c.args[0].data, sc, sd, MPI_BYTE, c.rets[0].data, rc, rd, MPI_BYTE,
                         c.comm)


cdef int allgatherv_native(Call* c, const ByteTable* t, int* sc, int* sd, int* rc,
                           int* rd) noexcept nogil:
    return MPI_Allgatherv(c.args[0].data, sc[0], MPI_BYTE, c.rets[0].data, rc, rd, MPI_BYTE,
                          c.comm)


cdef int gatherv_native(Call* c, const ByteTable* t, int* sc, int* sd, int* rc,
                        int* rd) noexcept nogil:
    cdef int root = <int>c.attr[ATTR_ROOT]
    return MPI_Gatherv(c.args[0].data, sc[root], MPI_BYTE, c.rets[0].data, rc, rd, MPI_BYTE,
                       root, c.comm)


cdef int scatterv_native(Call* c, const ByteTable* t, int* sc, int* sd, int* rc,
                         int* rd) noexcept nogil:
    cdef int root = <int>c.attr[ATTR_ROOT]
    return MPI_Scatterv(c.args[0].data, sc, sd, MPI_BYTE, c.rets[0].data, rc[root], MPI_BYTE,
                        root, c.comm)


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


# --- ragged all-to-all: counts computed by the program ----------------------
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
# alltoallv machinery above (`vector_exchange`, chunked rounds when a block
# or an offset is beyond `int` or the chunk limit, decided alike from the
# gathered numbers). `reverse` runs the transpose: the cotangent of y goes
# back along the same counts into x's layout, zeros where nothing returns.

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
    ierr = vector_exchange(c, &t, gatherv_native if gathering else scatterv_native,
                           counts_need_rounds(c, counts, row))
    if gathering and ierr == MPI_SUCCESS and c.rank != root:
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
    cdef int64_t largest = 0
    cdef int i
    for i in range(c.size):
        if counts[i] * row > largest:
            largest = counts[i] * row
    if packs_state(c, largest):
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




# --- redistribution: one axis gathered, another split ----------------------
#
# Rank r holds block r of `concat_axis` (recvcounts[r] long) with
# `split_axis` whole; afterwards every rank holds all of `concat_axis` and
# its block of `split_axis` (sendcounts[r] long). The piece for each peer
# is a box of the input and lands as a box of the result, so one
# MPI_Alltoallw with a datatype per box moves everything and MPI's datatype
# engine does the strided copies: no packed copy of the array is made.
# Boxes are described in bytes (an extra innermost axis of item-size
# length, never split), so every dtype travels alike.
#
# Chunking: the largest piece any pair exchanges has extents every rank
# knows (the longest split block, the widest concat block, the other axes).
# When it exceeds the chunk limit, a tile shape is chosen from the innermost
# axis out (whole axes while they fit, then as many indices of the next axis
# as fit, single indices further out), and round k moves every piece's
# intersection with tile k. Sender and receiver of a pair intersect the same
# box with the same tile, and every rank computes the same tiles and rounds.

cdef enum:
    MAX_BOX_RANK = 32


cdef int box_type(const XLA_FFI_Buffer* buf, const int64_t* start, const int64_t* extent,
                  MPI_Datatype* out) noexcept nogil:
    """The box [start, start + extent) of `buf` as an MPI datatype (of at
    most INT_MAX bytes: chunking keeps boxes below the limit); MPI_BYTE,
    nothing to free, if creating it failed.

    Built as the longest contiguous byte run (the trailing axes the box
    covers whole, times its extent along the next one), repeated with a
    stride along each outer axis, at a 64-bit displacement. MPICH's datatype
    engine copies such a type at memcpy speed, while the same box as an
    MPI subarray of small elements measured 2-5x slower (docs/internals.md,
    "Chunking protocol")."""
    cdef int64_t inner = item_size(buf.dtype)
    cdef int d = buf.rank - 1
    while d >= 0 and start[d] == 0 and extent[d] == buf.dims[d]:
        inner *= buf.dims[d]
        d -= 1
    cdef MPI_Aint disp = 0
    cdef int64_t run = inner
    cdef int64_t stride = inner
    if d >= 0:
        run = inner * extent[d]
        disp = <MPI_Aint>(start[d] * inner)
        stride = inner * buf.dims[d]
    cdef MPI_Datatype t, outer
    cdef int ierr = MPI_Type_contiguous(<int>run, MPI_BYTE, &t)
    cdef int e = d - 1
    while ierr == MPI_SUCCESS and e >= 0:
        if extent[e] > 1:
            ierr = MPI_Type_create_hvector(<int>extent[e], 1, <MPI_Aint>stride, t, &outer)
            MPI_Type_free(&t)
            t = outer
        disp += <MPI_Aint>(start[e] * stride)
        stride *= buf.dims[e]
        e -= 1
    cdef int one = 1
    if ierr == MPI_SUCCESS:
        ierr = MPI_Type_create_hindexed(1, &one, &disp, t, out)
        MPI_Type_free(&t)
    if ierr != MPI_SUCCESS:
        out[0] = MPI_BYTE
    else:
        ierr = MPI_Type_commit(out)
    return ierr


# Datatypes of boxes that recur call after call (a halo exchange's faces)
# are kept: creating and committing one costs about 1 us with MPICH, several
# per call. A box is known by the buffer's shape and item size and its
# start and extent; the cache holds BOX_CACHE_SIZE of them and replaces the
# oldest. Freeing a datatype that a pending message still uses is allowed
# (MPI completes the message normally), so eviction never waits; the lock
# covers handlers of concurrent computations.
cdef enum:
    BOX_CACHE_SIZE = 64
    BOX_KEY_LEN = 3 * (MAX_BOX_RANK + 1) + 1

ctypedef struct CachedBox:
    int64_t key[BOX_KEY_LEN]
    MPI_Datatype type

cdef CachedBox box_cache[BOX_CACHE_SIZE]
cdef int box_cache_used = 0, box_cache_next = 0

cdef extern from *:
    """
    #include <sched.h>
    static int mpicoll_box_cache_flag = 0;
    static void mpicoll_box_cache_lock(void) {
        while (__sync_lock_test_and_set(&mpicoll_box_cache_flag, 1)) sched_yield();
    }
    static void mpicoll_box_cache_unlock(void) { __sync_lock_release(&mpicoll_box_cache_flag); }
    """
    void mpicoll_box_cache_lock() nogil
    void mpicoll_box_cache_unlock() nogil


cdef int cached_box_type(const XLA_FFI_Buffer* buf, const int64_t* start,
                         const int64_t* extent, MPI_Datatype* out) noexcept nogil:
    """`box_type`, from the cache when the same box was asked for before;
    the datatype belongs to the cache (the caller does not free it)."""
    global box_cache_used, box_cache_next
    cdef int64_t key[BOX_KEY_LEN]
    cdef int n = buf.rank + 1, d, k, ierr
    key[0] = buf.rank
    for d in range(n):
        key[1 + d] = buf.dims[d] if d < buf.rank else item_size(buf.dtype)
        key[1 + n + d] = start[d]
        key[1 + 2 * n + d] = extent[d]
    cdef size_t nbytes = (1 + 3 * n) * sizeof(int64_t)
    mpicoll_box_cache_lock()
    for k in range(box_cache_used):
        if memcmp(box_cache[k].key, key, nbytes) == 0:
            out[0] = box_cache[k].type
            mpicoll_box_cache_unlock()
            return MPI_SUCCESS
    mpicoll_box_cache_unlock()
    ierr = box_type(buf, start, extent, out)
    if ierr != MPI_SUCCESS:
        return ierr
    mpicoll_box_cache_lock()
    k = box_cache_next
    box_cache_next = (k + 1) % BOX_CACHE_SIZE
    if box_cache_used == BOX_CACHE_SIZE:
        MPI_Type_free(&box_cache[k].type)
    else:
        box_cache_used += 1
    memcpy(box_cache[k].key, key, nbytes)
    box_cache[k].type = out[0]
    mpicoll_box_cache_unlock()
    return MPI_SUCCESS


cdef bint clip(int64_t* start, int64_t* extent, int64_t lo, int64_t hi, int64_t base,
               int64_t length) noexcept nogil:
    """The part [lo, hi) of a box side of `length` indices placed at `base`;
    False if empty."""
    if hi > length:
        hi = length
    start[0] = base + lo
    extent[0] = hi - lo
    return hi > lo


cdef int tile_piece(const XLA_FFI_Buffer* buf, int axis, int64_t base, int64_t length,
                    const int64_t* lo, const int64_t* hi, bint cached, int* count,
                    MPI_Datatype* out) noexcept nogil:
    """The piece of `buf` that spans [base, base + length) along `axis` and
    all of every other axis, intersected with the tile [lo, hi) (in the
    piece's own coordinates): its datatype and count 1, or count 0 if empty.
    A `cached` datatype belongs to the cache (`cached_box_type`): not freed
    by the caller."""
    cdef int64_t start[MAX_BOX_RANK + 1]
    cdef int64_t extent[MAX_BOX_RANK + 1]
    cdef bint some = True
    cdef int d
    for d in range(buf.rank + 1):
        if d == axis:
            some &= clip(&start[d], &extent[d], lo[d], hi[d], base, length)
        else:
            some &= clip(&start[d], &extent[d], lo[d], hi[d], 0,
                         buf.dims[d] if d < buf.rank else item_size(buf.dtype))
    count[0] = 1 if some else 0
    if not some:
        return MPI_SUCCESS
    return cached_box_type(buf, start, extent, out) if cached else box_type(buf, start, extent, out)


cdef int64_t plan_tiles(const int64_t* most, int n, int64_t chunk, int64_t* tile,
                        int64_t* ntiles) noexcept nogil:
    """Cut a box of extents `most` (the last axis: the bytes of one item,
    never cut) into tiles of at most `chunk` bytes: whole axes from the
    innermost out while they fit, then as many indices of the next axis as
    fit, single indices further out. Fills `tile` and `ntiles` (tiles per
    axis); returns the number of tiles."""
    cdef int64_t inner = 1, rounds = 1
    cdef int d
    if chunk > INT_MAX:
        chunk = INT_MAX
    for d in range(n - 1, -1, -1):
        if d == n - 1 or inner * most[d] <= chunk:
            tile[d] = most[d] if most[d] > 0 else 1      # the whole axis
        else:
            tile[d] = chunk // inner if chunk // inner > 1 else 1
        inner *= tile[d]
        ntiles[d] = (most[d] + tile[d] - 1) // tile[d] if most[d] > 0 else 1
        rounds *= ntiles[d]
    return rounds


cdef void tile_bounds(int64_t k, int n, const int64_t* tile, const int64_t* ntiles,
                      int64_t* lo, int64_t* hi) noexcept nogil:
    """Tile k of `plan_tiles` as [lo, hi) per axis (tiles numbered with the
    innermost axis fastest)."""
    cdef int d
    for d in range(n - 1, -1, -1):
        lo[d] = k % ntiles[d] * tile[d]
        hi[d] = lo[d] + tile[d]
        k //= ntiles[d]


cdef int redistribute(Call* c) noexcept nogil:
    cdef XLA_FFI_Buffer* x = c.args[0]
    cdef XLA_FFI_Buffer* y = c.rets[0]
    cdef int n = x.rank + 1                      # with the byte axis
    cdef int sa = <int>c.attr[ATTR_SPLIT_AXIS], ca = <int>c.attr[ATTR_CONCAT_AXIS]
    cdef const int64_t* splits = c.array[ARRAY_SENDCOUNTS]
    cdef const int64_t* concats = c.array[ARRAY_RECVCOUNTS]
    cdef int p, d, ierr = MPI_SUCCESS
    if splits == NULL or concats == NULL or c.array_len[ARRAY_SENDCOUNTS] != c.size or \
            c.array_len[ARRAY_RECVCOUNTS] != c.size or x.rank != y.rank or \
            x.rank > MAX_BOX_RANK or sa == ca or sa < 0 or ca < 0 or \
            sa >= x.rank or ca >= x.rank:
        c.message = b"mpicoll: redistribute got inconsistent axes or counts"
        return MPI_SUCCESS
    # the largest piece (`most`), the tile, and the number of rounds
    cdef int64_t most[MAX_BOX_RANK + 1]
    cdef int64_t tile[MAX_BOX_RANK + 1]
    cdef int64_t ntiles[MAX_BOX_RANK + 1]
    cdef int64_t lo[MAX_BOX_RANK + 1]
    cdef int64_t hi[MAX_BOX_RANK + 1]
    for d in range(x.rank):
        most[d] = x.dims[d]
    most[x.rank] = item_size(x.dtype)
    most[sa] = 0
    most[ca] = 0
    for p in range(c.size):
        most[sa] = splits[p] if splits[p] > most[sa] else most[sa]
        most[ca] = concats[p] if concats[p] > most[ca] else most[ca]
    cdef int64_t rounds = plan_tiles(most, n, c.attr[ATTR_CHUNK_BYTES], tile, ntiles)
    cdef int64_t k
    cdef int* counts = <int*>calloc(4 * c.size, sizeof(int))
    cdef MPI_Datatype* types = <MPI_Datatype*>malloc(2 * c.size * sizeof(MPI_Datatype))
    if counts == NULL or types == NULL:
        free(counts)
        free(types)
        return MPI_ERR_NO_MEM
    cdef int64_t offset, roff
    k = 0
    while ierr == MPI_SUCCESS and k < rounds:
        tile_bounds(k, n, tile, ntiles, lo, hi)
        for p in range(2 * c.size):
            types[p] = MPI_BYTE
            counts[p] = 0
        offset = 0
        roff = 0
        for p in range(c.size):
            # to peer p: its rows of the split axis (all of this rank's concat block);
            # from peer p: its concat block, at its place (this rank's split rows)
            ierr = tile_piece(x, sa, offset, splits[p], lo, hi, False, &counts[p], &types[p])
            if ierr == MPI_SUCCESS:
                ierr = tile_piece(y, ca, roff, concats[p], lo, hi, False,
                                  &counts[c.size + p], &types[c.size + p])
            if ierr != MPI_SUCCESS:
                break
            offset += splits[p]
            roff += concats[p]
        if ierr == MPI_SUCCESS:
            ierr = MPI_Alltoallw(x.data, counts, counts + 2 * c.size, types,
                                 y.data, counts + c.size, counts + 3 * c.size,
                                 types + c.size, c.comm)
        for p in range(2 * c.size):
            if types[p] != MPI_BYTE:
                MPI_Type_free(&types[p])
        k += 1
    free(counts)
    free(types)
    return ierr


# --- halo exchange: the faces of a block on a Cartesian grid, in place -----
#
# The block is the operand and the result at once (the lowering aliases
# them), except where the operand stays live: then the result is fresh
# memory and the handler first copies the operand into it (a memcpy, faster
# than the copy XLA would insert; `fresh_result` in primitive.py). Along grid dimension i =
# 0, 1, ..., with h = widths[i] and n the block's length on axis i: the
# rank's first h interior cells [h, 2h) go to the lower neighbour while the
# upper halo [n-h, n) arrives from the upper one (tag 2i), and its last
# interior cells [n-2h, n-h) go up while the lower halo [0, h) arrives from
# below (tag 2i+1), the four messages of one dimension in flight together.
# Each face is a box datatype of the block itself spanning the whole padded
# extent of every other axis, so MPI copies straight from and into the block
# (no packing), and halos filled along earlier dimensions travel on along
# later ones: that fills the corners. Sent cells are interior cells, received
# ones halo cells (h is at most the interior length), so no message reads
# what another writes. An MPI_PROC_NULL neighbour leaves its halo as it is;
# a rank that is its own neighbour (periodic dimension of size 1) sends to
# itself.
#
# Chunking: the neighbours along dimension i share the block's extent on
# every other axis, so both ends tile a face alike (`plan_tiles`) and run
# the same rounds.

cdef bint halo_arguments(Call* c) noexcept nogil:
    """Check the attributes of a halo exchange or its adjoint against the
    block (False, message set, if they do not fit) and put the block in the
    result's memory: a copy where the result is fresh (`fresh_result`, the
    operand stays live), nothing where the lowering aliased them."""
    cdef XLA_FFI_Buffer* x = c.args[0]
    cdef XLA_FFI_Buffer* y = c.rets[0]
    cdef const int64_t* widths = c.array[ARRAY_WIDTHS]
    cdef int ndims = <int>c.array_len[ARRAY_WIDTHS]
    cdef int d
    if widths == NULL or c.array[ARRAY_NEIGHBOURS] == NULL or \
            c.array_len[ARRAY_NEIGHBOURS] != 2 * ndims or ndims > y.rank or \
            y.rank > MAX_BOX_RANK or x.rank != y.rank:
        c.message = b"mpicoll: halo_exchange got inconsistent widths or neighbours"
        return False
    for d in range(ndims):
        if widths[d] < 0 or 3 * widths[d] > y.dims[d]:
            c.message = b"mpicoll: halo_exchange got a halo wider than the interior"
            return False
    copy_buffer(y, x, data_bytes(y))
    return True


cdef bint moves_along(const Call* c, int i, int64_t* h, int* lower, int* upper) noexcept nogil:
    """The halo width and the neighbours of grid dimension i; False when
    nothing moves along it."""
    h[0] = c.array[ARRAY_WIDTHS][i]
    lower[0] = <int>c.array[ARRAY_NEIGHBOURS][2 * i]
    upper[0] = <int>c.array[ARRAY_NEIGHBOURS][2 * i + 1]
    return h[0] > 0 and not (lower[0] == MPI_PROC_NULL and upper[0] == MPI_PROC_NULL)


cdef int face_messages(Call* c, XLA_FFI_Buffer** bufs, const int64_t* starts,
                       const int* peers, int i, int64_t h) noexcept nogil:
    """The four messages of grid dimension i of a halo exchange or its
    adjoint: message j < 2 is received, j >= 2 sent; each moves the cells
    [starts[j], starts[j] + h) of axis i (all of every other axis) of
    bufs[j] to or from peers[j], with tag 2i (j even) or 2i + 1 (j odd)
    after the base tag. The face (h cells of axis i by the block's other
    extents, which the neighbours along i share) is cut into the same
    tiles on both ends when it exceeds the chunk limit, one round each."""
    cdef XLA_FFI_Buffer* y = c.rets[0]
    cdef int n = y.rank + 1                      # with the byte axis
    cdef int64_t face[MAX_BOX_RANK + 1]
    cdef int64_t tile[MAX_BOX_RANK + 1]
    cdef int64_t ntiles[MAX_BOX_RANK + 1]
    cdef int64_t lo[MAX_BOX_RANK + 1]
    cdef int64_t hi[MAX_BOX_RANK + 1]
    cdef int d, j, count, ierr = MPI_SUCCESS, tag
    cdef MPI_Datatype box
    cdef MPI_Request requests[4]
    for d in range(y.rank):
        face[d] = y.dims[d]
    face[i] = h
    face[y.rank] = item_size(y.dtype)
    cdef int64_t rounds = plan_tiles(face, n, c.attr[ATTR_CHUNK_BYTES], tile, ntiles)
    cdef int64_t k = 0
    while ierr == MPI_SUCCESS and k < rounds:
        tile_bounds(k, n, tile, ntiles, lo, hi)
        for j in range(4):
            requests[j] = MPI_REQUEST_NULL
        for j in range(4):
            box = MPI_BYTE                     # tile_piece leaves it for an empty piece
            ierr = tile_piece(bufs[j], i, starts[j], h, lo, hi, True, &count, &box)
            if ierr != MPI_SUCCESS:
                break
            tag = (<int>c.attr[ATTR_SENDTAG] + 2 * i + j % 2) * KIND_SPAN
            if j < 2:
                c.where = b"MPI_Irecv"
                ierr = MPI_Irecv(bufs[j].data, count, box, peers[j], tag, c.comm, &requests[j])
            else:
                c.where = b"MPI_Isend"
                ierr = MPI_Isend(bufs[j].data, count, box, peers[j], tag, c.comm, &requests[j])
            if ierr != MPI_SUCCESS:
                break
        if ierr == MPI_SUCCESS:
            c.where = b"MPI_Waitall"
            ierr = MPI_Waitall(4, requests, MPI_STATUSES_IGNORE)
        else:
            for j in range(4):               # nothing may stay in flight on the block
                if requests[j] != MPI_REQUEST_NULL:
                    MPI_Cancel(&requests[j])
                    MPI_Wait(&requests[j], MPI_STATUS_IGNORE)
        k += 1
    return ierr


cdef int halo_exchange(Call* c) noexcept nogil:
    cdef XLA_FFI_Buffer* y = c.rets[0]
    cdef int i, ierr = MPI_SUCCESS
    cdef int64_t h, length
    cdef int lower, upper
    # the four messages of a dimension: into the upper and the lower halo,
    # from the first and the last interior cells (the j-th start and peer)
    cdef XLA_FFI_Buffer* bufs[4]
    cdef int64_t starts[4]
    cdef int peers[4]
    if not halo_arguments(c):
        return MPI_SUCCESS
    bufs[0], bufs[1], bufs[2], bufs[3] = y, y, y, y
    for i in range(<int>c.array_len[ARRAY_WIDTHS]):
        if not moves_along(c, i, &h, &lower, &upper):
            continue
        length = y.dims[i]
        if lower == c.rank and upper == c.rank and mpicoll_copy_stream == NULL:
            copy_slab(y, i, h, length - h, h)        # own neighbour, host memory:
            copy_slab(y, i, length - 2 * h, 0, h)    # the messages are local copies
            continue
        starts[0], starts[1], starts[2], starts[3] = length - h, 0, h, length - 2 * h
        peers[0], peers[1], peers[2], peers[3] = upper, lower, lower, upper
        ierr = face_messages(c, bufs, starts, peers, i, h)
        if ierr != MPI_SUCCESS:
            break
    return ierr


ctypedef struct Slab:
    int64_t rows      # one per index of the axes before `axis`
    int64_t run       # bytes of one row: h cells times the axes after `axis`
    int64_t pitch     # bytes from one row to the next
    int64_t inner     # bytes of one cell of `axis` (the axes after it)


cdef Slab slab_of(const XLA_FFI_Buffer* buf, int axis, int64_t h) noexcept nogil:
    """The cells [start, start + h) of `axis` (all of every other axis) as
    rows of contiguous bytes; the start adds `start * inner` bytes."""
    cdef Slab sl
    cdef int d
    sl.inner = item_size(buf.dtype)
    for d in range(axis + 1, buf.rank):
        sl.inner *= buf.dims[d]
    sl.rows = 1
    for d in range(axis):
        sl.rows *= buf.dims[d]
    sl.run = h * sl.inner
    sl.pitch = buf.dims[axis] * sl.inner
    return sl


cdef void copy_rows(char* dst, int64_t dst_pitch, const char* src, int64_t src_pitch,
                    int64_t run, int64_t rows) noexcept nogil:
    """`rows` rows of `run` bytes, host memory. Constant sizes let the
    compiler copy a thin face's items without a call each."""
    cdef int64_t r
    if run == 4:
        for r in range(rows):
            memcpy(dst + r * dst_pitch, src + r * src_pitch, 4)
    elif run == 8:
        for r in range(rows):
            memcpy(dst + r * dst_pitch, src + r * src_pitch, 8)
    elif run == 16:
        for r in range(rows):
            memcpy(dst + r * dst_pitch, src + r * src_pitch, 16)
    else:
        for r in range(rows):
            memcpy(dst + r * dst_pitch, src + r * src_pitch, run)


cdef void copy_slab(XLA_FFI_Buffer* buf, int axis, int64_t source, int64_t dest,
                    int64_t h) noexcept nogil:
    """Copy the cells [source, source + h) of `axis` to [dest, dest + h)
    within host memory."""
    cdef Slab sl = slab_of(buf, axis, h)
    copy_rows(<char*>buf.data + dest * sl.inner, sl.pitch,
              <char*>buf.data + source * sl.inner, sl.pitch, sl.run, sl.rows)


# --- the halo exchange's adjoint: cotangents back, added -------------------
#
# The transpose of `halo_exchange`, on the cotangent block in place, grid
# dimension d-1 first: each halo's cotangent goes back to the neighbour
# whose cells filled it, which adds it to those cells, and a halo that was
# overwritten gets zero (one left as it was, past a non-periodic edge, keeps
# its cotangent). Per dimension: two MPI_Isend from the halos (box
# datatypes, as the exchange's), two MPI_Irecv into a contiguous face
# buffer per direction, tiled alike on both ends when a face exceeds the
# chunk limit; then the received faces are added to the first and last
# interior cells with MPI_Reduce_local(MPI_SUM) (every dtype mpicoll
# reduces, float16 and bfloat16 included) on a packed copy of those cells.
# A rank that is its own neighbour adds its halos locally. Adding needs
# host memory, so on CUDA this handler always stages (cuda.pxi).

cdef int add_into_slab(Call* c, XLA_FFI_Buffer* buf, int axis, int64_t dest, int64_t h,
                       const char* face) noexcept nogil:
    """Add the packed face `face` (h cells of `axis` by all of every other
    axis) to the cells [dest, dest + h) of `axis`."""
    cdef Slab sl = slab_of(buf, axis, h)
    cdef int64_t nbytes = sl.run * sl.rows, itemsize, start = 0, count = 0
    cdef MPI_Datatype dtype
    cdef MPI_Op op = mpi_op(OP_SUM, buf.dtype)
    if not datatype(c, buf, &dtype, &itemsize) or op == MPI_OP_NULL:
        if c.message == NULL:
            c.message = b"mpicoll: no sum for this element type"
        return MPI_SUCCESS
    cdef char* packed = <char*>malloc(nbytes if nbytes > 0 else 1)
    if packed == NULL:
        return MPI_ERR_NO_MEM
    cdef char* cells = <char*>buf.data + dest * sl.inner
    cdef int ierr = MPI_SUCCESS
    copy_rows(packed, sl.run, cells, sl.pitch, sl.run, sl.rows)
    c.where = b"MPI_Reduce_local"
    while ierr == MPI_SUCCESS and next_chunk(&start, &count, nbytes // itemsize,
                                             chunk_elements(c, itemsize)):
        ierr = MPI_Reduce_local(<void*>(face + start * itemsize), packed + start * itemsize,
                                <int>count, dtype, op)
    copy_rows(cells, sl.pitch, packed, sl.run, sl.run, sl.rows)
    free(packed)
    return ierr


cdef void zero_slab(XLA_FFI_Buffer* buf, int axis, int64_t start, int64_t h) noexcept nogil:
    cdef Slab sl = slab_of(buf, axis, h)
    cdef char* cells = <char*>buf.data + start * sl.inner
    cdef int64_t r
    for r in range(sl.rows):
        memset(cells + r * sl.pitch, 0, sl.run)


cdef int halo_adjoint(Call* c) noexcept nogil:
    cdef XLA_FFI_Buffer* y = c.rets[0]
    cdef int i, d, ierr = MPI_SUCCESS
    cdef int64_t h, length, nbytes
    cdef int lower, upper
    cdef Slab sl
    cdef char* faces
    # the four messages of a dimension: into the face from below (for the
    # first interior cells) and the face from above (for the last), from
    # the upper and the lower halo (the j-th start and peer); each received
    # face is a packed buffer shaped like a face
    cdef XLA_FFI_Buffer received[2]
    cdef int64_t face[MAX_BOX_RANK]
    cdef XLA_FFI_Buffer* bufs[4]
    cdef int64_t starts[4]
    cdef int peers[4]
    if not halo_arguments(c):
        return MPI_SUCCESS
    bufs[0], bufs[1], bufs[2], bufs[3] = &received[0], &received[1], y, y
    for i in range(<int>c.array_len[ARRAY_WIDTHS] - 1, -1, -1):
        if not moves_along(c, i, &h, &lower, &upper):
            continue
        length = y.dims[i]
        sl = slab_of(y, i, h)
        nbytes = sl.run * sl.rows
        faces = <char*>malloc(2 * nbytes if nbytes > 0 else 1)
        if faces == NULL:
            return MPI_ERR_NO_MEM
        if lower == c.rank and upper == c.rank:
            # own neighbour: the faces are this rank's upper and lower halos
            copy_rows(faces, sl.run, <char*>y.data + (length - h) * sl.inner, sl.pitch,
                      sl.run, sl.rows)
            copy_rows(faces + nbytes, sl.run, <char*>y.data, sl.pitch, sl.run, sl.rows)
        else:
            for d in range(y.rank):
                face[d] = y.dims[d]
            face[i] = h
            for d in range(2):
                received[d] = y[0]
                received[d].data = faces + d * nbytes
                received[d].dims = face
            starts[0], starts[1], starts[2], starts[3] = 0, 0, length - h, 0
            peers[0], peers[1], peers[2], peers[3] = lower, upper, upper, lower
            ierr = face_messages(c, bufs, starts, peers, i, h)
        if ierr == MPI_SUCCESS:
            if upper != MPI_PROC_NULL:
                zero_slab(y, i, length - h, h)
            if lower != MPI_PROC_NULL:
                zero_slab(y, i, 0, h)
                ierr = add_into_slab(c, y, i, h, h, faces)
            if upper != MPI_PROC_NULL and ierr == MPI_SUCCESS and c.message == NULL:
                ierr = add_into_slab(c, y, i, length - 2 * h, h, faces + nbytes)
        free(faces)
        if ierr != MPI_SUCCESS or c.message != NULL:
            break
    return ierr


# --- message kinds: derivative traffic pairs up or fails loudly ------------
#
# JAX runs an operation's derivative rule only on ranks where one of its
# inputs carries a derivative. Two ranks paired by a send and a receive can
# therefore disagree: a `recv` whose template is a constant does not
# differentiate while its partner's `send` does, and the partner's tangent
# (or, under `grad`, its wait for a cotangent) has nothing to pair with. So
# every point-to-point message says what its sender is doing: its MPI tag is
# `user_tag * KIND_SPAN + kind`, where the kind has KIND_DIFFERENTIATED set
# when the sending operation runs inside its derivative rule and
# KIND_DERIVATIVE set for tangent and cotangent messages. A receive accepts
# a message of either differentiation state, compares it with its own, and
# reports a disagreement as an error instead of pairing later messages
# wrongly.
#
# A differentiated message is answered: its receiver replies KIND_ACK when
# the kinds pair and KIND_NOTICE when they do not, and the sending
# operation waits for that reply before it returns. So the sender raises
# too, at once, before it sends a tangent nobody receives (`jvp`) or waits
# for a cotangent nobody sends (`grad`), and when both ranks have raised no
# message is left in flight: the next operation on the communicator, with
# any tag, finds nothing of the failed pairing. The reply costs one empty
# message per differentiated point-to-point message, only under
# differentiation. User tags range over 0..MPI_TAG_UB // KIND_SPAN
# (validation.check_tag).
cdef enum:
    KIND_DIFFERENTIATED = 1
    KIND_DERIVATIVE = 2
    KIND_NOTICE = 4        # reply: the differentiated message did not pair
    KIND_ACK = 6           # reply: it paired (NOTICE | DERIVATIVE: no data message has it)
    KIND_SPAN = 8
    # what `sendrecv_chunked` returns, besides MPI error codes, when the
    # kinds of a pairing disagree
    PAIRING_SENDER_DIFFERENTIATES = -1001
    PAIRING_RECEIVER_DIFFERENTIATES = -1002
    PAIRING_NOTICE = -1003
    PAIRING_WRONG_CLASS = -1004


def tag_span():
    """How many MPI tags one user tag of send/recv/sendrecv takes."""
    return KIND_SPAN


cdef inline bint is_reply(int wire_tag) noexcept nogil:
    cdef int kind = wire_tag % KIND_SPAN
    return kind == KIND_ACK or kind == KIND_NOTICE


cdef int find_message(int source, int tag, int kind, MPI_Comm comm, int* flag,
                      MPI_Status* st) noexcept nogil:
    """Look, without receiving it, for the message a receive of user tag
    `tag` (or MPI_ANY_TAG) and kind `kind` takes next from `source`.

    The earliest message from `source` is taken if its user tag matches
    (MPI keeps messages between two ranks in order, so it is the one an
    unchunked receive would match), or if it is the reply to this
    operation's own differentiated send (the caller takes it aside);
    otherwise each kind this receive can pair with is looked for in turn."""
    cdef int ierr = MPI_Iprobe(source, MPI_ANY_TAG, comm, flag, st)
    if ierr != MPI_SUCCESS or not flag[0] or tag == MPI_ANY_TAG \
            or st.MPI_TAG // KIND_SPAN == tag or is_reply(st.MPI_TAG):
        return ierr
    cdef int same_class = kind & KIND_DERIVATIVE
    cdef int candidates[2]
    candidates[:] = [same_class, same_class | KIND_DIFFERENTIATED]
    cdef int k
    for k in range(2):
        ierr = MPI_Iprobe(source, tag * KIND_SPAN + candidates[k], comm, flag, st)
        if ierr != MPI_SUCCESS or flag[0]:
            return ierr
    return ierr


cdef extern from "<sched.h>" nogil:
    int sched_yield()


cdef enum:
    POLLS_PER_YIELD = 64


cdef inline int yield_now_and_then(int polls) noexcept nogil:
    """Count one unsuccessful poll; every POLLS_PER_YIELD of them, give the
    core away. A rank that shares its core with another (more ranks than
    cores) would otherwise spin for a whole scheduler time slice (ms) while
    the rank it waits for cannot run; on a core of its own sched_yield
    returns at once. MPI's own blocking calls do the same."""
    polls += 1
    if polls % POLLS_PER_YIELD == 0:
        sched_yield()
    return polls


cdef int wait_for_either(MPI_Request* reqs, int* index, MPI_Status* st,
                         int* polls) noexcept nogil:
    """MPI_Waitany on two requests, polling MPI_Testany and giving the core
    away now and then (`yield_now_and_then`). MPICH's MPI_Waitany keeps its
    core while it waits: with more ranks than cores a 64 KiB sendrecv
    written with it took about 7 ms at 4 ranks on 2 cores, against 70 us
    with MPI_Waitall or this loop (benchmarks/README.md, "More ranks than
    cores")."""
    cdef int flag = 0
    cdef int ierr
    while True:
        ierr = MPI_Testany(2, reqs, index, &flag, st)
        if ierr != MPI_SUCCESS or flag:
            return ierr
        polls[0] = yield_now_and_then(polls[0])


cdef inline int pairing(int incoming, int kind) noexcept nogil:
    """Whether a message of kind `incoming` pairs with a receive of `kind`."""
    if (incoming ^ kind) & KIND_DERIVATIVE:
        return PAIRING_WRONG_CLASS
    if (incoming & KIND_DIFFERENTIATED) and not (kind & KIND_DIFFERENTIATED):
        return PAIRING_SENDER_DIFFERENTIATES
    if (kind & KIND_DIFFERENTIATED) and not (incoming & KIND_DIFFERENTIATED):
        return PAIRING_RECEIVER_DIFFERENTIATES
    return MPI_SUCCESS


cdef int wait_for_reply(int dest, int tag, MPI_Comm comm, int* reply,
                        int* polls) noexcept nogil:
    """Receive the answer (KIND_ACK or KIND_NOTICE) to a differentiated
    message of user tag `tag` sent to `dest`; its kind goes to `reply`."""
    cdef int flag = 0, k
    cdef int kinds[2]
    kinds[:] = [KIND_ACK, KIND_NOTICE]
    cdef int ierr
    while True:
        for k in range(2):
            ierr = MPI_Iprobe(dest, tag * KIND_SPAN + kinds[k], comm, &flag, MPI_STATUS_IGNORE)
            if ierr != MPI_SUCCESS:
                return ierr
            if flag:
                reply[0] = kinds[k]
                return MPI_Recv(NULL, 0, MPI_BYTE, dest, tag * KIND_SPAN + kinds[k], comm,
                                MPI_STATUS_IGNORE)
        polls[0] = yield_now_and_then(polls[0])


cdef inline void pin_envelope(const MPI_Status* st, bint* first, int* source,
                              int* tag, MPI_Status* result) noexcept nogil:
    """On the first chunk, fix the source and tag all later chunks must have."""
    if first[0]:
        first[0] = False
        source[0] = st.MPI_SOURCE
        tag[0] = st.MPI_TAG
        result.MPI_SOURCE = source[0]
        result.MPI_TAG = tag[0]


cdef int sendrecv_chunked(char* sbuf, int64_t nsend, MPI_Datatype stype, int64_t ssize,
                          int64_t schunk, int dest, int sendtag,
                          char* rbuf, int64_t nrecv, MPI_Datatype rtype, int64_t rsize,
                          int64_t rchunk, int source, int recvtag,
                          MPI_Comm comm, int kind, MPI_Status* result,
                          int64_t* nreceived) noexcept nogil:
    """Move a message of any size as a series of chunk messages; the number
    of elements received goes to `result` and `nreceived`.

    Protocol (both sides follow it without knowing the other's size): a
    side whose count is at least one chunk sends ceil((n+1)/chunk) messages,
    so its last message is always shorter than a chunk (possibly empty); the
    receiver reads chunk-sized pieces until a short one arrives. A peer that
    sends less than the receive buffer holds therefore never leaves the
    receiver waiting. Chunks after the first are received from the source
    and tag the first one came with, so ANY_SOURCE/ANY_TAG cannot mix two
    messages.

    Sends and receives progress independently: one send and one receive are
    in flight at a time, and the next chunk of either kind is posted as soon
    as the previous one of that kind has completed. Coupling them in
    lockstep rounds would deadlock programs that unchunked MPI_Sendrecv runs
    (with eager, i.e. buffered, small messages), e.g. two sendrecvs between
    the same pair whose tags the peer receives in the other order: the
    peer's receive of its first chunk would wait for a message that is only
    sent after this call has received everything.

    A message longer than the receive buffer gives MPI_ERR_TRUNCATE, and
    like an unchunked receive it is consumed whole: a receive that has room
    for less than a full chunk first probes the message (matched probe, so
    no other receive can take it); a message that does not fit is received
    without storing anything, and so are the chunks that follow it, up to
    the short last one. No stray chunks are left to be matched by later
    receives, so the ranks can go on communicating after the error.

    On any other error, a pending receive is cancelled and completed (so MPI
    never writes into the result buffer after the handler returned) and a
    pending send is cancelled and released.

    `sendtag` and `recvtag` are user tags; on the wire each becomes a tag
    with the message kind `kind` (see "message kinds" above). The first
    message is found by `find_message` (polling, so the send keeps
    progressing), all later chunks come with its exact source and tag. A
    message whose kind does not pair with `kind` is still received whole,
    and the disagreement is returned (PAIRING_*) after it.
    """
    cdef bint send_chunked = nsend >= schunk
    cdef bint recv_chunked = nrecv >= rchunk
    cdef int64_t send_messages = nsend // schunk + 1 if send_chunked else 1
    cdef int64_t sent = 0             # send messages posted so far
    cdef bint receiving = True
    cdef bint first = True
    cdef bint truncated = False
    cdef int64_t received = 0, n, room
    cdef MPI_Request reqs[2]          # [0]: the send in flight, [1]: the receive
    cdef MPI_Status st
    cdef MPI_Message msg
    cdef int ierr = MPI_SUCCESS
    cdef int index, count, flag, errclass
    cdef int paired = MPI_SUCCESS
    cdef int incoming = 0             # the kind of the message received
    cdef int reply = 0                # the reply to this call's differentiated send
    cdef int polls = 0
    reqs[0] = MPI_REQUEST_NULL
    reqs[1] = MPI_REQUEST_NULL
    result.MPI_SOURCE = source
    result.MPI_TAG = recvtag
    sendtag = sendtag * KIND_SPAN + kind
    while True:
        if reqs[0] == MPI_REQUEST_NULL and sent < send_messages:
            n = min(schunk, nsend - sent * schunk) if send_chunked else nsend
            ierr = MPI_Isend(sbuf + sent * schunk * ssize, <int>n, stype, dest, sendtag,
                             comm, &reqs[0])
            if ierr != MPI_SUCCESS:
                break
            sent += 1
        if reqs[1] == MPI_REQUEST_NULL and receiving and first and source != MPI_PROC_NULL:
            ierr = find_message(source, recvtag, kind, comm, &flag, &st)
            if ierr != MPI_SUCCESS:
                break
            if not flag:
                if reqs[0] != MPI_REQUEST_NULL:
                    ierr = MPI_Test(&reqs[0], &flag, MPI_STATUS_IGNORE)
                    if ierr != MPI_SUCCESS:
                        break
                polls = yield_now_and_then(polls)
                continue
            if is_reply(st.MPI_TAG):
                # the answer to this call's own send (source is its dest),
                # which arrived first: keep it, and go on waiting for data
                reply = st.MPI_TAG % KIND_SPAN
                ierr = MPI_Recv(NULL, 0, MPI_BYTE, st.MPI_SOURCE, st.MPI_TAG, comm,
                                MPI_STATUS_IGNORE)
                if ierr != MPI_SUCCESS:
                    break
                continue
            # from here on: this message's exact source and tag
            pin_envelope(&st, &first, &source, &recvtag, result)
            incoming = st.MPI_TAG % KIND_SPAN
            paired = pairing(incoming, kind)
        if reqs[1] == MPI_REQUEST_NULL and receiving:
            if truncated:
                room = 0
            elif recv_chunked:
                room = min(rchunk, nrecv - received)
            else:
                room = nrecv
            if room >= rchunk:
                # room for a whole chunk: no protocol message can truncate
                ierr = MPI_Irecv(rbuf + received * rsize, <int>room, rtype, source, recvtag,
                                 comm, &reqs[1])
                if ierr != MPI_SUCCESS:
                    break
            else:
                # the next message may not fit: look at it before receiving,
                # without blocking while a send is in flight
                if reqs[0] == MPI_REQUEST_NULL:
                    ierr = MPI_Mprobe(source, recvtag, comm, &msg, &st)
                    flag = 1
                else:
                    ierr = MPI_Improbe(source, recvtag, comm, &flag, &msg, &st)
                if ierr != MPI_SUCCESS:
                    break
                if not flag:
                    ierr = MPI_Test(&reqs[0], &flag, MPI_STATUS_IGNORE)
                    if ierr != MPI_SUCCESS:
                        break
                    polls = yield_now_and_then(polls)
                    continue
                ierr = MPI_Get_count(&st, rtype, &count)
                if ierr != MPI_SUCCESS:
                    break
                pin_envelope(&st, &first, &source, &recvtag, result)
                if count != MPI_UNDEFINED and count <= room:
                    ierr = MPI_Imrecv(rbuf + received * rsize, count, rtype, &msg, &reqs[1])
                    if ierr != MPI_SUCCESS:
                        break
                else:
                    # too long: consume it without storing anything
                    ierr = MPI_Mrecv(NULL, 0, rtype, &msg, MPI_STATUS_IGNORE)
                    if ierr != MPI_SUCCESS:
                        MPI_Error_class(ierr, &errclass)
                        if errclass != MPI_ERR_TRUNCATE:
                            break
                        ierr = MPI_SUCCESS
                    truncated = True
                    if count == MPI_UNDEFINED or count < rchunk:
                        receiving = False    # it was the last chunk
                    continue
        if reqs[0] == MPI_REQUEST_NULL and reqs[1] == MPI_REQUEST_NULL:
            break
        ierr = wait_for_either(reqs, &index, &st, &polls)
        if ierr != MPI_SUCCESS:
            break
        if index != 1:
            continue
        ierr = MPI_Get_count(&st, rtype, &count)
        if ierr != MPI_SUCCESS:
            break
        pin_envelope(&st, &first, &source, &recvtag, result)
        received += count
        if not recv_chunked or count < rchunk or source == MPI_PROC_NULL:
            receiving = False
    if ierr != MPI_SUCCESS:
        if reqs[1] != MPI_REQUEST_NULL:
            MPI_Cancel(&reqs[1])
            MPI_Wait(&reqs[1], MPI_STATUS_IGNORE)
        if reqs[0] != MPI_REQUEST_NULL:
            MPI_Cancel(&reqs[0])
            MPI_Request_free(&reqs[0])
        return ierr
    if not first:
        result.MPI_TAG = result.MPI_TAG // KIND_SPAN    # the user's tag
    cdef MPI_Request answer = MPI_REQUEST_NULL
    if not first and incoming & KIND_DIFFERENTIATED:
        # answer a differentiated message, without blocking: this call may
        # wait for its own answer next (from itself, when source is this
        # rank), and so may the sender
        ierr = MPI_Isend(NULL, 0, MPI_BYTE, source, (recvtag // KIND_SPAN) * KIND_SPAN +
                         (KIND_ACK if paired == MPI_SUCCESS else KIND_NOTICE), comm, &answer)
        if ierr != MPI_SUCCESS:
            return ierr
    if sent > 0 and dest != MPI_PROC_NULL and kind & KIND_DIFFERENTIATED and reply == 0:
        ierr = wait_for_reply(dest, sendtag // KIND_SPAN, comm, &reply, &polls)
    if answer != MPI_REQUEST_NULL:
        if ierr == MPI_SUCCESS:
            ierr = MPI_Wait(&answer, MPI_STATUS_IGNORE)
        else:
            MPI_Request_free(&answer)
    if ierr != MPI_SUCCESS:
        return ierr
    if reply == KIND_NOTICE and paired == MPI_SUCCESS:
        paired = PAIRING_NOTICE
    if paired != MPI_SUCCESS:
        return paired
    if truncated:
        return MPI_ERR_TRUNCATE
    nreceived[0] = received
    return MPI_Status_set_elements_x(result, rtype, <MPI_Count>received)




# --- point to point ---------------------------------------------------------

cdef int point_to_point(Call* c, XLA_FFI_Buffer* send, XLA_FFI_Buffer* recv,
                        XLA_FFI_Buffer* fill, int source, int dest) noexcept nogil:
    """Send `send` to `dest` and receive into `recv` from `source` with the
    chunk protocol (either may be NULL, with PROC_NULL as its peer). Where
    nothing arrives, `recv` keeps `fill`'s values (as MPI leaves such memory
    alone): when `fill` is dead XLA hands its memory to `recv` and there is
    nothing to copy; otherwise only that tail is copied."""
    cdef MPI_Datatype stype = MPI_BYTE, rtype = MPI_BYTE
    cdef int64_t ssize = 1, rsize = 1, nsend = 0, nrecv = 0
    if send != NULL:
        if not datatype(c, send, &stype, &ssize):
            return MPI_ERR_TYPE
        nsend = num_elements(send)
    if recv != NULL:
        if not datatype(c, recv, &rtype, &rsize):
            return MPI_ERR_TYPE
        nrecv = num_elements(recv)
    cdef MPI_Status local_status
    cdef MPI_Status* status = <MPI_Status*><uintptr_t>c.attr[ATTR_STATUS]
    if status == NULL:
        status = &local_status
    # Every size goes through the chunk protocol, also messages below one
    # chunk (one message each way). A plain MPI_Sendrecv shortcut for those
    # would receive only the first chunk of a longer, chunked message from a
    # peer (MPI_ERR_TRUNCATE) and leave the rest queued for later receives;
    # it was also not faster (2 ranks, MPICH 5.0.2, 8 bytes in a jitted
    # loop: 1.5 us per call with MPI_Sendrecv, 0.65 us without).
    cdef int64_t received = 0
    cdef int ierr = sendrecv_chunked(
        <char*>send.data if send != NULL else NULL, nsend, stype, ssize,
        chunk_elements(c, ssize), dest, <int>c.attr[ATTR_SENDTAG],
        <char*>recv.data if recv != NULL else NULL, nrecv, rtype, rsize,
        chunk_elements(c, rsize), source, <int>c.attr[ATTR_RECVTAG],
        c.comm, <int>c.attr[ATTR_KIND], status, &received)
    if ierr == PAIRING_NOTICE:     # the answer to what this rank sent
        return pairing_error(c, ierr, dest, <int>c.attr[ATTR_SENDTAG])
    if ierr < 0:
        return pairing_error(c, ierr, status.MPI_SOURCE, status.MPI_TAG)
    if ierr != MPI_SUCCESS:
        return ierr
    if recv != NULL and received < nrecv and recv.data != fill.data:
        copy_bytes(at(recv, received * rsize), at(fill, received * rsize),
                   (nrecv - received) * rsize)
    return MPI_SUCCESS


cdef int pairing_error(Call* c, int paired, int peer, int tag) noexcept nogil:
    """Explain on this rank why its message did not pair with its peer's."""
    cdef const char* what
    if paired == PAIRING_SENDER_DIFFERENTIATES:
        what = ("that rank differentiates the array it sent, but here the received "
                "array carries no derivative (its template is a constant, e.g. "
                "recv(jnp.zeros(n))), so this rank would not take part in the "
                "derivative messages. Make the template depend on the differentiated "
                "variables on this rank too (e.g. jnp.zeros(n) + 0 * w), or stop the "
                "gradient on the sender")
    elif paired == PAIRING_RECEIVER_DIFFERENTIATES:
        what = ("this rank differentiates the receive (its template or send buffer "
                "carries a derivative) but that rank's operation does not (its arrays "
                "are constants there), so it would not take part in the derivative "
                "messages. Make the data depend on the differentiated variables on "
                "both ranks, or stop the gradient on this one")
    elif paired == PAIRING_NOTICE:
        what = ("that rank received a differentiated message from this rank without "
                "differentiating it (its receive template is a constant), so the "
                "derivative messages cannot pair; that rank raised the same error "
                "with the details")
    else:
        what = ("a derivative message met an ordinary one: the ranks differentiate "
                "different parts of the program")
    snprintf(c.text, sizeof(c.text),
             "mpicoll: %s on rank %d with rank %d (tag %d): %s (docs/differentiation.md, "
             "'Receive-side templates').", c.where, c.rank, peer, tag, what)
    c.message = c.text
    return MPI_ERR_OTHER


# --- rooted sends: every rank learns whether the root differentiates ------
#
# bcast, scatter and scatterv have the same trap as a receive: off root,
# `x` is only a template, and JAX runs the derivative rule only where an
# input carries a derivative. If root differentiates while a receiver's
# template is a constant, root would go on to a derivative collective (the
# tangent broadcast, or under `grad` the transposed reduce/gather) that the
# receiver never makes. So root sends its state with the data: the `kind`
# attribute has KIND_DIFFERENTIATED set when the call runs inside its JVP
# rule. Small messages carry it as one extra byte after the data (copied
# through a scratch buffer, cheaper than a second message); larger ones send it
# in a 1-byte broadcast first (one extra latency, small beside the data).
# (scatterv decides from the largest block, which every rank knows.)
# PACKED_STATE_LIMIT is where the copies start to cost more than that
# latency.
# The data always moves (root cannot know that a receiver will raise).
# Then, when root differentiates, every rank knows it and all take part in
# one MPI_Allreduce counting the receivers that do not: if any, every rank
# raises. A receiver that differentiates its template while root does not
# raises alone. Either way every rank made the same MPI calls, so the
# communicator stays usable after the error.
cdef enum:
    PACKED_STATE_LIMIT = 2048     # bytes per receiver; see benchmarks/README.md


cdef inline bint packs_state(const Call* c, int64_t nbytes) noexcept nogil:
    """Whether root's state byte travels after `nbytes` of data per receiver:
    small host messages that one chunk holds (device memory is not copied
    on the host, and chunked messages keep their chunks exact)."""
    return (nbytes <= PACKED_STATE_LIMIT and nbytes < c.attr[ATTR_CHUNK_BYTES]
            and mpicoll_copy_stream == NULL)


cdef inline char root_state(const Call* c) noexcept nogil:
    return <char>(c.attr[ATTR_KIND] & KIND_DIFFERENTIATED)


cdef int delivered_with_state(Call* c, int ierr, const char* packed, int64_t nbytes,
                              void* scratch) noexcept nogil:
    """End of a packed rooted send that returned `ierr`: the `nbytes` before
    root's state byte are this rank's result; `scratch` is freed; then the
    ranks' states are checked."""
    cdef char state = packed[nbytes]
    if ierr == MPI_SUCCESS:
        memcpy(c.rets[0].data, packed, nbytes)
    free(scratch)
    return ierr if ierr != MPI_SUCCESS else templates_agree(c, state)


cdef int with_announced_state(Call* c, Body move) noexcept nogil:
    """A rooted send too large to pack: root's state in a 1-byte broadcast of
    its own, then `move` the data, then the ranks' states are checked."""
    cdef char state = root_state(c)
    cdef int ierr = MPI_Bcast(&state, 1, MPI_BYTE, <int>c.attr[ATTR_ROOT], c.comm)
    if ierr == MPI_SUCCESS:
        ierr = move(c)
    return ierr if ierr != MPI_SUCCESS else templates_agree(c, state)


cdef int templates_agree(Call* c, char root_differentiates) noexcept nogil:
    """Raise where root's and the receivers' differentiation disagree."""
    cdef int root = <int>c.attr[ATTR_ROOT]
    cdef int mine = root_state(c)
    cdef int constant = 0, constants = 0
    cdef int ierr
    if root_differentiates:
        constant = not mine
        ierr = MPI_Allreduce(&constant, &constants, 1, MPI_INT, MPI_SUM, c.comm)
        if ierr != MPI_SUCCESS or constants == 0:
            return ierr
        snprintf(c.text, sizeof(c.text),
                 "mpicoll: %s on rank %d: root (rank %d) differentiates the array it "
                 "sends, but on %d receiving rank(s)%s the template carries no "
                 "derivative (a constant, e.g. jnp.zeros(n)), so they would not take "
                 "part in the derivative collective that follows. Make the template "
                 "depend on the differentiated variables on every rank (e.g. "
                 "jnp.zeros(n) + 0 * w), or stop the gradient on root "
                 "(docs/differentiation.md, 'Receive-side templates').",
                 c.where, c.rank, root, constants, b", this one among them" if constant else b"")
    elif mine and c.rank != root:
        snprintf(c.text, sizeof(c.text),
                 "mpicoll: %s on rank %d: this rank's template carries a derivative, but "
                 "root's array (rank %d) is a constant there, so root would not take part "
                 "in the derivative collective that follows. Make root's array depend "
                 "on the differentiated variables too, or apply jax.lax.stop_gradient to "
                 "the template here (docs/differentiation.md, 'Receive-side templates').",
                 c.where, c.rank, root)
    else:
        return MPI_SUCCESS
    c.message = c.text
    return MPI_ERR_OTHER


cdef int sendrecv(Call* c) noexcept nogil:
    return point_to_point(c, c.args[0], c.rets[0], c.args[1],
                          <int>c.attr[ATTR_SOURCE], <int>c.attr[ATTR_DEST])


cdef int send(Call* c) noexcept nogil:
    return point_to_point(c, c.args[0], NULL, NULL, MPI_PROC_NULL, <int>c.attr[ATTR_DEST])


cdef int recv(Call* c) noexcept nogil:
    return point_to_point(c, NULL, c.rets[0], c.args[0], <int>c.attr[ATTR_SOURCE],
                          MPI_PROC_NULL)


cdef int barrier(Call* c) noexcept nogil:
    return MPI_Barrier(c.comm)


# --- derivatives agree: every rank differentiates a collective, or none ----
#
# JAX skips an operation's derivative rule on a rank where all its inputs
# have zero tangent (a constant there), so that rank would not make the
# derivative collective the others make (a hang, or a pairing with the
# wrong call). Under `jvp`, `grad` and their relatives, primitive.py puts
# this check before every collective that has no check of its own (rooted
# sends and point-to-point messages carry their state with the data): one
# 1-byte MPI_Allgather of whether this rank differentiates it. Where the
# ranks disagree every rank raises the same error, and every rank made the
# same MPI call, so the communicator stays usable.

cdef void rank_list(char* out, int room, const char* flags, int size, char want) noexcept nogil:
    """The ranks whose flag is `want`, as "0, 2, 5" (shortened past `room`)."""
    cdef int used = 0, r
    out[0] = 0
    for r in range(size):
        if flags[r] != want:
            continue
        if used > room - 24:
            snprintf(out + used, room - used, ", ...")
            return
        used += snprintf(out + used, room - used, "%s%d", b", " if used else b"", r)


cdef int derivatives_agree(Call* c) noexcept nogil:
    cdef char mine = <char>(c.attr[ATTR_KIND] != 0)
    cdef char* flags = <char*>malloc(c.size)
    cdef char name[48]
    cdef char yes[96]
    cdef char no[96]
    cdef int r, n, ierr
    cdef bint differ = False
    if flags == NULL:
        return MPI_ERR_NO_MEM
    ierr = MPI_Allgather(&mine, 1, MPI_BYTE, flags, 1, MPI_BYTE, c.comm)
    if ierr == MPI_SUCCESS:
        for r in range(c.size):
            differ = differ or flags[r] != mine
    if ierr != MPI_SUCCESS or not differ:
        free(flags)
        return ierr
    n = <int>c.array_len[ARRAY_NAME] if c.array_len[ARRAY_NAME] < 47 else 47
    for r in range(n):
        name[r] = <char>c.array[ARRAY_NAME][r]
    name[n] = 0
    rank_list(yes, sizeof(yes), flags, c.size, 1)
    rank_list(no, sizeof(no), flags, c.size, 0)
    free(flags)
    snprintf(c.text, sizeof(c.text),
             "mpicoll: %s on rank %d: differentiated on rank(s) %s but not on rank(s) %s, "
             "where its input is a constant (it does not depend on the differentiated "
             "variables, or stop_gradient was applied there), so those ranks would not "
             "take part in the derivative collective that follows. Make the input depend "
             "on the differentiated variables on every rank (e.g. x + 0 * w), or stop the "
             "gradient on every rank (docs/differentiation.md, 'Pitfalls').",
             name, c.rank, yes, no)
    c.message = c.text
    return MPI_ERR_OTHER


# ---------------------------------------------------------------------------
# 5. Registration: one XLA handler per operation, each the shared `run`
#    with its body, its number of operands and results, and its MPI name
# ---------------------------------------------------------------------------

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
    }
    return {f"mpicoll_{name}": capsule for name, capsule in table.items()}


def reduction_codes():
    """Reduction name -> code, as the handlers read them (checked against
    `mpicoll._src.validation` at import)."""
    return {"SUM": OP_SUM, "PROD": OP_PROD, "MIN": OP_MIN, "MAX": OP_MAX,
            "LAND": OP_LAND, "LOR": OP_LOR, "LXOR": OP_LXOR, "BAND": OP_BAND,
            "BOR": OP_BOR, "BXOR": OP_BXOR}


cdef extern from *:
    """
    #if defined(OPEN_MPI) && OPEN_MPI
    #define MPICOLL_MPI_VENDOR "Open MPI"
    #elif defined(I_MPI_VERSION)
    #define MPICOLL_MPI_VENDOR "Intel MPI"
    #elif defined(MSMPI_VER)
    #define MPICOLL_MPI_VENDOR "Microsoft MPI"
    #elif defined(MVAPICH2_VERSION) || defined(MVAPICH_VERSION)
    #define MPICOLL_MPI_VENDOR "MVAPICH"
    #elif defined(MPICH_NAME)
    #define MPICOLL_MPI_VENDOR "MPICH"
    #else
    #define MPICOLL_MPI_VENDOR "unknown"
    #endif
    """
    const char* MPICOLL_MPI_VENDOR


def built_with_vendor():
    """Name of the MPI implementation whose mpi.h this module was built with."""
    return MPICOLL_MPI_VENDOR.decode()


def library_version():
    """MPI_Get_library_version of the MPI library this module calls."""
    cdef char text[8192]
    cdef int length = 0
    MPI_Get_library_version(text, &length)
    return text[:length].decode(errors="replace")


cdef extern from "mpicoll_built_mpi.h":
    # written by setup.py from a probe program built with the same mpicc
    const char* MPICOLL_BUILT_MPI_LIBRARY
    const char* MPICOLL_BUILT_MPI_VERSION


def built_with_library():
    """(path, MPI_Get_library_version text) of the libmpi that programs built
    with this module's mpicc load, as setup.py found them; empty strings if
    it could not tell."""
    return (MPICOLL_BUILT_MPI_LIBRARY.decode(errors="replace"),
            MPICOLL_BUILT_MPI_VERSION.decode(errors="replace"))


# ---------------------------------------------------------------------------
# 6. The CUDA path: the same handlers on device memory (cuda.pxi)
# ---------------------------------------------------------------------------

include "cuda.pxi"
