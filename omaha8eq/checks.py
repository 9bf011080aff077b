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

import math
import numbers
import reprlib
from collections.abc import Sequence
from typing import Any, TypeGuard

from .errors import HandSizeError, OmahaInputError, OmahaTypeError

__all__ = ["check_flag", "check_fraction", "check_hole_size", "check_int", "check_list", "excerpt", "is_integer"]

#: The longest excerpt of an input an error message shows.
EXCERPT_LENGTH = 60


# Only the start of a long string is read, and reprlib reads only the start of a long list
# and the top levels of a nested one: an excerpt of a 2 MB input costs what a short one does.
_REPR = reprlib.Repr()
_REPR.maxother = EXCERPT_LENGTH
_REPR.maxlist = _REPR.maxtuple = _REPR.maxset = _REPR.maxfrozenset = _REPR.maxdeque = _REPR.maxdict = 20
_REPR.maxlevel = 3

#: Integers of more bits than this are described, not written: repr() refuses those of more
#: than 4,300 digits, and the digits of a long one say nothing in a message.
_LONGEST_INTEGER_BITS = 200


def excerpt(value: object, limit: int = EXCERPT_LENGTH) -> str:
    """``repr(value)`` on one line, cut to ``limit`` characters (with "...") for messages.

    Safe for any value: a huge string or list is not copied, a deeply nested one is
    shown to three levels, an integer of thousands of digits is described, and a value
    whose ``repr`` fails is named by its type.

    >>> excerpt("As " * 700000)
    "'As As As As As As As As As As As As As As As As As As As..."
    >>> excerpt(10**5000)
    'an integer of about 5,001 digits'
    """
    if is_integer(value) and int(value).bit_length() > _LONGEST_INTEGER_BITS:
        digits = int(int(value).bit_length() * math.log10(2)) + 1
        return f"an integer of about {digits:,} digits"
    try:
        # a string's start, as repr() writes it (reprlib would show its start and end)
        text = repr(value[: limit + 1]) if isinstance(value, str | bytes) else _REPR.repr(value)
    except Exception:
        text = f"<a {type(value).__name__}>"
    text = " ".join(text.split())  # a numpy array's repr spans lines
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
        raise OmahaInputError(f"{what}: {rule}, got {excerpt(number)}")
    if maximum is not None and number > maximum:
        raise OmahaInputError(f"{what}: must be at most {maximum}, got {excerpt(number)}")
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


def check_hole_size(value: object, what: str = "hole_size") -> int:
    """``value`` as an ``int`` if it is 4, 5 or 6 (the hole sizes of Omaha), else
    :class:`~omaha8eq.errors.HandSizeError` (a bool, a float or an array included).

    >>> check_hole_size(True)
    Traceback (most recent call last):
    ...
    omaha8eq.errors.HandSizeError: hole_size: expected 4, 5 or 6, got True
    """
    if not is_integer(value) or int(value) not in (4, 5, 6):
        raise HandSizeError(f"{what}: expected 4, 5 or 6, got {excerpt(value)}")
    return int(value)


def check_list(value: object, what: str, expected: str) -> tuple[Any, ...]:
    """``value``'s elements as a tuple if it is a list, a tuple or another sequence that is
    not text; else raise :class:`~omaha8eq.errors.OmahaTypeError`: a string, an array, a
    generator, a dict or a number would be read one element at a time, or not at all.

    The copy is what the caller reads from then on: a sequence's ``len`` is its own claim,
    and one that disagrees with its elements must not reach the parsers.

    >>> check_list("AsAh2c3d", "hands", "a list of hands")
    Traceback (most recent call last):
    ...
    omaha8eq.errors.OmahaTypeError: hands: expected a list of hands, got 'AsAh2c3d'
    """
    if type(value) in (list, tuple):  # the usual case, without the abstract-class test
        return tuple(value)  # type: ignore[arg-type]  # a list or a tuple, tested just above
    if not isinstance(value, Sequence) or isinstance(value, str | bytes | bytearray):
        raise OmahaTypeError(f"{what}: expected {expected}, got {excerpt(value)}")
    return tuple(value)


def check_fraction(value: object, what: str) -> float:
    """``value`` as a ``float`` if it is a real number in ``0 < value <= 1`` (an int or a
    float, numpy's too; not a bool, not NaN).

    >>> check_fraction(float("nan"), "fraction")
    Traceback (most recent call last):
    ...
    omaha8eq.errors.OmahaInputError: fraction: expected a number above 0 and at most 1, got nan
    """
    if isinstance(value, bool) or _is_numpy_bool(value) or not isinstance(value, numbers.Real):
        raise OmahaTypeError(f"{what}: expected a number above 0 and at most 1, got {excerpt(value)}")
    number = float(value) if not is_integer(value) or abs(int(value)) <= 1 else math.inf  # float(10**400) overflows
    if not 0 < number <= 1:  # NaN fails both comparisons
        raise OmahaInputError(f"{what}: expected a number above 0 and at most 1, got {excerpt(value)}")
    return number
