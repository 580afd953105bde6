"""The import-time check that mpicoll's extension and mpi4py use one MPI.

Here: what the extension recorded at build time matches this process's MPI,
and the comparison refuses each kind of difference. The real mismatches
(an Open MPI build imported with mpi4py on MPICH and the reverse, two MPICH
installs of different versions, an environment switched to another MPI) need
several environments and are checked by scripts/test_mpi_switch.sh.
"""
import os

import pytest
from mpi4py import MPI

from mpicoll._src import _ffi, bridge


def test_build_record_matches_the_loaded_mpi():
    # setup.py's probe ran the mpicc this extension was built with: in a
    # correct install its library is the one file mapped for MPI here, and
    # its version text is the one mpi4py reports
    built_path, built_text = _ffi.built_with_library()
    assert built_text, "setup.py recorded no MPI library version"
    assert built_text.rstrip("\0 \n") == bridge.loaded_library_version()
    loaded = bridge._loaded_mpi_libraries()
    assert loaded == [os.path.realpath(built_path)]
    bridge._check_same_mpi()


def _this_mpi():
    built_path, built_text = _ffi.built_with_library()
    return dict(built_vendor=_ffi.built_with_vendor(), built_library=(built_path, built_text),
                loaded_version=MPI.Get_library_version(),
                loaded_libraries=bridge._loaded_mpi_libraries())


def test_other_vendor_is_refused():
    other = "Open MPI" if MPI.get_vendor()[0] != "Open MPI" else "MPICH"
    with pytest.raises(ImportError, match=f"built against {other} but mpi4py loaded "
                       f"{MPI.get_vendor()[0]}"):
        bridge._check_same_mpi(**dict(_this_mpi(), built_vendor=other))


def test_other_build_of_same_vendor_is_refused():
    # same vendor, another release: only the library version text differs
    args = _this_mpi()
    path, text = args["built_library"]
    older = text.replace(MPI.Get_library_version().split()[2], "0.0.1", 1)
    assert older != text
    with pytest.raises(ImportError, match="versions or builds differ") as info:
        bridge._check_same_mpi(**dict(args, built_library=(path, older)))
    assert "0.0.1" in str(info.value) and "MPI4PY_LIBMPI" in str(info.value)


def test_two_mpi_libraries_in_one_process_are_refused_when_calls_may_go_to_the_other(tmp_path):
    args = _this_mpi()
    second = str(tmp_path / "libmpi.so.40")
    with pytest.raises(ImportError, match="more than one MPI library is loaded"):
        bridge._check_same_mpi(**dict(args, loaded_libraries=args["loaded_libraries"] + [second],
                                      called_library=second))


def test_another_mpi_library_mapped_but_not_called_is_accepted(tmp_path):
    # e.g. a system Open MPI that a GPU plugin's dependency maps beside the
    # MPICH this module calls (the GPU machine of docs/gpu.md)
    args = _this_mpi()
    assert os.path.realpath(_ffi.called_library()) == os.path.realpath(args["built_library"][0])
    second = str(tmp_path / "libmpi.so.40")
    bridge._check_same_mpi(**dict(args, loaded_libraries=args["loaded_libraries"] + [second]))


def test_same_version_text_from_another_install_is_refused(tmp_path):
    # an existing library file that is not the one loaded: a second install
    # of the same build
    args = _this_mpi()
    copy = tmp_path / "libmpi.so.12"
    copy.write_bytes(b"")
    with pytest.raises(ImportError, match="different install"):
        bridge._check_same_mpi(**dict(args, built_library=(str(copy), args["built_library"][1])))


def test_loaded_mpi_libraries_are_real_files():
    for path in bridge._loaded_mpi_libraries():
        assert os.path.isfile(path) and os.path.basename(path).startswith("libmpi")
