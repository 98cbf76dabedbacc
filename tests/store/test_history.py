"""History: phases upserted by name, ranges in playing order, truncation; the archive."""

from __future__ import annotations

from datetime import timedelta

import pytest

from judge.store import InvalidName, PhaseRecord, Store, UnknownPhase
from tests.store.helpers import T0

# Phase names of a variant with extra kinds: not in playing order when sorted.
PHASES = ["S1901M", "U1901M", "F1901M", "F1901R", "W1901A", "S1902M", "F1902M", "W1902A"]


def record(phase: str, text: str = "") -> PhaseRecord:
    return PhaseRecord(phase, {"phase": phase, "units": {}}, {}, [{"result": "ok"}],
                       text or f"results of {phase}", T0 + timedelta(days=len(phase)))


@pytest.fixture
def played(store: Store) -> Store:
    for phase in PHASES:
        store.record_phase("alpha", record(phase))
    return store


def test_phases_come_back_in_playing_order(played: Store) -> None:
    assert played.phase_names("alpha") == PHASES
    assert [r.phase for r in played.phases("alpha")] == PHASES
    assert played.phases("alpha")[0] == record("S1901M")


def test_recording_a_phase_again_overwrites_it(played: Store) -> None:
    played.record_phase("alpha", record("F1901R", "second try"))
    played.record_phase("alpha", record("F1901R", "third try"))
    assert played.phase_names("alpha") == PHASES
    again = played.phase_record("alpha", "F1901R")
    assert again is not None and again.text == "third try"


def test_ranges_for_history(played: Store) -> None:
    assert [r.phase for r in played.phases("alpha", "F1901M", "W1901A")] == ["F1901M", "F1901R", "W1901A"]
    assert [r.phase for r in played.phases("alpha", first="S1902M")] == ["S1902M", "F1902M", "W1902A"]
    assert [r.phase for r in played.phases("alpha", last="U1901M")] == ["S1901M", "U1901M"]
    assert played.phases("alpha", "F1902M", "S1901M") == []
    with pytest.raises(UnknownPhase, match="S1905M"):
        played.phases("alpha", "S1905M")


def test_no_history_yet(store: Store) -> None:
    assert store.phases("alpha") == [] and store.phase_record("alpha", "S1901M") is None


def test_truncation_for_rollback(played: Store) -> None:
    assert played.truncate_after("alpha", "W1901A") == ["S1902M", "F1902M", "W1902A"]
    before = played.phase_record("alpha", "F1901M")
    assert before is not None and before.state_before == {"phase": "F1901M", "units": {}}
    assert played.truncate_after("alpha", "F1901M", inclusive=True) == ["F1901M", "F1901R", "W1901A"]
    played.record_phase("alpha", record("F1901M", "replayed"))
    played.record_phase("alpha", record("W1901A"))
    assert played.phase_names("alpha") == ["S1901M", "U1901M", "F1901M", "W1901A"]
    assert played.truncate_after("alpha", "W1901A") == []
    with pytest.raises(UnknownPhase):
        played.truncate_after("alpha", "S1950M")


def test_history_lives_apart_from_the_live_game(played: Store) -> None:
    assert played.history_path("alpha").exists()
    assert not played.game_path("alpha").exists()


def test_archive_files(store: Store) -> None:
    path = store.write_archive("alpha", "S1901M", "Movement results for Spring of 1901\n\u00e9\n")
    assert path == store.data_dir / "archive" / "alpha" / "S1901M.txt"
    assert path.read_text(encoding="utf-8").endswith("\u00e9\n")
    store.write_archive("alpha", "S1901M", "again\n")
    assert store.read_archive("alpha", "S1901M") == "again\n"
    assert store.read_archive("alpha", "F1901M") is None
    with pytest.raises(InvalidName):
        store.write_archive("alpha", "../x", "")


def test_archive_folders_are_private_like_every_folder_of_the_store(store: Store) -> None:
    """docs/store.md: directories 0700 (issue 9, item 16: archive/ itself was left 0755)."""
    path = store.write_archive("alpha", "S1901M", "results\n")
    for folder in (path.parent, path.parent.parent):
        assert folder.stat().st_mode & 0o777 == 0o700, folder
    assert path.stat().st_mode & 0o077 == 0
