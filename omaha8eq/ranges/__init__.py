"""Omaha hand ranges: a small language for sets of starting hands, with weights.

Modules: :mod:`~omaha8eq.ranges.syntax` (the parser, :class:`RangeSyntaxError`),
:mod:`~omaha8eq.ranges.nodes` (the expression tree and its evaluation over hands),
:mod:`~omaha8eq.ranges.range` (:class:`Range` and the functions below),
:mod:`~omaha8eq.ranges.preflop` (the preflop ranking behind ``15%``).

``parse_range("AA2*:$ds, 5%", hole_size=4)`` returns a :class:`Range`: the hands the
expression covers, as an ``(n, hole_size)`` int8 array of card ints (each row sorted
ascending), and a weight in (0, 1] for each.

Syntax
------
=====================  ===========================================================
``AsAh2c3d``           exact cards: every hand holding them (with 4 hole cards and
                       4 cards written, that one hand). Spaces may separate
                       written cards: ``As Ah 2c 3d``.
``AA``, ``A2``, ``AA2*`` rank pattern: hands that CONTAIN the pattern, order-free:
                       ``AA`` = at least two aces, ``A2`` = an ace and a deuce;
                       ``*`` is any card. A pattern as long as the hand is the
                       whole hand (``AAKK``).
``AxAy``, ``AxKx``     suit variables ``w x y z``: the same letter is the same
                       suit, different letters different suits.
``RROO``               rank variables ``R O N B M P``: the same letter is the same
                       rank, different letters different ranks.
``A2-5``, ``A[2-5]``   rank span / list: one card of any of the ranks (``[2-5]`` =
                       ``[2345]``; ``[T-A]``, ``[2-4,9,K]``); a span runs in rank
                       order 2 < 3 < ... < A, written either way round.
``$ds $ss $r $np $low`` macros (definitions below).
``a, b``               or.        ``a:b``  and.      ``!a``  not.
``a!b``                a and not b (``AA!AAA`` = exactly two aces).
``( )``                grouping.
``15%``                the top 15% of hands by the preflop ranking of their
                       size (:mod:`omaha8eq.ranges.preflop`; 4, 5 or 6 hole cards).
``5%-15%``             the band: in the top 15% but not in the top 5%.
``e@50``               entry ``e`` at weight 50% (weights are percents in (0, 100]).
``random``, ``*``      every hand.
=====================  ===========================================================

Precedence, loosest first: ``,`` then ``@`` (applies to everything since the
previous ``,`` or ``(``), then ``:`` and infix ``!`` (left to right), then prefix
``!``. Case does not matter (``aa`` = ``AA``, ``$DS`` = ``$ds``). Ranks: ``2-9 T J Q
K A`` (``10`` = ``T``); suits ``c d h s`` (or ``♣ ♦ ♥ ♠``); none of the variable
letters is a rank or suit letter.

Variables: in one pattern a rank variable never takes a rank written in that
pattern (``AARR`` = aces and another pair, not four aces) and a suit variable
never takes a suit written in it (``AsKx`` = As and a king of another suit).
Variables of different patterns are unrelated.

Macros, for hands of any size (a "suited pair" is two cards of one suit):

- ``$ds`` double-suited: at least two suits hold two or more cards each
  (4 cards: suits 2-2).
- ``$ss`` single-suited: exactly one suit holds two or more cards
  (4 cards: 2-1-1, 3-1 or 4).
- ``$r`` rainbow: no two cards of one suit (4 cards: one of each suit; with 5 or
  6 cards no hand is rainbow). ``$ds``, ``$ss`` and ``$r`` split every hole size.
- ``$np`` no pair: no two cards of one rank.
- ``$low`` at least two different ranks from A 2 3 4 5 6 7 8 (a two-card low
  draw).

Weights: every hand has a weight in [0, 1], 0 meaning "not in the range". An
exact hand or pattern weighs 1; ``e@p`` multiplies ``e``'s weights by p/100;
``a, b`` takes the larger weight of the two (so ``AA@50, AAKK`` holds AAKK hands
at weight 1 and the other AA hands at 0.5); ``a:b`` the smaller; ``!a`` is
``1 - weight``. Without ``@`` these are plain union, intersection and complement.
Weights are exact: a weight is the decimal written (``KK@0.01`` weighs exactly
1/10,000; :meth:`Range.exact_weights` gives numerators over a common
denominator), and an expression whose weights would need a denominator over 10**12
is refused with a :class:`RangeSyntaxError`. ``Range.weights`` holds the nearest
floats.

Percentages: ``p%`` holds whole suit-isomorphic classes, best first, up to and
including the class during which p% of the hands of that size (270,725 of 4
cards) is reached (so at least p%, at most 23 hands more); ``a%-b%`` =
``b%!a%``, so bands tile: ``5%, 5%-15%`` is ``15%``. ``100%`` is every hand,
``0%`` none. With 5 or 6 cards a percentage also looks up each hand's class
(about 0.35 s for all 5-card hands, 3.3 s for all 6-card hands).

Cost
----
Expressions are evaluated as boolean (or weight) masks over every hand at once:
all 270,725 4-card hands with their rank and suit counts are built on first use
(about 0.1 s) and cached, after which a range parses in milliseconds (6 ms for
the 189,714 hands of ``($ss, $ds):$low!AA!KK``; pattern matching is a numba
kernel, compiled once and cached on disk). 5- and 6-card hands (2,598,960 and
20,358,520) are never held all at once: they are generated in chunks of at most
2 million and the expression evaluated chunk by chunk, 0.05 to 0.15 s for 5
cards and 0.4 to 2 s for 6 (on two cores), plus the memory of the result (14
bytes a hand: 285 MB for all 6-card hands). Patterns of many variables cost more:
``RONBMP`` (six different ranks) takes about 45 s over the 6-card hands. An expression that only lists exact
full hands is built directly, without a scan. Results of up to a million hands
are cached by (expression, hole size).

``parse_range(expr, hole_size=6, progress=f)`` calls ``f(done, total)`` after each
chunk (49 for 6 cards), for a progress bar.

Limits and errors: a malformed expression raises :class:`RangeSyntaxError` (an
``OmahaInputError``, so a ``ValueError``) naming the position (1-based) and the
offending text, quoting at most 40 characters of the expression around it. An
expression holds at most 10,000 characters and nests at most 100 levels deep
(parentheses, prefix ``!``, and each ``:``, ``!`` or ``@`` of a chain add a level).
"""

from .range import *  # noqa: F403  (the language's public names are range.__all__)
from .range import __all__ as __all__
