"""Halo exchange time of mpicoll.halo_exchange next to a hand-written mpi4py
Sendrecv exchange on NumPy arrays, in one run; and one stencil step with and
without the exchange.

Run:  ./scripts/mpirun.sh 2 benchmarks/run.py halo [--quick] [--out benchmarks/results]

Blocks (per rank, interior cells) of 64^2 ... 1024^2 on a 2-D periodic process
grid and 64^3, 128^3 on a 3-D one (``MPI.Compute_dims(P, d)``), halo widths 1,
2 and 4, float32 and float64. Variants:

  mpi4py    per axis and direction: copy the slab into a preallocated buffer,
            comm.Sendrecv, copy into the halo (a grid dimension of size 1 wraps
            with a local copy); the array is updated in place
  subarray  the same exchange with MPI subarray datatypes: comm.Sendrecv
            straight from the slab to the halo of the same array, MPI's
            datatype engine doing the strided copies (no copies in Python)

Ratios are to the faster of the two mpi4py exchanges ("best"), per row.
  jit1      jax.jit(halo_exchange), one exchange per call (input kept alive, so
            the handler first copies the whole block into the new result)
  donated   the same with the input donated (XLA updates the halos in place),
            as a solver that carries its state does
  loop10    10 exchanges in a lax.fori_loop inside one jitted call, per exchange
  adjoint   the exchange's transpose (what the backward pass of jax.grad
            runs: halo cotangents sent back and added), jitted and donated
  copy      (not an exchange) a jitted copy of the same live block: what a
            live input costs before any exchange, since JAX returns a new
            array and never changes the caller's
  new_array (hand-written, what jit1 does) the faster of the two mpi4py
            exchanges on a new copy of the array, ``y = x.copy()``, so that
            the caller's array stays as it was; shown as jit1 / new_array

Stencil step (width 1): one explicit diffusion step (5-point / 7-point
Laplacian) on the padded block, jitted and donated, with the exchange and
without it (same arithmetic on whatever the halos hold).

Method (docs/design.md §5, as benchmarks/primitives.py): a barrier before
every timed call, the time of an iteration is the slowest rank's, median over
the iterations after warm-up. Writes (reporting.py) a table to stdout and to
<out>/halo_np<P>.txt, JSON with metadata and a PNG plot to --out.
"""

import os
import time

import numpy as np
import jax
import jax.numpy as jnp
from jax import lax
from mpi4py import MPI

import reporting   # benchmarks/reporting.py: the shared output
from reporting import fmt_time
import timing      # benchmarks/timing.py: the shared method

from mpicoll.halo import halo_exchange

jax.config.update("jax_enable_x64", True)

comm = MPI.COMM_WORLD
rank, size = comm.Get_rank(), comm.Get_size()
timing_comm = comm.Dup()   # barriers and result gathering stay off the measured comm

SIZES = {2: [64, 128, 256, 512, 1024], 3: [64, 128]}
WIDTHS = [1, 2, 4]
DTYPES = ["float32", "float64"]
VARIANTS = ["mpi4py", "subarray", "jit1", "donated", "loop10", "adjoint"]


def iterations(cells, quick):
    n = 300 if cells <= 64 ** 2 else 100 if cells <= 256 ** 2 else 30 if cells <= 512 ** 2 else 15
    return max(3, n // 10) if quick else n


def measure(call, n, warmup):
    return timing.measure(call, n, warmup, timing_comm)


# --- the hand-written mpi4py exchange --------------------------------------

class Mpi4pyHalo:
    """Halo exchange on a NumPy array in place: slab copies and comm.Sendrecv."""

    def __init__(self, cart, shape, h, dtype):
        self.cart, self.h = cart, h
        dims, periods, _ = cart.Get_topo()
        self.plan = []
        for axis in range(len(dims)):
            slab_shape = list(shape)
            slab_shape[axis] = h
            bufs = [np.empty(slab_shape, dtype) for _ in range(4)]
            lower, upper = cart.Shift(axis, 1)
            self.plan.append((axis, dims[axis] == 1, lower, upper, bufs))

    def __call__(self, x):
        h = self.h
        for axis, local, lower, upper, (s_lo, s_hi, r_lo, r_hi) in self.plan:
            n = x.shape[axis]
            idx = lambda a, b: (slice(None),) * axis + (slice(a, b),)
            if local:                                # periodic, own neighbour
                x[idx(n - h, n)] = x[idx(h, 2 * h)]
                x[idx(0, h)] = x[idx(n - 2 * h, n - h)]
                continue
            np.copyto(s_lo, x[idx(h, 2 * h)])
            np.copyto(s_hi, x[idx(n - 2 * h, n - h)])
            self.cart.Sendrecv(s_lo, lower, 10, r_hi, upper, 10)
            self.cart.Sendrecv(s_hi, upper, 11, r_lo, lower, 11)
            x[idx(n - h, n)] = r_hi
            x[idx(0, h)] = r_lo
        return x


class SubarrayHalo:
    """The same exchange in place with MPI subarray datatypes: no copies in
    Python, MPI packs and unpacks the strided slabs."""

    def __init__(self, cart, shape, h, dtype):
        self.cart = cart
        dims, _, _ = cart.Get_topo()
        base = MPI._typedict[np.dtype(dtype).char]
        self.plan, self.types = [], []
        for axis in range(len(dims)):
            n = shape[axis]
            sub = list(shape)
            sub[axis] = h

            def box(start):
                starts = [0] * len(shape)
                starts[axis] = start
                t = base.Create_subarray(list(shape), sub, starts).Commit()
                self.types.append(t)
                return t
            lower, upper = cart.Shift(axis, 1)
            if dims[axis] == 1:                      # periodic, own neighbour
                lower = upper = cart.Get_rank()
            self.plan.append((lower, upper, box(h), box(n - 2 * h), box(0), box(n - h)))

    def __call__(self, x):
        for lower, upper, send_lo, send_hi, recv_lo, recv_hi in self.plan:
            self.cart.Sendrecv([x, 1, send_lo], lower, 10, [x, 1, recv_hi], upper, 10)
            self.cart.Sendrecv([x, 1, send_hi], upper, 11, [x, 1, recv_lo], lower, 11)
        return x

    def free(self):
        for t in self.types:
            t.Free()


# --- mpicoll variants -------------------------------------------------------

def laplacian_step(x, h, exchange):
    """One explicit diffusion step x + 0.1 * Laplacian(x) on the interior of a
    block with halo width h (>= 1), returned padded with zero halos."""
    if exchange is not None:
        x = exchange(x)
    d = x.ndim
    core = tuple(slice(h, n - h) for n in x.shape)
    c = x[core]
    lap = -2 * d * c
    for axis in range(d):
        for step in (-1, 1):
            sl = list(core)
            sl[axis] = slice(h + step, x.shape[axis] - h + step)
            lap = lap + x[tuple(sl)]
    # A new padded array (halos zero until the next exchange): XLA writes it
    # in one pass, where updating x's interior in place makes it copy x.
    return jnp.pad(c + 0.1 * lap, h)


def make_variants(cart, h):
    ex = lambda x: halo_exchange(x, h, cart)
    loop = lambda x: lax.fori_loop(0, 10, lambda i, v: ex(v), x)
    adjoint = lambda c: jax.linear_transpose(ex, c)(c)[0]
    return {"jit1": jax.jit(ex), "copy": jax.jit(jnp.copy),
            "donated": jax.jit(ex, donate_argnums=0),
            "loop10": jax.jit(loop, donate_argnums=0),
            "adjoint": jax.jit(adjoint, donate_argnums=0),
            "step": jax.jit(lambda x: laplacian_step(x, h, ex), donate_argnums=0),
            "step_no_exchange": jax.jit(lambda x: laplacian_step(x, h, None),
                                        donate_argnums=0)}


def carried(f, x0):
    state = {"x": jnp.asarray(x0)}

    def call():
        state["x"] = f(state["x"])
        state["x"].block_until_ready()
    return call


def check_same(cart, h, dtype):
    """The two exchanges agree bitwise (a small 2-D/3-D block)."""
    shape = tuple(6 + 2 * h + r for r in range(cart.Get_dim()))
    x = np.random.default_rng(rank).uniform(size=shape).astype(dtype)
    ours = np.asarray(halo_exchange(x, h, cart))
    theirs = Mpi4pyHalo(cart, shape, h, dtype)(x.copy())
    assert np.array_equal(ours, theirs), "mpi4py and mpicoll exchanges differ"
    subarray = SubarrayHalo(cart, shape, h, dtype)
    assert np.array_equal(ours, subarray(x.copy())), "subarray and mpicoll exchanges differ"
    subarray.free()


def run(quick, log):
    results = []
    for d in (2, 3):
        cart = comm.Create_cart(MPI.Compute_dims(size, d), periods=[True] * d)
        for h in WIDTHS:
            for dt in DTYPES:
                check_same(cart, h, dt)
        for n in SIZES[d]:
            for h in WIDTHS:
                variants = make_variants(cart, h)
                for dt in DTYPES:
                    shape = (n + 2 * h,) * d
                    cells = n ** d
                    its = iterations(cells, quick)
                    warm = max(2, its // 10)
                    x = np.random.default_rng(rank).uniform(size=shape).astype(dt)
                    row = {"dims": d, "block": n, "h": h, "dtype": dt, "ranks": size,
                           "grid": list(cart.Get_topo()[0])}
                    ref = Mpi4pyHalo(cart, shape, h, dt)
                    xn = x.copy()
                    row["mpi4py"] = measure(lambda: ref(xn), its, warm)
                    typed = SubarrayHalo(cart, shape, h, dt)
                    row["subarray"] = measure(lambda: typed(xn), its, warm)
                    row["best"] = min(row["mpi4py"], row["subarray"])
                    fastest = ref if row["mpi4py"] <= row["subarray"] else typed
                    row["new_array"] = measure(lambda: fastest(xn.copy()), its, warm)
                    typed.free()
                    xj = jnp.asarray(x)
                    row["jit1"] = measure(lambda: variants["jit1"](xj).block_until_ready(),
                                          its, warm)
                    row["jit1_faults"] = timing.faults_per_call(
                        lambda: variants["jit1"](xj).block_until_ready(), max(3, its // 10),
                        timing_comm)
                    row["copy"] = measure(lambda: variants["copy"](xj).block_until_ready(),
                                          its, warm)
                    row["donated"] = measure(carried(variants["donated"], x), its, warm)
                    row["loop10"] = measure(carried(variants["loop10"], x),
                                            max(3, its // 5), 2) / 10
                    row["adjoint"] = measure(carried(variants["adjoint"], x), its, warm)
                    if h == 1:
                        row["step"] = measure(carried(variants["step"], x), its, warm)
                        row["step_no_exchange"] = measure(
                            carried(variants["step_no_exchange"], x), its, warm)
                    results.append(row)
                    log(format_row(row))
                    del x, xn, xj
        cart.Free()
    return results


# --- output -----------------------------------------------------------------

def header():
    cols = "".join(f"{v:>22}" for v in VARIANTS)
    return (f"{'block':>10}{'dtype':>9}{'h':>3}{cols}{'copy':>11}{'new_array':>22}"
            f"{'step':>13}{'step w/o ex':>13}\n"
            + " " * 22 + "".join(f"{'time (x best)':>22}" for _ in VARIANTS)
            + " " * 11 + f"{'time (jit1 x)':>22}")


def format_row(row):
    block = f"{row['block']}^{row['dims']}"
    cells = "".join(f"{fmt_time(row[v])} ({row[v] / row['best']:5.2f}x)".rjust(22)
                    for v in VARIANTS)
    step = (f"{fmt_time(row['step']):>13}{fmt_time(row['step_no_exchange']):>13}"
            if "step" in row else "")
    new_array = f"{fmt_time(row['new_array'])} ({row['jit1'] / row['new_array']:5.2f}x)".rjust(22)
    return (f"{block:>10}{row['dtype']:>9}{row['h']:>3}{cells}{fmt_time(row['copy']):>11}"
            f"{new_array}{step}")


def summary(results):
    lines = []
    for v in VARIANTS:
        ratios = np.array([r[v] / r["best"] for r in results])
        lines.append(f"{v:8} / best mpi4py: geometric mean {np.exp(np.log(ratios).mean()):.2f}x, "
                     f"median {np.median(ratios):.2f}x, range {ratios.min():.2f}-"
                     f"{ratios.max():.2f}x over {len(ratios)} cases")
    live = np.array([r["jit1"] / r["new_array"] for r in results])
    lines.append(f"jit1 / new_array (both leave the caller's block as it was): geometric mean "
                 f"{np.exp(np.log(live).mean()):.2f}x, median {np.median(live):.2f}x, "
                 f"range {live.min():.2f}-{live.max():.2f}x; above 1.1x: "
                 + (", ".join(f"{r['block']}^{r['dims']} {r['dtype']} h={r['h']} {q:.2f}x "
                              f"({r['jit1_faults']:.0f} page faults per call)"
                              for r, q in zip(results, live) if q > 1.1) or "none"))
    for d in (2, 3):
        big = [r for r in results if r["dims"] == d and r["block"] == max(SIZES[d])]
        ratios = [r["donated"] / r["best"] for r in big]
        lines.append(f"donated / best mpi4py at {max(SIZES[d])}^{d}: "
                     + ", ".join(f"{r['dtype']} h={r['h']}: {q:.2f}x"
                                 for r, q in zip(big, ratios)))
    steps = [r for r in results if "step" in r]
    share = [(r["step"] - r["step_no_exchange"]) / r["step"] for r in steps]
    lines.append("stencil step (h=1): exchange share of the step "
                 + ", ".join(f"{r['block']}^{r['dims']} {r['dtype']}: {100 * s:.0f}%"
                             for r, s in zip(steps, share)))
    return "\n".join(lines)


def plot(results, path):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    fig, axes = plt.subplots(2, 2, figsize=(11, 8))
    for row_ax, d in zip(axes, (2, 3)):
        for ax, dt in zip(row_ax, DTYPES):
            for h, color in zip(WIDTHS, ("C0", "C1", "C2")):
                rows = [r for r in results if r["dims"] == d and r["dtype"] == dt and r["h"] == h]
                cells = [r["block"] ** d for r in rows]
                ax.plot(cells, [r["best"] * 1e6 for r in rows], "--o", color=color,
                        label=f"best mpi4py h={h}")
                ax.plot(cells, [r["donated"] * 1e6 for r in rows], "-s", color=color,
                        label=f"mpicoll donated h={h}")
                ax.plot(cells, [r["loop10"] * 1e6 for r in rows], ":^", color=color,
                        label=f"mpicoll in loop h={h}")
            ax.set_xscale("log")
            ax.set_yscale("log")
            ax.set_xlabel("interior cells per rank")
            ax.set_ylabel("time per exchange (us)")
            ax.set_title(f"{d}-D blocks, {dt}, {size} ranks")
            ax.grid(True, which="both", alpha=0.3)
    axes[0][0].legend(fontsize=7)
    fig.tight_layout()
    fig.savefig(path, dpi=110)


def add_arguments(parser):
    parser.add_argument("--out", default="benchmarks/results", help="folder for the outputs")


def main(args):
    log = reporting.Log(rank)

    meta = reporting.metadata(comm, quick=args.quick)
    log(reporting.title("mpicoll halo benchmark", meta))
    log(header())
    start = time.perf_counter()
    results = run(args.quick, log)
    log("")
    log(summary(results))
    log(f"(total {time.perf_counter() - start:.0f} s)")
    if rank == 0:
        stem = os.path.join(args.out, f"halo_np{size}" + ("_quick" if args.quick else ""))
        reporting.write(stem, meta, results, log.text,
                        plot=lambda path: plot(results, path))
