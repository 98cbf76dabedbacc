"""Who orders a unit, where it may go, whom it may help (R-v3-23 to R-v3-76, R-v3-86, R-v3-87, EX-v3-03)."""

from __future__ import annotations

import pytest

from judge.engine import Unit
from judge.reading.order_reader import OrderError
from judge.variants.europe1615 import Permit
from judge.variants.europe1615.influence import deploy_problem
from tests.europe1615_v3.helpers import (
    opening,
    order,
    play,
    play_with,
    position,
    result_of,
    setup,
    units_of,
    v3,
    v3_with,
)

DANES = {"BRA": {"DENMARK": 5}}


# -- the Ottomans ---------------------------------------------------------------------------

def test_R_v3_46_every_power_may_order_the_ottoman_units() -> None:
    weights = v3().ruleset.order_weights(opening(), "OTE", Unit("A", "SER"))
    assert set(weights) == {"SPAIN", "FRANCE", "AUSTRIA", "DENMARK", "ENGLAND"}
    assert "not a minor state" in deploy_problem(setup(), opening(), "SPAIN", "OTE")  # no INFs: weight only


def test_R_v3_47_and_EX_v3_03_the_order_with_most_weight_is_obeyed() -> None:
    alone = play(opening(), {"SPAIN": ["A SER - BOS"], "FRANCE": ["A SER H"]})
    assert "A BOS" in units_of(alone)["OTE"]  # 37 beats 35
    outvoted = play(opening(), {"SPAIN": ["A SER - BOS"], "FRANCE": ["A SER H"], "AUSTRIA": ["A SER H"]})
    assert "A SER" in units_of(outvoted)["OTE"]  # 35 + 33 = 68 beats 37


def test_R_v3_48_and_EX_v3_03_a_tie_holds_and_so_does_no_order() -> None:
    state = position(units={"OTE": ["A SER"]}, allocation={"SPAIN": 30, "FRANCE": 30})
    tie = play(state, {"SPAIN": ["A SER - BOS"], "FRANCE": ["A SER - ALB"]})
    assert units_of(tie)["OTE"] == {"A SER"}
    assert units_of(play(state, {}))["OTE"] == {"A SER"}


def test_R_v3_49_the_results_do_not_show_who_ordered_the_ottomans() -> None:
    out = play(opening(), {"SPAIN": ["A SER - BOS"], "FRANCE": ["A SER H"], "AUSTRIA": ["A SER H"]})
    about_ser = [r for r in out.results if r.unit == "A SER"]
    assert [r.power for r in about_ser] == ["OTE"]


def test_R_v3_50_a_dislodged_ottoman_unit_is_disbanded() -> None:
    state = position(units={"OTE": ["A SER"], "AUSTRIA": ["A HUN", "A TRA"]})
    out = play(state, {"AUSTRIA": ["A HUN - SER", "A TRA S A HUN - SER"]})
    assert [str(d.unit) for d in out.dislodged] == ["A SER"]
    assert out.state.dislodged == [] and str(out.state.phase) == "U1615M"
    assert "OTE" not in units_of(out)


def test_R_v3_51_ottoman_units_capture_centres() -> None:
    state = position("F1615M", units={"OTE": ["A SER"]})
    out = play(state, {"SPAIN": ["A SER - TRA"]})
    assert str(out.state.phase) == "W1615E" and "TRA" in out.state.centers["OTE"]


def test_R_v3_51_the_ottoman_expansion_raises_armies_on_its_own() -> None:
    state = position("W1615A", units={"OTE": ["A TRA", "A BOS"]})
    state.centers["TRA"].discard("TRA")
    state.centers["OTE"].add("TRA")
    out = play(state, {})
    assert units_of(out)["OTE"] == {"A TRA", "A BOS", "A RUM"}  # 3 centres: a home centre first


# -- minor-state units ---------------------------------------------------------------------

def test_R_v3_52_aligned_and_unaligned_minors_capture_neutral_ones_do_not() -> None:
    aligned = play(position("F1615M", units={"BRA": ["A BRA"]}, influence=DANES), {"DENMARK": ["A BRA - MEC"]})
    assert "MEC" in aligned.state.centers["BRA"]
    unaligned = play(position("F1615M", units={"BRA": ["A MEC"]}), {})
    assert "MEC" in unaligned.state.centers["BRA"]
    neutral = play(position("F1615M", units={"BRA": ["A MEC"]}, influence={"BRA": {"DENMARK": 5, "SPAIN": 5}}), {})
    assert "MEC" in neutral.state.centers["MEC"]


def test_R_v3_53_no_power_dislodges_or_helps_dislodge_its_aligned_minor() -> None:
    state = position(units={"BRA": ["A BRA"], "DENMARK": ["A LUN", "A MEC"]}, influence=DANES)
    own = play(state, {"DENMARK": ["A LUN - BRA", "A MEC S A LUN - BRA"]})
    assert units_of(own)["BRA"] == {"A BRA"}
    state = position(units={"BRA": ["A BRA"], "ENGLAND": ["A LUN"], "DENMARK": ["A MEC"]}, influence=DANES)
    helped = play(state, {"ENGLAND": ["A LUN - BRA"], "DENMARK": ["A MEC S A LUN - BRA"]})
    assert units_of(helped)["BRA"] == {"A BRA"}  # Denmark's support does not count against its minor


def test_R_v3_54_a_dislodged_minor_unit_is_disbanded_unless_a_modifier_grants_retreats() -> None:
    state = position(units={"BRA": ["A BRA"], "DENMARK": ["A LUN", "A MEC"]})
    orders = {"DENMARK": ["A LUN - BRA", "A MEC S A LUN - BRA"]}
    out = play(state, orders)
    assert out.state.dislodged == [] and "BRA" not in units_of(out)
    assert [(str(d.unit), d.retreats) for d in out.dislodged] == [("A BRA", ())]  # judge adjudicate offers no retreat
    state.extra.update(modifiers=["PROTESTANT_UNION"])
    out = play(state, orders)
    assert [str(d.unit) for d in out.state.dislodged] == ["A BRA"] and str(out.state.phase) == "S1615R"
    assert [d.retreats for d in out.dislodged] == [("POM", "POS", "SAX", "SIL")]


def test_R_v3_57_a_power_moves_into_its_aligned_state_but_does_not_capture_it() -> None:
    state = position("F1615M", units={"DENMARK": ["A LUN"]}, influence={"HES": {"DENMARK": 5}})
    out = play(state, {"DENMARK": ["A LUN - HES"]})
    assert units_of(out)["DENMARK"] == {"A HES"} and "HES" in out.state.centers["HES"]


def test_R_v3_57_reciprocal_the_aligned_minor_does_not_capture_its_power_s_centre() -> None:
    state = position("F1615M", units={"HES": ["A HOL"]}, influence={"HES": {"DENMARK": 5}})
    out = play(state, {})
    assert "HOL" in out.state.centers["DENMARK"]


def test_R_v3_58_members_of_an_alliance_system_cross_each_other_without_capture() -> None:
    state = position("F1615M", units={"BRA": ["A BRA"]}, influence={"BRA": {"DENMARK": 5}, "MEC": {"DENMARK": 3}})
    out = play(state, {"DENMARK": ["A BRA - MEC"]})
    assert units_of(out)["BRA"] == {"A MEC"} and "MEC" in out.state.centers["MEC"]


def test_R_v3_59_unaligned_states_may_be_taken_and_their_units_supported() -> None:
    state = position("F1615M", units={"DENMARK": ["A LUN"]})
    assert "HES" in play(state, {"DENMARK": ["A LUN - HES"]}).state.centers["DENMARK"]
    state = position(units={"HES": ["A HES"], "DENMARK": ["A LUN", "A SAX"], "ENGLAND": ["A WES"]})
    out = play(state, {"DENMARK": ["A LUN - HES", "A SAX S A LUN - HES"], "ENGLAND": ["A WES S A HES"]})
    assert result_of(out, "A WES S A HES").result == "ok" and units_of(out)["HES"] == {"A HES"}


NEUTRAL_LOR = {"LOR": {"FRANCE": 5, "SPAIN": 5}}


def test_R_v3_60_nobody_enters_a_neutral_state() -> None:
    state = position(units={"FRANCE": ["A CHA"], "RHI": ["A RHI"]},
                     influence={**NEUTRAL_LOR, "RHI": {"SPAIN": 3}})
    out = play(state, {"FRANCE": ["A CHA - LOR"], "SPAIN": ["A RHI - LOR"]})
    assert result_of(out, "A CHA - LOR").result == "void"
    assert result_of(out, "A RHI - LOR").result == "void"  # A-v3-17: other minors' units too
    lenient = play_with(v3_with(neutral_bars="powers"), state, {"SPAIN": ["A RHI - LOR"]})
    assert units_of(lenient)["RHI"] == {"A LOR"}


def test_R_v3_61_a_foreign_army_in_a_neutral_state_acts_and_can_be_attacked() -> None:
    state = position(units={"FRANCE": ["A LOR", "A CHA"], "SPAIN": ["A FCO", "A SWI"]}, influence=NEUTRAL_LOR)
    out = play(state, {"FRANCE": ["A LOR - LUX"]})
    assert units_of(out)["FRANCE"] == {"A LUX", "A CHA"}
    out = play(state, {"SPAIN": ["A FCO - LOR", "A SWI S A FCO - LOR"], "FRANCE": ["A CHA S A LOR"]})
    assert result_of(out, "A FCO - LOR").result == "bounce"  # may attack it; France may support it
    out = play(state, {"SPAIN": ["A FCO - LOR", "A SWI S A FCO - LOR"]})
    assert [str(d.unit) for d in out.dislodged] == ["A LOR"]


def test_R_v3_61_once_the_foreign_army_leaves_the_neutral_state_nobody_enters() -> None:
    """"If the army moves out of the neutral state, no other unit can enter" (issue 9, item 4)."""
    state = position(units={"AUSTRIA": ["A LOR"], "SPAIN": ["A LUX", "A CHA"]}, influence=NEUTRAL_LOR)
    out = play(state, {"AUSTRIA": ["A LOR - WUR"], "SPAIN": ["A LUX - LOR"]})
    assert units_of(out)["AUSTRIA"] == {"A WUR"} and units_of(out)["SPAIN"] == {"A LUX", "A CHA"}
    assert result_of(out, "A LUX - LOR").result == "bounce"
    supported = play(state, {"AUSTRIA": ["A LOR - WUR"], "SPAIN": ["A LUX - LOR", "A CHA S A LUX - LOR"]})
    assert units_of(supported)["SPAIN"] == {"A LUX", "A CHA"}              # support does not open it either
    stays = play(state, {"AUSTRIA": ["A LOR H"], "SPAIN": ["A LUX - LOR", "A CHA S A LUX - LOR"]})
    assert units_of(stays)["SPAIN"] == {"A LOR", "A CHA"}                  # dislodging the guest still gets in


def test_R_v3_61_the_old_reading_lets_an_attack_in_once_the_army_left_by_option() -> None:
    state = position(units={"AUSTRIA": ["A LOR"], "SPAIN": ["A LUX"]}, influence=NEUTRAL_LOR)
    out = play_with(v3_with(vacated_neutral="open"), state, {"AUSTRIA": ["A LOR - WUR"], "SPAIN": ["A LUX - LOR"]})
    assert units_of(out)["SPAIN"] == {"A LOR"}


def test_R_v3_61_a_guest_that_fails_to_leave_can_still_be_dislodged() -> None:
    state = position(units={"AUSTRIA": ["A LOR"], "SPAIN": ["A LUX", "A CHA"], "FRANCE": ["A RHI", "A BAV"]},
                     influence=NEUTRAL_LOR)
    out = play(state, {"AUSTRIA": ["A LOR - WUR"], "FRANCE": ["A RHI - WUR", "A BAV S A RHI - WUR"],
                       "SPAIN": ["A LUX - LOR", "A CHA S A LUX - LOR"]})
    assert units_of(out)["SPAIN"] == {"A LOR", "A CHA"} and [str(d.unit) for d in out.dislodged] == ["A LOR"]


def test_R_v3_62_a_neutral_army_abroad_holds_may_be_supported_and_is_disbanded_if_dislodged() -> None:
    state = position(units={"LOR": ["A CHA"], "FRANCE": ["A PAR", "A BUR"], "SPAIN": ["A LUX"]},
                     influence=NEUTRAL_LOR)
    out = play(state, {"FRANCE": ["A PAR - CHA", "A BUR S A PAR - CHA"], "SPAIN": ["A LUX S A CHA", "A CHA - NET"]})
    assert result_of(out, "A LUX S A CHA").result == "ok"  # outside its state: may be supported
    assert "LOR" in units_of(out) and result_of(out, "A CHA - NET").result == "void"
    at_home = position(units={"LOR": ["A LOR"], "SPAIN": ["A LUX"]}, influence=NEUTRAL_LOR)
    out = play(at_home, {"SPAIN": ["A LUX S A LOR"]})
    assert result_of(out, "A LUX S A LOR").result == "void"
    out = play(position(units={"LOR": ["A CHA"], "FRANCE": ["A PAR", "A BUR"]}, influence=NEUTRAL_LOR),
               {"FRANCE": ["A PAR - CHA", "A BUR S A PAR - CHA"]})
    assert out.state.dislodged == [] and "LOR" not in units_of(out)


def test_R_v3_69_minor_units_are_labelled_by_their_state() -> None:
    start = v3().ruleset.initial_state()  # type: ignore[attr-defined]
    assert {"WUR", "LOWR", "PAPL", "OTE", "SWE", "DUT"} <= set(start.units)


# -- movement specials ---------------------------------------------------------------------

def test_R_v3_70_armies_cross_ire_scot_and_andl_sul() -> None:
    out = play(position(units={"ENGLAND": ["A IRE"]}), {"ENGLAND": ["A IRE - SCOT"]})
    assert units_of(out)["ENGLAND"] == {"A SCO"}
    state = position(units={"SPAIN": ["A ANDL"]}, modifiers=("MOROCCAN_UNIFICATION",))
    assert units_of(play(state, {"SPAIN": ["A ANDL - SUL"]}))["SPAIN"] == {"A MOR"}


def test_R_v3_71_a_fleet_must_name_holstein_s_coast() -> None:
    state = position(units={"DENMARK": ["F JUT"]})
    out = play(state, {"DENMARK": ["F JUT - HOL"]})
    assert result_of(out, "F JUT - HOL").result == "void" and "name one" in result_of(out, "F JUT").message
    assert units_of(play(state, {"DENMARK": ["F JUT - HOL/EC"]}))["DENMARK"] == {"F HOL/EC"}
    north_sea = position(units={"DENMARK": ["F NTH"]})       # one side in reach, and still it must be named
    out = play(north_sea, {"DENMARK": ["F NTH - HOL"]})
    assert result_of(out, "F NTH").result == "void" and "must name the coast" in result_of(out, "F NTH").message
    assert units_of(play(north_sea, {"DENMARK": ["F NTH - HOL/WC"]}))["DENMARK"] == {"F HOL/WC"}
    from judge.engine.retreats import retreat_target
    from judge.engine.state import Dislodged

    dislodged = Dislodged("DENMARK", Unit("F", "NTH"), "ENG", ("HOL/WC", "NWY"))   # a retreat is a move too
    assert retreat_target(v3().map, north_sea, dislodged, "HOL") == ""
    assert retreat_target(v3().map, north_sea, dislodged, "HOL/WC") == "HOL/WC"


def test_R_v3_72_there_is_no_forced_march_order() -> None:
    with pytest.raises(OrderError):
        order("A PAR FORCED MARCH BUR")


def test_R_v3_73_treaty_of_lyon_closes_switzerland_to_spain_unless_france_permits() -> None:
    state = position(units={"SPAIN": ["A MIL"]}, modifiers=("TREATY_OF_LYON",))
    assert result_of(play(state, {"SPAIN": ["A MIL - SWI"]}), "A MIL - SWI").result == "void"
    allowed = play(state, {"SPAIN": ["A MIL - SWI"], "FRANCE": [Permit("SPAIN", "SWI")]})
    assert units_of(allowed)["SPAIN"] == {"A SWI"} and "permitted" not in allowed.state.extra


def test_R_v3_73_only_a_lettered_minor_army_is_convoyed_under_its_modifier() -> None:
    state = position(units={"LOWR": ["A BRE"], "DENMARK": ["F NTH"]}, influence={"LOWR": {"DENMARK": 5}},
                     special={"K": "A BRE"})
    orders = {"DENMARK": ["F NTH C A BRE - NWY", "A BRE - NWY"]}
    assert result_of(play(state, orders), "F NTH C A BRE - NWY").result == "void"
    state.extra["modifiers"] = ["KEJSERKRIGEN"]
    assert units_of(play(state, orders))["LOWR"] == {"A NWY"}


# -- Christians and Muslims ------------------------------------------------------------------

def test_R_v3_74_no_christian_help_for_a_muslim_move_onto_the_papal_lands() -> None:
    state = position(units={"OTE": ["A TUS", "A SER"], "SPAIN": ["A NAP"], "AUSTRIA": ["A CRO"]})
    out = play(state, {"SPAIN": ["A NAP S A TUS - ROM", "A TUS - ROM"],
                       "AUSTRIA": ["A CRO S A SER - BOS", "A SER - BOS"]})
    assert result_of(out, "A NAP S A TUS - ROM").result == "void"
    assert result_of(out, "A CRO S A SER - BOS").result == "ok"  # elsewhere it is legal


def test_R_v3_75_no_muslim_help_for_a_christian_attack_on_a_muslim_unit() -> None:
    state = position(units={"OTE": ["A SER", "A BOS"], "AUSTRIA": ["A HUN"]}, allocation={"AUSTRIA": 33})
    out = play(state, {"AUSTRIA": ["A HUN - SER", "A BOS S A HUN - SER"]})
    assert result_of(out, "A BOS S A HUN - SER").result == "void"


def test_R_v3_76_no_muslim_help_into_an_islamic_centre_without_an_alliance_system() -> None:
    state = position(units={"MOR": ["A BUL"], "SPAIN": ["A SAL"]}, modifiers=("MOROCCAN_UNIFICATION",),
                     influence={"MOR": {"SPAIN": 5}})
    orders = {"SPAIN": ["A SAL - RUM", "A BUL S A SAL - RUM"]}
    assert result_of(play(state, orders), "A BUL S A SAL - RUM").result == "void"
    state.extra["influence"]["POR"] = {"SPAIN": 5}  # Spain now has an alliance system
    assert result_of(play(state, orders), "A BUL S A SAL - RUM").result == "ok"


# -- lettered units -----------------------------------------------------------------------------

def test_R_v3_86_the_lettered_units_start_where_the_options_say() -> None:
    special = v3().ruleset.initial_state().extra["special"]  # type: ignore[attr-defined]
    assert special == {"W": "A BOH", "K": "A LUN", "B": "A BAV", "N": "A SAX", "P": "A WAR", "R": "A RHI"}


def test_R_v3_87_a_lettered_unit_counts_double_only_under_its_modifier() -> None:
    state = position(units={"AUSTRIA": ["A BOH", "A VIE"], "SAX": ["A SAX"], "BAV": ["A BAV"]})
    plain = play(state, {"AUSTRIA": ["A BOH - SAX"]})
    assert result_of(plain, "A BOH - SAX").result == "bounce"
    state.extra["modifiers"] = ["WALLENSTEIN"]
    strong = play(state, {"AUSTRIA": ["A BOH - SAX"]})
    assert units_of(strong)["AUSTRIA"] == {"A SAX", "A VIE"}
    assert strong.state.extra["special"]["W"] == "A SAX"  # the letter goes with the unit
    other = play(state, {"AUSTRIA": ["A VIE - BAV"]})
    assert result_of(other, "A VIE - BAV").result == "bounce"  # only the first army is double
