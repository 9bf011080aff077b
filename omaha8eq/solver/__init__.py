"""The heads-up solver: approximate equilibria of turn and river spots, exact hi-lo showdowns.

One job a module: ``tree`` (the betting trees and their arrays; a turn spot's chance
nodes), ``showdown`` (the compiled exact showdown values of a range against a
reach-weighted range), ``rivers`` (a turn spot's river cards: each card's live hands and
showdown tables, stacked), ``cfr`` (the compiled walks: Discounted CFR or CFR+ updates,
best responses, average-strategy values), ``engine`` (the driver: iterations,
exploitability), ``solution`` (the result) and ``api`` (:func:`solve`, which validates,
prices the run and delegates). See ``docs/solver.md``.
"""

from __future__ import annotations

from .api import solve
from .solution import ClassStrategy, RiverStrategies, Solution, SolvedNode

__all__ = ["ClassStrategy", "RiverStrategies", "Solution", "SolvedNode", "solve"]
