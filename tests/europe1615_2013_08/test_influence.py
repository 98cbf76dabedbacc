"""INFs each movement phase: the table, captures, losses, blocking (R-1308-01 to R-1308-18; EX-1308-03, 05, 06)."""

from __future__ import annotations

import pytest

from judge.engine.results import VOID
from judge.variants.europe1615 import Deploy
from judge.variants.europe1615.income import income_parts, phase_income
from judge.variants.europe1615.influence import deploy_problem, remaining
from judge.variants.europe1615.status import status_sheet
from tests.europe1615_2013_08.helpers import (
    e1308,
    inf,
    opening,
    play,
    position,
    result_of,
    setup,
    spring_1615,
    units_of,
)


def test_R_1308_01_standard_rules_apply_to_the_units() -> None:
    out = play(position(units={"FRANCE": ["A PAR", "A BUR"], "SPAIN": ["A LUX"]}),
               {"FRANCE": "A PAR - CHA\nA BUR S A PAR - CHA", "SPAIN": "A LUX - CHA"})
    assert result_of(out, "A PAR - CHA").result == "ok" and result_of(out, "A LUX - CHA").result == "bounce"


def test_R_1308_02_five_powers_two_faiths_scandinavia_one_player() -> None:
    assert setup().powers == ("AUSTRIA", "ENGLAND", "FRANCE", "SCANDINAVIA", "SPAIN")
    assert {p for p, f in setup().faith.items() if f == "PROTESTANT"} == {"SCANDINAVIA", "ENGLAND"}
    assert {p for p, f in setup().faith.items() if f == "CATHOLIC"} == {"SPAIN", "AUSTRIA", "FRANCE"}


def test_R_1308_03_three_movement_phases_a_build_phase_and_scoring_in_some_years() -> None:
    ruleset = e1308().ruleset
    assert ruleset.phase_cycle == (("S", "M"), ("S", "R"), ("U", "M"), ("U", "R"), ("F", "M"), ("F", "R"),
                                   ("W", "A"), ("W", "S"))
    assert opening().phase.year == 1615 and str(opening().phase) == "S1615M"
    assert [y for y in range(1615, 1621) if ruleset.phase_needed(position(f"W{y}S"))] == [1616, 1618, 1620]
    assert setup().edition.last_year == 1620


def test_R_1308_04_the_ottoman_empire_is_influenced_and_steered_by_one_power() -> None:
    state = position(units={"OTE": ["A SER"]}, influence={"OTE": {"SPAIN": 15}})
    assert e1308().ruleset.order_weights(state, "OTE", state.units["OTE"][0]) == {"SPAIN": 1}


def test_R_1308_05_deploy_then_attack_then_statuses_then_orders() -> None:
    """France's INFs this phase align Lorraine before its army is ordered; Spain's attack then breaks it."""
    state = position(units={"LOR": ["A LOR"]}, influence={"LOR": {"SPAIN": 5}})
    out = play(state, {"FRANCE": "6: LOR\nLOR - CHA"})
    assert units_of(out.state)["LOR"] == {"A CHA"}                       # step 1 and 3 before step 4
    out = play(state, {"FRANCE": "6: LOR\nLOR - CHA", "SPAIN": "LOR > FRANCE"})
    assert units_of(out.state)["LOR"] == {"A LOR"} and inf(out.state, "LOR") == {"FRANCE": 1}  # step 2 first


def test_R_1308_06_each_power_receives_its_table_row_each_movement_phase() -> None:
    """The reconstructed table: Spring 1615 gives Spain 70, France 68, Scandinavia 65, Austria 62, England 57."""
    got = {p: phase_income(setup(), opening(), p) for p in setup().powers}
    assert got == {"SPAIN": 70, "FRANCE": 68, "SCANDINAVIA": 65, "AUSTRIA": 62, "ENGLAND": 57}
    out = spring_1615()
    assert out.state.extra["income"] == got and str(out.state.phase) == "U1615M"
    assert remaining(setup(), out.state, "FRANCE") == 68                # a new phase, a new 68


def test_R_1308_07_unused_infs_lapse() -> None:
    out = play(opening(), {"FRANCE": "10: LOR"})
    assert remaining(setup(), out.state, "FRANCE") == 68 and "deployed" not in out.state.extra
    over = play(opening(), {"FRANCE": "60: LOR\n9: SAV"})
    assert result_of(over, "9: SAV").result == VOID and "58 of 68" not in result_of(over, "9: SAV").message
    assert "8 of 68 INFs left" in result_of(over, "9: SAV").message


def test_R_1308_08_orders_to_a_minor_state_without_deploying_again() -> None:
    state = position(units={"WUR": ["A WUR"]}, influence={"WUR": {"FRANCE": 16}})
    assert e1308().ruleset.may_order(state, "FRANCE", "WUR", state.units["WUR"][0])
    out = play(state, {"FRANCE": "WUR - FRA"})
    assert units_of(out.state)["WUR"] == {"A FRA"}


def test_R_1308_09_infs_accumulate_phase_after_phase() -> None:
    out = play(position(influence={"SAX": {"AUSTRIA": 8}}), {"AUSTRIA": "8: SAX", "ENGLAND": "3: SAX"})
    assert inf(out.state, "SAX") == {"AUSTRIA": 16, "ENGLAND": 3}


def test_R_1308_10_infs_to_a_state_without_centre_or_unit() -> None:
    out = play(opening(), {"AUSTRIA": "5: FRA"})
    assert inf(out.state, "FRA") == {"AUSTRIA": 5} and out.state.extra["status"]["FRA"]["political"] == "ALIGNED"


def test_R_1308_11_only_catholic_powers_deploy_to_the_papal_states() -> None:
    assert "only the Catholic powers" in deploy_problem(setup(), opening(), "ENGLAND", "PAP")
    assert deploy_problem(setup(), opening(), "SPAIN", "PAP") == ""
    state = position(units={"PAP": ["A ROM"]}, influence={"PAP": {"SPAIN": 6}})
    assert not e1308().ruleset.may_order(state, "ENGLAND", "PAP", state.units["PAP"][0])


def test_R_1308_12_poland_is_one_state_of_three_provinces() -> None:
    assert setup().minors["POL"] == ("WAR", "DAN", "POS") and setup().minors["LIT"] == ("SAM", "VIL")
    state = position(units={"POL": ["A WAR"], "SCANDINAVIA": ["A PRU"]}, influence={"POL": {"AUSTRIA": 9}})
    out = play(state, {"AUSTRIA": "POL HOLD", "SCANDINAVIA": "A PRU - DAN"})
    assert result_of(out, "A WAR").order == "WAR H"                       # "POL HOLD" orders the Warsaw army
    assert result_of(out, "A PRU - DAN").result == "ok"                    # aligned, no unit in Danzig: passable
    neutral = play(position(units={"SCANDINAVIA": ["A PRU"]}, influence={"POL": {"AUSTRIA": 5, "SPAIN": 5}}),
                   {"SCANDINAVIA": "A PRU - DAN"})
    assert result_of(neutral, "A PRU - DAN").result == VOID                # Danzig is as neutral as Poland


def test_R_1308_13_the_inf_value_of_a_centre_is_its_value() -> None:
    state = position()
    state.centers["SAX"].discard("SAX")
    state.centers["SCANDINAVIA"].add("SAX")
    assert income_parts(setup(), state, "SCANDINAVIA")["captured"] == setup().value("SAX") == 9


def test_R_1308_14_a_captured_centre_adds_its_infs_while_held() -> None:
    state = position()
    state.centers["WUR"].discard("WUR")
    state.centers["FRANCE"].add("WUR")
    assert phase_income(setup(), state, "FRANCE") == 68 + 6


def test_R_1308_15_no_infs_from_a_captured_state_the_other_faith_controls() -> None:
    state = position(influence={"SAX": {"AUSTRIA": 30, "ENGLAND": 10}}, withdrawn=["SAX"])
    state.centers["SAX"].discard("SAX")
    state.centers["SCANDINAVIA"].add("SAX")
    state.extra["status"] = status_sheet(setup(), state)
    assert state.extra["status"]["SAX"]["religion"] == "CATHOLIC"        # 75% >= the 1615 share
    assert phase_income(setup(), state, "SCANDINAVIA") == 65             # "the state is in revolt"
    state.centers["SCANDINAVIA"].discard("NOR")
    state.centers["FRANCE"].discard("NOR")
    state.centers["SCANDINAVIA"].add("NOR")                                # a Catholic power's home: no such rule
    assert income_parts(setup(), state, "SCANDINAVIA")["captured"] == setup().value("NOR")


def test_EX_1308_06_saxony_captured_in_winter_1618_gives_infs_from_summer_1619() -> None:
    """75% Catholic: controlled under 1618's share, not under 1619's 82%; the INFs read the sheet just before."""
    state = position("W1618A", units={"SCANDINAVIA": ["A SAX"]}, influence={"SAX": {"AUSTRIA": 30, "ENGLAND": 10}})
    state.centers["SAX"].discard("SAX")
    state.centers["SCANDINAVIA"].add("SAX")                               # captured as Fall 1618 ended
    winter = play(play(state, {}).state, {})                              # the build phase, then the Scoring
    assert winter.state.extra["status"]["SAX"]["religion"] == "CATHOLIC" and str(winter.state.phase) == "S1619M"
    assert phase_income(setup(), winter.state, "SCANDINAVIA") == 65      # Spring 1619: still in revolt
    spring = play(winter.state, {})
    assert spring.state.extra["status"]["SAX"]["religion"] is None        # 75% < 82% in 1619
    assert phase_income(setup(), spring.state, "SCANDINAVIA") == 65 + 9   # Summer 1619: Saxony's INFs


def test_R_1308_16_a_lost_home_centre_costs_its_value() -> None:
    state = position()
    state.centers["AUSTRIA"].discard("VIE")
    state.centers["SCANDINAVIA"].add("VIE")
    assert phase_income(setup(), state, "AUSTRIA") == 62 - 18
    assert phase_income(setup(), state, "SCANDINAVIA") == 65 + 18


@pytest.mark.parametrize(("aligned", "blocked"), [("SCANDINAVIA", True), (None, False), ("AUSTRIA", False)])
def test_R_1308_17_a_minor_army_aligned_to_another_power_blocks_a_centre(aligned: str | None, blocked: bool) -> None:
    influence = {"SAX": {aligned: 8}} if aligned else {"SAX": {"ENGLAND": 3, "FRANCE": 3}}
    state = position("F1618M", units={"SAX": ["A VIE"]}, influence=influence)
    state.extra["status"] = status_sheet(setup(), state)
    assert phase_income(setup(), state, "AUSTRIA") == (62 - 18 if blocked else 62)


def test_EX_1308_05_the_saxon_army_in_vienna() -> None:
    """Saxony aligned to Scandinavia; its army enters Vienna in Summer 1618; Austria keeps the centre."""
    state = position("U1618M", units={"SAX": ["A BOH"], "AUSTRIA": ["A SLO"]}, influence={"SAX": {"SCANDINAVIA": 9}})
    summer = play(state, {"SCANDINAVIA": "A BOH - VIE"})
    assert units_of(summer.state)["SAX"] == {"A VIE"}
    assert phase_income(setup(), summer.state, "AUSTRIA") == 62 - 18      # Fall 1618: Vienna's INFs blocked
    fall = play(summer.state, {"AUSTRIA": "A SLO H"})
    assert "VIE" in fall.state.centers["AUSTRIA"]                         # the minor army cannot capture
    assert units_of(fall.state)["SAX"] == {"A VIE"} and str(fall.state.phase) == "W1618A"


def test_R_1308_18_a_captured_state_takes_no_more_infs() -> None:
    state = position(withdrawn=["WUR"])
    state.centers["WUR"].discard("WUR")
    state.centers["FRANCE"].add("WUR")
    assert "captured" in deploy_problem(setup(), state, "FRANCE", "WUR")


def test_EX_1308_03_the_writing_the_orders_example_spends_france_s_68() -> None:
    out = play(opening(), {"FRANCE": "16:WUR\n16:RHI\n5:LOW\n25:LOR\n6:SAV"})
    assert all(r.result == "ok" for r in out.results if isinstance(r.value, Deploy))
    assert sum(inf(out.state, s).get("FRANCE", 0) for s in ("WUR", "RHI", "LOW", "LOR", "SAV")) == 68
