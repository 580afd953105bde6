# Redistribution (included by _ffi.pyx): one axis gathered, another split.
#
# Rank r holds block r of `concat_axis` (recvcounts[r] long) with
# `split_axis` whole; afterwards every rank holds all of `concat_axis` and
# its block of `split_axis` (sendcounts[r] long). The piece for each peer
# is a box of the input and lands as a box of the result, so one
# MPI_Alltoallw with a datatype per box moves everything and MPI's datatype
# engine does the strided copies: no packed copy of the array is made.
# Boxes are described in bytes (an extra innermost axis of item-size
# length, never split), so every dtype travels alike.
#
# A rank's piece for itself is copied here, not handed to MPI (on host
# memory; on the CUDA-aware path MPI moves it between device buffers):
# MPICH moves a message to self several times slower than memcpy, and at 2
# ranks that piece is half the data (benchmarks/README.md, "What MPICH's
# v-collectives cost").
#
# Chunking: the largest piece any pair exchanges has extents every rank
# knows (the longest split block, the widest concat block, the other axes).
# When it exceeds the chunk limit, a tile shape is chosen from the innermost
# axis out (whole axes while they fit, then as many indices of the next axis
# as fit, single indices further out), and round k moves every piece's
# intersection with tile k. Sender and receiver of a pair intersect the same
# box with the same tile, and every rank computes the same tiles and rounds.


cdef int redistribute(Call* c) noexcept nogil:
    cdef XLA_FFI_Buffer* x = c.args[0]
    cdef XLA_FFI_Buffer* y = c.rets[0]
    cdef int n = x.rank + 1                      # with the byte axis
    cdef int sa = <int>c.attr[ATTR_SPLIT_AXIS], ca = <int>c.attr[ATTR_CONCAT_AXIS]
    cdef const int64_t* splits = c.array[ARRAY_SENDCOUNTS]
    cdef const int64_t* concats = c.array[ARRAY_RECVCOUNTS]
    cdef int p, d, ierr = MPI_SUCCESS
    if splits == NULL or concats == NULL or c.array_len[ARRAY_SENDCOUNTS] != c.size or \
            c.array_len[ARRAY_RECVCOUNTS] != c.size or x.rank != y.rank or \
            x.rank > MAX_BOX_RANK or sa == ca or sa < 0 or ca < 0 or \
            sa >= x.rank or ca >= x.rank:
        c.message = b"mpicoll: redistribute got inconsistent axes or counts"
        return MPI_SUCCESS
    # the largest piece (`most`), the tile, and the number of rounds
    cdef int64_t most[MAX_BOX_RANK + 1]
    cdef int64_t tile[MAX_BOX_RANK + 1]
    cdef int64_t ntiles[MAX_BOX_RANK + 1]
    cdef int64_t lo[MAX_BOX_RANK + 1]
    cdef int64_t hi[MAX_BOX_RANK + 1]
    for d in range(x.rank):
        most[d] = x.dims[d]
    most[x.rank] = item_size(x.dtype)
    most[sa] = 0
    most[ca] = 0
    for p in range(c.size):
        most[sa] = splits[p] if splits[p] > most[sa] else most[sa]
        most[ca] = concats[p] if concats[p] > most[ca] else most[ca]
    cdef int64_t rounds = plan_tiles(most, n, c.attr[ATTR_CHUNK_BYTES], tile, ntiles)
    cdef int64_t k
    cdef int* counts = <int*>calloc(4 * c.size, sizeof(int))
    cdef MPI_Datatype* types = <MPI_Datatype*>malloc(2 * c.size * sizeof(MPI_Datatype))
    if counts == NULL or types == NULL:
        free(counts)
        free(types)
        return MPI_ERR_NO_MEM
    cdef int64_t offset, roff
    k = 0
    while ierr == MPI_SUCCESS and k < rounds:
        tile_bounds(k, n, tile, ntiles, lo, hi)
        for p in range(2 * c.size):
            types[p] = MPI_BYTE
            counts[p] = 0
        offset = 0
        roff = 0
        for p in range(c.size):
            # to peer p: its rows of the split axis (all of this rank's concat block);
            # from peer p: its concat block, at its place (this rank's split rows)
            if p == c.rank and mpicoll_copy_stream == NULL:     # counts stay 0
                copy_tile_piece(x, sa, offset, splits[p], y, ca, roff, concats[p], lo, hi)
            else:
                ierr = tile_piece(x, sa, offset, splits[p], lo, hi, False, &counts[p], &types[p])
                if ierr == MPI_SUCCESS:
                    ierr = tile_piece(y, ca, roff, concats[p], lo, hi, False,
                                      &counts[c.size + p], &types[c.size + p])
            if ierr != MPI_SUCCESS:
                break
            offset += splits[p]
            roff += concats[p]
        if ierr == MPI_SUCCESS:
            ierr = MPI_Alltoallw(x.data, counts, counts + 2 * c.size, types,
                                 y.data, counts + c.size, counts + 3 * c.size,
                                 types + c.size, c.comm)
        for p in range(2 * c.size):
            if types[p] != MPI_BYTE:
                MPI_Type_free(&types[p])
        k += 1
    free(counts)
    free(types)
    return ierr
