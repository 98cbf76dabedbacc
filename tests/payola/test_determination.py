"""Rules 3.1 (kinds), 3.3, 4.4 and 5.1–5.6: the order each unit issues and what each power pays."""

from __future__ import annotations

from judge.variants.payola.ledger import BY_DUMMY, BY_FURTHER, BY_LIST, BY_SEQUENCE, BY_TOTAL, NO_OFFER
from judge.variants.payola.ruleset import Payola

from tests.payola.conftest import order_of, position, run

ITALY_FLEET = {"ITALY": ["F NAP"], "FRANCE": ["A PAR"], "AUSTRIA": ["A VIE"], "GERMANY": ["A BER"]}
RICH = {"ITALY": 50, "FRANCE": 50, "AUSTRIA": 50, "GERMANY": 50}


def test_3_1_move_offer_pays_for_any_move_the_rules_example(payola):
    """``5 > F Nap - ION`` pays five if the fleet moves to ION, or anywhere else (Rome here)."""
    done = run(payola, position(ITALY_FLEET), {"FRANCE": ["5 > F Nap - ION"], "ITALY": ["6 : F NAP - ROM"]}, RICH)
    assert order_of(done, "F NAP") == "F NAP - ROM"
    assert done.ledgers["FRANCE"].spent == 5 and done.ledgers["ITALY"].spent == 6
    assert done.ledgers["ITALY"].units == [("F NAP", "F NAP - ROM", 11)]


def test_3_1_move_offer_does_not_pay_for_a_support(payola):
    done = run(payola, position(ITALY_FLEET), {"FRANCE": ["5 > F Nap H"], "ITALY": ["6 : F NAP S A ROM"]}, RICH)
    assert order_of(done, "F NAP") == "F NAP S A ROM"
    assert done.ledgers["FRANCE"].spent == 0


def test_3_1_hold_offer_pays_for_hold_or_support_the_rules_example(payola):
    """``5 @ F Nap - ION`` pays if the fleet holds or supports anything, or moves to ION, not if it moves elsewhere."""
    held = run(payola, position(ITALY_FLEET), {"FRANCE": ["5 @ F Nap - ION"], "ITALY": ["6 : F NAP S A ROM"]}, RICH)
    assert order_of(held, "F NAP") == "F NAP S A ROM"
    assert held.ledgers["FRANCE"].spent == 5 and held.ledgers["ITALY"].units[0][2] == 11
    moved = run(payola, position(ITALY_FLEET), {"FRANCE": ["5 @ F Nap - ION"], "ITALY": ["6 : F NAP - ROM"]}, RICH)
    assert order_of(moved, "F NAP") == "F NAP - ROM" and moved.ledgers["FRANCE"].spent == 0


def test_3_1_negative_offer_makes_a_zero_hold_and_pays_for_anything_else(payola):
    done = run(payola, position(ITALY_FLEET), {"FRANCE": ["5 ! F NAP - ION"], "ITALY": ["3 : F NAP - ION"]}, RICH)
    assert order_of(done, "F NAP") == "F NAP H"
    assert done.ledgers["FRANCE"].spent == 5 and done.ledgers["ITALY"].spent == 0


def test_3_2_negative_with_bars_pays_for_none_of_them(payola):
    done = run(payola, position(ITALY_FLEET), {"FRANCE": ["5 ! F NAP - ION | - ROM"],
                                               "ITALY": ["6 : F NAP - ROM", "1 : F NAP - TYS"]}, RICH)
    assert order_of(done, "F NAP") == "F NAP - ROM"  # TYS 1+5 = 6 ties ROM 6; Italy's sheet: ROM first (5.3)
    done = run(payola, position(ITALY_FLEET), {"FRANCE": ["5 ! F NAP - ION | - ROM"],
                                               "ITALY": ["6 : F NAP - ROM", "2 : F NAP - TYS"]}, RICH)
    assert order_of(done, "F NAP") == "F NAP - TYS" and done.ledgers["FRANCE"].spent == 5


def test_3_1_gift_pays_whatever_the_unit_does(payola):
    done = run(payola, position(ITALY_FLEET), {"FRANCE": ["2 & F NAP - ION"], "ITALY": ["9 : F NAP - ROM"]}, RICH)
    assert order_of(done, "F NAP") == "F NAP - ROM" and done.ledgers["FRANCE"].spent == 2


def test_3_3_own_unit_without_offer_holds_by_default(payola):
    done = run(payola, position(ITALY_FLEET), {"FRANCE": ["1 : A VIE - BOH"]}, RICH)
    assert order_of(done, "F NAP") == "F NAP H"
    assert next(d for d in done.decisions if d.unit == "F NAP").reason == NO_OFFER
    assert order_of(done, "A VIE") == "A VIE - BOH"  # one AgP beats Austria's default 0 HOLD


def test_5_1_totals_add_every_power(payola):
    done = run(payola, position(ITALY_FLEET), {"FRANCE": ["3 : A VIE - BOH"], "GERMANY": ["3 : A VIE - BOH"],
                                               "AUSTRIA": ["5 : A VIE - TRI"]}, RICH)
    assert order_of(done, "A VIE") == "A VIE - BOH"
    assert done.ledgers["AUSTRIA"].lost == [("5 : A VIE - TRI", "A VIE - BOH", f"{BY_TOTAL}: 6 for A VIE - BOH")]


def test_5_2_tie_goes_to_the_owners_first_listed_offerer(payola):
    sheets = {"FRANCE": ["5 : F NAP - ION"], "AUSTRIA": ["5 : F NAP - ROM"]}
    first = run(payola, position(ITALY_FLEET), sheets, RICH, {"ITALY": "IAFGERT"})
    assert order_of(first, "F NAP") == "F NAP - ROM"
    assert next(d for d in first.decisions if d.unit == "F NAP").reason == BY_LIST
    second = run(payola, position(ITALY_FLEET), sheets, RICH, {"ITALY": "IFAGERT"})
    assert order_of(second, "F NAP") == "F NAP - ION"
    assert second.ledgers["AUSTRIA"].lost[0][2] == f"{BY_LIST}: 5 for F NAP - ION"


def test_5_2_the_owners_list_not_the_offerers(payola):
    sheets = {"FRANCE": ["5 : F NAP - ION"], "AUSTRIA": ["5 : F NAP - ROM"]}
    done = run(payola, position(ITALY_FLEET), sheets, RICH, {"ITALY": "FAIGERT", "FRANCE": "AFIGERT"})
    assert order_of(done, "F NAP") == "F NAP - ION"


def test_5_3_tie_by_the_order_of_the_earliest_powers_sheet(payola):
    sheets = {"FRANCE": ["5 : F NAP - TYS", "5 : F NAP - ION"]}
    done = run(payola, position(ITALY_FLEET), sheets, RICH, {"ITALY": "F?"})
    assert order_of(done, "F NAP") == "F NAP - TYS"
    assert any(d.reason == BY_SEQUENCE for d in done.decisions)
    done = run(payola, position(ITALY_FLEET), {"FRANCE": ["5 : F NAP - ION | - TYS"]}, RICH, {"ITALY": "F?"})
    assert order_of(done, "F NAP") == "F NAP - ION"  # within one offer, the order written first


def test_5_4_same_negative_offer_consults_the_next_power(payola):
    """France's only offer for ION and ROM is one negative offer: Italy's list goes on to the next offerer."""
    sheets = {"FRANCE": ["5 ! F NAP - TYS"], "AUSTRIA": ["2 : F NAP - ION"], "GERMANY": ["2 : F NAP - ROM"]}
    done = run(payola, position(ITALY_FLEET), sheets, RICH, {"ITALY": "IFGAERT"})
    assert order_of(done, "F NAP") == "F NAP - ROM"
    assert any(d.reason == BY_FURTHER for d in done.decisions)
    done = run(payola, position(ITALY_FLEET), sheets, RICH, {"ITALY": "IFAGERT"})
    assert order_of(done, "F NAP") == "F NAP - ION"
    assert done.ledgers["FRANCE"].spent == 5


def test_4_4_an_unplayed_powers_unit_holds_on_a_tie_reported_one_more(payola):
    sheets = {"FRANCE": ["5 : F NAP - ION"], "AUSTRIA": ["5 : F NAP - ROM"]}
    done = run(payola, position(ITALY_FLEET), sheets, RICH, dummies=["ITALY"])
    decision = next(d for d in done.decisions if d.unit == "F NAP")
    assert (decision.order, decision.total, decision.reason) == ("F NAP H", 6, BY_DUMMY)
    assert done.ledgers["FRANCE"].spent == 0 and done.ledgers["AUSTRIA"].spent == 0
    sheets["GERMANY"] = ["2 : F NAP H", "3 : A BER - KIE"]  # HOLD 2, one below the tie: it pays for the HOLD
    done = run(payola, position(ITALY_FLEET), sheets, RICH, dummies=["ITALY"])
    assert order_of(done, "F NAP") == "F NAP H" and done.ledgers["GERMANY"].spent == 5


def test_4_4_a_variants_fixed_tie_list_for_ownerless_units(payola):
    class FixedList(Payola):
        def tie_list(self, state, owner, unit):
            return ("AUSTRIA", "FRANCE")

    hooks = FixedList(payola.map, payola.ruleset.options)
    sheets = {"FRANCE": ["5 : F NAP - ION"], "AUSTRIA": ["5 : F NAP - ROM"]}
    done = run(payola, position(ITALY_FLEET), sheets, RICH, dummies=["ITALY"], hooks=hooks)
    assert order_of(done, "F NAP") == "F NAP - ROM"
    done = run(payola, position(ITALY_FLEET), sheets, RICH, accept={"ITALY": "FA?"}, hooks=hooks)
    assert order_of(done, "F NAP") == "F NAP - ROM"  # the fixed list wins over the owner's own


def test_5_5_overspender_reduced_until_solvent_and_reduced_offers_still_tie(payola):
    """6+6 with 5 AgP: four passes (5,5 / 4,4 / 3,3 / 2,2), then Italy's 2s tie and Italy's list picks Italy."""
    state = position({"ITALY": ["F NAP", "A VEN"], "FRANCE": ["A PAR"]})
    sheets = {"FRANCE": ["6 : F NAP - ION", "6 : A VEN - TYR"], "ITALY": ["2 : F NAP H", "2 : A VEN H"]}
    done = run(payola, state, sheets, {"FRANCE": 5, "ITALY": 50}, {"ITALY": "I?"})
    assert done.ledgers["FRANCE"].reductions == 4
    assert (order_of(done, "F NAP"), order_of(done, "A VEN")) == ("F NAP H", "A VEN H")
    assert done.ledgers["FRANCE"].spent == 0 and done.ledgers["ITALY"].spent == 4
    done = run(payola, state, sheets, {"FRANCE": 5, "ITALY": 50}, {"ITALY": "F?"})
    assert order_of(done, "F NAP") == "F NAP - ION" and done.ledgers["FRANCE"].spent == 4


def test_5_5_savings_are_kept_and_not_reduced(payola):
    done = run(payola, position(ITALY_FLEET), {"FRANCE": ["6 : F NAP - ION", "5 $"]}, {"FRANCE": 10})
    assert order_of(done, "F NAP") == "F NAP - ION"
    ledger = done.ledgers["FRANCE"]
    assert (ledger.spent, ledger.balance_after, ledger.savings, ledger.reductions) == (5, 5, 5, 1)


def test_3_4_savings_above_the_balance_mean_spending_nothing(payola):
    done = run(payola, position(ITALY_FLEET), {"FRANCE": ["6 : F NAP - ION", "50 $"]}, {"FRANCE": 10},
               {"ITALY": "I?"})
    assert order_of(done, "F NAP") == "F NAP H"
    assert done.ledgers["FRANCE"].spent == 0 and done.ledgers["FRANCE"].balance_after == 10


def test_5_5_plateaus_hold_until_every_offer_is_at_its_plateau(payola):
    state = position({"ITALY": ["F NAP", "A VEN"], "FRANCE": ["A PAR"]})
    done = run(payola, state, {"FRANCE": ["5# : F NAP - ION", "3 : A VEN - TYR"]}, {"FRANCE": 6})
    assert [a[2] for a in done.ledgers["FRANCE"].accepted] == [5, 1]
    done = run(payola, state, {"FRANCE": ["5# : F NAP - ION", "3# : A VEN - TYR"]}, {"FRANCE": 6})
    assert [a[2] for a in done.ledgers["FRANCE"].accepted] == [4, 2]


def test_5_5_no_bribe_goes_below_zero_after_the_plateaus(payola):
    """``9#8 + 4#3`` (13): one pass takes both bribes to their plateaus (8 + 3), then each pass one piece off each
    bribe still above zero (7 + 2, 6 + 1, 5 + 0, 4 + 0, 3 + 0…).

    The zero stage starts once: it used to start again after as many passes as the plateau stage took, and then
    cut the 4#3 bribe below zero (France paid 3 with 4 AgP, 1 with 2 AgP).
    """
    for balance, paid, passes in ((4, 4, 5), (2, 2, 7), (7, 7, 3)):
        done = run(payola, position(ITALY_FLEET), {"FRANCE": ["9#8 + 4#3 : F NAP - ION"]}, {"FRANCE": balance})
        ledger = done.ledgers["FRANCE"]
        assert (ledger.accepted[0][2], ledger.reductions) == (paid, passes), balance


def test_5_5_repetition_reduces_each_bribe(payola):
    """``4*3 + 2*4#2 + 1`` (21) with 14 AgP: one pass takes one from each of the seven bribes."""
    done = run(payola, position(ITALY_FLEET), {"FRANCE": ["4*3 + 2*4#2 + 1 : F NAP - ION"]}, {"FRANCE": 14})
    assert done.ledgers["FRANCE"].accepted[0][2] == 14 and done.ledgers["FRANCE"].reductions == 1


def test_5_6_only_contributors_to_issued_orders_pay(payola):
    done = run(payola, position(ITALY_FLEET), {"FRANCE": ["3 : F NAP - ION"], "AUSTRIA": ["4 : F NAP - ROM"],
                                               "GERMANY": ["2 : F NAP - ROM"]}, RICH)
    assert order_of(done, "F NAP") == "F NAP - ROM"
    spent = {p: led.spent for p, led in done.ledgers.items()}
    assert spent == {"FRANCE": 0, "AUSTRIA": 4, "GERMANY": 2, "ITALY": 0}
    assert done.ledgers["AUSTRIA"].balance_after == 46


def test_restriction_hooks_set_offers_aside(payola):
    class Strict(Payola):
        def may_bribe(self, state, power, owner, unit):
            return power != "GERMANY"

        def may_buy(self, state, power, owner, unit, order):
            return power == owner or not str(order).split()[2:3] == ["-"]

    hooks = Strict(payola.map, payola.ruleset.options)
    done = run(payola, position(ITALY_FLEET), {"GERMANY": ["9 : F NAP S A ROM"], "FRANCE": ["9 : F NAP - ION"]},
               RICH, hooks=hooks)
    assert order_of(done, "F NAP") == "F NAP H"
    assert done.ledgers["GERMANY"].refused[0][1] == "GERMANY may not bribe F NAP"
    assert "FRANCE may not buy" in done.ledgers["FRANCE"].refused[0][1]


def test_acceptance_question_mark_expanded_once_from_the_seed(payola):
    sheets = {p: [f"5 : F NAP - {t}"] for p, t in (("FRANCE", "ION"), ("AUSTRIA", "ROM"), ("GERMANY", "TYS"))}
    picks = {}
    for seed in map(str, range(30)):
        first = run(payola, position(ITALY_FLEET), sheets, RICH, {"ITALY": "I?"}, seed=seed)
        again = run(payola, position(ITALY_FLEET), sheets, RICH, {"ITALY": "I?"}, seed=seed)
        assert first.lists == again.lists and first.decisions == again.decisions
        assert first.lists["ITALY"][0] == "ITALY" and sorted(first.lists["ITALY"]) == sorted(RICH)
        picks[order_of(first, "F NAP")] = seed
    assert len(picks) == 3  # the seed decides, and every tied offerer can win


def test_zero_offer_to_foreign_unit_set_aside_at_determination(payola):
    done = run(payola, position(ITALY_FLEET), {"FRANCE": ["0 : F NAP - ION"]}, RICH, {"ITALY": "F?"})
    assert order_of(done, "F NAP") == "F NAP H"
    assert "zero offers" in done.ledgers["FRANCE"].refused[0][1]


def test_6_5_loyal_units_obey_their_owner_and_unplayed_units_take_bribes():
    from judge.variants import load_variant
    loyal = load_variant("payola", {"loyal_units": True})
    state = position({"ITALY": ["F NAP"], "FRANCE": ["A PAR"], "AUSTRIA": ["A VIE"]})
    state.extra["dummies"] = ["AUSTRIA"]
    sheets = {"FRANCE": ["9 : F NAP - ION", "4 : A VIE - BOH"], "ITALY": ["F NAP - TYS"]}
    done = run(loyal, state, sheets, RICH, dummies=["AUSTRIA"])
    assert order_of(done, "F NAP") == "F NAP - TYS" and order_of(done, "A VIE") == "A VIE - BOH"
    assert "FRANCE may not bribe F NAP" in done.ledgers["FRANCE"].refused[0][1]
    assert done.ledgers["FRANCE"].spent == 4


class _Asked:
    """A ruleset's hooks, counting how often determination asks them; ``plain`` says whether it vouches for 3.1 alone."""

    def __init__(self, inner: Payola, plain: bool) -> None:
        self.inner, self.plain, self.calls = inner, plain, 0

    def plain_bribes(self, state):
        return self.inner.plain_bribes(state) if self.plain else None

    def __getattr__(self, name):
        def asked(*args):
            self.calls += 1
            return getattr(self.inner, name)(*args)
        return asked


def test_plain_bribes_asks_no_hook_per_offer_with_the_same_outcome(payola):
    """A ruleset limited by 3.1 alone (``plain_bribes``): no hook is asked, and 3.1 refuses the same offers."""
    sheets = {"FRANCE": ["0 : F NAP - ION", "2 : F NAP - ROM", "3 : A PAR - BUR", "1 : A PAR - MUN", "0 : A PAR H"],
              "ITALY": ["1 : F NAP - TYS"], "AUSTRIA": ["2 ! F NAP - ROM"]}
    outcomes = []
    for plain in (True, False):
        hooks = _Asked(payola.ruleset, plain)
        done = run(payola, position(ITALY_FLEET), sheets, RICH, hooks=hooks)
        outcomes.append((done.decisions, {p: led.as_json() for p, led in done.ledgers.items()}, hooks.calls))
    assert outcomes[0][2] == 0 and outcomes[1][2] > 0
    assert outcomes[0][:2] == outcomes[1][:2]
    refused = outcomes[0][1]["FRANCE"]["refused"]
    assert [why for _, why in refused][0] == "zero offers to a foreign unit are not allowed (3.1)"
    assert len(refused) == 2  # the zero to Italy's fleet; A PAR - MUN is no move an army in Paris can make


def test_4_2_the_default_list_is_the_powers_own_then_the_rest_from_the_seed():
    """``expand_lists`` writes a missing list out itself (each phase, every power): as ``default_accept`` expanded."""
    from judge.variants.payola.basics import expand_lists
    from judge.variants.payola.offers import default_accept
    powers = sorted(RICH) + ["RUSSIA", "TURKEY", "ENGLAND"]
    for seed in map(str, range(40)):
        assert expand_lists(powers, {}, seed) == expand_lists(powers, {p: default_accept(p) for p in powers}, seed)
