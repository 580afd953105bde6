# Nonblocking point-to-point messages (included by _ffi.pyx after
# nonblocking.pxi): what `isendrecv`, `isend` and `irecv` post, and how
# their messages keep the message kinds of blocking ones
# (point_to_point.pxi, "message kinds"), so that they pair with blocking
# sends and receives, and a pairing of ranks that do not both
# differentiate fails on both ranks instead of hanging:
#
# * Receives are posted at the start with the exact MPI tag of their own
#   kind. A message of the other differentiation state (kind
#   ^ KIND_DIFFERENTIATED) from the same source and user tag is looked for
#   while the wait polls; when one is there, the receives are cancelled,
#   that message is received whole and dropped, answered KIND_NOTICE if it
#   was differentiated, and the wait reports the disagreement.
# * A differentiated receive answers KIND_ACK once its first message has
#   arrived: in the progress thread, or in whichever wait or blocking
#   point-to-point operation polls first (`progress_p2p`), so two ranks
#   that each wait for the other's answer are both answered. A
#   differentiated send's wait waits for its answer, and raises on
#   KIND_NOTICE, as a blocking send does.
# * The derivative request that the JVP of a start posts on the tangents
#   (`link`: that start) posts its receives at once but holds its sends back
#   until the start's own differentiated message has been answered KIND_ACK
#   (or the start was waited for): a tangent never goes to a rank that does
#   not differentiate, so nothing is left in flight after that error. If the
#   start's wait fails, its held-back derivative requests are dropped
#   (`abandon_held_back`).
#
# Without a progress thread, a rank answers only inside mpicoll's waits
# and point-to-point operations: a rank blocked in another MPI call (a
# collective) leaves the differentiated send of its partner unanswered
# until it returns (docs/design.md, "Nonblocking operations").

cdef int p2p_attention = 0     # pending requests for which `progress_p2p` has work

cdef enum:
    DISAGREEMENT_POLLS = 16    # a wait looks for a message of the other kind this often


cdef inline bint needs_attention(const Pending* p) noexcept nogil:
    """Whether a pending point-to-point request needs someone to act before
    its wait: answer its differentiated receive, take the answer to its
    differentiated send, post its held-back sends."""
    return (p.msg.kind & KIND_DIFFERENTIATED) != 0 or p.msg.link != 0


cdef int post_p2p(Call* c, Pending* p) noexcept nogil:
    """Irecv from `source` into `p.received` and Isend the operand's copy to
    `dest` (unless held back: `gate_open`), each as the chunk messages of
    the blocking sendrecv's protocol (a message of n >= chunk elements is
    n // chunk + 1 messages, the last one short), so that a blocking `recv`
    receives an `isend` and an `irecv` a blocking `send`. The receive must
    be exactly the size sent: another size is an error at the wait.
    Operands: data, receive template[, the start whose answer the sends
    wait for]."""
    cdef P2P* m = &p.msg
    cdef int64_t n, start, count, messages, k, isz, step
    cdef int ierr
    cdef MPI_Datatype t
    m.active = True
    m.kind = <int>c.attr[ATTR_KIND]
    m.source, m.dest = <int>c.attr[ATTR_SOURCE], <int>c.attr[ATTR_DEST]
    m.sendtag, m.recvtag = <int>c.attr[ATTR_SENDTAG], <int>c.attr[ATTR_RECVTAG]
    m.link = (<int32_t*>c.args[2].data)[0] if c.nargs == 3 else 0
    m.paired = MPI_SUCCESS
    p.peer = m.source if m.source != MPI_PROC_NULL else m.dest
    p.tag = m.recvtag if m.source != MPI_PROC_NULL else m.sendtag
    if m.source != MPI_PROC_NULL:
        if not datatype(c, c.args[1], &t, &isz):
            return MPI_ERR_TYPE
        p.rtype, p.rtag = t, m.recvtag * KIND_SPAN + m.kind
        n = num_elements(c.args[1])
        step = chunk_elements(c, isz)
        m.rchunk = step
        messages = n // step + 1 if n >= step else 1
        if whole_chunk_room(n, step, isz):
            p.rstep = step
        for k in range(messages):
            start = k * step
            count = min(step, n - start) if n >= step else n
            if not add_request(p, <int>count):
                return MPI_ERR_NO_MEM
            # a chunked receive has room for a whole chunk in each piece, so
            # a message of another size ends early or goes on
            # (`chunked_receives`) instead of being truncated; a single one
            # has room for one element more, so that a longer message shows
            # in its count even where MPI cuts it silently (Open MPI does
            # so for a message a process sends itself)
            ierr = MPI_Irecv(p.received + start * isz, <int>(step if p.rstep else count + 1),
                             t, m.source, p.rtag, c.comm, &p.reqs[p.nreqs - 1])
            if ierr != MPI_SUCCESS:
                return ierr
        m.nrecv = <int>messages
        m.answer_due = (m.kind & KIND_DIFFERENTIATED) != 0
    if m.dest != MPI_PROC_NULL:
        if not datatype(c, c.args[0], &m.stype, &m.ssize):
            return MPI_ERR_TYPE
        m.nsend = num_elements(c.args[0])
        m.sstep = chunk_elements(c, m.ssize)
        m.reply_due = (m.kind & KIND_DIFFERENTIATED) != 0
    if gate_open(p, False):
        return post_p2p_sends(p)
    return MPI_SUCCESS


cdef int post_p2p_sends(Pending* p) noexcept nogil:
    """Isend the chunk messages of `p.sent` to its destination."""
    cdef P2P* m = &p.msg
    cdef int64_t start, count, k, messages
    cdef int ierr
    m.sends_posted = True
    if m.dest == MPI_PROC_NULL:
        return MPI_SUCCESS
    messages = m.nsend // m.sstep + 1 if m.nsend >= m.sstep else 1
    for k in range(messages):
        start = k * m.sstep
        count = min(m.sstep, m.nsend - start) if m.nsend >= m.sstep else m.nsend
        if not add_request(p, -1):
            return MPI_ERR_NO_MEM
        ierr = MPI_Isend(p.sent + start * m.ssize, <int>count, m.stype, m.dest,
                         m.sendtag * KIND_SPAN + m.kind, p.comm, &p.reqs[p.nreqs - 1])
        if ierr != MPI_SUCCESS:
            return ierr
    return MPI_SUCCESS


cdef bint gate_open(const Pending* p, bint locked) noexcept nogil:
    """Whether `p` may post its sends: it holds none back, or the start it
    waits for is no longer pending (waited for without error), sends no
    differentiated message, or has been answered KIND_ACK."""
    if p.msg.link == 0:
        return True
    if not locked:
        mpicoll_nb_lock()
    cdef const Pending* q = &requests[p.msg.link & (N_SLOTS - 1)]
    cdef bint is_open = q.handle != p.msg.link or not q.msg.reply_due or \
        q.msg.reply == KIND_ACK
    if not locked:
        mpicoll_nb_unlock()
    return is_open


cdef int p2p_advance(Pending* p, bint locked) noexcept nogil:
    """Everything `p` can do without waiting: test its requests (each keeps
    its own status), answer its differentiated receive once it matched,
    post held-back sends once allowed, take the answer to its
    differentiated send. `locked`: the caller holds the table's lock."""
    cdef P2P* m = &p.msg
    cdef int i, answer, flag = 0, ierr = MPI_SUCCESS
    cdef MPI_Status st
    if m.failed != MPI_SUCCESS:
        return m.failed
    for i in range(p.nreqs):
        if p.reqs[i] != MPI_REQUEST_NULL:
            ierr = MPI_Test(&p.reqs[i], &flag, &p.statuses[i])
            if ierr != MPI_SUCCESS:
                # the request completed with this error (a truncated
                # receive): kept for the wait, which may not be this thread
                m.failed = ierr
                return ierr
    if m.answer_due and not m.answered and m.nrecv > 0 and p.reqs[0] == MPI_REQUEST_NULL \
            and p.expected[0] >= 0:
        ierr = send_answer(p, KIND_ACK)
        if ierr != MPI_SUCCESS:
            return ierr
    if not m.sends_posted and gate_open(p, locked):
        ierr = post_p2p_sends(p)
        if ierr != MPI_SUCCESS:
            return ierr
    if m.reply_due and m.reply == 0 and m.sends_posted:
        for i in range(2):
            answer = KIND_ACK if i == 0 else KIND_NOTICE
            ierr = MPI_Iprobe(m.dest, m.sendtag * KIND_SPAN + answer, p.comm, &flag, &st)
            if ierr == MPI_SUCCESS and flag:
                ierr = MPI_Recv(NULL, 0, MPI_BYTE, m.dest, st.MPI_TAG, p.comm,
                                MPI_STATUS_IGNORE)
                if ierr == MPI_SUCCESS:
                    m.reply = answer
            if ierr != MPI_SUCCESS or flag:
                break
    return ierr


cdef int send_answer(Pending* p, int answer) noexcept nogil:
    """Answer the differentiated message `p` received (KIND_ACK or KIND_NOTICE)."""
    if not add_request(p, -1):
        return MPI_ERR_NO_MEM
    p.msg.answered = True
    return MPI_Isend(NULL, 0, MPI_BYTE, p.msg.source, p.msg.recvtag * KIND_SPAN + answer,
                     p.comm, &p.reqs[p.nreqs - 1])


cdef void progress_p2p() noexcept nogil:
    """Advance every pending point-to-point request (answers, held-back
    sends); called by polling loops while some need it (`p2p_attention`)."""
    cdef int i
    mpicoll_nb_lock()
    for i in range(N_SLOTS):
        if requests[i].handle != 0 and not requests[i].taken and requests[i].msg.active:
            p2p_advance(&requests[i], True)
    mpicoll_nb_unlock()


cdef int hand_over_reply(int source, int wire_tag, MPI_Comm comm) noexcept nogil:
    """A blocking point-to-point operation looking for its message found
    this reply from `source` first, and it answers another operation's
    differentiated send: receive it for the pending request that sent that
    message (same communicator, destination and user tag), whose wait would
    otherwise wait forever. (Blocking operations look with MPI_ANY_TAG, and
    their own replies come in the same way.) Left alone while a wait in
    another thread may be about to take it; dropped when no request awaits
    it (the reply to a request whose wait failed)."""
    cdef int i, flag = 0
    cdef Pending* p
    cdef Pending* owner = NULL
    cdef bint taken_elsewhere = False
    mpicoll_nb_lock()
    # under the lock, so that the progress thread cannot take it meanwhile
    cdef int ierr = MPI_Iprobe(source, wire_tag, comm, &flag, MPI_STATUS_IGNORE)
    if ierr == MPI_SUCCESS and flag:
        for i in range(N_SLOTS):
            p = &requests[i]
            if p.handle == 0 or not p.msg.reply_due or p.msg.reply != 0:
                continue
            if p.taken:
                taken_elsewhere = True
            elif p.msg.active and p.msg.sends_posted and p.comm == comm and \
                    p.msg.dest == source and p.msg.sendtag == wire_tag // KIND_SPAN:
                owner = p
                break
        if owner != NULL or not taken_elsewhere:
            ierr = MPI_Recv(NULL, 0, MPI_BYTE, source, wire_tag, comm, MPI_STATUS_IGNORE)
            if ierr == MPI_SUCCESS and owner != NULL:
                owner.msg.reply = wire_tag % KIND_SPAN
    mpicoll_nb_unlock()
    return ierr


cdef int find_disagreement(Pending* p, bint* found) noexcept nogil:
    """Whether a message of the other differentiation state waits where
    `p`'s first receive (not yet matched) expects its message: then cancel
    the receives, receive that message whole and drop it, answer it
    KIND_NOTICE if it is differentiated, and note the disagreement."""
    cdef P2P* m = &p.msg
    cdef int other = m.kind ^ KIND_DIFFERENTIATED
    cdef int flag = 0, cancelled = 0, ierr
    cdef MPI_Status st
    found[0] = False
    ierr = MPI_Iprobe(m.source, m.recvtag * KIND_SPAN + other, p.comm, &flag, &st)
    if ierr != MPI_SUCCESS or not flag:
        return ierr
    ierr = MPI_Cancel(&p.reqs[0])
    if ierr == MPI_SUCCESS:
        ierr = MPI_Wait(&p.reqs[0], &st)
    if ierr == MPI_SUCCESS:
        ierr = MPI_Test_cancelled(&st, &cancelled)
    if ierr != MPI_SUCCESS:
        return ierr
    if not cancelled:              # its own message came meanwhile: no disagreement
        p.statuses[0] = st
        return MPI_SUCCESS
    p.expected[0] = -2
    cancel_receives(p, 1, m.nrecv)
    # that send's chunk messages, all of them (as if one whole chunk came before)
    ierr = drop_chunks(m.source, m.recvtag * KIND_SPAN + other, p.rtype, m.rchunk, p.comm,
                       <int>m.rchunk)
    if ierr != MPI_SUCCESS:
        return ierr
    if other & KIND_DIFFERENTIATED:
        ierr = MPI_Send(NULL, 0, MPI_BYTE, m.source, m.recvtag * KIND_SPAN + KIND_NOTICE,
                        p.comm)
    m.answer_due = False
    m.paired = pairing(other, m.kind)
    found[0] = True
    return ierr


cdef void publish_reply(int32_t handle, int reply) noexcept nogil:
    """Show the answer a waited start got to requests held back by it."""
    cdef Pending* q = &requests[handle & (N_SLOTS - 1)]
    mpicoll_nb_lock()
    if q.handle == handle and q.taken:
        q.msg.reply = reply
    mpicoll_nb_unlock()


cdef int complete_p2p(Pending* p, int32_t handle) noexcept nogil:
    """The wait's part of the kinds protocol: poll until the first receive
    has its message (or a disagreement was found), the sends are posted and
    a differentiated send has its answer; other pending requests are
    advanced meanwhile. The data itself is completed by the caller."""
    cdef P2P* m = &p.msg
    cdef int ierr, polls = 0
    cdef bint receiving, found
    while True:
        ierr = p2p_advance(p, False)
        if ierr != MPI_SUCCESS:
            return ierr
        if m.reply != 0:
            publish_reply(handle, m.reply)
        receiving = m.nrecv > 0 and p.reqs[0] != MPI_REQUEST_NULL and p.expected[0] >= 0
        # a disagreement is rare and an MPI_Iprobe costs about what a test
        # does: look every DISAGREEMENT_POLLS polls, so a wait that only
        # tests its own requests stays about as fast as MPI_Waitall
        if receiving and m.paired == MPI_SUCCESS and polls % DISAGREEMENT_POLLS == 1:
            ierr = find_disagreement(p, &found)
            if ierr != MPI_SUCCESS:
                return ierr
            receiving = not found and p.reqs[0] != MPI_REQUEST_NULL
        if not receiving and m.sends_posted and (not m.reply_due or m.reply != 0):
            return MPI_SUCCESS
        polls = yield_now_and_then(polls)


cdef enum:
    DIRECT_MIN_BYTES = 1 << 16  # below, a message's copy costs less than MPI_Cancel

cdef long direct_receives = 0   # how many waits received into their result (tests)


def receives_into_results():
    """How many waits have received straight into their result so far."""
    return direct_receives


cdef int receive_into_result(Pending* p, XLA_FFI_Buffer* result, bint* direct) noexcept nogil:
    """At the wait: if `p`'s receive has not matched a message yet (a late
    partner, what overlapping is for), cancel it and receive straight into
    the wait's result, saving the copy out of the request's buffer
    (`direct`). Only where that cannot change which receive a message
    matches (MPI matches posted receives in the order they were posted):
    one receive of exactly the result's size (no chunks, no extra room), and
    no other pending request receiving on the communicator from the same
    source with the same tag."""
    cdef int i, cancelled = 0, ierr
    cdef MPI_Status st
    cdef bint alone = True
    direct[0] = False
    if p.msg.nrecv != 1 or p.rstep != 0 or p.reqs[0] == MPI_REQUEST_NULL or \
            p.received_bytes < DIRECT_MIN_BYTES or data_bytes(result) != p.received_bytes or \
            p.msg.source == p.rank:     # no room for the count check (post_p2p) on a self-message
        return MPI_SUCCESS
    mpicoll_nb_lock()
    if pending_count > 1:           # (this wait's own slot counts until it ends)
        for i in range(N_SLOTS):
            if requests[i].handle != 0 and requests[i].msg.active and \
                    requests[i].msg.nrecv > 0 and requests[i].comm == p.comm and \
                    requests[i].msg.source == p.msg.source and requests[i].rtag == p.rtag:
                alone = False
    mpicoll_nb_unlock()
    if not alone:
        return MPI_SUCCESS
    ierr = MPI_Cancel(&p.reqs[0])
    if ierr == MPI_SUCCESS:
        ierr = MPI_Wait(&p.reqs[0], &st)
    if ierr == MPI_SUCCESS:
        ierr = MPI_Test_cancelled(&st, &cancelled)
    if ierr != MPI_SUCCESS:
        return ierr
    if not cancelled:               # it had matched: the data is in `p.received`
        p.statuses[0] = st
        return MPI_SUCCESS
    direct[0] = True
    global direct_receives
    direct_receives += 1
    return MPI_Irecv(result.data, p.expected[0], p.rtype, p.msg.source, p.rtag, p.comm,
                     &p.reqs[0])


cdef int wait_each(Pending* p, int first, int end) noexcept nogil:
    """MPI_Wait on each of p.reqs[first:end] still in flight, each into its
    own status (an MPI_Waitall would overwrite the statuses of those done
    already)."""
    cdef int i, ierr
    for i in range(first, end):
        if p.reqs[i] != MPI_REQUEST_NULL:
            ierr = MPI_Wait(&p.reqs[i], &p.statuses[i])
            if ierr != MPI_SUCCESS:
                return ierr
    return MPI_SUCCESS


cdef int p2p_outcome(Call* c, Pending* p) noexcept nogil:
    """After the data: a disagreement of kinds, a KIND_NOTICE answer, or a
    message of another size than the receive's, as the wait's error."""
    cdef P2P* m = &p.msg
    cdef int i, count = 0
    if m.paired == MPI_SUCCESS and m.reply == KIND_NOTICE:
        m.paired = PAIRING_NOTICE
    if m.paired == PAIRING_NOTICE:
        return pairing_error(c, m.paired, m.dest, m.sendtag)
    if m.paired != MPI_SUCCESS:
        return pairing_error(c, m.paired, m.source, m.recvtag)
    for i in range(m.nrecv):
        if p.expected[i] >= 0:
            MPI_Get_count(&p.statuses[i], p.rtype, &count)
            if count != p.expected[i]:
                snprintf(c.text, sizeof(c.text),
                         "mpicoll: %s on rank %d: the message from rank %d (tag %d) has "
                         "another size than the receive expects (a nonblocking receive "
                         "needs exactly the size sent)", p.where, p.rank, p.peer, p.tag)
                c.message = c.text
                return MPI_ERR_OTHER
    return MPI_SUCCESS


cdef void abandon_held_back(int32_t handle, int reply) noexcept nogil:
    """The wait of start `handle` failed: drop the derivative requests that
    hold their sends back for it. Their receives are cancelled (no derivative
    comes from a rank that does not differentiate); their sends are posted
    and completed where the answer was KIND_ACK (that rank waits for them)."""
    global pending_count, p2p_attention
    cdef int i
    cdef bint found
    cdef Pending q
    for i in range(N_SLOTS):
        found = False
        mpicoll_nb_lock()
        if requests[i].handle != 0 and not requests[i].taken and \
                requests[i].msg.active and requests[i].msg.link == handle:
            q = requests[i]
            memset(&requests[i], 0, sizeof(Pending))
            pending_count -= 1
            p2p_attention -= 1
            found = True
        mpicoll_nb_unlock()
        if found:
            if not q.msg.sends_posted and reply == KIND_ACK:
                q.msg.link = 0
                post_p2p_sends(&q)
            cancel_receives(&q, 0, q.msg.nrecv)
            wait_each(&q, 0, q.nreqs)
            release(&q)
