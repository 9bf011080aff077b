"""docs/query-functions.md is the function table of the code (tools/query_functions.py writes it)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_function_page_is_up_to_date():
    spec = importlib.util.spec_from_file_location("query_functions", ROOT / "tools" / "query_functions.py")
    assert spec is not None and spec.loader is not None
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    assert (ROOT / "docs" / "query-functions.md").read_text(encoding="utf-8") == tool.page(), (
        "docs/query-functions.md is stale: run python tools/query_functions.py"
    )
