"""Synthetic PokerStars hand histories for the benchmarks: all-in hands with random cards.

:func:`allin_hand` writes one tournament hand of 2 to 4 players (stacks of different
sizes, so side pots) in which one player goes all-in preflop, on the flop or on the
turn and the others call; every hand is shown down and its collected lines come from
:func:`omaha8eq.settle`. :func:`history` writes many such hands, mixed with the
synthetic test hands (tests/data/hands) renumbered, into a stream.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

from omaha8eq import settle
from omaha8eq.cards import format_cards

STREETS = ("preflop", "flop", "turn")
TEST_HANDS = Path(__file__).resolve().parent.parent / "tests" / "data" / "hands"


def allin_hand(rng: random.Random, hand_id: int, players: int, street: str) -> str:
    """One hand's text: ``players`` players, the all-in on ``street``."""
    names = [f"P{i}" for i in range(1, players + 1)]
    stacks = [rng.randrange(30, 300) * 10 for _ in names]
    deck = list(range(52))
    rng.shuffle(deck)
    holes = [format_cards(deck[4 * i : 4 * i + 4]) for i in range(players)]
    board = format_cards(deck[4 * players : 4 * players + 5]).split()
    button = players - 1 if players > 2 else 0  # heads-up: the button posts the small blind
    sb, bb = (button + 1) % players if players > 2 else button, (button + 2) % players if players > 2 else 1 - button
    lines = [
        f"PokerStars Hand #{hand_id}: Tournament #1, $1+$0.10 USD Omaha Hi/Lo Pot Limit - Level I (5/10) - "
        "2021/01/01 00:00:00 ET",
        f"Table '1 1' 9-max Seat #{button + 1} is the button",
    ]
    lines += [f"Seat {i + 1}: {n} ({s} in chips)" for i, (n, s) in enumerate(zip(names, stacks, strict=True))]
    put = [0] * players
    street_bet = [0] * players
    lines.append(f"{names[sb]}: posts small blind 5")
    lines.append(f"{names[bb]}: posts big blind 10")
    put[sb] = street_bet[sb] = 5
    put[bb] = street_bet[bb] = 10
    lines.append("*** HOLE CARDS ***")
    lines.append(f"Dealt to {names[0]} [{holes[0]}]")
    order = [(bb + 1 + k) % players for k in range(players)]
    shown = {"preflop": 0, "flop": 3, "turn": 4}
    for current in ("preflop", "flop", "turn"):
        if current != "preflop":
            lines.append(_street_line(current, board))
            street_bet = [0] * players
            order = [(button + 1 + k) % players for k in range(players)]
        if current != street:  # everyone calls the big blind preflop, checks after
            for seat in order:
                if current == "preflop" and street_bet[seat] < 10:
                    lines.append(f"{names[seat]}: calls {10 - street_bet[seat]}")
                    put[seat] += 10 - street_bet[seat]
                    street_bet[seat] = 10
                elif current == "preflop":
                    lines.append(f"{names[seat]}: checks")
                else:
                    lines.append(f"{names[seat]}: checks")
            continue
        first = order[0]
        total = stacks[first] - put[first] + street_bet[first]
        verb = "raises" if current == "preflop" else "bets"
        if verb == "raises":
            lines.append(f"{names[first]}: raises {total - 10} to {total} and is all-in")
        else:
            lines.append(f"{names[first]}: bets {total} and is all-in")
        put[first] += total - street_bet[first]
        street_bet[first] = total
        for seat in order[1:]:
            left = stacks[seat] - put[seat]
            call = min(total - street_bet[seat], left)
            allin = " and is all-in" if call == left else ""
            lines.append(f"{names[seat]}: calls {call}{allin}")
            put[seat] += call
            street_bet[seat] += call
        top = sorted(put, reverse=True)
        if top[0] > top[1]:
            leader = put.index(top[0])
            lines.append(f"Uncalled bet ({top[0] - top[1]}) returned to {names[leader]}")
            put[leader] = top[1]
        break
    k = shown[street]
    for later in ("flop", "turn", "river"):
        if shown.get(later, 5) > k or later == "river":
            lines.append(_street_line(later, board))
    lines.append("*** SHOW DOWN ***")
    result = settle(list(zip(holes, put, strict=True)), " ".join(board), button=button)
    lines += [f"{n}: shows [{h}]" for n, h in zip(names, holes, strict=True)]
    for pot in result.pots:
        where = "pot" if len(result.pots) == 1 else ("main pot" if pot.index == 0 else f"side pot-{pot.index}")
        lines += [f"{names[a.seat]} collected {a.chips} from {where}" for a in pot.high + pot.low]
    lines.append("*** SUMMARY ***")
    lines.append(f"Total pot {sum(put)} | Rake 0")
    lines.append(f"Board [{' '.join(board)}]")
    return "\n".join(lines)


def _street_line(street: str, board: list[str]) -> str:
    if street == "flop":
        return f"*** FLOP *** [{' '.join(board[:3])}]"
    if street == "turn":
        return f"*** TURN *** [{' '.join(board[:3])}] [{board[3]}]"
    return f"*** RIVER *** [{' '.join(board[:4])}] [{board[4]}]"


def allin_hands(count: int, seed: int = 1) -> Iterator[str]:
    """``count`` all-in hands: streets and 2-4 players in turn, random cards and stacks."""
    rng = random.Random(seed)
    for i in range(count):
        yield allin_hand(rng, 500_000_000 + i, 2 + i % 3, STREETS[i % 3])


def history(count: int, seed: int = 1) -> Iterator[str]:
    """``count`` hands' text: the synthetic test hands renumbered, then all-in hands, in turn."""
    files = sorted(TEST_HANDS.glob("*.txt"))
    templates = [t for f in files for t in f.read_text("utf-8").split("\n\n\n\n") if t.strip()]
    rng = random.Random(seed)
    for i in range(count):
        if i % 2:
            yield allin_hand(rng, 600_000_000 + i, 2 + i % 3, STREETS[i % 3])
        else:
            template = templates[(i // 2) % len(templates)]
            header, rest = template.split("\n", 1)
            yield header.replace("#", f"#{i}0", 1) + "\n" + rest
