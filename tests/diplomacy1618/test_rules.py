"""Diplomacy 1618's rules (issue 14, item 2): each test names the rule (R-1618-nn) or scenario (EX-1618-nn).

The rules are ``../shared/rules/digest.md`` §5; the readings of their
ambiguities (A-1618-nn) are in docs/diplomacy1618.md.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from judge.engine.codec import state_to_json
from judge.engine.state import Phase
from judge.variants.diplomacy1618 import PRAGUE_HOME
from tests.diplomacy1618.helpers import opening, play, position, variant, where

ROOT = Path(__file__).resolve().parents[2]
PRAGUE_ARMY = {"BOH": ["A PRA"]}


def test_r_1618_02_the_game_starts_in_spring_1618_with_every_unit_of_the_text() -> None:
    state = opening()
    assert str(state.phase) == "S1618M"
    assert where(state)["BOH"] == ["A PRA"] and where(state)["SWEDEN"] == ["A SWE", "F BAL"]
    assert sum(len(cs) for cs in state.centers.values()) == 33 and "BOH" not in state.centers


def test_r_1618_01_everything_else_is_the_standard_game() -> None:
    """A bounce, and a supported attack that dislodges: the 1971 rules decide."""
    out = play(opening(), {"SAXONY": ["A DRE - LUS"], "BRANDENBURG": ["A BER - LUS"],
                           "BAVARIA": ["A LAN - RAT", "A MUN S A LAN - RAT"], "PALATINATE": ["A UPA - RAT"]})
    assert where(out.state)["SAXONY"] == ["A DRE", "A LEI", "A THU"] and "A BER" in where(out.state)["BRANDENBURG"]
    assert "A RAT" in where(out.state)["BAVARIA"] and "A UPA" in where(out.state)["PALATINATE"]


# -- the civil-disorder army (R-1618-08, EX-1618-01) ---------------------------------------

def test_r_1618_08_nobody_may_order_the_prague_army_and_it_never_moves() -> None:
    out = play(opening(), {"AUSTRIA": ["A PRA - MOR"], "PALATINATE": ["A PRA - BAY"]})
    assert where(out.state)["BOH"] == ["A PRA"]
    results = {(r.power, r.order): (r.result, r.message) for r in out.results if r.unit == "A PRA"}
    assert results[("AUSTRIA", "A PRA - MOR")] == ("void", "AUSTRIA may not order the BOH unit A PRA")
    assert results[("PALATINATE", "A PRA - BAY")][0] == "void" and results[("BOH", "A PRA H")][0] == "ok"
    assert not variant().ruleset.may_order(opening(), "PALATINATE", "BOH", opening().units["BOH"][0])


def test_r_1618_08_the_prague_army_may_be_supported_in_place() -> None:
    state = position("S1618M", {**PRAGUE_ARMY, "AUSTRIA": ["A VIE", "A MOR"], "PALATINATE": ["A UPA"]})
    held = play(state, {"AUSTRIA": ["A VIE - PRA", "A MOR S A VIE - PRA"], "PALATINATE": ["A UPA S A PRA"]})
    assert where(held.state)["BOH"] == ["A PRA"] and not held.dislodged


def test_r_1618_08_the_prague_army_is_annihilated_if_dislodged() -> None:
    state = position("S1618M", {**PRAGUE_ARMY, "AUSTRIA": ["A VIE", "A MOR"]})
    out = play(state, {"AUSTRIA": ["A VIE - PRA", "A MOR S A VIE - PRA"]})
    assert "BOH" not in where(out.state) and where(out.state)["AUSTRIA"] == ["A MOR", "A PRA"]
    assert not out.state.dislodged and str(out.state.phase) == "F1618M"   # no retreat phase: nothing to retreat


def test_r_1618_08_judge_adjudicate_offers_the_annihilated_prague_army_no_retreat() -> None:
    """ "If dislodged, it is annihilated": listed as dislodged, with no retreat (it was offered BAY, LUS, MOR)."""
    state = state_to_json(opening())
    request = {"state": state, "orders": {"AUSTRIA": ["A VIE - PRA", "A BRE S A VIE - PRA"],
                                          "SAXONY": ["A DRE - LEI"]}}
    done = subprocess.run([sys.executable, "-m", "judge", "adjudicate", "--variant", "diplomacy1618"],
                          input=json.dumps(request), capture_output=True, text=True, cwd=ROOT, timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    out = json.loads(done.stdout)
    assert out["dislodged"] == {"BOH": [{"unit": "A PRA", "attacker_from": "VIE", "retreats": []}]}
    assert "dislodged" not in out["state"] and out["state"]["phase"] == "F1618M"
    assert "BOH" not in out["state"]["units"] and "A PRA" in out["state"]["units"]["AUSTRIA"]


def test_r_1618_08_another_dislodged_army_keeps_its_retreats() -> None:
    """Only the rebels are annihilated: a power's army dislodged beside them retreats as in the 1971 rules."""
    state = position("S1618M", {**PRAGUE_ARMY, "AUSTRIA": ["A VIE"], "SAXONY": ["A DRE", "A LUS"],
                                "BAVARIA": ["A BRA", "A STY"]})
    out = play(state, {"SAXONY": ["A DRE - PRA", "A LUS S A DRE - PRA"],
                       "BAVARIA": ["A BRA - VIE", "A STY S A BRA - VIE"]})
    gone = {d.power: set(d.retreats) for d in out.dislodged}
    assert gone == {"BOH": set(), "AUSTRIA": {"HUN", "MOR"}} and "A PRA" in where(out.state)["SAXONY"]
    assert [(d.power, str(d.unit)) for d in out.state.dislodged] == [("AUSTRIA", "A VIE")]
    assert str(out.state.phase) == "S1618R"


def test_r_1618_08_the_prague_army_takes_no_centre_and_asks_no_adjustment() -> None:
    ruleset = variant().ruleset
    state = opening()
    assert ruleset.adjustment_count(state, "BOH") == 0
    assert not ruleset.may_capture(state, "BOH", state.units["BOH"][0], "PRA")


def test_r_1618_09_ex_1618_01_case_a_the_army_still_in_prague_after_fall_1618_becomes_the_palatinates() -> None:
    state = position("F1618M", {**PRAGUE_ARMY, "PALATINATE": ["A PAL", "A HEI", "A UPA"]})
    out = play(state, {})
    after = out.state
    assert "BOH" not in after.units and "A PRA" in where(after)["PALATINATE"]
    assert "PRA" in after.centers["PALATINATE"] and after.extra[PRAGUE_HOME] == "PALATINATE"
    assert variant().ruleset.adjustment_count(after, "PALATINATE") == 0   # one more centre, one more army


def test_r_1618_09_a_spring_1618_army_in_prague_is_still_the_rebels() -> None:
    out = play(opening(), {})
    assert where(out.state)["BOH"] == ["A PRA"] and PRAGUE_HOME not in out.state.extra


def test_r_1618_09_once_the_palatinates_prague_is_not_austrias_home_when_recaptured() -> None:
    game = variant()
    state = position("F1620M", {"AUSTRIA": ["A PRA"]}, {"AUSTRIA": ["VIE", "TYR", "TRS", "BRE", "MOR"],
                                                         "PALATINATE": ["PRA", "PAL"]}, prague_home="PALATINATE")
    after = play(state, {}, game).state
    assert "PRA" in after.centers["AUSTRIA"] and after.extra[PRAGUE_HOME] == "PALATINATE"
    assert "PRA" not in game.ruleset.build_sites(after, "AUSTRIA")
    palatine = position("W1621A", {}, {"PALATINATE": ["PRA", "PAL"]}, prague_home="PALATINATE")
    assert "PRA" in game.ruleset.build_sites(palatine, "PALATINATE")
    built = play(palatine, {"PALATINATE": ["BUILD A PRA", "BUILD A PAL"]}, game)
    assert where(built.state)["PALATINATE"] == ["A PAL", "A PRA"]


def test_r_1618_11_ex_1618_01_case_b_austria_in_prague_in_winter_1618_makes_it_an_austrian_home() -> None:
    state = position("F1618M", {**PRAGUE_ARMY, "AUSTRIA": ["A VIE", "A MOR", "A BRE"]})
    out = play(state, {"AUSTRIA": ["A VIE - PRA", "A MOR S A VIE - PRA"]})
    after = out.state
    assert "PRA" in after.centers["AUSTRIA"] and after.extra[PRAGUE_HOME] == "AUSTRIA"
    later = position("W1619A", {"AUSTRIA": ["A VIE"]}, {"AUSTRIA": ["PRA", "VIE", "BRE"]}, prague_home="AUSTRIA")
    built = play(later, {"AUSTRIA": ["BUILD A PRA", "BUILD A BRE"]})
    assert where(built.state)["AUSTRIA"] == ["A BRE", "A PRA", "A VIE"]


def test_r_1618_11_the_palatinate_taking_prague_by_force_in_1618_gets_it_as_a_home_under_the_errata() -> None:
    state = position("F1618M", {**PRAGUE_ARMY, "PALATINATE": ["A UPA", "A BAY"]})
    orders = {"PALATINATE": ["A UPA - PRA", "A BAY S A UPA - PRA"]}
    assert play(state, orders).state.extra[PRAGUE_HOME] == "PALATINATE"
    # A-1618-01, rule 6 read alone: only the civil-disorder army makes Prague the Palatinate's
    assert PRAGUE_HOME not in play(state, orders, variant(prague_reading="rule6")).state.extra


def test_a_1618_01_ex_1618_01_case_c_a_third_power_in_prague_gets_no_home_unless_the_gm_says_so() -> None:
    state = position("F1618M", {**PRAGUE_ARMY, "SAXONY": ["A DRE", "A LUS"]})
    orders = {"SAXONY": ["A DRE - PRA", "A LUS S A DRE - PRA"]}
    plain = play(state, orders).state
    assert "PRA" in plain.centers["SAXONY"] and PRAGUE_HOME not in plain.extra
    assert "PRA" not in variant().ruleset.build_sites(plain, "SAXONY")
    holder = play(state, orders, variant(prague_third_power="holder")).state
    assert holder.extra[PRAGUE_HOME] == "SAXONY"


def test_r_1618_10_a_1618_01_austria_occupying_prague_after_1618_only_under_the_rule_6_reading() -> None:
    """Prague nobody's home after 1618 (a third power held it); Austria takes it in Fall 1619."""
    centres = {"AUSTRIA": ["VIE", "TYR", "TRS", "BRE"], "SAXONY": ["PRA", "DRE"]}
    state = position("F1619M", {"AUSTRIA": ["A VIE", "A MOR"], "SAXONY": ["A DRE"]}, centres)
    orders = {"AUSTRIA": ["A MOR - PRA"]}
    errata = play(state, orders).state
    assert "PRA" in errata.centers["AUSTRIA"] and PRAGUE_HOME not in errata.extra
    rule6 = play(state, orders, variant(prague_reading="rule6")).state
    assert rule6.extra[PRAGUE_HOME] == "AUSTRIA"


def test_a_1618_01_the_readings_are_rule_options_a_gm_may_set() -> None:
    options = {o.name: o for o in variant().ruleset.rule_options()}
    assert options["prague_reading"].value == "errata" and options["prague_reading"].choices == ("errata", "rule6")
    assert options["prague_third_power"].value == "none"
    assert options["victory_centers"].value == 29


# -- Sweden, Hither Pomerania, Stettin (R-1618-05 to R-1618-07, EX-1618-02) -------------------

def test_r_1618_05_a_1618_03_swedens_off_board_centre_is_never_lost_and_never_a_build_site() -> None:
    game = variant()
    state = position("F1618M", {"DENMARK": ["A SWE"]}, {"SWEDEN": ["SWE", "SWX"]})
    after = play(state, {}, game).state
    assert after.centers["SWEDEN"] == {"SWX"} and after.centers["DENMARK"] == {"SWE"}
    assert "SWX" not in game.ruleset.build_sites(after, "SWEDEN")
    assert game.ruleset.adjustment_count(after, "SWEDEN") == 1       # it counts, but there is nowhere to build
    assert str(after.phase) == "S1619M"                              # so no winter is played for it
    winter = position("W1619A", {}, {"SWEDEN": ["SWE", "SWX"]})
    out = play(winter, {"SWEDEN": ["BUILD A SWX", "BUILD A SWE"]}, game)
    assert where(out.state) == {"SWEDEN": ["A SWE"]}
    assert [r.result for r in out.results] == ["void", "ok"]


def test_a_1618_03_sweden_with_no_unit_is_not_eliminated() -> None:
    after = play(position("F1619M", {"POLAND": ["A WAR"]}, {"SWEDEN": ["SWX"]}), {}).state
    assert after.centers["SWEDEN"] == {"SWX"}


def test_r_1618_06_sweden_builds_in_hither_pomerania_once_it_owns_it() -> None:
    game = variant()
    winter = position("W1618A", {"SWEDEN": ["A SWE"]}, {"SWEDEN": ["SWE", "SWX", "HPO"]})
    assert game.ruleset.build_sites(winter, "SWEDEN") == ("SWE", "HPO")
    out = play(winter, {"SWEDEN": ["BUILD F HPO", "BUILD A SWE"]}, game)
    assert where(out.state)["SWEDEN"] == ["A SWE", "F HPO"]
    other = position("W1618A", {}, {"POLAND": ["HPO", "POS"]})
    assert "HPO" not in game.ruleset.build_sites(other, "POLAND")


def test_r_1618_07_brandenburg_builds_only_fleets_in_a_captured_stettin() -> None:
    winter = position("W1618A", {"BRANDENBURG": ["A BER"]}, {"BRANDENBURG": ["BER", "STE"]})
    army = play(winter, {"BRANDENBURG": ["BUILD A STE"]})
    assert where(army.state) == {"BRANDENBURG": ["A BER"]}
    assert "may not be built" in army.results[0].message
    fleet = play(winter, {"BRANDENBURG": ["BUILD F STE"]})
    assert where(fleet.state) == {"BRANDENBURG": ["A BER", "F STE"]}
    sweden = position("W1618A", {}, {"SWEDEN": ["STE", "SWX"]})
    assert "STE" not in variant().ruleset.build_sites(sweden, "SWEDEN")


# -- the North Sea coast and victory (R-1618-12, R-1618-13) -----------------------------------

def test_r_1618_12_ex_1618_02_no_fleet_moves_or_is_built_along_the_north_sea_coast() -> None:
    out = play(position("S1618M", {"DENMARK": ["F KIE", "A HOL"]}), {"DENMARK": ["F KIE - HOL", "A HOL - HAM"]})
    assert where(out.state)["DENMARK"] == ["A HAM", "F KIE"]
    winter = position("W1618A", {}, {"DENMARK": ["HOL", "KIE", "COP"]})
    built = play(winter, {"DENMARK": ["BUILD F HOL", "BUILD F KIE"]})
    assert where(built.state) == {"DENMARK": ["F KIE"]}


def test_r_1618_13_ex_1618_02_a_power_wins_with_29_centres() -> None:
    ruleset = variant().ruleset
    centres = sorted(variant().map.centers)
    assert ruleset.game_result(position("W1630A", {}, {"FRANCE": centres[:28]})) is None
    assert ruleset.game_result(position("W1630A", {}, {"FRANCE": centres[:29]})) == ("victory", ["FRANCE"])
    with_offboard = [c for c in centres if c != "SWX"][:28] + ["SWX"]   # A-1618-03: Sweden's counts
    assert ruleset.game_result(position("W1630A", {}, {"SWEDEN": with_offboard})) == ("victory", ["SWEDEN"])


def test_the_prague_home_survives_the_json_round_trip_of_judge_adjudicate() -> None:
    from judge.app.adjudicate import handle_request

    state = position("F1618M", {**PRAGUE_ARMY, "PALATINATE": ["A PAL"]})
    from judge.engine.codec import state_to_json
    answer = handle_request({"variant": "diplomacy1618", "state": state_to_json(state), "orders": {}})
    assert answer["state"]["prague_home"] == "PALATINATE" and answer["state"]["phase"] == str(Phase.parse("W1618A"))
