"""boards_equity: running it N times against the single run, sampling against exact, refusals."""

from __future__ import annotations

import pytest

from omaha8eq import equity
from omaha8eq.boards import boards_equity
from omaha8eq.cards import parse_cards
from omaha8eq.errors import DuplicateCardError, OmahaInputError, WorkLimitError
from omaha8eq.games import game_for

ACES, KINGS, WRAP = "As Ah 2c 3d", "Ks Kh Qd Jd", "9h 8h 7c 6c"


@pytest.mark.parametrize(
    ("hands", "board", "runs", "hilo"),
    [
        ([ACES, KINGS], "4c 5d 7s", 2, True),  # all in on the flop, run twice
        ([ACES, KINGS, WRAP], "4c 5d Ts 2h", 3, True),  # three-way on the turn, three runs
        ([ACES, KINGS], "8d 5d Ts 2h", 4, False),  # high only, four runs
    ],
)
def test_runs_keep_the_single_run_equity_exactly(hands, board, runs, hilo):
    once = equity(hands, board, game=game_for(len(parse_cards(hands[0])), hilo))
    many = boards_equity(hands, board, runs=runs, game=game_for(len(parse_cards(hands[0])), hilo))
    assert many.exhaustive and once.exhaustive
    for single, run_player in zip(once.players, many.players, strict=True):
        assert run_player.exact_equity() == single.exact_equity()
        for on_run in run_player.boards:  # every run, on its own, is the single run
            assert on_run.exact_equity() == single.exact_equity()
    # The share varies less: the standard deviation of one deal's share shrinks.
    assert many.players[0].share_stdev < _single_stdev(once.players[0])


def _single_stdev(player):
    mean = player.exact_equity()
    counts = player.outcome_counts.shares
    total = sum(counts.values())
    return float(sum((share - mean) ** 2 * k for share, k in counts.items()) / total) ** 0.5


def test_sampling_agrees_with_exact_and_reproduces_on_any_thread_count():
    hands, boards = [ACES, KINGS, WRAP], ("4c 5d 7s", "Kc Qs 9d")
    exact = boards_equity(hands, boards)
    sampled = boards_equity(hands, boards, samples=200_000, seed=27, threads=1)
    assert not sampled.exhaustive and sampled.seed == 27 and sampled.outcomes == 200_000
    for e, s in zip(exact.players, sampled.players, strict=True):
        assert abs(s.equity - e.equity) < 5 * s.equity_stderr
        assert abs(s.scoop_all - e.scoop_all) < 0.01
    again = boards_equity(hands, boards, samples=200_000, seed=27, threads=2)
    assert [p.share_counts for p in again.players] == [p.share_counts for p in sampled.players]


def test_random_hands_are_sampled_and_a_bomb_pot_runs():
    result = boards_equity([ACES, "random", "random", "random"], ("", ""), samples=50_000, seed=1)
    assert not result.exhaustive and len(result.boards) == 2
    assert abs(sum(p.equity for p in result.players) - 1) < 1e-12
    with pytest.raises(OmahaInputError, match="known hands only"):
        boards_equity([ACES, "random"], ("4c 5d 7s", "Kc Qs 9d"), exhaustive=True)


HERO = {4: ACES, 5: "As Ah 2c 3d 4h", 6: "As Ah 2c 3d 4h 5h"}


@pytest.mark.parametrize("hole", [4, 5, 6])
@pytest.mark.parametrize("players", range(4, 10))
@pytest.mark.parametrize("flops", [("", ""), ("Kc Qs 9h", "8d 7d 6s")])
def test_bomb_pots_of_4_to_9_players_run_until_the_deck_runs_out(hole, players, flops):
    """A bomb pot: one known hand, the rest random, two boards from one deck, 4 to 9 players."""
    hands = [HERO[hole]] + ["random"] * (players - 1)
    if players * hole + 10 > 52:  # every hand, and both boards to the river
        with pytest.raises(OmahaInputError, match=f"{players} players with {hole} cards each.*; the deck has 52"):
            boards_equity(hands, flops, samples=1_000, seed=1)
        return
    result = boards_equity(hands, flops, samples=1_000, seed=1)
    assert result.outcomes == 1_000 and [b.board for b in result.boards] == [" ".join(f.split()) for f in flops]
    for player in result.players:
        assert sum(player.share_counts.values()) == sum(player.scooped) == 1_000
    assert abs(sum(p.equity for p in result.players) - 1) < 1e-12


def test_stderr_target_stops_sampling():
    result = boards_equity([ACES, KINGS], ("", ""), stderr_target=0.004, seed=3)
    assert not result.exhaustive
    assert max(p.equity_stderr for p in result.players) <= 0.004


def test_one_board_given_twice_is_refused():
    with pytest.raises(DuplicateCardError, match="4c appears in board 1 and in board 2"):
        boards_equity([ACES, KINGS], ("4c 5d 7s", "4c 5d 7s"))


def test_a_board_on_one_side_only_is_fine():
    one_side = boards_equity([ACES, KINGS], ("4c 5d 7s Ts 9s", ""), samples=20_000, seed=5)
    assert one_side.boards[0].board == "4c 5d 7s Ts 9s" and one_side.boards[1].board == ""
    by_game = boards_equity([ACES, KINGS], "4c 5d 7s Ts 9s", game="omaha8-double", samples=20_000, seed=5)
    assert by_game.game == "omaha8-double"
    assert [p.share_counts for p in by_game.players] == [p.share_counts for p in one_side.players]


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"boards": ("4c 5d 7s",), "runs": 5}, "runs"),
        ({"boards": ("4c 5d 7s", "Kc Qs 9d"), "runs": 2}, "one board"),
        ({"boards": ("4c 5d 7s", "Kc Qs 9d", "2s 3s 4s")}, "3 boards"),
        ({"boards": ("4c 5d 7s 8s 9s Tc", "")}, "board 1: 6 cards"),
        ({"boards": ("4c 5d 7s",)}, "one board run once"),
        ({"boards": ("4c 5d 7s", ""), "game": "omaha85"}, "5 hole cards"),
    ],
)
def test_bad_input_is_refused(kwargs, message):
    with pytest.raises(OmahaInputError, match=message):
        boards_equity([ACES, KINGS], **kwargs)


def test_a_range_is_sampled_as_the_mix_of_its_hands():
    # Two hands, equal weights, neither blocked: the range's equity is the mean of theirs.
    mixed = boards_equity(["AsAh2c3d, AsAh2c4d", KINGS], ("7c 8d 9s", "Kc Qs 5h"), samples=400_000, seed=11)
    assert not mixed.exhaustive
    first, second = (boards_equity([hand, KINGS], ("7c 8d 9s", "Kc Qs 5h")) for hand in (ACES, "As Ah 2c 4d"))
    expected = (first.players[0].equity + second.players[0].equity) / 2
    assert abs(mixed.players[0].equity - expected) < 5 * mixed.players[0].equity_stderr
    with pytest.raises(OmahaInputError, match="ranges are sampled"):
        boards_equity([ACES, "AA"], ("4c 5d 7s", ""), exhaustive=True)


def test_hopeless_exact_runs_are_refused():
    with pytest.raises(WorkLimitError, match="exact run"):
        boards_equity([ACES, KINGS], ("", ""), exhaustive=True)


def test_to_dict_names_boards_and_runs():
    document = boards_equity([ACES, KINGS], "4c 5d 7s 8s", runs=2).to_dict()
    assert [b["name"] for b in document["boards"]] == ["run 1", "run 2"]
    single = equity([ACES, KINGS], "4c 5d 7s 8s").players[0].exact_equity()
    assert document["players"][0]["exact"]["equity"] == str(single)
    assert sum(document["players"][0]["scooped"]) == document["outcomes"]


def test_progress_is_reported_between_kernel_calls():
    calls = []
    exact = boards_equity(
        [ACES, KINGS], ("4c 5d 7s", "Kc Qs 9h"), progress=lambda done, total: calls.append((done, total))
    )
    assert calls and calls[-1] == (exact.outcomes, exact.outcomes)
    assert [done for done, _ in calls] == sorted(done for done, _ in calls)
    sampled = []
    boards_equity([ACES, "random"], ("", ""), samples=3 << 20, seed=1, progress=lambda d, t: sampled.append((d, t)))
    assert len(sampled) >= 2 and sampled[-1] == (3 << 20, 3 << 20)


def test_an_interrupting_callback_stops_the_run():
    def stop(done, total):
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        boards_equity([ACES, "random"], ("", ""), samples=50_000_000, seed=1, progress=stop)
