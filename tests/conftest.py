"""Test harness for running the suite under mpiexec at any number of ranks.

* Every rank runs the same tests in the same order. After each test the ranks
  exchange their outcomes (on a private communicator), and a test fails on
  every rank if it failed on any, with the failing ranks named.
* Float64 is on; XLA and BLAS use one thread per rank (set by scripts/test.sh
  and again here for direct pytest runs).
* The modules in RANK_COUNT_INDEPENDENT run at 2 ranks only (below).
* A hanging test is ended by pytest-timeout (thread method: the process exits,
  and mpiexec then stops the other ranks).
"""

import os

os.environ.setdefault("JAX_PLATFORMS", "cpu")
os.environ.setdefault("XLA_FLAGS",
                      "--xla_cpu_multi_thread_eigen=false")
for _var in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")

import jax  # noqa: E402
import pytest  # noqa: E402
from mpi4py import MPI  # noqa: E402

import jobs  # noqa: E402

jax.config.update("jax_enable_x64", True)
jobs.compile_cache_of_this_rank(MPI.COMM_WORLD.Get_rank())

_verdict_comm = MPI.COMM_WORLD.Dup()   # every rank runs conftest: collective is safe


# The modules testing machinery whose behaviour does not depend on the
# number of ranks run at 2 ranks only, where every rank has a peer (at 1
# rank every message goes to the rank itself, which tests/test_ops.py
# covers for every operation; 4 ranks are oversubscribed on CI's 2 cores,
# the slowest run). What does depend on the rank count runs at 1, 2 and 4:
# every operation of the registry (values, derivatives, chunking, vmap),
# the transposes and the derivative check, grids (fft, halo, spmd), the
# ragged exchanges and migrate (which rank sends how much to which), the
# docs' examples, errors, ordering and control flow.
RANK_COUNT_INDEPENDENT = {
    "test_interleave", "test_gradients", "test_chunking", "test_halo_example",
    "test_alltoallv", "test_soak", "test_batching", "test_allreduce", "test_sendrecv",
    "test_in_place", "test_communicators", "test_introspection",
    "test_mpi4jax_port", "test_alltoall", "test_memory"}


def pytest_collection_modifyitems(config, items):
    if MPI.COMM_WORLD.size == 2:
        return
    skip = pytest.mark.skip(reason="machinery independent of the rank count: "
                                   "run at 2 ranks (tests/conftest.py)")
    for item in items:
        if item.module.__name__.rsplit(".", 1)[-1] in RANK_COUNT_INDEPENDENT:
            item.add_marker(skip)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    if call.when != "call":
        return
    report = outcome.get_result()
    failed = _verdict_comm.allgather(bool(report.failed))
    bad_ranks = [rank for rank, f in enumerate(failed) if f]
    if bad_ranks and not report.failed:
        report.outcome = "failed"
        report.longrepr = f"failed on rank(s) {bad_ranks} (passed on this rank)"
    elif bad_ranks:
        report.sections.append(("mpi", f"failed on rank(s) {bad_ranks}"))


@pytest.fixture
def comm():
    """COMM_WORLD, the communicator most tests run on."""
    return MPI.COMM_WORLD


@pytest.fixture
def debug_mode():
    """MPICOLL_DEBUG=1's checks for this test (read by the handlers at run time)."""
    from mpicoll._src import _ffi
    _ffi.set_debug(True)
    yield
    _ffi.set_debug(False)


def wait_quietly(comm):
    """A barrier on `comm` that waits with short sleeps instead of MPI's
    busy-polling, so the cores stay free for work one rank does alone (a
    reference process that rank 0 starts)."""
    import time
    request = comm.Ibarrier()
    while not request.Test():
        time.sleep(0.05)


def gather_global(comm, local):
    """Stack every rank's numpy array along a new leading axis (on all ranks)."""
    import numpy as np
    return np.stack(comm.allgather(np.asarray(local)))


def assert_all_equal(cases, comm=None):
    """`cases`: {name: (result, expected NumPy array)}. Fails naming every case
    whose shape, dtype or values differ; values are compared bitwise. With
    `comm`, the verdict is combined across its ranks: every rank fails, with
    every rank's failures, if one does."""
    import numpy as np
    failures = []
    for name, (out, expected) in cases.items():
        out = np.asarray(out)
        if out.shape != expected.shape or out.dtype != expected.dtype:
            failures.append(f"{name}: got {out.dtype}{out.shape}, "
                            f"expected {expected.dtype}{expected.shape}")
        elif out.tobytes() != np.ascontiguousarray(expected).tobytes():
            failures.append(f"{name}: got\n{out}\nexpected\n{expected}")
    if comm is not None:
        failures = [f"rank {r}: {f}" for r, fs in enumerate(comm.allgather(failures))
                    for f in fs]
    assert not failures, "\n".join(failures)


def wire_tag(tag):
    """The MPI tag of an ordinary mpicoll point-to-point message with user tag
    `tag`, for plain mpi4py peers on `mpicoll.private_comm(comm)`: the low 3
    bits carry the message kind (mpicoll.private_comm's docstring)."""
    return 8 * tag


def neighbours(comm):
    """(right, left) neighbours of this rank on a ring."""
    return (comm.rank + 1) % comm.size, (comm.rank - 1) % comm.size


def done(tree):
    """Wait for every result and every pending MPI effect; return NumPy arrays."""
    import numpy as np
    tree = jax.block_until_ready(tree)
    jax.effects_barrier()
    return jax.tree.map(np.asarray, tree)


def rank_values(comm, shape, dtype, seed=0):
    """Rank-dependent values in 0..96 (exact in every dtype), distinct across
    ranks and positions where possible; random bits for bool."""
    import numpy as np
    import jax.numpy as jnp
    dtype = jnp.dtype(dtype)
    n = int(np.prod(shape))
    if dtype == np.bool_:
        return np.random.default_rng(seed + comm.rank).integers(0, 2, shape).astype(bool)
    values = ((comm.rank * n + np.arange(n) + seed) % 97).reshape(shape)
    if jnp.issubdtype(dtype, jnp.complexfloating):
        values = values + 1j * (96 - values)
    return values.astype(dtype)


def collective_check_grads(monkeypatch, comm, *args, **kwargs):
    """jax.test_util.check_grads, run to the end on every rank before asserting.

    check_grads asserts after each of its checks; a rank that failed early
    would skip the MPI calls of the later checks and leave the others waiting.
    Its comparisons are recorded instead, and the verdict is combined over ranks.
    """
    from jax._src import public_test_util
    from jax.test_util import check_grads
    failures = []

    def record(*a, err_msg="", **kw):
        try:
            original(*a, err_msg=err_msg, **kw)
        except AssertionError as e:
            failures.append(f"{err_msg}: {e}")

    original = public_test_util.check_close
    monkeypatch.setattr(public_test_util, "check_close", record)
    check_grads(*args, **kwargs)
    monkeypatch.undo()
    all_failures = comm.allgather(failures)
    assert not any(all_failures), all_failures
