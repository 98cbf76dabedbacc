"""Rules 2.1–2.5: income, the starting treasury, transfers, payments and the private account."""

from __future__ import annotations

import pytest

from judge.engine import adjudicate
from judge.engine.state import Phase
from judge.variants import load_variant
from judge.variants.payola import accounts
from judge.variants.payola.accounts import TransferError, income
from judge.variants.payola.options import PayolaOptions

from tests.payola.conftest import position

#: the rules' table for a victory condition of 18 centres, one to seventeen centres (2.1)
RULES_TABLE = [17, 33, 48, 62, 75, 87, 98, 108, 117, 125, 132, 138, 143, 147, 150, 152, 153]


def test_2_1_income_table_for_eighteen_centres():
    assert [income(n, "diminishing", 18) for n in range(1, 18)] == RULES_TABLE


def test_2_1_starting_balance_48_and_russia_62(payola):
    treasury = payola.ruleset.initial_state().extra["treasury"]
    assert treasury == {"AUSTRIA": 48, "ENGLAND": 48, "FRANCE": 48, "GERMANY": 48, "ITALY": 48,
                        "RUSSIA": 62, "TURKEY": 48}


def test_6_2_income_follows_the_victory_condition():
    variant = load_variant("payola", {"victory_centers": 10})
    assert variant.ruleset.initial_state().extra["treasury"]["FRANCE"] == 9 + 8 + 7


def test_6_1_classic_pays_seven_per_centre():
    variant = load_variant("payola", {"preset": "classic"})
    assert variant.ruleset.initial_state().extra["treasury"]["RUSSIA"] == 28


def test_6_6_income_by_a_table_per_centre():
    board = load_variant("payola").map
    ruleset = type(load_variant("payola").ruleset)(board, {"income": "table", "center_values": {"PAR": 5,
                                                                                                 "BRE": 2}})
    assert ruleset.initial_state().extra["treasury"]["FRANCE"] == 7


def winter(variant, treasury):
    state = position({"FRANCE": ["A PAR", "A MAR"]}, "W1901A")
    state.centers = {"FRANCE": {"PAR", "MAR", "BRE"}}
    state.extra["treasury"] = dict(treasury)
    return adjudicate(variant, state, {"FRANCE": []}).state


def test_2_1_income_is_paid_after_the_winter_adjustments(payola):
    after = winter(payola, {"FRANCE": 10})
    assert after.phase == Phase.parse("S1902M")
    assert after.extra["treasury"]["FRANCE"] == 58
    assert after.extra["accounts"]["FRANCE"] == [["W1901A", "income for 3 centres", 48, 58]]


def test_2_1_income_even_when_no_adjustment_is_due(payola):
    state = position({"FRANCE": ["A PAR", "A MAR", "F BRE"]}, "F1901M")
    state.centers = {"FRANCE": {"PAR", "MAR", "BRE"}}
    state.extra["treasury"] = {"FRANCE": 0}
    after = adjudicate(payola, state, {}).state
    assert after.phase == Phase.parse("W1901A")
    assert adjudicate(payola, after, {}).state.extra["treasury"]["FRANCE"] == 48


def test_carry_over_off_drops_unspent_money():
    after = winter(load_variant("payola", {"carry_over": False}), {"FRANCE": 10})
    assert after.extra["treasury"]["FRANCE"] == 48
    assert after.extra["accounts"]["FRANCE"][0] == ["W1901A", "unspent money lapses", -10, 0]


def test_2_3_transfer_recorded_on_both_sides():
    state = position({"FRANCE": ["A PAR"]})
    state.extra["treasury"] = {"FRANCE": 20, "ITALY": 0}
    note = accounts.transfer(state, PayolaOptions(), "FRANCE", "ITALY", 15)
    assert note == "FRANCE pays 15 AgP to ITALY"
    assert state.extra["treasury"] == {"FRANCE": 5, "ITALY": 15}
    assert state.extra["accounts"]["ITALY"] == [["S1901M", "received from FRANCE", 15, 15]]
    with pytest.raises(TransferError, match="has only 5"):
        accounts.transfer(state, PayolaOptions(), "FRANCE", "ITALY", 6)
    accounts.transfer(state, PayolaOptions(), "ITALY", "FRANCE", 1)  # paying back is allowed


def test_classic_transfer_limit_no_payment_back_before_the_next_movement():
    state = position({"FRANCE": ["A PAR"]})
    state.extra["treasury"] = {"FRANCE": 20, "ITALY": 0}
    classic = PayolaOptions.of({"preset": "classic"})
    accounts.transfer(state, classic, "FRANCE", "ITALY", 15)
    with pytest.raises(TransferError, match="no payment back"):
        accounts.transfer(state, classic, "ITALY", "FRANCE", 5)
    with pytest.raises(TransferError, match="not allowed"):
        accounts.transfer(state, PayolaOptions.of({"transfers": "none"}), "FRANCE", "ITALY", 1)


def test_2_2_and_5_6_a_movement_phase_pays_and_issues_the_orders(payola):
    state = payola.ruleset.initial_state()
    state.extra["seed"] = "game-1"
    orders = {"FRANCE": [_line(payola, state, "5 : A VEN - TYR"), _line(payola, state, "PAY 3 TO GERMANY")],
              "ITALY": [_line(payola, state, "3 : A VEN H"), _line(payola, state, "ACCEPT IG?")]}
    outcome = adjudicate(payola, state, orders)
    after = outcome.state
    assert "A TYR" in [str(u) for u in after.units["ITALY"]]
    assert after.extra["treasury"]["FRANCE"] == 48 - 3 - 5 and after.extra["treasury"]["GERMANY"] == 51
    assert after.extra["treasury"]["ITALY"] == 48
    assert after.extra["accounts"]["FRANCE"][-1] == ["S1901M", "bribes paid", -5, 40]
    assert after.extra["accept"]["ITALY"] == ["ITALY", "GERMANY", "?"]  # 4.3: kept for later phases
    ledger = after.extra["ledgers"]["FRANCE"]
    assert ledger["accepted"] == [["5 : A VEN - TYR", "A VEN - TYR", 5]]
    assert (ledger["balance_before"], ledger["spent"], ledger["balance_after"]) == (45, 5, 40)
    again = adjudicate(payola, state, orders).state
    assert again.extra == after.extra  # a replay from the stored state gives the same result


def _line(variant, state, text):
    from judge.reading.lines import read_line
    return read_line(variant, state, text)
