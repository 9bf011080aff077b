"""The range explorer's result (:class:`~omaha8eq.explorer.result.Exploration`) as text, HTML and pandas."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..present.protocol import html_table, pandas_module
from ..present.text import percent, table

__all__ = ["EXPLORATION_COLUMNS", "exploration_frame", "exploration_html", "exploration_rows", "format_exploration"]

#: The figures of a class row, after its group, name, hands and share.
EXPLORATION_COLUMNS = ("equity", "scoop", "quarter", "hi_win", "lo_win", "best", "worst")
_HEADER = ("class", "hands", "share %")
_EQUITY_HEADER = ("equity %", "scoop %", "quarter %", "hi win %", "lo win %", "best", "worst")


def exploration_rows(rows: Sequence[Any], with_equity: bool) -> tuple[list[str], list[list[str]]]:
    """The header and text cells of class rows (``ClassRow``)."""
    header = [*_HEADER, *(_EQUITY_HEADER if with_equity else ())]
    cells = []
    for r in rows:
        line = [r.name, f"{r.hands:,}", percent(r.share)]
        if with_equity:
            line += [percent(getattr(r, name)) for name in EXPLORATION_COLUMNS[:5]] + [r.best, r.worst]
        cells.append(line)
    return header, cells


def _title(result: Any) -> str:
    against = f" against {result.against}" if result.against is not None else ""
    equity = f", equity {percent(result.total.equity)}%" if result.total.equity is not None else ""
    return f"{result.range} on {result.board} ({result.game}){against}: {result.total.hands:,} live hands{equity}"


def format_exploration(result: Any) -> str:
    """The title, then each group's table (its classes heaviest first), then the summaries."""
    with_equity = result.against is not None
    lines = [_title(result)]
    groups = dict.fromkeys(r.group for r in result.rows)
    for group in groups:
        header, cells = exploration_rows([r for r in result.rows if r.group == group], with_equity)
        header[0] = group
        lines += ["", *table(header, cells, left=(0, 8, 9))]
    return "\n".join(lines)


def exploration_html(result: Any) -> str:
    """The classes of every group in one HTML table (Jupyter's ``_repr_html_``), the title below."""
    rows = [r for r in result.rows if r.group != "summary"]
    header, cells = exploration_rows(rows, result.against is not None)
    header = ["group", *header]
    cells = [[r.group, *line] for r, line in zip(rows, cells, strict=True)]
    return html_table(header, cells, [_title(result)])


def exploration_frame(result: Any, rows: Sequence[Any]) -> Any:
    """Class rows as a pandas DataFrame: ``group``, ``class``, ``hands``, ``share`` and,
    with ``against``, the figures of :data:`EXPLORATION_COLUMNS` (fractions: 0.5 is 50%)."""
    pd = pandas_module()
    columns: dict[str, list[Any]] = {
        "group": [r.group for r in rows],
        "class": [r.name for r in rows],
        "hands": [r.hands for r in rows],
        "share": [r.share for r in rows],
    }
    if result.against is not None:
        columns |= {name: [getattr(r, name) for r in rows] for name in EXPLORATION_COLUMNS}
    return pd.DataFrame(columns)
