"""The range explorer (omaha8eq.explore): shares, exact per-class equities against the
equity engine, filtering against a hand-by-hand selection, the explicit hand list, errors."""

from __future__ import annotations

from fractions import Fraction

import naive_holdings as ref
import numpy as np
import pytest

from omaha8eq import equity
from omaha8eq.core.holdings import CLEAN_OUTS, COUNTERFEIT_OUTS, STRAIGHT_OUTS
from omaha8eq.errors import OmahaInputError
from omaha8eq.explorer import FAMILIES, GROUPS, PER_HAND, explore, filter_range, hand_list, hand_list_text
from omaha8eq.ranges.range import Range, parse_range


@pytest.fixture(scope="module")
def against_hand():
    return explore("AA2*", "Kc8c5h", against="KsKhQdJd")


@pytest.fixture(scope="module")
def against_range():
    return explore("A2**:$ds", "Kc8c5h7d", against="KK**:$ds, QQJT", game="omaha8")


def _dealt(row) -> int:
    return int(sum(int(x) for x in row.counts.ravel()))


@pytest.mark.parametrize("name", ["against_hand", "against_range"])
def test_shares_add_up_and_class_equities_average_to_the_total_exactly(name, request):
    found = request.getfixturevalue(name)
    for group in [*GROUPS, "summary"]:
        rows = [r for r in found.rows if r.group == group]
        assert sum(r.hands for r in rows) == found.total.hands
        assert abs(sum(r.share for r in rows) - 1) < 1e-12
        assert (sum(r.counts for r in rows) == found.total.counts).all()  # integer counts, cell by cell
        averaged = sum(Fraction(_dealt(r)) * r.exact_equity() for r in rows) / _dealt(found.total)
        assert averaged == found.total.exact_equity()


@pytest.mark.parametrize("name", ["against_hand", "against_range"])
def test_the_total_is_the_equity_engines_exact_answer(name, request):
    found = request.getfixturevalue(name)
    board = found.board.replace(" ", "")
    run = equity([found.range, found.against], board, exhaustive=True)
    assert run.players[0].exact_equity() == found.total.exact_equity()


@pytest.mark.parametrize("name", ["against_hand", "against_range"])
def test_each_class_equals_its_own_range_run_alone(name, request):
    found = request.getfixturevalue(name)
    board = found.board.replace(" ", "")
    heavy = [r for r in found.view("classes") if r.hands >= 5][:6]
    for row in heavy:
        alone = equity([found.where(row.name), found.against], board, exhaustive=True)
        assert alone.players[0].exact_equity() == row.exact_equity(), row.name


def _by_reference(found) -> dict[tuple[int, ...], set[str]]:
    board = tuple(int(c) for c in _cards(found.board))
    out = {}
    for hand in found.hands.tolist():
        names = ref.classes(tuple(hand), board)[: len(GROUPS)]
        families = {f for f, members in FAMILIES.items() if set(members) & set(names)}
        out[tuple(hand)] = set(names) | families
    return out


def _cards(board: str):
    from omaha8eq.cards import parse_cards

    return parse_cards(board)


@pytest.mark.parametrize(
    ("expression", "meets"),
    [
        ("nut low draw or set", lambda n: "nut low draw" in n or "set" in n),
        (
            "protected nut low draw and not (flush draw or backdoor flush draw)",
            lambda n: "protected nut low draw" in n and not ("flush draw" in n or "backdoor flush draw" in n),
        ),
        ("Overpair AND nut flush draw", lambda n: "overpair" in n and "nut flush draw" in n),
        ("not no low draw", lambda n: "no low draw" not in n),
        (
            "low draw and straight draw or top two pair",
            lambda n: ("low draw" in n and "straight draw" in n) or "top two pair" in n,
        ),
        ("other pair and not nut low draw", lambda n: "other pair" in n and "nut low draw" not in n),
    ],
)
def test_filtered_range_equals_the_hand_by_hand_selection(expression, meets):
    found = explore("AA2*, KK**:$ds@50", "Kc8c5h")
    truth = _by_reference(found)
    want = {hand for hand, names in truth.items() if meets(names)}
    try:
        got = found.where(expression)
    except OmahaInputError:
        assert not want
        return
    assert {tuple(h) for h in got.hands.tolist()} == want
    weights = dict(zip(map(tuple, found.hands.tolist()), found.weights.tolist(), strict=True))
    assert got.weights.tolist() == [weights[tuple(h)] for h in got.hands.tolist()]


def test_filter_range_is_explore_where():
    direct = filter_range("AA2*", "Kc8c5h", "unprotected nut low draw")
    assert direct == explore("AA2*", "Kc8c5h").where("unprotected nut low draw")
    assert isinstance(direct, Range)


def test_the_hand_list_reads_back_as_the_same_range():
    narrowed = explore("AA23, KKQJ@50, QQJT@0.5, 8765", "Kc8c5h").where("overpair or set or other pair")
    # AA23 (overpair): 6 * 4 * 4; KKQJ (top set): 3 kings left, 3 * 4 * 4; QQJT (other pair):
    # 6 * 4 * 4; 8765 (two pair) is left out.
    assert len(narrowed) == 96 + 48 + 96
    assert parse_range(hand_list(narrowed)) == narrowed
    assert parse_range(hand_list(narrowed)).exact_weights()[0].tolist() == narrowed.exact_weights()[0].tolist()


def test_views_and_shares_by_name(against_hand):
    classes = against_hand.view("classes")
    flags = against_hand.view("flags")
    assert set(flags) <= set(classes) and not any(r.name.startswith("no ") for r in flags)
    assert abs(sum(r.share for r in against_hand.view("summary")) - 1) < 1e-12
    assert against_hand.share("overpair") == 1.0
    assert against_hand.row("top set").hands == 0
    assert against_hand.share("nut low draw") == pytest.approx(
        against_hand.row("protected nut low draw").share + against_hand.row("unprotected nut low draw").share
    )


def test_without_against_there_are_no_equities():
    found = explore("15%", "Ac8c5h")
    assert found.total.equity is None and all(r.counts is None for r in found.rows)
    assert found.total.hands == 26342
    with pytest.raises(OmahaInputError, match="without against"):
        found.total.exact_equity()


def test_high_only_games_have_no_low_groups():
    found = explore("AA**", "Kc8c5h", game="omahahi")
    assert {r.group for r in found.rows} == {"high", "flush draw", "straight draw", "clean", "summary"}


def test_results_render_and_serialize(against_hand):
    text = str(against_hand)
    assert text.splitlines()[0].startswith("AA2* on Kc 8c 5h (omaha8) against KsKhQdJd: 1,036 live hands")
    assert "unprotected nut low draw" in text and "<table>" in against_hand._repr_html_()
    document = against_hand.to_dict()
    assert document["total"]["exact_equity"] == str(against_hand.total.exact_equity())
    frame = against_hand.to_pandas("flags")
    assert list(frame["class"]) == [r.name for r in against_hand.view("flags")]


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: explore("AA2*", "Kc8c"), "board: 2 cards"),
        (lambda: explore("AA2*", "Kc8c5h", dead="Kc"), "dead: a card is also on the board"),
        (lambda: explore(42, "Kc8c5h"), "range: expected a range"),
        (lambda: explore("AA2*", "Kc8c5h", game="omaha8-double"), "one board"),
        (lambda: explore("AsAh2c3d", "AsKc5h"), "no hand of 'AsAh2c3d' is live"),
        (lambda: explore("AA2*", "Kc8c5h").where("nut low drow"), "did you mean 'nut low draw'"),
        (lambda: explore("AA2*", "Kc8c5h").where("set and"), "ends early"),
        (lambda: explore("AA2*", "Kc8c5h").where("(set or trips"), "not closed"),
        (lambda: explore("AA2*", "Kc8c5h").where("set or and trips"), "a class name is missing before 'and'"),
        (lambda: explore("AA2*", "Kc8c5h").where("set trips"), "unexpected 'trips' after 'set'"),
        (lambda: explore("AA2*", "Kc8c5h").where("top set"), "no hand of the range meets"),
        (lambda: explore("AA2*", "Kc8c5h").where(""), "expected a class expression"),
        (lambda: explore("AA2*", "Kc8c5h").view("all"), "view: expected"),
        (lambda: explore("AA2*", "Kc8c5h").row("sett"), "unknown name"),
        (lambda: explore("AA2*", "Kc8c5h", against=parse_range("AA2**", hole_size=5)), "5-card hands"),
    ],
)
def test_bad_input_is_one_clear_error(call, message):
    with pytest.raises(OmahaInputError, match=message.replace("(", r"\(")):
        call()


def test_kernel_classes_match_the_reference_on_a_range():
    """The explorer's class ids are the kernel's (tested against the reference in
    tests/core): spot-check a few hands of a wide range through the names."""
    found = explore("5%", "9h8h2c")
    rng = np.random.default_rng(0)
    board = tuple(_cards("9h8h2c"))
    for i in rng.choice(len(found.hands), 20, replace=False).tolist():
        names = tuple(g[c] for g, c in zip(GROUPS.values(), found.classes[i, : len(GROUPS)].tolist(), strict=True))
        assert names == ref.classes(tuple(found.hands[i].tolist()), board, clean=True)[: len(GROUPS)]


def test_counterfeitable_filter_and_outs_equal_the_reference():
    """On a low flop: `where("counterfeitable ...")` keeps the hands the reference finds
    counterfeitable, and the classes' last column is the reference's counterfeit outs."""
    found = explore("A2**:$ds, 23**", "4c5h8d")
    board = tuple(int(c) for c in _cards("4c5h8d"))
    truth = {tuple(h): ref.classes(tuple(h), board) for h in found.hands.tolist()}
    want = {h for h, c in truth.items() if c[1] == "nut low" and c[5] == "counterfeitable low"}
    got = found.where("counterfeitable and nut low")
    assert {tuple(h) for h in got.hands.tolist()} == want
    assert 0 < len(want) < len(truth)
    got_outs = found.classes[:, COUNTERFEIT_OUTS].tolist()
    assert got_outs == [truth[tuple(h)][COUNTERFEIT_OUTS] for h in found.hands.tolist()]


def test_each_hands_figures_match_its_classes_and_its_own_equity_run(against_hand):
    """per_hand: best equity first, the kernel's classes and outs by name, and each hand's
    exact equity equal to equity() of that hand alone."""
    listed = against_hand.per_hand()
    assert len(listed) == against_hand.total.hands
    equities = [h["equity"] for h in listed]
    assert equities == sorted(equities, reverse=True)
    rows = {hand_list_text(h): i for i, h in enumerate(against_hand.hands.tolist())}
    apart = [h for h in listed if not {h["hand"][k : k + 2] for k in range(0, 8, 2)} & {"Ks", "Kh", "Qd", "Jd"}]
    for figures in (apart[0], apart[len(apart) // 2], apart[-1]):
        i = rows[figures["hand"]]
        names = {g: GROUPS[g][c] for g, c in zip(GROUPS, against_hand.classes[i, : len(GROUPS)].tolist(), strict=True)}
        assert figures["classes"] == names
        outs = [figures[k] for k in ("straight_outs", "counterfeit_outs", "clean_outs")]
        assert outs == against_hand.classes[i, [STRAIGHT_OUTS, COUNTERFEIT_OUTS, CLEAN_OUTS]].tolist()
        alone = equity([figures["hand"], against_hand.against], "Kc8c5h", exhaustive=True)
        assert Fraction(figures["exact_equity"]) == alone.players[0].exact_equity()
    assert (against_hand.hand_counts.sum(axis=0) == against_hand.total.counts).all()  # AA2*: weights 1


def test_the_document_lists_a_bounded_number_of_hands(against_hand):
    assert len(against_hand.to_dict()["per_hand"]) == PER_HAND < against_hand.total.hands
    assert against_hand.to_dict(3)["per_hand"] == against_hand.per_hand()[:3]
    assert len(against_hand.to_dict(None)["per_hand"]) == against_hand.total.hands
    without = explore("AA23", "Kc8c5h").per_hand(2)
    assert [h["hand"] for h in without] == [hand_list_text(h) for h in explore("AA23", "Kc8c5h").hands[:2].tolist()]
    assert "equity" not in without[0]
    with pytest.raises(OmahaInputError, match="per_hand: expected a number"):
        against_hand.per_hand(-1)


def test_dead_cards_are_no_outs():
    """The explorer hands its dead cards to the kernel: the reference with the same dead
    cards gives the same outs."""
    dead = ("Ad", "Ac", "8s")
    found = explore("AKT9", "QhJh3c", dead="".join(dead))
    board, out = tuple(_cards("QhJh3c")), tuple(_cards("".join(dead)))
    for i in (0, len(found.hands) - 1):
        hand = tuple(found.hands[i].tolist())
        assert found.classes[i, -3:].tolist() == list(ref.classes(hand, board, dead=out, clean=True)[-3:])
