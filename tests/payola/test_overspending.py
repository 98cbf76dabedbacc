"""Rule 5.5 in rounds (``overspending.py``) gives exactly the outcome of its passes made one by one.

The reference is the pass-by-pass loop the judge had before issue 21
(``tests/payola/reference.py``).  Random phases (seeded, ``randomphase.py``)
go through both: every order, reason, payment, ledger line (``reductions``
included), refusal, rebate and earning must be equal.  The phases reach ties
of every kind, negative, move, hold and gift offers, zero offers,
repetitions, plateaus (some above their bribe), savings, ``?`` lists,
unplayed powers, offers read on arrival, against another position or not at
all, Classic's one offer per unit, eBayola, and hooks that restrict bribes as
the Europe 1615 editions do; with small amounts, and with amounts scaled up
so that the loop repeats long cycles.  Whole movement phases with the Zero
Sum, eBayola and Classic options are played both ways too.
"""

from __future__ import annotations

import json
import random
from contextlib import nullcontext
from typing import Any

import pytest

from judge.engine.orders import Hold, Move, Support, Unit
from judge.engine.state import GameState, Phase
from judge.engine.variant import Variant
from judge.variants import load_variant
from judge.variants.payola.determination import TWICE, determine
from judge.variants.payola.ledger import BY_DUMMY, BY_FURTHER, BY_LIST, BY_SEQUENCE, BY_TOTAL, NO_OFFER
from judge.variants.payola.offers import Amount, Offer, Savings
from judge.variants.payola.prepared import OfferReader, units_by_province
from tests.payola.randomphase import random_offer, random_phase
from tests.payola.reference import determine_pass_by_pass, fingerprint, pass_by_pass

PHASES = 1200
SCALED = 240
MOVEMENT_PHASES = 24


def _both(variant: Variant, seed: int, scale: int = 1) -> tuple[dict[str, Any], int, int]:
    """The phase's outcome (it must be the reference's), the rounds it took, and the reference's passes."""
    *args, options = random_phase(variant, seed, scale)
    done = determine(*args, **options)
    slow = determine_pass_by_pass(*args, **options)
    found = fingerprint(done)
    assert found == fingerprint(slow), f"phase {seed} scale {scale}"
    return found, done.rounds, slow.rounds


def test_rounds_give_the_pass_by_pass_outcome_on_random_phases(payola: Variant) -> None:
    reasons: set[str] = set()
    seen = dict.fromkeys(["reductions", "rebates", "twice", "refused", "plateau", "earned"], 0)
    for seed in range(PHASES):
        found, _, _ = _both(payola, seed)
        reasons |= {d[4] for d in found["decisions"]}
        ledgers = found["ledgers"].values()
        seen["reductions"] += sum(led["reductions"] for led in ledgers)
        seen["rebates"] += sum(len(led.get("rebates", ())) for led in ledgers)
        seen["twice"] += sum(why == TWICE for led in ledgers for _, why in led["refused"])
        seen["refused"] += sum(len(led["refused"]) for led in ledgers)
        seen["earned"] += sum(found["earned"].values())
        seen["plateau"] += any("#" in text for led in ledgers for text, _, _ in led["accepted"])
    assert reasons == {BY_TOTAL, BY_LIST, BY_SEQUENCE, BY_FURTHER, BY_DUMMY, NO_OFFER}
    assert all(count > 20 for count in seen.values()), seen


@pytest.mark.parametrize("scale", [7, 40, 150])
def test_rounds_give_the_pass_by_pass_outcome_with_larger_amounts(payola: Variant, scale: int) -> None:
    """Amounts and balances times ``scale``: long runs and cycles of passes, repeated at once."""
    rounds = passes = 0
    for seed in range(SCALED // 3):
        _, made, reference = _both(payola, seed, scale)
        rounds, passes = rounds + made, passes + reference
    assert passes > 2 * rounds and rounds < 25 * (SCALED // 3), (passes, rounds)  # ~16 a phase at every scale


def _movement_orders(state: GameState, rng: random.Random, board: Any) -> dict[str, list[object]]:
    units = [u for us in state.units.values() for u in us]
    orders: dict[str, list[object]] = {}
    for power in sorted(state.units):
        orders[power] = [random_offer(board, units, rng, rng.choice([1, 1, 30])) for _ in range(rng.randint(3, 12))]
        if rng.random() < 0.3:
            orders[power].append(Savings(rng.randint(0, 8)))
    return orders


@pytest.mark.parametrize("options", [{"zero_sum": True}, {"ebayola": True}, {"preset": "classic"}, {}])
def test_movement_phases_play_alike_in_rounds_and_pass_by_pass(options: dict[str, Any]) -> None:
    variant = load_variant("payola", options)
    handler = variant.ruleset.phase_handlers()["M"]
    for seed in range(MOVEMENT_PHASES):
        rng = random.Random(seed)
        state = variant.ruleset.initial_state()
        orders = _movement_orders(state, rng, variant.map)
        outcomes = []
        for slow in (False, True):
            with pass_by_pass() if slow else nullcontext():
                done = handler(state, orders)
            outcomes.append(json.dumps([done.state.extra, {p: [str(u) for u in us] for p, us in done.state.units.items()},
                                        [str(r) for r in done.results]], sort_keys=True, default=str))
        assert outcomes[0] == outcomes[1], f"{options} phase {seed}"


def test_money_beyond_64_bits_is_counted_in_full(payola: Variant) -> None:
    """Balances and bribes of any size (a JSON request's): the rounds do not grow with them."""
    state = GameState(Phase.parse("S1901M"), {"ITALY": [Unit("F", "NAP")], "FRANCE": [Unit("A", "PAR")]})
    huge = 10 ** 30
    sheets: dict[str, list[object]] = {
        "FRANCE": [Offer((Amount(huge),), ":", Unit("F", "NAP"), (Move("F", "NAP", "ION"),))],
        "ITALY": [Offer((Amount(huge - 1),), ":", Unit("F", "NAP"), (Move("F", "NAP", "TYS"),))]}
    done = determine(payola.map, payola.ruleset, state, sheets, {"FRANCE": huge, "ITALY": 3}, {}, "big")
    assert [str(o) for o in done.orders["ITALY"]] == ["F NAP - ION"]  # France's bribe is the larger, and paid in full
    assert done.ledgers["FRANCE"].balance_after == 0
    assert done.ledgers["ITALY"].reductions == 0 and done.rounds == 0  # Italy pays nothing: nobody overspends
    poorer = determine(payola.map, payola.ruleset, state, sheets, {"FRANCE": 5, "ITALY": 3}, {}, "big")
    assert poorer.ledgers["FRANCE"].reductions > 10 ** 29 and poorer.rounds < 20
    assert 0 <= poorer.ledgers["FRANCE"].balance_after and poorer.ledgers["FRANCE"].spent <= 5


def test_offers_with_many_alternatives_and_plateaus(payola: Variant) -> None:
    """Many orders in one offer, of every kind, with and without plateaus, big and small."""
    state = GameState(Phase.parse("S1901M"), {"FRANCE": [Unit("A", "BUR")], "GERMANY": [Unit("A", "MUN")],
                                              "ITALY": [Unit("F", "NAP")]})
    board = payola.map
    near = sorted(board.army_adjacency[board.province_of("BUR")])
    many = (Hold("A", "BUR"), *[Move("A", "BUR", n) for n in near], *[Support("A", "BUR", None, n) for n in near])
    reader = OfferReader(board, units_by_province(board, state))
    for plateau, scale in ((0, 1), (2, 1), (0, 300), (2, 300)):
        offers = [Offer((Amount(4 * scale, times=3, plateau=plateau * scale),), kind, Unit("A", "BUR"), many[::step])
                  for kind, step in ((":", 1), ("!", 2), (">", 1), ("@", 3))]
        sheets: dict[str, list[object]] = {
            "GERMANY": [Offer(o.amounts, o.kind, o.unit, o.orders, reader.read(o)) for o in offers],
            "FRANCE": [Offer((Amount(9 * scale),), ":", Unit("A", "BUR"), (Move("A", "BUR", near[-1]),))]}
        args = (board, payola.ruleset, state, sheets, {"FRANCE": 9, "GERMANY": 20, "ITALY": 0}, {}, "many")
        assert fingerprint(determine(*args)) == fingerprint(determine_pass_by_pass(*args)), (plateau, scale)
