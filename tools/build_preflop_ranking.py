"""Build the sampled preflop rankings: every Omaha Hi-Lo starting hand class of 5 or 6 cards, ranked.

Run as ``python tools/build_preflop_ranking.py --hole-size K [--samples N] [--seed S]
[--jobs J]``; it writes ``omaha8eq/data/preflop5.npz`` or ``preflop6.npz``. The 4-card
ranking is exact: it is the table of ``omaha8eq table preflop --hole-size 4 --out
omaha8eq/data/preflop4-exact.npz`` (every board and every opponent hand; see docs/distributed.md,
"Distributed jobs").

Method
------
1. The hands of K cards fall into suit-isomorphic classes
   (:func:`omaha8eq.core.hand_isomorphism.class_keys`): 134,459 of 5 cards, 962,988 of 6.
   Hands of one class have the same preflop equity against a random hand.
2. For each class representative ``h``, ``omaha8eq.equity([h, "random"],
   samples=N, seed=S)``: seeded Monte Carlo over deals of a random opponent hand of
   K cards and a five-card board, both drawn from the other cards; hi-lo 8-or-better
   pot shares (half to the best high, half to the best qualifying low, the whole pot
   to the high when nobody has a low). Every class uses the same seed. The result
   does not depend on ``--jobs`` (worker processes) or on threads.
3. Classes are ranked by that equity, best first (rank 1); equal equities are
   ordered by class key, so the ranking is deterministic.

Defaults and precision (standard error of each equity, as a share of the pot): 5 cards
N = 40,000, about 0.0020; 6 cards N = 12,000, about 0.0037. The classes are many, so
the deals are few: a hand's percentile is right to within a few points in the crowded
middle of the ranking (see docs/ranges.md). About 9 and 32 minutes with ``--jobs 2``.

Output: a compressed numpy ``.npz`` holding, in class-key order, ``key_deltas`` (the
sorted keys as differences), ``equity`` and ``stderr`` (uint16: times
``omaha8eq.ranges.preflop.EQUITY_SCALE`` = 10,000, rounded) and ``header`` (the method);
:mod:`omaha8eq.ranges.preflop` reads it.
"""

from __future__ import annotations

import argparse
import multiprocessing
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from math import comb
from pathlib import Path

import numpy as np

DEFAULT_SAMPLES = {5: 40_000, 6: 12_000}
DEFAULT_SEED = 20_240_607
_BLOCK = 500  # classes per task of a worker process


def _equities(task: tuple[np.ndarray, int, int, int | None]) -> tuple[np.ndarray, np.ndarray]:
    """Equity and standard error of each representative against a random hand."""
    import omaha8eq

    representatives, samples, seed, threads = task
    equity = np.empty(len(representatives))
    stderr = np.empty(len(representatives))
    for i, hand in enumerate(representatives):
        player = omaha8eq.equity([hand.tolist(), "random"], samples=samples, seed=seed, threads=threads).players[0]
        equity[i], stderr[i] = player.equity, player.equity_stderr
    return equity, stderr


def _one_thread() -> None:
    import numba

    numba.set_num_threads(1)


def compute(representatives: np.ndarray, samples: int, seed: int, jobs: int = 1, threads: int | None = None):
    """(equity, stderr) of every representative; ``jobs`` worker processes of one thread each."""
    blocks = [representatives[i : i + _BLOCK] for i in range(0, len(representatives), _BLOCK)]
    started = time.perf_counter()
    results = []
    if jobs > 1:
        # Spawned, not forked: the parent has started OpenMP threads (class_keys), and
        # forking a process that has is unsafe.
        pool = ProcessPoolExecutor(jobs, mp_context=multiprocessing.get_context("spawn"), initializer=_one_thread)
        mapped = pool.map(_equities, [(b, samples, seed, 1) for b in blocks])
    else:
        pool = None
        mapped = map(_equities, [(b, samples, seed, threads) for b in blocks])
    try:
        for n, result in enumerate(mapped, start=1):
            results.append(result)
            if n % 20 == 0 or n == len(blocks):
                elapsed = time.perf_counter() - started
                done = min(n * _BLOCK, len(representatives))
                eta = elapsed / done * (len(representatives) - done)
                print(f"{done:,}/{len(representatives):,} classes, {elapsed:.0f} s, about {eta:.0f} s to go",
                      file=sys.stderr, flush=True)  # fmt: skip
    finally:
        if pool is not None:
            pool.shutdown()
    return np.concatenate([r[0] for r in results]), np.concatenate([r[1] for r in results])


def header_lines(hole_size: int, count: int, hands: int, samples: int, seed: int, stderr: np.ndarray) -> list[str]:
    import omaha8eq

    return [
        f"omaha8eq preflop ranking of {hole_size}-card Omaha Hi-Lo 8-or-better starting hands",
        f"built by: python tools/build_preflop_ranking.py --hole-size {hole_size} --samples {samples} --seed {seed}",
        f"classes: {count} suit-isomorphic classes covering {hands} hands",
        f"equity: hi-lo pot share against one random hand, omaha8eq {omaha8eq.__version__} "
        f"equity([hand, 'random'], samples={samples}, seed={seed}), one run per class",
        f"stderr: mean {stderr.mean():.6f}, max {stderr.max():.6f}; ties ordered by class",
    ]


def write_npz(out: Path, keys, equity, stderr, header: list[str]) -> None:
    from omaha8eq.ranges.preflop import EQUITY_SCALE, STDERR_SCALE

    np.savez_compressed(
        out,
        key_deltas=np.diff(keys, prepend=0),
        equity=np.rint(equity * EQUITY_SCALE).astype(np.uint16),
        stderr=np.rint(stderr * STDERR_SCALE).astype(np.uint16),
        header=np.array(header),
    )


def main(argv: list[str] | None = None) -> int:
    from omaha8eq.distributed.preflop_table import CLASS_COUNTS, starting_classes
    from omaha8eq.ranges.preflop import DATA_FILES

    parser = argparse.ArgumentParser(
        prog="python tools/build_preflop_ranking.py",
        description="Rank the classes of 5- or 6-card hands by hi-lo equity against a random hand (Monte Carlo).",
    )
    parser.add_argument(
        "--hole-size", type=int, choices=(4, 5, 6), required=True,
        help="hole cards (5 or 6; the 4-card ranking is exact, built by 'omaha8eq table preflop')",
    )  # fmt: skip
    parser.add_argument("--samples", type=int, help="Monte Carlo samples per class (default 40,000 / 12,000)")
    parser.add_argument("--seed", type=int, default=DEFAULT_SEED, help="Monte Carlo seed (every class)")
    parser.add_argument(
        "--limit",
        type=int,
        help="only N classes spread over the ranking (to time a build; writes nothing unless --out)",
    )
    parser.add_argument("--out", type=Path, help="output file (default: the shipped file for the hole size)")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes, one thread each (default 1)")
    parser.add_argument("--threads", type=int, help="threads for omaha8eq.equities when --jobs is 1")
    args = parser.parse_args(argv)
    k = args.hole_size
    if k == 4:
        parser.error(f"the 4-card ranking is exact: omaha8eq table preflop --hole-size 4 --out {DATA_FILES[4]}")
    samples = args.samples or DEFAULT_SAMPLES[k]

    keys, representatives, sizes = starting_classes(k)
    if len(keys) != CLASS_COUNTS[k] or int(sizes.sum()) != comb(52, k):
        raise SystemExit(f"unexpected classes: {len(keys)} classes, {sizes.sum()} hands")
    if args.limit is not None:  # a spread-out sample of classes, for timing
        pick = np.linspace(0, len(keys) - 1, min(args.limit, len(keys))).astype(int)
        keys, representatives, sizes = keys[pick], representatives[pick], sizes[pick]
    started = time.perf_counter()
    equity, stderr = compute(representatives, samples, args.seed, args.jobs, args.threads)
    elapsed = time.perf_counter() - started
    print(
        f"{len(keys):,} classes x {samples:,} samples in {elapsed:.0f} s "
        f"({elapsed / len(keys) * 1000:.1f} ms a class); stderr mean {stderr.mean():.5f}, max {stderr.max():.5f}",
        file=sys.stderr,
    )
    out = args.out if args.out is not None else (None if args.limit is not None else DATA_FILES[k])
    if out is None:
        return 0
    header = header_lines(k, len(keys), int(sizes.sum()), samples, args.seed, stderr)
    write_npz(out, keys, equity, stderr, header)
    print(f"wrote {out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
