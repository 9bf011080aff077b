"""``omaha8eq batch`` with hostile lines (issue 22, item 5): every bad line gets one error
line, short, and the later lines are still answered; the exit status is 2."""

from __future__ import annotations

import io
import json
import sys

import pytest

from omaha8eq.cli import batch as batch_module
from omaha8eq.cli.app import main

SPOT = {"hands": ["AsAh2c3d", "KsKhQdJd"], "board": "4c5d7s"}
GOOD = json.dumps(SPOT)

#: (id, line, a piece of its error)
HOSTILE_LINES = [
    ("nested array", "[" * 3000 + "]" * 3000, "nested too deeply"),
    ("nested object", '{"a":' * 3000 + "1" + "}" * 3000, "nested too deeply"),
    ("nested value", '{"hands": ' + "[" * 3000 + "]" * 3000 + "}", ""),
    ("nested unclosed", "[" * 100_000, ""),
    ("long int", '{"hands": ' + "1" * 5000 + "}", "more than 4,300 digits"),
    ("long int seed", json.dumps(SPOT)[:-1] + ', "seed": ' + "9" * 5000 + "}", "digits"),
    ("big seed", json.dumps({**SPOT, "samples": 1000, "seed": 10**4000}), "seed"),
    ("big samples", json.dumps({**SPOT, "samples": 10**4000}), "samples"),
    ("huge float", json.dumps(SPOT)[:-1] + ', "stderr_target": 1e400}', "stderr_target"),
    ("NaN", json.dumps(SPOT)[:-1] + ', "stderr_target": NaN}', "stderr_target"),
    ("command list", '{"command": []}', "command"),
    ("command object", '{"command": {"x": 1}}', "command"),
    ("command huge", json.dumps({"command": "x" * 100_000}), "command"),
    ("key huge", json.dumps({**SPOT, "k" * 100_000: 1}), "unknown key"),
    ("hands huge", json.dumps({"hands": "As " * 100_000}), "hands"),
    ("hand huge", json.dumps({"hands": ["As" * 100_000, "KsKhQdJd"]}), ""),
    ("hands of objects", json.dumps({"hands": [{"a": 1}, None]}), ""),
    ("board number", json.dumps({**SPOT, "board": 5}), "board"),
    ("not JSON", "{'hands': 1}", "not a JSON object"),
    ("binary", "\x00\x01\x02", "not a JSON object"),
    ("string", '"hello"', "expected a JSON object"),
    ("number", "123", "expected a JSON object"),
    ("eval nested", json.dumps({"command": "eval", "hole": [[["As"]]], "board": "4c5d7s"}), ""),
    ("counterfeit opponents", json.dumps({"command": "counterfeit", "hand": "As2cKhKd", "opponents": 5}), "opponents"),
    ("spots string", json.dumps({"command": "spot_equities", "spots": "AsAh2c3d"}), "spots"),
    ("equity_many nested", json.dumps({"command": "equity_many", "spots": [[[[[]]]]]}), ""),
]


def _batch(capsys, monkeypatch, *lines: str) -> tuple[int, list[dict]]:
    monkeypatch.setattr(sys, "stdin", io.StringIO("".join(line + "\n" for line in lines)))
    status = main(["batch"])
    out = capsys.readouterr().out
    return status, [json.loads(line) for line in out.splitlines()]


@pytest.mark.parametrize(("line", "part"), [case[1:] for case in HOSTILE_LINES], ids=[c[0] for c in HOSTILE_LINES])
def test_a_hostile_line_is_one_short_error_and_the_next_line_is_answered(capsys, monkeypatch, line, part):
    status, answers = _batch(capsys, monkeypatch, line, GOOD)
    assert status == 2
    assert len(answers) == 2
    assert list(answers[0]) == ["error"] and part in answers[0]["error"]
    assert len(answers[0]["error"]) <= 600, answers[0]["error"][:200]
    assert "internal error" not in answers[0]["error"]
    assert answers[1]["exhaustive"] is True and answers[1]["outcomes"] == 820


def test_an_unforeseen_failure_is_an_error_line_too(capsys, monkeypatch):
    def broken(line):
        raise ZeroDivisionError("a defect")

    monkeypatch.setattr(batch_module, "answer", broken)
    status, answers = _batch(capsys, monkeypatch, GOOD)
    assert status == 2
    assert answers == [{"error": "internal error (ZeroDivisionError: 'a defect'); please report this line"}]
