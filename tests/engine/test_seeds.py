"""One seed policy: a sampled run given no seed draws one of ``DRAWN_SEED_BITS`` bits
(exact in any JSON reader) and reports it, whatever the entry point; the seed reported
repeats the run."""

from __future__ import annotations

import pytest

import omaha8eq
from omaha8eq.engine.options import DRAWN_SEED_BITS, draw_seed

HANDS = ["AsAh2c3d", "random"]


def test_drawn_seeds_fit_a_json_number():
    seeds = {draw_seed() for _ in range(200)}
    assert len(seeds) > 190 and all(0 <= seed < 2**DRAWN_SEED_BITS for seed in seeds)
    assert max(seeds) >= 2**40  # random bits, not a small counter


@pytest.mark.parametrize(
    "run, seed_of",
    [
        (lambda seed: omaha8eq.equity(HANDS, "4c5d7s", samples=2000, seed=seed), lambda r: r.seed),
        (lambda seed: omaha8eq.boards_equity(HANDS, ("4c5d7s", "KcQs9h"), samples=2000, seed=seed), lambda r: r.seed),
        (
            lambda seed: omaha8eq.allin_equity([("As Ah 2c 3d", 10), ("Ks Kh Qd Jd", 10)], samples=2000, seed=seed),
            lambda r: r.seed,
        ),
        (
            lambda seed: omaha8eq.query(
                "select avg(riverEquity(hero)) from hero='AsAh2c3d', villain='*'", samples=2000, seed=seed
            ),
            lambda r: r.seed,
        ),
    ],
    ids=["equity", "boards_equity", "allin_equity", "query"],
)
def test_every_entry_point_draws_and_reports_one_seed(run, seed_of):
    first = run(None)
    seed = seed_of(first)
    assert isinstance(seed, int) and 0 <= seed < 2**DRAWN_SEED_BITS
    again = run(seed)
    assert seed_of(again) == seed
    assert again.to_dict()["seed"] == seed
    assert _untimed(first.to_dict()) == _untimed(again.to_dict())


def _untimed(document):
    """A result's document without its timings, at any depth."""
    if isinstance(document, dict):
        return {k: _untimed(v) for k, v in document.items() if k not in ("elapsed", "seconds")}
    if isinstance(document, list):
        return [_untimed(v) for v in document]
    return document
