"""`python -m mpicoll` (versions and setup) and its `--self-test`.

The plain report runs as a single-process MPI program in a subprocess on rank
0 (launcher variables removed, as in test_interleave.py); the self-test runs
in-process on every rank, at the rank count of the harness.
"""
import importlib.metadata
import os
import subprocess
import sys

import jax
import mpi4py
import numpy as np
from mpi4py import MPI

import mpicoll
from mpicoll._src import info, memory

WORLD = MPI.COMM_WORLD


def _single_process_env():
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("PMI_", "PMIX_", "HYDRA_", "MPIR_", "MPI_LOCAL", "OMPI_"))}
    env.pop("JAX_PLATFORMS", None)     # `python -m mpicoll` must pick the CPU itself
    return env


def _fields(stdout):
    fields = {}
    for line in stdout.splitlines():
        label, sep, value = line.partition(":")
        if sep:
            fields[label.strip()] = value.strip()
    return fields


def test_info_command_prints_real_values():
    """Every field is there with the value this process sees too."""
    if WORLD.rank != 0:
        return
    out = subprocess.run([sys.executable, "-m", "mpicoll"], env=_single_process_env(),
                         capture_output=True, text=True, timeout=240)
    assert out.returncode == 0, out.stderr[-3000:]
    fields = _fields(out.stdout)
    vendor, version = MPI.get_vendor()
    expected = {
        "mpicoll": mpicoll.__version__,
        "mpicoll location": os.path.dirname(os.path.abspath(mpicoll.__file__)),
        "JAX": jax.__version__,
        "jaxlib": importlib.metadata.version("jaxlib"),
        "mpi4py": mpi4py.__version__,
        "MPI built against": info._ffi.built_with_vendor(),
        # (Open MPI's string ends in a NUL character, which the report drops)
        "MPI library loaded": MPI.Get_library_version().splitlines()[0].strip().strip("\x00"),
        "MPI vendor": f"{vendor} {'.'.join(map(str, version))}",
        "MPI thread level": info.THREAD_LEVELS[MPI.Query_thread()],
        "MPI processes": "1",
        "chunk limit (bytes)": str(mpicoll.get_chunk_bytes()),
        "reduce by blocks": str(mpicoll.get_reduction_blocks()),
        "fast dispatch path": "True",
        "C allocator": memory.description(),
    }
    wrong = {label: (fields.get(label), value) for label, value in expected.items()
             if fields.get(label) != value}
    assert not wrong, f"(printed, expected): {wrong}\n{out.stdout}"
    assert fields["JAX platform"].startswith("cpu"), out.stdout
    # a CPU-only run (asserted above): no CUDA path, and the reason why
    assert not mpicoll.has_cuda_support()
    assert fields["GPU (CUDA)"].startswith("not available (") and \
        len(fields["GPU (CUDA)"]) > len("not available ()"), out.stdout
    # the version the compiled handlers report equals the header of the jaxlib
    # they were built with (this test runs on the jaxlib the build used)
    api = info.header_api_version()
    assert api is not None and fields["XLA FFI API version"] == "%d.%d" % api, out.stdout
    assert "unavailable" not in out.stdout, out.stdout


def test_ffi_api_version_from_the_extension():
    """The compiled handlers answer XLA's metadata query with the header's version."""
    assert info.ffi_api_version() == info.header_api_version()


def test_self_test_passes_on_every_rank():
    rows = info.self_test(WORLD)
    assert [row["op"] for row in rows] == list(info.CHECKS)
    assert len(rows) == 20      # every operation of the package has its check
    failed = [row for row in rows if not row["passed"]]
    assert not failed, info.format_table(rows, WORLD.size)
    # every rank holds the same combined table
    assert WORLD.allgather(rows) == [rows] * WORLD.size


def test_self_test_reports_a_broken_check(monkeypatch, capsys):
    """A wrong expected value (on every rank) and an exception on the last rank
    only are both reported, on every rank, with the exit status of the command;
    the other operations still run and pass; only rank 0 prints."""
    last = WORLD.size - 1
    allreduce, scan = info.CHECKS["allreduce"], info.CHECKS["scan"]

    def wrong_expectation(comm):
        got, expected = allreduce(comm)
        return got, expected + 1

    def raises_on_last_rank(comm):
        got, expected = scan(comm)         # the collective itself runs on all ranks
        if comm.rank == last:
            raise RuntimeError("deliberate failure")
        return got, expected

    monkeypatch.setitem(info.CHECKS, "allreduce", wrong_expectation)
    monkeypatch.setitem(info.CHECKS, "scan", raises_on_last_rank)
    status = info.main(["--self-test"])
    printed = capsys.readouterr().out
    rows = {row["op"]: row for row in info.self_test(WORLD)}

    assert status == 1
    assert not rows["allreduce"]["passed"]
    assert rows["allreduce"]["failed_ranks"] == list(range(WORLD.size))
    assert "values differ" in rows["allreduce"]["reason"], rows["allreduce"]
    assert not rows["scan"]["passed"] and rows["scan"]["failed_ranks"] == [last]
    assert rows["scan"]["reason"] == f"rank {last}: RuntimeError: deliberate failure"
    assert [op for op, row in rows.items() if not row["passed"]] == ["allreduce", "scan"]
    if WORLD.rank == 0:
        lines = {line.split()[0]: line for line in printed.splitlines() if line.strip()}
        assert lines["allreduce"].split()[1] == "FAIL", printed
        assert lines["scan"].split()[1] == "FAIL", printed
        assert lines["bcast"].split()[1] == "pass", printed
        assert f"self-test FAILED: 2 of {len(info.CHECKS)} operations (allreduce, scan)" in printed
    else:
        assert printed == ""


def test_compare_names_shape_dtype_and_values():
    a = np.arange(3, dtype=np.float32)
    assert info.compare(a, a.copy()) is None
    assert "expected float32[4]" in info.compare(a, np.arange(4, dtype=np.float32))
    assert "expected int32[3]" in info.compare(a, np.arange(3, dtype=np.int32))
    assert "1 of 3 values differ" in info.compare(a, a + np.array([0, 0, 1], np.float32))


def test_fft_threads_setting_is_checked_at_import():
    """MPICOLL_FFT_THREADS (threads per local FFT): a value that is not a
    whole number from 1 to 1024 fails the import with a ValueError naming
    the variable; a good one is taken and the transform still matches
    NumPy. Each case a process of its own, started on rank 0."""
    if WORLD.rank != 0:
        return
    program = ("import numpy as np, jax.numpy as jnp\n"
               "from mpicoll._src import local_fft\n"
               "x = np.arange(16.0).reshape(4, 4) + 1j\n"
               "assert np.allclose(local_fft.fftn(jnp.asarray(x), (0, 1)), np.fft.fft2(x))\n"
               "print('ok')\n")

    def run(value):
        env = dict(_single_process_env(), MPICOLL_FFT_THREADS=value, JAX_PLATFORMS="cpu")
        return subprocess.run([sys.executable, "-c", program], env=env, capture_output=True,
                              text=True, timeout=120)
    for bad in ("abc", "0", "-3", "99999999999"):
        result = run(bad)
        assert result.returncode != 0 and "ValueError: MPICOLL_FFT_THREADS must be a whole " \
            "number of threads from 1 to 1024" in result.stderr, (bad, result.stderr[-2000:])
    for good in ("2", ""):
        result = run(good)
        assert result.returncode == 0 and result.stdout.strip() == "ok", (good, result.stderr)
