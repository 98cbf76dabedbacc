"""Order determination (Payola rules 3.1, 3.3, 4.4, 5.1–5.6): which order each unit issues, and who pays.

Pure: from the position, the offer sheets, the balances and the acceptance
lists to the order of every unit and a ledger per power.  The ``?`` of each
acceptance list is expanded once per phase from a generator seeded by the
caller (the game's seed and the phase), never again between the passes of the
over-expenditure loop, so a replay gives the same result.

>>> from judge.variants import load_variant
>>> from judge.engine.state import GameState, Phase
>>> from judge.engine.orders import Unit, Move
>>> from judge.variants.payola.offers import Offer, Amount
>>> variant = load_variant("payola")
>>> state = GameState(Phase.parse("S1901M"), {"ITALY": [Unit("F", "NAP")], "FRANCE": [Unit("A", "PAR")]})
>>> bribe = Offer((Amount(5),), ":", Unit("F", "NAP"), (Move("F", "NAP", "ION"),))
>>> done = determine(variant.map, variant.ruleset, state, {"FRANCE": [bribe]}, {"FRANCE": 9, "ITALY": 0}, {}, "1")
>>> [str(o) for o in done.orders["ITALY"]], done.ledgers["FRANCE"].balance_after
(['F NAP - ION'], 4)
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Protocol

from judge.engine.assignment import canonical
from judge.engine.geography import Map
from judge.engine.orders import Hold, Order, Unit
from judge.engine.state import GameState
from judge.variants.payola.ledger import (
    BY_DUMMY, BY_FURTHER, BY_LIST, BY_SEQUENCE, BY_TOTAL, NO_OFFER, Ledger, UnitDecision,
)
from judge.variants.payola.legal import order_problem
from judge.variants.payola.offers import REST, Accept, Offer, Savings, default_accept, expand, total

_NONE = (1 << 62, 0)  # the rank of a power that made no offer for an order: after every real one


class PayolaHooks(Protocol):
    """The four restrictions a Payola ruleset answers (``judge.variants.payola.ruleset``)."""

    def may_bribe(self, state: GameState, power: str, owner: str, unit: Unit) -> bool: ...
    def may_buy(self, state: GameState, power: str, owner: str, unit: Unit, order: Order) -> bool: ...
    def may_offer_zero(self, state: GameState, power: str, owner: str, unit: Unit) -> bool: ...
    def tie_list(self, state: GameState, owner: str, unit: Unit) -> tuple[str, ...] | None: ...


@dataclass(slots=True)
class _Bid:
    """One offer of one power, its bribes reduced in place by the over-expenditure loop."""

    power: str
    seq: int
    offer: Offer
    values: list[int]
    plateaus: list[int]

    def amount(self) -> int:
        return sum(self.values)

    def rank(self, order: Order) -> tuple[int, int] | None:
        """Where the offer stands for ``order`` in its sheet (5.3), or None if it made no offer for it."""
        named = self.offer.candidates()
        if order in named:
            return (self.seq, named.index(order))
        return (self.seq, len(named)) if self.offer.pays_for(order) else None


@dataclass(slots=True)
class _Target:
    owner: str
    unit: Unit
    bids: list[_Bid] = field(default_factory=list)
    candidates: list[Order] = field(default_factory=list)
    #: the list that breaks its ties: the owner's, a variant's fixed one, or None (4.4: a tie holds)
    tie: tuple[str, ...] | None = None


@dataclass(slots=True)
class Determination:
    """Every unit's order (by owner, ready for the movement adjudication) and every power's ledger."""

    orders: dict[str, list[Order]]
    decisions: list[UnitDecision]
    ledgers: dict[str, Ledger]
    lists: dict[str, tuple[str, ...]]


def expand_lists(powers: Sequence[str], accept: Mapping[str, Accept], seed: str) -> dict[str, tuple[str, ...]]:
    """Each power's acceptance list with its ``?`` expanded, once per phase from ``seed`` (4.1, 4.2)."""
    rng = random.Random(seed)
    everyone = tuple(sorted(powers))
    lists = {}
    for power in everyone:
        shuffled = list(everyone)
        rng.shuffle(shuffled)
        lists[power] = accept.get(power, default_accept(power)).expanded(everyone, shuffled)
    return lists


def determine(board: Map, hooks: PayolaHooks, state: GameState, sheets: Mapping[str, Sequence[object]],
              balances: Mapping[str, int], accept: Mapping[str, Accept], seed: str,
              dummies: Sequence[str] = ()) -> Determination:
    """Rules 5.1–5.6 on the phase's sheets (each power's ``Offer`` and ``Savings`` values, in sheet order)."""
    powers = sorted(set(state.units) | set(balances) | set(sheets))
    lists = expand_lists(powers, accept, seed)
    ledgers = {p: Ledger(p, balances.get(p, 0), acceptance=list(lists[p])) for p in powers}
    targets = _targets(board, hooks, state, sheets, ledgers)
    for target in targets.values():
        played = target.owner not in dummies and target.owner in lists
        target.tie = lists[target.owner] if played else hooks.tie_list(state, target.owner, target.unit)
    for ledger in ledgers.values():
        wanted = sum(v.amount for v in sheets.get(ledger.power, ()) if isinstance(v, Savings))
        ledger.savings = wanted
        ledger.available = ledger.balance_before - wanted if wanted <= ledger.balance_before else 0
    chosen = {key: _decide(t) for key, t in targets.items()}
    _reduce_until_paid(targets, chosen, ledgers)
    return _outcome(targets, chosen, ledgers, lists)


def _targets(board: Map, hooks: PayolaHooks, state: GameState, sheets: Mapping[str, Sequence[object]],
             ledgers: dict[str, Ledger]) -> dict[str, _Target]:
    """Every unit with the offers it received (3.1), its owner's default HOLD added (3.3)."""
    at = {board.province_of(u.location): u for us in state.units.values() for u in us}
    targets = {board.province_of(u.location): _Target(p, u) for p, us in state.units.items() for u in us}
    for power, sheet in sheets.items():
        offers = [v for v in sheet if isinstance(v, Offer)]
        for seq, offer in enumerate(offers):
            target = targets.get(board.province_of_or_none(offer.unit.location) or "")
            why = _refusal(board, hooks, state, power, target, offer)
            if target is None or why:
                ledgers.setdefault(power, Ledger(power, 0)).refused.append((str(offer), why or "no such unit"))
                continue
            offer = replace(offer, unit=target.unit,
                            orders=tuple(canonical(board, at, o) for o in offer.orders))
            bribes = expand(offer.amounts)
            target.bids.append(_Bid(power, seq, offer, [b.value for b in bribes], [b.plateau for b in bribes]))
    for target in targets.values():
        if not any(b.power == target.owner for b in target.bids):
            hold = Hold(target.unit.type, target.unit.location)
            target.bids.append(_Bid(target.owner, 1 << 40, Offer((), ":", target.unit, (hold,)), [0], [0]))
        for bid in target.bids:
            for order in bid.offer.candidates():
                if order not in target.candidates:
                    target.candidates.append(order)
    return targets


def _refusal(board: Map, hooks: PayolaHooks, state: GameState, power: str, target: _Target | None,
             offer: Offer) -> str:
    """Why an offer cannot stand at determination (the reader says so on arrival too)."""
    if target is None:
        return f"there is no unit in {board.province_of_or_none(offer.unit.location) or offer.unit.location}"
    owner, unit = target.owner, target.unit
    if not hooks.may_bribe(state, power, owner, unit):
        return f"{power} may not bribe {unit}"
    if total(offer.amounts) == 0 and not hooks.may_offer_zero(state, power, owner, unit):
        return "zero offers to a foreign unit are not allowed (3.1)"
    for order in offer.orders:
        problem = order_problem(board, unit, order) or (
            "" if hooks.may_buy(state, power, owner, unit, order) else f"{power} may not buy {order}")
        if problem:
            return problem
    return ""


def _totals(target: _Target) -> dict[Order, int]:
    """5.1: every candidate order's total bribe, the money of wildcards (! > @ &) included."""
    return {c: sum(b.amount() for b in target.bids if b.offer.pays_for(c)) for c in target.candidates}


def _decide(target: _Target) -> tuple[Order, int, str]:
    """The order the unit issues, the total it accepts and why (5.1–5.4, 4.4)."""
    totals = _totals(target)
    best = max(totals.values())
    tied = [c for c in target.candidates if totals[c] == best]
    if len(tied) == 1:
        only_default = all(b.seq == 1 << 40 for b in target.bids)
        return tied[0], best, NO_OFFER if only_default else BY_TOTAL
    if target.tie is None:
        return Hold(target.unit.type, target.unit.location), best + 1, BY_DUMMY
    return _break_tie(target, tied, target.tie, best)


def _break_tie(target: _Target, tied: list[Order], order_list: Sequence[str],
               best: int) -> tuple[Order, int, str]:
    """5.2–5.4: the earliest power in the list that offered for a tied order; its earliest line; then the next."""
    offered = {b.power for b in target.bids if any(b.rank(o) is not None for o in tied)}
    powers = [p for p in [*order_list, *sorted(offered - set(order_list))] if p in offered]

    def vector(order: Order) -> tuple[tuple[int, int], ...]:
        return tuple(min((r for b in target.bids if b.power == p and (r := b.rank(order)) is not None),
                         default=_NONE) for p in powers)

    ranked = sorted(tied, key=lambda o: (vector(o), str(o)))
    first, second = vector(ranked[0]), vector(ranked[1])
    depth = next((i for i, (a, b) in enumerate(zip(first, second)) if a != b), len(first))
    if depth == 0:
        why = BY_SEQUENCE if first[0] != _NONE and second[0] != _NONE else BY_LIST
    else:
        why = BY_FURTHER
    return ranked[0], best, why


def _costs(targets: Mapping[str, _Target], chosen: Mapping[str, tuple[Order, int, str]]) -> dict[str, int]:
    """5.6: what each power pays, for the orders issued only."""
    spend: dict[str, int] = {}
    for key, target in targets.items():
        order = chosen[key][0]
        for bid in target.bids:
            if bid.offer.pays_for(order):
                spend[bid.power] = spend.get(bid.power, 0) + bid.amount()
    return spend


def _reduce_until_paid(targets: Mapping[str, _Target], chosen: dict[str, tuple[Order, int, str]],
                       ledgers: dict[str, Ledger]) -> None:
    """5.5: while anyone would overspend, each such power's offers lose 1 and the units re-decide."""
    while True:
        spend = _costs(targets, chosen)
        over = {p for p, s in spend.items() if s > ledgers[p].available}
        if not over:
            return
        for power in over:
            ledgers[power].reductions += 1
            bids = [b for t in targets.values() for b in t.bids if b.power == power]
            _reduce(bids)
        for key, target in targets.items():
            if any(b.power in over for b in target.bids):
                chosen[key] = _decide(target)


def _reduce(bids: list[_Bid]) -> None:
    """One silver piece off every bribe above its plateau; off every bribe once all are at their plateau."""
    above = [(b, i) for b in bids for i, v in enumerate(b.values) if v > b.plateaus[i]]
    if not above:
        above = [(b, i) for b in bids for i, v in enumerate(b.values) if v > 0]
    for bid, i in above:
        bid.values[i] -= 1


def _outcome(targets: Mapping[str, _Target], chosen: Mapping[str, tuple[Order, int, str]],
             ledgers: dict[str, Ledger], lists: dict[str, tuple[str, ...]]) -> Determination:
    orders: dict[str, list[Order]] = {}
    decisions = []
    for key in sorted(targets):
        target, (order, got, why) = targets[key], chosen[key]
        orders.setdefault(target.owner, []).append(order)
        decisions.append(UnitDecision(target.owner, str(target.unit), str(order), got, why))
        if target.owner in ledgers:
            ledgers[target.owner].units.append((str(target.unit), str(order), got))
        for bid in target.bids:
            if bid.seq == 1 << 40:
                continue
            ledger = ledgers[bid.power]
            if bid.offer.pays_for(order):
                ledger.accepted.append((str(bid.offer), str(order), bid.amount()))
                ledger.spent += bid.amount()
            else:
                lost = f"{why}: {got} for {order}" if why == BY_TOTAL else why
                ledger.lost.append((str(bid.offer), str(order), lost))
    for ledger in ledgers.values():
        ledger.balance_after = ledger.balance_before - ledger.spent
    return Determination(orders, decisions, ledgers, lists)


__all__ = ["Determination", "PayolaHooks", "REST", "determine", "expand_lists"]
