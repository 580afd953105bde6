"""The local FFT primitive inside fft3d (mpicoll._src.local_fft), on one process:
complex transforms along any axes, real ones along one axis.

References are numpy.fft (values) and jnp.fft (derivatives, vmap), never the
code under test. The primitive does no communication, so every rank checks
the same things on its own; the harness combines the verdicts.
"""

import numpy as np
import jax
import jax.numpy as jnp
import pytest
from jax.test_util import check_grads
from mpi4py import MPI

import mpicoll
from mpicoll._src import local_fft

AXES = [(0,), (1,), (2,), (1, 2), (0, 2), (0, 1, 2), (-1,), (0, 3)]

# Tests without an MPI call check the same thing on every rank: the 1-rank
# run covers them.
no_mpi = pytest.mark.skipif(MPI.COMM_WORLD.Get_size() > 1,
                            reason="no MPI call: the 1-rank run checks it")


def _complex(shape, dtype, seed=0):
    rng = np.random.default_rng(seed)
    return (rng.standard_normal(shape) + 1j * rng.standard_normal(shape)).astype(dtype)


def _numpy_transform(x, kind, axes, forward, norm, n):
    """The primitive's definition, from NumPy's complex transforms: r2c is
    the first n//2+1 points along the last axis of the complex transform in
    its direction (forward=False: the inverse's exponent and scaling, which
    c2r's transpose binds); c2r is NumPy's irfftn."""
    if kind == "c2r":
        return np.fft.irfftn(x, s=[x.shape[a] for a in axes[:-1]] + [n], axes=axes, norm=norm)
    full = (np.fft.fftn if forward else np.fft.ifftn)(x, axes=axes, norm=norm)
    if kind == "c2c":
        return full
    index = [slice(None)] * x.ndim
    index[axes[-1]] = slice(0, x.shape[axes[-1]] // 2 + 1)
    return full[tuple(index)]


def _aliased_ffts(compiled):
    """The local FFT calls of a compiled program that XLA made in place
    (their result aliased to their operand). The tests then run that same
    compiled program, so what they check is what ran."""
    return [line for line in compiled.as_text().splitlines()
            if "mpicoll_local_fft" in line and "output_to_operand_aliasing" in line]


@no_mpi
@pytest.mark.parametrize("kind, forward", [("c2c", True), ("c2c", False), ("r2c", True),
                                           ("r2c", False), ("c2r", False)])
@pytest.mark.parametrize("norm", local_fft.NORMS)
@pytest.mark.parametrize("lowering", ["cpu handler", "jnp.fft (other platforms)"])
def test_every_binding_matches_numpy_on_both_lowerings(kind, forward, norm, lowering):
    """Every (kind, direction, norm) the primitive is bound with, the
    transposes' included, by the CPU's handler and by the jnp.fft lowering
    that GPUs run (called directly here, so the CPU suite checks it)."""
    axes, n = (0, 2), 6
    if kind == "r2c":
        x = np.random.default_rng(3).standard_normal((4, 3, 6))
    elif kind == "c2r":
        x = _complex((4, 3, n // 2 + 1), np.complex128, seed=3)
    else:
        x = _complex((4, 3, 6), np.complex128, seed=3)
    params = dict(kind=kind, axes=axes, forward=forward, norm=norm,
                  n=n if kind == "c2r" else None)
    if lowering == "cpu handler":
        got = jax.jit(lambda a: local_fft.local_fft_p.bind(a, **params))(jnp.asarray(x))
    else:
        got = jax.jit(lambda a: local_fft._jnp_fft(a, **params))(jnp.asarray(x))
    want = _numpy_transform(x, kind, axes, forward, norm, n)
    assert got.shape == want.shape
    np.testing.assert_allclose(np.asarray(got), want, rtol=1e-12, atol=1e-12)


@no_mpi
@pytest.mark.parametrize("dtype", [np.complex64, np.complex128])
@pytest.mark.parametrize("axes", AXES, ids=str)
@pytest.mark.parametrize("inverse", [False, True])
@pytest.mark.parametrize("norm", local_fft.NORMS)
def test_values_match_numpy(dtype, axes, inverse, norm):
    x = _complex((4, 6, 5, 3), dtype)
    ref = (np.fft.ifftn if inverse else np.fft.fftn)(x.astype(np.complex128), axes=axes,
                                                     norm=norm)
    tol = 2e-5 if dtype == np.complex64 else 1e-12
    for mode, fn in (("eager", lambda a: local_fft.fftn(a, axes, inverse=inverse, norm=norm)),
                     ("jit", jax.jit(lambda a: local_fft.fftn(a, axes, inverse=inverse,
                                                              norm=norm)))):
        got = fn(jnp.asarray(x))
        assert got.dtype == dtype and got.shape == x.shape, mode
        np.testing.assert_allclose(np.asarray(got), ref, rtol=tol, atol=tol * 10, err_msg=mode)


@no_mpi
@pytest.mark.parametrize("axes", [(0,), (1, 2), (0, 2)], ids=str)
@pytest.mark.parametrize("inverse", [False, True])
@pytest.mark.parametrize("norm", local_fft.NORMS)
def test_derivatives_match_jnp_fft(axes, inverse, norm):
    x = jnp.asarray(_complex((4, 6, 5), np.complex128, seed=1))
    t = jnp.asarray(_complex((4, 6, 5), np.complex128, seed=2))
    w = jnp.asarray(np.random.default_rng(3).standard_normal((4, 6, 5)))
    ours = lambda a: local_fft.fftn(a, axes, inverse=inverse, norm=norm)           # noqa: E731
    serial = lambda a: (jnp.fft.ifftn if inverse else jnp.fft.fftn)(a, axes=axes,  # noqa: E731
                                                                    norm=norm)

    def loss(f):
        return lambda a: jnp.sum(jnp.abs(f(a)) ** 2 * w) + jnp.sum(jnp.real(f(a) * w))

    np.testing.assert_allclose(jax.grad(loss(ours))(x), jax.grad(loss(serial))(x),
                               rtol=1e-10, atol=1e-10)
    np.testing.assert_allclose(jax.jvp(ours, (x,), (t,))[1], jax.jvp(serial, (x,), (t,))[1],
                               rtol=1e-10, atol=1e-10)
    check_grads(ours, (x,), order=2, modes=("fwd", "rev"))


@no_mpi
@pytest.mark.parametrize("kind, axes", [
    ("c2c", (1, 2)), ("c2c", (0, 1, 2)), ("c2c", (1, 3)), ("c2c", (0, 2, 3)),
    ("r2c", (1, 2)), ("r2c", (0, 1, 2)), ("r2c", (0, 3, 2)), ("r2c", (2, 3, 0))], ids=str)
@pytest.mark.parametrize("inverse", [False, True])
@pytest.mark.parametrize("norm", local_fft.NORMS)
def test_transforms_slice_by_slice_of_the_leading_axis_match_numpy(kind, axes, inverse, norm):
    """Arrays whose leading-axis slices are big (here 0.6-1.3 MiB): the
    handler transforms the other axes one slice at a time, then the leading
    axis if it is one of `axes` (r2c halving axis 0 goes whole). Values
    equal NumPy's for fresh and in-place results."""
    shape = (5, 40, 8, 256)
    x = np.random.default_rng(4).standard_normal(shape) if kind == "r2c" else \
        _complex(shape, np.complex128, seed=4)
    ref = _numpy_transform(x, kind, axes, not inverse, norm, None)
    f = lambda a: local_fft.local_fft_p.bind(a, kind=kind, axes=axes,  # noqa: E731
                                             forward=not inverse, norm=norm, n=None)
    fresh = jax.jit(f)(jnp.asarray(x))
    np.testing.assert_allclose(np.asarray(fresh), ref, rtol=1e-10, atol=1e-9)
    if kind == "c2c":         # the operand is dead: transformed in its own memory
        dead = jax.jit(lambda a: f(a * 2.0)).lower(jnp.asarray(x)).compile()
        assert len(_aliased_ffts(dead)) == 1
        np.testing.assert_allclose(np.asarray(dead(jnp.asarray(x))), 2.0 * ref, rtol=1e-10,
                                   atol=1e-9)


@no_mpi
@pytest.mark.parametrize("dtype", [np.float32, np.float64])
@pytest.mark.parametrize("n", [6, 7])
@pytest.mark.parametrize("axes", [(0,), (1,), (-1,), (0, 2), (2, 0), (0, 1, 2)], ids=str)
@pytest.mark.parametrize("norm", local_fft.NORMS)
def test_real_transforms_match_numpy(dtype, n, axes, norm):
    """rfftn, and irfftn of input that is not Hermitian (numpy transforms the
    complex axes first and ignores the imaginary parts of the zero and
    Nyquist frequencies of the last; so must we); the complex operand of
    irfftn is left as it was. The last of `axes` is the halved one."""
    shape = [3, 5, 4]
    shape[axes[-1]] = n
    x = np.random.default_rng(8).standard_normal(shape).astype(dtype)
    cdt = np.complex64 if dtype == np.float32 else np.complex128
    tol = 2e-5 if dtype == np.float32 else 1e-12
    got = jax.jit(lambda a: local_fft.rfftn(a, axes, norm=norm))(x)
    assert got.dtype == cdt
    np.testing.assert_allclose(np.asarray(got), np.fft.rfftn(x.astype(np.float64), axes=axes,
                                                             norm=norm), rtol=tol, atol=tol * 10)
    hshape = list(shape)
    hshape[axes[-1]] = n // 2 + 1
    y = _complex(hshape, cdt, seed=9)
    before = y.copy()
    y_dev = jnp.asarray(y)
    back = jax.jit(lambda a: local_fft.irfftn(a, n, axes, norm=norm))(y_dev)
    assert back.dtype == dtype and back.shape == tuple(shape)
    sizes = [shape[a] for a in axes]
    np.testing.assert_allclose(np.asarray(back), np.fft.irfftn(y.astype(np.complex128), s=sizes,
                                                               axes=axes, norm=norm),
                               rtol=tol, atol=tol * 10)
    np.testing.assert_array_equal(np.asarray(y_dev), before)


@no_mpi
@pytest.mark.parametrize("n", [6, 7])
@pytest.mark.parametrize("axes", [(1,), (0, 1)], ids=str)
@pytest.mark.parametrize("norm", local_fft.NORMS)
def test_real_transform_derivatives_match_jnp_fft(n, axes, norm):
    rng = np.random.default_rng(10)
    x = jnp.asarray(rng.standard_normal((4, n)))
    y = jnp.asarray(_complex((4, n // 2 + 1), np.complex128, seed=11))
    w = jnp.asarray(rng.standard_normal((4, n // 2 + 1)))
    v = jnp.asarray(rng.standard_normal((4, n)))
    s = [4, n][-len(axes):]
    pairs = [(lambda a: local_fft.rfftn(a, axes, norm=norm),
              lambda a: jnp.fft.rfftn(a, axes=axes, norm=norm), x,
              lambda f: lambda a: jnp.sum(jnp.abs(f(a)) ** 2 * w)),
             (lambda a: local_fft.irfftn(a, n, axes, norm=norm),
              lambda a: jnp.fft.irfftn(a, s=s, axes=axes, norm=norm), y,
              lambda f: lambda a: jnp.sum(f(a) ** 2 * v) + jnp.sum(f(a) * v))]
    for ours, serial, arg, loss in pairs:
        np.testing.assert_allclose(jax.grad(loss(ours))(arg), jax.grad(loss(serial))(arg),
                                   rtol=1e-10, atol=1e-10)
        np.testing.assert_allclose(jax.jvp(ours, (arg,), (arg * 0.5 + 1,))[1],
                                   jax.jvp(serial, (arg,), (arg * 0.5 + 1,))[1],
                                   rtol=1e-10, atol=1e-10)
        check_grads(ours, (arg,), order=2, modes=("fwd", "rev"))


@no_mpi
def test_transpose_is_the_adjoint_pairing():
    """<F x, y> = <x, F^T y> with JAX's bilinear (unconjugated) pairing."""
    x = jnp.asarray(_complex((5, 4, 3), np.complex128, seed=4))
    y = jnp.asarray(_complex((5, 4, 3), np.complex128, seed=5))
    f = lambda a: local_fft.fftn(a, (0, 2), norm="ortho")    # noqa: E731
    transpose = jax.linear_transpose(f, x)
    lhs = jnp.sum(f(x) * y)
    rhs = jnp.sum(x * transpose(y)[0])
    np.testing.assert_allclose(lhs, rhs, rtol=1e-12)


@no_mpi
@pytest.mark.parametrize("batch_axis", [0, 1, 3])
def test_vmap_equals_loop(batch_axis):
    x = _complex((3, 4, 5, 2), np.complex128, seed=6)
    f = lambda a: local_fft.fftn(a, (0, 2), inverse=True)     # noqa: E731
    got = jax.vmap(f, in_axes=batch_axis, out_axes=batch_axis)(x)
    ref = np.stack([np.fft.ifftn(np.take(x, i, axis=batch_axis), axes=(0, 2))
                    for i in range(x.shape[batch_axis])], axis=batch_axis)
    np.testing.assert_allclose(np.asarray(got), ref, rtol=1e-12, atol=1e-12)


def test_in_place_where_the_operand_is_dead():
    """Next to an MPI operation (the MPI scope marks dead operands), a
    transform of a temporary reuses its memory; one of a live argument does not,
    and the argument keeps its value."""
    x = jnp.asarray(_complex((4, 8), np.complex128, seed=7))

    def program(a):
        b = mpicoll.allreduce(a, MPI.SUM) * 2          # a temporary, dead after the FFT
        return local_fft.fftn(b, (1,)), local_fft.fftn(a, (0,))

    compiled = jax.jit(program).lower(x).compile()
    before = np.asarray(x).copy()
    got_dead, got_live = compiled(x)   # every rank makes the allreduce before asserting
    aliased = _aliased_ffts(compiled)
    assert len(aliased) == 1, aliased
    size = MPI.COMM_WORLD.Get_size()
    np.testing.assert_allclose(np.asarray(got_dead), np.fft.fft(before * 2 * size, axis=1),
                               rtol=1e-12, atol=1e-12)
    np.testing.assert_allclose(np.asarray(got_live), np.fft.fft(before, axis=0), rtol=1e-12,
                               atol=1e-12)
    np.testing.assert_array_equal(np.asarray(x), before)


@no_mpi
def test_in_place_without_mpi_operations():
    """The marking is not tied to MPI: a computation of local FFTs alone (fft3d
    on one rank) also transforms its temporaries in place, and a donated
    argument too."""
    x = jnp.asarray(_complex((4, 8), np.complex128, seed=12))
    before = np.asarray(x).copy()
    round_trip = jax.jit(lambda a: local_fft.fftn(local_fft.fftn(a, (0, 1)), (0, 1),
                                                  inverse=True), donate_argnums=0)
    compiled = round_trip.lower(x).compile()
    aliased = _aliased_ffts(compiled)
    assert len(aliased) == 2, aliased
    np.testing.assert_allclose(np.asarray(compiled(x)), before, rtol=1e-12, atol=1e-12)


@no_mpi
def test_empty_arrays_and_wrong_dtypes():
    empty = jnp.zeros((0, 4), jnp.complex64)
    assert jax.jit(lambda a: local_fft.fftn(a, (1,)))(empty).shape == (0, 4)
    assert jax.jit(lambda a: local_fft.rfftn(a, (1,)))(jnp.zeros((0, 4))).shape == (0, 3)
    with pytest.raises(TypeError, match="complex"):
        local_fft.fftn(jnp.ones((2, 2), jnp.float32), (0,))
    with pytest.raises(TypeError, match="real"):
        local_fft.rfftn(jnp.ones((2, 2), jnp.complex64), (0,))
    with pytest.raises(ValueError, match="n = 9"):
        local_fft.irfftn(jnp.ones((2, 4), jnp.complex64), 9, (1,))
