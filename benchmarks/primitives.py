"""Latency and bandwidth of mpicoll's primitives next to mpi4py, in one run.

Run:  ./scripts/mpirun.sh 2 benchmarks/primitives.py [--quick] [--out benchmarks/results]

For each op (allreduce SUM, alltoall, alltoallv with equal counts, sendrecv
ring shift) and float32
message size, times these variants in the same run:

  mpi4py      MPI call on preallocated NumPy buffers (the floor)
  jit1        mpicoll, one op per jitted call, block_until_ready
  jit10       mpicoll, 10 ops inside one jitted call, time per op
  donated     mpicoll, one op per jitted call with the input donated (for
              sendrecv the receive buffer), so the op can reuse its memory
  mpi4jax     mpi4jax 0.9 in jit, when importable (never a dependency)

Method (DESIGN.md section 5): barrier before every timed call, the time of an
iteration is the slowest rank's, median over the iterations after warm-up;
the whole sweep runs --rounds times (default 3) and each cell is the median
of its rounds.
Writes a table (time, GB/s = message bytes / time, ratio to mpi4py) to
stdout and --out/primitives_np<P>.txt, JSON and a PNG plot (bandwidth vs size)
to --out.
"""

import argparse
import json
import os
import platform

import numpy as np
import jax
import jax.numpy as jnp
from mpi4py import MPI

import timing   # benchmarks/timing.py: the shared method

import mpicoll

try:  # optional comparison
    import mpi4jax
except ImportError:
    mpi4jax = None

comm = MPI.COMM_WORLD
rank, size = comm.Get_rank(), comm.Get_size()
right, left = (rank + 1) % size, (rank - 1) % size
timing_comm = comm.Dup()   # barriers and result gathering stay off the measured comm

SIZES = [8, 1 << 10, 64 << 10, 1 << 20, 16 << 20, 128 << 20]


def iterations(nbytes, quick):
    n = 2000 if nbytes <= 64 << 10 else 200 if nbytes <= 1 << 20 else 20 if nbytes <= 16 << 20 else 8
    return max(3, n // 10) if quick else n


def measure(call, n, warmup):
    return timing.measure(call, n, warmup, timing_comm)


# --- the operations, per variant -------------------------------------------

def per_peer(count):
    """alltoallv counts: the same number of elements to and from every rank,
    so its data volume equals alltoall's (and the output can be donated back)."""
    return (count // size,) * size


def mpi4py_call(op, send, recv):
    if op == "allreduce":
        return lambda: comm.Allreduce(send, recv, op=MPI.SUM)
    if op == "alltoall":
        return lambda: comm.Alltoall(send, recv)
    if op == "alltoallv":
        counts = per_peer(send.size)
        displs = tuple(np.cumsum((0,) + counts[:-1]))
        return lambda: comm.Alltoallv([send, counts, displs, MPI.FLOAT],
                                      [recv, counts, displs, MPI.FLOAT])
    return lambda: comm.Sendrecv(send, right, recvbuf=recv, source=left)


def mpicoll_op(op):
    if op == "allreduce":
        return lambda x: mpicoll.allreduce(x, MPI.SUM)
    if op == "alltoall":
        return mpicoll.alltoall
    if op == "alltoallv":
        return lambda x: mpicoll.alltoallv(x, per_peer(x.size), per_peer(x.size))
    return lambda x: mpicoll.sendrecv(x, x, source=left, dest=right)


def mpi4jax_op(op):
    if op == "allreduce":
        return lambda x: mpi4jax.allreduce(x, MPI.SUM)
    if op == "alltoall":
        return mpi4jax.alltoall
    return lambda x: mpi4jax.sendrecv(x, x, source=left, dest=right)


def ten(f):
    def body(x):
        outs = [f(x) for _ in range(10)]   # ten independent ops, all kept and ordered
        return outs[-1]
    return body


def jax_call(fn, x):
    return lambda: fn(x).block_until_ready()


def donated_call(op, shape):
    """The result of each call is the donated buffer of the next one. For
    sendrecv the donated buffer is the receive buffer (MPI forbids sending
    from and receiving into the same memory), the send buffer stays live."""
    if op == "sendrecv":
        f = jax.jit(lambda s, r: mpicoll.sendrecv(s, r, source=left, dest=right),
                    donate_argnums=1)
        send = jnp.ones(shape, jnp.float32)
        state = {"x": jnp.ones(shape, jnp.float32)}

        def call():
            state["x"] = f(send, state["x"])
            state["x"].block_until_ready()
        return call
    f = jax.jit(mpicoll_op(op), donate_argnums=0)
    state = {"x": jnp.ones(shape, jnp.float32)}

    def call():
        state["x"] = f(state["x"])
        state["x"].block_until_ready()
    return call


def run(quick, sizes):
    results = []
    ops = ["allreduce", "alltoall", "alltoallv", "sendrecv"]
    for op in ops:
        for nbytes in sizes:
            count = max(size, nbytes // 4)
            count -= count % size                 # alltoall: whole blocks per peer
            shape = (size, count // size) if op == "alltoall" else (count,)
            n = iterations(nbytes, quick)
            warm = max(2, n // 10)
            send = np.ones(shape, np.float32)
            recv = np.empty_like(send)
            x = jnp.ones(shape, jnp.float32)
            row = {"op": op, "bytes": count * 4, "ranks": size}
            row["mpi4py"] = measure(mpi4py_call(op, send, recv), n, warm)
            f1 = jax.jit(mpicoll_op(op))
            row["jit1"] = measure(jax_call(f1, x), n, warm)
            f10 = jax.jit(ten(mpicoll_op(op)))
            row["jit10"] = measure(jax_call(f10, x), max(3, n // 10), 2) / 10
            row["donated"] = measure(donated_call(op, shape), n, warm)
            if mpi4jax is not None and op != "alltoallv":      # mpi4jax has no alltoallv
                row["mpi4jax"] = measure(jax_call(jax.jit(mpi4jax_op(op)), x), n, warm)
            results.append(row)
            del send, recv, x
            if rank == 0:
                print(row_line(row), flush=True)
    return results


VARIANTS = ["mpi4py", "jit1", "jit10", "donated", "mpi4jax"]


def combine(sweeps):
    """Per cell, the median over rounds. Whole sweeps are repeated (rather than
    more iterations per cell) so that a noisy minute on a shared machine
    lands in one round of every variant, not in all rounds of one."""
    rows = []
    for cells in zip(*sweeps):
        row = dict(cells[0])
        for v in VARIANTS:
            if v in row:
                row[v] = float(np.median([c[v] for c in cells]))
        row["rounds"] = {v: [c[v] for c in cells] for v in VARIANTS if v in row}
        rows.append(row)
    return rows


def fmt_time(t):
    return f"{t * 1e6:9.1f} us" if t < 1e-3 else f"{t * 1e3:9.2f} ms"


CELL = 30


def header_lines():
    cols = "".join(f"{v:>{CELL}}" for v in VARIANTS)
    return [f"{'op':10}{'size':>10}{cols}",
            " " * 20 + "".join(f"{'time   GB/s (x mpi4py)':>{CELL}}" for _ in VARIANTS)]


def human(nbytes):
    for unit, scale in (("MiB", 1 << 20), ("KiB", 1 << 10)):
        if nbytes >= scale:
            return f"{nbytes / scale:g} {unit}"
    return f"{nbytes} B"


def row_line(row):
    cells = []
    for v in VARIANTS:
        if v not in row:
            cells.append(f"{'-':>{CELL}}")
        else:
            gbps = row["bytes"] / row[v] / 1e9
            cells.append(f"{fmt_time(row[v])} {gbps:6.2f} ({row[v] / row['mpi4py']:5.2f}x)"
                         .rjust(CELL))
    return f"{row['op']:10}{human(row['bytes']):>10}{''.join(cells)}"


def plot(results, path):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    ops = sorted({r["op"] for r in results})
    fig, axes = plt.subplots(1, len(ops), figsize=(5 * len(ops), 4), sharey=True)
    for ax, op in zip(np.atleast_1d(axes), ops):
        rows = [r for r in results if r["op"] == op]
        for v in VARIANTS:
            pts = [(r["bytes"], r["bytes"] / r[v] / 1e9) for r in rows if v in r]
            if pts:
                ax.plot(*zip(*pts), marker="o", label=v)
        ax.set_xscale("log", base=2)
        ax.set_yscale("log")
        ax.set_xlabel("message size (bytes)")
        ax.set_title(f"{op}, {size} ranks")
        ax.grid(True, which="both", alpha=0.3)
    np.atleast_1d(axes)[0].set_ylabel("bandwidth (GB/s)")
    np.atleast_1d(axes)[0].legend()
    fig.tight_layout()
    fig.savefig(path, dpi=120)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="few iterations (smoke test)")
    parser.add_argument("--out", default="benchmarks/results", help="folder for JSON and PNG")
    parser.add_argument("--rounds", type=int, default=3,
                        help="repeat the whole sweep; each cell is the median over rounds")
    parser.add_argument("--sizes", type=int, nargs="+", default=SIZES, metavar="BYTES",
                        help="message sizes in bytes (default: 8 B to 128 MiB)")
    args = parser.parse_args()
    title = (f"mpicoll primitives benchmark: {size} ranks, jax {jax.__version__}, "
             f"{MPI.Get_library_version().splitlines()[0].strip()}, "
             f"mpi4jax {'present' if mpi4jax else 'absent'}")
    if rank == 0:
        print("\n".join([title] + header_lines()), flush=True)
    sweeps = []
    for k in range(args.rounds):
        if rank == 0 and args.rounds > 1:
            print(f"-- round {k + 1} of {args.rounds}", flush=True)
        sweeps.append(run(args.quick, args.sizes))
    results = combine(sweeps)
    if rank == 0 and args.rounds > 1:
        print(f"-- median of the {args.rounds} rounds", flush=True)
        print("\n".join(header_lines() + [row_line(r) for r in results]), flush=True)
    if rank == 0:
        os.makedirs(args.out, exist_ok=True)
        stem = os.path.join(args.out, f"primitives_np{size}")
        with open(stem + ".txt", "w") as f:
            f.write("\n".join([title] + header_lines() + [row_line(r) for r in results]) + "\n")
        meta = {"ranks": size, "jax": jax.__version__, "mpi": MPI.Get_library_version().strip(),
                "machine": platform.machine(), "cpus": os.cpu_count(), "quick": args.quick,
                "rounds": args.rounds}
        with open(stem + ".json", "w") as f:
            json.dump({"meta": meta, "results": results}, f, indent=1)
        plot(results, stem + ".png")
        print(f"wrote {stem}.txt, {stem}.json and {stem}.png")


if __name__ == "__main__":
    main()
