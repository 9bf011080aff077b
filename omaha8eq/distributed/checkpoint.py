"""A job's checkpoint: every finished task's counts, on disk, as each task finishes.

Format (a directory, conventionally the output's name plus ``.parts``)::

    OUT.parts/
        job.json            the header, written once when the job starts
        task-000000.npz     one file per finished task: its arrays (numpy .npz,
        task-000007.npz     no pickles), named by the task number, 6 digits or more

``job.json`` is a JSON object: ``format`` (``"omaha8eq-checkpoint/1"``),
``digest`` (the job's :attr:`~.job.Job.digest`), ``function``, ``label``,
``n_items``, ``chunk``, ``n_tasks`` and ``params`` (arrays by dtype, shape and
SHA-256). Every file is written to a temporary name in the same directory and
renamed into place (``os.replace``), so a file that exists is complete: a run
killed at any moment leaves only whole tasks. The job's result is the sum of the
task files' arrays. Running the same job again skips the tasks whose file exists;
a different job (another digest) with the same checkpoint is refused. A task file
damaged all the same (a disk that lost its tail, a copy cut short, an edit) is
deleted and its task computed again, with a one-line note on stderr.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import sys
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import IO, Any

import numpy as np

from ..core.cache_guard import open_cache_file
from ..errors import OmahaInputError
from .job import Job, TaskResult, describe_params

__all__ = ["FORMAT", "Checkpoint", "Signature", "atomic_file", "checkpoint_path", "signature"]

FORMAT = "omaha8eq-checkpoint/1"
#: The most of ``job.json`` read: a real header is a few kilobytes.
_HEADER_MAX_BYTES = 1 << 24
_TASK_FILE = re.compile(r"task-(\d{6,})\.npz")


def checkpoint_path(output: str | os.PathLike[str]) -> Path:
    """The checkpoint directory of an output file: its name plus ``.parts``."""
    return Path(f"{os.fspath(output)}.parts")


@contextmanager
def atomic_file(path: Path) -> Iterator[IO[bytes]]:
    """A file written under a temporary name and renamed to ``path`` when complete
    (created with the usual permissions, as ``open`` gives them)."""
    temporary = path.parent / f".{path.name}.{uuid.uuid4().hex}.tmp"
    try:
        with open(temporary, "xb") as stream:
            yield stream
            stream.flush()
            os.fsync(stream.fileno())
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


#: The names of a task's arrays with their shapes (after the rows, for a job of rows).
Signature = tuple[tuple[str, tuple[int, ...]], ...]


def signature(job: Job, result: TaskResult) -> Signature:
    """What every task's arrays of ``job`` share: their names and shapes (rows aside)."""
    return tuple(sorted((name, array.shape[int(job.rows) :]) for name, array in result.items()))


class Checkpoint:
    """The checkpoint directory ``path`` of ``job``: created with its header, or
    reopened when it holds the same job. Raises OmahaInputError when it holds
    another job's tasks or is not a checkpoint."""

    def __init__(self, path: str | os.PathLike[str], job: Job) -> None:
        self.path = Path(path)
        self.job = job
        #: The tasks whose files :meth:`load` found damaged (and deleted).
        self.damaged: list[int] = []
        header = self.path / "job.json"
        try:
            self.path.mkdir(parents=True, exist_ok=True)
            if header.exists():
                self._check_header(header)
            else:
                with atomic_file(header) as stream:
                    stream.write(json.dumps(self._header(), indent=1).encode())
        except OSError as exc:
            raise OmahaInputError(f"checkpoint {self.path}: cannot be used ({exc.strerror or exc})") from exc

    def _header(self) -> dict[str, Any]:
        job = self.job
        return {
            "format": FORMAT,
            "digest": job.digest,
            "function": job.name,
            "label": job.label,
            "n_items": job.n_items,
            "chunk": job.chunk,
            "n_tasks": job.n_tasks,
            "params": describe_params(job.params),
        }

    def _check_header(self, header: Path) -> None:
        try:  # without blocking (a named pipe), and whatever the bytes are
            with open_cache_file(header) as stream:
                found = json.loads(stream.read(_HEADER_MAX_BYTES).decode("utf-8"))
        except (OSError, ValueError, RecursionError):  # UnicodeDecodeError is a ValueError
            found = None
        if not isinstance(found, dict) or found.get("format") != FORMAT:
            raise OmahaInputError(f"checkpoint {self.path}: {header.name} is not an omaha8eq checkpoint header")
        if found.get("digest") != self.job.digest:
            raise OmahaInputError(
                f"checkpoint {self.path}: it holds another job ({found.get('label') or found.get('function')}, "
                f"digest {str(found.get('digest'))[:12]}); remove it or write this job elsewhere"
            )

    def _task_file(self, index: int) -> Path:
        return self.path / f"task-{index:06d}.npz"

    def finished(self) -> set[int]:
        """The numbers of the tasks whose counts are saved."""
        found = (_TASK_FILE.fullmatch(p.name) for p in self.path.iterdir())
        return {int(m.group(1)) for m in found if m and int(m.group(1)) < self.job.n_tasks}

    def save(self, index: int, result: TaskResult) -> None:
        """Save task ``index``'s arrays (atomically: the file appears complete or not at all)."""
        with atomic_file(self._task_file(index)) as stream:
            # numpy's stub lets ** fill its allow_pickle: bool parameter, so mypy wants bools.
            np.savez_compressed(stream, **result)  # type: ignore[arg-type]

    def load(self, index: int, like: Signature | None = None) -> TaskResult | None:
        """Task ``index``'s arrays as saved, or None when its file is damaged: truncated,
        not an .npz, arrays that are not integers or have the wrong rows, or a
        :func:`signature` other than ``like`` (the other tasks'). A damaged file is
        deleted, so that the task runs again, and the task added to :attr:`damaged`."""
        result = self._read(index)
        if result is not None and (like is None or signature(self.job, result) == like):
            return result
        self.damaged.append(index)
        path = self._task_file(index)
        with contextlib.suppress(OSError):
            path.rmdir() if path.is_dir() and not path.is_symlink() else path.unlink()  # an empty folder too
        return None

    def signature_of(self, index: int) -> Signature | None:
        """The :func:`signature` of task ``index``'s file, None if it is damaged."""
        result = self._read(index)
        return None if result is None else signature(self.job, result)

    def _read(self, index: int) -> TaskResult | None:
        """Task ``index``'s arrays if they can be its own (integers, the task's rows), else None."""
        task = self.job.tasks[index]
        try:  # without blocking: the file may be a named pipe
            with open_cache_file(self._task_file(index)) as stream, np.load(stream, allow_pickle=False) as saved:
                result = {name: saved[name] for name in saved.files}
        except Exception:  # any failure to read the file (zipfile.BadZipFile, EOFError, ...) is damage
            return None
        for array in result.values():
            if array.dtype == np.bool_ or not np.issubdtype(array.dtype, np.integer):
                return None
            if self.job.rows and (array.ndim == 0 or len(array) != task.stop - task.start):
                return None
        return result or None

    def note_damaged(self) -> None:
        """One line on stderr naming the damaged task files :meth:`load` deleted, if any."""
        if self.damaged:
            shown = ", ".join(self._task_file(i).name for i in self.damaged[:3])
            shown += ", ..." if len(self.damaged) > 3 else ""
            print(
                f"omaha8eq: {len(self.damaged)} damaged checkpoint part{'s' * (len(self.damaged) > 1)} in "
                f"{self.path} ({shown}) deleted; computing {'them' if len(self.damaged) > 1 else 'it'} again",
                file=sys.stderr,
            )
