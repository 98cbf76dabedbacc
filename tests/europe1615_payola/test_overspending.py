"""The Europe 1615 Payola editions restrict bribes (their hooks); rule 5.5 in rounds agrees with its passes on them.

The editions answer ``plain_bribes`` with None, so determination asks their
four hooks offer by offer; random sheets at the Spring position of each
edition (foreign moves, zero offers, Papal units, minors' fixed tie lists),
with small amounts and with amounts fifty times larger, give the same
outcome as the pass-by-pass loop (``tests/payola/reference.py``).
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from judge.engine import adjudicate
from judge.engine.orders import Convoy, Hold, Move, Order, Support, Unit
from judge.engine.state import GameState
from judge.variants.payola.determination import determine
from judge.variants.payola.offers import Amount, Offer
from judge.variants.payola.prepared import OfferReader, units_by_province
from tests.europe1615_payola.helpers import EDITIONS, ruleset, start, variant
from tests.payola.reference import determine_pass_by_pass, fingerprint


def _spring(edition: str) -> GameState:
    v, state = variant(edition), start(edition)
    while state.phase.kind != "M":
        state = adjudicate(v, state, {}).state
    return state


def _orders(board: Any, unit: Unit, rng: random.Random) -> list[Order]:
    near = sorted(board.army_adjacency.get(board.province_of(unit.location), ())) if unit.type == "A" \
        else sorted(board.fleet_adjacency.get(unit.location, ()))
    orders: list[Order] = [Hold(unit.type, unit.location)]
    orders += [Move(unit.type, unit.location, n) for n in near[:3]]
    orders += [Support(unit.type, unit.location, None, board.province_of(n)) for n in near[:2]]
    orders += [Convoy(unit.type, unit.location, board.province_of(near[0]), near[-1])] if near else []
    return rng.sample(orders, k=min(len(orders), rng.randint(1, 3)))


def _sheets(board: Any, state: GameState, powers: list[str], rng: random.Random,
            scale: int) -> dict[str, list[object]]:
    units = [u for us in state.units.values() for u in us]
    reader = OfferReader(board, units_by_province(board, state))
    sheets: dict[str, list[object]] = {}
    for power in powers:
        sheet: list[object] = []
        for _ in range(rng.randint(3, 20)):
            unit = rng.choice(units)
            offer = Offer((Amount(rng.choice([0, 0, 1, 2, 3, 5]) * scale),), rng.choice("::::!>@&"), unit,
                          tuple(_orders(board, unit, rng)))
            sheet.append(Offer(offer.amounts, offer.kind, offer.unit, offer.orders, reader.read(offer)))
        sheets[power] = sheet
    return sheets


@pytest.mark.parametrize("scale", [1, 50])
@pytest.mark.parametrize("edition", EDITIONS)
def test_rounds_and_passes_agree_under_the_editions_restrictions(edition: str, scale: int) -> None:
    rules, state = ruleset(edition), _spring(edition)
    assert rules.plain_bribes(state) is None  # the editions restrict: their hooks are asked
    powers = sorted(rules.map.powers)
    refused = reductions = 0
    for seed in range(40):
        rng = random.Random(seed)
        sheets = _sheets(rules.map, state, powers, rng, scale)
        balances = {p: rng.randint(0, 25) * scale for p in powers}
        args = (rules.map, rules, state, sheets, balances, {}, f"e{seed}")
        found = fingerprint(determine(*args))
        assert found == fingerprint(determine_pass_by_pass(*args)), f"{edition} phase {seed}"
        refused += sum(len(led["refused"]) for led in found["ledgers"].values())
        reductions += sum(led["reductions"] for led in found["ledgers"].values())
    assert refused > 100 and reductions > 40 * scale  # the restrictions were met (foreign moves, zero offers)
