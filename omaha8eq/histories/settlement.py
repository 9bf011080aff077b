"""Checking a hand's settlement: the pots settled from the shown cards against what the site paid.

For a hand that reaches a showdown with every live player's cards known, the pots
are built and split exactly as :func:`omaha8eq.settle` does (the same pot layout, the
same hi/lo split, odd chips to the high half and clockwise from the button), after
the rake is taken out as the summary states: from the main pot first, then the side
pots in order. The amounts are compared with the site's collected lines, pot by pot
when the site names its pots as they are built here (``main pot``, ``side pot-1``),
over all pots when it writes only ``pot`` or counts other pots (a player who mucks
concedes: his chips are dead money in the others' pots). A hand run twice is settled
run by run: each pot is cut into one part per run (as :func:`omaha8eq.settle_boards`
cuts it) and each part is split on its run's board, then compared with what the site
paid on that run.

>>> from omaha8eq.histories.reader import read_hands
>>> import io
>>> hand = next(read_hands(io.BytesIO(SAMPLE)))
>>> check = check_settlement(hand)
>>> check.checked, [(p.pot, p.expected, p.matches) for p in check.pots]
(True, [(0, {'B': 200, 'A': 200}, True)])
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..cards import parse_cards
from ..chips.pots import Pot, PotShape, _split_pot, layout, pot_name
from ..evaluation import evaluate
from ..games import as_game
from ..hand_values import HighHand, LowHand
from .records import SCALE, Hand

__all__ = ["HandCheck", "PotCheck", "check_settlement", "run_part", "settle_hand", "settle_runs"]

SAMPLE = b"""PokerStars Hand #1:  Omaha Hi/Lo Pot Limit ($1/$2 USD) - 2020/01/01 12:00:00 ET
Table 'T' 6-max Seat #1 is the button
Seat 1: A ($10 in chips)
Seat 2: B ($10 in chips)
A: posts small blind $1
B: posts big blind $2
*** HOLE CARDS ***
A: calls $1
B: checks
*** FLOP *** [2c 3d 4h]
B: checks
A: checks
*** TURN *** [2c 3d 4h] [Kd]
B: checks
A: checks
*** RIVER *** [2c 3d 4h Kd] [Ks]
B: checks
A: checks
*** SHOW DOWN ***
B: shows [Kh Kc 9s 9d] (HI: four of a kind, Kings)
A: shows [As 5s 7c 8c] (HI: a straight, Ace to Five; LO: 5,4,3,2,A)
B collected $2 from pot
A collected $2 from pot
*** SUMMARY ***
Total pot $4 | Rake $0
Board [2c 3d 4h Kd Ks]
"""


@dataclass(frozen=True)
class PotCheck:
    """One pot (or all pots, when the site does not name them) compared.

    Attributes:
        pot: the pot's index (0 main, k side pot k), or None for all pots together
            (when the site's pots are not ours: "from pot" for all, or the pot of a
            player who mucked).
        expected: the chips each winner should collect (units), by name.
        site: the chips the site paid from that pot, by name.
        matches: True when they are equal.
        board: 0, or the run (0-based) of a hand run twice: that run's part of the pot.
    """

    pot: int | None
    expected: dict[str, int]
    site: dict[str, int]
    matches: bool
    board: int = 0

    @property
    def name(self) -> str:
        """ "main pot", "side pot k", or "all pots"; "..., run 2" for the second run's part."""
        name = "all pots" if self.pot is None else pot_name(self.pot)
        return f"{name}, run {self.board + 1}" if self.board else name

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict, amounts in the site's unit."""
        return {
            "pot": self.pot,
            "board": self.board,
            "expected": {k: v / SCALE for k, v in self.expected.items()},
            "site": {k: v / SCALE for k, v in self.site.items()},
            "matches": self.matches,
        }


@dataclass(frozen=True)
class HandCheck:
    """The settlement check of one hand.

    Attributes:
        hand_id: the site's hand number.
        checked: True when the pots could be settled (a showdown, the cards known).
        reason: why the hand was not checked (no showdown, cards not shown, no river).
        pots: the pots compared (empty when not checked).
    """

    hand_id: str
    checked: bool
    reason: str
    pots: tuple[PotCheck, ...]

    @property
    def differing(self) -> tuple[PotCheck, ...]:
        """The pots where the site paid something else."""
        return tuple(p for p in self.pots if not p.matches)

    @property
    def status(self) -> str:
        """One word: ``"matches"``, ``"differs"`` or ``"unchecked"``."""
        if not self.checked:
            return "unchecked"
        return "differs" if self.differing else "matches"

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict: the status, why it was not checked, each pot compared."""
        return {"status": self.status, "reason": self.reason, "pots": [p.to_dict() for p in self.pots]}


def _button_index(hand: Hand, seats: Sequence[int]) -> int:
    """The button's index among ``seats`` (seat numbers in order); when the button's
    seat is empty, the seat before it, so that the next seat is the first to its left."""
    before = [i for i, s in enumerate(seats) if s <= hand.button]
    return before[-1] if before else len(seats) - 1


def settle_hand(
    hand: Hand,
    put: dict[str, int],
    board: str,
    live: Sequence[str],
    rake: int,
) -> tuple[dict[str, int], tuple[Pot, ...]]:
    """Settle pots built from ``put`` (chips by name) on ``board`` among ``live`` players.

    The rake is taken out of the pots (main pot first) before they are split. Returns
    each player's chips back (uncalled chips included) and the pots. Every live
    player's cards must be in ``hand.hole_cards``. :func:`settle_runs` with one board.
    """
    back, runs = settle_runs(hand, put, (board,), live, rake)
    return back, runs[0]


def settle_runs(
    hand: Hand,
    put: dict[str, int],
    boards: Sequence[str],
    live: Sequence[str],
    rake: int,
) -> tuple[dict[str, int], tuple[tuple[Pot, ...], ...]]:
    """Settle pots built from ``put`` on each of ``boards`` (the runs of a hand run
    twice, or one board) among ``live`` players.

    The rake is taken out of the pots (main pot first); each pot left is then cut into
    one part per run as :func:`omaha8eq.settle_boards` cuts it (``runs=True``: ``u // B``
    chips each, the odd chips one each to run 1, 2, ...), and each part is split hi/lo
    on its run's board among the pot's players. Returns each player's chips back
    (uncalled chips included) and, per run, its parts of the pots.

    This is :func:`omaha8eq.settle_boards`'s own split (its pot layout and pot
    splitter): a hand history's pots lose their rake before they are cut, which
    ``settle_boards`` (given only contributions) cannot express.
    """
    game = as_game(hand.game)
    names = [s.name for s in hand.seats]
    numbers = [s.number for s in hand.seats]
    chips = [put.get(n, 0) for n in names]
    alive = [n in live for n in names]
    returned, shapes = layout(chips, alive)
    amounts = rake_off([shape.amount for shape in shapes], rake)
    button = _button_index(hand, numbers)
    runs = []
    for b, board in enumerate(boards):
        board_cards = parse_cards(board)
        highs: list[HighHand | None] = [None] * len(names)
        lows: list[LowHand | None] = [None] * len(names)
        if sum(alive) >= 2:
            for i, name in enumerate(names):
                if alive[i]:
                    highs[i], lows[i] = evaluate(parse_cards(hand.hole_cards[name]), board_cards, game=game)
        shares = [
            PotShape(s.level, run_part(a, b, len(boards), hand.chip), s.eligible)
            for s, a in zip(shapes, amounts, strict=True)
        ]
        split = (
            _split_pot(k, share, highs, lows, chip=hand.chip, button=button, n=len(names))
            for k, share in enumerate(shares)
        )
        runs.append(tuple(split))
    back = {n: returned[i] + sum(p.won_by(i) for pots in runs for p in pots) for i, n in enumerate(names)}
    return back, tuple(runs)


def run_part(amount: int, run: int, runs: int, chip: int) -> int:
    """Run ``run``'s part (0-based) of a pot of ``amount`` cut into ``runs`` parts, in
    chips of ``chip``: ``u // runs`` chips each, the ``u % runs`` odd chips one each to
    the first runs (the house rule of :func:`omaha8eq.settle_boards`; PokerStars pays
    the odd cent of a pot run twice to the first run too). A chip-less remainder
    (an amount not a whole number of chips) goes to the first run.

    >>> [run_part(22317, r, 2, 1) for r in (0, 1)]
    [11159, 11158]
    """
    units, loose = divmod(amount, chip)
    each, odd = divmod(units, runs)
    return (each + (run < odd)) * chip + (loose if run == 0 else 0)


def rake_off(amounts: Sequence[int], rake: int) -> list[int]:
    """The pots' amounts once the rake is taken, from the main pot first."""
    out = []
    for amount in amounts:
        taken = min(rake, amount)
        rake -= taken
        out.append(amount - taken)
    return out


def check_settlement(hand: Hand) -> HandCheck:
    """Settle a showdown's pots from the shown cards and compare with the site's amounts.

    A hand run twice is settled on each run's board (each pot cut into one part per
    run, see :func:`settle_runs`), and each run's parts are compared with what the
    site paid on that run.
    """
    if len(hand.live()) < 2:
        return HandCheck(hand.hand_id, False, "no showdown", ())
    live = hand.contenders()  # a player who mucks concedes every pot
    unknown = [p for p in live if p not in hand.hole_cards]
    if unknown:
        return HandCheck(hand.hand_id, False, f"cards not shown: {', '.join(unknown)}", ())
    if not hand.boards or any(len(board.split()) != 5 for board in hand.boards):
        return HandCheck(hand.hand_id, False, "showdown without five board cards", ())
    _, runs = settle_runs(hand, hand.contributions(), hand.boards, live, hand.rake)
    names = [s.name for s in hand.seats]
    checks: list[PotCheck] = []
    for board, pots in enumerate(runs):
        expected: dict[int, dict[str, int]] = {}
        for pot in pots:
            for award in pot.high + pot.low:
                won = expected.setdefault(pot.index, {})
                won[names[award.seat]] = won.get(names[award.seat], 0) + award.chips
        site: dict[int, dict[str, int]] = {}
        for c in hand.collected:
            if c.board == board:
                paid = site.setdefault(c.pot, {})
                paid[c.player] = paid.get(c.player, 0) + c.amount
        if set(site) != set(expected):
            # The site counts its pots otherwise: "from pot" for every pot, side pots
            # without numbers (Bovada), only a player's total (WPN, 888), or a pot of a
            # player who mucked, which is dead money here. Compare over all pots.
            checks.append(_compare(None, _sum_dicts(expected.values()), _sum_dicts(site.values()), board))
        else:
            checks += [
                _compare(k, expected.get(k, {}), site.get(k, {}), board) for k in sorted(set(expected) | set(site))
            ]
    if any(c.board >= len(runs) for c in hand.collected):  # paid on a run the hand does not have
        extra = _sum_dicts([{c.player: c.amount} for c in hand.collected if c.board >= len(runs)])
        checks.append(_compare(None, {}, extra, len(runs)))
    return HandCheck(hand.hand_id, True, "", tuple(checks))


def _sum_dicts(dicts: Any) -> dict[str, int]:
    total: dict[str, int] = {}
    for d in dicts:
        for k, v in d.items():
            total[k] = total.get(k, 0) + v
    return total


def _compare(pot: int | None, expected: dict[str, int], site: dict[str, int], board: int) -> PotCheck:
    expected = {k: v for k, v in expected.items() if v}
    return PotCheck(pot, expected, site, expected == site, board)
