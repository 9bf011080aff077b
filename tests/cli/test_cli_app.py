"""The command line as a whole: bad input, help, the compile notice, ``python -m``."""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
import textwrap

import pytest
from cli_run import fails

from omaha8eq.cli.app import main
from omaha8eq.core import registry as compiled
from omaha8eq.core.registry import compile_notice, needs_compile

HANDS = ["AsAh2c3d", "KsKhQdJd"]
FLOP = ["--board", "4c5d7s"]


# ---------------------------------------------------------------------------
# bad input: one line on stderr, exit status 2
# ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    "argv, token",
    [
        (["equity", "AsAhXx3d", "KsKhQdJd"], "Xx"),
        (["equity", "AsAh2c3d", "KsAhQdJd"], "Ah"),
        (["equity", "AsAh2c", "KsKhQdJd"], "3 cards"),
        (["equity", *["random"] * 12, "AsAh2c3d"], "13 players"),
        (["equity", *HANDS, "--board", "4c5d7s8h9hTh"], "6 cards"),
        (["equity", *HANDS, "--dead", "Ks"], "Ks"),
        (["equity", *HANDS, "--samples", "0"], "samples"),
        (["equity", *HANDS, "--seed", "-1"], "seed"),
        (["equity", *HANDS, "--exact", "--samples", "10"], "--exact"),
        (["equity", *HANDS, "--samples", "many"], "many"),
        (["equity", *HANDS, "--samples", "1.5"], "expected a whole number"),
        (["equity", *HANDS, "--samples", "1e99"], "larger than 1e30"),
        (["equity", *HANDS, "--samples", "9" * 5000], "expected a whole number"),
        (["equity", *HANDS, "--max-work", "2.5"], "'2.5': expected a number of evaluations such as 1e11"),
        (["equity", *HANDS, "--stderr", "5"], "500% of the pot; expected a fraction below 1"),
        (["equity", *HANDS, "--stderr", "150%"], "150% of the pot"),
        (["equity", *HANDS, "--board", "Ac8c"], "2 cards given; expected 0 (preflop), 3 (flop), 4 (turn) or 5"),
        (["equity", *HANDS, "--board", "Ac"], "1 cards given; expected 0 (preflop)"),
        (["allin", "As2s3dKc:20", "QhQdJhTc:60", "--board", "Ac8c"], "2 cards given"),
        (["equity", *HANDS, "KsKhQdJ"], "4th card has no suit: give it one, or write KsKhQd[J]"),
        (["equity", "AsAh2c3d", "AsAhKsKw"], "suit 'w' is a suit variable"),
        (["equity", "AsAh2c3d"], "2 or more"),
        (["eval", "As Ah 3d 6s", "--board", "Ad 8c Zz"], "Zz"),
        (["eval", "As Ah 3d 6s", "--board", "Ad 8c"], "2 cards"),
        (["eval", "As Ah 3d 6s"], "--board"),
        (["evaluate", "As Ah 3d 6s"], "evaluate"),
    ],
)
def test_bad_input_is_one_line_and_status_2(capsys, argv, token):
    assert token in fails(capsys, *argv)


@pytest.mark.parametrize(
    "option, value, parsed",
    [
        ("--samples", "1e6", 1_000_000),
        ("--samples", "1_000_000", 1_000_000),
        ("--samples", "2.5e3", 2_500),
        ("--max-work", "1e12", 10**12),
        ("--max-work", "1000000000000", 10**12),
        ("--seed", "7", 7),
        ("--threads", "2", 2),
    ],
)
def test_counts_read_digits_and_1e6_notation_alike(option, value, parsed):
    from omaha8eq.cli.app import build_parser

    args = build_parser().parse_args(["equity", *HANDS, option, value])
    assert getattr(args, option.strip("-").replace("-", "_")) == parsed


def test_a_seed_on_an_exact_run_is_said_to_be_unused(capsys):
    assert main(["equity", *HANDS, *FLOP, "--exact", "--seed", "7"]) == 0
    err = capsys.readouterr().err
    assert "omaha8eq: note: --seed 7 is not used: the run is exact (every board enumerated)\n" in err
    assert main(["equity", *HANDS, *FLOP, "--samples", "1000", "--seed", "7"]) == 0
    assert "--seed" not in capsys.readouterr().err


def test_a_bug_is_not_reported_as_bad_input(monkeypatch):
    """Only OmahaInputError (and usage errors) become one-line errors: a TypeError from
    a bug keeps its traceback."""

    def broken(*args, **kwargs):
        raise TypeError("a bug")

    monkeypatch.setattr("omaha8eq.equities.equity", broken)
    with pytest.raises(TypeError, match="a bug"):
        main(["equity", *HANDS, *FLOP])


def test_help_and_version(capsys):
    assert main(["--version"]) == 0
    assert "omaha8eq" in capsys.readouterr().out
    assert main(["equity", "--help"]) == 0
    assert "--stderr" in capsys.readouterr().out


# ---------------------------------------------------------------------------
# first-run compile notice
# ---------------------------------------------------------------------------


@pytest.fixture
def fresh_kernel(tmp_path):
    """A cached numba function in a new module file: nothing on disk yet."""
    source = tmp_path / "fresh_kernel_module.py"
    source.write_text(
        textwrap.dedent("""
        from numba import njit

        @njit(cache=True)
        def double(x):
            return 2 * x
    """)
    )
    spec = importlib.util.spec_from_file_location("fresh_kernel_module", source)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.double


def test_needs_compile_until_cached(fresh_kernel):
    assert needs_compile(fresh_kernel)
    assert not needs_compile(len, object())  # not a cached dispatcher: False
    assert fresh_kernel(21) == 42
    assert not needs_compile(fresh_kernel)


def test_compile_notice_is_printed_once_when_compiling(fresh_kernel, capsys, monkeypatch):
    monkeypatch.delenv("OMAHA8EQ_COMPILE_NOTICE", raising=False)  # the suite silences it (tests/conftest.py)
    monkeypatch.setattr(compiled, "_STATE", compiled._FirstUse())  # as in a new process
    with compile_notice("omaha8eq: compiling", fresh_kernel):
        assert fresh_kernel(1) == 2
        assert fresh_kernel(1.5) == 3.0  # a second compilation: no second notice
    assert capsys.readouterr().err == "omaha8eq: compiling\n"
    with compile_notice("omaha8eq: compiling", fresh_kernel):  # cached now
        fresh_kernel(2)
    assert capsys.readouterr().err == ""


def test_cli_checks_the_kernels_and_bad_input_gets_no_notice(monkeypatch, capsys):
    seen = []

    def fake_needs_compile(*dispatchers):
        seen.append({d.__name__ for d in dispatchers})
        return True

    monkeypatch.setattr(compiled, "needs_compile", fake_needs_compile)
    assert main(["equity", "AsAhXx3d", "KsKhQdJd", "--exact"]) == 2
    assert capsys.readouterr().err.count("\n") == 1  # the error only: nothing compiled
    main(["equity", *HANDS, "--samples", "100", "--seed", "1"])
    main(["equity", *HANDS, *FLOP])
    main(["eval", "As Ah 3d 6s", "--board", "Ad 8c 5h"])
    capsys.readouterr()
    equity_kernels = {d.__name__ for d in compiled.entry_points("equity")}
    evaluation_kernels = {d.__name__ for d in compiled.entry_points("evaluation")}
    assert {"aggregate_showdowns", "enumerate_deals", "sample_deals", "best_flushes"} <= equity_kernels
    assert "evaluate_rows" in evaluation_kernels
    assert seen == [equity_kernels, equity_kernels, equity_kernels, evaluation_kernels]


# ---------------------------------------------------------------------------
# python -m omaha8eq
# ---------------------------------------------------------------------------


def test_python_dash_m(tmp_path):
    done = subprocess.run(
        [sys.executable, "-m", "omaha8eq", "equity", *HANDS, *FLOP],
        check=False, capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "As Ah 3d 2c" in done.stdout and "Ks Kh Qd Jd" in done.stdout
    assert "Exact: enumerated 820 boards" in done.stdout


def test_python_dash_m_bad_card():
    done = subprocess.run(
        [sys.executable, "-m", "omaha8eq", "equity", "AsAhXx3d", "KsKhQdJd"],
        check=False, capture_output=True, text=True, timeout=120,
    )  # fmt: skip
    assert done.returncode == 2
    assert done.stdout == ""
    assert len(done.stderr.splitlines()) == 1
    assert "Traceback" not in done.stderr
    assert "Xx" in done.stderr


# ---------------------------------------------------------------------------
# start-up: the parser and the light commands do not load the engine
# ---------------------------------------------------------------------------

HEAVY = ("numba", "numpy")

# Runs the command line in a fresh interpreter and prints the heavy modules then loaded.
# With STUB the package's own __init__ (the public API, which loads the engine) is
# replaced by an empty package, so that only the command line's imports are seen.
STARTUP = f"""
import importlib.util, json, sys, types
if sys.argv[1] == "stub":
    spec = importlib.util.find_spec("omaha8eq")
    package = types.ModuleType("omaha8eq")
    package.__path__, package.__version__ = list(spec.submodule_search_locations), "0"
    sys.modules["omaha8eq"] = package
else:
    import omaha8eq
package_loads = sorted(m for m in {HEAVY} if m in sys.modules)
from omaha8eq.cli.app import build_parser, main
build_parser()
status = main(sys.argv[2:])
print(json.dumps([status, package_loads, sorted(m for m in {HEAVY} if m in sys.modules)]))
"""


def startup(mode: str, *argv: str) -> tuple[int, list[str], list[str]]:
    done = subprocess.run(
        [sys.executable, "-c", STARTUP, mode, *argv], check=False, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    status, package_loads, loaded = json.loads(done.stdout.splitlines()[-1])
    return status, package_loads, loaded


@pytest.mark.parametrize("argv", [["--help"], ["potlimit", "100", "10", "20"], ["betting", "limit", "c"]])
def test_the_command_line_loads_no_engine_for_help_and_betting(argv):
    status, _, loaded = startup("stub", *argv)
    assert status == 0 and loaded == []


def test_a_command_imports_only_its_own_module():
    code = (
        "import json, sys\n"
        "from omaha8eq.cli.app import COMMANDS, main\n"
        "status = main(['potlimit', '100', '10', '20'])\n"
        "loaded = sorted({m for m in COMMANDS.values() if f'omaha8eq.cli.{m}' in sys.modules})\n"
        "print(json.dumps([status, loaded]))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, text=True, timeout=120)
    assert json.loads(done.stdout.splitlines()[-1]) == [0, ["betting"]]


def test_every_command_is_listed_once_in_the_modules_order():
    from omaha8eq.cli.app import COMMANDS, build_parser

    action = next(a for a in build_parser()._actions if a.dest == "command")
    assert list(action.choices) == list(COMMANDS)
    for name, module in COMMANDS.items():
        alone = next(a for a in build_parser(name)._actions if a.dest == "command")
        assert name in alone.choices
        assert {COMMANDS[other] for other in alone.choices} == {module}


def test_the_installed_package_loads_no_engine_for_potlimit():
    status, package_loads, loaded = startup("package", "potlimit", "100", "10", "20")
    assert status == 0
    if package_loads:
        pytest.xfail(f"'import omaha8eq' itself loads {package_loads} (its __init__ imports the engine eagerly)")
    assert loaded == []
