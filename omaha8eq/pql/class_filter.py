"""Filters over the hand classes: a class expression, read by the query language's grammar.

A class expression is a query's boolean expression (``and``, ``or``, ``not``, brackets,
the same precedence: the ``classes`` rule of ``pql.lark``) whose operands are class
names: a class of any group of :data:`omaha8eq.core.holdings.GROUPS` ("top set",
"nut low draw", ...; case and spacing ignored) or a family of them (:data:`FAMILIES`:
"set", "flush draw", ...). The range explorer's ``where`` and the query's ``handClass``
read it; :meth:`ClassFilter.mask` evaluates it on the rows of
``holdings.classify``.

>>> ClassFilter.of("nut low draw or set").names
('nut low draw', 'set')
>>> ClassFilter.of("nut low drow")
Traceback (most recent call last):
...
omaha8eq.errors.OmahaInputError: filter 'nut low drow': unknown class 'nut low drow' (did you mean 'nut low draw'?)
"""

from __future__ import annotations

import difflib
import functools
from dataclasses import dataclass

import numpy as np

from ..checks import excerpt
from ..core.holdings import GROUPS, LOW_CLASSES, LOW_DRAW_CLASSES, STRAIGHT_DRAW_CLASSES
from ..errors import OmahaInputError
from .syntax import MAX_QUERY_LENGTH, Chain, Expr, Name, Not, parse_classes, subexpressions

__all__ = ["CLASS_GROUPS", "FAMILIES", "ClassFilter", "class_hint"]

#: Names a filter may use for several classes at once.
FAMILIES: dict[str, tuple[str, ...]] = {
    "set": ("top set", "middle set", "bottom set"),
    "full house": ("nut full house", "other full house"),
    "flush": ("nut flush", "second nut flush", "weaker flush"),
    "straight": ("nut straight", "other straight"),
    "two pair": ("top two pair", "other two pair"),
    "top pair": ("top pair top kicker", "top pair weaker kicker"),
    "low": LOW_CLASSES[:-1],
    "nut low draw": ("protected nut low draw", "unprotected nut low draw"),
    "low draw": LOW_DRAW_CLASSES[:4],
    "flush draw": ("nut flush draw", "other flush draw"),
    "straight draw": STRAIGHT_DRAW_CLASSES[:4],
    "counterfeitable": ("counterfeitable low",),
}
#: Each class's group, by class name.
CLASS_GROUPS = {name: group for group, names in GROUPS.items() for name in names}
# Each name a filter knows: the (column, class id) pairs it stands for.
_MEMBERS = {
    name: tuple((list(GROUPS).index(CLASS_GROUPS[m]), GROUPS[CLASS_GROUPS[m]].index(m)) for m in members)
    for name, members in [*((n, (n,)) for n in CLASS_GROUPS), *FAMILIES.items()]
}

_LONGEST = max(len(name.split()) for name in _MEMBERS)  # words in the longest name


def class_hint(word: str) -> str:
    """`` (did you mean 'x'?)`` for the known name closest to ``word``, or nothing."""
    close = difflib.get_close_matches(word, list(_MEMBERS), n=1)
    return f" (did you mean {close[0]!r}?)" if close else ""


@dataclass(frozen=True)
class ClassFilter:
    """A class expression, parsed and its names checked (:meth:`of`)."""

    text: str
    tree: Expr

    @staticmethod
    def of(text: object) -> ClassFilter:
        """The filter of ``text`` (the module docstring gives the language).

        Raises:
            OmahaInputError: not a string, empty, longer than a query may be, text the
                grammar does not read, or an unknown class name (with the closest known one).
        """
        if not isinstance(text, str) or not text.strip():
            raise OmahaInputError(
                f"filter: expected a class expression such as 'set or nut low draw', got {excerpt(text)}"
            )
        if len(text) > MAX_QUERY_LENGTH:  # a filter is a few words; the parser takes its time on each
            raise OmahaInputError(f"filter: {len(text):,} characters; a filter has at most {MAX_QUERY_LENGTH:,}")
        return _parsed(text)

    @property
    def names(self) -> tuple[str, ...]:
        """The class and family names the expression reads, in order."""
        return tuple(_names(self.tree))

    @property
    def reads_clean_outs(self) -> bool:
        """True when a name is a class of the "clean" group: ``classify`` must then be
        asked for the clean outs (``clean_outs=True``), which it leaves out by default."""
        return any(CLASS_GROUPS[m] == "clean" for name in self.names for m in FAMILIES.get(name, (name,)))

    def mask(self, classes: np.ndarray) -> np.ndarray:
        """Which rows of ``classes`` (``holdings.classify``'s, (n, columns)) meet it."""
        return _evaluate(self.tree, classes)


@functools.lru_cache(maxsize=256)
def _parsed(text: str) -> ClassFilter:
    """:meth:`ClassFilter.of` of checked text: a filter is often asked again (it is frozen)."""
    found = ClassFilter(text, parse_classes(text))
    for name in found.names:
        if name not in _MEMBERS:
            raise OmahaInputError(f"filter {excerpt(text)}: {_unknown(name)}")
    return found


def _names(node: Expr) -> list[str]:
    if isinstance(node, Name):
        return [node.name]
    return [name for child in subexpressions(node) for name in _names(child)]


def _unknown(run: str) -> str:
    """Why a run of words is no name: two names with no operator between them (the longest
    known names first), or an unknown class with the closest name."""
    words = run.split()
    names = []
    while words:
        for end in range(min(len(words), _LONGEST), 0, -1):
            if " ".join(words[:end]) in _MEMBERS:
                names.append(" ".join(words[:end]))
                words = words[end:]
                break
        else:
            return f"unknown class {excerpt(run)}{class_hint(run)}"
    return f"unexpected {names[1]!r} after {names[0]!r} (a missing 'and' or 'or'?)"


def _evaluate(node: Expr, classes: np.ndarray) -> np.ndarray:
    if isinstance(node, Not):
        negated: np.ndarray = np.logical_not(_evaluate(node.operand, classes))
        return negated
    if isinstance(node, Chain):  # one operator: a class expression's chain is all 'and' or all 'or'
        combined: np.ndarray = _evaluate(node.operands[0], classes)
        for operand in node.operands[1:]:
            found = _evaluate(operand, classes)
            combined = (combined & found) if node.operators[0] == "and" else (combined | found)
        return combined
    assert isinstance(node, Name)
    found = np.zeros(len(classes), dtype=bool)
    for column, class_id in _MEMBERS[node.name]:
        found |= classes[:, column] == class_id
    return found
