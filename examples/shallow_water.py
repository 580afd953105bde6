"""Shallow-water waves on a 2-D process grid, checked against a serial run, and an
inverse problem solved by differentiating through the whole simulation.

Run:  mpiexec -n 4 python examples/shallow_water.py [--png shallow_water.png]

The nonlinear shallow-water equations for the water height h and the momenta
(hu, hv) on a channel: periodic along x (axis 1), solid walls along y (axis 0).
Time stepping: the two-step Lax-Wendroff (Richtmyer) scheme, as in Cleve
Moler's "waterwave" demo; each step needs one layer of neighbour cells.

Distributed: the global (ny, nx) grid is split over a 2-D Cartesian process
grid (``MPI.Compute_dims(P, 2)``, periodic along x only). Each step pads the
rank's block with one halo cell and starts filling it
(``mpicoll.halo.halo_exchange_start``); the three fields ride along as a
trailing axis. While the halos travel, the step updates the cells whose
neighbours are all on this rank; after ``halo_exchange_finish`` it updates
the rank's first and last rows and columns, which need the halos. The
result is the same, bit for bit, as exchanging first and then updating
everything (``--blocking``, with ``mpicoll.halo.pad_and_exchange``). Halo
cells beyond the walls are left alone by the exchange, and the ranks at the
walls overwrite them with the mirror image of their first row (normal
momentum negated): boundary conditions are the user's business.

Serial: the same update on the whole array, with ``jnp.pad(..., mode="wrap")``
for the periodic direction. The script prints the largest difference between
the two (0 or a few ulps), writes a PNG of the final height (with matplotlib:
`pip install "mpicoll[examples]"`; without it the example stops at once and
says so), and then runs the inverse problem.

Inverse problem: observe only the final water height after ``--inverse-steps``
steps and recover the unknown initial height by gradient descent, with
``jax.grad`` through ``lax.scan`` over all steps and every halo exchange in
it. Each rank's loss is the misfit on its own block; by mpicoll's gradient
convention ``jax.grad`` of it is the gradient of the *global* misfit with
respect to the rank's block (the exchanges' transposes carry the
sensitivities across rank boundaries).

With ``--save PATH`` rank 0 also writes, gathered from every rank into
global arrays, the final fields ``h``, ``hu``, ``hv`` (NY, NX) and the
inverse problem's ``inverse_gradient`` (the first gradient, at flat
water), ``inverse_h0`` (the fitted initial height), ``inverse_misfit``
(per iteration) and ``inverse_relative_error`` (before, after) to an .npz,
for comparing runs at other rank counts or on other devices
(scripts/compare_runs.py).
"""

import argparse
import os
import sys
import time

import numpy as np
import jax
import jax.numpy as jnp
from jax import lax
from mpi4py import MPI

import mpicoll
from mpicoll.halo import (halo_exchange_finish, halo_exchange_start, local_slices,
                          pad_and_exchange)

# The examples' shared helpers (examples/_checks.py, _plotting.py) are found
# also when this file is loaded by path rather than run as a script (as the
# tests do).
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from _checks import finish, report  # noqa: E402
from _plotting import pyplot  # noqa: E402

jax.config.update("jax_enable_x64", True)

GRAVITY = 1.0
DT = 0.25          # time step; grid spacing 1, wave speed about 1: CFL ~ 0.3


# ------------------------------------------------------------------ physics

def fluxes(U):
    """x- and y-fluxes of U = (h, hu, hv) along the last axis."""
    h, hu, hv = U[..., 0], U[..., 1], U[..., 2]
    p = 0.5 * GRAVITY * h * h
    F = jnp.stack([hu, hu * hu / h + p, hu * hv / h], axis=-1)
    G = jnp.stack([hv, hu * hv / h, hv * hv / h + p], axis=-1)
    return F, G


def walls(U, lower, upper):
    """Reflecting walls at the low/high ends of axis 0 of a padded block: the halo
    row mirrors the first interior row, with the normal momentum hv negated."""
    mirror = jnp.array([1.0, 1.0, -1.0], U.dtype)
    if lower:
        U = U.at[0].set(U[1] * mirror)
    if upper:
        U = U.at[-1].set(U[-2] * mirror)
    return U


def update(U, dt=DT):
    """One Richtmyer step: interior (n0, n1, 3) from a padded block (n0+2, n1+2, 3)."""
    F, G = fluxes(U)
    # half step at the x-faces of the interior rows, and the y-faces of the interior columns
    Ux = 0.5 * (U[1:-1, 1:] + U[1:-1, :-1]) - 0.5 * dt * (F[1:-1, 1:] - F[1:-1, :-1])
    Uy = 0.5 * (U[1:, 1:-1] + U[:-1, 1:-1]) - 0.5 * dt * (G[1:, 1:-1] - G[:-1, 1:-1])
    Fx, _ = fluxes(Ux)
    _, Gy = fluxes(Uy)
    return U[1:-1, 1:-1] - dt * (Fx[:, 1:] - Fx[:, :-1]) - dt * (Gy[1:] - Gy[:-1])


def distributed_step(cart, overlap=True):
    """One time step of this rank's block (n0, n1, 3). With `overlap`, the
    halo messages travel while the cells away from the block's edges are
    updated; else the exchange comes first."""
    dims, _, coords = cart.Get_topo()
    lower, upper = coords[0] == 0, coords[0] == dims[0] - 1

    def blocking(U):
        padded = pad_and_exchange(U, 1, cart)      # (n0+2, n1+2, 3), halos filled
        return update(walls(padded, lower, upper))

    def overlapped(U):
        request = halo_exchange_start(jnp.pad(U, [(1, 1), (1, 1), (0, 0)]), 1, cart)
        inner = update(U)                          # (n0-2, n1-2): needs no halo
        P = walls(halo_exchange_finish(request), lower, upper)
        # the edges: rows 0 and n0-1, then columns 0 and n1-1 of the rows
        # between, each pair as one batched update (half the code to compile)
        first, last = jax.vmap(update)(jnp.stack([P[:3], P[-3:]]))
        left, right = jax.vmap(update)(jnp.stack([P[1:-1, :3], P[1:-1, -3:]]))
        return jnp.concatenate(
            [first, jnp.concatenate([left, inner, right], axis=1), last], axis=0)

    def step(U):
        # blocks under 3 cells wide have no inner cells to overlap with
        return overlapped(U) if overlap and min(U.shape[:2]) >= 3 else blocking(U)
    return step


def serial_step(U):
    padded = jnp.pad(U, [(1, 1), (1, 1), (0, 0)], mode="wrap")  # rows 0, -1: set next
    return update(walls(padded, True, True))


def simulate(step, U0, steps):
    """`steps` time steps of `step` in one lax.scan."""
    def body(U, _):
        return step(U), None
    U, _ = lax.scan(body, U0, None, length=steps)
    return U


# ------------------------------------------------------------ initial data

def drops(shape, centres, amplitude=0.25, width=5.0):
    """Water at rest with Gaussian bumps of height at the given (y, x) centres."""
    y, x = np.meshgrid(np.arange(shape[0]), np.arange(shape[1]), indexing="ij")
    h = np.ones(shape)
    for cy, cx in centres:
        h += amplitude * np.exp(-((y - cy) ** 2 + (x - cx) ** 2) / width ** 2)
    return np.stack([h, np.zeros(shape), np.zeros(shape)], axis=-1)


def make_grid(comm=MPI.COMM_WORLD):
    """2-D process grid, periodic along x (axis 1) only."""
    return comm.Create_cart(MPI.Compute_dims(comm.Get_size(), 2), periods=(False, True))


# ------------------------------------------------------- forward comparison

def compare_with_serial(cart, shape=(64, 96), steps=150, overlap=True):
    """Run distributed and serial; return (this rank's final block, the global
    serial final state, the largest difference over all ranks)."""
    U0 = drops(shape, [(shape[0] * 0.35, shape[1] * 0.3), (shape[0] * 0.6, shape[1] * 0.7)])
    block = local_slices(shape + (3,), cart)
    dist = jax.jit(lambda U: simulate(distributed_step(cart, overlap), U, steps))
    mine = np.asarray(dist(U0[block]))
    serial = np.asarray(jax.jit(lambda U: simulate(serial_step, U, steps))(U0))
    diff = cart.allreduce(float(np.max(np.abs(mine - serial[block]))), op=MPI.MAX)
    return mine, serial, diff


def save_png(cart, shape, mine, path, title):
    """Gather the height field on rank 0 and save it as an image."""
    plt = pyplot()      # every rank, before the gather: without matplotlib all stop alike
    pieces = cart.gather((local_slices(shape + (3,), cart), mine[..., 0]), root=0)
    if cart.Get_rank() != 0:
        return
    h = np.empty(shape)
    for sl, part in pieces:
        h[sl[:2]] = part
    fig, ax = plt.subplots(figsize=(7, 4.8))
    im = ax.imshow(h, origin="lower", cmap="viridis")
    dims = cart.Get_topo()[0]
    for sl, _ in pieces:                  # rank boundaries
        if sl[0].start:
            ax.axhline(sl[0].start - 0.5, color="w", lw=0.5, ls="--")
        if sl[1].start:
            ax.axvline(sl[1].start - 0.5, color="w", lw=0.5, ls="--")
    fig.colorbar(im, ax=ax, label="water height h")
    ax.set_title(title)
    ax.set_xlabel("x (periodic)")
    ax.set_ylabel("y (walls)")
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def gather_global(cart, shape, mine):
    """The global (NY, NX, ...) array from every rank's block, on rank 0 (None elsewhere)."""
    pieces = cart.gather((local_slices(shape + (3,), cart)[:2], np.asarray(mine)), root=0)
    if cart.Get_rank() != 0:
        return None
    out = np.empty(shape + pieces[0][1].shape[2:])
    for sl, part in pieces:
        out[sl] = part
    return out


# ---------------------------------------------------------- inverse problem

def inverse_problem(cart, shape=(32, 48), steps=30, iterations=20, rate=1.5, log=print,
                    fields=None, overlap=True):
    """Recover the initial height from the final height by gradient descent.

    Returns (losses, initial relative error, final relative error). A dict
    `fields` receives this rank's blocks of the first gradient ("gradient")
    and of the fitted initial height ("h0").
    """
    truth = drops(shape, [(shape[0] * 0.4, shape[1] * 0.35), (shape[0] * 0.65, shape[1] * 0.7)],
                  amplitude=0.2, width=4.0)
    block = local_slices(shape + (3,), cart)
    step = distributed_step(cart, overlap)
    true0 = truth[block]
    run = jax.jit(lambda U: simulate(step, U, steps))
    observed = run(true0)[..., 0]                 # what we measure: final height only

    def misfit(h0):                               # this rank's share of the global misfit
        U0 = jnp.stack([h0, jnp.zeros_like(h0), jnp.zeros_like(h0)], axis=-1)
        return 0.5 * jnp.sum((simulate(step, U0, steps)[..., 0] - observed) ** 2)

    value_and_grad = jax.jit(jax.value_and_grad(misfit))
    h0 = jnp.ones(true0.shape[:2])                 # first guess: flat water

    def rel_error(h):
        num = cart.allreduce(float(jnp.sum((h - true0[..., 0]) ** 2)))
        den = cart.allreduce(float(np.sum((true0[..., 0] - 1.0) ** 2)))
        return (num / den) ** 0.5

    err0 = rel_error(h0)
    losses = []
    for it in range(iterations):
        value, grad = value_and_grad(h0)          # grad: of the global misfit
        losses.append(cart.allreduce(float(value)))
        if it == 0 and fields is not None:
            fields["gradient"] = np.asarray(grad)
        h0 = h0 - rate * grad
        if it % 5 == 0 or it == iterations - 1:
            log(f"  iteration {it:3d}: global misfit {losses[-1]:.3e}")
    if fields is not None:
        fields["h0"] = np.asarray(h0)
    return losses, err0, rel_error(h0)


# ---------------------------------------------------------------------- main

def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--png", default="shallow_water.png", help="image of the final height")
    parser.add_argument("--shape", type=int, nargs=2, default=(64, 96), metavar=("NY", "NX"))
    parser.add_argument("--steps", type=int, default=150)
    parser.add_argument("--inverse-iterations", type=int, default=20)
    parser.add_argument("--inverse-steps", type=int, default=30)
    parser.add_argument("--blocking", action="store_true",
                        help="exchange the halos first, then update (no overlap)")
    parser.add_argument("--save", metavar="PATH",
                        help="write the gathered final fields and inverse results to this .npz")
    args = parser.parse_args()
    pyplot()    # without matplotlib, stop now (every rank) rather than after the run

    cart = make_grid()
    rank = cart.Get_rank()
    log = print if rank == 0 else (lambda *a, **k: None)
    shape = tuple(args.shape)
    dims = tuple(cart.Get_topo()[0])
    log(f"shallow water {shape[0]}x{shape[1]} on a {dims[0]}x{dims[1]} process grid "
        f"({cart.Get_size()} ranks), {args.steps} steps, halos "
        + ("exchanged before each update" if args.blocking else
           "exchanged while the inner cells update"))

    start = time.perf_counter()
    mine, serial, diff = compare_with_serial(cart, shape, args.steps, not args.blocking)
    log(f"max |distributed - serial| = {diff:.3e}  ({time.perf_counter() - start:.1f} s "
        "including compilation)")
    mass = cart.allreduce(float(mine[..., 0].sum()))
    log(f"total water: {mass:.12f} (serial {serial[..., 0].sum():.12f})")
    save_png(cart, shape, mine, args.png, f"h after {args.steps} steps, {dims[0]}x{dims[1]} ranks")
    log(f"wrote {args.png}")

    log(f"inverse problem: recover the initial height from the height after "
        f"{args.inverse_steps} steps ({args.inverse_iterations} gradient steps, jax.grad "
        "through lax.scan)")
    start = time.perf_counter()
    fields, inverse_shape = {}, (32, 48)
    losses, err0, err1 = inverse_problem(cart, inverse_shape, steps=args.inverse_steps,
                                         iterations=args.inverse_iterations, log=log,
                                         fields=fields, overlap=not args.blocking)
    log(f"  misfit {losses[0]:.3e} -> {losses[-1]:.3e}; relative error of the initial "
        f"height {err0:.3f} -> {err1:.3f}  ({time.perf_counter() - start:.1f} s)")
    if args.save:
        final = gather_global(cart, shape, mine)
        gradient = gather_global(cart, inverse_shape, fields["gradient"])
        h0 = gather_global(cart, inverse_shape, fields["h0"])
        if rank == 0:
            np.savez(args.save, h=final[..., 0], hu=final[..., 1], hv=final[..., 2],
                     inverse_gradient=gradient, inverse_h0=h0, inverse_misfit=np.array(losses),
                     inverse_relative_error=np.array([err0, err1]))
        log(f"results written to {args.save}")
    cart.Free()
    finish(report([("max |distributed - serial|", diff, 1e-12),
                   ("final / first misfit of the inverse problem", losses[-1] / losses[0], 1e-2),
                   ("final / first error of the fitted initial height", err1 / err0, 0.5)],
                  rank))


if __name__ == "__main__":
    main()
