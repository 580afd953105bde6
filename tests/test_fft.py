"""mpicoll.fft: distributed 3-D FFTs against numpy.fft on the gathered array.

Every rank builds the same global arrays (same seed), takes its block with
`local_slices`, and compares its part of the distributed result with its part
of numpy's result on the global array. Grids: slabs on a 1-D grid of all
ranks, pencils on P x 1, 1 x P and (at 4 ranks) 2 x 2. Runs at 1 to 4 ranks.
"""

import numpy as np
import jax
import jax.numpy as jnp
import pytest
from mpi4py import MPI

import mpicoll
from mpicoll import fft
from conftest import collective_check_grads

WORLD = MPI.COMM_WORLD
P = WORLD.Get_size()

# check_grads' numerical differentiation does not depend on the rank count:
# it runs at up to 3 ranks; at 4 (oversubscribed, the slowest run) the
# gradients are checked against serial JAX only.
CHECK_GRADS_UP_TO_3_RANKS = pytest.mark.skipif(
    MPI.COMM_WORLD.Get_size() > 3, reason="check_grads: checked at fewer ranks")



def _grid_dims():
    dims = [(P,), (P, 1), (1, P)]
    if P == 4:
        dims.append((2, 2))
    return dims


_CARTS = {}


def cart(dims):
    """A Cartcomm per grid shape, made once (collectively, at import order)."""
    if dims not in _CARTS:
        _CARTS[dims] = WORLD.Create_cart(list(dims))
    return _CARTS[dims]


for _dims in _grid_dims():
    cart(_dims)

GRIDS = _grid_dims()


def edge_shape(dims):
    """A shape with axis 0 exactly as long as grid dimension 0 (and axis 1 at
    least as long as every grid dimension): the smallest legal blocks."""
    p0, p1 = dims[0], (dims[1] if len(dims) == 2 else 1)
    return (p0, max(p0, p1), max(2 * p1, 3))


SHAPES = [(8, 8, 8), (8, 12, 16), (9, 10, 11), (12, 20, 7), "edge"]
TOL = {np.complex64: 1e-5, np.complex128: 1e-12}


def resolve(shape, dims):
    return edge_shape(dims) if shape == "edge" else shape


def global_complex(shape, dtype, seed):
    rng = np.random.default_rng(seed)
    return (rng.normal(size=shape) + 1j * rng.normal(size=shape)).astype(dtype)


def rel_err(got, want):
    got, want = np.asarray(got), np.asarray(want)
    scale = max(np.abs(want).max(), 1e-300)
    return np.abs(got - want).max() / scale


def assemble(comm, shape, slices, local):
    """The global array from every rank's (slices, block)."""
    out = None
    for sl, block in comm.allgather((slices, np.asarray(local))):
        if out is None:
            out = np.zeros(shape, block.dtype)
        out[sl] = block
    return out


# ------------------------------------------------------------ forward/inverse

@pytest.mark.parametrize("shape", SHAPES, ids=str)
@pytest.mark.parametrize("dims", GRIDS, ids=str)
def test_transforms_match_numpy(dims, shape):
    """All four transforms and both round trips, in single and double
    precision (one compiled function for all of them)."""
    comm = cart(dims)
    shape = resolve(shape, dims)
    n2r = shape[2] // 2 + 1
    real_sl = fft.local_slices(shape, comm)
    four_sl = fft.local_slices(shape, comm, space="fourier")
    rfour_sl = fft.local_slices(shape, comm, space="fourier", real=True)

    def transforms(a, b, c, d):
        fa = mpicoll.fft3d(a, comm)
        rc = mpicoll.rfft3d(c, comm)
        return dict(fft=fa, ifft=mpicoll.ifft3d(b, comm), rfft=rc,
                    irfft=mpicoll.irfft3d(d, shape[2], comm),
                    fft_round=mpicoll.ifft3d(fa, comm),
                    rfft_round=mpicoll.irfft3d(rc, shape[2], comm))

    inputs, wants = {}, {}
    for dtype, real_dtype in [(np.complex64, np.float32), (np.complex128, np.float64)]:
        g = global_complex(shape, dtype, 1)                   # real-space data
        h = global_complex(shape, dtype, 2)                   # Fourier-space data
        r = g.real.astype(real_dtype)
        hr = global_complex(shape[:2] + (n2r,), dtype, 3)     # not Hermitian
        key = np.dtype(dtype).name
        inputs[key] = (g[real_sl], h[four_sl], r[real_sl], hr[rfour_sl])
        wants[key] = dict(
            fft=(np.fft.fftn(g)[four_sl], dtype), ifft=(np.fft.ifftn(h)[real_sl], dtype),
            rfft=(np.fft.rfftn(r)[rfour_sl], dtype),
            irfft=(np.fft.irfftn(hr, s=shape, axes=(0, 1, 2))[real_sl], real_dtype),
            fft_round=(g[real_sl], dtype), rfft_round=(r[real_sl], real_dtype))
    out = jax.jit(lambda ins: {k: transforms(*v) for k, v in ins.items()})(inputs)
    failures = []
    for key, want in wants.items():
        tol = TOL[np.dtype(key).type]
        for name, (expected, dtype) in want.items():
            got = out[key][name]
            if got.dtype != dtype or got.shape != expected.shape:
                failures.append(f"{key} {name}: got {got.dtype}{got.shape}, expected "
                                f"{np.dtype(dtype)}{expected.shape}")
            elif rel_err(got, expected) > tol:
                failures.append(f"{key} {name}: relative error {rel_err(got, expected):.2e}")
    assert not failures, failures


@pytest.mark.parametrize("norm", ["backward", "ortho", "forward"])
def test_norm_matches_numpy(norm):
    comm = cart(GRIDS[-1])
    shape = (6, 5, 7)
    g = global_complex(shape, np.complex128, 4)
    sl = fft.local_slices(shape, comm)

    @jax.jit
    def run(a):
        y = mpicoll.fft3d(a, comm, norm=norm)
        r = mpicoll.irfft3d(mpicoll.rfft3d(a.real, comm, norm=norm), 7, comm, norm=norm)
        return y, r

    y, r = run(g[sl])
    want = np.fft.fftn(g, norm=norm)[fft.local_slices(shape, comm, space="fourier")]
    assert rel_err(y, want) < 1e-12
    assert rel_err(r, g.real[sl]) < 1e-12


@pytest.mark.parametrize("dtype", ["float16", "bfloat16", "int32", "int64", "bool"])
def test_transforms_promote_integers_and_half_floats_as_jnp_fft(dtype):
    """rfft3d and fft3d of integers, bools and 16-bit floats: computed in
    the dtype jnp.fft computes integers in (float64 for 64-bit integers,
    else float32), 16-bit floats (which jnp.fft.rfftn refuses) in float32,
    with jnp.fft's values."""
    comm = cart(GRIDS[-1])
    shape = (6, 5, 4)
    g = np.round(8 * global_complex(shape, np.complex128, 6).real)      # exact in each dtype
    if dtype == "bool":
        g = g > 0
    block = jnp.asarray(g[fft.local_slices(shape, comm)]).astype(dtype)
    serial = jnp.asarray(g).astype(dtype)
    if jnp.issubdtype(serial.dtype, jnp.floating):
        serial = serial.astype(jnp.float32)
    for transform, reference, fourier in ((mpicoll.rfft3d, jnp.fft.rfftn, (6, 5, 3)),
                                          (mpicoll.fft3d, jnp.fft.fftn, shape)):
        y = transform(block, comm)
        want = reference(serial)
        assert y.dtype == want.dtype, (transform, y.dtype, want.dtype)
        tolerance = 1e-6 if want.dtype == np.complex64 else 1e-12
        assert rel_err(y, np.asarray(want)[fft.local_slices(fourier, comm, space="fourier")]) \
            < tolerance


def test_default_comm_is_world_slabs():
    shape = (max(P, 5), 6, 4)
    g = global_complex(shape, np.complex128, 5)
    y = mpicoll.fft3d(g[fft.local_slices(shape)])
    assert rel_err(y, np.fft.fftn(g)[fft.local_slices(shape, space="fourier")]) < 1e-12


@pytest.mark.parametrize("dims", GRIDS, ids=str)
def test_leading_batch_axes_and_vmap(dims):
    comm = cart(dims)
    shape = (5, 6, 7)
    g = global_complex((2, 3) + shape, np.complex128, 6)
    sl = (slice(None), slice(None)) + fft.local_slices(shape, comm)
    fsl = (slice(None), slice(None)) + fft.local_slices(shape, comm, space="fourier")
    want = np.fft.fftn(g, axes=(-3, -2, -1))[fsl]
    batched = jax.jit(lambda v: mpicoll.fft3d(v, comm))(g[sl])
    mapped = jax.jit(jax.vmap(jax.vmap(lambda v: mpicoll.fft3d(v, comm))))(g[sl])
    # vmap over an axis that is not leading: batch axis moved to position 3
    moved = jax.jit(jax.vmap(lambda v: mpicoll.fft3d(v, comm), in_axes=3, out_axes=0))(
        np.moveaxis(g[sl][0], 0, 3))
    assert rel_err(batched, want) < 1e-12
    assert rel_err(mapped, want) < 1e-12
    assert rel_err(moved, want[0]) < 1e-12


@pytest.mark.parametrize("dims", GRIDS, ids=str)
def test_zero_length_batch_axis(dims):
    """A batch axis of length 0 gives what the serial empty batch gives (an
    empty result of the layout's shape and dtype, as a batch of one shows,
    and an empty gradient), eager and jitted, as vmap over it does (it was
    refused as an empty block)."""
    comm = cart(dims)
    shape = (5, 6, 7)

    def local(space, real=False):
        return tuple(s.stop - s.start for s in
                     fft.local_slices(shape, comm, space=space, real=real))
    cases = {"fft3d": (mpicoll.fft3d, local("real"), np.complex128),
             "rfft3d": (mpicoll.rfft3d, local("real"), np.float64),
             "ifft3d": (mpicoll.ifft3d, local("fourier"), np.complex128),
             "irfft3d": (lambda v, c: mpicoll.irfft3d(v, shape[2], c),
                         local("fourier", real=True), np.complex128)}
    failures = []
    for name, (fn, block, dtype) in cases.items():
        one = np.asarray(fn(np.ones((1,) + block, dtype), comm))
        x = np.zeros((2, 0) + block, dtype)
        for jit in (False, True):
            got = (jax.jit(lambda v: fn(v, comm)) if jit else lambda v: fn(v, comm))(x)
            if got.shape != (2, 0) + one.shape[1:] or got.dtype != one.dtype:
                failures.append(f"{name} jit={jit}: {got.shape} {got.dtype}, want "
                                f"{(2, 0) + one.shape[1:]} {one.dtype}")
        grad = jax.grad(lambda v: jnp.sum(jnp.abs(fn(v, comm)) ** 2))(x)
        if grad.shape != x.shape or grad.dtype != x.dtype:
            failures.append(f"{name} grad: {grad.shape} {grad.dtype}")
    every = WORLD.allgather(failures)
    assert not any(every), every


# ------------------------------------------------------------------ helpers

@pytest.mark.parametrize("dims", GRIDS, ids=str)
def test_local_slices_tile_global_index_space(dims):
    comm = cart(dims)
    shape = (9, 10, 11)
    for space, real in [("real", False), ("fourier", False), ("fourier", True)]:
        sl = fft.local_slices(shape, comm, space=space, real=real)
        full = shape if space == "real" or not real else shape[:2] + (shape[2] // 2 + 1,)
        counts = np.zeros(full, int)
        for other in comm.allgather(sl):
            counts[other] += 1
        assert (counts == 1).all(), (space, real)


@pytest.mark.parametrize("dims", GRIDS, ids=str)
def test_fftfreq_matches_numpy_on_gathered_grid(dims):
    comm = cart(dims)
    shape = (9, 10, 11)
    d = (0.5, 1.0, 2.0)
    for real in (False, True):
        k = fft.fftfreq(shape, comm, d=d, real=real)
        sl = fft.local_slices(shape, comm, space="fourier", real=real)
        full = shape[:2] + ((shape[2] // 2 + 1,) if real else (shape[2],))
        block = tuple(s.stop - s.start for s in sl)
        grids = [assemble(comm, full, sl, np.broadcast_to(ki, block)) for ki in k]
        last = np.fft.rfftfreq(shape[2], d[2]) if real else np.fft.fftfreq(shape[2], d[2])
        want = np.meshgrid(np.fft.fftfreq(shape[0], d[0]), np.fft.fftfreq(shape[1], d[1]),
                           last, indexing="ij")
        for axis in range(3):
            np.testing.assert_array_equal(grids[axis], want[axis])


def test_spectral_derivative_with_fftfreq():
    """d/dx0 of sin(2 pi m x0 / L) computed with fftfreq and fft3d is exact."""
    comm = cart(GRIDS[-1])
    shape, L, m = (16, 6, 5), 3.0, 3
    dx = L / shape[0]
    x0 = np.arange(shape[0]) * dx
    u = np.broadcast_to(np.sin(2 * np.pi * m * x0 / L)[:, None, None], shape)
    k0, _, _ = fft.fftfreq(shape, comm, d=(dx, 1.0, 1.0), real=True)
    sl = fft.local_slices(shape, comm)
    du = jax.jit(lambda v: mpicoll.irfft3d(2j * np.pi * k0 * mpicoll.rfft3d(v, comm), 5, comm))(
        u[sl])
    want = (2 * np.pi * m / L) * np.cos(2 * np.pi * m * x0 / L)[:, None, None]
    np.testing.assert_allclose(np.asarray(du), np.broadcast_to(want, shape)[sl], atol=1e-11)


# ---------------------------------------------------------------- gradients

GRAD_SHAPE = (5, 6, 7)

TRANSFORMS = {
    # name -> (distributed f(block, comm), serial f(global), input space, output space, real in, real out)
    "fft3d": (lambda v, c: mpicoll.fft3d(v, c), jnp.fft.fftn, "real", "fourier", False, False),
    "ifft3d": (lambda v, c: mpicoll.ifft3d(v, c), jnp.fft.ifftn, "fourier", "real", False, False),
    "rfft3d": (lambda v, c: mpicoll.rfft3d(v, c), jnp.fft.rfftn, "real", "fourier", True, False),
    "irfft3d": (lambda v, c: mpicoll.irfft3d(v, GRAD_SHAPE[2], c),
                lambda v: jnp.fft.irfftn(v, s=GRAD_SHAPE, axes=(0, 1, 2)), "fourier", "real", False, True),
}


def _spaces(name):
    _, _, space_in, space_out, _, real_out = TRANSFORMS[name]
    rfft_like = name.startswith("r") or name.startswith("ir")
    shape_in = GRAD_SHAPE if space_in == "real" else GRAD_SHAPE[:2] + (
        (GRAD_SHAPE[2] // 2 + 1,) if rfft_like else (GRAD_SHAPE[2],))
    shape_out = GRAD_SHAPE if space_out == "real" else GRAD_SHAPE[:2] + (
        (GRAD_SHAPE[2] // 2 + 1,) if rfft_like else (GRAD_SHAPE[2],))
    return space_in, shape_in, space_out, shape_out, rfft_like


def _input(name, seed):
    real_in = TRANSFORMS[name][4]
    _, shape_in, _, _, _ = _spaces(name)
    g = global_complex(shape_in, np.complex128, seed)
    return g.real if real_in else g


@pytest.mark.parametrize("name", list(TRANSFORMS))
@pytest.mark.parametrize("dims", GRIDS, ids=str)
def test_grad_of_rank_dependent_loss_matches_serial(dims, name):
    comm = cart(dims)
    dist, serial, *_ = TRANSFORMS[name]
    space_in, shape_in, space_out, shape_out, rlike = _spaces(name)
    sl_in = fft.local_slices(GRAD_SHAPE, comm, space=space_in, real=rlike)
    sl_out = fft.local_slices(GRAD_SHAPE, comm, space=space_out, real=rlike)
    g = _input(name, 7)
    W = 1.0 + np.random.default_rng(8).uniform(size=shape_out)   # weights differ by rank block
    w = W[sl_out] * (1 + comm.rank)
    Wfull = assemble(comm, shape_out, sl_out, w)

    def loss(v):
        y = dist(v, comm)
        return jnp.sum(w * jnp.abs(y) ** 2) + jnp.sum(jnp.sin(w * jnp.real(y)))

    def serial_loss(v):
        y = serial(v)
        return jnp.sum(Wfull * jnp.abs(y) ** 2) + jnp.sum(jnp.sin(Wfull * jnp.real(y)))

    grad = jax.jit(jax.grad(loss))(g[sl_in])
    want = jax.grad(serial_loss)(g)[sl_in]
    assert rel_err(grad, want) < 1e-12


@pytest.mark.parametrize("name", list(TRANSFORMS))
@pytest.mark.parametrize("dims", GRIDS, ids=str)
def test_dot_product(dims, name):
    """<A x, y> = <x, A^T y> with the pairing Re(sum(a * b)), summed over ranks,
    and A^T y equals the serial transpose on the gathered cotangent."""
    comm = cart(dims)
    dist, serial, *_ = TRANSFORMS[name]
    space_in, shape_in, space_out, shape_out, rlike = _spaces(name)
    sl_in = fft.local_slices(GRAD_SHAPE, comm, space=space_in, real=rlike)
    sl_out = fft.local_slices(GRAD_SHAPE, comm, space=space_out, real=rlike)
    x = _input(name, 9)
    y = global_complex(shape_out, np.complex128, 10)
    y = y.real if TRANSFORMS[name][5] else y
    A = lambda v: dist(v, comm)                                  # noqa: E731
    Ax = jax.jit(A)(x[sl_in])
    (At_y,) = jax.jit(jax.linear_transpose(A, x[sl_in]))(y[sl_out])
    lhs = comm.allreduce(float(np.real(np.sum(np.asarray(Ax) * y[sl_out]))))
    rhs = comm.allreduce(float(np.real(np.sum(x[sl_in] * np.asarray(At_y)))))
    (ref,) = jax.linear_transpose(serial, x)(y)
    np.testing.assert_allclose(lhs, rhs, rtol=1e-12)
    assert rel_err(At_y, np.asarray(ref)[sl_in]) < 1e-12


@CHECK_GRADS_UP_TO_3_RANKS
@pytest.mark.parametrize("name", ["fft3d", "rfft3d", "irfft3d"])
def test_check_grads_both_modes(name, monkeypatch):
    """check_grads on a rank-symmetric program (docs/design.md §5): every
    rank takes the same global input, transforms its block, and the blocks
    are summed into the global result on every rank. The same function of the
    same input on every rank, so reverse mode's local inner products are the
    global ones."""
    comm = cart(GRIDS[-1])
    dist, *_ = TRANSFORMS[name]
    space_in, shape_in, space_out, shape_out, rlike = _spaces(name)
    sl_in = fft.local_slices(GRAD_SHAPE, comm, space=space_in, real=rlike)
    sl_out = fft.local_slices(GRAD_SHAPE, comm, space=space_out, real=rlike)
    x = _input(name, 11)

    @jax.jit
    def f(v):
        shared = mpicoll.allreduce(v, MPI.SUM, comm=comm) / comm.size
        y = dist(shared[sl_in], comm)
        return mpicoll.allreduce(jnp.zeros(shape_out, y.dtype).at[sl_out].set(y), MPI.SUM,
                                 comm=comm)

    collective_check_grads(monkeypatch, comm, f, (x,), order=2, modes=("fwd", "rev"))


def test_grad_under_scan_and_jit():
    """Gradient through several fft3d/ifft3d rounds in lax.scan equals serial."""
    comm = cart(GRIDS[-1])
    shape = (6, 5, 4)
    sl = fft.local_slices(shape, comm)
    g = global_complex(shape, np.complex128, 12)

    def step(ops, c):
        fwd, inv = ops
        return inv(fwd(c) * 0.5j) + jnp.sin(c.real)

    def program(ops, v, rank_scale):
        out, _ = jax.lax.scan(lambda c, _: (step(ops, c), None), v, None, length=3)
        return jnp.sum(rank_scale * jnp.abs(out) ** 2)

    scale = np.zeros(shape)
    scale[sl] = 1.0 + comm.rank
    scale_full = assemble(comm, shape, sl, scale[sl])
    dist_ops = (lambda c: mpicoll.fft3d(c, comm), lambda c: mpicoll.ifft3d(c, comm))
    grad = jax.jit(jax.grad(lambda v: program(dist_ops, v, scale[sl])))(g[sl])
    want = jax.grad(lambda v: program((jnp.fft.fftn, jnp.fft.ifftn), v, scale_full))(g)[sl]
    assert rel_err(grad, want) < 1e-12


# ------------------------------------------------------------------- errors

def test_three_dimensional_cartcomm_rejected():
    comm3 = WORLD.Create_cart([P, 1, 1])
    try:
        with pytest.raises(ValueError, match="3 dimensions"):
            mpicoll.fft3d(np.zeros((1, 2, 2), np.complex64), comm3)
    finally:
        comm3.Free()


def test_block_not_matching_position_raises_on_every_rank():
    if P == 1:
        pytest.skip("a block always matches its own global shape on one rank")
    comm = cart((P,))
    # 2P + 1 rows in all, but the extra row sits on the last rank, where
    # np.array_split would give it to rank 0
    rows = 3 if comm.rank == P - 1 else 2
    with pytest.raises(ValueError, match="np.array_split block"):
        mpicoll.fft3d(np.zeros((rows, 4, 4), np.complex64), comm)


def test_mismatched_trailing_axis_raises_on_every_rank():
    comm = cart((P,))
    block = np.zeros((2, 4, 4 + (comm.rank == 0 and P > 1)), np.complex64)
    if P == 1:
        pytest.skip("needs two ranks to disagree")
    with pytest.raises(ValueError, match="np.array_split block"):
        mpicoll.fft3d(block, comm)


@pytest.mark.parametrize("which", ["dtype", "real dtype", "norm", "ndim", "n"])
def test_arguments_differing_between_ranks_raise_on_every_rank(which):
    """What decides the messages (the dtype, the number of axes, norm,
    irfft3d's n) must be the same on every rank: one rank's difference is
    a ValueError on every rank, where it was a wrong answer on one rank and
    an MPI error on the other (dtype), an IndexError (ndim) or a hang (n)."""
    if P == 1:
        pytest.skip("one rank cannot disagree with itself")
    comm = cart((P,))
    odd = comm.rank == 0
    shape = (2 * P, 4, 4)
    sl = fft.local_slices(shape, comm)
    block = np.ones(tuple(s.stop - s.start for s in sl), np.complex128)
    transform, kwargs = mpicoll.fft3d, {}
    if which == "dtype":
        block = block.astype(np.complex64 if odd else np.complex128)
    elif which == "real dtype":
        transform, block = mpicoll.rfft3d, block.real.astype(np.float32 if odd else np.float64)
    elif which == "norm":
        kwargs = dict(norm="ortho" if odd else "backward")
    elif which == "ndim":
        block = block[None] if odd else block
    else:       # both n valid for M2 = 3 (N2 = 4 or 5), but different
        fourier = fft.local_slices(shape, comm, space="fourier", real=True)
        block = np.ones(tuple(s.stop - s.start for s in fourier), np.complex128)
        transform, kwargs = mpicoll.irfft3d, dict(n=4 if odd else 5)
    name = "ndim" if which == "ndim" else which.split()[-1]
    with pytest.raises(ValueError, match=f"{name} differs between ranks"):
        jax.jit(lambda v: transform(v, comm=comm, **kwargs))(block)
    assert int(mpicoll.allreduce(jnp.ones((), jnp.int32), MPI.SUM, comm=comm)) == P


def test_irfft3d_n_invalid_on_one_rank_raises_on_every_rank():
    """An n that is invalid on one rank only: every rank raises (the others
    waited in the transform's first exchange before)."""
    if P == 1:
        pytest.skip("one rank cannot disagree with itself")
    comm = cart((P,))
    shape = (2 * P, 4, 4)
    fourier = fft.local_slices(shape, comm, space="fourier", real=True)
    block = np.ones(tuple(s.stop - s.start for s in fourier), np.complex128)
    with pytest.raises(ValueError, match="n // 2 \\+ 1|differs between ranks"):
        jax.jit(lambda v: mpicoll.irfft3d(v, 9 if comm.rank == 0 else 4, comm))(block)


def test_axis_shorter_than_grid_raises():
    if P == 1:
        pytest.skip("every axis is at least as long as a grid of one")
    comm = cart((P,))
    # global N1 = 1 < P: the Fourier layout would leave ranks without data
    with pytest.raises(ValueError, match="shorter than grid dimension"):
        mpicoll.fft3d(np.zeros((1, 1, 4), np.complex64), comm)
    with pytest.raises(ValueError, match="shorter than grid dimension"):
        fft.local_slices((P - 1, 4, 4), comm)


@pytest.mark.parametrize("call, error, match", [
    (lambda c: mpicoll.fft3d(np.zeros((2, 2), np.complex64), c), ValueError, "at least 3 axes"),
    (lambda c: mpicoll.fft3d(np.zeros((1, 2, 2), np.complex64), c, norm="unitary"),
     ValueError, "norm"),
    (lambda c: mpicoll.rfft3d(np.zeros((1, 2, 2), np.complex64), c), TypeError, "real input"),
    (lambda c: mpicoll.fft3d(np.zeros((1, 2, 2), np.complex64), "world"), TypeError, "Cartcomm"),
    (lambda c: fft.local_slices((4, 4), c), ValueError, "3 positive ints"),
    (lambda c: fft.fftfreq((4, 4, 3.5), c), TypeError, "3 ints"),
    (lambda c: fft.fftfreq("abc", c), TypeError, "3 ints"),
    (lambda c: fft.fftfreq((4, 4, 4), c, d=(1.0, 2.0)), ValueError, "d must be"),
    (lambda c: mpicoll.irfft3d(np.zeros((2, 2, 2), np.complex64), 2.0, c), ValueError,
     "n must be a positive int"),
    (lambda c: fft.local_slices((4, 4, 4), c, space="spectral"), ValueError, "space"),
])
def test_bad_arguments(call, error, match):
    with pytest.raises(error, match=match):
        call(cart((P,)))


def test_irfft3d_bad_n():
    comm = cart((P,))
    shape = (max(P, 2), max(P, 2), 2 * P + 2)
    m2 = shape[2] // 2 + 1
    block = np.zeros(tuple(s.stop - s.start for s in
                           fft.local_slices(shape, comm, space="fourier", real=True)),
                     np.complex64)
    assert block.shape[2] == m2
    with pytest.raises(ValueError, match="n // 2 \\+ 1"):
        mpicoll.irfft3d(block, shape[2] + 2, comm)
    odd = mpicoll.irfft3d(block, shape[2] + 1, comm)      # odd length: allowed
    assert odd.shape[2] == shape[2] + 1


# ------------------------------------------------------------------ example

def test_poisson_example_solves_to_rounding_error(tmp_path):
    """examples/poisson_fft3d.py: the distributed solve matches the analytic
    solution, on slabs and pencils, and the plot is written."""
    import importlib.util
    import pathlib
    path = pathlib.Path(__file__).resolve().parent.parent / "examples" / "poisson_fft3d.py"
    spec = importlib.util.spec_from_file_location("poisson_fft3d", path)
    example = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(example)
    out = str(WORLD.bcast(str(tmp_path / "poisson.png")))
    for kind in ("slab", "pencil"):
        comm = example.make_grid(WORLD, kind)
        u, slices, error = example.solve(13, comm)
        if kind == "pencil":
            example.save_slice(u, slices, (13,) * 3, comm, out)
        comm.Free()
        assert error < 1e-12, (kind, error)
    if WORLD.rank == 0:
        assert pathlib.Path(out).stat().st_size > 1000
