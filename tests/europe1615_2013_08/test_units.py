"""Units of the minor states (R-1308-39 to R-1308-48)."""

from __future__ import annotations

from judge.engine.results import DISBAND, VOID
from judge.variants.europe1615.objectives import score_by_tables
from judge.variants.europe1615.status import political, status_sheet
from tests.europe1615_2013_08.helpers import (
    e1308,
    inf,
    play,
    position,
    result_of,
    setup,
    spring_1615,
    units_of,
    with_options,
)


def test_R_1308_39_the_aligned_power_enters_its_state_but_does_not_take_it() -> None:
    state = position("F1615M", units={"FRANCE": ["A CHA"]}, influence={"LOR": {"FRANCE": 8}})
    fall = play(state, {"FRANCE": "A CHA - LOR"})
    assert units_of(fall.state)["FRANCE"] == {"A LOR"} and "LOR" in fall.state.centers["LOR"]


def test_R_1308_40_minor_armies_take_no_centre_ottoman_ones_do() -> None:
    state = position("F1615M", units={"WUR": ["A WUR"], "OTE": ["A SER"]},
                     influence={"WUR": {"FRANCE": 8}, "OTE": {"FRANCE": 20}})
    fall = play(state, {"FRANCE": "WUR - LOR\nSER - HUN"})
    assert "LOR" in fall.state.centers["LOR"] and "HUN" in fall.state.centers["OTE"]


def test_R_1308_40_a_neutral_ottoman_empire_still_captures() -> None:
    """Seed 002 says without condition that the Ottoman units "are able to capture supply centers"."""
    state = position("F1615M", units={"OTE": ["A HUN"]}, influence={"OTE": {"FRANCE": 20, "SPAIN": 20}})
    assert political(setup(), state, "OTE")[0] == "NEUTRAL"
    fall = play(state, {})
    assert "HUN" in fall.state.centers["OTE"]


def test_R_1308_41_a_foreign_minor_army_in_an_aligned_state_spoils_its_score() -> None:
    state = position("W1616S", units={"BRA": ["A SAX"]}, influence={"SAX": {"AUSTRIA": 8}, "BRA": {"ENGLAND": 5}})
    assert score_by_tables(setup(), state, "AUSTRIA")["alignment"] == 0
    state.extra["influence"]["BRA"] = {"AUSTRIA": 5}                         # Brandenburg aligned to Austria too
    assert score_by_tables(setup(), state, "AUSTRIA")["alignment"] == 148 + 99


def test_R_1308_42_an_occupying_minor_army_blocks_the_centre_s_infs() -> None:
    from judge.variants.europe1615.income import blocked_by

    state = position(units={"HUN": ["A VIE"]}, influence={"HUN": {"ENGLAND": 10}})
    state.extra["status"] = status_sheet(setup(), state)
    assert blocked_by(setup(), state, "AUSTRIA", "VIE") == "HUN"


def test_R_1308_43_an_army_whose_home_centre_is_taken_is_disbanded_at_the_build_phase() -> None:
    state = position("F1615M", units={"WUR": ["A BAV"], "FRANCE": ["A LOR"]}, influence={"WUR": {"ENGLAND": 8}})
    fall = play(state, {"FRANCE": "A LOR - WUR"})
    assert "WUR" in fall.state.centers["FRANCE"] and units_of(fall.state)["WUR"] == {"A BAV"}
    winter = play(fall.state, {})
    assert "WUR" not in units_of(winter.state)
    assert any(r.result == DISBAND and r.power == "WUR" for r in winter.results)


def test_R_1308_44_a_power_s_army_left_in_a_neutral_state_is_interned() -> None:
    state = position("F1615M", units={"FRANCE": ["A LOR"]}, influence={"LOR": {"FRANCE": 5, "SPAIN": 5}})
    fall = play(state, {"FRANCE": "A LOR H"})
    assert units_of(fall.state)["FRANCE"] == {"A LOR"}                       # it still functions meanwhile
    winter = play(fall.state, {})
    assert "FRANCE" not in units_of(winter.state) and "LOR" in winter.state.centers["LOR"]
    assert any("interned" in r.message for r in winter.results)


def test_R_1308_44_a_neutral_state_with_a_foreign_army_is_open_to_attack() -> None:
    state = position(units={"FRANCE": ["A LOR"], "SPAIN": ["A LUX", "A CHA"]},
                     influence={"LOR": {"FRANCE": 5, "SPAIN": 5}})
    out = play(state, {"SPAIN": "A LUX - LOR\nA CHA S A LUX - LOR"})
    assert units_of(out.state)["SPAIN"] == {"A LOR", "A CHA"} and out.state.dislodged[0].power == "FRANCE"


def test_R_1308_44_once_the_foreign_army_leaves_the_neutral_state_no_other_army_enters() -> None:
    state = position(units={"FRANCE": ["A LOR"], "SPAIN": ["A LUX", "A CHA"]},
                     influence={"LOR": {"FRANCE": 5, "SPAIN": 5}})
    out = play(state, {"FRANCE": "A LOR - WUR", "SPAIN": "A LUX - LOR\nA CHA S A LUX - LOR"})
    assert units_of(out.state)["FRANCE"] == {"A WUR"} and units_of(out.state)["SPAIN"] == {"A LUX", "A CHA"}


def test_R_1308_45_a_neutral_army_abroad_holds_takes_support_and_is_disbanded_if_dislodged() -> None:
    state = position(units={"WUR": ["A BAV"], "FRANCE": ["A FRA"], "AUSTRIA": ["A BOH", "A TYR"]},
                     influence={"WUR": {"FRANCE": 5, "ENGLAND": 5}})
    out = play(state, {"FRANCE": "WUR - SWI", "AUSTRIA": "A BOH - BAV\nA TYR S A BOH - BAV"})
    assert result_of(out, "WUR - SWI").result == VOID                        # it holds where it is
    assert units_of(out.state).get("WUR") is None and not out.state.dislodged  # dislodged: disbanded
    held = play(state, {"FRANCE": "A FRA S A BAV", "AUSTRIA": "A BOH - BAV\nA TYR S A BOH - BAV"})
    assert result_of(held, "A FRA S A BAV").result == "ok" and units_of(held.state)["WUR"] == {"A BAV"}


def test_R_1308_46_an_aligned_minor_unit_retreats_on_its_power_s_orders() -> None:
    state = position(units={"WUR": ["A BAV"], "AUSTRIA": ["A BOH", "A TYR"]}, influence={"WUR": {"FRANCE": 6}})
    out = play(state, {"AUSTRIA": "A BOH - BAV\nA TYR S A BOH - BAV"})
    assert [(d.power, str(d.unit)) for d in out.state.dislodged] == [("WUR", "A BAV")]
    assert e1308().ruleset.order_weights(out.state, "WUR", out.state.dislodged[0].unit) == {"FRANCE": 1}
    retreat = play(out.state, {"FRANCE": "A BAV R WUR"})
    assert units_of(retreat.state)["WUR"] == {"A WUR"}
    never = with_options(minor_retreats="never")                             # A-1308-05, the other reading
    assert not play(state, {"AUSTRIA": "A BOH - BAV\nA TYR S A BOH - BAV"}, never).state.dislodged


def test_R_1308_47_a_captured_state_is_withdrawn_keeps_its_locked_religion_and_scores_only_its_capture() -> None:
    state = position("F1615M", units={"SPAIN": ["A DUT"]}, influence={"DUT": {"SCANDINAVIA": 25, "ENGLAND": 13}})
    winter = play(play(state, {}).state, {})
    after = winter.state
    assert "DUT" in after.extra["withdrawn"] and political(setup(), after, "DUT") == ("CAPTURED", "SPAIN")
    assert after.extra["status"]["DUT"]["religion"] == "PROTESTANT" and inf(after, "DUT") == {
        "SCANDINAVIA": 25, "ENGLAND": 13}
    score = score_by_tables(setup(), after, "SPAIN")
    assert score["capture"] == 100 and score["alignment"] == score["religion"] == 0


def test_R_1308_48_a_lost_minor_unit_is_rebuilt_at_home() -> None:
    state = position("W1615A", units={"FRANCE": ["A PAR"]})
    winter = play(state, {})
    assert units_of(winter.state)["WUR"] == {"A WUR"} and units_of(winter.state)["DUT"] == {"F DUT"}


def test_R_1308_48_the_original_unit_is_rebuilt_though_the_state_has_another_unit() -> None:
    state = position("W1616A", units={"BRA": ["A MEC"]})
    for held in state.centers.values():
        held.discard("MEC")
    state.centers.setdefault("BRA", set()).add("MEC")
    winter = play(state, {})
    assert units_of(winter.state)["BRA"] == {"A MEC", "A BRA"}


def test_EX_1308_01_dislodged_dutch_fleet_has_nowhere_to_go() -> None:
    """The example's F(DUT) is dislodged: NTH stood off, NET sent the attacker, BRE lies in NEUTRAL Lower Saxony."""
    out = spring_1615()
    assert result_of(out, "DUT S NWY - NTH").result == "dislodged"
    assert not out.state.dislodged and "DUT" not in units_of(out.state)
