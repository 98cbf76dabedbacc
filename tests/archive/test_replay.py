"""``judge replay``: every game replays identical; a tampered archive is caught at the phase tampered with;
a what-if with another rule option or map reports what would change and changes nothing."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

from judge.app.gamefile import from_store
from judge.app.replay import replay
from judge.paths import gamedata_dir
from judge.variants import data_version
from tests.archive.conftest import VARIANTS, Copier
from tests.archive.games import PlayedGame, run_judge


def phases_of(game: PlayedGame) -> list[str]:
    return game.sandbox.store.phase_names(game.name)


def fingerprint(folder: Path) -> dict[str, str]:
    return {str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.rglob("*")) if p.is_file()}


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_demo_game_replays_identical(demo_games: dict[str, PlayedGame], variant: str) -> None:
    game = demo_games[variant]
    done = run_judge("--config", str(game.config), "replay", game.name)  # as the GM runs it
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == f"{len(phases_of(game))} phases replayed, identical"
    assert len(phases_of(game)) >= 4


def test_a_game_with_a_gm_decision_and_press_replays_identical(decided_v3: PlayedGame) -> None:
    record = decided_v3.sandbox.store.phase_record(decided_v3.name, "S1615M")
    assert record is not None
    facts = record.results["replay"]
    assert facts["decisions"] == [{"action": "BALLOT", "words": "wallenstein, Catholic League, Polish"}]
    assert facts["press"][0]["from"] == "FRANCE" and "keeps the peace" in facts["press"][0]["body"]
    report = replay(from_store(decided_v3.sandbox.store, decided_v3.name))
    assert report.divergence is None and len(report.phases) == 8  # through W1615A, then S, I played at once


def test_a_gm_decision_left_out_of_the_history_is_the_divergence(decided_v3: PlayedGame,
                                                                 copy_of: Copier) -> None:
    """The decision is an input: without it the position before Spring 1615 is not the one kept."""
    game = copy_of(decided_v3)
    path = game.sandbox.config.data_dir / "history" / f"{game.name}.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    for doc in data["phases"].values():
        doc["results"]["replay"]["decisions"] = []
    path.write_text(json.dumps(data), encoding="utf-8")
    done = game.judge("replay", game.name)
    assert done.returncode == 1
    assert done.stdout.startswith("divergence at S1615M: the position before the phase differs\n")
    assert "archived: ballot: " in done.stdout and "WALLENSTEIN" in done.stdout


@pytest.mark.parametrize("variant", VARIANTS)
def test_a_tampered_archive_text_is_reported_at_its_phase_as_wording(demo_games: dict[str, PlayedGame],
                                                                     variant: str, copy_of: Copier) -> None:
    game = copy_of(demo_games[variant])
    phases = phases_of(game)
    target = phases[2]
    path = game.archive_file(target)
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    n = next(i for i, line in enumerate(lines) if line.strip() and i > 4)
    original = lines[n].rstrip("\n")
    lines[n] = "TAMPERED " + lines[n]
    path.write_text("".join(lines), encoding="utf-8")
    done = game.judge("replay", game.name)
    assert done.returncode == 0  # the text alone: a change of wording (issue 37), said with both sides
    out = done.stdout.splitlines()
    assert out[-3].endswith(f"not a divergence; the first at {target}: the results text differs")
    assert out[-2:] == [
        f"  archived: line {n + 1}: {'TAMPERED ' + original!r}",
        f"  replayed: line {n + 1}: {original!r}"]
    assert "divergence at" not in done.stdout


def test_a_tampered_outcome_in_the_history_is_reported_with_both_sides(demo_games: dict[str, PlayedGame],
                                                                       copy_of: Copier) -> None:
    game = copy_of(demo_games["standard"])
    path = game.sandbox.config.data_dir / "history" / f"{game.name}.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    doc = next(d for d in data["phases"].values() if d["phase"] == "F1901M")
    first = doc["results"]["results"][0]
    kept = first["result"]
    first["result"] = "bounce" if kept != "bounce" else "ok"
    path.write_text(json.dumps(data), encoding="utf-8")
    done = game.judge("replay", game.name, "--from", "S1901M", "--to", "W1902A")
    assert done.returncode == 1
    out = done.stdout.splitlines()
    assert out[0] == "divergence at F1901M: the outcome differs"
    assert out[1] == f'  archived: results[0].result: "{first["result"]}"'
    assert out[2] == f'  replayed: results[0].result: "{kept}"'


def test_from_and_to_replay_a_stretch(demo_games: dict[str, PlayedGame]) -> None:
    game = demo_games["europe1615-v3"]
    done = game.judge("replay", game.name, "--from", "W1615E", "--to", "S1616M")
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "5 phases replayed, identical"  # W1615E, W1615A, W1615S, S1616I, S1616M
    bad = game.judge("replay", game.name, "--from", "S1999M")
    assert bad.returncode == 2
    assert bad.stderr.startswith("judge replay: the game has no phase S1999M in its archive (played: S1615I,")
    assert game.judge("replay", "nosuchgame").returncode == 2


def test_a_what_if_option_reports_what_would_change_and_changes_nothing(demo_games: dict[str, PlayedGame]) -> None:
    game = demo_games["standard"]
    before = fingerprint(game.sandbox.root)
    done = game.judge("replay", game.name, "--option", "victory_centers=5")
    assert done.returncode == 0, done.stderr
    assert "S1901M: the results text differs" not in done.stdout
    assert "F1901M: the results text differs" in done.stdout  # a power with 5 centres wins in 1901
    assert done.stdout.strip().endswith("(the game is unchanged)")
    assert fingerprint(game.sandbox.root) == before
    assert game.judge("replay", game.name, "--option", "nosuch=1").returncode == 2


def test_a_what_if_map_replays_on_the_corrected_copy(demo_games: dict[str, PlayedGame], tmp_path: Path) -> None:
    """Paris and Burgundy made not adjacent: France's opening move fails, and the game is left as it was."""
    game = demo_games["standard"]
    board = (gamedata_dir() / "standard" / "standard.map").read_text(encoding="utf-8")
    same = tmp_path / "same.map"
    same.write_text(board, encoding="utf-8")
    done = game.judge("replay", game.name, "--map", str(same))
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == f"what-if: {len(phases_of(game))} phases replayed, nothing would change"
    corrected = tmp_path / "corrected.map"
    corrected.write_text(board.replace("army BUR BEL GAS MAR MUN PAR PIC RUH", "army BUR BEL GAS MAR MUN PIC RUH")
                         .replace("army PAR BRE BUR GAS PIC", "army PAR BRE GAS PIC"), encoding="utf-8")
    before = fingerprint(game.sandbox.root)
    done = game.judge("replay", game.name, "--map", str(corrected))
    assert done.returncode == 0, done.stderr
    out = done.stdout.splitlines()
    assert out[0] == "S1901M: the outcome differs"
    assert "\n".join(out[3:6]) == ("S1901M: FRANCE A PAR - BUR has another result\n  archived: ok\n"
                                   "  replayed: void (order void: A PAR cannot reach BUR)")
    assert out[-5:] == ["S1902R: the next phase differs", "  archived: S1902R", "  replayed: F1902M",
                        "(the game would take another course from S1902R: the replay stops)",
                        "what-if: 4 phases replayed, 5 would change (the game is unchanged)"]
    assert fingerprint(game.sandbox.root) == before


def test_after_a_rollback_the_phase_keeps_its_gm_decision_and_replays_identical(decided_v3: PlayedGame,
                                                                                copy_of: Copier) -> None:
    """ROLLBACK restores the position before Spring 1615, the GM's ballot in it: the decision stays its input."""
    from judge.app.demo import load_script

    script = load_script("europe1615-v3")
    game = copy_of(decided_v3)
    game.sandbox.send(script.gm, f"SIGNON M{game.name} gm-secret\nROLLBACK S1615M\n", "gm")
    game.sandbox.poll()
    phase, orders = script.phases[0]
    assert phase == "S1615M"
    script.play_phase(game.sandbox, phase, orders)
    record = game.sandbox.store.phase_record(game.name, "S1615M")
    assert record is not None and record.results["replay"]["decisions"][0]["action"] == "BALLOT"
    done = game.judge("replay", game.name)
    assert done.stdout.strip() == "2 phases replayed, identical", done.stdout


def test_a_rule_option_changed_during_the_game_replays_each_phase_with_its_own(tmp_path: Path) -> None:
    """R-v3-22 read as "held" for Spring 1615 only: Austria's move into Croatia is void then, and stays void."""
    from judge.app.demo import load_script
    from judge.app.sandbox import Sandbox

    script = load_script("europe1615-v3")
    sandbox = Sandbox.create(tmp_path / "judge", password_cost=8)
    script.set_up(sandbox)
    gm = f"SIGNON M{script.game} gm-secret\n"
    sandbox.send(script.gm, gm + "SET RULE three_centre_count held\n", "gm")
    script.send_as(sandbox, "Austria", "A SLO - CRA")
    sandbox.poll()
    sandbox.send(script.gm, gm + "PROCESS!\n", "gm")
    sandbox.poll()
    sandbox.send(script.gm, gm + "SET RULE three_centre_count acquired\n", "gm")
    sandbox.poll()
    record = sandbox.store.phase_record(script.game, "S1615M")
    assert record is not None and record.results["replay"]["rules"] == {"three_centre_count": "held"}
    assert next(r for r in record.results["results"] if r["order"] == "A SLO - CRA")["result"] == "void"
    assert sandbox.store.load_game(script.game).rules == {}
    report = replay(from_store(sandbox.store, script.game))
    assert report.summary() == "2 phases replayed, identical"


def test_a_divergence_on_changed_variant_data_says_so(demo_games: dict[str, PlayedGame], copy_of: Copier) -> None:
    """A GM who corrected the map file since: the replay names the data each side was played on."""
    game = copy_of(demo_games["standard"])
    path = game.sandbox.config.data_dir / "history" / f"{game.name}.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    for doc in data["phases"].values():
        assert doc["results"]["replay"]["data_version"] == data_version("standard")
        doc["results"]["replay"]["data_version"] = "0123456789abcdef"
    doc = next(d for d in data["phases"].values() if d["phase"] == "S1901M")
    doc["results"]["results"][0]["result"] = "bounce"
    path.write_text(json.dumps(data), encoding="utf-8")
    done = game.judge("replay", game.name)
    assert done.stdout.splitlines()[-1] == (f"note: S1901M was played on standard data 0123456789abcdef; "
                                            f"this judge has {data_version('standard')}")
