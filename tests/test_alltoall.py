"""alltoall against NumPy on the gathered inputs: rank s gets ``global[:, s]``.

As in test_allreduce.py, cases that share a test body run in one jitted
function (one compilation) and every case that differs is named.
"""

import numpy as np
import jax
import jax.numpy as jnp
import pytest

import mpicoll
from conftest import assert_all_equal, gather_global, rank_values

JIT = pytest.mark.parametrize("jit", [False, True], ids=["eager", "jit"])

DTYPES = ["bool", "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
          "float16", "bfloat16", "float32", "float64", "complex64", "complex128"]
EAGER_DTYPES = ["bool", "bfloat16", "float32", "int64", "complex128"]   # itemsizes 1..16


def expected_blocks(comm, stacked):
    """What this rank receives, given every rank's (P, ...) input stacked."""
    return stacked[:, comm.rank]


def alltoall_all(xs, jit, **kwargs):
    f = lambda *vs: [mpicoll.alltoall(v, **kwargs) for v in vs]
    return (jax.jit(f) if jit else f)(*xs)


@JIT
def test_dtypes(comm, jit):
    dtypes = DTYPES if jit else EAGER_DTYPES
    xs = [rank_values(comm, (comm.size, 3), d) for d in dtypes]
    outs = alltoall_all(xs, jit)
    expected = [expected_blocks(comm, gather_global(comm, x)) for x in xs]
    assert_all_equal({d: (o, e) for d, o, e in zip(dtypes, outs, expected)})


TRAILING = [(), (0,), (1,), (2, 3), (3, 0, 2), (2, 1, 2, 2)]


@JIT
def test_trailing_shapes(comm, jit):
    xs = [rank_values(comm, (comm.size, *t), "int32", seed=5) for t in TRAILING]
    outs = alltoall_all(xs, jit)
    expected = [expected_blocks(comm, gather_global(comm, x)) for x in xs]
    assert_all_equal({str(t): (o, e) for t, o, e in zip(TRAILING, outs, expected)})


# Views whose result has the peer axis first; under jit XLA may give the
# operand a non-default layout; eagerly they are non-contiguous NumPy views.
# name: (shape of the local input, given P; the view)
VIEWS = {
    "T": (lambda p: (3, p), lambda a: a.T),
    "transpose201": (lambda p: (2, 3, p), lambda a: a.transpose(2, 0, 1)),
    "reversed_strided": (lambda p: (p, 6), lambda a: a[::-1, ::2]),
}


@JIT
def test_layouts(comm, jit):
    xs = [rank_values(comm, shape(comm.size), "float64", seed=i)
          for i, (shape, _) in enumerate(VIEWS.values())]
    views = [g for _, g in VIEWS.values()]
    y = rank_values(comm, (comm.size, 3), "float64", seed=9)

    def f(xs, y):
        outs = [mpicoll.alltoall(g(x)) for g, x in zip(views, xs)]
        return outs + ([mpicoll.alltoall(y).T] if jit else [])   # transposed result

    outs = (jax.jit(f) if jit else f)(xs, y)
    expected = [expected_blocks(comm, np.stack([g(xr) for xr in gather_global(comm, x)]))
                for g, x in zip(views, xs)]
    expected.append(expected_blocks(comm, gather_global(comm, y)).T)
    names = list(VIEWS) + ["T_out"]
    assert len(outs) == len(views) + jit
    assert_all_equal(dict(zip(names, zip(outs, expected))))
