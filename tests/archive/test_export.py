"""``judge export`` → ``judge replay --file``, ``judge import`` → ``judge replay``: the record round-trips."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from judge.app.sandbox import Sandbox
from judge.variants import data_version
from tests.archive.conftest import VARIANTS
from tests.archive.games import PlayedGame


def export(game: PlayedGame, target: Path) -> list[dict]:
    done = game.judge("export", game.name, "--out", str(target))
    assert done.returncode == 0, done.stderr
    return [json.loads(line) for line in target.read_text(encoding="utf-8").splitlines()]


@pytest.mark.parametrize("variant", VARIANTS)
def test_export_then_replay_the_file_then_import_and_replay_the_game(demo_games: dict[str, PlayedGame],
                                                                       variant: str, tmp_path: Path) -> None:
    game = demo_games[variant]
    phases = game.sandbox.store.phase_names(game.name)
    lines = export(game, tmp_path / "game.jsonl")
    assert [line["kind"] for line in lines] == ["game", *["phase"] * len(phases), "end"]
    assert lines[0]["variant"] == variant and lines[0]["data_version"] == data_version(variant)
    assert [line["phase"] for line in lines[1:-1]] == phases
    from_file = game.judge("replay", "--file", str(tmp_path / "game.jsonl"))
    assert from_file.stdout.strip() == f"{len(phases)} phases replayed, identical", from_file.stderr
    other = PlayedGame(Sandbox.create(tmp_path / "other", name="another-judge"), "kept", variant)
    done = other.judge("import", str(tmp_path / "game.jsonl"), "--name", "kept")
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == f"imported kept: {variant}, {len(phases)} phases, finished"
    stored = other.sandbox.store.load_game("kept")
    assert stored.status == "finished" and stored.state == game.sandbox.store.load_game(game.name).state
    for phase in phases:
        assert other.archive_file(phase).read_text(encoding="utf-8") == game.archive_file(phase).read_text(
            encoding="utf-8")
    again = other.judge("replay", "kept")
    assert again.stdout.strip() == f"{len(phases)} phases replayed, identical", again.stderr
    twice = other.judge("import", str(tmp_path / "game.jsonl"), "--name", "kept")
    assert twice.returncode == 2 and "already a game 'kept'" in twice.stderr


def test_an_export_holds_no_address_and_no_password(demo_games: dict[str, PlayedGame], tmp_path: Path) -> None:
    game = demo_games["europe1615-v3"]
    export(game, tmp_path / "game.jsonl")
    text = (tmp_path / "game.jsonl").read_text(encoding="utf-8")
    stored = game.sandbox.store.load_game(game.name)
    for player in stored.players:
        assert player.address not in text and player.password_hash not in text
    assert stored.gm_address not in text and "password" not in text


def test_a_cut_or_broken_export_is_refused_with_its_line(demo_games: dict[str, PlayedGame], tmp_path: Path) -> None:
    game = demo_games["standard"]
    export(game, tmp_path / "game.jsonl")
    lines = (tmp_path / "game.jsonl").read_text(encoding="utf-8").splitlines()
    (tmp_path / "cut.jsonl").write_text("\n".join(lines[:-1]) + "\n", encoding="utf-8")
    cut = game.judge("replay", "--file", str(tmp_path / "cut.jsonl"))
    assert cut.returncode == 2 and "must end with one line of kind \"end\"" in cut.stderr
    (tmp_path / "bad.jsonl").write_text("\n".join([lines[0], "{not json", *lines[2:]]) + "\n", encoding="utf-8")
    bad = game.judge("import", str(tmp_path / "bad.jsonl"))
    assert bad.returncode == 2 and bad.stderr.startswith(f"judge import: {tmp_path / 'bad.jsonl'}: line 2: not JSON")
    assert "Traceback" not in cut.stderr + bad.stderr
