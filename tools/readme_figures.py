"""Measure the figures README.md quotes, and print them with the machine, the load and the date.

    python tools/readme_figures.py [--start] [--sizes] [--warmup] [--rounds N]

- ``--start``: a warm ``omaha8eq equity AsAh2c3d KsKhQdJd`` as a whole process (the
  kernels cached), best and median of ``--rounds`` runs, wall and CPU time.
- ``--sizes``: what the package alone, and each optional extra over it, adds to a fresh
  virtual environment (``pip install -e .`` / ``.[EXTRA]`` from this checkout; needs the
  package index; minutes).
- ``--warmup``: ``omaha8eq warmup`` from empty caches (a fresh ``NUMBA_CACHE_DIR`` and
  ``OMAHA8EQ_CACHE_DIR``), wall and CPU time (minutes).

With no option, ``--start`` only. Each figure is printed with what it measured, so that a
README line can be checked against the script's output.
"""

from __future__ import annotations

import argparse
import datetime
import os
import platform
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
EXTRAS = ("web", "plot", "distributed", "docs", "test", "pandas", "peers")
COMMAND = [sys.executable, "-m", "omaha8eq", "equity", "AsAh2c3d", "KsKhQdJd"]


def machine() -> str:
    """The CPU model, the cores, the load and the date, as each figure's context."""
    model = platform.processor() or "unknown CPU"
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as info:
            model = next(line.split(":", 1)[1].strip() for line in info if line.startswith("model name"))
    except (OSError, StopIteration):
        pass
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    today = datetime.date.today().isoformat()
    return f"{model}, {os.cpu_count()} cores, load {load:.1f}, Python {platform.python_version()}, {today}"


def _timed(command: list[str], env: dict[str, str] | None = None) -> tuple[float, float]:
    """Wall and CPU seconds of one run of ``command`` (children's CPU from rusage)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def start(rounds: int) -> None:
    _timed(COMMAND)  # the caches filled
    runs = [_timed(COMMAND) for _ in range(rounds)]
    walls, cpus = [w for w, _ in runs], [c for _, c in runs]
    print(
        f"warm start, `omaha8eq equity AsAh2c3d KsKhQdJd` as a process: best {min(walls):.2f} s, median "
        f"{statistics.median(walls):.2f} s wall; {min(cpus):.2f} s ({statistics.median(cpus):.2f} s) CPU; "
        f"{rounds} runs ({machine()})"
    )


def _size(path: Path) -> int:
    return sum(f.stat().st_size for f in path.rglob("*") if f.is_file() and not f.is_symlink())


def sizes() -> None:
    with tempfile.TemporaryDirectory() as work:
        base = Path(work) / "base"
        subprocess.run([sys.executable, "-m", "venv", str(base)], check=True)
        empty = _size(base)
        pip = [str(base / "bin" / "python"), "-m", "pip", "install", "-q"]
        subprocess.run([*pip, "-e", str(ROOT)], check=True)
        alone = _size(base)
        print(f"the package alone: {(alone - empty) / 1e6:.0f} MB over an empty virtual environment ({machine()})")
        for extra in EXTRAS:
            venv = Path(work) / extra
            shutil.copytree(base, venv, symlinks=True)
            # A copied venv's scripts name the original's interpreter: run pip by the copy's.
            subprocess.run([str(venv / "bin" / "python"), "-m", "pip", "install", "-q", "-e", f"{ROOT}[{extra}]"],
                           check=True)  # fmt: skip
            print(f"extra {extra}: adds {(_size(venv) - alone) / 1e6:.0f} MB")
            shutil.rmtree(venv)


def warmup() -> None:
    with tempfile.TemporaryDirectory() as caches:
        env = {**os.environ, "NUMBA_CACHE_DIR": f"{caches}/numba", "OMAHA8EQ_CACHE_DIR": f"{caches}/tables"}
        wall, cpu = _timed([sys.executable, "-m", "omaha8eq", "warmup"], env)
    print(f"`omaha8eq warmup` from empty caches: {wall / 60:.1f} min wall, {cpu / 60:.1f} min CPU ({machine()})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n", 1)[0])
    parser.add_argument("--start", action="store_true", help="warm start of the README's first command")
    parser.add_argument("--sizes", action="store_true", help="what the package and each extra add (minutes)")
    parser.add_argument("--warmup", action="store_true", help="omaha8eq warmup from empty caches (minutes)")
    parser.add_argument("--rounds", type=int, default=7, help="runs of the warm start (default 7)")
    args = parser.parse_args()
    if args.start or not (args.sizes or args.warmup):
        start(args.rounds)
    if args.sizes:
        sizes()
    if args.warmup:
        warmup()


if __name__ == "__main__":
    main()
