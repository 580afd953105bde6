"""JAX's own multi-process collectives over this machine's MPI, for the
jax_native columns of primitives.py and spmd.py (--jax-native).

jaxlib's CPU backend runs cross-process collectives over MPI when
``jax_cpu_collectives_implementation`` is "mpi" and jax.distributed is
initialised. It reaches MPI through MPItrampoline, built into jaxlib, which
loads the MPIwrapper plugin named by the environment variable
MPITRAMPOLINE_LIB (benchmarks/build_mpiwrapper.sh builds it against the MPI
that mpi4py uses, so both talk to the same, already initialised MPI).

Two steps, because of when jaxlib looks at the plugin:

* ``prepare(wanted)`` BEFORE ``import jax``: MPItrampoline loads the plugin
  when jaxlib is loaded and exits the process if it cannot, so a missing or
  broken plugin is checked here and MPITRAMPOLINE_LIB dropped, and the other
  columns still run.
* ``initialize(comm)`` after ``import jax`` and before any JAX computation:
  jax.distributed must be set up before the CPU backend exists.

Each returns None when the column can run, else one line saying why not.
"""

import ctypes
import os
import socket

HOW = ("build the plugin with benchmarks/build_mpiwrapper.sh, export "
       "MPITRAMPOLINE_LIB=<the path it prints> and pass --jax-native")


def prepare(wanted):
    """Check the plugin before jax is imported. None: the column can run."""
    lib = os.environ.get("MPITRAMPOLINE_LIB")
    if not wanted:
        # A stale path would stop `import jax`; without the column it is unused.
        os.environ.pop("MPITRAMPOLINE_LIB", None)
        return f"not run ({HOW})"
    if not lib:
        return f"not run: MPITRAMPOLINE_LIB is not set ({HOW})"
    try:
        # The flags MPItrampoline itself loads it with (dlopen mode on Linux).
        plugin = ctypes.CDLL(lib, mode=os.RTLD_LOCAL | os.RTLD_DEEPBIND)
        ctypes.c_int.in_dll(plugin, "mpiabi_version_major")
        plugin.mpiwrapper_export_fortran_constants_   # noqa: B018 (MPItrampoline calls it)
    except (OSError, ValueError, AttributeError) as exc:
        os.environ.pop("MPITRAMPOLINE_LIB")
        return f"not run: MPITRAMPOLINE_LIB={lib} is not an MPIwrapper plugin ({exc})"
    return None


def initialize(comm):
    """jax.distributed over MPI collectives, one process per rank of `comm`
    (collective). None when every rank is set up and a psum across processes
    gives the right sum, else why not (the same on every rank)."""
    import jax
    import numpy as np

    why = None
    try:
        port = None
        if comm.rank == 0:   # a free port for the coordinator, told to everyone
            with socket.socket() as s:
                s.bind(("127.0.0.1", 0))
                port = s.getsockname()[1]
        port = comm.bcast(port)
        jax.config.update("jax_cpu_collectives_implementation", "mpi")
        jax.distributed.initialize(f"127.0.0.1:{port}", num_processes=comm.size,
                                   process_id=comm.rank, initialization_timeout=60)
        if jax.process_count() != comm.size or len(jax.devices()) != comm.size:
            why = (f"jax sees {jax.process_count()} processes and {len(jax.devices())} "
                   f"devices, expected {comm.size}")
    except Exception as exc:   # noqa: BLE001 (any failure only skips the column)
        why = f"jax.distributed.initialize failed: {type(exc).__name__}: {exc}"
    why = agree(comm, why)
    if why is None:
        try:
            mesh = global_mesh()
            x = global_array(mesh, np.full(2, comm.rank + 1.0, np.float32))
            f = jax.jit(jax.shard_map(lambda a: jax.lax.psum(a, "x"), mesh=mesh,
                                      in_specs=jax.P("x"), out_specs=jax.P("x")))
            got = np.asarray(local(f(x)))
            if not np.all(got == comm.size * (comm.size + 1) / 2):
                why = f"psum across processes gave {got}"
        except Exception as exc:   # noqa: BLE001
            why = f"test psum failed: {type(exc).__name__}: {exc}"
        why = agree(comm, why)
    return None if why is None else f"not run: {why}"


def describe():
    """What the column runs, for a table's header (after `initialize`)."""
    plugin = os.path.basename(os.environ["MPITRAMPOLINE_LIB"])
    return f"jax.shard_map over jax.distributed, CPU collectives over MPI ({plugin})"


def agree(comm, why):
    """The first rank's reason to skip, on every rank (None: no rank has one)."""
    return next((f"rank {r}: {w}" for r, w in enumerate(comm.allgather(why)) if w), None)


def global_mesh(axis="x"):
    """One mesh axis over every process's device, in process order."""
    import jax
    import numpy as np
    devices = sorted(jax.devices(), key=lambda d: d.process_index)
    return jax.sharding.Mesh(np.array(devices), (axis,))


def global_array(mesh, block):
    """The global array whose block along the first axis on this process is
    `block` (a NumPy or JAX array; this process's input to shard_map)."""
    import jax
    sharding = jax.sharding.NamedSharding(mesh, jax.P(mesh.axis_names[0]))
    shape = (block.shape[0] * mesh.size,) + tuple(block.shape[1:])
    return jax.make_array_from_single_device_arrays(
        shape, sharding, [jax.device_put(block, jax.local_devices()[0])])


def local(y):
    """This process's block of a global result."""
    return y.addressable_shards[0].data
