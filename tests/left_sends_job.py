"""A send still in flight when its rank's program ends (started by
tests/test_nonblocking.py, 2 ranks): rank 0 isends 8 MiB, waits and ends
its program at once; rank 1 receives 2 s later. The wait returns before the
message is received (it leaves its sends in flight), so rank 0's exit hook
must complete the send before MPI is finalised: a handler registered
before mpicoll is imported runs after mpicoll's hook and reports what is
still in flight then."""

import atexit
import time

from mpi4py import MPI


def after_mpicolls_exit_hook():
    from mpicoll._src import _ffi
    print(f"rank {MPI.COMM_WORLD.rank}: sends in flight after mpicoll's exit hook: "
          f"{_ffi.test_left_sends()}", flush=True)


atexit.register(after_mpicolls_exit_hook)   # before mpicoll's: runs after it

import jax                                   # noqa: E402
import jax.numpy as jnp                      # noqa: E402
import numpy as np                           # noqa: E402

import mpicoll                               # noqa: E402
from mpicoll._src import _ffi                # noqa: E402

jax.config.update("jax_enable_x64", True)
comm = MPI.COMM_WORLD
n = 1 << 20
sent = np.arange(n, dtype=np.float64) + 0.5

if comm.rank == 0:
    mpicoll.wait(mpicoll.isend(jnp.asarray(sent), 1, tag=7))
    if _ffi.test_left_sends():
        print("rank 0: its wait returned with the send in flight", flush=True)
elif comm.rank == 1:
    time.sleep(2)
    got = mpicoll.recv(jnp.zeros(n), 0, tag=7)
    if np.array_equal(np.asarray(got), sent):
        print("rank 1: received what rank 0 sent", flush=True)
