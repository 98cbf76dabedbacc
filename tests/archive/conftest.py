"""Games played once per test session for the archive tests: every demo game, and a Version 3 game with
a GM decision and public press (the inputs a replay must chain)."""

from __future__ import annotations

from pathlib import Path

import pytest

from judge.app.demo import load_script
from judge.app.sandbox import Sandbox
from tests.archive.games import PlayedGame, play_decided_v3, play_demo

VARIANTS = ["standard", "payola", "europe1615-v3", "europe1615-2013-08"]


@pytest.fixture(scope="session")
def demo_games(tmp_path_factory: pytest.TempPathFactory) -> dict[str, PlayedGame]:
    """variant -> its demo game played by mail on its own judge (never change these: copy them)."""
    root = tmp_path_factory.mktemp("archive-demos")
    return {variant: play_demo(root / variant, variant) for variant in VARIANTS}


@pytest.fixture(scope="session")
def decided_v3(tmp_path_factory: pytest.TempPathFactory) -> PlayedGame:
    return play_decided_v3(tmp_path_factory.mktemp("archive-decided") / "judge")


@pytest.fixture
def copy_of(tmp_path: Path):  # type: ignore[no-untyped-def]
    """A throwaway copy of a played game's judge folder, to tamper with."""
    import shutil

    def copy(game: PlayedGame) -> PlayedGame:
        target = tmp_path / "copy"
        shutil.copytree(game.sandbox.root, target)
        return PlayedGame(Sandbox(target), game.name, game.variant)

    return copy


__all__ = ["load_script"]
