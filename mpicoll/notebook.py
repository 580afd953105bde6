"""Drive MPI ranks from a Jupyter notebook (docs/notebooks/).

`start_engines(n)` starts an ipyparallel cluster whose n engines are the n
ranks of one MPI job (``mpiexec -n n``, ipyparallel's MPI launcher), waits
until every rank has registered, and returns an `Engines` whose `view` runs
code on all ranks (``%%px`` cells, ``view.pull``/``view.gather`` to bring
results back). `Engines.stop()` ends the job; the cluster is also stopped
when the kernel exits, and, should the kernel die without cleaning up, by a
small watchdog process, so no engine outlives the notebook.

`execute(path)` (and ``python -m mpicoll.notebook PATH...``) runs a
notebook from scratch in a fresh kernel, as CI does.

Needs the ``notebooks`` extra: ``pip install "mpicoll[notebooks]"`` (or
``./scripts/setup.sh``, which installs it).
"""

import atexit
import logging
import os
import shlex
import shutil
import subprocess
import sys
import tempfile
import time

__all__ = ["Engines", "start_engines", "execute", "ENGINES_VARIABLE"]

#: The environment variable that sets the number of engines when
#: `start_engines` is not given one (CI runs the notebooks at 2 and 4).
ENGINES_VARIABLE = "MPICOLL_NOTEBOOK_ENGINES"
DEFAULT_ENGINES = 2
INSTALL_HINT = 'pip install "mpicoll[notebooks]" (or ./scripts/setup.sh, which installs it)'

# What scripts/env.sh sets for every rank: JAX on the CPU, one XLA/BLAS
# thread per rank (ranks busy-poll, so more threads only steal cores); for
# MPICH, ranks waiting without progress sleep now and then. Variables the
# notebook's environment sets already are kept.
ENGINE_ENVIRONMENT = {
    "JAX_PLATFORMS": "cpu",
    "XLA_FLAGS": "--xla_cpu_multi_thread_eigen=false",
    "OMP_NUM_THREADS": "1", "OPENBLAS_NUM_THREADS": "1", "MKL_NUM_THREADS": "1",
    "MPIR_CVAR_CH4_PROGRESS_THROTTLE": "1",
}
OPEN_MPI_ENVIRONMENT = {"OMPI_MCA_mpi_yield_when_idle": "1", "OMPI_MCA_op": "^avx"}

# The controller pings the engines every 0.5 s instead of ipyparallel's 3 s.
# An engine counts as registered only at the first ping after it asked, so
# 4 engines took 6.6 s to start here, 2.6 s with this. A dead engine is still
# declared dead after 30 s of silence (60 missed pings, as 10 of 3 s before).
HEARTBEAT_ARGS = ["--HeartMonitor.period=500", "--HeartMonitor.max_heartmonitor_misses=60"]

# Run by the watchdog process (psutil comes with ipyparallel): it keeps a
# list of the controller's and mpiexec's processes and all their
# descendants (mpiexec's ranks run in sessions of their own), and ends them
# once the process that started them is gone (the watchdog's parent
# changes), then removes the cluster's temporary profile folder.
_WATCHDOG = """
import shutil, sys, time, psutil
me, parent, profile, roots, seen = psutil.Process(), int(sys.argv[1]), sys.argv[2], sys.argv[3:], {}
def look():
    for pid in roots:
        try:
            root = psutil.Process(int(pid))
            seen.update((p.pid, p) for p in [root] + root.children(recursive=True))
        except psutil.Error:
            pass
while me.ppid() == parent:
    look()
    time.sleep(1)
look()
left = [p for p in seen.values() if p.is_running()]
for p in left:
    try:
        p.terminate()
    except psutil.Error:
        pass
for p in psutil.wait_procs(left, timeout=3)[1]:
    try:
        p.kill()
    except psutil.Error:
        pass
shutil.rmtree(profile, ignore_errors=True)
"""


def _ipyparallel():
    try:
        import ipyparallel
    except ImportError as exc:
        raise ImportError(
            f"mpicoll.notebook needs ipyparallel, which {sys.executable} does not have: "
            f"{INSTALL_HINT}") from exc
    return ipyparallel


def _find_mpiexec(mpiexec=None):
    """The mpiexec to start the engines with: `mpiexec` if given, else the one
    next to this Python (a virtual environment's, as ./scripts/setup.sh makes
    it), else the first on PATH.

    Raises:
        FileNotFoundError: none was found (the message says where it looked).
    """
    if mpiexec is not None:
        found = shutil.which(mpiexec)
        if found is None:
            raise FileNotFoundError(
                f"mpiexec {mpiexec!r} was not found or is not executable")
        return found
    beside = os.path.join(os.path.dirname(sys.executable), "mpiexec")
    found = beside if os.access(beside, os.X_OK) else shutil.which("mpiexec")
    if found is None:
        raise FileNotFoundError(
            f"no mpiexec found: neither {beside} nor one on PATH. Install an MPI "
            "(./scripts/setup.sh puts PyPI's MPICH into .venv; see docs/install.md), "
            "or pass mpiexec='/path/to/mpiexec'")
    return found


def _launcher_settings(mpiexec):
    """mpiexec's extra arguments and the engines' added environment."""
    try:
        version = subprocess.run([mpiexec, "--version"], capture_output=True, text=True,
                                 timeout=30).stdout
    except (OSError, subprocess.SubprocessError):
        version = ""
    open_mpi = "Open MPI" in version or "OpenRTE" in version
    if "MPIEXEC_FLAGS" in os.environ:          # as scripts/env.sh sets it
        args = shlex.split(os.environ["MPIEXEC_FLAGS"])
    else:                                      # Open MPI refuses these unless told
        args = ["--oversubscribe"] + (["--allow-run-as-root"] if os.geteuid() == 0 else [])
        args = args if open_mpi else []
    wanted = dict(ENGINE_ENVIRONMENT, **(OPEN_MPI_ENVIRONMENT if open_mpi else {}))
    return args, {k: v for k, v in wanted.items() if k not in os.environ}


_started = []     # the Engines start_engines returned in this process


class Engines:
    """A running cluster of MPI engines, as `start_engines` returns it.

    Attributes:
        n: the number of engines, which are the ranks 0..n-1 of one MPI job
            (engine i is rank i).
        view: an ipyparallel ``DirectView`` on all engines, blocking; it
            runs the ``%%px`` cells when `start_engines` activated it.
        client: the ipyparallel ``Client``.
        cluster: the ipyparallel ``Cluster`` (controller and engines).
        log_dir: the folder of the controller's and engines' logs.

    Use it as a context manager, or call `stop()` at the end.
    """

    def __init__(self, n, cluster, client, view, log_dir, watchdog):
        self.n, self.cluster, self.client, self.view = n, cluster, client, view
        self.log_dir, self._watchdog = log_dir, watchdog

    def stop(self):
        """Stop the engines (the MPI job) and the controller. Safe to call
        more than once.

        The engines are asked to exit first, which ends the MPI job in about
        a second; engines that have not ended 5 s later (a rank blocked in a
        collective cannot answer) are ended by signal with the controller.
        Every process of the MPI job has ended when it returns."""
        if self.cluster is None:
            return
        cluster, self.cluster = self.cluster, None
        # mpiexec ends with a non-zero status when stopped; ipyparallel would
        # then print every engine's whole log
        cluster.log.setLevel(logging.ERROR)
        launchers, job = _job_processes(cluster)
        try:
            self._ask_engines_to_exit(launchers)
            self.client.close()
        finally:
            _stop(cluster, job)
        # stopped: the watchdog is not needed (had stopping failed, it would
        # still end the processes when this process exits)
        if self._watchdog is not None and self._watchdog.poll() is None:
            self._watchdog.kill()
            self._watchdog.wait()
        shutil.rmtree(os.path.dirname(self.log_dir), ignore_errors=True)

    def _ask_engines_to_exit(self, launchers, timeout=5.0):
        # Engines asked to exit finalise MPI together and mpiexec ends: 1 s
        # for 4 engines on 2 cores, where stopping mpiexec with a signal
        # (what stop_cluster does) takes 4 s. An engine that cannot answer
        # (its rank blocked in a collective) is left to that signal, after
        # `timeout` seconds.
        import psutil    # comes with ipyparallel
        try:
            self.client.shutdown(targets="all", hub=False, block=False)
        except Exception:    # no engine left to ask: nothing to wait for
            return
        psutil.wait_procs(launchers, timeout=timeout)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.stop()

    def __repr__(self):
        state = "running" if self.cluster is not None else "stopped"
        return f"<mpicoll.notebook.Engines: {self.n} MPI ranks, {state}>"


def _job_processes(cluster):
    """The MPI job's launcher processes, and those with all their
    descendants (the ranks, and ipyparallel's nanny process beside each)."""
    import psutil    # comes with ipyparallel
    launchers = [launcher.process for launcher in cluster.engines.values()
                 if isinstance(getattr(launcher, "process", None), psutil.Process)]
    job = list(launchers)
    for process in launchers:
        try:
            job += process.children(recursive=True)
        except psutil.Error:
            pass
    return launchers, job


def _stop(cluster, job):
    """Stop the cluster (ipyparallel signals the MPI launcher), then end
    whatever of `job` is left, also when stopping raised."""
    try:
        cluster.stop_cluster_sync()
    finally:
        _end(job)


def _end(processes, timeout=5.0):
    # What is left of the job once its launcher has been stopped: ipyparallel's
    # nanny processes, which notice their rank's end only a second or more
    # later (3.5 s under Open MPI, for a rank ended by signal). They watch
    # ranks that have ended, so they are ended at once, killed if they have
    # not ended `timeout` seconds later: nothing outlives stop(). An ended
    # process whose new parent has not collected it yet (a zombie) counts
    # as ended.
    import psutil

    def running(process):
        try:
            return process.status() != psutil.STATUS_ZOMBIE
        except psutil.Error:
            return False

    for end in (psutil.Process.terminate, psutil.Process.kill):
        processes = [p for p in processes if running(p)]
        for process in processes:
            try:
                end(process)
            except psutil.Error:
                pass
        deadline = time.monotonic() + timeout
        while any(map(running, processes)) and time.monotonic() < deadline:
            time.sleep(0.05)


def start_engines(n=None, *, timeout=120.0, mpiexec=None, activate=True):
    """Start `n` ipyparallel engines as the ranks of one MPI job and wait for them.

    The engines run ``mpiexec -n n python -m ipyparallel.engine --mpi``
    with the environment scripts/env.sh gives every rank (JAX on the CPU,
    one XLA/BLAS thread; Open MPI gets ``--oversubscribe`` and, as root,
    ``--allow-run-as-root``, or ``$MPIEXEC_FLAGS`` when set). The cluster is
    stopped by `Engines.stop()`, when this process exits, by a watchdog if
    this process is killed, and at once if starting fails. Engines that an
    earlier call started in this process are stopped first, so running a
    notebook's first cell again restarts its ranks.

    Args:
        n: the number of engines (MPI ranks); default
            ``$MPICOLL_NOTEBOOK_ENGINES``, else 2.
        timeout: seconds to wait for every engine to register.
        mpiexec: the launcher; default the ``mpiexec`` next to this Python,
            else the first on PATH.
        activate: make the view the one ``%px``/``%%px`` cells run on
            (in IPython; each rank's printout shown in rank order once the
            cell finished, no progress bars).

    Returns:
        Engines: the running cluster; ``.view`` runs code on every rank.

    Raises:
        ImportError: ipyparallel is not installed (the message names the
            ``notebooks`` extra).
        FileNotFoundError: no mpiexec was found.
        RuntimeError: the engines did not all register within `timeout`
            seconds, or mpiexec exited first; the message gives the end of
            their output and where the whole log is.
    """
    ipp = _ipyparallel()
    while _started:                  # running the first cell again restarts the ranks
        _started.pop().stop()
    if n is None:
        n = int(os.environ.get(ENGINES_VARIABLE, DEFAULT_ENGINES))
    if n < 1:
        raise ValueError(f"the number of engines must be at least 1, not {n}")
    mpiexec = _find_mpiexec(mpiexec)
    args, environment = _launcher_settings(mpiexec)
    profile = tempfile.mkdtemp(prefix="mpicoll-engines-")
    cluster = ipp.Cluster(engines="mpi", n=n, profile_dir=profile, log_level=logging.WARNING,
                          controller_ip="127.0.0.1", controller_args=HEARTBEAT_ARGS)
    client = watchdog = None
    try:
        cluster.start_controller_sync()
        engine_set = cluster.engines[cluster.start_engines_sync(
            n, mpi_cmd=[mpiexec], mpi_args=args, environment=environment)]
        watchdog = subprocess.Popen(
            [sys.executable, "-c", _WATCHDOG, str(os.getpid()), profile,
             str(cluster.controller.pid), str(engine_set.pid)],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, start_new_session=True)
        client = cluster.connect_client_sync()
        _wait_for(client, engine_set, n, timeout, profile, [mpiexec, "-n", str(n)] + args)
    except BaseException:
        cluster.log.setLevel(logging.ERROR)   # the message says what the engines said
        if client is not None:
            client.close()
        _stop(cluster, _job_processes(cluster)[1])
        if watchdog is not None:
            watchdog.kill()
            watchdog.wait()
        if not os.path.exists(os.path.join(profile, "engines.log")):   # kept for the reader
            shutil.rmtree(profile, ignore_errors=True)
        raise
    view = client[:]
    view.block = True
    engines = Engines(n, cluster, client, view, os.path.join(profile, "log"), watchdog)
    atexit.register(engines.stop)    # before ipyparallel's own (atexit runs in reverse)
    _started.append(engines)
    shell = _ipython()
    if activate and shell is not None:
        view.activate()
        # printouts by rank after each cell (not as they arrive), no progress bars
        shell.run_line_magic("pxconfig", "--no-stream --progress-after -1")
    return engines


def _ipython():
    try:
        from IPython import get_ipython
    except ImportError:
        return None
    return get_ipython()


def _wait_for(client, engine_set, n, timeout, profile, command):
    """Wait until `n` engines registered; else raise with their output's end."""
    import psutil    # comes with ipyparallel
    deadline = time.monotonic() + timeout
    while len(client.ids) < n:
        try:     # mpiexec's exit status once it ended (None: collected by another thread)
            status = engine_set.process.wait(timeout=0)
            break
        except psutil.TimeoutExpired:
            status = "running"
        if time.monotonic() > deadline:
            break
        time.sleep(0.1)
    else:
        return
    saved = os.path.join(profile, "engines.log")
    output = engine_set.get_output(remove=False)
    with open(saved, "w") as f:
        f.write(output)
    tail = "\n".join(output.rstrip().splitlines()[-15:]) or "(no output)"
    why = (f"mpiexec exited{'' if status is None else f' (status {status})'} after "
           f"{len(client.ids)} of {n} engines had registered" if status != "running" else
           f"only {len(client.ids)} of {n} engines registered within {timeout:g} s "
           "(the timeout argument)")
    raise RuntimeError(
        f"the MPI engines did not start: {why}. They were started with "
        f"`{shlex.join(command)} {sys.executable} -m ipyparallel.engine --mpi`. "
        f"Their output is in {saved}; it ends with:\n{tail}")


def execute(path, *, engines=None, timeout=600, kernel="python3"):
    """Run a notebook (a MyST Markdown text notebook or an .ipynb) from
    scratch in a fresh Jupyter kernel, in the notebook's folder.

    Args:
        path: the notebook.
        engines: the number of MPI engines (sets ``$MPICOLL_NOTEBOOK_ENGINES``
            for the kernel); default: the notebook's own default.
        timeout: seconds one cell may take.
        kernel: the Jupyter kernel's name.

    Returns:
        nbformat.NotebookNode: the executed notebook, with its outputs.

    Raises:
        ImportError: jupytext, nbclient or ipykernel is missing.
        RuntimeError: no Jupyter kernel of that name exists.
        nbclient.exceptions.CellExecutionError: a cell failed (the message
            shows the cell and its traceback); the kernel and the cluster
            are stopped.
    """
    try:
        import jupytext
        import nbclient
        from jupyter_client.kernelspec import NoSuchKernel
    except ImportError as exc:
        raise ImportError(f"running notebooks needs jupytext and nbclient ({exc}): "
                          f"{INSTALL_HINT}") from exc
    import importlib.util
    if importlib.util.find_spec("ipykernel") is None:   # the "python3" kernel is this Python
        raise ImportError(f"no Jupyter kernel: {sys.executable} has no ipykernel: "
                          f"{INSTALL_HINT}")
    notebook = jupytext.read(path)
    env = dict(os.environ)
    if engines is not None:
        env[ENGINES_VARIABLE] = str(engines)
    client = nbclient.NotebookClient(
        notebook, timeout=timeout, kernel_name=kernel,
        resources={"metadata": {"path": os.path.dirname(os.path.abspath(path))}})
    try:
        client.execute(env=env)
    except NoSuchKernel as exc:
        raise RuntimeError(f"no Jupyter kernel named {kernel!r} (install ipykernel into "
                           f"this environment: {INSTALL_HINT})") from exc
    return notebook


def _notebooks(paths):
    """The notebooks named, a folder standing for its notebooks: the .md files
    with a Jupyter kernel in their header, and the .ipynb files not paired
    with one of those."""
    import jupytext
    for path in paths:
        if not os.path.isdir(path):
            yield path
            continue
        names = sorted(os.listdir(path))
        texts = [n for n in names if n.endswith(".md")
                 and "kernelspec" in jupytext.read(os.path.join(path, n)).metadata]
        for name in names:
            if name in texts or (name.endswith(".ipynb") and name[:-6] + ".md" not in texts):
                yield os.path.join(path, name)


def main(argv=None):
    """``python -m mpicoll.notebook [--engines N] [--output DIR] NOTEBOOK...``:
    run each notebook (or each of a folder's) from scratch; exit status 1 if a
    cell failed."""
    import argparse
    parser = argparse.ArgumentParser(prog="python -m mpicoll.notebook",
                                     description="Run notebooks from scratch, as CI does.")
    parser.add_argument("notebooks", nargs="+", metavar="NOTEBOOK",
                        help="a notebook, or a folder: its notebooks")
    parser.add_argument("--engines", type=int, help=f"MPI engines (default ${ENGINES_VARIABLE} "
                        f"or {DEFAULT_ENGINES})")
    parser.add_argument("--timeout", type=float, default=600, help="seconds per cell")
    parser.add_argument("--output", metavar="DIR", help="write the executed .ipynb files here")
    args = parser.parse_args(argv)
    try:
        paths = list(_notebooks(args.notebooks))
    except ImportError:
        paths = args.notebooks      # execute() says what is missing
    for path in paths:
        start = time.monotonic()
        try:
            notebook = execute(path, engines=args.engines, timeout=args.timeout)
        except Exception as exc:   # a failed cell, or what is missing: said once, plainly
            print(f"{path}: FAILED\n{exc}", file=sys.stderr)
            return 1
        if args.output:
            import nbformat
            os.makedirs(args.output, exist_ok=True)
            name = os.path.splitext(os.path.basename(path))[0] + ".ipynb"
            nbformat.write(notebook, os.path.join(args.output, name))
        print(f"{path}: ran every cell in {time.monotonic() - start:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
