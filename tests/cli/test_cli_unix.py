"""The command line as a Unix tool: pipes, write errors, help, hints, JSON errors."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest
from cli_run import fails, run

from omaha8eq.cli.app import build_parser, main

HANDS = ["AsAh2c3d", "KsKhQdJd"]
FLOP = ["--board", "4c5d7s"]


def command(*argv: str) -> list[str]:
    return [sys.executable, "-m", "omaha8eq", *argv]


# ---------------------------------------------------------------------------
# closed pipe, full disk
# ---------------------------------------------------------------------------


def _without_compile_notice(stderr: str) -> list[str]:
    """The lines of ``stderr`` but the first-use notice (a process that compiles a kernel says so)."""
    return [line for line in stderr.splitlines() if not line.startswith("omaha8eq: compiling")]


def test_a_closed_pipe_ends_quietly_with_status_1():
    """``omaha8eq range 100% --list 100000 | head -1``: no traceback."""
    with subprocess.Popen(
        command("range", "100%", "--list", "100000"), stdout=subprocess.PIPE, stderr=subprocess.PIPE
    ) as process:
        assert process.stdout is not None and process.stderr is not None
        first = process.stdout.readline()
        process.stdout.close()  # the reader leaves, as head does
        err = process.stderr.read().decode()
        status = process.wait(timeout=120)
    assert first.startswith(b"Range: 100%")
    assert status == 1
    assert _without_compile_notice(err) == []


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full (Linux)")
@pytest.mark.parametrize("argv", [["potlimit", "100", "10", "20"], ["--help"], ["equity", *HANDS, *FLOP, "--json"]])
def test_a_full_disk_is_one_line_and_status_1(argv):
    with open("/dev/full", "w") as full:
        done = subprocess.run(command(*argv), stdout=full, stderr=subprocess.PIPE, text=True, timeout=120, check=False)
    assert done.returncode == 1
    full_disk = "omaha8eq: error: cannot write the output: [Errno 28] No space left on device"
    assert _without_compile_notice(done.stderr) == [full_disk]


# ---------------------------------------------------------------------------
# help
# ---------------------------------------------------------------------------


def test_the_bare_command_prints_the_help(capsys):
    assert main([]) == 0
    out = capsys.readouterr().out
    assert out.startswith("usage: omaha8eq")
    assert "equity" in out and "batch" in out and "COMMAND --help" in out


def subcommands() -> dict[str, object]:
    parser = build_parser()
    action = next(a for a in parser._actions if a.dest == "command")
    return dict(action.choices)  # type: ignore[arg-type]


@pytest.mark.parametrize("name", sorted(subcommands()))
def test_every_subcommand_help_has_examples(capsys, name):
    assert main([name, "--help"]) == 0
    out = capsys.readouterr().out
    examples = out.split("examples:\n", 1)[1]
    commands = [line.strip() for line in examples.splitlines() if line.strip()]
    assert commands and all("omaha8eq " in c for c in commands)
    assert "%%" not in out


def test_equity_help_says_a_hand_may_be_a_range_or_random(capsys):
    main(["equity", "--help"])
    out = " ".join(capsys.readouterr().out.split())
    assert "range expression" in out and "quote it" in out and "random" in out


def test_range_help_shows_a_percent_range(capsys):
    main(["range", "--help"])
    out = capsys.readouterr().out
    assert "'15%'" in out and "15%%" not in out


# ---------------------------------------------------------------------------
# hints for the usual shell mistakes
# ---------------------------------------------------------------------------


def test_a_hand_typed_with_spaces(capsys):
    err = fails(capsys, "equity", "As", "Ah", "2c", "3d", "Ks", "Kh", "Qd", "Jd")
    assert "did you mean AsAh2c3d KsKhQdJd?" in err


def test_one_hand_typed_with_spaces(capsys):
    assert "did you mean AsAh3d6s?" in fails(capsys, "eval", "As", "Ah", "3d", "6s", "--board", "Ad8c5h")


@pytest.mark.parametrize("command", ["equity", "counterfeit"])
def test_a_board_split_into_words(capsys, command):
    hands = HANDS if command == "equity" else HANDS[:1]
    err = fails(capsys, command, *hands, "--board", "4c", "5d", "Js")
    assert 'did you mean --board 4c5dJs? Write the cards together, or quote them: --board "4c 5d Js"' in err


@pytest.mark.parametrize(
    "argv, example", [(["range", "AA:"], "'AA:$ds'"), (["equity", "AsAh2c3d", "AA:, KK"], "'AA:$ds, KK'")]
)
def test_a_range_whose_macro_the_shell_removed(capsys, argv, example):
    err = fails(capsys, *argv)
    assert f"did the shell remove a $macro? Quote ranges with single quotes: {example}" in err


def test_no_hint_for_other_mistakes(capsys):
    assert "did you mean" not in fails(capsys, "equity", "AsAhXx3d", "KsKhQdJd")


# ---------------------------------------------------------------------------
# --json
# ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "argv",
    [
        ["equity", "AsAhXx3d", "KsKhQdJd", "--json"],
        ["equity", *HANDS, "--samples", "many", "--json"],  # a usage error
        ["range", "AA:$xs", "--json"],
        ["betting", "limit", "jump", "--json"],
    ],
)
def test_an_error_with_json_is_a_json_object_too(capsys, argv):
    status, out, err = run(capsys, *argv)
    assert status == 2
    assert err.startswith("omaha8eq: error: ") and err.count("\n") == 1
    assert out.count("\n") == 1
    assert json.loads(out) == {"error": err.removeprefix("omaha8eq: error: ").strip()}


def test_json_by_hand_keeps_the_best_n(capsys):
    status, out, _ = run(capsys, "equity", "AsAh2c3d", "KK:$ds", *FLOP, "--by-hand", "3", "--json")
    assert status == 0
    hero, kings = json.loads(out)["players"]
    assert "by_hand" not in hero
    assert len(kings["by_hand"]) == 3 and kings["by_hand_count"] > 3
    equities = [h["equity"] for h in kings["by_hand"]]
    assert equities == sorted(equities, reverse=True)


def test_by_hand_must_not_be_negative(capsys):
    assert "--by-hand: invalid value '-5': must not be negative" in fails(capsys, "equity", *HANDS, "--by-hand", "-5")
