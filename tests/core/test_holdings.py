"""The compiled hand classes on a street (omaha8eq.core.holdings) against their plain
definitions (tests/naive_holdings.py, written from docs/range-explorer.md), on random
hands and boards and on the hard cases by name."""

from __future__ import annotations

import random

import naive_holdings as ref
import numpy as np
import pytest

from omaha8eq.cards import parse_cards
from omaha8eq.core import holding_facts, holdings_kernel
from omaha8eq.core import holdings as sc
from omaha8eq.core.tables import get_tables

GROUPS = (
    sc.HIGH_CLASSES,
    sc.LOW_CLASSES,
    sc.LOW_DRAW_CLASSES,
    sc.FLUSH_DRAW_CLASSES,
    sc.STRAIGHT_DRAW_CLASSES,
    sc.COUNTERFEIT_CLASSES,
    sc.CLEAN_CLASSES,
)
N_GROUPS = len(GROUPS)


def _named(rows: np.ndarray) -> list[tuple[object, ...]]:
    """Class ids as names (-1, not asked, stays -1), then the counts."""
    return [
        (
            *(names[c] if c >= 0 else -1 for names, c in zip(GROUPS, row[:N_GROUPS].tolist(), strict=True)),
            *(int(x) for x in row[N_GROUPS:]),
        )
        for row in rows
    ]


def _classify(
    hands: list[tuple[int, ...]],
    board: tuple[int, ...],
    hilo: bool = True,
    dead: tuple[int, ...] = (),
    clean: bool = False,
) -> list[tuple[object, ...]]:
    holes = np.array(hands, dtype=np.int8)
    mask = sum(1 << c for c in dead)
    return _named(
        holdings_kernel.classify(holes, np.array(board, dtype=np.int8), hilo, get_tables(), dead=mask, clean_outs=clean)
    )


@pytest.mark.parametrize("seed", range(12))
def test_random_hands_and_boards_match_the_definitions(seed: int) -> None:
    rng = random.Random(seed)
    hole_size = (4, 5, 6)[seed % 3]
    for board_size in (3, 4, 5):
        deck = list(range(52))
        rng.shuffle(deck)
        board = tuple(deck[:board_size])
        rest = deck[board_size:]
        # Seed 0 takes more than two of the kernel's runs of hands (HANDS_PER_CALL).
        n_hands = 2 * holdings_kernel.HANDS_PER_CALL + 3 if seed == 0 else 25
        hands = [tuple(rng.sample(rest, hole_size)) for _ in range(n_hands)]
        hilo = seed % 4 != 3
        got = _classify(hands, board, hilo)
        want = [ref.classes(hand, board, hilo) for hand in hands]
        assert got == want, (board, hands)


@pytest.mark.parametrize("board_size", [3, 4])
def test_boards_rich_in_draws_match_the_definitions(board_size: int) -> None:
    """Boards of two low ranks and connected high ones, with a two-suit: the draw classes occur."""
    rng = random.Random(board_size)
    seen: set[str] = set()
    for _ in range(6):
        ranks = rng.sample(range(7), 2) + rng.sample(range(7, 12), board_size - 2)
        suits = [0, 0] + [rng.randrange(1, 4) for _ in range(board_size - 2)]
        board = tuple(4 * r + s for r, s in zip(ranks, suits, strict=True))
        rest = [c for c in range(52) if c not in board]
        hands = [tuple(rng.sample([c for c in rest if c // 4 <= 9 or c // 4 == 12], 4)) for _ in range(40)]
        got = _classify(hands, board)
        assert got == [ref.classes(hand, board) for hand in hands], board
        seen.update(str(name) for row in got for name in row[:N_GROUPS])
    assert {"unprotected nut low draw", "other flush draw", "gutshot"} <= seen
    if board_size == 3:
        assert "backdoor straight draw" in seen


def _one(hand: str, board: str, hilo: bool = True, dead: str = "", clean: bool = False) -> tuple[object, ...]:
    cards, on_board, out = tuple(parse_cards(hand)), tuple(parse_cards(board)), tuple(parse_cards(dead))
    assert not set(cards) & set(on_board)
    (got,) = _classify([cards], on_board, hilo, out, clean)
    assert got == ref.classes(cards, on_board, hilo, out, clean)
    return got


@pytest.mark.parametrize(
    ("hand", "board", "group", "name", "outs"),
    [
        # Broadway wrap: A, K, T, 9 (3 each, one held) and 8 (4): 16 outs.
        ("AsKdTc9h", "QhJd3c", 4, "big wrap", 16),
        # Wheel wrap: A, 2, 3, 6 (3 each) and 7 (4).
        ("Ac2d3h6s", "4c5dKh", 4, "big wrap", 16),
        # Open-ended: a queen or a seven (4 each).
        ("JcTd2h2s", "9c8d3h", 4, "open-ended", 8),
        # The 13-out wrap: a seven (4), a queen, jack or ten (3 each); a king makes no straight.
        ("JcTdQh2s", "9c8d3h", 4, "big wrap", 13),
        ("Ac5d2h2s", "Tc4d3h", 4, "wrap", 12),  # 5 (3 left), 6 (4), 2 (2 left), A (3)
        ("Jc9d2h2s", "Tc7d3h", 4, "gutshot", 4),  # an eight
        ("AsKs2d3d", "7c8h9d", 4, "no straight draw", 0),  # Omaha: no two hole cards connect
        # Backdoors: no outs, but a turn and river together: Q K, 8 Q or 7 8 with the J 9.
        ("Jc9d2h2s", "Tc3d3h", 4, "backdoor straight draw", 0),
        ("AhAd3c2c", "Kc8c5h", 4, "backdoor straight draw", 0),  # a four with A, 2, 3 or 6
        ("Jc9d2h2s", "Tc3d3h4s", 4, "no straight draw", 0),  # a backdoor is a flop draw
        ("KsKd2c2h", "7c8h9d", 4, "no straight draw", 0),  # K 2 and 2 K: three ranks short
    ],
)
def test_named_straight_draws(hand: str, board: str, group: int, name: str, outs: int) -> None:
    got = _one(hand, board)
    assert (got[group], got[sc.STRAIGHT_OUTS]) == (name, outs)


@pytest.mark.parametrize(
    ("hand", "board", "name"),
    [
        ("Ah2d3cKs", "Kc8h5d", "protected nut low draw"),  # A 2 with the 3 behind them
        ("Ah2d3cQs", "Ac8hKd", "unprotected nut low draw"),  # the ace is on the board: 2 3, no 4
        ("2h3d4cQs", "Ac8hKd", "protected nut low draw"),  # 2 3 with the 4 behind them
        ("Ah3d9cKs", "Kc8h5d", "second nut low draw"),  # A 3: the lowest and the third lowest
        ("2h3d9cKs", "Kc8h5d", "weaker low draw"),
        ("Ah2dKhKs", "Kc8hQd", "backdoor low draw"),  # one low rank on the flop
        ("Ah2dKhKs", "KcQhJd", "no low draw"),  # no low card: no low by the river
        ("Ah2dKhKs", "Kc8h5d7s", "no low draw"),  # three low ranks: a made low (the nut), no draw
        ("Ah2dKhKs", "Kc8hQd7s", "unprotected nut low draw"),  # two low ranks, one card to come
        ("Ah2dKhKs", "Kc8hQdJs", "no low draw"),  # one low rank, one card to come
        ("Ah2dKhKs", "Kc8h5d7s4s", "no low draw"),  # the river: no draws
    ],
)
def test_named_low_draws(hand: str, board: str, name: str) -> None:
    assert _one(hand, board)[2] == name


@pytest.mark.parametrize(
    ("hand", "board", "name"),
    [
        ("Ah2d3cKs", "4c5h8d", "nut low"),  # 8-5-4-2-A
        ("Ah3d9cKs", "4c5h8d", "second nut low"),
        ("2h3d9cKs", "4c5h8d", "third nut low"),
        ("6h7d9cKs", "4c5h8d", "weaker low"),
        ("Ah2d3cKs", "KcQhJd", "no low"),  # no low on the board
    ],
)
def test_named_made_lows(hand: str, board: str, name: str) -> None:
    assert _one(hand, board)[1] == name


@pytest.mark.parametrize(
    ("hand", "board", "name"),
    [
        ("KsKd2c3c", "KcKh5d", "quads"),
        ("Kd5s2c3c", "KcKh5d", "nut full house"),  # board-paired: K K K 5 5
        ("5s5c2c3c", "KcKh5d", "other full house"),  # 5 5 5 K K
        ("KhQh2c3c", "Ah7h2h", "nut flush"),  # the ace on the board: the king is the nut flush
        ("Kh3h2c3c", "Ah7h2h", "nut flush"),  # whatever the kicker: no other flush has a king
        ("AhJh2c3c", "Kh7h2h", "nut flush"),
        ("QhJh2c3c", "Ah7h2h", "second nut flush"),  # only a king-high flush beats it
        ("JhTh2c3c", "Ah7h2h", "weaker flush"),
        ("Ah2h3c4c", "Kh7hTc", "no pair"),  # one board card short of a flush
        ("KsKd2c3c", "KcQh5d", "top set"),
        ("QsQd2c3c", "KcQh5d", "middle set"),
        ("5s5c2c3c", "KcQh5d", "bottom set"),
        ("Ks2d3c4c", "KcKh5d", "trips"),
        ("KsQd2c3c", "KcQh5d", "top two pair"),
        ("Ks5s2c3c", "KcQh5d", "other two pair"),
        ("AsAd2c3c", "KcQh5d", "overpair"),
        ("KsAd2c3c", "KcQh5d", "top pair top kicker"),
        ("KsJd2c3c", "KcQh5d", "top pair weaker kicker"),
        ("AsKd2c3c", "AcQh5d", "top pair top kicker"),  # the ace on board: the king kicks best
        ("QsJd2c3c", "KcQh5d", "other pair"),
        ("AsJd2c3c", "KcKh5d", "other pair"),  # the board's pair
        ("9s8s2c3c", "TsJsQs", "straight flush"),
        ("AsKd2c3c", "QcJhTd", "nut straight"),
        ("9s8d2c3c", "QcJhTd", "other straight"),
    ],
)
def test_named_made_highs(hand: str, board: str, name: str) -> None:
    assert _one(hand, board)[0] == name


@pytest.mark.parametrize(
    ("hand", "board", "dead", "name"),
    [
        # The others' best holdings blocked: by dead cards, or by the hand's own cards.
        ("QhJh2c3c", "Ah7h2h", "Kh", "nut flush"),
        ("5s5c2c3c", "KcKh5d", "KsKd", "nut full house"),  # no king left: 5 5 5 K K is the best
        ("Ks9d2c3c", "QcJhTd", "AsAdAhAc", "nut straight"),  # no ace left: the king-high straight
        ("3s3h3d3c5s", "Ah2d7c", "", "nut low"),  # every three held: 7-5-3-2-A is the best low left
        ("Ah3d9cKs", "4c5h8d", "2s2h2d2c", "nut low"),  # no deuce left
        ("6h7d9cKs", "4c5h8d", "AsAhAdAc2s2h2d2c", "third nut low"),  # behind 6 3 and 7 3
    ],
)
def test_named_blocked_nuts(hand: str, board: str, dead: str, name: str) -> None:
    got = _one(hand, board, dead=dead)
    assert name in got[:2]


@pytest.mark.parametrize(
    ("hand", "board", "name"),
    [
        ("As2s3c4d", "Ks8s5h", "nut flush draw"),
        ("Qs2s3c4d", "Ks8s5h", "other flush draw"),
        ("Qs2s3c4d", "As8s5h", "other flush draw"),  # the ace on the board: the king is the nut draw
        ("Qh2h3c4d", "Ks8s5h", "backdoor flush draw"),
        ("Qh2h3c4d", "Ks8s5hTc", "no flush draw"),  # a backdoor is a flop draw
        ("Qs2c3c4d", "Ks8s5h", "no flush draw"),  # one hole card of the suit
    ],
)
def test_named_flush_draws(hand: str, board: str, name: str) -> None:
    assert _one(hand, board)[3] == name


def test_high_only_games_have_no_lows() -> None:
    assert _one("Ah2d3cKs", "4c5h8d", hilo=False)[1:3] == ("no low", "no low draw")


def test_class_ids_are_in_range_and_one_per_group() -> None:
    rng = np.random.default_rng(1)
    deck = rng.permutation(52).astype(np.int8)
    board, rest = deck[:3], deck[3:]
    holes = np.array([rng.choice(rest, 4, replace=False) for _ in range(500)], dtype=np.int8)
    out = holdings_kernel.classify(holes, board, True, get_tables(), clean_outs=True)
    assert out.shape == (500, len(sc.COLUMNS))
    for column, names in enumerate(GROUPS):
        assert ((out[:, column] >= 0) & (out[:, column] < len(names))).all()


@pytest.mark.parametrize("board_size", [3, 4, 5])
def test_a_board_per_hand_equals_one_call_per_board(board_size: int) -> None:
    """The query language classifies each deal on its own board: the same classes."""
    rng = np.random.default_rng(board_size)
    deals = np.array([rng.permutation(52)[: board_size + 5] for _ in range(300)], dtype=np.int8)
    boards, holes = deals[:, :board_size], deals[:, board_size:]
    together = holdings_kernel.classify(holes, boards, True, get_tables())
    apart = np.concatenate(
        [holdings_kernel.classify(h[None], b, True, get_tables()) for h, b in zip(holes, boards, strict=True)]
    )
    assert (together == apart).all()


@pytest.mark.parametrize(
    ("hand", "board", "name", "outs"),
    [
        # A2 + 3 on A-8-x: the low 8-5-3-2-A takes the 2 and 3 from the hand (the ace is the
        # board's); a deuce or a trey (3 + 3 left) lets 3-4 make 5-4-3-2-A: the hand drops.
        ("Ah2d3cKs", "Ac8h5d", "counterfeitable low", 6),
        ("2h3dKcKs", "Ac8h5d", "counterfeitable low", 6),
        # A2 on 4-5-8: an ace or a deuce (3 + 3) counterfeits it; a 3 behind protects it.
        ("Ah2dKcKs", "4c5h8d", "counterfeitable low", 6),
        ("Ah2d3cKs", "4c5h8d", "no counterfeit risk", 0),  # A or 2: A3 or 23 makes the wheel
        ("Ah2dKcKs", "4c5h8d9s", "counterfeitable low", 6),  # the turn: the river counterfeits
        ("Ah3d9cKs", "4c5h8d", "counterfeitable low", 6),  # the second nut low drops too
        ("6h7d9cKs", "4c5h8d", "no counterfeit risk", 0),  # a weaker low cannot drop
        ("Ah2dKcKs", "4c5h8d9s2c", "no counterfeit risk", 0),  # the river: no card to come
        ("Ah2dKcKs", "4c5hKd", "no counterfeit risk", 0),  # no made low
    ],
)
def test_named_counterfeits(hand: str, board: str, name: str, outs: int) -> None:
    got = _one(hand, board)
    assert (got[sc.COUNTERFEIT], got[sc.COUNTERFEIT_OUTS]) == (name, outs)


@pytest.mark.parametrize("board_size", [3, 4])
def test_counterfeits_on_low_boards_match_the_definition(board_size: int) -> None:
    """Boards of three or more low ranks and hands of low cards: made lows, counterfeited
    or not, come up often."""
    rng = random.Random(10 + board_size)
    low_cards = [c for c in range(52) if c // 4 <= 6 or c // 4 == 12]
    seen: set[object] = set()
    for _ in range(5):
        board = tuple(rng.sample(low_cards, board_size))
        rest = [c for c in low_cards if c not in board]
        hands = [tuple(rng.sample(rest, 4)) for _ in range(30)]
        got = _classify(hands, board)
        assert got == [ref.classes(hand, board) for hand in hands], board
        seen.update((row[1], row[sc.COUNTERFEIT]) for row in got)
    assert {("nut low", "counterfeitable low"), ("nut low", "no counterfeit risk")} <= seen


def test_high_only_games_have_no_counterfeits() -> None:
    got = _one("Ah2dKcKs", "4c5h8d", hilo=False)
    assert (got[sc.COUNTERFEIT], got[sc.COUNTERFEIT_OUTS]) == ("no counterfeit risk", 0)


@pytest.mark.parametrize("seed", range(3))
def test_clean_outs_on_random_hands_and_boards_match_the_definition(seed: int) -> None:
    """Hands of 4, 5 and 6 cards on a flop and a turn, one of them with dead cards."""
    rng = random.Random(100 + seed)
    hole_size = (4, 5, 6)[seed]
    for board_size in (3, 4):
        deck = list(range(52))
        rng.shuffle(deck)
        board = tuple(deck[:board_size])
        dead = tuple(deck[board_size : board_size + 3]) if seed == 1 else ()
        rest = deck[board_size + len(dead) :]
        hands = [tuple(rng.sample(rest, hole_size)) for _ in range(8)]
        got = _classify(hands, board, True, dead, clean=True)
        assert got == [ref.classes(hand, board, True, dead, clean=True) for hand in hands], (board, dead)


@pytest.mark.parametrize(
    ("hand", "board", "dead", "outs"),
    [
        # The nut flush draw: the 9 spades left but the 5 (it pairs the board): 8. Its
        # flushes are weaker flushes (As Qs makes the nut flush), better than no pair.
        ("As2s3c4d", "Ks8s5h", "", 8),
        # Top set on a rainbow flop: the boats (three eights, three fives) and the quad king.
        ("KsKdJc2h", "Kc8h5d", "", 7),
        # The broadway wrap: A, K, T (3 each), 9 and 8 (3 each but the heart: a heart is the
        # suit's third board card, and a straight is below a flush): 2 + 2 + 2 + 3 + 3.
        ("AsKdTc9h", "QhJh3c", "", 12),
        ("AsKdTc9h", "QhJh3c", "Ad Ac 8s", 9),  # dead cards are no outs
        # The set card 2d (the 2h brings a flush possibility) and the straights: 7 and Q,
        # the hearts left out.
        ("JcTd2s2c", "9h8h3c", "", 7),
        # Pairing a hole card into one pair counts for nothing.
        ("KsQd7c2h", "Jc6h3d", "", 0),
        # Top pair: a queen gives top two pair (3); a king gives trips, but it pairs the
        # board (a full house becomes possible): not clean.
        ("KsQd7c2h", "Kc8h5d", "", 3),
        # Two pair with the board's pair: the two nines and two aces left give full houses.
        ("AsAd2c3h", "9c9h5d", "", 4),
        ("As2s3c4d", "Ks8s5h7d2d", "", 0),  # the river: no card to come
    ],
)
def test_named_clean_outs(hand: str, board: str, dead: str, outs: int) -> None:
    got = _one(hand, board, dead=dead, clean=True)
    assert got[sc.CLEAN_OUTS] == outs
    assert got[sc.CLEAN] == ("many clean outs" if outs >= 8 else "some clean outs" if outs else "no clean outs")


def test_without_clean_outs_both_columns_are_minus_one() -> None:
    got = _one("As2s3c4d", "Ks8s5h")
    assert (got[sc.CLEAN], got[sc.CLEAN_OUTS]) == (-1, -1)


def test_every_way_of_calling_compiles_each_kernel_once() -> None:
    # Each signature is a compilation (tens of seconds on a cold cache, the explorer's
    # first use): read-only or writable hands, one board or a board per hand, clean outs
    # or not, dead cards or not all reach one signature of each compiled function.
    from omaha8eq.core import hand_isomorphism

    tables = get_tables()
    writable = np.array([parse_cards("AsAh2c3d"), parse_cards("KsKhQdJd")], dtype=np.int8)
    frozen = writable.copy()
    frozen.flags.writeable = False
    flop, turns = np.array(parse_cards("Ac8c5h"), dtype=np.int8), np.array([parse_cards("Kc8c5h2d")] * 2)
    for holes in (writable, frozen):
        holdings_kernel.classify(holes, flop, True, tables, clean_outs=True)
        holdings_kernel.classify(holes, flop, False, tables, dead=1 << 40)
        holdings_kernel.classify(holes, turns, True, tables)
        hand_isomorphism.class_keys(holes)
    for kernel in (holdings_kernel.classify_kernel, hand_isomorphism.class_keys_kernel):
        assert len(kernel.signatures) == 1, (kernel.__name__, kernel.signatures)
    # The helpers compile with the kernel (a cold cache, as in CI); loaded from the cache, they have none.
    helpers = (holding_facts._high_facts, holding_facts._next_facts, holdings_kernel._clean_outs)
    helpers += (holdings_kernel._board_row, holdings_kernel._classify_hands, holdings_kernel._made_high)
    helpers += (holdings_kernel._counterfeit_outs, holdings_kernel._straight_outs, holdings_kernel._backdoor_straight)
    helpers += (holding_facts._board_facts, holding_facts._low_facts)
    for kernel in helpers:
        assert len(kernel.signatures) <= 1, (kernel.__name__, kernel.signatures)
