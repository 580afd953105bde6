# Datatypes and reduction operations (included by _ffi.pyx).
#
# XLA element type -> MPI datatype, reduction code -> MPI_Op (the codes are
# shared with Python), the float16/bfloat16 reductions MPI lacks and the
# order-independent floating-point MIN and MAX, and the
# two helpers a body calls to get them for a buffer (`datatype`,
# `reduction`), which set the call's message when there is none.


cdef MPI_Datatype mpi_datatype(XLA_FFI_DataType dtype) noexcept nogil:
    # float16 and bfloat16 travel as 16-bit words (moving bits is exact);
    # reductions on them use the operations made in `make_float_ops`.
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
    /* Reductions MPI lacks or gets wrong for our purpose.

       float16 and bfloat16 have no MPI type. Each pair of 16-bit inputs is
       widened to double, where sum and product of two such values are
       exact, so the result is rounded once, as numpy rounds.

       MIN and MAX of every floating type: C's `x > y ? x : y`, which is what
       MPI's own MPI_MAX computes, gives an answer that depends on the order
       of the operands when one is a NaN or the two are 0.0 and -0.0, and MPI
       combines the ranks' values in a different order on different ranks, so
       ranks could get different results (a NaN on some, a number on others)
       and branch differently. These are symmetric in their operands: a NaN
       anywhere gives the one quiet NaN (as jnp.max gives NaN), MAX of 0.0 and
       -0.0 is 0.0 and MIN is -0.0; so every rank gets the same bits whatever
       order MPI reduces in. */
    #include <string.h>
    #include <stdint.h>
    #include <math.h>
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
    static inline double mpicoll_max(double x, double y) {
        if (x != x || y != y) return NAN;
        if (x == y) return signbit(x) ? y : x;
        return x > y ? x : y; }
    static inline double mpicoll_min(double x, double y) {
        if (x != x || y != y) return NAN;
        if (x == y) return signbit(x) ? x : y;
        return x < y ? x : y; }
    #define MPICOLL_FLOAT_OP(NAME, SIZE, GET, PUT, EXPR)                  \\
    static void NAME(void* in, void* inout, int* len, MPI_Datatype* t) {  \\
        char* a = (char*)in; char* b = (char*)inout; int i;               \\
        for (i = 0; i < *len; i++) {                                      \\
            double x = GET(a + SIZE * i), y = GET(b + SIZE * i);          \\
            PUT(b + SIZE * i, (EXPR)); } }
    MPICOLL_FLOAT_OP(mpicoll_f16_sum, 2, mpicoll_f16_get, mpicoll_f16_put, x + y)
    MPICOLL_FLOAT_OP(mpicoll_f16_prod, 2, mpicoll_f16_get, mpicoll_f16_put, x * y)
    MPICOLL_FLOAT_OP(mpicoll_f16_min, 2, mpicoll_f16_get, mpicoll_f16_put, mpicoll_min(x, y))
    MPICOLL_FLOAT_OP(mpicoll_f16_max, 2, mpicoll_f16_get, mpicoll_f16_put, mpicoll_max(x, y))
    MPICOLL_FLOAT_OP(mpicoll_bf16_sum, 2, mpicoll_bf16_get, mpicoll_bf16_put, x + y)
    MPICOLL_FLOAT_OP(mpicoll_bf16_prod, 2, mpicoll_bf16_get, mpicoll_bf16_put, x * y)
    MPICOLL_FLOAT_OP(mpicoll_bf16_min, 2, mpicoll_bf16_get, mpicoll_bf16_put, mpicoll_min(x, y))
    MPICOLL_FLOAT_OP(mpicoll_bf16_max, 2, mpicoll_bf16_get, mpicoll_bf16_put, mpicoll_max(x, y))
    /* float32/float64: the same rule on the bits, written without
       branches so that the compiler vectorises it (float32 with SSE2): of
       equal operands (0.0 and -0.0 included) MAX keeps the AND of the two
       bit patterns (0.0), MIN the OR (-0.0). */
    #if defined(__GNUC__) && !defined(__clang__)
    #define MPICOLL_VECTORISE __attribute__((optimize("O3")))
    #else
    #define MPICOLL_VECTORISE
    #endif
    #define MPICOLL_MINMAX(NAME, T, U, NAN_BITS, PICK, TIE)                   \
    static MPICOLL_VECTORISE void NAME(void* in, void* inout, int* len,     \
                                       MPI_Datatype* t) {                  \
        const T* restrict a = (const T*)in; T* restrict b = (T*)inout;      \
        int i, n = *len;                                                    \
        for (i = 0; i < n; i++) {                                           \
            T x = a[i], y = b[i], m = (PICK); U ux, uy, um;                 \
            memcpy(&ux, &x, sizeof(T)); memcpy(&uy, &y, sizeof(T));         \
            memcpy(&um, &m, sizeof(T));                                     \
            um = x == y ? (ux TIE uy) : um;                                 \
            um = (x != x || y != y) ? (U)(NAN_BITS) : um;                   \
            memcpy(b + i, &um, sizeof(T)); } }
    MPICOLL_MINMAX(mpicoll_f32_min, float, uint32_t, 0x7fc00000u, x < y ? x : y, |)
    MPICOLL_MINMAX(mpicoll_f32_max, float, uint32_t, 0x7fc00000u, x > y ? x : y, &)
    MPICOLL_MINMAX(mpicoll_f64_min, double, uint64_t, 0x7ff8000000000000ull, x < y ? x : y, |)
    MPICOLL_MINMAX(mpicoll_f64_max, double, uint64_t, 0x7ff8000000000000ull, x > y ? x : y, &)
    """
    void mpicoll_f16_sum(void*, void*, int*, MPI_Datatype*)
    void mpicoll_f16_prod(void*, void*, int*, MPI_Datatype*)
    void mpicoll_f16_min(void*, void*, int*, MPI_Datatype*)
    void mpicoll_f16_max(void*, void*, int*, MPI_Datatype*)
    void mpicoll_bf16_sum(void*, void*, int*, MPI_Datatype*)
    void mpicoll_bf16_prod(void*, void*, int*, MPI_Datatype*)
    void mpicoll_bf16_min(void*, void*, int*, MPI_Datatype*)
    void mpicoll_bf16_max(void*, void*, int*, MPI_Datatype*)
    void mpicoll_f32_min(void*, void*, int*, MPI_Datatype*)
    void mpicoll_f32_max(void*, void*, int*, MPI_Datatype*)
    void mpicoll_f64_min(void*, void*, int*, MPI_Datatype*)
    void mpicoll_f64_max(void*, void*, int*, MPI_Datatype*)

# [0] float16, [1] bfloat16: SUM, PROD, MIN, MAX; [2] float32, [3] float64:
# MIN, MAX in slots 2 and 3 (SUM and PROD are MPI's own). Made once at import.
cdef MPI_Op float_ops[4][4]


def make_float_ops():
    """Create the floating-point reductions above (local, not collective)."""
    cdef MPI_User_function* fns[4][4]
    fns[0][:] = [<MPI_User_function*>mpicoll_f16_sum, <MPI_User_function*>mpicoll_f16_prod,
                 <MPI_User_function*>mpicoll_f16_min, <MPI_User_function*>mpicoll_f16_max]
    fns[1][:] = [<MPI_User_function*>mpicoll_bf16_sum, <MPI_User_function*>mpicoll_bf16_prod,
                 <MPI_User_function*>mpicoll_bf16_min, <MPI_User_function*>mpicoll_bf16_max]
    fns[2][:] = [NULL, NULL,
                 <MPI_User_function*>mpicoll_f32_min, <MPI_User_function*>mpicoll_f32_max]
    fns[3][:] = [NULL, NULL,
                 <MPI_User_function*>mpicoll_f64_min, <MPI_User_function*>mpicoll_f64_max]
    cdef int i, j
    for i in range(4):
        for j in range(4):
            float_ops[i][j] = MPI_OP_NULL
            if fns[i][j] != NULL and MPI_Op_create(fns[i][j], 1, &float_ops[i][j]) != MPI_SUCCESS:
                raise RuntimeError("mpicoll: MPI_Op_create failed")


cdef inline bint own_float_op(int64_t code, XLA_FFI_DataType dtype) noexcept nogil:
    """Whether the reduction `code` on `dtype` is one of `make_float_ops`'
    user operations, which read their buffers on the host (cuda.pxi)."""
    if dtype == XLA_FFI_DataType_F16 or dtype == XLA_FFI_DataType_BF16:
        return OP_SUM <= code <= OP_MAX
    if dtype == XLA_FFI_DataType_F32 or dtype == XLA_FFI_DataType_F64:
        return code == OP_MIN or code == OP_MAX
    return False


cdef MPI_Op mpi_op(int64_t code, XLA_FFI_DataType dtype) noexcept nogil:
    if own_float_op(code, dtype):
        return float_ops[0 if dtype == XLA_FFI_DataType_F16 else
                         1 if dtype == XLA_FFI_DataType_BF16 else
                         2 if dtype == XLA_FFI_DataType_F32 else 3][code]
    if dtype == XLA_FFI_DataType_F16 or dtype == XLA_FFI_DataType_BF16:
        return MPI_OP_NULL
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
