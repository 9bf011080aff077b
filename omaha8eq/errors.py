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


class WorkLimitError(OmahaInputError):
    """An exact run whose estimated cost is above its limit (``max_work``), refused before
    it starts.

    The message names the library's parameters and the command line's options; a front
    end with other controls (the web page) writes its own from the fields: ``work`` (the
    estimate, in ``unit``: hand evaluations, or row updates for the range sweep),
    ``seconds`` (the estimated time on one core) and ``limit`` (the limit in force).
    """

    def __init__(self, message: str, *, work: float, unit: str, seconds: float, limit: float) -> None:
        super().__init__(message)
        self.work, self.unit, self.seconds, self.limit = work, unit, seconds, limit
