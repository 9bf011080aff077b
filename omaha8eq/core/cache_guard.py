"""Keeps numba's on-disk cache of the compiled core in step with the core's sources.

numba checks a cached function only against the one source file that defines it,
but the entry points inline kernels from other files of this package
(``high.best_flush`` is compiled into ``showdown``, ``exact_multisets``, ``batch``,
...): after an edit of ``high.py`` numba would go on serving the old machine code.
So :func:`guard_compiled_cache` fingerprints every source file of ``omaha8eq/core``
together with the numba, numpy and Python versions (:func:`core_fingerprint`) and,
when the fingerprint differs from the one recorded beside numba's cache, deletes
this package's cached machine code before any kernel loads, then records the new
fingerprint. It runs once per process, from ``omaha8eq/core/__init__.py``, so
importing any kernel module runs it first.

What it touches: only numba's index and data files of the core modules
(``<module>.<function>-<line>.pyXY.nbi`` and ``....N.nbc``, ``<module>`` one of the
files next to this one) in the directory numba picks for them -- ``NUMBA_CACHE_DIR``
when set and writable, else ``__pycache__`` beside the sources when writable, else
numba's user-wide cache directory (numba's ``_CacheLocator`` classes decide; this
module asks them) -- and its own fingerprint file there.

It also repairs what would otherwise break every command: an index file numba
cannot unpickle (numba raises instead of recompiling) is deleted, and when numba
has no writable cache location at all (a read-only installation with no writable
home) the kernels are cached in a temporary folder for this run, with a one-line
note on stderr.

Two processes starting at once do not break each other: the fingerprint is written
atomically (a private temporary file, then ``os.replace``) and deleting a file
that is already gone is fine. The worst a race costs is one extra compilation.
"""

from __future__ import annotations

import atexit
import contextlib
import functools
import hashlib
import os
import pickle
import shutil
import sys
import tempfile
import uuid
from pathlib import Path

import numba
import numpy as np

__all__ = ["CORE_DIR", "FINGERPRINT_FILE", "core_fingerprint", "guard_compiled_cache", "numba_cache_dir"]

#: The directory of the compiled core: every ``*.py`` in it is fingerprinted.
CORE_DIR = Path(__file__).resolve().parent
#: The fingerprint's file name, in numba's cache directory of the core.
FINGERPRINT_FILE = "omaha8eq-core.fingerprint"
_NUMBA_SUFFIXES = (".nbi", ".nbc")


def _core_sources() -> list[Path]:
    return sorted(CORE_DIR.glob("*.py"))


@functools.cache
def core_fingerprint() -> str:
    """A hex digest of the core's sources and of the numba, numpy and Python versions.

    Any edit of any ``omaha8eq/core/*.py`` (or an upgrade of numba, numpy or
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


def _core_cache_files(cache_dir: Path) -> list[Path]:
    try:
        names = os.listdir(cache_dir)
    except OSError:
        return []
    return [cache_dir / name for name in names if _is_core_cache_file(name)]


def _remove(paths: list[Path]) -> bool:
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


def _index_is_readable(index: Path) -> bool:
    """Whether numba can read this index file without raising.

    numba unpickles the numba version first and, when it is its own, the
    ``(source stamp, overloads)`` pair; a garbled file raises there
    (``UnpicklingError``, ``EOFError``, ...), and numba does not catch it.
    """
    try:
        with index.open("rb") as f:
            version = pickle.load(f)
            rest = f.read()
        if version != numba.__version__:
            return True  # numba skips another version's index without reading on
        _stamp, overloads = pickle.loads(rest)
    except FileNotFoundError:
        return True
    except Exception:  # any failure to unpickle means numba would fail the same way
        return False
    return isinstance(overloads, dict)


def _write_atomically(path: Path, text: str) -> None:
    tmp = path.with_name(f"{path.name}.{os.getpid()}.{uuid.uuid4().hex[:8]}.tmp")
    try:
        tmp.write_text(text)
        os.replace(tmp, path)
    finally:
        tmp.unlink(missing_ok=True)


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


@functools.cache
def guard_compiled_cache() -> None:
    """Drop the core's cached machine code unless it was built from the current sources.

    Runs once per process (later calls return at once); must run before any kernel
    module is imported. See the module docstring for what it deletes and why.
    """
    cache_dir = numba_cache_dir()
    if cache_dir is None:
        _cache_in_temporary_folder("no writable cache directory for the compiled kernels")
        return
    fingerprint = core_fingerprint()
    record = cache_dir / FINGERPRINT_FILE
    try:
        recorded = record.read_text()
    except OSError:
        recorded = None
    cached = _core_cache_files(cache_dir)
    if recorded == fingerprint:
        stale = [path for path in cached if path.suffix == ".nbi" and not _index_is_readable(path)]
    else:
        stale = cached
    if not _remove(stale):
        # Old machine code we cannot delete must not be loaded: compile afresh elsewhere.
        _cache_in_temporary_folder(f"cannot remove outdated compiled kernels from {cache_dir}")
        return
    if recorded != fingerprint:
        with contextlib.suppress(OSError):  # at worst the next run drops the cache once more
            _write_atomically(record, fingerprint)
