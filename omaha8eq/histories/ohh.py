"""Export to the Open Hand History JSON format (OHH, hh-specs.handhistory.org, spec 1.4).

One object ``{"ohh": {...}}`` per hand: the table, the players with their starting
stacks, one round per street with its actions (``amount`` is the chips the action
adds to the pot; a raise also names its total), and the pots with each winner's
amount. Amounts are in the site's unit. The hero is the player dealt cards in the
history (``Dealt to``).
"""

from __future__ import annotations

from typing import Any

from ..games import as_game
from ..version import __version__
from .records import Hand

__all__ = ["to_ohh"]

SPEC_VERSION = "1.4.6"
BET_TYPES = {"no limit": "NL", "pot limit": "PL", "fixed limit": "FL"}
ACTIONS = {
    "ante": "Post Ante",
    "small blind": "Post SB",
    "big blind": "Post BB",
    "blinds": "Post Dead",
    "fold": "Fold",
    "check": "Check",
    "call": "Call",
    "bet": "Bet",
    "raise": "Raise",
    "show": "Shows Cards",
    "muck": "Mucks Cards",
}
STREETS = {"preflop": "Preflop", "flop": "Flop", "turn": "Turn", "river": "River", "showdown": "Showdown"}
BOARD_CARDS = {"flop": slice(0, 3), "turn": slice(3, 4), "river": slice(4, 5)}


def to_ohh(hand: Hand) -> dict[str, Any]:
    """The hand as an Open Hand History document (``{"ohh": {...}}``)."""
    m = hand.money
    ids = {s.name: i for i, s in enumerate(hand.seats)}
    game = as_game(hand.game)
    hero = hand.hero
    board = hand.board.split()
    rounds: list[dict[str, Any]] = []
    number = 0
    for street, title in STREETS.items():
        actions = []
        if street == "preflop" and hero is not None:
            number += 1
            actions.append(
                {
                    "action_number": number,
                    "player_id": ids[hero],
                    "action": "Dealt Cards",
                    "amount": 0,
                    "is_allin": False,
                    "cards": hand.hole_cards[hero].split(),
                }
            )
        for a in hand.actions_on(street):
            if a.kind == "uncalled":
                continue
            number += 1
            action: dict[str, Any] = {
                "action_number": number,
                "player_id": ids[a.player],
                "action": ACTIONS[a.kind],
                "amount": m(a.amount),
                "is_allin": a.allin,
            }
            if a.kind == "show":
                action["cards"] = hand.hole_cards.get(a.player, "").split()
            actions.append(action)
        cards = board[BOARD_CARDS[street]] if street in BOARD_CARDS else []
        if actions or cards:
            rounds.append({"id": len(rounds), "street": title, "cards": cards, "actions": actions})
    wins: dict[int, dict[str, int]] = {}
    for c in hand.collected:
        pot = wins.setdefault(c.pot, {})
        pot[c.player] = pot.get(c.player, 0) + c.amount
    pots = [
        {
            "number": k,
            "amount": m(sum(w.values()) + (hand.rake if k == 0 else 0)),
            "rake": m(hand.rake if k == 0 else 0),
            "jackpot": 0,
            "player_wins": [{"player_id": ids[p], "win_amount": m(v), "contributed_rake": 0} for p, v in w.items()],
        }
        for k, w in sorted(wins.items())
    ]
    return {
        "ohh": {
            "spec_version": SPEC_VERSION,
            "site_name": hand.site,
            "network_name": hand.site,
            "internal_version": f"omaha8eq {__version__}",
            "tournament": hand.tournament is not None,
            "tournament_info": {"tournament_number": hand.tournament} if hand.tournament is not None else None,
            "game_number": hand.hand_id,
            "start_date_utc": hand.date,
            "table_name": hand.table,
            "game_type": "OmahaHiLo" if game.hilo else "Omaha",
            "bet_limit": {"bet_type": BET_TYPES[hand.limit], "bet_cap": 0},
            "table_size": hand.max_seats or len(hand.seats),
            "currency": hand.currency or "CHIPS",
            "dealer_seat": hand.button,
            "small_blind_amount": m(hand.small_blind),
            "big_blind_amount": m(hand.big_blind),
            "ante_amount": m(max((a.amount for a in hand.actions if a.kind == "ante"), default=0)),
            "hero_player_id": ids[hero] if hero is not None else None,
            "flags": [],
            "players": [
                {
                    "id": i,
                    "seat": s.number,
                    "name": s.name,
                    "display": s.name,
                    "starting_stack": m(s.stack),
                    "player_bounty": 0,
                    "is_sitting_out": s.sitting_out,
                }
                for i, s in enumerate(hand.seats)
            ],
            "rounds": rounds,
            "pots": pots,
        }
    }
