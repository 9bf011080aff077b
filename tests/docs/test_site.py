"""The built documentation site browses from disk: ``site/index.html`` opened as a file.

A browser reading files finds no ``index.html`` behind a directory link (a server does),
so every link of the built site between its pages must name a file that exists. The site
is built here as CI builds it (``mkdocs build --strict``), into a temporary folder.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest

ROOT = Path(__file__).parents[2]
_HREF = re.compile(r'(?:href|src)="([^"]+)"')

pytest.importorskip("mkdocs")


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("site")
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    command = [sys.executable, "-m", "mkdocs", "build", "--strict", "--quiet", "--site-dir", str(out)]
    subprocess.run(command, cwd=ROOT, env=env, check=True, timeout=600)
    return out


def _local_targets(page: Path) -> list[str]:
    """The links of ``page`` to other files of the site (not to other sites, not anchors)."""
    found = []
    for link in _HREF.findall(page.read_text(encoding="utf-8")):
        parts = urlsplit(link)
        if parts.scheme or parts.netloc or link.startswith(("#", "mailto:", "data:", "javascript:")):
            continue
        if parts.path:
            found.append(unquote(parts.path))
    return found


def test_every_link_between_pages_names_a_file(site: Path) -> None:
    # 404.html is a server's page for a missing address: its links are absolute on purpose.
    pages = sorted(page for page in site.rglob("*.html") if page.name != "404.html")
    assert (site / "index.html") in pages and len(pages) > 10
    broken = []
    for page in pages:
        for target in _local_targets(page):
            resolved = (page.parent / target).resolve()
            if not resolved.is_file():
                broken.append(f"{page.relative_to(site)} -> {target}")
    assert broken == [], broken[:20]


def test_the_pages_link_to_each_other_by_file_name(site: Path) -> None:
    # The link a reader follows first: from the home page to "Getting started".
    assert "getting-started.html" in _local_targets(site / "index.html")
