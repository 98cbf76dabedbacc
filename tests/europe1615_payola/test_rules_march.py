"""The general rules of the March text (R-1303-nn) and the Payola rules (PY-nn) no other test names.

Each test plays or asks the rule's own mechanism; where April's rule is the
same, tests/europe1615_payola/test_rules_april.py names the April number.
"""

from __future__ import annotations

import pytest

from judge.engine import adjudicate
from judge.engine.geography import Terrain
from judge.engine.orders import Move, Support, Unit
from judge.engine.results import OK, VOID
from judge.engine.state import GameState, Phase
from judge.variants.europe1615.inputs import Attack, Deploy
from judge.variants.europe1615_payola.attacks import column
from judge.variants.europe1615_payola.income import centre_income
from judge.variants.europe1615_payola.scoring import objective_vps
from judge.variants.payola.offers import Amount, Offer
from judge.variants.payola.ruleset import Payola
from tests.europe1615_payola.helpers import APRIL, EDITIONS, MARCH, game, ruleset, start, variant


def bribe(amount: int, unit: str, order: object) -> Offer:
    kind, _, loc = unit.partition(" ")
    return Offer((Amount(amount),), ":", Unit(kind, loc), (order,))  # type: ignore[arg-type]


def at(edition: str, phase: str, **extra: object) -> GameState:
    state = start(edition)
    state.phase = Phase.parse(phase)
    state.extra.update(extra)
    return state


@pytest.mark.parametrize("edition", EDITIONS)
def test_R_1303_01_R_1304_01_PY_02_standard_rules_with_payola_for_unit_control(edition: str) -> None:
    """A Payola ruleset (Classic); a power's own offer orders its unit, and a supported attack dislodges."""
    rules = ruleset(edition)
    assert isinstance(rules, Payola) and rules.options["preset"] == "classic"
    state = at(edition, "S1615M", status={})
    state.units["FRANCE"] = [Unit("A", "CHA"), Unit("A", "FCO")]
    outcome = adjudicate(variant(edition), state, {"FRANCE": [
        bribe(1, "A CHA", Move("A", "CHA", "LOR")), bribe(1, "A FCO", Support("A", "FCO", "A", "CHA", "LOR"))]})
    assert Unit("A", "LOR") in outcome.state.units["FRANCE"]


@pytest.mark.parametrize("edition", EDITIONS)
def test_R_1303_03_R_1304_03_PY_03_PY_04_the_year_and_its_phases(edition: str) -> None:
    """Influence, attacks, taxation, three movement phases (retreats when due), the Winter; six years."""
    v, state = variant(edition), start(edition)
    seen = []
    while state.phase.year == 1615:
        seen.append(str(state.phase))
        state = adjudicate(v, state, {}).state
    assert seen == ["S1615P", "S1615D", "S1615T", "S1615M", "U1615M", "F1615M", "W1615A"]
    assert str(state.phase) == "S1616P" and game(edition).edition.last_year == 1620


def test_R_1303_08_a_dominion_takes_infs_from_its_owner_only_and_stays_open_to_attacks() -> None:
    infs = {"HES": {"FRANCE": 5, "SPAIN": 5}}
    placing = at(MARCH, "S1616P", influence=dict(infs), dominion={"HES": "FRANCE"}, dominion_year={"HES": 1615})
    placed = adjudicate(variant(MARCH), placing, {"SPAIN": [Deploy("HES", 3)], "FRANCE": [Deploy("HES", 2)]})
    assert placed.state.extra["influence"]["HES"] == {"FRANCE": 7, "SPAIN": 5}  # Spain's 3 refused, France's 2 in
    assert {r.power: r.result for r in placed.results if r.power in ("SPAIN", "FRANCE")} == {"SPAIN": VOID,
                                                                                              "FRANCE": OK}
    attacking = at(MARCH, "S1616D", influence={"HES": {"FRANCE": 5, "SPAIN": 5}}, dominion={"HES": "FRANCE"},
                   dominion_year={"HES": 1615})
    attacked = adjudicate(variant(MARCH), attacking, {"SPAIN": [Attack("HES", "FRANCE")]})
    assert attacked.results[0].result == OK  # "Attacks there remain allowed for all powers"


def test_R_1303_10_PY_14_immunity_from_five_infs_in_the_march_edition_too() -> None:
    for box, immune in ((5, True), (4, False)):
        state = at(MARCH, "S1615D", influence={"FRANCE": {"AUSTRIA": box}, "HES": {"FRANCE": 4, "AUSTRIA": 4}})
        result = adjudicate(variant(MARCH), state, {"FRANCE": [Attack("HES", "AUSTRIA")]}).results[0]
        assert (result.result == VOID and "immune" in result.message) is immune, box


def test_R_1303_11_PY_15_the_national_order_and_the_alternates_of_the_march_text() -> None:
    assert game(MARCH).edition.attack_order == (("SPAIN", 0), ("FRANCE", 1), ("ENGLAND", 2), ("DENMARK", 3),
                                                 ("AUSTRIA", 4))
    state = at(MARCH, "S1615D", influence={"SAX": {"SPAIN": 3, "FRANCE": 3}})
    outcome = adjudicate(variant(MARCH), state, {"FRANCE": [Attack("SAX", "SPAIN")], "SPAIN": [Attack("SAX", "FRANCE")]})
    assert [r.power for r in outcome.results][:2] == ["SPAIN", "FRANCE"]  # Spain attacks first
    assert outcome.results[1].result == VOID  # Spain's exchange left France nothing to attack with


def test_R_1303_13_four_to_five_is_rounded_one_to_one_and_twelve_there_is_an_exchange() -> None:
    assert column(game(MARCH), 4, 5) == "1:1" and game(MARCH).edition.table.result("1:1", 12) == "EX"


def test_R_1303_26_PY_28_the_march_objectives_table_c_and_a_values() -> None:
    """data.md §4.4 (EX-1303-02): Saxony gives Austria C 7 and A 7; the table has every pliant state."""
    objectives = game(MARCH).edition.objectives
    assert (objectives.c("SAX", "AUSTRIA"), objectives.a("SAX", "AUSTRIA")) == (7, 7)
    assert set(objectives.controlled) | set(objectives.aligned) <= set(game(MARCH).edition.pliant)


@pytest.mark.parametrize("edition", EDITIONS)
def test_R_1303_27_R_1304_36_the_c_award_needs_the_powers_own_infs(edition: str) -> None:
    marks = {"SAX": {"political": "NEUTRAL", "aligned": "", "religious": "CONTROLLED", "faith": "CATHOLIC"}}
    without = at(edition, "W1620A", status=marks, influence={"SAX": {"SPAIN": 12}})
    within = at(edition, "W1620A", status=marks, influence={"SAX": {"SPAIN": 11, "AUSTRIA": 1}})
    assert "SAX" not in objective_vps(game(edition), without, "AUSTRIA")
    assert objective_vps(game(edition), within, "AUSTRIA")["SAX"] == game(edition).edition.objectives.c("SAX",
                                                                                                       "AUSTRIA")


def test_R_1303_33_PY_34_the_march_start_funds_are_paid_in_the_1615_taxation_phase() -> None:
    funds = {"SPAIN": 57, "FRANCE": 48, "AUSTRIA": 45, "ENGLAND": 48, "DENMARK": 45}
    state = at(MARCH, "S1615T", status={})
    assert {p: centre_income(game(MARCH), state, p) for p in funds} == funds
    taxed = adjudicate(variant(MARCH), state, {}).state
    assert {p: taxed.extra["treasury"][p] for p in funds} == funds
    assert {game(MARCH).board.provinces[c].center for c in game(MARCH).board.centers} == {3, 9, 15}


def test_R_1303_35_PY_37_the_march_empire_has_no_liege() -> None:
    rules, state = ruleset(MARCH), at(MARCH, "S1615M", status={})
    assert rules.may_offer_zero(state, "AUSTRIA", "SPAIN", Unit("A", "MIL"))
    assert not rules.may_offer_zero(state, "AUSTRIA", "SPAIN", Unit("A", "LIE"))  # April adds Liege
    assert ruleset(APRIL).may_offer_zero(state, "AUSTRIA", "SPAIN", Unit("A", "LIE"))
    assert not rules.may_offer_zero(state, "AUSTRIA", "IRE", Unit("A", "IRE"))


def test_R_1303_36_only_catholic_powers_order_the_papal_units_in_march() -> None:
    rules, state = ruleset(MARCH), at(MARCH, "S1615M", status={})
    assert rules.may_bribe(state, "FRANCE", "PAP", Unit("A", "ROM"))
    assert not rules.may_bribe(state, "ENGLAND", "PAP", Unit("A", "ROM"))
    assert rules.may_bribe(state, "ENGLAND", "SAX", Unit("A", "SAX"))


def test_R_1303_37_the_port_rule_in_march() -> None:
    rules, state, board = ruleset(MARCH), at(MARCH, "S1615M"), game(MARCH).board
    closed = sorted(a for a, p in board.provinces.items() if p.terrain is Terrain.COAST and not p.port)
    assert closed
    assert not rules.may_enter(state, "FRANCE", Unit("F", "NOR"), closed[0])
    assert rules.may_enter(state, "FRANCE", Unit("A", "PAR"), closed[0]) and rules.may_enter(
        state, "FRANCE", Unit("F", "NOR"), "ENG")


def test_R_1303_38_a_dislodged_minor_unit_is_disbanded_at_once() -> None:
    rules, state = ruleset(MARCH), at(MARCH, "S1615M")
    assert not rules.may_retreat(state, "SAX", Unit("A", "SAX")) and rules.may_retreat(state, "FRANCE",
                                                                                      Unit("A", "PAR"))


@pytest.mark.parametrize("edition", EDITIONS)
def test_PY_05_centres_change_hands_only_after_the_fall(edition: str) -> None:
    state = at(edition, "S1615M", status={})
    state.units["FRANCE"] = [Unit("A", "CHA"), Unit("A", "BUR")]
    spring = adjudicate(variant(edition), state, {"FRANCE": [
        bribe(1, "A CHA", Move("A", "CHA", "FCO")), bribe(1, "A BUR", Support("A", "BUR", "A", "CHA", "FCO"))]})
    assert Unit("A", "FCO") in spring.state.units["FRANCE"]
    assert "FCO" not in spring.state.centers["FRANCE"] and "FCO" in spring.state.centers["SPAIN"]  # occupied only
    summer = adjudicate(variant(edition), spring.state, {}).state
    assert "FCO" in summer.centers["SPAIN"]
    fall = adjudicate(variant(edition), summer, {}).state
    assert "FCO" in fall.centers["FRANCE"] and "FCO" not in fall.centers["SPAIN"]


@pytest.mark.parametrize("edition", EDITIONS)
def test_PY_35_unspent_money_carries_over_to_the_next_year(edition: str) -> None:
    state = at(edition, "S1616T", status={})
    state.extra["treasury"]["FRANCE"] = 10
    taxed = adjudicate(variant(edition), state, {}).state
    assert taxed.extra["treasury"]["FRANCE"] == 10 + centre_income(game(edition), state, "FRANCE")
