"""A report over files kept in a store: a re-run over a growing folder reads only what is new.

For each file of the sources (:func:`~.reader.source_files`), the store
(:mod:`.store`) is asked what it knows:

- the same size, modification time and SHA-256 of its bytes: its stored rows (each
  hand's results and settlement check, each skipped entry) are loaded, nothing is
  read;
- grown, the bytes stored before unchanged (their SHA-256): the rows before its last
  hand are loaded and the file is read on from that hand's first byte (the last hand
  may have been cut short while the client was writing it);
- else (new, changed, shrunk, a row in doubt): it is read whole.

Each hand read is checked and valued for every player (the store does not depend
on ``player``), stored, and added to the report. Sources that are not files
(standard input, open streams) are read as usual and not stored. A file is read
only up to the size it had when it was looked at, so its digest and its rows agree
even while a client appends to it.
"""

from __future__ import annotations

import codecs
import hashlib
import os
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import BinaryIO, Protocol, cast

from .allin_ev import HandEV, hand_ev
from .reader import HandStream, open_file, source_files
from .records import Hand, Skipped
from .settlement import check_settlement
from .store import FileEntry, HandStore, StoreDoubt, ev_from_row, ev_to_row, skipped_from_row, skipped_to_row

__all__ = ["Report", "read_into"]


class Report(Protocol):
    """What a run through the store adds its hands to (``report.Report``, which imports
    this module: the report is named by what it does, not by its class)."""

    ranges: dict[str, str]

    def _add(self, hand: Hand) -> None: ...

    def add(self, ev: HandEV) -> None: ...


#: Bytes hashed or read at a time.
CHUNK = 1 << 20


def read_into(report: Report, stream: HandStream, store_path: str | os.PathLike[str]) -> None:
    """Add every hand of ``stream``'s sources to ``report``, through the store at ``store_path``."""
    with HandStore.open(store_path, {"ranges": report.ranges}) as store:
        for source in stream.sources:
            if hasattr(source, "read") or not isinstance(source, str | os.PathLike) or str(source) == "-":
                for hand in stream._read([source]):  # not a file: read, not stored
                    report._add(hand)
                continue
            for path in source_files(source):
                _file(report, stream, store, path)


def _file(report: Report, stream: HandStream, store: HandStore, path: Path) -> None:
    name = str(path)
    stat = path.stat()
    size, mtime_ns = stat.st_size, stat.st_mtime_ns
    try:
        entry = store.entry(name)
    except StoreDoubt:
        store.forget(name)
        entry = None
    if entry is not None and size >= entry.size:
        unchanged = size == entry.size and mtime_ns == entry.mtime_ns
        resumable = size > entry.size and entry.resume_line is not None and entry.resume_offset is not None
        if unchanged or resumable:
            before = None if unchanged else entry.resume_line
            if _digest(path, entry.size) == entry.sha256 and _rows_valid(store, entry, before):
                _load(report, stream, store, entry, before)
                if unchanged:
                    return
                assert entry.resume_line is not None and entry.resume_offset is not None
                _read(report, stream, store, path, size, mtime_ns, entry.resume_offset, entry.resume_line)
                return
    _read(report, stream, store, path, size, mtime_ns, 0, 1)


def _rows_valid(store: HandStore, entry: FileEntry, before: int | None) -> bool:
    """Whether every stored row of a file reads back (checked before any is added)."""
    try:
        for kind, data in store.rows(entry, before):
            _decode(kind, data)
    except StoreDoubt:
        return False
    return True


def _decode(kind: str, data: str) -> object:
    if kind == "hand":
        return ev_from_row(data)
    if kind == "skipped":
        return skipped_from_row(data)
    raise StoreDoubt(f"a row of an unknown kind {kind[:20]!r}")


def _load(report: Report, stream: HandStream, store: HandStore, entry: FileEntry, before: int | None) -> None:
    """Add a file's stored rows to the report, and count them in the stream."""
    for kind, data in store.rows(entry, before):
        record = _decode(kind, data)
        if isinstance(record, Skipped):
            stream.skipped.append(record)
        else:
            stream.hands_read += 1
            report.add(record)  # type: ignore[arg-type]
        stream.tick()


def _read(
    report: Report,
    stream: HandStream,
    store: HandStore,
    path: Path,
    size: int,
    mtime_ns: int,
    offset: int,
    first_line: int,
) -> None:
    """Read a file from byte ``offset`` (line ``first_line``) to ``size``, add its hands to
    the report and store them (with the rows before ``first_line`` kept)."""
    last_line = 0
    with store.writing(str(path), keep_before=first_line if offset else None) as writer, open_file(path) as raw:
        reading = _Reading(raw, offset, size)
        for record in stream.read_stream(str(path), cast(BinaryIO, reading), first_line):
            if isinstance(record, Skipped):
                writer.add(record.line, "skipped", skipped_to_row(record))
            else:
                ev = replace(hand_ev(record, report.ranges), settlement=check_settlement(record))
                report.add(ev)
                writer.add(record.line, "hand", ev_to_row(ev))
            last_line = record.line
        resume = None if reading.utf16 or not last_line else (last_line, _line_offset(path, last_line, size))
        writer.finish((size, mtime_ns, reading.digest()), resume)


class _Reading:
    """A file read from ``offset`` up to ``size`` bytes, hashed from its first byte on
    (the bytes before ``offset`` hashed first, not parsed)."""

    def __init__(self, raw: BinaryIO, offset: int, size: int) -> None:
        self._raw = raw
        self._left = size - offset
        self._hash = hashlib.sha256()
        head = raw.read(min(size, 2))
        self.utf16 = head.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE))
        raw.seek(0)
        for chunk in _chunks(raw, offset):
            self._hash.update(chunk)

    def read(self, n: int = -1) -> bytes:
        if self._left <= 0:
            return b""
        data = self._raw.read(self._left if n < 0 else min(n, self._left))
        self._left -= len(data)
        self._hash.update(data)
        return data

    def digest(self) -> str:
        """The SHA-256 of the bytes up to ``size`` (the rest read through if not yet read)."""
        while self.read(CHUNK):
            pass
        return self._hash.hexdigest()


def _chunks(raw: BinaryIO, size: int) -> Iterator[bytes]:
    left = size
    while left > 0:
        chunk = raw.read(min(CHUNK, left))
        if not chunk:
            return
        left -= len(chunk)
        yield chunk


def _digest(path: Path, size: int) -> str:
    """The SHA-256 of a file's first ``size`` bytes."""
    digest = hashlib.sha256()
    with open_file(path) as raw:
        for chunk in _chunks(raw, size):
            digest.update(chunk)
    return digest.hexdigest()


def _line_offset(path: Path, line: int, size: int) -> int:
    """The byte offset where line ``line`` (1-based) begins: after its ``line - 1``-th
    newline (lines are cut at newline bytes, in any encoding but UTF-16)."""
    if line <= 1:
        return 0
    seen = position = 0
    with open_file(path) as raw:
        for chunk in _chunks(raw, size):
            count = chunk.count(b"\n")
            if seen + count >= line - 1:
                index = -1
                for _ in range(line - 1 - seen):
                    index = chunk.index(b"\n", index + 1)
                return position + index + 1
            seen += count
            position += len(chunk)
    return size
