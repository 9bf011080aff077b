"""omaha8eq: fast, exact Omaha Hi-Lo (8-or-better) hand evaluation and equities.

Cards are ints 0..51 (``card = 4 * rank + suit``; rank 0..12 = 2..A, suit 0..3 =
c, d, h, s) or text such as ``"As Kd 2c 3h"``; see :mod:`omaha8eq.cards`.
"""

from __future__ import annotations

import importlib
import os
from typing import TYPE_CHECKING, Any

from .version import __version__ as __version__

# numba's OpenMP threads wait for work by spinning unless told otherwise. Beside other
# processes' parallel work the spinning threads hold the cores those need: a call of a
# fraction of a millisecond took a median of 30-100 ms (omaha8eq.engine.threads). Set
# before the threading layer starts (at the first parallel call); a user's own setting wins.
os.environ.setdefault("OMP_WAIT_POLICY", "PASSIVE")

# The public names load their modules on first use (PEP 562), so that `import omaha8eq`
# and the commands that need no engine (betting, potlimit, --help) do not load numpy and
# numba. Type checkers read the imports below.
_PUBLIC = {
    "AllinPlayer": ".chips.allin",
    "AllinReport": ".histories.report",
    "AllinResult": ".chips.allin",
    "Award": ".chips.pots",
    "BettingRound": ".chips.betting",
    "CounterfeitReport": ".counterfeit",
    "DuplicateCardError": ".errors",
    "EquityDistribution": ".results",
    "ClassRow": ".explorer",
    "Exploration": ".explorer",
    "EquityResult": ".results",
    "GAMES": ".games",
    "Game": ".games",
    "ExactOdds": ".counterfeit",
    "HandEquity": ".results",
    "HandSizeError": ".errors",
    "HighHand": ".hand_values",
    "IllegalActionError": ".chips.betting",
    "InvalidCardError": ".errors",
    "LowHand": ".hand_values",
    "NextCard": ".counterfeit",
    "NextCardEquity": ".results",
    "OmahaInputError": ".errors",
    "OmahaTypeError": ".errors",
    "OutcomeCounts": ".results",
    "PlayerEquity": ".results",
    "Pot": ".chips.pots",
    "PotEquity": ".chips.allin",
    "PreflopRank": ".ranges.preflop",
    "QueryError": ".pql",
    "QueryResult": ".pql",
    "Range": ".ranges.range",
    "RangeSyntaxError": ".ranges.range",
    "Settlement": ".chips.pots",
    "BoardsPlayer": ".board_results",
    "BoardsResult": ".board_results",
    "BoardsSettlement": ".chips.board_pots",
    "allin_equity": ".chips.allin",
    "allin_ev": ".histories.report",
    "boards_equity": ".boards",
    "counterfeit_odds": ".counterfeit",
    "equity": ".equities",
    "equity_many": ".equities",
    "evaluate": ".evaluation",
    "evaluate_batch": ".evaluation",
    "evaluate_high": ".evaluation",
    "evaluate_low": ".evaluation",
    "explore": ".explorer",
    "filter_range": ".explorer",
    "format_card": ".cards",
    "format_cards": ".cards",
    "format_hand": ".cards",
    "is_range_expression": ".ranges.range",
    "limit_bet_size": ".chips.betting",
    "parse_cards": ".cards",
    "parse_range": ".ranges.range",
    "pot_limit_max_raise": ".chips.betting",
    "preflop_rank": ".ranges.preflop",
    "query": ".pql",
    "range_hands_excluding": ".ranges.range",
    "read_hands": ".histories.reader",
    "settle": ".chips.settlement",
    "settle_boards": ".chips.board_pots",
    "SpotEquities": ".spot_results",
    "spot_equities": ".equities",
    "Solution": ".solver",
    "solve": ".solver",
}

if TYPE_CHECKING:
    from .board_results import BoardsPlayer, BoardsResult
    from .boards import boards_equity
    from .cards import format_card, format_cards, format_hand, parse_cards
    from .chips.allin import AllinPlayer, AllinResult, PotEquity, allin_equity
    from .chips.betting import BettingRound, IllegalActionError, limit_bet_size, pot_limit_max_raise
    from .chips.board_pots import BoardsSettlement, settle_boards
    from .chips.pots import Award, Pot, Settlement
    from .chips.settlement import settle
    from .counterfeit import CounterfeitReport, ExactOdds, NextCard, counterfeit_odds
    from .equities import equity, equity_many, spot_equities
    from .errors import DuplicateCardError, HandSizeError, InvalidCardError, OmahaInputError, OmahaTypeError
    from .evaluation import evaluate, evaluate_batch, evaluate_high, evaluate_low
    from .explorer import ClassRow, Exploration, explore, filter_range
    from .games import GAMES, Game
    from .hand_values import HighHand, LowHand
    from .histories.reader import read_hands
    from .histories.report import AllinReport, allin_ev
    from .pql import QueryError, QueryResult, query
    from .ranges.preflop import PreflopRank, preflop_rank
    from .ranges.range import Range, RangeSyntaxError, is_range_expression, parse_range, range_hands_excluding
    from .results import EquityDistribution, EquityResult, HandEquity, NextCardEquity, OutcomeCounts, PlayerEquity
    from .solver import Solution, solve
    from .spot_results import SpotEquities

__all__ = [
    "GAMES",
    "AllinPlayer",
    "AllinReport",
    "AllinResult",
    "Award",
    "BettingRound",
    "BoardsPlayer",
    "BoardsResult",
    "BoardsSettlement",
    "ClassRow",
    "CounterfeitReport",
    "DuplicateCardError",
    "EquityDistribution",
    "EquityResult",
    "ExactOdds",
    "Exploration",
    "Game",
    "HandEquity",
    "HandSizeError",
    "HighHand",
    "IllegalActionError",
    "InvalidCardError",
    "LowHand",
    "NextCard",
    "NextCardEquity",
    "OmahaInputError",
    "OmahaTypeError",
    "OutcomeCounts",
    "PlayerEquity",
    "Pot",
    "PotEquity",
    "PreflopRank",
    "QueryError",
    "QueryResult",
    "Range",
    "RangeSyntaxError",
    "Settlement",
    "Solution",
    "SpotEquities",
    "allin_equity",
    "allin_ev",
    "boards_equity",
    "counterfeit_odds",
    "equity",
    "equity_many",
    "evaluate",
    "evaluate_batch",
    "evaluate_high",
    "evaluate_low",
    "explore",
    "filter_range",
    "format_card",
    "format_cards",
    "format_hand",
    "is_range_expression",
    "limit_bet_size",
    "parse_cards",
    "parse_range",
    "pot_limit_max_raise",
    "preflop_rank",
    "query",
    "range_hands_excluding",
    "read_hands",
    "settle",
    "settle_boards",
    "solve",
    "spot_equities",
]


def __getattr__(name: str) -> Any:
    module = _PUBLIC.get(name)
    if module is None:  # a submodule, as after an eager import: omaha8eq.cards, omaha8eq.engine, ...
        try:
            return importlib.import_module(f".{name}", __name__)
        except ModuleNotFoundError as exc:
            if exc.name != f"{__name__}.{name}":
                raise
            raise AttributeError(f"module {__name__!r} has no attribute {name!r}") from None
    value = getattr(importlib.import_module(module, __name__), name)
    globals()[name] = value  # later look-ups skip this function
    return value


def __dir__() -> list[str]:
    return sorted([*globals(), *_PUBLIC])
