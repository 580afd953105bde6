"""allreduce reuses its input's memory, sendrecv its recvbuf's, and gather
and gatherv off root their input's (their result there), exactly when it is
dead.

The MPI scope marks a top-level allreduce in place when its operand is a
donated argument or an intermediate nothing else reads; the handler then
passes MPI_IN_PLACE. Results must be the same as out of place, and a live
operand must keep its values. alltoall never works in place (MPICH's in-place
alltoall is slower than a fresh result), even when its input is donated; a
donation that XLA could honour only by copying a fresh result into the
argument is withdrawn.
"""

import os
import re

import numpy as np
import jax
import jax.numpy as jnp
import pytest
from mpi4py import MPI

import mpicoll
from conftest import assert_all_equal, done, gather_global, rank_values


def aliased_custom_calls(lowered_text):
    """Number of mpicoll custom calls whose result aliases an operand."""
    calls = re.findall(r"stablehlo\.custom_call @mpicoll_\w+\(.*", lowered_text)
    return sum("output_operand_aliases" in c for c in calls), len(calls)


def _compiled_text(f, *args):
    return f.lower(*args).as_text()


OPS = {
    "allreduce": (lambda x: mpicoll.allreduce(x, MPI.SUM),),
}


def expected(comm, name, x):
    xs = gather_global(comm, x)
    if name == "allreduce":
        return xs.sum(0)
    return xs[:, comm.rank]


@pytest.fixture(autouse=True)
def _default_chunks():
    yield
    mpicoll.set_chunk_bytes(None)


@pytest.mark.parametrize("chunk_bytes", [None, 16])
@pytest.mark.parametrize("name", list(OPS))
def test_donated_input_is_reused(comm, name, chunk_bytes):
    mpicoll.set_chunk_bytes(chunk_bytes)
    op = OPS[name][0]
    x = rank_values(comm, (comm.size, 5), "int64")
    f = jax.jit(op, donate_argnums=0)
    aliased, total = aliased_custom_calls(_compiled_text(f, x))
    out = done(f(jnp.asarray(x)))
    assert (aliased, total) == (1, 1)
    assert_all_equal({name: (out, expected(comm, name, x))})


@pytest.mark.parametrize("name", list(OPS))
def test_dead_intermediate_is_reused(comm, name):
    op = OPS[name][0]
    x = rank_values(comm, (comm.size, 5), "int64")
    f = jax.jit(lambda v: op(v * 2) + 1)
    aliased, total = aliased_custom_calls(_compiled_text(f, x))
    out = done(f(x))
    assert (aliased, total) == (1, 1)
    assert_all_equal({name: (out, expected(comm, name, x * 2) + 1)})


@pytest.mark.parametrize("name", list(OPS))
def test_live_operand_is_not_aliased_and_keeps_its_values(comm, name):
    op = OPS[name][0]
    x = rank_values(comm, (comm.size, 5), "int64")

    def f(v):
        t = v * 3
        return op(t), t, op(v)      # t and v are read again / owned by the caller

    jf = jax.jit(f)
    aliased, total = aliased_custom_calls(_compiled_text(jf, x))
    xj = jnp.asarray(x)
    r1, t, r2 = done(jf(xj))
    assert (aliased, total) == (0, 2)
    assert_all_equal({"first": (r1, expected(comm, name, x * 3)), "t": (t, x * 3),
                      "second": (r2, expected(comm, name, x)), "x": (np.asarray(xj), x)})


def test_ops_inside_loops_stay_out_of_place(comm):
    """Only the top level is marked: loop bodies keep fresh results, and the
    values are right either way."""
    x = rank_values(comm, (comm.size, 3), "int64")

    def f(v):
        return jax.lax.fori_loop(0, 2, lambda i, c: mpicoll.allreduce(c + 1, MPI.SUM), v)

    jf = jax.jit(f, donate_argnums=0)
    aliased, total = aliased_custom_calls(_compiled_text(jf, x))
    out = done(jf(jnp.asarray(x)))
    once = expected(comm, "allreduce", x + 1)
    twice = expected(comm, "allreduce", once + 1)
    assert aliased == 0 and total == 1
    assert_all_equal({"loop": (out, twice)})


@pytest.mark.parametrize("op", [mpicoll.alltoall,
                                lambda v: mpicoll.alltoallv(v, (1,) * v.shape[0],
                                                            (1,) * v.shape[0])],
                         ids=["alltoall", "alltoallv"])
def test_alltoall_never_in_place(comm, op):
    """Donated or dead operands still get a fresh result (and the right one)."""
    x = rank_values(comm, (comm.size, 4), "int64")
    f = jax.jit(lambda v: op(v * 2), donate_argnums=0)
    aliased, total = aliased_custom_calls(_compiled_text(f, x))
    out = done(f(jnp.asarray(x)))
    assert (aliased, total) == (0, 1)
    assert_all_equal({"alltoall": (out, gather_global(comm, x * 2)[:, comm.rank])})


def _module_aliases(f, *args):
    """Whether the compiled module aliases any output to an argument (donation
    honoured), and whether it copies anything."""
    text = f.lower(*args).compile().as_text()
    return "input_output_alias" in text.split("\n", 1)[0], " copy(" in text


def test_donation_withdrawn_where_only_a_copy_could_honour_it(comm):
    """A donated argument whose same-shaped output is an op's fresh result that
    reads the argument itself: XLA could only put the result there by a copy
    (slower than not donating), so mpicoll withdraws the donation. The
    argument stays valid with its values; results are right."""
    x = rank_values(comm, (comm.size, 4), "int64")
    want = gather_global(comm, x)[:, comm.rank]
    a2a = jax.jit(mpicoll.alltoall, donate_argnums=0)
    assert _module_aliases(a2a, x) == (False, False)
    xj = jnp.asarray(x)
    out = done(a2a(xj))
    assert not xj.is_deleted()

    # allreduce cannot take a donated operand that is also read elsewhere
    def reduce_and_keep(v):
        return mpicoll.allreduce(v, MPI.SUM), v * 2

    both = jax.jit(reduce_and_keep, donate_argnums=0)
    assert _module_aliases(both, x) == (False, False)
    total, doubled = done(both(jnp.asarray(x)))
    assert_all_equal({"alltoall": (out, want), "x kept": (np.asarray(xj), x),
                      "allreduce": (total, gather_global(comm, x).sum(0)),
                      "doubled": (doubled, x * 2)})


def test_donation_kept_where_it_costs_no_copy(comm):
    """Donations stay where XLA can use the argument's memory directly: for
    an in-place op's result, or for an output that XLA computes itself."""
    x = rank_values(comm, (comm.size, 4), "int64")
    in_place = jax.jit(lambda v: mpicoll.allreduce(v, MPI.SUM), donate_argnums=0)
    scaled = jax.jit(lambda v: mpicoll.alltoall(v) * 2, donate_argnums=0)
    assert _module_aliases(in_place, x) == (True, False)
    assert _module_aliases(scaled, x)[0]
    xj = jnp.asarray(x)
    total = done(in_place(xj))
    assert xj.is_deleted()
    assert_all_equal({"allreduce": (total, gather_global(comm, x).sum(0)),
                      "scaled": (done(scaled(jnp.asarray(x))),
                                 gather_global(comm, x)[:, comm.rank] * 2)})


def _ring(comm):
    return (comm.rank - 1) % comm.size, (comm.rank + 1) % comm.size


def test_sendrecv_receives_into_dead_recvbuf(comm):
    source, dest = _ring(comm)
    x = rank_values(comm, (6,), "float64")
    f = jax.jit(lambda s: mpicoll.sendrecv(s, jnp.full(s.shape, -1.0), source, dest))
    aliased, total = aliased_custom_calls(_compiled_text(f, x))
    out = done(f(x))
    assert (aliased, total) == (1, 1)
    assert_all_equal({"ring": (out, gather_global(comm, x)[source])})


def test_sendrecv_live_recvbuf_copied_only_where_nothing_arrives(comm):
    """sendrecv(x, x): recvbuf is also sendbuf, so it is live; the result is
    fresh memory, x keeps its values, and with PROC_NULL the result is x."""
    source, dest = _ring(comm)
    x = rank_values(comm, (6,), "float64")

    def f(v):
        return (mpicoll.sendrecv(v, v, source, dest),
                mpicoll.sendrecv(v, v, MPI.PROC_NULL, MPI.PROC_NULL), v)

    jf = jax.jit(f)
    aliased, total = aliased_custom_calls(_compiled_text(jf, x))
    xj = jnp.asarray(x)
    ring, nothing, same = done(jf(xj))
    assert (aliased, total) == (0, 2)
    assert_all_equal({"ring": (ring, gather_global(comm, x)[source]),
                      "proc_null": (nothing, x), "x": (same, x), "input": (np.asarray(xj), x)})


def test_sendrecv_short_message_keeps_recvbuf_tail(comm):
    """A message shorter than recvbuf fills its head; the rest is recvbuf's,
    whether recvbuf's memory is reused (dead) or copied (live)."""
    source, dest = _ring(comm)
    x = rank_values(comm, (3,), "float64")
    r = rank_values(comm, (7,), "float64", seed=40)
    want = np.concatenate([gather_global(comm, x)[source], r[3:]])
    dead = jax.jit(lambda s, b: mpicoll.sendrecv(s, b * 1.0, source, dest))
    live = jax.jit(lambda s, b: (mpicoll.sendrecv(s, b, source, dest), b))
    out_dead = done(dead(x, r))
    out_live, kept = done(live(x, r))
    assert aliased_custom_calls(_compiled_text(dead, x, r))[0] == 1
    assert_all_equal({"dead": (out_dead, want), "live": (out_live, want), "kept": (kept, r)})


# --- gather and gatherv: off root the result is x itself --------------------

GATHERS = {
    "gather": (lambda v, comm: mpicoll.gather(v, 0, comm=comm),
               lambda xs, r: np.stack(xs) if r == 0 else xs[r]),
    "gatherv": (lambda v, comm: mpicoll.gatherv(v, (v.shape[0],) * comm.size, 0, comm=comm),
                lambda xs, r: np.concatenate(xs) if r == 0 else xs[r]),
}


@pytest.mark.parametrize("chunk_bytes", [None, 8], ids=["one_call", "rounds"])
@pytest.mark.parametrize("name", list(GATHERS))
def test_gathers_reuse_a_dead_input_off_root(comm, name, chunk_bytes):
    """Off root a dead x becomes the result instead of being copied into a
    fresh one; root's result is larger and fresh (at one rank, gatherv's
    root result has x's shape and reuses it too). An 8-byte chunk limit
    sends gatherv in rounds of MPI_Alltoallw, which must not get one buffer
    as both send and receive buffer."""
    op, serial = GATHERS[name]
    mpicoll.set_chunk_bytes(chunk_bytes)
    x = rank_values(comm, (3, 2), "int64")
    f = jax.jit(lambda v: op(v * 2, comm) + 1)
    aliased, total = aliased_custom_calls(_compiled_text(f, x))
    out = done(f(x))
    want = serial([v * 2 for v in comm.allgather(x)], comm.rank) + 1
    reused = comm.rank != 0 or (name == "gatherv" and comm.size == 1)
    assert (aliased, total) == (int(reused), 1)
    assert_all_equal({name: (out, want)})


@pytest.mark.parametrize("name", list(GATHERS))
def test_gathers_keep_a_live_input(comm, name):
    op, serial = GATHERS[name]
    x = rank_values(comm, (3, 2), "int64")

    def f(v):
        t = v * 3
        return op(t, comm), t, op(v, comm)     # t is returned, v is the caller's

    jf = jax.jit(f)
    aliased, total = aliased_custom_calls(_compiled_text(jf, x))
    xj = jnp.asarray(x)
    first, t, second = done(jf(xj))
    xs = comm.allgather(x)
    assert aliased == 0 and total == 2
    assert_all_equal({"first": (first, serial([v * 3 for v in xs], comm.rank)),
                      "t": (t, x * 3), "second": (second, serial(xs, comm.rank)),
                      "x": (np.asarray(xj), x)})


@pytest.mark.parametrize("chunk_bytes", [None, 8], ids=["one_call", "rounds"])
@pytest.mark.parametrize("on", ["world", "self"])
def test_gatherv_in_place_on_root_when_the_others_send_nothing(comm, on, chunk_bytes):
    """Every other count 0 (or one rank, COMM_SELF): root's result has x's
    shape, so a dead x is reused there too (root's own rows are already in
    place: it sends and receives nothing, and MPI gets no buffer twice)."""
    comm = comm if on == "world" else MPI.COMM_SELF
    mpicoll.set_chunk_bytes(chunk_bytes)
    counts = (3,) + (0,) * (comm.size - 1)
    x = rank_values(comm, (counts[comm.rank], 2), "int64")
    f = jax.jit(lambda v: mpicoll.gatherv(v * 2, counts, 0, comm=comm) + 1)
    aliased, total = aliased_custom_calls(_compiled_text(f, x))
    out = done(f(x))
    if comm.rank == 0:
        assert (aliased, total) == (1, 1)
    assert_all_equal({"gatherv": (out, x * 2 + 1)})


# --- fresh results of 4 MiB and more are advised huge pages -----------------

THP = "/sys/kernel/mm/transparent_hugepage/enabled"


def _vm_flags(address):
    """The VmFlags of the mapping of this process that holds `address`."""
    inside = False
    with open("/proc/self/smaps") as f:
        for line in f:
            fields = line.split()
            if "-" in fields[0] and len(fields) >= 5 and ":" not in fields[0]:
                low, high = (int(v, 16) for v in fields[0].split("-"))
                inside = low <= address < high
            elif inside and fields[0] == "VmFlags:":
                return fields[1:]
    raise AssertionError(f"no mapping holds {address:#x}")


@pytest.mark.skipif(not os.path.exists(THP), reason="this kernel has no transparent huge pages")
def test_large_fresh_results_are_advised_huge_pages(comm):
    """A fresh result of at least 4 MiB (an MPI op's, a local FFT's) gets
    MADV_HUGEPAGE on its whole 2 MiB blocks before it is written (VmFlags
    'hg'), so the kernel can back it with huge pages (one page fault per
    2 MiB instead of 512); values are unchanged."""
    from mpicoll._src import local_fft
    x = rank_values(comm, (2 << 20,), "float32")               # 8 MiB
    y = jax.block_until_ready(jax.jit(lambda v: mpicoll.allreduce(v, MPI.SUM))(x))
    z = jax.block_until_ready(jax.jit(lambda v: local_fft.fftn(v, (-1,)))(
        jnp.ones((4, 1 << 18), jnp.complex64)))                  # 8 MiB
    aligned = {name: (a.unsafe_buffer_pointer() + (2 << 20) - 1) & ~((2 << 20) - 1)
               for name, a in (("allreduce", y), ("local_fft", z))}
    flags = {name: _vm_flags(address) for name, address in aligned.items()}
    assert all("hg" in f for f in flags.values()), flags
    assert_all_equal({"allreduce": (y, gather_global(comm, x).sum(0))})
    np.testing.assert_array_equal(np.asarray(z)[:, 0], np.full(4, 1 << 18, np.complex64))
