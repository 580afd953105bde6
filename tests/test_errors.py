"""Invalid arguments raise TypeError/ValueError naming the argument, eagerly and
at trace time inside jit, before anything is sent; MPI errors inside a
handler become Python exceptions, and the ranks can go on communicating.

Every invalid call here is made identically on all ranks and fails before
any communication, so no rank is ever left waiting for a partner that
raised. The MPI-error tests fail on every rank at the same point.
"""

import re

import numpy as np
import jax
import jax.numpy as jnp
import pytest
from mpi4py import MPI

import mpicoll
from conftest import assert_all_equal, gather_global, neighbours

SUM = MPI.SUM
PROC_NULL = MPI.PROC_NULL
TAG_UB = mpicoll.max_tag()


def raises_eager_and_jit(call, exc, match, *args):
    """`call(*args)` raises `exc` matching `match`, called directly and under jit."""
    with pytest.raises(exc, match=match):
        call(*args)
    with pytest.raises(exc, match=match):
        jax.jit(call)(*args)


@pytest.fixture
def restore_settings(monkeypatch):
    """Leave the chunk and reduction-blocks settings and their environment
    variables as they were (the defaults)."""
    for name in ("MPICOLL_CHUNK_BYTES", "MPICOLL_REDUCTION_BLOCKS"):
        monkeypatch.delenv(name, raising=False)
    mpicoll.set_chunk_bytes(None)
    mpicoll.set_reduction_blocks(None)
    yield monkeypatch
    mpicoll.set_chunk_bytes(None)
    mpicoll.set_reduction_blocks(None)


# ---------------------------------------------------------------------------
# alltoall shape
# ---------------------------------------------------------------------------

@pytest.mark.parametrize("shape", ["size+1", "2size", "scalar", "empty"])
def test_alltoall_needs_one_block_per_rank(comm, shape):
    P = comm.size
    shape = {"size+1": (P + 1, 2), "2size": (2 * P,), "scalar": (), "empty": (0, 3)}[shape]
    x = jnp.zeros(shape)
    raises_eager_and_jit(mpicoll.alltoall, ValueError,
                         re.escape(f"x.shape[0] == comm size ({P})"), x)


# ---------------------------------------------------------------------------
# sendrecv ranks and tags
# ---------------------------------------------------------------------------

def _sendrecv(**kwargs):
    """sendrecv with valid defaults (a ring shift), overridden by kwargs."""
    right, left = neighbours(MPI.COMM_WORLD)
    params = dict(source=left, dest=right)
    params.update(kwargs)
    return lambda x: mpicoll.sendrecv(x, x, **params)


@pytest.mark.parametrize("which", ["source", "dest"])
@pytest.mark.parametrize("value", ["size", -5, "ROOT", 2**40])
def test_rank_out_of_range(comm, which, value):
    value = {"size": comm.size, "ROOT": MPI.ROOT}.get(value, value)
    raises_eager_and_jit(_sendrecv(**{which: value}), ValueError,
                         rf"{which}={value} is not a rank of the communicator",
                         jnp.zeros(2))


def test_dest_cannot_be_any_source():
    raises_eager_and_jit(_sendrecv(dest=MPI.ANY_SOURCE), ValueError,
                         rf"dest={MPI.ANY_SOURCE} is not a rank", jnp.zeros(2))


@pytest.mark.parametrize("which,value", [
    ("sendtag", -5), ("sendtag", MPI.ANY_TAG), ("sendtag", TAG_UB + 1),
    ("recvtag", -5), ("recvtag", TAG_UB + 1), ("recvtag", 2**40)])
def test_tag_out_of_range(which, value):
    raises_eager_and_jit(_sendrecv(**{which: value}), ValueError,
                         rf"{which}={value} is not a valid tag", jnp.zeros(2))


@pytest.mark.parametrize("which", ["source", "dest", "sendtag", "recvtag"])
def test_traced_rank_or_tag(which):
    x = jnp.zeros(2)

    def f(x, value):
        return _sendrecv(**{which: value})(x)

    with pytest.raises(TypeError, match=rf"{which} must be a Python int known at trace time"):
        jax.jit(f)(x, 0)
    with pytest.raises(TypeError, match=rf"{which} must be a Python int known at trace time"):
        jax.vmap(f, in_axes=(None, 0))(x, jnp.zeros(2, dtype=jnp.int32))


@pytest.mark.parametrize("which", ["source", "dest", "sendtag", "recvtag"])
@pytest.mark.parametrize("value", [0.0, "0", True, None], ids=["float", "str", "bool", "None"])
def test_rank_or_tag_not_an_int(which, value):
    raises_eager_and_jit(_sendrecv(**{which: value}), TypeError,
                         rf"{which} must be an int, got {type(value).__name__}",
                         jnp.zeros(2))


def test_numpy_integer_ranks_and_tags_work(comm):
    """Ranks and tags may be NumPy integers (operator.index), and the exchange is right."""
    right, left = neighbours(comm)
    x = np.array([comm.rank, 3.0])
    f = lambda v: mpicoll.sendrecv(v, jnp.zeros(2), source=np.int32(left),
                                   dest=np.int64(right), sendtag=np.uint16(4),
                                   recvtag=np.int64(4))
    got = jax.block_until_ready((f(x), jax.jit(f)(x)))
    for g in got:
        np.testing.assert_array_equal(np.asarray(g), [left, 3.0])


# ---------------------------------------------------------------------------
# Communicators
# ---------------------------------------------------------------------------

OPS = {
    "allreduce": lambda comm: lambda x: mpicoll.allreduce(x, SUM, comm=comm),
    "alltoall": lambda comm: lambda x: mpicoll.alltoall(x[None], comm=comm),
    "sendrecv": lambda comm: lambda x: mpicoll.sendrecv(x, x, source=PROC_NULL,
                                                        dest=PROC_NULL, comm=comm),
}


@pytest.mark.parametrize("op", list(OPS))
def test_comm_none_is_comm_world(comm, op):
    x = np.array([comm.rank + 1.0, 2.0])
    if op == "allreduce":
        out = jax.block_until_ready(OPS[op](None)(x))
        np.testing.assert_array_equal(np.asarray(out), gather_global(comm, x).sum(0))
    elif op == "alltoall":
        blocks = np.arange(comm.size)[:, None] * 10.0 + comm.rank
        out = jax.block_until_ready(mpicoll.alltoall(blocks, comm=None))
        np.testing.assert_array_equal(np.asarray(out)[:, 0],
                                      comm.rank * 10.0 + np.arange(comm.size))
    else:
        right, left = neighbours(comm)
        out = jax.block_until_ready(
            mpicoll.sendrecv(x, x, source=left, dest=right, comm=None))
        np.testing.assert_array_equal(np.asarray(out), [left + 1.0, 2.0])


@pytest.mark.parametrize("op", list(OPS))
@pytest.mark.parametrize("bad", ["world", 42, "COMM_NULL"])
def test_comm_not_a_communicator(op, bad):
    if bad == "COMM_NULL":
        exc, match, bad = ValueError, "comm is MPI.COMM_NULL", MPI.COMM_NULL
    else:
        exc, match = TypeError, f"comm must be an mpi4py communicator.*got {type(bad).__name__}"
    raises_eager_and_jit(OPS[op](bad), exc, match, jnp.zeros(2))


def test_intercommunicator_rejected(comm):
    if comm.size < 2:
        pytest.skip("an intercommunicator needs two groups (size >= 2)")
    color = comm.rank % 2
    local = comm.Split(color, comm.rank)
    inter = local.Create_intercomm(0, comm, 1 - color, 77)   # leaders: world ranks 0, 1
    try:
        for op in OPS:
            raises_eager_and_jit(OPS[op](inter), ValueError, "intercommunicator",
                                 jnp.zeros(2))
    finally:
        inter.Free()
        local.Free()


# ---------------------------------------------------------------------------
# Reduction ops and dtypes
# ---------------------------------------------------------------------------

@pytest.mark.parametrize("op", ["sum", np.add, None, 0], ids=["str", "ufunc", "None", "int"])
def test_op_not_an_mpi_op(op):
    raises_eager_and_jit(lambda x: mpicoll.allreduce(x, op), TypeError,
                         "op must be an mpi4py reduction", jnp.zeros(2))


@pytest.mark.parametrize("name", ["MINLOC", "MAXLOC", "REPLACE", "NO_OP", "OP_NULL"])
def test_op_not_predefined_reduction(name):
    op = getattr(MPI, name)
    raises_eager_and_jit(lambda x: mpicoll.allreduce(x, op), ValueError,
                         "op must be a predefined MPI reduction", jnp.zeros(2))


def test_user_defined_op():
    op = MPI.Op.Create(lambda a, b, datatype: None, commute=True)
    try:
        raises_eager_and_jit(lambda x: mpicoll.allreduce(x, op), ValueError,
                             "op must be a predefined MPI reduction", jnp.zeros(2))
    finally:
        op.Free()


@pytest.mark.parametrize("op,dtype", [
    ("MIN", "complex64"), ("MAX", "complex128"), ("BAND", "float32"),
    ("BOR", "float64"), ("BXOR", "bfloat16"), ("LAND", "float16"),
    ("SUM", "bool"), ("PROD", "bool"), ("MAX", "bool"), ("BAND", "bool")])
def test_op_not_defined_for_dtype(op, dtype):
    x = jnp.zeros(3, dtype=dtype)
    raises_eager_and_jit(lambda x: mpicoll.allreduce(x, getattr(MPI, op)), TypeError,
                         rf"op MPI\.{op} is not defined for dtype {x.dtype}", x)


UNSUPPORTED = ["float8_e4m3fn", "float8_e5m2", "int4", "uint4"]


@pytest.mark.parametrize("dtype", [d for d in UNSUPPORTED if hasattr(jnp, d)])
@pytest.mark.parametrize("where", ["allreduce", "alltoall", "sendbuf", "recvbuf"])
def test_unsupported_dtype(comm, dtype, where):
    bad = jnp.zeros((comm.size, 2), dtype=getattr(jnp, dtype))
    good = jnp.zeros((comm.size, 2))
    call, name = {
        "allreduce": (lambda b, g: mpicoll.allreduce(b, SUM), "x"),
        "alltoall": (lambda b, g: mpicoll.alltoall(b), "x"),
        "sendbuf": (lambda b, g: mpicoll.sendrecv(b, g, PROC_NULL, PROC_NULL), "sendbuf"),
        "recvbuf": (lambda b, g: mpicoll.sendrecv(g, b, PROC_NULL, PROC_NULL), "recvbuf"),
    }[where]
    raises_eager_and_jit(call, TypeError,
                         rf"{name} has dtype {np.dtype(bad.dtype)}, which mpicoll does not support",
                         bad, good)


@pytest.mark.parametrize("value", ["abc", object()], ids=["str", "object"])
def test_not_an_array(value):
    with pytest.raises(TypeError, match="x must be an array"):
        mpicoll.allreduce(value, SUM)
    with pytest.raises(TypeError, match="sendbuf must be an array"):
        mpicoll.sendrecv(value, jnp.zeros(2), PROC_NULL, PROC_NULL)


@pytest.mark.parametrize("status", ["status", 0, MPI.Request], ids=["str", "int", "class"])
def test_status_not_a_status(status):
    raises_eager_and_jit(_sendrecv(status=status), TypeError,
                         "status must be an mpi4py MPI.Status", jnp.zeros(2))


def test_grad_with_any_source_refused_at_trace_time(comm):
    right, _ = neighbours(comm)
    loss = lambda v: mpicoll.sendrecv(v, v, source=MPI.ANY_SOURCE, dest=right).sum()
    with pytest.raises(NotImplementedError, match="explicit source"):
        jax.jit(jax.grad(loss))(jnp.zeros(2))


# ---------------------------------------------------------------------------
# Chunk setting
# ---------------------------------------------------------------------------

@pytest.mark.parametrize("value,exc", [(0, ValueError), (-1, ValueError), ("abc", ValueError),
                                       (1.5, ValueError), ("", ValueError), ([8], ValueError),
                                       (True, TypeError)],
                         ids=["zero", "negative", "str", "float", "empty", "list", "bool"])
def test_set_chunk_bytes_rejects(restore_settings, value, exc):
    mpicoll.set_chunk_bytes(64)
    with pytest.raises(exc, match="chunk_bytes"):
        mpicoll.set_chunk_bytes(value)
    assert mpicoll.get_chunk_bytes() == 64      # a rejected value changes nothing
    mpicoll.set_chunk_bytes(None)
    assert mpicoll.get_chunk_bytes() == 2**31 - 1


@pytest.mark.parametrize("value", ["abc", "0", "-8", "1.5", "1e3"])
def test_bad_env_chunk_bytes_raises_when_traced(comm, restore_settings, value):
    restore_settings.setenv("MPICOLL_CHUNK_BYTES", value)
    with pytest.raises(ValueError, match="MPICOLL_CHUNK_BYTES"):
        mpicoll.get_chunk_bytes()
    for call in (lambda x: mpicoll.allreduce(x, SUM),
                 lambda x: mpicoll.alltoall(x),
                 lambda x: mpicoll.sendrecv(x, x, PROC_NULL, PROC_NULL)):
        raises_eager_and_jit(call, ValueError, "MPICOLL_CHUNK_BYTES", jnp.zeros((comm.size, 2)))


def test_env_chunk_bytes_used_and_overridden(comm, restore_settings):
    """A valid env value is the limit; set_chunk_bytes overrides it; results stay exact."""
    restore_settings.setenv("MPICOLL_CHUNK_BYTES", " 24 ")
    limit_env = mpicoll.get_chunk_bytes()
    x = np.arange(10, dtype=np.int64) * (comm.rank + 1)   # 80 bytes: several chunks
    out_env = jax.block_until_ready(mpicoll.allreduce(x, SUM))
    mpicoll.set_chunk_bytes(16)
    limit_set = mpicoll.get_chunk_bytes()
    out_set = jax.block_until_ready(jax.jit(lambda v: mpicoll.allreduce(v, SUM))(x))

    expected = gather_global(comm, x).sum(0)
    assert (limit_env, limit_set) == (24, 16)
    np.testing.assert_array_equal(np.asarray(out_env), expected)
    np.testing.assert_array_equal(np.asarray(out_set), expected)


@pytest.mark.parametrize("value", [1, 0, "0", "False", 1.0])
def test_set_reduction_blocks_rejects(restore_settings, value):
    mpicoll.set_reduction_blocks(False)
    with pytest.raises(TypeError, match="enabled must be True, False or None"):
        mpicoll.set_reduction_blocks(value)
    assert mpicoll.get_reduction_blocks() is False     # a rejected value changes nothing
    mpicoll.set_reduction_blocks(None)
    assert mpicoll.get_reduction_blocks() is True      # the default


@pytest.mark.parametrize("value", ["yes", "2", "true", "-1"])
def test_bad_env_reduction_blocks_raises_when_traced(comm, restore_settings, value):
    restore_settings.setenv("MPICOLL_REDUCTION_BLOCKS", value)
    with pytest.raises(ValueError, match="MPICOLL_REDUCTION_BLOCKS must be 1"):
        mpicoll.get_reduction_blocks()
    for call in (lambda x: mpicoll.allreduce(x, SUM), lambda x: mpicoll.reduce(x, SUM, 0)):
        raises_eager_and_jit(call, ValueError, "MPICOLL_REDUCTION_BLOCKS", jnp.zeros(3))
    # the operations that do not reduce by blocks do not read it
    out = mpicoll.allgather(jnp.ones(2))
    assert_all_equal({"allgather": (out, np.ones((comm.size, 2)))}, comm=comm)


def test_env_reduction_blocks_used_and_overridden(restore_settings):
    restore_settings.setenv("MPICOLL_REDUCTION_BLOCKS", " 0 ")
    from_env = mpicoll.get_reduction_blocks()
    mpicoll.set_reduction_blocks(True)
    assert (from_env, mpicoll.get_reduction_blocks()) == (False, True)


@pytest.mark.parametrize("call", ["allreduce", "sendrecv"])
def test_chunk_smaller_than_one_element(restore_settings, call):
    mpicoll.set_chunk_bytes(4)
    f = {"allreduce": lambda x: mpicoll.allreduce(x, SUM),
         "sendrecv": lambda x: mpicoll.sendrecv(x.astype(jnp.int32), x, PROC_NULL,
                                                PROC_NULL)}[call]
    raises_eager_and_jit(f, ValueError, r"chunk limit \(4 bytes\) is smaller than one float64",
                         jnp.zeros(2))


# ---------------------------------------------------------------------------
# MPI errors inside a handler
# ---------------------------------------------------------------------------

@pytest.mark.timeout(60)
@pytest.mark.parametrize("chunked", [False, True], ids=["one_message", "chunked"])
def test_truncation_is_an_exception_and_ranks_recover(comm, restore_settings, chunked):
    """Every rank sends 8 elements to its right neighbour, which expects 6:
    MPI_ERR_TRUNCATE on every rank, eagerly and under jit. Afterwards
    mpicoll (eager and jitted) and mpi4py still communicate correctly."""
    if chunked:
        mpicoll.set_chunk_bytes(32)     # 4 float64 per message
    right, left = neighbours(comm)
    send, recv = jnp.arange(8.0) + comm.rank, jnp.zeros(6)
    shift = lambda s, r: mpicoll.sendrecv(s, r, source=left, dest=right)

    errors = []
    for f in (shift, jax.jit(shift)):
        try:
            jax.block_until_ready(f(send, recv))
            errors.append(None)
        except Exception as exc:      # noqa: BLE001 (JaxRuntimeError or similar)
            errors.append(exc)
    mpicoll.set_chunk_bytes(None)

    x = np.array([comm.rank + 1.0, 1.0])
    eager = jax.block_until_ready(mpicoll.allreduce(x, SUM))
    jitted = jax.block_until_ready(jax.jit(lambda v: mpicoll.allreduce(v, MPI.MAX))(x))
    ring = jax.block_until_ready(jax.jit(shift)(jnp.arange(3.0) + comm.rank, jnp.zeros(3)))
    comm.Barrier()
    xs = gather_global(comm, x)

    for exc in errors:
        assert exc is not None, "a truncating receive did not raise"
        assert "truncat" in str(exc).lower(), str(exc)
        # the message says where: the MPI call, this rank, the communicator
        # size, the peers and tags, and the element count and dtype
        context = (f"MPI_Sendrecv failed on rank {comm.rank} (communicator of {comm.size} "
                   f"ranks; source {left}; dest {right}; sendtag 0; recvtag {MPI.ANY_TAG}; "
                   f"8 float64 elements)")
        assert context in str(exc), str(exc)
    np.testing.assert_array_equal(np.asarray(eager), xs.sum(0))
    np.testing.assert_array_equal(np.asarray(jitted), xs.max(0))
    np.testing.assert_array_equal(np.asarray(ring), np.arange(3.0) + left)


def test_import_refuses_a_different_mpi_at_run_time(monkeypatch):
    """The extension's build-time MPI is compared with the MPI mpi4py loaded."""
    from mpicoll._src import bridge
    built = bridge._ffi.built_with_vendor()
    other = "Open MPI" if built != "Open MPI" else "MPICH"
    monkeypatch.setattr(bridge.MPI, "get_vendor", lambda: (other, (9, 9, 9)))
    with pytest.raises(ImportError, match=f"built against {built}.*{other}"):
        bridge._check_same_mpi()
    monkeypatch.undo()
    bridge._check_same_mpi()          # the real pairing passes


def test_cuda_lowers_like_cpu_and_rocm_gets_a_clear_error():
    """CUDA arrays use the CPU lowering itself (one declaration per op, the
    same custom call; the handler registered for the platform differs);
    ROCm arrays are refused naming the operation and the fix."""
    from mpicoll._src.ops.allreduce import allreduce_p
    from jax._src.interpreters import mlir
    lowerings = mlir._platform_specific_lowerings
    rule = lambda platform: getattr(lowerings[platform][allreduce_p], "rule",  # noqa: E731
                                    lowerings[platform][allreduce_p])
    assert rule("cuda") is rule("cpu")
    with pytest.raises(NotImplementedError, match="allreduce.*ROCm arrays are not supported"):
        rule("rocm")(None, None)


def _raises_on_every_rank(call):
    try:
        jax.block_until_ready(call())
    except Exception as exc:   # noqa: BLE001 (JaxRuntimeError or similar)
        return str(exc)
    return None


@pytest.mark.timeout(60)
def test_debug_mode_reports_mismatched_collectives_on_every_rank(comm, debug_mode, capfd):
    """Rank-dependent sizes, roots and chunk limits: with MPICOLL_DEBUG every
    rank raises, naming what each rank called, instead of hanging or mixing
    data; afterwards the ranks communicate normally. Every call is logged."""
    if comm.size == 1:
        pytest.skip("needs ranks that disagree")   # the same on every rank
    r = comm.rank
    cases = {
        "sizes": lambda: jax.jit(lambda v: mpicoll.allreduce(v, MPI.SUM))(jnp.ones(3 + r)),
        "roots": lambda: mpicoll.bcast(jnp.ones(2), r),
        "operations": lambda: (mpicoll.allgather(jnp.ones(2)) if r == 0
                               else mpicoll.allreduce(jnp.ones(2), MPI.SUM)),
    }
    messages = {name: _raises_on_every_rank(call) for name, call in cases.items()}
    mpicoll.set_chunk_bytes(8 if r == 0 else 16)
    try:
        messages["chunk limits"] = _raises_on_every_rank(
            lambda: jax.jit(lambda v: mpicoll.allreduce(v, MPI.SUM))(jnp.ones(5)))
    finally:
        mpicoll.set_chunk_bytes(None)
    mpicoll.set_reduction_blocks(r != 0)
    try:
        messages["reduction-blocks settings"] = _raises_on_every_rank(
            lambda: jax.jit(lambda v: mpicoll.reduce(v, MPI.SUM, 0))(jnp.ones(5)))
    finally:
        mpicoll.set_reduction_blocks(None)
    after = np.asarray(mpicoll.allreduce(jnp.ones(2), MPI.SUM))
    for name, message in messages.items():
        assert message is not None, f"mismatched {name} did not raise"
        assert "made different calls" in message, message
        assert all(f"rank {s}: [" in message for s in range(comm.size)), message
    assert "rank 0: [float64, 3," in messages["sizes"], messages["sizes"]
    # [dtype, elements, op, root, counts hash, chunk bytes, by blocks, ...]
    blocks = messages["reduction-blocks settings"]
    assert re.search(r"rank 0: \[float64, 5, \d+, 0, \d+, \d+, 0, the program", blocks), blocks
    assert re.search(r"rank 1: \[float64, 5, \d+, 0, \d+, \d+, 1, the program", blocks), blocks
    np.testing.assert_array_equal(after, np.full(2, float(comm.size)))
    log = capfd.readouterr().err
    assert f"mpicoll[{r}/{comm.size}] MPI_Allreduce" in log, log[-2000:]


@pytest.mark.timeout(60)
@pytest.mark.parametrize("how", ["grad", "jvp"])
def test_debug_mode_reports_a_derivative_rule_skipped_on_some_ranks(comm, debug_mode, how,
                                                                    monkeypatch):
    """An allreduce whose input is a constant on some ranks only: JAX runs its
    JVP rule only where the input carries a derivative, so the ranks would
    make different calls. With the check before differentiated collectives
    switched off (tests/test_derivative_agreement.py tests it), debug mode
    still catches it: every rank raises at that allreduce, saying which
    ranks run it from a JVP rule, and the next operation works."""
    if comm.size == 1:
        pytest.skip("needs ranks that disagree")   # the same on every rank
    monkeypatch.setenv("MPICOLL_DERIVATIVE_CHECK", "0")
    x = jnp.arange(3.0)

    def loss(w):
        v = w * x if comm.rank == 0 else x
        return jnp.sum(mpicoll.allreduce(v, MPI.SUM))

    message = _raises_on_every_rank(
        (lambda: jax.grad(loss)(2.0)) if how == "grad" else (lambda: jax.jvp(loss, (2.0,), (1.0,))))
    after = np.asarray(mpicoll.allreduce(jnp.ones(2), MPI.SUM))
    assert message is not None and "made different calls" in message, message
    assert "a JVP rule" in message and "the program" in message, message
    np.testing.assert_array_equal(after, np.full(2, float(comm.size)))


@pytest.mark.timeout(120)
def test_debug_mode_checks_nonblocking_collectives_and_counts(comm, debug_mode):
    """Debug mode checks a nonblocking collective's start like the blocking
    collective (sizes, reductions, roots, dtypes, which collective, a start
    against a blocking call), and tells apart per-rank counts that differ
    in one (allgatherv's [1, 1] against [1, 2]): every rank raises, no
    rank hangs or reads another's bytes, and the next operation works."""
    if comm.size == 1:
        pytest.skip("needs ranks that disagree")   # the same on every rank
    r = comm.rank
    first = r == 0
    start_and_wait = lambda start: mpicoll.wait(start())       # noqa: E731
    cases = {
        "iallreduce sizes": lambda: start_and_wait(
            lambda: mpicoll.iallreduce(jnp.ones(4 + first), MPI.SUM)),
        "iallreduce reductions": lambda: start_and_wait(
            lambda: mpicoll.iallreduce(jnp.ones(4), MPI.SUM if first else MPI.MAX)),
        "ibcast roots": lambda: start_and_wait(lambda: mpicoll.ibcast(jnp.ones(3), int(first))),
        "ialltoall dtypes": lambda: start_and_wait(lambda: mpicoll.ialltoall(
            jnp.ones((comm.size, 2), jnp.float32 if first else jnp.int32))),
        "iallgather against iallreduce": lambda: start_and_wait(
            lambda: mpicoll.iallgather(jnp.ones(2)) if first
            else mpicoll.iallreduce(jnp.ones(2), MPI.SUM)),
        "iallreduce against allreduce": lambda: (
            start_and_wait(lambda: mpicoll.iallreduce(jnp.ones(2), MPI.SUM)) if first
            else mpicoll.allreduce(jnp.ones(2), MPI.SUM)),
        "allgatherv counts": lambda: jax.jit(lambda v: mpicoll.allgatherv(
            v, [1] * (comm.size - 1) + [2 if first else 1]))(
                jnp.ones((2 if first and r == comm.size - 1 else 1, 3))),
    }
    messages = {name: _raises_on_every_rank(call) for name, call in cases.items()}
    after = np.asarray(mpicoll.allreduce(jnp.ones(2), MPI.SUM))
    for name, message in messages.items():
        assert message is not None and "made different calls" in message, (name, message)
    np.testing.assert_array_equal(after, np.full(2, float(comm.size)))


@pytest.mark.timeout(120)
@pytest.mark.parametrize("shape", [(3, 4), (4, 2), (1, 3)])
def test_debug_mode_accepts_redistribute_and_fft3d_of_any_shape(comm, debug_mode, shape):
    """redistribute (MPI_Alltoallw) hands MPI axis lengths, not per-peer
    message counts: debug mode does not take them for alltoallv's counts.
    Uneven splits and fft3d of a non-cubic grid give NumPy's values."""
    P, r = comm.size, comm.rank
    rows, cols = shape[0] * P, shape[1] * P + 1            # the columns uneven
    full = np.arange(rows * cols, dtype=np.float64).reshape(rows, cols)
    mine = full[r * shape[0]:(r + 1) * shape[0]]
    got = np.asarray(mpicoll.redistribute(jnp.asarray(mine), split_axis=1, concat_axis=0))
    widths = [cols // P + (s < cols % P) for s in range(P)]
    start = sum(widths[:r])
    grid = (2 * P, P + shape[0], shape[1] + 1)              # axis 1 split unevenly
    cube = np.cos(np.arange(np.prod(grid))).reshape(grid) + 0j
    spectrum = np.asarray(mpicoll.fft.fft3d(jnp.asarray(cube[2 * r:2 * r + 2]), comm))
    # COMM_WORLD is a grid of slabs: the spectrum's axis 1 is split
    bounds = np.cumsum([0] + [len(b) for b in np.array_split(np.arange(grid[1]), P)])
    want_spectrum = np.fft.fftn(cube)[:, bounds[r]:bounds[r + 1]]
    close = bool(np.allclose(spectrum, want_spectrum, rtol=1e-10, atol=1e-9))
    assert all(comm.allgather(close)), "fft3d differs from numpy.fft.fftn"
    assert_all_equal({"redistribute": (got, full[:, start:start + widths[r]])}, comm=comm)


def test_a_failed_nonblocking_receive_names_what_it_received(comm):
    """A nonblocking message longer than the receive: the wait's error names
    the operation, peers, tags, and the receive's elements and dtype (not
    the request handle the wait is given)."""
    if comm.size == 1:
        pytest.skip("needs a partner")
    r = comm.rank
    partner = r ^ 1
    missing = []
    if partner < comm.size:       # (the odd one out of 3 ranks looks on)
        message = _raises_on_every_rank(lambda: mpicoll.wait(mpicoll.isendrecv(
            jnp.ones(8, jnp.float32), jnp.ones(4, jnp.float32), partner, partner,
            sendtag=5, recvtag=5, comm=comm)))
        missing = [part for part in (f"failed on rank {r}", f"source {partner}",
                                     f"dest {partner}", "recvtag 5", "4 float32 elements")
                   if message is None or part not in message]
        missing = [f"{m!r} not in {message!r}" for m in missing]
    assert_all_equal({"allreduce afterwards": (mpicoll.allreduce(jnp.ones(2), MPI.SUM),
                                               np.full(2, float(comm.size)))}, comm=comm)
    assert not any(comm.allgather(missing)), comm.allgather(missing)


@pytest.mark.timeout(60)
def test_debug_mode_checks_alltoallv_counts(comm, debug_mode):
    """Send counts that disagree with the peers' receive counts (which MPI
    cannot see before data moves) raise on every rank in debug mode."""
    P, r = comm.size, comm.rank
    send, recv = [1] * P, [1] * P
    if r == 0:
        send = [2] * P                       # everybody else expects 1 row from rank 0
    message = _raises_on_every_rank(
        lambda: mpicoll.alltoallv(jnp.ones((sum(send), 2)), send, recv))
    assert message is not None and "receive counts" in message, message
