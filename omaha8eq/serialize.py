"""One JSON form for every result type: the dataclass's fields, converted.

A result's ``to_dict()`` is :func:`fields_dict` of it, plus whatever derived
values it adds: Fractions become exact ``"p/q"`` text, tuples and arrays become
lists, numpy scalars plain numbers, and nested results (anything with a
``to_dict``) their own dict.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from fractions import Fraction
from typing import Any

__all__ = ["fields_dict", "json_value"]


def json_value(value: Any) -> Any:
    """``value`` in a form ``json.dumps`` accepts, exact where it matters."""
    if hasattr(value, "to_dict"):
        return value.to_dict()
    if isinstance(value, Fraction):
        return str(value)
    if hasattr(value, "tolist"):  # numpy arrays and scalars (checked by duck type: numpy loads lazily)
        return value.tolist()
    if isinstance(value, (tuple, list)):
        return [json_value(v) for v in value]
    return value


def fields_dict(obj: Any, *, exclude: Iterable[str] = (), **extra: Any) -> dict[str, Any]:
    """The dataclass ``obj``'s fields as a JSON-ready dict, then the ``extra`` keys.

    >>> from omaha8eq.chips.pots import PotShape
    >>> fields_dict(PotShape(10, 30, (0, 2)), exclude=("level",), name="main pot")
    {'amount': 30, 'eligible': [0, 2], 'name': 'main pot'}
    """
    skip = set(exclude)
    out = {f.name: json_value(getattr(obj, f.name)) for f in dataclasses.fields(obj) if f.name not in skip}
    out.update({key: json_value(value) for key, value in extra.items()})
    return out
