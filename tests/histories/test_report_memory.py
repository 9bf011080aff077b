"""The report keeps memory flat: the luck ranking, the chart's data and the JSON hands
come from temporary files, and say exactly what a report holding every hand says."""

from __future__ import annotations

import io
import json
import tracemalloc
from dataclasses import replace

import pytest
from history_files import STARS_SYNTHETIC, WINAMAX_SYNTHETIC, WPN2019_SYNTHETIC

from omaha8eq import allin_ev, read_hands
from omaha8eq.errors import OmahaInputError, OmahaTypeError
from omaha8eq.histories.report import AllinReport

SOURCES = (STARS_SYNTHETIC, WINAMAX_SYNTHETIC, WPN2019_SYNTHETIC)


@pytest.fixture(scope="module")
def reports() -> tuple[AllinReport, AllinReport]:
    """The same hands reported keeping every hand, and keeping none."""
    return allin_ev(read_hands(*SOURCES)), allin_ev(read_hands(*SOURCES), every_hand=False)


def test_a_flat_report_says_what_a_full_one_says(reports):
    full, flat = reports
    assert flat.hands == [] and len(full.hands) == full.hands_read == 10
    assert flat.to_dict() == full.to_dict()
    for player, unit in full.players:
        ranked = [h.hand_id for h in full.by_luck(player, unit)]
        # The reference: every hand kept, sorted by luck (reading order among equals).
        reference = sorted(
            (h for h in full.hands if player in h.allin_players and h.unit == unit), key=lambda h: -h.luck(player)
        )
        assert ranked == [h.hand_id for h in reference] == [h.hand_id for h in flat.by_luck(player, unit)]
        for limit in range(len(ranked) + 2):
            assert [h.hand_id for h in flat.by_luck(player, unit, limit)] == ranked[:limit]
        net, adjusted = flat.cumulative(player, unit)
        mine = [h for h in full.hands if player in h.net and h.unit == unit]
        assert len(net) == len(mine) == full.players[player, unit].hands
        assert abs(net[-1] - sum(h.net[player] for h in mine) / 100) < 1e-9
        assert abs(adjusted[-1] - sum(h.adjusted[player] for h in mine) / 100) < 1e-9
    assert flat.cumulative("nobody", "USD") == ([], [])
    # A negative count is a bad value, a text a bad type: the package's two input errors.
    with pytest.raises(OmahaInputError, match="limit: must not be negative"):
        flat.by_luck(limit=-1)
    with pytest.raises(OmahaTypeError, match="limit"):
        flat.by_luck(limit="3")


def test_the_json_document_is_streamed_as_json_dumps_writes_it(reports):
    full, flat = reports
    for report in (flat, allin_ev([])):
        out = io.StringIO()
        report.write_json(out)
        assert out.getvalue() == json.dumps(report.to_dict(), indent=2)
    assert json.loads(out.getvalue())["hands_by_luck"] == []
    listed = [h["hand_id"] for h in flat.to_dict()["hands_by_luck"]]
    assert listed == [h.hand_id for h in full.by_luck()] and len(listed) >= 2


def test_memory_stays_flat_over_many_all_in_hands(reports):
    full, _ = reports
    allin = next(h for h in full.hands if h.adjusted_hand and h.settlement is not None)
    report = AllinReport(every_hand=False)
    for i in range(200):  # warm up: the spools' first megabyte is in memory by design
        report.add(replace(allin, hand_id=str(i)))
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        for i in range(20_000):
            report.add(replace(allin, hand_id=str(i)))
        grown = tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()
    # Held as records, 20,000 hands took tens of megabytes; spooled, they take none.
    assert grown < 1.5 * 2**20, grown
    assert report.summary()["allin_hands"] == 20_200
    assert [h.hand_id for h in report.by_luck(limit=3)] == ["0", "1", "2"]  # equal luck: reading order
