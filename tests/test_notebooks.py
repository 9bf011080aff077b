"""Execute every notebook in notebooks/ top to bottom, as part of the default ``pytest``.

Each notebook runs in a fresh Jupyter kernel started with this very interpreter
(``sys.executable``, so the virtual environment that runs pytest, whatever
``python`` means on the PATH), with matplotlib's non-interactive Agg backend and
the notebooks folder as working directory. A cell that raises fails the test
and the error names the cell. The notebooks are committed without outputs.
"""

from __future__ import annotations

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
    monkeypatch_module.setenv("MPLBACKEND", "Agg")
    return root


@pytest.fixture(scope="module")
def monkeypatch_module():
    with pytest.MonkeyPatch.context() as patch:
        yield patch


def test_there_are_notebooks():
    assert {p.stem for p in PATHS} >= {"equity", "counterfeit", "speed"}


@pytest.mark.parametrize("path", PATHS, ids=[p.stem for p in PATHS])
def test_outputs_are_not_committed(path):
    nb = nbformat.read(path, as_version=4)
    nbformat.validate(nb)
    for cell in nb.cells:
        if cell.cell_type == "code":
            assert cell.outputs == [] and cell.execution_count is None, f"{path.name}: strip the outputs"


@pytest.mark.parametrize("path", PATHS, ids=[p.stem for p in PATHS])
def test_notebook_runs(path, kernel_dir):
    nb = nbformat.read(path, as_version=4)
    client = NotebookClient(
        nb, kernel_name=KERNEL, timeout=CELL_TIMEOUT, resources={"metadata": {"path": str(NOTEBOOKS)}},
    )  # fmt: skip
    started = time.perf_counter()
    try:
        client.execute()
    except CellExecutionError as exc:
        pytest.fail(f"{path.name}: a cell failed:\n{exc}", pytrace=False)
    elapsed = time.perf_counter() - started
    code = [cell for cell in nb.cells if cell.cell_type == "code"]
    assert all(cell.execution_count for cell in code)
    errors = [o for cell in code for o in cell.outputs if o.output_type == "error"]
    assert not errors
    # Every figure was drawn (Agg draws nothing on screen; show() is a no-op there).
    print(f"{path.name}: {elapsed:.1f} s")
