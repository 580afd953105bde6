"""A periodic 3-D particle-mesh (PM) N-body code, differentiable, on MPI ranks.

Particles move under their own gravity in the periodic box [0, n)^3 (lengths
in mesh cells). Each step, kick-drift-kick leapfrog:

    v += a dt / 2;   x += v dt (mod n);   particles move to their new owner;
    a = force at x;  v += a dt / 2

with the force from the mesh: cloud-in-cell (CIC) deposit of the particles'
mass onto the mesh, Poisson's equation laplacian(phi) = rho - mean(rho)
solved with the distributed real FFT, a = -grad(phi) by spectral
differentiation, and CIC interpolation back to the particles.

The mesh is split into slabs along x (one per rank, `np.array_split`
blocks); a rank owns the particles inside its slab. Every piece of
communication is an mpicoll operation:

* deposit: each rank deposits onto its slab padded with one halo cell on
  both x sides; `halo_accumulate` adds what landed in a halo into the
  neighbour's slab;
* Poisson solve and forces: `rfft3d` / `irfft3d`;
* interpolation: `halo_exchange` fills the padded force slab;
* particles that left the slab: `migrate` (`ragged_alltoall` underneath),
  with the counts computed inside the step.

The whole run is one `jax.jit` with a `lax.scan` over steps, and `jax.grad`
of a loss of the final positions with respect to the initial displacements
goes back through all of it. Run:

    mpiexec -n 4 python examples/particle_mesh.py            # 32^3 mesh, 8^3 particles
    mpiexec -n 2 python examples/particle_mesh.py --check    # compare with 1 rank

It prints the particle count and, with --check, the largest difference
from the same run on one rank (particles matched by id) and the gradient
against a finite difference, a PASS or FAIL line for each (the status is
non-zero on any FAIL); rank 0 writes a PNG of the projected density at the start and the
end (with matplotlib: `pip install "mpicoll[examples]"`). With `--save
PATH`, rank 0 also writes to an .npz, gathered from every rank, the final
positions `position` (m^3, 3) and the loss's gradient with respect to the
initial displacements `gradient` (m^3, 3), both ordered by particle id
(`id`), and the loss `loss` (summed over ranks), for comparing runs at
other rank counts or on other devices (scripts/compare_runs.py).

The N-rank run is not bitwise the 1-rank run: the distributed FFT and the
deposits add the same terms in another order (and the halo accumulation
adds a neighbour's part to a cell separately), so float64 results differ
by rounding, a few ulps of the box size after a few steps;
tests/test_particle_mesh.py allows 1e-10 (cells, and relative for the
gradient).
"""

import argparse
import os
import sys

os.environ.setdefault("JAX_PLATFORMS", "cpu")
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from _checks import finish, report  # noqa: E402

import jax  # noqa: E402
import jax.numpy as jnp  # noqa: E402
import numpy as np  # noqa: E402
from jax import lax  # noqa: E402
from mpi4py import MPI  # noqa: E402

import mpicoll  # noqa: E402
from mpicoll import fft  # noqa: E402

jax.config.update("jax_enable_x64", True)


class Simulation:
    """A PM run of `n`^3 cells and `m`^3 particles on the slab grid `comm`."""

    def __init__(self, n, m, comm, steps=4, dt=0.5, capacity_factor=3.0):
        self.n, self.m, self.comm, self.steps, self.dt = n, m, comm, steps, dt
        self.shape = (n, n, n)
        self.slab = fft.local_slices(self.shape, comm)[0]     # my cells along x
        starts = [np.array_split(np.arange(n), comm.size)[r][0] for r in range(comm.size)]
        self.starts = jnp.asarray(starts)                     # first x cell of every slab
        # particles per rank: the lattice points in my slab, and room for more
        lattice_x = (np.arange(m) + 0.5) * n / m
        self.my_planes = lattice_x[(lattice_x >= self.slab.start) & (lattice_x < self.slab.stop)]
        self.count0 = len(self.my_planes) * m * m
        self.capacity = max(8, int(capacity_factor * m ** 3 / comm.size))
        k0, k1, k2 = fft.fftfreq(self.shape, comm, real=True)
        k = [2 * np.pi * k0, 2 * np.pi * k1, 2 * np.pi * k2]
        k_squared = k[0] ** 2 + k[1] ** 2 + k[2] ** 2
        # laplacian(phi) = rho - mean: phi_hat = -rho_hat / |k|^2, and 0 for the mean
        self.inverse = np.divide(-1.0, k_squared, out=np.zeros_like(k_squared),
                                 where=k_squared > 0)
        self.k = k

    # ---------------------------------------------------------------- set-up

    def initial(self, displacement):
        """Particles on the lattice points of my slab plus `displacement`
        (shape (count0, 3), cells): (positions, velocities, ids, count) padded
        to the capacity."""
        m, n = self.m, self.n
        ix = np.searchsorted((np.arange(m) + 0.5) * n / m, self.my_planes)
        grid = np.stack(np.meshgrid(ix, np.arange(m), np.arange(m), indexing="ij"), -1)
        grid = grid.reshape(-1, 3)
        ids = grid[:, 0] * m * m + grid[:, 1] * m + grid[:, 2]
        lattice = (grid + 0.5) * n / m
        pad = self.capacity - self.count0
        pos = jnp.concatenate([(lattice + displacement) % n, jnp.zeros((pad, 3))])
        ids = np.concatenate([ids, np.full(pad, -1)])
        return {"pos": pos, "vel": jnp.zeros_like(pos), "id": jnp.asarray(ids)}, self.count0

    # ----------------------------------------------------------- mesh parts

    def cic(self, pos):
        """For each particle, its 8 cells (x index in my padded slab, y, z) and
        weights: arrays of shape (8, particles), one row per corner (all eight
        at once: one scatter or gather per deposit or interpolation, which
        compiles in half the time of eight)."""
        corners = np.array([(dx, dy, dz) for dx in (0, 1) for dy in (0, 1) for dz in (0, 1)])
        cell = pos - 0.5
        base = jnp.floor(cell)
        frac = cell - base
        cells = base.astype(jnp.int32) + corners[:, None, :]              # (8, particles, 3)
        # per axis: frac towards the upper cell, 1 - frac towards the lower one
        w = jnp.where(corners[:, None, :] == 1, frac, 1 - frac)
        w = w[..., 0] * w[..., 1] * w[..., 2]
        ix = cells[..., 0] - self.slab.start + 1                          # +1: the lower halo
        iy = cells[..., 1] % self.n
        iz = cells[..., 2] % self.n
        return ix, iy, iz, w

    def deposit(self, pos, valid):
        """The mass density on my slab (mean 1 over the box)."""
        nx = self.slab.stop - self.slab.start
        padded = jnp.zeros((nx + 2, self.n, self.n))
        mass = valid * (self.n / self.m) ** 3
        ix, iy, iz, w = self.cic(pos)
        padded = padded.at[ix, iy, iz].add(mass * w)
        padded = mpicoll.halo_accumulate(padded, 1, self.comm, periodic=True)   # into neighbours
        return padded[1:-1]

    def acceleration(self, pos, valid):
        rho = self.deposit(pos, valid)
        phi_hat = mpicoll.rfft3d(rho, self.comm) * self.inverse
        # a = -grad(phi): the three components as one batched inverse transform
        gradient_hat = jnp.stack([1j * k * phi_hat for k in self.k])
        force = -jnp.moveaxis(mpicoll.irfft3d(gradient_hat, self.n, self.comm), 0, -1)
        padded = jnp.pad(force, ((1, 1), (0, 0), (0, 0), (0, 0)))
        padded = mpicoll.halo_exchange(padded, 1, self.comm, periodic=True)
        ix, iy, iz, w = self.cic(pos)
        return jnp.sum(w[..., None] * padded[ix, iy, iz], axis=0)

    # ------------------------------------------------------------ stepping

    def owner(self, pos):
        cell = jnp.floor(pos[:, 0]).astype(jnp.int32)
        return jnp.searchsorted(self.starts, cell, side="right").astype(jnp.int32) - 1

    def valid(self, count):
        return (jnp.arange(self.capacity) < count).astype(jnp.float64)

    def run(self, state, count):
        """`self.steps` leapfrog steps; returns the final state and count."""
        dt = self.dt
        # displaced particles may sit in a neighbour's slab: move them there first
        state, count = mpicoll.migrate(state, self.owner(state["pos"]), count, self.capacity,
                                       comm=self.comm)
        accel = self.acceleration(state["pos"], self.valid(count))

        def step(carry, _):
            state, count, accel = carry
            vel = state["vel"] + 0.5 * dt * accel
            pos = (state["pos"] + dt * vel) % self.n
            state, count = mpicoll.migrate(dict(state, pos=pos, vel=vel), self.owner(pos),
                                           count, self.capacity, comm=self.comm)
            valid = self.valid(count)
            accel = self.acceleration(state["pos"], valid)
            state = dict(state, vel=(state["vel"] + 0.5 * dt * accel) * valid[:, None])
            return (state, count, accel), None

        (state, count, _), _ = lax.scan(step, (state, count, accel), None, length=self.steps)
        return state, count

    def loss(self, displacement):
        """A smooth function of the final positions, summed over every rank,
        and (as aux) the final state and count."""
        state, count = self.run(*self.initial(displacement))
        valid = self.valid(count)
        angle = 2 * np.pi * state["pos"] / self.n
        value = jnp.sum(valid[:, None] * (jnp.sin(angle) + 0.5 * jnp.cos(2 * angle)))
        return value, (state, count)


def initial_displacement(sim, amplitude=0.8, seed=3):
    """A smooth displacement field, the same function of the particle id on any rank count."""
    pos, count = sim.initial(np.zeros((sim.count0, 3)))
    ids = np.asarray(pos["id"][:count])
    rng = np.random.default_rng(seed)
    phases = rng.uniform(0, 2 * np.pi, (3, 3))
    m = sim.m
    grid = np.stack([ids // (m * m), (ids // m) % m, ids % m], -1) * 2 * np.pi / m
    return amplitude * np.stack([np.sin(grid @ np.array([1, 1, 0]) + phases[d, 0]) +
                                 np.cos(grid[:, d] + phases[d, 1]) for d in range(3)], -1)


def gather_by_id(sim, state, count, values):
    """Every rank's valid rows of `values`, ordered by particle id (on every rank)."""
    ids = np.asarray(state["id"][:count])
    rows = np.asarray(values[:count])
    all_ids = np.concatenate(sim.comm.allgather(ids))
    all_rows = np.concatenate(sim.comm.allgather(rows))
    return all_rows[np.argsort(all_ids)], np.sort(all_ids)


# The central difference's step. The loss is smooth only between kinks:
# cloud-in-cell weights change slope where a particle crosses a cell face,
# and 512 particles over 8 steps cross some within a step of 1e-5 or 1e-6
# (measured at the defaults, 1 rank: 1.6e-2 and 2.9e-3 from the gradient's
# directional derivative), while 1e-7 crosses none (1.6e-8 at 1 and 4
# ranks, 1.8e-9 at 2) and 1e-8 is already rounding (1.2e-7).
FD_STEP = 1e-7
FD_LIMIT = 1e-6      # relative to max(1, |directional derivative|)


def run_and_differentiate(sim, displacement, direction, eps=FD_STEP, plant=0.0):
    """Final positions and the loss's gradient (by particle id, every rank's,
    on every rank); and, summed over ranks, the loss's finite difference
    along `direction`, the gradient's directional derivative, the particle
    count, the loss, and the finite difference's plus - minus (the loss at
    displacement + eps * direction minus the loss at - eps * direction): one
    compiled function of the displacement. `plant` scales the gradient by
    1 + plant: a planted error, for showing that the checks catch one."""
    value_and_grad = jax.jit(jax.value_and_grad(sim.loss, has_aux=True))
    (value, (state, count)), grad = value_and_grad(displacement)
    grad = grad * (1.0 + plant)
    final, ids = gather_by_id(sim, state, count, state["pos"])
    start, count0 = sim.initial(displacement)
    grads, _ = gather_by_id(sim, start, count0, grad)
    plus = float(value_and_grad(displacement + eps * direction)[0][0])
    minus = float(value_and_grad(displacement - eps * direction)[0][0])
    difference = sim.comm.allreduce(plus - minus)
    fd = difference / (2 * eps)
    directional = sim.comm.allreduce(float(np.sum(np.asarray(grad) * direction)))
    return (final, ids, grads, fd, directional, int(sim.comm.allreduce(int(count))),
            sim.comm.allreduce(float(value)), difference)


def compare_with_one_rank(n, m, steps, comm, plant=0.0):
    """Run on `comm` and on one rank (COMM_SELF, every particle), and compare
    the final positions and the gradient, particles matched by id; and the
    gradient against a finite difference of the loss. Returns the largest
    differences (the same on every rank)."""
    sim = Simulation(n, m, comm, steps=steps)
    disp = initial_displacement(sim)
    direction = np.random.default_rng(7 + comm.rank).normal(size=disp.shape)
    final, ids, grads, fd, directional, count, _, difference = run_and_differentiate(
        sim, disp, direction, plant=plant)
    if comm.size > 1:    # rank 0 runs the one-rank reference, the others wait for it
        reference = None
        if comm.rank == 0:
            serial = Simulation(n, m, MPI.COMM_SELF.Create_cart([1], periods=[True]), steps=steps)
            serial_disp = initial_displacement(serial)
            reference = run_and_differentiate(serial, serial_disp,
                                              np.zeros_like(serial_disp))[:3]
        s_final, s_ids, s_grads = comm.bcast(reference, root=0)
    else:
        s_final, s_ids, s_grads = final, ids, grads
    # positions wrap at n: compare the shortest periodic distance
    wrapped = (final - s_final + n / 2) % n - n / 2
    return {"same particles": bool(np.array_equal(ids, s_ids)),
            "position": float(np.abs(wrapped).max()),
            "gradient": float(np.abs(grads - s_grads).max() / np.abs(s_grads).max()),
            "finite difference": abs(fd - directional) / max(1.0, abs(directional)),
            "plus - minus": difference, "directional": directional,
            "count": count}


def judged(result, m):
    """The figures of `compare_with_one_rank`'s result with their limits,
    for `_checks.report`: the same particles, none lost, positions and
    gradient as on one rank up to rounding (the FFTs and deposits add in
    another order), and the gradient against the finite difference."""
    return [("same particles as on one rank", result["same particles"], None),
            ("no particle lost or duplicated", result["count"] == m ** 3, None),
            ("positions vs one rank (cells)", result["position"], 1e-10),
            ("gradient vs one rank (relative)", result["gradient"], 1e-10),
            (f"finite difference (step {FD_STEP:g}) vs gradient", result["finite difference"],
             FD_LIMIT)]


def save_results(sim, path):
    """Rank 0 writes the final positions and the loss's gradient (by particle
    id, gathered from every rank) and the loss to the .npz `path`."""
    disp = initial_displacement(sim)
    final, ids, grads, *_, loss, _ = run_and_differentiate(sim, disp, np.zeros_like(disp))
    if sim.comm.rank == 0:
        np.savez(path, position=final, gradient=grads, id=ids, loss=loss)
        print(f"results (position, gradient, id, loss) written to {path}")


def projected_density(sim, state, count):
    """The mass density summed along z, gathered on rank 0 (None elsewhere)."""
    rho = np.asarray(jax.jit(sim.deposit)(state["pos"], sim.valid(count))).sum(axis=2)
    slabs = sim.comm.gather(rho, root=0)
    return np.concatenate(slabs) if sim.comm.rank == 0 else None


def save_picture(before, after, sim, path):
    from _plotting import pyplot
    plt = pyplot()
    fig, axes = plt.subplots(1, 2, figsize=(8, 4))
    for ax, image, title in zip(axes, (before, after), ("start", f"after {sim.steps} steps")):
        ax.imshow(image.T, origin="lower", cmap="magma")
        ax.set(title=f"projected density, {title}", xlabel="x", ylabel="y")
    fig.tight_layout()
    fig.savefig(path, dpi=110)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=32, help="mesh cells per axis")
    parser.add_argument("--m", type=int, default=8, help="particles per axis")
    parser.add_argument("--steps", type=int, default=8)
    parser.add_argument("--check", action="store_true",
                        help="compare with the same run on one rank")
    parser.add_argument("--out", default="particle_mesh.png")
    parser.add_argument("--save", metavar="PATH", help="write the gathered final positions, "
                        "gradient (by particle id) and loss to this .npz")
    args = parser.parse_args()
    world = MPI.COMM_WORLD
    comm = world.Create_cart([world.size], periods=[True])
    ok = True
    if args.check:
        result = compare_with_one_rank(args.n, args.m, args.steps, comm)
        if world.rank == 0:
            print(result)
        ok = report(judged(result, args.m), world.rank)
    sim = Simulation(args.n, args.m, comm, steps=args.steps)
    if args.save:
        save_results(sim, args.save)
    if args.check:
        finish(ok)
    state, count = sim.initial(initial_displacement(sim))
    before = projected_density(sim, state, count)
    state, count = jax.jit(sim.run)(state, count)
    after = projected_density(sim, state, count)
    total = comm.allreduce(int(count))
    if world.rank == 0:
        save_picture(before, after, sim, args.out)
        print(f"{args.n}^3 mesh, {args.m ** 3} particles ({total} after {args.steps} steps) "
              f"on {world.size} rank(s); density picture: {args.out}")


if __name__ == "__main__":
    main()
