"""Ballots and the modifiers (R-v3-77 to R-v3-106, EX-v3-04)."""

from __future__ import annotations

from typing import Any

from judge.engine import GameState, Phase, Unit
from judge.variants.europe1615 import Attack, Ballot, Deploy, Motion
from judge.variants.europe1615.ballots import allowance, consolidate
from judge.variants.europe1615.influence import deploy_problem, entitled_power
from judge.variants.europe1615.modifiers import BY_KEY, MODIFIERS
from judge.variants.europe1615.sanctions import ballot_choices, unavailable
from judge.variants.europe1615.status import political
from judge.variants.europe1615.tables import votes_for
from judge.variants.europe1615.units import may_retreat, unit_strength
from tests.europe1615_v3.helpers import (
    opening,
    play,
    position,
    result_of,
    setup,
    units_of,
    v3_with,
)
from tests.europe1615_v3.test_winter import take

AUSTRIAN_BALLOT = Ballot((("Wallenstein", 5), ("Swedish intervention", 3), ("Bohemian revolt", -6)))
THREE = ["WALLENSTEIN", "SWEDISH", "BOHEMIAN_REVOLT"]
WIDERSTAND = {"SPAIN": 37, "FRANCE": 35, "AUSTRIA": 33, "ENGLAND": 26, "DENMARK": 26}
KETZENHAMMER = {"SPAIN": 10, "FRANCE": 10, "AUSTRIA": 10, "ENGLAND": 40, "DENMARK": 40}


def winter(**extra: Any) -> GameState:
    data: dict[str, Any] = {"ballot": THREE}
    data.update(extra)
    return position("W1615A", allocation={"SPAIN": 37, "FRANCE": 35, "AUSTRIA": 33, "DENMARK": 34, "ENGLAND": 26},
                    **data)


def may(state: GameState, power: str, minor: str) -> bool:
    return deploy_problem(setup(), state, power, minor) == ""


# -- ballots ----------------------------------------------------------------------------------

def test_R_v3_77_modifiers_pass_in_late_winter_and_yield_to_the_counterbalance() -> None:
    out = play(winter(), {"AUSTRIA": [AUSTRIAN_BALLOT]})
    assert out.state.extra["modifiers"] == ["WALLENSTEIN"] and str(out.state.phase) == "W1615S"
    state = position(allocation=WIDERSTAND, influence={"BAV": {"ENGLAND": 6}}, modifiers=("CATHOLIC_LEAGUE",))
    assert "widerstand" in deploy_problem(setup(), state, "SPAIN", "BAV")


def test_R_v3_78_a_ballot_splits_votes_for_and_against_over_the_three() -> None:
    assert ballot_choices(setup(), winter()) == THREE
    out = play(winter(), {"AUSTRIA": [Ballot((("Wallenstein", 5), ("Kejserkrigen", 3), ("Bohemian", -6)))]})
    rejected = next(r for r in out.results if r.power == "AUSTRIA")
    assert rejected.result == "void" and "not on this year's ballot" in rejected.message


def test_R_v3_78_without_a_gm_choice_the_three_most_important_available_modifiers() -> None:
    state = position("W1615A")
    assert ballot_choices(setup(), state) == ["MOROCCAN_UNIFICATION", "DANO_SWEDISH_RIVALRY", "ANTI_PROTESTANT_IRELAND"]


def test_R_v3_79_votes_follow_the_allocation_table() -> None:
    table = {4: 0, 5: 1, 6: 3, 7: 5, 8: 7, 9: 8, 10: 9, 11: 10, 12: 11, 13: 11, 14: 12, 15: 12, 16: 13, 20: 13,
             21: 14, 36: 14, 37: 15, 90: 15}
    assert {n: votes_for(n) for n in table} == table


def test_R_v3_80_first_year_votes() -> None:
    state = opening()
    assert {p: allowance(setup(), state, p) for p in setup().powers} == {
        "SPAIN": 15, "FRANCE": 14, "AUSTRIA": 14, "DENMARK": 14, "ENGLAND": 14}


def test_R_v3_81_net_votes_and_only_a_positive_top_is_enacted() -> None:
    assert consolidate({"A": {"WALLENSTEIN": 5}, "B": {"WALLENSTEIN": -7}}, THREE) == ([], [])
    assert consolidate({"A": {"WALLENSTEIN": 5, "SWEDISH": 4}, "B": {"SWEDISH": 2}}, THREE) == (["SWEDISH"], [])


def test_R_v3_82_two_or_three_at_the_top_pass_more_are_cut_by_importance() -> None:
    items = ["WALLENSTEIN", "SWEDISH", "BOHEMIAN_REVOLT", "DUTCH"]
    assert consolidate({"A": {"WALLENSTEIN": 3, "SWEDISH": 3}}, items)[0] == ["WALLENSTEIN", "SWEDISH"]
    four = {"A": {k: 2 for k in items}}
    assert consolidate(four, items)[0] == ["BOHEMIAN_REVOLT", "WALLENSTEIN", "SWEDISH"]


def test_R_v3_83_modifiers_stay_in_force_until_cancelled() -> None:
    state = position("W1616S", modifiers=("WALLENSTEIN", "ANTI_PROTESTANT_IRELAND"), allocation=WIDERSTAND)
    state.centers["ENGLAND"] -= {"LVR", "WAL"}  # the Protestants fall under half the Catholics: widerstand
    checked = play(play(state, {}).state, {}).state
    assert checked.extra["modifiers"] == ["WALLENSTEIN"]
    assert "Anti-Protestant Ireland is cancelled" in checked.extra["notes"][0]


def test_R_v3_84_one_motion_per_player_voted_in_winter_removes_the_modifier_for_good() -> None:
    spring = play(position(modifiers=("WALLENSTEIN",)), {"FRANCE": [Motion("Wallenstein")]})
    assert spring.state.extra["motions"] == {"WALLENSTEIN": "FRANCE"}
    again = play(spring.state, {"FRANCE": [Motion("Kejserkrigen")]})
    assert "already used its motion" in result_of(again, "MOTION CANCEL Kejserkrigen").message
    state = winter(modifiers=["WALLENSTEIN"], motions={"WALLENSTEIN": "FRANCE"}, ballot=["SWEDISH", "DUTCH", "POLISH"])
    ballot = Ballot((("Swedish", 1), ("Dutch", 1), ("Polish", 1), ("CANCEL Wallenstein", 5)))
    out = play(state, {"FRANCE": [ballot]})
    assert "WALLENSTEIN" not in out.state.extra["modifiers"] and out.state.extra["removed"] == ["WALLENSTEIN"]
    assert unavailable(setup(), out.state, BY_KEY["WALLENSTEIN"]) == "removed from the ballots by a motion"


def test_R_v3_85_overlapping_exclusive_rights_go_to_the_more_important_modifier() -> None:
    state = position(modifiers=("ENGLISH_DIPLOMACY", "OLIVARES"))
    assert may(state, "ENGLAND", "DUT") and not may(state, "SPAIN", "DUT")  # A-v3-18
    strict = v3_with(exclusive_conflict="none").ruleset.setup  # type: ignore[attr-defined]
    assert deploy_problem(strict, state, "ENGLAND", "DUT") != ""


def test_EX_v3_04_austria_s_ballot() -> None:
    state = winter()
    assert allowance(setup(), state, "AUSTRIA") == 14
    out = play(state, {"AUSTRIA": [AUSTRIAN_BALLOT]})
    assert [r.result for r in out.results if r.power == "AUSTRIA"] == ["ok"]
    assert out.state.extra["modifiers"] == ["WALLENSTEIN"]  # the only ballot: +5, +3, -6
    over = Ballot((("Wallenstein", 6), ("Swedish intervention", 3), ("Bohemian revolt", -6)))
    assert "15 votes cast, but AUSTRIA has 14" in next(r.message for r in play(state, {"AUSTRIA": [over]}).results)
    short = Ballot((("Wallenstein", 5), ("Swedish intervention", 3)))
    assert "needs at least 1 vote" in next(r.message for r in play(state, {"AUSTRIA": [short]}).results)


# -- the modifiers ------------------------------------------------------------------------------

def test_R_v3_88_moroccan_unification_opens_morocco() -> None:
    state = position(modifiers=("MOROCCAN_UNIFICATION",))
    assert may(state, "SPAIN", "MOR") and political(setup(), state, "MOR") == ("UNALIGNED", None)
    assert next(m.key for m in MODIFIERS) == "MOROCCAN_UNIFICATION"


def test_R_v3_89_treaty_of_lyon() -> None:
    base = position(influence={"SAV": {"FRANCE": 5}})
    assert unavailable(setup(), base, BY_KEY["TREATY_OF_LYON"]) == ""
    assert unavailable(setup(), position(), BY_KEY["TREATY_OF_LYON"]) == "Savoy is not aligned with France"
    spain_swiss = position(influence={"SAV": {"FRANCE": 5}, "SWI": {"SPAIN": 2}})
    assert unavailable(setup(), spain_swiss, BY_KEY["TREATY_OF_LYON"]) == "Switzerland is aligned with Spain"
    state = position(influence={"SAV": {"FRANCE": 5, "SPAIN": 2}}, modifiers=("TREATY_OF_LYON",))
    assert not may(state, "SPAIN", "SAV") and not may(state, "SPAIN", "SWI")
    assert result_of(play(state, {"SPAIN": [Attack("SAV", "FRANCE")]}), "SAV > FRANCE").result == "ok"
    state.extra["annexed"] = {"SWI": "AUSTRIA"}  # Switzerland captured: the treaty lapses
    state.phase = Phase("W", 1615, "S")
    assert play(play(state, {}).state, {}).state.extra["modifiers"] == []


def test_R_v3_90_dano_swedish_rivalry() -> None:
    state = position(modifiers=("DANO_SWEDISH_RIVALRY",))
    assert not may(state, "DENMARK", "SWE") and not may(state, "DENMARK", "LIVN") and may(state, "ENGLAND", "SWE")


def test_R_v3_91_anti_protestant_ireland_and_widerstand() -> None:
    state = position(modifiers=("ANTI_PROTESTANT_IRELAND",))
    assert not may(state, "ENGLAND", "IRE") and may(state, "SPAIN", "IRE")
    under = position(allocation=WIDERSTAND)
    assert unavailable(setup(), under, BY_KEY["ANTI_PROTESTANT_IRELAND"]) == "widerstand is in effect"


def test_R_v3_92_anti_hapsburg_campaign_and_ketzenhammer() -> None:
    state = position(modifiers=("ANTI_HAPSBURG",))
    assert all(not may(state, p, m) for p in ("AUSTRIA", "SPAIN") for m in ("DUT", "TRA", "RHI", "LOWR", "SAV"))
    assert may(state, "FRANCE", "DUT")
    assert unavailable(setup(), position(allocation=KETZENHAMMER), BY_KEY["ANTI_HAPSBURG"]) != ""


def test_R_v3_93_huguenot_rebellion() -> None:
    state = position(modifiers=("HUGUENOT_REBELLION",), influence={"IRE": {"ENGLAND": 6}})
    assert not may(state, "FRANCE", "IRE") and may(state, "FRANCE", "LOR")
    state = winter(modifiers=["RICHELIEU"], ballot=["HUGUENOT_REBELLION", "SWEDISH", "DUTCH"])
    state.extra["allocation"]["FRANCE"] = 40  # France leads in influence
    out = play(state, {"ENGLAND": [Ballot((("Huguenot", 12), ("Swedish", 1), ("Dutch", 1)))]})
    assert out.state.extra["seceded"] == {"GUY": "FRANCE"} and "GUY" in out.state.centers["GUY"]


def test_R_v3_94_bohemian_revolt() -> None:
    state = position(modifiers=("BOHEMIAN_REVOLT",), influence={"IRE": {"ENGLAND": 6}})
    assert not may(state, "AUSTRIA", "IRE")
    state = winter(modifiers=["WALLENSTEIN"], ballot=["BOHEMIAN_REVOLT", "SWEDISH", "DUTCH"])
    out = play(state, {"ENGLAND": [Ballot((("Bohemian", 12), ("Swedish", 1), ("Dutch", 1)))]})
    assert "seceded" not in out.state.extra  # Austria does not lead in influence (Spain does)
    assert "BOHEMIAN_REVOLT" in out.state.extra["modifiers"]


def test_R_v3_95_protestant_union() -> None:
    state = position(modifiers=("PROTESTANT_UNION",), influence={"HES": {"DENMARK": 3, "ENGLAND": 1}})
    assert entitled_power(setup(), state, BY_KEY["PROTESTANT_UNION"]) == "DENMARK"  # A-v3-13: 3 INFs > 1
    by_allocation = v3_with(leading_influence="allocation").ruleset.setup  # type: ignore[attr-defined]
    assert entitled_power(by_allocation, position(modifiers=("PROTESTANT_UNION",)),
                          BY_KEY["PROTESTANT_UNION"]) == "DENMARK"  # the option: allocation 34 > 26
    assert may(state, "DENMARK", "HES") and not may(state, "ENGLAND", "HES") and not may(state, "SPAIN", "WUR")
    tied = position(modifiers=("PROTESTANT_UNION",), influence={"RHI": {"ENGLAND": 2, "DENMARK": 2}},
                    scores={"1615": {"ENGLAND": 40, "DENMARK": 20}})
    assert entitled_power(setup(), tied, BY_KEY["PROTESTANT_UNION"]) == "ENGLAND"  # the higher score
    rhine = position(units={"RHI": ["A RHI"], "FRANCE": ["A LOR"], "LIE": []}, modifiers=("PROTESTANT_UNION",))
    out = play(rhine, {"FRANCE": ["A LOR - RHI"]})
    assert result_of(out, "A LOR - RHI").result == "bounce"  # R holds with two
    assert unavailable(setup(), take(position(), "RHI", "FRANCE"), BY_KEY["PROTESTANT_UNION"]) == "RHI has been captured"


def test_R_v3_96_catholic_league() -> None:
    state = position(modifiers=("CATHOLIC_LEAGUE",), influence={"BAV": {"SPAIN": 3}})
    assert may(state, "SPAIN", "BAV") and not may(state, "FRANCE", "WES") and not may(state, "ENGLAND", "FRA")
    wes_taken = take(position(), "WES", "ENGLAND")
    assert unavailable(setup(), wes_taken, BY_KEY["CATHOLIC_LEAGUE"]) == ""
    strict = v3_with(catholic_league_return="all").ruleset.setup  # type: ignore[attr-defined]
    assert unavailable(strict, wes_taken, BY_KEY["CATHOLIC_LEAGUE"]) == "WES has been captured"  # A-v3-12


def test_R_v3_97_saxon_intervention_for_either_faith() -> None:
    state = position(modifiers=("SAXON",), influence={"SAX": {"SPAIN": 2}})
    assert entitled_power(setup(), state, BY_KEY["SAXON"]) == "SPAIN" and not may(state, "DENMARK", "SAX")


def test_R_v3_98_wallenstein_lost_for_good() -> None:
    state = position(units={"AUSTRIA": ["A BOH"], "SAX": ["A SAX", "A SIL"]}, modifiers=("WALLENSTEIN",))
    out = play(state, {"SPAIN": [], "SAX": []})
    assert out.state.extra["special"]["W"] == "A BOH"
    beaten = position(units={"AUSTRIA": ["A BOH"], "DENMARK": ["A SAX", "A SIL", "A FRA", "A BAV"]},
                      modifiers=("WALLENSTEIN",))
    out = play(beaten, {"DENMARK": ["A SAX - BOH", "A SIL S A SAX - BOH", "A FRA S A SAX - BOH"]})
    assert units_of(out).get("AUSTRIA") is None or "A BOH" not in units_of(out)["AUSTRIA"]
    assert out.state.dislodged and out.state.extra.get("lost_specials", []) == []
    retreat = play(out.state, {}).state  # no retreat order: disbanded
    assert retreat.extra["lost_specials"] == ["W"]
    assert unavailable(setup(), retreat, BY_KEY["WALLENSTEIN"]) != ""


def test_R_v3_99_kejserkrigen() -> None:
    state = position(modifiers=("KEJSERKRIGEN",), units={"LOWR": ["A LUN"]})
    assert may(state, "DENMARK", "LOWR") and not may(state, "ENGLAND", "LOWR")
    assert may_retreat(setup(), state, "LOWR") and unit_strength(setup(), state, "LOWR", Unit("A", "LUN")) == 2


def test_R_v3_100_swedish_intervention_the_first_army_built_is_s() -> None:
    state = take(position("W1615A", units={"SWE": ["F GOT"]}, influence={"SWE": {"ENGLAND": 4}}, special={},
                          modifiers=("SWEDISH",), originals={"F STO": "F GOT"}), "LIV", "SWE")
    out = play(state, {"ENGLAND": ["BUILD A STO"]})
    assert out.state.extra["special"]["S"] == "A STO"
    assert entitled_power(setup(), position(influence={"SWE": {"DENMARK": 2}}), BY_KEY["SWEDISH"]) == "DENMARK"


def test_R_v3_101_polish_intervention() -> None:
    state = position(modifiers=("POLISH",), influence={"POL": {"ENGLAND": 5, "SPAIN": 7}})
    assert not may(state, "ENGLAND", "POL") and may(state, "SPAIN", "POL")
    assert may_retreat(setup(), state, "POL")


def test_R_v3_102_dutch_intervention() -> None:
    state = position(modifiers=("DUTCH",), influence={"DUT": {"DENMARK": 1}})
    assert may(state, "DENMARK", "DUT") and not may(state, "ENGLAND", "DUT")
    rebuilt = play(position("W1615A", influence={"DUT": {"DENMARK": 3}}, modifiers=("DUTCH",), special={}),
                   {"DENMARK": ["BUILD A WES"]})
    assert "D" not in rebuilt.state.extra["special"]  # F DUT is rebuilt first; no army yet


def test_R_v3_103_richelieu_s_diplomacy() -> None:
    state = position(modifiers=("RICHELIEU",), influence={"LOR": {"FRANCE": 5, "SPAIN": 9}})
    assert may(state, "FRANCE", "WES") and not may(state, "SPAIN", "LOR")
    out = play(state, {"SPAIN": [Attack("LOR", "FRANCE")]})
    assert result_of(out, "LOR > FRANCE").result == "failed"


def test_R_v3_104_english_diplomacy() -> None:
    state = position(modifiers=("ENGLISH_DIPLOMACY",), influence={"SCOT": {"ENGLAND": 2, "SPAIN": 5}})
    assert may(state, "ENGLAND", "SCOT") and not may(state, "DENMARK", "RHI")
    assert result_of(play(state, {"SPAIN": [Attack("SCOT", "E")]}), "SCOT > E").result == "failed"


def test_R_v3_105_olivares_s_diplomacy() -> None:
    state = position(modifiers=("OLIVARES",), influence={"POR": {"SPAIN": 2, "FRANCE": 5}})
    assert may(state, "SPAIN", "POR") and not may(state, "FRANCE", "WUR")
    assert result_of(play(state, {"FRANCE": [Attack("POR", "SPAIN")]}), "POR > SPAIN").result == "failed"


def test_R_v3_106_catalan_secession() -> None:
    state = winter(ballot=["CATALAN_SECESSION", "SWEDISH", "DUTCH"])
    out = play(state, {"SPAIN": [Ballot((("Catalan secession", 13), ("Swedish", 1), ("Dutch", 1)))]})
    assert "A CAT" in units_of(out)["CAT"] and out.state.extra["new_centers"] == {"CAT": 6}
    assert may(out.state, "FRANCE", "CAT") and political(setup(), out.state, "CAT") == ("UNALIGNED", None)
    spring = position(modifiers=("CATALAN_SECESSION",))
    assert "CAT" in play(spring, {"SPAIN": [Deploy("CAT", 3)]}).state.extra["influence"]
