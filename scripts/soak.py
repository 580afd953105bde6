"""Soak test: many mixed MPI operations, every result exact, memory flat.

Usage: ./scripts/mpirun.sh 4 scripts/soak.py [--ops 100000] [--loop 100]
                                             [--rss-limit-mib 32]

Each round runs, on every rank,

* one jitted call of a `lax.fori_loop` of `--loop` iterations, each doing
  allreduce, alltoall, sendrecv (ring), bcast, allgather, reduce_scatter and
  scan (7 operations) and folding their results into the next state; the
  final state is compared with a NumPy simulation of every rank's state;
* eager alltoallv (uneven counts), send/recv (pairs), bcast, allgather,
  exscan, reduce, gather and scatter (8 operations), each compared with the
  values NumPy computes from what every rank is known to hold.

All data are integers (int64 mod 2**31 - 1), so every comparison is bitwise.
A wrong result does not stop the rank (the others would be left waiting): it
is counted, and the verdicts are combined at the end. Resident memory
(VmRSS) is sampled after the warm-up (the first tenth of the rounds, at
least max(2, ranks): every compilation happens there) and at the end.

Rank 0 prints operations per rank, time, operations per second, every rank's
RSS after the warm-up and at the end, and the verdict. Exit status: 0 when
every result on every rank was exact and no rank's RSS grew by more than
--rss-limit-mib after the warm-up; 1 otherwise. `run()` is what
tests/test_soak.py calls.
"""

import argparse
import gc
import sys
import time

import jax
import jax.numpy as jnp
import numpy as np
from mpi4py import MPI

import mpicoll

P = 2**31 - 1          # values stay in [0, P): sums of a few dozen fit int64
M = 4                  # columns; the state has one row per rank
LOOP_OPS = 7           # MPI operations per fori_loop iteration
EAGER_OPS = 8          # eager MPI operations per round


def rss_kib():
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    raise RuntimeError("no VmRSS in /proc/self/status")


def initial_states(size, seed):
    """Every rank's starting state, shape (size, size, M): [rank, row, col]."""
    r = np.arange(size)[:, None, None]
    k = np.arange(size * M).reshape(1, size, M)
    return (r * 1000003 + k * 7919 + seed * 104729) % P


def simulate(states, loop, root):
    """What the jitted loop leaves on every rank, computed with NumPy."""
    x = states.copy()
    for i in range(loop):
        total = x.sum(0)
        a = np.broadcast_to(total, x.shape)              # allreduce SUM
        t = x.transpose(1, 0, 2)                         # alltoall
        g = np.roll(x, 1, axis=0)                        # ring: from rank - 1
        b = np.broadcast_to(x[root], x.shape)            # bcast
        ag = np.broadcast_to(x[:, 0, :], x.shape)        # allgather of row 0
        rs = total[:, None, :]                           # reduce_scatter: row r
        sc = np.cumsum(x, axis=0)                        # scan SUM
        x = (x + a + 3 * t + 5 * g + 7 * b + 11 * rs + 13 * sc + 17 * ag + i) % P
    return x


def make_loop(comm, loop):
    rank, size = comm.Get_rank(), comm.Get_size()
    left, right, root = (rank - 1) % size, (rank + 1) % size, size - 1

    def body(i, x):
        a = mpicoll.allreduce(x, MPI.SUM, comm=comm)
        t = mpicoll.alltoall(x, comm=comm)
        g = mpicoll.sendrecv(x, x, source=left, dest=right, comm=comm)
        b = mpicoll.bcast(x, root, comm=comm)
        ag = mpicoll.allgather(x[0], comm=comm)
        rs = mpicoll.reduce_scatter(x, MPI.SUM, comm=comm)
        sc = mpicoll.scan(x, MPI.SUM, comm=comm)
        return (x + a + 3 * t + 5 * g + 7 * b + 11 * rs[None, :] + 13 * sc + 17 * ag
                + i.astype(x.dtype)) % P

    return jax.jit(lambda x: jax.lax.fori_loop(0, loop, body, x)), root


def eager_round(comm, n, failures):
    """The eager operations of round n, each checked; appends to failures."""
    rank, size = comm.Get_rank(), comm.Get_size()
    base = n * 10**7
    # Roots and tags take `size` values, each a compilation of its own (the
    # eager cache), all made during the warm-up.
    root = n % size

    def check(name, got, expected):
        got = np.asarray(got)
        if got.shape != expected.shape or got.dtype != expected.dtype or \
                got.tobytes() != np.ascontiguousarray(expected).tobytes():
            failures.append(f"round {n} {name}: got {got!r}, expected {expected!r}")

    # alltoallv: s sends (s + d) % 3 + 1 rows to d, row j = s*1e5 + d*1e3 + j
    def rows(src, dst):
        return np.arange((src + dst) % 3 + 1, dtype=np.int64) + src * 10**5 + dst * 10**3 + base
    counts = [(rank + d) % 3 + 1 for d in range(size)]
    x = np.concatenate([rows(rank, d) for d in range(size)])
    check("alltoallv", mpicoll.alltoallv(jnp.asarray(x), counts, counts, comm=comm),
          np.concatenate([rows(s, rank) for s in range(size)]))

    # send/recv between pairs (0, 1), (2, 3), ...; an odd last rank sits out
    value = lambda r: np.arange(5, dtype=np.int64) * 31 + r + base
    if rank % 2 == 0 and rank + 1 < size:
        mpicoll.send(jnp.asarray(value(rank)), rank + 1, tag=root, comm=comm)
    elif rank % 2 == 1:
        check("recv", mpicoll.recv(jnp.zeros(5, jnp.int64), rank - 1, tag=root, comm=comm),
              value(rank - 1))

    mine = np.arange(3, dtype=np.int64) + rank * 100 + base
    every = np.stack([np.arange(3, dtype=np.int64) + r * 100 + base for r in range(size)])
    check("bcast", mpicoll.bcast(jnp.asarray(mine), root, comm=comm), every[root])
    check("allgather", mpicoll.allgather(jnp.asarray(mine), comm=comm), every)
    check("exscan", mpicoll.exscan(jnp.asarray(mine), MPI.SUM, comm=comm),
          every[:rank].sum(0) if rank else np.zeros(3, np.int64))
    check("reduce", mpicoll.reduce(jnp.asarray(mine), MPI.MAX, root, comm=comm),
          every.max(0) if rank == root else mine)
    check("gather", mpicoll.gather(jnp.asarray(mine), root, comm=comm),
          every if rank == root else mine)
    blocks = np.arange(size * 2, dtype=np.int64).reshape(size, 2) + base
    check("scatter", mpicoll.scatter(jnp.asarray(blocks if rank == root else blocks[0]),
                                     root, comm=comm), blocks[rank])


def run(ops=100_000, loop=100, rss_limit_mib=32.0, comm=None, verbose=True):
    """Run about `ops` operations per rank; returns this rank's summary
    dict (ops, seconds, rss_warm_kib, rss_end_kib, failures) after combining
    every rank's verdict into `ok` (the same on all ranks)."""
    comm = MPI.COMM_WORLD if comm is None else comm
    rank, size = comm.Get_rank(), comm.Get_size()
    per_round = LOOP_OPS * loop + EAGER_OPS
    warm_rounds = max(2, size)   # every root and tag has been compiled
    rounds = max(2 * warm_rounds, -(-ops // per_round))
    warm_rounds = max(warm_rounds, rounds // 10)
    step, root = make_loop(comm, loop)
    failures = []
    rss_warm = None
    start = time.perf_counter()
    for n in range(rounds):
        if n == warm_rounds:
            gc.collect()
            rss_warm = rss_kib()
            warm_time = time.perf_counter()
        states = initial_states(size, n)
        out = np.asarray(step(jnp.asarray(states[rank])))
        expected = simulate(states, loop, root)[rank]
        if out.tobytes() != expected.tobytes() or out.shape != expected.shape:
            failures.append(f"round {n} jitted loop: got {out!r}, expected {expected!r}")
        eager_round(comm, n, failures)
    end = time.perf_counter()
    gc.collect()
    rss_end = rss_kib()
    done_ops = rounds * per_round
    growth_mib = (rss_end - rss_warm) / 1024
    mine = dict(rank=rank, ops=done_ops, seconds=end - start,
                steady_ops_per_s=(rounds - warm_rounds) * per_round / (end - warm_time),
                rss_warm_kib=rss_warm, rss_end_kib=rss_end, growth_mib=growth_mib,
                failures=failures[:5], n_failures=len(failures),
                rss_ok=growth_mib <= rss_limit_mib)
    everyone = comm.allgather(mine)
    ok = all(r["n_failures"] == 0 and r["rss_ok"] for r in everyone)
    if verbose and rank == 0:
        print(f"soak: {size} ranks, {done_ops} operations per rank ({rounds} rounds of a "
              f"{loop}-iteration jitted loop x {LOOP_OPS} ops + {EAGER_OPS} eager ops), "
              f"{mine['seconds']:.1f} s, {done_ops / mine['seconds']:.0f} ops/s per rank "
              f"({mine['steady_ops_per_s']:.0f} after warm-up)")
        for r in everyone:
            print(f"  rank {r['rank']}: RSS {r['rss_warm_kib'] / 1024:.1f} MiB after warm-up "
                  f"({warm_rounds} rounds), {r['rss_end_kib'] / 1024:.1f} MiB at the end "
                  f"({r['growth_mib']:+.1f} MiB; limit {rss_limit_mib:g}), "
                  f"{r['n_failures']} wrong results")
            for f in r["failures"]:
                print(f"    {f}")
        print("soak: PASS" if ok else "soak: FAIL", flush=True)
    mine["ok"] = ok
    mine["everyone"] = everyone
    return mine


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ops", type=int, default=100_000, help="operations per rank")
    parser.add_argument("--loop", type=int, default=100, help="fori_loop iterations per call")
    parser.add_argument("--rss-limit-mib", type=float, default=32.0,
                        help="largest allowed RSS growth after the warm-up")
    args = parser.parse_args()
    jax.config.update("jax_enable_x64", True)
    result = run(args.ops, args.loop, args.rss_limit_mib)
    sys.exit(0 if result["ok"] else 1)


if __name__ == "__main__":
    main()
