"""Exceptions raised by omaha8eq for bad input.

Every exception is a ``ValueError`` (or ``TypeError`` for wrong types) whose message
names the offending input, so callers and the CLI can report it in one line.
"""


class OmahaInputError(ValueError):
    """Base class of every input error raised by omaha8eq."""


class InvalidCardError(OmahaInputError):
    """A token or integer that is not one of the 52 cards."""


class DuplicateCardError(OmahaInputError):
    """The same card appears twice in one call (in a hand, the board or the dead cards)."""


class HandSizeError(OmahaInputError):
    """A hand or board with a number of cards the game does not allow."""
