"""Sharing suit-equivalent runouts changes no count: the sweep equals its recorded
outputs (from before the sharing) and the board-by-board sweep of every runout
(``sweep_boards``, whose explicit board list no permutation maps onto itself unless
it is the whole list), hand for hand and board for board."""

from __future__ import annotations

import json

import numpy as np
import pytest
from sweep_golden import GOLDEN, SPOTS, digest, sweep_spot

from omaha8eq.cards import parse_cards
from omaha8eq.core.handclasses import card_masks
from omaha8eq.engine.range_vs_range import sweep_boards, sweep_ranges
from omaha8eq.engine.runout_symmetry import permute_suits, runout_orbits
from omaha8eq.engine.spot import integer_weights
from omaha8eq.ranges.range import parse_range


@pytest.mark.parametrize("spot", SPOTS, ids=[" ".join(map(str, s)) for s in SPOTS])
def test_the_recorded_outputs_are_unchanged(spot):
    recorded = {tuple(r["spot"]): r for r in json.loads(GOLDEN.read_text())}
    record = dict(recorded[spot])
    del record["spot"]
    assert digest(sweep_spot(*spot)) == record
