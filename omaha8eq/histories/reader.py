"""Reading hand histories: files, folders, standard input, bytes or text, as a stream of hands.

>>> import io
>>> stream = read_hands(io.BytesIO(b"not a hand history\\n"))
>>> list(stream), stream.hands_read, [str(s) for s in stream.skipped]
([], 0, ["<bytes>:1: not a hand history: 'not a hand history'"])
>>> text = read_hands(io.StringIO("still not one\\n"))  # skipped entries come as the stream is read
>>> list(text), [str(s) for s in text.skipped]
([], ["<text>:1: not a hand history: 'still not one'"])
"""

from __future__ import annotations

import io
import os
import sys
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import IO, Any, BinaryIO

from ..checks import excerpt
from ..errors import OmahaInputError, OmahaTypeError
from .bovada import BOVADA
from .builder import header_text, parse_block
from .formats import Format
from .lines import Block, blocks, read_lines
from .pacific import PACIFIC
from .partypoker import PARTYPOKER
from .pokerstars import POKERSTARS
from .records import Hand, Skipped
from .winamax import WINAMAX
from .winning import WINNING
from .winning2019 import WINNING_2019

__all__ = ["FORMATS", "HandStream", "open_file", "read_hands", "source_files"]

#: The formats read. A hand belongs to the first whose ``start`` begins its first line
#: and whose ``any_header`` matches its header (partypoker and 888 both begin "***** ").
FORMATS: tuple[Format, ...] = (POKERSTARS, WINAMAX, WINNING, WINNING_2019, PARTYPOKER, PACIFIC, BOVADA)

#: Where hands begin, for the block reader.
STARTS = tuple(dict.fromkeys(s for f in FORMATS for s in ((f.start,) if isinstance(f.start, str) else f.start)))

#: A source: a path (file or folder), "-" for standard input, or an open stream
#: (binary, or text: it is encoded to UTF-8 as it is read).
Source = str | os.PathLike[str] | IO[bytes] | IO[str]

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
        self.sources = list(sources)
        self.started = False  # True once a hand was asked for (a store reads the sources itself)
        self._progress = progress
        self._hands = self._read(self.sources)

    def __next__(self) -> Hand:
        self.started = True
        return next(self._hands)

    def _read(self, sources: list[Source]) -> Iterator[Hand]:
        for source in sources:
            for name, stream, close in _open(source):
                try:
                    yield from (r for r in self.read_stream(name, stream) if isinstance(r, Hand))
                finally:
                    if close:
                        stream.close()

    def read_stream(self, name: str, stream: BinaryIO, first_line: int = 1) -> Iterator[Hand | Skipped]:
        """The hands of one binary stream named ``name`` whose first line is line
        ``first_line`` of its file (a file read from the middle); skipped entries are
        recorded and, unlike the stream's own iteration, also yielded."""
        for block in blocks(read_lines(stream), STARTS):
            block.line += first_line - 1
            self.lines_read = block.line + len(block.lines)
            record = _parse(block, name)
            if isinstance(record, Skipped):
                self.skipped.append(record)
            else:
                self.hands_read += 1
            yield record
            self.tick()

    def tick(self) -> None:
        """Report progress every 1,000 hands read or skipped."""
        if self._progress is not None and (self.hands_read + len(self.skipped)) % 1000 == 0:
            self._progress(self)


def _parse(block: Block, name: str) -> Hand | Skipped:
    if not block.header:
        first = next((line for line in block.lines if line.strip()), "")
        return Skipped(name, block.line, block.problem or f"not a hand history: {first[:60]!r}")
    fmt = _format(block.lines)
    if fmt is None:
        return Skipped(name, block.line, f"not a hand history this reader knows: {block.lines[0][:60]!r}")
    if block.problem:
        any_header = fmt.any_header.match(header_text(fmt, block.lines)[0])
        return Skipped(name, block.line, block.problem, any_header["hand_id"] if any_header else None)
    return parse_block(fmt, block.lines, name, block.line)


def _format(lines: list[str]) -> Format | None:
    """The format of a hand: the first whose start and header match (else the first
    whose start matches, which names what it could not read)."""
    candidates = [f for f in FORMATS if lines and lines[0].startswith(f.start)]
    for fmt in candidates:
        if fmt.any_header.match(header_text(fmt, lines)[0]):
            return fmt
    return candidates[0] if candidates else None


class _TextAsBytes:
    """A text stream read as UTF-8 bytes (a text stream is accepted as a source)."""

    def __init__(self, stream: IO[str]) -> None:
        self._stream = stream

    def read(self, size: int = -1) -> bytes:
        text = self._stream.read(size)
        if not isinstance(text, str):
            raise OmahaTypeError(f"hand histories: a stream's read() gave {excerpt(text)}, not bytes or text")
        return text.encode("utf-8", errors="replace")


def _stream_name(source: Any, default: str) -> str:
    name = getattr(source, "name", None)
    return name if isinstance(name, str) else default


def _open(source: Source) -> Iterator[tuple[str, BinaryIO, bool]]:
    """The files of a source: (name, binary stream, close when done)."""
    if hasattr(source, "read"):
        if isinstance(source, io.TextIOBase) or _reads_text(source):
            yield _stream_name(source, "<text>"), _TextAsBytes(source), False  # type: ignore[arg-type,misc]
        else:
            yield _stream_name(source, "<bytes>"), source, False  # type: ignore[misc]
        return
    if not isinstance(source, (str, os.PathLike)):
        raise OmahaTypeError(f"hand histories: expected a path, '-' or a stream, got {excerpt(source)}")
    if str(source) == "-":
        yield "<stdin>", sys.stdin.buffer, False
        return
    for file in source_files(source):
        yield str(file), open_file(file), True


def source_files(source: str | os.PathLike[str]) -> list[Path]:
    """The files of a path: the file, or a folder's ``.txt`` and ``.log`` files
    (recursively, in name order)."""
    try:
        path = Path(source)
        if path.is_dir():
            return sorted(p for p in path.rglob("*") if p.is_file() and p.suffix.lower() in SUFFIXES)
        if path.is_file():
            return [path]
        raise OmahaInputError(f"hand histories: {excerpt(str(source))} is not a file or a folder")
    except (OSError, ValueError) as exc:  # a name too long, a NUL in the name, a folder we may not list
        if isinstance(exc, OmahaInputError):
            raise
        reason = getattr(exc, "strerror", None) or str(exc)
        raise OmahaInputError(f"hand histories: cannot read {excerpt(str(source))}: {reason}") from None


def open_file(file: Path) -> BinaryIO:
    """A file opened for reading in binary (an input error naming it when it cannot be)."""
    try:
        return file.open("rb")
    except OSError as exc:
        raise OmahaInputError(f"hand histories: cannot read {excerpt(str(file))}: {exc.strerror}") from None


def _reads_text(source: Any) -> bool:
    """True for a stream whose read() gives text (not an io.TextIOBase: a wrapper)."""
    mode = getattr(source, "mode", None)
    if isinstance(mode, str):
        return "b" not in mode
    return isinstance(getattr(source, "encoding", None), str)


def read_hands(*sources: Source, progress: Callable[[HandStream], None] | None = None) -> HandStream:
    """Read hand histories lazily: PokerStars (every era), Winamax, Winning Poker
    Network (Americas Cardroom: the 2016 and the 2019-2021 clients), partypoker, 888
    (Pacific) and Bovada (Ignition, Bodog).

    Args:
        sources: files, folders (their ``.txt`` and ``.log`` files, recursively, in
            name order), ``"-"`` for standard input, or open streams: binary, or text
            (``io.StringIO``, a file opened in text mode), read as UTF-8.
        progress: called with the stream every 1,000 hands (read or skipped).

    Returns:
        A :class:`HandStream`: iterate it for the hands; ``skipped`` lists what was
        not read (file, line, reason), ``hands_read`` counts the hands.

    Raises:
        OmahaInputError: a source that is not a file, a folder or "-", or that
            cannot be read (when the stream reaches it). Nothing in a file's content raises: a hand that
            cannot be read is skipped with its reason.
    """
    if progress is not None and not callable(progress):
        raise OmahaTypeError(f"progress: expected a function or None, got {excerpt(progress)}")
    return HandStream(sources, progress)
