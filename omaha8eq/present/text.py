"""Text formatting shared by the command line's reports and the benchmark's: percentages,
durations and aligned tables. Imports nothing: the commands that need no engine use it.
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["percent", "seconds", "table"]


def percent(x: float) -> str:
    """A fraction as a percentage with two decimals, without the sign: ``0.5`` -> ``'50.00'``."""
    return f"{100 * x:.2f}"


def seconds(t: float) -> str:
    """A duration in seconds: two decimals below 10 s, one above."""
    return f"{t:.2f}" if t < 10 else f"{t:.1f}"


def table(header: Sequence[str], rows: Sequence[Sequence[str]], left: Sequence[int] = (0,)) -> list[str]:
    """An aligned text table: the columns ``left`` left-aligned, the others right-aligned.

    >>> print("\\n".join(table(["Hand", "Equity %"], [["AsAh2c3d", "93.41"], ["KK", "6.59"]])))
    Hand      Equity %
    AsAh2c3d     93.41
    KK            6.59
    """
    widths = [max(len(r[i]) for r in [header, *rows]) for i in range(len(header))]
    lines = []
    for row in [header, *rows]:
        cells = [c.ljust(w) if i in left else c.rjust(w) for i, (c, w) in enumerate(zip(row, widths, strict=True))]
        lines.append("  ".join(cells).rstrip())
    return lines
