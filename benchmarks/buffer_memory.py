"""Where the time of a large message goes: the same mpi4py call with its
buffers in different memory, in one run (no mpicoll).

Run:  ./scripts/mpirun.sh 2 benchmarks/buffer_memory.py [--mib 16 128] [--out DIR]

mpicoll's handler is handed memory that XLA chose: the input is a buffer that
XLA allocated and wrote (4 KiB pages: XLA's allocator never asks for huge
pages), and the result is a buffer XLA allocated for this call. mpi4py's
usual program sends from a NumPy array (NumPy asks the kernel for
transparent huge pages on every array of 4 MiB or more) and receives into a
buffer it keeps. This script separates the two effects with one MPI call per
operation (float32, SUM, N bytes per rank; alltoall sends N/P to each rank;
sendrecv is a ring shift):

  numpy       input a NumPy array, output preallocated (the usual floor)
  xla_input   input the memory of a JAX array (a zero-copy, read-only NumPy
              view), output preallocated
  no_advice   input a NumPy array made with NumPy's huge-page advice switched
              off (4 KiB pages, as XLA's), output preallocated
  fresh_out   input a NumPy array, output allocated for each call
  both        input the JAX array's memory, output allocated for each call:
              the memory situation of mpicoll's handler, whose time the
              `xla_mem` column of primitives.py shows next to mpicoll's own
  collapsed   input the memory of a JAX array whose pages were then
              collapsed into huge pages (madvise MADV_COLLAPSE, Linux 6.1+),
              output preallocated; the time a collapse of freshly written
              XLA memory takes is printed before each size's rows

with the page faults per call of each (minor faults, the most of any rank).
Same method as the other benchmarks (timing.py: barrier before every call,
slowest rank, median). Writes a table to stdout and <out>/buffer_memory_np<P>
.txt/.json (reporting.py).
"""

import argparse
import os
import time

import numpy as np
import jax
import jax.numpy as jnp
from mpi4py import MPI

import reporting   # benchmarks/reporting.py: the shared output
from reporting import fmt_time
import timing      # benchmarks/timing.py: the shared method

comm = MPI.COMM_WORLD
rank, size = comm.Get_rank(), comm.Get_size()
right, left = (rank + 1) % size, (rank - 1) % size
timing_comm = comm.Dup()

OPS = {
    "allreduce": lambda s, r: comm.Allreduce(s, r, op=MPI.SUM),
    "alltoall": lambda s, r: comm.Alltoall(s, r),
    "sendrecv": lambda s, r: comm.Sendrecv(s, right, recvbuf=r, source=left),
}
VARIANTS = ["numpy", "xla_input", "no_advice", "fresh_out", "both", "collapsed"]
MADV_COLLAPSE = 25          # Linux >= 6.1: back a written range with huge pages now
HUGE = 2 << 20


def numpy_array(count, advised):
    """A NumPy array of ones, allocated with or without NumPy's huge-page advice."""
    from numpy._core.multiarray import _get_madvise_hugepage, _set_madvise_hugepage
    before = _get_madvise_hugepage()
    _set_madvise_hugepage(advised)
    try:
        return np.ones(count, np.float32)
    finally:
        _set_madvise_hugepage(before)


def xla_memory(count):
    """A JAX array of ones (memory XLA wrote) and a NumPy view of its buffer."""
    x = jax.block_until_ready(jnp.ones(count, jnp.float32))
    return x, timing.jax_memory(x)


def collapse(x, nbytes):
    """madvise(MADV_COLLAPSE) on the whole 2 MiB blocks of a JAX array's
    buffer; its time in seconds, or None where the kernel refuses."""
    import ctypes
    libc = ctypes.CDLL(None, use_errno=True)
    libc.madvise.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int]
    start = -(-x.unsafe_buffer_pointer() // HUGE) * HUGE
    end = (x.unsafe_buffer_pointer() + nbytes) // HUGE * HUGE
    if end <= start:
        return None
    began = time.perf_counter()
    failed = libc.madvise(start, end - start, MADV_COLLAPSE) != 0
    return None if failed else time.perf_counter() - began


def run(mibs, log):
    results = []
    for mib in mibs:
        count = (mib << 20) // 4
        count -= count % size
        n = 20 if mib <= 16 else 8
        keep, xla = xla_memory(count)
        # what collapsing costs for memory XLA has just written (3 fresh buffers)
        costs = [collapse(jax.block_until_ready(jnp.full(count, k, jnp.float32)), count * 4)
                 for k in range(3)]
        collapsed, collapsed_view = xla_memory(count)
        costs.append(collapse(collapsed, count * 4))
        inputs = {"numpy": numpy_array(count, True), "xla_input": xla,
                  "no_advice": numpy_array(count, False), "fresh_out": None, "both": xla,
                  "collapsed": collapsed_view}
        inputs["fresh_out"] = inputs["numpy"]
        cost = None if None in costs else comm.allreduce(float(np.median(costs)), op=MPI.MAX)
        log(f"-- {mib} MiB: MADV_COLLAPSE of memory XLA has just written: "
            + ("refused by this kernel" if cost is None else fmt_time(cost)))
        kept_output = numpy_array(count, True)
        for name, op in OPS.items():
            row = {"op": name, "mib": mib, "ranks": size, "collapse_time": cost}
            for variant in VARIANTS:
                send = inputs[variant]
                if variant in ("fresh_out", "both"):
                    call = lambda: op(send, np.empty(count, np.float32))  # noqa: E731
                else:
                    call = lambda: op(send, kept_output)                   # noqa: E731
                row[variant] = timing.measure(call, n, 2, timing_comm)
                row[variant + "_faults"] = timing.faults_per_call(call, max(3, n // 4),
                                                                  timing_comm)
            results.append(row)
            log(format_row(row))
        del keep, collapsed
    return results


def header():
    return (f"{'op':10}{'size':>9}" + "".join(f"{v:>24}" for v in VARIANTS) + "\n"
            + " " * 19 + "".join(f"{'time (x numpy) faults':>24}" for _ in VARIANTS))


def format_row(row):
    cells = "".join(f"{fmt_time(row[v])} ({row[v] / row['numpy']:4.2f}x) "
                    f"{row[v + '_faults']:5.0f}".rjust(24) for v in VARIANTS)
    return f"{row['op']:10}{str(row['mib']) + ' MiB':>9}{cells}"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mib", type=int, nargs="+", default=[16, 128])
    parser.add_argument("--out", default="benchmarks/results")
    args = parser.parse_args()
    log = reporting.Log(rank)

    meta = reporting.metadata(comm, mib=args.mib)
    log(reporting.title("mpi4py with buffers in different memory", meta))
    log(header())
    results = run(args.mib, log)
    if rank == 0:
        reporting.write(os.path.join(args.out, f"buffer_memory_np{size}"), meta, results,
                        log.text)


if __name__ == "__main__":
    main()
