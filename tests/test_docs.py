"""The code the documentation shows runs as written, at every rank count.

Each page's ```python blocks run in order in one namespace, as the pages say
(a snippet either starts a program or continues the one above it). Many
snippets assert their own claims; the tests below also check their results
against NumPy on the gathered global arrays. A block whose first lines say
"not run by the tests" (code for another library) is left out, and only
there.

The API reference (docs/api.rst) must name every public function, so that a
new one cannot be left out of the site.
"""

import pathlib
import re

import jax
import jax.numpy as jnp
import numpy as np
import pytest
from mpi4py import MPI

ROOT = pathlib.Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
NOT_RUN = "not run by the tests"


def python_blocks(path):
    """(first line number, code) of each ```python block of a Markdown file."""
    text = path.read_text()
    return [(text.count("\n", 0, m.start(1)), m.group(1))
            for m in re.finditer(r"^```python\n(.*?)^```", text, re.S | re.M)]


def run_page(path):
    """Run the page's Python blocks in order in one namespace and return it.

    Each block is compiled on its own, shifted to its line in the page, so a
    failure's traceback names the page and the line."""
    namespace = {"__name__": "__docs__"}
    blocks = python_blocks(path)
    assert blocks, f"{path} shows no Python code"
    for line, code in blocks:
        if NOT_RUN in "\n".join(code.splitlines()[:3]):
            continue
        exec(compile("\n" * line + code, str(path), "exec"), namespace)
    return namespace


def gather_rows(comm, block, slices):
    """The global array assembled on every rank from every rank's block."""
    pieces = comm.allgather((slices, np.asarray(block)))
    shape = [max(s[i].stop for s, _ in pieces) for i in range(len(slices))]
    out = np.zeros(shape + list(pieces[0][1].shape[len(slices):]),
                   dtype=pieces[0][1].dtype)
    for s, b in pieces:
        out[s] = b
    return out


def test_tutorial_snippets_run_and_agree():
    namespace = run_page(DOCS / "tutorial.md")
    # The snippets assert their own claims; the gradient must also be the
    # same on every rank and equal the serial least-squares gradient.
    comm = MPI.COMM_WORLD
    X = np.concatenate(comm.allgather(namespace["X_local"]))
    y = np.concatenate(comm.allgather(namespace["y_local"]))
    w = np.asarray(namespace["w"])
    serial = 2 * X.T @ (X @ w - y) / len(y)
    np.testing.assert_allclose(np.asarray(namespace["g"]), serial, rtol=1e-12, atol=1e-14)


def test_tutorial_shard_map_example_runs_both_ways(tmp_path_factory):
    """The per-device function of "From shard_map to MPI" gives the same
    blocks with mpicoll.spmd on the ranks as with jax.shard_map on as many
    local CPU devices in one process (run by rank 0, without MPI)."""
    import os
    import subprocess
    import sys
    from conftest import wait_quietly
    comm = MPI.COMM_WORLD
    namespace = run_page(DOCS / "tutorial.md")
    blocks = [code for _, code in python_blocks(DOCS / "tutorial.md")]
    definition = next(code for code in blocks if "def smooth(" in code)
    one_process = next(code for code in blocks if "smooth_devices" in code)
    error = None
    if comm.rank == 0:
        out = tmp_path_factory.mktemp("shard_map") / "smooth.npz"
        script = "\n".join([
            "import jax, jax.numpy as jnp, numpy as np",
            "jax.config.update('jax_enable_x64', True)",
            f"jax.config.update('jax_num_cpu_devices', {comm.size})",
            definition, one_process,
            f"np.savez({str(out)!r}, v=np.asarray(v), v_total=np.asarray(v_total))"])
        run = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                             timeout=300, env=dict(os.environ, JAX_PLATFORMS="cpu"))
        error = run.stderr[-3000:] if run.returncode else None
        reference = dict(np.load(out)) if error is None else None
    else:
        reference = None
    wait_quietly(comm)
    error, reference = comm.bcast((error, reference))
    assert error is None, error
    rank = comm.rank
    np.testing.assert_allclose(namespace["v_block"], reference["v"][4 * rank:4 * rank + 4],
                               rtol=1e-12)
    np.testing.assert_allclose(namespace["v_total"], reference["v_total"], rtol=1e-12)


def test_differentiation_snippets_run_and_agree():
    namespace = run_page(DOCS / "differentiation.md")
    rank, size = MPI.COMM_WORLD.Get_rank(), MPI.COMM_WORLD.Get_size()
    # The page's hand computation, at any number of ranks: the outputs are
    # (s + 1) * y, so the gradient is sum(s + 1) on every rank, and tangents
    # 10**s give rank r the tangent (r + 1) * sum(10**s).
    f = namespace["rank_output"]
    x = jnp.float32(rank)
    assert float(jax.grad(f)(x)) == size * (size + 1) / 2
    _, t = jax.jvp(f, (x,), (jnp.float32(10.0 ** rank),))
    assert float(t) == pytest.approx((rank + 1) * sum(10.0 ** s for s in range(size)))
    # data_parallel.py: the allreduced gradient equals the serial one.
    np.testing.assert_allclose(namespace["g_serial"],
                               2 * namespace["X_all"].T @ (namespace["X_all"] @ namespace["w"]
                                                            - namespace["y_all"]) / 100,
                               rtol=1e-12)


def test_fft3d_snippets_run_and_agree():
    namespace = run_page(DOCS / "fft3d.md")
    # The snippets check the transform and the Poisson solver themselves;
    # here also the inverse of the forward block, through the same grid.
    fft, pencils = namespace["fft"], namespace["pencils"]
    g = namespace["g"]
    y = namespace["y"]
    back = jax.jit(lambda v: namespace["mpicoll"].ifft3d(v, pencils))(y)
    np.testing.assert_allclose(back, g[fft.local_slices(g.shape, pencils)], atol=1e-12)


def test_halo_snippet_matches_serial_diffusion():
    namespace = run_page(DOCS / "halo.md")
    cart, shape = namespace["cart"], namespace["shape"]
    mine = namespace["local_slices"](shape, cart)
    result = gather_rows(MPI.COMM_WORLD, namespace["u"], mine)
    # The same 100 steps on the whole array: zeros beyond the walls of axis
    # 0 (not periodic), wrap-around along axis 1 (periodic).
    u = np.random.default_rng(0).normal(size=shape)
    for _ in range(100):
        p = np.pad(np.pad(u, ((0, 0), (1, 1)), mode="wrap"), ((1, 1), (0, 0)))
        u = u + 0.1 * (p[:-2, 1:-1] + p[2:, 1:-1] + p[1:-1, :-2] + p[1:-1, 2:] - 4 * u)
    np.testing.assert_allclose(result, u, rtol=1e-12, atol=1e-12)


def test_readme_snippets_run_and_agree():
    namespace = run_page(ROOT / "README.md")
    rank, size = MPI.COMM_WORLD.Get_rank(), MPI.COMM_WORLD.Get_size()
    # The first example: the global sum of the ranks' numbers, and the ring
    # shift's value from the left neighbour.
    total, left = namespace["step"](jnp.full(3, float(rank)))
    np.testing.assert_array_equal(total, np.full(3, size * (size - 1) / 2))
    np.testing.assert_array_equal(left, np.full(3, float((rank - 1) % size)))


def test_operations_snippets_run_and_agree():
    namespace = run_page(DOCS / "operations.md")
    size = MPI.COMM_WORLD.Get_size()
    # The FFT block: y is this rank's block of np.fft.fftn of the global
    # array (the block's global array is drawn again: the halo block reuses
    # the names g and comm).
    fft, shape = namespace["fft"], namespace["shape"]
    g = np.random.default_rng(0).normal(size=shape)
    pencils = MPI.COMM_WORLD.Create_cart(MPI.Compute_dims(size, 2))
    fourier = fft.local_slices(shape, pencils, space="fourier")
    np.testing.assert_allclose(namespace["y"], np.fft.fftn(g)[fourier], atol=1e-9)
    # The halo block: the 5-point Laplacian of the periodic global array.
    g, comm = namespace["g"], namespace["comm"]
    p = np.pad(g, 1, mode="wrap")
    serial = p[:-2, 1:-1] + p[2:, 1:-1] + p[1:-1, :-2] + p[1:-1, 2:] - 4 * g
    mine = namespace["halo"].local_slices(g.shape, comm)
    np.testing.assert_allclose(namespace["lap"], serial[mine], atol=1e-12)


def test_api_reference_names_every_public_function():
    import mpicoll
    import mpicoll.fft
    import mpicoll.halo
    text = (DOCS / "api.rst").read_text()
    documented = set()
    module = None
    for directive, name in re.findall(
            r"^\.\. (currentmodule|autofunction|autoclass|automodule):: (\S+)",
                                      text, re.M):
        if directive == "currentmodule":
            module = name
        elif directive == "automodule":
            documented.add(name)
        else:
            documented.add(f"{module}.{name}")
    missing = []
    for mod in (mpicoll, mpicoll.fft, mpicoll.halo):   # compat: one automodule
        for name in mod.__all__:
            obj = getattr(mod, name)
            # mpicoll.fft3d is mpicoll.fft.fft3d: documented once, under fft.
            candidates = {f"{mod.__name__}.{name}",
                          f"{getattr(obj, '__module__', '').replace('._src', '')}.{name}",
                          getattr(obj, "__name__", "")}
            if not candidates & documented:
                missing.append(f"{mod.__name__}.{name}")
    assert not missing, f"docs/api.rst does not document: {missing}"
