# Datatypes and reduction operations (included by _ffi.pyx).
#
# XLA element type -> MPI datatype, reduction code -> MPI_Op (the codes are
# shared with Python), the float16/bfloat16 reductions MPI lacks, and the
# two helpers a body calls to get them for a buffer (`datatype`,
# `reduction`), which set the call's message when there is none.


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
