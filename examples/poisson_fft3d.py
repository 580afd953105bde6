"""Solve a periodic 3-D Poisson problem with mpicoll's distributed FFT.

    laplacian(u) = f  on the periodic box [0, L)^3,  L = 2*pi

with the manufactured solution

    u(x, y, z) = sin(x) cos(2y) sin(3z) + cos(4x + y + z),
    f(x, y, z) = -14 sin(x) cos(2y) sin(3z) - 18 cos(4x + y + z)

(no shift by half the box along x, y or both leaves u as it is, so a block
put in the wrong half of the grid shows in the error). In Fourier space the
Laplacian is multiplication by -|2 pi k|^2 (k from `mpicoll.fft.fftfreq`), so

    u_hat = -f_hat / |2 pi k|^2   (and 0 for the mean, k = 0).

Each rank holds one block of the grid (slabs or pencils); the whole solve is
one jitted function of the rank's block. Run:

    mpiexec -n 4 python examples/poisson_fft3d.py                 # 2 x 2 pencils
    mpiexec -n 4 python examples/poisson_fft3d.py --grid slab --n 96

It prints the max error against the analytic solution (float64: ~1e-14;
PASS or FAIL against 1e-10, and a non-zero exit status on FAIL) and
writes a PNG of the plane z ~ pi/6 of the computed solution (with matplotlib:
`pip install "mpicoll[examples]"`; without it the example stops at once and says so).
With `--save PATH`, rank 0 also writes the whole solution `u` (n, n, n),
gathered from every rank, and `max_error` to an .npz, for comparing runs at
other rank counts or on other devices (scripts/compare_runs.py).

With `--devices D` (D > 1) each process drives D local devices and the solve
is one `mpicoll.spmd` body over a mesh of P processes x D devices: pencils,
the 3-D FFT written with `jnp.fft` along the local axis and `lax.all_to_all`
to transpose, once between the devices of a process (JAX's own collective)
and once across processes (MPI). 2 processes x 2 CPU devices (the
device-count flag must come first in XLA_FLAGS):

    mpiexec -n 2 env XLA_FLAGS="--xla_force_host_platform_device_count=2 $XLA_FLAGS" \\
        python examples/poisson_fft3d.py --devices 2 --save u_2x2.npz

gives the same `u` as `mpiexec -n 4 python examples/poisson_fft3d.py --save
u_4x1.npz` (`python scripts/compare_runs.py u_2x2.npz u_4x1.npz`), and the
same error. n must be divisible by P and by D.
"""

import argparse
import os
import sys

os.environ.setdefault("JAX_PLATFORMS", "cpu")
# The examples' shared helper (examples/_plotting.py) is found also when this
# file is loaded by path rather than run as a script (as the tests do).
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import jax  # noqa: E402
import jax.numpy as jnp  # noqa: E402
import numpy as np  # noqa: E402
from jax import lax  # noqa: E402
from mpi4py import MPI  # noqa: E402

import mpicoll  # noqa: E402
from mpicoll import fft  # noqa: E402
from _checks import finish, report  # noqa: E402
from _plotting import pyplot  # noqa: E402

jax.config.update("jax_enable_x64", True)

L = 2 * np.pi


def exact_solution(x, y, z):
    return np.sin(x) * np.cos(2 * y) * np.sin(3 * z) + np.cos(4 * x + y + z)


def right_hand_side(x, y, z):
    return -14 * np.sin(x) * np.cos(2 * y) * np.sin(3 * z) - 18 * np.cos(4 * x + y + z)


def make_grid(comm_world, kind):
    if kind == "slab":
        return comm_world.Create_cart([comm_world.size])
    return comm_world.Create_cart(MPI.Compute_dims(comm_world.size, 2))


def local_coordinates(shape, comm):
    """This rank's x, y, z coordinates (broadcastable) and its slices."""
    slices = fft.local_slices(shape, comm)
    h = L / np.asarray(shape)
    axes = [np.arange(s.start, s.stop) * h[i] for i, s in enumerate(slices)]
    return np.meshgrid(*axes, indexing="ij", sparse=True), slices


def solve(n, comm):
    """Return (this rank's solution block, its slices, max error over all ranks)."""
    shape = (n, n, n)
    (x, y, z), slices = local_coordinates(shape, comm)
    f = right_hand_side(x, y, z)
    k0, k1, k2 = fft.fftfreq(shape, comm, d=L / n, real=True)
    k_squared = (2 * np.pi) ** 2 * (k0 ** 2 + k1 ** 2 + k2 ** 2)
    # 1 / |2 pi k|^2, with the mean mode (k = 0, held by one rank) set to zero
    inverse = np.divide(-1.0, k_squared, out=np.zeros_like(k_squared), where=k_squared > 0)

    @jax.jit
    def poisson(f_block):
        return mpicoll.irfft3d(mpicoll.rfft3d(f_block, comm) * inverse, n, comm)

    u = np.asarray(poisson(f))
    error = np.abs(u - exact_solution(x, y, z)).max()
    return u, slices, comm.allreduce(error, op=MPI.MAX)


def solve_on_devices(n, D, comm):
    """The solve of `solve` over P processes x D local devices each, in one
    `mpicoll.spmd` body; returns (this rank's D blocks stacked, the list of
    their slices, max error over all ranks).

    The mesh has axes ("p", "d") of sizes (P, D): cell (p, d) is local
    device d of rank p (global device p * D + d). It starts with the pencil
    x block p, y block d, all of z: shape (n/P, n/D, n). The forward FFT:
    along z; `all_to_all` over "d" (inside the process) trades z for y, to
    (n/P, n, n/D), x block p, z block d; FFT along y; `all_to_all` over
    "p" (across processes, through MPI) trades y for x, to (n, n/P, n/D),
    y block p, z block d; FFT along x. The spectral solve there (wavenumbers:
    all of x's, y's block p, z's block d); the inverse FFT retraces the
    steps back to the first layout, the block `spmd` returns for cell (p, d).
    """
    P = comm.size
    nP, nD = n // P, n // D       # block lengths of an axis split over p, over d
    mesh = mpicoll.ProcessMesh((P, D), ("p", "d"), comm=comm, devices_per_process=D)
    m = np.fft.fftfreq(n, 1 / n)    # wavenumbers (L = 2 pi): 2 pi k = m

    def poisson(f):
        g = jnp.fft.fft(f, axis=2)
        g = lax.all_to_all(g, "d", 2, 1, tiled=True)     # z split, y whole
        g = jnp.fft.fft(g, axis=1)
        g = lax.all_to_all(g, "p", 1, 0, tiled=True)     # y split, x whole
        g = jnp.fft.fft(g, axis=0)
        my = lax.dynamic_slice_in_dim(jnp.asarray(m), lax.axis_index("p") * nP, nP)
        mz = lax.dynamic_slice_in_dim(jnp.asarray(m), lax.axis_index("d") * nD, nD)
        m2 = m[:, None, None] ** 2 + my[None, :, None] ** 2 + mz[None, None, :] ** 2
        # -1 / |2 pi k|^2, and 0 for the mean mode (held by cell (0, 0))
        g = g * jnp.where(m2 > 0, -1 / jnp.where(m2 > 0, m2, 1), 0)
        g = jnp.fft.ifft(g, axis=0)
        g = lax.all_to_all(g, "p", 0, 1, tiled=True)     # x split, y whole
        g = jnp.fft.ifft(g, axis=1)
        g = lax.all_to_all(g, "d", 1, 2, tiled=True)     # y split, z whole
        return jnp.fft.ifft(g, axis=2).real

    h = L / n
    slices = [(slice(comm.rank * nP, (comm.rank + 1) * nP), slice(d * nD, (d + 1) * nD),
               slice(0, n)) for d in range(D)]
    coords = [np.meshgrid(*[np.arange(s.start, s.stop) * h for s in sl], indexing="ij",
                          sparse=True) for sl in slices]
    f = np.stack([right_hand_side(*xyz) for xyz in coords])     # (D, n/P, n/D, n)
    spec = jax.P("p", "d")
    u = np.asarray(mpicoll.spmd(poisson, mesh, in_specs=(spec,), out_specs=spec)(f))
    error = max(np.abs(u[d] - exact_solution(*coords[d])).max() for d in range(D))
    return u, slices, comm.allreduce(error, op=MPI.MAX)


def blocks(u, slices):
    """[(slices, block)] of a rank: its one block, or (slices a list) its
    devices' blocks, stacked."""
    return list(zip(slices, u)) if isinstance(slices, list) else [(slices, u)]


def gather_field(u, slices, shape, comm):
    """The whole field from every rank's block(s), on rank 0 (None elsewhere)."""
    pieces = comm.gather(blocks(u, slices), root=0)
    if comm.rank != 0:
        return None
    field = np.zeros(shape)
    for sl, piece in (b for rank_blocks in pieces for b in rank_blocks):
        field[sl] = piece
    return field


def save_slice(u, slices, shape, comm, path, title=None):
    """Gather the plane nearest z = pi/6 on rank 0 and plot it."""
    iz = round(shape[2] / 12)
    mine = [(sl, b[:, :, iz - sl[2].start]) for sl, b in blocks(u, slices)
            if sl[2].start <= iz < sl[2].stop]
    pieces = comm.gather(mine, root=0)
    if comm.rank != 0:
        return
    plane = np.zeros(shape[:2])
    for sl, piece in (b for rank_blocks in pieces for b in rank_blocks):
        plane[sl[0], sl[1]] = piece
    plt = pyplot()
    fig, ax = plt.subplots(figsize=(5, 4))
    image = ax.imshow(plane.T, origin="lower", extent=(0, L, 0, L), cmap="RdBu_r")
    fig.colorbar(image, ax=ax, label=f"u(x, y, z = {iz * L / shape[2]:.3f})")
    ax.set(xlabel="x", ylabel="y",
           title=f"Poisson solution, {shape[0]}^3 grid, {title or f'{comm.size} rank(s)'}")
    fig.tight_layout()
    fig.savefig(path, dpi=120)


# float64 gives about 1e-14 at any size and rank count; a wrong transform,
# layout or scaling gives O(1)
ERROR_LIMIT = 1e-10


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=64, help="grid points per axis")
    parser.add_argument("--grid", choices=["pencil", "slab"], default="pencil")
    parser.add_argument("--out", default="poisson_fft3d.png", help="PNG of the plane z ~ pi/6")
    parser.add_argument("--save", metavar="PATH",
                        help="write the gathered solution and the max error to this .npz")
    parser.add_argument("--devices", type=int, default=1, metavar="D",
                        help="local devices per process (default 1); D > 1 solves with "
                             "mpicoll.spmd on P processes x D devices (pencils)")
    args = parser.parse_args()
    world = MPI.COMM_WORLD
    if args.devices < 1 or args.devices > jax.local_device_count():
        parser.error(f"--devices {args.devices}: must be from 1 to this process's number of "
                     f"JAX devices, {jax.local_device_count()}; for more CPU devices start "
                     "with XLA_FLAGS="
                     '"--xla_force_host_platform_device_count=D $XLA_FLAGS"')
    if args.devices > 1 and (args.n % world.size or args.n % args.devices):
        parser.error(f"--devices {args.devices}: --n {args.n} must be divisible by the number "
                     f"of processes ({world.size}) and by the devices per process "
                     f"({args.devices}) (the pencils' x, y and z splits)")
    if args.devices > 1 and args.grid != "pencil":
        parser.error(f"--devices {args.devices}: runs the pencil grid (processes x devices) "
                     f"only, not --grid {args.grid}")
    pyplot()    # without matplotlib, stop now (every rank) rather than after the solve
    shape = (args.n,) * 3
    if args.devices == 1:
        comm = make_grid(world, args.grid)
        u, slices, error = solve(args.n, comm)
        title, layout = None, f"{world.size} rank(s), {args.grid} grid {comm.Get_topo()[0]}"
    else:
        comm = world
        u, slices, error = solve_on_devices(args.n, args.devices, comm)
        title = f"{world.size} process(es) x {args.devices} devices"
        layout = title + ", pencils"
    save_slice(u, slices, shape, comm, args.out, title)
    if args.save:
        field = gather_field(u, slices, shape, comm)
        if world.rank == 0:
            np.savez(args.save, u=field, max_error=error)
            print(f"results (u, max_error) written to {args.save}")
    if world.rank == 0:
        print(f"{args.n}^3 grid on {layout}: "
              f"max |u - u_exact| = {error:.3e}; plane z ~ pi/6 written to {args.out}")
    # the spectral solution of a smooth problem is exact to float64 rounding
    finish(report([("max |u - u_exact|", error, ERROR_LIMIT)], world.rank))


if __name__ == "__main__":
    main()
