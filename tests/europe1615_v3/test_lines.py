"""The Version 3 lines as players write them, alone and through ``judge adjudicate``'s JSON (R-v3-10, R-v3-36, R-v3-78)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from judge.app.adjudicate import handle_request
from judge.engine import GameState, Phase, Unit
from judge.reading.europe1615 import NOT_MINE, V3Lines
from judge.reading.order_reader import OrderError
from judge.variants.europe1615 import (
    Agree,
    Attack,
    Ballot,
    Deploy,
    Motion,
    Permit,
    WaiveCapture,
)
from judge.variants.europe1615.inputs import Bid
from tests.europe1615_v3.helpers import v3


@pytest.fixture(scope="module")
def reader() -> V3Lines:
    return V3Lines(v3().map)


@pytest.mark.parametrize(("line", "value"), [
    ("9: WUR", Deploy("WUR", 9)),
    ("16:RHI", Deploy("RHI", 16)),
    ("12 INFs to Lorraine", Deploy("LOR", 12)),
    ("1: Lower Saxony", Deploy("LOWR", 1)),
    ("LOR > FRANCE", Attack("LOR", "FRANCE")),
    ("Lorraine > F", Attack("LOR", "FRANCE")),
    ("+5 = Wallenstein", Ballot((("Wallenstein", 5),))),
    ("-6 = Bohemian revolt", Ballot((("Bohemian revolt", -6),))),
    ("+3 = Swedish intervention", Ballot((("Swedish intervention", 3),))),
    ("+2 = CANCEL Richelieu's diplomacy", Ballot((("CANCEL Richelieu's diplomacy", 2),))),
    ("AUSTRIA'S BALLOT", None),
    ("WAIVE LOR", WaiveCapture("LOR")),
    ("MOTION CANCEL Wallenstein", Motion("Wallenstein")),
    ("BID SPAIN 40, FRANCE 30, AUSTRIA 20, ENGLAND 5, DENMARK 5",
     Bid((("SPAIN", 40), ("FRANCE", 30), ("AUSTRIA", 20), ("ENGLAND", 5), ("DENMARK", 5)))),
    ("AGREE", Agree()),
    ("PERMIT SPAIN SWI", Permit("SPAIN", "SWI")),
])
def test_each_line_the_issue_quotes(reader: V3Lines, line: str, value: Any) -> None:
    assert reader.read(line) == value


@pytest.mark.parametrize(("line", "problem"), [
    ("9: Atlantis", "no minor state is called 'Atlantis'"),
    ("LOR > PRUSSIA", "no power is called 'PRUSSIA'"),
    ("+5 = Richelieu's cooking", "no modifier is called"),
    ("MOTION CANCEL nothing", "no modifier is called"),
    ("9 WUR WUR :", "cannot read"),
])
def test_a_bad_line_says_why(reader: V3Lines, line: str, problem: str) -> None:
    with pytest.raises(OrderError, match=problem):
        reader.read(line)


def test_unit_orders_are_left_to_the_order_parser_and_tidied(reader: V3Lines) -> None:
    state = GameState(Phase.parse("S1615M"), {"POL": [Unit("A", "WAR")]})
    for line in ("A PAR - BUR", "PAR -> BUR", "WAIVE", "NOR S PAR-CHA"):
        assert reader.read(line) is NOT_MINE
    assert reader.normalise("BOH \u2013 SIL") == "BOH - SIL"
    assert reader.normalise("SER-hold") == "SER HOLD"
    assert reader.normalise("POL HOLD", state) == "WAR HOLD"


def test_ballot_lines_make_one_ballot(reader: V3Lines) -> None:
    lines = [reader.read(x) for x in ("+5 = Wallenstein", "+3 = Swedish intervention", "-6 = Bohemian revolt")]
    assert reader.finish([Deploy("WUR", 1), *lines]) == [Deploy("WUR", 1), Ballot(
        (("Wallenstein", 5), ("Swedish intervention", 3), ("Bohemian revolt", -6)))]


def request(phase: str, orders: dict[str, list[str]], **state: Any) -> dict[str, Any]:
    body = {"phase": phase, "units": state.pop("units", {}), **state}
    return handle_request(json.loads(json.dumps({"variant": "europe1615-v3", "state": body, "orders": orders})))


def test_R_v3_10_json_takes_inf_lines_attacks_and_unit_orders_together() -> None:
    answer = request("S1615M", {"FRANCE": ["9: WUR", "WUR - FRA", "12: LOR", "A PAR - BUR"],
                                "SPAIN": ["3: LOR", "LOR > FRANCE", "400: SAV", "9: Atlantis"]},
                     units={"WUR": ["A WUR"], "FRANCE": ["A PAR"]})
    got = {(r["power"], r["order"]): r["result"] for r in answer["results"]}
    assert got[("FRANCE", "9: WUR")] == "ok" and got[("WUR", "WUR - FRA")] == "ok"  # reported as WUR's unit
    assert got[("SPAIN", "LOR > FRANCE")] == "ok" and got[("SPAIN", "400: SAV")] == "void"
    assert got[("SPAIN", "9: Atlantis")] == "void"  # unread lines are reported, the rest stands
    state = answer["state"]
    assert state["phase"] == "U1615M" and state["units"]["WUR"] == ["A FRA"]
    assert state["influence"] == {"WUR": {"FRANCE": 9}, "LOR": {"FRANCE": 9}}
    assert state["status"]["LOR"] == {"political": "ALIGNED", "power": "FRANCE", "religion": "CATHOLIC",
                                      "deployed": ["FRANCE"]}
    again = handle_request({"variant": "europe1615-v3", "state": state, "orders": {"FRANCE": ["3: SAV"]}})
    assert again["state"]["deployed"]["FRANCE"] == 24  # the budget is carried in the state


def test_R_v3_78_json_ballot_lines_with_their_header() -> None:
    answer = request("W1615A", {"AUSTRIA": ["AUSTRIA'S BALLOT", "+5 = Wallenstein", "+3 = Swedish intervention",
                                            "-6 = Bohemian revolt"]},
                     ballot=["WALLENSTEIN", "SWEDISH", "BOHEMIAN_REVOLT"])
    assert [r["result"] for r in answer["results"] if r["power"] == "AUSTRIA"] == ["ok"]
    assert answer["state"]["modifiers"] == ["WALLENSTEIN"] and answer["state"]["phase"] == "W1615S"


def test_seed_orders_with_en_dashes_and_state_names_by_json() -> None:
    answer = request("S1615M", {"AUSTRIA": ["BOH \u2013 SIL", "POL HOLD"]}, units={"AUSTRIA": ["A BOH"],
                                                                                  "POL": ["A WAR"]},
                     influence={"POL": {"AUSTRIA": 9}})
    assert {r["order"]: r["result"] for r in answer["results"]} == {"BOH - SIL": "ok", "WAR H": "ok"}
