"""Games played once per test session for the archive tests: every demo game, and a Version 3 game with
a GM decision and public press (the inputs a replay must chain)."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path

import pytest

from judge.app.demo import demos
from judge.app.sandbox import Sandbox
from tests.archive.games import PlayedGame, play_decided_v3, play_demo, play_script

VARIANTS = demos()  # every variant with a demo script: standard, Payola, each Europe 1615 edition, 1618 ...


@pytest.fixture(scope="session")
def demo_games(tmp_path_factory: pytest.TempPathFactory) -> dict[str, PlayedGame]:
    """variant -> its demo game played by mail on its own judge (never change these: copy them)."""
    root = tmp_path_factory.mktemp("archive-demos")
    return {variant: play_demo(root / variant, variant) for variant in VARIANTS}


@pytest.fixture(scope="session")
def decided_v3(tmp_path_factory: pytest.TempPathFactory) -> PlayedGame:
    return play_decided_v3(tmp_path_factory.mktemp("archive-decided") / "judge")


Copier = Callable[[PlayedGame], PlayedGame]


@pytest.fixture
def copy_of(tmp_path: Path) -> Copier:
    """A throwaway copy of a played game's judge folder, to tamper with."""

    def copy(game: PlayedGame) -> PlayedGame:
        target = tmp_path / "copy"
        shutil.copytree(game.sandbox.root, target)
        return PlayedGame(Sandbox(target), game.name, game.variant)

    return copy


@pytest.fixture(scope="session")
def running(tmp_path_factory: pytest.TempPathFactory) -> tuple[Sandbox, Path]:
    """One judge: Payola and Version 3 running with SET PUBLISH yes, the 2013-08 game running without it."""
    sandbox = Sandbox.create(tmp_path_factory.mktemp("running") / "judge", password_cost=8)
    play_script(sandbox, "payola", "SET PUBLISH yes")
    play_script(sandbox, "europe1615-v3", "SET PUBLISH yes")
    play_script(sandbox, "europe1615-2013-08")
    out = sandbox.root / "site"
    done = PlayedGame(sandbox, "demo", "payola").judge("publish", "--out", str(out))
    assert done.returncode == 0, done.stderr
    played = sum(len(sandbox.store.phase_names(g)) for g in ("demo", "v3"))
    assert done.stdout.strip() == f"published 2 games, {1 + 2 + played} pages in {out}"
    return sandbox, out

