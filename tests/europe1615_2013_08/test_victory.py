"""The end of the game: VPs in 1620, tie-breaks, Rome, alliances, the auction (R-1308-78 to R-1308-82)."""

from __future__ import annotations

import pytest

from judge.engine.discretion import ActionError
from judge.variants.europe1615.victory import declare_alliance, final_result
from tests.europe1615_2013_08.helpers import e1308, play, position, setup

SCORES = {"1616": {"AUSTRIA": 300, "ENGLAND": 200, "FRANCE": 250, "SCANDINAVIA": 100, "SPAIN": 150}}


def test_R_1308_78_the_most_vps_at_the_end_of_1620_then_centres_then_infs() -> None:
    out = play(position("W1620S", scores=SCORES), {})
    assert out.state.extra["game_over"]["powers"] == ["AUSTRIA"]
    assert e1308().ruleset.game_result(out.state) == ("victory", ["AUSTRIA"])
    assert "game_over" not in play(position("W1618S", scores=SCORES), {}).state.extra
    tie = {"1616": {**SCORES["1616"], "FRANCE": 300}}                       # Austria and France on 300
    assert final_result(setup(), position("W1620S", scores=tie))["powers"] == ["FRANCE"]   # 5 centres to 4
    even = position("W1620S", scores=tie, influence={"SAX": {"AUSTRIA": 3}})
    even.centers["LOR"].discard("LOR")
    even.centers["AUSTRIA"].add("LOR")                                      # 5 centres each
    assert final_result(setup(), even)["powers"] == ["AUSTRIA"]             # 3 INFs to none


def test_R_1308_79_a_protestant_power_taking_rome_wins_at_once() -> None:
    state = position("F1617M", units={"ENGLAND": ["A MAR"]})
    fall = play(state, {"ENGLAND": "A MAR - ROM"})
    winter = play(fall.state, {})
    assert winter.state.extra["game_over"] == {"result": "victory", "powers": ["ENGLAND"], "rule": "R-1308-79",
                                               "reason": "ENGLAND has taken Rome"}


def test_R_1308_80_the_ottomans_taking_rome_give_the_game_to_the_best_protestant() -> None:
    state = position("W1617A", scores=SCORES)
    state.centers["PAP"].discard("ROM")
    state.centers["OTE"].add("ROM")
    over = play(state, {}).state.extra["game_over"]
    assert (over["result"], over["powers"], over["rule"]) == ("victory", ["ENGLAND"], "R-1308-80")


def test_R_1308_81_alliances_declared_before_1618() -> None:
    state, note = declare_alliance(setup(), position("S1617M"), "France and Spain")
    assert state.extra["alliances"] == [["FRANCE", "SPAIN"]] and "allied" in note
    with pytest.raises(ActionError, match="already in an alliance"):
        declare_alliance(setup(), state, "Spain England")
    with pytest.raises(ActionError, match="before the start of 1618"):
        declare_alliance(setup(), position("S1618M"), "Austria England")
    allied = {"1620": {"AUSTRIA": 300, "ENGLAND": 200, "FRANCE": 250, "SCANDINAVIA": 100, "SPAIN": 400}}
    win = position("W1618S", scores=allied, alliances=[["FRANCE", "SPAIN"]])
    assert final_result(setup(), win)["powers"] == ["FRANCE", "SPAIN"]      # 650 > 600
    balance = position("W1618S", scores=allied, alliances=[["FRANCE", "SPAIN"], ["AUSTRIA", "ENGLAND"]])
    balance.extra["scores"] = {"1620": {**allied["1620"], "SPAIN": 100}}    # 350 v 500+100; 500 v 350+100
    assert final_result(setup(), balance)["powers"] == ["AUSTRIA", "ENGLAND"]
    balance.extra["scores"] = {"1620": {"AUSTRIA": 200, "ENGLAND": 100, "FRANCE": 150, "SPAIN": 150,
                                        "SCANDINAVIA": 10}}
    assert final_result(setup(), balance)["powers"] == ["SCANDINAVIA"]      # neither alliance beats the rest
    alone = position("W1618S", scores={"1620": {"AUSTRIA": 500, "ENGLAND": 100, "FRANCE": 250, "SPAIN": 300,
                                                 "SCANDINAVIA": 100}}, alliances=[["FRANCE", "SPAIN"]])
    assert final_result(setup(), alone)["powers"] == ["AUSTRIA"]            # 500 > 100 + 100


def test_R_1308_81_the_gm_records_an_alliance_by_mail() -> None:
    actions = {a.name: a for a in e1308().ruleset.gm_actions()}
    assert list(actions) == ["ALLIANCE"]
    state, _note = actions["ALLIANCE"].decide(position("S1616M"), "Scandinavia England")
    assert state.extra["alliances"] == [["ENGLAND", "SCANDINAVIA"]]
    assert actions["ALLIANCE"].current(state) == "England and Scandinavia"


def test_R_1308_82_powers_by_blind_auction() -> None:
    from judge.variants.europe1615.inputs import Bid

    points = (("SPAIN", 40), ("FRANCE", 30), ("AUSTRIA", 20), ("ENGLAND", 5), ("SCANDINAVIA", 5))
    assert e1308().ruleset.assign_powers({"ann": Bid(points)}, ["ann"], list(setup().powers)) == {"ann": "SPAIN"}
