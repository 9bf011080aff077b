"""Streaming a hand-history file into hands: lines decoded one by one, cut into blocks.

A file is read line by line in binary and never whole, so memory stays flat in the
number of hands. Each line is decoded on its own (UTF-8, else Windows-1252: files
that mix the two are common when a client changed its encoding), a byte-order mark
and Windows line ends are removed. A file in UTF-16 (WPN's client writes it, with a
byte-order mark) is turned into UTF-8 as it is read, chunk by chunk. A line longer than :data:`MAX_LINE` bytes is not
kept: its hand is skipped ("line too long") and reading goes on after it. A line
holding NUL bytes (binary data) is never part of a hand.

A hand starts at a header line (one that begins as one of the formats' headers; the
reader passes them) and runs to the next header or the end of the file; text
outside hands is reported as skipped, except the lines the sites write between
hands (partypoker's ``Game #N starts.``, the ``#Game No : N`` before a header).
"""

from __future__ import annotations

import codecs
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import BinaryIO

from ..errors import OmahaTypeError

__all__ = ["BETWEEN_HANDS", "MAX_LINE", "Block", "blocks", "decode", "read_lines"]

#: The longest line kept (bytes); a hand with a longer line is skipped.
MAX_LINE = 64 * 1024

#: The most lines a hand may have (a hand of Omaha has well under 200).
MAX_HAND_LINES = 2000

#: Lines the sites write between hands: never text to report when outside a hand.
BETWEEN_HANDS = re.compile(r"^(?:#Game No : \d+|Game #\d+ starts\.)\s*$")

TOO_LONG = "\x00too long"  # marks a line that was cut (never a real line: real lines hold no NUL)


def decode(raw: bytes) -> str:
    """One line as text: UTF-8 if it is valid, else Windows-1252 (undefined bytes replaced)."""
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return raw.decode("cp1252", errors="replace")


#: Bytes read at a time.
CHUNK = 1 << 20


def _text(raw: bytes) -> str:
    """A complete line (bytes, without its LF) as text: CR, overlong content and BOM handled."""
    if len(raw) > MAX_LINE:
        return TOO_LONG
    line = decode(raw.rstrip(b"\r"))
    return line.lstrip("\ufeff") if line.startswith("\ufeff") else line  # a BOM of a file glued to another


def _chunks(stream: BinaryIO) -> Iterator[bytes]:
    """The stream's bytes in chunks, UTF-16 (known by its byte-order mark) turned into
    UTF-8 on the way (a stray odd byte at its end becomes a replacement character)."""
    first: object = stream.read(CHUNK)
    if not isinstance(first, bytes | bytearray):  # a stream of the wrong kind: not content
        raise OmahaTypeError(f"hand histories: a stream's read() gave {type(first).__name__}, not bytes")
    if not first.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        yield bytes(first.removeprefix(codecs.BOM_UTF8))
        while chunk := stream.read(CHUNK):
            yield chunk
        return
    decoder = codecs.getincrementaldecoder("utf-16")(errors="replace")
    chunk = bytes(first)
    while chunk:
        yield decoder.decode(chunk).encode("utf-8", errors="replace")
        chunk = stream.read(CHUNK)
    yield decoder.decode(b"", final=True).encode("utf-8", errors="replace")


def read_lines(stream: BinaryIO) -> Iterator[str]:
    """The lines of a binary stream as text, without line ends, BOM or overlong content.

    The stream is read in chunks of :data:`CHUNK` bytes, cut at line ends. A line
    longer than :data:`MAX_LINE` bytes comes out as a marker the block reader
    recognises; its bytes are dropped as they come (never held whole).
    """
    pending = b""  # the start of a line whose end is still to come
    dropping = False  # the line being read is overlong: its bytes are dropped
    for chunk in _chunks(stream):
        parts = chunk.split(b"\n")
        if dropping:
            if len(parts) == 1:
                continue
            yield TOO_LONG
            dropping = False
            parts = parts[1:]  # the overlong line's tail is dropped
        else:
            parts[0] = pending + parts[0]
        pending = parts.pop()
        if len(pending) > MAX_LINE:
            dropping, pending = True, b""
        for raw in parts:
            yield _text(raw)
    if dropping:
        yield TOO_LONG
    elif pending:
        yield _text(pending)


@dataclass
class Block:
    """A run of lines: a hand (``header`` True) or text outside any hand.

    Attributes:
        line: the number of its first line (1-based).
        lines: the lines, without line ends (blank lines at its end dropped).
        header: True when it starts with a hand header.
        problem: why it cannot be read whole (a line too long, binary data, too many
            lines), or None.
    """

    line: int
    lines: list[str]
    header: bool
    problem: str | None = None


def blocks(lines: Iterable[str], starts: tuple[str, ...]) -> Iterator[Block]:
    """Cut lines into hands (a hand begins with a line that begins as one of ``starts``)
    and the text between them (blank lines alone are dropped)."""
    current: Block | None = None
    for number, line in enumerate(lines, start=1):
        # A header holding binary data is no header: its hand is reported with the text around it.
        is_header = line.startswith(starts) and "\x00" not in line and line != TOO_LONG
        if is_header or current is None:
            if current is not None and _worth(current):
                yield current
            current = Block(number, [], is_header)
        if line == TOO_LONG:
            current.problem = current.problem or f"line {number} is longer than {MAX_LINE:,} bytes"
            continue
        if "\x00" in line:
            current.problem = current.problem or f"line {number} holds binary data"
            continue
        if len(current.lines) >= MAX_HAND_LINES:
            current.problem = current.problem or f"more than {MAX_HAND_LINES:,} lines without a new hand"
            continue
        current.lines.append(line)
    if current is not None and _worth(current):
        yield current


def _worth(block: Block) -> bool:
    """A block is reported unless it is only blank lines (or, outside a hand, only the
    lines sites write between hands)."""
    while block.lines and not block.lines[-1].strip():
        block.lines.pop()
    if not block.header and all(not line.strip() or BETWEEN_HANDS.match(line) for line in block.lines):
        block.lines = []
    return block.header or bool(block.lines) or block.problem is not None
