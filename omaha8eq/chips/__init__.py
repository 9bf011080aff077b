"""The game's rules around the cards: betting, pots and all-in expectations.

- :mod:`~omaha8eq.chips.sizing`: the bet sizes of limit and pot limit.
- :mod:`~omaha8eq.chips.actions`: what a player may do and did (``Options``, ``Action``)
  and :class:`~omaha8eq.chips.actions.IllegalActionError`.
- :mod:`~omaha8eq.chips.legality`: a round's chips and the rules' check of each action.
- :mod:`~omaha8eq.chips.betting`: :class:`~omaha8eq.chips.betting.BettingRound`, one
  betting round: turn order, blinds, history and the public API.
- :mod:`~omaha8eq.chips.pots`: main and side pots split hi/lo at showdown, odd chips
  included; :mod:`~omaha8eq.chips.settlement`: :func:`~omaha8eq.chips.settlement.settle`,
  on one board or (handed to :mod:`~omaha8eq.chips.board_pots`) on several.
- :mod:`~omaha8eq.chips.allin`: :func:`~omaha8eq.chips.allin.allin_equity`, expected
  chips per side pot when the cards are still to come.

The public names are exported from :mod:`omaha8eq`; the rules are in docs/RULES.md.
"""
