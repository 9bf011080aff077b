"""Files the docs must keep in step with: the shared rules, and the README commands CI runs."""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).parents[2]


def test_docs_rules_is_the_shared_rules():
    # shared/ sits beside the checkout (or beside its parent folder of worktrees)
    candidates = [ROOT.parent / "shared" / "RULES.md", ROOT.parent.parent / "shared" / "RULES.md"]
    source = next((path for path in candidates if path.is_file()), None)
    if source is None:
        pytest.skip("no shared/RULES.md beside this checkout")
    assert (ROOT / "docs" / "RULES.md").read_text(encoding="utf-8") == source.read_text(encoding="utf-8"), (
        f"docs/RULES.md differs from {source}: copy it again"
    )


def test_ci_runs_the_readme_commands_exactly():
    """.ci/run runs README.md's two commands as written, each on a line of its own."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme[readme.index("## Install and run") :]
    start = section.index("```bash\n") + len("```bash\n")
    block = section[start : section.index("\n```", start)]
    commands = [line.split("  #")[0].strip() for line in block.splitlines()]
    assert commands == [
        "pip install -e . && omaha8eq equity AsAh2c3d KsKhQdJd",
        "pip install -e '.[test]' && pytest -n 2",
    ]
    ci_lines = [line.strip() for line in (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()]
    for command in commands:
        assert command in ci_lines, command


def test_readme_links_reach_files_of_the_repository():
    """README.md is read on the repository's front page, outside the site: its relative
    links must name files that exist (the site's own links are checked by mkdocs --strict)."""
    import re

    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    targets = re.findall(r"\]\(([^)#\s]+)(?:#[^)]*)?\)", readme)
    local = [target for target in targets if not re.match(r"[a-z]+://", target)]
    assert len(local) >= 10
    missing = [target for target in local if not (ROOT / target).exists()]
    assert not missing, missing
