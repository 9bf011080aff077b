"""The store (``allin_ev(..., store=FILE)``, ``omaha8eq hands --store FILE``): a re-run reads only what is new.

Every run through the store must give the report a run without it gives; what is
counted here is the hands valued (``hand_ev`` calls), which is the work a store saves.
"""

from __future__ import annotations

import json
import shutil
import sqlite3

import pytest
from cli_run import fails, run
from history_files import SHARED_FILES, SHARED_SKIPPED, STARS_SYNTHETIC, WINAMAX_SYNTHETIC, write_volume

from omaha8eq import allin_ev, read_hands
from omaha8eq.errors import OmahaInputError
from omaha8eq.histories import incremental

NEW_HAND = STARS_SYNTHETIC.read_text("utf-8").split("\n\n\n\n")[2].replace("#200000000003", "#200000000099")


@pytest.fixture
def folder(tmp_path):
    hands = tmp_path / "hands"
    hands.mkdir()
    shutil.copy(STARS_SYNTHETIC, hands)
    shutil.copy(WINAMAX_SYNTHETIC, hands)
    return hands


@pytest.fixture
def valued(monkeypatch):
    """The hands valued (by id) in the runs that follow."""
    seen: list[str] = []
    real = incremental.hand_ev

    def counting(hand, ranges=None):
        seen.append(hand.hand_id)
        return real(hand, ranges)

    monkeypatch.setattr(incremental, "hand_ev", counting)
    return seen


def _same(a, b):
    assert a.to_dict() == b.to_dict()
    assert a.csv_text() == b.csv_text()
    assert a.cumulative() == b.cumulative()
    assert [(h.source, h.settlement) for h in a.hands] == [(h.source, h.settlement) for h in b.hands]


def test_a_rerun_reads_nothing_and_reports_the_same(folder, tmp_path, valued):
    store = tmp_path / "hands.sqlite"
    first = allin_ev(read_hands(folder), store=store)
    assert len(valued) == 6
    valued.clear()
    again = allin_ev(read_hands(folder), store=store)
    assert valued == []
    plain = allin_ev(read_hands(folder))
    _same(first, plain)
    _same(again, plain)


def test_a_grown_file_is_read_from_its_last_hand(folder, tmp_path, valued):
    store = tmp_path / "hands.sqlite"
    allin_ev(read_hands(folder), store=store)
    stars = folder / STARS_SYNTHETIC.name
    with stars.open("a", encoding="utf-8") as out:
        out.write("\n\n\n" + NEW_HAND)
    valued.clear()
    grown = allin_ev(read_hands(folder), store=store)
    # The last stored hand (it might have been cut short) and the new one; nothing else.
    assert valued == ["200000000004", "200000000099"]
    _same(grown, allin_ev(read_hands(folder)))
    assert grown.hands_read == 7


def test_a_changed_file_is_read_again(folder, tmp_path, valued):
    store = tmp_path / "hands.sqlite"
    allin_ev(read_hands(folder), store=store)
    stars = folder / STARS_SYNTHETIC.name
    stars.write_text(stars.read_text("utf-8").replace("Ann", "Amy"), encoding="utf-8")  # same size
    valued.clear()
    changed = allin_ev(read_hands(folder), store=store)
    assert sorted(valued) == ["200000000001", "200000000002", "200000000003", "200000000004"]
    assert ("Amy", "USD") in changed.players and ("Ann", "USD") not in changed.players
    _same(changed, allin_ev(read_hands(folder)))


def test_rows_in_doubt_make_their_file_be_read_again(folder, tmp_path, valued):
    store = tmp_path / "hands.sqlite"
    allin_ev(read_hands(folder), store=store)
    with sqlite3.connect(store) as db:
        db.execute("UPDATE rows SET data = '[1, 2]' WHERE rowid = (SELECT MIN(rowid) FROM rows)")
    valued.clear()
    rebuilt = allin_ev(read_hands(folder), store=store)
    # The file of that row (the first stored: PokerStars') read whole; the other loaded.
    assert sorted(valued) == ["200000000001", "200000000002", "200000000003", "200000000004"]
    _same(rebuilt, allin_ev(read_hands(folder)))
    valued.clear()
    allin_ev(read_hands(folder), store=store)
    assert valued == []  # stored again, right this time


def test_another_version_or_other_ranges_rebuild_the_store(folder, tmp_path, valued, monkeypatch):
    store = tmp_path / "hands.sqlite"
    allin_ev(read_hands(folder), store=store)
    valued.clear()
    allin_ev(read_hands(folder), store=store, ranges={"Dan": "AA**"})
    assert len(valued) == 6
    valued.clear()
    monkeypatch.setattr("omaha8eq.histories.store.__version__", "99.0")
    allin_ev(read_hands(folder), store=store, ranges={"Dan": "AA**"})
    assert len(valued) == 6


def test_a_damaged_store_is_rebuilt_and_a_foreign_file_refused(folder, tmp_path, capsys):
    store = tmp_path / "hands.sqlite"
    allin_ev(read_hands(folder), store=store)
    data = bytearray(store.read_bytes())
    data[100:] = b"\x07" * (len(data) - 100)  # the header (and its mark) kept, the rest garbage
    store.write_bytes(bytes(data))
    _same(allin_ev(read_hands(folder), store=store), allin_ev(read_hands(folder)))
    foreign = tmp_path / "notes.sqlite"
    with sqlite3.connect(foreign) as db:
        db.execute("CREATE TABLE notes (text)")
    before = foreign.read_bytes()
    with pytest.raises(OmahaInputError, match="is not an omaha8eq hand store"):
        allin_ev(read_hands(folder), store=foreign)
    assert foreign.read_bytes() == before
    text = tmp_path / "notes.txt"
    text.write_text("my notes\n")
    assert "is not an omaha8eq hand store" in fails(capsys, "hands", str(folder), "--store", str(text))
    assert text.read_text() == "my notes\n"


def test_the_store_needs_the_stream_unread(folder, tmp_path):
    stream = read_hands(folder)
    next(stream)
    with pytest.raises(OmahaInputError, match="store: give read_hands"):
        allin_ev(stream, store=tmp_path / "s.sqlite")
    with pytest.raises(OmahaInputError, match="store: give read_hands"):
        allin_ev([], store=tmp_path / "s.sqlite")


def test_cli_store_and_sites(folder, tmp_path, capsys):
    store = tmp_path / "hands.sqlite"
    status, out, _ = run(capsys, "hands", str(folder), "--store", str(store), "--json")
    first = json.loads(out)
    status2, out2, _ = run(capsys, "hands", str(folder), "--store", str(store), "--json")
    assert status == status2 == 0 and json.loads(out2) == first
    assert first["summary"]["sites"] == {"PokerStars": 4, "Winamax": 2}


def test_a_volume_of_real_files_from_every_site(tmp_path, valued):
    # 150 copies of every real file: 4,050 hands from six sites, 150 skipped (888's).
    copies = 150
    folder = write_volume(tmp_path / "volume", copies)
    store = tmp_path / "volume.sqlite"
    # Its speed is the benchmark's (benchmarks/histories_volume.py), not asserted here.
    report = allin_ev(read_hands(folder), store=store, every_hand=False)
    summary = report.summary()
    assert summary["hands_read"] == copies * sum(SHARED_FILES.values())
    assert summary["hands_skipped"] == copies * len(SHARED_SKIPPED)
    assert (summary["pots_checked"], summary["pots_differing"]) == (copies * 14, 0)
    assert summary["sites"] == {
        "PokerStars": copies * 17,
        "Winning Poker Network": copies * 5,
        "Winamax": copies * 3,
        "Bovada": copies,
        "partypoker": copies,
    }
    assert all(h.allin_street is not None for h in report.hands)  # every_hand=False keeps only those
    valued.clear()
    again = allin_ev(read_hands(folder), store=store, every_hand=False)
    assert valued == [] and again.summary() == summary and again.csv_text() == report.csv_text()


def test_an_interrupted_run_keeps_what_was_stored(folder, tmp_path, monkeypatch):
    store = tmp_path / "hands.sqlite"
    real = incremental.hand_ev

    def interrupted(hand, ranges=None):
        if hand.site == "Winamax":  # the second file: Ctrl-C in the middle of the run
            raise KeyboardInterrupt
        return real(hand, ranges)

    monkeypatch.setattr(incremental, "hand_ev", interrupted)
    with pytest.raises(KeyboardInterrupt):
        allin_ev(read_hands(folder), store=store)
    seen: list[str] = []
    monkeypatch.setattr(incremental, "hand_ev", lambda hand, ranges=None: seen.append(hand.site) or real(hand, ranges))
    resumed = allin_ev(read_hands(folder), store=store)
    assert seen == ["Winamax", "Winamax"]  # PokerStars' file was stored before the interruption
    _same(resumed, allin_ev(read_hands(folder)))
