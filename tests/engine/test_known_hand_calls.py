"""The quick paths of a call with known hands, count for count against what they shortcut.

Hand text is parsed once and cached, the deal's arrays are built from bytes and each
hand's high columns are cached by its ranks, the results are summed for all players in
one numpy call with their Fractions made on first read, and ``equity_many`` builds its
batch and its results in a few calls. Each is checked here on random spots (flop, turn,
river, and preflop where the reference is quick; 2 to 4 players of 4, 5 or 6 cards; dead
cards) against the path it replaces: the per-board enumeration with the full hand
tables, the general parser (cards as ints), and a plain-Python summary of the counts.
"""

from __future__ import annotations

import dataclasses
import math
import pickle

import numpy as np
import pytest
from deals import batches_by_game, game_of_spot, random_known_spots, without_elapsed

from omaha8eq import equity, equity_many
from omaha8eq.cards import _CARD_OF_PAIR, _read_pairs, _scan, format_cards, parse_cards
from omaha8eq.core.showdown import fixed_hand_tables
from omaha8eq.core.tables import get_tables
from omaha8eq.engine.deal import HIGHS_CACHED, card_arrays, hand_highs, hands_highs, known_card_arrays, prepare_deal
from omaha8eq.engine.method import Method
from omaha8eq.engine.options import RunOptions
from omaha8eq.engine.run import run_method
from omaha8eq.engine.spot import is_sequence, parse_spot
from omaha8eq.errors import DuplicateCardError, HandSizeError, InvalidCardError
from omaha8eq.games import GameChoice, game_for
from omaha8eq.outcomes import cell_share, outcome_sums
from omaha8eq.results import OutcomeCounts, PlayerEquity, quick_constructor, summarize_player


def _reference_player(counts, exhaustive):
    """A player's fields computed cell by cell in plain Python (the summary the quick one replaced)."""
    n_players = counts.shape[0] - 1
    cells = counts.tolist()
    total = sum(map(sum, cells))
    by_share = {}
    for h, row in enumerate(cells):
        for lo, deals in enumerate(row):
            share = cell_share(h, lo, n_players)
            by_share[share] = by_share.get(share, 0) + deals
    won = sorted(((share, deals) for share, deals in by_share.items() if deals), reverse=True)
    mean = sum(float(share) * deals for share, deals in won) / total
    stderr = 0.0
    if not exhaustive and total > 1:
        second = sum(float(share) * float(share) * deals for share, deals in won) / total
        stderr = math.sqrt(max(second - mean * mean, 0.0) * total / (total - 1) / total)
    hi_split = tuple(sum(row) for row in cells)
    by_low = [sum(column) for column in zip(*cells, strict=True)]
    lo_split = tuple(by_low[: n_players + 1])
    nobody_low = by_low[n_players + 2]
    tally = OutcomeCounts(
        deals=total,
        hi_win=hi_split[1],
        hi_tie=sum(hi_split[2:]),
        hi_lose=hi_split[0],
        lo_win=lo_split[1],
        lo_tie=sum(lo_split[2:]),
        lo_lose=lo_split[0],
        no_low=by_low[n_players + 1] + nobody_low,
        nobody_low=nobody_low,
        scoop=cells[1][1] + cells[1][n_players + 2],
        hi_split=hi_split,
        lo_split=lo_split,
        shares=dict(won),
    )
    floats = {name: getattr(tally, name) / total for name in ("hi_win", "hi_tie", "hi_lose", "lo_win")}
    floats |= {name: getattr(tally, name) / total for name in ("lo_tie", "lo_lose", "no_low", "scoop")}
    return {"equity": mean, "equity_stderr": stderr, **floats}, tally, [(s, d / total) for s, d in won]


def _assert_summarized(result):
    for player in result.players:
        floats, tally, shares = _reference_player(player.counts, result.exhaustive)
        assert {name: getattr(player, name) for name in floats} == floats
        assert list(player.shares.items()) == shares  # the same order, largest share first
        assert player.outcome_counts == tally
        assert list(player.outcome_counts.shares.items()) == list(tally.shares.items())
    first = result.players[0].counts.tolist()
    assert result.nobody_low == sum(row[-1] for row in first) / sum(map(sum, first))


@pytest.mark.parametrize("hilo", [True, False])
def test_a_call_counts_as_every_board_visited_with_the_full_tables(hilo):
    # The reference parses the hands from card ints (the general path), builds the
    # hands' full tables (no cache) and visits every board.
    for hands, board, dead in random_known_spots(15, 40):
        fast = equity(hands, board, dead, game=game_of_spot((hands,), hilo))
        as_ints = [list(parse_cards(hand)) for hand in hands]
        slow = run_method(
            parse_spot(as_ints, board, dead, GameChoice(None, hilo)), Method.ENUMERATE, RunOptions(exhaustive=True)
        )
        known = sum(len(parse_cards(cards)) for cards in [*hands, board, dead])
        assert fast.outcomes == slow.outcomes == math.comb(52 - known, 5 - len(parse_cards(board)))
        for a, b in zip(fast.players, slow.players, strict=True):
            assert np.array_equal(a.counts, b.counts)
        assert without_elapsed(fast) == without_elapsed(slow)
        _assert_summarized(fast)


def test_results_are_their_counts_summarized_cell_by_cell():
    spots = random_known_spots(16, 10, players=(2, 3), boards=(0, 3, 4, 5))
    for hands, board, dead in spots[:6]:
        _assert_summarized(equity(hands, board, dead))
    for hands, board, dead in spots[6:]:  # sampled: the standard errors too
        _assert_summarized(equity(hands, board, dead, samples=2000, seed=3))


def test_counts_too_large_for_int64_sums_are_summed_exactly():
    counts = np.full((3, 5), 2**61, dtype=np.int64)  # 15 cells: their sum is past 2**63
    counts[0, 0] = 7
    assert outcome_sums(counts)[0][-1] == sum(counts.tolist()[h][lo] for h in range(3) for lo in range(5))
    player = summarize_player("As Ah 2c 3d", counts, exhaustive=True)
    floats, tally, shares = _reference_player(counts, True)
    assert {name: getattr(player, name) for name in floats} == floats
    assert player.outcome_counts == tally and list(player.shares.items()) == shares


@pytest.mark.parametrize("hilo", [True, False])
def test_many_spots_give_each_call_s_result(hilo):
    spots = random_known_spots(17, 24, players=(2, 3), boards=(0, 3, 4, 5)) + random_known_spots(18, 12)
    for game, where in batches_by_game(spots, hilo):
        many = equity_many([spots[i] for i in where], game=game)
        for i, result in zip(where, many, strict=True):
            alone = equity(*spots[i], game=game_of_spot(spots[i], hilo), exhaustive=True)
            assert without_elapsed(result) == without_elapsed(alone)


def test_the_cached_high_columns_are_the_hand_tables_high_columns():
    rng = np.random.default_rng(19)
    tables = get_tables()
    for _ in range(HIGHS_CACHED + 20):  # more hands than the cache holds: some are built again
        n_hole = int(rng.choice([4, 5, 6]))
        cards = [int(c) for c in rng.permutation(52)[: 2 * n_hole]]
        hands = [format_cards(cards[:n_hole]), "random", format_cards(cards[n_hole:])]
        deal = prepare_deal(parse_spot(hands, "", ""))
        expected = fixed_hand_tables(deal.holes, deal.fixed, tables, flushes_and_lows=False)
        assert np.array_equal(deal.arrays(high_only=True).fixed_tables, expected)
    highs = hand_highs((0, 5, 10, 51))
    assert not highs.flags.writeable and highs is hand_highs((0, 5, 10, 51))
    # Known hands only: the hands' rows stacked, kept for the next call with the same hands.
    deal = prepare_deal(parse_spot(["2c 7d 9h Ts", "As Ah 2d 3d"], "", ""))
    stacked = deal.arrays(high_only=True).fixed_tables
    assert np.array_equal(stacked, fixed_hand_tables(deal.holes, deal.fixed, tables, flushes_and_lows=False))
    assert stacked is hands_highs(((0, 21, 30, 35), (51, 50, 1, 5))) and stacked.flags.writeable
    # After a flop none: the aggregation builds the few states it reads.
    flop = prepare_deal(parse_spot(["2c 7d 9h Ts", "As Ah 2d 3d"], "Kc 8c 5h", "")).arrays(high_only=True)
    assert flop.fixed_tables.shape == (2, 0)


def test_the_deal_arrays_hold_the_cards_left():
    for hands, board, dead in random_known_spots(20, 20, boards=(0, 3, 4, 5)):
        spot = parse_spot([*hands[:-1], "random"], board, dead)
        deal = prepare_deal(spot)
        known = {c for seat in spot.seats if seat.cards for c in seat.cards} | set(spot.board) | set(spot.dead)
        assert deal.deck.tolist() == sorted(set(range(52)) - known)
        assert deal.holes.tolist()[:-1] == [list(seat.cards) for seat in spot.seats[:-1]]
        assert deal.holes.tolist()[-1] == [0] * spot.hole_size and deal.random_players.tolist() == [len(hands) - 1]
        assert deal.board_array.tolist() == [*spot.board, *[0] * (5 - len(spot.board))]
        for array in (deal.deck, deal.holes, deal.board_array):
            assert array.dtype == np.int8 and array.flags.writeable and array.flags.c_contiguous


def test_fields_made_on_first_read_behave_as_plain_fields():
    result = equity(["As Ah 2c 3d", "Ks Kh Qd Jd"], "4c 5d 7s")
    copied = pickle.loads(pickle.dumps(result))  # pickled before any Fraction was made
    player = result.players[0]
    assert [f.name for f in dataclasses.fields(PlayerEquity)][11:13] == ["shares", "outcome_counts"]
    assert "shares={Fraction(1, 1): " in repr(player) and "outcome_counts" not in repr(player)
    plain = dataclasses.replace(player)  # built from the values read
    assert plain == player and copied == result and plain.shares is player.shares
    with pytest.raises(dataclasses.FrozenInstanceError):
        player.shares = {}


@pytest.mark.parametrize(
    "hands, error, message",
    [
        (["As Ah 2c 3d", "Ks Kh Qd"], HandSizeError, "hand 2: 3 cards given"),
        (["As Ah 2c 3d", "Ks Kh Qd Jd Td"], HandSizeError, "hand 1: 4, hand 2: 5"),
        (["As Ah 2c 3d", "As Kh Qd Jd"], DuplicateCardError, "As appears in hand 1 and in hand 2"),
        (["As Ah 2c 3d", "Ks Kh Qd Xd"], InvalidCardError, "hand 2: 'Xd'"),
    ],
)
def test_hand_text_mistakes_name_the_hand(hands, error, message):
    for _ in range(2):  # the second time the first hand's text is cached
        with pytest.raises(error, match=message):
            equity(hands, "4c 5d 7s")


def test_the_usual_card_text_is_read_as_the_scanner_reads_it():
    # Text of two-character cards is read by table; any other text goes to the scanner.
    rng = np.random.default_rng(21)
    characters = [*"AaKkTt291sShHdDcC ,\t", "10", "♠", "x"]
    read = 0
    for _ in range(50_000):
        text = "".join(rng.choice(characters, size=int(rng.integers(0, 10))))
        pairs = _read_pairs(text)
        if pairs is not None:
            read += 1
            assert pairs == _scan(text, None), text
    assert read > 500
    assert all(_scan(pair, None) == [card] for pair, card in _CARD_OF_PAIR.items()) and len(_CARD_OF_PAIR) == 144


def test_the_kept_deal_bytes_give_the_arrays_built_afresh():
    # known_card_arrays keeps each spot's bytes: the same arrays as card_arrays, and every
    # call its own writable copy (a kernel that wrote one would not change the next call's).
    for hands, board, dead in random_known_spots(17, 60, players=(2, 5), boards=(0, 3, 4, 5)):
        spot = parse_spot(hands, board, dead)
        rows = tuple(seat.hole() for seat in spot.seats)
        first, second = known_card_arrays(spot, rows), known_card_arrays(spot, rows)
        for kept, again, fresh in zip(first, second, card_arrays(spot, list(rows)), strict=True):
            assert kept.dtype == fresh.dtype == np.int8 and kept.shape == fresh.shape
            assert np.array_equal(kept, fresh) and kept.flags.writeable
            assert not np.shares_memory(kept, again)
        assert sorted(
            first[2].tolist() + [c for row in rows for c in row] + list(spot.board) + list(spot.dead)
        ) == list(range(52))


def test_the_quick_constructors_make_what_the_dataclasses_make():
    result = equity(["As Ah 2c 3d", "Ks Kh Qd Jd"], "Ac 8c 5h")
    for made in (result, *result.players):
        values = [made.__dict__[f.name] for f in dataclasses.fields(made)]
        again, reference = quick_constructor(type(made))(*values), type(made)(*values)
        assert list(again.__dict__) == list(reference.__dict__)  # the same fields, in order
        assert all(a is b for a, b in zip(again.__dict__.values(), reference.__dict__.values(), strict=True))
        assert again == reference
    with pytest.raises(dataclasses.FrozenInstanceError):
        result.players[0].equity = 1.0


def test_a_sequence_is_a_list_a_tuple_or_another_sequence_but_not_text():
    for value in ([], (1,), range(3), np.array([1, 2]).tolist(), ["As Ah 2c 3d"]):
        assert is_sequence(value)
    for value in ("As Ah", b"As", {"a": 1}, {1, 2}, 3, None, np.array([1, 2])):
        assert not is_sequence(value)


def test_a_flop_call_leaves_numbas_thread_count_alone_and_a_preflop_one_sets_it(monkeypatch):
    # After a flop the aggregation runs serial code: setting the thread count and back
    # would cost more than a tenth of the call. Preflop the work is shared, so it is set.
    import numba

    calls = []
    monkeypatch.setattr(numba, "get_num_threads", lambda: 2)
    monkeypatch.setattr(numba, "set_num_threads", calls.append)
    hands = ["AsAh2c3d", "KsKhQdJd"]
    flop = equity(hands, "Ac8c5h", threads=1)
    assert calls == []
    assert flop.players[0].counts.tolist() == equity(hands, "Ac8c5h").players[0].counts.tolist()
    run_method(parse_spot(hands, "", ""), Method.AGGREGATE, RunOptions(threads=1))
    assert calls[0] == 1 and calls[-1] == 2


def test_the_usual_call_runs_the_planned_aggregation_without_a_plan(monkeypatch):
    # Known hands after a flop, nothing asked but the exact equity: the short path, whose
    # results are the planned aggregation's (the path it shortcuts), field for field.
    from omaha8eq.engine import run

    spots = random_known_spots(29, 24, players=(2, 4), boards=(3, 4, 5))
    for hands, board, dead in spots:
        spot = parse_spot(hands, board, dead)
        assert run._known_after_flop(spot, RunOptions()) and run._known_after_flop(spot, RunOptions(exhaustive=True))
        for hilo in (True, False):
            spot = parse_spot(hands, board, dead, game_for(len(spot.seats[0].hole()), hilo))
            planned = run_method(spot, Method.AGGREGATE, RunOptions(exhaustive=True))
            assert without_elapsed(run.run_equity(spot)) == without_elapsed(planned)
    spot = parse_spot(*spots[0])
    for other in (RunOptions(exhaustive=False), RunOptions(samples=100), RunOptions(max_work=10**9)):
        assert not run._known_after_flop(spot, other)
    assert not run._known_after_flop(parse_spot(spots[0][0], "", ""), RunOptions())
    assert not run._known_after_flop(parse_spot([spots[0][0][0], "random"], spots[0][1], ""), RunOptions())
    # And the usual call does take it.
    taken = []
    monkeypatch.setattr(run, "_run_known", lambda *args: taken.append(args) or "short")
    assert equity(*spots[0]) == "short" and len(taken) == 1
