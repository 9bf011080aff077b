"""How many threads a run uses when the caller does not say (``RunOptions.threads`` None).

A parallel kernel call hands its work to numba's OpenMP threads and waits for the last
of them. A small job gains nothing from that: the hand-over costs tens of microseconds,
and beside other processes' parallel work one descheduled thread makes the whole call
wait for a core (measured: a heads-up preflop call, 0.3 ms on one thread, took a median
of 30-100 ms on two threads beside two processes running the same work on theirs). So a
run estimated below :data:`SERIAL_SECONDS` of one core runs on one thread. A larger one
takes the cores no other thread is running on now (Linux's count of runnable threads,
``/proc/loadavg``, read a few times): numba cuts a kernel's work into equal parts up
front, so a part whose core another process holds makes the whole call wait (measured:
a default Monte Carlo call on two threads took 1.46x one thread's time beside two busy
neighbours). On an idle machine it takes numba's whole pool. The package also asks
OpenMP's threads to sleep, not spin, while they wait for work (``OMP_WAIT_POLICY=PASSIVE``,
unless the environment sets it: see ``omaha8eq/__init__.py``).
"""

from __future__ import annotations

import os

from .options import max_threads

__all__ = ["SERIAL_SECONDS", "choose_threads", "free_cores"]

#: Runs estimated at most this many seconds of one core (the methods' cautious rates,
#: ``method.RATES``: a heads-up preflop call is estimated at 6 ms and takes 0.2-0.4 ms)
#: run on one thread when the caller gives no thread count.
SERIAL_SECONDS = 0.05


#: Reads of the runnable count: the busiest one counts (a neighbour between two calls of
#: its own is not running at that instant). Each read costs a few microseconds.
LOAD_READS = 3


def _others_running() -> int | None:
    """Threads of other processes running or waiting for a core now (the runnable count of
    ``/proc/loadavg`` less the thread reading it); None where the system does not say."""
    try:
        with open("/proc/loadavg", "rb") as loadavg:
            runnable = int(loadavg.read().split()[3].split(b"/")[0])
    except (OSError, ValueError, IndexError):
        return None
    return max(0, runnable - 1)


def free_cores() -> int | None:
    """The cores of this process's CPU set that no other thread is running on now (at
    least 1); None where the system does not say."""
    reads = [_others_running() for _ in range(LOAD_READS)]
    if None in reads:
        return None
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
    return max(1, cores - max(n for n in reads if n is not None))


def choose_threads(asked: int | None, seconds: float) -> int | None:
    """The thread count of a run estimated at ``seconds`` of one core: ``asked`` when
    given; 1 for a small run; else the free cores (:func:`free_cores`), or None (numba's
    pool, every core) when they are all free or the system does not say."""
    if asked is not None:
        return asked
    if seconds <= SERIAL_SECONDS:
        return 1
    free = free_cores()
    return None if free is None or free >= max_threads() else free
