"""examples/particle_mesh.py, small: the N-rank run equals the 1-rank run.

The example compares, particles matched by id, its final positions and the
gradient of a loss of them (with respect to the initial displacements)
with the same run on one rank, and the gradient with a finite difference
of the loss. Float64; positions and gradients differ from the one-rank run
only by rounding: the FFTs and the deposits add the same terms in another
order on more ranks (a few ulps of the box size after a few steps), so the
tolerances are 1e-10 (positions in cells, relative gradient). The finite
difference (central, the example's step 1e-7) is good to about 1e-8. The
figures are judged by the example's own `--check` limits (`judged`), which
must also catch a planted error: the gradient scaled by 1 + 1e-4.
"""

import importlib.util
import pathlib

import pytest
from mpi4py import MPI

PATH = pathlib.Path(__file__).resolve().parent.parent / "examples" / "particle_mesh.py"

pytestmark = pytest.mark.timeout(600)


def _example():
    """The example as a module (it puts examples/ on sys.path, for _checks)."""
    spec = importlib.util.spec_from_file_location("particle_mesh_example", PATH)
    pm = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(pm)
    return pm


def _compare(pm, plant=0.0):
    world = MPI.COMM_WORLD
    comm = world.Create_cart([world.size], periods=[True])
    try:
        return pm.compare_with_one_rank(n=16, m=4, steps=2, comm=comm, plant=plant)
    finally:
        comm.Free()


@pytest.mark.skipif(MPI.COMM_WORLD.size > 3,
                    reason="runs at 1, 2 and 3 ranks (3: left and right neighbours differ)")
def test_n_ranks_equal_one_rank_values_and_gradient():
    pm = _example()
    result = _compare(pm)
    assert result["same particles"], result
    assert result["count"] == 4 ** 3, result          # no particle lost or duplicated
    assert result["position"] <= 1e-10, result
    assert result["gradient"] <= 1e-10, result
    assert result["finite difference"] <= 1e-6, result
    from _checks import passes
    failed = [name for name, value, limit in pm.judged(result, 4) if not passes(value, limit)]
    assert not failed, (failed, result)


@pytest.mark.skipif(MPI.COMM_WORLD.size > 2, reason="runs at 1 and 2 ranks")
def test_check_catches_a_planted_gradient_error():
    pm = _example()
    result = _compare(pm, plant=1e-4)
    from _checks import passes
    verdicts = {name: passes(value, limit) for name, value, limit in pm.judged(result, 4)}
    finite_difference = [name for name in verdicts if name.startswith("finite difference")]
    assert finite_difference and not verdicts[finite_difference[0]], (verdicts, result)
    assert verdicts["same particles as on one rank"], verdicts     # the values are right
