"""The action model of a betting round: what a player may do, what he did, and refusals.

:class:`Options` describes the choices of the player to act, :class:`Action` one
action taken (blinds included), and :class:`IllegalActionError` an action the
rules do not allow, with the reason in words. Seats are 0-based, in seat
(clockwise) order; amounts are integer chips.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..errors import OmahaInputError
from ..serialize import fields_dict

__all__ = ["ACTIONS", "Action", "IllegalActionError", "Options"]

#: Actions :meth:`~omaha8eq.chips.betting.BettingRound.act` understands.
ACTIONS: tuple[str, ...] = ("fold", "check", "call", "bet", "raise", "all-in")


class IllegalActionError(OmahaInputError):
    """An action the betting rules do not allow.

    Attributes:
        reason: why, in words (also the exception's message).
        seat: the seat (0-based) that tried to act, or None.
        action: the action attempted ("raise", "check", ...), or None.
    """

    def __init__(self, reason: str, *, seat: int | None = None, action: str | None = None) -> None:
        super().__init__(reason)
        self.reason = reason
        self.seat = seat
        self.action = action


@dataclass(frozen=True)
class Options:
    """What the player to act may do.

    Attributes:
        seat: the player to act (0-based).
        to_call: the chips a call adds (less than the bet when the player is short:
            a call all-in); 0 when he may check.
        can_check: True if nothing is to be called.
        can_raise: True if he may bet or raise now.
        min_raise_to: the smallest total his bet may come to with a bet or raise
            (equal to ``max_raise_to`` in limit, or when only an all-in short of a
            full raise is left); None when he may not raise.
        max_raise_to: the largest (his stack, the pot limit, or the fixed limit);
            None when he may not raise, or in no limit with an unlimited stack.
        reason: why he may not bet or raise; None when he may.
    """

    seat: int
    to_call: int
    can_check: bool
    can_raise: bool
    min_raise_to: int | None
    max_raise_to: int | None
    reason: str | None

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict with the field names above."""
        return fields_dict(self)


@dataclass(frozen=True)
class Action:
    """One action taken in a :class:`~omaha8eq.chips.betting.BettingRound`.

    Attributes:
        seat: who acted (0-based).
        kind: "post" (a blind), "fold", "check", "call", "bet" or "raise".
        added: the chips this action put in.
        to: the player's total bet this round after the action.
        all_in: True if it put the player's last chip in.
        full: for a bet or raise, True if it was a full bet or raise (it reopens
            the betting and, in limit, counts toward the cap); False for a short
            all-in, and for every other kind.
    """

    seat: int
    kind: str
    added: int
    to: int
    all_in: bool
    full: bool

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict with the field names above."""
        return fields_dict(self)

    def __str__(self) -> str:
        if self.kind in ("fold", "check"):
            text = self.kind
        elif self.kind == "call":
            text = f"call {self.added}"
        elif self.kind == "post":
            text = f"post {self.added}"
        elif self.kind == "bet":
            text = f"bet {self.to}"
        else:
            text = f"raise to {self.to}"
        suffix = " (all-in)" if self.all_in else ""
        if self.kind in ("bet", "raise") and not self.full:
            suffix = " (all-in, not a full raise)" if self.kind == "raise" else " (all-in, less than a full bet)"
        return f"seat {self.seat}: {text}{suffix}"
