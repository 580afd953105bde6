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

This layer knows MPI and XLA buffers and nothing about JAX tracing. The
Python side (`mpicoll._src.primitive`) decides the attributes; every
attribute is a 64-bit integer scalar.
"""

from cpython.pycapsule cimport PyCapsule_New
from libc.stdint cimport int64_t, uint16_t, uintptr_t
from libc.stdlib cimport malloc, free
from libc.string cimport memcmp, memcpy, strlen
from libc.stdio cimport snprintf
from libc.limits cimport INT_MAX

from mpi4py.libmpi cimport *
from mpicoll._src.xla_ffi cimport *


# ---------------------------------------------------------------------------
# 1. Errors
# ---------------------------------------------------------------------------

cdef XLA_FFI_Error* ffi_error(const XLA_FFI_Api* api, XLA_FFI_Error_Code code,
                              const char* message) noexcept nogil:
    cdef XLA_FFI_Error_Create_Args args
    args.struct_size = XLA_FFI_Error_Create_Args_STRUCT_SIZE
    args.extension_start = NULL
    args.message = message        # XLA copies the text
    args.errc = code
    return api.XLA_FFI_Error_Create(&args)


cdef XLA_FFI_Error* mpi_error(const XLA_FFI_Api* api, int ierr,
                              const char* where) noexcept nogil:
    cdef char text[4096]
    cdef char message[4400]
    cdef int length = 0
    text[0] = 0
    if MPI_Error_string(ierr, text, &length) != MPI_SUCCESS:
        snprintf(text, sizeof(text), "MPI error code %d", ierr)
    snprintf(message, sizeof(message), "mpicoll: %s failed: %s", where, text)
    return ffi_error(api, XLA_FFI_Error_Code_INTERNAL, message)


# ---------------------------------------------------------------------------
# 2. Call frames
# ---------------------------------------------------------------------------

cdef enum:
    MAX_BUFFERS = 4

# Attribute slots. The Python side sends a subset of these names; a missing
# attribute keeps the default set in `decode`.
cdef enum:
    ATTR_COMM
    ATTR_OP
    ATTR_SOURCE
    ATTR_DEST
    ATTR_SENDTAG
    ATTR_RECVTAG
    ATTR_CHUNK_BYTES
    ATTR_STATUS
    N_ATTRS

cdef const char* ATTR_NAMES[8]
ATTR_NAMES[:] = [b"comm", b"op", b"source", b"dest", b"sendtag", b"recvtag",
                 b"chunk_bytes", b"status"]

# Array attribute slots (int64 arrays, e.g. per-peer counts).
cdef enum:
    ARRAY_SENDCOUNTS
    ARRAY_RECVCOUNTS
    N_ARRAYS

cdef const char* ARRAY_NAMES[2]
ARRAY_NAMES[:] = [b"sendcounts", b"recvcounts"]

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


cdef int name_slot(const XLA_FFI_ByteSpan* name, const char** names, int n) noexcept nogil:
    cdef int i
    for i in range(n):
        if name.len == strlen(names[i]) and memcmp(name.ptr, names[i], name.len) == 0:
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


cdef XLA_FFI_Error* decode(XLA_FFI_CallFrame* frame, Call* call) noexcept nogil:
    """Fill `call` from XLA's call frame, or answer the metadata query.

    XLA first calls every handler with a metadata extension on the frame
    (to learn the FFI version the handler was built for); that call must not
    touch buffers or MPI.
    """
    cdef ChainedExtension* ext = frame.extension_start
    cdef XLA_FFI_Metadata_Extension* meta
    cdef XLA_FFI_Scalar* scalar
    cdef XLA_FFI_Array* array
    cdef int64_t i
    cdef int slot
    call.api = frame.api
    call.metadata_query = False
    if ext != NULL and ext.type == XLA_FFI_Extension_Metadata:
        meta = <XLA_FFI_Metadata_Extension*>ext
        meta.metadata.api_version.major_version = XLA_FFI_API_MAJOR
        meta.metadata.api_version.minor_version = XLA_FFI_API_MINOR
        meta.metadata.traits = 0
        call.metadata_query = True
        return NULL

    call.nargs = data_buffers(frame.args.args, frame.args.size, call.args)
    call.nrets = data_buffers(frame.rets.rets, frame.rets.size, call.rets)
    if call.nargs < 0 or call.nrets < 0:
        return ffi_error(call.api, XLA_FFI_Error_Code_INVALID_ARGUMENT,
                         b"mpicoll: too many operands or results")

    for i in range(N_ATTRS):
        call.attr[i] = 0
    for i in range(N_ARRAYS):
        call.array[i] = NULL
        call.array_len[i] = 0
    call.attr[ATTR_CHUNK_BYTES] = INT_MAX
    for i in range(frame.attrs.size):
        if frame.attrs.types[i] == XLA_FFI_AttrType_ARRAY:
            slot = name_slot(frame.attrs.names[i], ARRAY_NAMES, N_ARRAYS)
            if slot < 0:
                continue
            array = <XLA_FFI_Array*>frame.attrs.attrs[i]
            if array.dtype != XLA_FFI_DataType_S64:
                return ffi_error(call.api, XLA_FFI_Error_Code_INVALID_ARGUMENT,
                                 b"mpicoll: array attributes must hold int64")
            call.array[slot] = <const int64_t*>array.data
            call.array_len[slot] = <int64_t>array.size
            continue
        slot = name_slot(frame.attrs.names[i], ATTR_NAMES, N_ATTRS)
        if slot < 0:
            continue
        scalar = <XLA_FFI_Scalar*>frame.attrs.attrs[i]
        if frame.attrs.types[i] != XLA_FFI_AttrType_SCALAR or \
                scalar.dtype != XLA_FFI_DataType_S64:
            return ffi_error(call.api, XLA_FFI_Error_Code_INVALID_ARGUMENT,
                             b"mpicoll: attributes must be int64 scalars")
        call.attr[slot] = (<int64_t*>scalar.value)[0]
    if call.attr[ATTR_CHUNK_BYTES] <= 0:
        return ffi_error(call.api, XLA_FFI_Error_Code_INVALID_ARGUMENT,
                         b"mpicoll: chunk_bytes must be positive")
    call.comm = MPI_Comm_f2c(<MPI_Fint>call.attr[ATTR_COMM])
    return NULL


cdef int64_t num_elements(const XLA_FFI_Buffer* buf) noexcept nogil:
    cdef int64_t n = 1
    cdef int64_t i
    for i in range(buf.rank):
        n *= buf.dims[i]
    return n


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


cdef int64_t item_size(XLA_FFI_DataType dtype) noexcept nogil:
    if dtype == XLA_FFI_DataType_PRED or dtype == XLA_FFI_DataType_S8 or \
            dtype == XLA_FFI_DataType_U8:
        return 1
    if dtype == XLA_FFI_DataType_S16 or dtype == XLA_FFI_DataType_U16 or \
            dtype == XLA_FFI_DataType_F16 or dtype == XLA_FFI_DataType_BF16:
        return 2
    if dtype == XLA_FFI_DataType_S32 or dtype == XLA_FFI_DataType_U32 or \
            dtype == XLA_FFI_DataType_F32:
        return 4
    if dtype == XLA_FFI_DataType_C128:
        return 16
    return 8


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
# Chunking: `chunk_bytes` (from the Python setting, read at trace time) caps
# the bytes of every single MPI message; counts stay <= INT_MAX. Results are
# bitwise those of one unchunked call because chunks cover disjoint element
# ranges and every rank splits the same way.
# ---------------------------------------------------------------------------

cdef inline int64_t chunk_elements(const Call* call, int64_t itemsize) noexcept nogil:
    cdef int64_t n = call.attr[ATTR_CHUNK_BYTES] // itemsize
    if n > INT_MAX:
        n = INT_MAX
    return n if n > 0 else 1


cdef XLA_FFI_Error* unsupported_dtype(const Call* call) noexcept nogil:
    return ffi_error(call.api, XLA_FFI_Error_Code_UNIMPLEMENTED,
                     b"mpicoll: unsupported element type")


cdef XLA_FFI_Error* allreduce(XLA_FFI_CallFrame* frame) noexcept nogil:
    cdef Call call
    cdef XLA_FFI_Error* err = decode(frame, &call)
    if err != NULL or call.metadata_query:
        return err
    cdef XLA_FFI_Buffer* x = call.args[0]
    cdef XLA_FFI_Buffer* y = call.rets[0]
    cdef MPI_Datatype dtype = mpi_datatype(x.dtype)
    cdef MPI_Op op = mpi_op(call.attr[ATTR_OP], x.dtype)
    if dtype == MPI_DATATYPE_NULL or op == MPI_OP_NULL:
        return unsupported_dtype(&call)
    cdef int64_t itemsize = item_size(x.dtype)
    cdef int64_t total = num_elements(x)
    cdef int64_t step = chunk_elements(&call, itemsize)
    cdef int64_t start = 0, count
    cdef char* src = <char*>x.data
    cdef char* dst = <char*>y.data
    cdef bint in_place = src == dst      # XLA gave us the dead input's memory
    cdef int ierr
    while start < total:
        count = min(step, total - start)
        ierr = MPI_Allreduce(MPI_IN_PLACE if in_place else <void*>(src + start * itemsize),
                             dst + start * itemsize, <int>count, dtype, op, call.comm)
        if ierr != MPI_SUCCESS:
            return mpi_error(call.api, ierr, b"MPI_Allreduce")
        start += count
    return NULL


cdef XLA_FFI_Error* alltoall(XLA_FFI_CallFrame* frame) noexcept nogil:
    cdef Call call
    cdef XLA_FFI_Error* err = decode(frame, &call)
    if err != NULL or call.metadata_query:
        return err
    cdef XLA_FFI_Buffer* x = call.args[0]
    cdef XLA_FFI_Buffer* y = call.rets[0]
    cdef MPI_Datatype dtype = mpi_datatype(x.dtype)
    if dtype == MPI_DATATYPE_NULL:
        return unsupported_dtype(&call)
    cdef int size
    cdef int ierr = MPI_Comm_size(call.comm, &size)
    if ierr != MPI_SUCCESS:
        return mpi_error(call.api, ierr, b"MPI_Comm_size")
    cdef int64_t itemsize = item_size(x.dtype)
    cdef int64_t block = num_elements(x) // size     # elements per peer
    cdef int64_t step = chunk_elements(&call, itemsize)
    cdef char* src = <char*>x.data
    cdef char* dst = <char*>y.data
    cdef int64_t start = 0, count
    cdef MPI_Datatype piece, strided
    if block == 0:
        return NULL
    if block <= step:
        ierr = MPI_Alltoall(src, <int>block, dtype, dst, <int>block, dtype, call.comm)
        if ierr != MPI_SUCCESS:
            return mpi_error(call.api, ierr, b"MPI_Alltoall")
        return NULL
    # Each round moves the same slice [start, start+count) of every peer's
    # block: a datatype of `count` elements whose extent is one whole block,
    # so peer i's slice sits at i * block (64-bit MPI_Aint arithmetic).
    while start < block:
        count = min(step, block - start)
        ierr = MPI_Type_contiguous(<int>count, dtype, &piece)
        if ierr == MPI_SUCCESS:
            ierr = MPI_Type_create_resized(piece, 0, <MPI_Aint>(block * itemsize), &strided)
            MPI_Type_free(&piece)
        if ierr == MPI_SUCCESS:
            ierr = MPI_Type_commit(&strided)
            if ierr == MPI_SUCCESS:
                ierr = MPI_Alltoall(src + start * itemsize, 1, strided,
                                    dst + start * itemsize, 1, strided, call.comm)
            MPI_Type_free(&strided)
        if ierr != MPI_SUCCESS:
            return mpi_error(call.api, ierr, b"MPI_Alltoall")
        start += count
    return NULL


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


cdef XLA_FFI_Error* alltoallv(XLA_FFI_CallFrame* frame) noexcept nogil:
    cdef Call call
    cdef XLA_FFI_Error* err = decode(frame, &call)
    if err != NULL or call.metadata_query:
        return err
    cdef XLA_FFI_Buffer* x = call.args[0]
    cdef XLA_FFI_Buffer* y = call.rets[0]
    cdef const int64_t* sendcounts = call.array[ARRAY_SENDCOUNTS]
    cdef const int64_t* recvcounts = call.array[ARRAY_RECVCOUNTS]
    cdef int size, i
    cdef int ierr = MPI_Comm_size(call.comm, &size)
    if ierr != MPI_SUCCESS:
        return mpi_error(call.api, ierr, b"MPI_Comm_size")
    if sendcounts == NULL or recvcounts == NULL or \
            call.array_len[ARRAY_SENDCOUNTS] != size or call.array_len[ARRAY_RECVCOUNTS] != size:
        return ffi_error(call.api, XLA_FFI_Error_Code_INVALID_ARGUMENT,
                         b"mpicoll: alltoallv needs one send and one receive count per rank")
    # Counts are in rows (slices along axis 0); MPI moves bytes.
    cdef int64_t row = item_size(x.dtype)
    for i in range(1, x.rank):
        row *= x.dims[i]
    cdef int64_t* table = <int64_t*>malloc(4 * size * sizeof(int64_t))
    if table == NULL:
        return mpi_error(call.api, MPI_ERR_NO_MEM, b"MPI_Alltoallv")
    cdef int64_t* sbytes = table
    cdef int64_t* sdispl = table + size
    cdef int64_t* rbytes = table + 2 * size
    cdef int64_t* rdispl = table + 3 * size
    cdef int64_t soff = 0, roff = 0, largest = 0
    for i in range(size):
        sbytes[i] = sendcounts[i] * row
        rbytes[i] = recvcounts[i] * row
        sdispl[i] = soff
        rdispl[i] = roff
        soff += sbytes[i]
        roff += rbytes[i]
        largest = max(largest, max(sbytes[i], rbytes[i]))
    cdef int64_t chunk = call.attr[ATTR_CHUNK_BYTES]
    if chunk > INT_MAX:
        chunk = INT_MAX
    cdef int* counts
    if largest <= chunk and soff <= INT_MAX and roff <= INT_MAX:
        counts = <int*>malloc(4 * size * sizeof(int))
        if counts == NULL:
            ierr = MPI_ERR_NO_MEM
        else:
            for i in range(size):
                counts[i] = <int>sbytes[i]
                counts[size + i] = <int>sdispl[i]
                counts[2 * size + i] = <int>rbytes[i]
                counts[3 * size + i] = <int>rdispl[i]
            ierr = MPI_Alltoallv(x.data, counts, counts + size, MPI_BYTE,
                                 y.data, counts + 2 * size, counts + 3 * size, MPI_BYTE,
                                 call.comm)
            free(counts)
    else:
        ierr = alltoallv_rounds(<char*>x.data, sbytes, sdispl, <char*>y.data, rbytes, rdispl,
                                size, chunk, call.comm)
    free(table)
    if ierr != MPI_SUCCESS:
        return mpi_error(call.api, ierr, b"MPI_Alltoallv")
    return NULL


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
                          MPI_Comm comm, MPI_Status* result,
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
    reqs[0] = MPI_REQUEST_NULL
    reqs[1] = MPI_REQUEST_NULL
    result.MPI_SOURCE = source
    result.MPI_TAG = recvtag
    while True:
        if reqs[0] == MPI_REQUEST_NULL and sent < send_messages:
            n = min(schunk, nsend - sent * schunk) if send_chunked else nsend
            ierr = MPI_Isend(sbuf + sent * schunk * ssize, <int>n, stype, dest, sendtag,
                             comm, &reqs[0])
            if ierr != MPI_SUCCESS:
                break
            sent += 1
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
        ierr = MPI_Waitany(2, reqs, &index, &st)
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
    if truncated:
        return MPI_ERR_TRUNCATE
    nreceived[0] = received
    return MPI_Status_set_elements_x(result, rtype, <MPI_Count>received)


cdef XLA_FFI_Error* sendrecv(XLA_FFI_CallFrame* frame) noexcept nogil:
    cdef Call call
    cdef XLA_FFI_Error* err = decode(frame, &call)
    if err != NULL or call.metadata_query:
        return err
    cdef XLA_FFI_Buffer* x = call.args[0]
    cdef XLA_FFI_Buffer* recvbuf = call.args[1]
    cdef XLA_FFI_Buffer* y = call.rets[0]
    cdef MPI_Datatype stype = mpi_datatype(x.dtype)
    cdef MPI_Datatype rtype = mpi_datatype(y.dtype)
    if stype == MPI_DATATYPE_NULL or rtype == MPI_DATATYPE_NULL:
        return unsupported_dtype(&call)
    cdef int64_t ssize = item_size(x.dtype), rsize = item_size(y.dtype)
    cdef int64_t nsend = num_elements(x), nrecv = num_elements(y)
    cdef int64_t schunk = chunk_elements(&call, ssize)
    cdef int64_t rchunk = chunk_elements(&call, rsize)
    cdef MPI_Status local_status
    cdef MPI_Status* status = <MPI_Status*><uintptr_t>call.attr[ATTR_STATUS]
    if status == NULL:
        status = &local_status
    # Every size goes through the chunk protocol, also messages below one
    # chunk (one message each way). A plain MPI_Sendrecv shortcut for those
    # would receive only the first chunk of a longer, chunked message from a
    # peer (MPI_ERR_TRUNCATE) and leave the rest queued for later receives;
    # it was also not faster (2 ranks, MPICH 5.0.2, 8 bytes in a jitted
    # loop: 1.5 us per call with MPI_Sendrecv, 0.65 us without).
    cdef int64_t received = 0
    cdef int ierr = sendrecv_chunked(<char*>x.data, nsend, stype, ssize, schunk,
                                     <int>call.attr[ATTR_DEST], <int>call.attr[ATTR_SENDTAG],
                                     <char*>y.data, nrecv, rtype, rsize, rchunk,
                                     <int>call.attr[ATTR_SOURCE], <int>call.attr[ATTR_RECVTAG],
                                     call.comm, status, &received)
    if ierr != MPI_SUCCESS:
        return mpi_error(call.api, ierr, b"MPI_Sendrecv")
    # The result holds recvbuf's values where nothing arrived (PROC_NULL, a
    # short message), as MPI leaves such memory alone. When recvbuf is dead
    # XLA hands us its memory as the result and there is nothing to copy;
    # otherwise only that tail is copied (aliasing a live recvbuf would make
    # XLA copy all of it first, e.g. for sendrecv(x, x)).
    if received < nrecv and y.data != recvbuf.data:
        memcpy(<char*>y.data + received * rsize, <char*>recvbuf.data + received * rsize,
               (nrecv - received) * rsize)
    return NULL


# ---------------------------------------------------------------------------
# 5. Registration
# ---------------------------------------------------------------------------

def handlers():
    """Map of FFI target name -> PyCapsule of the handler."""
    return {
        "mpicoll_allreduce": PyCapsule_New(<void*>allreduce, NULL, NULL),
        "mpicoll_alltoall": PyCapsule_New(<void*>alltoall, NULL, NULL),
        "mpicoll_alltoallv": PyCapsule_New(<void*>alltoallv, NULL, NULL),
        "mpicoll_sendrecv": PyCapsule_New(<void*>sendrecv, NULL, NULL),
    }


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
