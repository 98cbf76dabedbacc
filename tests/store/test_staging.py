"""A whole game added all or nothing (``Store.add_whole_game``, ``judge/store/staging.py``): what ``judge import``
stores.  A failure part-way leaves nothing; a stage folder left by a killed import is undone by the cleanup every
poll runs, and a game already moved in is kept."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from judge.store import GameExists, InvalidName, Store
from judge.store import staging
from judge.store.staging import PREFIX, SUFFIX, game_paths, stage_folder
from tests.store.helpers import make_game
from tests.store.test_history import PHASES, record


def everything(data: Path) -> list[str]:
    return sorted(str(p.relative_to(data)) for p in data.rglob("*"))


def add(store: Store, name: str = "alpha", phases: list[str] = PHASES) -> None:
    with store.poll_lock():
        store.add_whole_game(make_game(name), [record(p) for p in phases], {p: f"text of {p}" for p in phases})


def test_the_game_its_history_and_its_archive_arrive_together(store: Store) -> None:
    add(store)
    assert store.load_game("alpha").name == "alpha" and store.phase_names("alpha") == PHASES
    assert [store.read_archive("alpha", p) for p in PHASES] == [f"text of {p}" for p in PHASES]
    assert not [p for p in store.data_dir.iterdir() if p.name.startswith(PREFIX)]
    assert oct(store.history_path("alpha").stat().st_mode & 0o777) == "0o600"


def test_a_failure_part_way_leaves_nothing(store: Store) -> None:
    store.create_game(make_game("other"))
    with store.poll_lock():  # the lock file, there before any import
        pass
    before = everything(store.data_dir)
    with pytest.raises(InvalidName):
        add(store, phases=["S1901M", "../../x"])  # the store's own rule still stands behind the import's check
    assert everything(store.data_dir) == before
    assert not store.name_in_use("alpha")


@pytest.mark.parametrize("phases", [["S1901M", "S1901M"], ["S1901M", "../x"], [""]])
def test_phase_names_the_store_would_refuse_stage_nothing(store: Store, phases: list[str]) -> None:
    with store.poll_lock(), pytest.raises(InvalidName):
        store.add_whole_game(make_game(), [record(p) for p in phases], {})
    assert everything(store.data_dir) == ["poll.lock"]


@pytest.mark.parametrize("leftover", range(3))
def test_anything_in_place_makes_the_name_taken(store: Store, leftover: int) -> None:
    path = game_paths(store.data_dir, "alpha")[leftover]
    path.parent.mkdir(parents=True, exist_ok=True)
    path.mkdir() if leftover == 0 else path.write_text("{}", encoding="utf-8")
    assert store.name_in_use("alpha")
    with pytest.raises(GameExists):
        add(store)


def killed_after(store: Store, moved: int) -> None:
    """What an import killed after moving ``moved`` of archive, history and game file into place leaves."""
    add(store, "beta")  # a game written whole, then taken apart into a stage folder as if it were half moved
    stage = stage_folder(store.data_dir, "alpha")
    add(store)
    for i, (placed, staged) in enumerate(zip(game_paths(store.data_dir, "alpha"), game_paths(stage, "alpha"),
                                             strict=True)):
        if i >= moved:
            staged.parent.mkdir(parents=True, exist_ok=True)
            os.rename(placed, staged)


@pytest.mark.parametrize("moved", range(4))
def test_the_cleanup_undoes_an_import_killed_part_way(store: Store, moved: int) -> None:
    killed_after(store, moved)
    with store.poll_lock():
        assert store.remove_temp_files() >= 1
    assert not [p for p in store.data_dir.iterdir() if p.name.startswith(PREFIX)]
    assert store.load_game("beta").name == "beta" and store.phase_names("beta") == PHASES
    if moved < 3:  # the game file never came: nothing of it stays
        assert not store.name_in_use("alpha") and "alpha" not in store.game_names()
    else:  # the game existed already: it stays, whole
        assert store.phase_names("alpha") == PHASES and store.read_archive("alpha", "S1901M") == "text of S1901M"


def test_the_cleanup_leaves_other_hidden_folders_alone(store: Store) -> None:
    odd = store.data_dir / f"{PREFIX}alpha{SUFFIX}"  # not named as an import names its stage (no pid, no random)
    odd.mkdir()
    with store.poll_lock():
        store.remove_temp_files()
    assert odd.is_dir()
    shutil.rmtree(odd)


def test_a_move_that_fails_puts_back_what_it_moved(store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    """A game file in place by the time the history moved in (a writer not holding the lock): what the import
    had moved goes back, what was there stays."""
    with store.poll_lock():
        pass
    real = staging.fsync_dir

    def intruder(path: Path) -> None:
        real(path)
        if path.name == "history":
            store.game_path("alpha").parent.mkdir(exist_ok=True)
            store.game_path("alpha").write_text("theirs", encoding="utf-8")

    monkeypatch.setattr(staging, "fsync_dir", intruder)
    with pytest.raises(FileExistsError):
        add(store)
    assert everything(store.data_dir) == ["archive", "games", "games/alpha.json", "history", "poll.lock"]
    assert store.game_path("alpha").read_text(encoding="utf-8") == "theirs"
