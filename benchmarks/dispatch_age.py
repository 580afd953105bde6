"""What a jitted call costs as the process ages, and right after the
processor's caches were filled with other data. One process, no MPI:

    source scripts/env.sh; .venv/bin/python benchmarks/dispatch_age.py

Times a jitted `x + 0` on 8 bytes (dispatch, a trivial executable, a fresh
result) with JAX's dispatch as mpicoll sets it (synchronous on the CPU),
in 12 windows of 1,000 calls each, and prints each window's median: the
first window is a young process, the last one has made 12,000 calls. Then
the same after 200 calls of a jitted 16 MiB computation (a process that has
also moved memory around). Last, the median of 3,000 calls each made right
after a NumPy copy of N/2 KiB (N KiB read and written, as a message of N/2
KiB sent and received is), for several N: JAX's dispatch with its data
evicted from the caches. benchmarks/README.md, "Every operation, a fresh
process per cell", says what it showed.
"""

import time

import numpy as np
import jax
import jax.numpy as jnp

jax.config.update("jax_cpu_enable_async_dispatch", False)   # as mpicoll sets it


def windows(f, x, count=12, size=1000):
    out = []
    for _ in range(count):
        times = np.empty(size)
        for i in range(size):
            start = time.perf_counter()
            f(x).block_until_ready()
            times[i] = time.perf_counter() - start
        out.append(np.median(times) * 1e6)
    return out


def main():
    x = jnp.ones(2, jnp.float32)
    f = jax.jit(lambda v: v + 0)
    f(x).block_until_ready()
    print("young process:  " + " ".join(f"{t:5.1f}" for t in windows(f, x)) + "  us")
    big = jnp.ones(4 << 20, jnp.float32)
    g = jax.jit(lambda v: v * 2)
    for _ in range(200):
        g(big).block_until_ready()
    print("after 16 MiB:   " + " ".join(f"{t:5.1f}" for t in windows(f, x)) + "  us")
    for kib in [0, 512, 1024, 2048, 4096, 16384]:
        a = np.ones(max(kib // 2, 1) * 256, np.float32)
        b = np.empty_like(a)
        times = np.empty(3000)
        for i in range(times.size):
            if kib:
                np.copyto(b, a)          # what moving a message does to the caches
            start = time.perf_counter()
            f(x).block_until_ready()
            times[i] = time.perf_counter() - start
        print(f"after touching {kib:6d} KiB: {np.median(times) * 1e6:5.1f} us")


if __name__ == "__main__":
    main()
