"""The Game value and ``game=``: named games, hole sizes from the game, the deprecation of ``hilo=``.

Every figure here is checked against the same call made the old way (``hilo=``, the
hands' own hole size): a game is a name for what the engine already computes, so the
counts must be identical.
"""

from __future__ import annotations

import json
import warnings
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from cli_run import fails, run

import omaha8eq
from omaha8eq.errors import HandSizeError, OmahaInputError, OmahaTypeError
from omaha8eq.games import GAMES, HILO_DEPRECATED, Game, as_game, game_for, game_of_hands, resolve_game

ACES, KINGS = "As Ah 2c 3d", "Ks Kh Qd Jd"
ACES5, KINGS5 = "As Ah 2c 3d 4h", "Ks Kh Qd Jd Th"
BOARD = "4c 5d 7s"


@contextmanager
def no_deprecation() -> Iterator[None]:
    """Any DeprecationWarning raised inside is an error."""
    with warnings.catch_warnings():
        warnings.simplefilter("error", DeprecationWarning)
        yield


def without_elapsed(document: dict) -> dict:
    return {k: v for k, v in document.items() if k != "elapsed"}


def test_the_named_games():
    shapes = {name: (g.hole_cards, g.hilo, g.hole_used, g.board_used, g.boards) for name, g in GAMES.items()}
    assert shapes == {
        "omaha8": (4, True, 2, 3, 1),
        "omaha85": (5, True, 2, 3, 1),
        "omaha86": (6, True, 2, 3, 1),
        "omahahi": (4, False, 2, 3, 1),
        "omahahi5": (5, False, 2, 3, 1),
        "omahahi6": (6, False, 2, 3, 1),
    }
    assert [GAMES[n].max_players for n in ("omaha8", "omaha85", "omaha86")] == [11, 9, 7]
    for game in GAMES.values():
        assert game_for(game.hole_cards, game.hilo) is game
        assert as_game(game.name.upper()) is game


def test_a_game_is_immutable_and_checked():
    with pytest.raises(AttributeError):
        GAMES["omaha8"].hole_cards = 5  # type: ignore[misc]
    with pytest.raises(OmahaInputError, match="7 hole cards"):
        Game("omaha87", 7)
    with pytest.raises(OmahaInputError, match="2 hole cards and 3 board cards"):
        Game("holdem", 4, hole_used=1)
    with pytest.raises(OmahaInputError, match=r"unknown game 'omaha9' \(did you mean 'omaha8'\?\)"):
        as_game("omaha9")
    with pytest.raises(OmahaTypeError, match="game: expected a game name or a Game, got 4"):
        as_game(4)


def test_hilo_is_deprecated_and_agrees_with_the_game():
    with pytest.warns(DeprecationWarning, match="hilo= is deprecated"):
        assert resolve_game(None, False) == (None, False)
    with pytest.warns(DeprecationWarning), pytest.raises(OmahaInputError, match="contradicts game='omaha8'"):
        resolve_game("omaha8", False)
    with pytest.warns(DeprecationWarning), pytest.raises(OmahaTypeError, match="hilo"):
        resolve_game(None, "yes")
    assert "game='omahahi'" in HILO_DEPRECATED


def test_the_warning_points_at_the_caller():
    with pytest.warns(DeprecationWarning) as caught:
        omaha8eq.evaluate(ACES, "Ad 8c 5h", hilo=False)
    assert caught[0].filename == __file__
    with pytest.warns(DeprecationWarning) as caught:
        omaha8eq.equity_many([([ACES, KINGS], BOARD)], hilo=False)
    assert caught[0].filename == __file__


@pytest.mark.parametrize(("name", "hands"), [("omahahi", (ACES, KINGS)), ("omahahi5", (ACES5, KINGS5))])
def test_a_high_only_game_counts_as_hilo_false(name, hands):
    with no_deprecation():
        new = omaha8eq.equity(list(hands), BOARD, game=name)
    with pytest.warns(DeprecationWarning):
        old = omaha8eq.equity(list(hands), BOARD, hilo=False)
    assert (new.players[0].counts == old.players[0].counts).all()
    assert without_elapsed(new.to_dict()) == without_elapsed(old.to_dict())
    assert new.game == name and new.to_dict()["game"] == name and not new.hilo


def test_results_name_the_game_played():
    assert omaha8eq.equity([ACES, KINGS], BOARD).game == "omaha8"
    assert omaha8eq.equity([ACES5, KINGS5], BOARD).game == "omaha85"
    table = omaha8eq.spot_equities([([ACES, KINGS], BOARD)], game="omahahi")
    assert table.game == "omahahi" and table.to_dict()["game"] == "omahahi" and table.result(0).game == "omahahi"
    mixed = omaha8eq.spot_equities([([ACES, KINGS], BOARD), ([ACES5, KINGS5], BOARD)])
    assert mixed.game is None and mixed.result(1).game == "omaha85"


def test_text_ranges_take_their_hole_size_from_the_game():
    with no_deprecation():
        result = omaha8eq.equity(["AA2**", "KK***"], "Ac8c5h", game="omaha85", samples=2_000, seed=1)
    assert result.game == "omaha85"
    explicit = omaha8eq.equity(
        [omaha8eq.parse_range("AA2**", hole_size=5), omaha8eq.parse_range("KK***", hole_size=5)],
        "Ac8c5h",
        samples=2_000,
        seed=1,
    )
    assert without_elapsed(result.to_dict()) == without_elapsed(explicit.to_dict())
    with pytest.raises(omaha8eq.RangeSyntaxError, match="the pattern has 5 cards; 4-card hands hold 4"):
        omaha8eq.equity(["AA2**", "KK***"], "Ac8c5h")  # without the game the patterns are 4-card ones


def test_hands_of_another_size_than_the_games_are_refused():
    with pytest.raises(HandSizeError, match=r"hands: 4 hole cards; omaha85 \(5-card Omaha Hi-Lo\) deals 5"):
        omaha8eq.equity([ACES, KINGS], BOARD, game="omaha85")
    with pytest.raises(HandSizeError, match="spot 1: hands: 4 hole cards; omaha86"):
        omaha8eq.equity_many([([ACES, KINGS], BOARD)], game="omaha86")
    with pytest.raises(HandSizeError, match="hole: 4 hole cards; omahahi5"):
        omaha8eq.evaluate(ACES, "Ad 8c 5h", game="omahahi5")
    with pytest.raises(HandSizeError, match="players: 4 hole cards; omaha85"):
        omaha8eq.settle([(ACES, 10), (KINGS, 10)], "4c 5d 7s 8h 9h", game="omaha85")
    for call in (
        lambda: omaha8eq.evaluate(ACES, BOARD, game=4),
        lambda: omaha8eq.settle([(ACES, 10), (KINGS, 10)], BOARD, game=["omaha8"]),
        lambda: omaha8eq.allin_equity([(ACES, 10), (KINGS, 10)], BOARD, game=object()),
        lambda: omaha8eq.spot_equities([([ACES, KINGS], BOARD)], game=8),
    ):
        with pytest.raises(OmahaTypeError, match="game: expected a game name or a Game"):
            call()
    # Many spots play one board each; equity() hands a double-board game to boards_equity.
    with pytest.raises(OmahaInputError, match="deals 2 boards"):
        omaha8eq.equity_many([([ACES, KINGS], BOARD)], game=Game("double", 4, boards=2))
    double = omaha8eq.equity([ACES, KINGS], BOARD, game=Game("double", 4, boards=2), samples=1000, seed=1)
    assert (double.game, len(double.boards)) == ("double", 2)


def test_settle_and_allin_take_the_game():
    board = "4c 5d Ks Qs 8c"
    players = [("Ah Ac 2h 3c", 40), ("As 2s 6d 7d", 40), ("6s 7s 8d 9d", 40)]
    with no_deprecation():
        high_only = omaha8eq.settle(players, board, game="omahahi")
        allin = omaha8eq.allin_equity([(p, 40) for p, _ in players], "4c 5d Ks Qs", game="omahahi")
    with pytest.warns(DeprecationWarning):
        assert omaha8eq.settle(players, board, hilo=False) == high_only
    assert high_only.payouts == (0, 60, 60) and high_only.game == "omahahi"
    assert high_only.to_dict()["game"] == allin.to_dict()["game"] == "omahahi"
    assert omaha8eq.settle(players, board).to_dict()["game"] == "omaha8"


def test_game_of_hands_reads_the_first_written_hand():
    assert game_of_hands(["random", "AA**", ACES5]).name == "omaha85"
    assert game_of_hands(["AA**"], hilo=False).name == "omahahi"
    assert game_of_hands([None, "fold", "As Kx"]).name == "omaha8"


def test_the_library_never_warns_itself(capsys):
    """Every entry point and command that plays a game, with warnings as errors."""
    with no_deprecation():
        omaha8eq.equity([ACES, KINGS], BOARD)
        omaha8eq.equity_many([([ACES5, KINGS5], BOARD)], game="omaha85")
        omaha8eq.spot_equities([([ACES, KINGS], BOARD)])
        omaha8eq.evaluate(ACES, "Ad 8c 5h", game="omahahi")
        omaha8eq.evaluate_high(ACES, "Ad 8c 5h")
        omaha8eq.settle([(ACES, 10), (KINGS, 10)], "4c 5d 7s 8h 9h", game="omahahi")
        omaha8eq.allin_equity([(ACES, 10), (KINGS, 20)], BOARD, game="omahahi")
        omaha8eq.counterfeit_odds("As 2c Kh Kd", "4d 6h 8s")
        for argv in (
            ("equity", ACES5, KINGS5, "--board", BOARD, "--high-only", "--json"),
            ("eval", ACES, "--board", "Ad8c5h", "--high-only"),
            ("settle", "AsAh2c3d:10", "KsKhQdJd:10", "--board", "4c5d7s8h9h", "--game", "omahahi"),
            ("allin", "AsAh2c3d:10", "KsKhQdJd:20", "--board", BOARD, "--high-only"),
        ):
            assert run(capsys, *argv)[0] == 0


def test_the_cli_game_option(capsys):
    status, out, _ = run(capsys, "equity", ACES5, KINGS5, "--board", BOARD, "--high-only", "--json")
    assert status == 0 and json.loads(out)["game"] == "omahahi5"
    status, out, _ = run(capsys, "equity", "AA2**", "KK***", "--board", "Ac8c5h", "--game", "omaha85",
                         "--samples", "1000", "--seed", "1", "--json")  # fmt: skip
    assert status == 0 and json.loads(out)["game"] == "omaha85"
    status, out, _ = run(capsys, "eval", ACES5, "--board", "Ad8c5h", "--json")
    assert status == 0 and json.loads(out)["game"] == "omaha85"
    assert fails(capsys, "equity", ACES, KINGS, "--game", "omaha9") == (
        "omaha8eq: error: --game: unknown game 'omaha9' (did you mean 'omaha8'?); the games are "
        "omaha8, omaha85, omaha86, omahahi, omahahi5, omahahi6"
    )
    both = fails(capsys, "eval", ACES, "--board", BOARD, "--game", "omaha8", "--high-only")
    assert "--high-only contradicts --game omaha8" in both
    assert "omaha85 (5-card Omaha Hi-Lo) deals 5" in fails(capsys, "equity", ACES, KINGS, "--game", "omaha85")
