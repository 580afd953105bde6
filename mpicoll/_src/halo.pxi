# Halo exchange (included by _ffi.pyx): the faces of a block on a Cartesian
# grid, in place, and the exchange's adjoint.


# --- halo exchange: the faces of a block on a Cartesian grid, in place -----
#
# The block is the operand and the result at once (the lowering aliases
# them), except where the operand stays live: then the result is fresh
# memory and the handler first copies the operand into it (a memcpy, faster
# than the copy XLA would insert; `fresh_result` in primitive.py). Along grid dimension i =
# 0, 1, ..., with h = widths[i] and n the block's length on axis i: the
# rank's first h interior cells [h, 2h) go to the lower neighbour while the
# upper halo [n-h, n) arrives from the upper one (tag 2i), and its last
# interior cells [n-2h, n-h) go up while the lower halo [0, h) arrives from
# below (tag 2i+1), the four messages of one dimension in flight together.
# Each face is a box datatype of the block itself spanning the whole padded
# extent of every other axis, so MPI copies straight from and into the block
# (no packing), and halos filled along earlier dimensions travel on along
# later ones: that fills the corners. Sent cells are interior cells, received
# ones halo cells (h is at most the interior length), so no message reads
# what another writes. An MPI_PROC_NULL neighbour leaves its halo as it is;
# a rank that is its own neighbour (periodic dimension of size 1) sends to
# itself.
#
# Chunking: the neighbours along dimension i share the block's extent on
# every other axis, so both ends tile a face alike (`plan_tiles`) and run
# the same rounds.

cdef bint halo_arguments(Call* c) noexcept nogil:
    """Check the attributes of a halo exchange or its adjoint against the
    block (False, message set, if they do not fit) and put the block in the
    result's memory: a copy where the result is fresh (`fresh_result`, the
    operand stays live), nothing where the lowering aliased them."""
    cdef XLA_FFI_Buffer* x = c.args[0]
    cdef XLA_FFI_Buffer* y = c.rets[0]
    cdef const int64_t* widths = c.array[ARRAY_WIDTHS]
    cdef int ndims = <int>c.array_len[ARRAY_WIDTHS]
    cdef int d
    if widths == NULL or c.array[ARRAY_NEIGHBOURS] == NULL or \
            c.array_len[ARRAY_NEIGHBOURS] != 2 * ndims or ndims > y.rank or \
            y.rank > MAX_BOX_RANK or x.rank != y.rank:
        c.message = b"mpicoll: halo_exchange got inconsistent widths or neighbours"
        return False
    for d in range(ndims):
        if widths[d] < 0 or 3 * widths[d] > y.dims[d]:
            c.message = b"mpicoll: halo_exchange got a halo wider than the interior"
            return False
    copy_buffer(y, x, data_bytes(y))
    return True


cdef bint moves_along(const Call* c, int i, int64_t* h, int* lower, int* upper) noexcept nogil:
    """The halo width and the neighbours of grid dimension i; False when
    nothing moves along it."""
    h[0] = c.array[ARRAY_WIDTHS][i]
    lower[0] = <int>c.array[ARRAY_NEIGHBOURS][2 * i]
    upper[0] = <int>c.array[ARRAY_NEIGHBOURS][2 * i + 1]
    return h[0] > 0 and not (lower[0] == MPI_PROC_NULL and upper[0] == MPI_PROC_NULL)


cdef int face_messages(Call* c, XLA_FFI_Buffer** bufs, const int64_t* starts,
                       const int* peers, int i, int64_t h) noexcept nogil:
    """The four messages of grid dimension i of a halo exchange or its
    adjoint: message j < 2 is received, j >= 2 sent; each moves the cells
    [starts[j], starts[j] + h) of axis i (all of every other axis) of
    bufs[j] to or from peers[j], with tag 2i (j even) or 2i + 1 (j odd)
    after the base tag. The face (h cells of axis i by the block's other
    extents, which the neighbours along i share) is cut into the same
    tiles on both ends when it exceeds the chunk limit, one round each."""
    cdef XLA_FFI_Buffer* y = c.rets[0]
    cdef int n = y.rank + 1                      # with the byte axis
    cdef int64_t face[MAX_BOX_RANK + 1]
    cdef int64_t tile[MAX_BOX_RANK + 1]
    cdef int64_t ntiles[MAX_BOX_RANK + 1]
    cdef int64_t lo[MAX_BOX_RANK + 1]
    cdef int64_t hi[MAX_BOX_RANK + 1]
    cdef int d, j, count, ierr = MPI_SUCCESS, tag
    cdef MPI_Datatype box
    cdef MPI_Request requests[4]
    for d in range(y.rank):
        face[d] = y.dims[d]
    face[i] = h
    face[y.rank] = item_size(y.dtype)
    cdef int64_t rounds = plan_tiles(face, n, c.attr[ATTR_CHUNK_BYTES], tile, ntiles)
    cdef int64_t k = 0
    while ierr == MPI_SUCCESS and k < rounds:
        tile_bounds(k, n, tile, ntiles, lo, hi)
        for j in range(4):
            requests[j] = MPI_REQUEST_NULL
        for j in range(4):
            box = MPI_BYTE                     # tile_piece leaves it for an empty piece
            ierr = tile_piece(bufs[j], i, starts[j], h, lo, hi, True, &count, &box)
            if ierr != MPI_SUCCESS:
                break
            tag = (<int>c.attr[ATTR_SENDTAG] + 2 * i + j % 2) * KIND_SPAN
            if j < 2:
                c.where = b"MPI_Irecv"
                ierr = MPI_Irecv(bufs[j].data, count, box, peers[j], tag, c.comm, &requests[j])
            else:
                c.where = b"MPI_Isend"
                ierr = MPI_Isend(bufs[j].data, count, box, peers[j], tag, c.comm, &requests[j])
            if ierr != MPI_SUCCESS:
                break
        if ierr == MPI_SUCCESS:
            c.where = b"MPI_Waitall"
            ierr = MPI_Waitall(4, requests, MPI_STATUSES_IGNORE)
        else:
            for j in range(4):               # nothing may stay in flight on the block
                if requests[j] != MPI_REQUEST_NULL:
                    MPI_Cancel(&requests[j])
                    MPI_Wait(&requests[j], MPI_STATUS_IGNORE)
        k += 1
    return ierr


cdef int halo_exchange(Call* c) noexcept nogil:
    cdef XLA_FFI_Buffer* y = c.rets[0]
    cdef int i, ierr = MPI_SUCCESS
    cdef int64_t h, length
    cdef int lower, upper
    # the four messages of a dimension: into the upper and the lower halo,
    # from the first and the last interior cells (the j-th start and peer)
    cdef XLA_FFI_Buffer* bufs[4]
    cdef int64_t starts[4]
    cdef int peers[4]
    if not halo_arguments(c):
        return MPI_SUCCESS
    bufs[0], bufs[1], bufs[2], bufs[3] = y, y, y, y
    for i in range(<int>c.array_len[ARRAY_WIDTHS]):
        if not moves_along(c, i, &h, &lower, &upper):
            continue
        length = y.dims[i]
        if lower == c.rank and upper == c.rank and mpicoll_copy_stream == NULL:
            copy_slab(y, i, h, length - h, h)        # own neighbour, host memory:
            copy_slab(y, i, length - 2 * h, 0, h)    # the messages are local copies
            continue
        starts[0], starts[1], starts[2], starts[3] = length - h, 0, h, length - 2 * h
        peers[0], peers[1], peers[2], peers[3] = upper, lower, lower, upper
        ierr = face_messages(c, bufs, starts, peers, i, h)
        if ierr != MPI_SUCCESS:
            break
    return ierr


ctypedef struct Slab:
    int64_t rows      # one per index of the axes before `axis`
    int64_t run       # bytes of one row: h cells times the axes after `axis`
    int64_t pitch     # bytes from one row to the next
    int64_t inner     # bytes of one cell of `axis` (the axes after it)


cdef Slab slab_of(const XLA_FFI_Buffer* buf, int axis, int64_t h) noexcept nogil:
    """The cells [start, start + h) of `axis` (all of every other axis) as
    rows of contiguous bytes; the start adds `start * inner` bytes."""
    cdef Slab sl
    cdef int d
    sl.inner = item_size(buf.dtype)
    for d in range(axis + 1, buf.rank):
        sl.inner *= buf.dims[d]
    sl.rows = 1
    for d in range(axis):
        sl.rows *= buf.dims[d]
    sl.run = h * sl.inner
    sl.pitch = buf.dims[axis] * sl.inner
    return sl


cdef void copy_rows(char* dst, int64_t dst_pitch, const char* src, int64_t src_pitch,
                    int64_t run, int64_t rows) noexcept nogil:
    """`rows` rows of `run` bytes, host memory. Constant sizes let the
    compiler copy a thin face's items without a call each."""
    cdef int64_t r
    if run == 4:
        for r in range(rows):
            memcpy(dst + r * dst_pitch, src + r * src_pitch, 4)
    elif run == 8:
        for r in range(rows):
            memcpy(dst + r * dst_pitch, src + r * src_pitch, 8)
    elif run == 16:
        for r in range(rows):
            memcpy(dst + r * dst_pitch, src + r * src_pitch, 16)
    else:
        for r in range(rows):
            memcpy(dst + r * dst_pitch, src + r * src_pitch, run)


cdef void copy_slab(XLA_FFI_Buffer* buf, int axis, int64_t source, int64_t dest,
                    int64_t h) noexcept nogil:
    """Copy the cells [source, source + h) of `axis` to [dest, dest + h)
    within host memory."""
    cdef Slab sl = slab_of(buf, axis, h)
    copy_rows(<char*>buf.data + dest * sl.inner, sl.pitch,
              <char*>buf.data + source * sl.inner, sl.pitch, sl.run, sl.rows)


# --- the halo exchange's adjoint: cotangents back, added -------------------
#
# The transpose of `halo_exchange`, on the cotangent block in place, grid
# dimension d-1 first: each halo's cotangent goes back to the neighbour
# whose cells filled it, which adds it to those cells, and a halo that was
# overwritten gets zero (one left as it was, past a non-periodic edge, keeps
# its cotangent). Per dimension: two MPI_Isend from the halos (box
# datatypes, as the exchange's), two MPI_Irecv into a contiguous face
# buffer per direction, tiled alike on both ends when a face exceeds the
# chunk limit; then the received faces are added to the first and last
# interior cells with MPI_Reduce_local(MPI_SUM) (every dtype mpicoll
# reduces, float16 and bfloat16 included) on a packed copy of those cells.
# A rank that is its own neighbour adds its halos locally. Adding needs
# host memory, so on CUDA this handler always stages (cuda.pxi).

cdef int add_into_slab(Call* c, XLA_FFI_Buffer* buf, int axis, int64_t dest, int64_t h,
                       const char* face) noexcept nogil:
    """Add the packed face `face` (h cells of `axis` by all of every other
    axis) to the cells [dest, dest + h) of `axis`."""
    cdef Slab sl = slab_of(buf, axis, h)
    cdef int64_t nbytes = sl.run * sl.rows, itemsize, start = 0, count = 0
    cdef MPI_Datatype dtype
    cdef MPI_Op op = mpi_op(OP_SUM, buf.dtype)
    if not datatype(c, buf, &dtype, &itemsize) or op == MPI_OP_NULL:
        if c.message == NULL:
            c.message = b"mpicoll: no sum for this element type"
        return MPI_SUCCESS
    cdef char* packed = <char*>malloc(nbytes if nbytes > 0 else 1)
    if packed == NULL:
        return MPI_ERR_NO_MEM
    cdef char* cells = <char*>buf.data + dest * sl.inner
    cdef int ierr = MPI_SUCCESS
    copy_rows(packed, sl.run, cells, sl.pitch, sl.run, sl.rows)
    c.where = b"MPI_Reduce_local"
    while ierr == MPI_SUCCESS and next_chunk(&start, &count, nbytes // itemsize,
                                             chunk_elements(c, itemsize)):
        ierr = MPI_Reduce_local(<void*>(face + start * itemsize), packed + start * itemsize,
                                <int>count, dtype, op)
    copy_rows(cells, sl.pitch, packed, sl.run, sl.run, sl.rows)
    free(packed)
    return ierr


cdef void zero_slab(XLA_FFI_Buffer* buf, int axis, int64_t start, int64_t h) noexcept nogil:
    cdef Slab sl = slab_of(buf, axis, h)
    cdef char* cells = <char*>buf.data + start * sl.inner
    cdef int64_t r
    for r in range(sl.rows):
        memset(cells + r * sl.pitch, 0, sl.run)


cdef int halo_adjoint(Call* c) noexcept nogil:
    cdef XLA_FFI_Buffer* y = c.rets[0]
    cdef int i, d, ierr = MPI_SUCCESS
    cdef int64_t h, length, nbytes
    cdef int lower, upper
    cdef Slab sl
    cdef char* faces
    # the four messages of a dimension: into the face from below (for the
    # first interior cells) and the face from above (for the last), from
    # the upper and the lower halo (the j-th start and peer); each received
    # face is a packed buffer shaped like a face
    cdef XLA_FFI_Buffer received[2]
    cdef int64_t face[MAX_BOX_RANK]
    cdef XLA_FFI_Buffer* bufs[4]
    cdef int64_t starts[4]
    cdef int peers[4]
    if not halo_arguments(c):
        return MPI_SUCCESS
    bufs[0], bufs[1], bufs[2], bufs[3] = &received[0], &received[1], y, y
    for i in range(<int>c.array_len[ARRAY_WIDTHS] - 1, -1, -1):
        if not moves_along(c, i, &h, &lower, &upper):
            continue
        length = y.dims[i]
        sl = slab_of(y, i, h)
        nbytes = sl.run * sl.rows
        faces = <char*>malloc(2 * nbytes if nbytes > 0 else 1)
        if faces == NULL:
            return MPI_ERR_NO_MEM
        if lower == c.rank and upper == c.rank:
            # own neighbour: the faces are this rank's upper and lower halos
            copy_rows(faces, sl.run, <char*>y.data + (length - h) * sl.inner, sl.pitch,
                      sl.run, sl.rows)
            copy_rows(faces + nbytes, sl.run, <char*>y.data, sl.pitch, sl.run, sl.rows)
        else:
            for d in range(y.rank):
                face[d] = y.dims[d]
            face[i] = h
            for d in range(2):
                received[d] = y[0]
                received[d].data = faces + d * nbytes
                received[d].dims = face
            starts[0], starts[1], starts[2], starts[3] = 0, 0, length - h, 0
            peers[0], peers[1], peers[2], peers[3] = lower, upper, upper, lower
            ierr = face_messages(c, bufs, starts, peers, i, h)
        if ierr == MPI_SUCCESS:
            if upper != MPI_PROC_NULL:
                zero_slab(y, i, length - h, h)
            if lower != MPI_PROC_NULL:
                zero_slab(y, i, 0, h)
                ierr = add_into_slab(c, y, i, h, h, faces)
            if upper != MPI_PROC_NULL and ierr == MPI_SUCCESS and c.message == NULL:
                ierr = add_into_slab(c, y, i, length - 2 * h, h, faces + nbytes)
        free(faces)
        if ierr != MPI_SUCCESS or c.message != NULL:
            break
    return ierr
