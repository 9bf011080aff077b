"""Sharing suit-equivalent runouts changes no count: the sweep equals its recorded
outputs (from before the sharing) and the board-by-board sweep of every runout
(``sweep_boards``, whose explicit board list no permutation maps onto itself unless
it is the whole list), hand for hand and board for board."""

from __future__ import annotations

import json

import numpy as np
import pytest
from sweep_golden import GOLDEN, SPOTS, digest, sweep_spot

from omaha8eq.cards import parse_cards
from omaha8eq.core.hand_isomorphism import card_masks
from omaha8eq.engine.range_vs_range import sweep_boards, sweep_ranges
from omaha8eq.engine.runout_symmetry import permute_suits, runout_orbit_count, runout_orbits
from omaha8eq.games import game_for
from omaha8eq.ranges.range import parse_range


@pytest.mark.parametrize("spot", SPOTS, ids=[" ".join(map(str, s)) for s in SPOTS])
def test_the_recorded_outputs_are_unchanged(spot):
    recorded = {tuple(r["spot"]): r for r in json.loads(GOLDEN.read_text())}
    record = dict(recorded[spot])
    del record["spot"]
    assert digest(sweep_spot(*spot)) == record


def _symmetric_range(rng: np.random.Generator, size: int, count: int) -> tuple[np.ndarray, np.ndarray]:
    """Random hands closed under swapping diamonds and spades (suits 1 and 3), each
    image with its hand's weight."""
    deck = rng.permutation(52)[:30]
    hands = {tuple(sorted(int(c) for c in rng.choice(deck, size, replace=False))) for _ in range(count)}
    swap = [4 * (c >> 2) + (0, 3, 2, 1)[c & 3] for c in range(52)]  # diamonds <-> spades
    weighted: dict[tuple[int, ...], int] = {}
    for hand in sorted(hands):
        weight = int(rng.integers(1, 4))
        weighted.setdefault(hand, weight)
        weighted.setdefault(tuple(sorted(int(swap[c]) for c in hand)), weighted[hand])
    return np.array(list(weighted), dtype=np.int8), np.array(list(weighted.values()), dtype=np.int64)


FLOPS = ["Ac 8c 5h", "Kh 9h 4h", "Qc Qh 3c", "7c 6h 2h", "Jc Tc 9c", "8d 8s 4c"]


@pytest.mark.parametrize("seed", range(6))
def test_random_symmetric_spots_equal_every_runout_swept(seed):
    rng = np.random.default_rng(seed)
    size = 4 if seed % 3 else 5
    hilo = bool(seed % 2)
    board = parse_cards(FLOPS[seed])
    if seed == 4:
        board = board + parse_cards("Kh")  # a turn: spades and diamonds still interchangeable
    dead = parse_cards("2d 2s") if seed == 2 else ()
    side_a = _symmetric_range(rng, size, 120)
    side_b = side_a if seed == 3 else _symmetric_range(rng, size, 90)  # seed 3: one range, the mirror sweep
    shared = sweep_ranges(*side_a, *side_b, board, dead, game=game_for(size, hilo))
    # The same runouts in two halves, neither unchanged by a suit permutation: every board swept.
    halves = np.array_split(rng.permutation(shared.runouts), 2)
    parts = []
    for half in halves:
        boards = shared.boards[half]
        ones = np.ones(len(half), dtype=np.int64)
        all_masks = card_masks(np.concatenate([side_a[0], side_b[0]]))
        all_weights = np.concatenate([side_a[1], side_b[1]])
        known_mask = sum(1 << c for c in dead)
        alone = runout_orbits(all_masks, all_weights, len(side_a[0]), known_mask, card_masks(boards), ones)
        assert len(alone.hand_maps) == 1
        parts.append(sweep_boards(*side_a, *side_b, boards, ones, dead, game=game_for(size, hilo)))
    for name in ("hands_a", "hands_b", "dealt_a", "dealt_b", "total_a", "total_b"):
        assert (getattr(parts[0], name) + getattr(parts[1], name)).tolist() == getattr(shared, name).tolist(), name
    every = np.concatenate([p.board_totals for p in parts])
    assert every.tolist() == shared.board_totals[np.concatenate(halves)].tolist()
    # The spot was shared: some permutation besides the identity leaves it unchanged.
    masks = card_masks(np.concatenate([side_a[0], side_b[0]])) if seed != 3 else card_masks(side_a[0])
    weights = np.concatenate([side_a[1], side_b[1]]) if seed != 3 else side_a[1]
    n_a = len(side_a[0])
    known_mask = sum(1 << c for c in (*board, *dead))
    orbits = runout_orbits(masks, weights, n_a, known_mask, card_masks(shared.boards), shared.board_weights)
    assert len(orbits.hand_maps) > 1 and orbits.keep.sum() < shared.runouts


def test_a_range_no_permutation_keeps_is_swept_board_by_board():
    hands = parse_range("AsAh2c*, KdKs3h*").hands
    weights = np.ones(len(hands), dtype=np.int64)
    board = parse_cards("Ac 8c 5h")
    known = sum(1 << c for c in board)
    live = (card_masks(hands) & known) == 0
    runouts = sweep_ranges(hands[:1], weights[:1], hands[:1], weights[:1], board).boards
    orbits = runout_orbits(card_masks(hands[live]), weights[live], int(live.sum()), known, card_masks(runouts),
                           np.ones(len(runouts), dtype=np.int64))  # fmt: skip
    assert len(orbits.hand_maps) == 1 and orbits.keep.all() and (orbits.times == 1).all()


def test_suit_permutations_relabel_masks():
    masks = card_masks(np.array([parse_cards("As Kd 2c 3h")]))
    swapped = permute_suits(masks, (0, 3, 2, 1))  # diamonds <-> spades
    assert swapped.tolist() == card_masks(np.array([parse_cards("Ad Ks 2c 3h")])).tolist()
    assert permute_suits(swapped, (0, 3, 2, 1)).tolist() == masks.tolist()


def test_weights_must_match_for_a_permutation_to_count():
    hands = np.array([parse_cards("Ad Kd 2c 3c"), parse_cards("As Ks 2c 3c")], dtype=np.int8)
    board = parse_cards("Qh 8h 5h")
    known = sum(1 << c for c in board)
    runouts = sweep_ranges(hands, np.ones(2, dtype=np.int64), hands, np.ones(2, dtype=np.int64), board).boards
    ones = np.ones(len(runouts), dtype=np.int64)
    same = runout_orbits(card_masks(hands), np.array([2, 2]), 2, known, card_masks(runouts), ones)
    other = runout_orbits(card_masks(hands), np.array([2, 3]), 2, known, card_masks(runouts), ones)
    assert len(same.hand_maps) == 2 and same.hand_maps[1].tolist() == [1, 0]
    assert len(other.hand_maps) == 1


@pytest.mark.parametrize(
    ("spec", "board", "dead"),
    [
        ("AA:$ds, KK", "Ac 8c 5h", ""),  # diamonds <-> spades: 721 of 1,176
        ("AA:$ds, KK", "Kc 9c 4c", ""),  # monotone: the six permutations of d, h, s
        ("AA:$ds, KK", "8c 8d 5h", "Ks"),  # paired, a dead card
        ("AA:$ds, KK", "Kc 9c 4c 2c", ""),  # a monotone turn
        ("AsKs*", "Kc 9c 4c", ""),  # spades fixed: clubs aside, diamonds <-> hearts
        ("AsKh*", "Ac 8c 5h 9d", ""),  # no permutation
    ],
)
def test_the_orbit_count_is_the_boards_runout_orbits_keeps(spec, board, dead):
    hands = parse_range(spec).hands
    weights = np.ones(len(hands), dtype=np.int64)
    cards = parse_cards(board)
    known = sum(1 << c for c in (*cards, *parse_cards(dead)))
    masks = card_masks(hands)
    live = (masks & known) == 0
    side = (masks[live], weights[live])
    runouts = sweep_ranges(hands[:1], weights[:1], hands[:1], weights[:1], cards, parse_cards(dead)).boards
    ones = np.ones(len(runouts), dtype=np.int64)
    for sides in ([side, side], [side], [side, (masks[live][:1], weights[live][:1])]):
        n_a = len(sides[0][0])
        all_masks = np.concatenate([s[0] for s in sides])
        all_weights = np.concatenate([s[1] for s in sides])
        kept = int(runout_orbits(all_masks, all_weights, n_a, known, card_masks(runouts), ones).keep.sum())
        assert runout_orbit_count(sides, known, 5 - len(cards)) == kept
