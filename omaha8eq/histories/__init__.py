"""Hand histories: reading six sites' files, checking settlements, all-in adjusted EV.

Modules, each one job: :mod:`.records` (the typed hand record), :mod:`.lines`
(streaming a file into hands), :mod:`.builder` (one builder for every format, the chip
balance check), :mod:`.pokerstars`, :mod:`.winamax`, :mod:`.winning` (WPN's 2016
client), :mod:`.winning2019` (WPN's 2019-2021 clients), :mod:`.partypoker`,
:mod:`.pacific` and :mod:`.bovada` (each format as a table of line expressions),
:mod:`.reader` (files, folders, stdin), :mod:`.settlement` (the pots settled from the
shown cards against the site's, run by run for a hand run twice), :mod:`.allin_ev`
(one hand's all-in adjusted results), :mod:`.report` (totals per player, CSV, JSON,
chart) and :mod:`.ohh` (Open Hand History export). ``docs/hand-histories.md`` tells
the whole story.
"""

from __future__ import annotations

from .reader import HandStream, read_hands
from .records import Action, Collected, Hand, Seat, Skipped

__all__ = ["Action", "Collected", "Hand", "HandStream", "Seat", "Skipped", "read_hands"]
