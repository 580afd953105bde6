"""A short soak (scripts/soak.py): mixed operations, exact results, flat memory.

The full run (10**5 operations per rank at 4 ranks) is
``./scripts/mpirun.sh 4 scripts/soak.py``; here about 2000 operations per
rank, on every rank count the suite runs. `run` combines the ranks'
verdicts itself (every rank gets every rank's summary).
"""

import importlib.util
import os

from mpi4py import MPI

_spec = importlib.util.spec_from_file_location(
    "soak", os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                         "scripts", "soak.py"))
soak = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(soak)

OPS, LOOP = 2000, 20


def test_short_soak_is_exact_and_memory_flat():
    result = soak.run(ops=OPS, loop=LOOP, verbose=False)
    everyone = result["everyone"]
    assert len(everyone) == MPI.COMM_WORLD.Get_size()
    problems = [f"rank {r['rank']}: {r['n_failures']} wrong results {r['failures']}, "
                f"RSS {r['growth_mib']:+.1f} MiB after the warm-up"
                for r in everyone if r["n_failures"] or not r["rss_ok"]]
    assert not problems, problems
    assert result["ok"]
    assert all(r["ops"] >= OPS for r in everyone)


def test_soak_reports_a_wrong_result_on_every_rank(monkeypatch):
    # The checks are live: a reference off by one in round 1 makes every
    # rank's jitted-loop check of that round fail, and every rank learns it.
    simulate, calls = soak.simulate, []

    def wrong_in_round_1(states, loop, root):
        calls.append(None)
        return simulate(states, loop, root) + (len(calls) == 2)

    monkeypatch.setattr(soak, "simulate", wrong_in_round_1)
    result = soak.run(ops=1, loop=2, verbose=False)
    assert not result["ok"]
    for r in result["everyone"]:
        assert r["n_failures"] == 1, r
        assert r["failures"][0].startswith("round 1 jitted loop"), r["failures"]
