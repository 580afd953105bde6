"""Build mpicoll's Cython extensions: the FFI handlers (`_ffi`, which call
MPI) and the local FFT (`_fft`, no MPI).

The package's metadata (name, version, dependencies, ...) is in
pyproject.toml; this file only describes the compiled extensions and which
files go into the package. There are two ways to build, chosen by `MPICC`:

* `MPICC` unset (a wheel, `pip install mpicoll-*.tar.gz`, `pip install .`):
  `_ffi` is compiled once per MPI ABI with the plain C compiler, against the
  headers in third_party/ (MPICH's for the MPICH ABI, libmpi.so.12, which
  Intel MPI, Cray MPICH and MVAPICH share; Open MPI's for libmpi.so.40;
  MPICH's mpi_abi.h for the MPI standard ABI, libmpi_abi.so.1), as
  `_ffi.mpich<EXT_SUFFIX>`, `_ffi.openmpi<EXT_SUFFIX>` and
  `_ffi.mpiabi<EXT_SUFFIX>`. Each names its
  libmpi soname but is linked against no library file, so no MPI needs to be
  installed to build, and at run time it binds to the libmpi mpi4py loaded
  (mpicoll/_src/mpi_abi.py picks the variant at import). The XLA FFI header
  is third_party's (the oldest supported jaxlib's, which newer ones accept),
  so neither JAX nor an MPI is needed to build: Cython and mpi4py's
  `libmpi.pxd` are.
* `MPICC=/path/to/mpicc` (a cluster's MPI; `MPICC=cc` on Cray): `_ffi` is
  compiled and linked through that wrapper against the MPI it belongs to, as
  the plain module `_ffi<EXT_SUFFIX>`, which import prefers to any variant.
  The XLA FFI header then comes from the installed jaxlib
  (`jax.ffi.include_dir()`; third_party's if JAX is not installed), so build
  with `pip install --no-build-isolation` in the environment that runs it.
  Before compiling, a small probe program built with the same wrapper
  reports which libmpi it loads and that library's MPI_Get_library_version
  text; both are compiled into the extension (header `mpicoll_built_mpi.h`,
  generated in the build directory) so that importing mpicoll can tell
  whether mpi4py loaded that same library (mpicoll/_src/bridge.py,
  `_check_same_mpi`).

Everything the build needs is looked up only when the extension is built, so
reading the metadata (e.g. `pip install`'s metadata step, an sdist) needs
neither Cython nor mpi4py.

Setting: MPICOLL_FORCE_BUILD=1 rebuilds the extension even if it looks up to
date (scripts/setup.sh sets it when the environment's MPI changed: the
sources did not, so setuptools would keep the extension built for the old MPI).
"""
import glob
import os
import shutil
import subprocess
import sysconfig

from setuptools import Extension, find_packages, setup
from setuptools.command.build_ext import build_ext


# The MPI ABIs a binary build covers: variant name (the one mpi4py uses for
# that ABI) -> headers in third_party/, the libmpi soname, C macros. MPICH's
# mpi.h with MPI_ABI defined is the MPI standard ABI's header (mpi_abi.h).
MPI_ABIS = {"mpich": ("third_party/mpich", "libmpi.so.12", []),
            "openmpi": ("third_party/openmpi", "libmpi.so.40", []),
            "mpiabi": ("third_party/mpich", "libmpi_abi.so.1", [("MPI_ABI", None)])}
XLA_HEADERS = "third_party/xla"


def mpi_compiler():
    """The MPI compiler wrapper to build against ($MPICC), or None for the
    build once per MPI ABI."""
    mpicc = os.environ.get("MPICC", "").strip()
    if mpicc and not shutil.which(mpicc.split()[0]):
        raise SystemExit(f"mpicoll: MPICC={mpicc} is not an executable on PATH; set it to "
                         "your MPI's compiler wrapper, or unset it to build for the MPICH, "
                         "Open MPI and MPI standard ABIs with the plain C compiler.")
    return mpicc or None


PROBE = r"""
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdio.h>
#include <mpi.h>
int main(void) {
    char version[MPI_MAX_LIBRARY_VERSION_STRING];
    int length = 0;
    Dl_info where;
    MPI_Get_library_version(version, &length);   /* allowed before MPI_Init */
    if (!dladdr((void *) MPI_Get_library_version, &where) || !where.dli_fname) return 1;
    printf("%s%c%.*s", where.dli_fname, 0, length, version);
    return 0;
}
"""


def c_string(text):
    """`text` as a C string literal (octal escapes: safe for any byte)."""
    return '"' + "".join(chr(b) if 32 <= b < 127 and chr(b) not in '"\\?' else f"\\{b:03o}"
                         for b in text.encode()) + '"'


def probe_mpi(mpicc, workdir):
    """(path of the libmpi that programs built with `mpicc` load, its library
    version text), or ("", "") if the probe cannot be built or run (then the
    import-time check compares vendors only)."""
    os.makedirs(workdir, exist_ok=True)
    source, program = os.path.join(workdir, "mpi_probe.c"), os.path.join(workdir, "mpi_probe")
    with open(source, "w") as f:
        f.write(PROBE)
    try:
        subprocess.run([mpicc, source, "-o", program, "-ldl"], check=True,
                       capture_output=True)
        out = subprocess.run([program], check=True, capture_output=True, timeout=60).stdout
    except (OSError, subprocess.SubprocessError) as exc:
        print(f"mpicoll: could not probe {mpicc}'s MPI library ({exc}); the import-time "
              "check will compare MPI vendors only")
        return "", ""
    path, _, version = out.decode(errors="replace").partition("\0")
    return os.path.realpath(path), version.rstrip("\0 \n")


def variant_path(plain, abi):
    """.../_ffi.cpython-312-x86_64-linux-gnu.so -> .../_ffi.mpich.cpython-..."""
    head, name = os.path.split(plain)
    return os.path.join(head, name.replace("_ffi.", f"_ffi.{abi}.", 1))


def write_if_changed(path, text):
    """Write `text` to `path`; True if that changed the file."""
    old = open(path).read() if os.path.exists(path) else None
    if old != text:
        with open(path, "w") as f:
            f.write(text)
    return old != text


def soname_stub(workdir, compiler, soname):
    """An empty shared library whose soname is `soname`, to link against: the
    extension then names that soname as a dependency (so the dynamic linker
    binds its MPI calls to the libmpi mpi4py loaded under that name) without
    any MPI library existing at build time; its symbols stay undefined, and
    unversioned, until then."""
    stub_dir = os.path.join(workdir, "stub")
    os.makedirs(stub_dir, exist_ok=True)
    source = os.path.join(stub_dir, "stub.c")
    write_if_changed(source, "/* no symbols: only the soname matters */\n")
    compiler.link_shared_object(compiler.compile([source], output_dir=stub_dir),
                                soname, output_dir=stub_dir,
                                extra_postargs=[f"-Wl,-soname,{soname}"])
    return stub_dir


class build_mpi_ext(build_ext):
    """build_ext that cythonizes against mpi4py's MPI declarations and builds
    `_ffi` either through an MPI compiler wrapper or once per MPI ABI (see the
    module's docstring)."""

    def run(self):
        try:
            import Cython  # noqa: F401
            import mpi4py
        except ImportError as exc:
            raise SystemExit(
                f"mpicoll: building the extension needs Cython>=3 and mpi4py in the build "
                f"environment ({exc}); `pip install` provides them from pyproject.toml's "
                "build requirements (see docs/install.md).")
        if os.environ.get("MPICOLL_FORCE_BUILD") == "1":
            self.force = True
        # setuptools adds the Python library's folder to the link path of a
        # shared-library Python (Debian/Ubuntu: /usr/lib/x86_64-linux-gnu),
        # ahead of the -L that mpicc appends (or the stub's): a system MPI's
        # libmpi.so there would then be linked instead (seen: PyPI MPICH's
        # mpicc linking Ubuntu's Open MPI). Extensions need nothing from it.
        python_libdir = sysconfig.get_config_var("LIBDIR")
        self.library_dirs = [d for d in self.library_dirs if d != python_libdir]
        mpicc = mpi_compiler()
        if mpicc:
            self.prepare_wrapper_build(mpicc)
            xla_include = self.installed_xla_headers()
        else:
            xla_include = XLA_HEADERS
        for ext in self.extensions:
            for include in (xla_include, mpi4py.get_include()):
                if include not in ext.include_dirs:
                    ext.include_dirs.append(include)
        super().run()

    def installed_xla_headers(self):
        """The installed jaxlib's XLA FFI headers (the extension then reports
        that jaxlib's API version), else third_party's."""
        try:
            import jax.ffi
        except ImportError:
            return XLA_HEADERS
        return jax.ffi.include_dir()

    def prepare_wrapper_build(self, mpicc):
        # setuptools compiles with $CC and links with $LDSHARED (read when
        # build_ext.run creates the compiler); both go through the wrapper so
        # that MPI's include and library flags apply.
        os.environ["CC"] = mpicc
        os.environ["LDSHARED"] = " ".join([mpicc, "-shared"])
        probe_dir = os.path.join(self.build_temp, "mpi_probe")
        library, version = probe_mpi(mpicc, probe_dir)
        header = (f"#define MPICOLL_BUILT_MPI_LIBRARY {c_string(library)}\n"
                  f"#define MPICOLL_BUILT_MPI_VERSION {c_string(version)}\n"
                  f"#define MPICOLL_BUILT_MPI_ABI \"\"\n")
        if write_if_changed(os.path.join(probe_dir, "mpicoll_built_mpi.h"), header):
            # a different MPI than last time: the extension must be rebuilt
            # (its sources did not change, so setuptools would skip it)
            self.force = True
        for ext in self.extensions:
            ext.include_dirs.append(probe_dir)

    def get_ext_fullpath(self, ext_name):
        abi = VARIANTS.get(ext_name)
        if abi:
            return variant_path(super().get_ext_fullpath(FFI), abi)
        return super().get_ext_fullpath(ext_name)

    def get_ext_filename(self, fullname):
        abi = VARIANTS.get(fullname)
        if abi:
            return variant_path(super().get_ext_filename(FFI), abi)
        return super().get_ext_filename(fullname)

    def build_extension(self, ext):
        from Cython.Build import cythonize
        abi = VARIANTS.get(ext.name)
        # each variant compiles the one C file Cython makes of _ffi.pyx
        cython_ext = Extension(FFI, ext.sources, include_dirs=ext.include_dirs) if abi else ext
        sources = cythonize([cython_ext], compiler_directives={"language_level": 3},
                            quiet=self.verbose == 0)[0].sources
        if abi:
            sources = self.prepare_variant(ext, abi, sources)
        ext.sources = sources
        super().build_extension(ext)

    def prepare_variant(self, ext, abi, sources):
        """Give variant `abi` its own copy of the C source (object files are
        named after their source), its build record and its MPI headers;
        returns its sources."""
        headers, soname, macros = MPI_ABIS[abi]
        ext.define_macros = ext.define_macros + macros
        workdir = os.path.join(self.build_temp, f"mpi-{abi}")
        os.makedirs(workdir, exist_ok=True)
        own = []
        for source in sources:
            copy = os.path.join(workdir, os.path.basename(source))
            with open(source) as f:
                if write_if_changed(copy, f.read()):
                    self.force = True
            own.append(copy)
        # no build-time library: bridge.py compares the ABI and the library
        # file mpi4py loaded instead
        header = ('#define MPICOLL_BUILT_MPI_LIBRARY ""\n'
                  '#define MPICOLL_BUILT_MPI_VERSION ""\n'
                  f'#define MPICOLL_BUILT_MPI_ABI "{abi}"\n')
        write_if_changed(os.path.join(workdir, "mpicoll_built_mpi.h"), header)
        ext.include_dirs[:0] = [workdir, headers]
        stub_dir = soname_stub(workdir, self.compiler, soname)
        ext.extra_link_args = [f"-L{stub_dir}", "-Wl,--no-as-needed", f"-l:{soname}",
                               "-Wl,--as-needed"]
        return own


# _ffi.pyx is written in the .pxi files it includes: a change to any of them
# (or to the declarations it cimports) rebuilds the extension.
FFI_DEPENDS = sorted(glob.glob("mpicoll/_src/*.pxi") + glob.glob("mpicoll/_src/*.pxd"))

FFI = "mpicoll._src._ffi"
# a variant's extension name -> its ABI (only setup.py sees these names; the
# module each one defines is mpicoll._src._ffi)
VARIANTS = {f"{FFI}.{abi}": abi for abi in MPI_ABIS}


def extensions():
    if os.environ.get("MPICC", "").strip():
        ffi, args = [FFI], ["-O2"]
    else:
        # no debug information in the binary build: it would double the wheel
        ffi, args = list(VARIANTS), ["-O2", "-g0"]
    return [*(Extension(name, ["mpicoll/_src/_ffi.pyx"], depends=FFI_DEPENDS,
                        extra_compile_args=args) for name in ffi),
            Extension("mpicoll._src._fft", ["mpicoll/_src/_fft.pyx"], extra_compile_args=args)]


setup(
    packages=find_packages(include=["mpicoll", "mpicoll.*"]),
    package_data={"mpicoll._src": ["*.pyx", "*.pxd", "*.pxi"]},
    ext_modules=extensions(),
    cmdclass={"build_ext": build_mpi_ext},
)
