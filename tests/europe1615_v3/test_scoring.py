"""Scoring, rounds, elimination, victory and draws (R-v3-107 to R-v3-130, EX-v3-06, EX-v3-07)."""

from __future__ import annotations

from judge.engine import GameState
from judge.variants.europe1615 import Agree
from judge.variants.europe1615.scoring import (
    agreed_winner,
    alignment_award,
    check_end,
    round_winner,
    score_power,
)
from judge.variants.europe1615.status import political
from judge.variants.europe1615.world import yearly_allocation
from tests.europe1615_v3.helpers import play, position, setup, v3_with
from tests.europe1615_v3.test_winter import take

SAXON_AUSTRIA = {"SAX": {"AUSTRIA": 3}}


def scored(state: GameState) -> GameState:
    return play(state, {}).state


def test_R_v3_107_every_year_is_a_round_scored_afresh() -> None:
    state = take(position("W1615S"), "SAX", "DENMARK")
    first = scored(state)
    assert first.extra["scores"]["1615"]["DENMARK"] == 9 and str(first.phase) == "S1616I"
    first.phase = type(first.phase)("W", 1616, "S")
    second = scored(first)
    assert second.extra["scores"]["1616"]["DENMARK"] == 9  # the same capture scores again, not 18


def test_R_v3_108_capture_vps_for_centres_beyond_the_homes() -> None:
    state = take(take(position(), "SAX", "DENMARK"), "LON", "DENMARK")
    assert score_power(setup(), state, "DENMARK")["capture"] == 9 + 12
    assert score_power(setup(), state, "ENGLAND")["capture"] == 0


def test_R_v3_109_alignment_vps_three_times_the_value() -> None:
    assert score_power(setup(), position(influence=SAXON_AUSTRIA), "AUSTRIA")["alignment"] == 27


def test_R_v3_110_and_EX_v3_07_expansion_bonus_on_the_whole_dominion() -> None:
    state = take(position(influence={"BRA": {"DENMARK": 4}}), "MEC", "BRA")
    assert alignment_award(setup(), state, "BRA") == (6 + 3) * 3 == 27
    twice = v3_with(expansion_multiplier=2).ruleset.setup  # type: ignore[attr-defined]
    assert alignment_award(twice, state, "BRA") == 18  # A-v3-10, the text's "twice"


def test_R_v3_111_ten_vps_per_marker_of_the_power_s_faith_not_the_papal_one() -> None:
    state = position(influence={"SAX": {"AUSTRIA": 5}, "LOR": {"FRANCE": 5}, "IRE": {"ENGLAND": 6},
                                "PAPL": {"SPAIN": 20}})
    religion = {p: score_power(setup(), state, p)["religion"] for p in ("SPAIN", "ENGLAND", "DENMARK")}
    assert religion == {"SPAIN": 20, "ENGLAND": 10, "DENMARK": 10}  # SAX, LOR (not PAPL); IRE


def test_R_v3_112_the_round_goes_to_the_top_score_and_a_tie_wins_nothing() -> None:
    assert round_winner({"SPAIN": 30, "FRANCE": 20}) == "SPAIN"
    assert round_winner({"SPAIN": 30, "FRANCE": 30, "AUSTRIA": 10}) is None
    out = scored(position("W1615S", influence=SAXON_AUSTRIA))
    assert out.extra["round_winners"]["1615"] == "AUSTRIA" and out.extra["rounds"] == {"AUSTRIA": 1}


def test_R_v3_113_no_alignment_award_for_a_state_held_by_another_minor() -> None:
    state = take(position(influence={"MEC": {"FRANCE": 3}}), "MEC", "BRA")
    assert score_power(setup(), state, "FRANCE")["alignment"] == 0


def test_R_v3_121_a_power_without_centres_is_eliminated() -> None:
    state = position("W1615E")
    for centre in list(state.centers["ENGLAND"]):
        take(state, centre, "FRANCE")
    out = play(state, {})
    assert out.state.extra["eliminated"] == ["ENGLAND"]


def test_R_v3_122_the_eliminated_deploy_nothing_score_nothing_and_their_infs_go_after_scoring() -> None:
    state = position("W1615S", influence={"IRE": {"ENGLAND": 6, "FRANCE": 2}}, eliminated=["ENGLAND"])
    assert yearly_allocation(setup(), state, "ENGLAND") == 0
    out = scored(state)
    assert "ENGLAND" not in out.extra["scores"]["1615"]
    assert out.extra["influence"]["IRE"] == {"FRANCE": 2}
    checked = scored(out)
    assert checked.extra["status"]["IRE"]["power"] == "FRANCE"  # reassessed at the Status Check


def test_R_v3_123_an_abandoned_power_is_dissolved_into_minor_states() -> None:
    state = position("W1615E", units={"ENGLAND": ["F LON", "A YOR"]}, abandoned=["ENGLAND"])
    out = play(state, {})
    assert "ENGLAND" not in {p for p, us in out.state.units.items() if us}
    assert set(out.state.extra["new_states"]) == {"LON", "BRI", "LVR", "WAL"}
    assert political(setup(), out.state, "LON") == ("UNALIGNED", None)


def test_R_v3_124_five_rounds_win_the_game() -> None:
    out = scored(position("W1619S", influence=SAXON_AUSTRIA, rounds={"AUSTRIA": 4}))
    assert out.extra["game_over"]["result"] == "victory" and out.extra["game_over"]["powers"] == ["AUSTRIA"]


def test_R_v3_125_a_protestant_power_taking_rome_wins() -> None:
    out = play(take(position("W1615E"), "ROM", "ENGLAND"), {})
    assert out.state.extra["game_over"]["powers"] == ["ENGLAND"]
    assert check_end(setup(), take(position(), "ROM", "SPAIN")) is None


def test_R_v3_126_victory_by_agreement_most_rounds_then_summed_score() -> None:
    state = position(rounds={"SPAIN": 2, "FRANCE": 2}, scores={"1615": {"SPAIN": 40, "FRANCE": 30},
                                                               "1616": {"SPAIN": 10, "FRANCE": 30}})
    assert agreed_winner(setup(), state) == "FRANCE"
    agreed = {p: [Agree()] for p in ("SPAIN", "FRANCE", "AUSTRIA", "ENGLAND")}
    assert "game_over" not in play(state, agreed).state.extra  # not unanimous yet
    agreed["DENMARK"] = [Agree()]
    assert play(state, agreed).state.extra["game_over"]["powers"] == ["FRANCE"]


def test_R_v3_127_no_protestants_left_the_catholics_draw() -> None:
    state = position(eliminated=["ENGLAND", "DENMARK"])
    assert check_end(setup(), state) == {"result": "draw", "powers": ["AUSTRIA", "FRANCE", "SPAIN"],
                                         "rule": "R-v3-127", "reason": "every Protestant power is eliminated"}


def test_R_v3_128_no_catholics_left_the_protestants_draw() -> None:
    ended = check_end(setup(), position(eliminated=["AUSTRIA", "FRANCE", "SPAIN"]))
    assert ended is not None and ended["powers"] == ["DENMARK", "ENGLAND"] and ended["rule"] == "R-v3-128"


def test_R_v3_129_five_christian_centres_for_the_ottomans_force_a_draw() -> None:
    state = position()
    for centre in ("TRA", "CRO", "SLO", "VIE"):
        take(state, centre, "OTE")
    assert check_end(setup(), state) is None  # 4 Christian centres, 6 in all
    ended = check_end(setup(), take(state, "BOH", "OTE"))
    assert ended is not None and ended["rule"] == "R-v3-129" and len(ended["powers"]) == 5


def test_R_v3_130_ottoman_rome_the_protestants_draw_or_everyone_if_only_one_is_left() -> None:
    ended = check_end(setup(), take(position(), "ROM", "OTE"))
    assert ended is not None and ended["powers"] == ["DENMARK", "ENGLAND"] and ended["rule"] == "R-v3-130"
    lone = check_end(setup(), take(position(eliminated=["DENMARK"]), "ROM", "OTE"))
    assert lone is not None and lone["powers"] == ["AUSTRIA", "ENGLAND", "FRANCE", "SPAIN"]


def test_EX_v3_06_saxony_aligned_then_captured_then_recaptured() -> None:
    aligned = position(influence=SAXON_AUSTRIA)
    assert score_power(setup(), aligned, "AUSTRIA")["alignment"] == 27                 # case A
    danish = take(position(influence=SAXON_AUSTRIA, modifiers=("SAXON",)), "SAX", "DENMARK")
    assert score_power(setup(), danish, "DENMARK")["capture"] == 9                     # case B
    assert yearly_allocation(setup(), danish, "DENMARK") == 34 + 9
    assert score_power(setup(), danish, "AUSTRIA")["alignment"] == 0
    assert political(setup(), danish, "SAX")[0] == "CAPTURED"
    austrian = take(danish, "SAX", "AUSTRIA")                                          # case C
    assert yearly_allocation(setup(), austrian, "AUSTRIA") == 33 + 9
    assert yearly_allocation(setup(), austrian, "DENMARK") == 34
    assert score_power(setup(), austrian, "AUSTRIA")["capture"] == 9
    assert political(setup(), austrian, "SAX") == ("CAPTURED", "AUSTRIA")             # still captured


def test_EX_v3_06_the_saxon_units_go_and_saxon_intervention_lapses() -> None:
    state = take(position("W1615E", units={"SAX": ["A BOH"]}, modifiers=("SAXON",)), "SAX", "DENMARK")
    winter = play(state, {}).state
    assert "SAX" not in {p for p, us in winter.units.items() if us}
    checked = play(play(play(winter, {}).state, {}).state, {}).state
    assert str(checked.phase) == "S1616M" and "SAXON" not in checked.extra["modifiers"]
