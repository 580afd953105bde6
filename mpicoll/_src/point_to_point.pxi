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
    reply to a differentiated send (the caller takes it aside or hands it
    over);
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
    # progress_p2p scans the request table under its lock: not on every poll
    POLLS_PER_ANSWER = 8


cdef int drop_chunks(int source, int wire_tag, MPI_Datatype t, int64_t chunk, MPI_Comm comm,
                     int count) noexcept nogil:
    """Receive and drop, storing nothing, the chunk messages of one send
    from `source` with `wire_tag` that are still to come after one of
    `count` elements: while a message is a whole chunk, another follows, up
    to the short last one (the chunk protocol)."""
    cdef MPI_Message msg
    cdef MPI_Status st
    cdef int ierr
    while count == chunk:
        ierr = MPI_Mprobe(source, wire_tag, comm, &msg, &st)
        if ierr == MPI_SUCCESS:
            ierr = MPI_Get_count(&st, t, &count)
        if ierr == MPI_SUCCESS:
            ierr = MPI_Mrecv(NULL, 0, t, &msg, MPI_STATUS_IGNORE)
            if ierr != MPI_SUCCESS and count > 0:
                ierr = MPI_SUCCESS              # truncated on purpose: dropped
        if ierr != MPI_SUCCESS:
            return ierr
    return MPI_SUCCESS


cdef inline int yield_now_and_then(int polls) noexcept nogil:
    """Count one unsuccessful poll; every POLLS_PER_YIELD of them, give the
    core away. A rank that shares its core with another (more ranks than
    cores) would otherwise spin for a whole scheduler time slice (ms) while
    the rank it waits for cannot run; on a core of its own sched_yield
    returns at once. MPI's own blocking calls do the same."""
    polls += 1
    if p2p_attention > 0 and polls % POLLS_PER_ANSWER == 0:
        progress_p2p()          # pending nonblocking messages to answer (nonblocking_p2p.pxi)
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


# --- the chunk protocol: one sendrecv of any size ----------------------------

ctypedef struct Transfer:
    # one call of `sendrecv_chunked`: what it sends and receives, and how far
    # it has come (the steps below share it)
    char* sbuf
    int64_t nsend, ssize, schunk
    MPI_Datatype stype
    int dest, sendtag         # sendtag: the tag on the wire (user tag and kind)
    bint send_chunked
    int64_t send_messages     # how many send messages the protocol takes
    int64_t sent              # send messages posted so far
    char* rbuf
    int64_t nrecv, rsize, rchunk
    MPI_Datatype rtype
    int source, recvtag       # the first message's exact ones, once it is found
    bint recv_chunked
    bint receiving            # the short last chunk has not arrived yet
    bint first                # no message found yet
    bint truncated            # a message did not fit: the rest is consumed unstored
    int64_t received          # elements received so far
    MPI_Comm comm
    int kind                  # this call's message kind
    MPI_Request reqs[2]       # [0]: the send in flight, [1]: the receive
    int paired                # MPI_SUCCESS, or how the kinds disagree (PAIRING_*)
    int incoming              # the kind of the message received
    int reply                 # the reply to this call's differentiated send
    int polls
    MPI_Status* result


cdef enum:
    START_OVER = -1000        # a step's answer: `move_data` starts its loop over


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

    Steps: the data moves in `move_data` (`post_send`, `find_first_message`,
    `post_receive`, `complete_one`), `cancel_pending` cleans up after an
    error, and `outcome` exchanges the replies and says what the call gives.
    """
    cdef Transfer x
    x.sbuf, x.nsend, x.stype, x.ssize, x.schunk = sbuf, nsend, stype, ssize, schunk
    x.dest, x.sendtag = dest, sendtag * KIND_SPAN + kind
    x.send_chunked = nsend >= schunk
    x.send_messages = nsend // schunk + 1 if x.send_chunked else 1
    x.sent = 0
    x.rbuf, x.nrecv, x.rtype, x.rsize, x.rchunk = rbuf, nrecv, rtype, rsize, rchunk
    x.source, x.recvtag = source, recvtag
    x.recv_chunked = nrecv >= rchunk
    x.receiving, x.first, x.truncated = True, True, False
    x.received = 0
    x.comm, x.kind = comm, kind
    x.reqs[0] = MPI_REQUEST_NULL
    x.reqs[1] = MPI_REQUEST_NULL
    x.paired, x.incoming, x.reply, x.polls = MPI_SUCCESS, 0, 0, 0
    x.result = result
    result.MPI_SOURCE = source
    result.MPI_TAG = recvtag
    cdef int ierr = move_data(&x)
    if ierr != MPI_SUCCESS:
        cancel_pending(&x)
        return ierr
    return outcome(&x, nreceived)


cdef int move_data(Transfer* x) noexcept nogil:
    """The data of `sendrecv_chunked`: each pass posts the next send chunk
    and the next receive where none of its kind is in flight, then waits for
    one of the two to complete; until neither is left, or an error. (Sends
    and receives progress independently: a pass is no lockstep round.)"""
    cdef int ierr
    while True:
        ierr = post_send(x)
        if ierr == MPI_SUCCESS:
            ierr = find_first_message(x)
        if ierr == MPI_SUCCESS:
            ierr = post_receive(x)
        if ierr == MPI_SUCCESS:
            if x.reqs[0] == MPI_REQUEST_NULL and x.reqs[1] == MPI_REQUEST_NULL:
                return MPI_SUCCESS
            ierr = complete_one(x)
        if ierr != MPI_SUCCESS and ierr != START_OVER:
            return ierr


cdef int post_send(Transfer* x) noexcept nogil:
    """Post the next send message, if none is in flight and one is left."""
    if x.reqs[0] != MPI_REQUEST_NULL or x.sent >= x.send_messages:
        return MPI_SUCCESS
    cdef int64_t n = min(x.schunk, x.nsend - x.sent * x.schunk) if x.send_chunked else x.nsend
    cdef int ierr = MPI_Isend(x.sbuf + x.sent * x.schunk * x.ssize, <int>n, x.stype, x.dest,
                              x.sendtag, x.comm, &x.reqs[0])
    if ierr == MPI_SUCCESS:
        x.sent += 1
    return ierr


cdef int poll_again(Transfer* x) noexcept nogil:
    """Nothing to receive yet: let the send in flight progress, give the
    core away now and then, and start over."""
    cdef int flag
    cdef int ierr
    if x.reqs[0] != MPI_REQUEST_NULL:
        ierr = MPI_Test(&x.reqs[0], &flag, MPI_STATUS_IGNORE)
        if ierr != MPI_SUCCESS:
            return ierr
    x.polls = yield_now_and_then(x.polls)
    return START_OVER


cdef inline void pin_envelope(Transfer* x, const MPI_Status* st) noexcept nogil:
    """On the first chunk, fix the source and tag all later chunks must have."""
    if x.first:
        x.first = False
        x.source = st.MPI_SOURCE
        x.recvtag = st.MPI_TAG
        x.result.MPI_SOURCE = x.source
        x.result.MPI_TAG = x.recvtag


cdef inline bint awaits_reply(const Transfer* x, const MPI_Status* st) noexcept nogil:
    """Whether the reply `st` found answers this call's own differentiated
    send (to its source, with the same user tag) and none came yet."""
    return x.sent > 0 and x.dest != MPI_PROC_NULL and (x.kind & KIND_DIFFERENTIATED) != 0 \
        and x.reply == 0 and st.MPI_SOURCE == x.dest \
        and st.MPI_TAG // KIND_SPAN == x.sendtag // KIND_SPAN


cdef int find_first_message(Transfer* x) noexcept nogil:
    """Before the first receive: find the message it takes (`find_message`),
    fix its source and tag, and see whether its kind pairs with this call's.
    A reply to this call's own send that comes first is taken aside; one
    to another operation's send is handed over (`hand_over_reply`)."""
    if x.reqs[1] != MPI_REQUEST_NULL or not x.receiving or not x.first \
            or x.source == MPI_PROC_NULL:
        return MPI_SUCCESS
    cdef int flag
    cdef MPI_Status st
    cdef int ierr = find_message(x.source, x.recvtag, x.kind, x.comm, &flag, &st)
    if ierr != MPI_SUCCESS:
        return ierr
    if not flag:
        return poll_again(x)
    if is_reply(st.MPI_TAG):
        if not awaits_reply(x, &st):
            # the answer to a pending nonblocking send to that rank (an
            # isend before this receive): its request takes it, or the
            # request would wait for it forever
            ierr = hand_over_reply(st.MPI_SOURCE, st.MPI_TAG, x.comm)
            return ierr if ierr != MPI_SUCCESS else poll_again(x)
        # the answer to this call's own send, which arrived first: keep
        # it, and go on waiting for data
        x.reply = st.MPI_TAG % KIND_SPAN
        ierr = MPI_Recv(NULL, 0, MPI_BYTE, st.MPI_SOURCE, st.MPI_TAG, x.comm,
                        MPI_STATUS_IGNORE)
        return ierr if ierr != MPI_SUCCESS else START_OVER
    # from here on: this message's exact source and tag
    pin_envelope(x, &st)
    x.incoming = st.MPI_TAG % KIND_SPAN
    x.paired = pairing(x.incoming, x.kind)
    return MPI_SUCCESS


cdef int post_receive(Transfer* x) noexcept nogil:
    """Post the next receive, if none is pending and the last chunk has not
    arrived: at once where the buffer has room for a whole chunk, else once
    the message is known to fit (`receive_probed`)."""
    if x.reqs[1] != MPI_REQUEST_NULL or not x.receiving:
        return MPI_SUCCESS
    cdef int64_t room
    if x.truncated:
        room = 0
    elif x.recv_chunked:
        room = min(x.rchunk, x.nrecv - x.received)
    else:
        room = x.nrecv
    if room >= x.rchunk:
        # room for a whole chunk: no protocol message can truncate
        return MPI_Irecv(x.rbuf + x.received * x.rsize, <int>room, x.rtype, x.source,
                         x.recvtag, x.comm, &x.reqs[1])
    return receive_probed(x, room)


cdef int receive_probed(Transfer* x, int64_t room) noexcept nogil:
    """Receive a message that may not fit `room`: look at it before
    receiving (matched probe), without blocking while a send is in flight.
    One that fits is posted; one that does not is consumed without storing
    anything, and `move_data` starts over."""
    cdef int flag, count, errclass
    cdef MPI_Message msg
    cdef MPI_Status st
    cdef int ierr
    if x.reqs[0] == MPI_REQUEST_NULL:
        ierr = MPI_Mprobe(x.source, x.recvtag, x.comm, &msg, &st)
        flag = 1
    else:
        ierr = MPI_Improbe(x.source, x.recvtag, x.comm, &flag, &msg, &st)
    if ierr != MPI_SUCCESS:
        return ierr
    if not flag:
        return poll_again(x)
    ierr = MPI_Get_count(&st, x.rtype, &count)
    if ierr != MPI_SUCCESS:
        return ierr
    pin_envelope(x, &st)
    if count != MPI_UNDEFINED and count <= room:
        return MPI_Imrecv(x.rbuf + x.received * x.rsize, count, x.rtype, &msg, &x.reqs[1])
    # too long: consume it without storing anything
    ierr = MPI_Mrecv(NULL, 0, x.rtype, &msg, MPI_STATUS_IGNORE)
    if ierr != MPI_SUCCESS:
        MPI_Error_class(ierr, &errclass)
        if errclass != MPI_ERR_TRUNCATE:
            return ierr
    x.truncated = True
    if count == MPI_UNDEFINED or count < x.rchunk:
        x.receiving = False    # it was the last chunk
    return START_OVER


cdef int complete_one(Transfer* x) noexcept nogil:
    """Wait for the send or the receive in flight to complete. A receive
    counts its elements, and ends the receiving where it was the last."""
    cdef int index, count
    cdef MPI_Status st
    cdef int ierr = wait_for_either(x.reqs, &index, &st, &x.polls)
    if ierr != MPI_SUCCESS or index != 1:
        return ierr
    ierr = MPI_Get_count(&st, x.rtype, &count)
    if ierr != MPI_SUCCESS:
        return ierr
    pin_envelope(x, &st)
    x.received += count
    if not x.recv_chunked or count < x.rchunk or x.source == MPI_PROC_NULL:
        x.receiving = False
    return MPI_SUCCESS


cdef void cancel_pending(Transfer* x) noexcept nogil:
    """After an error: cancel and complete a pending receive (MPI must not
    write into the result buffer after the handler returned), cancel and
    release a pending send."""
    if x.reqs[1] != MPI_REQUEST_NULL:
        MPI_Cancel(&x.reqs[1])
        MPI_Wait(&x.reqs[1], MPI_STATUS_IGNORE)
    if x.reqs[0] != MPI_REQUEST_NULL:
        MPI_Cancel(&x.reqs[0])
        MPI_Request_free(&x.reqs[0])


cdef int outcome(Transfer* x, int64_t* nreceived) noexcept nogil:
    """After the data: answer a differentiated message received, wait for
    the answer to this call's own (unless it came already), and say what
    the call gives: a disagreement of kinds (PAIRING_*), a truncation, or
    the number of elements received."""
    if not x.first:
        x.result.MPI_TAG = x.result.MPI_TAG // KIND_SPAN    # the user's tag
    cdef MPI_Request answer = MPI_REQUEST_NULL
    cdef int ierr = MPI_SUCCESS
    if not x.first and x.incoming & KIND_DIFFERENTIATED:
        # answer a differentiated message, without blocking: this call may
        # wait for its own answer next (from itself, when source is this
        # rank), and so may the sender
        ierr = MPI_Isend(NULL, 0, MPI_BYTE, x.source, (x.recvtag // KIND_SPAN) * KIND_SPAN +
                         (KIND_ACK if x.paired == MPI_SUCCESS else KIND_NOTICE), x.comm,
                         &answer)
        if ierr != MPI_SUCCESS:
            return ierr
    if x.sent > 0 and x.dest != MPI_PROC_NULL and x.kind & KIND_DIFFERENTIATED \
            and x.reply == 0:
        ierr = wait_for_reply(x.dest, x.sendtag // KIND_SPAN, x.comm, &x.reply, &x.polls)
    if answer != MPI_REQUEST_NULL:
        if ierr == MPI_SUCCESS:
            ierr = MPI_Wait(&answer, MPI_STATUS_IGNORE)
        else:
            MPI_Request_free(&answer)
    if ierr != MPI_SUCCESS:
        return ierr
    if x.reply == KIND_NOTICE and x.paired == MPI_SUCCESS:
        x.paired = PAIRING_NOTICE
    if x.paired != MPI_SUCCESS:
        return x.paired
    if x.truncated:
        return MPI_ERR_TRUNCATE
    nreceived[0] = x.received
    return MPI_Status_set_elements_x(x.result, x.rtype, <MPI_Count>x.received)


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
