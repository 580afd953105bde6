"""Ranks with different chunk limits, or different reduction-blocks settings,
are told so on every rank, not left to split messages differently or make
different MPI calls (corrupted data or a hang).

The ranks compare their limits when mpicoll first uses a communicator (next
to the collective MPI_Comm_dup of its private duplicate; COMM_WORLD's is made
at import); see `config.check_same_settings`. `set_chunk_bytes` itself does not
communicate, so these tests use new communicators.
Each test makes every rank take the same steps, so a missing comparison
shows as a failed `pytest.raises` (or as a hang, ended by the timeout).
"""

import re

import jax
import jax.numpy as jnp
import numpy as np
import pytest
from mpi4py import MPI

import mpicoll
from conftest import assert_all_equal

ENV = "MPICOLL_CHUNK_BYTES"
DEFAULT = 2**31 - 1
WORLD = MPI.COMM_WORLD

pytestmark = [
    pytest.mark.skipif(WORLD.Get_size() < 2, reason="needs ranks to disagree: 2 or more"),
    pytest.mark.timeout(120),
]


BLOCKS_ENV = "MPICOLL_REDUCTION_BLOCKS"


@pytest.fixture(autouse=True)
def clean_limit(monkeypatch):
    for name in (ENV, BLOCKS_ENV):
        monkeypatch.delenv(name, raising=False)
    mpicoll.set_chunk_bytes(None)
    mpicoll.set_reduction_blocks(None)
    yield
    for name in (ENV, BLOCKS_ENV):
        monkeypatch.delenv(name, raising=False)
    mpicoll.set_chunk_bytes(None)
    mpicoll.set_reduction_blocks(None)


def each_rank(message, size):
    """The "rank r: limit" pairs named in the error, as {rank: text}."""
    return dict((int(r), v) for r, v in re.findall(r"rank (\d+): (\w+)", message)
                if int(r) < size)


@pytest.mark.parametrize("jit", [False, True], ids=["eager", "jit"])
def test_different_settings_caught_at_first_use(jit):
    rank, size = WORLD.Get_rank(), WORLD.Get_size()
    mpicoll.set_chunk_bytes(1000 + rank)        # does not communicate
    comm = WORLD.Dup()
    try:
        call = lambda v: mpicoll.allgather(v, comm=comm)
        if jit:
            call = jax.jit(call)
        with pytest.raises(ValueError, match="different chunk limits") as info:
            call(jnp.arange(3))
        assert each_rank(str(info.value), size) == {r: str(1000 + r) for r in range(size)}
        # the same limit everywhere: the next first use succeeds; 24 bytes
        # per message splits each rank's 10 int64 into 4 messages
        mpicoll.set_chunk_bytes(24)
        x = np.arange(10, dtype=np.int64) + 100 * rank
        out = call(x)
        np.testing.assert_array_equal(
            np.asarray(out), np.arange(10)[None, :] + 100 * np.arange(size)[:, None])
    finally:
        comm.Free()


@pytest.mark.parametrize("name, invalid, valid, what", [
    ("MPICOLL_CHUNK_BYTES", "lots", "4096", "chunk limits"),
    ("MPICOLL_REDUCTION_BLOCKS", "maybe", "1", "reduction-blocks settings")])
def test_an_invalid_setting_on_one_rank(monkeypatch, name, invalid, valid, what):
    rank, size = WORLD.Get_rank(), WORLD.Get_size()
    bad = size - 1
    monkeypatch.setenv(name, invalid if rank == bad else valid)
    comm = WORLD.Dup()
    try:
        with pytest.raises(ValueError, match=f"different {what}.*rank {bad}: invalid"):
            mpicoll.private_comm(comm)
    finally:
        comm.Free()


def test_equal_settings_pass(monkeypatch):
    monkeypatch.setenv(ENV, "4096")
    mpicoll.set_chunk_bytes(24)
    comm = WORLD.Dup()
    try:
        out = mpicoll.allreduce(np.arange(10, dtype=np.int64), MPI.SUM, comm=comm)
        np.testing.assert_array_equal(np.asarray(out), np.arange(10) * comm.Get_size())
    finally:
        comm.Free()


@pytest.mark.parametrize("jit", [False, True], ids=["eager", "jit"])
def test_first_use_of_a_communicator_compares_limits(monkeypatch, jit):
    # Limits from the environment, changed after COMM_WORLD was checked:
    # caught when mpicoll first uses a new communicator.
    rank, size = WORLD.Get_rank(), WORLD.Get_size()
    comm = WORLD.Dup()
    try:
        monkeypatch.setenv(ENV, str(8 * (rank + 1)))
        call = lambda v: mpicoll.allreduce(v, MPI.SUM, comm=comm)
        if jit:
            call = jax.jit(call)
        with pytest.raises(ValueError, match="first used the communicator") as info:
            call(jnp.arange(4))
        assert each_rank(str(info.value), size) == {r: str(8 * (r + 1)) for r in range(size)}
        # the same limit everywhere: the next first use succeeds, chunked
        monkeypatch.setenv(ENV, "8")
        out = call(jnp.arange(4, dtype=jnp.int64) * (rank + 1))
        np.testing.assert_array_equal(np.asarray(out),
                                      np.arange(4) * size * (size + 1) // 2)
    finally:
        comm.Free()


def test_private_comm_compares_limits(monkeypatch):
    rank, size = WORLD.Get_rank(), WORLD.Get_size()
    comm = WORLD.Split(0, size - 1 - rank)     # reversed ranks
    try:
        monkeypatch.setenv(ENV, "16" if rank else "32")
        with pytest.raises(ValueError, match="different chunk limits") as info:
            mpicoll.private_comm(comm)
        # ranks of the new communicator: world rank 0 is its last rank
        assert each_rank(str(info.value), size) == {
            r: "32" if r == size - 1 else "16" for r in range(size)}
    finally:
        comm.Free()


@pytest.mark.parametrize("jit", [False, True], ids=["eager", "jit"])
def test_different_reduction_blocks_caught_at_first_use(jit):
    # one rank would reduce-scatter and allgather where the others call
    # MPI_Allreduce: raised on every rank before any data moves
    rank, size = WORLD.Get_rank(), WORLD.Get_size()
    mpicoll.set_reduction_blocks(rank == 0)         # does not communicate
    comm = WORLD.Dup()
    try:
        call = lambda v: mpicoll.allreduce(v, MPI.SUM, comm=comm)
        if jit:
            call = jax.jit(call)
        with pytest.raises(ValueError, match="different reduction-blocks settings") as info:
            call(jnp.arange(3))
        assert each_rank(str(info.value), size) == {
            r: "blocks" if r == 0 else "one" for r in range(size)}
        # the same setting everywhere: the next first use succeeds (the
        # message above is the same on every rank; this verdict is combined)
        mpicoll.set_reduction_blocks(False)
        out = call(jnp.arange(3) * (rank + 1))
        assert_all_equal({"sum": (out, np.arange(3) * size * (size + 1) // 2)}, comm=WORLD)
    finally:
        comm.Free()
