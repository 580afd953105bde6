"""How the C library's memcpy speed depends on where the destination lies
relative to the source, modulo 4 KiB (benchmarks/README.md, "What MPICH's
v-collectives cost"). One process, no MPI:

    .venv/bin/python benchmarks/copy_distance.py

For each copy size, the microseconds per 64 KiB copied when the destination
starts `d` bytes past the source modulo 4096, for d from -64 to 96 in steps
of 8. Both lie in one page-aligned NumPy buffer (NumPy copies contiguous
arrays with memcpy), 1 MiB + d apart for copies up to 1 MiB.
"""

import time

import numpy as np

SIZES = [4096, 16384, 65536, 262144, 524288, 1 << 20]
DISTANCES = range(-64, 97, 8)


def per_64k(n, d, buf, start):
    src = buf[start:start + n]
    dst = buf[start + (4 << 20) + d:start + (4 << 20) + d + n]
    reps = max(20, (4 << 20) // n)
    for _ in range(5):
        np.copyto(dst, src)
    t0 = time.perf_counter()
    for _ in range(reps):
        np.copyto(dst, src)
    return (time.perf_counter() - t0) / reps * 1e6 / (n / 65536)


def main():
    raw = np.ones((12 << 20) + 4096, np.uint8)
    start = -raw.ctypes.data % 4096 + 256      # the source: 256 bytes into a page
    print("us per 64 KiB copied; columns: destination minus source, modulo 4096 (bytes)")
    print(f"{'size':>8} " + "".join(f"{d:>6}" for d in DISTANCES))
    for n in SIZES:
        print(f"{n:>8} " + "".join(f"{per_64k(n, d, raw, start):>6.1f}" for d in DISTANCES),
              flush=True)


if __name__ == "__main__":
    main()
