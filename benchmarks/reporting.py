"""How every benchmark here reports a run (timing is timing.py's).

Each run writes, from rank 0, three files with one stem:

  <stem>.txt    the table the script printed
  <stem>.json   {"meta": ..., "results": [one dict per table row]}
  <stem>.png    the script's plot, for scripts that draw one

`meta` always holds the command line, the rank count, the versions of jax,
jaxlib, mpi4py and the MPI library, and the date, so that a committed result
says what made it; each script adds its own keys (flags, optional
comparisons present or absent).

jax and mpi4py are imported only inside `metadata`: fft3d.py's --summary
mode and its shard_map worker import this module and must not initialise MPI.
"""

import datetime
import json
import os
import platform
import shlex
import sys


def metadata(comm, **extra):
    """The common metadata of a run on `comm`, plus `extra`. The date and
    load average are taken now: call it when the run starts."""
    import jax
    import jaxlib
    import mpi4py
    from mpi4py import MPI

    ranks, cpus = comm.Get_size(), os.cpu_count()
    library = MPI.Get_library_version().replace("\0", "").strip()   # Open MPI ends it with NUL
    meta = {
        "command": shlex.join(sys.argv),
        "ranks": ranks,
        "cpus": cpus,
        "oversubscribed": ranks > (cpus or 1),
        "jax": jax.__version__,
        "jaxlib": jaxlib.__version__,
        "mpi4py": mpi4py.__version__,
        "mpi": library.splitlines()[0].strip(),   # the short name used in titles
        "mpi_library": library,
        "mpi_standard": "{}.{}".format(*MPI.Get_version()),
        "date": datetime.datetime.now().isoformat(timespec="seconds"),
        "machine": platform.machine(),
        "python": platform.python_version(),
        "xla_flags": os.environ.get("XLA_FLAGS", ""),
        "loadavg_at_start": os.getloadavg(),
    }
    meta.update(extra)
    return meta


def title(what, meta):
    """First line of a table: what ran, on how many ranks, with which jax and
    MPI. Oversubscribed runs say so, since their times are not comparable."""
    p = meta["ranks"]
    crowded = f" (OVERSUBSCRIBED on {meta['cpus']} cores)" if meta["oversubscribed"] else ""
    return f"{what}: {p} rank{'s' if p != 1 else ''}{crowded}, jax {meta['jax']}, {meta['mpi']}"


def fmt_bytes(nbytes):
    """A message size: "64 KiB", "16 MiB", or bytes where it is not a whole
    number of KiB (e.g. 65532 B: a size rounded to whole blocks)."""
    for unit, scale in (("MiB", 1 << 20), ("KiB", 1 << 10)):
        if nbytes >= scale and nbytes % scale == 0:
            return f"{nbytes // scale} {unit}"
    return f"{nbytes} B"


def fmt_time(seconds):
    """A time in µs below a millisecond, else in ms; 11 characters wide."""
    if seconds < 1e-3:
        return f"{seconds * 1e6:8.1f} us"
    return f"{seconds * 1e3:8.2f} ms"


def columns(cells, widths, left):
    """One table line: the first `left` cells left-aligned (labels), the rest
    right-aligned (numbers), each in its width."""
    return "".join(cell.ljust(width + 1) if i < left else cell.rjust(width)
                   for i, (cell, width) in enumerate(zip(cells, widths)))


def write(stem, meta, results, text, plot=None):
    """Write <stem>.txt (`text`), <stem>.json (`meta` and `results`) and, when
    `plot` is given, <stem>.png (`plot(path)` draws it). Call on one rank."""
    os.makedirs(os.path.dirname(stem) or ".", exist_ok=True)
    meta = dict(meta, loadavg_at_end=os.getloadavg())
    paths = [stem + ".txt", stem + ".json"]
    with open(paths[0], "w") as f:
        f.write(text + "\n")
    with open(paths[1], "w") as f:
        json.dump({"meta": meta, "results": results}, f, indent=1)
    if plot is not None:
        paths.append(stem + ".png")
        plot(paths[-1])
    print(f"wrote {', '.join(paths[:-1])} and {paths[-1]}", flush=True)


class Log:
    """A table printed as it grows: ``log(line)`` prints on rank 0 (flushed,
    so a long run shows progress) and keeps the line; ``log.text`` is the
    whole table for `write`."""

    def __init__(self, rank):
        self.rank = rank
        self.lines = []

    def __call__(self, text):
        if self.rank == 0:
            print(text, flush=True)
            self.lines.append(text)

    @property
    def text(self):
        return "\n".join(self.lines)
