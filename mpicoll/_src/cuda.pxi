# The CUDA path of the FFI handlers (included by _ffi.pyx).
#
# Every operation keeps its one handler `h_<name>` (registration.pxi);
# its CUDA twin `c_<name>` only changes where the memory is:
#
#   * CUDA-aware MPI: wait for the XLA stream's pending work, then run the
#     same handler on the device pointers. The few local copies a body makes
#     (`copy_bytes`) become device-to-device copies on that stream.
#   * staging: copy the operands into page-locked host memory, run the same
#     handler on a copy of the call frame whose buffers point there, copy the
#     results back on the stream. The pinned buffers are kept and reused
#     across calls (`staging_take`).
#
# Decoding, chunking, in-place detection (equal pointers stay equal: one
# host region per distinct device pointer), debug mode and error messages
# are the CPU handler's own. Which path runs is decided per process
# (`use_device_pointers`): MPICOLL_CUDA_AWARE=0|1 forces it, otherwise the
# MPI library is asked (MPIX_Query_cuda_support, looked up at run time since
# not every MPI has it). A reduction on float16/bfloat16, and MIN/MAX of
# any floating type, always stages: those are MPI user operations
# (`make_float_ops`) that read the buffers on the host.
#
# Nothing CUDA is needed to build or import: the driver API is reached
# through dlopen("libcuda.so.1") at the first CUDA call (or when
# `cuda_report` is asked), with the few types and prototypes declared here.

from posix.dlfcn cimport dlopen, dlsym, dlerror, RTLD_NOW, RTLD_LOCAL
from posix.time cimport clock_gettime, timespec, CLOCK_MONOTONIC

cdef extern from * nogil:
    """
    #include <dlfcn.h>
    #include <pthread.h>
    /* Device-to-device copies of the handler running on this thread: the
       XLA stream while a handler runs on device pointers, else NULL (see
       copy_bytes). A failed copy's CUresult is kept for the caller. */
    static __thread void* mpicoll_copy_stream = 0;
    static __thread int mpicoll_copy_error = 0;
    static pthread_mutex_t mpicoll_cuda_mutex = PTHREAD_MUTEX_INITIALIZER;
    static void mpicoll_cuda_lock(void) { pthread_mutex_lock(&mpicoll_cuda_mutex); }
    static void mpicoll_cuda_unlock(void) { pthread_mutex_unlock(&mpicoll_cuda_mutex); }
    /* A symbol of the MPI library this module calls (mpi_library.pxi's
       mpicoll_called_mpi_file), or NULL: for optional extensions such as
       MPIX_Query_cuda_support, which not every MPI has. */
    static void* mpicoll_mpi_symbol(const char* name) {
        const char* file = mpicoll_called_mpi_file(); void* lib; void* sym;
        if (file == NULL) return NULL;
        lib = dlopen(file, RTLD_NOW | RTLD_NOLOAD);
        if (lib == NULL) return NULL;
        sym = dlsym(lib, name);
        dlclose(lib);             /* only drops the reference NOLOAD took */
        return sym;
    }
    """
    void* mpicoll_copy_stream
    int mpicoll_copy_error
    void mpicoll_cuda_lock()
    void mpicoll_cuda_unlock()
    void* mpicoll_mpi_symbol(const char* name)
    long long __atomic_add_fetch(long long*, long long, int)
    int __ATOMIC_RELAXED


# --- the CUDA driver API, loaded at run time ----------------------------------

ctypedef int CUresult                   # CUDA_SUCCESS is 0
ctypedef unsigned long long CUdeviceptr
ctypedef void* CUstream
ctypedef void* CUcontext

cdef enum:
    CU_MEMHOSTALLOC_PORTABLE = 1        # usable from every context of the process

ctypedef struct Driver:
    CUresult (*Init)(unsigned int) noexcept nogil
    CUresult (*DeviceGetCount)(int*) noexcept nogil
    CUresult (*DriverGetVersion)(int*) noexcept nogil
    CUresult (*GetErrorName)(CUresult, const char**) noexcept nogil
    CUresult (*StreamSynchronize)(CUstream) noexcept nogil
    CUresult (*StreamGetCtx)(CUstream, CUcontext*) noexcept nogil
    CUresult (*CtxPushCurrent)(CUcontext) noexcept nogil
    CUresult (*CtxPopCurrent)(CUcontext*) noexcept nogil
    CUresult (*MemHostAlloc)(void**, size_t, unsigned int) noexcept nogil
    CUresult (*MemFreeHost)(void*) noexcept nogil
    CUresult (*MemcpyDtoHAsync)(void*, CUdeviceptr, size_t, CUstream) noexcept nogil
    CUresult (*MemcpyHtoDAsync)(CUdeviceptr, const void*, size_t, CUstream) noexcept nogil
    CUresult (*MemcpyDtoDAsync)(CUdeviceptr, CUdeviceptr, size_t, CUstream) noexcept nogil

cdef Driver cu
cdef int driver_state = 0               # 0: not tried yet, 1: usable, -1: not usable
cdef int device_count = 0
cdef int driver_version = 0
cdef char driver_problem[512]           # why it is not usable


cdef bint find(void* lib, const char* name, void** slot) noexcept nogil:
    slot[0] = dlsym(lib, name)
    if slot[0] == NULL:
        snprintf(driver_problem, sizeof(driver_problem),
                 "libcuda.so.1 has no %s (driver too old?)", name)
        return False
    return True


cdef bint open_driver() noexcept nogil:
    # the names are those cuda.h maps the API to (the _v2 entry points)
    cdef void* lib = dlopen(b"libcuda.so.1", RTLD_NOW | RTLD_LOCAL)
    cdef const char* text
    cdef CUresult r
    if lib == NULL:
        text = dlerror()
        if text == NULL:
            text = b"libcuda.so.1 not found"
        snprintf(driver_problem, sizeof(driver_problem),
                 b"the CUDA driver cannot be loaded (%s)", text)
        return False
    if not (find(lib, b"cuInit", <void**>&cu.Init)
            and find(lib, b"cuDeviceGetCount", <void**>&cu.DeviceGetCount)
            and find(lib, b"cuDriverGetVersion", <void**>&cu.DriverGetVersion)
            and find(lib, b"cuGetErrorName", <void**>&cu.GetErrorName)
            and find(lib, b"cuStreamSynchronize", <void**>&cu.StreamSynchronize)
            and find(lib, b"cuStreamGetCtx", <void**>&cu.StreamGetCtx)
            and find(lib, b"cuCtxPushCurrent_v2", <void**>&cu.CtxPushCurrent)
            and find(lib, b"cuCtxPopCurrent_v2", <void**>&cu.CtxPopCurrent)
            and find(lib, b"cuMemHostAlloc", <void**>&cu.MemHostAlloc)
            and find(lib, b"cuMemFreeHost", <void**>&cu.MemFreeHost)
            and find(lib, b"cuMemcpyDtoHAsync_v2", <void**>&cu.MemcpyDtoHAsync)
            and find(lib, b"cuMemcpyHtoDAsync_v2", <void**>&cu.MemcpyHtoDAsync)
            and find(lib, b"cuMemcpyDtoDAsync_v2", <void**>&cu.MemcpyDtoDAsync)):
        return False
    r = cu.Init(0)
    if r == 0:
        r = cu.DeviceGetCount(&device_count)
    if r != 0:
        snprintf(driver_problem, sizeof(driver_problem), "cuInit failed: %s", cu_name(r))
        return False
    cu.DriverGetVersion(&driver_version)
    if device_count < 1:
        snprintf(driver_problem, sizeof(driver_problem), "no CUDA device is visible")
        return False
    return True


cdef bint driver_ready() noexcept nogil:
    """Load and initialise the driver once per process (thread-safe)."""
    global driver_state
    if driver_state == 0:
        mpicoll_cuda_lock()
        if driver_state == 0:
            driver_state = 1 if open_driver() else -1
        mpicoll_cuda_unlock()
    return driver_state == 1


cdef const char* cu_name(CUresult r) noexcept nogil:
    cdef const char* name = NULL
    if cu.GetErrorName == NULL or cu.GetErrorName(r, &name) != 0 or name == NULL:
        return b"unknown CUDA error"
    return name


cdef XLA_FFI_Error* cuda_error(const XLA_FFI_Api* api, const char* what,
                               CUresult r) noexcept nogil:
    cdef char message[512]
    snprintf(message, sizeof(message), "mpicoll: %s failed on the CUDA path: %s (error %d)",
             what, cu_name(r), r)
    return ffi_error(api, XLA_FFI_Error_Code_INTERNAL, message)


# --- which path: CUDA-aware MPI or staging ------------------------------------

cdef int cuda_aware_setting = -1        # MPICOLL_CUDA_AWARE: -1 auto, 0 staging, 1 device pointers
# handler calls per path, so that a test (and a user) can see which path ran:
# device pointers handed to MPI, or staged through pinned host memory
cdef long long calls_on_device = 0
cdef long long calls_staged = 0
# where a staged call's time goes, summed over calls (nanoseconds): the
# whole CUDA entry (stream and context lookup included), the copies in with
# their synchronisation, the CPU handler (MPI), the copies out with theirs
cdef long long staged_ns[4]
STAGED_PHASES = ("entry", "copy_in", "handler", "copy_out")
cdef int mpi_cuda_answer = -2           # -2 not asked yet, -1 this MPI cannot say, else its answer


cdef int ask_mpi_cuda_support() noexcept nogil:
    """MPIX_Query_cuda_support() of the MPI library (MPICH, Open MPI: 1 when
    it accepts device pointers in this run), -1 if it has no such function."""
    global mpi_cuda_answer
    cdef int (*query)() noexcept nogil
    if mpi_cuda_answer == -2:
        mpicoll_cuda_lock()
        if mpi_cuda_answer == -2:
            query = <int (*)() noexcept nogil>mpicoll_mpi_symbol(b"MPIX_Query_cuda_support")
            mpi_cuda_answer = -1 if query == NULL else (1 if query() else 0)
        mpicoll_cuda_unlock()
    return mpi_cuda_answer


cdef bint use_device_pointers() noexcept nogil:
    if cuda_aware_setting >= 0:
        return cuda_aware_setting == 1
    return ask_mpi_cuda_support() == 1


def set_cuda_aware(int mode):
    """-1: ask MPI (default), 0: always stage, 1: always pass device pointers.
    Read by every CUDA call, so it may change between calls."""
    global cuda_aware_setting
    if mode not in (-1, 0, 1):
        raise ValueError(f"mpicoll: CUDA-aware mode must be -1, 0 or 1, not {mode}")
    cuda_aware_setting = mode


def cuda_report():
    """What the CUDA path can do in this process, for `mpicoll._src.gpu`:
    driver usable, why not, devices, driver version, the MPICOLL_CUDA_AWARE
    setting, MPI's own answer (-1: it cannot say), and whether device
    pointers go to MPI."""
    cdef bint ok
    with nogil:
        ok = driver_ready()
    return {"driver": bool(ok),
            "problem": "" if ok else driver_problem.decode(errors="replace"),
            "devices": device_count, "driver_version": driver_version,
            "setting": cuda_aware_setting, "mpi_answer": ask_mpi_cuda_support(),
            "device_pointers": bool(use_device_pointers()),
            "calls_on_device": calls_on_device, "calls_staged": calls_staged,
            "staged_ns": {name: staged_ns[k] for k, name in enumerate(STAGED_PHASES)}}


cdef inline long long now_ns() noexcept nogil:
    cdef timespec t
    clock_gettime(CLOCK_MONOTONIC, &t)
    return <long long>t.tv_sec * 1000000000 + t.tv_nsec


cdef inline void add_ns(int phase, long long ns) noexcept nogil:
    __atomic_add_fetch(&staged_ns[phase], ns, __ATOMIC_RELAXED)


# --- local copies inside a body ----------------------------------------------

cdef inline void copy_bytes(void* dst, const void* src, int64_t nbytes) noexcept nogil:
    """memcpy; on the CUDA-aware path, where the handler sees device pointers,
    an asynchronous device-to-device copy on XLA's stream instead (ordered
    before the computation's next kernels, so nothing waits for it)."""
    global mpicoll_copy_error
    cdef CUresult r
    if mpicoll_copy_stream == NULL:
        memcpy(dst, src, nbytes)
    elif nbytes > 0:
        r = cu.MemcpyDtoDAsync(<CUdeviceptr>dst, <CUdeviceptr>src, <size_t>nbytes,
                               <CUstream>mpicoll_copy_stream)
        if r != 0 and mpicoll_copy_error == 0:
            mpicoll_copy_error = r


cdef inline void finish_copies() noexcept nogil:
    """On the CUDA-aware path, wait for the copies `copy_bytes` queued, for
    MPI calls that then read their destination (`copy_buffer`). Nothing to
    wait for on host memory."""
    global mpicoll_copy_error
    cdef CUresult r
    if mpicoll_copy_stream != NULL:
        r = cu.StreamSynchronize(<CUstream>mpicoll_copy_stream)
        if r != 0 and mpicoll_copy_error == 0:
            mpicoll_copy_error = r


# --- page-locked staging buffers, reused across calls --------------------------

cdef enum:
    N_STAGING = 8               # buffers kept; more calls at once get a temporary one
    STAGING_ALIGN = 256         # every region starts at a multiple of this
    STAGING_GRAIN = 1 << 21     # capacities are multiples of 2 MiB

ctypedef struct Staging:
    char* data
    size_t capacity
    bint busy
    bint temporary              # not in the pool: freed when given back

cdef Staging staging_pool[N_STAGING]


cdef CUresult staging_take(size_t nbytes, Staging* temporary, Staging** out) noexcept nogil:
    """A pinned buffer of at least `nbytes` for one call. Takes the smallest
    free pooled buffer that is big enough, else grows the largest free one;
    if all are in use (calls on several threads at once), a temporary one."""
    cdef Staging* best = NULL
    cdef Staging* s
    cdef int i
    cdef CUresult r = 0
    cdef void* mem = NULL
    mpicoll_cuda_lock()
    for i in range(N_STAGING):
        s = &staging_pool[i]
        if s.busy:
            continue
        if best == NULL:
            best = s
        elif best.capacity < nbytes:
            if s.capacity > best.capacity:
                best = s
        elif nbytes <= s.capacity < best.capacity:
            best = s
    if best != NULL:
        best.busy = True
    mpicoll_cuda_unlock()
    if best == NULL:
        temporary.data = NULL
        temporary.capacity = 0
        temporary.busy = True
        temporary.temporary = True
        best = temporary
    if best.capacity < nbytes:
        if best.data != NULL:
            cu.MemFreeHost(best.data)
            best.data = NULL
            best.capacity = 0
        nbytes = (nbytes + STAGING_GRAIN - 1) // STAGING_GRAIN * STAGING_GRAIN
        r = cu.MemHostAlloc(&mem, nbytes, CU_MEMHOSTALLOC_PORTABLE)
        if r == 0:
            best.data = <char*>mem
            best.capacity = nbytes
    out[0] = best
    return r


cdef void staging_give(Staging* s) noexcept nogil:
    if s.temporary:
        if s.data != NULL:
            cu.MemFreeHost(s.data)
        return
    mpicoll_cuda_lock()
    s.busy = False
    mpicoll_cuda_unlock()


def staging_buffers():
    """Capacities in bytes of the pooled pinned buffers (0: none yet)."""
    mpicoll_cuda_lock()
    sizes = [staging_pool[i].capacity for i in range(N_STAGING)]
    mpicoll_cuda_unlock()
    return sizes


def release_staging():
    """Free the pooled pinned buffers not in use (they are made again on demand)."""
    cdef int i
    if driver_state != 1:
        return
    with nogil:
        mpicoll_cuda_lock()
        for i in range(N_STAGING):
            if not staging_pool[i].busy and staging_pool[i].data != NULL:
                cu.MemFreeHost(staging_pool[i].data)
                staging_pool[i].data = NULL
                staging_pool[i].capacity = 0
        mpicoll_cuda_unlock()


# --- running a handler on CUDA buffers ---------------------------------------

ctypedef XLA_FFI_Error* (*Handler)(XLA_FFI_CallFrame*) noexcept nogil

cdef enum:
    MAX_FRAME_ITEMS = 16        # operands + results, ordering tokens included


cdef int64_t buffer_bytes(const XLA_FFI_Buffer* buf) noexcept nogil:
    # an element type the handlers do not know moves nothing: the body
    # rejects it before reading any buffer
    if buf.dtype == XLA_FFI_DataType_TOKEN or mpi_datatype(buf.dtype) == MPI_DATATYPE_NULL:
        return 0
    return data_bytes(buf)


cdef bint host_reduction(const XLA_FFI_CallFrame* frame) noexcept nogil:
    """A reduction (an `op` attribute) that is one of mpicoll's own MPI user
    operations (`own_float_op`: float16/bfloat16, and MIN/MAX of every
    floating type), which read host memory: such a call stages."""
    cdef int64_t i, code = -1
    cdef XLA_FFI_Buffer* buf
    for i in range(frame.attrs.size):
        if frame.attrs.names[i].len == 2 and memcmp(frame.attrs.names[i].ptr, b"op", 2) == 0 \
                and frame.attrs.types[i] == XLA_FFI_AttrType_SCALAR \
                and (<XLA_FFI_Scalar*>frame.attrs.attrs[i]).dtype == XLA_FFI_DataType_S64:
            code = (<int64_t*>(<XLA_FFI_Scalar*>frame.attrs.attrs[i]).value)[0]
    if code < 0:
        return False
    for i in range(frame.args.size):
        buf = <XLA_FFI_Buffer*>frame.args.args[i]
        if own_float_op(code, buf.dtype):
            return True
    return False


cdef XLA_FFI_Error* on_device(XLA_FFI_CallFrame* frame, Handler handler,
                              CUstream stream) noexcept nogil:
    """CUDA-aware MPI: MPI reads and writes device memory directly."""
    global mpicoll_copy_stream, mpicoll_copy_error, calls_on_device
    __atomic_add_fetch(&calls_on_device, 1, __ATOMIC_RELAXED)
    cdef CUresult r = cu.StreamSynchronize(stream)    # the operands are ready
    if r != 0:
        return cuda_error(frame.api, b"cuStreamSynchronize", r)
    mpicoll_copy_stream = stream
    mpicoll_copy_error = 0
    cdef XLA_FFI_Error* err = handler(frame)
    mpicoll_copy_stream = NULL
    if err == NULL and mpicoll_copy_error != 0:
        return cuda_error(frame.api, b"cuMemcpyDtoDAsync", mpicoll_copy_error)
    return err


cdef XLA_FFI_Error* staged(XLA_FFI_CallFrame* frame, Handler handler,
                           CUstream stream) noexcept nogil:
    """Host staging: the handler runs on a copy of the frame whose buffers
    are page-locked host memory holding the operands; the results are copied
    back on the stream, which is synchronised before the buffer is reused.

    Each distinct device pointer gets one host region, so a result that XLA
    placed in an operand's memory (in place) shares that operand's region
    and the handler sees the aliasing it would see on the CPU."""
    global calls_staged
    __atomic_add_fetch(&calls_staged, 1, __ATOMIC_RELAXED)
    cdef int64_t nargs = frame.args.size, nrets = frame.rets.size
    cdef int64_t n = nargs + nrets, k, j
    if n > MAX_FRAME_ITEMS:
        return ffi_error(frame.api, XLA_FFI_Error_Code_INVALID_ARGUMENT,
                         b"mpicoll: too many buffers for the CUDA staging path")
    cdef XLA_FFI_Buffer* device[MAX_FRAME_ITEMS]    # the frame's buffers, args then rets
    cdef XLA_FFI_Buffer host[MAX_FRAME_ITEMS]       # their host copies
    cdef void* items[MAX_FRAME_ITEMS]               # what the host frame lists
    cdef int region[MAX_FRAME_ITEMS]                # item -> region
    cdef void* region_device[MAX_FRAME_ITEMS]
    cdef size_t region_offset[MAX_FRAME_ITEMS]
    cdef size_t region_bytes[MAX_FRAME_ITEMS]
    cdef int nregions = 0
    cdef size_t total = 0
    for k in range(n):
        device[k] = <XLA_FFI_Buffer*>(frame.args.args[k] if k < nargs
                                      else frame.rets.rets[k - nargs])
        region[k] = -1
        if device[k].dtype == XLA_FFI_DataType_TOKEN:
            continue
        for j in range(nregions):
            if region_device[j] == device[k].data:
                region[k] = <int>j
        if region[k] < 0:
            region[k] = nregions
            region_device[nregions] = device[k].data
            region_bytes[nregions] = 0
            nregions += 1
        if <size_t>buffer_bytes(device[k]) > region_bytes[region[k]]:
            region_bytes[region[k]] = <size_t>buffer_bytes(device[k])
    for j in range(nregions):
        region_offset[j] = total
        # at least one unit each, so distinct device pointers stay distinct
        total += (region_bytes[j] // STAGING_ALIGN + 1) * STAGING_ALIGN

    cdef Staging temporary
    cdef Staging* buf
    cdef CUresult r = staging_take(total, &temporary, &buf)
    cdef CUresult synced = 0
    if r != 0:
        staging_give(buf)
        return cuda_error(frame.api, b"cuMemHostAlloc (pinned staging buffer)", r)
    for k in range(n):
        if region[k] < 0:
            items[k] = device[k]              # an ordering token: passed as is
            continue
        host[k] = device[k][0]
        host[k].data = buf.data + region_offset[region[k]]
        items[k] = &host[k]
    cdef const char* failed = NULL
    cdef long long t0 = now_ns(), t1, t2
    for k in range(nargs):
        if region[k] >= 0 and buffer_bytes(device[k]) > 0:
            r = cu.MemcpyDtoHAsync(host[k].data, <CUdeviceptr>device[k].data,
                                   <size_t>buffer_bytes(device[k]), stream)
            if r != 0:
                failed = b"cuMemcpyDtoHAsync"
                break
    if failed == NULL:
        r = cu.StreamSynchronize(stream)      # operands copied, earlier kernels done
        if r != 0:
            failed = b"cuStreamSynchronize"
    else:
        cu.StreamSynchronize(stream)          # copies already queued end first
    cdef XLA_FFI_Error* err = NULL
    cdef XLA_FFI_CallFrame on_host
    t1 = now_ns()
    add_ns(1, t1 - t0)
    if failed == NULL:
        on_host = frame[0]
        on_host.args.args = items
        on_host.rets.rets = &items[nargs]
        err = handler(&on_host)
        t2 = now_ns()
        add_ns(2, t2 - t1)
        if err == NULL:
            for k in range(nargs, n):
                if region[k] >= 0 and buffer_bytes(device[k]) > 0:
                    r = cu.MemcpyHtoDAsync(<CUdeviceptr>device[k].data, host[k].data,
                                           <size_t>buffer_bytes(device[k]), stream)
                    if r != 0:
                        failed = b"cuMemcpyHtoDAsync"
                        break
            # before the pinned buffer can serve the next call (a failed
            # copy's code is the one reported)
            synced = cu.StreamSynchronize(stream)
            if failed == NULL and synced != 0:
                failed, r = b"cuStreamSynchronize", synced
            add_ns(3, now_ns() - t2)
    staging_give(buf)
    if err == NULL and failed != NULL:
        return cuda_error(frame.api, failed, r)
    return err


cdef XLA_FFI_Error* on_cuda(XLA_FFI_CallFrame* frame, Handler handler,
                            bint host_only=False) noexcept nogil:
    """Run the CPU handler `handler` for a call frame of XLA's CUDA backend;
    `host_only`: always through host staging (the handler computes on the
    data, as the halo exchange's adjoint adds)."""
    cdef ChainedExtension* ext = frame.extension_start
    if ext != NULL and ext.type == XLA_FFI_Extension_Metadata:
        return handler(frame)                 # answered without touching anything
    if not driver_ready():
        return ffi_error(frame.api, XLA_FFI_Error_Code_INTERNAL, driver_problem)
    cdef long long entered = now_ns()
    cdef XLA_FFI_Stream_Get_Args get
    get.struct_size = XLA_FFI_Stream_Get_Args_STRUCT_SIZE
    get.extension_start = NULL
    get.ctx = frame.ctx
    get.stream = NULL
    cdef XLA_FFI_Error* err = frame.api.XLA_FFI_Stream_Get(&get)
    if err != NULL:
        return err
    cdef CUstream stream = <CUstream>get.stream
    # the stream's context is made current on this thread for the copies,
    # the pinned allocations and a CUDA-aware MPI's own driver calls
    cdef CUcontext context = NULL, previous
    cdef CUresult r = cu.StreamGetCtx(stream, &context)
    if r == 0:
        r = cu.CtxPushCurrent(context)
    if r != 0:
        return cuda_error(frame.api, b"cuStreamGetCtx/cuCtxPushCurrent", r)
    cdef bint device_pointers = use_device_pointers() and not host_reduction(frame) \
        and not host_only
    if device_pointers:
        err = on_device(frame, handler, stream)
    else:
        err = staged(frame, handler, stream)
    cu.CtxPopCurrent(&previous)
    if not device_pointers:
        add_ns(0, now_ns() - entered)
    return err


# --- one CUDA entry per handler -------------------------------------------------

cdef XLA_FFI_Error* c_allreduce(XLA_FFI_CallFrame* f) noexcept nogil:
    return on_cuda(f, h_allreduce)

cdef XLA_FFI_Error* c_reduce(XLA_FFI_CallFrame* f) noexcept nogil:
    return on_cuda(f, h_reduce)

cdef XLA_FFI_Error* c_scan(XLA_FFI_CallFrame* f) noexcept nogil:
    return on_cuda(f, h_scan)

cdef XLA_FFI_Error* c_exscan(XLA_FFI_CallFrame* f) noexcept nogil:
    return on_cuda(f, h_exscan)

cdef XLA_FFI_Error* c_bcast(XLA_FFI_CallFrame* f) noexcept nogil:
    return on_cuda(f, h_bcast)

cdef XLA_FFI_Error* c_reduce_scatter(XLA_FFI_CallFrame* f) noexcept nogil:
    return on_cuda(f, h_reduce_scatter)

cdef XLA_FFI_Error* c_alltoall(XLA_FFI_CallFrame* f) noexcept nogil:
    return on_cuda(f, h_alltoall)

cdef XLA_FFI_Error* c_allgather(XLA_FFI_CallFrame* f) noexcept nogil:
    return on_cuda(f, h_allgather)

cdef XLA_FFI_Error* c_gather(XLA_FFI_CallFrame* f) noexcept nogil:
    return on_cuda(f, h_gather)

cdef XLA_FFI_Error* c_scatter(XLA_FFI_CallFrame* f) noexcept nogil:
    return on_cuda(f, h_scatter)

cdef XLA_FFI_Error* c_alltoallv(XLA_FFI_CallFrame* f) noexcept nogil:
    return on_cuda(f, h_alltoallv)

cdef XLA_FFI_Error* c_redistribute(XLA_FFI_CallFrame* f) noexcept nogil:
    return on_cuda(f, h_redistribute)

cdef XLA_FFI_Error* c_halo_exchange(XLA_FFI_CallFrame* f) noexcept nogil:
    return on_cuda(f, h_halo_exchange)

cdef XLA_FFI_Error* c_halo_adjoint(XLA_FFI_CallFrame* f) noexcept nogil:
    return on_cuda(f, h_halo_adjoint, True)       # adds on the host

cdef XLA_FFI_Error* c_ragged_alltoall(XLA_FFI_CallFrame* f) noexcept nogil:
    return on_cuda(f, h_ragged_alltoall, True)    # reads the counts on the host

cdef XLA_FFI_Error* c_allgatherv(XLA_FFI_CallFrame* f) noexcept nogil:
    return on_cuda(f, h_allgatherv)

cdef XLA_FFI_Error* c_gatherv(XLA_FFI_CallFrame* f) noexcept nogil:
    return on_cuda(f, h_gatherv)

cdef XLA_FFI_Error* c_scatterv(XLA_FFI_CallFrame* f) noexcept nogil:
    return on_cuda(f, h_scatterv)

cdef XLA_FFI_Error* c_sendrecv(XLA_FFI_CallFrame* f) noexcept nogil:
    return on_cuda(f, h_sendrecv)

cdef XLA_FFI_Error* c_send(XLA_FFI_CallFrame* f) noexcept nogil:
    return on_cuda(f, h_send)

cdef XLA_FFI_Error* c_recv(XLA_FFI_CallFrame* f) noexcept nogil:
    return on_cuda(f, h_recv)

cdef XLA_FFI_Error* c_barrier(XLA_FFI_CallFrame* f) noexcept nogil:
    return on_cuda(f, h_barrier)

cdef XLA_FFI_Error* c_derivatives_agree(XLA_FFI_CallFrame* f) noexcept nogil:
    return on_cuda(f, h_derivatives_agree)

# Nonblocking starts and waits always stage: MPI works on mpicoll's own host
# memory between them (nonblocking.pxi).
cdef XLA_FFI_Error* c_istart(XLA_FFI_CallFrame* f) noexcept nogil:
    return on_cuda(f, h_istart, True)

cdef XLA_FFI_Error* c_istart_p2p(XLA_FFI_CallFrame* f) noexcept nogil:
    return on_cuda(f, h_istart_p2p, True)

cdef XLA_FFI_Error* c_wait(XLA_FFI_CallFrame* f) noexcept nogil:
    return on_cuda(f, h_wait, True)

cdef XLA_FFI_Error* c_istart_embedded(XLA_FFI_CallFrame* f) noexcept nogil:
    return on_cuda(f, h_istart_embedded, True)

cdef XLA_FFI_Error* c_wait_embedded(XLA_FFI_CallFrame* f) noexcept nogil:
    return on_cuda(f, h_wait_embedded, True)

cdef XLA_FFI_Error* c_istart_p2p_embedded(XLA_FFI_CallFrame* f) noexcept nogil:
    return on_cuda(f, h_istart_p2p_embedded, True)

cdef XLA_FFI_Error* c_wait_embedded_pair(XLA_FFI_CallFrame* f) noexcept nogil:
    return on_cuda(f, h_wait_embedded_pair, True)


def cuda_handlers():
    """Map of FFI target name -> PyCapsule of the CUDA handler; the same
    names as `handlers()` (bridge checks that both list the same targets)."""
    cdef dict table = {
        "allreduce": PyCapsule_New(<void*>c_allreduce, NULL, NULL),
        "reduce": PyCapsule_New(<void*>c_reduce, NULL, NULL),
        "scan": PyCapsule_New(<void*>c_scan, NULL, NULL),
        "exscan": PyCapsule_New(<void*>c_exscan, NULL, NULL),
        "bcast": PyCapsule_New(<void*>c_bcast, NULL, NULL),
        "reduce_scatter": PyCapsule_New(<void*>c_reduce_scatter, NULL, NULL),
        "alltoall": PyCapsule_New(<void*>c_alltoall, NULL, NULL),
        "allgather": PyCapsule_New(<void*>c_allgather, NULL, NULL),
        "gather": PyCapsule_New(<void*>c_gather, NULL, NULL),
        "scatter": PyCapsule_New(<void*>c_scatter, NULL, NULL),
        "alltoallv": PyCapsule_New(<void*>c_alltoallv, NULL, NULL),
        "redistribute": PyCapsule_New(<void*>c_redistribute, NULL, NULL),
        "halo_exchange": PyCapsule_New(<void*>c_halo_exchange, NULL, NULL),
        "halo_adjoint": PyCapsule_New(<void*>c_halo_adjoint, NULL, NULL),
        "allgatherv": PyCapsule_New(<void*>c_allgatherv, NULL, NULL),
        "gatherv": PyCapsule_New(<void*>c_gatherv, NULL, NULL),
        "scatterv": PyCapsule_New(<void*>c_scatterv, NULL, NULL),
        "sendrecv": PyCapsule_New(<void*>c_sendrecv, NULL, NULL),
        "send": PyCapsule_New(<void*>c_send, NULL, NULL),
        "recv": PyCapsule_New(<void*>c_recv, NULL, NULL),
        "barrier": PyCapsule_New(<void*>c_barrier, NULL, NULL),
        "derivatives_agree": PyCapsule_New(<void*>c_derivatives_agree, NULL, NULL),
        "ragged_alltoall": PyCapsule_New(<void*>c_ragged_alltoall, NULL, NULL),
        "istart": PyCapsule_New(<void*>c_istart, NULL, NULL),
        "istart_p2p": PyCapsule_New(<void*>c_istart_p2p, NULL, NULL),
        "wait": PyCapsule_New(<void*>c_wait, NULL, NULL),
        "istart_embedded": PyCapsule_New(<void*>c_istart_embedded, NULL, NULL),
        "wait_embedded": PyCapsule_New(<void*>c_wait_embedded, NULL, NULL),
        "istart_p2p_embedded": PyCapsule_New(<void*>c_istart_p2p_embedded, NULL, NULL),
        "wait_embedded_pair": PyCapsule_New(<void*>c_wait_embedded_pair, NULL, NULL),
    }
    return {f"mpicoll_{name}": capsule for name, capsule in table.items()}
