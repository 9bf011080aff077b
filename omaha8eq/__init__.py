"""omaha8eq: fast, exact Omaha Hi-Lo (8-or-better) hand evaluation and equities.

Cards are ints 0..51 (``card = 4 * rank + suit``; rank 0..12 = 2..A, suit 0..3 =
c, d, h, s) or text such as ``"As Kd 2c 3h"``; see :mod:`omaha8eq.cards`.
"""

from .cards import format_card, format_cards, parse_cards
from .counterfeit import CounterfeitReport, ExactOdds, NextCard, counterfeit_odds
from .equities import equity
from .errors import DuplicateCardError, HandSizeError, InvalidCardError, OmahaInputError
from .evaluation import evaluate, evaluate_batch, evaluate_high, evaluate_low
from .game.allin import AllinPlayer, AllinResult, PotEquity, allin_equity
from .game.betting import BettingRound, IllegalActionError, limit_bet_size, pot_limit_max_raise
from .game.pots import Award, Pot, Settlement, settle
from .hands import HighHand, LowHand
from .ranges.preflop import PreflopRank, preflop_rank
from .ranges.range import Range, RangeSyntaxError, is_range_expression, parse_range, range_hands_excluding
from .results import EquityResult, HandEquity, OutcomeCounts, PlayerEquity

__all__ = [
    "CounterfeitReport",
    "DuplicateCardError",
    "ExactOdds",
    "HandSizeError",
    "HighHand",
    "InvalidCardError",
    "LowHand",
    "NextCard",
    "OmahaInputError",
    "counterfeit_odds",
    "equity",
    "evaluate",
    "evaluate_batch",
    "evaluate_high",
    "evaluate_low",
    "format_card",
    "format_cards",
    "parse_cards",
    # pots, side pots and bet sizing
    "AllinPlayer",
    "AllinResult",
    "Award",
    "BettingRound",
    "IllegalActionError",
    "Pot",
    "PotEquity",
    "Settlement",
    "allin_equity",
    "limit_bet_size",
    "pot_limit_max_raise",
    "settle",
    # ranges and the preflop ranking
    "PreflopRank",
    "Range",
    "RangeSyntaxError",
    "is_range_expression",
    "parse_range",
    "preflop_rank",
    "range_hands_excluding",
    # equity results
    "EquityResult",
    "HandEquity",
    "OutcomeCounts",
    "PlayerEquity",
]
__version__ = "0.1.0"
