"""Influence: the yearly allocation and the deployment budget (R-v3-06 to R-v3-18, EX-v3-01)."""

from __future__ import annotations

from judge.variants.europe1615 import Attack, Deploy
from judge.variants.europe1615.influence import deploy_problem, remaining
from judge.variants.europe1615.status import status_sheet
from judge.variants.europe1615.world import yearly_allocation
from tests.europe1615_v3.helpers import inf, opening, play, position, result_of, setup


def test_R_v3_06_allocation_is_the_sum_of_the_home_centre_values() -> None:
    state = opening()
    assert state.extra["allocation"]["SPAIN"] == 37  # "37 versus 35 INFs in the first year"
    assert state.extra["allocation"]["FRANCE"] == 35
    assert state.extra["allocation"]["AUSTRIA"] == 33  # 68 - 35


def test_R_v3_07_a_captured_centre_adds_its_value() -> None:
    state = position()
    state.centers["SAX"].discard("SAX")
    state.centers["DENMARK"].add("SAX")
    assert yearly_allocation(setup(), state, "DENMARK") == 34 + 9  # "Denmark can earn ... 9 INFs"


def test_R_v3_08_a_lost_home_centre_costs_its_value() -> None:
    state = position()
    state.centers["AUSTRIA"].discard("BOH")
    state.centers["SAX"].add("BOH")
    assert yearly_allocation(setup(), state, "AUSTRIA") == 33 - 9


def test_R_v3_09_deployments_spread_over_the_year_never_above_the_allocation() -> None:
    spring = play(opening(), {"FRANCE": [Deploy("WUR", 20)]})
    assert remaining(setup(), spring.state, "FRANCE") == 15
    summer = play(spring.state, {"FRANCE": [Deploy("LOR", 10), Deploy("SAV", 6)]})
    assert result_of(summer, "10: LOR").result == "ok"
    rejected = result_of(summer, "6: SAV")
    assert rejected.result == "void" and "over this year's budget: 5 of 35" in rejected.message
    assert inf(summer.state, "SAV") == {}


def test_R_v3_09_unused_infs_lapse_at_the_new_year() -> None:
    state = position("W1615S", deployed={"FRANCE": 20}, allocation={"FRANCE": 35})
    scored = play(state, {})
    assert str(scored.state.phase) == "S1616I"
    checked = play(scored.state, {})
    assert str(checked.state.phase) == "S1616M" and remaining(setup(), checked.state, "FRANCE") == 35


def test_R_v3_10_infs_and_orders_go_in_one_submission() -> None:
    state = opening()
    state.units = {"WUR": [u for u in state.units["WUR"]]}
    out = play(state, {"FRANCE": [Deploy("WUR", 9), "WUR - FRA"]})
    assert "A FRA" in {str(u) for u in out.state.units["WUR"]}  # aligned in step 3, obeyed in step 4


def test_R_v3_11_infs_accumulate_with_each_deployment() -> None:
    spring = play(opening(), {"FRANCE": [Deploy("WUR", 5)]})
    summer = play(spring.state, {"FRANCE": [Deploy("WUR", 4)], "SPAIN": [Deploy("WUR", 3)]})
    assert inf(summer.state, "WUR") == {"FRANCE": 9, "SPAIN": 3}


def test_R_v3_12_infs_may_go_to_states_without_centre_or_unit() -> None:
    out = play(opening(), {"AUSTRIA": [Deploy("FRA", 5), Deploy("SWI", 4)]})
    assert inf(out.state, "FRA") == {"AUSTRIA": 5} and inf(out.state, "SWI") == {"AUSTRIA": 4}


def test_R_v3_13_only_catholic_powers_deploy_to_the_papal_states() -> None:
    state = opening()
    assert deploy_problem(setup(), state, "SPAIN", "PAPL") == ""
    assert "only the Catholic powers" in deploy_problem(setup(), state, "ENGLAND", "PAPL")


def test_R_v3_14_morocco_is_closed_until_moroccan_unification() -> None:
    state = opening()
    assert "until its modifier has passed" in deploy_problem(setup(), state, "SPAIN", "MOR")
    state.extra["modifiers"] = ["MOROCCAN_UNIFICATION"]
    assert deploy_problem(setup(), state, "SPAIN", "MOR") == ""


def test_R_v3_15_catalonia_is_closed_to_infs_but_passable() -> None:
    state = position(units={"SPAIN": ["A ARA"]})
    assert "until its modifier has passed" in deploy_problem(setup(), state, "SPAIN", "CAT")
    out = play(state, {"SPAIN": ["ARA - CAT"]})
    assert out.state.units["SPAIN"][0].location == "CAT"
    state.extra["modifiers"] = ["CATALAN_SECESSION"]
    assert deploy_problem(setup(), state, "SPAIN", "CAT") == ""


def test_R_v3_16_a_captured_state_takes_no_infs_and_no_attacks() -> None:
    state = position(influence={"SAX": {"AUSTRIA": 5, "DENMARK": 5}})
    state.centers["SAX"].discard("SAX")
    state.centers["DENMARK"].add("SAX")
    out = play(state, {"DENMARK": [Deploy("SAX", 3)], "AUSTRIA": [Attack("SAX", "DENMARK")]})
    assert "has been captured" in result_of(out, "3: SAX").message  # the occupier too
    assert result_of(out, "SAX > DENMARK").result == "void"
    assert inf(out.state, "SAX") == {"AUSTRIA": 5, "DENMARK": 5}  # held in suspension


def test_R_v3_17_limits_stop_deployments_but_never_attacks() -> None:
    state = position(influence={"SWE": {"DENMARK": 4, "ENGLAND": 6}}, modifiers=("DANO_SWEDISH_RIVALRY",))
    out = play(state, {"DENMARK": [Deploy("SWE", 3), Attack("SWE", "ENGLAND")]})
    assert result_of(out, "3: SWE").result == "void"
    assert result_of(out, "SWE > ENGLAND").result == "ok"
    assert inf(out.state, "SWE") == {"ENGLAND": 2}


def test_R_v3_18_the_results_say_who_deployed_where_but_not_how_much() -> None:
    out = play(opening(), {"FRANCE": [Deploy("LOR", 12)], "SPAIN": [Deploy("LOR", 3)]})
    sheet = out.state.extra["status"]["LOR"]
    assert sheet["deployed"] == ["FRANCE", "SPAIN"] and sheet["political"] == "ALIGNED"
    assert status_sheet(setup(), out.state)["LOR"] == sheet


def test_EX_v3_01_france_deploys_all_35_infs_in_the_first_phase() -> None:
    lines = [Deploy("WUR", 9), Deploy("RHI", 3), Deploy("LOWR", 1), Deploy("LOR", 12), Deploy("SAV", 10)]
    spring = play(opening(), {"FRANCE": lines})
    assert all(result_of(spring, str(line)).result == "ok" for line in lines)
    assert remaining(setup(), spring.state, "FRANCE") == 0
    sheet = spring.state.extra["status"]
    for minor in ("WUR", "RHI", "LOWR", "LOR", "SAV"):
        assert (sheet[minor]["political"], sheet[minor]["power"]) == ("ALIGNED", "FRANCE")
    assert {m: sheet[m]["religion"] for m in ("WUR", "RHI", "LOWR", "LOR", "SAV")} == {
        "WUR": "CATHOLIC", "RHI": None, "LOWR": None, "LOR": "CATHOLIC", "SAV": "CATHOLIC"}
    summer = play(spring.state, {"FRANCE": [Deploy("FRA", 1)]})
    assert result_of(summer, "1: FRA").result == "void"  # nothing left for Summer or Fall
