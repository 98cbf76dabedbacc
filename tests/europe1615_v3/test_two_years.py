"""Two years of Version 3 through ``judge adjudicate``'s JSON, phase by phase, without mail.

It exercises deployment, an attack that changes a status, an Ottoman vote,
a capture by a minor state, a capture that disbands a minor's army in Early
Winter, a ballot that enacts Wallenstein, builds for a power and for a minor,
the double-strength army, and two rounds of scoring.
"""

from __future__ import annotations

from typing import Any

from judge.app.adjudicate import handle_request
from judge.engine.codec import state_to_json
from tests.europe1615_v3.helpers import v3


def step(state: dict[str, Any], orders: dict[str, list[str]] | None = None) -> dict[str, Any]:
    answer = handle_request({"variant": "europe1615-v3", "state": state, "orders": orders or {}})
    return answer


def results(answer: dict[str, Any]) -> dict[str, str]:
    return {r["order"]: r["result"] for r in answer["results"]}


def test_two_years_of_play() -> None:
    state = state_to_json(v3().ruleset.initial_state())  # type: ignore[attr-defined]
    state["ballot"] = ["WALLENSTEIN", "SWEDISH", "BOHEMIAN_REVOLT"]  # the GM's choice for the 1615 ballot
    a = step(state)
    assert a["state"]["phase"] == "S1615M" and a["state"]["allocation"]["SPAIN"] == 37
    s = _spring_and_summer_1615(a["state"])
    s = _fall_and_winter_1615(s)
    s = _scoring_1615(s)
    _year_1616(s)


def _spring_and_summer_1615(s: dict[str, Any]) -> dict[str, Any]:
    """Deployment, a capture by a minor state, and the attack that changes Lorraine's status."""
    spring = step(s, {
        "FRANCE": ["9: WUR", "12: LOR", "10: SAV", "WUR - FRA", "A PAR - BUR", "A SER H"],
        "SPAIN": ["6: LOR", "A MIL - SWI", "A SER - BOS"],
        "DENMARK": ["10: BRA", "A BRA - MEC", "A HOL S A BRA - MEC"]})
    got = results(spring)
    assert got["A SER - BOS"] == "ok"                        # Spain 37 outweighs France 35
    assert got["A BRA - MEC"] == "ok" and got["A MEC H"] == "dislodged"
    s = spring["state"]
    assert s["units"]["OTE"] == ["A RUM", "A BOS"] and s["units"]["WUR"] == ["A FRA"]
    assert "MEC" not in s["units"] and s["status"]["LOR"]["power"] == "FRANCE"

    summer = step(s, {"SPAIN": ["8: LOR", "LOR > FRANCE", "A SWI - WUR"]})
    s = summer["state"]
    assert results(summer)["LOR > FRANCE"] == "ok"
    assert s["influence"]["LOR"] == {"SPAIN": 2} and s["status"]["LOR"]["power"] == "SPAIN"  # a status change
    assert "A WUR" in s["units"]["SPAIN"]
    return s


def _fall_and_winter_1615(s: dict[str, Any]) -> dict[str, Any]:
    """A capture that disbands a minor's army in Early Winter; the ballot and builds in Late Winter."""
    fall = step(s, {"SPAIN": ["A LOR - CHA"]})               # Spain now orders Lorraine's army
    s = fall["state"]
    assert s["phase"] == "W1615E" and "A CHA" in s["units"]["LOR"]
    assert "WUR" in s["centers"]["SPAIN"] and sorted(s["centers"]["BRA"]) == ["BRA", "MEC"]

    early = step(s)
    s = early["state"]
    assert results(early) == {"DISBAND A FRA": "disband"}     # Wurttemberg lost its capital
    assert "WUR" not in s["units"] and s["phase"] == "W1615A"

    late = step(s, {"AUSTRIA": ["AUSTRIA'S BALLOT", "+12 = Wallenstein", "+1 = Swedish intervention",
                                "-1 = Bohemian revolt"],
                    "SPAIN": ["BUILD A MIL", "WAIVE"], "DENMARK": ["BUILD A BRA"]})
    got = results(late)
    assert got["BUILD A MIL"] == "ok" and got["BUILD A BRA"] == "ok"
    s = late["state"]
    assert s["modifiers"] == ["WALLENSTEIN"] and s["units"]["BRA"] == ["A MEC", "A BRA"]
    return s


def _scoring_1615(s: dict[str, Any]) -> dict[str, Any]:
    """The first round of scoring."""
    scoring = step(s)
    s = scoring["state"]
    assert s["phase"] == "S1616I"
    scores = s["scores"]["1615"]
    assert s["score_detail"]["DENMARK"] == {"capture": 0, "alignment": 3 * (6 + 3), "religion": 10,
                                            "total": 37}      # Brandenburg with Mecklenburg, a Protestant marker
    assert s["score_detail"]["SPAIN"]["capture"] == 6 and s["score_detail"]["SPAIN"]["alignment"] == 18
    assert s["round_winners"]["1615"] == max(scores, key=scores.get)
    return s


def _year_1616(s: dict[str, Any]) -> None:
    """Wallenstein's double-strength army takes Saxony, and the second round of scoring counts it."""
    s = step(s)["state"]
    assert s["allocation"]["SPAIN"] == 37 + 6 and s["deployed"] == {}
    wallenstein = step(s, {"AUSTRIA": ["A BOH - SAX"]})       # W moves with the strength of two
    assert results(wallenstein)["A BOH - SAX"] == "ok" and "SAX" not in wallenstein["state"]["units"]
    s = wallenstein["state"]
    assert s["special"]["W"] == "A SAX"
    for _ in range(2):                                        # Summer and Fall: Austria stays in Saxony
        s = step(s)["state"]
    assert s["phase"] == "W1616E" and "SAX" in s["centers"]["AUSTRIA"]
    for _ in range(3):                                        # Early Winter, Late Winter, Scoring
        s = step(s)["state"]
    assert s["phase"] == "S1617I" and s["score_detail"]["AUSTRIA"]["capture"] == 9
    assert set(s["scores"]) == {"1615", "1616"}
