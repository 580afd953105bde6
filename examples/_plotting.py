"""matplotlib for the examples' pictures, or one clear error saying how to get it.

matplotlib is not a dependency of mpicoll itself, only of the examples (and
benchmarks) that draw pictures: `pip install "mpicoll[examples]"`, or from a
source tree `pip install --no-build-isolation ".[examples]"`.
"""
import sys

INSTALL_HINT = ('pip install "mpicoll[examples]" (from a source tree: '
                'pip install --no-build-isolation ".[examples]"), or pip install matplotlib')


def pyplot():
    """Return matplotlib.pyplot, drawing to files (the Agg backend: ranks of an
    MPI job have no display).

    Without matplotlib this raises SystemExit with a message naming the
    `examples` extra. Call it on every rank and before the work the picture
    is for, so that every rank stops alike (none is left waiting in a
    collective for a rank that left) and nobody waits for a result that
    cannot be drawn.
    """
    try:
        import matplotlib
    except ImportError as exc:
        raise SystemExit(
            "mpicoll's examples draw their results with matplotlib, which is not "
            f"installed for {sys.executable}. Install the examples extra: "
            f"{INSTALL_HINT}.") from exc
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    return plt
