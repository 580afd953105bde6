#!/usr/bin/env bash
# Build the documentation site into docs/_build/html (open index.html there).
# Installs the packages of mpicoll's `docs` extra (pyproject.toml) into the
# environment made by scripts/setup.sh, then runs Sphinx with warnings as
# errors: a broken link, a missing page, a docstring autodoc cannot parse,
# an include whose anchor text has gone or a notebook cell that fails
# (myst-nb runs docs/notebooks/ from scratch, starting MPI ranks; about
# 40 s) fails the build. Extra arguments go to sphinx-build.
#
# Settings (environment variables):
#   MPICOLL_VENV=.venv-x        the environment made by scripts/setup.sh (default .venv)
#   MPICOLL_NOTEBOOK_ENGINES=4  the MPI ranks the notebooks start (default 2)
#   MPICOLL_DOCS_EXECUTE=off    do not run the notebooks (their pages show no
#                               outputs): a quick build of the other pages
set -euo pipefail
cd "$(dirname "$0")/.."
VENV=${MPICOLL_VENV:-.venv}
case $VENV in /*) ;; *) VENV=$PWD/$VENV ;; esac
[ -x "$VENV/bin/python" ] || { echo "no environment at $VENV: run scripts/setup.sh first" >&2; exit 1; }
export PATH="$VENV/bin:$PATH"
# One list of what the build needs: the `docs` extra. Installing it by name
# (not `pip install .[docs]`) leaves the installed mpicoll alone.
mapfile -t packages < <(python - <<'EOF'
import tomllib
with open("pyproject.toml", "rb") as f:
    print("\n".join(tomllib.load(f)["project"]["optional-dependencies"]["docs"]))
EOF
)
python -m pip install -q "${packages[@]}"
# autodoc imports mpicoll (and so MPI, as a singleton: no mpiexec needed)
# with the same settings as the tests.
source scripts/env.sh
rm -rf docs/_build/html docs/_build/doctrees
python -m sphinx -W --keep-going -q -b html -d docs/_build/doctrees docs docs/_build/html "$@"
echo "docs built: docs/_build/html/index.html"
