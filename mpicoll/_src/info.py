"""What `python -m mpicoll` reports, and its `--self-test`.

* `info()`: (label, value) pairs naming the versions and the MPI/JAX setup
  mpicoll runs with: mpicoll, Python, JAX, jaxlib, mpi4py, the MPI the
  extension was built against (an MPI, or an MPI ABI: which variant was
  loaded and why) and the one loaded now, MPI's thread level,
  the chunk limit, whether allreduce and reduce run by blocks, the CUDA
  path (or why there is none), the XLA FFI API version the extension was
  compiled against, and whether jitted MPI calls keep JAX's fast dispatch.
* `self_test(comm)`: every operation once, jitted, on every rank of `comm`,
  compared bitwise with the values NumPy computes from what each rank can
  work out alone; the verdicts are combined over the ranks, so every rank
  gets the same table. A check that raises or compares wrong is recorded,
  and the rank goes on with the next operation (the other ranks are never
  left waiting in a collective this rank skipped because of a wrong value).
* `main(argv)`: the command line; only rank 0 prints.

The checks are in `CHECKS` (operation name -> function of the communicator
returning ``(result, expected)``); tests replace entries to see a failure
reported.
"""

import argparse
import ctypes
import os
import re
import sys

import jax
import numpy as np
from mpi4py import MPI

import mpicoll
from mpicoll._src import _ffi, bridge, gpu, jax_internals, memory, mpi_abi

# --------------------------------------------------------------------------
# Information
# --------------------------------------------------------------------------

THREAD_LEVELS = {MPI.THREAD_SINGLE: "MPI_THREAD_SINGLE",
                 MPI.THREAD_FUNNELED: "MPI_THREAD_FUNNELED",
                 MPI.THREAD_SERIALIZED: "MPI_THREAD_SERIALIZED",
                 MPI.THREAD_MULTIPLE: "MPI_THREAD_MULTIPLE"}


class _ExtensionBase(ctypes.Structure):
    # XLA_FFI_Extension_Base (API 0.3) / XLA_FFI_InternalExtension (0.4+)
    _fields_ = [("struct_size", ctypes.c_size_t), ("type", ctypes.c_int),
                ("next", ctypes.c_void_p)]


class _ApiVersion(ctypes.Structure):
    _fields_ = [("struct_size", ctypes.c_size_t), ("extension_start", ctypes.c_void_p),
                ("major_version", ctypes.c_int), ("minor_version", ctypes.c_int)]


class _Metadata(ctypes.Structure):
    _fields_ = [("struct_size", ctypes.c_size_t), ("api_version", _ApiVersion),
                ("traits", ctypes.c_uint32), ("_spare", ctypes.c_int64 * 8)]


class _MetadataExtension(ctypes.Structure):
    _fields_ = [("extension_base", _ExtensionBase),
                ("metadata", ctypes.POINTER(_Metadata))]


class _CallFrame(ctypes.Structure):
    # struct_size, extension_start, api, ctx, stage; args, rets, attrs and
    # future follow (zeroed spare room: the metadata query never reads them).
    _fields_ = [("struct_size", ctypes.c_size_t), ("extension_start", ctypes.c_void_p),
                ("api", ctypes.c_void_p), ("ctx", ctypes.c_void_p), ("stage", ctypes.c_int),
                ("_spare", ctypes.c_int64 * 64)]


def _header_text():
    try:
        with open(os.path.join(jax.ffi.include_dir(), "xla", "ffi", "api", "c_api.h")) as f:
            return f.read()
    except OSError:
        return ""


def _metadata_extension_type():
    """XLA_FFI_Extension_Metadata from the header (1 in API 0.3 .. 0.5).

    It must be the value the handlers compare with: a frame they do not take
    for a metadata query would be decoded as a real call."""
    found = re.search(r"XLA_FFI_Extension_Metadata\s*=\s*(\d+)", _header_text())
    return int(found.group(1)) if found else 1


def ffi_api_version():
    """(major, minor) of the XLA FFI API the extension was compiled against.

    Asked the way XLA asks when a handler is registered: one handler is
    called with a metadata extension on its call frame and fills in the
    version of the header it was compiled with (without touching buffers or
    MPI; see `decode` in call_frames.pxi). None if the answer looks wrong.
    """
    capsule = _ffi.handlers()["mpicoll_barrier"]
    # a private prototype: setting restype on ctypes.pythonapi's shared one
    # would change it for everyone else in the process
    get_pointer = ctypes.PYFUNCTYPE(ctypes.c_void_p, ctypes.py_object, ctypes.c_char_p)(
        ("PyCapsule_GetPointer", ctypes.pythonapi))
    handler = ctypes.CFUNCTYPE(ctypes.c_void_p, ctypes.c_void_p)(get_pointer(capsule, None))
    metadata = _Metadata(struct_size=ctypes.sizeof(_Metadata))
    metadata.api_version.struct_size = ctypes.sizeof(_ApiVersion)
    metadata.api_version.major_version = metadata.api_version.minor_version = -1
    extension = _MetadataExtension(
        extension_base=_ExtensionBase(struct_size=ctypes.sizeof(_MetadataExtension),
                                      type=_metadata_extension_type(), next=None),
        metadata=ctypes.pointer(metadata))
    frame = _CallFrame(struct_size=ctypes.sizeof(_CallFrame),
                       extension_start=ctypes.addressof(extension))
    if handler(ctypes.addressof(frame)) is not None:      # an XLA_FFI_Error*
        return None
    version = metadata.api_version.major_version, metadata.api_version.minor_version
    return version if min(version) >= 0 else None


def header_api_version():
    """(major, minor) of the XLA FFI C header the installed jaxlib ships, or None."""
    text = _header_text()
    found = [re.search(rf"#define\s+XLA_FFI_API_{part}\s+(\d+)", text)
             for part in ("MAJOR", "MINOR")]
    return tuple(int(m.group(1)) for m in found) if all(found) else None


def _ffi_line():
    built = ffi_api_version()
    now = header_api_version()
    text = "unknown" if built is None else "%d.%d" % built
    if now is not None and built is not None and now < built:
        text += ("  (newer than the installed jaxlib's header, %d.%d: rebuild mpicoll with "
                 "`pip install --no-build-isolation --force-reinstall .`)" % now)
    elif now is not None and now != built:
        # XLA accepts handlers of an older API version: a binary build
        # targets the oldest supported jaxlib for that reason
        text += "  (the installed jaxlib's header is %d.%d, which accepts it)" % now
    return text


def _built_against():
    abi = _ffi.built_for_abi()
    return mpi_abi.ABIS[abi] if abi else _ffi.built_with_vendor()


def _variant():
    """Which build of the extension runs, and why that one."""
    abi = _ffi.built_for_abi()
    if not abi:
        return ("none: built with one MPI's compiler wrapper, for that MPI only "
                f"({os.path.basename(_ffi.__file__)})")
    return f"{abi}: {mpi_abi.chosen[1] if mpi_abi.chosen else 'chosen by MPICOLL_MPIABI'}"


def _jaxlib_version():
    import jaxlib
    return getattr(jaxlib, "__version__", None) or jax.lib.__version__


def _platform():
    devices = jax.local_devices()
    return f"{jax.default_backend()} ({len(devices)} local device{'s' * (len(devices) != 1)})"


_FIELDS = [
    ("mpicoll", lambda: mpicoll.__version__),
    ("mpicoll location", lambda: os.path.dirname(os.path.abspath(mpicoll.__file__))),
    ("Python", lambda: sys.version.split()[0]),
    ("JAX", lambda: jax.__version__),
    ("jaxlib", _jaxlib_version),
    ("mpi4py", lambda: __import__("mpi4py").__version__),
    ("MPI built against", _built_against),
    ("MPI variant", _variant),
    ("MPI library loaded", lambda: bridge.loaded_library_version().splitlines()[0].strip()),
    ("MPI vendor", lambda: "%s %s" % (MPI.get_vendor()[0],
                                      ".".join(map(str, MPI.get_vendor()[1])))),
    ("MPI thread level", lambda: THREAD_LEVELS.get(MPI.Query_thread(), str(MPI.Query_thread()))),
    ("MPI processes", lambda: str(MPI.COMM_WORLD.Get_size())),
    ("chunk limit (bytes)", lambda: str(mpicoll.get_chunk_bytes())),
    ("reduce by blocks", lambda: str(mpicoll.get_reduction_blocks())),
    ("nonblocking progress", _ffi.progress_description),
    ("C allocator", memory.description),
    ("GPU (CUDA)", gpu.describe),
    ("XLA FFI API version", _ffi_line),
    ("fast dispatch path", lambda: str(jax_internals.fast_dispatch_installed())),
    ("JAX platform", _platform),
]


def info():
    """[(label, value)]: what `python -m mpicoll` prints. A value that cannot
    be found reads "unavailable (<why>)" instead of raising."""
    rows = []
    for label, get in _FIELDS:
        try:
            value = str(get())
        except Exception as exc:   # noqa: BLE001 - report, never crash
            value = f"unavailable ({type(exc).__name__}: {exc})"
        rows.append((label, value))
    return rows


def format_info(rows):
    width = max(len(label) for label, _ in rows) + 1
    return "\n".join(f"{label + ':':<{width}} {value}" for label, value in rows)


# --------------------------------------------------------------------------
# Self-test
# --------------------------------------------------------------------------
#
# Every check runs one operation, jitted, on COMM_WORLD-like `comm` and
# returns (result, expected). Values are small integers (exact in float32 and
# int32), and every rank computes what any rank holds from the rank number,
# so the expected result needs no communication. Roots are the last rank (not
# rank 0), and counts differ per rank and include zero, to catch code that
# assumes the simple case.

def _values(rank, n=4):
    """Rank `rank`'s float32 data."""
    return np.arange(n, dtype=np.float32) + 10 * rank + 1


def _ints(rank, n=3):
    """Rank `rank`'s int32 data."""
    return np.arange(n, dtype=np.int32) + 100 * rank - 7


def _pair(a, b):
    """A (2,) int32 block identifying the pair (a, b)."""
    return np.array([100 * a + b, -(100 * a + b) - 1], dtype=np.int32)


def _v_counts(size):
    """allgatherv/gatherv/scatterv: rank s holds 1 + s % 3 rows."""
    return [1 + s % 3 for s in range(size)]


def _v_rows(rank, size):
    n = _v_counts(size)[rank]
    return (np.arange(2 * n, dtype=np.float32).reshape(n, 2) + 1000 * rank)


def _a2av_count(src, dst):
    """alltoallv: rows rank `src` sends to rank `dst` (0 for some pairs)."""
    return (src + 2 * dst + 1) % 3


def _a2av_rows(src, dst):
    n = _a2av_count(src, dst)
    return (np.arange(n, dtype=np.int32)[:, None] * 10 + _pair(src, dst)).reshape(n, 2)


def _jit(fn, *args):
    return jax.jit(fn)(*args)


def _check_allreduce(comm):
    r, n = comm.rank, comm.size
    got = _jit(lambda x: mpicoll.allreduce(x, MPI.SUM, comm=comm), _values(r))
    return got, sum(_values(s) for s in range(n))


def _check_reduce(comm):
    r, n = comm.rank, comm.size
    root = n - 1
    got = _jit(lambda x: mpicoll.reduce(x, MPI.SUM, root, comm=comm), _values(r))
    return got, sum(_values(s) for s in range(n)) if r == root else _values(r)


def _check_scan(comm):
    r = comm.rank
    got = _jit(lambda x: mpicoll.scan(x, MPI.SUM, comm=comm), _values(r))
    return got, sum(_values(s) for s in range(r + 1))


def _check_exscan(comm):
    r = comm.rank
    got = _jit(lambda x: mpicoll.exscan(x, MPI.SUM, comm=comm), _values(r))
    # rank 0: the identity of SUM
    return got, sum((_values(s) for s in range(r)), np.zeros(4, np.float32))


def _check_reduce_scatter(comm):
    r, n = comm.rank, comm.size
    blocks = lambda s: np.stack([_values(s) + 100 * b for b in range(n)])  # noqa: E731
    got = _jit(lambda x: mpicoll.reduce_scatter(x, MPI.SUM, comm=comm), blocks(r))
    return got, sum(blocks(s)[r] for s in range(n))


def _check_bcast(comm):
    r, n = comm.rank, comm.size
    root = n - 1
    got = _jit(lambda x: mpicoll.bcast(x, root, comm=comm), _ints(r))
    return got, _ints(root)


def _check_allgather(comm):
    r, n = comm.rank, comm.size
    got = _jit(lambda x: mpicoll.allgather(x, comm=comm), _ints(r))
    return got, np.stack([_ints(s) for s in range(n)])


def _check_gather(comm):
    r, n = comm.rank, comm.size
    root = n - 1
    got = _jit(lambda x: mpicoll.gather(x, root, comm=comm), _ints(r))
    return got, np.stack([_ints(s) for s in range(n)]) if r == root else _ints(r)


def _check_scatter(comm):
    r, n = comm.rank, comm.size
    root = n - 1
    x = np.stack([_ints(s) for s in range(n)]) if r == root else np.zeros(3, np.int32)
    got = _jit(lambda x: mpicoll.scatter(x, root, comm=comm), x)
    return got, _ints(r)


def _check_alltoall(comm):
    r, n = comm.rank, comm.size
    got = _jit(lambda x: mpicoll.alltoall(x, comm=comm),
               np.stack([_pair(r, d) for d in range(n)]))
    return got, np.stack([_pair(s, r) for s in range(n)])


def _check_alltoallv(comm):
    r, n = comm.rank, comm.size
    sendcounts = [_a2av_count(r, d) for d in range(n)]
    recvcounts = [_a2av_count(s, r) for s in range(n)]
    x = np.concatenate([_a2av_rows(r, d) for d in range(n)])
    got = _jit(lambda x: mpicoll.alltoallv(x, sendcounts, recvcounts, comm=comm), x)
    return got, np.concatenate([_a2av_rows(s, r) for s in range(n)])


def _check_ragged_alltoall(comm):
    """The alltoallv blocks again, the counts an array operand of the
    jitted function, and one padding row."""
    r, n = comm.rank, comm.size
    x = np.concatenate([_a2av_rows(r, d) for d in range(n)])
    capacity = sum(_a2av_count(s, r) for s in range(n)) + 1

    counts = np.array([_a2av_count(r, d) for d in range(n)], np.int32)
    got = _jit(lambda x, c: mpicoll.ragged_alltoall(x, c, capacity, comm=comm)[0], x, counts)
    received = np.concatenate([_a2av_rows(s, r) for s in range(n)])
    return got, np.concatenate([received, np.zeros((1,) + received.shape[1:], received.dtype)])


def _check_redistribute(comm):
    r, n = comm.rank, comm.size
    counts = _v_counts(n)
    whole = np.arange(sum(counts) * (n + 1) * 2, dtype=np.int32).reshape(sum(counts), n + 1, 2)
    start = sum(counts[:r])
    got = _jit(lambda x: mpicoll.redistribute(x, 1, 0, concat_sizes=counts, comm=comm),
               whole[start:start + counts[r]])
    return got, np.array_split(whole, n, axis=1)[r]


def _check_allgatherv(comm):
    r, n = comm.rank, comm.size
    counts = _v_counts(n)
    got = _jit(lambda x: mpicoll.allgatherv(x, counts, comm=comm), _v_rows(r, n))
    return got, np.concatenate([_v_rows(s, n) for s in range(n)])


def _check_gatherv(comm):
    r, n = comm.rank, comm.size
    root, counts = n - 1, _v_counts(n)
    got = _jit(lambda x: mpicoll.gatherv(x, counts, root, comm=comm), _v_rows(r, n))
    everything = np.concatenate([_v_rows(s, n) for s in range(n)])
    return got, everything if r == root else _v_rows(r, n)


def _check_scatterv(comm):
    r, n = comm.rank, comm.size
    root, counts = n - 1, _v_counts(n)
    x = (np.concatenate([_v_rows(s, n) for s in range(n)]) if r == root
         else np.zeros((counts[r], 2), np.float32))
    got = _jit(lambda x: mpicoll.scatterv(x, counts, root, comm=comm), x)
    return got, _v_rows(r, n)


def _check_sendrecv(comm):
    r, n = comm.rank, comm.size
    right, left = (r + 1) % n, (r - 1) % n
    got = _jit(lambda x, t: mpicoll.sendrecv(x, t, source=left, dest=right, comm=comm),
               _values(r), np.zeros(4, np.float32))
    return got, _values(left)


def _check_send_recv(comm):
    """Ring: even ranks send right then receive from the left, odd ranks the
    other way round. Alone, rank 0 talks to PROC_NULL (a blocking send to
    itself would wait forever) and gets its receive template back."""
    r, n = comm.rank, comm.size
    right, left = ((r + 1) % n, (r - 1) % n) if n > 1 else (MPI.PROC_NULL, MPI.PROC_NULL)
    template = np.full(3, -1, np.int32)

    def exchange(x, t):
        if r % 2 == 0:
            mpicoll.send(x, right, tag=7, comm=comm)
            return mpicoll.recv(t, left, tag=7, comm=comm)
        y = mpicoll.recv(t, left, tag=7, comm=comm)
        mpicoll.send(x, right, tag=7, comm=comm)
        return y

    got = _jit(exchange, _ints(r), template)
    return got, template if n == 1 else _ints(left)


def _check_halo_exchange(comm):
    """A ring of blocks of 2 rows (periodic), halo width 1: each rank's halo
    rows are its neighbours' edge rows."""
    r, n = comm.rank, comm.size
    whole = np.arange(2 * n * 3, dtype=np.int32).reshape(2 * n, 3)
    block = np.zeros((4, 3), np.int32)
    block[1:3] = whole[2 * r:2 * r + 2]
    ring = comm.Create_cart([n], periods=[True])
    try:
        got = np.asarray(_jit(lambda x: mpicoll.halo_exchange(x, 1, ring), block))
    finally:
        ring.Free()
    return got, np.take(whole, range(2 * r - 1, 2 * r + 3), axis=0, mode="wrap")


def _check_barrier(comm):
    r = comm.rank
    got = _jit(lambda x: (mpicoll.barrier(comm=comm), x + 1)[1], _ints(r))
    return got, _ints(r) + 1


CHECKS = {
    "allreduce": _check_allreduce,
    "reduce": _check_reduce,
    "scan": _check_scan,
    "exscan": _check_exscan,
    "reduce_scatter": _check_reduce_scatter,
    "bcast": _check_bcast,
    "allgather": _check_allgather,
    "gather": _check_gather,
    "scatter": _check_scatter,
    "alltoall": _check_alltoall,
    "alltoallv": _check_alltoallv,
    "ragged_alltoall": _check_ragged_alltoall,
    "redistribute": _check_redistribute,
    "allgatherv": _check_allgatherv,
    "gatherv": _check_gatherv,
    "scatterv": _check_scatterv,
    "sendrecv": _check_sendrecv,
    "send/recv": _check_send_recv,
    "halo_exchange": _check_halo_exchange,
    "barrier": _check_barrier,
}


def _short(text, limit=160):
    text = " ".join(str(text).split())
    return text if len(text) <= limit else text[:limit - 3] + "..."


def compare(got, expected):
    """None if `got` equals `expected` in shape, dtype and every bit; else why not."""
    got, expected = np.asarray(got), np.asarray(expected)
    if got.shape != expected.shape or got.dtype != expected.dtype:
        return f"got {got.dtype}{list(got.shape)}, expected {expected.dtype}{list(expected.shape)}"
    if got.tobytes() != np.ascontiguousarray(expected).tobytes():
        wrong = np.flatnonzero(got.ravel() != expected.ravel())
        i = int(wrong[0]) if wrong.size else 0
        return (f"{wrong.size} of {got.size} values differ; first at flat index {i}: "
                f"got {got.ravel()[i]}, expected {expected.ravel()[i]}")
    return None


def run_check(check, comm):
    """Run one check on this rank: (passed, reason). Never raises."""
    try:
        got, expected = check(comm)
        got = np.asarray(jax.block_until_ready(got))
        jax.effects_barrier()      # pending MPI effects (a send) have finished
        reason = compare(got, expected)
    except Exception as exc:   # noqa: BLE001 - a failure is a verdict, not an exit
        try:
            jax.effects_barrier()
        except Exception:      # noqa: BLE001
            pass
        reason = f"{type(exc).__name__}: {exc}"
    return reason is None, "ok" if reason is None else _short(reason)


def self_test(comm=None, checks=None):
    """Run every check (default `CHECKS`) on every rank of `comm` (default
    COMM_WORLD) and combine the verdicts over the ranks.

    Collective: every rank of `comm` calls it. Returns the same list on every
    rank: one dict per operation with `op`, `passed` (on every rank),
    `failed_ranks` and `reason` (the first failing rank's, or "ok").
    """
    comm = MPI.COMM_WORLD if comm is None else comm
    checks = CHECKS if checks is None else checks
    mine = [(name,) + run_check(check, comm) for name, check in checks.items()]
    # Verdicts travel on a duplicate, never crossing mpicoll's or the caller's traffic.
    verdict_comm = comm.Dup()
    try:
        everyone = verdict_comm.allgather(mine)
    finally:
        verdict_comm.Free()
    rows = []
    for i, name in enumerate(checks):
        failed = [rank for rank, verdicts in enumerate(everyone) if not verdicts[i][1]]
        reason = "ok"
        if failed:
            reason = f"rank {failed[0]}: {everyone[failed[0]][i][2]}"
            if len(failed) > 1:
                reason += f" (failed on ranks {failed})"
        rows.append(dict(op=name, passed=not failed, failed_ranks=failed, reason=reason))
    return rows


def format_table(rows, size):
    width = max(len("operation"), *(len(row["op"]) for row in rows))
    lines = [f"mpicoll {mpicoll.__version__} self-test: every operation jitted on {size} "
             f"rank{'s' * (size != 1)}, compared with NumPy",
             f"{'operation':<{width}}  result  reason",
             f"{'-' * width}  ------  ------"]
    lines += [f"{row['op']:<{width}}  {'pass' if row['passed'] else 'FAIL':<6}  {row['reason']}"
              for row in rows]
    failed = [row["op"] for row in rows if not row["passed"]]
    if failed:
        lines.append(f"self-test FAILED: {len(failed)} of {len(rows)} operations "
                     f"({', '.join(failed)})")
    else:
        lines.append(f"self-test passed: all {len(rows)} operations")
    return "\n".join(lines)


# --------------------------------------------------------------------------
# Command line
# --------------------------------------------------------------------------

def main(argv=None):
    """`python -m mpicoll [--self-test]`; returns the exit status."""
    parser = argparse.ArgumentParser(
        prog="python -m mpicoll",
        description="Print mpicoll's versions and MPI/JAX setup (rank 0 only). "
                    "With --self-test, run every operation once on every rank, e.g. "
                    "`mpiexec -n 4 python -m mpicoll --self-test`; the exit status is "
                    "non-zero if any operation failed on any rank.")
    parser.add_argument("--self-test", action="store_true",
                        help="check every operation across the ranks of COMM_WORLD")
    args = parser.parse_args(argv)
    world = MPI.COMM_WORLD
    if args.self_test:
        rows = self_test(world)
        if world.rank == 0:
            print(format_table(rows, world.size), flush=True)
        return 0 if all(row["passed"] for row in rows) else 1
    if world.rank == 0:
        print(format_info(info()), flush=True)
    return 0
