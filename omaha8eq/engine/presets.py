"""What a :class:`~.options.RunOptions` field left as None means, per kind of run.

One options record serves every run; the defaults differ by what a unit of work costs.
An equity deal is one showdown (a few nanoseconds compiled); a query's deal evaluates
every function of the query on it, in numpy blocks (microseconds). Each kind of run
states its defaults as one :class:`Preset`, instead of constants of the same names and
other values in each module.
"""

from __future__ import annotations

from dataclasses import dataclass

from .method import EXHAUSTIVE_LIMIT, MAX_WORK
from .sampling import DEFAULT_SAMPLES

__all__ = ["EQUITY", "Preset"]


@dataclass(frozen=True)
class Preset:
    """The defaults of one kind of run.

    Attributes:
        samples: the deals a sampled run draws when neither ``samples`` nor
            ``stderr_target`` is given.
        exact_limit: with ``exhaustive=None``, a run is exact up to this much work, else sampled.
        max_work: the default ``max_work``: the most work an exact run may take.
        unit: what the work counts (in messages).
    """

    samples: int
    exact_limit: int
    max_work: int
    unit: str


#: :func:`omaha8eq.equity`'s (and ``boards_equity``'s, ``allin_equity``'s) defaults.
EQUITY = Preset(samples=DEFAULT_SAMPLES, exact_limit=EXHAUSTIVE_LIMIT, max_work=MAX_WORK, unit="hand evaluations")
