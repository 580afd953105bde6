"""Check that the tasks of a Slurm step form one MPI job.

Run:  srun --mpi=pmi2 -n N python scripts/slurm/check_world.py

With the wrong --mpi= plugin (or none), each task starts as an MPI
singleton: N jobs of size 1, every one rank 0, and a program runs N times
alone instead of once on N ranks, without any error. This check compares
what MPI reports with what Slurm launched (SLURM_NTASKS, SLURM_PROCID), and
sums over MPI.COMM_WORLD so that the ranks really exchange data. Every task
prints one line; the exit status is non-zero on a task whose view is wrong.
"""

import os
import sys

from mpi4py import MPI

comm = MPI.COMM_WORLD
rank, size = comm.Get_rank(), comm.Get_size()
ntasks = int(os.environ["SLURM_NTASKS"])
procid = int(os.environ["SLURM_PROCID"])
problems = []
if size != ntasks:
    problems.append(f"MPI size {size} but Slurm launched {ntasks} tasks "
                    "(singletons: wrong or missing --mpi= plugin)")
if rank != procid:
    problems.append(f"MPI rank {rank} but Slurm task id {procid}")
# Sum of the task ids over the communicator: a singleton sees only its own.
total = comm.allreduce(procid)
if total != ntasks * (ntasks - 1) // 2:
    problems.append(f"sum of task ids over COMM_WORLD is {total}, "
                    f"expected {ntasks * (ntasks - 1) // 2}")
status = "ok" if not problems else "FAIL: " + "; ".join(problems)
print(f"task {procid}/{ntasks}: MPI rank {rank} of {size}, "
      f"{MPI.Get_library_version().splitlines()[0]}: {status}", flush=True)
sys.exit(1 if problems else 0)
