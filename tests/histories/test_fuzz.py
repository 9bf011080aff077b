"""Damaged files never raise: every real file, mutated thousands of ways, is read to the end.

The mutations are seeded (the same every run) and bounded in time: NUL bytes, random
bytes, a truncated file, a number of thousands of digits, lines dropped or doubled.
Every hand read still balances and settles without raising; every skipped hand names
its file, line and reason.
"""

from __future__ import annotations

import io
import random
from collections.abc import Callable

from history_files import SHARED_FILES, shared_hands

from omaha8eq import read_hands
from omaha8eq.histories.settlement import check_settlement

#: Mutations of each real file (about 3,000 in all).
PER_FILE = 300


def _nul(data: bytes, rng: random.Random) -> bytes:
    at = rng.randrange(len(data) + 1)
    return data[:at] + b"\x00" * rng.randint(1, 3) + data[at:]


def _random_bytes(data: bytes, rng: random.Random) -> bytes:
    at = rng.randrange(len(data) + 1)
    return data[:at] + rng.randbytes(rng.randint(1, 12)) + data[at + rng.randint(0, 12) :]


def _truncate(data: bytes, rng: random.Random) -> bytes:
    return data[: rng.randrange(len(data) + 1)]


def _huge_number(data: bytes, rng: random.Random) -> bytes:
    digits = [i for i, b in enumerate(data) if 0x30 <= b <= 0x39]
    if not digits:
        return data
    at = rng.choice(digits)
    return data[:at] + b"9" * rng.choice((20, 400, 5000)) + data[at:]


def _lines(data: bytes, rng: random.Random) -> bytes:
    lines = data.split(b"\n")
    at = rng.randrange(len(lines))
    if rng.random() < 0.5:
        del lines[at]
    else:
        lines.insert(at, lines[rng.randrange(len(lines))])
    return b"\n".join(lines)


MUTATIONS: tuple[Callable[[bytes, random.Random], bytes], ...] = (_nul, _random_bytes, _truncate, _huge_number, _lines)


def _read_all(data: bytes) -> tuple[int, int]:
    stream = read_hands(io.BytesIO(data))
    hands = list(stream)
    for hand in hands:
        put = hand.contributions()
        assert sum(put.values()) == hand.total_pot
        assert sum(c.amount for c in hand.collected) + hand.rake == hand.total_pot
        check_settlement(hand)
    for skipped in stream.skipped:
        assert skipped.reason and skipped.source == "<bytes>" and skipped.line >= 1
    return len(hands), len(stream.skipped)


def test_mutated_real_files_never_raise():
    folder = shared_hands()
    rng = random.Random(20261207)
    mutated = skipped = 0
    for name in sorted(SHARED_FILES):
        data = (folder / name).read_bytes()
        for _ in range(PER_FILE):
            mutation = rng.choice(MUTATIONS)
            _, lost = _read_all(mutation(data, rng))
            mutated += 1
            skipped += lost
    assert mutated == PER_FILE * len(SHARED_FILES) >= 3000
    assert skipped > mutated // 4  # the mutations do damage hands: the test reads damaged text


def test_nul_in_a_header_and_a_huge_amount_are_skipped_with_reasons():
    folder = shared_hands()
    stars = (folder / "cash-Stars-PLO8-6max-USD-0.01-0.02-200911.txt").read_bytes()
    # A NUL byte in a header line: that hand is text outside a hand, the others are read.
    damaged = stars.replace(b"PokerStars Game #", b"PokerStars\x00Game #", 1)
    hands, skipped = _read_all(damaged)
    assert (hands, skipped) == (14, 1)
    # An amount of 5,000 digits (int() refuses more than 4,300).
    huge = stars.replace(b"($11.27 in chips)", b"($" + b"9" * 5000 + b" in chips)", 1)
    stream = read_hands(io.BytesIO(huge))
    assert len(list(stream)) == 14 and "bad amount" in stream.skipped[0].reason
    # A digit int() refuses ("²", cp1252 0xB2) in a seat number.
    odd = stars.replace(b"Seat 1: ", b"Seat \xb2: ", 1)
    stream = read_hands(io.BytesIO(odd))
    assert len(list(stream)) + len(stream.skipped) == 15
