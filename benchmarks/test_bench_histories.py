"""Hand histories: parsing speed and memory on 100,000 hands, all-in EV of 1,000 all-in hands.

The files are generated here (:mod:`history_gen`), never committed. Each benchmark
states its unit in ``extra_info``; the parsing benchmark also records the CPU-time
rate (hands per CPU second of this process), which a busy machine disturbs less than
the wall clock, and the peak memory of streaming 1,000 and 100,000 hands.
"""

from __future__ import annotations

import subprocess
import sys
import time

import pytest
from history_gen import allin_hands, history

from omaha8eq import allin_ev, read_hands

HANDS = 100_000
ALLIN_HANDS = 1_000


@pytest.fixture(scope="module")
def big_file(tmp_path_factory):
    """A file of 100,000 hands (about 100 MB), written hand by hand."""
    path = tmp_path_factory.mktemp("histories") / "100k.txt"
    with path.open("w", encoding="utf-8") as out:
        for text in history(HANDS):
            out.write(text + "\n\n\n")
    return path


def _read(path) -> tuple[int, int]:
    stream = read_hands(path)
    return sum(1 for _ in stream), len(stream.skipped)


def test_parse_100k_hands(benchmark, big_file):
    """One unit = one hand read, checked and turned into a record."""
    started = time.process_time()
    read, skipped = benchmark.pedantic(_read, args=(big_file,), rounds=1, iterations=1)
    cpu = time.process_time() - started
    assert skipped == 0 and read >= HANDS
    benchmark.extra_info.update(unit="hands", units=read, hands_per_cpu_second=round(read / cpu))


PEAK_RSS = """
import sys
from omaha8eq import read_hands
for count, _ in enumerate(read_hands(sys.argv[1]), start=1):
    if count == int(sys.argv[2]):
        break
# VmHWM: this process's peak resident memory (ru_maxrss would keep the parent's peak across exec)
print(next(line.split()[1] for line in open("/proc/self/status") if line.startswith("VmHWM:")))
"""


def _peak_kib(path, hands: int) -> int:
    """The peak resident memory (KiB) of a fresh interpreter streaming ``hands`` hands (Linux)."""
    done = subprocess.run(
        [sys.executable, "-c", PEAK_RSS, str(path), str(hands)], check=True, capture_output=True, text=True
    )
    return int(done.stdout)


def test_memory_is_flat(benchmark, big_file):
    """Peak memory streaming 1,000 hands and then all 100,000: about the same."""
    small = _peak_kib(big_file, 1_000)
    large = benchmark.pedantic(_peak_kib, args=(big_file, 10 * HANDS), rounds=1, iterations=1)
    benchmark.extra_info.update(unit="KiB", units=large, peak_kib_1k=small, peak_kib_100k=large)
    assert large < small + 20_000


def test_allin_ev_1000_hands(benchmark, tmp_path):
    """One unit = one all-in hand (preflop, flop and turn in turn, 2-4 players) adjusted exactly."""
    path = tmp_path / "allin.txt"
    path.write_text("\n\n\n".join(allin_hands(ALLIN_HANDS)), encoding="utf-8")
    list(allin_ev(read_hands(path)).hands[:1])  # compile the kernels outside the timing
    report = benchmark.pedantic(lambda: allin_ev(read_hands(path)), rounds=1, iterations=1)
    summary = report.summary()
    assert summary["allin_hands"] == ALLIN_HANDS and summary["pots_differing"] == 0
    benchmark.extra_info.update(unit="hands", units=ALLIN_HANDS, monte_carlo_hands=summary["monte_carlo_hands"])
