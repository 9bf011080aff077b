"""A player's volume: 100,000 hands of six sites read, checked, valued and stored, then re-read.

Run from the repository's root (the real files of shared/hands are needed)::

    python benchmarks/histories_volume.py [--hands 100000] [--folder DIR]

The folder is generated (every real file repeated into one file of its name:
``tests/history_files.write_volume``), never committed. Each run is a fresh
interpreter (``omaha8eq hands FOLDER --store FILE --json``'s work, through the API)
whose peak resident memory (VmHWM) is read at its end:

1. the first run: every hand read, its settlement checked, its all-in EV computed,
   stored;
2. the re-run: nothing new, every file's rows loaded from the store;
3. the folder grows by one file's worth of new hands: only those are read.

The CPU model (``lscpu``) and the load average (``uptime``) are printed with the
figures: the machine is shared, only the CPU-time rates compare across runs.
"""

from __future__ import annotations

import argparse
import json
import math
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "tests"))

from history_files import SHARED_FILES, shared_hands, write_volume  # noqa: E402

RUN = """
import json, sys, time
from omaha8eq import allin_ev, read_hands
started, cpu = time.perf_counter(), time.process_time()
report = allin_ev(read_hands(sys.argv[1]), store=sys.argv[2], every_hand=False)
wall, cpu = time.perf_counter() - started, time.process_time() - cpu
peak = next(int(l.split()[1]) for l in open("/proc/self/status") if l.startswith("VmHWM:"))
print(json.dumps({"wall": wall, "cpu": cpu, "peak_kib": peak, "summary": report.summary()}))
"""


def _run(folder: Path, store: Path) -> dict:
    command = [sys.executable, "-c", RUN, str(folder), str(store)]
    return json.loads(subprocess.run(command, check=True, capture_output=True, text=True).stdout)


def _output(*command: str) -> str:
    return subprocess.run(command, check=False, capture_output=True, text=True).stdout


def _machine() -> str:
    lines = _output("lscpu").splitlines()
    model = next((line.split(":", 1)[1].strip() for line in lines if line.startswith("Model name")), "unknown CPU")
    return f"{model}; {_output('uptime').strip()}"


def _line(what: str, result: dict, hands: int) -> str:
    return (
        f"{what}: {hands:,} hands in {result['wall']:.1f} s wall ({hands / result['wall']:,.0f} hands/s), "
        f"{result['cpu']:.1f} s CPU ({hands / result['cpu']:,.0f} hands per CPU second), "
        f"peak memory {result['peak_kib'] / 1024:.1f} MiB"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hands", type=int, default=100_000)
    parser.add_argument("--folder", type=Path, help="where to generate the files (default: a temporary folder)")
    args = parser.parse_args()
    per_copy = sum(SHARED_FILES.values())
    copies = math.ceil(args.hands / per_copy)
    with tempfile.TemporaryDirectory() as tmp:
        folder = args.folder or Path(tmp) / "volume"
        store = Path(tmp) / "volume.sqlite"
        write_volume(folder, copies)
        print(f"machine: {_machine()}")
        first = _run(folder, store)
        hands = first["summary"]["hands_read"]
        print(f"sites: {first['summary']['sites']}, skipped: {first['summary']['hands_skipped']:,}")
        print(_line("first run (read, checked, valued, stored)", first, hands))
        print(f"machine: {_machine()}")
        again = _run(folder, store)
        assert again["summary"] == first["summary"]
        print(_line("re-run (loaded from the store)", again, hands))
        write_volume(folder / "new", math.ceil(copies / 100), shared_hands())  # about 1% more
        time.sleep(0.01)
        grown = _run(folder, store)
        new = grown["summary"]["hands_read"] - hands
        print(_line(f"grown folder (+{new:,} new hands read, the rest loaded)", grown, grown["summary"]["hands_read"]))
        print(f"machine: {_machine()}")


if __name__ == "__main__":
    main()
