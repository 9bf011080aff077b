"""Checks of scalar arguments shared by every public function: integers and flags.

One rule for the whole library: an integer is a Python ``int`` or a numpy integer,
never a ``bool`` or a float (not even ``2.0``); a flag is ``True`` or ``False``
(a numpy ``bool_`` too), never ``None``, ``0``/``1`` or another object. Errors
are :class:`~omaha8eq.errors.OmahaTypeError` for the wrong type and
:class:`~omaha8eq.errors.OmahaInputError` for a value out of range; messages name
the argument and show at most a short excerpt of what was given.

This module depends on :mod:`omaha8eq.errors` only, so that :mod:`omaha8eq.cards`
and :mod:`omaha8eq.inputs` (which re-exports these checks) can both use it.
"""

from __future__ import annotations

import numbers
from typing import TypeGuard

from .errors import OmahaInputError, OmahaTypeError

__all__ = ["check_flag", "check_int", "excerpt", "is_integer"]

#: The longest excerpt of an input an error message shows.
EXCERPT_LENGTH = 60


def excerpt(value: object, limit: int = EXCERPT_LENGTH) -> str:
    """``repr(value)``, cut to ``limit`` characters (with "...") for messages."""
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def is_integer(value: object) -> TypeGuard[numbers.Integral]:
    """True for ``int`` and numpy integers; False for ``bool``, numpy ``bool_``, floats and the rest."""
    if type(value) is int:  # the common case, without the slow abstract-class check
        return True
    # numpy integer types are registered as numbers.Integral; numpy.bool_ is not.
    return isinstance(value, numbers.Integral) and not isinstance(value, bool)


def check_int(
    value: object,
    what: str,
    *,
    minimum: int | None = None,
    maximum: int | None = None,
    expected: str = "an integer",
) -> int:
    """``value`` as a plain ``int`` after checking its type and bounds.

    Args:
        value: the argument to check.
        what: its name in messages ("pot", "stack 2", "samples").
        minimum, maximum: inclusive bounds (None: unbounded).
        expected: what the message says was expected ("an integer number of chips").

    Raises:
        OmahaTypeError: not an integer (bool and floats included).
        OmahaInputError: below ``minimum`` or above ``maximum``.

    >>> import numpy as np
    >>> check_int(np.int64(5), "samples", minimum=1)
    5
    >>> check_int(True, "pot")
    Traceback (most recent call last):
    ...
    omaha8eq.errors.OmahaTypeError: pot: expected an integer, got True
    """
    if not is_integer(value):
        raise OmahaTypeError(f"{what}: expected {expected}, got {excerpt(value)}")
    number = int(value)
    if minimum is not None and number < minimum:
        rule = "must not be negative" if minimum == 0 else f"must be at least {minimum}"
        raise OmahaInputError(f"{what}: {rule}, got {number}")
    if maximum is not None and number > maximum:
        raise OmahaInputError(f"{what}: must be at most {maximum}, got {number}")
    return number


def _is_numpy_bool(value: object) -> bool:
    # By name, so that the betting commands can check flags without importing numpy.
    kind = type(value)
    return kind.__module__ == "numpy" and kind.__name__ in ("bool", "bool_")


def check_flag(value: object, what: str) -> bool:
    """``value`` as a ``bool`` if it is ``True`` or ``False`` (numpy ``bool_`` too).

    Raises:
        OmahaTypeError: anything else (``None``, ``0``, ``1``, ``"yes"``, ``[1]``).

    >>> check_flag(None, "hilo")
    Traceback (most recent call last):
    ...
    omaha8eq.errors.OmahaTypeError: hilo: expected True or False, got None
    """
    if isinstance(value, bool) or _is_numpy_bool(value):
        return bool(value)
    raise OmahaTypeError(f"{what}: expected True or False, got {excerpt(value)}")
