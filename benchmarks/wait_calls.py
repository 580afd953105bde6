"""How MPI's waits behave with more ranks than cores: a 64 KiB ring shift
written three ways with mpi4py (no mpicoll), in one run.

Run:  ./scripts/mpirun.sh 4 benchmarks/wait_calls.py     # 4 ranks on 2 cores

  Sendrecv   comm.Sendrecv
  waitall    the calls of mpicoll's sendrecv handler: Isend; poll Iprobe
             (and Test on the send) until the message is there, giving the
             core away (sched_yield) every 64 polls; matched probe; Irecv
             of the message; then MPI_Waitall on both requests
  waitany    the same, but waiting with MPI_Waitany twice, as the handler
             did before it polled MPI_Testany instead

Ten calls in a row after a barrier, time per call, the slowest rank's, the
median over 20 repetitions. Prints one line; nothing is written.
"""

import os

import numpy as np
from mpi4py import MPI

import timing      # benchmarks/timing.py: the shared method

comm = MPI.COMM_WORLD
rank, size = comm.Get_rank(), comm.Get_size()
right, left = (rank + 1) % size, (rank - 1) % size
timing_comm = comm.Dup()
TAG, POLLS_PER_YIELD = 7, 64

send = np.ones(65536 // 4, np.float32)
received = np.empty_like(send)


def probe_then_receive():
    """Isend, poll for the incoming message, receive it: (send, receive) requests."""
    request = comm.Isend(send, right, TAG)
    polls = 0
    while not comm.Iprobe(left, MPI.ANY_TAG):
        request.Test()
        polls += 1
        if polls % POLLS_PER_YIELD == 0:
            os.sched_yield()
    message = None
    while message is None:
        message = comm.improbe(left, TAG)
    return [request, message.Irecv(received)]


def waitall():
    MPI.Request.Waitall(probe_then_receive())


def waitany():
    requests = probe_then_receive()
    MPI.Request.Waitany(requests)
    MPI.Request.Waitany(requests)


def main():
    variants = {"Sendrecv": lambda: comm.Sendrecv(send, right, TAG, received, left, TAG),
                "waitall": waitall, "waitany": waitany}
    times = {name: timing.measure(lambda: [call() for _ in range(10)], 20, 2, timing_comm) / 10
             for name, call in variants.items()}
    if rank == 0:
        print(f"64 KiB ring shift, {size} ranks on {os.cpu_count()} cores, per call: "
              + ", ".join(f"{name} {t * 1e6:.0f} us" for name, t in times.items()))


if __name__ == "__main__":
    main()
