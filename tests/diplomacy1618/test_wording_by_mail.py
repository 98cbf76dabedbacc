"""Diplomacy 1618's wording as its text says it, by mail (issue 36 point 6).

The rebels' army "with no valid retreats was destroyed" where rule 6 says "If
dislodged, it is annihilated"; ``HISTORY game S1618 W1618`` was refused with
"write it like S1901M"; the docs were written for developers and cited a file
outside the repository, and left the errata's North Sea coast undecided.
"""

from __future__ import annotations

from pathlib import Path

from judge.app.demo import load_script
from judge.app.sandbox import Sandbox
from tests.app.helpers import reply

SCRIPT = load_script("diplomacy1618")
DOCS = Path(__file__).resolve().parents[2] / "docs" / "diplomacy1618.md"


def _started(sandbox: Sandbox) -> None:
    SCRIPT.set_up(sandbox)
    sandbox.new_mail()


def test_the_rebels_army_dislodged_is_annihilated_as_rule_6_says(sandbox: Sandbox) -> None:
    _started(sandbox)
    game = sandbox.store.load_game(SCRIPT.game)
    game.state["units"]["AUSTRIA"] = ["A VIE", "A MOR", "A TRS", "A TYR"]
    sandbox.store.save_game(game)
    SCRIPT.send_as(sandbox, "Austria", "A VIE - PRA\nA MOR S A VIE - PRA")
    sandbox.send(SCRIPT.gm, f"SIGNON M{SCRIPT.game} gm-secret\nPROCESS!")
    sandbox.poll()
    results = sandbox.text(next(m for m in sandbox.sent() if str(m.message["Subject"]).startswith(
        "Diplomacy results")))
    assert ("The Bohemian rebels Army in Prague was dislodged: \"if dislodged, it is annihilated\" (rule 6)."
            in results), results
    assert "Prague with no valid retreats was destroyed" not in results


def test_history_takes_the_seasons_of_the_game_s_years(sandbox: Sandbox) -> None:
    _started(sandbox)
    sandbox.send(SCRIPT.gm, f"SIGNON M{SCRIPT.game} gm-secret\nPROCESS!")
    sandbox.poll()
    sandbox.new_mail()
    sandbox.send("reader@example.org", f"HISTORY {SCRIPT.game} S1618 W1618\nHISTORY {SCRIPT.game} S1625")
    sandbox.poll()
    mails = sandbox.new_mail()
    answer = reply(sandbox, mails, "reader@")
    assert "the history is in a separate mail" in answer
    assert f"no phase of S1625 has been played in '{SCRIPT.game}'" in answer
    history = next(sandbox.text(m) for m in mails if str(m.message["Subject"]).startswith("History of"))
    assert "S1618M" in history


def test_the_docs_are_a_players_guide_with_the_north_sea_decided() -> None:
    text = DOCS.read_text(encoding="utf-8")
    assert "../shared" not in text and "judge/variants" not in text     # nothing a player cannot open
    assert "`F Copenhagen - Jutland` stands" in " ".join(text.split())
    for words in ("SIGNON Vgame password", "PROVINCES game", "rule 4", "rule 5", "rule 6", "annihilated"):
        assert words in " ".join(text.split()), words
