"""benchmarks/primitives.py with a fresh process per cell (operation and size).

In one process, what ran before can change a measurement: glibc's malloc
raises its mmap threshold after a large block is freed, so whether a fresh
result of a few MiB comes from the heap (no page faults) or from a new
mapping (a fault per 4 KiB page) depends on the allocations of earlier cells
and variants (benchmarks/README.md, "Order and process history"). This driver
starts every cell in its own MPI job, so no cell sees another's history:

    python benchmarks/fresh_process.py [--ranks 2] [--rounds 3] [--per-variant]
        [--out benchmarks/results] [--keep DIR] [primitives.py options, e.g.
        --ops allreduce sendrecv --sizes 1048576 16777216 --quick --jax-native]

--per-variant goes further: every variant of every cell (mpi4py, xla_mem,
identity, jit1, ...) in its own job, so not even the variants of one cell
share a process (about 7 times the jobs). Each round runs every cell once;
the table (the same columns as primitives.py, median over rounds) is written
to --out/primitives_np<P>_fresh.txt/.json/.png by one last job. Run without
mpiexec: it launches the jobs itself (scripts/mpirun.sh).
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
MPIRUN = os.path.join(HERE, "..", "scripts", "mpirun.sh")
PRIMITIVES = os.path.join(HERE, "primitives.py")


def job(ranks, *args, capture=False):
    """Run primitives.py on `ranks` ranks with `args`; its stdout if captured."""
    cmd = [MPIRUN, str(ranks), PRIMITIVES, *args]
    done = subprocess.run(cmd, check=False, text=True,
                          stdout=subprocess.PIPE if capture else None)
    if done.returncode != 0:
        sys.exit(f"failed ({done.returncode}): {' '.join(cmd)}")
    return done.stdout


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ranks", type=int, default=2)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--per-variant", action="store_true",
                        help="a job per variant of each cell, not per cell")
    parser.add_argument("--out", default="benchmarks/results")
    parser.add_argument("--keep", metavar="DIR",
                        help="keep the cell runs' files here (default: a temporary folder)")
    args, passed = parser.parse_known_args()
    cells = [json.loads(line) for line in
             job(args.ranks, "--list-cells", *passed, capture=True).splitlines()
             if line.startswith("{")]
    folder = args.keep or tempfile.mkdtemp(prefix="mpicoll-fresh-")
    jobs = [(c, [v]) for c in cells for v in c["variants"]] if args.per_variant else \
        [(c, None) for c in cells]
    print(f"-- {len(jobs)} jobs per round, {args.rounds} rounds; cell files in {folder}",
          flush=True)
    started = time.time()
    for k in range(args.rounds):
        for cell, variants in jobs:
            print(f"-- round {k + 1}: {cell['op']} {cell['size']} B "
                  f"{' '.join(variants or ['(all variants)'])}", flush=True)
            job(args.ranks, *passed, "--rounds", "1", "--cell", str(cell["size"]),
                "--ops", cell["op"], *(["--variants", *variants] if variants else []),
                "--out", os.path.join(folder, f"round{k}"))
    print(f"-- measured in {time.time() - started:.0f} s", flush=True)
    job(args.ranks, *passed, "--from-cells", folder, "--out", args.out)


if __name__ == "__main__":
    main()
