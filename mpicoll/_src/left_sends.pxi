# Sends that a wait leaves in flight (included by _ffi.pyx after
# nonblocking_p2p.pxi).
#
# A point-to-point wait returns once its result is there: its receives are
# complete and the message-kinds protocol is done. Its sends read only the
# request's own copy of the operand (`sent`), so neither the result nor
# XLA's memory needs them complete. Waiting for them anyway makes a rank
# wait until its partner has *received*. With a late partner that is the
# partner's own wait, after all of its computation: a large message needs
# the receiver's MPI to move it, and a busy partner's progress thread
# hardly runs (a 16 MiB exchange with a partner 10 ms late then took as
# long started early as blocking; docs/design.md §6, "Sends").
#
# So a wait leaves the sends still in flight here, with their buffer, as
# MPI's buffered send (MPI_Ibsend) leaves a message in its attached buffer.
# The progress thread and every later wait test them, and the exit hook
# completes them before MPI is finalised (dispatched_work.py). Order is
# unaffected: MPI delivers one rank's messages to one destination in the
# order they were sent, complete or not. A send that fails after its wait
# returned is reported by the next wait in this process.

cdef enum:
    N_LEFT = 256        # requests' sends left at once; beyond that a wait completes its own


ctypedef struct LeftSends:
    int nreqs           # 0: the entry is free
    MPI_Request* reqs
    char* sent          # the request's buffer (`take_buffer`), given back when complete
    int rank, dest, tag
    const char* where


cdef LeftSends left[N_LEFT]
cdef int left_count = 0
cdef int left_error = MPI_SUCCESS       # the first failure of a left send ...
cdef LeftSends left_failed              # ... and whose it was (reported by the next wait)


cdef int leave_sends(Pending* p) noexcept nogil:
    """A point-to-point wait's receives are complete: its sends still in
    flight (requests from p.reqs[p.msg.nrecv] on) complete later, taking
    `p.sent` with them; or here, if N_LEFT requests' sends are left already."""
    global left_count
    cdef int i, k, n = 0, flag = 0, ierr
    for i in range(p.msg.nrecv, p.nreqs):
        if p.reqs[i] != MPI_REQUEST_NULL:
            n += 1
    if n == 0:
        return MPI_SUCCESS
    cdef MPI_Request* reqs = <MPI_Request*>malloc(n * sizeof(MPI_Request))
    if reqs == NULL:
        return wait_each(p, 0, p.nreqs)
    k = 0
    for i in range(p.msg.nrecv, p.nreqs):
        if p.reqs[i] != MPI_REQUEST_NULL:
            reqs[k] = p.reqs[i]
            p.reqs[i] = MPI_REQUEST_NULL
            k += 1
    ierr = MPI_Testall(n, reqs, &flag, MPI_STATUSES_IGNORE)
    if ierr != MPI_SUCCESS or flag:
        free(reqs)
        return ierr
    mpicoll_nb_lock()
    for i in range(N_LEFT):
        if left[i].nreqs == 0:
            left[i].nreqs, left[i].reqs, left[i].sent = n, reqs, p.sent
            left[i].rank, left[i].dest, left[i].tag = p.rank, p.msg.dest, p.msg.sendtag
            left[i].where = p.where
            left_count += 1
            p.sent = NULL
            mpicoll_nb_unlock()
            return MPI_SUCCESS
    mpicoll_nb_unlock()
    ierr = MPI_Waitall(n, reqs, MPI_STATUSES_IGNORE)
    free(reqs)
    return ierr


cdef void test_left_sends_locked() noexcept nogil:
    """Test every left send (the table's lock held); free those complete.
    A failed one is noted for the next wait and dropped; its buffer is not
    reused (MPI may still read it)."""
    global left_count, left_error
    cdef int i, k, flag, ierr
    for i in range(N_LEFT):
        if left[i].nreqs == 0:
            continue
        flag = 0
        ierr = MPI_Testall(left[i].nreqs, left[i].reqs, &flag, MPI_STATUSES_IGNORE)
        if ierr != MPI_SUCCESS:
            if left_error == MPI_SUCCESS:
                left_error, left_failed = ierr, left[i]
            for k in range(left[i].nreqs):
                if left[i].reqs[k] != MPI_REQUEST_NULL:
                    MPI_Request_free(&left[i].reqs[k])
        elif flag:
            give_buffer_locked(left[i].sent)
        else:
            continue
        free(left[i].reqs)
        memset(&left[i], 0, sizeof(LeftSends))
        left_count -= 1


cdef int left_send_failure(Call* c) noexcept nogil:
    """After a wait: a left send's failure, seen since the last report, as
    this wait's error (MPI_SUCCESS if none)."""
    global left_error
    cdef char text[ERROR_TEXT_BYTES]
    cdef int ierr
    cdef LeftSends failed
    mpicoll_nb_lock()
    if left_count > 0:
        test_left_sends_locked()
    ierr, failed = left_error, left_failed
    left_error = MPI_SUCCESS
    mpicoll_nb_unlock()
    if ierr == MPI_SUCCESS:
        return ierr
    mpi_error_text(ierr, text)
    snprintf(c.text, sizeof(c.text),
             "mpicoll: %s on rank %d: its send to rank %d (tag %d) failed after its wait had "
             "returned (a wait leaves its sends to complete later; this later wait reports "
             "it): %s", failed.where, failed.rank, failed.dest, failed.tag, text)
    c.message = c.text
    return MPI_ERR_OTHER


def test_left_sends():
    """Test the sends that waits left in flight; how many requests' sends
    are still in flight."""
    cdef int n
    with nogil:
        mpicoll_nb_lock()
        if left_count > 0:
            test_left_sends_locked()
        n = left_count
        mpicoll_nb_unlock()
    return n


def left_sends():
    """(operation, rank, destination, tag) of each request's sends still in flight."""
    found = []
    mpicoll_nb_lock()
    for i in range(N_LEFT):
        if left[i].nreqs:
            found.append((left[i].where.decode(), left[i].rank, left[i].dest, left[i].tag))
    mpicoll_nb_unlock()
    return found


def drop_left_sends():
    """Cancel and free the sends still in flight (at exit, when their
    destinations did not receive them in time); their buffers are not freed."""
    global left_count
    cdef int i, k
    with nogil:
        mpicoll_nb_lock()
        for i in range(N_LEFT):
            for k in range(left[i].nreqs):
                if left[i].reqs[k] != MPI_REQUEST_NULL:
                    MPI_Cancel(&left[i].reqs[k])
                    MPI_Request_free(&left[i].reqs[k])
            if left[i].nreqs:
                free(left[i].reqs)
                memset(&left[i], 0, sizeof(LeftSends))
        left_count = 0
        mpicoll_nb_unlock()
