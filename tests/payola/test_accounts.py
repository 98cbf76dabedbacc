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


def test_2_3_a_transfer_beyond_the_balance_is_refused_in_the_ledger(payola):
    state = payola.ruleset.initial_state()
    outcome = adjudicate(payola, state, {"FRANCE": [_line(payola, state, "PAY 60 TO ITALY")]})
    assert outcome.state.extra["treasury"]["FRANCE"] == 48
    assert outcome.state.extra["ledgers"]["FRANCE"]["refused"] == [["PAY 60 TO ITALY", "FRANCE has only 48 AgP"]]


def test_2_4_an_eliminated_power_still_bribes_with_its_money(payola):
    state = position({"ITALY": ["F NAP"], "FRANCE": ["A PAR"]})
    state.extra["treasury"] = {"ITALY": 0, "FRANCE": 0, "GERMANY": 30}
    after = adjudicate(payola, state, {"GERMANY": [_line(payola, state, "3 : F NAP - ION")]}).state
    assert [str(u) for u in after.units["ITALY"]] == ["F ION"]
    assert after.extra["treasury"]["GERMANY"] == 27


def test_4_2_every_power_starts_with_its_own_letter_and_a_question_mark(payola):
    assert payola.ruleset.initial_state().extra["accept"]["GERMANY"] == ["GERMANY", "?"]


def test_5_7_the_ledger_says_what_each_power_may_know(payola):
    state = position({"ITALY": ["F NAP"], "FRANCE": ["A PAR"], "AUSTRIA": ["A VIE"]})
    state.extra.update(treasury={"ITALY": 10, "FRANCE": 10, "AUSTRIA": 10}, accept={"ITALY": ["AUSTRIA", "?"]})
    sheets = {"FRANCE": ["4 : F NAP - ION", "1 : A PAR - BUR"], "AUSTRIA": ["4 : F NAP - ROM"],
              "ITALY": ["2 : F NAP - ROM"]}
    after = adjudicate(payola, state, {p: [_line(payola, state, t) for t in ls] for p, ls in sheets.items()}).state
    france, italy = after.extra["ledgers"]["FRANCE"], after.extra["ledgers"]["ITALY"]
    assert italy["units"] == [["F NAP", "F NAP - ROM", 6]]          # its unit's order and the total it took
    assert france["units"] == [["A PAR", "A PAR - BUR", 1]]
    assert france["accepted"] == [["1 : A PAR - BUR", "A PAR - BUR", 1]]  # its accepted offers and their price
    assert france["lost"] == [["4 : F NAP - ION", "F NAP - ROM", "highest total: 6 for F NAP - ROM"]]
    assert (france["balance_before"], france["spent"], france["balance_after"]) == (10, 1, 9)
    assert after.extra["accounts"]["FRANCE"] == [["S1901M", "bribes paid", -1, 9]]


def test_retreats_and_builds_are_ordered_directly(payola):
    state = position({"FRANCE": ["A PAR"]}, "F1901R")
    state.centers = {"FRANCE": {"PAR", "MAR", "BRE"}}
    state.extra["treasury"] = {"FRANCE": 0}
    from judge.engine.state import Dislodged
    state.dislodged = [Dislodged("FRANCE", position({"FRANCE": ["A BUR"]}).units["FRANCE"][0], "MUN",
                                 ("PIC", "GAS"))]
    after = adjudicate(payola, state, {"FRANCE": [_line(payola, state, "A BUR R PIC")]}).state
    assert after.phase == Phase.parse("W1901A") and "A PIC" in [str(u) for u in after.units["FRANCE"]]
    built = adjudicate(payola, after, {"FRANCE": [_line(payola, after, "BUILD F BRE")]}).state
    assert "F BRE" in [str(u) for u in built.units["FRANCE"]]
    assert built.extra["treasury"]["FRANCE"] == 48


@pytest.mark.parametrize("option, line, why", [
    ({"direct_only": True}, "5 ! F NAP - ION", "only direct offers"),
    ({"repetition": False}, "2*5 : F NAP - ION", "repetition counts"),
    ({"plateaus": False}, "5# : F NAP - ION", "plateaus"),
    ({"augmentation": False}, "5 + 1 : F NAP - ION", "between amounts"),
    ({"alternatives": False}, "5 : F NAP - ION | H", "several orders"),
    ({"savings": False}, "5 $", "savings requests"),
])
def test_each_section_6_option_alone(option, line, why):
    from judge.reading.payola import PayolaLines
    from judge.reading.order_reader import OrderError
    variant = load_variant("payola", option)
    reader = PayolaLines(variant.map, variant.ruleset)
    with pytest.raises(OrderError, match=why):
        reader.read(line)
    assert PayolaLines(load_variant("payola").map, load_variant("payola").ruleset).read(line) is not None
