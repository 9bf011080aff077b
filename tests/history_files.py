"""Where the hand-history test files are: the real ones in shared/hands, the synthetic ones here.

The real files (shared/hands, not part of the repository: their licence is not ours)
are found by walking up from this folder for a ``shared/hands`` directory (CI runs in
a clone with a copy of ``shared/`` beside it), else in ``$OMAHA8EQ_SHARED_HANDS``, else
in /work/shared/hands. Tests that need them are skipped when none is found.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent

#: The synthetic hands written for the tests (tests/data/hands).
SYNTHETIC = HERE / "data" / "hands"
STARS_SYNTHETIC = SYNTHETIC / "stars-synthetic.txt"
WINAMAX_SYNTHETIC = SYNTHETIC / "winamax-synthetic.txt"

#: The real files and the hands read from each (shared/hands/README.md).
SHARED_FILES = {
    "cash-Stars-PLO8-6max-USD-0.01-0.02-200911.txt": 15,
    "tour-Stars-PLO8-9max-USD-STT-5.00-200505.hero.quartered.txt": 1,
    "cash-Stars-5-Card-PLO8-6max-USD-2.00-4.00-201304.txt": 1,
    "cash-Winamax-PLO8-6max-EUR-1.00-2.00-201611.txt": 1,
    "cash-Winamax-5-Card-PLO8-6max-EUR-1.00-2.00-201611.txt": 1,
    "cash-Winamax-PLO8-2max-play-0.05-0.10-201610.export.txt": 1,
    "cash-Winning-PLO8-6max-USD-0.10-0.25-201608.HH00000000_G0.txt": 5,
    "tour-PartyPoker-PLO8-10max-USD-20-2-201310.chat.fix.txt": 1,
    "tour-PacificPoker-PLO8-USD-STT-10-1-201308.no.pot.awarded.txt": 0,
    "tour-Bovada-PLO8-9max-USD-10-MTT-201207.txt": 1,
}

#: The hands of the real files skipped, each for the site's own error: (file, reason).
SHARED_SKIPPED = {
    "tour-PacificPoker-PLO8-USD-STT-10-1-201308.no.pot.awarded.txt": (
        "the summary awards no pot: a pot of 1049 paid to nobody (the site's own error)"
    ),
}


def find_shared_hands() -> Path | None:
    """The shared/hands folder, or None."""
    for folder in (HERE, *HERE.parents):
        candidate = folder / "shared" / "hands"
        if candidate.is_dir():
            return candidate
    for candidate in (os.environ.get("OMAHA8EQ_SHARED_HANDS"), "/work/shared/hands"):
        if candidate and Path(candidate).is_dir():
            return Path(candidate)
    return None


def shared_hands() -> Path:
    """The shared/hands folder; skips the test when it is not there."""
    found = find_shared_hands()
    if found is None:
        pytest.skip("shared/hands (the real hand histories) not found")
    return found
