"""Solve a periodic 3-D Poisson problem with mpicoll's distributed FFT.

    laplacian(u) = f  on the periodic box [0, L)^3,  L = 2*pi

with the manufactured solution u(x, y, z) = sin(x) cos(2y) sin(3z) + cos(4x + z),
so f = -14 sin(x) cos(2y) sin(3z) - 17 cos(4x + z). In Fourier space the
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
from mpi4py import MPI  # noqa: E402

import mpicoll  # noqa: E402
from mpicoll import fft  # noqa: E402
from _checks import finish, report  # noqa: E402
from _plotting import pyplot  # noqa: E402

jax.config.update("jax_enable_x64", True)

L = 2 * np.pi


def exact_solution(x, y, z):
    return np.sin(x) * np.cos(2 * y) * np.sin(3 * z) + np.cos(4 * x + z)


def right_hand_side(x, y, z):
    return -14 * np.sin(x) * np.cos(2 * y) * np.sin(3 * z) - 17 * np.cos(4 * x + z)


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


def gather_field(u, slices, shape, comm):
    """The whole field from every rank's block, on rank 0 (None elsewhere)."""
    pieces = comm.gather((slices, u), root=0)
    if comm.rank != 0:
        return None
    field = np.zeros(shape)
    for sl, piece in pieces:
        field[sl] = piece
    return field


def save_slice(u, slices, shape, comm, path):
    """Gather the plane nearest z = pi/6 on rank 0 and plot it."""
    iz = round(shape[2] / 12)
    mine = slices[2].start <= iz < slices[2].stop
    pieces = comm.gather((slices, u[:, :, iz - slices[2].start] if mine else None), root=0)
    if comm.rank != 0:
        return
    plane = np.zeros(shape[:2])
    for sl, piece in pieces:
        if piece is not None:
            plane[sl[0], sl[1]] = piece
    plt = pyplot()
    fig, ax = plt.subplots(figsize=(5, 4))
    image = ax.imshow(plane.T, origin="lower", extent=(0, L, 0, L), cmap="RdBu_r")
    fig.colorbar(image, ax=ax, label=f"u(x, y, z = {iz * L / shape[2]:.3f})")
    ax.set(xlabel="x", ylabel="y",
           title=f"Poisson solution, {shape[0]}^3 grid, {comm.size} rank(s)")
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
    args = parser.parse_args()
    pyplot()    # without matplotlib, stop now (every rank) rather than after the solve
    world = MPI.COMM_WORLD
    comm = make_grid(world, args.grid)
    u, slices, error = solve(args.n, comm)
    save_slice(u, slices, (args.n,) * 3, comm, args.out)
    if args.save:
        field = gather_field(u, slices, (args.n,) * 3, comm)
        if world.rank == 0:
            np.savez(args.save, u=field, max_error=error)
            print(f"results (u, max_error) written to {args.save}")
    if world.rank == 0:
        dims = comm.Get_topo()[0]
        print(f"{args.n}^3 grid on {world.size} rank(s), {args.grid} grid {dims}: "
              f"max |u - u_exact| = {error:.3e}; plane z ~ pi/6 written to {args.out}")
    # the spectral solution of a smooth problem is exact to float64 rounding
    finish(report([("max |u - u_exact|", error, ERROR_LIMIT)], world.rank))


if __name__ == "__main__":
    main()
