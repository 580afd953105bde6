"""Sphinx configuration for mpicoll's documentation site.

Build it with ``./scripts/build_docs.sh`` (warnings are errors). The pages
are the Markdown files of this folder (read by myst-parser, so they stay
readable on their own) and an API reference generated from the docstrings.
The notebooks of docs/notebooks/ (MyST Markdown text notebooks) are run from
scratch by myst-nb during the build, at $MPICOLL_NOTEBOOK_ENGINES MPI ranks
(default 2), and shown with their outputs; a cell that fails fails the build.
``MPICOLL_DOCS_EXECUTE=off`` skips running them (the pages then show no
outputs), for quick builds of the other pages.
"""

import os
import pathlib
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
# autodoc imports mpicoll from the tree (an editable install finds it too);
# importing it initialises MPI as a singleton, which needs no mpiexec.
sys.path.insert(0, str(ROOT))
import mpicoll  # noqa: E402

project = "mpicoll"
author = "The mpicoll developers"
copyright = "The mpicoll developers"
version = release = mpicoll.__version__

extensions = [
    "myst_nb",                # myst-parser's Markdown, plus executed notebooks
    "sphinx.ext.autodoc",
    "sphinx.ext.napoleon",
]
# myst-nb reads every .md page; those with a Jupyter kernel in their header
# (docs/notebooks/*.md) are notebooks, the rest plain MyST Markdown.
source_suffix = {".md": "myst-nb", ".rst": "restructuredtext"}
root_doc = "index"
# The .ipynb that `jupytext --sync` pairs with a notebook's .md is a local
# copy (git ignores it): the .md is the page.
exclude_patterns = ["_build", "**/*.ipynb", "**/.ipynb_checkpoints"]

# Notebooks: executed from scratch on every build, in their own folder. A
# failing cell, or one running longer than the timeout (seconds), is a
# warning that shows the cell and its traceback, and so, with warnings as
# errors (scripts/build_docs.sh), fails the build (raising instead would
# stop Sphinx with its own traceback and hide the cell's).
nb_execution_mode = os.environ.get("MPICOLL_DOCS_EXECUTE", "force")
nb_execution_timeout = 600
nb_execution_raise_on_error = False
nb_execution_show_tb = True
nb_merge_streams = True

# Markdown: `## Heading` gets an anchor that links like GitHub's
# (`page.md#heading`); ```{directive} blocks are used by index.md, api.md and
# performance.md only, so the guides read the same on GitHub.
myst_heading_anchors = 3
myst_enable_extensions = ["colon_fence"]

# The docstrings are Google style (Args:/Returns:/Raises:).
napoleon_google_docstring = True
napoleon_numpy_docstring = False
autodoc_member_order = "bysource"
autodoc_typehints = "none"
# Docstrings write names and expressions in single backticks (as Markdown
# does); render them as code instead of reStructuredText's italics.
default_role = "code"

html_theme = "furo"
html_title = f"mpicoll {release}"
html_static_path = ["_static"]
