"""What synchronous CPU dispatch would cost a script: a chain of small jitted
steps with some Python work between them, on one process.

Run:  source scripts/env.sh; .venv/bin/python benchmarks/dispatch_cost.py async
      source scripts/env.sh; .venv/bin/python benchmarks/dispatch_cost.py sync

With asynchronous dispatch (JAX's default) the Python work overlaps the
computation; with `jax_cpu_enable_async_dispatch=False` every call waits for
its result. See docs/internals.md, "Sharing communicators with the script".
"""
import sys
import time

import numpy as np
import jax
import jax.numpy as jnp

sync = sys.argv[1] == "sync"
jax.config.update("jax_cpu_enable_async_dispatch", not sync)
f = jax.jit(lambda a: jnp.tanh(a @ a) * 0.5)
x = jnp.ones((256, 256), jnp.float32) / 256
for _ in range(20): x = f(x)
x.block_until_ready()
res = []
for rep in range(7):
    t = time.perf_counter()
    for i in range(200):
        x = f(x)
        _ = sum(range(2000))       # Python work the async dispatch overlaps
    x.block_until_ready()
    res.append((time.perf_counter() - t) / 200)
print(("sync " if sync else "async"), f"{np.median(res)*1e6:.1f} us per step")
