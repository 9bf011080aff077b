"""The protocol's methods written once (omaha8eq.present.protocol): a result names the
functions that show it in its class statement, and inherits them."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pandas as pd

from omaha8eq.present.protocol import Column, Presented, Shown, View, view_html, view_text


@dataclass(frozen=True)
class _Table(Presented):
    n: int

    def view(self) -> View:
        return View((Column("n", "N"),), ((self.n,),), ("a note",))

    def to_dict(self) -> dict[str, Any]:
        return {"n": self.n}


def _report(result: Any) -> str:
    return f"report <{result.n}>"


def _view(result: Any) -> View:
    return View((Column("n", "N"),), ((result.n * 2,),))


@dataclass(frozen=True)
class _Report(_Table, text=_report):
    pass


@dataclass(frozen=True)
class _NamedView(_Table, view=_view):
    pass


@dataclass(frozen=True)
class _Shown(Shown, text=lambda r: "text", html=lambda r: "<b>html</b>", frame=lambda r: "frame"):
    pass


def test_a_view_makes_the_text_the_html_and_the_frame():
    table = _Table(3)
    assert str(table) == view_text(table.view())
    assert table._repr_html_() == view_html(table.view())
    pd.testing.assert_frame_equal(table.to_pandas(), pd.DataFrame({"n": [3]}))


def test_a_report_shows_its_text_preformatted_and_keeps_its_table():
    report = _Report(3)
    assert str(report) == "report <3>"
    assert report._repr_html_() == "<pre>report &lt;3&gt;</pre>"
    pd.testing.assert_frame_equal(report.to_pandas(), pd.DataFrame({"n": [3]}))
    # The base keeps its own functions: naming them in a subclass changes only the subclass.
    assert str(_Table(3)) == view_text(_Table(3).view())


def test_a_view_named_in_the_class_statement_is_its_view_method():
    named = _NamedView(4)
    assert named.view().rows == ((8,),)
    assert str(named) == view_text(named.view())


def test_a_shown_result_calls_the_three_functions_it_names():
    shown = _Shown()
    assert (str(shown), shown._repr_html_(), shown.to_pandas()) == ("text", "<b>html</b>", "frame")
