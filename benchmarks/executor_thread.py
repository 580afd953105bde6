"""Probe: does running an executable on XLA's worker thread stop the page faults
of a fresh 1 MiB allreduce result?

XLA's CPU client runs an executable inline, on the calling thread, when its
cost analysis counts fewer than 1000 flops (`cheap_computation_` in
xla/pjrt/cpu/cpu_client.cc); it then allocates the result there too, on
glibc's main heap, whose top glibc gives back to the kernel. A custom call
counts 0 flops. Otherwise it runs, and allocates, on a worker thread.
JAX-native's all-reduce of 1 MiB counts 262144 flops, and its results were
never on the main heap (benchmarks/README.md, "Reductions by blocks").

Variants: `plain`, jit(allreduce); `heavier`, the same plus a 2048-element
sum as a second output (>= 1000 flops: the worker thread). Per variant, 200
calls after 20: the median time (slowest rank), minor page faults per call
(the most of any rank), the share of results on the main heap, and whether
the sum is right.

    for k in 1 2 3; do for v in plain heavier; do
      ./scripts/mpirun.sh 2 benchmarks/executor_thread.py $v; done; done
"""

import resource
import sys
import time

import numpy as np
import jax
import jax.numpy as jnp
from mpi4py import MPI

import mpicoll

comm = MPI.COMM_WORLD
variant = sys.argv[1] if len(sys.argv) > 1 else "plain"
x = jnp.ones(1 << 18, jnp.float32)          # 1 MiB
plain = jax.jit(lambda v: mpicoll.allreduce(v, MPI.SUM))
heavier = jax.jit(lambda v: (mpicoll.allreduce(v, MPI.SUM), jnp.sum(v[:2048])))
f = {"plain": plain, "heavier": heavier}[variant]


def call():
    return jax.tree.leaves(f(x))[0].block_until_ready()


def main_heap():
    with open("/proc/self/maps") as maps:
        return [tuple(int(a, 16) for a in line.split()[0].split("-"))
                for line in maps if line.rstrip().endswith("[heap]")]


for _ in range(20):
    call()
times, addresses = [], []
faults_before = resource.getrusage(resource.RUSAGE_SELF).ru_minflt
for _ in range(200):
    comm.Barrier()
    start = time.perf_counter()
    y = call()
    times.append(time.perf_counter() - start)
    addresses.append(y.unsafe_buffer_pointer())
    del y
faults = (resource.getrusage(resource.RUSAGE_SELF).ru_minflt - faults_before) / 200
heaps = main_heap()
on_heap = sum(any(lo <= a < hi for lo, hi in heaps) for a in addresses) / len(addresses)
median = comm.allreduce(float(np.median(times)), op=MPI.MAX)
faults = comm.allreduce(faults, op=MPI.MAX)
correct = comm.allreduce(bool(np.all(np.asarray(call()) == comm.size)), op=MPI.LAND)
if comm.rank == 0:
    print(f"{variant:8s} median {median * 1e6:7.1f} us  faults/call {faults:6.1f}  "
          f"results on the main heap {on_heap:.2f}  correct {correct}")
