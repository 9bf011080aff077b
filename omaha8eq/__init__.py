"""omaha8eq: fast, exact Omaha Hi-Lo (8-or-better) hand evaluation and equities.

Cards are ints 0..51 (``card = 4 * rank + suit``; rank 0..12 = 2..A, suit 0..3 =
c, d, h, s) or text such as ``"As Kd 2c 3h"``; see :mod:`omaha8eq.cards`.
"""

from .cards import format_card, format_cards, parse_cards
from .errors import DuplicateCardError, HandSizeError, InvalidCardError, OmahaInputError
from .equity import equity
from .evaluate import evaluate, evaluate_batch, evaluate_high, evaluate_low
from .hands import HighHand, LowHand

__all__ = [
    "DuplicateCardError",
    "HandSizeError",
    "HighHand",
    "InvalidCardError",
    "LowHand",
    "OmahaInputError",
    "equity",
    "evaluate",
    "evaluate_batch",
    "evaluate_high",
    "evaluate_low",
    "format_card",
    "format_cards",
    "parse_cards",
]
__version__ = "0.1.0"
