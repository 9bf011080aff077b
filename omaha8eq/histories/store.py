"""The store of what was read: each file's hands and skipped entries, in a local SQLite file.

A cache, never a source of truth. An entry is keyed by the file's path, size,
modification time and a SHA-256 of the bytes read, and the whole store by the
package version and the settings the results depend on (the ranges): a store
written by another version or with other ranges is emptied and filled again. A
store that cannot be read as one (a damaged file carrying this store's mark) is
rebuilt; a file that is not a store at all is refused, never overwritten. Rows are
checked as they are loaded (:func:`ev_from_row`); one that does not read back as a
hand's results makes its file be read again.

Each file is written in one transaction: an interrupted run (Ctrl-C) loses at most
the file it was reading, never what was stored before.
"""

from __future__ import annotations

import json
import os
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any, NamedTuple

from ..checks import excerpt
from ..errors import OmahaInputError, OmahaTypeError
from ..version import __version__
from .allin_ev import HandEV
from .records import Skipped
from .settlement import HandCheck, PotCheck

__all__ = ["FileEntry", "FileWriter", "HandStore", "StoreDoubt", "ev_from_row", "ev_to_row"]

#: SQLite's application id of this store ("o8hh"): a file without it is not ours.
APPLICATION_ID = 0x6F386868

#: The layout of the tables and rows; a store of another layout is rebuilt.
SCHEMA = 2  # 2: each pot checked names its run (hands run twice)

TABLES = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS files (
    id INTEGER PRIMARY KEY,
    path TEXT UNIQUE NOT NULL,
    size INTEGER NOT NULL,
    mtime_ns INTEGER NOT NULL,
    sha256 TEXT NOT NULL,
    resume_line INTEGER,
    resume_offset INTEGER
);
CREATE TABLE IF NOT EXISTS rows (
    file INTEGER NOT NULL REFERENCES files(id) ON DELETE CASCADE,
    line INTEGER NOT NULL,
    kind TEXT NOT NULL,
    data TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS rows_by_file ON rows (file, line);
"""


class StoreDoubt(Exception):
    """Something loaded from the store is not what was stored: read the file again."""


class FileEntry(NamedTuple):
    """What the store knows of one file.

    Attributes:
        id: its row id.
        size, mtime_ns: the file's size and modification time when it was read.
        sha256: the SHA-256 of its first ``size`` bytes.
        resume_line, resume_offset: where its last hand began (line, byte offset), to
            read on from there when the file has grown; None when it cannot be resumed
            (a UTF-16 file, whose lines are not counted in bytes).
    """

    id: int
    size: int
    mtime_ns: int
    sha256: str
    resume_line: int | None
    resume_offset: int | None


@dataclass
class HandStore:
    """An open store. Use :meth:`open`, as a context manager."""

    path: Path
    connection: sqlite3.Connection

    @classmethod
    def open(cls, path: str | os.PathLike[str], settings: dict[str, Any]) -> HandStore:
        """Open (or create) the store at ``path`` for results computed with ``settings``."""
        if not isinstance(path, str | os.PathLike):
            raise OmahaTypeError(f"store: expected a file name, got {excerpt(path)}")
        file = Path(path)
        key = json.dumps({"version": __version__, "schema": SCHEMA, "settings": settings}, sort_keys=True)
        connection = _connect(file)
        try:
            if _current_key(connection) != key:
                _empty(connection)
                with connection:
                    connection.execute("INSERT INTO meta VALUES ('key', ?)", (key,))
        except sqlite3.DatabaseError:  # ours (its mark says so) but damaged: start again
            connection.close()
            _remove(file)
            connection = _connect(file)
            with connection:
                connection.execute("INSERT INTO meta VALUES ('key', ?)", (key,))
        return cls(file, connection)

    def __enter__(self) -> HandStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.connection.close()

    def entry(self, path: str) -> FileEntry | None:
        """The entry of the file at ``path``, or None."""
        row = self.connection.execute(
            "SELECT id, size, mtime_ns, sha256, resume_line, resume_offset FROM files WHERE path = ?", (path,)
        ).fetchone()
        if row is None:
            return None
        if not (isinstance(row[1], int) and isinstance(row[2], int) and isinstance(row[3], str)):
            raise StoreDoubt(f"{path}: a damaged entry")
        return FileEntry(*row)

    def rows(self, entry: FileEntry, before_line: int | None = None) -> Iterator[tuple[str, str]]:
        """The ``(kind, data)`` rows of a file, in line order (only those before a line)."""
        limit = before_line if before_line is not None else 2**62
        cursor = self.connection.execute(
            "SELECT kind, data FROM rows WHERE file = ? AND line < ? ORDER BY line", (entry.id, limit)
        )
        for kind, data in cursor:
            if not isinstance(kind, str) or not isinstance(data, str):
                raise StoreDoubt("a damaged row")
            yield kind, data

    @contextmanager
    def writing(self, path: str, keep_before: int | None = None) -> Iterator[FileWriter]:
        """A transaction writing a file's rows as they come, then its entry
        (:meth:`FileWriter.finish`); the rows stored before line ``keep_before`` (a
        file read on from there) are kept, the others replaced. Nothing is written
        unless the block ends normally (an interruption rolls it back)."""
        with self.connection:
            old = self.connection.execute("SELECT id FROM files WHERE path = ?", (path,)).fetchone()
            if old is None:
                file_id = self.connection.execute(
                    "INSERT INTO files (path, size, mtime_ns, sha256) VALUES (?, -1, -1, '')", (path,)
                ).lastrowid
            else:
                file_id = old[0]
                self.connection.execute("DELETE FROM rows WHERE file = ? AND line >= ?", (file_id, keep_before or 0))
            writer = FileWriter(self.connection, file_id)  # type: ignore[arg-type]
            yield writer
            writer.flush()
            if not writer.finished:
                raise RuntimeError("FileWriter.finish was not called")

    def forget(self, path: str) -> None:
        """Drop a file's entry and rows (they were in doubt)."""
        with self.connection:
            old = self.connection.execute("SELECT id FROM files WHERE path = ?", (path,)).fetchone()
            if old is not None:
                self.connection.execute("DELETE FROM rows WHERE file = ?", (old[0],))
                self.connection.execute("DELETE FROM files WHERE id = ?", (old[0],))


class FileWriter:
    """A file's rows written in batches (memory stays flat however long the file),
    then its entry."""

    BATCH = 1000

    def __init__(self, connection: sqlite3.Connection, file_id: int) -> None:
        self._connection = connection
        self._id = file_id
        self._batch: list[tuple[int, int, str, str]] = []
        self.finished = False

    def add(self, line: int, kind: str, data: str) -> None:
        """One row: a hand's results or a skipped entry, at its first line."""
        self._batch.append((self._id, line, kind, data))
        if len(self._batch) >= self.BATCH:
            self.flush()

    def flush(self) -> None:
        self._connection.executemany("INSERT INTO rows (file, line, kind, data) VALUES (?, ?, ?, ?)", self._batch)
        self._batch = []

    def finish(self, key: tuple[int, int, str], resume: tuple[int, int] | None) -> None:
        """The file's entry: ``(size, mtime_ns, sha256)`` and where to read on from."""
        line, offset = resume if resume is not None else (None, None)
        self._connection.execute(
            "UPDATE files SET size = ?, mtime_ns = ?, sha256 = ?, resume_line = ?, resume_offset = ? WHERE id = ?",
            (*key, line, offset, self._id),
        )
        self.finished = True


def _connect(file: Path) -> sqlite3.Connection:
    """A connection to the store at ``file``, created with its tables when new; an
    input error when the file is something else (never overwritten)."""
    existed = file.exists() and file.stat().st_size > 0
    if existed and _application_id(file) != APPLICATION_ID:
        raise OmahaInputError(f"store: {excerpt(str(file))} is not an omaha8eq hand store (left as it is)")
    try:
        connection = sqlite3.connect(file)
        connection.execute(f"PRAGMA application_id = {APPLICATION_ID}")
        connection.executescript(TABLES)
    except sqlite3.DatabaseError as exc:
        if existed:  # ours by its mark, but not readable: rebuilt
            _remove(file)
            return _connect(file)
        raise OmahaInputError(f"store: cannot write {excerpt(str(file))}: {exc}") from None
    return connection


def _application_id(file: Path) -> int | None:
    """The application id in an SQLite file's header (bytes 68-71), or None."""
    try:
        with file.open("rb") as f:
            header = f.read(100)
    except OSError as exc:
        raise OmahaInputError(f"store: cannot read {excerpt(str(file))}: {exc.strerror}") from None
    if len(header) < 100 or not header.startswith(b"SQLite format 3\x00"):
        return None
    return int.from_bytes(header[68:72], "big")


def _current_key(connection: sqlite3.Connection) -> str | None:
    row = connection.execute("SELECT value FROM meta WHERE key = 'key'").fetchone()
    return row[0] if row else None


def _empty(connection: sqlite3.Connection) -> None:
    with connection:
        for table in ("rows", "files", "meta"):
            connection.execute(f"DELETE FROM {table}")


def _remove(file: Path) -> None:
    try:
        for name in (file, Path(f"{file}-journal")):
            name.unlink(missing_ok=True)
    except OSError as exc:
        raise OmahaInputError(f"store: cannot rebuild {excerpt(str(file))}: {exc.strerror}") from None


# ---------------------------------------------------------------------------
# rows: a hand's results or a skipped entry as JSON, and back (checked)
# ---------------------------------------------------------------------------


def ev_to_row(ev: HandEV) -> str:
    """A hand's results (its settlement check included) as a row's text."""
    check = ev.settlement
    return json.dumps(
        [
            ev.hand_id, ev.date, ev.source, ev.net, ev.adjusted,
            None if ev.adjusted_exact is None else {k: str(v) for k, v in ev.adjusted_exact.items()},
            ev.allin_street, ev.allin_players, ev.adjusted_hand, ev.exhaustive, ev.reason, ev.unit, ev.site,
            ev.assumed, ev.ranges, ev.error,
            None if check is None else [
                check.hand_id, check.checked, check.reason,
                [[p.pot, p.expected, p.site, p.matches, p.board] for p in check.pots],
            ],
        ],
        separators=(",", ":"),
    )  # fmt: skip


def ev_from_row(data: str) -> HandEV:
    """A row's text back as a hand's results; :class:`StoreDoubt` when it is not one."""
    try:
        (hand_id, date, source, net, adjusted, exact, street, allin_players, adjusted_hand, exhaustive, reason,
         unit, site, assumed, ranges, error, check) = json.loads(data)  # fmt: skip
        ev = HandEV(
            _text(hand_id), _text(date), _text(source), _amounts(net, int), _amounts(adjusted, float),
            None if exact is None else {_text(k): Fraction(_text(v)) for k, v in exact.items()},
            None if street is None else _text(street), tuple(_text(p) for p in allin_players),
            _flag(adjusted_hand), _flag(exhaustive), _text(reason), _text(unit), _text(site),
            tuple(_text(p) for p in assumed), {_text(k): _text(v) for k, v in ranges.items()},
            _amounts(error, float), None if check is None else _check(check),
        )  # fmt: skip
    except (ValueError, TypeError, AttributeError, ZeroDivisionError) as exc:
        raise StoreDoubt(f"a row that is not a hand's results ({exc})") from None
    if set(ev.adjusted) != set(ev.net) or not set(ev.assumed) <= set(ev.ranges):
        raise StoreDoubt("a hand's results whose players do not agree")
    return ev


def skipped_to_row(skipped: Skipped) -> str:
    """A skipped entry as a row's text."""
    return json.dumps([skipped.source, skipped.line, skipped.reason, skipped.hand_id])


def skipped_from_row(data: str) -> Skipped:
    """A row's text back as a skipped entry; :class:`StoreDoubt` when it is not one."""
    try:
        source, line, reason, hand_id = json.loads(data)
        if not isinstance(line, int) or isinstance(line, bool):
            raise TypeError("a line that is not a number")
        return Skipped(_text(source), line, _text(reason), None if hand_id is None else _text(hand_id))
    except (ValueError, TypeError) as exc:
        raise StoreDoubt(f"a row that is not a skipped entry ({exc})") from None


def _check(value: Any) -> HandCheck:
    hand_id, checked, reason, pots = value
    return HandCheck(
        _text(hand_id),
        _flag(checked),
        _text(reason),
        tuple(
            PotCheck(
                None if pot is None else _int(pot),
                _amounts(expected, int),
                _amounts(site, int),
                _flag(matches),
                _int(board),
            )
            for pot, expected, site, matches, board in pots
        ),
    )


def _text(value: Any) -> str:
    if not isinstance(value, str):
        raise TypeError(f"expected text, got {type(value).__name__}")
    return value


def _flag(value: Any) -> bool:
    if not isinstance(value, bool):
        raise TypeError(f"expected true or false, got {type(value).__name__}")
    return value


def _int(value: Any) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise TypeError(f"expected a whole number, got {type(value).__name__}")
    return value


def _amounts(value: Any, kind: type) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise TypeError(f"expected amounts by name, got {type(value).__name__}")
    out: dict[str, Any] = {}
    for name, amount in value.items():
        if kind is int:
            out[_text(name)] = _int(amount)
        elif isinstance(amount, int | float) and not isinstance(amount, bool):
            out[_text(name)] = float(amount)
        else:
            raise TypeError(f"expected an amount, got {type(amount).__name__}")
    return out
