"""equity()'s one entry: the options record checked once, the runner table, the refusal
priced from the ranges' sizes before they are built (work and memory), and the dispatch
of two boards or runs to boards_equity (and of settle's boards to settle_boards)."""

from __future__ import annotations

import dataclasses

import pytest

import omaha8eq.engine.spot
import omaha8eq.ranges.range
from omaha8eq import boards_equity, equity, settle, settle_boards
from omaha8eq.engine.budget import EARLY_MARGIN, estimate_memory, spot_sizes
from omaha8eq.engine.method import WORK_ESTIMATES, Method
from omaha8eq.engine.options import MEMORY_FRACTION, RunOptions, default_max_memory
from omaha8eq.engine.run import RUNNERS
from omaha8eq.errors import InvalidCardError, OmahaInputError, OmahaTypeError, WorkLimitError
from omaha8eq.games import as_game
from omaha8eq.ranges.range import RangeSyntaxError

ACES, KINGS = "As Ah 2c 3d", "Ks Kh Qd Jd"


def test_every_method_has_a_runner():
    assert set(RUNNERS) == set(Method) == set(WORK_ESTIMATES)


def test_the_record_is_checked_once_into_plain_values():
    options = RunOptions.check(exhaustive=False, samples=None, stderr_target=1, seed=7, by_hand=True)
    assert options == RunOptions(exhaustive=False, stderr_target=1.0, seed=7, by_hand=True)
    assert type(options.stderr_target) is float
    assert RunOptions.check() == RunOptions()  # the usual call: no option given
    with pytest.raises(OmahaInputError, match="exhaustive=True cannot be combined"):
        RunOptions.check(exhaustive=True, samples=100)
    with pytest.raises(OmahaInputError, match="checkpoint: only a distributed run"):
        RunOptions.check(checkpoint="/tmp/x")
    with pytest.raises(OmahaInputError, match="scheduler: a distributed run is exact"):
        RunOptions.check(scheduler="local")
    with pytest.raises(OmahaTypeError, match="max_memory"):
        RunOptions.check(max_memory="1 GB")
    with pytest.raises(dataclasses.FrozenInstanceError):
        options.seed = 8  # type: ignore[misc]


def test_a_record_of_plain_values_is_kept_and_told_apart_by_type():
    kept = RunOptions.check(threads=1, exhaustive=True)
    assert RunOptions.check(threads=1, exhaustive=True) is kept  # frozen: nothing can change it
    assert kept == RunOptions(exhaustive=True, threads=1)
    for bad in ({"threads": True}, {"threads": 1.0}, {"exhaustive": 1}, {"exhaustive": [1]}):
        with pytest.raises(OmahaTypeError):  # equal to a kept value (True == 1 == 1.0), another type
            RunOptions.check(**bad)
    assert RunOptions.check(stderr_target=1) == RunOptions.check(stderr_target=1.0)
    with pytest.raises(OmahaInputError, match="exhaustive=True cannot be combined"):  # errors are not kept
        RunOptions.check(exhaustive=True, samples=100)
    with pytest.raises(OmahaInputError, match="exhaustive=True cannot be combined"):
        RunOptions.check(exhaustive=True, samples=100)


def test_a_spot_of_known_hands_is_parsed_anew_from_kept_parts():
    parse_spot = omaha8eq.engine.spot.parse_spot
    first = parse_spot([ACES, KINGS], "Ac8c5h", "")
    first.seats[0].cards, first.seats[0].label, first.board = (0, 1, 2, 3), "changed", ()
    first.seats.pop()
    again = parse_spot((ACES, KINGS), "Ac8c5h", "")
    assert again is not first and again.seats[0] is not first.seats[0]
    assert [(s.label, s.cards) for s in again.seats] == [("As Ah 3d 2c", (51, 50, 0, 5)), (KINGS, (47, 46, 41, 37))]
    assert (again.hole_size, again.board, again.dead) == (4, (48, 24, 14), ())
    for _ in range(2):  # an error is raised every time, not kept
        with pytest.raises(OmahaInputError, match="As"):
            parse_spot([ACES, KINGS], "As8c5h", "")


def test_the_default_memory_limit_is_a_share_of_the_machine():
    import os

    physical = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
    assert default_max_memory() == int(physical * MEMORY_FRACTION)
    assert RunOptions().memory_limit == default_max_memory()
    assert RunOptions(max_memory=5).memory_limit == 5


@pytest.fixture
def no_range_built(monkeypatch):
    """Building any range (the spot parser's, or the range module's) fails the test."""

    def refuse(*args, **kwargs):
        raise AssertionError("a range was built")

    monkeypatch.setattr(omaha8eq.engine.spot, "parse_range_text", refuse)
    monkeypatch.setattr(omaha8eq.ranges.range, "_parse_cached", refuse)
    with omaha8eq.ranges.range._RESULTS_LOCK:
        cached = dict(omaha8eq.ranges.range._RESULTS)
        omaha8eq.ranges.range._RESULTS.clear()
    yield
    with omaha8eq.ranges.range._RESULTS_LOCK:
        omaha8eq.ranges.range._RESULTS.update(cached)


def test_a_hopeless_exact_range_run_is_refused_before_the_ranges_are_built(no_range_built):
    # 6-card 15% v 15% on a flop: built, this took 15 s and 645 MB before the refusal.
    with pytest.raises(WorkLimitError, match=r"range sweep\) would take about 9\.7e\+10 .* before building them"):
        equity(["15%", "15%"], "Ac8c5h", game="omaha86", exhaustive=True)
    # Three ranges: the combination path's estimate.
    with pytest.raises(WorkLimitError, match=r"range combinations\) would take"):
        equity(["15%", "20%", "25%"], "Ac8c5h", game="omaha86", exhaustive=True)


def test_a_malformed_range_is_named_before_any_range_is_built(no_range_built):
    # The 6-card 100% range took a minute to build before the mistake after it was read.
    with pytest.raises(RangeSyntaxError, match=r"range 'AKQ2\*!': expected a hand"):
        equity(["100%", "AKQ2*!"], "Ac8c5h", game="omaha86")
    with pytest.raises(InvalidCardError, match="hand 3: 'Xd' is not a card"):
        equity(["100%", "AA:$ds", "Ks Kh Qd Xd"], "Ac8c5h", game="omaha86")


def test_the_early_refusal_leaves_runs_near_the_limit_to_the_planner():
    sizes = spot_sizes(["15%", "15%"], "Ac8c5h", "", as_game("omaha86"))
    assert sizes is not None and sizes.one_range and sizes.range_hands == [3_053_784, 3_053_784]
    # Within EARLY_MARGIN times the limit by their sizes, the ranges are built and the
    # planner's own estimate decides (its message does not speak of the sizes).
    from omaha8eq.engine.budget import estimate_exact_work

    hands = ["AA:$ds", "KK:$ds"]
    small = spot_sizes(hands, "Ac8c5h", "", as_game("omaha86"))
    assert small is not None
    cost = estimate_exact_work(small.sides, hole_size=6, board=3, dead=0, known_mask=small.known_mask)
    assert cost is not None
    with pytest.raises(WorkLimitError) as refused:
        equity(hands, "Ac8c5h", game="omaha86", exhaustive=True, max_work=-(-cost.work // EARLY_MARGIN))
    assert "before building them" not in str(refused.value)
    with pytest.raises(WorkLimitError, match="before building them"):
        equity(hands, "Ac8c5h", game="omaha86", exhaustive=True, max_work=cost.work // EARLY_MARGIN - 1)


def test_unreadable_input_is_left_to_the_parser_with_its_message():
    assert spot_sizes(["15%", "Xx Ah 2c 3d"], "Ac8c5h", "", None) is None
    with pytest.raises(OmahaInputError, match="hand 2"):
        equity(["15%", "Xx Ah 2c 3d"], "Ac8c5h", exhaustive=True)


def test_a_run_above_max_memory_is_refused_with_the_estimate_before_building(no_range_built):
    hands = [20_358_520, 20_154_944]  # 6-card 100% and 99%
    expected = estimate_memory(hands, by_hand=False, samples=1000)
    with pytest.raises(OmahaInputError, match=r"max_memory: this run would need about 7\.7 GB") as refused:
        equity(["100%", "99%"], game="omaha86", samples=1000, seed=1, max_memory=expected - 1)
    assert f"max_memory={expected - 1:,} bytes" in str(refused.value)


def test_max_memory_lets_through_what_fits():
    result = equity([ACES, "KK"], "Ac8c5h", max_memory=10**9)
    assert result.exhaustive
    with pytest.raises(OmahaInputError, match="max_memory"):
        equity([ACES, "KK"], "Ac8c5h", max_memory=1000)


def _same_boards(a, b):
    assert (a.outcomes, a.exhaustive, a.seed, a.kind, a.game) == (b.outcomes, b.exhaustive, b.seed, b.kind, b.game)
    for p, q in zip(a.players, b.players, strict=True):
        assert (p.scooped, p.shares, p.exact_equity()) == (q.scooped, q.shares, q.exact_equity())
    for x, y in zip(a.boards, b.boards, strict=True):
        for p, q in zip(x.players, y.players, strict=True):
            assert (p.counts == q.counts).all()


@pytest.mark.parametrize(
    ("hands", "call", "options"),
    [
        ([ACES, KINGS], {"boards": ("4c 5d 7s", "Kc Qs 9h 2d")}, {}),
        ([ACES, KINGS], {"board": "4c 5d 7s 8h", "runs": 2}, {}),
        ([ACES, KINGS, "9h 8h 7c 6c"], {"board": "Ac 8c 5h", "game": "omaha8-double"}, {"samples": 2_000, "seed": 2}),
        ([ACES, "random"], {"boards": ("4c 5d 7s", "Kc Qs 9h")}, {"samples": 2_000, "seed": 3}),
        (["As Ah 2c 3d 4h", "KK"], {"board": "4c 5d 7s", "runs": 3, "game": "omahahi5"}, {"samples": 500, "seed": 1}),
    ],
)
def test_equity_with_boards_or_runs_is_boards_equity_count_for_count(hands, call, options):
    given = equity(hands, **call, **options)
    board = call.get("boards", call.get("board"))
    expected = boards_equity(hands, board, runs=call.get("runs", 1), game=call.get("game"), **options)
    _same_boards(given, expected)


def test_runs_of_one_is_a_single_run():
    single = equity([ACES, KINGS], "4c 5d 7s", runs=1)
    assert single.outcomes == 820 and not hasattr(single, "kind")


@pytest.mark.parametrize(
    ("call", "message"),
    [
        ({"boards": ("4c5d7s", "Kc Qs 9h"), "by_hand": True}, "by_hand: not available"),
        ({"board": "4c5d7s", "runs": 2, "by_next_card": True}, "by_next_card: not available"),
        ({"boards": ("4c5d7s", "KcQs9h"), "exhaustive": True, "scheduler": "local"}, "scheduler: a distributed run"),
        ({"board": "4c5d7s", "boards": ("2c3c4c", "KcQs9h")}, "give the board or the boards"),
        ({"boards": "4c5d7s"}, "boards: expected two boards"),
        ({"boards": ("4c5d7s", "KcQs9h"), "runs": 2}, "runs: running it N times plays one board"),
        ({"board": "4c5d7s", "runs": 5}, "runs"),
        ({"boards": ("4c5d7s", "4c5d7s")}, "4c"),
    ],
)
def test_what_two_boards_or_runs_cannot_do_is_refused(call, message):
    with pytest.raises(OmahaInputError, match=message):
        equity([ACES, KINGS], **call)


PLAYERS = [("Ah Ac 2h 3c", 20), ("As 2s 6d 7d", 20), ("6s 7s 8d 9d", 20)]


@pytest.mark.parametrize(
    ("boards", "runs"),
    [
        (["4c 5d Ks Qs 8c", "Kd Kh Tc 9c 3d"], False),
        (["4c 5d Ks Qs 8c", "4c 5d Ks Jd Th"], True),
        (["Kd Kh Tc 9c 3d", "4c 5d Ks Qs 8c", "5h 4h 3s 2d Jc"], False),
    ],
)
def test_settle_with_boards_is_settle_boards(boards, runs):
    for button, chip in ((0, 1), (2, 5)):
        players = [(hand, chips * chip) for hand, chips in PLAYERS]
        given = settle(players, boards=boards, runs=runs, button=button, chip=chip)
        assert given.to_dict() == settle_boards(players, boards, runs=runs, button=button, chip=chip).to_dict()


def test_settle_refuses_a_board_and_boards_or_runs_without_boards():
    with pytest.raises(OmahaInputError, match="give the board or the boards"):
        settle(PLAYERS, "4c 5d Ks Qs 8c", boards=["4c 5d Ks Qs 8c", "Kd Kh Tc 9c 3d"])
    with pytest.raises(OmahaInputError, match="runs=True settles the runs given as boards"):
        settle(PLAYERS, "4c 5d Ks Qs 8c", runs=True)


def test_settle_boards_and_boards_equity_take_a_game_and_deprecate_hilo():
    boards = ["4c 5d Ks Qs 8c", "Kd Kh Tc 9c 3d"]
    high = settle_boards(PLAYERS, boards, game="omahahi")
    with pytest.deprecated_call():
        assert settle_boards(PLAYERS, boards, hilo=False).to_dict() == high.to_dict()
    assert not high.hilo and all(part.low_amount == 0 for pot in high.pots for part in pot.parts)
    with pytest.deprecated_call():
        old = boards_equity([ACES, KINGS], ("4c 5d 7s 8h", "Kc Qs 9h 2d"), hilo=False)
    _same_boards(old, boards_equity([ACES, KINGS], ("4c 5d 7s 8h", "Kc Qs 9h 2d"), game="omahahi"))
