"""A query's limits: its depth and length, its price before any range is built, its options.

Every query the checks accept evaluates without a RecursionError (long flat chains work
at the length limit, the worst nestings at the depth limit); a hopeless query is refused
with its estimate before a range is built; the options are checked as ``equity()``'s.
"""

from __future__ import annotations

import time
from dataclasses import fields, is_dataclass

import numpy as np
import pytest

import omaha8eq.pql.run as run_module
from omaha8eq.engine.budget import estimate_memory
from omaha8eq.errors import OmahaInputError, OmahaTypeError, WorkLimitError
from omaha8eq.pql import QueryError, query
from omaha8eq.pql.check import check_query
from omaha8eq.pql.class_filter import ClassFilter
from omaha8eq.pql.deals import exact_cost, prepare, suit_classes
from omaha8eq.pql.evaluate import streets_read, suit_invariant
from omaha8eq.pql.pricing import COMBINATION_BYTES, price_query
from omaha8eq.pql.syntax import MAX_DEPTH, MAX_QUERY_LENGTH, Call, Name, Not, Query, Selector, parse_query

SPOT = "from hero='AsAh2c3d', villain='KsKhQdJd', board='Ac8c5h'"
HOPELESS = "select avg(riverEquity(hero)) from game='omaha86', hero='100%', villain='100%'"


def depth(node: object) -> int:
    """The nesting of an expression tree, counted apart from the package (a loop over the
    dataclasses' fields): each node one level, its sub-expressions one deeper."""
    deepest, stack = 0, [(node, 1)]
    while stack:
        item, level = stack.pop()
        if isinstance(item, tuple):
            stack.extend((part, level) for part in item)
        elif is_dataclass(item) and not isinstance(item, type):
            deepest = max(deepest, level)
            stack.extend((getattr(item, f.name), level + 1) for f in fields(item))
    return deepest


def nest(count: int, unit: str, inner: str) -> str:
    for _ in range(count):
        inner = unit.format(inner)
    return inner


# -- depth and length ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("operator", "term"),
    [("and", "not pairedBoard(river)"), ("or", "pairedBoard(river)"), ("+", "1"), ("-", "riverEquity(hero)")],
)
def test_flat_chains_at_the_length_limit_evaluate(operator, term):
    # The reported failures: 250 and/or terms or 1+1+... with 250 terms raised RecursionError.
    # As long a chain as the length limit allows is one level deep and evaluates.
    selector = "count" if operator in ("and", "or") else "avg"
    head = f"select {selector}("
    tail = f") {SPOT}"
    count = (MAX_QUERY_LENGTH - len(head) - len(tail) + len(operator) + 2) // (len(term) + len(operator) + 2)
    text = head + f" {operator} ".join([term] * count) + tail
    assert MAX_QUERY_LENGTH - len(term) - 4 <= len(text) <= MAX_QUERY_LENGTH and count > 250
    assert depth(parse_query(text).selectors[0].expr) <= 4
    result = query(text)
    single = query(f"{head}{term}{tail}")[0]
    if operator in ("and", "or"):
        assert result[0].fraction == single.fraction
    elif operator == "+":
        assert result[0].fraction == count
    else:  # x - x - x ... - x = -(count - 2) x
        assert result[0].fraction == -(count - 2) * single.fraction


def test_the_reported_queries_are_answered_or_refused_with_the_position():
    chain = query(f"select count({' and '.join(['pairedBoard(flop)'] * 250)}) {SPOT}")
    assert chain[0].fraction == 0
    assert query(f"select avg({'+'.join(['1'] * 250)}) {SPOT}")[0].fraction == 250
    text = f"select count({'not ' * 400}pairedBoard(flop)) {SPOT}"
    with pytest.raises(QueryError, match="nested too deeply at column") as caught:
        query(text)
    assert caught.value.position == len("select count(") + 4 * MAX_DEPTH
    assert str(caught.value).splitlines()[-1].strip() == "^"


# The worst shapes: every level a node of the kind whose checking and evaluation take the
# most Python frames (calls, chains in brackets, case, not, negation), to the last level;
# each with a pad of one level (``not`` or ``-``) that fills the innermost place exactly.
SHAPES = {
    "not": ("select count({}) " + SPOT, "not {}", "pairedBoard(flop)", "not {}"),
    "negation": ("select avg({}) " + SPOT, "- {}", "riverEquity(hero)", "- {}"),
    "chains": ("select avg({}) " + SPOT, "riverEquity(hero) + (boardLoCardCount(river) * ({}))", "1", "- {}"),
    "case": (
        "select avg({}) " + SPOT,
        "case when nutLo(hero, river) then {} else riverEquity(hero) end",
        "riverEquity(villain)",
        "- {}",
    ),
    "calls": (
        "select count({}) " + SPOT,
        "minHvHEquity(hero, river, case when {} then 0.4 else 0.6 end)",
        "madeLo(hero, river)",
        "not {}",
    ),
    "where": (
        "select avg(riverEquity(hero)) " + SPOT + " where {}",
        "not (pairedBoard(river) or {})",
        "nutLo(hero, river)",
        "not {}",
    ),
}


def _accepted(text: str) -> bool:
    try:
        parse_query(text)
    except QueryError:
        return False
    return True


def _deepest_accepted(shape: str) -> tuple[str, str]:
    """The shape nested as deep as the parser accepts, and one level deeper."""
    template, unit, inner, pad = SHAPES[shape]
    count = 0
    while _accepted(template.format(nest(count + 1, unit, inner))):
        count += 1
    while _accepted(template.format(nest(count, unit, pad.format(inner)))):
        inner = pad.format(inner)
    return template.format(nest(count, unit, inner)), template.format(nest(count, unit, pad.format(inner)))


@pytest.mark.parametrize("shape", sorted(SHAPES))
def test_the_worst_nestings_evaluate_at_the_depth_limit_and_are_refused_past_it(shape):
    accepted, refused = _deepest_accepted(shape)
    tree = parse_query(accepted)
    expr = tree.where if tree.where is not None else tree.selectors[0].expr
    assert depth(expr) == MAX_DEPTH
    result = query(accepted)  # checked and evaluated: no RecursionError
    assert result.exact and result.trials > 0 and len(result.selectors) == 1
    with pytest.raises(QueryError, match="nested too deeply") as caught:
        query(refused)
    assert 0 < caught.value.position < len(refused)


def test_a_tree_built_in_code_is_refused_by_the_checker_too():
    text = "select count(pairedBoard(flop)) from hero='AsAh2c3d'"
    expr: object = Call("pairedBoard", (Name("flop", position=25),), position=13)
    for _ in range(MAX_DEPTH):
        expr = Not(expr, position=13)
    built = Query(text, (Selector("count", expr, None, 7),), parse_query(text).bindings, None)  # type: ignore[arg-type]
    with pytest.raises(QueryError, match="nested too deeply"):
        check_query(built)


def test_class_expressions_take_long_chains_and_refuse_deep_nesting():
    assert ClassFilter.of(" or ".join(["set"] * 1400)).names == ("set",) * 1400
    with pytest.raises(OmahaInputError, match="nested too deeply"):
        ClassFilter.of("not " * 1000 + "set")


# -- the price, before any range is built ------------------------------------------------


@pytest.fixture
def no_build(monkeypatch):
    """Fail if the query prepares its deal (builds its ranges)."""

    def refuse(*args, **kwargs):
        raise AssertionError("the ranges were built before the query was priced")

    monkeypatch.setattr(run_module, "prepare", refuse)


def test_a_hopeless_exact_query_is_refused_before_its_ranges_are_built(no_build):
    started = time.perf_counter()
    with pytest.raises(WorkLimitError, match="before building them") as caught:
        query(HOPELESS, exhaustive=True)
    assert "20,358,520 and 20,358,520 hands" in str(caught.value) and caught.value.limit == run_module.QUERY.max_work
    assert time.perf_counter() - started < 10  # was 15 to 71 s and 3 GB: both ranges built first


def test_a_sampled_query_above_max_memory_is_refused_before_its_ranges_are_built(no_build):
    # The server's 5.25 GB: two 6-card 100% ranges built for 2,000 samples.
    with pytest.raises(OmahaInputError, match=r"max_memory: this query would need about 7\.8 GB") as caught:
        query(HOPELESS, samples=2000, max_memory=2_000_000_000)
    assert "before building them" in str(caught.value) and "max_memory=2,000,000,000" in str(caught.value)


def test_the_price_is_the_engines_memory_model_plus_the_exact_combinations():
    checked = check_query(parse_query(HOPELESS))
    sampled = price_query(checked, exhaustive=False, exact_limit=run_module.QUERY.exact_limit)
    assert sampled is not None and sampled.range_hands == (20_358_520, 20_358_520)
    assert sampled.memory == estimate_memory([20_358_520, 20_358_520], by_hand=False)
    two_ranges = check_query(parse_query("select avg(riverEquity(hero)) from hero='AA**', villain='KK**'"))
    either = price_query(two_ranges, exhaustive=None, exact_limit=1000)
    assert either is not None
    assert either.memory == estimate_memory(either.range_hands, by_hand=False) + 1000 * COMBINATION_BYTES


@pytest.mark.parametrize(
    "text",
    [
        "select histogram(handType(hero, flop)) from game='omaha8', hero='A2**'",  # one hand per suit class
        "select avg(riverEquity(hero)) from hero='AsAh2c3d', villain='KK**', board='Ac8c5h9d'",
        "select count(turnCard() = 'As') from hero='A2**', villain='QQ**', board='Kd7c2s'",
        "select count(nutLo(hero, flop)) from hero='A23*', dead='4h'",
    ],
)
def test_the_early_estimate_never_exceeds_the_count_of_the_built_ranges(text):
    # So an exact query the built ranges allow is never refused early.
    checked = check_query(parse_query(text))
    price = price_query(checked, exhaustive=True, exact_limit=run_module.QUERY.exact_limit)
    deal = prepare(checked)
    classes = suit_classes(deal) if suit_invariant(checked) else None
    built = exact_cost(classes or deal, streets_read(checked))
    assert price is not None and price.least_deals is not None and built is not None
    assert 0.9 * price.least_deals <= built and price.least_deals <= 1.1 * built


def test_range_literals_are_checked_without_being_built(monkeypatch):
    import omaha8eq.ranges.range as ranges

    monkeypatch.setattr(ranges, "parse_range", lambda *a, **k: pytest.fail("a range literal was built"))
    checked = check_query(
        parse_query("select count(inRange(villain, '50%')) from game='omaha86', hero='AsAh2c3d4d5d', villain='*'")
    )
    assert checked.literals
    with pytest.raises(QueryError, match="range"):
        check_query(parse_query("select count(inRange(villain, 'AK@@')) from hero='AsAh2c3d', villain='*'"))


# -- options --------------------------------------------------------------------------


def test_numpy_integers_are_whole_numbers_for_every_option():
    text = f"select count(scoops(hero)) {SPOT}"
    plain = query(text, samples=3, seed=5, threads=1)
    numpy = query(text, samples=np.int8(3), seed=np.uint64(5), threads=np.int16(1), max_memory=np.int64(10**10))
    assert numpy.trials == 3 and numpy.seed == 5 and numpy[0] == plain[0]
    assert query(text, max_work=np.int32(10_000), exhaustive=np.bool_(True))[0].fraction is not None


@pytest.mark.parametrize(
    ("options", "error", "message"),
    [
        ({"samples": np.int8(1)}, OmahaInputError, "samples: expected 2 to"),
        ({"samples": np.float64(3)}, OmahaTypeError, "samples: expected an integer"),
        ({"seed": np.int8(-1)}, OmahaInputError, "seed"),
        ({"max_work": np.int64(0)}, OmahaInputError, "max_work"),
        ({"max_memory": 0}, OmahaInputError, "max_memory"),
        ({"threads": 10**6}, OmahaInputError, "threads"),
        ({"stderr_target": np.float32(-1)}, OmahaInputError, "stderr_target"),
        ({"exhaustive": "yes"}, OmahaTypeError, "exhaustive"),
        ({"progress": 3}, OmahaTypeError, "progress"),
        ({"exhaustive": True, "samples": 10}, OmahaInputError, "cannot be combined"),
    ],
)
def test_bad_options_are_refused_naming_them(options, error, message):
    with pytest.raises(error, match=message):
        query(f"select count(scoops(hero)) {SPOT}", **options)
