"""The examples' self-checks: one PASS or FAIL line per figure, and the
verdict as the exit status.

Each figure is (name, value, limit): it passes when value <= limit (a NaN
never does), or, for a yes/no figure, when the value is True (limit None).
Every rank must hold the same figures (they are results of collectives or
allreduced), so every rank reaches the same verdict and exits alike.
"""
import math
import sys


def passes(value, limit):
    if limit is None:
        return value is True
    return not math.isnan(value) and value <= limit


def report(figures, rank, stream=sys.stdout):
    """Rank 0 prints one line per figure; returns True when all pass."""
    ok = True
    for name, value, limit in figures:
        good = passes(value, limit)
        ok = ok and good
        if rank == 0:
            shown = str(value) if limit is None else f"{value:.3g} (at most {limit:g})"
            print(f"{'PASS' if good else 'FAIL'}  {name}: {shown}", file=stream, flush=True)
    return ok


def finish(ok):
    """Exit with status 0 when every check passed, else 1."""
    sys.exit(0 if ok else 1)
