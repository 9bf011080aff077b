"""Data files shipped with omaha8eq (the script that builds them is in the repository's tools/).

- ``preflop4.csv.gz``, ``preflop5.npz``, ``preflop6.npz``: the preflop rankings of the
  suit-isomorphic classes of 4-, 5- and 6-card hands by hi-lo equity against one
  random hand; rebuilt by ``python tools/build_preflop_ranking.py
  --hole-size K`` (see that module), read by :mod:`omaha8eq.ranges.preflop`.
"""
