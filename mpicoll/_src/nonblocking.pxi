# Nonblocking operations (included by _ffi.pyx): a start posts MPI's
# nonblocking calls and returns at once with a request handle; the wait
# completes them and writes the result.
#
# Memory. Everything MPI touches between a start and its wait is mpicoll's
# own memory, never XLA's: the start copies what is sent into a buffer of
# its own and MPI receives into another, which the wait copies into its
# result. XLA may therefore reuse or free the operand's memory as soon as
# the start returns (donated, carried through a loop, copied by XLA's copy
# insertion), and a request may cross loop iterations and jitted calls. The
# cost is one copy each way (memcpy speed, well above MPI's).
#
# Requests. A handle is an int32 scalar naming a slot of `requests` (its
# low bits) and one use of it (the rest); handle 0 names nothing pending
# (a differentiated start, which communicated at once: the wait returns its
# `pending` operand). A wait takes its slot out of the table under the
# lock and only then calls MPI on its requests, so no two threads ever use
# one MPI request.
#
# Progress. With MPI_THREAD_MULTIPLE, a progress thread tests the pending
# requests every MPICOLL_PROGRESS_US microseconds (default 1000; 0: never)
# while any are pending, and looks for some every millisecond otherwise, so
# that a message above MPI's eager limit moves while the program computes
# instead of at the wait (MPI progresses only inside MPI calls). It sleeps
# between tests, and a start does not wake it, so a request waited for at
# once pays for no thread switch. Each test takes the core from a rank's
# computation where ranks fill the cores: every 100 us it cost a 10 ms step
# 3 ms on 2 ranks of 2 cores; every 1000 us it costs nothing measurable
# (docs/design.md §6). A wait does not need its partner's progress to
# return (left_sends.pxi), so the longer interval loses little.

cdef extern from * nogil:
    """
    #include <pthread.h>
    #include <time.h>
    static pthread_mutex_t mpicoll_nb_mutex = PTHREAD_MUTEX_INITIALIZER;
    static pthread_cond_t mpicoll_nb_cond = PTHREAD_COND_INITIALIZER;
    static void mpicoll_nb_lock(void) { pthread_mutex_lock(&mpicoll_nb_mutex); }
    static void mpicoll_nb_unlock(void) { pthread_mutex_unlock(&mpicoll_nb_mutex); }
    static void mpicoll_nb_signal(void) { pthread_cond_signal(&mpicoll_nb_cond); }
    /* wait (lock held) for a signal or `us` microseconds */
    static void mpicoll_nb_sleep_locked(long us) {
        struct timespec t; clock_gettime(CLOCK_REALTIME, &t);
        t.tv_nsec += (us % 1000000) * 1000; t.tv_sec += us / 1000000 + t.tv_nsec / 1000000000;
        t.tv_nsec %= 1000000000;
        pthread_cond_timedwait(&mpicoll_nb_cond, &mpicoll_nb_mutex, &t);
    }
    static pthread_t mpicoll_nb_thread;
    static int mpicoll_nb_start_thread(void* (*fn)(void*)) {
        pthread_attr_t a; int r;
        pthread_attr_init(&a);
        r = pthread_create(&mpicoll_nb_thread, &a, fn, 0);
        pthread_attr_destroy(&a);
        return r;
    }
    static void mpicoll_nb_join_thread(void) { pthread_join(mpicoll_nb_thread, 0); }
    """
    void mpicoll_nb_lock()
    void mpicoll_nb_unlock()
    void mpicoll_nb_signal()
    void mpicoll_nb_sleep_locked(long us)
    int mpicoll_nb_start_thread(void* (*fn)(void*) noexcept nogil)
    void mpicoll_nb_join_thread()


# What a start posts (the `operation` attribute; ops/nonblocking.py's OPERATIONS).
cdef enum:
    NB_SENDRECV = 0
    NB_ALLREDUCE = 1
    NB_ALLTOALL = 2
    NB_ALLGATHER = 3
    NB_BCAST = 4

cdef enum:
    N_SLOTS = 1024              # requests pending at once in a process
    SLOT_BITS = 10
    IDLE_US = 1000              # how often the idle progress thread looks


ctypedef struct P2P:
    # a point-to-point request's messages (nonblocking_p2p.pxi)
    bint active                 # this is a point-to-point request
    int kind                    # the message kind of its sends and receives
    int source, dest            # MPI_PROC_NULL where it does not receive / send
    int sendtag, recvtag        # user tags
    MPI_Datatype stype
    int64_t nsend, sstep, ssize # elements sent, per chunk message, element size
    int64_t rchunk              # elements per chunk message received
    int nrecv                   # its receives are reqs[0 .. nrecv)
    bint sends_posted           # False while `link` holds them back
    int32_t link                # the start whose answer must be KIND_ACK first (0: none)
    bint answer_due, answered   # a differentiated receive answers once it matched
    bint reply_due              # a differentiated send is answered
    int reply                   # 0 until then, KIND_ACK or KIND_NOTICE
    int paired                  # MPI_SUCCESS or how the kinds disagree (PAIRING_*)
    int failed                  # the first MPI error a test saw (the wait reports it)


ctypedef struct Pending:
    int32_t handle              # 0: the slot is free
    bint done                   # the progress thread saw every request complete
    int nreqs
    MPI_Request* reqs
    MPI_Status* statuses
    int* expected               # elements each request receives; -1: a send or a collective
    char* sent                  # mpicoll's copy of what MPI sends (NULL: none)
    char* received              # where MPI writes what the wait returns (NULL: nothing)
    int64_t received_bytes
    MPI_Datatype rtype          # the element type received (point to point)
    int64_t rstep               # elements per chunk of a chunked receive; 0: not chunked
    int rtag                    # its wire tag
    MPI_Comm comm
    int rank, size, peer, tag   # for error messages
    const char* where
    bint taken                  # a wait has it (the slot keeps `handle` and `reply`)
    P2P msg                     # point to point: kinds, answers (nonblocking_p2p.pxi)


cdef Pending requests[N_SLOTS]
cdef int32_t next_use = 0
cdef int pending_count = 0
cdef long progress_us = 1000
cdef int progress_state = 0        # 0: no thread yet, 1: running, -1: none wanted or stopped
cdef bint progress_stopping = False


def set_progress_interval(long microseconds):
    """Microseconds between the progress thread's tests (0: no thread).
    Takes effect for a thread not yet started."""
    global progress_us
    progress_us = microseconds


def progress_interval():
    """Microseconds between the progress thread's tests (0: no thread)."""
    return progress_us


def progress_description():
    """How pending nonblocking operations progress, in words."""
    cdef int level = 0
    MPI_Query_thread(&level)
    if progress_us <= 0:
        return "at the wait only (MPICOLL_PROGRESS_US=0)"
    if level < MPI_THREAD_MULTIPLE:
        return "at the wait only (the progress thread needs MPI_THREAD_MULTIPLE)"
    state = {0: "not started yet", 1: "running", -1: "stopped"}[progress_state]
    return f"a thread tests them every {progress_us} us (MPICOLL_PROGRESS_US; {state})"


def pending_requests():
    """How many started operations have not been waited for."""
    return pending_count


cdef void* progress_main(void* arg) noexcept nogil:
    """Test every pending request now and then, so MPI moves their data
    while the program computes; sleep while none is pending."""
    cdef int i, flag
    cdef Pending* p
    mpicoll_nb_lock()
    while not progress_stopping:
        # Idle, it looks every IDLE_US for pending requests; a start does not
        # wake it: a request waited for at once (nothing to overlap) then
        # never pays for a thread switch, and one that stays pending is
        # tested from at most IDLE_US + progress_us after its start.
        mpicoll_nb_sleep_locked(IDLE_US if pending_count == 0 and left_count == 0
                                else progress_us)
        if progress_stopping:
            continue
        if left_count > 0:
            test_left_sends_locked()
        if pending_count == 0:
            continue
        for i in range(N_SLOTS):
            p = &requests[i]
            if p.handle == 0 or p.taken or p.done:
                continue
            if p.msg.active:
                p2p_advance(p, True)
            elif p.nreqs > 0:
                flag = 0
                if MPI_Testall(p.nreqs, p.reqs, &flag, p.statuses) == MPI_SUCCESS and flag:
                    p.done = True
    mpicoll_nb_unlock()
    return NULL


cdef void start_progress_thread() noexcept nogil:
    """Start the progress thread at the first start, if MPI allows threads
    to call it at once and an interval is set."""
    global progress_state
    cdef int level = 0
    if progress_state != 0:
        return
    progress_state = -1
    if progress_us <= 0 or MPI_Query_thread(&level) != MPI_SUCCESS or \
            level < MPI_THREAD_MULTIPLE:
        return
    if mpicoll_nb_start_thread(progress_main) == 0:
        progress_state = 1


def stop_progress():
    """Stop the progress thread (before MPI is finalised)."""
    global progress_stopping, progress_state
    with nogil:
        mpicoll_nb_lock()
        progress_stopping = True
        mpicoll_nb_signal()
        mpicoll_nb_unlock()
        if progress_state == 1:
            mpicoll_nb_join_thread()
        progress_state = -1


# --- request memory, reused ----------------------------------------------------
#
# A fresh malloc of a large buffer is fresh pages from the kernel, whose first
# touch faults and zeroes each page (a 16 MiB buffer costs milliseconds), and
# free gives them back. So the buffers of waited requests are kept, up to
# N_KEPT of them, and the next start takes the smallest one big enough.

cdef enum:
    N_KEPT = 16

ctypedef struct Kept:
    char* data
    size_t capacity

cdef Kept kept[N_KEPT]


cdef char* take_buffer(size_t nbytes) noexcept nogil:
    cdef int i, best = -1
    cdef char* data
    mpicoll_nb_lock()
    for i in range(N_KEPT):
        if kept[i].data != NULL and kept[i].capacity >= nbytes and \
                (best < 0 or kept[i].capacity < kept[best].capacity):
            best = i
    if best >= 0:
        data = kept[best].data
        kept[best].data = NULL
        mpicoll_nb_unlock()
        return data
    mpicoll_nb_unlock()
    # the capacity sits in front of the data
    cdef size_t* block = <size_t*>malloc(nbytes + 64)
    if block == NULL:
        return NULL
    block[0] = nbytes
    advise_huge_pages(<char*>block + 64, nbytes)
    return <char*>block + 64


cdef void give_buffer(char* data) noexcept nogil:
    mpicoll_nb_lock()
    give_buffer_locked(data)
    mpicoll_nb_unlock()


cdef void give_buffer_locked(char* data) noexcept nogil:
    """give_buffer, the table's lock held."""
    cdef int i, smallest = 0
    if data == NULL:
        return
    cdef size_t capacity = (<size_t*>(data - 64))[0]
    for i in range(N_KEPT):
        if kept[i].data == NULL:
            kept[i].data, kept[i].capacity = data, capacity
            return
        if kept[i].capacity < kept[smallest].capacity:
            smallest = i
    if kept[smallest].capacity < capacity:      # keep the larger one
        data, kept[smallest].data = kept[smallest].data, data
        kept[smallest].capacity = capacity
    free(data - 64)


def release_request_memory():
    """Free the kept buffers of waited requests (made again on demand)."""
    cdef int i
    with nogil:
        mpicoll_nb_lock()
        for i in range(N_KEPT):
            if kept[i].data != NULL:
                free(kept[i].data - 64)
                kept[i].data = NULL
        mpicoll_nb_unlock()


cdef void release(Pending* p) noexcept nogil:
    free(p.reqs)
    free(p.statuses)
    free(p.expected)
    give_buffer(p.sent)
    give_buffer(p.received)
    memset(p, 0, sizeof(Pending))


cdef int32_t publish(Pending* staged) noexcept nogil:
    """Put a posted operation into a free slot; its handle, or 0 if all
    N_SLOTS are in use."""
    global next_use, pending_count, p2p_attention
    cdef int32_t handle = 0
    cdef int k, slot
    mpicoll_nb_lock()
    for k in range(N_SLOTS):
        next_use = (next_use + 1) & 0x1FFFFF
        slot = next_use & (N_SLOTS - 1)
        if requests[slot].handle == 0:
            handle = ((next_use >> SLOT_BITS) + 1) << SLOT_BITS | slot
            requests[slot] = staged[0]
            requests[slot].handle = handle
            pending_count += 1
            if staged.msg.active and needs_attention(staged):
                p2p_attention += 1
            break
    mpicoll_nb_unlock()
    return handle


# Embedded handles. The derivative requests of ops/nonblocking.py (collective
# `istart_embedded`, `wait_embedded`) carry no handle operand: JAX passes a
# derivative between a start and its wait only as an array of the result's
# floating dtype, so the start writes a 16-bit code of its handle into every
# 2-byte unit of `pending` (whatever XLA then does to the array's layout,
# every unit still holds it) and the wait reads it back. Code 0 (an array of
# zeros: JAX's zero cotangent) names nothing pending.
cdef inline uint16_t embedded_code(int32_t handle) noexcept nogil:
    return <uint16_t>((((handle >> SLOT_BITS) % 63) + 1) << SLOT_BITS | (handle & (N_SLOTS - 1)))


cdef int32_t handle_of_code(uint16_t code) noexcept nogil:
    """The handle pending in the slot that `code` names, if its code is
    `code`; else -1 (which `take` finds nowhere)."""
    cdef int32_t handle
    mpicoll_nb_lock()
    handle = requests[code & (N_SLOTS - 1)].handle
    mpicoll_nb_unlock()
    return handle if handle != 0 and embedded_code(handle) == code else -1


cdef bint take(int32_t handle, Pending* out) noexcept nogil:
    """Take the operation of `handle` out of the table for its wait; False
    if none has it. The slot stays marked (`taken`, with the handle and the
    answer to its send) until `untake`: a derivative request held back by
    it (`gate_open`) must not take it for waited while the answer is still
    awaited, and the progress thread leaves it alone."""
    global pending_count, p2p_attention
    cdef Pending* p = &requests[handle & (N_SLOTS - 1)]
    cdef bint found = False
    mpicoll_nb_lock()
    if handle != 0 and p.handle == handle and not p.taken:
        out[0] = p[0]
        if p.msg.active and needs_attention(p):
            p2p_attention -= 1
        memset(p, 0, sizeof(Pending))
        p.handle, p.taken = handle, True
        p.msg.reply_due, p.msg.reply = out.msg.reply_due, out.msg.reply
        found = True
    mpicoll_nb_unlock()
    return found


cdef void untake(int32_t handle) noexcept nogil:
    """The wait of `handle` is over: free its slot."""
    global pending_count
    cdef Pending* p = &requests[handle & (N_SLOTS - 1)]
    mpicoll_nb_lock()
    if p.handle == handle and p.taken:
        memset(p, 0, sizeof(Pending))
        pending_count -= 1
    mpicoll_nb_unlock()


cdef bint add_request(Pending* p, int expected) noexcept nogil:
    """Room for one more MPI request in `p`: its slot is p.reqs[p.nreqs - 1]."""
    cdef int n = p.nreqs + 1
    cdef MPI_Request* reqs = <MPI_Request*>realloc(p.reqs, n * sizeof(MPI_Request))
    if reqs == NULL:
        return False
    p.reqs = reqs
    cdef MPI_Status* st = <MPI_Status*>realloc(p.statuses, n * sizeof(MPI_Status))
    if st == NULL:
        return False
    p.statuses = st
    cdef int* ex = <int*>realloc(p.expected, n * sizeof(int))
    if ex == NULL:
        return False
    p.expected = ex
    p.reqs[n - 1] = MPI_REQUEST_NULL
    p.expected[n - 1] = expected
    p.nreqs = n
    return True


cdef void cancel_posted(Pending* p) noexcept nogil:
    """After a failed start or wait: no request may stay in flight into
    memory that is about to be freed (as `cancel_pending`, point_to_point.pxi)."""
    cdef int i
    for i in range(p.nreqs):
        if p.reqs[i] != MPI_REQUEST_NULL:
            MPI_Cancel(&p.reqs[i])
            if p.expected[i] >= 0:
                MPI_Wait(&p.reqs[i], MPI_STATUS_IGNORE)
            else:
                MPI_Request_free(&p.reqs[i])


# --- what each start posts ------------------------------------------------------

cdef enum:
    WHOLE_CHUNK_ROOM_MAX = 1 << 20


cdef inline bint whole_chunk_room(int64_t n, int64_t step, int64_t isz) noexcept nogil:
    """Whether a receive of `n` elements gets room for a whole chunk of
    `step` in each of its pieces: always when chunked, and when one chunk is
    small (a low chunk limit), so that a chunked message meeting an
    unchunked receive is recognised too."""
    return n >= step or step * isz <= WHOLE_CHUNK_ROOM_MAX


cdef int post_elementwise(Call* c, Pending* p, MPI_Datatype t, int64_t isz, MPI_Op op,
                          bint reducing) noexcept nogil:
    """Iallreduce (in place) or Ibcast of `p.received`, in chunks."""
    cdef int64_t start = 0, count = 0
    cdef int ierr
    while next_chunk(&start, &count, num_elements(c.args[0]), chunk_elements(c, isz)):
        if not add_request(p, -1):
            return MPI_ERR_NO_MEM
        if reducing:
            ierr = MPI_Iallreduce(MPI_IN_PLACE, p.received + start * isz, <int>count, t, op,
                                  c.comm, &p.reqs[p.nreqs - 1])
        else:
            ierr = MPI_Ibcast(p.received + start * isz, <int>count, t,
                              <int>c.attr[ATTR_ROOT], c.comm, &p.reqs[p.nreqs - 1])
        if ierr != MPI_SUCCESS:
            return ierr
    return MPI_SUCCESS


cdef int post_blocks(Call* c, Pending* p, MPI_Datatype t, int64_t isz, int64_t block,
                     bint all_to_all) noexcept nogil:
    """Ialltoall (`p.sent` to `p.received`) or Iallgather (in place in
    `p.received`) of blocks of `block` elements, one element slice of every
    block per call when a block exceeds the chunk limit (as `block_rounds`)."""
    cdef int64_t step = chunk_elements(c, isz), start = 0, count = 0
    cdef MPI_Datatype piece, strided
    cdef int ierr
    if block == 0:
        return MPI_SUCCESS
    while next_chunk(&start, &count, block, step):
        if block <= step:
            piece, strided = t, t
        else:
            ierr = MPI_Type_contiguous(<int>count, t, &piece)
            if ierr == MPI_SUCCESS:
                ierr = MPI_Type_create_resized(piece, 0, <MPI_Aint>(block * isz), &strided)
            if ierr == MPI_SUCCESS:
                ierr = MPI_Type_commit(&strided)
            if ierr != MPI_SUCCESS:
                return ierr
        if not add_request(p, -1):
            ierr = MPI_ERR_NO_MEM
        elif all_to_all:
            ierr = MPI_Ialltoall(p.sent + start * isz, 1 if block > step else <int>block,
                                 strided, p.received + start * isz,
                                 1 if block > step else <int>block, strided, c.comm,
                                 &p.reqs[p.nreqs - 1])
        else:
            ierr = MPI_Iallgather(MPI_IN_PLACE, 0, MPI_DATATYPE_NULL, p.received + start * isz,
                                  1 if block > step else <int>block, strided, c.comm,
                                  &p.reqs[p.nreqs - 1])
        if block > step:
            MPI_Type_free(&strided)       # freed when the operation no longer needs it
            MPI_Type_free(&piece)
        if ierr != MPI_SUCCESS:
            return ierr
    return MPI_SUCCESS


cdef int istart(Call* c) noexcept nogil:
    """Post the operation and publish it: operands (data[, receive
    template[, the start whose answer a derivative request waits for]]);
    results (handle, pending), or (pending) alone with the handle embedded
    in it. `pending` is otherwise left unwritten: the wait writes the result
    over it. (A point-to-point derivative request's `pending` may stand for
    what it sends rather than what it receives: nonblocking_p2p.pxi.)"""
    cdef int operation = <int>c.attr[ATTR_OPERATION]
    cdef XLA_FFI_Buffer* x = c.args[0]
    cdef XLA_FFI_Buffer* pend = c.rets[c.nrets - 1]
    # what a point-to-point start receives: its template's shape
    cdef XLA_FFI_Buffer* into = c.args[1] if operation == NB_SENDRECV else pend
    cdef bint embedded = c.nrets == 1
    cdef int64_t k
    cdef MPI_Datatype t
    cdef MPI_Op op = MPI_OP_NULL
    cdef int64_t isz, nbytes = data_bytes(x)
    cdef Pending p
    cdef int ierr
    memset(&p, 0, sizeof(Pending))
    p.rank, p.size, p.peer, p.tag, p.where = c.rank, c.size, -1, -1, c.where
    p.comm = c.comm
    if not datatype(c, x, &t, &isz):
        return MPI_ERR_TYPE
    if operation == NB_ALLREDUCE and not reduction(c, x, &op):
        return MPI_ERR_TYPE
    p.received_bytes = data_bytes(into)
    cdef int64_t room = p.received_bytes
    cdef int64_t rsize = item_size(into.dtype), rstep = chunk_elements(c, rsize)
    if operation == NB_SENDRECV and whole_chunk_room(num_elements(into), rstep, rsize):
        room = (num_elements(into) // rstep + 1) * rstep * rsize
    elif operation == NB_SENDRECV:
        room += rsize           # one element more: post_p2p
    p.received = take_buffer(room + 1)
    if operation == NB_SENDRECV or operation == NB_ALLTOALL:
        p.sent = take_buffer(nbytes + 1)
        if p.sent != NULL:
            memcpy(p.sent, x.data, nbytes)
    if p.received == NULL or (p.sent == NULL and (operation == NB_SENDRECV or
                                                  operation == NB_ALLTOALL)):
        release(&p)
        return MPI_ERR_NO_MEM
    if operation == NB_SENDRECV and <int>c.attr[ATTR_SOURCE] == MPI_PROC_NULL:
        # nothing arrives: the result is the receive template, as MPI leaves it
        if embedded:           # `pending` gets the code: the wait copies it back
            memcpy(p.received, into.data, p.received_bytes)
        else:
            copy_buffer(pend, into, p.received_bytes)
            p.received_bytes = 0
    if operation == NB_ALLREDUCE or (operation == NB_BCAST and c.rank == <int>c.attr[ATTR_ROOT]):
        memcpy(p.received, x.data, nbytes)
    elif operation == NB_ALLGATHER:
        memcpy(p.received + c.rank * nbytes, x.data, nbytes)

    if operation == NB_SENDRECV:
        ierr = post_p2p(c, &p)
    elif operation == NB_ALLREDUCE or operation == NB_BCAST:
        ierr = post_elementwise(c, &p, t, isz, op, operation == NB_ALLREDUCE)
    else:
        ierr = post_blocks(c, &p, t, isz, num_elements(x) // c.size if operation == NB_ALLTOALL
                           else num_elements(x), operation == NB_ALLTOALL)
    if ierr != MPI_SUCCESS:
        cancel_posted(&p)
        release(&p)
        return ierr
    start_progress_thread()
    cdef int32_t handle = publish(&p)
    if handle == 0:
        cancel_posted(&p)
        release(&p)
        snprintf(c.text, sizeof(c.text), "mpicoll: %s on rank %d: more than %d nonblocking "
                 "operations are pending in this process; wait for some before starting more",
                 c.where, c.rank, <int>N_SLOTS)
        c.message = c.text
        return MPI_ERR_OTHER
    cdef uint16_t code = embedded_code(handle)
    if embedded:
        for k in range(data_bytes(pend) // 2):
            (<uint16_t*>pend.data)[k] = code
    else:
        (<int32_t*>c.rets[0].data)[0] = handle
    return MPI_SUCCESS


cdef int chunked_receives(Pending* p) noexcept nogil:
    """Complete a point-to-point operation's chunked receive, also when the
    message has another size than expected: the receives in order (MPI
    matches them in order; some may have completed already), the remaining
    ones cancelled after a short chunk ended the message early, the rest of
    a longer message received and dropped. The sizes are checked by the
    caller."""
    cdef int i, count = 0, last = -1, ierr = MPI_SUCCESS
    for i in range(p.msg.nrecv):
        if p.expected[i] == -2:                 # cancelled: the message ended before
            continue
        if p.reqs[i] != MPI_REQUEST_NULL:
            ierr = MPI_Wait(&p.reqs[i], &p.statuses[i])
            if ierr != MPI_SUCCESS:
                return ierr
        last = i
        MPI_Get_count(&p.statuses[i], p.rtype, &count)
        if count < p.rstep and i < p.msg.nrecv - 1:   # the last chunk came early
            cancel_receives(p, i + 1, p.msg.nrecv)
    if last < 0:
        return MPI_SUCCESS
    MPI_Get_count(&p.statuses[last], p.rtype, &count)
    # the last receive got a whole chunk: the rest of a longer message follows
    return drop_chunks(p.peer, p.rtag, p.rtype, p.rstep, p.comm, count)


cdef void cancel_receives(Pending* p, int first, int end) noexcept nogil:
    cdef int i
    cdef MPI_Status st
    for i in range(first, end):
        if p.reqs[i] != MPI_REQUEST_NULL:
            MPI_Cancel(&p.reqs[i])
            MPI_Wait(&p.reqs[i], &st)
        p.statuses[i].MPI_ERROR = MPI_SUCCESS
        p.expected[i] = -2          # cancelled: not a size mismatch of its own
        p.statuses[i].MPI_SOURCE = MPI_PROC_NULL


cdef void describe_request(Call* c, const Pending* p, const XLA_FFI_Buffer* result) noexcept nogil:
    """What an error of the wait names: the start's operation, its peers and
    tags, and the array the wait returns (its operand is only the handle)."""
    c.where = p.where
    c.described = result
    if p.msg.active:
        c.attr[ATTR_SOURCE], c.present[ATTR_SOURCE] = p.msg.source, p.msg.source != MPI_PROC_NULL
        c.attr[ATTR_RECVTAG], c.present[ATTR_RECVTAG] = p.msg.recvtag, p.msg.source != MPI_PROC_NULL
        c.attr[ATTR_DEST], c.present[ATTR_DEST] = p.msg.dest, p.msg.dest != MPI_PROC_NULL
        c.attr[ATTR_SENDTAG], c.present[ATTR_SENDTAG] = p.msg.sendtag, p.msg.dest != MPI_PROC_NULL


cdef int iwait(Call* c) noexcept nogil:
    """Complete the operation of the handle (operand 0) and write its
    result over `pending` (operand 1, whose memory the result shares where
    XLA allows); handle 0, or a start that receives nothing (its `pending`
    holds the result already): the result is `pending` itself. With one
    operand, `pending` holds the handle's embedded code (code 0: nothing
    pending, a zero derivative). A second result (a point-to-point
    derivative request that stands for what it sends) gets the data sent
    where it went nowhere, zeros elsewhere."""
    cdef XLA_FFI_Buffer* pend = c.args[c.nargs - 1]
    cdef uint16_t code = 0
    cdef int32_t handle
    if c.nargs == 1:
        if data_bytes(pend) >= 2:
            memcpy(&code, pend.data, 2)
        handle = 0 if code == 0 else handle_of_code(code)
    else:
        handle = (<int32_t*>c.args[0].data)[0]
    cdef XLA_FFI_Buffer* result = c.rets[0]
    cdef Pending p
    cdef int i, ierr = MPI_SUCCESS
    if handle == 0:
        if data_bytes(result) == data_bytes(pend):
            copy_buffer(result, pend, data_bytes(result))
        else:
            memset(result.data, 0, data_bytes(result))
        if c.nrets == 2:
            memset(c.rets[1].data, 0, data_bytes(c.rets[1]))
        return MPI_SUCCESS
    if not take(handle, &p):
        snprintf(c.text, sizeof(c.text),
                 "mpicoll: wait on rank %d: request %d is not pending in this process "
                 "(it was waited for already, or started in another process)", c.rank,
                 <int>(handle if c.nargs == 2 else code))
        c.message = c.text
        return MPI_ERR_OTHER
    describe_request(c, &p, result)
    cdef bint direct = False
    if p.msg.active and c.nrets == 1 and c.nargs == 2:
        ierr = receive_into_result(&p, result, &direct)
    if p.msg.active and ierr == MPI_SUCCESS:
        ierr = complete_p2p(&p, handle)
        if ierr == MPI_SUCCESS and p.msg.paired == MPI_SUCCESS and p.rstep > 0:
            ierr = chunked_receives(&p)
        if ierr == MPI_SUCCESS:
            ierr = wait_each(&p, 0, p.msg.nrecv)
        if ierr == MPI_SUCCESS:
            ierr = p2p_outcome(c, &p)
            if ierr != MPI_SUCCESS:
                wait_each(&p, 0, p.nreqs)     # the partner expects its sends all the same
    elif not p.done and p.nreqs > 0:
        ierr = MPI_Waitall(p.nreqs, p.reqs, p.statuses)
        if ierr == MPI_ERR_IN_STATUS:
            for i in range(p.nreqs):
                if p.statuses[i].MPI_ERROR != MPI_SUCCESS and \
                        p.statuses[i].MPI_ERROR != MPI_ERR_PENDING:
                    ierr = p.statuses[i].MPI_ERROR
                    break
    if ierr != MPI_SUCCESS:
        cancel_posted(&p)
        if p.msg.active:
            abandon_held_back(handle, p.msg.reply)
    elif direct:
        pass                                # received into `result` itself
    elif p.received_bytes > 0:
        copy_bytes(result.data, p.received, p.received_bytes)
    else:
        copy_buffer(result, pend, data_bytes(result))
    if ierr == MPI_SUCCESS and c.nrets == 2:
        if p.msg.dest == MPI_PROC_NULL:
            memcpy(c.rets[1].data, p.sent, data_bytes(c.rets[1]))
        else:
            memset(c.rets[1].data, 0, data_bytes(c.rets[1]))
    if ierr == MPI_SUCCESS and p.msg.active:
        ierr = leave_sends(&p)              # left_sends.pxi: they complete later
    untake(handle)
    release(&p)
    if ierr == MPI_SUCCESS and (left_count > 0 or left_error != MPI_SUCCESS):
        ierr = left_send_failure(c)
    return ierr
