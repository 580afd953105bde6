"""Draw docs/_static/overlap_timeline.png, the timeline of the tutorial's
section "Overlapping communication with computation", from a run of the
`overlap` benchmark suite:

    ./scripts/mpirun.sh 2 benchmarks/run.py overlap          # writes the JSON
    .venv/bin/python docs/figures/overlap_timeline.py [JSON] [--bytes N]

JSON defaults to benchmarks/results/overlap/overlap_np2.json; --bytes picks
the message size of its "late partner" table (default 1 MiB, or the
largest size in the file if it has no 1 MiB row).

What is measured and what is derived: the benchmark times each rank's whole
step (from the end of a barrier to the end of the step, median of its
steps) for the blocking step (sendrecv, then C) and the nonblocking one
(isendrecv, C, wait), and the work D (rank 1, before it exchanges) and C
(both ranks) on their own: timed alone in the same run (the row's
"work"), or else when the suite calibrates them (D and C are the same
function on a rank). The bars place D and C at those lengths and give the rest of each
measured step to the exchange, or to the wait: "waiting" is the step's
time minus the work measured on its own, not a separately timed phase.
"""

import argparse
import json
import pathlib

import matplotlib
matplotlib.use("Agg")
import matplotlib.patches  # noqa: E402
import matplotlib.pyplot as plt  # noqa: E402

ROOT = pathlib.Path(__file__).resolve().parents[2]
DEFAULT_JSON = ROOT / "benchmarks" / "results" / "overlap" / "overlap_np2.json"
OUT = ROOT / "docs" / "_static" / "overlap_timeline.png"

COLOURS = {"D": "#9e9e9e", "C": "#4c72b0", "comm": "#dd8452", "wait": "#dd8452"}


def size_name(nbytes):
    if nbytes >= 1 << 20:
        return f"{nbytes >> 20} MiB"
    return f"{nbytes >> 10} KiB" if nbytes >= 1024 else f"{nbytes} B"


def segments(rank, variant, step, work):
    """(label, start, length, colour key) of one rank's step, in ms."""
    own = work[rank]
    d = work[1] if rank == 1 else 0.0
    if variant == "blocking":
        exchange = max(step - d - own, 0.0)
        parts = [("D", d, "D"), ("sendrecv", exchange, "comm"), ("C", own, "C")]
    else:
        waiting = max(step - d - own, 0.0)
        parts = [("D", d, "D"), ("C", own, "C"), ("wait", waiting, "wait")]
    out, t = [], 0.0
    for label, length, colour in parts:
        if length > 0:
            out.append((label, t, length, colour))
        t += length
    return out


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("json", nargs="?", default=str(DEFAULT_JSON))
    parser.add_argument("--bytes", type=int, help="message size of the row to draw")
    parser.add_argument("--out", default=str(OUT))
    parser.add_argument("--allow-oversubscribed", action="store_true",
                        help="draw a run with more ranks than cores (its times mean little)")
    args = parser.parse_args()
    data = json.loads(pathlib.Path(args.json).read_text())
    meta, rows = data["meta"], data["results"]["late_partner"]
    if meta.get("oversubscribed") and not args.allow_oversubscribed:
        raise SystemExit(f"{args.json}: the run had more ranks than cores ({meta['cpus']}); "
                         "its times do not show the overlap (--allow-oversubscribed draws it)")
    work = {w["rank"]: w["seconds"] * 1e3 for w in meta["work"]}
    sizes = [r["bytes"] for r in rows]
    nbytes = args.bytes or (1 << 20 if 1 << 20 in sizes else max(sizes))
    row = next(r for r in rows if r["bytes"] == nbytes)
    if "work" in row:           # the work timed alone in the same run, next to the steps
        work = {0: row["work"] * 1e3, 1: row["work_rank1"] * 1e3}
    steps = {("blocking", 0): row["mpicoll_blocking"] * 1e3,
             ("blocking", 1): row["mpicoll_blocking_rank1"] * 1e3,
             ("nonblocking", 0): row["mpicoll_nonblocking"] * 1e3,
             ("nonblocking", 1): row["mpicoll_nonblocking_rank1"] * 1e3}

    for (variant, rank), step in steps.items():
        least = work[rank] + (work[1] if rank == 1 else 0.0)
        if step < 0.95 * least:
            print(f"warning: {variant} step of rank {rank} ({step:.2f} ms) is shorter than its "
                  f"work measured alone ({least:.2f} ms): the bars overrun it")
    bars = [("blocking", 1), ("blocking", 0), ("nonblocking", 1), ("nonblocking", 0)]
    fig, ax = plt.subplots(figsize=(8, 3.6), dpi=120)
    longest = max(steps.values())
    for y, (variant, rank) in enumerate(reversed(bars)):
        end = steps[variant, rank]
        for label, start, length, colour in segments(rank, variant, steps[variant, rank], work):
            ax.barh(y, length, left=start, height=0.6, color=COLOURS[colour],
                    edgecolor="white", alpha=0.55 if rank == 1 else 1.0)
            if length > 0.08 * longest:
                ax.text(start + length / 2, y, label, ha="center", va="center",
                        color="white", fontsize=9)
            end = max(end, start + length)
        ax.text(end + 0.01 * longest, y, f"{steps[variant, rank]:.1f} ms", va="center",
                fontsize=9)
    ax.set_yticks(range(len(bars)))
    ax.set_yticklabels([f"{v}, rank {r}" for v, r in reversed(bars)])
    ax.axhline(1.5, color="black", linewidth=0.5)
    ax.set_xlabel("ms from the end of the barrier (medians of measured steps)")
    ax.set_xlim(0, longest * 1.6)
    ax.set_title(f"Late partner, {size_name(nbytes)} exchanged: rank 1 computes D before it "
                 f"exchanges, both then compute C\n({meta['ranks']} ranks, {' '.join(meta['mpi'].split())}, "
                 f"jax {meta.get('jax', '?')})", fontsize=9)
    handles = [matplotlib.patches.Patch(color=COLOURS[k], label=text) for k, text in
               (("D", "D: rank 1's work before the exchange"), ("C", "C: work independent "
                "of the message"), ("comm", "in sendrecv / in wait"))]
    ax.legend(handles=handles, loc="lower right", fontsize=8, framealpha=0.9)
    fig.tight_layout()
    fig.savefig(args.out)
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
