"""What the betting rules allow: a round's chips and bets, and the check of every action.

:class:`RoundState` holds what the rules look at (stacks, bets, who folded, the bet
level each player last acted at, the current bet, the last full raise, the number of
full bets) and answers the rules' questions on it: may this player raise, between
which totals, and is this action legal (:meth:`RoundState.resolve`, which raises
:class:`~omaha8eq.chips.actions.IllegalActionError` with the reason). Turn order and
the public API are :class:`~omaha8eq.chips.betting.BettingRound`'s. Seats are 0-based;
amounts are integer chips; a bet or raise is the total the player's bet comes to.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..checks import excerpt, is_integer
from .actions import ACTIONS, Action, IllegalActionError
from .sizing import pot_limit_max_raise

__all__ = ["RoundState"]


def _refusal(seat: int, reason: str, action: str) -> IllegalActionError:
    """The error refusing ``seat``'s ``action``, for ``reason``."""
    return IllegalActionError(reason, seat=seat, action=action)


@dataclass
class RoundState:
    """The chips of one betting round and the rules' view of them (validated by the caller).

    Attributes:
        structure: "limit", "pot-limit" or "no-limit".
        bet_size: limit: the fixed bet; otherwise the minimum bet.
        pot: chips from previous rounds.
        cap: limit: bets and raises allowed (None: no cap).
        uncapped_heads_up: limit: no cap while two players are left.
        stacks: each player's chips behind (None: unlimited).
        bets: each player's chips put in this round.
        folded: whether each player has folded.
        acted_at: the current bet when each player last acted (None: not yet).
        current: the biggest bet of the round.
        min_raise: the last full bet or raise: the smallest raise.
        full_bets: full bets and raises so far (the limit cap counts them).
    """

    structure: str
    bet_size: int
    pot: int
    cap: int | None
    uncapped_heads_up: bool
    stacks: list[int | None]
    folded: list[bool]
    bets: list[int] = field(init=False)
    acted_at: list[int | None] = field(init=False)
    current: int = 0
    min_raise: int = field(init=False)
    full_bets: int = 0

    def __post_init__(self) -> None:
        self.bets = [0] * len(self.stacks)
        self.acted_at = [None] * len(self.stacks)
        self.min_raise = self.bet_size

    def all_in(self, seat: int) -> bool:
        """True when the player has no chip left behind."""
        return self.stacks[seat] == 0

    def can_act(self, seat: int) -> bool:
        """True when the player is in the hand with chips behind."""
        return not self.folded[seat] and not self.all_in(seat)

    def put(self, seat: int, chips: int) -> None:
        """Move ``chips`` from the player's stack to his bet."""
        self.bets[seat] += chips
        if self.stacks[seat] is not None:
            self.stacks[seat] -= chips  # type: ignore[operator]

    def most(self, seat: int) -> int | None:
        """The most the player's bet can come to: all his chips (None: unlimited)."""
        stack = self.stacks[seat]
        return None if stack is None else self.bets[seat] + stack

    def capped(self) -> bool:
        """Limit: True when the round's bets and raises reached the cap."""
        if self.structure != "limit" or self.cap is None or self.full_bets < self.cap:
            return False
        in_hand = len(self.bets) - sum(self.folded)
        return not (self.uncapped_heads_up and in_hand == 2)

    def no_raise_reason(self, seat: int) -> str | None:
        """Why ``seat`` may not bet or raise now, or None when he may."""
        most = self.most(seat)
        if most is not None and most <= self.current:
            return "not enough chips to raise (he can only call)"
        acted = self.acted_at[seat]
        if acted is not None and self.current - acted < self.min_raise:
            return (
                f"the betting was not reopened (since he acted the bet went from {acted} to "
                f"{self.current}, less than a full raise of {self.min_raise})"
            )
        if self.capped():
            return f"the betting is capped (one bet and {self.cap - 1} raises were made)"  # type: ignore[operator]
        if not any(self.can_act(o) for o in range(len(self.bets)) if o != seat):
            return "nobody could call a raise (every other player is all-in or has folded)"
        return None

    def full_raise_to(self) -> int:
        """The smallest full bet or raise, as a total (ignoring the player's stack)."""
        if self.structure == "limit":
            return self.current + self.bet_size
        return self.current + self.min_raise if self.current else self.bet_size

    def raise_range(self, seat: int) -> tuple[int, int | None]:
        """(min_to, max_to) of a bet or raise; the player may raise (checked)."""
        most = self.most(seat)
        low = self.full_raise_to()
        high: int | None = low
        if self.structure != "limit":
            if self.structure == "pot-limit":
                high = pot_limit_max_raise(self.pot, self.bets, self.bets[seat])
                high = max(high, low)
            else:
                high = most  # None: an unlimited stack
        if most is not None:
            high = most if high is None else min(high, most)
            low = min(low, most)  # all-in for less than a full raise
        return low, high

    def resolve(self, seat: int, action: str, to: object) -> tuple[str, int]:
        """Check ``seat``'s action; return (kind, the player's bet after it).

        Raises:
            IllegalActionError: the rules do not allow it; ``.reason`` says why.
        """
        if not isinstance(action, str) or action.lower() not in ACTIONS:
            raise IllegalActionError(
                f"unknown action {excerpt(action)}; expected one of {', '.join(ACTIONS)}", seat=seat
            )
        action = action.lower()
        bet = self.bets[seat]
        most = self.most(seat)
        if action not in ("all-in", "bet", "raise") and to is not None:
            raise _refusal(seat, f"{action} takes no amount", action)
        if action == "fold":
            return "fold", bet
        if action == "check":
            if bet < self.current:
                raise _refusal(seat, f"cannot check: {self.current - bet} to call", action)
            return "check", bet
        if action == "call":
            if bet >= self.current:
                raise _refusal(seat, "nothing to call: check instead", action)
            return "call", self.current if most is None else min(self.current, most)
        if action == "all-in":
            if most is None:
                raise _refusal(seat, "the player's stack is unlimited: say how much to bet", action)
            if to is not None and to != most:
                raise _refusal(seat, f"all-in is to {most}, not {excerpt(to)}", action)
            if most <= self.current:
                return "call", most
            to = most
        return self.resolve_raise(seat, action, to)

    def resolve_raise(self, seat: int, action: str, to: object) -> tuple[str, int]:
        """Check a bet or raise of ``seat`` to ``to`` (None: the only size allowed)."""
        kind = "raise" if self.current else "bet"
        reason = self.no_raise_reason(seat)
        if reason is not None:
            raise _refusal(seat, f"cannot {kind}: {reason}", action)
        low, high = self.raise_range(seat)
        if to is None:
            if low != high:
                upto = "or more" if high is None else f"up to {high}"
                raise _refusal(seat, f"say how much to {kind}: to {low} {upto}", action)
            to = low
        if not is_integer(to):
            raise _refusal(seat, f"the amount to {kind} to must be an integer, got {excerpt(to)}", action)
        amount = int(to)
        most = self.most(seat)
        if most is not None and amount > most:
            bet = self.bets[seat]
            raise _refusal(seat, f"he has only {most - bet} chips: his bet can come to at most {most}", action)
        if amount < low:
            raise _refusal(seat, self.too_small(kind, low), action)
        if high is not None and amount > high:
            if self.structure == "pot-limit":
                raise _refusal(seat, f"above the pot limit: the {kind} can be to at most {high}", action)
            raise _refusal(seat, f"in limit the {kind} is to {high}", action)
        return kind, amount

    def too_small(self, kind: str, low: int) -> str:
        """Why a bet or raise below ``low``, the smallest allowed, is refused."""
        if low < self.full_raise_to():
            return f"he can only go all-in, to {low}: he has less than a full {kind}"
        if self.current == 0:
            return f"the bet must be at least {low} (the minimum bet)"
        if self.structure == "limit":
            return f"in limit the raise is to {low} (the bet {self.current} plus {self.bet_size})"
        return (
            f"the raise must be to at least {low} (the current bet {self.current} "
            f"plus the last full raise {self.min_raise})"
        )

    def apply(self, seat: int, kind: str, to: int) -> Action:
        """Carry out a resolved action of ``seat`` (see :meth:`resolve`) and record it."""
        full = False
        if kind == "fold":
            self.folded[seat] = True
        elif kind in ("bet", "raise"):
            increase = to - self.current
            full = increase >= (self.bet_size if self.structure == "limit" or not self.current else self.min_raise)
            if full:
                if self.structure != "limit":
                    self.min_raise = max(increase, self.bet_size)
                self.full_bets += 1
            self.current = max(self.current, to)
        added = to - self.bets[seat]
        if added:
            self.put(seat, added)
        self.acted_at[seat] = self.current
        return Action(seat, kind, added, self.bets[seat], self.all_in(seat), full)
