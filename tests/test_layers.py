"""The package's layers: which part may import which, lazy imports included.

A part is a subpackage (``core``, ``engine``, ``cli`` ...) or a top-level module
(``cards``, ``equities`` ...). :data:`ALLOWED` lists, for each part, every part it may
import; the graph is read from the sources (every ``import`` statement, inside
functions and ``TYPE_CHECKING`` blocks too: see ``test_import_graph``), so an arrow
that points up or closes a cycle fails here even when it is only taken lazily. Adding
a part, or an arrow, is a line in this table, made on purpose.

Lowest first: the errors and the limits; the compiled core; cards, games, hand values and
the outcome model; evaluation, ranges and the engine; the public API (``equities``,
``counterfeit``, ``chips``); the presentation layer (``present``: JSON documents and
text tables, which the result classes' ``__str__`` also
use, so it sits below them); then the front ends (``cli``, ``web``, ``bench``), which nothing below
imports.
"""

from __future__ import annotations

from test_import_graph import find_cycle, import_graph

#: Each part and the parts it may import (space-separated).
LAYERS = {
    "errors": "",
    "version": "",
    "outcomes": "",
    "delegation": "",
    "checks": "errors",
    "deck": "errors",
    "core": "deck errors",
    "cards": "checks core deck errors",
    "serialize": "cards",
    "games": "cards checks deck errors",
    "inputs": "cards checks core deck errors",
    "hand_values": "cards core",
    "present": "cards core errors hand_values ranges",
    "results": "cards checks errors outcomes present",
    "board_results": "checks present results",
    "data": "deck errors outcomes",
    "evaluation": "cards core errors games hand_values inputs",
    "ranges": "cards checks core data errors inputs",
    "engine": "board_results cards checks core deck errors games hand_values inputs outcomes ranges results",
    "spot_results": "checks engine games outcomes present results",
    "distributed": "cards core data deck engine errors games present version",
    "equities": "board_results cards checks distributed engine errors games results spot_results",
    "counterfeit": "cards checks delegation engine equities errors evaluation hand_values inputs present ranges",
    "boards": "board_results cards checks engine equities games",
    "pql": "cards checks core deck engine errors evaluation games inputs present ranges",
    # The range explorer's library side, one package (issue 42, item 7): explore() priced by
    # engine.budget, its rows and result, and its own text/HTML/pandas (explorer/present.py,
    # built on present's table helpers: present knows no explorer). Its compiled classifier
    # stays in core, its front ends in cli and web.
    "explorer": "cards checks core engine errors games inputs outcomes pql present ranges",
    "solver": "cards checks core engine errors evaluation games present ranges",
    "chips": "cards checks deck delegation engine errors evaluation games hand_values inputs present results serialize",
    "histories": "cards checks chips equities errors evaluation games hand_values present ranges version",
    "warmup": "boards cards core equities errors evaluation pql present ranges",
    "__init__": "board_results boards cards chips counterfeit equities errors evaluation explorer games hand_values "
    "histories pql ranges results solver spot_results version",
    "bench": "cards equities errors evaluation present version",
    "web": "boards cards checks core counterfeit deck engine equities errors evaluation explorer games histories pql "
    "present ranges results",
    "cli": "__init__ bench board_results boards cards checks chips core counterfeit deck distributed equities errors "
    "evaluation explorer games hand_values histories inputs pql present ranges results solver warmup web",
    "__main__": "cli",
}
ALLOWED: dict[str, set[str]] = {name: set(parts.split()) for name, parts in LAYERS.items()}


def part(module: str) -> str:
    """The part of a module: ``omaha8eq.engine.spot`` -> ``engine``, ``omaha8eq`` -> ``__init__``."""
    parts = module.split(".")
    return parts[1] if len(parts) > 1 else "__init__"


def part_graph() -> dict[str, set[str]]:
    graph: dict[str, set[str]] = {}
    for module, targets in import_graph().items():
        graph.setdefault(part(module), set()).update(part(t) for t in targets if part(t) != part(module))
    return graph


def test_every_part_is_in_the_table():
    assert set(part_graph()) == set(ALLOWED)


def test_every_arrow_is_allowed():
    wrong = {
        f"{source} -> {target}" for source, targets in part_graph().items() for target in targets - ALLOWED[source]
    }
    assert not wrong, f"imports the layer table does not allow: {sorted(wrong)}"


def test_the_table_has_no_cycle():
    assert find_cycle(ALLOWED) is None


def test_the_table_catches_an_upward_lazy_import(tmp_path):
    """The reader sees an import inside a function, and the table refuses it."""
    source = "def later():\n    from ..cli.common import table\n"
    path = tmp_path / "report.py"
    path.write_text(source)
    from test_import_graph import imported_modules

    found = imported_modules("omaha8eq.bench.report", path, {"omaha8eq.cli.common"})
    assert found == {"omaha8eq.cli.common"} and part("omaha8eq.cli.common") not in ALLOWED["bench"]
