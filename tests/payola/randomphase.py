"""Random positions and phases for the Payola tests that compare two ways of determining orders on many phases.

:func:`random_position` serves ``test_same_outcome.py`` (whose digest rests
on its random stream); :func:`random_phase` makes a whole phase for
``test_overspending.py``: sheets with every kind of offer, repetitions,
plateaus (some above their bribe), savings, ``?`` lists, unplayed powers,
offers read on arrival, against another position or not at all, hooks that
restrict as the Europe 1615 editions do, Classic's one offer per unit and
eBayola.  ``scale`` multiplies every amount and balance, so that the
over-expenditure loop of 5.5 runs for long stretches (and two big offers
can take turns at a unit).
"""

from __future__ import annotations

import random
import zlib
from collections.abc import Callable
from typing import Any

from judge.engine.geography import Map
from judge.engine.orders import Convoy, Hold, Move, Order, Support, Unit
from judge.engine.state import GameState, Phase
from judge.engine.variant import Variant
from judge.variants import load_variant
from judge.variants.payola.offers import REST, Accept, Amount, Offer, Savings
from judge.variants.payola.prepared import OfferReader, units_by_province


def random_position(board: Map, rng: random.Random, count: Callable[[random.Random], int]) -> GameState:
    """``count(rng)`` units on distinct provinces, dealt to the powers in turn, armies or fleets where each may stand."""
    powers = sorted(board.powers)
    provinces = sorted(board.provinces)
    rng.shuffle(provinces)
    units: dict[str, list[Unit]] = {p: [] for p in powers}
    for i, province in enumerate(provinces[:count(rng)]):
        fleet = [loc for loc in board.locations_of(province) if board.fleet_adjacency.get(loc)]
        army = board.provinces[province].terrain.name != "SEA"
        unit = Unit("F", rng.choice(fleet)) if fleet and (not army or rng.random() < 0.5) else Unit("A", province)
        units[powers[i % len(powers)]].append(unit)
    return GameState(Phase.parse("S1901M"), units)


class Restrictive:
    """Hooks that refuse some bribes, orders and zero offers and fix some tie lists, as a pure function of their arguments."""

    def __init__(self, inner: Any, salt: str) -> None:
        self.inner, self.salt = inner, salt

    def _coin(self, *parts: object, one_in: int) -> bool:
        return zlib.crc32(":".join([self.salt, *map(str, parts)]).encode()) % one_in == 0

    def plain_bribes(self, state: GameState) -> None:
        return None  # it restricts: ask the hooks

    def may_bribe(self, state: GameState, power: str, owner: str, unit: Unit) -> bool:
        return not self._coin("bribe", power, unit, one_in=9)

    def may_buy(self, state: GameState, power: str, owner: str, unit: Unit, order: Order) -> bool:
        return power == owner or isinstance(order, (Hold, Support)) or not self._coin("buy", power, order, one_in=3)

    def may_offer_zero(self, state: GameState, power: str, owner: str, unit: Unit) -> bool:
        return power == owner or self._coin("zero", power, unit, one_in=2)

    def tie_list(self, state: GameState, owner: str, unit: Unit) -> tuple[str, ...] | None:
        if self._coin("tie", owner, one_in=3):
            return ("TURKEY", "NOWHERE", "AUSTRIA", "FRANCE", "TURKEY")  # a power twice, a name that is none
        return None


def _position(board: Map, rng: random.Random) -> GameState:
    return random_position(board, rng, lambda r: r.choice([3, 8, 15, 25, 34]))


def random_orders(board: Map, unit: Unit, rng: random.Random) -> list[Order]:
    """One to three orders of the unit: holds, moves near and far, supports, a convoy, one for another unit type."""
    near = sorted(board.army_adjacency.get(board.province_of(unit.location), ())) if unit.type == "A" \
        else sorted(board.fleet_adjacency.get(unit.location, ()))
    far = rng.choice(sorted(board.provinces))
    orders: list[Order] = [Hold(unit.type, unit.location), Move(unit.type, unit.location, far)]
    orders += [Move(unit.type, unit.location, n) for n in near[:4]]
    orders += [Support(unit.type, unit.location, None, board.province_of(n)) for n in near[:2]]
    orders += [Convoy(unit.type, unit.location, board.province_of(near[0]), far)] if near else []
    orders += [Hold("F" if unit.type == "A" else "A", unit.location)]  # not this unit: refused (3.1)
    return rng.sample(orders, k=rng.randint(1, 3))


def random_offer(board: Map, units: list[Unit], rng: random.Random, scale: int = 1) -> Offer:
    """An offer of any kind, mostly to a unit on the board; amounts (times ``scale``) with repetitions and plateaus."""
    unit = rng.choice(units) if rng.random() < 0.95 else Unit("A", rng.choice(sorted(board.provinces)))
    amounts = [Amount(rng.choice([0, 1, 1, 2, 3, 5, 8]) * scale, plateau=rng.choice([0, 0, 0, 1, 3]) * scale)]
    if rng.random() < 0.35:
        amounts.append(Amount(rng.randint(0, 4) * scale, times=rng.randint(2, 4), plateau=rng.randint(0, 2) * scale))
    return Offer(tuple(amounts), rng.choice("::::!!>>@@&"), unit, tuple(random_orders(board, unit, rng)))


def _sheets(board: Map, state: GameState, rng: random.Random, scale: int) -> dict[str, list[object]]:
    """Sheets as they come: most offers read on arrival, some against another position, some not read."""
    units = [u for us in state.units.values() for u in us]
    here = OfferReader(board, units_by_province(board, state))
    elsewhere = OfferReader(board, units_by_province(board, _position(board, rng)))
    sheets: dict[str, list[object]] = {}
    for power in sorted(state.units):
        if rng.random() < 0.1:
            continue
        sheet: list[object] = []
        for _ in range(rng.randint(0, 14)):
            offer = random_offer(board, units, rng, scale)
            reader = rng.choice([here, here, here, elsewhere, None])
            sheet.append(offer if reader is None else
                         Offer(offer.amounts, offer.kind, offer.unit, offer.orders, reader.read(offer)))
        if rng.random() < 0.4:
            sheet.insert(rng.randint(0, len(sheet)), Savings(rng.randint(0, 10) * scale))
        sheets[power] = sheet
    return sheets


#: standard Payola's hooks: plain (3.1 alone, zero offers to own units or, with zero_foreign, any), and loyal units
RULESETS = [load_variant("payola", options).ruleset for options in ({}, {}, {"zero_foreign": True}, {"loyal_units": True})]


def random_phase(variant: Variant, seed: int, scale: int = 1) -> tuple[Any, ...]:
    """``determine``'s arguments for one random phase, and its section-6 switches last (a dict)."""
    rng = random.Random(seed)
    state = _position(variant.map, rng)
    powers = sorted(state.units)
    accept = {}
    for power in powers:
        if rng.random() < 0.5:
            chosen = rng.sample(powers, k=rng.randint(1, min(4, len(powers))))
            if rng.random() < 0.6:
                chosen.insert(rng.randint(0, len(chosen)), REST)
            accept[power] = Accept(tuple(chosen))
    hooks = Restrictive(variant.ruleset, str(seed)) if rng.random() < 0.3 else rng.choice(RULESETS)
    options = {"one_offer_per_unit": rng.random() < 0.15, "ebayola": rng.random() < 0.3}
    sheets = _sheets(variant.map, state, rng, scale)
    balances = {p: rng.randint(0, 30) * scale for p in powers}
    return (variant.map, hooks, state, sheets, balances, accept, f"p{seed}", [p for p in powers if rng.random() < 0.1],
            options)
