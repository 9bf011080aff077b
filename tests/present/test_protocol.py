"""The result protocol (omaha8eq.present.protocol): every public result prints as the
command line shows it, shows as HTML in Jupyter, converts to a JSON-ready dict and to a
pandas DataFrame.

The result types are found, not listed: every class of the package that a public
function (``omaha8eq.__all__``) is annotated to return, inside tuples, lists and
iterators too, plus the preflop table of the distributed jobs. A new public function
returning a new result type is checked without a change here; the few return types that
are values rather than results are named below with the reason.
"""

from __future__ import annotations

import inspect
import json
import typing
from typing import Any

import numpy as np
import pandas as pd
import pytest
from history_files import STARS_SYNTHETIC

import omaha8eq
from omaha8eq.distributed.preflop_table import PreflopTable, starting_classes

#: Return types that are values, not results, and why they need no table.
NOT_RESULTS = {
    "HighHand": "a hand's value: printed in words, a cell of the results' tables",
    "LowHand": "a hand's value: printed in words, a cell of the results' tables",
    "Range": "an input as much as parse_range's answer: printed as its expression",
    "PreflopRank": "a named tuple of three numbers (rank, percentile, equity)",
    "HandStream": "a lazy stream of hand records; allin_ev's AllinReport is their report",
}
#: Result types no public function of omaha8eq.__all__ returns.
MORE_RESULTS = (PreflopTable,)


def _classes_in(annotation: object) -> set[type]:
    if isinstance(annotation, type):
        return {annotation} if annotation.__module__.startswith("omaha8eq") else set()
    return set().union(*(_classes_in(arg) for arg in typing.get_args(annotation)))


def public_return_types() -> set[type]:
    found: set[type] = set()
    for name in omaha8eq.__all__:
        value = getattr(omaha8eq, name)
        if inspect.isfunction(value):
            found |= _classes_in(typing.get_type_hints(value).get("return"))
    return found


def result_types() -> list[type]:
    found = {cls for cls in public_return_types() if cls.__name__ not in NOT_RESULTS} | set(MORE_RESULTS)
    return sorted(found, key=lambda cls: cls.__name__)


def test_the_values_named_apart_are_still_returned():
    # A stale name here would hide nothing, but it would say something untrue.
    assert set(NOT_RESULTS) <= {cls.__name__ for cls in public_return_types()}


def test_the_results_are_found():
    names = {cls.__name__ for cls in result_types()}
    expected = {"EquityResult", "SpotEquities", "BoardsResult", "QueryResult", "Exploration", "CounterfeitReport"}
    expected |= {"Settlement", "BoardsSettlement", "AllinResult", "AllinReport", "PreflopTable"}
    assert expected <= names


@pytest.mark.parametrize("cls", result_types(), ids=lambda cls: cls.__name__)
def test_every_result_type_has_the_whole_protocol(cls):
    # __str__ of its own: a dataclass's is its repr, one long line of fields.
    assert cls.__str__ is not object.__str__, f"{cls.__name__} has no __str__"
    for method in ("_repr_html_", "to_dict", "to_pandas"):
        assert callable(getattr(cls, method, None)), f"{cls.__name__} has no {method}"


def _preflop_table() -> PreflopTable:
    keys, hands, sizes = starting_classes(4)
    counts = np.random.default_rng(8).integers(1, 1000, (len(keys), 4, 6))
    return PreflopTable(4, 3, True, False, 1000, 7, keys, hands, sizes, counts, "d" * 64)


SAMPLES = {
    "EquityResult": lambda: omaha8eq.equity(["AsAh2c3d", "KsKhQdJd"], "4c5d7s"),
    "SpotEquities": lambda: omaha8eq.spot_equities([(["AsAh2c3d", "KsKhQdJd"], "4c5d7s")]),
    "BoardsResult": lambda: omaha8eq.boards_equity(["AsAh2c3d", "KsKhQdJd"], "4c5d7s", runs=2),
    "Settlement": lambda: omaha8eq.settle([("As 2s 6d 7d", 40), ("6s 7s 8d 9d", 40)], "4c 5d Ks Qs 8c"),
    "BoardsSettlement": lambda: omaha8eq.settle_boards(
        [("As 2s 6d 7d", 40), ("6s 7s 8d 9d", 40)], ("4c 5d Ks Qs 8c", "2c 3d 9s Ts Jh")
    ),
    "AllinResult": lambda: omaha8eq.allin_equity([("As 2s 3d Kc", 20), ("Qh Qd Jh Tc", 60)], "4c 5d Ks Jd"),
    "CounterfeitReport": lambda: omaha8eq.counterfeit_odds("As2cKhKd", "3c4dKs", opponents=["Ah3hQcQd"]),
    "PreflopTable": _preflop_table,
    "AllinReport": lambda: omaha8eq.allin_ev(omaha8eq.read_hands(STARS_SYNTHETIC)),
    "QueryResult": lambda: omaha8eq.query(
        "select avg(riverEquity(hero)) as eq, histogram(handType(hero, river)) "
        "from hero='AsAh2c3d', villain='KsKhQdJd', board='4c5d7s'"
    ),
}


@pytest.mark.parametrize("name", sorted(SAMPLES))
def test_a_result_shows_its_table_in_every_form(name):
    result: Any = SAMPLES[name]()
    text = str(result)
    assert text and not text.startswith(f"{name}("), "str() is the command line's report, not a repr"
    page = result._repr_html_()
    assert page.startswith("<") and "&lt;" not in page[:1], "HTML, not escaped text"
    json.dumps(result.to_dict())  # JSON-ready: raises on anything json cannot write
    frame = result.to_pandas()
    assert isinstance(frame, pd.DataFrame) and len(frame) > 0
    assert all(isinstance(column, str) and column for column in frame.columns)


@pytest.mark.parametrize("name", ["BoardsResult", "BoardsSettlement", "PreflopTable"])
def test_the_text_html_and_frame_share_the_columns(name):
    # The results written on the protocol's View: one tuple of columns for all three.
    result: Any = SAMPLES[name]()
    view = result.view()
    assert list(result.to_pandas().columns) == [column.key for column in view.columns]
    header = str(result).splitlines()[0].split()
    assert header == " ".join(view.header()).split()
    for title in view.header():
        assert f">{title}</th>" in result._repr_html_()
    assert len(result.to_pandas()) == len(view.rows)


@pytest.mark.parametrize("name", ["QueryResult", "Settlement", "AllinResult", "CounterfeitReport", "AllinReport"])
def test_a_report_with_its_own_text_converts_its_table(name):
    # Their text is more than the table (pots, bars, next cards): the HTML table and the
    # DataFrame are the view's.
    result: Any = SAMPLES[name]()
    view = result.view()
    assert list(result.to_pandas().columns) == [column.key for column in view.columns]
    assert len(result.to_pandas()) == len(view.rows) > 0
