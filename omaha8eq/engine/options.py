"""The options of one equity run, checked once: :class:`RunOptions`.

The public entry points (:func:`omaha8eq.equities.equity`, :func:`omaha8eq.boards.boards_equity`,
:func:`omaha8eq.chips.allin.allin_equity`, :func:`omaha8eq.explorer.explore`) take these as
keyword arguments, check them with :meth:`RunOptions.of` (their arguments by name, through
:meth:`RunOptions.check`) and pass the one record down: the engine reads its fields and
never checks them again.
"""

from __future__ import annotations

import functools
import math
import numbers
import os
import secrets
from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Any

import numba

from ..checks import check_flag, check_int, excerpt
from ..errors import OmahaInputError, OmahaTypeError
from .progress import ProgressCallback
from .sampling import MAX_SAMPLES, MIN_SAMPLES

__all__ = ["DRAWN_SEED_BITS", "MEMORY_FRACTION", "RunOptions", "default_max_memory", "draw_seed", "max_threads"]

#: Without ``max_memory``, a run may use about this share of the machine's memory.
MEMORY_FRACTION = 0.5
#: The memory budget where the machine's size cannot be read (not a POSIX system).
FALLBACK_MEMORY = 4 << 30


#: The bits of a seed drawn for a run given none. Every run reports the seed it used, and
#: 53 bits are what a JSON number keeps exactly in every reader (JavaScript's included):
#: a run shown on the web page or read from a JSON document repeats from the seed shown.
#: Seeds given may use all 64 bits.
DRAWN_SEED_BITS = 53


def draw_seed() -> int:
    """A fresh seed for a sampled run given none: :data:`DRAWN_SEED_BITS` random bits (the
    one seed policy of every entry point: equity, double board, all-in, queries, the web)."""
    return secrets.randbits(DRAWN_SEED_BITS)


def default_max_memory() -> int:
    """The default ``max_memory``: ``MEMORY_FRACTION`` of the machine's physical memory
    (``FALLBACK_MEMORY``, 4 GiB, where it cannot be read)."""
    try:
        physical = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
    except (AttributeError, ValueError, OSError):
        return FALLBACK_MEMORY
    return int(physical * MEMORY_FRACTION) if physical > 0 else FALLBACK_MEMORY


@dataclass(frozen=True)
class RunOptions:
    """How to run one equity computation (what to compute is the spot and the game).

    Every field is the checked form of :func:`omaha8eq.equities.equity`'s keyword
    argument of the same name (see there for the meaning); None means "the default".

    Attributes:
        exhaustive: True exact, False Monte Carlo, None chosen by cost.
        samples: the Monte Carlo size (``MIN_SAMPLES`` .. ``MAX_SAMPLES``), or None.
        stderr_target: sample until every equity's standard error is at most this, or None.
        seed: the Monte Carlo seed (0 .. 2**64 - 1), or None to draw one.
        threads: numba threads (1 .. numba's pool), or None for numba's.
        max_work: the most work an exact run may take (None: ``MAX_WORK``).
        max_memory: the most bytes a run is estimated to need (None: :func:`default_max_memory`).
        progress: ``progress(done, total)`` between batches of work, or None.
        by_hand: per-hand results of each range.
        by_next_card: the next-card table (two players on a flop or turn, exact).
        scheduler: a Dask scheduler for the exact heads-up preflop sweep, or None.
        checkpoint: with ``scheduler``, the checkpoint directory, or None.
    """

    exhaustive: bool | None = None
    samples: int | None = None
    stderr_target: float | None = None
    seed: int | None = None
    threads: int | None = None
    max_work: int | None = None
    max_memory: int | None = None
    progress: ProgressCallback | None = None
    by_hand: bool = False
    by_next_card: bool = False
    scheduler: Any = None
    checkpoint: str | os.PathLike[str] | None = None

    @classmethod
    def check(
        cls,
        *,
        exhaustive: object = None,
        samples: object = None,
        stderr_target: object = None,
        seed: object = None,
        threads: object = None,
        max_work: object = None,
        max_memory: object = None,
        progress: object = None,
        by_hand: object = False,
        by_next_card: object = False,
        scheduler: object = None,
        checkpoint: object = None,
    ) -> RunOptions:
        """The options checked, as plain bools, ints and floats; raise OmahaInputError
        (OmahaTypeError for a wrong type) naming the first bad one, or a combination that
        cannot run (exact with a sample size, a checkpoint without a scheduler, a
        distributed run that is not exact)."""
        if (  # the usual call: every default (one record, nothing to check); `is`: no value's __eq__ runs
            exhaustive is None and samples is None and stderr_target is None and seed is None and threads is None
            and max_work is None and max_memory is None and progress is None and scheduler is None
            and checkpoint is None and by_hand is False and by_next_card is False
        ):  # fmt: skip
            return _DEFAULT
        if progress is None and scheduler is None and checkpoint is None:
            plain = (exhaustive, samples, stderr_target, seed, threads, max_work, max_memory, by_hand, by_next_card)
            if _PLAIN_TYPES.issuperset(map(type, plain)):
                return _check_plain(*plain)
        return _check_options(
            exhaustive, samples, stderr_target, seed, threads, max_work, max_memory, by_hand, by_next_card,
            progress, scheduler, checkpoint,
        )  # fmt: skip

    @classmethod
    def of(cls, arguments: Mapping[str, object]) -> RunOptions:
        """:meth:`check` of the run options among a public function's ``arguments``: the
        keys that name a field of RunOptions, the others left alone. An entry point passes
        its ``locals()`` before it binds any such name itself, so it names its options once,
        in its signature (the one ``help()`` shows), and passes none down under another name.

        >>> def entry(hands, *, threads=None, seed=None):
        ...     return RunOptions.of(locals())
        >>> entry(["As Ah 2c 3d"], threads=1).threads
        1
        """
        return cls.check(**{name: arguments[name] for name in _FIELDS if name in arguments})

    @property
    def memory_limit(self) -> int:
        """``max_memory``, or its default."""
        return default_max_memory() if self.max_memory is None else self.max_memory


def _check_options(
    exhaustive: object,
    samples: object,
    stderr_target: object,
    seed: object,
    threads: object,
    max_work: object,
    max_memory: object,
    by_hand: object,
    by_next_card: object,
    progress: object = None,
    scheduler: object = None,
    checkpoint: object = None,
) -> RunOptions:
    """:meth:`RunOptions.check` of every option, positionally."""
    if exhaustive is not None:
        try:
            exhaustive = check_flag(exhaustive, "exhaustive")
        except OmahaTypeError:
            raise OmahaTypeError(f"exhaustive: expected True, False or None, got {excerpt(exhaustive)}") from None
    options = RunOptions(
        exhaustive=None if exhaustive is None else bool(exhaustive),
        stderr_target=None if stderr_target is None else _check_stderr_target(stderr_target),
        samples=None if samples is None else _check_samples(samples),
        seed=None if seed is None else check_int(seed, "seed", minimum=0, maximum=2**64 - 1),
        threads=None if threads is None else check_int(threads, "threads", minimum=1, maximum=max_threads()),
        max_work=None if max_work is None else check_int(max_work, "max_work", minimum=1),
        max_memory=None if max_memory is None else check_int(max_memory, "max_memory", minimum=1),
        progress=_check_progress(progress),
        by_hand=check_flag(by_hand, "by_hand"),
        by_next_card=check_flag(by_next_card, "by_next_card"),
        scheduler=scheduler,
        checkpoint=checkpoint,  # type: ignore[arg-type]  # a path: the checkpoint module opens it
    )
    if options.exhaustive and (options.samples is not None or options.stderr_target is not None):
        raise OmahaInputError("exhaustive=True cannot be combined with samples or stderr_target")
    if scheduler is None and checkpoint is not None:
        raise OmahaInputError("checkpoint: only a distributed run (scheduler=...) keeps a checkpoint")
    if scheduler is not None and options.exhaustive is not True:
        raise OmahaInputError("scheduler: a distributed run is exact: pass exhaustive=True")
    return options


#: The types of option values whose checked record :func:`_check_plain` keeps: immutable,
#: and each checked by its value alone (bool, int and float are told apart by type).
_PLAIN_TYPES = frozenset({type(None), bool, int, float})
#: :func:`_check_options` of plain values (no progress, scheduler or checkpoint), kept:
#: a pure function of the values and their types (``typed``: True, 1 and 1.0 are kept
#: apart, as the checks tell them), answering a frozen record; an error is not kept.
#: The usual call with an option (``threads=1``) then costs a lookup, not a check.
_check_plain = functools.lru_cache(maxsize=256, typed=True)(_check_options)


def _check_samples(value: object) -> int:
    """A Monte Carlo size: an integer from ``MIN_SAMPLES`` to ``MAX_SAMPLES``."""
    samples = check_int(value, "samples")
    if not MIN_SAMPLES <= samples <= MAX_SAMPLES:
        raise OmahaInputError(
            f"samples: expected {MIN_SAMPLES:,} to {MAX_SAMPLES:,} (MIN_SAMPLES: a standard error needs "
            f"two samples; MAX_SAMPLES: the most one run draws), got {excerpt(samples)}"
        )
    return samples


def _check_stderr_target(value: object) -> float:
    """A standard error target is a positive, finite real number (not text, not a bool)."""
    if isinstance(value, bool) or not isinstance(value, numbers.Real):
        raise OmahaTypeError(f"stderr_target: expected a positive number such as 0.001, got {excerpt(value)}")
    try:
        number = float(value)
    except OverflowError:  # an int such as 10**400
        number = math.inf
    if not 0 < number < math.inf:
        raise OmahaInputError(f"stderr_target: expected a positive number such as 0.001, got {excerpt(value)}")
    return number


def _check_progress(progress: object) -> ProgressCallback | None:
    if progress is not None and not callable(progress):
        raise OmahaTypeError(f"progress: expected a function (done, total), got {excerpt(progress)}")
    return progress


def max_threads() -> int:
    """The most threads numba can use (its pool size, fixed at import)."""
    # numba.config sets its attributes from the environment at import: mypy cannot see them.
    return int(numba.config.NUMBA_NUM_THREADS)  # type: ignore[attr-defined]


#: The record of a call that gives no option.
_DEFAULT = RunOptions()
#: The options' names, in the fields' order.
_FIELDS = tuple(f.name for f in fields(RunOptions))
