"""The range explorer: what a range holds on a board, class by class, and how each class does.

:func:`explore` classifies every live hand of a range on a flop, turn or river (the
compiled classes of :mod:`omaha8eq.core.holdings`, defined in
``docs/range-explorer.md``) and, given ``against`` (a hand or a range), runs the exact
heads-up range sweep (:func:`omaha8eq.engine.range_vs_range.sweep_ranges`) once and
adds up its per-hand integer outcome counts by class: every class's equity is exact,
and the classes of a group add up to the whole range's counts exactly. Like
:func:`omaha8eq.equity` it is priced from the ranges' sizes before any range is built
(``max_work``, ``max_memory``), reports ``progress`` and stops on Ctrl-C.

:func:`filter_range` (and :meth:`Exploration.where`) keeps the hands of a range whose
classes meet a class expression: the query language's boolean expressions (``and``,
``or``, ``not``, brackets) over class names of any group ("top set", "nut low draw",
...; case ignored) or families of them ("set", "flush draw", ...: :data:`FAMILIES`),
read by the query language's grammar (:mod:`omaha8eq.pql.class_filter`).

The library side is this package, one job a module: ``run`` (:func:`explore`,
:func:`filter_range`, :func:`exploration_cost`), ``rows`` (the class rows from the
counts), ``result`` (:class:`Exploration`, :class:`ClassRow`), ``listing`` (hands
written out: :func:`hand_list`) and ``present`` (text, HTML and pandas). The compiled
classifier is in ``core``; the front ends are ``cli/explore.py`` and
``web/explore_routes.py``.
"""

from __future__ import annotations

from ..pql.class_filter import FAMILIES
from .listing import hand_list, hand_list_text
from .result import GROUPS, PER_HAND, ClassRow, Exploration
from .run import exploration_cost, explore, filter_range

__all__ = [
    "FAMILIES",
    "GROUPS",
    "PER_HAND",
    "ClassRow",
    "Exploration",
    "exploration_cost",
    "explore",
    "filter_range",
    "hand_list",
    "hand_list_text",
]
