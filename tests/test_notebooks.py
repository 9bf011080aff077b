"""The notebooks in notebooks/: committed with their outputs, and still running.

The notebooks are committed *with* their outputs (text and charts), so that a reader
on the web sees the charts without running anything. Two checks per notebook:

- the committed file: every code cell was run, top to bottom, without an error, and
  every cell tagged ``chart`` holds its chart as a PNG of modest size;
- a fresh run of an in-memory copy (the file is never rewritten): every cell still
  runs, so each notebook's own ``assert``s (its numbers, checked against exact
  values) still pass, and every chart cell still draws its chart.

A fresh run uses a Jupyter kernel started with this very interpreter
(``sys.executable``, so the virtual environment that runs pytest, whatever
``python`` means on the PATH), matplotlib's inline backend (charts become PNG
outputs, no display needed) and the notebooks folder as working directory. A cell
that raises fails the test and the error names the cell.

To refresh the committed outputs after changing a notebook or the library, run them
in place with nbclient's command, on the interpreter that has this checkout
installed: ``jupyter execute --inplace notebooks/*.ipynb``.
"""

from __future__ import annotations

import base64
import json
import sys
import time
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient
from nbclient.exceptions import CellExecutionError

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
PATHS = sorted(NOTEBOOKS.glob("*.ipynb"))
KERNEL = "omaha8eq-tests"
#: Seconds one cell may take (a cold numba cache compiles kernels on first use).
CELL_TIMEOUT = 600
#: The tag of a code cell that draws one or more charts.
CHART = "chart"
#: Largest committed chart, in bytes of PNG (charts are drawn at a modest dpi).
MAX_PNG_BYTES = 150_000


@pytest.fixture(scope="module")
def kernel_dir(tmp_path_factory, monkeypatch_module):
    """A kernelspec for this interpreter, found through JUPYTER_PATH."""
    root = tmp_path_factory.mktemp("jupyter")
    spec = root / "kernels" / KERNEL
    spec.mkdir(parents=True)
    (spec / "kernel.json").write_text(json.dumps({
        "argv": [sys.executable, "-m", "ipykernel_launcher", "-f", "{connection_file}"],
        "display_name": f"Python ({sys.executable})",
        "language": "python",
    }))  # fmt: skip
    monkeypatch_module.setenv("JUPYTER_PATH", str(root))
    monkeypatch_module.setenv("MPLBACKEND", "module://matplotlib_inline.backend_inline")
    return root


@pytest.fixture(scope="module")
def monkeypatch_module():
    with pytest.MonkeyPatch.context() as patch:
        yield patch


def code_cells(nb: nbformat.NotebookNode) -> list[nbformat.NotebookNode]:
    return [cell for cell in nb.cells if cell.cell_type == "code"]


def pngs(cell: nbformat.NotebookNode) -> list[bytes]:
    """The PNG images among a cell's outputs."""
    return [base64.b64decode(o.data["image/png"]) for o in cell.outputs if "image/png" in o.get("data", {})]


def errors(nb: nbformat.NotebookNode) -> list[str]:
    return [f"{o.ename}: {o.evalue}" for cell in code_cells(nb) for o in cell.outputs if o.output_type == "error"]


def charts_missing(nb: nbformat.NotebookNode) -> list[int]:
    """Indices of the cells tagged ``chart`` that hold no PNG."""
    return [
        i
        for i, cell in enumerate(nb.cells)
        if cell.cell_type == "code" and CHART in cell.metadata.get("tags", []) and not pngs(cell)
    ]


def test_there_are_notebooks():
    assert {p.stem for p in PATHS} >= {"equity", "counterfeit", "speed"}


@pytest.mark.parametrize("path", PATHS, ids=[p.stem for p in PATHS])
def test_outputs_are_committed(path):
    nb = nbformat.read(path, as_version=4)
    nbformat.validate(nb)
    code = code_cells(nb)
    counts = [cell.execution_count for cell in code]
    assert counts == list(range(1, len(code) + 1)), f"{path.name}: run it top to bottom and commit the outputs"
    assert not errors(nb), f"{path.name}: committed with an error: {errors(nb)}"
    assert any(CHART in cell.metadata.get("tags", []) for cell in code), f"{path.name}: no cell tagged {CHART!r}"
    assert not charts_missing(nb), f"{path.name}: chart cells {charts_missing(nb)} hold no image"
    sizes = [len(png) for cell in code for png in pngs(cell)]
    assert max(sizes) <= MAX_PNG_BYTES, f"{path.name}: a chart of {max(sizes):,} bytes; draw it at a lower dpi"


@pytest.mark.parametrize("path", PATHS, ids=[p.stem for p in PATHS])
def test_notebook_runs(path, kernel_dir):
    nb = nbformat.read(path, as_version=4)  # a copy in memory: the committed file stays as it is
    for cell in code_cells(nb):
        cell.outputs, cell.execution_count = [], None
    client = NotebookClient(
        nb, kernel_name=KERNEL, timeout=CELL_TIMEOUT, resources={"metadata": {"path": str(NOTEBOOKS)}},
    )  # fmt: skip
    started = time.perf_counter()
    try:
        client.execute()
    except CellExecutionError as exc:
        pytest.fail(f"{path.name}: a cell failed (an assert checks the numbers):\n{exc}", pytrace=False)
    elapsed = time.perf_counter() - started
    assert all(cell.execution_count for cell in code_cells(nb))
    assert not errors(nb)
    assert not charts_missing(nb), f"{path.name}: chart cells {charts_missing(nb)} drew nothing"
    print(f"{path.name}: {elapsed:.1f} s")
