"""Keeps numba's on-disk cache of the compiled core in step with the core's sources,
and never lets numba load a cache file that is not byte for byte what it wrote.

numba checks a cached function only against the one source file that defines it,
but the entry points inline kernels from other files of this package
(``high.best_flush`` is compiled into ``showdown``, ``exact_multisets``, ``batch``,
...): after an edit of ``high.py`` numba would go on serving the old machine code.
Nor does numba check its data files: a truncated or emptied ``.nbc`` file raises
when it is unpickled, and a flipped byte inside the machine code it holds is
loaded and run. So numba's cache of the core is kept with a **manifest**
(:data:`MANIFEST_FILE`, JSON, beside numba's files): the fingerprint of the sources
it was compiled from (:func:`core_fingerprint`: every source file of
``omaha8eq/core`` with the numba, numpy and Python versions) and the sha256 of each
of numba's index and data files, recorded the moment numba writes one (this module
wraps numba's two writers, for this directory's files only).

:func:`guard_compiled_cache` runs once per process, from ``omaha8eq/core/__init__.py``,
so importing any kernel module runs it first, before numba loads anything. When the
recorded fingerprint differs from the current one (or there is no manifest), it
deletes this package's cached machine code and starts an empty manifest. Else it
hashes every file (about 2 MB, a few milliseconds) and drops every function whose
files are not all as recorded -- a file unrecorded, different or missing; an index
and its data files go together -- with a one-line note on stderr; numba compiles
those kernels again.

What it touches: only numba's index and data files of the core modules
(``<module>.<function>-<line>.pyXY.nbi`` and ``....N.nbc``, ``<module>`` one of the
files next to this one) in the directory numba picks for them -- ``NUMBA_CACHE_DIR``
when set and writable, else ``__pycache__`` beside the sources when writable, else
numba's user-wide cache directory (numba's ``_CacheLocator`` classes decide; this
module asks them) -- and its own manifest and lock file there.

When numba has no writable cache location at all (a read-only installation with
no writable home) the kernels are cached in a temporary folder for this run, with
a one-line note on stderr; likewise when files that must go cannot be deleted.

Two processes at once do not break each other: the manifest is changed under an
exclusive lock (``fcntl.flock`` on :data:`LOCK_FILE`; on Windows unlocked,
where a lost update costs one compilation), re-read and merged, and written
atomically (a private temporary file, then ``os.replace``); numba itself writes
each file atomically, and deleting a file already gone is fine. The worst a race
costs is one extra compilation.
"""

from __future__ import annotations

import atexit
import contextlib
import functools
import hashlib
import json
import os
import shutil
import stat
import sys
import tempfile
import uuid
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any, BinaryIO

import numba
import numpy as np

if sys.platform != "win32":
    import fcntl

__all__ = [
    "CORE_DIR",
    "LOCK_FILE",
    "MANIFEST_FILE",
    "NotAFileError",
    "core_fingerprint",
    "guard_compiled_cache",
    "numba_cache_dir",
    "open_cache_file",
]

#: The directory of the compiled core: every ``*.py`` in it is fingerprinted.
CORE_DIR = Path(__file__).resolve().parent
#: The sources outside the core that its kernels compile in: the limits their buffers
#: are sized from (numba freezes a module's global numbers into the machine code).
COMPILED_IN = (CORE_DIR.parent / "deck.py",)
#: The manifest's file name, in numba's cache directory of the core:
#: ``{"fingerprint": core_fingerprint(), "files": {file name: sha256 hex}}``.
MANIFEST_FILE = "omaha8eq-core.manifest.json"
#: The lock file serialising changes of the manifest, beside it.
LOCK_FILE = "omaha8eq-core.manifest.lock"
_NUMBA_SUFFIXES = (".nbi", ".nbc")
#: The cache directories whose writes by numba are recorded in their manifest.
_RECORDED_DIRS: set[Path] = set()


#: The largest manifest read: a real one is a few kilobytes.
_MANIFEST_MAX_BYTES = 1 << 20


class NotAFileError(OSError):
    """A cache file's path holds something else: a folder, a named pipe (FIFO), a device."""

    def __init__(self, path: Path, kind: str) -> None:
        super().__init__(f"{path} is a {kind}, not a file")
        self.path, self.kind = path, kind


def _kind(mode: int) -> str | None:
    """What a non-regular file is, in words; None for a regular file."""
    if stat.S_ISREG(mode):
        return None
    if stat.S_ISDIR(mode):
        return "folder"
    if stat.S_ISFIFO(mode):
        return "named pipe"
    return "socket" if stat.S_ISSOCK(mode) else "device"


def open_cache_file(path: Path) -> BinaryIO:
    """``path`` opened for reading in binary, once it is known to be a regular file.

    Opened without blocking: ``open()`` of a named pipe waits for a writer forever, and
    a read of a pipe or a device may never end; either at a cache file's path would
    hang every command. Raises :class:`NotAFileError` for anything but a regular file
    (a symbolic link to one is fine) and ``OSError`` when it cannot be opened.
    """
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0))
    try:
        kind = _kind(os.fstat(fd).st_mode)
        if kind is not None:
            raise NotAFileError(path, kind)
        return os.fdopen(fd, "rb")  # O_NONBLOCK changes nothing for a regular file
    except BaseException:
        os.close(fd)
        raise


def _core_sources() -> list[Path]:
    return [*sorted(CORE_DIR.glob("*.py")), *COMPILED_IN]


@functools.cache
def core_fingerprint() -> str:
    """A hex digest of the core's sources and of the numba, numpy and Python versions.

    Any edit of any ``omaha8eq/core/*.py`` or of :data:`COMPILED_IN` (or an upgrade of numba, numpy or
    Python) changes it. Hashing the ~15 small files takes about a millisecond.
    """
    digest = hashlib.sha256()
    versions = f"numba {numba.__version__}\nnumpy {np.__version__}\npython {sys.version}\n"
    digest.update(versions.encode())
    for source in _core_sources():
        content = source.read_bytes()
        digest.update(f"{source.name}\0{len(content)}\0".encode())
        digest.update(content)
    return digest.hexdigest()


def _probe() -> None:
    """A function defined in the core's directory, so numba locates its cache like the kernels'."""


def numba_cache_dir() -> Path | None:
    """The directory numba caches the core's kernels in, or None if it has none.

    Asks numba's own locator classes (the order and the writability test are
    theirs: ``NUMBA_CACHE_DIR``, then ``__pycache__`` beside the sources, then the
    user-wide cache). Every core module lives in this one directory, so one probe
    function stands for all of them. Creates the directory, as numba would.
    """
    try:
        from numba.core.caching import CompileResultCacheImpl

        locator = CompileResultCacheImpl(_probe).locator  # type: ignore[no-untyped-call]  # numba is untyped
    except RuntimeError:  # "cannot cache function ...: no locator available"
        return None
    except (ImportError, AttributeError):  # numba's internals moved: do not guess where its cache is
        return None
    return Path(locator.get_cache_path())


def _is_core_cache_file(name: str) -> bool:
    """Whether ``name`` is a numba index or data file of a module of the core."""
    module = name.split(".", 1)[0]
    return name.endswith(_NUMBA_SUFFIXES) and (CORE_DIR / f"{module}.py").is_file()


def _function_of(name: str) -> str:
    """The cached function a numba file belongs to: ``high.best_flush-84.py311`` for its
    index ``....nbi`` and its data files ``....1.nbc``, ``....2.nbc``, ..."""
    return name[: -len(".nbi")] if name.endswith(".nbi") else name.rsplit(".", 2)[0]


def _core_cache_files(cache_dir: Path) -> dict[str, Path]:
    try:
        names = os.listdir(cache_dir)
    except OSError:
        return {}
    return {name: cache_dir / name for name in names if _is_core_cache_file(name)}


def _digest(path: Path) -> str | None:
    """The sha256 of the file's bytes (hex), or None if it cannot be read or is not a file."""
    try:
        with open_cache_file(path) as file:
            return hashlib.sha256(file.read()).hexdigest()
    except OSError:
        return None


def _remove(paths: Iterable[Path]) -> bool:
    """Delete ``paths``; False if one of them could not be deleted.

    A file already gone (another process was quicker) counts as deleted.
    """
    removed = True
    for path in paths:
        try:
            path.unlink(missing_ok=True)
        except OSError:  # noqa: PERF203 - one failure must not stop the others
            removed = False
    return removed


def _read_manifest(cache_dir: Path) -> tuple[str | None, dict[str, str]]:
    """The recorded (fingerprint, {file name: sha256}); (None, {}) when there is no
    readable manifest (missing, not a file, too big, not JSON, nested too deeply, ...)."""
    try:
        with open_cache_file(cache_dir / MANIFEST_FILE) as file:
            text = file.read(_MANIFEST_MAX_BYTES + 1)
        if len(text) > _MANIFEST_MAX_BYTES:
            raise ValueError("not a manifest: too big")
        document = json.loads(text)
        fingerprint, files = document["fingerprint"], document["files"]
    except (OSError, ValueError, TypeError, KeyError, IndexError, RecursionError):
        return None, {}
    if not isinstance(fingerprint, str) or not isinstance(files, dict):
        return None, {}
    return fingerprint, {name: digest for name, digest in files.items() if isinstance(digest, str)}


@contextlib.contextmanager
def _locked(cache_dir: Path) -> Iterator[None]:
    """Hold the manifest's lock (where ``fcntl`` exists) for the block."""
    if sys.platform == "win32":  # no fcntl: unlocked (a lost update costs one compilation)
        yield
        return
    # Without blocking: a named pipe at the lock's path must fail (ENXIO), not wait for a reader.
    flags = os.O_WRONLY | os.O_CREAT | os.O_APPEND | os.O_NONBLOCK | os.O_CLOEXEC
    with os.fdopen(os.open(cache_dir / LOCK_FILE, flags, 0o666), "a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


def _update_manifest(cache_dir: Path, written: Iterable[str] = (), dropped: Iterable[str] = ()) -> None:
    """Record the digests of the files ``written`` (names in ``cache_dir``) and forget
    ``dropped`` files in the manifest of this process's fingerprint (an entry of other
    sources' manifest is forgotten too).

    Under the lock the manifest is read again, so what other processes recorded in
    the meantime stays, and each written file is read: two processes that compile the
    same kernel at once (the workers of a fork pool) each replace its files, and a
    digest read before the lock could be recorded after the other's, leaving the
    manifest naming bytes no longer there (the next process would drop the kernel).
    Read under the lock, the last record is of the last file written. A failure to
    write is ignored: at worst the files not recorded are dropped, and compiled again,
    by the next process.
    """
    fingerprint = core_fingerprint()
    with contextlib.suppress(OSError), _locked(cache_dir):
        theirs, files = _read_manifest(cache_dir)
        if theirs != fingerprint:
            files = {}
        for name in dropped:
            files.pop(name, None)
        for name in written:
            digest = _digest(cache_dir / name)
            if digest is not None:  # else removed since: nothing to vouch for
                files[name] = digest
        _write_atomically(cache_dir / MANIFEST_FILE, json.dumps({"fingerprint": fingerprint, "files": files}))


def _write_atomically(path: Path, text: str) -> None:
    tmp = path.with_name(f"{path.name}.{os.getpid()}.{uuid.uuid4().hex[:8]}.tmp")
    try:
        tmp.write_text(text)
        os.replace(tmp, path)
    finally:
        tmp.unlink(missing_ok=True)


def _recording(save: Callable[..., None], written: Callable[..., str]) -> Callable[..., None]:
    """numba's writer ``save``, recording the digest of the file it wrote (``written``
    gives its path from the same arguments) when that is a core file of a recorded
    directory."""

    @functools.wraps(save)
    def save_and_record(self: Any, *args: Any) -> None:
        save(self, *args)
        path = Path(written(self, *args))
        if path.parent in _RECORDED_DIRS and _is_core_cache_file(path.name):
            _update_manifest(path.parent, written=[path.name])

    save_and_record.records_core_files = True  # type: ignore[attr-defined]  # marks numba's class as wrapped
    return save_and_record


def _record_numba_writes(cache_dir: Path) -> bool:
    """From now on record in ``cache_dir``'s manifest every core file numba writes
    there; False if numba's writers are not where this module expects them."""
    try:
        from numba.core.caching import IndexDataCacheFile

        writers = IndexDataCacheFile._save_index, IndexDataCacheFile._save_data
    except (ImportError, AttributeError):
        return False
    if not hasattr(writers[0], "records_core_files"):  # once per process
        # Class attributes: numba creates a cache file object per function.
        index_path, data_path = (
            (lambda self, _overloads: self._index_path),
            (lambda self, name, _data: self._data_path(name)),
        )
        IndexDataCacheFile._save_index = _recording(writers[0], index_path)  # type: ignore[method-assign]  # wrapped
        IndexDataCacheFile._save_data = _recording(writers[1], data_path)  # type: ignore[method-assign]  # wrapped
    _RECORDED_DIRS.add(cache_dir)
    return True


def _remove_folder_at_exit(folder: str, owner: int) -> None:
    if os.getpid() == owner:  # not in a forked child that exits normally: the parent still uses it
        shutil.rmtree(folder, ignore_errors=True)


def _cache_in_temporary_folder(reason: str) -> None:
    """Point numba (this process and its children) at a fresh folder, removed at exit."""
    folder = tempfile.mkdtemp(prefix="omaha8eq-numba-")
    os.environ["NUMBA_CACHE_DIR"] = folder  # numba re-reads its configuration from the environment
    numba.config.CACHE_DIR = folder  # type: ignore[attr-defined]  # numba.config sets its names at run time
    atexit.register(_remove_folder_at_exit, folder, os.getpid())
    print(f"omaha8eq: {reason}; compiled kernels are cached in {folder} for this run only", file=sys.stderr)


def _not_as_recorded(cached: dict[str, Path], recorded: dict[str, str]) -> list[str]:
    """The files of every function one of whose files is unrecorded, different or
    missing (an index and its data files are used together or not at all)."""
    # An unreadable file (a pipe) has no digest: it is bad even when unrecorded (None == None).
    bad = {name for name, path in cached.items() if (digest := _digest(path)) is None or recorded.get(name) != digest}
    bad |= recorded.keys() - cached.keys()
    functions = {_function_of(name) for name in bad}
    return sorted(name for name in cached if _function_of(name) in functions)


def _repair_special_files(cache_dir: Path) -> bool:
    """Remove a folder, pipe or device found where the manifest or its lock belongs, with
    a one-line note (else the manifest could never be written, and every run would
    compile the kernels again). A folder with files in it is not ours to delete: it is
    renamed aside. False when neither can be done."""
    for name in (MANIFEST_FILE, LOCK_FILE):
        path = cache_dir / name
        try:
            kind = _kind(os.stat(path).st_mode)
        except OSError:  # missing (the usual case), or a dangling link: written over as a file
            continue
        if kind is None:
            continue
        fate = "removed it"
        try:
            if kind != "folder" or path.is_symlink():
                os.unlink(path)
            elif any(path.iterdir()):
                aside = path.with_name(f"{name}.not-a-file-{uuid.uuid4().hex[:8]}")
                os.rename(path, aside)
                fate = f"moved it to {aside.name}"
            else:
                os.rmdir(path)
        except OSError:
            return False
        print(f"omaha8eq: {path} was a {kind}, not a file; {fate}", file=sys.stderr)
    return True


@functools.cache
def guard_compiled_cache() -> None:
    """Drop the core's cached machine code unless it was built from the current
    sources and every file of it is as numba wrote it; record what numba writes next.

    Runs once per process (later calls return at once); must run before any kernel
    module is imported. See the module docstring for what it deletes and why.
    """
    cache_dir = numba_cache_dir()
    if cache_dir is None:
        _cache_in_temporary_folder("no writable cache directory for the compiled kernels")
        return
    if not _record_numba_writes(cache_dir):
        _cache_in_temporary_folder("cannot check numba's cache files with this numba version")
        return
    if not _repair_special_files(cache_dir):
        _RECORDED_DIRS.discard(cache_dir)
        _cache_in_temporary_folder(f"{cache_dir / MANIFEST_FILE} or its lock is not a file and cannot be removed")
        return
    fingerprint, recorded = _read_manifest(cache_dir)
    cached = _core_cache_files(cache_dir)
    current = fingerprint == core_fingerprint()
    stale = _not_as_recorded(cached, recorded) if current else sorted(cached)
    if not _remove(cached[name] for name in stale):
        # Machine code we cannot vouch for and cannot delete must not be loaded: compile afresh elsewhere.
        _RECORDED_DIRS.discard(cache_dir)
        _cache_in_temporary_folder(f"cannot remove outdated compiled kernels from {cache_dir}")
        return
    if current and stale:
        print(
            f"omaha8eq: {len(stale)} compiled-kernel cache files in {cache_dir} were not as recorded when "
            "written (damaged, or left by an interrupted run); deleted, those kernels are compiled again",
            file=sys.stderr,
        )
    if stale or not current or recorded.keys() - cached.keys():
        _update_manifest(cache_dir, dropped=[*stale, *(recorded.keys() - cached.keys())])
