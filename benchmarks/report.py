"""Print a saved pytest-benchmark run as throughput: units of work per second.

    pytest benchmarks/ --benchmark-json=bench.json
    python benchmarks/report.py bench.json

Each benchmark records its unit of work in ``extra_info`` (``unit``, ``units``);
the table divides by the fastest round (``min``) and the mean.
"""

from __future__ import annotations

import json
import sys


def main(path: str) -> None:
    with open(path) as handle:
        runs = json.load(handle)["benchmarks"]
    print(f"{'benchmark':<58} {'best':>14} {'mean':>14}  unit")
    for run in sorted(runs, key=lambda r: r["name"]):
        info, stats = run["extra_info"], run["stats"]
        units = info.get("units", 1)
        best, mean = units / stats["min"], units / stats["mean"]
        label = f"{info.get('unit', 'calls')}/s"
        if units == 1 and stats["mean"] > 1e-3:
            per = info.get("unit", "call")[:-1]
            print(f"{run['name']:<58} {stats['min'] * 1e3:>11.2f} ms {stats['mean'] * 1e3:>11.2f} ms  per {per}")
        else:
            print(f"{run['name']:<58} {best:>14,.0f} {mean:>14,.0f}  {label}")


if __name__ == "__main__":
    main(sys.argv[1])
