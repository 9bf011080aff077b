"""Random deals for the benchmarks."""

from __future__ import annotations

import numpy as np


def random_deals(n: int, n_hole: int, n_board: int = 5, seed: int = 2026) -> tuple[np.ndarray, np.ndarray]:
    """``n`` random (hole, board) rows of distinct cards, as int8 card arrays."""
    rng = np.random.default_rng(seed)
    cards = np.argsort(rng.random((n, 52)), axis=1)[:, : n_hole + n_board].astype(np.int8)
    return np.ascontiguousarray(cards[:, :n_hole]), np.ascontiguousarray(cards[:, n_hole:])
