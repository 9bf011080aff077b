"""The text report of ``omaha8eq bench``: :func:`format_bench`."""

from __future__ import annotations

from ..present.text import table
from ..version import __version__
from .measure import BenchReport, Measurement

__all__ = ["format_bench"]


def _si(rate: float) -> str:
    """``15.5 M``, ``415 k``, ``612``: a rate with three significant figures."""
    for scale, suffix in ((1e9, " G"), (1e6, " M"), (1e3, " k")):
        if rate >= scale:
            value = rate / scale
            return f"{value:.3g}{suffix}" if value < 100 else f"{value:.0f}{suffix}"
    return f"{rate:.3g}" if rate < 100 else f"{rate:.0f}"


def _duration(seconds: float) -> str:
    if seconds >= 1:
        return f"{seconds:.2f} s"
    if seconds >= 1e-3:
        return f"{seconds * 1e3:.3g} ms" if seconds < 0.1 else f"{seconds * 1e3:.0f} ms"
    return f"{seconds * 1e6:.3g} µs"


def _figure(m: Measurement, threads: int) -> str:
    if threads not in m.seconds:
        return ""
    return _duration(m.seconds[threads]) if m.show == "time" else _si(m.rate(threads))


def _ratio(x: float) -> str:
    return f"{x:,.0f}x" if x >= 100 else f"{x:.3g}x"


def _unit_label(m: Measurement) -> str:
    if m.show == "time":
        return f"time for {m.work:,} {m.unit}"
    return f"{m.unit}/s"


def format_bench(report: BenchReport) -> str:
    """The text report: machine, omaha8eq's table, then the peers and their checks."""
    c, mach = report.config, report.machine
    counts = report.thread_counts
    lines = [
        f"omaha8eq {__version__} bench: best of {c.rounds} round{'s' if c.rounds != 1 else ''} "
        "after a warm-up run (compile and first-call costs are not timed)",
        f"{mach['cpu']}, {mach['cores']} cores; Python {mach['python']}, numpy {mach['numpy']}, "
        f"numba {mach['numba']} ({mach['threading_layer']} threading layer)",
        f"Work: evaluate_batch on {c.rows:,} random deals (hole cards + a 5-card board), "
        f"Monte Carlo {c.samples:,} trials",
        "",
    ]
    header = ["What (unit)"] + [f"{t} thread{'s' if t != 1 else ''}" for t in counts]
    rows = [[f"{m.what} ({_unit_label(m)})"] + [_figure(m, t) for t in counts] for m in report.measurements]
    lines += table(header, rows)
    if report.peers or report.skipped:
        lines += [
            "",
            "Peers, in this run on the same deals and spots. Ratio: how many times faster omaha8eq",
            "did the same work with as many threads. The evaluation peers take one hand per call",
            "(their APIs have no batch call); omaha8eq's figure is its batch rate from the table above.",
            "",
        ]
    if report.peers:
        header = ["Work", "Peer", "Threads", "Peer", "omaha8eq", "Ratio", "Agrees"]
        rows = []
        for p in report.peers:
            if report.get(p.key).show == "time":
                theirs, ours = _duration(p.seconds), _duration(p.omaha8eq_seconds)
            else:
                theirs, ours = f"{_si(p.work / p.seconds)}/s", f"{_si(p.work / p.omaha8eq_seconds)}/s"
            rows.append([p.what, f"{p.peer} {p.version}", str(p.threads), theirs, ours,
                         _ratio(p.ratio), "yes" if p.agrees else "NO"])  # fmt: skip
        lines += table(header, rows, left=(0, 1))
        lines += ["", "How each peer was called, and what was checked on the hands and spots it was timed on:"]
        by_peer: dict[str, list[str]] = {}
        for p in report.peers:
            verdict = "agrees" if p.agrees else "DISAGREES"
            by_peer.setdefault(f"{p.peer} {p.version}", []).append(f"{p.what}: {p.api}; {p.check}: {verdict}")
        for peer, entries in by_peer.items():
            lines.append(f"  {peer}")
            lines += [f"    {e}" for e in entries]
    for name, reason in report.skipped:
        lines.append(f"Skipped {name}: {reason}")
    lines += ["", f"Done in {report.elapsed:.1f} s."]
    return "\n".join(lines)
