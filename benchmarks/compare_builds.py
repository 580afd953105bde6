"""Compare two builds of mpicoll from repeated runs of the primitives suite.

One run of a loaded 2-core machine can differ from the next by up to 2x, so
one table before a change and one after prove little. Run the same command
several times for each build, alternating (before, after, after, before,
...), and give this script the JSON files each run wrote:

    python benchmarks/compare_builds.py --before b1/*.json b2/*.json ... \\
        --after a1/*.json a2/*.json ... [--variant jit1]

It prints a Markdown table, one row per operation and size found in every
file: the variant's time over the runs of each build (lowest-highest), the
ratio of the after median to the before median, and the variant's time
divided by mpi4py's of the same run, over the runs of each build (the
ratio that the machine's load changes least).
"""

import argparse
import json
import statistics

from reporting import fmt_time

SIZES = {65536: "64 KiB", 1048576: "1 MiB", 16777216: "16 MiB", 134217728: "128 MiB"}


def cells(path):
    with open(path) as f:
        return {(r["op"], r["bytes"]): r for r in json.load(f)["results"]}


def spread(values, fmt):
    return f"{fmt(min(values)).strip()}-{fmt(max(values)).strip()}"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--before", nargs="+", required=True, help="JSON files of the old build")
    parser.add_argument("--after", nargs="+", required=True, help="JSON files of the new build")
    parser.add_argument("--variant", default="jit1", help="the column to compare (default jit1)")
    args = parser.parse_args()
    before, after = [cells(p) for p in args.before], [cells(p) for p in args.after]
    keys = [k for k in before[0] if all(k in run for run in before + after)]
    v = args.variant
    ratio = lambda x: f"{x:.2f}x"                       # noqa: E731
    print(f"{len(before)} runs before, {len(after)} after; column {v}\n")
    print(f"| op | size | {v} before | {v} after | after / before (medians) "
          f"| {v} / mpi4py before | {v} / mpi4py after |")
    print("|---|---|---|---|---|---|---|")
    for key in keys:
        if not all(v in run[key] for run in before + after):
            continue
        b = [run[key][v] for run in before]
        a = [run[key][v] for run in after]
        rb = [run[key][v] / run[key]["mpi4py"] for run in before]
        ra = [run[key][v] / run[key]["mpi4py"] for run in after]
        size = SIZES.get(key[1], f"{key[1]} B")
        print(f"| {key[0]} | {size} | {spread(b, fmt_time)} | {spread(a, fmt_time)} "
              f"| {statistics.median(a) / statistics.median(b):.2f} "
              f"| {spread(rb, ratio)} | {spread(ra, ratio)} |")


if __name__ == "__main__":
    main()
