"""What ranks waiting in MPI cost the one that computes, when ranks share cores.

    mpiexec -n 4 python scripts/waiting_ranks.py                 # MPICH's default: spin
    MPIR_CVAR_ENABLE_HEAVY_YIELD=1 mpiexec -n 4 python scripts/waiting_ranks.py

Rank 0 runs a fixed Python loop while the other ranks wait for it in a
barrier; then every rank reports the CPU time it used. On a machine with
fewer cores than ranks, waiting ranks that spin take cores from rank 0, so
its loop takes longer than its CPU time. Then (with 2 ranks or more) ranks
0 and 1 time 1000 round trips of a 1-byte message, after 10 untimed ones:
the latency a waiting rank's sleep adds. docs/testing.md, "Oversubscription
and threads", has the numbers and why scripts/test.sh sets the variable in
runs with more ranks than cores.
"""

import resource
import time

import numpy as np
from mpi4py import MPI

comm = MPI.COMM_WORLD
start = time.perf_counter()
if comm.rank == 0:
    total = 0
    for i in range(30_000_000):
        total += i
loop_s = time.perf_counter() - start
comm.Barrier()
usage = resource.getrusage(resource.RUSAGE_SELF)
cpu_s = comm.gather(usage.ru_utime + usage.ru_stime)
if comm.rank == 0:
    print(f"rank 0's loop: {loop_s:.2f} s of wall time, {cpu_s[0]:.2f} s of CPU")
    if comm.size > 1:
        print("CPU time of the waiting ranks: " + ", ".join(f"{t:.2f} s" for t in cpu_s[1:]))


def round_trips(count):
    byte = np.zeros(1, np.uint8)
    for _ in range(count):
        if comm.rank == 0:
            comm.Send(byte, 1)
            comm.Recv(byte, 1)
        elif comm.rank == 1:
            comm.Recv(byte, 0)
            comm.Send(byte, 0)


if comm.size > 1:
    round_trips(10)            # the first messages set up the connection
    comm.Barrier()
    start = time.perf_counter()
    round_trips(1000)
    if comm.rank == 0:
        print(f"a 1-byte round trip between ranks 0 and 1: "
              f"{(time.perf_counter() - start) * 1e3:.0f} us")
    comm.Barrier()
