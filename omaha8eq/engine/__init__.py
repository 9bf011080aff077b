"""The equity engine: from a parsed spot to results, behind ``omaha8eq.equities``.

Cards are ints 0..51 (``4 * rank + suit``, rank 0..12 = 2..A, suit 0..3 = c, d, h,
s); card sets are 64-bit masks. The flow of one run:

0. :mod:`.options`: the run's options, checked once by the public layer into one
   :class:`~.options.RunOptions` that travels down; :mod:`.budget` prices a spot from
   its ranges' sizes (work and memory) so a hopeless run is refused before they are built.
1. :mod:`.spot` parses and checks the seats (fixed hands, ``"random"`` hands, ranges
   with integer weights), the board and the dead cards into a :class:`~.spot.Spot`,
   and restricts ranges to the cards left (``omaha8eq.counterfeit`` uses it too).
2. :mod:`.deal` prepares the deal: the deck left, the fixed hands' tables, and the
   NamedTuples the kernels take (``core.kernel_args``).
3. :mod:`.method` chooses how to count: rank multisets for fixed hands, every
   combination of range hands (:mod:`.range_combinations`), every board with random
   hands (:mod:`.exact`), or Monte Carlo (:mod:`.sampling`).
4. The compiled kernels of ``omaha8eq.core`` fill outcome histograms
   ``counts[player, high_state, low_state]`` (``core.showdown``).
5. :mod:`.summary` turns the histograms into ``results.EquityResult``.

:mod:`.low_runouts` counts a low draw's runouts by rank category for
``omaha8eq.counterfeit``. :mod:`.run` strings these together (``run_equity``, ``run_split``;
each method's runner in ``RUNNERS``, ``run_method`` to run a given one); the public layer
(``omaha8eq.equities``) only validates the options and delegates.
"""
