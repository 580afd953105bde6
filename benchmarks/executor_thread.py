"""Probe: does running an executable on XLA's worker thread stop the page faults
of a fresh 1 MiB allreduce result?

XLA's CPU client runs an executable inline, on the calling thread, when its
cost analysis counts fewer than 1000 flops (`cheap_computation_` in
xla/pjrt/cpu/cpu_client.cc); it then allocates the result there too, on
glibc's main heap, whose top glibc gives back to the kernel. A custom call
counts 0 flops. Otherwise it runs, and allocates, on a worker thread.
JAX-native's all-reduce of 1 MiB counts 262144 flops, and its results were
never on the main heap (benchmarks/README.md, "Reductions by blocks").

Variants: `plain`, jit(op); `heavier`, the same plus a 2048-element
sum as a second output (>= 1000 flops: the worker thread). The op is
allreduce of 1 MiB unless a second argument names another (allgather,
alltoall, sendrecv on a ring, bcast from rank 0; 1 MiB per rank). Per
variant (timing.py): the median time of 200 calls after 20 (slowest rank),
minor page faults per call over 200 more (the most of any rank), the share
of 50 results on the main heap (rank 0's), and whether the result is right.

    for k in 1 2 3; do for v in plain heavier; do
      ./scripts/mpirun.sh 2 benchmarks/executor_thread.py $v; done; done
    for op in allgather sendrecv alltoall bcast; do for v in plain heavier; do
      ./scripts/mpirun.sh 2 benchmarks/executor_thread.py $v $op; done; done
"""

import sys

import numpy as np
import jax
import jax.numpy as jnp
from mpi4py import MPI

import mpicoll
import timing      # benchmarks/timing.py: the shared method

comm = MPI.COMM_WORLD
timing_comm = comm.Dup()                    # barriers and reductions off `comm`
variant = sys.argv[1] if len(sys.argv) > 1 else "plain"
op = sys.argv[2] if len(sys.argv) > 2 else "allreduce"
P, rank = comm.size, comm.rank
x = jnp.ones((1 << 18) // P * P, jnp.float32) * (rank + 1)   # 1 MiB (whole blocks)
right, left = (rank + 1) % P, (rank - 1) % P
ranks = np.arange(1, P + 1)[:, None]                       # row r: rank r's value
# each op, and what every element of its result must be
ops = {"allreduce": (lambda v: mpicoll.allreduce(v, MPI.SUM), P * (P + 1) // 2),
       "allgather": (mpicoll.allgather, ranks),
       "alltoall": (lambda v: mpicoll.alltoall(v.reshape(P, -1)), ranks),
       "sendrecv": (lambda v: mpicoll.sendrecv(v, v, left, right), left + 1),
       "bcast": (lambda v: mpicoll.bcast(v, 0), 1)}
g, expected = ops[op]
plain = jax.jit(g)
heavier = jax.jit(lambda v: (g(v), jnp.sum(v[:2048])))
f = {"plain": plain, "heavier": heavier}[variant]


def call():
    return jax.tree.leaves(f(x))[0].block_until_ready()


median = timing.measure(call, 200, 20, timing_comm)
faults = timing.faults_per_call(call, 200, timing_comm)
on_heap = timing.result_memory(call, 50)["on_main_heap"]
correct = comm.allreduce(bool(np.all(np.asarray(call()) == expected)), op=MPI.LAND)
if comm.rank == 0:
    print(f"{op:9s} {variant:8s} median {median * 1e6:7.1f} us  faults/call {faults:6.1f}  "
          f"results on the main heap {on_heap:.2f}  correct {correct}")
