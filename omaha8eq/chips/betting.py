"""A betting round of Omaha Hi-Lo: whose turn it is, what he may do, each action's effect.

The structures' sizes live in :mod:`omaha8eq.chips.sizing` (pot limit, limit), the
action model in :mod:`omaha8eq.chips.actions` and the check of each action against
the round's chips in :mod:`omaha8eq.chips.legality`; this module is the round itself,
:class:`BettingRound`: blinds, turn order, history (see the rules, "Betting
structures"):

- **Limit.** Fixed bets and raises; one bet and three raises per round (preflop the
  big blind counts as the bet). With ``uncapped_heads_up=True`` the cap is lifted
  while only two players are left in the hand.
- **Pot limit.** The largest raise is the pot after the raiser's call; the
  smallest is as in no limit.
- **No limit.** Any amount up to the stack. The smallest bet is the big blind; a
  raise must add at least the previous full bet or raise. An all-in short of that
  is allowed but is not a full raise: it does not reopen the betting for players
  who already acted (they may only call or fold, unless the bets since they acted
  add up to a full raise), and it does not change the minimum raise.
  The same full-raise rule is applied in limit and pot limit (the limit "half a
  bet" house rule is not modelled).

Amounts are integer chips. A raise is given as the total the player's bet comes to
this round ("raise to 35"), as dealers announce it. Seats are 0-based indices in
seat (clockwise) order; a table has 2 to :data:`~omaha8eq.inputs.MAX_PLAYERS` players.

Illegal actions are rejected with :class:`IllegalActionError`, an
:class:`~omaha8eq.errors.OmahaInputError` whose ``reason`` attribute says why
("the raise must be to at least 20"); :meth:`BettingRound.why_illegal` returns
that reason (or None) without acting.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..checks import check_flag, check_int, excerpt, is_integer
from ..deck import check_player_count
from ..delegation import Delegated
from ..errors import OmahaInputError, OmahaTypeError
from .actions import Action, IllegalActionError, Options
from .legality import RoundState
from .sizing import LIMIT_CAP, STREETS, STRUCTURES, Structure, chips, limit_bet_size, pot_limit_max_raise

__all__ = [
    "STREETS",
    "STRUCTURES",
    "Action",
    "BettingRound",
    "IllegalActionError",
    "Options",
    "Structure",
    "limit_bet_size",
    "pot_limit_max_raise",
]


def _stack_list(stacks: object) -> list[int | None]:
    """Each player's chips behind (None: unlimited) from a list or a number of players."""
    if is_integer(stacks):
        count = int(stacks)
        if count < 2:
            raise OmahaInputError(f"stacks: {excerpt(count)} players; a betting round needs 2 or more")
        check_player_count(count, "stacks")
        return [None] * count
    if isinstance(stacks, Sequence) and not isinstance(stacks, (str, bytes)):
        if len(stacks) < 2:
            raise OmahaInputError(f"stacks: {len(stacks)} players; a betting round needs 2 or more")
        check_player_count(len(stacks), "stacks")
        return [None if s is None else chips(s, f"stack {i}") for i, s in enumerate(stacks, 1)]
    raise OmahaTypeError(f"stacks: expected a list of chip counts or a number of players, got {excerpt(stacks)}")


def _folded_seats(folded: object, n: int) -> list[bool]:
    """Whether each of the ``n`` seats folded, from the seats that did."""
    if isinstance(folded, (str, bytes)) or not isinstance(folded, Sequence):
        raise OmahaTypeError(f"folded: expected a list of seats, got {excerpt(folded)}")
    out = [False] * n
    for seat in folded:
        if not is_integer(seat) or not 0 <= int(seat) < n:
            raise OmahaInputError(f"folded: {excerpt(seat)} is not a seat; seats are 0..{n - 1}")
        out[seat] = True
    if n - sum(out) < 1:
        raise OmahaInputError("folded: every player has folded")
    return out


class BettingRound:
    """One betting round: whose turn it is, what he may do, and each action's effect.

    Build one with :meth:`preflop` (posts the blinds) or :meth:`postflop`, then
    call :meth:`act` (or :meth:`fold`, :meth:`check`, :meth:`call`,
    :meth:`raise_to`, :meth:`all_in`) for the player to act, :attr:`to_act`,
    until :attr:`finished`. :meth:`options` says what that player may do.

    Args:
        structure: "limit", "pot-limit" or "no-limit".
        stacks: each player's chips behind at the start of the round, in seat
            order (``None`` for unlimited), or the number of players when stacks
            do not matter.
        bet_size: limit: the fixed bet and raise of this round; pot and no limit:
            the minimum bet (the big blind).
        pot: chips in the pot from previous rounds (antes, dead money).
        button: the button's seat; the first to act is the first player able to
            act clockwise from the button's left (see :meth:`preflop` for blinds).
        folded: seats that have folded in an earlier round.
        cap: limit only: bets and raises allowed in the round (default 4: one bet
            and three raises); None for no cap.
        uncapped_heads_up: limit only: no cap while only two players are left.

    Heads-up limit, $2/$4 (blinds $1/$2): raise to 4, re-raise to 6; the small
    blind may call 5 more or cap the betting at 8 with 7 more.

    >>> r = BettingRound.preflop("limit", 4, blinds=(1, 2), button=0)
    >>> print(r.raise_to(4)); print(r.raise_to(6))
    seat 3: raise to 4
    seat 0: raise to 6
    >>> o = r.options(); o.seat, o.to_call, o.min_raise_to, o.min_raise_to - r.bets[1]
    (1, 5, 8, 7)
    """

    def __init__(
        self,
        structure: Structure,
        stacks: int | Sequence[int | None],
        *,
        bet_size: int,
        pot: int = 0,
        button: int = 0,
        folded: Sequence[int] = (),
        cap: int | None = LIMIT_CAP,
        uncapped_heads_up: bool = False,
    ) -> None:
        if not isinstance(structure, str) or structure not in STRUCTURES:
            raise OmahaInputError(f"structure: {excerpt(structure)} is not one of {', '.join(STRUCTURES)}")
        stack_list = _stack_list(stacks)
        n = len(stack_list)
        if not is_integer(button) or not 0 <= int(button) < n:
            raise OmahaInputError(f"button: {excerpt(button)} is not a seat; seats are 0..{n - 1}")
        self.button: int = int(button)
        if cap is not None and (not is_integer(cap) or cap < 1):
            raise OmahaInputError(f"cap: expected a positive number of bets or None, got {excerpt(cap)}")
        self._state = RoundState(
            structure=structure,
            bet_size=chips(bet_size, "bet_size", minimum=1),
            pot=chips(pot, "pot"),
            cap=None if cap is None else int(cap),
            uncapped_heads_up=check_flag(uncapped_heads_up, "uncapped_heads_up"),
            stacks=stack_list,
            folded=_folded_seats(folded, n),
        )
        self._history: list[Action] = []
        self._to_act: int | None = self._next_from(self.button)

    # -- constructors ------------------------------------------------------

    @classmethod
    def preflop(
        cls,
        structure: Structure,
        stacks: int | Sequence[int | None],
        *,
        blinds: tuple[int, int],
        button: int = 0,
        small_bet: int | None = None,
        pot: int = 0,
        cap: int | None = LIMIT_CAP,
        uncapped_heads_up: bool = False,
    ) -> BettingRound:
        """The preflop round with the blinds posted.

        The player left of the button posts the small blind and the next one the
        big blind; action starts left of the big blind. Heads-up, the button posts
        the small blind and acts first. The big blind is live: he may raise when the
        action comes back to him unraised. ``small_bet`` (limit; default: the big
        blind) is the fixed bet preflop; ``pot`` holds antes or dead blinds.

        $5/$10 pot limit, first to act may raise to 35:

        >>> BettingRound.preflop("pot-limit", 6, blinds=(5, 10)).options().max_raise_to
        35
        """
        if not isinstance(blinds, Sequence) or len(blinds) != 2:
            raise OmahaTypeError(f"blinds: expected (small blind, big blind), got {excerpt(blinds)}")
        small = chips(blinds[0], "small blind")
        big = chips(blinds[1], "big blind")
        if big < 1 or small > big:
            raise OmahaInputError(f"blinds: expected 0 <= small blind <= big blind, big >= 1, got {small}/{big}")
        size = big if small_bet is None else chips(small_bet, "small_bet")
        game = cls(
            structure, stacks, bet_size=size, pot=pot, button=button,
            cap=cap, uncapped_heads_up=uncapped_heads_up,
        )  # fmt: skip
        n = len(game.bets)
        sb_seat = game.button if n == 2 else (game.button + 1) % n
        bb_seat = (sb_seat + 1) % n
        game._post(sb_seat, small)
        game._post(bb_seat, big)
        game._state.current = max(game.bets)
        game._state.full_bets = 1  # the big blind is the round's bet
        game._to_act = game._next_from(bb_seat)
        return game

    @classmethod
    def postflop(
        cls,
        structure: Structure,
        stacks: int | Sequence[int | None],
        *,
        bet_size: int,
        pot: int,
        button: int = 0,
        folded: Sequence[int] = (),
        cap: int | None = LIMIT_CAP,
        uncapped_heads_up: bool = False,
    ) -> BettingRound:
        """A round after the flop: no bet yet, the first active player left of the button acts.

        ``bet_size``: limit: the round's fixed bet (:func:`limit_bet_size`); pot and
        no limit: the big blind (the minimum bet).

        A $75 pot, a $75 bet: the next player may raise to 300 in pot limit.

        >>> r = BettingRound.postflop("pot-limit", 3, bet_size=10, pot=75)
        >>> _ = r.bet(75); r.options().max_raise_to
        300
        """
        return cls(
            structure, stacks, bet_size=bet_size, pot=pot, button=button, folded=folded,
            cap=cap, uncapped_heads_up=uncapped_heads_up,
        )  # fmt: skip

    # -- state ---------------------------------------------------------------

    structure = Delegated[str]("_state")
    """ "limit", "pot-limit" or "no-limit"."""
    bet_size = Delegated[int]("_state")
    """Limit: the round's fixed bet and raise; pot and no limit: the minimum bet."""
    pot = Delegated[int]("_state")
    """Chips in the pot from previous rounds (antes, dead money)."""
    cap = Delegated[int | None]("_state")
    """Limit: bets and raises allowed in the round; None for no cap."""
    uncapped_heads_up = Delegated[bool]("_state")
    """Limit: True when the cap is lifted while two players are left."""

    @property
    def to_act(self) -> int | None:
        """The seat to act next, or None when the round is over."""
        return self._to_act

    @property
    def finished(self) -> bool:
        """True when the round is over (everyone matched, or one player is left)."""
        return self._to_act is None

    @property
    def bets(self) -> tuple[int, ...]:
        """Each player's chips put in this round, in seat order."""
        return tuple(self._state.bets)

    @property
    def stacks(self) -> tuple[int | None, ...]:
        """Each player's chips behind (None: unlimited), in seat order."""
        return tuple(self._state.stacks)

    @property
    def folded(self) -> tuple[bool, ...]:
        """Whether each player has folded."""
        return tuple(self._state.folded)

    @property
    def current_bet(self) -> int:
        """The biggest bet of the round: what a call comes to."""
        return self._state.current

    @property
    def total_pot(self) -> int:
        """Previous rounds' pot plus every bet of this round."""
        return self.pot + sum(self._state.bets)

    @property
    def history(self) -> tuple[Action, ...]:
        """Every action so far, blinds included."""
        return tuple(self._history)

    # -- turns -------------------------------------------------------------------

    def _next_from(self, seat: int) -> int | None:
        """The next player clockwise after ``seat`` who still has to act, or None."""
        state = self._state
        n = len(state.bets)
        if n - sum(state.folded) <= 1:
            return None
        for step in range(1, n + 1):
            s = (seat + step) % n
            if state.can_act(s) and (state.acted_at[s] is None or state.bets[s] < state.current):
                # a lone player with chips who faces no bet has nothing to decide
                if (
                    state.acted_at[s] is None
                    and state.bets[s] >= state.current
                    and not any(state.can_act(o) for o in range(n) if o != s)
                ):
                    continue
                return s
        return None

    def _post(self, seat: int, amount: int) -> None:
        """Post a blind of ``amount`` (all-in for less when short)."""
        stack = self._state.stacks[seat]
        paid = amount if stack is None else min(amount, stack)
        self._state.put(seat, paid)
        self._history.append(Action(seat, "post", paid, self._state.bets[seat], self._state.all_in(seat), False))

    def _seat_to_act(self, action: object) -> int:
        """The player to act; IllegalActionError when the round is over."""
        if self._to_act is None:
            raise IllegalActionError(
                "the betting round is over: nobody is left to act", action=action if isinstance(action, str) else None
            )
        return self._to_act

    def options(self) -> Options:
        """What the player to act may do now.

        >>> r = BettingRound.preflop("no-limit", [100, 100, 100], blinds=(1, 2))
        >>> o = r.options(); o.seat, o.to_call, o.min_raise_to, o.max_raise_to
        (0, 2, 4, 100)
        """
        seat = self._seat_to_act(None)
        state = self._state
        most = state.most(seat)
        bet = state.bets[seat]
        to_call = state.current - bet if most is None else min(state.current, most) - bet
        reason = state.no_raise_reason(seat)
        low = high = None
        if reason is None:
            low, high = state.raise_range(seat)
        return Options(seat, to_call, to_call == 0, reason is None, low, high, reason)

    def why_illegal(self, action: str, to: int | None = None) -> str | None:
        """Why ``action`` (with a raise-to total ``to``) is not allowed now, or None.

        >>> r = BettingRound.preflop("no-limit", 3, blinds=(1, 2))
        >>> r.why_illegal("raise", 3)
        'the raise must be to at least 4 (the current bet 2 plus the last full raise 2)'
        >>> r.why_illegal("check")
        'cannot check: 2 to call'
        """
        if to is not None:  # a wrong type is an error, as in act(), not a reason
            check_int(to, "to")
        try:
            self._state.resolve(self._seat_to_act(action), action, to)
        except IllegalActionError as exc:
            return exc.reason
        return None

    # -- acting ------------------------------------------------------------------

    def act(self, action: str, to: int | None = None) -> Action:
        """Take ``action`` for the player to act and move the turn on.

        Args:
            action: "fold", "check", "call", "bet", "raise" (the same: a bet when
                nothing is bet yet) or "all-in".
            to: for a bet or raise, the total the player's bet comes to this round
                (optional in limit: the fixed size).

        Returns:
            The :class:`Action` taken.

        Raises:
            IllegalActionError: the action is not allowed; ``.reason`` says why.

        >>> r = BettingRound.preflop("no-limit", [100, 100, 100], blinds=(1, 2))
        >>> print(r.act("raise", 6)); print(r.act("call"))
        seat 0: raise to 6
        seat 1: call 5
        >>> r.act("raise", 8)  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        omaha8eq.chips.actions.IllegalActionError: the raise must be to at least 10 (the current bet 6 plus ...)
        """
        seat = self._seat_to_act(action)
        kind, total = self._state.resolve(seat, action, to)
        record = self._state.apply(seat, kind, total)
        self._history.append(record)
        self._to_act = self._next_from(seat)
        return record

    def fold(self) -> Action:
        """Fold."""
        return self.act("fold")

    def check(self) -> Action:
        """Check (nothing to call)."""
        return self.act("check")

    def call(self) -> Action:
        """Call the current bet (all-in for less when short)."""
        return self.act("call")

    def bet(self, to: int | None = None) -> Action:
        """Bet (or raise) to ``to`` chips this round."""
        return self.act("bet", to)

    def raise_to(self, to: int | None = None) -> Action:
        """Raise (or bet) to ``to`` chips this round (limit: ``None`` is the fixed size)."""
        return self.act("raise", to)

    def all_in(self) -> Action:
        """Put every chip in: a call, or a bet or raise (full or not)."""
        return self.act("all-in")
