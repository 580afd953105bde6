# Derivative checks of collectives (included by _ffi.pyx): every rank takes
# part in the derivative collective that follows, or every rank raises.
# Rooted sends (bcast, scatter, scatterv) carry root's state with the data;
# under differentiation, derivative_agreement.py puts the
# `derivatives_agree` check before every other collective. (Point-to-point
# messages carry their kind in the tag: point_to_point.pxi.)


# --- rooted sends: every rank learns whether the root differentiates ------
#
# bcast, scatter and scatterv have the same trap as a receive: off root,
# `x` is only a template, and JAX runs the derivative rule only where an
# input carries a derivative. If root differentiates while a receiver's
# template is a constant, root would go on to a derivative collective (the
# tangent broadcast, or under `grad` the transposed reduce/gather) that the
# receiver never makes. So root sends its state with the data: the `kind`
# attribute has KIND_DIFFERENTIATED set when the call runs inside its JVP
# rule. Small messages carry it as one extra byte after the data (copied
# through a scratch buffer, cheaper than a second message); larger ones send it
# in a 1-byte broadcast first (one extra latency, small beside the data).
# (scatterv decides from the largest block, which every rank knows.)
# PACKED_STATE_LIMIT is where the copies start to cost more than that
# latency.
# The data always moves (root cannot know that a receiver will raise).
# Then, when root differentiates, every rank knows it and all take part in
# one MPI_Allreduce counting the receivers that do not: if any, every rank
# raises. A receiver that differentiates its template while root does not
# raises alone. Either way every rank made the same MPI calls, so the
# communicator stays usable after the error.
cdef enum:
    PACKED_STATE_LIMIT = 2048     # bytes per receiver; see benchmarks/README.md


cdef inline bint packs_state(const Call* c, int64_t nbytes) noexcept nogil:
    """Whether root's state byte travels after `nbytes` of data per receiver:
    small host messages that one chunk holds (device memory is not copied
    on the host, and chunked messages keep their chunks exact)."""
    return (nbytes <= PACKED_STATE_LIMIT and nbytes < c.attr[ATTR_CHUNK_BYTES]
            and mpicoll_copy_stream == NULL)


cdef inline char root_state(const Call* c) noexcept nogil:
    return <char>(c.attr[ATTR_KIND] & KIND_DIFFERENTIATED)


cdef int delivered_with_state(Call* c, int ierr, const char* packed, int64_t nbytes,
                              void* scratch) noexcept nogil:
    """End of a packed rooted send that returned `ierr`: the `nbytes` before
    root's state byte are this rank's result; `scratch` is freed; then the
    ranks' states are checked."""
    cdef char state = packed[nbytes]
    if ierr == MPI_SUCCESS:
        memcpy(c.rets[0].data, packed, nbytes)
    free(scratch)
    return ierr if ierr != MPI_SUCCESS else templates_agree(c, state)


cdef int with_announced_state(Call* c, Body move) noexcept nogil:
    """A rooted send too large to pack: root's state in a 1-byte broadcast of
    its own, then `move` the data, then the ranks' states are checked."""
    cdef char state = root_state(c)
    cdef int ierr = MPI_Bcast(&state, 1, MPI_BYTE, <int>c.attr[ATTR_ROOT], c.comm)
    if ierr == MPI_SUCCESS:
        ierr = move(c)
    return ierr if ierr != MPI_SUCCESS else templates_agree(c, state)


cdef int templates_agree(Call* c, char root_differentiates) noexcept nogil:
    """Raise where root's and the receivers' differentiation disagree."""
    cdef int root = <int>c.attr[ATTR_ROOT]
    cdef int mine = root_state(c)
    cdef int constant = 0, constants = 0
    cdef int ierr
    if root_differentiates:
        constant = not mine
        ierr = MPI_Allreduce(&constant, &constants, 1, MPI_INT, MPI_SUM, c.comm)
        if ierr != MPI_SUCCESS or constants == 0:
            return ierr
        snprintf(c.text, sizeof(c.text),
                 "mpicoll: %s on rank %d: root (rank %d) differentiates the array it "
                 "sends, but on %d receiving rank(s)%s the template carries no "
                 "derivative (a constant, e.g. jnp.zeros(n)), so they would not take "
                 "part in the derivative collective that follows. Make the template "
                 "depend on the differentiated variables on every rank (e.g. "
                 "jnp.zeros(n) + 0 * w), or stop the gradient on root "
                 "(docs/differentiation.md, 'Receive-side templates').",
                 c.where, c.rank, root, constants, b", this one among them" if constant else b"")
    elif mine and c.rank != root:
        snprintf(c.text, sizeof(c.text),
                 "mpicoll: %s on rank %d: this rank's template carries a derivative, but "
                 "root's array (rank %d) is a constant there, so root would not take part "
                 "in the derivative collective that follows. Make root's array depend "
                 "on the differentiated variables too, or apply jax.lax.stop_gradient to "
                 "the template here (docs/differentiation.md, 'Receive-side templates').",
                 c.where, c.rank, root)
    else:
        return MPI_SUCCESS
    c.message = c.text
    return MPI_ERR_OTHER


# --- derivatives agree: every rank differentiates a collective, or none ----
#
# JAX skips an operation's derivative rule on a rank where all its inputs
# have zero tangent (a constant there), so that rank would not make the
# derivative collective the others make (a hang, or a pairing with the
# wrong call). Under `jvp`, `grad` and their relatives,
# derivative_agreement.py puts this check before every collective that has no
# check of its own (rooted sends and point-to-point messages carry their state
# with the data): one small MPI_Allgather of whether this rank
# differentiates it, and of what it checks. Where the ranks disagree every rank raises the same
# error, and every rank made the same MPI call, so the communicator stays
# usable.

cdef void rank_list(char* out, int room, const char* flags, int size, char want) noexcept nogil:
    """The ranks whose flag is `want`, as "0, 2, 5" (shortened past `room`)."""
    cdef int used = 0, r
    out[0] = 0
    for r in range(size):
        if flags[r] != want:
            continue
        if used > room - 24:
            snprintf(out + used, room - used, ", ...")
            return
        used += snprintf(out + used, room - used, "%s%d", b", " if used else b"", r)


cdef enum:
    CHECK_RECORD = 32       # whether this rank differentiates, then the name


cdef int derivatives_agree(Call* c) noexcept nogil:
    # Each rank sends a record: byte 0 whether it differentiates, then the
    # name of what it checks (an operation, "checkpoint", ...). Ranks at
    # different checks (a jax.checkpoint around a collective on some ranks
    # only) would otherwise pair one check with another and go on to
    # different collectives: they all raise here instead.
    cdef char mine[CHECK_RECORD]
    # every rank's record, then every rank's flag (for the error text)
    cdef char* records = <char*>malloc(c.size * (CHECK_RECORD + 1))
    cdef char* flags = records + c.size * CHECK_RECORD
    cdef char yes[96]
    cdef char no[96]
    cdef int r, q, n, ierr, used
    cdef bint differ = False, elsewhere = False
    if records == NULL:
        return MPI_ERR_NO_MEM
    memset(mine, 0, CHECK_RECORD)
    mine[0] = <char>(c.attr[ATTR_KIND] != 0)
    n = <int>c.array_len[ARRAY_NAME] if c.array_len[ARRAY_NAME] < CHECK_RECORD - 1 \
        else CHECK_RECORD - 2
    for r in range(n):
        mine[1 + r] = <char>c.array[ARRAY_NAME][r]
    ierr = MPI_Allgather(mine, CHECK_RECORD, MPI_BYTE, records, CHECK_RECORD, MPI_BYTE, c.comm)
    if ierr == MPI_SUCCESS:
        for r in range(c.size):
            flags[r] = records[r * CHECK_RECORD]
            differ = differ or flags[r] != mine[0]
            elsewhere = elsewhere or memcmp(records + r * CHECK_RECORD + 1, mine + 1,
                                            CHECK_RECORD - 1) != 0
    if ierr != MPI_SUCCESS or not (differ or elsewhere):
        free(records)
        return ierr
    if elsewhere:
        # every rank, the name of its check: "rank 0: checkpoint; rank 1: allreduce"
        used = snprintf(c.text, sizeof(c.text),
                        "mpicoll: derivative check on rank %d: the ranks reached different "
                        "operations (", c.rank)
        for r in range(c.size):
            if used > <int>sizeof(c.text) - 320:
                used += snprintf(c.text + used, sizeof(c.text) - used, "; ...")
                break
            used += snprintf(c.text + used, sizeof(c.text) - used, "%srank %d: %s",
                             b"; " if r else b"", r, records + r * CHECK_RECORD + 1)
        snprintf(c.text + used, sizeof(c.text) - used,
                 "), so they would go on to different collectives. Every rank must "
                 "differentiate the same collectives in the same order: a jax.checkpoint "
                 "or lax.custom_linear_solve around collectives on some ranks only, or a "
                 "collective made on some ranks only, makes them differ "
                 "(docs/differentiation.md, 'Pitfalls').")
        free(records)
        c.message = c.text
        return MPI_ERR_OTHER
    rank_list(yes, sizeof(yes), flags, c.size, 1)
    rank_list(no, sizeof(no), flags, c.size, 0)
    free(records)
    snprintf(c.text, sizeof(c.text),
             "mpicoll: %s on rank %d: differentiated on rank(s) %s but not on rank(s) %s, "
             "where its input is a constant (it does not depend on the differentiated "
             "variables, or stop_gradient was applied there), so those ranks would not "
             "take part in the derivative collective that follows. Make the input depend "
             "on the differentiated variables on every rank (e.g. x + 0 * w), or stop the "
             "gradient on every rank (docs/differentiation.md, 'Pitfalls').",
             mine + 1, c.rank, yes, no)
    c.message = c.text
    return MPI_ERR_OTHER
