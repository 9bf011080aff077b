"""Counterfeit and low-draw odds: how often a low is made, stays the nuts, or is counterfeited.

A low (made or drawing) is *counterfeited* when a later board card pairs one of the
hole cards the low uses, so that the low gets worse, is lost, or stops being the nuts
(docs/RULES.md, "Counterfeiting"). :func:`counterfeit_odds` answers, exactly, for one hand
before the flop, on the flop or on the turn:

- how likely a card still to come has the rank of one of the low's two hole cards
  (``p_counterfeit``);
- how likely the hand ends with a qualifying low (``p_low``) and with the nut low
  (``p_nut_low``), overall and given the counterfeit;
- what each possible next card does (``next_cards``);
- with opponents, the hand's equity over the runouts with and without the counterfeit.

Opponents are known hands or ranges (``"AA2*"``, ``"15%"``, a
:class:`~omaha8eq.ranges.range.Range`); see *Opponents' ranges* below.

Definitions (docs/counterfeit.md says the same):

*Runouts*: every set of cards that completes the board to five (2 from a flop, 1 from
a turn, 5 preflop), drawn from the *unseen* cards: the 52 minus the hand, the board,
the dead cards and the opponents' hands. All runouts are equally likely; every
probability is (number of runouts with the event) / (number of runouts).

*Low cards*: with a low already made, the two hole cards of the best low (when several
hole pairs make it, the pair of lowest ranks, higher rank compared first). Without one
(preflop, or a board with fewer than three low ranks), the best two-card draw: the two
lowest different low ranks (ace low) among the hole cards whose rank is not on the
board, or, if fewer than two such ranks, among all the hole cards; the first card of
each rank in the hand's order. This is a fixed rule, not a search: the pair is the draw
to the best low the hand can reach unless dead or opponents' cards hold the ranks it
needs. When no runout gives the hand a low, there are no low cards: every probability
is 0 and ``reason`` says why.

*Counterfeit*: a card to come has the rank of one of the low cards.

*Nut low*: the hand's low is at least as good as the best low any hand made from the
unseen cards left (after the board is complete) could make with the board; a tie for
the best counts as the nuts.

*Opponents' ranges*: the opponents' hands are dealt jointly from their ranges, in
proportion to their weights, never colliding with the hand, the board, the dead cards,
the known opponents or each other: the joint model of :func:`omaha8eq.equities.equity` (each
weight w counts as the integer round(1000 w), divided by the range's common factor; a
combination of hands, one per range, weighs the product of its hands' weights). Then
the runout is dealt from the cards left. Every probability is over this joint
distribution of (opponents' hands, runout), so card removal by the ranges is exact: a
range full of aces and deuces makes A-2-x-x's counterfeit less likely. The report's
integer counts are then weighted: each (combination, runout) deal counts its
combination's weight, so every probability is still count / ``runouts``. A range left
with one hand once the known cards are removed is that hand, exactly as a known
opponent (only ``opponents`` still shows the expression). The ranges' cards are not
known, so ``low_is_nut`` and ``next_cards`` treat them as unseen: the next cards are
all the cards not in the hand, the board, the dead cards or known opponents' hands, and
the nut low is relative to those cards.

Lows depend on ranks only, so the runouts are counted by their ranks: every multiset of
ranks (A to 8 each on its own, 9 to K together) is visited once and weighted by the
number of runouts that have it, the product of C(unseen cards of the rank, times it
appears). This counts all 1,712,304 preflop runouts of a 4-card hand in about 1,300
steps. With ranges, a combination of the opponents' hands matters to the lows only
through how many cards of each of those 9 categories it holds: the combinations are
grouped by that count vector (their weights summed), and the runouts are counted once
per distinct vector, with its cards removed from the unseen ones (so the nut low of a
deal is relative to the cards outside that deal's hands). At most
``MAX_COMBINATIONS`` joint combinations are allowed.

Equities come from :func:`omaha8eq.equities.split_equity`: one exact enumeration that
gives the equity over all runouts, the counterfeit ones and the others (with ranges:
every combination of the opponents' hands enumerated, about 1-4 ms each preflop, much
less on the flop and turn).
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from .cards import CardSpec, cards_to_mask, format_card, format_cards, format_hand, parse_cards
from .checks import check_list, excerpt
from .delegation import Delegated, delegated_names
from .engine.low_runouts import (
    LOW_TEXT,
    Runouts,
    category_counts,
    count_runouts,
    low_category,
    low_mask,
    no_low_reason,
    nut_low_value,
    pick_low_cards,
)
from .engine.progress import ProgressCallback
from .engine.spot import Seat, check_no_card_twice, parse_seats, restrict_ranges
from .equities import split_equity
from .errors import HandSizeError, OmahaInputError, OmahaTypeError
from .evaluation import evaluate_low
from .hand_values import LowHand
from .inputs import DECK_SIZE, parse_hole
from .present.display import counterfeit_view, format_counterfeit
from .present.protocol import Presented
from .ranges.range import Range, is_range_expression

__all__ = ["CounterfeitReport", "ExactOdds", "NextCard", "counterfeit_odds"]

#: Board sizes with cards still to come, and the street's name.
STREETS = {0: "preflop", 3: "flop", 4: "turn"}


@dataclass(frozen=True)
class NextCard:
    """What one possible next card (the turn from a flop, the river from a turn) does.

    Attributes:
        card: the card, as text ("2h").
        counterfeits: True if it has the rank of one of the report's ``low_cards``.
        low: the hand's best low with the card on the board (a :class:`LowHand`), or None.
        nut_low: True if that low is the nut low on that board: no hand made from the
            cards still unseen (this card excluded) has a better low; a tie counts.
    """

    card: str
    counterfeits: bool
    low: LowHand | None
    nut_low: bool


@dataclass(frozen=True)
class ExactOdds:
    """The probabilities and equities of a :class:`CounterfeitReport` as exact fractions.

    Conditional probabilities whose condition cannot happen are 0; conditional equities
    whose runouts do not exist, and every equity without opponents, are None.
    """

    p_counterfeit: Fraction
    p_low: Fraction
    p_nut_low: Fraction
    p_low_if_counterfeited: Fraction
    p_nut_low_if_counterfeited: Fraction
    equity: Fraction | None
    equity_if_counterfeited: Fraction | None
    equity_if_not_counterfeited: Fraction | None


def _float_or_none(value: Fraction | None) -> float | None:
    return None if value is None else float(value)


@dataclass(frozen=True)
class CounterfeitReport(Presented, view=counterfeit_view, text=format_counterfeit):
    """The result of :func:`counterfeit_odds`; every probability is over all runouts.

    With opponents' ranges every probability is over the joint distribution of
    (opponents' hands, runout), and every integer count (``runouts`` and the
    ``*_runouts``) is weighted: it sums, over every (combination of the ranges' hands,
    runout) deal with the event, the product of the hands' integer weights
    (``round(1000 w)`` divided by the range's common factor; 1 for unweighted ranges).
    So every probability is still count / ``runouts``.

    Attributes:
        hand: the hand, as text.
        board: the board (0, 3 or 4 cards), as text.
        dead: the dead cards, as text.
        opponents: the opponents' hands, as text, and their ranges as given (stripped)
            (empty without opponents).
        street: "preflop", "flop" or "turn".
        low: the hand's best low on the board now (None preflop or without one).
        low_is_nut: True if ``low`` is the nut low now (as for ``NextCard.nut_low``;
            with ranges, relative to every card not in the hand, board, dead cards or
            known opponents' hands).
        low_cards: the two hole cards (card ints) the counterfeit is measured against:
            the current best low's, or the best two-card low draw's (see the module
            docstring); ``()`` when no runout gives the hand a low.
        runouts: the number of runouts: every way to complete the board from the
            unseen cards (990 from a flop with one 4-card hand, 44 from a turn); with
            ranges, the weighted number of (combination, runout) deals.
        combinations: the number of joint combinations of the opponents' range hands
            that share no card (1 without ranges).
        counterfeit_runouts: runouts with a card of one of ``low_cards``' ranks.
        low_runouts: runouts on which the hand ends with an 8-or-better low.
        nut_low_runouts: runouts on which it ends with the nut low.
        counterfeit_low_runouts: counterfeit runouts on which it ends with a low.
        counterfeit_nut_low_runouts: counterfeit runouts on which it ends with the nut low.
        next_cards: one :class:`NextCard` per unseen card, in card order, on a flop or a
            turn; ``()`` preflop. With ranges: every card not in the hand, board, dead
            cards or known opponents' hands (a range's cards are not known).
        exact: the probabilities and equities as Fractions (:class:`ExactOdds`).
        reason: why the probabilities are 0 by definition (no low possible, or the
            counterfeit cannot happen), else None.
        elapsed: wall-clock seconds spent.

    The properties ``p_counterfeit``, ``p_low``, ``p_nut_low``, ``p_low_if_counterfeited``,
    ``p_nut_low_if_counterfeited`` (floats) and ``equity``, ``equity_if_counterfeited``,
    ``equity_if_not_counterfeited`` (floats or None) read ``exact``:

    - ``p_counterfeit`` = counterfeit_runouts / runouts;
    - ``p_low`` = low_runouts / runouts; ``p_nut_low`` = nut_low_runouts / runouts;
    - ``p_low_if_counterfeited`` = counterfeit_low_runouts / counterfeit_runouts and
      ``p_nut_low_if_counterfeited`` = counterfeit_nut_low_runouts / counterfeit_runouts
      (0 when no runout counterfeits);
    - ``equity``: the hand's share of the pot against ``opponents`` over all runouts
      (:func:`omaha8eq.equities.equity`, exact; with ranges, over the joint distribution);
      ``equity_if_counterfeited`` and ``equity_if_not_counterfeited``: the same over
      the counterfeit runouts only and over the others only (None when there are none,
      or without opponents).

    Printed, the report the command line prints (:func:`omaha8eq.present.display.format_counterfeit`);
    its view is the probabilities' table (:func:`omaha8eq.present.display.counterfeit_view`).
    """

    hand: str
    board: str
    dead: str
    opponents: tuple[str, ...]
    street: str
    low: LowHand | None
    low_is_nut: bool
    low_cards: tuple[int, ...]
    runouts: int
    combinations: int
    counterfeit_runouts: int
    low_runouts: int
    nut_low_runouts: int
    counterfeit_low_runouts: int
    counterfeit_nut_low_runouts: int
    next_cards: tuple[NextCard, ...]
    exact: ExactOdds
    reason: str | None
    elapsed: float

    p_counterfeit = Delegated[float]("exact", float)
    """Probability that a card to come has the rank of one of ``low_cards``."""
    p_low = Delegated[float]("exact", float)
    """Probability of ending with an 8-or-better low."""
    p_nut_low = Delegated[float]("exact", float)
    """Probability of ending with the nut low (ties included)."""
    p_low_if_counterfeited = Delegated[float]("exact", float)
    """Probability of ending with a low, given the counterfeit (0 if it cannot happen)."""
    p_nut_low_if_counterfeited = Delegated[float]("exact", float)
    """Probability of ending with the nut low, given the counterfeit (0 if it cannot happen)."""
    equity = Delegated[float | None]("exact", _float_or_none)
    """Share of the pot won against the opponents over all runouts (None without)."""
    equity_if_counterfeited = Delegated[float | None]("exact", _float_or_none)
    """Share of the pot won over the counterfeit runouts (None if none, or without opponents)."""
    equity_if_not_counterfeited = Delegated[float | None]("exact", _float_or_none)
    """Share of the pot won over the other runouts (None if none, or without opponents)."""

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict: the fields above, probabilities as floats and as "p/q" text."""
        exact = {name: getattr(self.exact, name) for name in delegated_names(type(self), "exact")}
        return {
            "hand": self.hand,
            "board": self.board,
            "dead": self.dead,
            "opponents": list(self.opponents),
            "street": self.street,
            "low": None if self.low is None else self.low.to_dict(),
            "low_is_nut": self.low_is_nut,
            "low_cards": format_hand(self.low_cards),
            "runouts": self.runouts,
            "combinations": self.combinations,
            "counterfeit_runouts": self.counterfeit_runouts,
            "low_runouts": self.low_runouts,
            "nut_low_runouts": self.nut_low_runouts,
            "counterfeit_low_runouts": self.counterfeit_low_runouts,
            "counterfeit_nut_low_runouts": self.counterfeit_nut_low_runouts,
            **{name: None if value is None else float(value) for name, value in exact.items()},
            "exact": {name: None if value is None else str(value) for name, value in exact.items()},
            "next_cards": [
                {
                    "card": n.card,
                    "counterfeits": n.counterfeits,
                    "low": None if n.low is None else n.low.to_dict(),
                    "nut_low": n.nut_low,
                }
                for n in self.next_cards
            ],
            "reason": self.reason,
            "elapsed": self.elapsed,
        }


def _ratio(part: int, whole: int) -> Fraction:
    return Fraction(part, whole) if whole else Fraction(0)


def _parse_board(spec: CardSpec) -> tuple[int, ...]:
    board = parse_cards(spec, what="board")
    if len(board) == 5:
        raise HandSizeError(
            "board: 5 cards given; a river board has nothing to come "
            "(give 0 cards preflop, 3 on the flop or 4 on the turn)"
        )
    if len(board) not in STREETS:
        raise HandSizeError(f"board: {len(board)} cards given; expected 0 (preflop), 3 (flop) or 4 (turn)")
    return board


def counterfeit_odds(
    hand: CardSpec,
    board: CardSpec = "",
    dead: CardSpec = "",
    *,
    opponents: Sequence[CardSpec | Range] | None = None,
    progress: ProgressCallback | None = None,
) -> CounterfeitReport:
    """Exact odds that a hand's low is made, stays the nuts, or is counterfeited.

    Every runout (every completion of the board from the unseen cards) is counted:
    990 from a flop, 44 from a turn, C(48, 5) = 1,712,304 preflop for one 4-card
    hand; with opponents' ranges, every runout of every joint deal of their hands.
    The definitions are in the module docstring and on :class:`CounterfeitReport`.

    Args:
        hand: 4, 5 or 6 hole cards.
        board: 0 (preflop), 3 (flop) or 4 (turn) board cards; a river board has
            nothing to come.
        dead: cards known to be out of play: never dealt, never in an opponent's hand.
        opponents: opponents' hands (as many hole cards as ``hand``), each known
            (its cards count as seen, like dead cards, for every probability) or a
            range: an expression (``"AA2*"``, ``"AA:$ds"``, ``"15%"``,
            ``"AsAh2c3d, KsKhQdJd"``) or a :class:`~omaha8eq.ranges.range.Range`, dealt
            jointly with the runouts as the module docstring says (not ``"random"``).
            The report then also gives the hand's exact equity against them
            overall, over the counterfeit runouts and over the others.
        progress: called as ``progress(done, total)`` while that equity is
            enumerated (with ranges: combinations of their hands, which can take
            a while; see :func:`omaha8eq.equities.split_equity`).

    Returns:
        A :class:`CounterfeitReport`.

    Raises:
        OmahaInputError (a ValueError) naming the bad input: invalid or duplicate
        cards, a hand of the wrong size, a board of 1, 2, 5 or more cards, too
        many cards for the deck, a malformed range (``RangeSyntaxError``), a range
        with no hand left once the known cards are removed, ranges that cannot be
        dealt together or make more than ``MAX_COMBINATIONS`` joint combinations;
        TypeError for inputs of the wrong type.

    Hole A 2 x x on 3 4 K: an ace or a deuce comes with 1 - C(39,2)/C(45,2):

    >>> report = counterfeit_odds("As 2c Kh Qd", "3d 4h Ks")
    >>> format_cards(report.low_cards), report.exact.p_counterfeit == Fraction(498, 1980)
    ('As 2c', True)
    >>> report = counterfeit_odds("As 2c Kh Kd", "4d 6h 8s")
    >>> str(report.low), report.low_is_nut
    ('8-6-4-2-A', True)
    >>> [(str(n.low), n.nut_low) for n in report.next_cards if n.card == "2h"]
    [('8-6-4-2-A', False)]

    An opponent holding two aces and two deuces leaves 2 of them among 40 cards, not 6
    among 44:

    >>> report = counterfeit_odds("As 2c Kh Qd", "3d 4h Ks 9c", opponents=["AA22"])
    >>> report.combinations, report.runouts, report.exact.p_counterfeit
    (9, 360, Fraction(1, 20))
    """
    started = time.perf_counter()
    if progress is not None and not callable(progress):
        raise OmahaTypeError(f"progress: expected a function (done, total), got {excerpt(progress)}")
    _refuse_before_building(hand, board, dead, opponents)
    spot = _parse_spot(hand, board, dead, opponents)
    runouts = count_runouts(spot.hand, spot.board, spot.unseen, spot.ranges, spot.range_names)
    low_now = evaluate_low(spot.hand, spot.board) if spot.board else None
    low_is_nut = low_now is not None and low_now.value >= nut_low_value(low_mask(spot.board), spot.category_counts)
    low_cards, reason = _choose_low_cards(spot, runouts, low_now)
    bits = {low_category(c) for c in low_cards}
    counterfeit = runouts.counterfeit(sum(1 << b for b in bits))
    equities: tuple[Fraction | None, Fraction | None, Fraction | None] = (None, None, None)
    if len(spot.hands) > 1:
        # the engine's ranks: 0 = deuce ... 12 = ace; low bit b is rank b - 1, the ace 12
        rank_mask = sum(1 << (12 if b == 0 else b - 1) for b in bits)
        equities = _equities(spot.hands, spot.board, spot.dead, rank_mask, runouts.total[0], counterfeit[0], progress)
    exact = ExactOdds(
        p_counterfeit=_ratio(counterfeit[0], runouts.total[0]),
        p_low=_ratio(runouts.total[1], runouts.total[0]),
        p_nut_low=_ratio(runouts.total[2], runouts.total[0]),
        p_low_if_counterfeited=_ratio(counterfeit[1], counterfeit[0]),
        p_nut_low_if_counterfeited=_ratio(counterfeit[2], counterfeit[0]),
        equity=equities[0],
        equity_if_counterfeited=equities[1],
        equity_if_not_counterfeited=equities[2],
    )
    return CounterfeitReport(
        hand=format_hand(spot.hand),
        board=format_cards(spot.board),
        dead=format_cards(spot.dead),
        opponents=spot.labels,
        street=STREETS[len(spot.board)],
        low=low_now,
        low_is_nut=low_is_nut,
        low_cards=low_cards,
        runouts=runouts.total[0],
        combinations=runouts.combinations,
        counterfeit_runouts=counterfeit[0],
        low_runouts=runouts.total[1],
        nut_low_runouts=runouts.total[2],
        counterfeit_low_runouts=counterfeit[1],
        counterfeit_nut_low_runouts=counterfeit[2],
        next_cards=_next_cards(spot, bits),
        exact=exact,
        reason=reason,
        elapsed=time.perf_counter() - started,
    )


@dataclass
class _Spot:
    """A checked :func:`counterfeit_odds` spot, its ranges restricted to the unseen cards.

    ``labels``: the opponents as given (before a range is narrowed to one hand);
    ``hands``: what :func:`split_equity` is given (the hand and the opponents as given);
    ``ranges``/``range_names``: the opponents still given by a range, and their names;
    ``unseen``: the cards not in the hand, board, dead cards or known opponents' hands;
    ``category_counts``: the unseen cards per category (see :func:`low_category`).
    """

    hand: tuple[int, ...]
    board: tuple[int, ...]
    dead: tuple[int, ...]
    labels: tuple[str, ...]
    hands: list[Any]
    ranges: list[Seat]
    range_names: list[str]
    unseen: list[int]

    @property
    def to_come(self) -> int:
        return 5 - len(self.board)

    @property
    def category_counts(self) -> list[int]:
        return category_counts(self.unseen)


def _parse_spot(hand: CardSpec, board: CardSpec, dead: CardSpec, opponents: Sequence[Any] | None) -> _Spot:
    """Parse and check the inputs with the engine's seat parser (hands, ranges, no card
    twice); restrict the ranges to the cards no one is known to hold."""
    if opponents is not None:
        opponents = check_list(opponents, "opponents", "a list of hands or ranges, e.g. ['KsKhQdJd', 'AA2*']")
    hands = [hand, *(opponents or ())]
    names = ["the hand", *(f"opponent {i}" for i in range(1, len(hands)))]
    seats, hole_size = parse_seats(hands, names=names)
    if seats[0].cards is None:
        raise OmahaInputError(f"the hand: give its cards (a range or 'random' is not one hand), got {excerpt(hand)}")
    for name, seat in zip(names, seats, strict=True):
        if seat.is_random:
            raise OmahaInputError(f"{name}: 'random' hands are not supported here; give known hands or ranges")
    board_cards = _parse_board(board)
    dead_cards = parse_cards(dead, what="dead cards")
    check_no_card_twice(seats, board_cards, dead_cards, names)
    seen = set(seats[0].hole()) | set(board_cards) | set(dead_cards)
    seen.update(c for s in seats[1:] if s.cards is not None for c in s.cards)
    labels = tuple(seat.label for seat in seats[1:])
    # Range hands holding a seen card are left out; a range left with one hand is known.
    restrict_ranges(seats, cards_to_mask(sorted(seen)), names)
    seen.update(c for s in seats[1:] if s.cards is not None for c in s.cards)
    spot = _Spot(
        hand=seats[0].hole(),
        board=board_cards,
        dead=dead_cards,
        labels=labels,
        hands=hands,
        ranges=[s for s in seats if s.is_range],
        range_names=[name for name, s in zip(names, seats, strict=True) if s.is_range],
        unseen=[c for c in range(DECK_SIZE) if c not in seen],
    )
    in_ranges = len(spot.ranges) * hole_size  # cards the ranges' hands take
    if len(spot.unseen) - in_ranges < spot.to_come:
        raise OmahaInputError(
            f"too many cards: the hand, board, dead cards and opponents leave "
            f"{len(spot.unseen) - in_ranges} unseen cards, fewer than the {spot.to_come} still to come"
        )
    return spot


def _choose_low_cards(spot: _Spot, runouts: Runouts, low_now: LowHand | None) -> tuple[tuple[int, ...], str | None]:
    """The low cards and, when the probabilities are 0 by definition, the reason."""
    if runouts.total[1] == 0:
        return (), no_low_reason(spot.hand, spot.board, spot.to_come)
    low_cards = pick_low_cards(spot.hand, low_mask(spot.board), low_now)
    bits = {low_category(c) for c in low_cards}
    if runouts.counterfeit(sum(1 << b for b in bits))[0]:
        return low_cards, None
    ranks = " or ".join(LOW_TEXT[b] for b in sorted(bits))
    if any(low_category(c) in bits for c in spot.unseen):
        why = f"no card to come can be an {ranks}: the opponents' ranges hold every one left"
    else:
        why = f"no unseen card is an {ranks}"
    reason = f"the counterfeit cannot happen: {why}; the probabilities given the counterfeit are reported as 0"
    return low_cards, reason


def _next_cards(spot: _Spot, bits: set[int]) -> tuple[NextCard, ...]:
    """What each unseen card does as the next card, on a flop or a turn (``()`` preflop)."""
    if spot.to_come > 2:
        return ()
    board_mask = low_mask(spot.board)
    counts = spot.category_counts
    next_cards = []
    for c in spot.unseen:
        low = evaluate_low(spot.hand, (*spot.board, c))
        left = list(counts)
        left[low_category(c)] -= 1
        nut = low is not None and low.value >= nut_low_value(board_mask | low_mask((c,)), left)
        next_cards.append(NextCard(format_card(c), low_category(c) in bits, low, nut))
    return tuple(next_cards)


def _equities(
    hands: list[Any],
    board: tuple[int, ...],
    dead: tuple[int, ...],
    ranks: int,
    runouts: int,
    counterfeit_runouts: int,
    progress: ProgressCallback | None,
) -> tuple[Fraction, Fraction | None, Fraction | None]:
    """The first hand's exact equity over all runouts, the counterfeit ones and the others.

    One :func:`split_equity` run: the counterfeit runouts are those bringing a card of
    one of ``ranks`` (the low cards' ranks, a 13-bit mask). Its weighted counts are the
    report's: ``runouts`` deals, ``counterfeit_runouts`` of them counterfeit.
    """
    overall, hit, missed = split_equity(hands, board, dead, ranks=ranks, progress=progress)
    assert int(overall.players[0].counts.sum()) == runouts
    assert (0 if hit is None else int(hit.players[0].counts.sum())) == counterfeit_runouts
    return (
        overall.players[0].exact_equity(),
        None if hit is None else hit.players[0].exact_equity(),
        None if missed is None else missed.players[0].exact_equity(),
    )


def _refuse_before_building(hand: CardSpec, board: CardSpec, dead: CardSpec, opponents: object) -> None:
    """Refuse opponents' ranges whose joint combinations are surely above
    ``MAX_COMBINATIONS``, from their sizes, before they are built (a 6-card ``100%``
    took 20 s and 2.6 GB to be refused after its build). Anything unreadable is left for
    :func:`_parse_spot` to report."""
    from .engine.budget import check_range_combinations
    from .engine.low_runouts import MAX_COMBINATIONS
    from .ranges.range import range_size

    if not isinstance(opponents, (list, tuple)):
        return
    ranges = {i: text for i, text in enumerate(opponents, 1) if isinstance(text, str) and is_range_expression(text)}
    try:
        size = len(parse_hole(hand, what="hand"))
        known = size + len(parse_cards(board, what="board")) + len(parse_cards(dead, what="dead cards"))
        known += sum(len(parse_hole(o)) for i, o in enumerate(opponents, 1) if i not in ranges and isinstance(o, str))
        sizes = [range_size(text, hole_size=size).hands for text in ranges.values()]
    except (OmahaInputError, TypeError):  # _parse_spot names it
        return
    names = ", ".join(f"opponent {i}" for i in ranges)
    check_range_combinations(sizes, hole_size=size, known=known, limit=MAX_COMBINATIONS, names=names)
