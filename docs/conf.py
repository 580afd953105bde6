"""Sphinx configuration for mpicoll's documentation site.

Build it with ``./scripts/build_docs.sh`` (warnings are errors). The pages
are the Markdown files of this folder (read by myst-parser, so they stay
readable on their own) and an API reference generated from the docstrings.
"""

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
    "myst_parser",
    "sphinx.ext.autodoc",
    "sphinx.ext.napoleon",
]
source_suffix = {".md": "markdown", ".rst": "restructuredtext"}
root_doc = "index"
exclude_patterns = ["_build"]

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
