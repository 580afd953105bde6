"""Run pytest on this MPI rank; rank 0 prints, the others write logs.

Usage: mpiexec -n N python scripts/pytest_mpi.py [pytest args]
Logs of ranks > 0: test-logs/np<N>-rank<r>.log (shown by scripts/test.sh
when a run fails). Every rank writes pytest's exit code to
test-logs/np<N>-rank<r>.rc when pytest returns, so scripts/test.sh can tell
ranks that finished from ranks that hang, and a launcher that does not return
after all ranks finished.
"""
import os
import sys

from mpi4py import MPI

rank, size = MPI.COMM_WORLD.Get_rank(), MPI.COMM_WORLD.Get_size()
os.makedirs("test-logs", exist_ok=True)
if rank != 0:
    log = os.open(f"test-logs/np{size}-rank{rank}.log", os.O_WRONLY | os.O_CREAT | os.O_TRUNC)
    os.dup2(log, 1)
    os.dup2(log, 2)

import pytest  # noqa: E402

code = int(pytest.main(sys.argv[1:]))
with open(f"test-logs/np{size}-rank{rank}.rc", "w") as f:
    f.write(f"{code}\n")
sys.exit(code)
