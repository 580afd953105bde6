"""The import-time check that mpicoll's extension and mpi4py use one MPI.

Here: what the extension recorded at build time matches this process's MPI,
and the comparison refuses each kind of difference. The real mismatches
(an Open MPI build imported with mpi4py on MPICH and the reverse, two MPICH
installs of different versions, an environment switched to another MPI) need
several environments and are checked by scripts/test_mpi_switch.sh; the
binary wheel's variants, one per MPI ABI, by scripts/test_wheel.sh, which
runs this file in each environment it makes. A build with one MPI's compiler
wrapper records that MPI; a variant records only its ABI, and is checked
against the library mpi4py calls (the `variant` tests).
"""
import os

import pytest
from mpi4py import MPI

from mpicoll._src import _ffi, bridge, mpi_abi

VARIANT = _ffi.built_for_abi()
wrapper_build = pytest.mark.skipif(bool(VARIANT), reason="an ABI variant records no MPI library")
variant_build = pytest.mark.skipif(not VARIANT, reason="built with one MPI's compiler wrapper")


@wrapper_build
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
                loaded_libraries=bridge._loaded_mpi_libraries(), built_abi="")


@wrapper_build
def test_other_vendor_is_refused():
    other = "Open MPI" if MPI.get_vendor()[0] != "Open MPI" else "MPICH"
    with pytest.raises(ImportError, match=f"built against {other} but mpi4py loaded "
                       f"{MPI.get_vendor()[0]}"):
        bridge._check_same_mpi(**dict(_this_mpi(), built_vendor=other))


@wrapper_build
def test_other_build_of_same_vendor_is_refused():
    # same vendor, another release: only the library version text differs
    args = _this_mpi()
    path, text = args["built_library"]
    older = text.replace(MPI.Get_library_version().split()[2], "0.0.1", 1)
    assert older != text
    with pytest.raises(ImportError, match="versions or builds differ") as info:
        bridge._check_same_mpi(**dict(args, built_library=(path, older)))
    assert "0.0.1" in str(info.value) and "MPI4PY_LIBMPI" in str(info.value)


@wrapper_build
def test_two_mpi_libraries_in_one_process_are_refused_when_calls_may_go_to_the_other(tmp_path):
    args = _this_mpi()
    second = str(tmp_path / "libmpi.so.40")
    with pytest.raises(ImportError, match="more than one MPI library is loaded"):
        bridge._check_same_mpi(**dict(args, loaded_libraries=args["loaded_libraries"] + [second],
                                      called_library=second))


@wrapper_build
def test_another_mpi_library_mapped_but_not_called_is_accepted(tmp_path):
    # e.g. a system Open MPI that a GPU plugin's dependency maps beside the
    # MPICH this module calls (the GPU machine of docs/gpu.md)
    args = _this_mpi()
    assert os.path.realpath(_ffi.called_library()) == os.path.realpath(args["built_library"][0])
    second = str(tmp_path / "libmpi.so.40")
    bridge._check_same_mpi(**dict(args, loaded_libraries=args["loaded_libraries"] + [second]))


@wrapper_build
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


@variant_build
def test_variant_is_the_one_for_mpi4pys_library():
    # the file loaded is this ABI's variant, mpi4py's library has that ABI,
    # and the extension's MPI calls go to that very file
    library = mpi_abi.library_called_by(MPI.__file__)
    assert os.path.basename(_ffi.__file__).startswith(f"_ffi.{VARIANT}.")
    assert mpi_abi.abi_of_library(library) == VARIANT
    assert os.path.realpath(_ffi.called_library()) == library
    assert mpi_abi.chosen[0] == VARIANT and library in mpi_abi.chosen[1]
    bridge._check_same_mpi()


def test_variant_of_another_abi_is_refused():
    with pytest.raises(ImportError, match="mpicoll's mpich build is for the MPICH ABI.*but mpi4py "
                       "loaded Open MPI 5.0.11 \\(/x/libmpi.so.40: the Open MPI ABI"):
        bridge._check_same_variant("mpich", "openmpi", "/x/libmpi.so.40", "/x/libmpi.so.40",
                                   "Open MPI 5.0.11")


def test_variant_calling_another_library_than_mpi4py_is_refused(tmp_path):
    ours, theirs = tmp_path / "a" / "libmpi.so.12", tmp_path / "b" / "libmpi.so.12"
    with pytest.raises(ImportError, match=f"calls go to {ours} but mpi4py's to {theirs}: two MPI"):
        bridge._check_same_variant("mpich", "mpich", str(ours), str(theirs), "MPICH 5.0.2")
    bridge._check_same_variant("mpich", "mpich", str(ours), str(ours), "MPICH 5.0.2")


def test_choice_follows_the_variant_mpi4py_loaded():
    abi, why = mpi_abi.choose("", "/m/MPI.openmpi.cpython-312-x86_64-linux-gnu.so",
                              "/l/libmpi.so.40", "openmpi", "Open MPI 5.0.11")
    assert abi == "openmpi"
    assert why == ("mpi4py loaded /l/libmpi.so.40 through its openmpi build "
                   "(MPI.openmpi.cpython-312-x86_64-linux-gnu.so): the Open MPI ABI (libmpi.so.40)")


def test_choice_for_an_mpi4py_built_from_source_asks_its_library():
    # a plain MPI module names no ABI: the library's (by mpi4py's rule) decides
    abi, why = mpi_abi.choose(None, "/m/MPI.cpython-312-x86_64-linux-gnu.so",
                              "/opt/cray/libmpi_cray.so.12", "mpich", "MPICH 3.4")
    assert abi == "mpich" and "/opt/cray/libmpi_cray.so.12" in why and "built for one MPI" in why
    with pytest.raises(ImportError, match="cannot tell which MPI ABI.*MPICOLL_MPIABI"):
        mpi_abi.choose(None, "/m/MPI.cpython-312-x86_64-linux-gnu.so", "", None, "?")
    # there MPICOLL_MPIABI may overrule the rule
    assert mpi_abi.choose("openmpi", "/m/MPI.cpython-312-x86_64-linux-gnu.so",
                          "/x/libmpi.so", "mpich", "?")[0] == "openmpi"


def test_forced_variant_against_mpi4pys_own_is_refused_before_loading():
    with pytest.raises(ImportError, match="MPICOLL_MPIABI=mpich asks for the variant built for "
                       "the MPICH ABI.*but mpi4py loaded Open MPI 5.0.11: mpi4py loaded "
                       "/l/libmpi.so.40 through its openmpi build"):
        mpi_abi.choose("mpich", "/m/MPI.openmpi.cpython-312-x86_64-linux-gnu.so",
                       "/l/libmpi.so.40", "openmpi", "Open MPI 5.0.11")
    with pytest.raises(ImportError, match="MPICOLL_MPIABI=cray is not an MPI ABI"):
        mpi_abi.choose("cray", "/m/MPI.mpich.so", "", "mpich", "?")


def test_library_called_by_mpi4py_is_the_mapped_libmpi():
    library = mpi_abi.library_called_by(MPI.__file__)
    assert library in bridge._loaded_mpi_libraries()
    # (a variant was chosen by this rule or by mpi4py's file name, which agree)
    expected = VARIANT or ("openmpi" if MPI.get_vendor()[0] == "Open MPI" else "mpich")
    assert mpi_abi.abi_of_library(library) == expected
