"""allreduce against NumPy reductions of the gathered inputs.

Compiling a jitted function costs about as much for one allreduce as for a
dozen, so the op x dtype matrix jits one function per (op, dtype family) and
names every dtype that differs. Eager calls compile one primitive each; they
cover one dtype per (op, family), rotating through the family.
"""

import numpy as np
import jax
import jax.numpy as jnp
import pytest
from mpi4py import MPI

import mpicoll
from conftest import assert_all_equal, gather_global

REDUCE = {
    "SUM": lambda xs: xs.sum(0), "PROD": lambda xs: xs.prod(0),
    "MIN": lambda xs: xs.min(0), "MAX": lambda xs: xs.max(0),
    "LAND": lambda xs: np.logical_and.reduce(xs, 0), "LOR": lambda xs: np.logical_or.reduce(xs, 0),
    "LXOR": lambda xs: np.logical_xor.reduce(xs, 0), "BAND": lambda xs: np.bitwise_and.reduce(xs, 0),
    "BOR": lambda xs: np.bitwise_or.reduce(xs, 0), "BXOR": lambda xs: np.bitwise_xor.reduce(xs, 0),
}
OPS = list(REDUCE)

FAMILIES = {
    "bool": ["bool"],
    "signed": ["int8", "int16", "int32", "int64"],
    "unsigned": ["uint8", "uint16", "uint32", "uint64"],
    "half": ["float16", "bfloat16"],      # reduced with mpicoll's own MPI ops
    "float": ["float32", "float64"],
    "complex": ["complex64", "complex128"],
}
# The families each predefined op is defined for in MPI (MPI 4.1, section 6.9.2).
ARITHMETIC_CASES = ([(op, f) for op in ("SUM", "PROD") for f in
                     ("signed", "unsigned", "half", "float", "complex")]
                    + [(op, f) for op in ("MIN", "MAX") for f in
                       ("signed", "unsigned", "half", "float")])
LOGICAL_CASES = ([(op, f) for op in ("LAND", "LOR", "LXOR") for f in ("bool", "signed", "unsigned")]
                 + [(op, f) for op in ("BAND", "BOR", "BXOR") for f in ("signed", "unsigned")])

JIT = pytest.mark.parametrize("jit", [False, True], ids=["eager", "jit"])

def local_input(comm, shape, dtype, seed=0):
    """Rank-dependent data, exactly representable so every reduction order agrees.

    Signed and floating values include negatives (floats also halves and a
    quarter); sums and products over up to 4 ranks, and every partial result,
    stay exact in every dtype, bfloat16 (8 significant bits) and int8 included.
    """
    rng = np.random.default_rng(seed + comm.rank)
    dtype = jnp.dtype(dtype)
    if dtype == np.bool_:
        return rng.integers(0, 2, shape).astype(bool)
    if jnp.issubdtype(dtype, jnp.complexfloating):
        return (rng.integers(-3, 4, shape) + 1j * rng.integers(-3, 4, shape)).astype(dtype)
    if jnp.issubdtype(dtype, jnp.floating):
        return rng.choice([-1.5, -0.5, 0.0, 0.25, 1.0, 2.0, 3.0], shape).astype(dtype)
    if jnp.issubdtype(dtype, jnp.signedinteger):
        return rng.integers(-3, 4, shape).astype(dtype)
    return rng.integers(0, 4, shape).astype(dtype)


def bit_pattern_input(comm, shape, dtype, seed=0):
    """Full-range random bits, about half the elements zero, so that LAND and
    LOR give both outcomes and nonzero values other than 1 take part."""
    rng = np.random.default_rng(seed + 100 + comm.rank)
    dtype = np.dtype(dtype)
    if dtype == np.bool_:
        return rng.integers(0, 2, shape).astype(bool)
    info = np.iinfo(dtype)
    x = rng.integers(info.min, info.max, shape, dtype=dtype, endpoint=True)
    return np.where(rng.random(shape) < 0.5, dtype.type(0), x).astype(dtype)


def wide(dtype):
    """A NumPy dtype that holds every value of `dtype` exactly."""
    dtype = jnp.dtype(dtype)
    if jnp.issubdtype(dtype, jnp.complexfloating):
        return np.dtype(np.complex128)
    if jnp.issubdtype(dtype, jnp.floating):
        return np.dtype(np.float64)
    return dtype


def reference(op, xs, dtype):
    """NumPy's reduction over ranks in the wide dtype, rounded once to `dtype`."""
    return np.asarray(REDUCE[op](xs.astype(wide(dtype)))).astype(dtype)


def allreduce_all(xs, op, jit, **kwargs):
    """allreduce of every array in `xs` (one jitted function for all, or eagerly)."""
    f = lambda *vs: [mpicoll.allreduce(v, op, **kwargs) for v in vs]
    return (jax.jit(f) if jit else f)(*xs)


def check_op(comm, op, family, jit, make_input, shape):
    dtypes = FAMILIES[family]
    if not jit:
        dtypes = [dtypes[OPS.index(op) % len(dtypes)]]
    xs = [make_input(comm, shape, d) for d in dtypes]
    outs = allreduce_all(xs, getattr(MPI, op), jit)
    expected = [reference(op, gather_global(comm, x), d) for x, d in zip(xs, dtypes)]
    assert_all_equal({d: (o, e) for d, o, e in zip(dtypes, outs, expected)})


@JIT
@pytest.mark.parametrize("op,family", ARITHMETIC_CASES)
def test_arithmetic_ops(comm, op, family, jit):
    check_op(comm, op, family, jit, local_input, (3, 5))


@JIT
@pytest.mark.parametrize("op,family", LOGICAL_CASES)
def test_logical_and_bitwise_ops(comm, op, family, jit):
    # Logical ops on integers give 0/1 in the input dtype (reference's astype).
    check_op(comm, op, family, jit, bit_pattern_input, (4, 16))


@pytest.mark.parametrize("op", ["LAND", "LOR", "LXOR"])
def test_logical_ops_on_ints_on_size_1_comm(op):
    # A single-rank MPI_Allreduce copies its input; mpicoll still gives 0/1.
    x = np.array([3, 0, -2], np.int32)
    out = mpicoll.allreduce(x, getattr(MPI, op), comm=MPI.COMM_SELF)
    np.testing.assert_array_equal(np.asarray(out), REDUCE[op](x[None]).astype(np.int32))


SHAPES = [(), (0,), (3, 0), (7,), (2, 3, 4), (2, 1, 3, 2)]


@JIT
def test_shapes(comm, jit):
    xs = [local_input(comm, shape, "float64", seed=7) for shape in SHAPES]
    outs = allreduce_all(xs, MPI.SUM, jit)
    expected = [gather_global(comm, x).sum(0) for x in xs]
    assert_all_equal({str(s): (o, e) for s, o, e in zip(SHAPES, outs, expected)})


def test_python_scalar_input(comm):
    out = mpicoll.allreduce(comm.rank + 1, MPI.PROD)
    expected = gather_global(comm, comm.rank + 1).prod(0)
    assert out.shape == ()
    assert jnp.issubdtype(out.dtype, jnp.integer)
    assert int(out) == expected


# Views that make the operand or the result of allreduce transposed or
# strided; under jit XLA may give such values a non-default layout. They work
# on NumPy and JAX arrays alike, on inputs of shape (3, 4, 5).
VIEWS = {
    "T": lambda a: a.T,
    "transpose201": lambda a: a.transpose(2, 0, 1),
    "strided": lambda a: a[::2, 1:, ::-2],
    "T_strided": lambda a: a.T[1:, ::2],
}


@JIT
def test_layouts(comm, jit):
    # Eagerly only the operand matters: a non-contiguous NumPy view.
    x = local_input(comm, (3, 4, 5), "int32", seed=11)
    views = list(VIEWS.values())

    def f(a):
        return ([mpicoll.allreduce(g(a), MPI.SUM) for g in views]
                + ([g(mpicoll.allreduce(a, MPI.SUM)) for g in views] if jit else []))

    outs = (jax.jit(f) if jit else f)(x)
    xs = gather_global(comm, x)
    expected = ([np.sum([g(xr) for xr in xs], axis=0).astype(np.int32) for g in views]
                + [g(xs.sum(0).astype(np.int32)) for g in views])
    names = [f"{v}-in" for v in VIEWS] + [f"{v}-out" for v in VIEWS]
    assert len(outs) == (8 if jit else 4)
    assert_all_equal(dict(zip(names, zip(outs, expected))))
