"""The checks that answer a player at once by mail, and what a power owes each phase (checks.py).

The adjudication checks every line again; these tests show that the reply to
a mail already says why a line cannot stand (R-v3-09, R-v3-13, R-v3-14,
R-v3-16, R-v3-36, R-v3-78, R-v3-79, R-v3-84, R-v3-89, R-v3-131) and that the
judge knows whom each phase waits for (R-v3-56, R-v3-78).
"""

from __future__ import annotations

from typing import Any

import pytest

from judge.engine import GameState, Unit
from judge.variants.europe1615 import Agree, Attack, Ballot, Deploy, Motion, Permit, WaiveCapture
from judge.engine.ruleset import BuildsFor
from judge.variants.europe1615.builds import builds_for_minors
from judge.variants.europe1615.checks import check_input, input_key, inputs_due, may_order
from judge.variants.europe1615.inputs import Bid, MinorDisband
from tests.europe1615_v3.helpers import opening, position, setup, v3


def check(state: GameState | None, power: str, value: Any, earlier: tuple[Any, ...] = ()) -> tuple[str, str]:
    return check_input(setup(), state, power, value, list(earlier))


def test_R_v3_09_deployments_are_checked_against_the_year_s_budget_with_the_phase_s_other_lines() -> None:
    state = opening()
    assert check(state, "FRANCE", Deploy("WUR", 9)) == ("", "9 INFs to Wurttemberg; 26 of 35 left this year")
    problem, _ = check(state, "FRANCE", Deploy("LOR", 30), (Deploy("WUR", 9),))
    assert problem == "over this year's budget: 26 of 35 INFs left"
    # a second line for the same state replaces the first: it is not counted twice
    assert check(state, "FRANCE", Deploy("WUR", 35), (Deploy("WUR", 9),))[0] == ""
    state.extra["deployed"] = {"FRANCE": 30}   # spent in an earlier phase of the year
    assert check(state, "FRANCE", Deploy("WUR", 6))[0] == "over this year's budget: 5 of 35 INFs left"
    assert check(state, "FRANCE", Deploy("WUR", 0))[0] == "deploy a positive number of INFs"


@pytest.mark.parametrize(("power", "minor", "reason"), [
    ("ENGLAND", "PAPL", "only the Catholic powers may deploy INFs to the Papal States"),    # R-v3-13
    ("SPAIN", "MOR", "MOR takes no INFs until its modifier has passed"),                     # R-v3-14
    ("SPAIN", "CAT", "CAT takes no INFs until its modifier has passed"),                     # R-v3-15
])
def test_R_v3_13_to_R_v3_15_closed_states_are_refused_with_the_reason(power: str, minor: str, reason: str) -> None:
    assert check(opening(), power, Deploy(minor, 5)) == (reason, "")


def test_R_v3_16_a_captured_state_takes_neither_infs_nor_attacks() -> None:
    state = opening()
    state.centers["SPAIN"].add("WUR")
    state.centers.get("WUR", set()).discard("WUR")
    assert "has been captured" in check(state, "FRANCE", Deploy("WUR", 5))[0]
    assert "has been captured" in check(state, "FRANCE", Attack("WUR", "SPAIN"))[0]


def test_R_v3_36_an_attack_not_allowed_is_refused_an_allowed_one_is_noted() -> None:
    state = opening()
    assert check(state, "ENGLAND", Attack("LOR", "ENGLAND")) == ("a power cannot attack itself", "")
    problem, note = check(state, "SPAIN", Attack("LOR", "FRANCE"))
    assert problem == "" and "without some the attack fails" in note
    problem, note = check(state, "SPAIN", Attack("LOR", "FRANCE"), (Deploy("LOR", 6),))
    assert problem == "" and "without some" not in note and "a later attack line replaces this one" in note


def test_R_v3_44_an_attack_on_an_immune_power_is_taken_but_will_fail() -> None:
    state = position(influence={"LOR": {"SPAIN": 3, "FRANCE": 3}}, modifiers=("RICHELIEU",))
    problem, note = check(state, "SPAIN", Attack("LOR", "FRANCE"))
    assert problem == "" and "France is immune (Richelieu's diplomacy): the attack will fail" in note


def test_R_v3_78_ballot_lines_only_in_late_winter_for_items_on_the_ballot() -> None:
    assert check(opening(), "SPAIN", Ballot((("Wallenstein", 5),)))[0] == (
        "a ballot line is not an order for a movement phase (it goes with Late Winter)")
    winter = position("W1615A", ballot=["WALLENSTEIN", "SWEDISH", "BOHEMIAN_REVOLT"],
                      allocation={"SPAIN": 37, "AUSTRIA": 33})
    problem, note = check(winter, "SPAIN", Ballot((("Wallenstein", 5),)))
    assert problem == "" and note == ("5 of 15 votes cast; still to vote on (at least 1 vote each): "
                                      "Swedish/Gustav's intervention, Bohemian revolt")
    assert "is not on this year's ballot" in check(winter, "SPAIN", Ballot((("Richelieu", 5),)))[0]
    assert "a vote is +N" in check(winter, "SPAIN", Ballot((("Wallenstein", 0),)))[0]


def test_R_v3_79_votes_beyond_the_allowance_are_refused() -> None:
    winter = position("W1615A", ballot=["WALLENSTEIN", "SWEDISH", "BOHEMIAN_REVOLT"], allocation={"AUSTRIA": 33})
    earlier = (Ballot((("Wallenstein", 10),)), Ballot((("Swedish intervention", -3),)))
    over = check(winter, "AUSTRIA", Ballot((("Bohemian revolt", 2),)), earlier)
    assert over[0] == "15 votes cast, but Austria has 14"
    assert check(winter, "AUSTRIA", Ballot((("Bohemian revolt", 1),)), earlier) == ("", "14 of 14 votes cast")


def test_R_v3_84_one_motion_per_player_per_game() -> None:
    state = opening()
    assert "on the winter ballot" in check(state, "SPAIN", Motion("Wallenstein"))[1]
    state.extra["motions_used"] = {"SPAIN": "RICHELIEU"}
    assert check(state, "SPAIN", Motion("Wallenstein"))[0] == (
        "Spain has already used its motion (on Richelieu's diplomacy)")


def test_R_v3_89_only_france_grants_passage() -> None:
    state = opening()
    assert check(state, "SPAIN", Permit("SPAIN", "SWI"))[0] == "only France grants passage (Treaty of Lyon)"
    assert "not in force" in check(state, "FRANCE", Permit("SPAIN", "SWI"))[1]


def test_R_v3_131_a_bid_sheet_goes_in_before_the_game_and_must_add_up() -> None:
    good = Bid((("SPAIN", 40), ("FRANCE", 30), ("AUSTRIA", 20), ("ENGLAND", 5), ("DENMARK", 5)))
    assert check(None, "", good)[0] == ""
    assert check(opening(), "SPAIN", good)[0] == "BID sheets are sent before the game starts"
    low = Bid((("SPAIN", 60), ("FRANCE", 30), ("AUSTRIA", 6), ("ENGLAND", 4), ("DENMARK", 0)))
    assert check(None, "", low)[0].startswith("each power needs at least 5 points: DENMARK, ENGLAND: send JOIN")
    assert check(None, "", Deploy("WUR", 5))[0] == "the game has not started: only a BID sheet may be sent now"


def test_lines_out_of_their_phase_say_where_they_belong() -> None:
    winter = position("W1615A")
    for value in (Deploy("WUR", 1), Attack("LOR", "SPAIN"), WaiveCapture("LOR"), Agree()):
        problem, _ = check(winter, "FRANCE", value)
        assert problem.endswith("is not an order for Late Winter (it goes with a movement phase)")


def test_each_input_is_kept_under_a_key_a_later_line_replaces() -> None:
    keys = [input_key(setup(), v) for v in (Deploy("WUR", 9), Attack("LOR", "FRANCE"), Ballot((("Wallenstein", 5),)),
                                            WaiveCapture("LOR"), Motion("x"), Permit("SPAIN", "SWI"), Agree(),
                                            MinorDisband("A", "POM"))]
    assert keys == ["INF:WUR", "ATTACK", "BALLOT:WALLENSTEIN", "WAIVE:LOR", "MOTION", "PERMIT:SWI", "AGREE",
                    "DISBAND:POM"]


def test_R_v3_10_and_R_v3_47_who_may_send_orders_to_minor_and_ottoman_units() -> None:
    state = opening()
    assert may_order(setup(), state, "FRANCE", "WUR")          # it may deploy there this phase, then order
    assert not may_order(setup(), state, "ENGLAND", "PAPL")    # R-v3-13: Catholic powers only
    assert not may_order(setup(), state, "SPAIN", "MOR")       # R-v3-14: nobody, until unification
    assert may_order(setup(), state, "ENGLAND", "OTE")         # R-v3-46: every player
    state.extra["eliminated"] = ["ENGLAND"]
    assert not may_order(setup(), state, "ENGLAND", "OTE")
    ruleset = v3().ruleset
    assert ruleset.may_order(state, "SPAIN", "OTE", Unit("A", "SER"))


def test_R_v3_78_late_winter_waits_for_a_vote_on_each_modifier_of_the_ballot() -> None:
    winter = position("W1615A", ballot=["WALLENSTEIN", "SWEDISH", "BOHEMIAN_REVOLT"], motions={"RICHELIEU": "SPAIN"})
    owed = inputs_due(setup(), winter, "SPAIN")
    assert owed == (("BALLOT:WALLENSTEIN", "a vote on Wallenstein"),
                    ("BALLOT:SWEDISH", "a vote on Swedish/Gustav's intervention"),
                    ("BALLOT:BOHEMIAN_REVOLT", "a vote on Bohemian revolt"))   # the motion is optional
    assert inputs_due(setup(), opening(), "SPAIN") == ()


def test_R_v3_56_early_winter_waits_for_the_aligned_power_s_choice() -> None:
    state = position("W1615E", units={"BRA": ["A BRA", "A POM"]}, influence={"BRA": {"DENMARK": 5}})
    assert inputs_due(setup(), state, "DENMARK") == (("DISBAND", "a unit of Brandenburg to disband"),)
    assert inputs_due(setup(), state, "ENGLAND") == ()
    assert check(state, "DENMARK", MinorDisband("A", "POM")) == (
        "", "the Brandenburg unit in Pomerania will be disbanded")
    assert check(state, "ENGLAND", MinorDisband("A", "POM"))[0] == "England has no disband to choose for Brandenburg"
    assert check(state, "DENMARK", MinorDisband("A", "BRA"), (MinorDisband("A", "POM"),))[0] == (
        "Brandenburg disbands only 1 unit(s)")


def test_R_v3_65_builds_for_an_aligned_minor_are_offered_to_its_power() -> None:
    state = position("W1615A", units={"BRA": ["A POM"]}, influence={"BRA": {"DENMARK": 5}},
                     originals={"A BRA": "A POM"})       # A POM is Brandenburg's own army, moved out
    state.centers["MEC"].discard("MEC")
    state.centers.setdefault("BRA", set()).update({"BRA", "MEC"})
    assert builds_for_minors(setup(), state, "DENMARK") == (BuildsFor("BRA", 1, ("BRA", "MEC"), "A"),)
    assert builds_for_minors(setup(), state, "ENGLAND") == ()


def test_R_v3_124_to_R_v3_130_the_game_ends_as_the_rules_record() -> None:
    ruleset = v3().ruleset
    state = opening()
    assert ruleset.game_result(state) is None
    state.extra["game_over"] = {"result": "draw", "powers": ["ENGLAND", "DENMARK"], "rule": "R-v3-128"}
    assert ruleset.game_result(state) == ("draw", ["ENGLAND", "DENMARK"])
    state.extra["game_over"] = {"result": "agreement", "powers": [], "rule": "R-v3-126"}
    assert ruleset.game_result(state) == ("agreement", [])
    many = {p: set() for p in setup().powers}
    many["SPAIN"] = set(v3().map.centers)       # no victory by centres in Version 3 (R-v3-02)
    assert ruleset.game_result(GameState(state.phase, {}, many)) is None


def test_R_v3_131_the_ruleset_runs_the_auction_of_bid_sheets() -> None:
    ruleset = v3().ruleset
    sheets = {"ann": Bid((("SPAIN", 60), ("FRANCE", 10), ("AUSTRIA", 10), ("ENGLAND", 10), ("DENMARK", 10))),
              "bob": Bid((("SPAIN", 60), ("FRANCE", 25), ("AUSTRIA", 5), ("ENGLAND", 5), ("DENMARK", 5)))}
    # ann's other bids tie at 10: the earlier power of the map (Austria) goes first
    assert ruleset.assign_powers(sheets, ["bob", "ann"], list(setup().powers)) == {"bob": "SPAIN", "ann": "AUSTRIA"}
    assert ruleset.assign_powers({}, [], list(setup().powers)) == {}
