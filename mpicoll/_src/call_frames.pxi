# Call frames (included by _ffi.pyx): what XLA hands a handler, decoded once
# for every operation.
#
# The attribute slots (ATTR_*, ARRAY_* and their names, which the Python side
# checks its attributes against), the `Call` struct a body receives, and
# `decode`, which answers XLA's metadata query or fills a `Call` from the
# call frame: the buffers without the ordering tokens, the attributes by
# name, the communicator with this rank and its size.


cdef enum:
    MAX_BUFFERS = 4

cdef extern from *:
    """
    /* A communicator reaches the handlers as the integer mpi4py's py2f()
       gives: MPI_Comm_c2f's, or under the MPI standard ABI (mpi_abi.h, which
       has no Fortran handles) MPI_Comm_toint's. */
    #if defined(MPI_ABI_VERSION)
    #define mpicoll_comm_from_int(handle) MPI_Comm_fromint((int) (handle))
    #else
    #define mpicoll_comm_from_int(handle) MPI_Comm_f2c((MPI_Fint) (handle))
    #endif
    """
    MPI_Comm mpicoll_comm_from_int(int64_t handle) nogil


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
    ATTR_BLOCKS         # allreduce, reduce: 1 to reduce by blocks (reductions.pxi)
    ATTR_OPERATION      # a nonblocking start: what it posts (nonblocking.pxi)
    N_ATTRS

cdef const char* ATTR_NAMES[N_ATTRS]
ATTR_NAMES[:] = [b"comm", b"op", b"source", b"dest", b"sendtag", b"recvtag",
                 b"chunk_bytes", b"status", b"root", b"kind", b"split_axis", b"concat_axis",
                 b"role", b"reverse", b"truncate", b"blocks", b"operation"]

# Array attribute slots (int64 arrays, e.g. per-peer counts).
cdef enum:
    ARRAY_SENDCOUNTS
    ARRAY_RECVCOUNTS
    ARRAY_COUNTS
    ARRAY_WIDTHS
    ARRAY_NEIGHBOURS
    ARRAY_NAME          # an operation's name, one character code per element
    ARRAY_DEVICE_IDS    # a computation over several devices: the devices, and
    ARRAY_DEVICE_COMMS  # the communicator each one's instance uses (below)
    N_ARRAYS

cdef const char* ARRAY_NAMES[N_ARRAYS]
ARRAY_NAMES[:] = [b"sendcounts", b"recvcounts", b"counts", b"widths", b"neighbours",
                  b"name", b"device_ids", b"device_comms"]


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
    const XLA_FFI_Buffer* described     # the data an MPI error names (NULL: the first operand)


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


# --- Which communicator: mpicoll's twins, numbered -------------------------
# An operation's `comm` attribute is a code: the twin's integer handle (low
# 32 bits) and the serial number mpicoll gave the twin when it made it (high
# 32 bits), which the twin carries as an MPI attribute. A compiled
# computation keeps its code after the user frees the communicator, and
# with it the twin; MPI may hand the freed handle to a communicator made
# later. The handler finds the serial number on the communicator behind the
# handle, or raises: never an operation on a freed or another communicator.

cdef int twin_keyval = MPI_KEYVAL_INVALID
cdef int64_t twins_made = 0


def mark_twin(int64_t handle):
    """Number the twin (mpicoll's duplicate) with integer handle `handle`;
    returns its code, what an operation's `comm` attribute is."""
    global twin_keyval, twins_made
    cdef MPI_Comm comm = mpicoll_comm_from_int(handle)
    cdef int ierr = MPI_SUCCESS
    if twin_keyval == MPI_KEYVAL_INVALID:     # (made here, after MPI_Init)
        ierr = MPI_Comm_create_keyval(MPI_COMM_NULL_COPY_FN, MPI_COMM_NULL_DELETE_FN,
                                      &twin_keyval, NULL)
    twins_made += 1
    if ierr == MPI_SUCCESS:
        ierr = MPI_Comm_set_attr(comm, twin_keyval, <void*><intptr_t>twins_made)
    if ierr != MPI_SUCCESS:
        raise RuntimeError(f"mpicoll: numbering its duplicate communicator failed (MPI error "
                           f"{ierr})")
    return twin_code(handle)


def twin_code(int64_t handle):
    """The code of the twin with integer handle `handle` (`mark_twin`)."""
    cdef void* serial = NULL
    cdef int found = 0
    if MPI_Comm_get_attr(mpicoll_comm_from_int(handle), twin_keyval, &serial,
                         &found) != MPI_SUCCESS or not found:
        raise ValueError("mpicoll: this communicator is not one of mpicoll's duplicates")
    return (<int64_t><intptr_t>serial << 32) | (handle & 0xffffffff)


cdef XLA_FFI_Error* twin_of_code(Call* call, int64_t code, MPI_Comm* comm) noexcept nogil:
    """The twin whose code is `code`, if it still exists."""
    cdef void* serial = NULL
    cdef int found = 0
    cdef int64_t low_bits = 0xffffffffLL
    comm[0] = mpicoll_comm_from_int(<int32_t>(code & low_bits))
    if twin_keyval != MPI_KEYVAL_INVALID and MPI_Comm_get_attr(
            comm[0], twin_keyval, &serial, &found) == MPI_SUCCESS and found and \
            <int64_t><intptr_t>serial == code >> 32:
        return NULL
    return invalid(call, b"mpicoll: the communicator of this operation was freed after the "
                         b"operation was traced: a jitted function keeps the communicator it "
                         b"was traced with (and mpicoll's duplicate of it, freed with it). "
                         b"Make the function anew for a live communicator, and free a "
                         b"communicator only after its last use")


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
    cdef XLA_FFI_Error* err
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
    call.described = NULL
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
    err = twin_of_code(call, call.attr[ATTR_COMM], &call.comm)
    if err != NULL:
        return err
    if call.array[ARRAY_DEVICE_COMMS] != NULL:
        err = pick_device_comm(frame, call)
        if err != NULL:
            return err
    call.rank = -1
    call.size = 0
    cdef int ierr = MPI_Comm_rank(call.comm, &call.rank)
    if ierr == MPI_SUCCESS:
        ierr = MPI_Comm_size(call.comm, &call.size)
    if ierr != MPI_SUCCESS:
        return mpi_error(call.api, ierr, b"MPI_Comm_rank", call.rank, call.size)
    return NULL


cdef XLA_FFI_Error* pick_device_comm(XLA_FFI_CallFrame* frame, Call* call) noexcept nogil:
    """In a computation over several devices of this process (a shard_map
    over them), each device's instance of an operation communicates on a
    communicator of its own: `device_comms[i]` for the device whose id is
    `device_ids[i]`, a duplicate of the operation's communicator made for
    the i-th device of the computation (`mpicoll._src.comms.device_comms`).
    So the instances may run at once on XLA's threads without mixing their
    messages, and each talks to the instances of the same device position
    on the other ranks."""
    cdef XLA_FFI_DeviceOrdinal_Get_Args get
    cdef XLA_FFI_Error* err
    cdef int64_t i
    if call.array_len[ARRAY_DEVICE_IDS] != call.array_len[ARRAY_DEVICE_COMMS]:
        return invalid(call, b"mpicoll: device_ids and device_comms differ in length")
    if not has_device_ordinal(call.api):
        return ffi_error(call.api, XLA_FFI_Error_Code_UNIMPLEMENTED,
                         b"mpicoll: this jaxlib's FFI cannot tell a handler its device, "
                         b"which an MPI operation inside a shard_map over several devices "
                         b"of one process needs: upgrade jax and jaxlib")
    get.struct_size = XLA_FFI_DeviceOrdinal_Get_Args_STRUCT_SIZE
    get.extension_start = NULL
    get.ctx = frame.ctx
    get.device_ordinal = -1
    err = call.api.XLA_FFI_DeviceOrdinal_Get(&get)
    if err != NULL:
        return err
    for i in range(call.array_len[ARRAY_DEVICE_IDS]):
        if call.array[ARRAY_DEVICE_IDS][i] == get.device_ordinal:
            return twin_of_code(call, call.array[ARRAY_DEVICE_COMMS][i], &call.comm)
    snprintf(call.text, sizeof(call.text),
             "mpicoll: the operation runs on device %d, which is not one of the "
             "computation's devices", get.device_ordinal)
    return invalid(call, call.text)
