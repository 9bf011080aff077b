"""Plain-Python hand classes on a street, written from the table of docs/range-explorer.md.

The oracle of tests/core/test_holdings.py: it shares no code with the package
(it evaluates 5-card hands with tests/naive.py) and reads each definition literally,
by brute force over the two-card holdings and the next cards. Cards are ints
``4 * rank + suit`` (rank 0 = deuce .. 12 = ace).
"""

from collections import Counter
from functools import cache
from itertools import combinations

import naive

ACE = 12


def _best(hole, board):
    """(value, category index, ranks grouped by count then rank) of the best 2 + 3 high."""
    value, category, five = max(
        (*naive.value5(h + b), h + b) for h in combinations(hole, 2) for b in combinations(board, 3)
    )
    counts = Counter(c // 4 for c in five)
    return value, category, sorted(counts, key=lambda r: (counts[r], r), reverse=True)


def _low(hole, board):
    """The best low (descending ranks, ace = 1: smaller is better) of 2 + 3 cards, or None."""
    best = None
    for h in combinations(hole, 2):
        for b in combinations(board, 3):
            ranks = [1 if c // 4 == ACE else c // 4 + 2 for c in h + b]
            if max(ranks) <= 8 and len(set(ranks)) == 5:
                low = tuple(sorted(ranks, reverse=True))
                best = low if best is None or low < best else best
    return best


def _others(board):
    """Every two-card holding of cards not on the board."""
    return combinations([c for c in range(52) if c not in board], 2)


@cache
def _high_kinds(board):
    """The best high of every two-card holding on the board, one entry per kind of holding
    with the holdings of that kind (cached: one board, many hands): two holdings of the
    same ranks make the same hands unless one is two cards of a suit with three board
    cards."""
    flush_suits = {s for s in range(4) if sum(c % 4 == s for c in board) >= 3}
    kinds = {}
    for c1, c2 in _others(board):
        suited = c1 % 4 if c1 % 4 == c2 % 4 and c1 % 4 in flush_suits else -1
        kinds.setdefault((c1 // 4, c2 // 4, suited), []).append({c1, c2})
    return [((*_best(holds[0], board), max(r1, r2)), holds) for (r1, r2, _), holds in kinds.items()]


def _other_highs(board, blocked):
    """(value, category, grouped ranks, top hole rank) of the best high of every holding
    that holds no card of ``blocked`` (the others' hands)."""
    return [best for best, holds in _high_kinds(board) if any(not hold & blocked for hold in holds)]


@cache
def _low_holdings(board):
    """Every low two cards not on the board make, with the holdings that make it."""
    lows = {}
    for pair in _others(board):
        low = _low(pair, board)
        if low is not None:
            lows.setdefault(low, []).append(set(pair))
    return lows


def _other_lows(board, blocked):
    """The distinct lows the holdings that hold no card of ``blocked`` make, best first."""
    return sorted(low for low, holds in _low_holdings(board).items() if any(not hold & blocked for hold in holds))


def _better(value, values):
    """How many distinct values of ``values`` are above ``value``."""
    return len({v for v in values if v > value})


def _straight_top(hole, board):
    """The top rank of the best straight of 2 hole + 3 board cards (suits ignored; the
    wheel's top is the five, rank 3), or -1."""
    top = -1
    for h in combinations(hole, 2):
        for b in combinations(board, 3):
            ranks = sorted({c // 4 for c in h + b})
            if len(ranks) == 5 and ranks[4] - ranks[0] == 4:
                top = max(top, ranks[4])
            elif ranks == [0, 1, 2, 3, ACE]:
                top = max(top, 3)
    return top


def high_class(hole, board, blocked=()):
    """The made high class; "nut" against the holdings that hold no card of ``blocked``
    (besides the board's): the hand's and the dead cards for its class, none for the
    board's own nuts (what the clean outs compare)."""
    value, category, grouped = _best(hole, board)
    board_ranks = Counter(c // 4 for c in board)
    distinct = sorted(board_ranks, reverse=True)
    others = _other_highs(board, set(blocked)) if category in (6, 5, 4, 1) else ()
    if category == 8:
        return "straight flush"
    if category == 7:
        return "quads"
    if category == 6:
        return "nut full house" if _better(value, [v for v, c, _, _ in others if c == 6]) == 0 else "other full house"
    if category == 5:
        # By the top hole card of the flush suit: of two flushes, the higher one wins.
        suit = next(s for s in range(4) if sum(c % 4 == s for c in board) >= 3)
        top = max(c // 4 for c in hole if c % 4 == suit)
        better = _better(top, [t for _, c, _, t in others if c == 5])
        return ("nut flush", "second nut flush")[better] if better < 2 else "weaker flush"
    if category == 4:
        return "nut straight" if _better(value, [v for v, c, _, _ in others if c == 4]) == 0 else "other straight"
    rank = grouped[0]
    if category == 3:
        if board_ranks[rank] != 1:
            return "trips"
        if rank == distinct[0]:
            return "top set"
        return "bottom set" if rank == distinct[-1] else "middle set"
    if category == 2:
        top_two = len(distinct) >= 2 and grouped[:2] == distinct[:2]
        if top_two and board_ranks[distinct[0]] == 1 and board_ranks[distinct[1]] == 1:
            return "top two pair"
        return "other two pair"
    if category == 1:
        if board_ranks[rank] == 0 and rank > distinct[0]:
            return "overpair"
        if board_ranks[rank] == 1 and rank == distinct[0]:
            top_pairs = [v for v, c, g, _ in others if c == 1 and g[0] == distinct[0]]
            return "top pair top kicker" if _better(value, top_pairs) == 0 else "top pair weaker kicker"
        return "other pair"
    return "no pair"


def low_class(hole, board, blocked=()):
    """The made low class, against the lows of the holdings that hold no card of
    ``blocked`` (the hand's and the dead cards): nut, second, third by the number of
    better lows those make."""
    low = _low(hole, board)
    if low is None:
        return "no low"
    better = sum(other < low for other in _other_lows(board, set(blocked)))  # smaller is better
    return ("nut low", "second nut low", "third nut low")[better] if better < 3 else "weaker low"


def _low_rank(card):
    rank = 1 if card // 4 == ACE else card // 4 + 2
    return rank if rank <= 8 else None


def low_draw_class(hole, board):
    board_low = {_low_rank(c) for c in board} - {None}
    to_come = 5 - len(board)
    if len(board) == 5 or len(board_low) >= 3 or len(board_low) + to_come < 3:
        return "no low draw"
    unseen = sorted(set(range(1, 9)) - board_low)
    held = sorted({_low_rank(c) for c in hole} & set(unseen))
    if len(held) < 2:
        return "no low draw"
    if len(board_low) <= 1:
        return "backdoor low draw"
    draw = held[:2]
    if draw == unseen[:2]:
        return "protected nut low draw" if set(unseen[:3]) <= set(held) else "unprotected nut low draw"
    if draw == [unseen[0], unseen[2]]:
        return "second nut low draw"
    return "weaker low draw"


def flush_draw_class(hole, board):
    if len(board) == 5:
        return "no flush draw"
    found = []
    for suit in range(4):
        held = {c // 4 for c in hole if c % 4 == suit}
        on_board = {c // 4 for c in board if c % 4 == suit}
        if len(held) < 2:
            continue
        if len(on_board) == 2:
            best_missing = max(set(range(13)) - on_board)
            found.append("nut flush draw" if best_missing in held else "other flush draw")
        elif len(on_board) == 1 and len(board) == 3:
            found.append("backdoor flush draw")
    for name in ("nut flush draw", "other flush draw", "backdoor flush draw"):
        if name in found:
            return name
    return "no flush draw"


def _unseen(hole, board, dead):
    """The cards that can come: not in the hand, on the board or dead."""
    return [c for c in range(52) if c not in hole and c not in board and c not in dead]


def straight_outs(hole, board, dead=()):
    if len(board) == 5:
        return 0
    now = _straight_top(hole, board)
    return sum(_straight_top(hole, (*board, c)) > now for c in _unseen(hole, board, dead))


def backdoor_straight(hole, board, dead=()):
    """On the flop: whether some turn and river together give a higher straight than the
    hand has (every pair of unseen cards, one pair per two ranks: suits are ignored)."""
    if len(board) != 3:
        return False
    now = _straight_top(hole, board)
    unseen = _unseen(hole, board, dead)
    pairs = {}
    for c1, c2 in combinations(unseen, 2):
        pairs.setdefault((c1 // 4, c2 // 4), (c1, c2))
    return any(_straight_top(hole, (*board, *pair)) > now for pair in pairs.values())


def straight_draw_class(outs, backdoor=False):
    if outs >= 13:
        return "big wrap"
    if outs >= 9:
        return "wrap"
    if outs >= 5:
        return "open-ended"
    if outs >= 1:
        return "gutshot"
    return "backdoor straight draw" if backdoor else "no straight draw"


LOW_ORDER = ("nut low", "second nut low", "third nut low", "weaker low", "no low")


def counterfeit_outs(hole, board, dead=()):
    """The unseen cards that, dealt next (flop and turn), pair a rank of the hand's best low
    that is not on the board (one the low takes from the hand) and drop its made low class."""
    low = _low(hole, board)
    if len(board) == 5 or low is None:
        return 0
    on_board = {_low_rank(c) for c in board}
    from_hand = set(low) - on_board
    blocked = (*hole, *dead)
    now = LOW_ORDER.index(low_class(hole, board, blocked))
    return sum(
        _low_rank(c) in from_hand and LOW_ORDER.index(low_class(hole, (*board, c), blocked)) > now
        for c in _unseen(hole, board, dead)
    )


HIGH_ORDER = (
    "straight flush",
    "quads",
    "nut full house",
    "other full house",
    "nut flush",
    "second nut flush",
    "weaker flush",
    "nut straight",
    "other straight",
    "top set",
    "middle set",
    "bottom set",
    "trips",
    "top two pair",
    "other two pair",
    "overpair",
    "top pair top kicker",
    "top pair weaker kicker",
    "other pair",
    "no pair",
)
STRAIGHT, FLUSH, FULL_HOUSE = 4, 5, 6  # naive.CATEGORY_NAMES positions


def _straight_possible(board):
    """Whether three board ranks lie in one straight's five ranks (the wheel's too)."""
    ranks = {c // 4 for c in board}
    windows = [set(range(low, low + 5)) for low in range(9)] + [{ACE, 0, 1, 2, 3}]
    return any(len(window & ranks) >= 3 for window in windows)


def _needed(board, card):
    """The category a hand must reach for ``card`` to be a clean out: a full house if the
    card pairs the board, a flush if it is its suit's third board card, a straight if it
    makes a straight possible that was not, else none (0)."""
    if any(c // 4 == card // 4 for c in board):
        return FULL_HOUSE
    if sum(c % 4 == card % 4 for c in board) == 2:
        return FLUSH
    if not _straight_possible(board) and _straight_possible((*board, card)):
        return STRAIGHT
    return 0


def clean_outs(hole, board, dead=()):
    """The unseen cards that, dealt next (flop and turn), give the hand a higher high and a
    better made high class, top two pair or better, and reach the category they need."""
    if len(board) == 5:
        return 0
    value = _best(hole, board)[0]
    now = HIGH_ORDER.index(high_class(hole, board))
    outs = 0
    for card in _unseen(hole, board, dead):
        after = (*board, card)
        new_value, category, _ = _best(hole, after)
        if new_value > value and category >= _needed(board, card):
            better = HIGH_ORDER.index(high_class(hole, after))
            outs += better < now and better <= HIGH_ORDER.index("top two pair")
    return outs


def clean_class(outs):
    return "many clean outs" if outs >= 8 else "some clean outs" if outs >= 1 else "no clean outs"


def classes(hole, board, hilo=True, dead=(), clean=False):
    """The ten columns of a hand on a board, by name (outs as numbers); without ``clean``,
    the clean outs' class and number are -1 (as the kernel's when not asked)."""
    hole, board = tuple(hole), tuple(board)
    outs = straight_outs(hole, board, dead)
    counterfeits = counterfeit_outs(hole, board, dead) if hilo else 0
    cleans = clean_outs(hole, board, dead) if clean else -1
    return (
        high_class(hole, board, (*hole, *dead)),
        low_class(hole, board, (*hole, *dead)) if hilo else "no low",
        low_draw_class(hole, board) if hilo else "no low draw",
        flush_draw_class(hole, board),
        straight_draw_class(outs, outs == 0 and backdoor_straight(hole, board, dead)),
        "counterfeitable low" if counterfeits else "no counterfeit risk",
        clean_class(cleans) if clean else -1,
        outs,
        counterfeits,
        cleans,
    )
