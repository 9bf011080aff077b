"""The result protocol: what every public result offers, made from one description of its table.

Every public result (the return types of the functions in ``omaha8eq.__all__``; the test
``tests/present/test_protocol.py`` finds them and fails for one that lacks a part) has:

- ``str(result)``: the text the command line prints;
- ``result._repr_html_()``: the same table as HTML, which Jupyter shows;
- ``result.to_dict()``: a JSON-ready dict (the web API's and ``--json``'s document);
- ``result.to_pandas()``: a pandas DataFrame, one row per row of the table.

A result that derives from :class:`Presented` writes :meth:`Presented.view` (its
columns, its rows of values and the lines under them) and ``to_dict``: the text, the
HTML and the DataFrame are made from the one view, so their columns cannot disagree. A
result whose text is more than a table (a settlement's pots, say) names its report
function in its class statement (``class Settlement(Presented, view=settlement_view,
text=format_settlement)``): its HTML is then that report, preformatted. A result with no
view (:class:`Shown`) names all three of its functions there. So each result states once
which functions show it, and the protocol's methods are written once, here.

This module imports nothing heavy: pandas only inside :func:`pandas_module`.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass, fields
from typing import Any, ClassVar

from .text import table

__all__ = [
    "Column",
    "Presented",
    "Shown",
    "View",
    "fields_dict",
    "html_table",
    "pandas_module",
    "preformatted_html",
    "table_lines",
    "view_frame",
    "view_html",
    "view_text",
]


@dataclass(frozen=True)
class Column:
    """One column of a result's table.

    Attributes:
        key: the DataFrame's column name (a result field's name, ``"equity"``).
        header: the text and HTML tables' header (``"Equity %"``).
        text: how a value is written in the text and HTML tables (a fraction as a
            percentage, say); None for a text column, written as it is (None empty).
        left: align the column left in the text table (always for a text column).
    """

    key: str
    header: str
    text: Callable[[Any], str] | None = None
    left: bool = False

    def write(self, value: Any) -> str:
        """``value`` as the text and HTML tables show it."""
        if self.text is not None:
            return self.text(value)
        return "" if value is None else str(value)


@dataclass(frozen=True)
class View:
    """A result as a table: ``columns``, ``rows`` of values (one per column: numbers
    stay numbers for the DataFrame), and the ``notes`` printed under the table."""

    columns: tuple[Column, ...]
    rows: tuple[tuple[Any, ...], ...]
    notes: tuple[str, ...] = ()

    def header(self) -> list[str]:
        return [c.header for c in self.columns]

    def cells(self) -> list[list[str]]:
        """Every row's values written as text."""
        return [[c.write(v) for c, v in zip(self.columns, row, strict=True)] for row in self.rows]


def _left(view: View) -> list[int]:
    """The columns aligned left: text columns, and those that ask for it."""
    return [i for i, c in enumerate(view.columns) if c.left or c.text is None]


def table_lines(view: View) -> list[str]:
    """The view's table as aligned text lines (text columns left, numbers right)."""
    return table(view.header(), view.cells(), left=_left(view))


def view_text(view: View) -> str:
    """The view as the command line prints it: the aligned table, a blank line, the notes."""
    lines = table_lines(view)
    if view.notes:
        lines += ["", *view.notes]
    return "\n".join(lines)


def html_table(
    header: Sequence[str], rows: Sequence[Sequence[str]], notes: Sequence[str] = (), left: Sequence[int] = (0,)
) -> str:
    """An HTML table (the columns ``left`` aligned left, the others right) with ``notes``
    as lines below it."""
    align = ["" if i in left else ' style="text-align:right"' for i in range(len(header))]
    head = "".join(f"<th{align[i]}>{html.escape(h)}</th>" for i, h in enumerate(header))
    body = "".join(
        "<tr>" + "".join(f"<td{align[i]}>{html.escape(c)}</td>" for i, c in enumerate(row)) + "</tr>" for row in rows
    )
    below = "".join(f"<br>{html.escape(n)}" for n in notes if n)
    return f"<div><table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>{below.removeprefix('<br>')}</div>"


def view_html(view: View) -> str:
    """The view as HTML: the table of :func:`view_text` and its notes."""
    return html_table(view.header(), view.cells(), view.notes, _left(view))


def fields_dict(record: Any, *, omit: Collection[str] = (), **values: Any) -> dict[str, Any]:
    """A dataclass result's JSON document: every field by its name and as it is, but
    those in ``omit``; then ``values``, a field's JSON form in its place (a rounded
    amount, a list for a tuple) or a figure the result computes, at the end. A new field
    so joins the document by itself."""
    document = {f.name: getattr(record, f.name) for f in fields(record) if f.name not in omit}
    document.update(values)
    return document


def pandas_module() -> Any:
    """pandas, or an ``OmahaInputError`` saying how to install it (it is an optional extra)."""
    try:
        import pandas
    except ImportError:
        from ..errors import OmahaInputError

        raise OmahaInputError("to_pandas: pandas is not installed (pip install 'omaha8eq[pandas]')") from None
    return pandas


def view_frame(view: View) -> Any:
    """The view as a pandas DataFrame: one row per row, the columns named by their keys,
    the values as they are (fractions stay fractions: 0.5 is 50%)."""
    pd = pandas_module()
    return pd.DataFrame.from_records(list(view.rows), columns=[c.key for c in view.columns])


def preformatted_html(text: str) -> str:
    """A text report as HTML (Jupyter's ``_repr_html_`` of the reports without a table)."""
    return f"<pre>{html.escape(text)}</pre>"


#: A function showing a result as text or HTML.
ShowText = Callable[[Any], str]
#: A function giving a result's pandas DataFrame.
ShowFrame = Callable[[Any], Any]


def _view_text(result: Any) -> str:
    return view_text(result.view())


def _view_html(result: Any) -> str:
    return view_html(result.view())


def _view_frame(result: Any) -> Any:
    return view_frame(result.view())


def _report_html(result: Any) -> str:
    """A report's HTML: its text, preformatted."""
    return preformatted_html(str(result))


class Shown:
    """The protocol's ``__str__``, ``_repr_html_`` and ``to_pandas``, each a function of
    the result that the subclass names in its class statement::

        class EquityResult(Shown, text=format_equity, html=equity_html, frame=equity_frame):

    (a subclass inherits the functions its base named, and may name others). The
    functions live in the presentation layer, which the result modules import: the
    result keeps its fields and its figures, and how it looks stays in one place.
    """

    __slots__ = ()

    # Kept as staticmethods: read through the class, each is the plain function.
    _text: ClassVar[ShowText]
    _html: ClassVar[ShowText]
    _frame: ClassVar[ShowFrame]

    def __init_subclass__(
        cls,
        *,
        text: ShowText | None = None,
        html: ShowText | None = None,
        frame: ShowFrame | None = None,
        **kwargs: Any,
    ) -> None:
        super().__init_subclass__(**kwargs)
        for name, function in (("_text", text), ("_html", html), ("_frame", frame)):
            if function is not None:
                setattr(cls, name, staticmethod(function))

    def __str__(self) -> str:
        return type(self)._text(self)

    def _repr_html_(self) -> str:
        return type(self)._html(self)

    def to_pandas(self) -> Any:
        """The result's table as a pandas DataFrame (``pip install 'omaha8eq[pandas]'``)."""
        return type(self)._frame(self)


class Presented(Shown, text=_view_text, html=_view_html, frame=_view_frame):
    """The protocol's base: a subclass writes :meth:`view` (or names its function in its
    class statement, ``view=``) and ``to_dict``. Its text, HTML and DataFrame are made
    from the view; a subclass that names its own ``text=`` (a report, more than the
    table) shows that text preformatted as its HTML, unless it names an ``html=`` too."""

    __slots__ = ()

    def __init_subclass__(
        cls,
        *,
        view: Callable[[Any], View] | None = None,
        text: ShowText | None = None,
        html: ShowText | None = None,
        **kwargs: Any,
    ) -> None:
        if view is not None:
            cls.view = view  # type: ignore[assignment]  # a function of the result: bound as a method
        if text is not None and html is None:
            html = _report_html
        super().__init_subclass__(text=text, html=html, **kwargs)

    def view(self) -> View:
        """The result as a table (see :class:`View`)."""
        raise NotImplementedError

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict of the result."""
        raise NotImplementedError
