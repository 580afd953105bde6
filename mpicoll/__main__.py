"""`python -m mpicoll`: versions and MPI/JAX setup; `--self-test` checks every
operation across the ranks (`mpiexec -n 4 python -m mpicoll --self-test`).

Only rank 0 prints. JAX runs on the CPU unless JAX_PLATFORMS says otherwise
(as scripts/env.sh sets it). Implementation: mpicoll/_src/info.py.
"""
import os
import sys

if "JAX_PLATFORMS" not in os.environ:
    # `python -m mpicoll` has imported the package (and so JAX) before this
    # module runs, so the environment variable alone comes too late for JAX's
    # configuration; the backend does not exist yet, so the setting still applies.
    os.environ["JAX_PLATFORMS"] = "cpu"
    import jax
    jax.config.update("jax_platforms", "cpu")

from mpicoll._src.info import main  # noqa: E402

if __name__ == "__main__":
    sys.exit(main())
