"""The generated references: the API page names every public name and each resolves; no
page writes a public function's signature by hand; the CLI page is the parsers' help.

The signatures themselves are read from the code by mkdocstrings when the site is built
(``mkdocs build --strict``, run by .ci/run, fails on a name it cannot resolve), so a page
that links to the reference cannot drift; a page that copies a signature could, hence the
check here.
"""

from __future__ import annotations

import importlib
import inspect
import re
from pathlib import Path

import pytest
from docs_hooks import API_MARKER, CLI_MARKER, api_entries, api_reference, cli_reference, command_help
from markdown_examples import ROOT, markdown_files

import omaha8eq
from omaha8eq.cli.app import COMMANDS


def _public_callables() -> dict[str, object]:
    """Every public function and class of omaha8eq, with their public methods, by name."""
    found: dict[str, object] = {}
    for name in omaha8eq.__all__:
        obj = getattr(omaha8eq, name)
        if inspect.isfunction(obj):
            found[name] = obj
        elif inspect.isclass(obj):
            found[name] = obj
            found.update(
                (member, value)
                for member, value in vars(obj).items()
                if not member.startswith("_") and (inspect.isfunction(value) or isinstance(value, classmethod))
            )
    return found


def hand_written_signatures(text: str, names: set[str]) -> list[str]:
    """The places in ``text`` that write out the signature of one of ``names``: ``def
    name(``, ``name(...) ->``, or a parameter list with a bare ``*`` or ``/`` marker (a
    call never has one). Calls with arguments, as in the examples, are not signatures."""
    alternatives = "|".join(re.escape(name) for name in sorted(names, key=len, reverse=True))
    pattern = re.compile(
        rf"def\s+(?:{alternatives})\s*\("
        rf"|\b(?:{alternatives})\((?:[^()]|\([^()]*\))*\)\s*->"
        rf"|\b(?:{alternatives})\((?:[^()]|\([^()]*\))*?(?:\(\s*|,\s*)[*/](?:\s*,|\s*\))"
    )
    return [match.group(0)[:80] for match in pattern.finditer(text)]


def test_the_signature_check_finds_hand_written_signatures() -> None:
    names = {"equity", "parse_range"}
    assert hand_written_signatures("`parse_range(expr, *, hole_size=4) -> Range`", names)
    assert hand_written_signatures('`equity(hands, board="",\ndead="", *, seed=None)`', names)
    assert hand_written_signatures("def equity(hands):", names)
    assert not hand_written_signatures('>>> omaha8eq.equity(["As Ah 2c 3d", "random"], seed=1)', names)
    assert not hand_written_signatures("omaha8eq.equity(spots) -- and spot_equity(x) -> y", {"equity"})


@pytest.mark.parametrize("path", [*markdown_files(), ROOT / "omaha8eq" / "ranges" / "syntax.md"], ids=lambda p: p.name)
def test_no_page_writes_a_public_signature_by_hand(path: Path) -> None:
    if path.name == "query-functions.md":
        # The query language's own function table (generated from omaha8eq.pql.functions): its
        # signatures are the language's (`equity(player) -> number`), not Python's.
        return
    found = hand_written_signatures(path.read_text(encoding="utf-8"), set(_public_callables()))
    assert not found, f"{path.name}: link to the API reference instead of writing out {found}"


def test_the_api_page_documents_every_public_name_and_each_resolves() -> None:
    pytest.importorskip("griffe")  # the page's text goes through tools/griffe_docstrings.py
    assert API_MARKER in (ROOT / "docs" / "api.md").read_text(encoding="utf-8")
    documented = [path for paths in api_entries().values() for path in paths]
    assert sorted(path.rsplit(".", 1)[1] for path in documented) == sorted(omaha8eq.__all__)
    for path in documented:
        module, name = path.rsplit(".", 1)
        assert getattr(importlib.import_module(module), name) is getattr(omaha8eq, name), path
    page = api_reference()
    assert all(f"::: {path}\n" in page for path in documented)


def test_the_cli_page_is_every_command_help() -> None:
    assert CLI_MARKER in (ROOT / "docs" / "cli.md").read_text(encoding="utf-8")
    page = cli_reference()
    for command in COMMANDS:
        assert f"## omaha8eq {command}\n" in page
        assert command_help(command).rstrip() in page
        assert command_help(command).startswith(f"usage: omaha8eq {command}")


def test_the_docstring_rewrites_for_the_site():
    """tools/griffe_docstrings.py's examples (it needs griffe: the docs extra)."""
    import doctest

    pytest.importorskip("griffe")
    import griffe_docstrings

    assert doctest.testmod(griffe_docstrings).failed == 0
    text = "Does.\n\nArgs:\n    a, b: both.\n\nRaises:\n    OmahaInputError for bad cards\n    or sizes.\n\n>>> 1\n1\n"
    rewritten = griffe_docstrings.split_grouped_args(
        griffe_docstrings.prose_raises(griffe_docstrings.fence_doctests(text))
    )
    assert rewritten == (
        "Does.\n\nArgs:\n    a: both.\n    b: both.\n\n**Raises:** OmahaInputError for bad cards or sizes.\n\n"
        "```pycon\n>>> 1\n1\n```\n"
    )


def _resolve(path: str) -> object:
    """The object named by a dotted path (a module, then attributes)."""
    parts = path.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            obj: object = importlib.import_module(".".join(parts[:cut]))
        except ModuleNotFoundError:
            continue
        for attribute in parts[cut:]:
            obj = getattr(obj, attribute)
        return obj
    raise ModuleNotFoundError(path)


def test_every_link_into_the_api_reference_resolves() -> None:
    """Pages link to the reference as [`name`][omaha8eq.module.name] (mkdocs-autorefs):
    each target must name an object of the package."""
    links = [
        (path.name, target)
        for path in markdown_files()
        for target in re.findall(r"\]\[(omaha8eq(?:\.\w+)+)\]", path.read_text(encoding="utf-8"))
    ]
    assert len(links) >= 10
    for page, target in links:
        assert _resolve(target) is not None, f"{page}: {target}"
