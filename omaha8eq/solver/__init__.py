"""The heads-up solver: approximate equilibria of river spots, exact hi-lo showdowns.

One job a module: ``tree`` (the betting tree and its arrays), ``showdown`` (the compiled
exact showdown values of a range against a reach-weighted range), ``cfr`` (the compiled
walk: Discounted CFR or CFR+ updates, best responses, average-strategy values),
``engine`` (the driver: iterations, exploitability), ``solution`` (the result) and
``api`` (:func:`solve`, which validates, prices the run and delegates). See
``docs/solver.md``. The turn (a chance node over the river cards) is a later step: the
showdown and the tree are separate pieces so that it can be added.
"""

from __future__ import annotations

from .api import solve
from .solution import ClassStrategy, Solution, SolvedNode

__all__ = ["ClassStrategy", "Solution", "SolvedNode", "solve"]
