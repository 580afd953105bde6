# Boxes (included by _ffi.pyx): a box of an array (a start and an extent per
# axis, plus an innermost axis of the item's bytes) as one MPI datatype, so
# that MPI copies straight from and into the array; the cache of those that
# recur; and the tiles that cut a box beyond the chunk limit into rounds.
# redistribute.pxi and halo.pxi move their pieces as boxes.


cdef enum:
    MAX_BOX_RANK = 32


cdef int box_type(const XLA_FFI_Buffer* buf, const int64_t* start, const int64_t* extent,
                  MPI_Datatype* out) noexcept nogil:
    """The box [start, start + extent) of `buf` as an MPI datatype (of at
    most INT_MAX bytes: chunking keeps boxes below the limit); MPI_BYTE,
    nothing to free, if creating it failed.

    Built as the longest contiguous byte run (the trailing axes the box
    covers whole, times its extent along the next one), repeated with a
    stride along each outer axis, at a 64-bit displacement. MPICH's datatype
    engine copies such a type at memcpy speed, while the same box as an
    MPI subarray of small elements measured 2-5x slower (docs/internals.md,
    "Chunking protocol")."""
    cdef int64_t inner = item_size(buf.dtype)
    cdef int d = buf.rank - 1
    while d >= 0 and start[d] == 0 and extent[d] == buf.dims[d]:
        inner *= buf.dims[d]
        d -= 1
    cdef MPI_Aint disp = 0
    cdef int64_t run = inner
    cdef int64_t stride = inner
    if d >= 0:
        run = inner * extent[d]
        disp = <MPI_Aint>(start[d] * inner)
        stride = inner * buf.dims[d]
    cdef MPI_Datatype t, outer
    cdef int ierr = MPI_Type_contiguous(<int>run, MPI_BYTE, &t)
    cdef int e = d - 1
    while ierr == MPI_SUCCESS and e >= 0:
        if extent[e] > 1:
            ierr = MPI_Type_create_hvector(<int>extent[e], 1, <MPI_Aint>stride, t, &outer)
            MPI_Type_free(&t)
            t = outer
        disp += <MPI_Aint>(start[e] * stride)
        stride *= buf.dims[e]
        e -= 1
    cdef int one = 1
    if ierr == MPI_SUCCESS:
        ierr = MPI_Type_create_hindexed(1, &one, &disp, t, out)
        MPI_Type_free(&t)
    if ierr != MPI_SUCCESS:
        out[0] = MPI_BYTE
    else:
        ierr = MPI_Type_commit(out)
    return ierr


# Datatypes of boxes that recur call after call (a halo exchange's faces)
# are kept: creating and committing one costs about 1 us with MPICH, several
# per call. A box is known by the buffer's shape and item size and its
# start and extent; the cache holds BOX_CACHE_SIZE of them and replaces the
# oldest. Freeing a datatype that a pending message still uses is allowed
# (MPI completes the message normally), so eviction never waits; the lock
# covers handlers of concurrent computations.
cdef enum:
    BOX_CACHE_SIZE = 64
    BOX_KEY_LEN = 3 * (MAX_BOX_RANK + 1) + 1

ctypedef struct CachedBox:
    int64_t key[BOX_KEY_LEN]
    MPI_Datatype type

cdef CachedBox box_cache[BOX_CACHE_SIZE]
cdef int box_cache_used = 0, box_cache_next = 0

cdef extern from *:
    """
    #include <sched.h>
    static int mpicoll_box_cache_flag = 0;
    static void mpicoll_box_cache_lock(void) {
        while (__sync_lock_test_and_set(&mpicoll_box_cache_flag, 1)) sched_yield();
    }
    static void mpicoll_box_cache_unlock(void) { __sync_lock_release(&mpicoll_box_cache_flag); }
    """
    void mpicoll_box_cache_lock() nogil
    void mpicoll_box_cache_unlock() nogil


cdef int cached_box_type(const XLA_FFI_Buffer* buf, const int64_t* start,
                         const int64_t* extent, MPI_Datatype* out) noexcept nogil:
    """`box_type`, from the cache when the same box was asked for before;
    the datatype belongs to the cache (the caller does not free it)."""
    global box_cache_used, box_cache_next
    cdef int64_t key[BOX_KEY_LEN]
    cdef int n = buf.rank + 1, d, k, ierr
    key[0] = buf.rank
    for d in range(n):
        key[1 + d] = buf.dims[d] if d < buf.rank else item_size(buf.dtype)
        key[1 + n + d] = start[d]
        key[1 + 2 * n + d] = extent[d]
    cdef size_t nbytes = (1 + 3 * n) * sizeof(int64_t)
    mpicoll_box_cache_lock()
    for k in range(box_cache_used):
        if memcmp(box_cache[k].key, key, nbytes) == 0:
            out[0] = box_cache[k].type
            mpicoll_box_cache_unlock()
            return MPI_SUCCESS
    mpicoll_box_cache_unlock()
    ierr = box_type(buf, start, extent, out)
    if ierr != MPI_SUCCESS:
        return ierr
    mpicoll_box_cache_lock()
    k = box_cache_next
    box_cache_next = (k + 1) % BOX_CACHE_SIZE
    if box_cache_used == BOX_CACHE_SIZE:
        MPI_Type_free(&box_cache[k].type)
    else:
        box_cache_used += 1
    memcpy(box_cache[k].key, key, nbytes)
    box_cache[k].type = out[0]
    mpicoll_box_cache_unlock()
    return MPI_SUCCESS


cdef bint clip(int64_t* start, int64_t* extent, int64_t lo, int64_t hi, int64_t base,
               int64_t length) noexcept nogil:
    """The part [lo, hi) of a box side of `length` indices placed at `base`;
    False if empty."""
    if hi > length:
        hi = length
    start[0] = base + lo
    extent[0] = hi - lo
    return hi > lo


cdef int tile_piece(const XLA_FFI_Buffer* buf, int axis, int64_t base, int64_t length,
                    const int64_t* lo, const int64_t* hi, bint cached, int* count,
                    MPI_Datatype* out) noexcept nogil:
    """The piece of `buf` that spans [base, base + length) along `axis` and
    all of every other axis, intersected with the tile [lo, hi) (in the
    piece's own coordinates): its datatype and count 1, or count 0 if empty.
    A `cached` datatype belongs to the cache (`cached_box_type`): not freed
    by the caller."""
    cdef int64_t start[MAX_BOX_RANK + 1]
    cdef int64_t extent[MAX_BOX_RANK + 1]
    cdef bint some = piece_box(buf, axis, base, length, lo, hi, start, extent)
    count[0] = 1 if some else 0
    if not some:
        return MPI_SUCCESS
    return cached_box_type(buf, start, extent, out) if cached else box_type(buf, start, extent, out)


cdef bint piece_box(const XLA_FFI_Buffer* buf, int axis, int64_t base, int64_t length,
                    const int64_t* lo, const int64_t* hi, int64_t* start,
                    int64_t* extent) noexcept nogil:
    """`tile_piece`'s box (start and extent per axis, the last the item's
    bytes); False if empty."""
    cdef bint some = True
    cdef int d
    for d in range(buf.rank + 1):
        if d == axis:
            some &= clip(&start[d], &extent[d], lo[d], hi[d], base, length)
        else:
            some &= clip(&start[d], &extent[d], lo[d], hi[d], 0,
                         buf.dims[d] if d < buf.rank else item_size(buf.dtype))
    return some


cdef void copy_tile_piece(const XLA_FFI_Buffer* src, int src_axis, int64_t src_base,
                          int64_t src_length, XLA_FFI_Buffer* dst, int dst_axis,
                          int64_t dst_base, int64_t dst_length, const int64_t* lo,
                          const int64_t* hi) noexcept nogil:
    """Copy the `tile_piece` of `src` to that of `dst` (pieces of the same
    extents, arrays of the same rank and item size) in host memory: what a
    rank would otherwise send itself (redistribute.pxi says why)."""
    cdef int64_t s0[MAX_BOX_RANK + 1]
    cdef int64_t d0[MAX_BOX_RANK + 1]
    cdef int64_t extent[MAX_BOX_RANK + 1]
    cdef int64_t sstride[MAX_BOX_RANK + 1]
    cdef int64_t dstride[MAX_BOX_RANK + 1]
    cdef int64_t index[MAX_BOX_RANK + 1]
    if not piece_box(src, src_axis, src_base, src_length, lo, hi, s0, extent) or \
            not piece_box(dst, dst_axis, dst_base, dst_length, lo, hi, d0, extent):
        return
    cdef int n = src.rank
    cdef int d = n - 1
    sstride[n] = 1
    dstride[n] = 1
    while d >= 0:
        sstride[d] = sstride[d + 1] * (src.dims[d + 1] if d + 1 < n else item_size(src.dtype))
        dstride[d] = dstride[d + 1] * (dst.dims[d + 1] if d + 1 < n else item_size(dst.dtype))
        d -= 1
    # the longest contiguous run: inner axes both arrays hold whole, times
    # the extent along the next axis out
    cdef int64_t run = extent[n]
    d = n - 1
    while d >= 0 and extent[d] == src.dims[d] and extent[d] == dst.dims[d]:
        run *= extent[d]
        d -= 1
    cdef char* s = <char*>src.data
    cdef char* t = <char*>dst.data
    cdef int e
    for e in range(n):
        s += s0[e] * sstride[e]
        t += d0[e] * dstride[e]
    if d >= 0:
        run *= extent[d]
    d -= 1                  # axes 0..d are walked one index at a time
    for e in range(d + 1):
        index[e] = 0
    while True:
        memcpy(t, s, run)
        e = d
        while e >= 0:
            index[e] += 1
            s += sstride[e]
            t += dstride[e]
            if index[e] < extent[e]:
                break
            s -= extent[e] * sstride[e]
            t -= extent[e] * dstride[e]
            index[e] = 0
            e -= 1
        if e < 0:
            return


cdef int64_t plan_tiles(const int64_t* most, int n, int64_t chunk, int64_t* tile,
                        int64_t* ntiles) noexcept nogil:
    """Cut a box of extents `most` (the last axis: the bytes of one item,
    never cut) into tiles of at most `chunk` bytes: whole axes from the
    innermost out while they fit, then as many indices of the next axis as
    fit, single indices further out. Fills `tile` and `ntiles` (tiles per
    axis); returns the number of tiles."""
    cdef int64_t inner = 1, rounds = 1
    cdef int d
    if chunk > INT_MAX:
        chunk = INT_MAX
    for d in range(n - 1, -1, -1):
        if d == n - 1 or inner * most[d] <= chunk:
            tile[d] = most[d] if most[d] > 0 else 1      # the whole axis
        else:
            tile[d] = chunk // inner if chunk // inner > 1 else 1
        inner *= tile[d]
        ntiles[d] = (most[d] + tile[d] - 1) // tile[d] if most[d] > 0 else 1
        rounds *= ntiles[d]
    return rounds


cdef void tile_bounds(int64_t k, int n, const int64_t* tile, const int64_t* ntiles,
                      int64_t* lo, int64_t* hi) noexcept nogil:
    """Tile k of `plan_tiles` as [lo, hi) per axis (tiles numbered with the
    innermost axis fastest)."""
    cdef int d
    for d in range(n - 1, -1, -1):
        lo[d] = k % ntiles[d] * tile[d]
        hi[d] = lo[d] + tile[d]
        k //= ntiles[d]
