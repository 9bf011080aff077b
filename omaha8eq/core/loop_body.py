"""The decorator for a kernel's loop body compiled apart: once, and without reference counting.

A helper marked ``inline="always"`` is inlined by copying numba's IR into its caller:
every array it takes becomes a new variable, and numba counts references on each (a
call into its runtime and an atomic add or subtract). In a ``prange`` body this costs
nothing, because the loop's arrays reach it without an owner (the parallel loop builds
them from bare pointers). In a plain function the counts stay in the innermost loops.
That plain function can be a kernel's serial twin (what forked workers run) or a body
compiled apart to save compile time. The Monte Carlo chunk compiled apart ran 2.4x
slower (16.8 against 7.1 ms for 100,000 deals of a random hand on a flop), and the
serial twin 3.2x slower.

A body compiled with numba's ``_nrt=False`` has no reference counts at all. The price:
it cannot allocate (numba refuses to compile it if it tries), so its caller allocates
the scratch arrays and passes them in. The body borrows them for the call and must
not keep them.

``_nrt`` is a target option of numba (``numba.core.options.DefaultOptions``) that its
own tests use but its documentation does not list. With a numba that lacks it, the body
compiles with reference counting: the same results, slower.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from numba import njit

__all__ = ["loop_body"]


def _without_refcounts() -> dict[str, Any]:
    """``{"_nrt": False}`` when this numba accepts the option, else nothing."""
    try:
        from numba.core.options import DefaultOptions
    except ImportError:  # numba moved its options: compile with reference counting
        return {}
    return {"_nrt": False} if hasattr(DefaultOptions, "_nrt") else {}


_OPTIONS = _without_refcounts()


def loop_body(func: Callable[..., Any]) -> Any:
    """``func`` as a cached numba kernel compiled without reference counting (where numba
    allows it). It must not allocate: its caller passes in every array it writes."""
    return njit(cache=True, **_OPTIONS)(func)
