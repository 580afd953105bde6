"""Latency and bandwidth of every mpicoll operation next to mpi4py, in one run.

Run:  ./scripts/mpirun.sh 2 benchmarks/run.py primitives [--quick] [--ops allreduce bcast ...]
                                        [--sizes BYTES ...] [--rounds R] [--out DIR]
                                        [--jax-native]   (the jax_native column)
      python benchmarks/run.py primitives --fresh-process [--per-variant] [--ranks P]
                                        [options above]
          the same table with every cell (op and size; or op, size and
          variant) measured in a fresh process, so that no earlier cell's
          allocations change it (benchmarks/README.md, "Order and process
          history"); written as primitives_np<P>_fresh.*
      (on CUDA arrays: run.py gpu primitives, benchmarks/gpu.py)

Operations (the table OPS below; float32, root 0, reductions SUM, counts equal
on every rank), each against the best hand-written mpi4py call on
preallocated NumPy buffers:

  allreduce Allreduce      reduce Reduce            bcast Bcast
  scan Scan                exscan Exscan            reduce_scatter Reduce_scatter_block
  allgather Allgather      gather Gather            scatter Scatter
  allgatherv Allgatherv    gatherv Gatherv          scatterv Scatterv
  alltoall Alltoall        alltoallv Alltoallv      sendrecv Sendrecv (ring shift)
  send/recv Send/Recv      (ranks 2k -> 2k+1; an even last rank sends to
                           PROC_NULL; skipped at 1 rank)
  barrier Barrier          (no data; only at the smallest size, shown as 0 B)

Message size N = the bytes each rank contributes: the array it sends or
reduces (allreduce, reduce, scan, exscan, allgather(v), gather(v), sendrecv,
send/recv), its whole send buffer (alltoall(v) and reduce_scatter: P blocks of
N/P, so N is rounded down to a multiple of 4P bytes), and for the ops where
root sends to everyone the bytes each rank gets (bcast: root's buffer;
scatter(v): one rank's block, root holds P times N). GB/s = N / time.

Variants, all in the same run:

  mpi4py      the MPI call on preallocated NumPy buffers (the floor)
  xla_mem     the same mpi4py call in the memory situation mpicoll's handler
              is in: it sends from the JAX input's own memory (a zero-copy
              NumPy view of pages XLA wrote, 4 KiB pages) and receives into
              buffers allocated for each call (as XLA allocates each result);
              from 1 MiB (below, building the call each time costs more than
              the memory). Where mpicoll's result holds more than MPI
              writes, the copy that fills it is timed too, where mpicoll
              makes it: bcast's root copies its input into a fresh buffer
              while a nonblocking broadcast sends the input (the others
              receive into fresh buffers), and off root gather and gatherv
              copy the input into a fresh buffer while a nonblocking gather
              runs, reduce after its call (their result there is the input,
              unchanged)
  eager       mpicoll, one op called without jax.jit, block_until_ready (for
              send/recv and barrier, which return nothing on some ranks,
              the time includes an eager jnp.zeros to wait on: the CPU
              runtime runs it after the op)
  jit1        mpicoll, one op per jitted call, block_until_ready
  jit10       mpicoll, 10 ops inside one jitted call, time per op
  donated     mpicoll, one op per jitted call with the input donated (for
              sendrecv the receive buffer), so the op can reuse its memory;
              only where the result has the input's shape (allreduce, reduce,
              bcast, scan, exscan, alltoall, alltoallv, sendrecv)
  mpi4jax     mpi4jax 0.9 in jit, when importable (never a dependency), for
              the ops mpi4jax has
  jax_native  JAX's own multi-process collectives, with --jax-native: one
              jitted jax.shard_map call over a mesh of one CPU device per
              process (jax.distributed, jaxlib's CPU collectives over MPI
              through the MPIwrapper plugin named by MPITRAMPOLINE_LIB; see
              benchmarks/build_mpiwrapper.sh and run.py), live input,
              for allreduce (lax.psum), allgather (all_gather), reduce_scatter
              (psum_scatter), alltoall (all_to_all) and sendrecv (ppermute
              ring shift). Without the flag, or when the plugin does not load
              or jax.distributed fails, the column is left out and one line
              says why. The run then writes primitives_np<P>_jax_native.*, and
              all its variants run with jax.distributed set up.

Method (docs/design.md §5): barrier before every timed call, the time of an
iteration is the slowest rank's, median over the iterations after warm-up;
the whole sweep runs --rounds times (default 3) and each cell is the median
of its rounds. Jitted calls whose op returns nothing (send, barrier) return
a scalar computed in the same executable, so block_until_ready waits for them.
Writes (reporting.py) a table (time, GB/s, ratio to mpi4py; jit1 - mpi4py,
what a jitted call of the op costs beyond the MPI call; and that minus
`identity`, a jitted identity on the same input: what mpicoll adds beyond
any jitted call with a fresh result; jit1 / xla_mem; and the page faults per
jit1 call, the slowest rank's; with jax_native, jit1 / jax_native) to stdout and
--out/primitives_np<P>.txt, JSON with metadata (and the page faults per call
of identity and jax_native too, and where the results of identity, jit1 and
jax_native lie: timing.py's `result_memory`) and a PNG plot (bandwidth vs
size, one panel per op) to --out.
"""

import argparse
import dataclasses
import glob
import json
import math
import os
from functools import partial
from typing import Callable, Optional, Union

import numpy as np
import jax
import jax.numpy as jnp
from jax import lax
from mpi4py import MPI

import reporting   # benchmarks/reporting.py: the shared output
from reporting import fmt_time, fmt_bytes as human
import timing      # benchmarks/timing.py: the shared method

import mpicoll

try:  # optional comparison
    import mpi4jax
except ImportError:
    mpi4jax = None

comm = MPI.COMM_WORLD
rank, size = comm.Get_rank(), comm.Get_size()
right, left = (rank + 1) % size, (rank - 1) % size
ROOT = 0
is_root = rank == ROOT
# send/recv pairs ranks 2k -> 2k+1; an even last rank (odd size) sends to nobody
partner = (rank + 1 if rank + 1 < size else MPI.PROC_NULL) if rank % 2 == 0 else rank - 1
timing_comm = comm.Dup()   # barriers and result gathering stay off the measured comm

SIZES = [8, 1 << 10, 64 << 10, 1 << 20, 16 << 20, 128 << 20]
DTYPE, MPI_DTYPE = np.float32, MPI.FLOAT


def iterations(nbytes, quick):
    n = 2000 if nbytes <= 64 << 10 else 200 if nbytes <= 1 << 20 else 20 if nbytes <= 16 << 20 else 8
    return max(3, n // 10) if quick else n


def measure(call, n, warmup):
    return timing.measure(call, n, warmup, timing_comm)


# --- the operations ---------------------------------------------------------
#
# n is the element count of one rank's share (N bytes / 4). `shape(n)` is this
# rank's input; `mpi4py(x, n)` returns a zero-argument call on the NumPy input
# x and output buffers it preallocates; `jax(m, n)` returns the op as a
# function of x, written once against the mpi4jax API that mpicoll shares
# (m is mpicoll or mpi4jax).

@dataclasses.dataclass(frozen=True)
class Op:
    shape: Callable                      # n -> this rank's input shape
    mpi4py: Callable                     # (x, n) -> call on preallocated buffers
    jax: Callable                        # (module, n) -> function of x
    # None: no donated variant; "input": donate x (the result has its shape);
    # or (module, n) -> f(kept, donated), the second argument donated
    donate: Union[None, str, Callable] = None
    in_mpi4jax: bool = True
    unit: int = 1                        # n is rounded down to a multiple of this
    min_ranks: int = 1
    smallest_only: bool = False          # no data: one row, at the smallest size
    # (x, n) -> call for xla_mem, where op.mpi4py built anew for each call is
    # not the memory situation of mpicoll's result (default: that)
    xla_mem: Optional[Callable] = None


def flat(n):
    return (n,)


def blocks(n):
    """P blocks of n/P: alltoall's and reduce_scatter's input."""
    return (size, n // size)


def on_root(at_root, elsewhere):
    return at_root if is_root else elsewhere


def root_buffer(make):
    """A receive buffer that only root allocates (None elsewhere)."""
    return make() if is_root else None


def vbuf(buf, rows):
    """[buffer, counts, displacements, type]: `rows` elements for every rank."""
    return [buf, (rows,) * size, tuple(rows * s for s in range(size)), MPI_DTYPE]


ARRAYS = np     # where the mpi4py floor's buffers live: pinned or CuPy in gpu.py


def empty(shape):
    return ARRAYS.empty(shape, DTYPE)


def copied_off_root(mpi_call, x):
    """`mpi_call`, then off root a fresh copy of x: mpicoll's result there."""
    def call():
        mpi_call()
        if not is_root:
            np.array(x)
    return call


def copied_while_waiting(start, x, copies):
    """`start()` (a nonblocking call), a fresh copy of x where `copies`,
    then the wait: how mpicoll fills a rooted result that is a copy of x."""
    def call():
        request = start()
        if copies:
            np.array(x)
        request.Wait()
    return call


def send_or_recv(x, n):
    if rank % 2 == 0:
        return partial(comm.Send, x, dest=partner, tag=0)
    return partial(comm.Recv, empty(x.shape), source=partner, tag=0)


def jax_send_or_recv(m, n):
    if rank % 2 == 0:
        return lambda x: m.send(x, partner, tag=0)
    return lambda x: m.recv(x, partner, tag=0)


OPS = {
    "allreduce": Op(
        flat, lambda x, n: partial(comm.Allreduce, x, empty(x.shape), op=MPI.SUM),
        lambda m, n: lambda x: m.allreduce(x, MPI.SUM), donate="input"),
    "reduce": Op(
        flat, lambda x, n: partial(comm.Reduce, x, root_buffer(lambda: empty(x.shape)),
                                   op=MPI.SUM, root=ROOT),
        lambda m, n: lambda x: m.reduce(x, MPI.SUM, ROOT), donate="input",
        xla_mem=lambda x, n: copied_off_root(
            lambda: comm.Reduce(x, root_buffer(lambda: empty(x.shape)), op=MPI.SUM, root=ROOT),
            x)),
    "bcast": Op(
        flat, lambda x, n: partial(comm.Bcast, x, root=ROOT),
        lambda m, n: lambda x: m.bcast(x, ROOT), donate="input",
        xla_mem=lambda x, n: copied_while_waiting(
            lambda: comm.Ibcast(x if is_root else empty(x.shape), root=ROOT), x, is_root)),
    "scan": Op(
        flat, lambda x, n: partial(comm.Scan, x, empty(x.shape), op=MPI.SUM),
        lambda m, n: lambda x: m.scan(x, MPI.SUM), donate="input"),
    "exscan": Op(
        flat, lambda x, n: partial(comm.Exscan, x, empty(x.shape), op=MPI.SUM),
        lambda m, n: lambda x: m.exscan(x, MPI.SUM), donate="input", in_mpi4jax=False),
    "reduce_scatter": Op(
        blocks, lambda x, n: partial(comm.Reduce_scatter_block, x, empty(x.shape[1:]),
                                     op=MPI.SUM),
        lambda m, n: lambda x: m.reduce_scatter(x, MPI.SUM), in_mpi4jax=False, unit=size),
    "allgather": Op(
        flat, lambda x, n: partial(comm.Allgather, x, empty((size, n))),
        lambda m, n: m.allgather),
    "gather": Op(
        flat, lambda x, n: partial(comm.Gather, x, root_buffer(lambda: empty((size, n))), root=ROOT),
        lambda m, n: lambda x: m.gather(x, ROOT),
        xla_mem=lambda x, n: copied_while_waiting(
            lambda: comm.Igather(x, root_buffer(lambda: empty((size, n))), root=ROOT), x,
            not is_root)),
    "scatter": Op(
        lambda n: on_root((size, n), (n,)),
        lambda x, n: partial(comm.Scatter, on_root(x, None), empty(n), root=ROOT),
        lambda m, n: lambda x: m.scatter(x, ROOT)),
    "allgatherv": Op(
        flat, lambda x, n: partial(comm.Allgatherv, x, vbuf(empty(size * n), n)),
        lambda m, n: lambda x: m.allgatherv(x, (n,) * size), in_mpi4jax=False),
    "gatherv": Op(
        flat, lambda x, n: partial(comm.Gatherv, x, root_buffer(lambda: vbuf(empty(size * n), n)),
                                   root=ROOT),
        lambda m, n: lambda x: m.gatherv(x, (n,) * size, ROOT), in_mpi4jax=False,
        xla_mem=lambda x, n: copied_while_waiting(
            lambda: comm.Igatherv(x, root_buffer(lambda: vbuf(empty(size * n), n)), root=ROOT),
            x, not is_root)),
    "scatterv": Op(
        lambda n: on_root((size * n,), (n,)),
        lambda x, n: partial(comm.Scatterv, on_root(vbuf(x, n), None), empty(n), root=ROOT),
        lambda m, n: lambda x: m.scatterv(x, (n,) * size, ROOT), in_mpi4jax=False),
    "alltoall": Op(
        blocks, lambda x, n: partial(comm.Alltoall, x, empty(x.shape)),
        lambda m, n: m.alltoall, donate="input", unit=size),
    # equal counts, so its data volume equals alltoall's (and the output can be
    # donated back)
    "alltoallv": Op(
        flat, lambda x, n: partial(comm.Alltoallv, vbuf(x, n // size), vbuf(empty(n), n // size)),
        lambda m, n: lambda x: m.alltoallv(x, (n // size,) * size, (n // size,) * size),
        donate="input", in_mpi4jax=False, unit=size),
    # MPI forbids sending from and receiving into the same memory, so the
    # donated buffer is the receive buffer and the send buffer stays live
    "sendrecv": Op(
        flat, lambda x, n: partial(comm.Sendrecv, x, right, recvbuf=empty(x.shape), source=left),
        lambda m, n: lambda x: m.sendrecv(x, x, source=left, dest=right),
        donate=lambda m, n: lambda s, r: m.sendrecv(s, r, source=left, dest=right)),
    "send/recv": Op(flat, send_or_recv, jax_send_or_recv, min_ranks=2),
    "barrier": Op(
        flat, lambda x, n: comm.Barrier, lambda m, n: lambda x: m.barrier(),
        smallest_only=True),
}


# JAX's own collectives (the jax_native variant, --jax-native): the op as the
# per-device function of jax.shard_map over one device per process, axis "x";
# each process's block is its input above, so inputs and results match
# mpicoll's.
NATIVE = {
    "allreduce": lambda a: lax.psum(a, "x"),
    "allgather": lambda a: lax.all_gather(a, "x"),                 # (P, n) like Allgather
    "reduce_scatter": lambda a: lax.psum_scatter(a, "x"),          # (P, n/P) -> (n/P,)
    "alltoall": lambda a: lax.all_to_all(a, "x", 0, 0, tiled=True),  # block j to rank j
    "sendrecv": lambda a: lax.ppermute(a, "x", [(j, (j + 1) % size) for j in range(size)]),
}
NATIVE_MESH = None    # the global mesh, once run.py has set up jax.distributed
JAX_NATIVE = None     # run.py's JaxNative then


def native_call(name, x):
    """The jax_native variant of op `name` on this rank's input x: one jitted
    shard_map call on the global array made of every rank's x."""
    spec = jax.P("x")
    f = jax.jit(jax.shard_map(NATIVE[name], mesh=NATIVE_MESH, in_specs=spec, out_specs=spec))
    return jax_call(f, JAX_NATIVE.global_array(NATIVE_MESH, x))


# --- the variants -----------------------------------------------------------

def returning(f):
    """f, but with a result to wait on when the op returns none (send, barrier):
    a scalar computed in the same executable, ready when all of it has run."""
    def g(*args):
        out = f(*args)
        return jnp.zeros((), DTYPE) if out is None else out
    return g


def ten(f):
    def body(x):
        outs = [f(x) for _ in range(10)]   # ten independent ops, all kept and ordered
        return outs[-1]
    return body


def jax_call(fn, x):
    return lambda: fn(x).block_until_ready()


XLA_MEM_FROM = 1 << 20      # message sizes that get the xla_mem variant


def donated_call(op, n, shape):
    """The result of each call is the donated buffer of the next one."""
    state = {"x": jnp.ones(shape, DTYPE)}
    if callable(op.donate):
        f = jax.jit(op.donate(mpicoll, n), donate_argnums=1)
        kept = jnp.ones(shape, DTYPE)

        def call():
            state["x"] = f(kept, state["x"])
            state["x"].block_until_ready()
        return call
    f = jax.jit(op.jax(mpicoll, n), donate_argnums=0)

    def call():
        state["x"] = f(state["x"])
        state["x"].block_until_ready()
    return call


def sweep(quick, sizes, names, cell=None):
    """The cells of a run, CPU or GPU: (op, count, shape, iterations, warm-up,
    the table row to fill); with `cell`, only those of that size in `sizes`."""
    for name in names:
        op = OPS[name]
        if size < op.min_ranks:
            continue
        for nbytes in ([min(sizes)] if op.smallest_only else sizes):
            if cell is not None and nbytes != cell:
                continue
            count = max(op.unit, nbytes // 4)
            count -= count % op.unit                     # whole blocks per peer
            n = iterations(nbytes, quick)
            row = {"op": name, "bytes": 0 if op.smallest_only else count * 4, "ranks": size}
            yield op, count, op.shape(count), n, max(2, n // 10), row


def run(quick, sizes, names, cell=None, variants=None):
    """One sweep: a table row per cell, with the `variants` named (default: all
    that apply) measured in this order."""
    results = []
    for op, count, shape, n, warm, row in sweep(quick, sizes, names, cell):
        for v in applicable(op, row):
            if variants is None or v in variants:
                row.update(measure_variant(v, op, count, shape, n, warm, row["op"]))
        results.append(row)
        if rank == 0 and "mpi4py" in row and "jit1" in row:
            print(row_line(row), flush=True)
    return results


def applicable(op, row):
    """The variants measured for `op` in table row `row` (its op and size)."""
    out = ["mpi4py"]
    if row["bytes"] >= XLA_MEM_FROM:
        out.append("xla_mem")
    out += ["identity", "eager", "jit1", "jit10"]
    if op.donate is not None:
        out.append("donated")
    if mpi4jax is not None and op.in_mpi4jax:
        out.append("mpi4jax")
    if NATIVE_MESH is not None and row["op"] in NATIVE:
        out.append("jax_native")
    return out


def measure_variant(v, op, count, shape, n, warm, name):
    """{column: time} of variant `v` (identity, jit1 and jax_native add their
    page faults per call and where their results lie)."""
    x = jnp.ones(shape, DTYPE)
    if v == "mpi4py":
        return {v: measure(op.mpi4py(np.ones(shape, DTYPE), count), n, warm)}
    if v == "xla_mem":
        view = timing.jax_memory(x)   # the op is built per call: fresh receive buffers
        call = op.xla_mem(view, count) if op.xla_mem else lambda: op.mpi4py(view, count)()
        return {v: measure(call, n, warm)}
    if v == "identity":
        return with_memory(v, jax_call(IDENTITY, x), n, warm)
    if v == "eager":
        return {v: measure(jax_call(returning(op.jax(mpicoll, count)), x), n, warm)}
    if v == "jit1":
        return with_memory(v, jax_call(jax.jit(returning(op.jax(mpicoll, count))), x), n, warm)
    if v == "jit10":
        f10 = jax.jit(ten(returning(op.jax(mpicoll, count))))
        return {v: measure(jax_call(f10, x), max(3, n // 10), 2) / 10}
    if v == "donated":
        return {v: measure(donated_call(op, count, shape), n, warm)}
    if v == "mpi4jax":
        fj = jax.jit(returning(op.jax(mpi4jax, count)))
        return {v: measure(jax_call(fj, x), n, warm)}
    return with_memory(v, native_call(name, x), n, warm)


def with_memory(v, call, n, warm):
    """{v: time} of `call`, with its page faults per call and where its
    results lie (`<v>_faults`, `<v>_results`: timing.py)."""
    return {v: measure(call, n, warm),
            f"{v}_faults": timing.faults_per_call(call, max(3, n // 10), timing_comm),
            f"{v}_results": timing.result_memory(call, max(3, n // 10))}


VARIANTS = ["mpi4py", "xla_mem", "eager", "jit1", "jit10", "donated", "mpi4jax", "jax_native"]
# table columns; main() adds jax_native when it runs
SHOWN = [v for v in VARIANTS[:-1] if v != "mpi4jax" or mpi4jax is not None]

# What a jitted call with a fresh result of the input's size costs (JAX's
# dispatch, XLA's output buffer and a copy into it): `jit1 - identity -
# mpi4py` is then what mpicoll adds beyond that and the MPI call itself. (Not
# `v + 1`: XLA's CPU backend runs elementwise loops over 4 KiB and more on
# its thread pool, which here costs 10-40 us of wake-ups.)
IDENTITY = jax.jit(lambda v: v)


def combine(sweeps, variants=VARIANTS):
    """Per cell, the median over rounds. Whole sweeps are repeated (rather than
    more iterations per cell) so that a noisy minute on a shared machine
    lands in one round of every variant, not in all rounds of one."""
    rows = []
    for cells in zip(*sweeps):
        row = dict(cells[0])
        for v in variants:
            if v in row:
                row[v] = float(np.median([c[v] for c in cells]))
        for extra in ("identity", "identity_faults", "jit1_faults", "jax_native_faults"):
            if extra in row:
                row[extra] = float(np.median([c[extra] for c in cells]))
        row["rounds"] = {v: [c[v] for c in cells] for v in variants if v in row}
        rows.append(row)
    return rows


# --- output -----------------------------------------------------------------

OPCOL, SIZECOL, FLOOR, CELL, EXTRA = 15, 9, 20, 28, 14


def header_lines():
    cols = f"{'mpi4py':>{FLOOR}}" + "".join(f"{v:>{CELL}}" for v in SHOWN[1:])
    units = (f"{'time    GB/s':>{FLOOR}}"
             + "".join(f"{'time    GB/s (x mpi4py)':>{CELL}}" for _ in SHOWN[1:]))
    native = f"{'jit1/native':>{EXTRA}}" if "jax_native" in SHOWN else ""
    return [f"{'op':{OPCOL}}{'size':>{SIZECOL}}{cols}{'jit1 - mpi4py':>{EXTRA}}"
            f"{'- identity':>{EXTRA}}{'jit1/xla_mem':>{EXTRA}}{'jit1 faults':>{EXTRA}}{native}",
            " " * (OPCOL + SIZECOL) + units + f"{'us':>{EXTRA}}{'us':>{EXTRA}}"
            f"{'':>{EXTRA}}{'per call':>{EXTRA}}"]


def row_line(row):
    def gbps(v):
        return f"{row['bytes'] / row[v] / 1e9:6.2f}" if row["bytes"] else f"{'-':>6}"
    cells = [f"{fmt_time(row['mpi4py'])} {gbps('mpi4py')}".rjust(FLOOR)]
    for v in SHOWN[1:]:
        if v not in row:
            cells.append(f"{'-':>{CELL}}")
        else:
            cells.append(f"{fmt_time(row[v])} {gbps(v)} ({row[v] / row['mpi4py']:5.2f}x)"
                         .rjust(CELL))
    def column(text, *needed):      # "-" where a run lacks a variant it needs
        return text() if all(v in row for v in needed) else f"{'-':>{EXTRA}}"
    extra = column(lambda: f"{(row['jit1'] - row['mpi4py']) * 1e6:+{EXTRA}.1f}", "jit1")
    if "identity" in row:
        extra += column(lambda: f"{(row['jit1'] - row['identity'] - row['mpi4py']) * 1e6:+{EXTRA}.1f}",
                        "jit1")
    extra += column(lambda: f"{row['jit1'] / row['xla_mem']:{EXTRA - 1}.2f}x", "jit1", "xla_mem")
    if "jit1_faults" in row:
        extra += f"{row['jit1_faults']:{EXTRA}.0f}"
    if "jax_native" in row or "jax_native" in SHOWN:
        extra += column(lambda: f"{row['jit1'] / row['jax_native']:{EXTRA - 1}.2f}x",
                        "jit1", "jax_native")
    return f"{row['op']:{OPCOL}}{human(row['bytes']):>{SIZECOL}}{''.join(cells)}{extra}"


def plot(results, path, variants=None, title=None):
    """Bandwidth per operation and size, one line per variant (`variants`:
    default the CPU table's); time for the barrier."""
    variants = VARIANTS if variants is None else variants
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    ops = [name for name in OPS if any(r["op"] == name for r in results)]
    ncols = min(4, len(ops))
    nrows = math.ceil(len(ops) / ncols)
    fig, axes = plt.subplots(nrows, ncols, figsize=(4.2 * ncols, 3.3 * nrows + 0.6),
                             squeeze=False, layout="constrained")
    colors = {v: f"C{i}" for i, v in enumerate(variants)}
    for ax, name in zip(axes.flat, ops):
        rows = [r for r in results if r["op"] == name]
        if all(r["bytes"] == 0 for r in rows):     # barrier: no data, plot its time
            have = [v for v in variants if v in rows[0]]
            ax.bar(have, [rows[0][v] * 1e6 for v in have], color=[colors[v] for v in have])
            ax.set_ylabel("time (us)")
            ax.tick_params(axis="x", labelsize=7)
        else:
            for v in variants:
                pts = [(r["bytes"], r["bytes"] / r[v] / 1e9) for r in rows if v in r]
                if pts:
                    ax.plot(*zip(*pts), marker="o", color=colors[v], label=v)
            ax.set_xscale("log", base=2)
            ax.set_yscale("log")
            ax.set_xlabel("bytes per rank", fontsize=8)
            ax.set_ylabel("GB/s", fontsize=8)
        ax.set_title(name, fontsize=10)
        ax.grid(True, which="both", alpha=0.3)
    for ax in axes.flat[len(ops):]:
        ax.axis("off")
    handles = [plt.Line2D([], [], color=colors[v], marker="o", label=v) for v in variants
               if any(v in r for r in results)]
    fig.suptitle(title or f"mpicoll vs mpi4py, {size} ranks (bandwidth = bytes per rank / time)")
    fig.legend(handles=handles, loc="outside lower center", ncol=len(handles), frameon=False)
    fig.savefig(path, dpi=110)


def add_arguments(parser):
    parser.add_argument("--out", default="benchmarks/results", help="folder for the outputs")
    parser.add_argument("--rounds", type=int, default=3,
                        help="repeat the whole sweep; each cell is the median over rounds")
    parser.add_argument("--sizes", type=int, nargs="+", default=SIZES, metavar="BYTES",
                        help="message sizes in bytes per rank (default: 8 B to 128 MiB)")
    parser.add_argument("--ops", nargs="+", default=list(OPS), choices=list(OPS), metavar="NAME",
                        help="operations to run, in table order (default: all): "
                             + " ".join(OPS))
    # used by run.py's --fresh-process, which runs each cell in its own process
    parser.add_argument("--cell", type=int, metavar="BYTES", help=argparse.SUPPRESS)
    parser.add_argument("--variants", nargs="+", choices=VARIANTS[:1] + ["identity"] + VARIANTS[1:],
                        metavar="NAME", help=argparse.SUPPRESS)
    parser.add_argument("--list-cells", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--from-cells", metavar="DIR", help=argparse.SUPPRESS)


def main(args):
    """The CPU table (run.py primitives); with --cell, one cell's file; with
    --list-cells the cells (op, size, variants) as JSON lines; with
    --from-cells DIR the table of the single-cell runs in DIR/round<k>/
    (run.py's --fresh-process)."""
    names = [name for name in OPS if name in args.ops]
    native = start_jax_native(args)
    if args.list_cells:
        return list_cells(args.sizes, names, args.variants)
    meta = reporting.metadata(
        comm, quick=args.quick, rounds=args.rounds, ops=names, size="bytes per rank",
        mpi4jax=getattr(mpi4jax, "__version__", None) if mpi4jax else None,
        jax_native=native, cell=args.cell, variants=args.variants,
        isolation="one process for the whole run")
    if args.from_cells:
        return report_cells(args, meta)
    title = (reporting.title("mpicoll primitives benchmark", meta)
             + f", mpi4jax {'present' if mpi4jax else 'absent'}; size = bytes per rank")
    if rank == 0:
        print(f"-- jax_native column: {native}", flush=True)
        skipped = [name for name in names if size < OPS[name].min_ranks]
        if skipped:
            print(f"-- skipped at {size} rank(s): {' '.join(skipped)}", flush=True)
        print("\n".join([title] + header_lines()), flush=True)
    sweeps = []
    for k in range(args.rounds):
        if rank == 0 and args.rounds > 1:
            print(f"-- round {k + 1} of {args.rounds}", flush=True)
        sweeps.append(run(args.quick, args.sizes, names, args.cell, args.variants))
    results = combine(sweeps)
    if rank == 0 and args.cell is not None:      # one cell of --fresh-process: no table
        stem = "_".join(["-".join(names).replace("/", "-"), str(args.cell),
                         "-".join(args.variants or ["all"])])
        reporting.write(os.path.join(args.out, stem), meta, results, "")
    elif rank == 0:
        if args.rounds > 1:
            print(f"-- median of the {args.rounds} rounds", flush=True)
            print("\n".join(header_lines() + [row_line(r) for r in results]), flush=True)
        write_table(args, meta, title, native, results)


def write_table(args, meta, title, native, results):
    text = "\n".join([title, f"jax_native column: {native}"] + header_lines()
                      + [row_line(r) for r in results])
    stem = f"primitives_np{size}" + ("_jax_native" if "jax_native" in SHOWN else "")
    stem += "_fresh" if args.from_cells else ""
    reporting.write(os.path.join(args.out, stem), meta, results, text,
                    plot=lambda path: plot(results, path))


def list_cells(sizes, names, wanted=None):
    """For --fresh-process: one JSON line per cell of the sweep, in its order,
    with the variants that apply to it (those of `wanted`, when given)."""
    if rank == 0:
        for name in names:
            for nbytes in sizes:
                for op, count, shape, n, warm, row in sweep(True, sizes, [name], nbytes):
                    variants = [v for v in applicable(op, row) if not wanted or v in wanted]
                    print(json.dumps({"op": name, "size": nbytes, "variants": variants}),
                          flush=True)


def report_cells(args, meta):
    """The table of a run made by --fresh-process: rows of cell runs (each
    a file DIR/round<k>/<name>.json with the rows of one cell and some
    of its variants), merged per round and cell, then the median over
    rounds as in a run in one process."""
    order = {name: i for i, name in enumerate(OPS)}
    sweeps = []
    for folder in sorted(glob.glob(os.path.join(args.from_cells, "round*"))):
        rows = {}
        for path in sorted(glob.glob(os.path.join(folder, "*.json"))):
            with open(path) as f:
                run = json.load(f)
            per_variant = run["meta"]["variants"] is not None
            for row in run["results"]:
                rows.setdefault((order[row["op"]], row["bytes"]), {}).update(row)
        sweeps.append([rows[key] for key in sorted(rows)])
    native = meta["jax_native"]
    if any("jax_native" in row for rows in sweeps for row in rows):
        if "jax_native" not in SHOWN:    # --jax-native may have added it
            SHOWN.append("jax_native")
        native = "measured in the cell runs"
    results = combine(sweeps)
    isolation = "a fresh process per cell" + (" and variant" if per_variant else "")
    meta.update(rounds=len(sweeps), isolation=f"{isolation} ({args.from_cells})")
    title = (reporting.title(f"mpicoll primitives benchmark, {isolation}", meta)
             + f", mpi4jax {'present' if 'mpi4jax' in SHOWN else 'absent'}")
    if rank == 0:
        print("\n".join([title] + header_lines() + [row_line(r) for r in results]), flush=True)
        write_table(args, meta, title, native, results)


def start_jax_native(args):
    """The jax_native column: what it is, or why it does not run (run.py
    has set up jax.distributed, before any JAX computation)."""
    global NATIVE_MESH, JAX_NATIVE
    if args.native is None:
        return args.native_status
    JAX_NATIVE = args.native
    NATIVE_MESH = args.native.mesh("x")
    SHOWN.append("jax_native")
    return f"{args.native_status}; for {', '.join(NATIVE)}"
