"""``judge publish`` writes only what changed (issue 25): an unchanged archive is neither replayed nor redrawn and
its files keep their inodes; a changed phase, a corrected map or another rule option redraws what it touches; two
runs never overlap; the new site replaces the old at once, never leaving a moment without one."""

from __future__ import annotations

import json
import os
import shutil
import threading
from collections.abc import Callable
from pathlib import Path

import pytest

from judge.app.gamefile import GameArchive, PhaseEntry
from judge.app.publish import map_picture, publish
from judge.app.sitebuild import site_lock
from judge.engine.variant import Variant
from judge.paths import gamedata_dir
from judge.store import Store
from tests.archive.conftest import Copier
from tests.archive.games import PlayedGame, run_judge

Drawer = Callable[[Variant, GameArchive, PhaseEntry], "bytes | None"]


def counting(calls: list[str]) -> Drawer:
    """The real map pictures, each drawing noted in ``calls``."""

    def picture(variant: Variant, archive: GameArchive, entry: PhaseEntry) -> bytes | None:
        calls.append(entry.phase)
        return map_picture(variant, archive, entry)

    return picture


def finished(game: PlayedGame) -> Store:
    """The game marked finished, so the site shows it."""
    store = game.sandbox.store
    stored = store.load_game(game.name)
    stored.status = "finished"
    store.save_game(stored)
    return store


def files(out: Path) -> dict[str, tuple[int, int]]:
    """Every file of the site: (inode, mtime in ns)."""
    return {str(p.relative_to(out)): (p.stat().st_ino, p.stat().st_mtime_ns) for p in out.rglob("*") if p.is_file()}


def edit_record(game: PlayedGame, phase: str, change: Callable[[dict], None]) -> None:
    """Change the history record of ``phase`` as a corrected record would be."""
    path = game.sandbox.config.data_dir / "history" / f"{game.name}.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    change(next(d for d in data["phases"].values() if d["phase"] == phase))
    path.write_text(json.dumps(data), encoding="utf-8")


def test_an_unchanged_archive_is_not_redrawn_and_a_changed_phase_is(demo_games: dict[str, PlayedGame],
                                                                    copy_of: Copier, tmp_path: Path) -> None:
    game = copy_of(demo_games["standard"])
    store, out, calls = finished(game), tmp_path / "site", []
    phases = store.phase_names(game.name)
    first = publish(store, out, "demo-judge", counting(calls))
    assert calls == phases and first.drawn == len(phases)
    before = files(out)
    thumb = f"demo/{phases[-1]}-small.png"  # the index's small picture of the last phase
    assert f"demo/{phases[0]}.png" in before and thumb in before and len(before) == 2 + 1 + 2 * len(phases) + 1

    calls.clear()
    again = publish(store, out, "demo-judge", counting(calls))
    assert (calls, again.drawn, again.written, again.pages) == ([], 0, 0, first.pages)
    assert files(out) == before  # every file the same inode, never rewritten

    changed = phases[2]
    archived = game.archive_file(changed)
    archived.write_text(archived.read_text(encoding="utf-8") + "\nA note the GM added.\n", encoding="utf-8")
    publish(store, out, "demo-judge", counting(calls))
    after = files(out)
    assert calls == []  # the text changed, not the position: no map is redrawn
    assert "A note the GM added." in (out / "demo" / f"{changed}.html").read_text(encoding="utf-8")
    assert {f for f in before if after[f] != before[f]} == {f"demo/{changed}.html"}

    edit_record(game, changed, lambda d: d["orders"].clear())  # its orders corrected: no arrows now
    publish(store, out, "demo-judge", counting(calls))
    assert calls == [changed]
    moved = files(out)
    assert {f for f in after if moved[f] != after[f]} == {f"demo/{changed}.png"}  # the thumbnail kept too

    edit_record(game, phases[-1], lambda d: d["orders"].clear())  # the last phase's: its thumbnail is made again
    calls.clear()
    publish(store, out, "demo-judge", counting(calls))
    assert calls == [phases[-1]]
    last = files(out)
    assert {f for f in moved if last[f] != moved[f]} == {f"demo/{phases[-1]}.png", thumb}


def test_a_phase_played_under_another_rule_option_is_redrawn_alone(demo_games: dict[str, PlayedGame],
                                                                   copy_of: Copier, tmp_path: Path) -> None:
    game = copy_of(demo_games["standard"])
    store, out, calls = finished(game), tmp_path / "site", []
    phases = store.phase_names(game.name)
    publish(store, out, "demo-judge", counting(calls))
    edit_record(game, phases[1], lambda d: d["results"]["replay"]["rules"].update(victory_centers=17))
    calls.clear()
    publish(store, out, "demo-judge", counting(calls))
    assert calls == [phases[1]]


def test_a_corrected_map_redraws_its_games_pictures_in_the_next_command(
        demo_games: dict[str, PlayedGame], copy_of: Copier, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each ``judge publish`` is a process of its own (cron's): the keys it finds are the last one's, so nothing is
    drawn again until the map file changes, and then every picture of the game is."""
    game = copy_of(demo_games["standard"])
    finished(game)
    out = tmp_path / "site"
    command = ("--config", str(game.config), "publish", "--out", str(out))
    assert run_judge(*command).returncode == 0
    before = files(out)
    assert run_judge(*command).returncode == 0
    assert files(out) == before
    data = tmp_path / "gamedata"
    shutil.copytree(gamedata_dir(), data)
    board = data / "standard" / "standard.map"
    board.write_text(board.read_text(encoding="utf-8") + "\ncolour FRANCE 123456   # corrected by the GM\n",
                     encoding="utf-8")
    monkeypatch.setenv("JUDGE_GAMEDATA", str(data))
    assert run_judge(*command).returncode == 0
    after = files(out)
    pictures = {f for f in before if f.endswith(".png") and not f.endswith("-small.png")}
    thumbs = {f for f in before if f.endswith("-small.png")}  # the index's small picture of the last phase
    assert len(pictures) == len(game.sandbox.store.phase_names(game.name)) and len(thumbs) == 1
    pages = {f for f in before if f.endswith(".html") and f.startswith("demo/")}  # the charts' and swatches' colour
    assert {f for f in before if after[f] != before[f]} == pictures | thumbs | pages


def test_a_second_publish_exits_at_once_while_one_runs(demo_games: dict[str, PlayedGame], copy_of: Copier) -> None:
    game = copy_of(demo_games["standard"])
    finished(game)
    out = game.sandbox.root / "site"
    assert game.judge("publish", "--out", str(out)).returncode == 0
    shown, copies = os.readlink(out), sorted(out.parent.glob(".site.site-*"))
    with site_lock(out):  # a run in progress
        done = game.judge("publish", "--out", str(out))
    assert (done.returncode, done.stderr) == (0, "")
    assert done.stdout == f"judge publish: another publish is writing {out}; this one exits (cron will try again)\n"
    assert os.readlink(out) == shown and sorted(out.parent.glob(".site.site-*")) == copies
    assert game.judge("publish", "--out", str(out)).returncode == 0  # the lock is free again


def test_the_new_site_replaces_the_old_without_a_moment_without_a_site(demo_games: dict[str, PlayedGame],
                                                                      copy_of: Copier, tmp_path: Path) -> None:
    """A reader reading the site in a loop while it is published again and again never misses a page: the site
    is a link to a whole copy, switched by one rename; the copy before it stays until the next run."""
    game = copy_of(demo_games["standard"])
    store, out = finished(game), tmp_path / "site"
    out.mkdir()
    (out / "index.html").write_text("the site an older judge wrote, a plain folder", encoding="utf-8")
    publish(store, out, "demo-judge")  # a plain folder is replaced once by the link
    assert out.is_symlink() and os.readlink(out).endswith("/www") and "demo" in (out / "index.html").read_text()
    phase = store.phase_names(game.name)[-1]
    stop, misses, reads = threading.Event(), [], [0]

    def read() -> None:
        while not stop.is_set():
            for page in (out / "index.html", out / "demo" / "index.html", out / "demo" / f"{phase}.html"):
                try:
                    if "</html>" not in page.read_text(encoding="utf-8"):
                        misses.append(f"{page}: cut short")
                except OSError as exc:
                    misses.append(f"{page}: {exc}")
            reads[0] += 1

    reader = threading.Thread(target=read)
    reader.start()
    try:
        for n in range(6):
            archived = game.archive_file(phase)
            archived.write_text(archived.read_text(encoding="utf-8") + f"\nCorrection {n}.\n", encoding="utf-8")
            publish(store, out, "demo-judge")
    finally:
        stop.set()
        reader.join()
    assert misses == [] and reads[0] > 6
    assert "Correction 5." in (out / "demo" / f"{phase}.html").read_text(encoding="utf-8")
    assert len(list(tmp_path.glob(".site.site-*"))) == 2  # the site and the one before it, nothing older
