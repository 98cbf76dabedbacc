"""Section 6 variations a game may choose (``SET RULE``): 6.4 eBayola and 6.7 Zero Sum Payola."""

from __future__ import annotations

from judge.engine.phases import adjudicate
from judge.variants import load_variant

from tests.payola.conftest import order_of, position, run, sheet

ITALY_FLEET = {"ITALY": ["F NAP"], "FRANCE": ["A PAR"], "AUSTRIA": ["A VIE"], "GERMANY": ["A BER"]}
RICH = {"ITALY": 50, "FRANCE": 50, "AUSTRIA": 50, "GERMANY": 50}


def _spent(done, power: str) -> int:
    return done.ledgers[power].spent


def test_6_4_ebayola_the_winner_pays_one_more_than_the_best_losing_total(payola):
    sheets = {"FRANCE": ["10 : F NAP - ION"], "GERMANY": ["4 : F NAP - TYS"]}
    done = run(payola, position(ITALY_FLEET), sheets, RICH, ebayola=True)
    assert order_of(done, "F NAP") == "F NAP - ION"
    assert _spent(done, "FRANCE") == 5 and done.ledgers["FRANCE"].rebates == [("10 : F NAP - ION", 5)]
    assert done.ledgers["FRANCE"].accepted == [("10 : F NAP - ION", "F NAP - ION", 5)]
    assert done.earned == {"ITALY": 5}
    plain = run(payola, position(ITALY_FLEET), sheets, RICH)
    assert _spent(plain, "FRANCE") == 10 and "rebates" not in plain.ledgers["FRANCE"].as_json()


def test_6_4_ebayola_the_saving_goes_back_in_the_order_of_the_owners_acceptance_list(payola):
    """France and Austria pay 6 each for ION (12), Germany 4 for TYS: the order costs 5, 7 goes back."""
    sheets = {"FRANCE": ["6 : F NAP - ION"], "AUSTRIA": ["6 : F NAP - ION"], "GERMANY": ["4 : F NAP - TYS"]}
    austria_first = run(payola, position(ITALY_FLEET), sheets, RICH, {"ITALY": "IAF?"}, ebayola=True)
    assert (_spent(austria_first, "AUSTRIA"), _spent(austria_first, "FRANCE")) == (0, 5)
    france_first = run(payola, position(ITALY_FLEET), sheets, RICH, {"ITALY": "IFA?"}, ebayola=True)
    assert (_spent(france_first, "AUSTRIA"), _spent(france_first, "FRANCE")) == (5, 0)
    assert _spent(france_first, "GERMANY") == 0


def test_6_4_ebayola_an_order_without_a_rival_costs_one_and_a_tie_costs_in_full(payola):
    alone = run(payola, position(ITALY_FLEET), {"ITALY": ["5 : F NAP - ION"]}, RICH, ebayola=True)
    assert _spent(alone, "ITALY") == 1
    tie = run(payola, position(ITALY_FLEET), {"FRANCE": ["5 : F NAP - ION"], "GERMANY": ["5 : F NAP - TYS"]},
              RICH, {"ITALY": "IFG?"}, ebayola=True)
    assert order_of(tie, "F NAP") == "F NAP - ION" and _spent(tie, "FRANCE") == 5


def test_6_4_ebayola_is_a_game_option_played_by_the_movement_phase():
    variant = load_variant("payola", {"ebayola": True})
    state = variant.ruleset.initial_state()
    orders = {"FRANCE": sheet(variant, "10 : F NAP - ION"), "GERMANY": sheet(variant, "4 : F NAP - TYS")}
    after = adjudicate(variant, state, orders).state
    assert after.extra["treasury"]["FRANCE"] == 48 - 5
    assert after.extra["ledgers"]["FRANCE"]["rebates"] == [["10 : F NAP - ION", 5]]


def _year(variant, state, spring: dict[str, list[str]], fall: dict[str, list[str]]):
    """Spring and Fall movement with these sheets, then the Winter adjustments without orders."""
    states = [state]
    for lines in (spring, fall, {}):
        orders = {p: sheet(variant, *ls) for p, ls in lines.items()}
        states.append(adjudicate(variant, states[-1], orders).state)
    return states


def test_6_7_zero_sum_starts_with_ten_per_centre_and_pays_no_taxes():
    variant = load_variant("payola", {"zero_sum": True})
    state = variant.ruleset.initial_state()
    assert state.extra["treasury"]["FRANCE"] == 30 and state.extra["treasury"]["RUSSIA"] == 40
    *_, winter = _year(variant, state, {}, {})
    assert str(winter.phase) == "S1902M" and winter.extra["treasury"]["FRANCE"] == 30
    assert not any("income" in e[1] for es in winter.extra.get("accounts", {}).values() for e in es)
    taxed = _year(load_variant("payola"), load_variant("payola").ruleset.initial_state(), {}, {})[-1]
    assert taxed.extra["treasury"]["FRANCE"] == 48 + 48  # the formal rules: a year's income (2.1)


def test_6_7_money_paid_to_a_powers_units_is_deposited_after_the_fall_turn():
    variant = load_variant("payola", {"zero_sum": True})
    start, spring, fall, winter = _year(variant, variant.ruleset.initial_state(),
                                        {"FRANCE": ["5 : F NAP - ION"]}, {"AUSTRIA": ["3 : F ION H"]})
    assert spring.extra["treasury"]["ITALY"] == 30 and spring.extra["treasury"]["FRANCE"] == 25
    assert fall.extra["treasury"]["AUSTRIA"] == 27 and fall.extra["earned"] == {"ITALY": 8}
    assert winter.extra["treasury"]["ITALY"] == 30 + 8 and "earned" not in winter.extra
    total = sum(winter.extra["treasury"].values())
    assert total == sum(start.extra["treasury"].values())  # nothing printed, nothing lost


def test_6_7_the_first_capture_of_a_neutral_centre_brings_ten():
    variant = load_variant("payola", {"zero_sum": True})
    *_, winter = _year(variant, variant.ruleset.initial_state(), {"FRANCE": ["A PAR - BUR"]},
                       {"FRANCE": ["A BUR - BEL"]})
    assert "BEL" in winter.centers["FRANCE"]
    assert winter.extra["treasury"]["FRANCE"] == 30 + 10
    assert ["W1901A", "first capture of BEL (6.7)", 10, 40] in winter.extra["accounts"]["FRANCE"]


def test_6_7_a_centre_taken_carries_the_losers_treasury_over_its_centres_at_the_start_of_the_year():
    """Germany takes Paris: France (30 AgP, 3 centres in Spring) pays it 30 // 3 = 10."""
    variant = load_variant("payola", {"zero_sum": True})
    *_, winter = _year(variant, variant.ruleset.initial_state(),
                       {"FRANCE": ["A PAR - PIC"], "GERMANY": ["A MUN - BUR"]}, {"GERMANY": ["A BUR - PAR"]})
    assert "PAR" in winter.centers["GERMANY"]
    assert winter.extra["treasury"]["FRANCE"] == 20 and winter.extra["treasury"]["GERMANY"] == 40
    assert ["W1901A", "PAR taken from FRANCE (6.7)", 10, 40] in winter.extra["accounts"]["GERMANY"]


def test_6_4_and_6_7_are_rule_options_a_gm_may_set():
    names = {o.name: o for o in load_variant("payola").ruleset.rule_options()}
    assert names["ebayola"].value is False and "6.4" in names["ebayola"].note
    assert names["zero_sum"].value is False and "6.7" in names["zero_sum"].note
    assert load_variant("payola", {"ebayola": True, "zero_sum": True}).ruleset.payola.zero_sum
