"""The compiled core of order determination gives exactly the pure-Python outcome (``compiled.py``).

Random phases (seeded) go through both paths: the reference
``determine_in_python`` and ``determine_compiled`` (rules 5.1–5.5 in C); every
order, reason, payment, ledger line, refusal, rebate and earning must be equal.
The phases reach ties of every kind, negative, move, hold and gift offers,
zero offers, repetitions, plateaus (some above their bribe), savings, ``?``
lists, unplayed powers, offers read on arrival, read against another position
or not read at all, Classic's one offer per unit, eBayola, and hooks that
restrict bribes as the Europe 1615 editions do.  Whole movement phases with the
Zero Sum, eBayola and Classic options are played both ways too.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import zlib
from types import ModuleType
from typing import Any

import pytest

from judge.engine.orders import Convoy, Hold, Move, Order, Support, Unit
from judge.engine.state import GameState, Phase
from judge.engine.variant import Variant
from judge.variants import load_variant
from judge.variants.payola import compiled
from judge.variants.payola.determination import TWICE, Determination, determine, determine_in_python
from judge.variants.payola.ledger import BY_DUMMY, BY_FURTHER, BY_LIST, BY_SEQUENCE, BY_TOTAL, NO_OFFER
from judge.variants.payola.offers import REST, Accept, Amount, Offer, Savings
from judge.variants.payola.prepared import OfferReader, units_by_province
from tests.payola.randomphase import random_position

PHASES = 1200
MOVEMENT_PHASES = 90


@pytest.fixture
def determination_path() -> str:
    """Not twice here (``conftest.determination_path``): these tests run both paths themselves."""
    return "both"


@pytest.fixture
def core(monkeypatch: pytest.MonkeyPatch) -> ModuleType:
    """The compiled core, which must be built (``pip install -e .``): this fails, never skips, without it."""
    module = compiled.built()
    monkeypatch.setattr(compiled, "CORE", module)
    return module


class _Restrictive:
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


def _position(board: Any, rng: random.Random) -> GameState:
    return random_position(board, rng, lambda r: r.choice([3, 8, 15, 25, 34]))


def _orders(board: Any, unit: Unit, rng: random.Random) -> list[Order]:
    near = sorted(board.army_adjacency.get(board.province_of(unit.location), ())) if unit.type == "A" \
        else sorted(board.fleet_adjacency.get(unit.location, ()))
    far = rng.choice(sorted(board.provinces))
    orders: list[Order] = [Hold(unit.type, unit.location), Move(unit.type, unit.location, far)]
    orders += [Move(unit.type, unit.location, n) for n in near[:4]]
    orders += [Support(unit.type, unit.location, None, board.province_of(n)) for n in near[:2]]
    orders += [Convoy(unit.type, unit.location, board.province_of(near[0]), far)] if near else []
    orders += [Hold("F" if unit.type == "A" else "A", unit.location)]  # not this unit: refused (3.1)
    return rng.sample(orders, k=rng.randint(1, 3))


def _offer(board: Any, units: list[Unit], rng: random.Random) -> Offer:
    unit = rng.choice(units) if rng.random() < 0.95 else Unit("A", rng.choice(sorted(board.provinces)))
    amounts = [Amount(rng.choice([0, 1, 1, 2, 3, 5, 8]), plateau=rng.choice([0, 0, 0, 1, 3]))]
    if rng.random() < 0.35:
        amounts.append(Amount(rng.randint(0, 4), times=rng.randint(2, 4), plateau=rng.randint(0, 2)))
    return Offer(tuple(amounts), rng.choice("::::!!>>@@&"), unit, tuple(_orders(board, unit, rng)))


def _sheets(board: Any, state: GameState, rng: random.Random) -> dict[str, list[object]]:
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
            offer = _offer(board, units, rng)
            reader = rng.choice([here, here, here, elsewhere, None])
            sheet.append(offer if reader is None else
                         Offer(offer.amounts, offer.kind, offer.unit, offer.orders, reader.read(offer)))
        if rng.random() < 0.4:
            sheet.insert(rng.randint(0, len(sheet)), Savings(rng.randint(0, 10)))
        sheets[power] = sheet
    return sheets


#: standard Payola's hooks: plain (3.1 alone, zero offers to own units or, with zero_foreign, any), and loyal units
_RULESETS = [load_variant("payola", options).ruleset for options in ({}, {}, {"zero_foreign": True}, {"loyal_units": True})]


def _phase(variant: Variant, seed: int) -> tuple[Any, ...]:
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
    hooks = _Restrictive(variant.ruleset, str(seed)) if rng.random() < 0.3 else rng.choice(_RULESETS)
    options = {"one_offer_per_unit": rng.random() < 0.15, "ebayola": rng.random() < 0.3}
    return (variant.map, hooks, state, _sheets(variant.map, state, rng), {p: rng.randint(0, 30) for p in powers},
            accept, f"p{seed}", [p for p in powers if rng.random() < 0.1], options)


def _fingerprint(done: Determination) -> dict[str, Any]:
    return {
        "orders": {p: [str(o) for o in os] for p, os in sorted(done.orders.items())},
        "decisions": [[d.owner, d.unit, d.order, d.total, d.reason] for d in done.decisions],
        "ledgers": {p: led.as_json() for p, led in sorted(done.ledgers.items())},
        "lists": {p: list(v) for p, v in sorted(done.lists.items())},
        "earned": done.earned,
    }


def test_the_compiled_core_is_built() -> None:
    """``pip install -e .`` builds it (the judge runs without it, slower): CI must have it."""
    core = compiled.built()
    assert callable(core.determine)


def test_both_paths_agree_on_random_phases(payola: Variant, core: ModuleType) -> None:
    reasons: set[str] = set()
    seen = dict.fromkeys(["reductions", "rebates", "twice", "refused", "plateau", "earned"], 0)
    for seed in range(PHASES):
        board, hooks, state, sheets, balances, accept, phase_seed, dummies, options = _phase(payola, seed)
        args = (board, hooks, state, sheets, balances, accept, phase_seed, dummies)
        python = _fingerprint(determine_in_python(*args, **options))
        fast = _fingerprint(compiled.determine_compiled(*args, **options))
        assert fast == python, f"phase {seed}"
        reasons |= {d[4] for d in python["decisions"]}
        ledgers = python["ledgers"].values()
        seen["reductions"] += sum(led["reductions"] for led in ledgers)
        seen["rebates"] += sum(len(led.get("rebates", ())) for led in ledgers)
        seen["twice"] += sum(why == TWICE for led in ledgers for _, why in led["refused"])
        seen["refused"] += sum(len(led["refused"]) for led in ledgers)
        seen["earned"] += sum(python["earned"].values())
        seen["plateau"] += any("#" in text for led in ledgers for text, _, _ in led["accepted"])
    assert reasons == {BY_TOTAL, BY_LIST, BY_SEQUENCE, BY_FURTHER, BY_DUMMY, NO_OFFER}
    assert all(count > 20 for count in seen.values()), seen


def test_money_beyond_64_bits_takes_the_python_path(payola: Variant, core: ModuleType) -> None:
    """The core counts in 64 bits; a larger balance or bribe (a JSON request's) gives the reference's outcome."""
    state = GameState(Phase.parse("S1901M"), {"ITALY": [Unit("F", "NAP")], "FRANCE": [Unit("A", "PAR")]})
    huge = 10 ** 30
    sheets: dict[str, list[object]] = {
        "FRANCE": [Offer((Amount(huge),), ":", Unit("F", "NAP"), (Move("F", "NAP", "ION"),))],
        "ITALY": [Offer((Amount(huge - 1),), ":", Unit("F", "NAP"), (Move("F", "NAP", "TYS"),))]}
    args = (payola.map, payola.ruleset, state, sheets, {"FRANCE": huge, "ITALY": 3}, {}, "big")
    with pytest.raises(OverflowError):
        compiled.determine_compiled(*args)
    fast = _fingerprint(determine(*args))
    assert fast == _fingerprint(determine_in_python(*args))
    assert fast["orders"]["ITALY"] == ["F NAP - ION"]  # France's bribe is the larger, and paid in full
    assert fast["ledgers"]["FRANCE"]["balance_after"] == 0


@pytest.mark.parametrize("amount", [2 ** 40 + 1, 2 ** 62])
def test_an_offer_beyond_what_the_core_sums_takes_the_python_path(payola: Variant, core: ModuleType,
                                                                   amount: int) -> None:
    """An offer fits in 64 bits but is over 2**40 (many such would overflow the core's sums): the reference decides."""
    state = GameState(Phase.parse("S1901M"), {"ITALY": [Unit("F", "NAP")], "FRANCE": [Unit("A", "PAR")]})
    reader = OfferReader(payola.map, units_by_province(payola.map, state))
    bribe = Offer((Amount(amount),), ":", Unit("F", "NAP"), (Move("F", "NAP", "ION"),))
    sheets: dict[str, list[object]] = {"FRANCE": [Offer(bribe.amounts, bribe.kind, bribe.unit, bribe.orders,
                                                        reader.read(bribe))]}
    args = (payola.map, payola.ruleset, state, sheets, {"FRANCE": amount, "ITALY": 3}, {}, "big")
    with pytest.raises(OverflowError):
        compiled.determine_compiled(*args)
    assert _fingerprint(determine(*args)) == _fingerprint(determine_in_python(*args))
    assert determine(*args).ledgers["FRANCE"].spent == amount


def _movement_orders(state: GameState, rng: random.Random, board: Any) -> dict[str, list[object]]:
    units = [u for us in state.units.values() for u in us]
    orders: dict[str, list[object]] = {}
    for power in sorted(state.units):
        orders[power] = [_offer(board, units, rng) for _ in range(rng.randint(3, 12))]
        if rng.random() < 0.3:
            orders[power].append(Savings(rng.randint(0, 8)))
    return orders


@pytest.mark.parametrize("options", [{"zero_sum": True}, {"ebayola": True}, {"preset": "classic"}, {}])
def test_both_paths_play_the_same_movement_phases(options: dict[str, Any], core: ModuleType,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    variant = load_variant("payola", options)
    handler = variant.ruleset.phase_handlers()["M"]
    for seed in range(MOVEMENT_PHASES // 4):
        rng = random.Random(seed)
        state = variant.ruleset.initial_state()
        orders = _movement_orders(state, rng, variant.map)
        outcomes = []
        for path in (core, None):
            monkeypatch.setattr(compiled, "CORE", path)
            done = handler(state, orders)
            outcomes.append(json.dumps([done.state.extra, {p: [str(u) for u in us] for p, us in done.state.units.items()},
                                        [str(r) for r in done.results]], sort_keys=True, default=str))
        assert outcomes[0] == outcomes[1], f"{options} phase {seed}"


def test_judge_version_says_which_path_determination_takes() -> None:
    """``judge --version`` names the path: the compiled core, or pure Python and why."""
    run = [sys.executable, "-m", "judge", "--version"]
    built = subprocess.run(run, capture_output=True, text=True, check=True,
                           env={**os.environ, "JUDGE_PAYOLA_PURE": ""}).stdout
    off = subprocess.run(run, capture_output=True, text=True, check=True,
                         env={**os.environ, "JUDGE_PAYOLA_PURE": "1"}).stdout
    assert "Payola order determination: compiled core" in built
    assert "Payola order determination: pure Python (compiled core switched off by JUDGE_PAYOLA_PURE)" in off



def test_offers_with_many_alternatives_and_plateaus_agree(payola: Variant, core: ModuleType) -> None:
    """More orders than fit in one 8-byte block of ``prepare.pack``'s move flags, with and without plateaus."""
    state = GameState(Phase.parse("S1901M"), {"FRANCE": [Unit("A", "BUR")], "GERMANY": [Unit("A", "MUN")],
                                              "ITALY": [Unit("F", "NAP")]})
    board = payola.map
    near = sorted(board.army_adjacency[board.province_of("BUR")])
    many = (Hold("A", "BUR"), *[Move("A", "BUR", n) for n in near], *[Support("A", "BUR", None, n) for n in near])
    assert len(many) > 9
    reader = OfferReader(board, units_by_province(board, state))
    for plateau in (0, 2):
        offers = [Offer((Amount(4, times=3, plateau=plateau),), kind, Unit("A", "BUR"), many[::step])
                  for kind, step in ((":", 1), ("!", 2), (">", 1), ("@", 3))]
        sheets: dict[str, list[object]] = {
            "GERMANY": [Offer(o.amounts, o.kind, o.unit, o.orders, reader.read(o)) for o in offers],
            "FRANCE": [Offer((Amount(9),), ":", Unit("A", "BUR"), (Move("A", "BUR", near[-1]),))]}
        args = (board, payola.ruleset, state, sheets, {"FRANCE": 9, "GERMANY": 20, "ITALY": 0}, {}, "many")
        assert _fingerprint(compiled.determine_compiled(*args)) == _fingerprint(determine_in_python(*args))
