"""The ``omaha8eq query`` command: text, JSON, files and stdin, errors with a caret, batch lines."""

from __future__ import annotations

import io
import json

import pytest
from cli_run import fails, run

from omaha8eq.cli.batch import answer
from omaha8eq.pql.functions import FUNCTIONS

SPOT = "from hero='AsAh2c3d', villain='KsKhQdJd', board='Ac8c5h9d'"


def test_query_text_with_fractions_and_a_histogram(capsys):
    status, out, err = run(
        capsys, "query", f"select avg(riverEquity(hero)) as eq, histogram(handType(hero, river)) as t {SPOT}"
    )
    assert status == 0 and err == ""
    lines = out.splitlines()
    assert lines[0] == "eq: 0.95 = 19/20"
    assert lines[1] == "t:"
    assert lines[2].split()[:2] == ["trips", "65.00%"] and lines[2].endswith("13/20")
    assert lines[-1] == "40 combinations (exact)"


def test_query_json_sampled_and_seeded(capsys):
    text = f"select count(scoops(hero)) as s {SPOT}"
    status, out, _ = run(capsys, "query", text, "--samples", "5000", "--seed", "3", "--json")
    assert status == 0
    document = json.loads(out)
    assert document["exact"] is False and document["seed"] == 3 and document["trials"] == 5000
    again = json.loads(run(capsys, "query", text, "-n", "5000", "--seed", "3", "--json")[1])
    assert again["selectors"] == document["selectors"]


def test_query_from_a_file_and_from_stdin(capsys, tmp_path, monkeypatch):
    path = tmp_path / "q.pql"
    path.write_text(f"select count(scoops(hero)) as s\n{SPOT}\n")
    status, out, _ = run(capsys, "query", "-f", str(path))
    assert status == 0 and out.startswith("s: 90.00% = 9/10")
    monkeypatch.setattr("sys.stdin", io.StringIO(f"select count(winsHi(hero)) as h {SPOT}"))
    status, out, _ = run(capsys, "query")
    assert status == 0 and out.startswith("h: 90.00%")


def test_syntax_error_prints_the_query_and_a_caret(capsys):
    status, out, err = run(capsys, "query", "select count(winsHi(hero) from hero='AA**'")
    assert status == 2 and out == ""
    lines = err.splitlines()
    assert lines[0].startswith("omaha8eq: error: query: syntax error at column 27: unexpected word 'from'")
    assert lines[1:] == ["  select count(winsHi(hero) from hero='AA**'", "  " + " " * 26 + "^"]
    status, out, err = run(capsys, "query", "select count(winHi(hero)) from hero='AA**'", "--json")
    assert status == 2 and "did you mean 'winsHi'" in json.loads(out)["error"]


def test_other_errors_are_one_line(capsys):
    assert "the card As" in fails(capsys, "query", "select count(scoops(h)) from h='AsAh2c3d', v='AsKsQsJs'")
    assert "random hand" in fails(capsys, "query", "select count(scoops(h)) from h='AsAh2c3d', v='*'", "--exact")
    assert "cannot read" in fails(capsys, "query", "-f", "/nonexistent/q.pql")


def test_functions_lists_the_table(capsys):
    status, out, _ = run(capsys, "query", "--functions")
    assert status == 0 and all(f"{name}(" in out for name in FUNCTIONS)


def test_graph(capsys, tmp_path):
    pytest.importorskip("matplotlib")
    path = tmp_path / "h.png"
    status, _, _ = run(capsys, "query", f"select histogram(handType(hero, river)) {SPOT}", "--graph", str(path))
    assert status == 0 and path.read_bytes()[:4] == b"\x89PNG"


def test_batch_answers_query_lines():
    document = answer(f"select count(scoops(hero)) as s {SPOT}")
    assert document["selectors"][0]["fraction"] == "9/10"
    document = answer(json.dumps({"command": "query", "text": f"select count(scoops(hero)) {SPOT}", "samples": 100}))
    assert document["trials"] == 100
    assert "error" in answer("select count(scoops(hero) from hero='AA**'")


def test_a_query_nested_too_deeply_is_one_error_line_and_a_caret(capsys):
    # Was a RecursionError traceback (exit 1); the batch said "the line is nested too deeply".
    text = f"select count({'not ' * 400}pairedBoard(flop)) {SPOT}"
    status, out, err = run(capsys, "query", text)
    assert status == 2 and out == ""
    lines = err.splitlines()
    assert lines[0].startswith("omaha8eq: error: query: nested too deeply at column 414") and len(lines) == 3
    assert lines[2].strip() == "^"
    assert answer(text)["error"].startswith("query: nested too deeply at column 414")
    chain = " and ".join(["not pairedBoard(river)"] * 250)
    single = answer(f"select count(not pairedBoard(river)) {SPOT}")["selectors"][0]["fraction"]
    assert answer(f"select count({chain}) {SPOT}")["selectors"][0]["fraction"] == single


def test_a_hopeless_query_is_refused_with_its_estimate_in_one_line(capsys):
    hopeless = "select avg(riverEquity(hero)) from game='omaha86', hero='100%', villain='100%'"
    message = fails(capsys, "query", hopeless, "--exact")
    assert "before building them" in message and "max_work" in message
    message = fails(capsys, "query", hopeless, "--samples", "2000", "--max-memory", "2e9")
    assert message.startswith("omaha8eq: error: max_memory: this query would need about 7.8 GB")


def test_a_warning_is_a_line_on_stderr_and_the_answer_is_printed(capsys):
    text = "select count(scoops(villain)) from hero='AsAh2c3d', villain='KsKhQdJd', villian='QsQh7d6d', board='Ac8c5h'"
    status, out, err = run(capsys, "query", text)
    assert status == 0 and out.startswith("count(scoops(villain)): ")
    assert err.startswith("omaha8eq: warning: query: from declares villian") and "did you mean 'villain'?" in err
    assert len(err.splitlines()) == 1
