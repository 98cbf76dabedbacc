"""Attacking minor states, the Winter rules and the end (PY-12, PY-22 to PY-31, PY-40, PY-43, PY-44)."""

from __future__ import annotations

import pytest

from judge.engine import adjudicate
from judge.engine.orders import Move, Support, Unit
from judge.engine.state import GameState, Phase
from judge.variants.europe1615.inputs import Deploy
from judge.variants.europe1615_payola import income
from judge.variants.europe1615_payola.consequences import penalties
from judge.variants.europe1615_payola.scoring import military_vps, total_vps
from judge.variants.payola.offers import Amount, Offer
from tests.europe1615_payola.helpers import APRIL, MARCH, game, ruleset, start, variant


def marks(political: str, aligned: str = "", religious: str = "UNAFFECTED", faith: str = "") -> dict[str, str]:
    return {"political": political, "aligned": aligned, "religious": religious, "faith": faith}


def at(edition: str, phase: str, status: dict[str, dict[str, str]] | None = None) -> GameState:
    state = start(edition)
    state.phase = Phase.parse(phase)
    state.extra["status"] = status or {}
    return state


def test_R_1303_22_R_1304_28_political_penalties() -> None:
    state = at(MARCH, "S1615M", {"SAX": marks("NEUTRAL"), "HES": marks("ALIGNED", "FRANCE"),
                                 "WUR": marks("SEGREGATED")})
    assert penalties(game(MARCH), state, "SAX", "FRANCE") == [(5, "attacks a NEUTRAL state")]
    assert penalties(game(MARCH), state, "HES", "FRANCE") == [(11, "attacks a state ALIGNED to itself")]
    assert penalties(game(APRIL), state, "HES", "FRANCE") == [(15, "attacks a state ALIGNED to itself")]
    assert penalties(game(MARCH), state, "HES", "SPAIN") == [] and penalties(game(MARCH), state, "WUR", "SPAIN") == []


def test_R_1303_23_R_1304_29_PY_23_religious_penalties_add_to_the_political() -> None:
    state = at(APRIL, "S1616M", {"RHI": marks("ALIGNED", "AUSTRIA", "CONTROLLED", "CATHOLIC"),
                                 "SAX": marks("NEUTRAL", "", "DUALITY")})
    assert sum(v for v, _ in penalties(game(APRIL), state, "RHI", "AUSTRIA")) == 15 + 9  # A-1304-02: -9, not -15
    assert penalties(game(APRIL), state, "RHI", "ENGLAND") == []  # EX-1304-03: the other faith is not penalised
    assert sum(v for v, _ in penalties(game(APRIL), state, "SAX", "ENGLAND")) == 5 + 3


def test_R_1303_30_R_1304_39_PY_30_a_catholic_power_attacking_a_papal_unit() -> None:
    state = at(MARCH, "S1615M")
    assert penalties(game(MARCH), state, "PAP", "SPAIN") == [(13, "a Catholic power attacks a Papal unit")]
    assert penalties(game(APRIL), state, "PAP", "SPAIN")[0][0] == 19 and penalties(game(APRIL), state, "PAP",
                                                                                   "ENGLAND") == []


def _bribe(unit: str, order: object) -> Offer:
    kind, _, loc = unit.partition(" ")
    return Offer((Amount(0),), ":", Unit(kind, loc), (order,))  # type: ignore[arg-type]


def test_R_1304_50_PY_24_the_dislodged_minor_unit_is_disbanded_and_the_attacker_pays() -> None:
    """France takes Lorraine's army (March), NEUTRAL and in DUALITY: disbanded, France −5 −3."""
    state = at(MARCH, "S1615M", {"LOR": marks("NEUTRAL", "", "DUALITY")})
    state.units["FRANCE"] = [Unit("A", "CHA"), Unit("A", "FCO")]
    outcome = adjudicate(variant(MARCH), state, {"FRANCE": [
        _bribe("A CHA", Move("A", "CHA", "LOR")), _bribe("A FCO", Support("A", "FCO", "A", "CHA", "LOR"))]})
    after = outcome.state
    assert not after.units.get("LOR") and after.dislodged == [] and after.phase.kind == "M"
    assert [e[1:] for e in after.extra["vp_log"]] == [["FRANCE", -5, "attacks a NEUTRAL state (LOR, LOR)"],
                                                      ["FRANCE", -3, "attacks a state in DUALITY (LOR, LOR)"]]


def test_R_1303_25_PY_27_contested_and_liberated_without_penalty() -> None:
    state = at(MARCH, "S1615M", {"LOR": marks("ALIGNED", "SPAIN", "CONTROLLED", "CATHOLIC")})
    state.units["FRANCE"] = [Unit("A", "CHA"), Unit("A", "FCO")]
    outcome = adjudicate(variant(MARCH), state, {"FRANCE": [
        _bribe("A CHA", Move("A", "CHA", "LOR")), _bribe("A FCO", Support("A", "FCO", "A", "CHA", "LOR"))]})
    assert outcome.state.extra["contested"] == {"LOR": "FRANCE"}
    assert [e[2] for e in outcome.state.extra["vp_log"]] == [-9]  # France is Catholic: the faith penalty only
    assert penalties(game(MARCH), outcome.state, "LOR", "SPAIN") == []  # a campaign of liberation


def _winter(edition: str) -> GameState:
    return at(edition, "W1615A")


def test_R_1303_41_an_empty_minor_centre_gets_a_new_unit_and_R_1304_11_a_taken_one_is_a_dominion() -> None:
    state = _winter(MARCH)
    state.units.pop("LOR")
    state.units["HES"] = []
    state.centers["HES"].discard("HES")
    state.centers["FRANCE"].add("HES")
    after = adjudicate(variant(MARCH), state, {}).state
    assert after.units["LOR"] == [Unit("A", "LOR")] and after.units["HES"] == []
    assert after.extra["dominion"] == {"HES": "FRANCE"} and after.extra["dominion_year"] == {"HES": 1615}
    nxt = adjudicate(variant(MARCH), after, {"SPAIN": [Deploy("HES", 3)]})
    assert nxt.results[0].result == "void" and "DOMINION of FRANCE" in nxt.results[0].message


def test_R_1303_40_builds_on_any_owned_centre_and_fleets_in_ports() -> None:
    rules, state = ruleset(MARCH), _winter(MARCH)
    state.centers["LOR"].discard("LOR")
    state.centers["FRANCE"].add("LOR")
    assert "LOR" in rules.build_sites(state, "FRANCE")
    assert rules.may_build(state, "FRANCE", Unit("F", "NOR")) and not rules.may_build(state, "ENGLAND",
                                                                                       Unit("F", "WAL"))


def test_R_1303_29_PY_29_military_vps_and_R_1303_31_a_protestant_power_in_the_marches() -> None:
    state = _winter(MARCH)
    state.centers["PAP"].discard("MAR")
    state.centers["ENGLAND"] |= {"MAR"}
    state.centers["ENGLAND"].discard("WAL")
    g = game(MARCH)
    assert military_vps(g, state, "ENGLAND") == 9 - 3
    after = adjudicate(variant(MARCH), state, {}).state
    assert ["W1615A", "ENGLAND", 9, "a Protestant power owns MAR"] in after.extra["vp_log"]
    assert total_vps(g, after, "ENGLAND") == 9 - 3 + 9
    again = adjudicate(variant(MARCH), after.__class__(Phase.parse("W1616A"), after.units, after.centers, [],
                                                       after.extra), {}).state
    assert sum(1 for e in again.extra["vp_log"] if e[3] == "a Protestant power owns MAR") == 1  # once


@pytest.mark.parametrize(("edition", "over"), [(MARCH, True), (APRIL, False)])
def test_R_1303_42_R_1304_58_the_end_after_1620_and_the_april_tie_years(edition: str, over: bool) -> None:
    state = at(edition, "W1620A")  # nothing happened: every power at 0 VPs, a five-way tie
    after = adjudicate(variant(edition), state, {}).state
    assert ("game_over" in after.extra) is over
    if over:
        assert ruleset(edition).game_result(after) == ("draw", ["AUSTRIA", "DENMARK", "ENGLAND", "FRANCE", "SPAIN"])
    state.centers["PAP"].discard("ROM")
    state.centers["SPAIN"].add("ROM")
    won = adjudicate(variant(edition), state, {}).state
    assert ruleset(edition).game_result(won) == ("victory", ["SPAIN"])


def test_R_1303_24_R_1304_32_PY_26_revolt_no_builds_against_the_faith_and_a_third_when_aligned_elsewhere() -> None:
    rules = ruleset(APRIL)
    state = at(APRIL, "W1615A", {"SAX": marks("NEUTRAL", "", "CONTROLLED", "PROTESTANT"),
                                 "BAV": marks("ALIGNED", "DENMARK")})
    for centre in ("SAX", "BAV"):
        state.centers[centre].discard(centre)
        state.centers["AUSTRIA"].add(centre)
    assert "SAX" not in rules.build_sites(state, "AUSTRIA") and "BAV" in rules.build_sites(state, "AUSTRIA")
    state.phase = Phase.parse("S1616T")
    assert income.centre_income(game(APRIL), state, "AUSTRIA") == 42 + 9 + 9 // 3


def test_R_1304_59_alliances_win_together_or_leave_the_balance_to_a_lone_player() -> None:
    from judge.variants.europe1615_payola.victory import final_result
    g = game(APRIL)
    state = at(APRIL, "W1620A")
    vps = {"AUSTRIA": 20, "SPAIN": 15, "FRANCE": 10, "ENGLAND": 10, "DENMARK": 12}
    state.extra["alliances"] = [["AUSTRIA", "SPAIN"]]
    assert final_result(g, state, vps) == {"result": "victory", "powers": ["AUSTRIA", "SPAIN"], "rule": "R-1304-59",
                                           "scores": vps}
    state.extra["alliances"] = [["AUSTRIA", "ENGLAND"], ["DENMARK", "SPAIN"]]
    assert final_result(g, state, vps)["powers"] == ["FRANCE"]  # neither alliance beats the rest: the balance
    state.extra["alliances"] = [["FRANCE", "ENGLAND"]]
    assert final_result(g, state, {**vps, "AUSTRIA": 30})["powers"] == ["AUSTRIA"]  # 30 > Spain 15 + Denmark 12
    state.extra["alliances"] = []
    assert final_result(g, state, {**vps, "SPAIN": 20}) is None  # a tie for first: another year (R-1304-58)
    assert final_result(game(MARCH), state, {**vps, "SPAIN": 20})["result"] == "draw"


def test_R_1304_59_the_gm_records_alliances_before_1618_for_good() -> None:
    actions = {a.name: a for a in ruleset(APRIL).gm_actions()}
    assert "ALLIANCE" not in {a.name for a in ruleset(MARCH).gm_actions()}  # the March text has none
    state = at(APRIL, "S1617P")
    state, said = actions["ALLIANCE"].decide(state, "France and England")
    assert state.extra["alliances"] == [["ENGLAND", "FRANCE"]] and "allied" in said
    from judge.engine.discretion import ActionError
    for words, why in (("France Spain", "already in an alliance"), ("Spain", "name two powers")):
        with pytest.raises(ActionError, match=why):
            actions["ALLIANCE"].decide(state, words)
    state.phase = Phase.parse("S1618P")
    with pytest.raises(ActionError, match="before the start of 1618"):
        actions["ALLIANCE"].decide(state, "Austria Spain")


def test_R_1303_39_R_1304_51_PY_42_the_occupier_waives_the_change_of_ownership() -> None:
    from judge.reading.europe1615_payola import E1615PayolaLines
    from judge.variants.europe1615.inputs import WaiveCapture
    state = at(MARCH, "F1615M")
    state.units["LOR"] = []
    state.units["FRANCE"].append(Unit("A", "LOR"))
    taken = adjudicate(variant(MARCH), state, {}).state
    assert "LOR" in taken.centers["FRANCE"]
    reader = E1615PayolaLines(variant(MARCH).map, variant(MARCH).ruleset)
    waiver = reader.read("waive Lorraine", state)
    assert waiver == WaiveCapture("LOR") and reader.key(waiver) == "WAIVE:LOR"
    kept = adjudicate(variant(MARCH), state, {"FRANCE": [waiver]}).state
    assert "LOR" not in kept.centers["FRANCE"] and "LOR" in kept.centers["LOR"]
    assert "waived" not in adjudicate(variant(MARCH), kept, {}).state.extra  # until the build phase only
    assert reader.check(WaiveCapture("CHA"), "FRANCE", state, [])[0] == "CHA is not a supply centre: nothing to waive"


def test_R_1304_32_revolting_states_are_marked_in_the_result_mails() -> None:
    from judge.render.europe1615_payola import E1615PayolaReport
    state = at(APRIL, "W1615A", {"SAX": marks("NEUTRAL", "", "CONTROLLED", "PROTESTANT"),
                                 "BAV": marks("ALIGNED", "DENMARK")})
    for centre in ("SAX", "BAV"):
        state.centers[centre].discard(centre)
        state.centers["AUSTRIA"].add(centre)
    assert E1615PayolaReport(variant(APRIL)).revolts(state) == ["BAV of Austria: a third", "SAX of Austria: no builds"]


def _take_rhineland(edition: str, phase: str, state: GameState) -> GameState:
    """France's army from Luxembourg, supported from Liège, dislodges the Rhineland's army."""
    state.phase = Phase.parse(phase)
    state.units["FRANCE"] = [Unit("A", "LUX"), Unit("A", "LIE")]
    return adjudicate(variant(edition), state, {"FRANCE": [
        _bribe("A LUX", Move("A", "LUX", "RHI")), _bribe("A LIE", Support("A", "LIE", "A", "LUX", "RHI"))]}).state


@pytest.mark.parametrize("edition", [MARCH, APRIL])
def test_R_1303_25_R_1304_34_contested_ends_once_a_new_unit_is_in_place(edition: str) -> None:
    """France takes the Rhineland ALIGNED to Spain (CONTESTED) and leaves it; the Winter builds a new army.

    "Once a unit is in place, rules regarding assessed penalties [...] become effective immediately": taken
    again in 1617, NEUTRAL and in DUALITY, it costs France -5 -3.
    """
    taken = _take_rhineland(edition, "S1616M", at(edition, "S1616M", {"RHI": marks("ALIGNED", "SPAIN")}))
    assert taken.extra["contested"] == {"RHI": "FRANCE"} and not taken.units["RHI"]
    taken.units["FRANCE"] = [Unit("A", "LUX"), Unit("A", "LIE")]            # France left before the Winter
    winter = adjudicate(variant(edition), taken.__class__(Phase.parse("W1616A"), taken.units, taken.centers, [],
                                                          taken.extra), {}).state
    assert winter.units["RHI"] == [Unit("A", "RHI")] and "contested" not in winter.extra
    winter.extra["status"] = {"RHI": marks("NEUTRAL", "", "DUALITY")}
    again = _take_rhineland(edition, "S1617M", winter)
    assert [e[1:3] for e in again.extra["vp_log"] if e[0] == "S1617M"] == [["FRANCE", -5], ["FRANCE", -3]]
    assert "contested" not in again.extra                                   # NEUTRAL: no contest this time


def test_R_1304_33_contested_lasts_while_the_taker_holds_the_state_and_ends_once_it_is_retaken() -> None:
    taken = _take_rhineland(APRIL, "F1616M", at(APRIL, "F1616M", {"RHI": marks("ALIGNED", "SPAIN")}))
    assert "RHI" in taken.centers["FRANCE"] and taken.phase == Phase.parse("W1616A")
    held = adjudicate(variant(APRIL), taken, {}).state                     # France keeps it through the Winter
    assert held.extra["contested"] == {"RHI": "FRANCE"} and not held.units["RHI"]
    held.phase = Phase.parse("F1617M")
    held.units["FRANCE"] = [Unit("A", "LUX")]
    held.units["SPAIN"] = [Unit("A", "RHI")]                                 # Spain has driven France out
    retaken = adjudicate(variant(APRIL), held, {}).state
    assert "RHI" in retaken.centers["SPAIN"]
    assert "contested" not in adjudicate(variant(APRIL), retaken, {}).state.extra


def test_R_1304_59_alliances_are_bound_to_this_rule_to_the_end_so_no_ally_wins_alone() -> None:
    """France + England 21 against 27, and no unallied player beats the other two: nobody has won.

    The game plays another year ("This will continue until a break", R-1304-58; A-PY-17), or with
    ``alliance_deadlock = "draw"`` it is a draw of all; never allied France alone on the most VPs.
    """
    from judge.variants.europe1615_payola.victory import final_result
    state = at(APRIL, "W1620A")
    state.extra["alliances"] = [["ENGLAND", "FRANCE"]]
    vps = {"FRANCE": 12, "ENGLAND": 9, "SPAIN": 10, "AUSTRIA": 9, "DENMARK": 8}
    assert final_result(game(APRIL), state, vps) is None
    drawn = final_result(game(APRIL, alliance_deadlock="draw"), state, vps)
    assert drawn is not None and (drawn["result"], drawn["powers"]) == ("draw", sorted(vps))
    state.extra["vp_log"] = [["F1620M", power, n, "a test's VPs"] for power, n in vps.items()]
    after = adjudicate(variant(APRIL), state, {}).state
    assert "game_over" not in after.extra and after.phase == Phase.parse("S1621P")
    assert "alliance_deadlock" in {o.name for o in ruleset(APRIL).rule_options()}
    assert "alliance_deadlock" not in {o.name for o in ruleset(MARCH).rule_options()}  # March has no alliances


@pytest.mark.parametrize("edition", [MARCH, APRIL])
def test_R_1303_24_R_1304_32_a_build_refused_for_revolt_says_so(edition: str) -> None:
    """Austria owns Saxony, which the Protestants control: "unable to build on the site until [...] DUALITY"."""
    from judge.engine.orders import Build
    from judge.turns.gameview import check_order
    state = at(edition, "W1615A", {"SAX": marks("NEUTRAL", "", "CONTROLLED", "PROTESTANT")})
    state.units["SAX"] = []
    state.centers["SAX"].discard("SAX")
    state.centers["AUSTRIA"].add("SAX")
    why = "is in REVOLT: the Protestant faction controls it, so no builds there until its religious status is DUALITY"
    outcome = adjudicate(variant(edition), state, {"AUSTRIA": [Build("A", "SAX")]})
    assert [(r.result, r.message) for r in outcome.results if r.power == "AUSTRIA"] == [
        ("void", f"SAX {why} (R-1303-24, R-1304-32)")]
    assert check_order(variant(edition), state, "AUSTRIA", Build("A", "SAX"))[1].startswith(f"Saxony {why}")
    assert check_order(variant(edition), state, "AUSTRIA", Build("A", "BAV"))[1] == (
        "Bavaria is not a free home centre of yours")                         # not owned: the engine's words
