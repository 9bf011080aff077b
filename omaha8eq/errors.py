"""Exceptions raised by omaha8eq for bad input.

Every exception is an :class:`OmahaInputError` (a ``ValueError``) whose message
names the offending input, so callers and the CLI can report it in one line.
An input of the wrong type raises :class:`OmahaTypeError`, which is also a
``TypeError``.
"""


class OmahaInputError(ValueError):
    """Base class of every input error raised by omaha8eq."""


class OmahaTypeError(OmahaInputError, TypeError):
    """An input of the wrong type (a float for a chip count, None for a flag, ...)."""


class InvalidCardError(OmahaInputError):
    """A token or integer that is not one of the 52 cards."""


class DuplicateCardError(OmahaInputError):
    """The same card appears twice in one call (in a hand, the board or the dead cards)."""


class HandSizeError(OmahaInputError):
    """A hand or board with a number of cards the game does not allow."""
