"""mpicoll operations interleaved with the script's own mpi4py calls.

JAX returns from a jitted call before the computation has run, so an mpicoll
operation is often still running on an XLA thread while the script goes on
with mpi4py on the same communicator. Each test here alternates one mpicoll
operation (eager or jitted, default or explicit communicator) with one kind
of mpi4py call on the communicator the operation uses, many times, without
waiting for mpicoll's results in between, and then checks every result of
both exactly against values computed from the known inputs of all ranks.

The inputs of the mpicoll operations come from a jitted computation of
more than a thousand flops: XLA runs such computations asynchronously (it
runs only tiny ones inline), so the operation really overlaps the mpi4py
calls that follow it, in eager mode too.
"""

import numpy as np
import jax
import jax.numpy as jnp
import pytest
from mpi4py import MPI

import mpicoll

WORLD = MPI.COMM_WORLD
P = WORLD.size
ROUNDS = 25
N = 2048          # elements per rank and round: enough work to run asynchronously


def rank_input(rank, round_):
    """Rank `rank`'s input in round `round_`: distinct small integers (exact
    in float64, also after the sums below)."""
    return (np.arange(N) % 251 + 1000 * rank + 10 * round_).astype(np.float64)


def alltoallv_counts(rank):
    """Rows rank `rank` sends to each peer (and, transposed, receives)."""
    send = [1 + (rank + 2 * s) % 3 for s in range(P)]
    recv = [1 + (s + 2 * rank) % 3 for s in range(P)]
    return send, recv


def alltoallv_rows(x, rank):
    """The rows rank `rank` sends: blocks of alltoallv_counts(rank)[0] rows."""
    rows = sum(alltoallv_counts(rank)[0])
    return x[:rows * 8].reshape(rows, 8)


def alltoallv_expected(inputs, rank):
    blocks = []
    for s in range(P):
        send = alltoallv_counts(s)[0]
        start = sum(send[:rank])
        blocks.append(alltoallv_rows(inputs[s], s)[start:start + send[rank]])
    return np.concatenate(blocks)


# name: (mpicoll call, expected result on `rank` from every rank's input)

OPS = {
    "allreduce": (
        lambda x, comm: mpicoll.allreduce(x, MPI.SUM, comm=comm),
        lambda inputs, rank: sum(inputs)),
    "alltoall": (
        lambda x, comm: mpicoll.alltoall(x.reshape(P, -1), comm=comm),
        lambda inputs, rank: np.stack([i.reshape(P, -1)[rank] for i in inputs])),
    "alltoallv": (
        lambda x, comm: mpicoll.alltoallv(alltoallv_rows(x, WORLD.rank),
                                          *alltoallv_counts(WORLD.rank), comm=comm),
        alltoallv_expected),
    "bcast": (
        lambda x, comm: mpicoll.bcast(x, P - 1, comm=comm),
        lambda inputs, rank: inputs[P - 1]),
    "allgather": (
        lambda x, comm: mpicoll.allgather(x[:64], comm=comm),
        lambda inputs, rank: np.stack([i[:64] for i in inputs])),
    "scan": (
        lambda x, comm: mpicoll.scan(x, MPI.SUM, comm=comm),
        lambda inputs, rank: sum(inputs[:rank + 1])),
    "reduce_scatter": (
        lambda x, comm: mpicoll.reduce_scatter(x.reshape(P, -1), MPI.SUM, comm=comm),
        lambda inputs, rank: sum(inputs).reshape(P, -1)[rank]),
    "sendrecv": (
        # the same tags the script's own messages use, and it receives any tag
        lambda x, comm: mpicoll.sendrecv(x, x, source=(WORLD.rank - 1) % P,
                                         dest=(WORLD.rank + 1) % P, sendtag=0, comm=comm),
        lambda inputs, rank: inputs[(rank - 1) % P]),
}


class Script:
    """One kind of mpi4py call per round on `comm`, checked against its own
    expected value; `start` runs before the mpicoll operation, `finish`
    after it (a nonblocking receive is posted before and completed after)."""

    def __init__(self, kind, comm):
        self.kind, self.comm, self.errors = kind, comm, []
        self.right, self.left = (comm.rank + 1) % P, (comm.rank - 1) % P

    def start(self, r):
        if self.kind == "pending_irecv":
            # a receive for any source and tag, posted before mpicoll's
            # operation runs: on a shared communicator it would take
            # mpicoll's message
            self.buf = np.empty(3, np.int64)
            self.request = self.comm.Irecv(self.buf, MPI.ANY_SOURCE, MPI.ANY_TAG)

    def finish(self, r):
        comm, kind = self.comm, self.kind
        if kind == "Allreduce":
            out = np.empty(2, np.int64)
            comm.Allreduce(np.array([comm.rank, r], np.int64), out)
            got, expected = out.tolist(), [P * (P - 1) // 2, P * r]
        elif kind == "lowercase":
            total = comm.allreduce(comm.rank + r)
            root_word = comm.bcast(f"round {r}" if comm.rank == 0 else None, root=0)
            got, expected = (total, root_word), (P * (P - 1) // 2 + P * r, f"round {r}")
        elif kind == "Sendrecv":
            out = np.empty(3, np.int64)
            comm.Sendrecv(np.array([comm.rank, r, 7], np.int64), dest=self.right, sendtag=0,
                          recvbuf=out, source=MPI.ANY_SOURCE, recvtag=MPI.ANY_TAG)
            got, expected = out.tolist(), [self.left, r, 7]
        elif kind == "pending_irecv":
            comm.Send(np.array([comm.rank, r, 9], np.int64), dest=self.right, tag=0)
            self.request.Wait()
            got, expected = self.buf.tolist(), [self.left, r, 9]
        else:   # Barrier
            comm.Barrier()
            got = expected = None
        if got != expected:
            self.errors.append(f"round {r}: mpi4py {kind} gave {got}, expected {expected}")


@pytest.fixture(scope="module")
def explicit_comm():
    comm = WORLD.Dup()
    yield comm
    comm.Free()


SCRIPTS = ["Allreduce", "lowercase", "Sendrecv", "pending_irecv", "Barrier"]
SETTINGS = [("eager", "default"), ("jit", "explicit"), ("jit", "default"),
            ("eager", "explicit")]


def _cases():
    """Every operation with every script; the (mode, communicator) setting
    turns with them, so each operation and each script meets all four
    settings (five scripts against four settings) without the full product."""
    for i, op in enumerate(OPS):
        for j, script in enumerate(SCRIPTS):
            mode, comm_kind = SETTINGS[(i + j) % len(SETTINGS)]
            yield pytest.param(op, mode, comm_kind, script,
                               id=f"{op}-{mode}-{comm_kind}-{script}")


@pytest.mark.parametrize("op,mode,comm_kind,script", list(_cases()))
def test_interleaved_with_mpi4py(op, mode, comm_kind, script, explicit_comm):
    call, reference = OPS[op]
    comm_arg = None if comm_kind == "default" else explicit_comm
    comm = WORLD if comm_arg is None else explicit_comm
    prepare = jax.jit(lambda base, r: base + 10.0 * r + 0.0 * jnp.sin(base).sum())
    if mode == "jit":
        run = jax.jit(lambda x: call(x, comm_arg))
    else:
        def run(x):
            return call(x, comm_arg)
    base = jnp.asarray(rank_input(WORLD.rank, 0))
    scripted = Script(script, comm)
    results = []
    for r in range(ROUNDS):
        x = prepare(base, r)            # dispatched, not waited for
        scripted.start(r)
        results.append(run(x))          # dispatched, not waited for
        scripted.finish(r)
    failures = list(scripted.errors)
    for r, result in enumerate(results):
        expected = reference([rank_input(s, r) for s in range(P)], WORLD.rank)
        got = np.asarray(result)
        if got.shape != expected.shape or not np.array_equal(got, expected):
            failures.append(f"round {r}: mpicoll {op} result differs from the reference")
    assert not failures, "\n".join(failures[:10])


def test_issue_example_runs_to_the_end():
    """The pattern of an ordinary script: a jitted mpicoll call, then an
    mpi4py collective on COMM_WORLD, 300 times."""
    f = jax.jit(lambda v: mpicoll.allreduce(v * 2.0, MPI.SUM))
    outs, errors = [], []
    for i in range(300):
        outs.append(f(jnp.full((1 << 14,), float(WORLD.rank + i))))
        buf, out = np.array([i]), np.empty(1, np.int64)
        WORLD.Allreduce(buf.astype(np.int64), out)
        if out[0] != i * P:
            errors.append(i)
    for i, y in enumerate(outs):
        if not np.all(np.asarray(y) == 2.0 * (P * i + P * (P - 1) / 2)):
            errors.append(("allreduce", i))
    assert not errors, errors[:10]


_SERIALIZED_SCRIPT = """
import warnings
if {jax_first}:
    import jax.numpy as jnp
    jnp.ones(3).block_until_ready()                 # JAX's CPU backend exists already
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    try:
        import mpicoll
    except ImportError as e:
        print("IMPORTERROR", e)
        raise SystemExit(0)
for w in caught:
    print("WARNING", w.message)
import jax, jax.numpy as jnp
from mpi4py import MPI
print("ASYNC", jax.config.values["jax_cpu_enable_async_dispatch"])
y = jax.jit(lambda v: mpicoll.allreduce(v * 2.0, MPI.SUM))(jnp.ones(1 << 14))
print("RESULT", float(y.sum()))
"""


@pytest.mark.parametrize("jax_first", [False, True], ids=["mpicoll_first", "jax_first"])
def test_thread_level_below_multiple(jax_first, tmp_path):
    """An MPI without MPI_THREAD_MULTIPLE: mpicoll switches JAX to synchronous
    CPU dispatch (with a RuntimeWarning) when imported before JAX's backend
    exists, and refuses to import, saying why, when it is too late for that.

    Runs a single-process MPI program (singleton init, launcher variables
    removed) on rank 0; the other ranks have nothing to check."""
    import os
    import subprocess
    import sys
    if WORLD.rank != 0:
        return
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("PMI_", "PMIX_", "HYDRA_", "MPIR_", "MPI_LOCAL", "OMPI_"))}
    env["MPI4PY_RC_THREAD_LEVEL"] = "serialized"
    script = tmp_path / "serialized.py"
    script.write_text(_SERIALIZED_SCRIPT.format(jax_first=jax_first))
    out = subprocess.run([sys.executable, str(script)], env=env, capture_output=True,
                         text=True, timeout=240)
    assert out.returncode == 0, out.stderr[-3000:]
    if jax_first:
        assert "IMPORTERROR" in out.stdout and "MPI_THREAD_SERIALIZED" in out.stdout, out.stdout
        assert "Import mpicoll before the first JAX computation" in out.stdout
    else:
        assert "WARNING mpicoll: MPI provides only MPI_THREAD_SERIALIZED" in out.stdout, out.stdout
        assert "ASYNC False" in out.stdout and "RESULT 32768.0" in out.stdout, out.stdout
