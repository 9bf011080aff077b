"""Read-only attributes that read a field of another object the instance holds.

A result or a game object often shows the fields of a record it keeps (a report's
exact fractions as floats, a betting round's state): one :class:`Delegated` line each,
instead of a property apiece, and the class can list them (:func:`delegated_names`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Generic, TypeVar, overload

__all__ = ["Delegated", "delegated_names"]

T = TypeVar("T")


class Delegated(Generic[T]):
    """``instance.<name>`` reads ``instance.<holder>.<name>`` (the name it is bound to in
    its class), through ``convert`` when given::

        class Report:
            p_low = Delegated[float]("exact", float)  # report.p_low == float(report.exact.p_low)

    Setting it raises AttributeError, as for a property without a setter. Its docstring
    is the string under it, as for any attribute (the docs read that)."""

    def __init__(self, holder: str, convert: Callable[[Any], T] | None = None) -> None:
        self.holder = holder
        self.convert = convert
        self.name = ""
        self.__doc__ = None  # not the class's: an attribute's docstring is the string under it

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    @overload
    def __get__(self, instance: None, owner: type | None = None) -> Delegated[T]: ...

    @overload
    def __get__(self, instance: object, owner: type | None = None) -> T: ...

    def __get__(self, instance: object, owner: type | None = None) -> T | Delegated[T]:
        if instance is None:
            return self
        value = getattr(getattr(instance, self.holder), self.name)
        return value if self.convert is None else self.convert(value)

    def __set__(self, instance: object, value: object) -> None:
        raise AttributeError(f"{self.name}: read-only (it reads {self.holder}.{self.name})")


def delegated_names(cls: type, holder: str) -> list[str]:
    """The names of ``cls``'s :class:`Delegated` attributes that read ``holder``, in the
    order the class (and then its bases) defines them."""
    names: list[str] = []
    for klass in cls.__mro__:
        for name, value in vars(klass).items():
            if isinstance(value, Delegated) and value.holder == holder and name not in names:
                names.append(name)
    return names
