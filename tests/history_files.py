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
#: WPN's 2019-2021 ``Hand #`` format (tests/data/hands/README.md says where it was learnt).
WPN2019_SYNTHETIC = SYNTHETIC / "wpn2019-synthetic.txt"

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


#: Heads-up cash hand: all-in on the turn, Villain's cards never shown (he mucks).
#: Hero put in $10, Villain $10; the rake ($0.50) leaves a pot of $19.50.
TURN_MUCK = """PokerStars Hand #300000000001:  Omaha Hi/Lo Pot Limit ($0.05/$0.10 USD) - 2021/03/04 20:00:00 ET
Table 'Range I' 6-max Seat #1 is the button
Seat 1: Hero ($10 in chips)
Seat 2: Villain ($10 in chips)
Hero: posts small blind $0.05
Villain: posts big blind $0.10
*** HOLE CARDS ***
Dealt to Hero [As 2s 3d Kh]
Hero: raises $0.20 to $0.30
Villain: calls $0.20
*** FLOP *** [4c 8d Kd]
Villain: checks
Hero: checks
*** TURN *** [4c 8d Kd] [Qs]
Villain: bets $0.60
Hero: raises $9.10 to $9.70 and is all-in
Villain: calls $9.10 and is all-in
*** RIVER *** [4c 8d Kd Qs] [9c]
*** SHOW DOWN ***
Hero: shows [As 2s 3d Kh] (HI: a pair of Kings)
Villain: mucks hand
Hero collected $19.50 from pot
*** SUMMARY ***
Total pot $20 | Rake $0.50
Board [4c 8d Kd Qs 9c]
Seat 1: Hero (button) (small blind) showed [As 2s 3d Kh] and won ($19.50) with HI: a pair of Kings
Seat 2: Villain (big blind) mucked
"""

#: The same all-in where Villain wins and shows nothing (the winner mucks).
TURN_HIDDEN_WINNER = (
    TURN_MUCK.replace("#300000000001", "#300000000002")
    .replace("Villain: mucks hand\nHero collected $19.50 from pot", "Villain collected $19.50 from pot")
    .replace("*** SHOW DOWN ***\nHero: shows [As 2s 3d Kh] (HI: a pair of Kings)\n", "*** SHOW DOWN ***\n")
    .replace(
        "Seat 1: Hero (button) (small blind) showed [As 2s 3d Kh] and won ($19.50) with HI: a pair of Kings\n"
        "Seat 2: Villain (big blind) mucked",
        "Seat 1: Hero (button) (small blind) mucked\nSeat 2: Villain (big blind) collected ($19.50)",
    )
)


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


def write_volume(folder: Path, copies: int, source: Path | None = None) -> Path:
    """A folder of many hands for volume tests and benchmarks: every real file of
    ``source`` (default: shared/hands) written ``copies`` times over into one file of
    the same name (UTF-16 files decoded and written back with one byte-order mark), so
    that the folder holds ``copies`` times its hands, skipped hands included."""
    source = source or shared_hands()
    folder.mkdir(parents=True, exist_ok=True)
    for name in SHARED_FILES:
        data = (source / name).read_bytes()
        if data.startswith((b"\xff\xfe", b"\xfe\xff")):
            text = data[: len(data) // 2 * 2].decode("utf-16")  # the file ends with a stray odd byte
            (folder / name).write_bytes(("\n\n\n".join([text] * copies)).encode("utf-16"))
        else:
            (folder / name).write_bytes(b"\n\n\n".join([data.removeprefix(b"\xef\xbb\xbf")] * copies))
    return folder
