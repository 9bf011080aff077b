"""Data files shipped with omaha8eq, and the scripts that build them.

- ``preflop4.csv.gz``: the preflop ranking of the 16,432 suit-isomorphic classes of
  4-card hands by hi-lo equity against one random hand; rebuilt by
  ``python -m omaha8eq.data.build_preflop_ranking`` (see that module), read by
  :mod:`omaha8eq.preflop`.
"""
