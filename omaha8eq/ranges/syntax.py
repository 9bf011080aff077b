"""The syntax of the range language: a recursive-descent parser into the expression tree.

:func:`parse_tree` reads an expression (grammar and meaning in :mod:`omaha8eq.ranges`)
into the nodes of :mod:`omaha8eq.ranges.nodes`, or raises :class:`RangeSyntaxError`
naming the 1-based position and the offending text. Grammar, loosest first::

    expr    = term ("," term)*
    term    = chain ("@" number "%"?)?
    chain   = unary ((":" | "!") unary)*
    unary   = "!"* primary
    primary = "(" expr ")" | "$" name | "random" | percent ("-" percent)? | pattern

The tree is at most :data:`MAX_NESTING` levels deep (checked while parsing, so
that no expression under the 10,000-character limit exhausts Python's stack).
"""

from __future__ import annotations

import re
from decimal import Decimal
from fractions import Fraction

from ..cards import RANKS, SUITS, format_card
from ..errors import OmahaInputError
from .nodes import (
    ALL_RANKS,
    ALL_SUITS,
    MACROS,
    RANK_VARIABLES,
    SUIT_VARIABLES,
    All,
    And,
    Macro,
    Node,
    Not,
    Or,
    Pattern,
    Slot,
    Top,
    Weight,
)

__all__ = [
    "MACROS",
    "MAX_EXPRESSION_LENGTH",
    "MAX_NESTING",
    "MAX_WEIGHT_DENOMINATOR",
    "RANGE_ONLY_CHARACTERS",
    "RANK_VARIABLES",
    "SUIT_VARIABLES",
    "MistypedHandError",
    "RangeSyntaxError",
    "excerpt",
    "parse_tree",
]

#: The longest expression accepted, in characters.
MAX_EXPRESSION_LENGTH = 10_000
#: The deepest expression tree accepted: nested ``(``, prefix ``!``, and chains of
#: ``:``, ``!`` and ``@`` each add a level (``AA:$ds:$low`` is 3 deep). Deeper
#: expressions raise :class:`RangeSyntaxError` rather than exhaust Python's stack.
MAX_NESTING = 100
#: The largest common denominator of an expression's weights: weights are kept exact
#: (see :meth:`omaha8eq.ranges.range.Range.exact_weights`), so finer ones are refused.
MAX_WEIGHT_DENOMINATOR = 10**12
#: Characters that only a range expression uses, never a list of cards: text holding
#: one of them is meant as a range, so a mistake in it is reported as a range syntax
#: error (with its position) rather than as a bad card.
RANGE_ONLY_CHARACTERS = frozenset(":!@()*[]$%-")
#: The longest part of the input an error message quotes.
EXCERPT_LENGTH = 40

_SUIT_SYMBOLS = {"♣": 0, "♧": 0, "♦": 1, "♢": 1, "♥": 2, "♡": 2, "♠": 3, "♤": 3}
_VARIATION_SELECTORS = "\ufe0e\ufe0f"  # may follow a suit symbol (text or emoji style)
_NUMBER = re.compile(r"\d+(?:\.\d*)?|\.\d+")
_PERCENT = re.compile(r"(\d+(?:\.\d*)?|\.\d+)\s*%")
_MACRO = re.compile(r"\$([A-Za-z]*)")
_ENDS_PATTERN = ",:!@()$%"  # characters after which no further slot of a pattern follows
_RANK_NAMES = ("deuce", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "jack", "queen", "king", "ace")
_ORDINALS = ("1st", "2nd", "3rd", "4th", "5th", "6th")


class RangeSyntaxError(OmahaInputError):
    """A range expression that cannot be read; names the position and the text.

    ``position`` is the 0-based index into ``expression``; the message, the CLI and
    the web API's JSON (``"position"``) all say it 1-based, as a person counts
    characters (``position + 1``). ``text`` is the offending part. The message quotes at most
    ``EXCERPT_LENGTH`` characters of the expression around the position.
    """

    def __init__(self, message: str, expression: str = "", position: int = 0, text: str = ""):
        super().__init__(message)
        self.expression = expression
        self.position = position
        self.text = text


class MistypedHandError(RangeSyntaxError):
    """A pattern that reads as a whole hand with one card mistyped (``KsKhQdJ``,
    ``KsKhQdJx``, ``AsAhKsKw``): refused rather than read as a range. The message
    says which card and how to write the range it would otherwise have meant."""


def excerpt(text: str, position: int = 0, length: int = EXCERPT_LENGTH) -> str:
    """At most ``length`` characters of ``text`` around ``position``, with ``...``
    where it was cut.

    >>> excerpt("AA:$ds")
    'AA:$ds'
    >>> excerpt("x" * 100 + "!" + "y" * 100, 100, 10)
    '...xxxxx!yyyy...'
    """
    if len(text) <= length:
        return text
    start = max(0, min(position - length // 2, len(text) - length))
    end = start + length
    return ("..." if start > 0 else "") + text[start:end] + ("..." if end < len(text) else "")


def parse_tree(expression: str, hole_size: int | None) -> Node:
    """The expression tree of ``expression``; ``hole_size`` None checks the syntax only
    (not whether patterns fit a hand size). Raises :class:`RangeSyntaxError`."""
    return _Parser(expression, hole_size).parse()


class _Parser:
    def __init__(self, text: str, hole_size: int | None):
        self.text = text
        self.hole_size = hole_size  # None: syntax only (no checks against a hole size)
        self.pos = 0
        self.open_brackets = 0

    # -- helpers ------------------------------------------------------------

    def error(self, message: str, position: int | None = None, length: int = 1) -> RangeSyntaxError:
        pos = self.pos if position is None else position
        if pos >= len(self.text):
            shown = "the end of the expression"
            part = ""
        else:
            part = self.text[pos : pos + max(1, length)]
            shown = repr(excerpt(part, 0, EXCERPT_LENGTH // 2))
        return RangeSyntaxError(
            f"range {excerpt(self.text, pos)!r}: {message} at position {pos + 1} ({shown})",
            self.text,
            pos,
            part,
        )

    def checked(self, node: Node, position: int) -> Node:
        """``node``, once its depth and weights are within the limits."""
        if node.depth > MAX_NESTING:
            raise self.error(f"the expression is nested more than {MAX_NESTING} levels deep", position)
        if node.denominator > MAX_WEIGHT_DENOMINATOR:
            raise self.error("the weights are too fine to keep exact (combined, finer than 1e-12)", position)
        return node

    def skip_spaces(self) -> None:
        while self.pos < len(self.text) and self.text[self.pos].isspace():
            self.pos += 1

    def peek(self) -> str:
        self.skip_spaces()
        return self.text[self.pos] if self.pos < len(self.text) else ""

    def char(self, pos: int) -> str:
        """The character at ``pos`` ("" at the end)."""
        return self.text[pos] if pos < len(self.text) else ""

    # -- grammar ------------------------------------------------------------

    def parse(self) -> Node:
        if not self.text.strip():
            raise self.error("empty expression", position=len(self.text))
        node = self.expr()
        if self.peek():
            raise self.error("expected ',', ':', '!' or '@'" if self.peek() != ")" else "unmatched ')'")
        return node

    def expr(self) -> Node:
        start = self.pos
        items = [self.term()]
        while self.peek() == ",":
            self.pos += 1
            items.append(self.term())
        if len(items) == 1:
            return items[0]
        node = Or(items)
        node.position, node.text = start, self.text[start : self.pos]
        return self.checked(node, start)

    def term(self) -> Node:
        node = self.chain()
        if self.peek() != "@":
            return node
        at = self.pos
        self.pos += 1
        self.skip_spaces()
        match = _NUMBER.match(self.text, self.pos)
        if not match:
            raise self.error("expected a weight in percent after '@' (such as @50)")
        percent = float(match.group())
        if not 0 < percent <= 100:
            raise self.error("a weight must be more than 0 and at most 100 (percent)", length=len(match.group()))
        self.pos = match.end()
        if self.peek() == "%":
            self.pos += 1
        if self.peek() == "@":
            raise self.error("a second weight")
        node = Weight(node, percent / 100, Fraction(Decimal(match.group())) / 100)
        node.position = at
        return self.checked(node, at)

    def chain(self) -> Node:
        node = self.unary()
        while self.peek() in (":", "!"):
            at = self.pos
            op = self.text[self.pos]
            self.pos += 1
            right = self.unary()
            node = self.checked(And(node, right if op == ":" else Not(right)), at)
        return node

    def unary(self) -> Node:
        # Prefix '!'s are counted rather than recursed into, so that a long run of
        # them meets the depth check instead of the stack's limit.
        starts = []
        while self.peek() == "!":
            starts.append(self.pos)
            self.pos += 1
        node = self.primary()
        for at in reversed(starts):
            node = self.checked(Not(node), at)
        return node

    def primary(self) -> Node:
        ch = self.peek()
        if ch == "":
            raise self.error("expected a hand, pattern, macro, percentage or '('")
        if ch == "(":
            return self.group()
        if ch == "$":
            return self.macro()
        if self.text[self.pos : self.pos + 6].lower() == "random" and not self.char(self.pos + 6).isalnum():
            node = All()
            node.position, node.text = self.pos, "random"
            self.pos += 6
            return node
        match = _PERCENT.match(self.text, self.pos)
        if match:
            return self.percent(match)
        if ch in ")@,:":
            raise self.error("expected a hand, pattern, macro, percentage or '('")
        return self.pattern()

    def group(self) -> Node:
        start = self.pos
        if self.open_brackets >= MAX_NESTING:
            raise self.error(f"the expression is nested more than {MAX_NESTING} levels deep")
        self.open_brackets += 1
        self.pos += 1
        node = self.expr()
        if self.peek() != ")":
            raise self.error("expected ')' to close the '(' at position " + str(start + 1))
        self.pos += 1
        self.open_brackets -= 1
        return node

    def macro(self) -> Node:
        match = _MACRO.match(self.text, self.pos)
        assert match is not None  # peek() saw the '$'
        name = match.group(1).lower()
        if name not in MACROS:
            raise self.error(
                "unknown macro (known: " + ", ".join("$" + m for m in MACROS) + ")",
                length=len(match.group()),
            )
        node = Macro(name)
        node.position, node.text = self.pos, match.group()
        self.pos = match.end()
        return node

    def percent(self, match: re.Match[str]) -> Node:
        start = self.pos
        high = float(match.group(1))
        if high > 100:
            raise self.error("a percentage must be at most 100", length=match.end() - start)
        self.pos = match.end()
        low = 0.0
        if self.peek() == "-":
            self.pos += 1
            self.skip_spaces()
            second = _PERCENT.match(self.text, self.pos)
            if not second:
                raise self.error("expected a percentage after '-' (such as 5%-15%)")
            low, high = high, float(second.group(1))
            if high > 100:
                raise self.error("a percentage must be at most 100", length=second.end() - self.pos)
            if low > high:
                raise self.error(
                    f"the band {low:g}%-{high:g}% runs backwards (write the smaller first)",
                    position=start, length=second.end() - start,
                )  # fmt: skip
            self.pos = second.end()
        node = Top(low, high)
        node.position, node.text = start, self.text[start : self.pos]
        return node

    # -- patterns -------------------------------------------------------------

    def rank_at(self, pos: int) -> tuple[int, int] | None:
        """(rank, characters used) of a rank written at ``pos``, else None."""
        if self.text.startswith("10", pos):
            return 8, 2
        r = RANKS.find(self.char(pos).upper()) if pos < len(self.text) else -1
        return (r, 1) if r >= 0 else None

    def bracket(self) -> int:
        """A rank list ``[2-5,9,K]`` at self.pos; returns the rank bit set."""
        open_at = self.pos
        self.pos += 1
        ranks = 0
        while True:
            self.skip_spaces()
            if self.pos >= len(self.text):
                raise self.error(f"expected ']' to close the '[' at position {open_at + 1}")
            ch = self.text[self.pos]
            if ch == "]":
                self.pos += 1
                break
            if ch == ",":
                self.pos += 1
                continue
            ranks |= self.bracket_entry()
        if not ranks:
            raise self.error("an empty rank list", position=open_at, length=self.pos - open_at)
        return ranks

    def bracket_entry(self) -> int:
        """One rank or span ``2-5`` of a rank list; returns its rank bits."""
        first = self.rank_at(self.pos)
        if first is None:
            raise self.error("expected a rank (2-9, T, J, Q, K, A) in the list")
        self.pos += first[1]
        low = high = first[0]
        self.skip_spaces()
        if self.char(self.pos) == "-":
            self.pos += 1
            self.skip_spaces()
            second = self.rank_at(self.pos)
            if second is None:
                raise self.error("expected a rank after '-' in the list")
            self.pos += second[1]
            low, high = min(first[0], second[0]), max(first[0], second[0])
        return sum(1 << r for r in range(low, high + 1))

    def pattern(self) -> Node:
        start = self.pos
        slots: list[Slot] = []
        spaced = -1  # position of a space between slots
        while True:
            slots.append(self.slot())
            # another slot follows, glued or after spaces?
            after = self.pos
            self.skip_spaces()
            nxt = self.char(self.pos)
            if not nxt or nxt in _ENDS_PATTERN or _PERCENT.match(self.text, self.pos):
                self.pos = after
                break
            if self.pos > after and spaced < 0:
                spaced = after
            if self.text[self.pos : self.pos + 6].lower() == "random":
                self.pos = after
                break
        node = Pattern(slots)
        node.position, node.text = start, self.text[start : self.pos]
        self.check_pattern(node, spaced)
        return node

    def slot(self) -> Slot:
        """One card of a pattern: a rank part, then an optional suit part."""
        slot_start = self.pos
        slot = Slot()
        self.slot_rank(slot)
        ch = self.char(self.pos)
        if ch and ch.lower() in SUITS:
            slot.suit_set = 1 << SUITS.index(ch.lower())
            self.pos += 1
        elif ch in _SUIT_SYMBOLS:
            slot.suit_set = 1 << _SUIT_SYMBOLS[ch]
            self.pos += 1
            while self.char(self.pos) and self.char(self.pos) in _VARIATION_SELECTORS:
                self.pos += 1
        elif ch and ch.lower() in SUIT_VARIABLES:
            slot.suit_var = SUIT_VARIABLES.index(ch.lower())
            self.pos += 1
        slot.text = self.text[slot_start : self.pos]
        return slot

    def slot_rank(self, slot: Slot) -> None:
        """Read a slot's rank part: a rank, a span ``2-5``, ``*``, a list ``[...]`` or a variable."""
        ch = self.char(self.pos)
        rank = self.rank_at(self.pos)
        if rank is not None:
            self.pos += rank[1]
            slot.rank_set = 1 << rank[0]
            if self.char(self.pos) == "-":
                end = self.rank_at(self.pos + 1)
                if end is None:
                    raise self.error("expected a rank after '-' (a span such as 2-5)", position=self.pos + 1)
                low, high = sorted((rank[0], end[0]))
                slot.rank_set = sum(1 << r for r in range(low, high + 1))
                self.pos += 1 + end[1]
        elif ch == "*":
            self.pos += 1
        elif ch == "[":
            slot.rank_set = self.bracket()
        elif ch and ch.upper() in RANK_VARIABLES:
            slot.rank_var = RANK_VARIABLES.index(ch.upper())
            self.pos += 1
        elif ch and (ch.lower() in SUITS or ch.lower() in SUIT_VARIABLES or ch in _SUIT_SYMBOLS):
            raise self.error("a suit needs a rank (or '*') before it")
        else:
            raise self.error("expected a rank (2-9, T, J, Q, K, A), a rank variable (R O N B M P), '*' or '['")

    def check_not_a_mistyped_hand(self, node: Pattern) -> None:
        """Refuse a pattern that reads as a hand with one card mistyped.

        The rule: a pattern with as many cards as the hand, all but one written in
        full (rank and suit), whose other card is a plain rank with no suit (``J``)
        or with a suit variable (``Jx``), is a hand with a forgotten or mistyped
        suit, not a range. The range it would have meant is written with the rank
        in brackets: ``KsKhQd[J]`` (any jack), ``KsKhQd[J]x`` (a jack of a suit not
        written). Patterns with two or more cards short of a hand (``Ah3dQQ``) and
        shorter patterns (``AsK``) are ranges as before.
        """
        slots = node.slots
        if self.hole_size is None or len(slots) != self.hole_size:
            return
        loose = [i for i, s in enumerate(slots) if s.rank is None or s.suit is None]
        if len(loose) != 1:
            return
        starts, pos = [], node.position
        for s in slots:  # the slots are consecutive in the text, maybe spaced
            pos = self.text.index(s.text, pos)
            starts.append(pos)
            pos += len(s.text)
        bad, where = slots[loose[0]], starts[loose[0]]
        rank = self.rank_at(where)
        if rank is None or self.char(where + rank[1]) == "-":
            return  # '*', a list, a span or a rank variable: a pattern on purpose
        rank_text = bad.text[: rank[1]]
        suggestion = "".join(s.text if s is not bad else f"[{rank_text}]{bad.text[rank[1] :]}" for s in slots)
        name = _RANK_NAMES[rank[0]]
        if bad.suit_var < 0:
            problem = f"its {_ORDINALS[loose[0]]} card has no suit: give it one"
            meant = f"any {name}"
        else:
            problem = (
                f"its {_ORDINALS[loose[0]]} card's suit {bad.text[-1]!r} is a suit variable, "
                "not a suit (c d h s): give it a suit"
            )
            meant = f"a {name} of a suit not written"
        error = self.error(
            f"it reads as a hand but {problem}, or write {suggestion} for the range of those cards with {meant}",
            position=where,
            length=len(bad.text),
        )
        raise MistypedHandError(str(error), error.expression, error.position, error.text)

    def check_pattern(self, node: Pattern, spaced: int) -> None:
        slots = node.slots
        start, length = node.position, len(node.text)
        self.check_not_a_mistyped_hand(node)
        if spaced >= 0 and node.exact_cards is None:
            raise self.error(
                "a space inside a pattern (spaces may only separate written cards such as "
                "'As Ah'; write 'AAKK' for both pairs or 'AA, KK' for either)",
                position=spaced,
            )
        if self.hole_size is not None and len(slots) > self.hole_size:
            raise self.error(
                f"the pattern has {len(slots)} cards; {self.hole_size}-card hands hold {self.hole_size}",
                position=start, length=length,
            )  # fmt: skip
        cards = node.exact_cards
        if cards is not None and len(set(cards)) < len(cards):
            repeated = next(c for c in cards if cards.count(c) > 1)
            raise self.error(f"{format_card(repeated)} is written twice", position=start, length=length)
        # Variables never take a rank or suit written in the same pattern.
        written_ranks = 0
        written_suits = 0
        for s in slots:
            if s.rank is not None:
                written_ranks |= s.rank_set
            if s.suit is not None:
                written_suits |= s.suit_set
        for s in slots:
            if s.rank_var >= 0:
                s.rank_set &= ~written_ranks & ALL_RANKS
            if s.suit_var >= 0:
                s.suit_set &= ~written_suits & ALL_SUITS
