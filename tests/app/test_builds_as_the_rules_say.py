"""Builds as the rules say them, by mail (issue 36 point 5).

Diplomacy 1618: "Swedish off-board centre is not a free home centre of yours"
(rule 4: "it may not build there"); Hither Pomerania refused without its rule;
"Builds 1 unit" where no home centre was free, then "1 unusable build waived"
with no why; Saxony ordered one of two builds and the game waited out the whole
grace, then said "1 build pending" of a build that was lost.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from judge.app.demo import load_script
from judge.app.sandbox import Sandbox
from tests.app.helpers import answer_of


def _winter(sandbox: Sandbox, variant: str, units: dict[str, list[str]], centres: dict[str, list[str]]) -> Any:
    script = load_script(variant)
    script.set_up(sandbox)
    game = sandbox.store.load_game(script.game)
    game.state = {**game.state, "phase": game.state["phase"][:1].replace("S", "W") + game.state["phase"][1:5] + "A",
                  "units": units, "centers": centres}
    sandbox.store.save_game(game)
    sandbox.new_mail()
    return script


SWEDEN_1618 = {"SWEDEN": ["A SWE", "A HPO"], "SAXONY": ["A DRE"], "BRANDENBURG": ["A BER"]}
CENTRES_1618 = {"SWEDEN": ["SWE", "SWX", "HPO", "STE", "MEC"], "SAXONY": ["DRE", "LEI", "THU"],
                "BRANDENBURG": ["BER", "UCK", "BRD", "STE"]}


def test_1618_each_refusal_cites_its_rule(sandbox: Sandbox) -> None:
    script = _winter(sandbox, "diplomacy1618", SWEDEN_1618,
                     {**CENTRES_1618, "SWEDEN": ["SWE", "SWX", "HPO", "MEC"], "BRANDENBURG": ["BER", "UCK", "BRD"]})
    text = answer_of(sandbox, script, "Sweden", "SET WAIT\nBUILD A SWX\nBUILD A HPO\nBUILD A SWE")
    assert ("BUILD A SWX Swedish off-board centre may never be lost, \"however, it may not build there\" (rule 4): "
            "it is no build site; your 2 builds are unusable this winter: no home centre of yours is free") in text
    assert "BUILD A HPO Hither Pomerania is occupied: a unit is built only in a home centre you own" in text
    assert "BUILD A SWE Sweden is occupied" in text
    text = answer_of(sandbox, script, "Brandenburg", "SET WAIT\nBUILD F STE")
    assert ("BUILD F STE Stettin becomes a home centre of yours (fleets only, rule 5) only once you have "
            "taken it") in text


def test_1618_unusable_builds_are_said_and_a_partial_build_order_does_not_wait_out_the_grace(
        sandbox: Sandbox) -> None:
    script = _winter(sandbox, "diplomacy1618", SWEDEN_1618, CENTRES_1618)
    answer_of(sandbox, script, "Saxony", "BUILD A LEI")          # two builds due: one ordered
    for power in ("Sweden", "Brandenburg"):
        answer_of(sandbox, script, power, "WAIVE")
    game = sandbox.store.load_game(script.game)
    assert game.grace_end is not None and game.deadline is not None and game.grace_end > game.deadline
    sandbox.clock.set(game.deadline + timedelta(minutes=1))    # the deadline, long before the grace ends
    sandbox.poll()
    game = sandbox.store.load_game(script.game)
    assert not game.state["phase"].endswith("A"), "the phase waited out the grace for a build never ordered"
    results = " ".join(sandbox.text(next(m for m in sandbox.sent() if str(m.message["Subject"]).startswith(
        "Diplomacy results"))).split())
    assert "Saxony: 1 build pending." in results
    assert "Builds not ordered by the deadline are lost" in results


def test_standard_a_count_line_says_which_builds_are_unusable(sandbox: Sandbox) -> None:
    script = load_script("standard")
    script.set_up(sandbox)
    game = sandbox.store.load_game(script.game)
    game.state = {**game.state, "phase": "F1901M",
                  "units": {**game.state["units"], "RUSSIA": ["A MOS", "A WAR", "A SEV", "F RUM", "A UKR"]}}
    game.state["centers"] = {**game.state["centers"], "RUSSIA": ["MOS", "WAR", "SEV", "STP", "RUM", "SWE", "NWY"]}
    sandbox.store.save_game(game)
    sandbox.new_mail()
    sandbox.send(script.gm, f"SIGNON M{script.game} gm-secret\nPROCESS!")
    sandbox.poll()
    results = sandbox.text(next(m for m in sandbox.sent() if str(m.message["Subject"]).startswith(
        "Diplomacy results")))
    [count] = [line for line in results.splitlines() if line.startswith("Russia:") and "Supply centers" in line]
    assert count.endswith("Units:  Builds   2 units.  (1 unusable: no free home centre)"), count


def test_europe1615_an_occupied_home_centre_is_refused_as_occupied(sandbox: Sandbox) -> None:
    script = _winter(sandbox, "europe1615-v3", {"FRANCE": ["A PAR", "A NOR"]},
                     {"FRANCE": ["PAR", "NOR", "GUY", "PRO", "TOU"]})
    text = answer_of(sandbox, script, "France", "SET WAIT\nBUILD A PAR\nBUILD A GUY\nBUILD A MAD")
    assert "BUILD A PAR Paris is occupied: a unit is built only in a home centre you own where no unit stands" in text
    assert "BUILD A MAD Madrid is not a free home centre of yours" in text
    assert "Builds an army in Guyenne." in text
