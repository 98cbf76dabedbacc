"""Order determination gives, on seeded random phases, exactly the outcome it gave before it was made faster.

The digest below was taken from the determination of commit 72c2d18 (one
silver piece per pass, every unit re-decided after each): a faster
determination must reproduce every order, reason, payment and ledger line.
The phases are built to reach every rule: ties, negative, move, hold and gift
offers, plateaus, zero offers, savings, ``?`` lists, unplayed powers,
illegal orders and offers to empty provinces.
"""

from __future__ import annotations

import hashlib
import json
import random

from judge.engine.orders import Convoy, Hold, Move, Order, Support, Unit
from judge.engine.state import GameState
from judge.engine.variant import Variant
from judge.variants.payola.determination import determine
from judge.variants.payola.ledger import BY_DUMMY, BY_FURTHER, BY_LIST, BY_SEQUENCE, BY_TOTAL, NO_OFFER
from judge.variants.payola.offers import REST, Accept, Amount, Offer, Savings
from tests.payola.randomphase import random_position

PHASES = 300
DIGEST = "a916538e3cd6ef4c664d0ebbd1d849a58b7c773b610e365efa477c9acd75630a"


def _position(variant: Variant, rng: random.Random) -> GameState:
    return random_position(variant.map, rng, lambda r: r.randint(4, 20))


def _orders(variant: Variant, unit: Unit, rng: random.Random) -> list[Order]:
    """Some legal orders of the unit, and now and then an illegal or foreign one."""
    board = variant.map
    near = sorted(board.army_adjacency.get(board.province_of(unit.location), ())) if unit.type == "A" \
        else sorted(board.fleet_adjacency.get(unit.location, ()))
    far = rng.choice(sorted(board.provinces))
    orders: list[Order] = [Hold(unit.type, unit.location), Move(unit.type, unit.location, far)]
    orders += [Move(unit.type, unit.location, n) for n in near[:4]]
    orders += [Support(unit.type, unit.location, None, board.province_of(n)) for n in near[:2]]
    orders += [Support(unit.type, unit.location, "A", board.province_of(near[0]), far)] if near else []
    orders += [Convoy(unit.type, unit.location, board.province_of(near[0]), far)] if near else []
    orders += [Hold("F" if unit.type == "A" else "A", unit.location)]
    return rng.sample(orders, k=rng.randint(1, 3))


def _offer(variant: Variant, units: list[Unit], rng: random.Random) -> Offer:
    unit = rng.choice(units) if rng.random() < 0.95 else Unit("A", rng.choice(sorted(variant.map.provinces)))
    amounts = [Amount(rng.choice([0, 1, 1, 2, 3, 5, 8]))]
    if rng.random() < 0.35:
        amounts.append(Amount(rng.randint(0, 4), times=rng.randint(2, 4), plateau=rng.randint(0, 2)))
    return Offer(tuple(amounts), rng.choice("::::!!>>@@&"), unit, tuple(_orders(variant, unit, rng)))


def _phase(variant: Variant, rng: random.Random) -> tuple[GameState, dict, dict, dict, list[str]]:
    state = _position(variant, rng)
    powers = sorted(state.units)
    units = [u for us in state.units.values() for u in us]
    sheets: dict[str, list[object]] = {}
    for power in powers:
        if rng.random() < 0.1:
            continue
        sheet: list[object] = [_offer(variant, units, rng) for _ in range(rng.randint(0, 12))]
        if rng.random() < 0.4:
            sheet.insert(rng.randint(0, len(sheet)), Savings(rng.randint(0, 10)))
        sheets[power] = sheet
    balances = {p: rng.randint(0, 25) for p in powers}
    accept = {}
    for power in powers:
        if rng.random() < 0.5:
            chosen = rng.sample(powers, k=rng.randint(1, 4))
            if rng.random() < 0.6:
                chosen.insert(rng.randint(0, len(chosen)), REST)
            accept[power] = Accept(tuple(chosen))
    dummies = [p for p in powers if rng.random() < 0.1]
    return state, sheets, balances, accept, dummies


def _fingerprint(variant: Variant, seed: int) -> str:
    rng = random.Random(seed)
    state, sheets, balances, accept, dummies = _phase(variant, rng)
    done = determine(variant.map, variant.ruleset, state, sheets, balances, accept, f"p{seed}", dummies)
    return json.dumps({
        "orders": {p: [str(o) for o in os] for p, os in sorted(done.orders.items())},
        "decisions": [[d.owner, d.unit, d.order, d.total, d.reason] for d in done.decisions],
        "ledgers": {p: led.as_json() for p, led in sorted(done.ledgers.items())},
        "lists": {p: list(v) for p, v in sorted(done.lists.items())},
    }, sort_keys=True)


def test_random_phases_keep_their_outcome(payola: Variant) -> None:
    digest = hashlib.sha256()
    reductions, reasons = 0, set()
    for seed in range(PHASES):
        text = _fingerprint(payola, seed)
        found = json.loads(text)
        reductions += sum(led["reductions"] for led in found["ledgers"].values())
        reasons |= {d[4] for d in found["decisions"]}
        digest.update(text.encode())
    assert reductions > PHASES  # the reduction loop of 5.5 ran, often
    assert reasons == {BY_TOTAL, BY_LIST, BY_SEQUENCE, BY_FURTHER, BY_DUMMY, NO_OFFER}
    assert digest.hexdigest() == DIGEST
