"""`judge demo --variant diplomacy1618` (gamedata/diplomacy1618/demo.toml) and `judge adjudicate --variant diplomacy1618`.

The game is played once for the module.  Its public result mails must equal
``tests/golden/diplomacy1618/*.txt``; after a deliberate change of wording or
rules, run

    JUDGE_UPDATE_GOLDEN=1 python -m pytest tests/diplomacy1618/test_demo.py

and read the diff before committing it.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from judge.app.demo import load_script
from judge.app.sandbox import Sandbox
from judge.engine.codec import state_to_json
from judge.mail import body_text
from judge.variants import load_variant
from tests.golden_archive import archived, check_golden

ROOT = Path(__file__).resolve().parents[2]
DEMO = load_script("diplomacy1618")
PHASES = ["S1618M", "F1618M", "W1618A", "S1619M", "S1619R", "F1619M", "W1619A"]


@pytest.fixture(scope="module")
def game(tmp_path_factory: pytest.TempPathFactory) -> Sandbox:
    sandbox = Sandbox.create(tmp_path_factory.mktemp("d1618") / "judge", password_cost=8)
    DEMO.play(sandbox)
    return sandbox


def test_the_public_archive_matches_the_golden_one(game: Sandbox) -> None:
    check_golden(game, DEMO.game, PHASES, "diplomacy1618")


def test_every_scripted_line_was_accepted_and_the_game_reached_1620(game: Sandbox) -> None:
    bodies = [body_text(m.message) for m in game.sent()]
    assert not [b for b in bodies if "Rejected:" in b]
    assert game.store.load_game(DEMO.game).state["phase"] == "S1620M"


def test_r_1618_08_r_1618_09_the_prague_army_survives_1618_and_serves_the_palatinate(game: Sandbox) -> None:
    for phase in ("S1618M", "F1618M"):
        text = archived(game, DEMO.game, phase)
        assert "Austria: Army Vienna -> Prague.  (*bounce*)" in text and "Bohemian rebels: Army Prague HOLD." in text
        assert "Palatinate: Army Upper Palatinate SUPPORT Army Prague." in text
    fall = archived(game, DEMO.game, "F1618M")
    assert "Palatinate:           5 Supply centers,  4 Units:  Builds   1 unit." in fall
    assert "The army of the Bohemian rebels still holds Prague at the end of Fall 1618:" in fall
    spring = archived(game, DEMO.game, "S1619M")
    assert "Bohemian rebels" not in spring
    assert "Palatinate: Army Prague SUPPORT Army Upper Palatinate -> Landshut." in spring
    state = game.store.load_game(DEMO.game).state
    assert state["prague_home"] == "PALATINATE" and "A PRA" in state["units"]["PALATINATE"]


def test_r_1618_05_to_07_the_winters_of_sweden_and_brandenburg(game: Sandbox) -> None:
    w1618, w1619 = (archived(game, DEMO.game, p) for p in ("W1618A", "W1619A"))
    assert "Sweden:    Builds an army in Sweden.\nSweden:    Build waived." in w1618   # the off-board centre: no site
    assert "Sweden:    Builds a fleet in Hither Pomerania." in w1619
    assert "Brandenburg: Builds a fleet in Stettin." in w1619
    assert "Bavaria:   Removes the army in Swabia." in w1619


def test_judge_demo_variant_diplomacy1618_runs_from_the_command_line(tmp_path: Path) -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    env.pop("JUDGE_CRASH_AT", None)
    done = subprocess.run([sys.executable, "-m", "judge", "demo", "--variant", "diplomacy1618", "--dir",
                           str(tmp_path / "d")], capture_output=True, text=True, env=env, timeout=300, check=False)
    assert done.returncode == 0, done.stderr
    assert "Movement results for Fall of 1618.  (demo.F1618M)" in done.stdout
    assert "Palatinate:           Heidelberg, Palatinate, Prague, Upper Palatinate," in done.stdout


def test_judge_adjudicate_variant_diplomacy1618_plays_the_end_of_1618() -> None:
    """The engine over JSON: the request names no variant, ``--variant`` does; Prague changes sides."""
    state = state_to_json(load_variant("diplomacy1618").ruleset.initial_state())
    state["phase"] = "F1618M"
    request = {"state": state, "orders": {"AUSTRIA": ["A VIE - PRA", "A BRE S A VIE - PRA"],
                                          "PALATINATE": ["A UPA S A PRA"], "BRANDENBURG": ["A UCK - STE"]}}
    done = subprocess.run([sys.executable, "-m", "judge", "adjudicate", "--variant", "diplomacy1618"],
                          input=json.dumps(request), capture_output=True, text=True, cwd=ROOT, timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    assert out["state"]["phase"] == "W1618A" and out["state"]["prague_home"] == "PALATINATE"
    assert "A PRA" in out["state"]["units"]["PALATINATE"] and "BOH" not in out["state"]["units"]
    assert "STE" in out["state"]["centers"]["BRANDENBURG"]
