"""Data files shipped with omaha8eq, read by :mod:`omaha8eq.ranges.preflop`.

- ``preflop4-exact.npz``: the exact table of the 16,432 suit-isomorphic classes of
  4-card hands against one random hand (every board, every opponent hand), written by
  ``omaha8eq table preflop --hole-size 4`` (format: :mod:`omaha8eq.distributed.table_file`;
  read by :mod:`.table_format`).
- ``preflop5.npz``, ``preflop6.npz``: the 5- and 6-card rankings by seeded Monte Carlo,
  rebuilt by ``python tools/build_preflop_ranking.py --hole-size K`` (in the repository).
"""
