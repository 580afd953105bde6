"""The tutorial's code runs as written, in order, at every rank count."""

import pathlib
import re

import numpy as np
from mpi4py import MPI

DOCS = pathlib.Path(__file__).resolve().parent.parent / "docs"


def test_tutorial_snippets_run_and_agree():
    text = (DOCS / "tutorial.md").read_text()
    code = "\n".join(re.findall(r"```python\n(.*?)```", text, re.S))
    namespace = {}
    exec(compile(code, "docs/tutorial.md", "exec"), namespace)
    # The snippets assert their own claims; the gradient must also be the
    # same on every rank and equal the serial least-squares gradient.
    comm = MPI.COMM_WORLD
    X = np.concatenate(comm.allgather(namespace["X_local"]))
    y = np.concatenate(comm.allgather(namespace["y_local"]))
    w = np.asarray(namespace["w"])
    serial = 2 * X.T @ (X @ w - y) / len(y)
    np.testing.assert_allclose(np.asarray(namespace["g"]), serial, rtol=1e-12, atol=1e-14)
