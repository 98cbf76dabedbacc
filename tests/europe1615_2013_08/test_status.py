"""Political and religious status by thresholds (R-1308-19 to R-1308-32, R-1308-49 to R-1308-53)."""

from __future__ import annotations

import pytest

from judge.engine.results import VOID
from judge.variants.europe1615.status import political, religion
from tests.europe1615_2013_08.helpers import (
    e1308,
    play,
    position,
    result_of,
    setup,
    units_of,
    with_options,
)


def status(influence: dict[str, int], minor: str = "LOR", phase: str = "U1615M") -> tuple[str, str | None]:
    return political(setup(), position(phase, influence={minor: influence}), minor)


def faith(influence: dict[str, int], minor: str = "LOR", phase: str = "U1615M") -> str | None:
    return religion(setup(), position(phase, influence={minor: influence}), minor)


def test_R_1308_19_five_infs_align_a_minor_fifteen_the_ottomans() -> None:
    assert status({"FRANCE": 5}) == ("ALIGNED", "FRANCE")
    assert status({"FRANCE": 5}, "MOR") == ("ALIGNED", "FRANCE")
    assert status({"FRANCE": 14}, "OTE") == ("NEUTRAL", None) and status({"FRANCE": 15}, "OTE") == ("ALIGNED", "FRANCE")


def test_R_1308_20_aligned_needs_half_the_infs_and_five() -> None:
    assert status({"FRANCE": 10, "SPAIN": 5, "ENGLAND": 5}) == ("ALIGNED", "FRANCE")      # exactly 50%
    assert status({"ENGLAND": 10, "AUSTRIA": 9}, "HUN") == ("ALIGNED", "ENGLAND")         # 53%, the example
    assert status({"FRANCE": 4, "SPAIN": 1}) == ("NEUTRAL", None)                         # 80% but only 4 INFs
    assert status({"FRANCE": 10, "SPAIN": 6, "ENGLAND": 5}) == ("NEUTRAL", None)


def test_R_1308_21_the_ottoman_share_is_the_year_s() -> None:
    assert status({"FRANCE": 18, "SPAIN": 2}, "OTE") == ("ALIGNED", "FRANCE")            # 90% in 1615
    assert status({"FRANCE": 17, "SPAIN": 3}, "OTE") == ("NEUTRAL", None)                 # 85% in 1615
    assert status({"FRANCE": 17, "SPAIN": 3}, "OTE", "S1616M") == ("ALIGNED", "FRANCE")  # 85% in 1616
    assert setup().edition.by_year(setup().edition.ottoman_alignment, 1615) == 90


def test_R_1308_22_fewer_than_five_infs_leave_a_state_unmarked() -> None:
    assert status({}) == ("UNMARKED", None) and status({"FRANCE": 2, "SPAIN": 2}) == ("UNMARKED", None)


def test_R_1308_23_the_ottomans_and_barbary_are_neutral_below_their_minimum() -> None:
    assert status({"FRANCE": 14}, "OTE") == ("NEUTRAL", None)
    assert status({"FRANCE": 4}, "TUN") == ("NEUTRAL", None) and status({}, "ALG") == ("NEUTRAL", None)


def test_R_1308_24_equal_investment_or_no_alignment_is_neutral() -> None:
    assert status({"FRANCE": 7, "SPAIN": 7}) == ("NEUTRAL", None)                         # both hold 50%
    assert status({"ENGLAND": 10, "FRANCE": 5, "SPAIN": 5, "AUSTRIA": 5, "SCANDINAVIA": 5}, "LOW") == ("NEUTRAL", None)


def test_A_1308_01_the_other_reading_keeps_only_a_tie_neutral() -> None:
    variant = with_options(neutral_reading="tie_only")
    state = position(influence={"LOW": {"ENGLAND": 10, "FRANCE": 5, "SPAIN": 5, "AUSTRIA": 5, "SCANDINAVIA": 5},
                                "MEC": {"FRANCE": 5, "AUSTRIA": 5, "SPAIN": 5}})
    assert political(variant.ruleset.setup, state, "LOW") == ("UNMARKED", None)  # type: ignore[attr-defined]
    assert political(variant.ruleset.setup, state, "MEC") == ("NEUTRAL", None)  # type: ignore[attr-defined]


def test_R_1308_25_statuses_are_published_without_inf_numbers() -> None:
    out = play(position(), {"FRANCE": "6: LOR"})
    assert out.state.extra["status"]["LOR"] == {"political": "ALIGNED", "power": "FRANCE", "religion": None,
                                                "deployed": ["FRANCE"]}


def test_R_1308_26_an_unmarked_state_may_be_entered_and_taken() -> None:
    out = play(position("F1615M", units={"FRANCE": ["A CHA"]}), {"FRANCE": "A CHA - LOR"})
    assert units_of(out.state)["FRANCE"] == {"A LOR"}
    winter = play(out.state, {})
    assert "LOR" in winter.state.centers["FRANCE"] if "FRANCE" in winter.state.centers else False


def test_R_1308_27_a_neutral_state_is_closed_and_its_units_at_home_get_no_support() -> None:
    state = position(units={"FRANCE": ["A CHA", "A BUR"], "LOR": ["A LOR"], "SPAIN": ["A LUX"]},
                     influence={"LOR": {"FRANCE": 5, "SPAIN": 5}})
    out = play(state, {"FRANCE": "A CHA - LOR", "SPAIN": "A LUX S LOR"})
    assert result_of(out, "A CHA - LOR").result == VOID
    assert result_of(out, "A LUX S A LOR").result == VOID


def test_R_1308_28_an_aligned_unit_obeys_its_power_and_holds_without_orders() -> None:
    state = position(units={"WUR": ["A WUR"]}, influence={"WUR": {"FRANCE": 42, "ENGLAND": 24}})
    out = play(state, {"FRANCE": "WUR - FRA", "ENGLAND": "WUR - BAV"})
    assert units_of(out.state)["WUR"] == {"A FRA"}
    assert result_of(out, "A WUR - BAV").result == VOID
    assert play(state, {}).state.units["WUR"][0].location == "WUR"


def test_R_1308_29_the_aligned_power_cannot_dislodge_its_own_minor_unit() -> None:
    state = position(units={"WUR": ["A FRA"], "FRANCE": ["A LOR", "A BAV"]}, influence={"WUR": {"FRANCE": 6}})
    out = play(state, {"FRANCE": "A LOR - FRA\nA BAV S A LOR - FRA"})
    assert units_of(out.state)["WUR"] == {"A FRA"} and not out.state.dislodged


def test_R_1308_30_any_power_may_support_an_aligned_unit() -> None:
    state = position(units={"WUR": ["A WUR"], "SPAIN": ["A SAX"], "AUSTRIA": ["A BAV"]},
                     influence={"WUR": {"FRANCE": 6}})
    out = play(state, {"FRANCE": "WUR - FRA", "SPAIN": "A SAX S A WUR - FRA", "AUSTRIA": "A BAV - FRA"})
    assert units_of(out.state)["WUR"] == {"A FRA"}


def test_R_1308_31_an_aligned_state_without_its_unit_is_open_but_not_taken_by_its_power() -> None:
    state = position("F1615M", units={"FRANCE": ["A CHA"]}, influence={"LOR": {"FRANCE": 6}})
    out = play(state, {"FRANCE": "A CHA - LOR"})
    assert units_of(out.state)["FRANCE"] == {"A LOR"}
    assert "LOR" not in out.state.centers.get("FRANCE", set())


def test_R_1308_32_the_ottoman_orders_count_for_the_aligned_power_only() -> None:
    state = position(units={"OTE": ["A SER"]}, influence={"OTE": {"SPAIN": 18, "FRANCE": 2}})
    out = play(state, {"SPAIN": "SER - BOS", "FRANCE": "SER - WLC"})
    assert units_of(out.state)["OTE"] == {"A BOS"} and result_of(out, "A SER - WLC").result == VOID


def test_R_1308_49_each_faith_adds_up_its_powers_infs() -> None:
    assert faith({"ENGLAND": 6, "SCANDINAVIA": 5}) == "PROTESTANT"     # 11 from two powers
    assert faith({"FRANCE": 6, "SPAIN": 5, "ENGLAND": 9}) == "CATHOLIC"  # 11 of 20 = 55% >= 51%


def test_R_1308_50_control_needs_the_year_s_share_and_ten_infs() -> None:
    assert faith({"ENGLAND": 10, "AUSTRIA": 9}, "HUN") == "PROTESTANT"   # 52.6% in 1615, the example
    assert faith({"AUSTRIA": 9}, "POL") is None                          # 100% but 9 INFs, the example
    assert faith({"ENGLAND": 15, "FRANCE": 15}) is None                  # A-1308-04: 50/50


@pytest.mark.parametrize(("year", "share"), [(1615, 51), (1616, 58), (1617, 65), (1618, 72), (1619, 82), (1620, 90)])
def test_R_1308_51_the_share_rises_each_year(year: int, share: int) -> None:
    catholic = share
    assert faith({"AUSTRIA": catholic, "ENGLAND": 100 - catholic}, phase=f"S{year}M") == "CATHOLIC"
    assert faith({"AUSTRIA": catholic - 1, "ENGLAND": 101 - catholic}, phase=f"S{year}M") is None


def test_R_1308_52_the_papal_states_are_always_catholic() -> None:
    assert faith({}, "PAP") == "CATHOLIC"


def test_R_1308_53_control_counts_for_scoring_builds_and_infs() -> None:
    from judge.variants.europe1615.builds import power_build_sites
    from judge.variants.europe1615.objectives import score_by_tables

    state = position("W1616S", influence={"SAX": {"AUSTRIA": 20}})
    assert score_by_tables(setup(), state, "AUSTRIA")["religion"] == 295
    state.centers["SAX"].discard("SAX")
    state.centers["SCANDINAVIA"].add("SAX")
    state.extra["withdrawn"] = ["SAX"]
    assert "SAX" not in power_build_sites(setup(), state, "SCANDINAVIA")
    assert e1308().ruleset.build_sites(state, "SCANDINAVIA") == power_build_sites(setup(), state, "SCANDINAVIA")
