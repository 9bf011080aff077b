"""Reading hand histories: files, folders, standard input or bytes, as a stream of hands.

>>> import io
>>> stream = read_hands(io.BytesIO(b"not a hand history\\n"))
>>> list(stream), stream.hands_read, [str(s) for s in stream.skipped]
([], 0, ["<bytes>:1: not a hand history: 'not a hand history'"])
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import BinaryIO

from ..checks import excerpt
from ..errors import OmahaInputError, OmahaTypeError
from .builder import Format, parse_block
from .lines import Block, blocks, read_lines
from .pokerstars import POKERSTARS
from .records import Hand, Skipped
from .winamax import WINAMAX

__all__ = ["FORMATS", "HandStream", "read_hands"]

#: The formats read, by the start of their header line.
FORMATS: dict[str, Format] = {"PokerStars ": POKERSTARS, "Winamax Poker - ": WINAMAX}

#: A source: a path (file or folder), "-" for standard input, or an open binary stream.
Source = str | os.PathLike[str] | BinaryIO

#: The file names read in a folder.
SUFFIXES = (".txt", ".log")


class HandStream(Iterator[Hand]):
    """The hands of one or more sources, read lazily (memory stays flat).

    Iterate it for the :class:`~omaha8eq.histories.records.Hand` records; as it goes
    it counts the hands read and records every skipped hand in :attr:`skipped`.

    Attributes:
        hands_read: the hands returned so far.
        skipped: the :class:`~omaha8eq.histories.records.Skipped` entries so far.
        lines_read: the lines read so far (for progress reports).
    """

    def __init__(self, sources: Iterable[Source], progress: Callable[[HandStream], None] | None = None) -> None:
        self.hands_read = 0
        self.skipped: list[Skipped] = []
        self.lines_read = 0
        self._progress = progress
        self._hands = self._read(list(sources))

    def __next__(self) -> Hand:
        return next(self._hands)

    def _read(self, sources: list[Source]) -> Iterator[Hand]:
        for source in sources:
            for name, stream, close in _open(source):
                try:
                    yield from self._read_stream(name, stream)
                finally:
                    if close:
                        stream.close()

    def _read_stream(self, name: str, stream: BinaryIO) -> Iterator[Hand]:
        for block in blocks(read_lines(stream)):
            self.lines_read = block.line + len(block.lines)
            record = _parse(block, name)
            if isinstance(record, Skipped):
                self.skipped.append(record)
            else:
                self.hands_read += 1
                yield record
            if self._progress is not None and (self.hands_read + len(self.skipped)) % 1000 == 0:
                self._progress(self)


def _parse(block: Block, name: str) -> Hand | Skipped:
    if not block.header:
        first = next((line for line in block.lines if line.strip()), "")
        return Skipped(name, block.line, block.problem or f"not a hand history: {first[:60]!r}")
    header = block.lines[0]
    fmt = next(f for start, f in FORMATS.items() if header.startswith(start))
    if block.problem:
        any_header = fmt.any_header.match(header)
        return Skipped(name, block.line, block.problem, any_header["hand_id"] if any_header else None)
    return parse_block(fmt, block.lines, name, block.line)


def _open(source: Source) -> Iterator[tuple[str, BinaryIO, bool]]:
    """The files of a source: (name, binary stream, close when done)."""
    if hasattr(source, "read"):
        yield (
            getattr(source, "name", "<bytes>") if isinstance(getattr(source, "name", None), str) else "<bytes>",
            source,
            False,
        )  # type: ignore[misc]
        return
    if not isinstance(source, (str, os.PathLike)):
        raise OmahaTypeError(f"hand histories: expected a path, '-' or a binary stream, got {excerpt(source)}")
    if str(source) == "-":
        yield "<stdin>", sys.stdin.buffer, False
        return
    path = Path(source)
    if path.is_dir():
        files = sorted(p for p in path.rglob("*") if p.is_file() and p.suffix.lower() in SUFFIXES)
    elif path.is_file():
        files = [path]
    else:
        raise OmahaInputError(f"hand histories: {excerpt(str(source))} is not a file or a folder")
    for file in files:
        try:
            stream = file.open("rb")
        except OSError as exc:
            raise OmahaInputError(f"hand histories: cannot read {excerpt(str(file))}: {exc.strerror}") from None
        yield str(file), stream, True


def read_hands(*sources: Source, progress: Callable[[HandStream], None] | None = None) -> HandStream:
    """Read hand histories (PokerStars, every era, and Winamax) lazily.

    Args:
        sources: files, folders (their ``.txt`` and ``.log`` files, recursively, in
            name order), ``"-"`` for standard input, or open binary streams.
        progress: called with the stream every 1,000 hands (read or skipped).

    Returns:
        A :class:`HandStream`: iterate it for the hands; ``skipped`` lists what was
        not read (file, line, reason), ``hands_read`` counts the hands.

    Raises:
        OmahaInputError: a source that is not a file, a folder or "-" (when the
            stream reaches it). Nothing in a file's content raises: a hand that
            cannot be read is skipped with its reason.
    """
    if progress is not None and not callable(progress):
        raise OmahaTypeError(f"progress: expected a function or None, got {excerpt(progress)}")
    return HandStream(sources, progress)
