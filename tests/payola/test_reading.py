"""Rules 3.1–3.5, 4.1 and 6.1 on arrival: each offer-sheet line read into a value, or one reason."""

from __future__ import annotations

import pytest

from judge.app.adjudicate import handle_request
from judge.engine.orders import Hold, Move, Support, Unit
from judge.reading.order_reader import OrderError
from judge.reading.payola import PayolaLines
from judge.variants import load_variant
from judge.variants.payola.offers import Accept, Amount, Offer, Savings, Transfer, expand, total

from tests.payola.conftest import position


@pytest.fixture(scope="module")
def reader() -> PayolaLines:
    variant = load_variant("payola")
    return PayolaLines(variant.map, variant.ruleset)


def reason(reader: PayolaLines, line: str, state=None) -> str:
    with pytest.raises(OrderError) as caught:
        reader.read(line, state)
    return str(caught.value)


def test_3_1_simplest_offer(reader):
    assert reader.read("4 : A LON - YOR") == Offer((Amount(4),), ":", Unit("A", "LON"), (Move("A", "LON", "YOR"),))


def test_3_1_the_rules_amounts_4x3_plus_2x4_plateau_2_plus_1(reader):
    offer = reader.read("4*3 + 2*4#2 + 1 > A LON - YOR | S F EDI - YOR | S F NTH - YOR")
    assert offer.amounts == (Amount(3, 4), Amount(4, 2, 2), Amount(1))
    assert total(offer.amounts) == 21
    assert [b.value for b in expand(offer.amounts)] == [3, 3, 3, 3, 4, 4, 1]
    assert offer.orders[1] == Support("A", "LON", "F", "EDI", "YOR")
    assert len(offer.orders) == 3


def test_3_1_the_rules_complex_example(reader):
    offer = reader.read("4*5#2 + 5*10#3 + 6#1 > A LON - YOR | S F EDI - YOR | S F NTH - YOR")
    assert offer.amounts == (Amount(5, 4, 2), Amount(10, 5, 3), Amount(6, 1, 1))


def test_3_1_hash_alone_is_the_full_amount(reader):
    assert reader.read("5# : F NTH H").amounts == (Amount(5, 1, 5),)


def test_3_1_plateau_above_amount_rejected(reader):
    assert "plateau 6 is above the amount 5" in reason(reader, "5#6 : F NTH H")


@pytest.mark.parametrize("kind", [":", "!", ">", "@", "&"])
def test_3_1_the_five_kinds(reader, kind):
    assert reader.read(f"5 {kind} F NAP - ION").kind == kind


def test_3_1_alternatives_with_bar(reader):
    offer = reader.read("5 : A Nap - Rom | S F ION - Apu")
    assert offer.orders == (Move("A", "NAP", "ROM"), Support("A", "NAP", "F", "ION", "APU"))


def test_3_1_duplicate_order_in_one_offer_rejected(reader):
    assert "twice in one offer" in reason(reader, "5 : A PAR - BUR | - BUR")


def test_3_1_unknown_unit_and_illegal_order_rejected(reader):
    state = position({"FRANCE": ["A PAR"], "ITALY": ["F NAP"]})
    assert "no unit in MUN" in reason(reader, "5 : A MUN - BER", state)
    assert "cannot reach VEN" in reason(reader, "5 : F NAP - VEN", state)
    assert "is a fleet" in reason(reader, "5 : A NAP - ROM", state)


def test_3_1_zero_offer_to_foreign_unit_refused_own_allowed(reader):
    state = position({"FRANCE": ["A PAR"], "ITALY": ["F NAP"]})
    offer = reader.read("0 : F NAP - ION", state)
    assert "zero offers to a foreign unit" in reader.check(offer, "FRANCE", state, [])[0]
    assert reader.check(offer, "ITALY", state, []) == ("", "")


def test_3_1_bare_order_is_a_zero_direct_offer(reader):
    assert reader.read("A PAR - BUR") == Offer((Amount(0),), ":", Unit("A", "PAR"), (Move("A", "PAR", "BUR"),))


def test_3_4_savings_request(reader):
    assert reader.read("5 $") == Savings(5)


def test_3_5_comments(reader):
    assert reader.read("% just a note") is None
    assert reader.read("3 : F NTH H % keep it") == Offer((Amount(3),), ":", Unit("F", "NTH"), (Hold("F", "NTH"),))


def test_4_1_acceptance_lists(reader):
    assert reader.read("ACCEPT IFAEGRT") == Accept(("ITALY", "FRANCE", "AUSTRIA", "ENGLAND", "GERMANY", "RUSSIA",
                                                   "TURKEY"))
    assert reader.read("accept g?") == Accept(("GERMANY", "?"))
    assert "at most one '?'" in reason(reader, "ACCEPT G?F?")
    assert "or end the list with '?'" in reason(reader, "ACCEPT GF")
    assert "no power of this game has the letter X (its powers: England (E), France (F)," in reason(reader, "ACCEPT GX?")
    assert reader.read("ACCEPT Germany, France and England ?") == Accept(("GERMANY", "FRANCE", "ENGLAND", "?"))
    assert reader.read("ACCEPT G F E ?") == Accept(("GERMANY", "FRANCE", "ENGLAND", "?"))
    assert "'Prussia' is not a power of this game" in reason(reader, "ACCEPT Germany, Prussia ?")
    assert "twice" in reason(reader, "ACCEPT GG?")


def test_2_3_transfer_line(reader):
    assert reader.read("PAY 10 TO France") == Transfer(10, "FRANCE")
    assert "no power is called" in reason(reader, "PAY 10 TO Narnia")


def test_retreats_and_builds_are_plain_orders(reader):
    assert reader.read("A PAR R BUR", position({}, "S1901R")) is PayolaLines.NOT_MINE


@pytest.mark.parametrize("line, why", [
    ("5 ! F NAP - ION", "only direct offers"), ("2*5 : F NAP - ION", "repetition counts"),
    ("5#2 : F NAP - ION", "plateaus"), ("5 + 1 : F NAP - ION", "'+' between amounts"),
    ("5 : F NAP - ION | H", "several orders"), ("5 $", "savings requests"),
])
def test_6_1_classic_forbids(line, why):
    variant = load_variant("payola", {"preset": "classic"})
    assert why in reason(PayolaLines(variant.map, variant.ruleset), line)


def test_6_1_classic_one_offer_per_unit_and_zero_foreign():
    variant = load_variant("payola", {"preset": "classic"})
    reader = PayolaLines(variant.map, variant.ruleset)
    state = position({"FRANCE": ["A PAR"], "ITALY": ["F NAP"]})
    first, second = reader.read("0 : F NAP - ION", state), reader.read("1 : F NAP - ROM", state)
    assert reader.check(first, "FRANCE", state, []) == ("", "")
    problem, note = reader.check(second, "FRANCE", state, [first])
    assert "one offer per unit (Payola Classic, 6.1)" in problem and note == ""  # refused on arrival


def test_classic_4_7_fractional_offers_are_rounded_up():
    """Classic 4.7 "Fractional offers will be rounded up"; the formal rules' 3.1 counts whole silver pieces."""
    variant = load_variant("payola", {"preset": "classic"})
    classic = PayolaLines(variant.map, variant.ruleset)
    state = position({"FRANCE": ["A PAR"]})
    offer = classic.read("4.5 : A PAR - BUR", state)
    assert offer == Offer((Amount(5),), ":", Unit("A", "PAR"), (Move("A", "PAR", "BUR"),))
    assert str(offer) == "5 : A PAR - BUR" and classic.read("4.0 : A PAR - BUR").amounts == (Amount(4),)
    assert "rounded up (Classic 4.7): read as 5 : A PAR - BUR" in classic.check(offer, "FRANCE", state, [])[1]
    assert "a transfer is a whole number" in reason(classic, "PAY 4.5 TO Italy")
    standard = load_variant("payola")
    assert "an amount is a whole number of silver pieces (3.1)" in reason(
        PayolaLines(standard.map, standard.ruleset), "4.5 : A PAR - BUR")


def test_classic_4_7_fractional_offers_are_rounded_up_over_json():
    """The same offer in a ``judge adjudicate`` request: France's 4.5 is 5, which beats Italy's 4 + 0 for HOLD."""
    request = {"variant": "payola", "options": {"preset": "classic"},
               "state": {"phase": "S1901M", "units": {"FRANCE": ["A PAR"], "ITALY": ["A PIE"]},
                         "treasury": {"FRANCE": 10, "ITALY": 10}},
               "orders": {"FRANCE": ["4.5 : A PIE - MAR"], "ITALY": ["4 : A PIE - TYR"]}}
    out = handle_request(request)
    assert out["state"]["units"]["ITALY"] == ["A MAR"] and out["state"]["treasury"]["FRANCE"] == 5


@pytest.mark.parametrize("line", ["-5 : A PAR - BUR", "- 5 : A PAR - BUR", "-5 $", "PAY -5 TO Italy"])
def test_3_1_a_negative_amount_is_refused_saying_amounts_are_never_negative(reader, line):
    """3.1 "a non-negative number (including zero) of whole silver pieces": the reason names the amount."""
    assert "an amount is never negative" in reason(reader, line)
