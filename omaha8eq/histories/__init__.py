"""Hand histories: reading PokerStars and Winamax files, checking settlements, all-in adjusted EV.

Modules: :mod:`.records` (the typed hand record), :mod:`.lines` (streaming a file into
hands), :mod:`.builder` (one builder for every format), :mod:`.pokerstars` and
:mod:`.winamax` (each format as a table of line expressions), :mod:`.reader` (files,
folders, stdin).
"""

from __future__ import annotations

from .reader import HandStream, read_hands
from .records import Action, Collected, Hand, Seat, Skipped

__all__ = ["Action", "Collected", "Hand", "HandStream", "Seat", "Skipped", "read_hands"]
