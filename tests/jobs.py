"""Starting MPI jobs of their own from a test (dead ranks, the examples'
outputs, a process with several devices): the launcher and an environment
without the outer job's variables."""

import json
import os
import shlex
import sys
import traceback

# Variables by which a launcher tells its processes about their job; a
# launcher (or a singleton MPI process) started with them would join or
# reject that job.
JOB_PREFIXES = ("PMI_", "PMIX_", "HYDRA_", "HYD_", "MPIR_CVAR_CH4_PMI", "PRTE_",
                "OMPI_COMM_", "OMPI_FIRST_", "OMPI_APP_", "OMPI_UNIVERSE_",
                "OMPI_FILE_", "OMPI_MCA_orte_", "OMPI_MCA_ess")
JOB_NAMES = ("MPI_LOCALNRANKS", "MPI_LOCALRANKID")


def _of_the_job(name):
    return name.startswith(JOB_PREFIXES) or name in JOB_NAMES


def inside_launcher():
    """Whether this process was started by an MPI launcher."""
    return any(_of_the_job(k) for k in os.environ)


def launcher():
    """The command that starts a job: $MPICOLL_LAUNCHER, else the mpiexec next
    to this Python (or on PATH) with $MPIEXEC_FLAGS."""
    prefix = os.environ.get("MPICOLL_LAUNCHER", "").strip()
    if prefix:
        return shlex.split(prefix)
    mpiexec = os.path.join(os.path.dirname(sys.executable), "mpiexec")
    return ([mpiexec if os.path.exists(mpiexec) else "mpiexec"]
            + shlex.split(os.environ.get("MPIEXEC_FLAGS", "")))


def environment(**extra):
    """This process's environment without the job's variables (JAX on the
    CPU unless set), with `extra` added."""
    env = {k: v for k, v in os.environ.items() if not _of_the_job(k)}
    env.setdefault("JAX_PLATFORMS", "cpu")
    env.update(extra)
    return env


def devices_environment(devices, **extra):
    """`environment` for a job whose processes have `devices` CPU devices
    each, importing the mpicoll this process imported."""
    import mpicoll
    # the device-count flag first: XLA stops reading XLA_FLAGS at the first
    # word that is not a --flag
    flags = f"--xla_force_host_platform_device_count={devices} {os.environ.get('XLA_FLAGS', '')}"
    found = os.path.dirname(os.path.dirname(mpicoll.__file__))
    path = os.pathsep.join(p for p in (found, os.environ.get("PYTHONPATH")) if p)
    return environment(XLA_FLAGS=flags.strip(), JAX_PLATFORMS="cpu", PYTHONPATH=path, **extra)


def compile_cache_of_this_rank(rank):
    """Point JAX's persistent compilation cache, if one is set, at a folder
    of this rank's own (before the first compilation). The ranks of a job
    compile the same programs at the same moment, and JAX writes entries
    without a lock: one rank could read another's half-written entry (seen:
    "truncated stream" warnings, and once a process aborting). Rank r of a
    later run at another rank count still finds rank r's entries."""
    import jax
    from jax._src import compilation_cache, config
    folder = config.compilation_cache_dir.value
    if not folder or os.path.basename(folder).startswith("rank-"):
        return
    jax.config.update("jax_compilation_cache_dir", os.path.join(folder, f"rank-{rank}"))
    compilation_cache.reset_cache()


def rank_reports(folder, run, processes):
    """The JSON report each rank of a finished job wrote to `folder`
    (``<rank>.json``, each with a "rank" entry), in rank order, after
    checking that the job (`run`, its `subprocess.run` result) succeeded and
    every rank reported; a failure shows the job's output."""
    reports = []
    for name in sorted(n for n in os.listdir(folder) if n.endswith(".json")):
        with open(os.path.join(folder, name)) as f:
            reports.append(json.load(f))
    output = (run.stdout + run.stderr)[-20000:]
    assert run.returncode == 0 and len(reports) == processes, output
    assert sorted(r["rank"] for r in reports) == list(range(processes)), output
    return sorted(reports, key=lambda r: r["rank"])


class Checks:
    """The checks one rank of a job makes, each recorded as None (passed)
    or what went wrong, for the test to judge (a failed check does not stop
    the job: the ranks must go on making the same MPI calls). `run(name,
    fn)` runs one now; `@checks(name)` runs the decorated function now."""

    def __init__(self, rank, **about):
        self.rank, self.about, self.results = rank, about, {}

    def run(self, name, fn):
        print(f"[rank {self.rank}] {name}", file=sys.stderr, flush=True)
        try:
            fn()
            self.results[name] = None
        except Exception as exc:     # noqa: BLE001  (recorded, judged by the test)
            self.results[name] = (f"{type(exc).__name__}: {exc}\n" + "".join(
                traceback.format_tb(exc.__traceback__)[-12:]))[-6000:]
        return fn

    def __call__(self, name):
        return lambda fn: self.run(name, fn)

    def write(self, folder):
        """`<rank>.json` in `folder` (what `rank_reports` reads): the rank,
        the job's `about` entries and the results; printed if `folder` is
        None (the ranks' output streams may interleave)."""
        text = json.dumps({"rank": self.rank, **self.about, "results": self.results})
        if not folder:
            print("RESULT " + text, flush=True)
            return
        with open(os.path.join(folder, f"{self.rank}.json"), "w") as f:
            f.write(text)
