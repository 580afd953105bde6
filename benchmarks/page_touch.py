"""What fresh memory costs on this machine: the first write to each page of a
new anonymous mapping (what a fresh large result buffer costs, whoever fills
it) against writing the same pages again.

Run (no MPI, one process):

    python benchmarks/page_touch.py            # 64 MiB, median of 7
    python benchmarks/page_touch.py --mib 128

XLA gives every result a fresh buffer; glibc serves blocks above its mmap
threshold (at most 32 MiB) with new mappings, so each call's first write to
such a result pays one page fault (and the kernel's zeroing) per 4 KiB page.
mpi4py programs reuse their buffers and pay it once.
"""

import argparse
import mmap
import time

import numpy as np


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mib", type=int, default=64)
    parser.add_argument("--repeats", type=int, default=7)
    args = parser.parse_args()
    size = args.mib << 20
    page = mmap.PAGESIZE
    first, again = [], []
    for _ in range(args.repeats):
        region = mmap.mmap(-1, size, flags=mmap.MAP_PRIVATE | mmap.MAP_ANONYMOUS)
        pages = np.frombuffer(region, np.uint8)
        start = time.perf_counter()
        pages[::page] = 1                 # one byte per page: the faults alone
        first.append(time.perf_counter() - start)
        start = time.perf_counter()
        pages[:] = 2                      # every byte, pages already mapped
        again.append(time.perf_counter() - start)
        del pages
        region.close()
    t_first, t_again = np.median(first), np.median(again)
    print(f"{args.mib} MiB: first touch {t_first * 1e3:.1f} ms "
          f"({t_first * 1e6 / (size / page):.2f} us per {page // 1024} KiB page); "
          f"writing all of it again {t_again * 1e3:.1f} ms")


if __name__ == "__main__":
    main()
