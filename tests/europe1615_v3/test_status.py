"""Political and religious status, and the counterbalance (R-v3-19 to R-v3-35, EX-v3-09)."""

from __future__ import annotations

import pytest

from judge.variants.europe1615 import Attack, Deploy
from judge.variants.europe1615.influence import deploy_problem
from judge.variants.europe1615.status import counterbalance, political, religion
from tests.europe1615_v3.helpers import inf, opening, play, play_with, position, result_of, setup, units_of, v3_with


def status(influence: dict[str, int], minor: str = "LOR") -> tuple[str, str | None]:
    return political(setup(), position(influence={minor: influence}), minor)


def test_R_v3_19_a_state_without_infs_is_unaligned_and_passable() -> None:
    assert status({}) == ("UNALIGNED", None)
    out = play(position(units={"FRANCE": ["A CHA"]}), {"FRANCE": ["A CHA - LOR"]})
    assert out.state.units["FRANCE"][0].location == "LOR"


def test_R_v3_20_aligned_needs_half_the_influence() -> None:
    assert status({"FRANCE": 1}) == ("ALIGNED", "FRANCE")  # no minimum
    assert status({"FRANCE": 10, "SPAIN": 5, "ENGLAND": 5}) == ("ALIGNED", "FRANCE")  # exactly 50%
    assert status({"FRANCE": 10, "SPAIN": 6, "ENGLAND": 5}) == ("NEUTRAL", None)


def test_R_v3_21_a_50_50_tie_or_no_half_is_neutral_and_impassable() -> None:
    assert status({"FRANCE": 7, "SPAIN": 7}) == ("NEUTRAL", None)
    assert status({"FRANCE": 10, "SPAIN": 10, "ENGLAND": 5}) == ("NEUTRAL", None)
    state = position(units={"FRANCE": ["A CHA"]}, influence={"LOR": {"FRANCE": 7, "SPAIN": 7}})
    out = play(state, {"FRANCE": ["A CHA - LOR"]})
    assert result_of(out, "A CHA - LOR").result == "void" and "may not be entered" in result_of(out, "A CHA").message


def test_R_v3_22_a_state_that_acquires_three_centres_is_never_unaligned() -> None:
    state = position()
    state.centers["PRU"] |= {"MEC", "DAN", "BRA"}
    for province in ("MEC", "DAN", "BRA"):
        for owner in ("MEC", "POL", "BRA"):
            state.centers[owner].discard(province)
    assert political(setup(), state, "PRU") == ("NEUTRAL", None)
    assert political(setup(), position(), "PRU") == ("UNALIGNED", None)


def test_R_v3_22_poland_starts_unaligned_and_open_its_own_centres_are_not_acquired() -> None:
    """With no INFs anywhere a state is UNALIGNED (R-v3-19); Poland's four home centres were not acquired."""
    assert political(setup(), opening(), "POL") == ("UNALIGNED", None)
    out = play(position(units={"AUSTRIA": ["A SLO"]}), {"AUSTRIA": ["A SLO - CRA"]})
    assert units_of(out)["AUSTRIA"] == {"A CRA"}


def test_R_v3_22_the_old_reading_counts_every_centre_held_by_option() -> None:
    held = v3_with(three_centre_count="held")
    assert political(held.ruleset.setup, opening(), "POL") == ("NEUTRAL", None)  # type: ignore[attr-defined]
    out = play_with(held, position(units={"AUSTRIA": ["A SLO"]}), {"AUSTRIA": ["A SLO - CRA"]})
    assert units_of(out)["AUSTRIA"] == {"A SLO"}


def test_R_v3_23_an_aligned_unit_obeys_its_power_wherever_it_is() -> None:
    state = position(units={"LOR": ["A CHA"]}, influence={"LOR": {"SPAIN": 5, "FRANCE": 2}})
    out = play(state, {"SPAIN": ["A CHA - BUR"], "FRANCE": ["A CHA - PAR"]})
    assert out.state.units["LOR"][0].location == "BUR"
    assert result_of(out, "A CHA - PAR").result == "void"  # France's order is not the aligned power's


def test_R_v3_24_orders_to_a_neutral_state_are_ignored() -> None:
    state = position(units={"LOR": ["A LOR"]}, influence={"LOR": {"SPAIN": 5, "FRANCE": 5}})
    out = play(state, {"SPAIN": ["A LOR - CHA"]})
    assert out.state.units["LOR"][0].location == "LOR"
    assert result_of(out, "A LOR - CHA").result == "void"


def religious(influence: dict[str, int], minor: str = "LOR") -> str | None:
    return religion(setup(), position(influence={minor: influence}), minor)


def test_R_v3_25_each_faith_adds_up_its_powers_infs() -> None:
    assert religious({"FRANCE": 3, "SPAIN": 3}) == "CATHOLIC"  # 6 Catholic INFs from two powers
    assert religious({"ENGLAND": 3, "DENMARK": 2, "FRANCE": 4}) == "PROTESTANT"


@pytest.mark.parametrize(("minor", "provinces", "minimum"),
                         [("LOR", 1, 5), ("LOWR", 2, 9), ("SWE", 4, 14), ("POL", 7, 15)])
def test_R_v3_26_a_majority_needs_half_and_the_minimum_for_the_state_size(
        minor: str, provinces: int, minimum: int) -> None:
    assert len(setup().minors[minor]) == provinces
    assert religious({"FRANCE": minimum}, minor) == "CATHOLIC"
    assert religious({"FRANCE": minimum - 1}, minor) is None


def test_R_v3_26_three_provinces_need_12() -> None:
    from judge.variants.europe1615.tables import religious_minimum
    assert [religious_minimum(n) for n in (1, 2, 3, 4, 5, 7)] == [5, 9, 12, 14, 15, 15]


def test_R_v3_27_matched_faiths_are_tolerant() -> None:
    assert religious({"FRANCE": 6, "ENGLAND": 6}) == "TOLERANT"


def test_R_v3_28_below_the_minimum_there_is_no_marker() -> None:
    assert religious({}) is None
    assert religious({"FRANCE": 4, "ENGLAND": 1}) is None


def test_R_v3_29_markers_are_published_with_the_statuses() -> None:
    out = play(opening(), {"ENGLAND": [Deploy("IRE", 6)]})
    assert out.state.extra["status"]["IRE"]["religion"] == "PROTESTANT"


def test_R_v3_30_papal_states_always_catholic_islamic_states_never_change() -> None:
    assert religious({}, "PAPL") == "CATHOLIC"
    assert religious({"SPAIN": 1}, "PAPL") == "CATHOLIC"
    state = position(influence={"MOR": {"ENGLAND": 20}}, modifiers=("MOROCCAN_UNIFICATION",))
    assert religion(setup(), state, "MOR") == "ISLAMIC"


def test_R_v3_31_a_captured_state_loses_its_marker() -> None:
    state = position(influence={"SAX": {"AUSTRIA": 9}})
    assert religion(setup(), state, "SAX") == "CATHOLIC"
    state.centers["SAX"].discard("SAX")
    state.centers["DENMARK"].add("SAX")
    assert religion(setup(), state, "SAX") is None


def test_R_v3_32_widerstand_keeps_catholics_out_of_protestant_states() -> None:
    state = position(allocation={"SPAIN": 37, "FRANCE": 35, "AUSTRIA": 33, "ENGLAND": 26, "DENMARK": 26},
                     influence={"IRE": {"ENGLAND": 6}, "SAX": {"DENMARK": 1}})
    assert counterbalance(setup(), state) == "WIDERSTAND"  # 105 >= 2 x 52
    assert "widerstand" in deploy_problem(setup(), state, "SPAIN", "IRE")
    assert deploy_problem(setup(), state, "SPAIN", "SAX") == ""  # no Protestant majority there


def test_R_v3_33_ketzenhammer_keeps_protestants_out_of_catholic_states() -> None:
    state = position(allocation={"SPAIN": 20, "FRANCE": 10, "AUSTRIA": 10, "ENGLAND": 40, "DENMARK": 40},
                     influence={"LOR": {"FRANCE": 6}})
    assert counterbalance(setup(), state) == "KETZENHAMMER"
    assert "ketzenhammer" in deploy_problem(setup(), state, "ENGLAND", "LOR")


def test_R_v3_34_no_counterbalance_at_the_start() -> None:
    assert counterbalance(setup(), opening()) is None
    assert opening().extra["counterbalance"] is None


def test_R_v3_34_the_counterbalance_follows_the_allocations() -> None:
    state = position("W1615S")
    state.centers["ENGLAND"] -= {"LON"}  # England 26 -> 14: 105 >= 2 x 48
    state.centers["SPAIN"].add("LON")
    checked = play(play(state, {}).state, {})
    assert checked.state.extra["counterbalance"] == "WIDERSTAND"


def test_R_v3_35_attacks_stay_allowed_under_a_counterbalance() -> None:
    state = position(allocation={"SPAIN": 37, "FRANCE": 35, "AUSTRIA": 33, "ENGLAND": 26, "DENMARK": 26},
                     influence={"IRE": {"ENGLAND": 6, "SPAIN": 2}})
    out = play(state, {"SPAIN": [Attack("IRE", "ENGLAND")]})
    assert result_of(out, "IRE > ENGLAND").result == "ok" and inf(out.state, "IRE") == {"ENGLAND": 4}


def test_EX_v3_09_counterbalance_at_the_start() -> None:
    state = opening()
    allocations = state.extra["allocation"]
    catholic = sum(allocations[p] for p in ("SPAIN", "FRANCE", "AUSTRIA"))
    protestant = allocations["ENGLAND"] + allocations["DENMARK"]
    assert catholic == 105 and catholic < 2 * protestant  # "by a factor less than twice"
    assert counterbalance(setup(), state) is None
    low = position(allocation={"SPAIN": 37, "FRANCE": 35, "AUSTRIA": 33, "ENGLAND": 21, "DENMARK": 33})
    assert counterbalance(setup(), low) is None  # 105 / 54 = 1.94
    lower = position(allocation={"SPAIN": 37, "FRANCE": 35, "AUSTRIA": 33, "ENGLAND": 19, "DENMARK": 33})
    assert counterbalance(setup(), lower) == "WIDERSTAND"  # Protestants at 52
