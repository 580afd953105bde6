# Declarations from XLA's plain C FFI header, `xla/ffi/api/c_api.h`, which
# jaxlib ships (`jax.ffi.include_dir()`). Only what the handlers use.

from libc.stdint cimport int64_t, uint32_t, uintptr_t
from libc.string cimport memcmp, strlen

# --- Compatibility across header versions: the one place that knows them ---
#
# The header's own version macros pick the names. What changed between the
# versions jaxlib has shipped, for what this module uses:
#   API 0.3 (jaxlib 0.10):   `XLA_FFI_Extension_Base` {struct_size, type, next}
#   API 0.4+ (jaxlib 0.11+): the same struct renamed `XLA_FFI_InternalExtension`
#     (the name `XLA_FFI_Extension` now means a different, id-based struct for
#     backend extensions, which handlers find through the invoke context).
# The call frame's metadata query still arrives as a chained
# `XLA_FFI_Metadata_Extension` of type `XLA_FFI_Extension_Metadata` in every
# version, so one decoder answers it everywhere; the handler reports the
# header's API version, which is the one it was compiled against.
cdef extern from *:
    """
    #include "xla/ffi/api/c_api.h"
    #if XLA_FFI_API_MAJOR == 0 && XLA_FFI_API_MINOR < 4
    typedef XLA_FFI_Extension_Base mpicoll_ffi_chained_extension;
    #else
    typedef XLA_FFI_InternalExtension mpicoll_ffi_chained_extension;
    #endif
    """

cdef extern from "xla/ffi/api/c_api.h" nogil:
    enum: XLA_FFI_Extension_Metadata

    # `XLA_FFI_Extension_Base` (API <= 0.3) / `XLA_FFI_InternalExtension` (API >= 0.4)
    ctypedef struct ChainedExtension "mpicoll_ffi_chained_extension":
        size_t struct_size
        int type
        ChainedExtension* next

    enum: XLA_FFI_API_MAJOR
    enum: XLA_FFI_API_MINOR

    ctypedef struct XLA_FFI_Api_Version:
        size_t struct_size
        ChainedExtension* extension_start
        int major_version
        int minor_version

    ctypedef struct XLA_FFI_Error

    ctypedef enum XLA_FFI_Error_Code:
        XLA_FFI_Error_Code_INVALID_ARGUMENT
        XLA_FFI_Error_Code_INTERNAL
        XLA_FFI_Error_Code_UNIMPLEMENTED

    ctypedef struct XLA_FFI_Error_Create_Args:
        size_t struct_size
        ChainedExtension* extension_start
        const char* message
        XLA_FFI_Error_Code errc
    enum: XLA_FFI_Error_Create_Args_STRUCT_SIZE

    ctypedef enum XLA_FFI_DataType:
        XLA_FFI_DataType_PRED
        XLA_FFI_DataType_S8
        XLA_FFI_DataType_S16
        XLA_FFI_DataType_S32
        XLA_FFI_DataType_S64
        XLA_FFI_DataType_U8
        XLA_FFI_DataType_U16
        XLA_FFI_DataType_U32
        XLA_FFI_DataType_U64
        XLA_FFI_DataType_F16
        XLA_FFI_DataType_F32
        XLA_FFI_DataType_F64
        XLA_FFI_DataType_BF16
        XLA_FFI_DataType_C64
        XLA_FFI_DataType_C128
        XLA_FFI_DataType_TOKEN

    ctypedef struct XLA_FFI_Buffer:
        size_t struct_size
        ChainedExtension* extension_start
        XLA_FFI_DataType dtype
        void* data
        int64_t rank
        int64_t* dims

    ctypedef enum XLA_FFI_ArgType:
        XLA_FFI_ArgType_BUFFER

    ctypedef enum XLA_FFI_RetType:
        XLA_FFI_RetType_BUFFER

    ctypedef enum XLA_FFI_AttrType:
        XLA_FFI_AttrType_ARRAY
        XLA_FFI_AttrType_SCALAR

    ctypedef struct XLA_FFI_ByteSpan:
        const char* ptr
        size_t len

    ctypedef struct XLA_FFI_Array:
        XLA_FFI_DataType dtype
        size_t size
        void* data

    ctypedef struct XLA_FFI_Scalar:
        XLA_FFI_DataType dtype
        void* value

    ctypedef struct XLA_FFI_Args:
        int64_t size
        XLA_FFI_ArgType* types
        void** args

    ctypedef struct XLA_FFI_Rets:
        int64_t size
        XLA_FFI_RetType* types
        void** rets

    ctypedef struct XLA_FFI_Attrs:
        int64_t size
        XLA_FFI_AttrType* types
        XLA_FFI_ByteSpan** names
        void** attrs

    ctypedef XLA_FFI_Error* XLA_FFI_Error_Create_Fn "XLA_FFI_Error_Create"(XLA_FFI_Error_Create_Args*) noexcept nogil

    # The GPU stream a handler runs on (CUDA: a CUstream). `ctx` is the call
    # frame's execution context, `XLA_FFI_ExecutionContext*` up to API 0.4
    # and `XLA_FFI_InvokeContext*` from 0.5; it is only passed through, so
    # it is declared as a plain pointer here.
    ctypedef struct XLA_FFI_Stream_Get_Args:
        size_t struct_size
        ChainedExtension* extension_start
        void* ctx
        void* stream
    enum: XLA_FFI_Stream_Get_Args_STRUCT_SIZE

    ctypedef XLA_FFI_Error* XLA_FFI_Stream_Get_Fn "XLA_FFI_Stream_Get"(XLA_FFI_Stream_Get_Args*) noexcept nogil

    # The device a handler runs for: on CPU XLA's global device id (the
    # device's `id` in a process without jax.distributed), on GPU the local
    # ordinal. Older jaxlibs' API structs end before this entry: check with
    # `has_device_ordinal` first.
    ctypedef struct XLA_FFI_DeviceOrdinal_Get_Args:
        size_t struct_size
        ChainedExtension* extension_start
        void* ctx
        int device_ordinal
    enum: XLA_FFI_DeviceOrdinal_Get_Args_STRUCT_SIZE

    ctypedef XLA_FFI_Error* XLA_FFI_DeviceOrdinal_Get_Fn "XLA_FFI_DeviceOrdinal_Get"(XLA_FFI_DeviceOrdinal_Get_Args*) noexcept nogil

    ctypedef struct XLA_FFI_Api:
        size_t struct_size
        XLA_FFI_Error_Create_Fn* XLA_FFI_Error_Create
        XLA_FFI_Stream_Get_Fn* XLA_FFI_Stream_Get
        XLA_FFI_DeviceOrdinal_Get_Fn* XLA_FFI_DeviceOrdinal_Get

    ctypedef struct XLA_FFI_CallFrame:
        size_t struct_size
        ChainedExtension* extension_start
        const XLA_FFI_Api* api
        void* ctx
        XLA_FFI_Args args
        XLA_FFI_Rets rets
        XLA_FFI_Attrs attrs

    ctypedef uint32_t XLA_FFI_Handler_Traits

    ctypedef struct XLA_FFI_Metadata:
        size_t struct_size
        XLA_FFI_Api_Version api_version
        XLA_FFI_Handler_Traits traits

    ctypedef struct XLA_FFI_Metadata_Extension:
        ChainedExtension extension_base
        XLA_FFI_Metadata* metadata

    ctypedef XLA_FFI_Error* XLA_FFI_Handler(XLA_FFI_CallFrame*)


cdef extern from *:
    """
    #include <stddef.h>
    static inline int mpicoll_has_device_ordinal(const XLA_FFI_Api* api) {
        return api->struct_size >= offsetof(XLA_FFI_Api, XLA_FFI_DeviceOrdinal_Get)
                                   + sizeof(api->XLA_FFI_DeviceOrdinal_Get);
    }
    """
    bint has_device_ordinal "mpicoll_has_device_ordinal"(const XLA_FFI_Api* api) noexcept nogil


# --- Shared by every handler module ---------------------------------------

cdef inline bint answer_metadata_query(XLA_FFI_CallFrame* frame) noexcept nogil:
    """XLA first calls every handler with a metadata extension on the frame,
    to learn the FFI version it was built for; that call must not touch
    buffers. True when this was that query (now answered)."""
    cdef ChainedExtension* ext = frame.extension_start
    cdef XLA_FFI_Metadata_Extension* meta
    if ext == NULL or ext.type != XLA_FFI_Extension_Metadata:
        return False
    meta = <XLA_FFI_Metadata_Extension*>ext
    meta.metadata.api_version.major_version = XLA_FFI_API_MAJOR
    meta.metadata.api_version.minor_version = XLA_FFI_API_MINOR
    meta.metadata.traits = 0
    return True


cdef inline XLA_FFI_Error* ffi_error(const XLA_FFI_Api* api, XLA_FFI_Error_Code code,
                                     const char* message) noexcept nogil:
    """An XLA error with `message` (XLA copies the text)."""
    cdef XLA_FFI_Error_Create_Args args
    args.struct_size = XLA_FFI_Error_Create_Args_STRUCT_SIZE
    args.extension_start = NULL
    args.message = message
    args.errc = code
    return api.XLA_FFI_Error_Create(&args)


cdef inline int64_t num_elements(const XLA_FFI_Buffer* buf) noexcept nogil:
    cdef int64_t n = 1
    cdef int64_t i
    for i in range(buf.rank):
        n *= buf.dims[i]
    return n


cdef inline int64_t item_size(XLA_FFI_DataType dtype) noexcept nogil:
    """Bytes per element (8 for an element type not listed: the handlers
    reject those before reading any buffer)."""
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


cdef inline int64_t data_bytes(const XLA_FFI_Buffer* buf) noexcept nogil:
    return num_elements(buf) * item_size(buf.dtype)


cdef inline bint attribute_named(const XLA_FFI_ByteSpan* name, const char* text) noexcept nogil:
    """Whether an attribute's name (not NUL-terminated) is `text`."""
    return name.len == strlen(text) and memcmp(name.ptr, text, name.len) == 0


# --- Fresh result memory: transparent huge pages ---------------------------
#
# XLA gives every result new memory; glibc maps large blocks fresh from the
# kernel, whose first write to each 4 KiB page faults and zeroes it (about
# 1.3 us per page on the machines measured, 21 ms per 64 MiB), and MPI's
# copies through 4 KiB pages miss the TLB more. Asking the kernel for
# transparent huge pages on the buffer before anything is written makes
# that one fault per 2 MiB, as NumPy does for its own arrays of 4 MiB and
# more (measurements: benchmarks/README.md, "Huge pages"). The advice
# covers this buffer's whole 2 MiB blocks only: no process-wide setting, no
# effect on memory that was written before (a reused block keeps its
# pages) or where the kernel has transparent huge pages switched off.

cdef extern from "<sys/mman.h>" nogil:
    int madvise(void* addr, size_t length, int advice)
    enum: MADV_HUGEPAGE

cdef enum:
    HUGE_PAGE = 2 * 1024 * 1024
    HUGE_ADVICE_MIN_BYTES = 4 * 1024 * 1024   # as NumPy


cdef inline void advise_huge_pages(void* data, int64_t nbytes) noexcept nogil:
    """Advise huge pages for the host buffer [data, data + nbytes) if it
    holds at least HUGE_ADVICE_MIN_BYTES (failure is harmless: ignored)."""
    if nbytes < HUGE_ADVICE_MIN_BYTES:
        return
    cdef uintptr_t first = (<uintptr_t>data + HUGE_PAGE - 1) & ~(<uintptr_t>HUGE_PAGE - 1)
    cdef uintptr_t last = (<uintptr_t>data + <uintptr_t>nbytes) & ~(<uintptr_t>HUGE_PAGE - 1)
    if last > first:
        madvise(<void*>first, last - first, MADV_HUGEPAGE)
