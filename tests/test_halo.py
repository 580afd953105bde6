"""halo_exchange against NumPy windows of the padded global array (docs/design.md §3).

The reference is built on every rank from the same global data with NumPy
only (``np.array_split`` for the blocks, ``np.pad(..., mode="wrap")`` for the
periodic axes); nothing of mpicoll's decomposition code is used for it.

The global *extended* array ``A_ext`` is the global array with, on every
non-periodic axis, ``h`` extra cells on both ends: the boundary halos. Every
cell of ``A_ext`` is held by exactly one rank as an interior or boundary-halo
cell ("owned"). The exchange must return each rank's window of
``E = np.pad(A_ext, h on the periodic axes, mode="wrap")``; a rank's input
holds the owned cells and a sentinel in every other halo cell, so a cell the
exchange forgets shows up. This covers edges, corners (also beyond a
non-periodic boundary: they hold the neighbour's boundary halo), uneven
blocks and width 0.

Gradients (section 2 and 5): the serial reference differentiates
``A_ext -> windows of jnp.pad(A_ext, mode="wrap")``; a rank's gradient is the
serial gradient at its owned cells and zero in the halo cells the exchange
overwrites.
"""

import re

import numpy as np
import jax
import jax.numpy as jnp
import pytest
from jax import lax
from mpi4py import MPI

import mpicoll
from mpicoll.halo import halo_exchange, interior, local_slices, pad_and_exchange
from conftest import assert_all_equal, collective_check_grads

WORLD = MPI.COMM_WORLD
P = WORLD.size
SENTINEL = -7777.0
RTOL = ATOL = 1e-12


def dims(n):
    return tuple(MPI.Compute_dims(P, n))


_CARTS = {}


@pytest.fixture(scope="module", autouse=True)
def _free_carts():
    yield
    for cart in _CARTS.values():
        cart.Free()
    _CARTS.clear()


class Case:
    """A process grid, halo widths and a global interior shape (+ trailing axes)."""

    def __init__(self, name, grid, periods, widths, shape, trailing=(), periodic=None):
        self.name, self.grid, self.periods = name, tuple(grid), tuple(periods)
        self.widths, self.shape, self.trailing = tuple(widths), tuple(shape), tuple(trailing)
        self.periodic = periodic                       # the argument to pass
        self.eff = self.periods if periodic is None else (
            (periodic,) * len(grid) if isinstance(periodic, bool) else tuple(periodic))
        self.d = len(grid)

    def __repr__(self):
        return self.name

    @property
    def cart(self):
        key = (self.grid, self.periods)
        if key not in _CARTS:          # collective: every rank runs the same tests
            _CARTS[key] = WORLD.Create_cart(self.grid, periods=self.periods)
        return _CARTS[key]

    def coords(self, rank=None):
        cart = self.cart
        return tuple(cart.Get_coords(cart.rank if rank is None else rank))

    def block(self, coords, i):
        part = np.array_split(np.arange(self.shape[i]), self.grid[i])[coords[i]]
        return int(part[0]), int(part[-1]) + 1

    def ext_shape(self):
        return tuple(n if p else n + 2 * h
                     for n, h, p in zip(self.shape, self.widths, self.eff)) + self.trailing

    def wrap(self, a, lib=np):
        pads = [(h, h) if p else (0, 0) for h, p in zip(self.widths, self.eff)]
        return lib.pad(a, pads + [(0, 0)] * len(self.trailing), mode="wrap")

    def window(self, coords):
        """This rank's padded block as slices of E."""
        out = []
        for i, h in enumerate(self.widths):
            s, e = self.block(coords, i)
            out.append(slice(s, e + 2 * h))
        return tuple(out)

    def owned(self, coords):
        """(slices in the local padded block, slices in A_ext) of the owned box."""
        local, ext = [], []
        for i, (h, p) in enumerate(zip(self.widths, self.eff)):
            s, e = self.block(coords, i)
            n = e - s
            lo = 0 if (not p and coords[i] == 0) else h
            hi = n + 2 * h if (not p and coords[i] == self.grid[i] - 1) else n + h
            shift = -h if p else 0          # E coordinates -> A_ext coordinates
            local.append(slice(lo, hi))
            ext.append(slice(s + lo + shift, s + hi + shift))
        return tuple(local), tuple(ext)

    def padded_shape(self, coords):
        return tuple(self.block(coords, i)[1] - self.block(coords, i)[0] + 2 * h
                     for i, h in enumerate(self.widths)) + self.trailing

    def local_input(self, a_ext, coords=None):
        """The rank's block of E with the sentinel in every halo cell it does not own."""
        coords = self.coords() if coords is None else coords
        x = np.full(self.padded_shape(coords), SENTINEL)
        local, ext = self.owned(coords)
        x[local] = a_ext[ext]
        return x

    def expected(self, a_ext, coords=None):
        coords = self.coords() if coords is None else coords
        return self.wrap(a_ext)[self.window(coords)]

    def exchange(self, x):
        return halo_exchange(x, self.widths, self.cart, periodic=self.periodic)

    def assemble(self, blocks):
        """A_ext from every rank's padded block (owned cells only), by cart rank."""
        a_ext = np.full(self.ext_shape(), np.nan)
        for r, x in enumerate(blocks):
            local, ext = self.owned(self.coords(r))
            a_ext[ext] = np.asarray(x)[local]
        assert not np.isnan(a_ext).any()
        return a_ext


def cases():
    g1, g2, g3 = (P,), dims(2), dims(3)
    r2, r3 = g2[::-1], g3[::-1]
    out = [
        Case("1d_periodic_h2", g1, (True,), (2,), (2 * P + 1,), trailing=(2,)),
        Case("1d_open_h1", g1, (False,), (1,), (3 * P + 1,)),
        Case("2d_mixed", g2, (True, False), (1, 2), (3 * g2[0] + 1, 2 * g2[1] + 1), (3,)),
        Case("2d_open_periodic_h0", r2, (False, True), (2, 0), (2 * r2[0] + 1, 3 * r2[1] + 2)),
        Case("2d_periodic_override", g2, (False, False), (1, 1), (2 * g2[0] + 1, 2 * g2[1] + 2),
             periodic=True),
        Case("2d_single_row_periodic", (1, P), (True, True), (2, 1), (3, 2 * P + 1)),
        Case("3d_mixed", g3, (True, False, True), (1, 1, 2),
             (2 * g3[0] + 1, 2 * g3[1] + 1, 2 * g3[2] + 1), (2,)),
        Case("3d_open_h0", r3, (False, False, False), (0, 1, 1),
             (r3[0] + 2, 2 * r3[1] + 1, r3[2] + 1)),
    ]
    return out


CASES = cases()
CASE = pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])


def global_data(case, seed):
    return np.random.default_rng(seed).uniform(-1, 1, case.ext_shape())


def rank_rng(seed):
    return np.random.default_rng(1000 * seed + WORLD.rank)


# ----------------------------------------------------------------- forward

@CASE
def test_matches_numpy_wrap_windows(case):
    a_ext = global_data(case, 1)
    x = case.local_input(a_ext)
    out = jax.jit(case.exchange)(x)
    assert_all_equal({"exchange": (out, case.expected(a_ext))})


def test_eager_int32_and_jitted_float32(comm):
    case = CASES[2]
    a_ext = np.random.default_rng(5).integers(-1000, 1000, case.ext_shape())
    x = case.local_input(a_ext)
    expected = case.expected(a_ext)
    outs = {"eager int32": case.exchange(x.astype("int32")),
            "jit float32": jax.jit(case.exchange)(x.astype("float32"))}
    assert_all_equal({"eager int32": (outs["eager int32"], expected.astype("int32")),
                      "jit float32": (outs["jit float32"], expected.astype("float32"))})


@pytest.mark.parametrize("mode", ["constant", "edge"])
def test_pad_and_exchange(comm, mode):
    # Global reference: pad the non-periodic axes (zeros or edge values), then wrap.
    case = CASES[6]
    rng = np.random.default_rng(3)
    glob = rng.uniform(-1, 1, case.shape + case.trailing)
    pads = [(0, 0) if p else (h, h) for h, p in zip(case.widths, case.eff)]
    pads += [(0, 0)] * len(case.trailing)
    a_ext = np.pad(glob, pads, mode=mode)
    sl = local_slices(glob.shape, case.cart)
    kwargs = {"constant_values": 0.0} if mode == "constant" else {}
    out = jax.jit(lambda b: pad_and_exchange(b, case.widths, case.cart, periodic=case.periodic,
                                             mode=mode, **kwargs))(glob[sl])
    assert_all_equal({mode: (out, case.expected(a_ext))})


def test_local_slices_and_interior(comm):
    case = CASES[6]
    shape = case.shape + (4,)
    sl = local_slices(shape, case.cart)
    c = case.coords()
    expected = tuple(slice(*case.block(c, i)) for i in range(case.d)) + (slice(0, 4),)
    assert sl == expected
    # every global cell on exactly one rank
    count = np.zeros(shape, int)
    for r_sl in WORLD.allgather(sl):
        count[r_sl] += 1
    assert (count == 1).all()
    a_ext = global_data(case, 2)
    x = case.local_input(a_ext)
    inner = tuple(slice(h, n - h) for h, n in zip(case.widths, x.shape))
    assert_all_equal({"interior": (interior(x, case.widths, case.cart), x[inner])})


# --------------------------------------------------------------- gradients

@CASE
def test_adjoint_dot_product(case):
    """<y, H x> == <H^T y, x>, inner products summed over ranks."""
    rng = rank_rng(11)
    shape = case.padded_shape(case.coords())
    x, y = rng.normal(size=shape), rng.normal(size=shape)
    hx, vjp = jax.vjp(jax.jit(case.exchange), x)
    (hty,) = vjp(y)
    lhs = WORLD.allreduce(float(np.vdot(y, hx)))
    rhs = WORLD.allreduce(float(np.vdot(hty, x)))
    scale = WORLD.allreduce(float(np.sum(np.abs(y * np.asarray(hx)))))   # rounding scale
    assert abs(lhs - rhs) <= 1e-13 * scale, (lhs, rhs)
    # the test has teeth: where cells move, an identity transpose would fail it
    moves = any(h and (g > 1 or p) for h, g, p in zip(case.widths, case.grid, case.eff))
    wrong = WORLD.allreduce(float(np.vdot(y, x)))
    assert abs(wrong - rhs) > 1e-6 or not moves


@CASE
def test_grad_matches_serial(case):
    rng = rank_rng(12)
    shape = case.padded_shape(case.coords())
    x, w = rng.normal(size=shape), 1.0 + WORLD.rank + rng.normal(size=shape)
    loss = lambda v: jnp.sum(w * jnp.sin(case.exchange(v)) + 0.5 * v ** 2)
    value, grad = jax.jit(jax.value_and_grad(loss))(x)
    total = WORLD.allreduce(float(value))

    xs, ws = case.cart.allgather(x), case.cart.allgather(w)     # by cart rank
    a_ext = case.assemble(xs)
    windows = [case.window(case.coords(r)) for r in range(P)]

    def serial(a, vs):
        e = case.wrap(a, jnp)
        return sum(jnp.sum(ws[r] * jnp.sin(e[windows[r]])) for r in range(P)) \
            + sum(0.5 * jnp.sum(v ** 2) for v in vs)

    ref_value, ref_grad_a = jax.jit(jax.value_and_grad(serial))(a_ext, xs)
    local, ext = case.owned(case.coords())
    expected = x.copy()                        # d(0.5 x^2)/dx
    expected[local] += np.asarray(ref_grad_a)[ext]
    np.testing.assert_allclose(total, ref_value, rtol=RTOL, atol=ATOL)
    np.testing.assert_allclose(grad, expected, rtol=RTOL, atol=ATOL)


@pytest.mark.parametrize("limit", [None, 24], ids=["one_message", "chunked"])
@pytest.mark.parametrize("dtype", ["float16", "bfloat16", "float32", "complex64",
                                   "complex128"])
def test_adjoint_in_every_float_dtype(dtype, limit):
    """The adjoint adds received cotangents with MPI's sum of the dtype
    (float16 and bfloat16 too) and tiles faces past the chunk limit: on
    small integer cotangents (exact in every dtype) it equals the float64
    adjoint, which test_grad_matches_serial checks against serial JAX."""
    case = CASES[6]
    shape = case.padded_shape(case.coords())
    ct = rank_rng(13).integers(-4, 5, size=shape).astype(np.float64)
    adjoint = lambda c: jax.linear_transpose(case.exchange, c)(c)[0]
    reference = np.asarray(jax.jit(adjoint)(ct))
    mpicoll.set_chunk_bytes(limit)
    try:
        got = jax.jit(adjoint)(jnp.asarray(ct, dtype))
    finally:
        mpicoll.set_chunk_bytes(None)
    assert_all_equal({dtype: (got, reference.astype(dtype))})


def test_check_grads_rank_symmetric(monkeypatch):
    """Fully periodic, even blocks: the same program on every rank up to relabelling,
    so reverse mode check_grads (local inner products) is valid too."""
    case = Case("1d_even_periodic", (P,), (True,), (2,), (2 * P,), trailing=(2,))
    x = np.random.default_rng(4).normal(size=case.padded_shape(case.coords()))
    f = jax.jit(lambda v: jnp.sin(case.exchange(v)) * v)
    collective_check_grads(monkeypatch, WORLD, f, (x,), order=2, modes=("fwd", "rev"))


def test_check_grads_forward_mode_uneven(monkeypatch):
    case = CASES[2]
    x = rank_rng(6).normal(size=case.padded_shape(case.coords()))
    f = jax.jit(lambda v: jnp.cos(case.exchange(v ** 2)))
    collective_check_grads(monkeypatch, WORLD, f, (x,), order=2, modes=("fwd",))


def test_jvp_is_exchange_of_tangent(comm):
    case = CASES[2]
    x = rank_rng(7).normal(size=case.padded_shape(case.coords()))
    t = rank_rng(8).normal(size=x.shape)
    y, ty = jax.jit(lambda a, b: jax.jvp(case.exchange, (a,), (b,)))(x, t)
    assert_all_equal({"primal": (y, np.asarray(case.exchange(x))),
                      "tangent": (ty, np.asarray(case.exchange(t)))})


# ------------------------------------------------------ vmap and lax.scan

@pytest.mark.parametrize("in_axis", [0, -1])
def test_vmap(in_axis):
    case = CASES[2]
    a_exts = [global_data(case, 20 + k) for k in range(3)]
    xs = np.stack([case.local_input(a) for a in a_exts], axis=in_axis)
    expected = np.stack([case.expected(a) for a in a_exts], axis=in_axis)
    ct = rank_rng(9).normal(size=xs.shape)
    adjoint = lambda x, c: jax.vjp(case.exchange, x)[1](c)[0]
    batched = jax.vmap(lambda x, c: (case.exchange(x), adjoint(x, c)), in_axis, in_axis)
    out, got_ct = jax.jit(batched)(xs, ct)
    # vmap of the transpose: the adjoint of every batch member
    one = jax.jit(adjoint)
    ref_ct = np.stack([one(np.take(xs, k, axis=in_axis), np.take(ct, k, axis=in_axis))
                       for k in range(3)], axis=in_axis)
    assert_all_equal({"vmap": (out, expected), "vmap_vjp": (got_ct, ref_ct)})


def _stencil(v, lib=jnp):
    """Nine-point update of the interior of a block with one halo layer (uses corners)."""
    c = v[1:-1, 1:-1]
    ring = (v[:-2, 1:-1] + v[2:, 1:-1] + v[1:-1, :-2] + v[1:-1, 2:]
            + v[:-2, :-2] + v[2:, 2:] + v[:-2, 2:] + v[2:, :-2])
    return c + 0.1 * (ring - 8 * c) + 0.05 * lib.sin(v[2:, 2:]) * c


def test_grad_through_scan_matches_serial():
    """Several exchange + stencil steps in lax.scan; zero Dirichlet halos on the
    non-periodic axis."""
    g = dims(2)
    case = Case("scan", g, (True, False), (1, 1), (2 * g[0] + 1, 2 * g[1] + 3))
    steps = 2
    glob = np.random.default_rng(30).normal(size=case.shape)
    a = glob[local_slices(case.shape, case.cart)]
    w = 1.0 + WORLD.rank + rank_rng(31).normal(size=a.shape)

    def run(a):
        def step(x, _):
            return jnp.pad(_stencil(case.exchange(x)), 1), None
        x, _ = lax.scan(step, jnp.pad(a, 1), None, length=steps)
        return interior(x, 1, case.cart)

    out, grad = jax.jit(lambda a: (run(a), jax.grad(lambda b: jnp.sum(w * run(b)))(a)))(a)
    ws = case.cart.allgather(w)
    slices = [tuple(slice(*case.block(case.coords(r), i)) for i in range(2)) for r in range(P)]

    def serial_run(A):
        for _ in range(steps):
            A = _stencil(jnp.pad(jnp.pad(A, [(0, 0), (1, 1)]), [(1, 1), (0, 0)], mode="wrap"))
        return A

    def serial_loss(A):
        final = serial_run(A)
        return sum(jnp.sum(ws[r] * final[slices[r]]) for r in range(P))

    ref_out = np.asarray(jax.jit(serial_run)(glob))[slices[case.cart.rank]]
    ref_grad = np.asarray(jax.jit(jax.grad(serial_loss))(glob))[slices[case.cart.rank]]
    np.testing.assert_allclose(out, ref_out, rtol=RTOL, atol=ATOL)
    np.testing.assert_allclose(grad, ref_grad, rtol=RTOL, atol=ATOL)


# ------------------------------------------ the primitive: chunks, memory

@pytest.mark.parametrize("limit", [8, 3 * 8 + 1, 100], ids=["one_item", "odd", "100B"])
@pytest.mark.parametrize("index", [2, 6], ids=[CASES[2].name, CASES[6].name])
def test_chunked_faces_match_numpy(index, limit):
    """Faces larger than the chunk limit travel in tiles (one float64 per
    message, odd byte limits): the same values as one message per face."""
    case = CASES[index]
    a_ext = global_data(case, 40 + index)
    x = case.local_input(a_ext)
    mpicoll.set_chunk_bytes(limit)
    try:
        out = jax.jit(case.exchange)(x)
    finally:
        mpicoll.set_chunk_bytes(None)
    assert_all_equal({"chunked": (out, case.expected(a_ext))})


def _halo_calls(f, *args):
    """(aliased, all) halo custom calls of f's lowering, and whether the
    compiled module copies anything."""
    lowered = f.lower(*args)
    calls = [line for line in lowered.as_text().splitlines()
             if re.search(r"@mpicoll_halo_(exchange|adjoint)\(", line)]
    copies = " copy(" in lowered.compile().as_text()
    return sum("output_operand_aliases" in c for c in calls), len(calls), copies


def test_updates_a_donated_block_and_keeps_a_live_one(comm):
    """The handler writes into its operand's memory: a donated block is the
    result (no copy), and so is a loop's carry; a block the caller keeps
    gets a fresh result that the handler copies it into (XLA inserts no
    copy), and keeps its values. The adjoint alike."""
    case = CASES[6]
    a_ext = global_data(case, 50)
    x = case.local_input(a_ext)
    expected = case.expected(a_ext)
    donated = jax.jit(case.exchange, donate_argnums=0)
    xd = jnp.asarray(x)
    address = xd.unsafe_buffer_pointer()
    out = jax.block_until_ready(donated(xd))
    same_memory = out.unsafe_buffer_pointer() == address
    live_f = jax.jit(case.exchange)
    xl = jnp.asarray(x)
    live = jax.block_until_ready(live_f(xl))
    loop = jax.jit(lambda v: lax.fori_loop(0, 2, lambda i, c: case.exchange(c) * 2, v))
    adjoint = jax.jit(lambda ct: jax.linear_transpose(case.exchange, ct)(ct)[0])
    assert _halo_calls(donated, x) == (1, 1, False)
    assert _halo_calls(live_f, x) == (0, 1, False)
    assert _halo_calls(loop, x)[:2] == (1, 1)
    assert _halo_calls(adjoint, x) == (0, 1, False)
    assert same_memory
    ct = jnp.asarray(x)
    assert_all_equal({"donated": (out, expected), "live": (live, expected),
                      "kept": (np.asarray(xl), x),
                      "adjoint live": (adjoint(ct), jax.jit(
                          lambda c: jax.linear_transpose(case.exchange, c)(c)[0],
                          donate_argnums=0)(jnp.asarray(x))),
                      "cotangent kept": (np.asarray(ct), x)})


def test_operand_read_after_the_exchange_keeps_its_values(comm):
    """XLA copies the block before the in-place exchange wherever it is read
    again: a temporary returned beside the result, the input added to the
    result, and a loop carry used after the exchange in the loop body."""
    case = CASES[2]
    a_ext = global_data(case, 55)
    x = case.local_input(a_ext)
    ex = case.exchange

    def both(v):
        t = v * 2
        return ex(t), t, ex(v) + v

    def loop(v):
        return lax.fori_loop(0, 2, lambda i, c: ex(c) + c, v)

    out, t, summed = jax.jit(both)(x)
    looped = jax.jit(loop, donate_argnums=0)(jnp.asarray(x))
    once = case.expected(a_ext)
    # the loop's second exchange sees the first step's sum (halos and all)
    first = once + x
    second_input_ext = case.assemble(WORLD.allgather(first))
    twice = case.expected(second_input_ext) + first
    assert_all_equal({"temporary": (out, case.expected(2 * a_ext)), "t": (t, 2 * x),
                      "input added": (summed, once + x), "loop": (looped, twice)})


def test_many_block_shapes_then_the_first_again(comm):
    """More distinct face datatypes than the handler keeps (64): the oldest
    are replaced and every exchange stays right, also the first shape again."""
    g = dims(3)
    shapes = [(2 * g[0] + 1, 2 * g[1] + 1, 2 * g[2] + 1, k) for k in range(1, 18)]
    results = {}
    for k, shape in enumerate(shapes + shapes[:1]):
        case = Case(f"trailing {shape[3]}", g, (True, True, False), (1, 1, 1),
                    shape[:3], trailing=shape[3:])
        a_ext = global_data(case, 60 + k % len(shapes))
        results[f"{k}: {case.name}"] = (jax.jit(case.exchange)(case.local_input(a_ext)),
                                        case.expected(a_ext))
    assert_all_equal(results)


@pytest.mark.timeout(60)
def test_debug_mode_accepts_uneven_blocks(comm):
    """MPICOLL_DEBUG's cross-rank check compares the grid and the widths, not
    the block sizes, which differ between ranks on uneven splits."""
    from mpicoll._src import _ffi
    case = CASES[6]
    a_ext = global_data(case, 70)
    _ffi.set_debug(True)
    try:
        out = jax.jit(case.exchange)(case.local_input(a_ext))
        out = jax.block_until_ready(out)
    finally:
        _ffi.set_debug(False)
    assert_all_equal({"debug": (out, case.expected(a_ext))})


# ------------------------------------------------------------------ errors

def test_non_cartesian_comm_is_a_type_error():
    with pytest.raises(TypeError, match="MPI.Cartcomm"):
        halo_exchange(jnp.zeros((4,)), 1, WORLD)
    with pytest.raises(TypeError, match="MPI.Cartcomm"):
        jax.jit(lambda v: halo_exchange(v, 1, None))(jnp.zeros((4,)))


def _error_case():
    return CASES[2]


@pytest.mark.parametrize("kind", ["halo_length", "negative", "few_axes", "too_short",
                                  "periodic_length", "halo_type", "not_a_decomposition",
                                  "one_rank_wrong_halo"])
def test_argument_errors_on_every_rank(kind):
    case = _error_case()
    x = jnp.zeros(case.padded_shape(case.coords()))
    halo, periodic = case.widths, case.periodic
    exc, match = ValueError, None
    if kind == "halo_length":
        halo, match = (1, 1, 1), "halo has 3 entries"
    elif kind == "negative":
        halo, match = (1, -1), "must be >= 0"
    elif kind == "few_axes":
        x, match = jnp.zeros((5,)), "x has 1 axes"
    elif kind == "too_short":
        x, halo, match = jnp.zeros((3, 3, 3)), (2, 1), r"x.shape\[0\] = 3 is smaller"
    elif kind == "periodic_length":
        periodic, match = (True,), "periodic has 1 entries"
    elif kind == "halo_type":
        halo, exc, match = 1.5, TypeError, "halo must be an int"
    elif kind == "not_a_decomposition":
        # rank 0's block is two rows too long (grid dimension 0 has >= 2 ranks)
        if case.grid[0] == 1:
            pytest.skip("every block is a decomposition on one rank")
        x = jnp.zeros((x.shape[0] + 2 * (WORLD.rank == 0),) + x.shape[1:])
        match = "do not form a decomposition"
    elif kind == "one_rank_wrong_halo":
        if WORLD.rank == 0:
            halo = (1, 2, 3)
        match = "halo has 3 entries" + ("" if P == 1 else ".*on rank")
    with pytest.raises(exc, match=match):
        jax.jit(lambda v: halo_exchange(v, halo, case.cart, periodic=periodic))(x)


@pytest.mark.parametrize("which", ["periodic", "dtype"])
def test_arguments_differing_between_ranks_raise_on_every_rank(which):
    """Ranks must agree on what decides messages; one rank's different
    argument is an error everywhere, not a hang or a mismatched message."""
    if P == 1:
        pytest.skip("one rank cannot disagree with itself")
    case = _error_case()
    x = jnp.zeros(case.padded_shape(case.coords()), jnp.float32)
    periodic = tuple(case.eff)
    if which == "periodic" and WORLD.rank == 0:
        periodic = tuple(not p for p in periodic)
    if which == "dtype" and WORLD.rank == 0:
        x = x.astype(jnp.float64)
    with pytest.raises(ValueError, match=f"{which} differs between ranks"):
        jax.jit(lambda v: halo_exchange(v, case.widths, case.cart, periodic=periodic))(x)


def test_halo_accumulate_refuses_bool_on_every_rank():
    """halo_accumulate adds halo cells into interior cells: a bool block is
    a TypeError at trace time (it was an MPI error from MPI_Reduce_local)."""
    case = _error_case()
    x = jnp.ones(case.padded_shape(case.coords()), bool)
    with pytest.raises(TypeError, match="bool array"):
        jax.jit(lambda v: mpicoll.halo_accumulate(v, case.widths, case.cart))(x)
    assert int(mpicoll.allreduce(jnp.ones((), jnp.int32), MPI.SUM, comm=case.cart)) == P


def test_halo_wider_than_neighbour_block():
    # Blocks of 2 and 1 cells (1 on the last rank): a halo of 2 cannot come
    # from one neighbour. Raised on every rank, also those whose own block is 2.
    case = Case("narrow", (P,), (True,), (2,), (2 * P - 1,))
    x = jnp.zeros(case.padded_shape(case.coords()))
    with pytest.raises(ValueError, match="wider than the smallest interior block"):
        case.exchange(x)


def test_more_than_three_grid_dims():
    cart = WORLD.Create_cart((P, 1, 1, 1))
    try:
        with pytest.raises(ValueError, match="supports 1 to 3"):
            halo_exchange(jnp.zeros((3, 3, 3, 3)), 1, cart)
    finally:
        cart.Free()


def test_pad_mode_error():
    with pytest.raises(ValueError, match="mode must be one of"):
        pad_and_exchange(jnp.zeros((3, 3)), 1, CASES[2].cart, mode="wrap")


# ------------------------------------------------------ halo accumulation

def test_accumulate_adds_halos_into_the_neighbours_cells():
    """1-D periodic ring, 3 interior cells and 1 halo cell a side: the lower
    halo stands for the left neighbour's last interior cell, the upper halo
    for the right neighbour's first; both are added there and zeroed."""
    ring = WORLD.Create_cart([P], periods=[True])
    try:
        y = lambda r: 10.0 * r + np.arange(1.0, 6.0)          # noqa: E731
        got = jax.jit(lambda v: mpicoll.halo_accumulate(v, 1, ring))(y(ring.rank))
        left, right = (ring.rank - 1) % P, (ring.rank + 1) % P
        mine = y(ring.rank)
        want = np.array([0.0, mine[1] + y(left)[4], mine[2], mine[3] + y(right)[0], 0.0])
        np.testing.assert_array_equal(np.asarray(got), want)
    finally:
        ring.Free()


@pytest.mark.parametrize("case", [CASES[0], CASES[2], CASES[6]], ids=repr)
def test_accumulate_is_the_adjoint_of_the_exchange(case):
    """sum over ranks <exchange(x), y> == sum over ranks <x, accumulate(y)>
    (the exchange is checked against NumPy above), and the gradient of one
    is the other."""
    rng = rank_rng(21)
    shape = case.padded_shape(case.coords())
    x, y = rng.normal(size=shape), rng.normal(size=shape)
    accumulate = jax.jit(lambda v: mpicoll.halo_accumulate(v, case.widths, case.cart,
                                                           periodic=case.periodic))
    ay = accumulate(y)
    lhs = WORLD.allreduce(float(np.vdot(np.asarray(jax.jit(case.exchange)(x)), y)))
    rhs = WORLD.allreduce(float(np.vdot(x, np.asarray(ay))))
    scale = WORLD.allreduce(float(np.sum(np.abs(x * y)))) * 4
    assert abs(lhs - rhs) <= 1e-13 * scale, (lhs, rhs)
    _, pullback = jax.vjp(accumulate, y)
    transposed = jax.jit(jax.linear_transpose(accumulate, y))(x)[0]
    exchanged = np.asarray(jax.jit(case.exchange)(x))
    np.testing.assert_allclose(np.asarray(pullback(x)[0]), exchanged, rtol=1e-14, atol=1e-14)
    np.testing.assert_allclose(np.asarray(transposed), exchanged, rtol=1e-14, atol=1e-14)


# ------------------------------------------- start/finish: the interior meanwhile

def start_finish(case):
    """halo_exchange as its two halves."""
    from mpicoll.halo import halo_exchange_finish, halo_exchange_start
    return lambda x: halo_exchange_finish(
        halo_exchange_start(x, case.widths, case.cart, periodic=case.periodic))


@CASE
def test_start_finish_matches_numpy_and_the_exchange(case):
    """Bit for bit the blocking exchange's result (and NumPy's windows),
    jitted (and eagerly up to 2-D), with a computation in between."""
    from mpicoll.halo import halo_exchange_finish, halo_exchange_start
    a_ext = global_data(case, 3)
    x = case.local_input(a_ext)

    def overlapped(v):
        request = halo_exchange_start(v, case.widths, case.cart, periodic=case.periodic)
        busy = 2 * v[..., :1]                       # needs no halo
        return halo_exchange_finish(request), busy

    jitted, busy = jax.jit(overlapped)(x)
    # eagerly too, but not in 3-D, whose 26 directions' operations compile
    # one by one (half a minute at two ranks)
    eager = start_finish(case)(x) if case.d < 3 else jitted
    assert_all_equal({"eager": (eager, case.expected(a_ext)),
                      "jit": (jitted, case.expected(a_ext)),
                      "blocking": (case.exchange(x), case.expected(a_ext)),
                      "in between": (busy, 2 * x[..., :1])})


@pytest.mark.parametrize("case", [CASES[1], CASES[2]], ids=repr)
def test_start_finish_derivatives_are_the_exchange_s(case):
    if case is CASES[1] and P > 2:
        pytest.skip("1-D: the neighbours of 2 ranks show it; 2-D runs at every rank count")
    """jvp, grad (eager and jitted), linear_transpose (eager, jitted,
    twice), jvp of vjp and jvp of grad equal the blocking exchange's
    (test_grad_matches_serial checks that one against serial JAX); then an
    exchange on the same communicator still gives its values."""
    rng = rank_rng(30)
    x = rng.normal(size=case.padded_shape(case.coords()))
    t, ct = rng.normal(size=x.shape), rng.normal(size=x.shape)
    w = 1.0 + WORLD.rank + rng.normal(size=x.shape)
    mine, blocking = start_finish(case), case.exchange
    spec = jax.ShapeDtypeStruct(x.shape, x.dtype)

    def transforms(ex):
        loss = lambda v: jnp.sum(w * jnp.sin(ex(v)))              # noqa: E731
        return {
            "jvp": jax.jvp(ex, (x,), (t,))[1],
            "grad": jax.grad(loss)(x),
            "jitted grad": jax.jit(jax.grad(loss))(x),
            "linear_transpose": jax.linear_transpose(ex, spec)(ct)[0],
            "jitted linear_transpose": jax.jit(jax.linear_transpose(ex, spec))(ct)[0],
            "transposed twice": jax.linear_transpose(jax.linear_transpose(ex, spec), spec)(
                (t,))[0],
            "jvp of vjp": jax.jvp(lambda c: jax.vjp(ex, x)[1](c)[0], (ct,), (t,))[1],
            "jvp of grad": jax.jvp(jax.grad(loss), (x,), (t,))[1]}

    got, want = transforms(mine), transforms(blocking)
    after = case.exchange(x)                    # the communicator, afterwards
    failures = [f"{name}: max difference {np.max(np.abs(np.asarray(got[name]) - want[name]))}"
                for name in want
                if not np.allclose(got[name], want[name], rtol=RTOL, atol=ATOL)]
    if not np.array_equal(after, np.asarray(blocking(x))):
        failures.append("the exchange after them differs")
    failures = [f"rank {r}: {f}" for r, fs in enumerate(WORLD.allgather(failures)) for f in fs]
    assert not failures, "\n".join(failures)


@pytest.mark.parametrize("in_axis", [0, -1])
def test_start_finish_under_vmap(in_axis):
    case = CASES[2]
    a_exts = [global_data(case, 40 + k) for k in range(3)]
    xs = np.stack([case.local_input(a) for a in a_exts], axis=in_axis)
    expected = np.stack([case.expected(a) for a in a_exts], axis=in_axis)
    out = jax.jit(jax.vmap(start_finish(case), in_axis, in_axis))(xs)
    assert_all_equal({"vmap": (out, expected)})


def test_start_finish_in_a_time_loop_matches_the_blocking_loop(comm):
    """A nine-point stencil stepped in lax.fori_loop: the interior that
    needs no halo is updated while the halos travel, the cells next to the
    halos after the finish. Equal to the loop with the blocking exchange."""
    from mpicoll.halo import halo_exchange_finish, halo_exchange_start
    case = CASES[4]
    cart, h = case.cart, case.widths
    x = rank_rng(50).normal(size=case.padded_shape(case.coords())[:2])

    def blocking_step(_, v):
        e = halo_exchange(v, h, cart, periodic=True)
        return v.at[1:-1, 1:-1].set(_stencil(e))

    def overlapped_step(_, v):
        request = halo_exchange_start(v, h, cart, periodic=True)
        inner = _stencil(v[1:-1, 1:-1])            # cells two away from the halo
        e = halo_exchange_finish(request)
        return v.at[1:-1, 1:-1].set(_stencil(e)).at[2:-2, 2:-2].set(inner)

    want = jax.jit(lambda v: lax.fori_loop(0, 5, blocking_step, v))(x)
    got = jax.jit(lambda v: lax.fori_loop(0, 5, overlapped_step, v))(x)
    assert_all_equal({"stepped": (got, want)})


def test_start_finish_errors(comm):
    from mpicoll.halo import halo_exchange_finish, halo_exchange_start
    case = CASES[0]
    x = jnp.zeros(case.padded_shape(case.coords()))
    request = halo_exchange_start(x, case.widths, case.cart)
    halo_exchange_finish(request)
    attempts = {
        "finished twice": (lambda: halo_exchange_finish(request), ValueError, "finished already"),
        "not a request": (lambda: halo_exchange_finish(x), TypeError, "HaloRequest"),
        # shorter than its halos: refused on every rank, before any message
        "bad block": (lambda: halo_exchange_start(x[:1], case.widths, case.cart), ValueError,
                      "halo_exchange_start")}
    problems = []
    for name, (attempt, error, text) in attempts.items():
        try:
            attempt()
            problems.append(f"{name}: no error")
        except error as exc:
            if text not in str(exc):
                problems.append(f"{name}: {exc}")
    problems = [f"rank {r}: {p}" for r, ps in enumerate(WORLD.allgather(problems)) for p in ps]
    assert not problems, "\n".join(problems)
    assert_all_equal({"afterwards": (case.exchange(x), np.zeros(x.shape))})
