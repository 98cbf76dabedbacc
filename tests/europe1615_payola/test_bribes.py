"""Who may bribe what (PY-33, PY-36 to PY-38) and the port rule (PY-39), in a Spring movement by offer sheets."""

from __future__ import annotations

from typing import Any

import pytest

from judge.engine import adjudicate
from judge.engine.orders import Convoy, Hold, Move, Support, Unit
from judge.engine.state import GameState
from judge.reading.europe1615_payola import E1615PayolaLines
from judge.variants.payola.offers import Amount, Offer
from tests.europe1615_payola.helpers import APRIL, MARCH, ruleset, start, variant


def spring(edition: str) -> GameState:
    """Spring 1615 movement after an influence phase where nothing was placed or attacked."""
    v, state = variant(edition), start(edition)
    while state.phase.kind != "M":
        state = adjudicate(v, state, {}).state
    return state


def offer(amount: int, unit: str, order: Any) -> Offer:
    kind, _, loc = unit.partition(" ")
    return Offer((Amount(amount),), ":", Unit(kind, loc), (order,))


def moved(edition: str, state: GameState, sheets: dict[str, list[Offer]]) -> tuple[GameState, dict[str, Any]]:
    outcome = adjudicate(variant(edition), state, sheets)
    return outcome.state, outcome.state.extra["ledgers"]


def test_R_1304_43_a_foreign_unit_takes_no_move_and_no_zero() -> None:
    state = spring(APRIL)
    after, ledgers = moved(APRIL, state, {
        "ENGLAND": [offer(5, "F DUT", Move("F", "DUT", "NTH"))], "FRANCE": [offer(0, "A BAV", Hold("A", "BAV"))]})
    assert ledgers["ENGLAND"]["refused"] == [["5 : F DUT - NTH", "ENGLAND may not buy F DUT - NTH"]]
    assert ledgers["FRANCE"]["refused"][0][1] == "zero offers to a foreign unit are not allowed (3.1)"
    assert Unit("F", "DUT") in after.units["UNI"]


def test_R_1303_34_a_foreign_unit_may_be_bought_for_hold_support_or_convoy() -> None:
    rules, state = ruleset(MARCH), spring(MARCH)
    unit = Unit("A", "SAX")
    assert all(rules.may_buy(state, "FRANCE", "SAX", unit, o) for o in (
        Hold("A", "SAX"), Support("A", "SAX", "A", "BOH"), Convoy("F", "NTH", "LON", "NOR")))
    assert not rules.may_buy(state, "FRANCE", "SAX", unit, Move("A", "SAX", "BOH"))
    assert rules.may_buy(state, "SAX", "SAX", unit, Move("A", "SAX", "BOH"))  # its own (the owner) may


def test_R_1304_44_A_PY_3_austria_offers_zero_to_any_unit_in_the_empire() -> None:
    rules, state = ruleset(APRIL), spring(APRIL)
    assert rules.may_offer_zero(state, "AUSTRIA", "SPAIN", Unit("A", "NET"))      # a Spanish unit in the HRE
    assert rules.may_offer_zero(state, "AUSTRIA", "SAX", Unit("A", "SAX"))
    assert not rules.may_offer_zero(state, "AUSTRIA", "SPAIN", Unit("A", "MAD"))  # Madrid is not in the Empire
    assert not rules.may_offer_zero(state, "AUSTRIA", "VEN", Unit("A", "VEN"))    # Venice is excepted
    assert not rules.may_offer_zero(state, "FRANCE", "SAX", Unit("A", "SAX"))


def test_PY_33_an_austrian_zero_gives_a_minor_unit_its_order_against_the_default_hold() -> None:
    """payola.md §A3: Austria, first on the minors' list, wins a tie at 0: Saxony supports Bohemia."""
    after, ledgers = moved(APRIL, spring(APRIL), {
        "AUSTRIA": [offer(0, "A SAX", Support("A", "SAX", "A", "BOH")), offer(0, "A BOH", Hold("A", "BOH"))]})
    assert ["0 : A SAX S A BOH", "A SAX S A BOH", 0] in ledgers["AUSTRIA"]["accepted"]
    assert sorted(ledgers) == ["AUSTRIA", "DENMARK", "ENGLAND", "FRANCE", "SPAIN"]  # no ledger for a minor state
    assert "SAX" not in ledgers["AUSTRIA"]["acceptance"] and len(ledgers["AUSTRIA"]["acceptance"]) == 5


def test_R_1303_21_the_aligned_power_offers_zero_to_its_minor() -> None:
    rules, state = ruleset(MARCH), spring(MARCH)
    state.extra["status"] = {"WUR": {"political": "ALIGNED", "aligned": "FRANCE", "religious": "", "faith": ""}}
    assert rules.may_offer_zero(state, "FRANCE", "WUR", Unit("A", "WUR"))
    assert not rules.may_offer_zero(state, "ENGLAND", "WUR", Unit("A", "WUR"))


def test_R_1304_46_only_catholic_powers_order_the_papal_units() -> None:
    after, ledgers = moved(APRIL, spring(APRIL), {"ENGLAND": [offer(3, "A ROM", Hold("A", "ROM"))],
                                                  "SPAIN": [offer(3, "A MAR", Hold("A", "MAR"))]})
    assert ledgers["ENGLAND"]["refused"] == [["3 : A ROM H", "ENGLAND may not bribe A ROM"]]
    assert ledgers["SPAIN"]["refused"] == [] and ledgers["SPAIN"]["spent"] == 3


def test_R_1304_41_ties_at_ownerless_units_follow_the_fixed_reference_lists() -> None:
    rules, state = ruleset(APRIL), spring(APRIL)
    assert rules.tie_list(state, "SAX", Unit("A", "SAX")) == ("AUSTRIA", "DENMARK", "ENGLAND", "FRANCE", "SPAIN")
    assert rules.tie_list(state, "IRE", Unit("A", "IRE"))[0] == "ENGLAND"
    assert rules.tie_list(state, "POR", Unit("A", "POR"))[0] == "SPAIN"
    assert rules.tie_list(state, "FEZ", Unit("A", "MOR"))[0] == "SPAIN"
    assert rules.tie_list(state, "FRANCE", Unit("A", "PAR")) is None
    after, ledgers = moved(APRIL, state, {
        "FRANCE": [offer(2, "A SAX", Support("A", "SAX", "A", "BOH"))],
        "DENMARK": [offer(2, "A SAX", Hold("A", "SAX"))]})                  # Denmark before France on the list
    assert any(row[1] == "A SAX H" for row in ledgers["DENMARK"]["accepted"])
    assert ledgers["FRANCE"]["spent"] == 0


def test_R_1304_47_fleets_move_and_support_into_ports_only_and_convoy_anywhere() -> None:
    rules, state = ruleset(APRIL), spring(APRIL)
    fleet = Unit("F", "LYO")
    assert not rules.may_enter(state, "FRANCE", fleet, "TOU") and rules.may_enter(state, "FRANCE", fleet, "PRO")
    assert rules.may_enter(state, "FRANCE", Unit("F", "PRO"), "LYO") and rules.may_enter(state, "FRANCE",
                                                                                          Unit("A", "PRO"), "TOU")
    assert not rules.may_support(state, "FRANCE", fleet, "FRANCE", Unit("A", "CAT"), "TOU")
    assert rules.may_support(state, "FRANCE", fleet, "FRANCE", Unit("A", "TOU"), None)
    assert rules.may_convoy(state, "FRANCE", fleet, "FRANCE", Unit("A", "CAT"), "TOU")
    state.units["FRANCE"].append(fleet)
    outcome = adjudicate(variant(APRIL), state, {"FRANCE": [offer(0, "F LYO", Move("F", "LYO", "TOU"))]})
    assert Unit("F", "LYO") in outcome.state.units["FRANCE"]  # the move into Toulouse, no port, is void


def test_A_PY_2_the_aligned_power_buys_no_move_unless_the_gm_reads_so() -> None:
    state = spring(MARCH)
    state.extra["status"] = {"WUR": {"political": "ALIGNED", "aligned": "FRANCE", "religious": "", "faith": ""}}
    move = Move("A", "WUR", "BAV")
    assert not ruleset(MARCH).may_buy(state, "FRANCE", "WUR", Unit("A", "WUR"), move)
    assert ruleset(MARCH, aligned_moves=True).may_buy(state, "FRANCE", "WUR", Unit("A", "WUR"), move)
    assert not ruleset(MARCH, aligned_moves=True).may_buy(state, "SPAIN", "WUR", Unit("A", "WUR"), move)


@pytest.mark.parametrize("edition", [MARCH, APRIL])
def test_R_1303_34_R_1304_43_a_power_orders_its_own_unit_in_rome_as_it_sees_fit(edition: str) -> None:
    """"Players may submit bribes and orders as they see fit for their own units": England's army in Rome too."""
    state = spring(edition)
    state.units["PAP"] = [Unit("A", "MAR")]
    state.units["ENGLAND"].append(Unit("A", "ROM"))
    after, ledgers = moved(edition, state, {"ENGLAND": [offer(1, "A ROM", Move("A", "ROM", "NAP"))]})
    assert ledgers["ENGLAND"]["refused"] == [] and Unit("A", "NAP") in after.units["ENGLAND"]
    reader = E1615PayolaLines(variant(edition).map, variant(edition).ruleset)
    assert reader.check(reader.read("1 : A ROM - NAP", state), "ENGLAND", state, [])[0] == ""


def test_R_1304_46_A_PY_16_the_papal_restriction_goes_by_owner_unless_the_gm_reads_it_by_place() -> None:
    state = spring(APRIL)
    spanish = Unit("A", "ROM")
    assert ruleset(APRIL).may_bribe(state, "ENGLAND", "SPAIN", spanish)      # a Spanish army in Rome: Spain's
    assert not ruleset(APRIL).may_bribe(state, "ENGLAND", "PAP", Unit("A", "MAR"))
    by_place = ruleset(APRIL, papal_orders="location")
    assert not by_place.may_bribe(state, "ENGLAND", "SPAIN", spanish)
    assert by_place.may_bribe(state, "ENGLAND", "ENGLAND", spanish)          # its own unit, by either reading
