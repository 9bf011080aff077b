"""Recorded exact outputs of ``sweep_ranges`` on a few spots, from the sweep as it was
before runouts were shared between suit-equivalent boards (``tests/data/range_sweep_golden.json``).

Run ``python tests/sweep_golden.py`` to record them again (only to add a spot:
the recorded digests are the regression test, see ``engine/test_runout_symmetry.py``).
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import numpy as np

from omaha8eq.cards import parse_cards
from omaha8eq.engine.range_vs_range import RangeSweep, sweep_ranges
from omaha8eq.engine.spot import integer_weights
from omaha8eq.games import game_for
from omaha8eq.ranges.range import parse_range

GOLDEN = Path(__file__).parent / "data" / "range_sweep_golden.json"

#: (range A, range B, board, dead, hilo, hole size): symmetric and asymmetric ranges,
#: flops with one, two or three interchangeable suits and none, turns, dead cards.
SPOTS = [
    ("3%", "3%", "Ac8c5h", "", True, 4),
    ("3%", "AA**, A2**", "Kc9c4c", "", True, 4),
    ("2%", "2%", "8c8d3h", "2s", False, 4),
    ("3%", "3%", "Ac8c5h", "2d", True, 4),
    ("1%", "1%", "Ac8c5h", "", True, 5),
    ("2%", "3%", "Ac8c5h9d", "", True, 4),
    ("0.5%", "0.5%", "Ac8c5hKh", "", True, 6),
    ("AsAh2c*@50, KhKd2c*", "3%", "Ac8c5h", "", True, 4),
    ("4%@50, 2%", "AA**@30, KK**", "Ac8c5h", "Kd Ks", True, 4),
]


def sweep_spot(a: str, b: str, board: str, dead: str, hilo: bool, size: int) -> RangeSweep:
    ra, rb = parse_range(a, hole_size=size), parse_range(b, hole_size=size)
    return sweep_ranges(
        ra.hands, integer_weights(ra.weights), rb.hands, integer_weights(rb.weights),
        parse_cards(board), parse_cards(dead), game=game_for(size, hilo),
    )  # fmt: skip


def digest(swept: RangeSweep) -> dict[str, Any]:
    """The totals, and a SHA-256 of every per-hand and per-board array."""
    out: dict[str, Any] = {"total_a": swept.total_a.tolist(), "total_b": swept.total_b.tolist()}
    out["runouts"] = swept.runouts
    for name in ("hands_a", "hands_b", "dealt_a", "dealt_b", "boards", "board_totals", "board_weights"):
        array = np.ascontiguousarray(getattr(swept, name), dtype=np.int64)
        out[name] = hashlib.sha256(array.tobytes()).hexdigest()
    return out


if __name__ == "__main__":
    records = [{"spot": list(spot), **digest(sweep_spot(*spot))} for spot in SPOTS]
    GOLDEN.write_text("[\n" + ",\n".join(json.dumps(r) for r in records) + "\n]\n")
