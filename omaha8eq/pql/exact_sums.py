"""The exact answer of an exact run: a selector's weighted sum over a block, as a Fraction.

An exact run's ``avg`` and ``count`` carry their value as a ``Fraction`` (``SelectorResult.
fraction``): the weighted sum of the expression over every deal, divided by the total
weight. :func:`exact_sum` gives a block's sum, or None when the expression is not a
rational the query knows exactly (a ratio of two values, a product of two
non-constants ...). It reads the expression as a linear combination:

- ``+`` and ``-`` of operands, ``-x``, a product or quotient by a number literal (read
  as the decimal written: ``0.1`` is 1/10), and each branch of a ``case`` over the deals
  where that branch is taken, are summed part by part;
- a function whose row names an exact sum (``Function.exact_sum``) is read from it:
  ``HvHEquity`` (``equity(p, street)``) from the integer share counts over the runouts
  (``BlockEvaluator.hand_vs_hand_sum``), ``HvREquity`` from each distinct hand and board's
  exact engine answer (``BlockEvaluator.hand_vs_range_sum``);
- anything else is read from its values: a boolean counts its deals; a number is exact
  when every value times the pot shares' denominator (``share_denominator``) is a whole
  number (a pot share, a count of outs, a sum of them), else the sum has no Fraction.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import numpy as np

from .evaluate import BlockEvaluator, call_function, exact_dot
from .functions import Type
from .syntax import Call, Case, Chain, Expr, Negate, Number

__all__ = ["exact_sum"]


def _constant(node: Expr) -> Fraction | None:
    """A number literal (or its negation) as the decimal written, else None."""
    if isinstance(node, Number):
        return Fraction(repr(node.value))
    if isinstance(node, Negate):
        inner = _constant(node.operand)
        return None if inner is None else -inner
    return None


def exact_sum(evaluator: BlockEvaluator, node: Expr, weights: np.ndarray, denominator: int) -> Fraction | None:
    """``sum(weights * value(node))`` over the evaluator's block, exactly; None when not
    known exactly (see the module docstring). ``weights`` (n,) int64: a deal's weight, 0
    for one left out (``where``); ``denominator``: the query's pot-share denominator."""
    constant = _constant(node)
    if constant is not None:
        return constant * int(weights.sum())
    if isinstance(node, Negate):
        inner = exact_sum(evaluator, node.operand, weights, denominator)
        return None if inner is None else -inner
    if isinstance(node, Chain) and node.operators[0] in "+-":
        total = exact_sum(evaluator, node.operands[0], weights, denominator)
        for op, operand in zip(node.operators, node.operands[1:], strict=True):
            part = None if total is None else exact_sum(evaluator, operand, weights, denominator)
            total = None if part is None or total is None else (total + part if op == "+" else total - part)
        if total is not None:
            return total
    elif isinstance(node, Chain) and node.operators[0] in "*/":
        scaled = _scaled(evaluator, node, weights, denominator)
        if scaled is not None:
            return scaled
    elif isinstance(node, Case) and evaluator.checked.types[node] is Type.NUMBER:
        return _case(evaluator, node, weights, denominator)
    elif isinstance(node, Call):
        found = _call(evaluator, node, weights)
        if found is not None:
            return found
    return _from_values(evaluator.value(node), weights, denominator)


def _scaled(evaluator: BlockEvaluator, node: Chain, weights: np.ndarray, denominator: int) -> Fraction | None:
    """A product or quotient of one expression and number literals (``0.5 * HvHEquity(p, turn)``)."""
    factor, variable = Fraction(1), None
    for index, operand in enumerate(node.operands):
        op = "*" if index == 0 else node.operators[index - 1]
        constant = _constant(operand)
        if constant is not None and (op == "*" or constant != 0):
            factor = factor * constant if op == "*" else factor / constant
        elif variable is None and op == "*":
            variable = operand
        else:  # two variables, or one divided by: not linear
            return None
    if variable is None:  # literals only: 2 * 3
        return factor * int(weights.sum())
    inner = exact_sum(evaluator, variable, weights, denominator)
    return None if inner is None else factor * inner


def _case(evaluator: BlockEvaluator, node: Case, weights: np.ndarray, denominator: int) -> Fraction | None:
    """Each branch over the deals that take it (the first ``when`` that holds, else ``else``)."""
    left = np.ones(len(weights), dtype=np.bool_)
    total = Fraction(0)
    branches: list[tuple[Any, Expr]] = [(evaluator.value(c), v) for c, v in node.whens]
    assert node.default is not None  # the checker: a numeric case has an else
    branches.append((np.True_, node.default))
    for condition, value in branches:
        taken = left & np.broadcast_to(condition, left.shape)
        left &= ~taken
        part = exact_sum(evaluator, value, weights * taken, denominator)
        if part is None:
            return None
        total += part
    return total


def _call(evaluator: BlockEvaluator, node: Call, weights: np.ndarray) -> Fraction | None:
    """The sum its row's exact reader gives (``Function.exact_sum``); None without one (or
    with a double-board query's board argument: its values are read)."""
    function = call_function(node)
    reader = function.exact_sum
    if not reader or len(node.arguments) != len(function.arguments):
        return None
    found: Fraction = getattr(evaluator, reader)(weights, *(evaluator.value(a) for a in node.arguments))
    return found


def _from_values(values: Any, weights: np.ndarray, denominator: int) -> Fraction | None:
    """The sum read from the values: a boolean's weight, or values that are whole numbers
    of ``1 / denominator`` (within float noise)."""
    values = np.broadcast_to(values, weights.shape)
    if values.dtype == np.bool_:
        return Fraction(int(weights[values].sum()))
    scaled = values.astype(np.float64) * denominator
    whole = np.rint(scaled)
    # Beyond 2**53 a float is whole whatever it was meant to be (and int64 may overflow).
    if not np.all((np.abs(scaled - whole) < 1e-6) & (np.abs(scaled) < 2**53)):
        return None
    return Fraction(exact_dot(weights, whole.astype(np.int64)), denominator)
