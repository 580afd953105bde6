# Point-to-point messages (included by _ffi.pyx): sendrecv, send and recv.
#
# Every message goes through the chunk protocol (`sendrecv_chunked`), and
# its MPI tag says what the sender is doing ("message kinds"), so that
# derivative traffic pairs up or fails loudly. `barrier`, the one operation
# that moves no data, is at the end.


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
