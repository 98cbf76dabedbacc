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
from dataclasses import dataclass, field
from typing import Protocol

from judge.engine.assignment import canonical
from judge.engine.geography import Map
from judge.engine.orders import Hold, Move, Order, Unit
from judge.engine.state import GameState
from judge.variants.payola.ledger import (
    BY_DUMMY, BY_FURTHER, BY_LIST, BY_SEQUENCE, BY_TOTAL, NO_OFFER, Ledger, UnitDecision,
)
from judge.variants.payola.legal import order_problem
from judge.variants.payola.offers import (
    DIRECT, HOLD, MOVE, NEGATIVE, Accept, Offer, Savings, default_accept, expand, total,
)

_NONE = (1 << 62, 0)  # the rank of a power that made no offer for an order: after every real one
DEFAULT = 1 << 40  # the sheet position of the default HOLD (3.3): after every offer


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
    total: int = 0
    #: the indices of the unit's candidate orders this offer pays for
    pays: tuple[int, ...] = ()

    #: where the offer stands for each candidate it offered for (5.3): (sheet line, place in the line)
    ranks: dict[int, tuple[int, int]] = field(default_factory=dict)

    def rank_all(self, where: Mapping[Order, int]) -> None:
        """Its place for each candidate: an order it names where it names it; one it pays for after those."""
        named = self.offer.candidates()
        for place, order in enumerate(named):
            index = where.get(order)
            if index is not None and index not in self.ranks:
                self.ranks[index] = (self.seq, place)
        for index in self.pays:
            self.ranks.setdefault(index, (self.seq, len(named)))


@dataclass(slots=True)
class _Target:
    owner: str
    unit: Unit
    bids: list[_Bid] = field(default_factory=list)
    candidates: list[Order] = field(default_factory=list)
    #: each candidate's total bribe (5.1), kept up to date as bribes are reduced
    totals: list[int] = field(default_factory=list)
    #: the list that breaks its ties: the owner's, a variant's fixed one, or None (4.4: a tie holds)
    tie: tuple[str, ...] | None = None
    offered: bool = False
    #: for each candidate, the bids that pay for it
    payers: list[list[_Bid]] = field(default_factory=list)


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
    for target in targets.values():  # a variant's fixed list first; else the owner's, unless unplayed (4.4)
        fixed = hooks.tie_list(state, target.owner, target.unit)
        played = target.owner not in dummies and target.owner in lists
        target.tie = fixed if fixed is not None else lists[target.owner] if played else None
    for ledger in ledgers.values():
        wanted = sum(v.amount for v in sheets.get(ledger.power, ()) if isinstance(v, Savings))
        ledger.savings = wanted
        ledger.available = ledger.balance_before - wanted if wanted <= ledger.balance_before else 0
    chosen = {key: _decide(t) for key, t in targets.items()}
    _reduce_until_paid(targets, chosen, ledgers)
    return _outcome(targets, chosen, ledgers, lists)


class _Orders:
    """Each order read once per determination: as the board reads it, and why its unit could not issue it."""

    def __init__(self, board: Map, state: GameState) -> None:
        self.board = board
        self.at = {board.province_of(u.location): u for us in state.units.values() for u in us}
        self.seen: dict[tuple[Unit, Order], tuple[Order, str]] = {}

    def read(self, unit: Unit, order: Order) -> tuple[Order, str]:
        key = (unit, order)
        found = self.seen.get(key)
        if found is None:
            found = self.seen[key] = (canonical(self.board, self.at, order), order_problem(self.board, unit, order))
        return found


def _targets(board: Map, hooks: PayolaHooks, state: GameState, sheets: Mapping[str, Sequence[object]],
             ledgers: dict[str, Ledger]) -> dict[str, _Target]:
    """Every unit with the offers it received (3.1), its owner's default HOLD added (3.3)."""
    reader = _Orders(board, state)
    targets = {board.province_of(u.location): _Target(p, u) for p, us in state.units.items() for u in us}
    for power, sheet in sheets.items():
        offers = [v for v in sheet if isinstance(v, Offer)]
        for seq, offer in enumerate(offers):
            target = targets.get(board.province_of_or_none(offer.unit.location) or "")
            why, orders = _refusal(reader, hooks, state, power, target, offer)
            if target is None or why:
                ledgers.setdefault(power, Ledger(power, 0)).refused.append((str(offer), why or "no such unit"))
                continue
            offer = Offer(offer.amounts, offer.kind, target.unit, orders)
            bribes = expand(offer.amounts)
            target.bids.append(_Bid(power, seq, offer, [b.value for b in bribes], [b.plateau for b in bribes]))
    for target in targets.values():
        _candidates(target)
    return targets


def _candidates(target: _Target) -> None:
    """The unit's candidate orders (5.1) and their totals; the owner's 0 AgP HOLD if it made no offer (3.3)."""
    if not any(b.power == target.owner for b in target.bids):
        hold = Hold(target.unit.type, target.unit.location)
        target.bids.append(_Bid(target.owner, DEFAULT, Offer((), ":", target.unit, (hold,)), [0], [0]))
    where: dict[Order, int] = {}
    for bid in target.bids:
        for order in bid.offer.candidates():
            if order not in where:
                where[order] = len(target.candidates)
                target.candidates.append(order)
    moves = frozenset(i for i, c in enumerate(target.candidates) if isinstance(c, Move))
    everything = frozenset(range(len(target.candidates)))
    target.offered = any(b.seq != DEFAULT for b in target.bids)
    target.totals = [0] * len(target.candidates)
    target.payers = [[] for _ in target.candidates]
    for bid in target.bids:
        bid.total = sum(bid.values)
        bid.pays = _pays(bid.offer, where, moves, everything)
        bid.rank_all(where)
        for i in bid.pays:
            target.totals[i] += bid.total
            target.payers[i].append(bid)


def _pays(offer: Offer, where: Mapping[Order, int], moves: frozenset[int],
          everything: frozenset[int]) -> tuple[int, ...]:
    """The candidates an offer pays for, by index: ``Offer.pays_for`` for every candidate at once (3.1)."""
    named = frozenset(where[o] for o in offer.orders if o in where)
    kind = offer.kind
    chosen = (named if kind == DIRECT else everything - named if kind == NEGATIVE else named | moves if kind == MOVE
              else named | (everything - moves) if kind == HOLD else everything)
    return tuple(sorted(chosen))


def _refusal(reader: _Orders, hooks: PayolaHooks, state: GameState, power: str, target: _Target | None,
             offer: Offer) -> tuple[str, tuple[Order, ...]]:
    """Why an offer cannot stand at determination (the reader says so on arrival too), and its orders as read."""
    if target is None:
        where = reader.board.province_of_or_none(offer.unit.location) or offer.unit.location
        return f"there is no unit in {where}", ()
    owner, unit = target.owner, target.unit
    if not hooks.may_bribe(state, power, owner, unit):
        return f"{power} may not bribe {unit}", ()
    if total(offer.amounts) == 0 and not hooks.may_offer_zero(state, power, owner, unit):
        return "zero offers to a foreign unit are not allowed (3.1)", ()
    orders = []
    for order in offer.orders:
        read, problem = reader.read(unit, order)
        if problem or not hooks.may_buy(state, power, owner, unit, order):
            return problem or f"{power} may not buy {order}", ()
        orders.append(read)
    return "", tuple(orders)


def _decide(target: _Target) -> tuple[int, int, str]:
    """The index of the order the unit issues, the total it accepts and why (5.1–5.4, 4.4)."""
    totals = target.totals
    best = max(totals)
    if totals.count(best) == 1:
        return totals.index(best), best, BY_TOTAL if target.offered else NO_OFFER
    tied = [i for i, t in enumerate(totals) if t == best]
    if target.tie is None:  # 4.4: the unit takes its default HOLD; whoever offered for HOLD pays for it
        hold = Hold(target.unit.type, target.unit.location)
        return (target.candidates.index(hold) if hold in target.candidates else -1), best + 1, BY_DUMMY
    return _break_tie(target, tied, target.tie, best)


def _break_tie(target: _Target, tied: list[int], order_list: Sequence[str],
               best: int) -> tuple[int, int, str]:
    """5.2–5.4: the earliest power in the list that offered for a tied order; its earliest line; then the next."""
    earliest: dict[int, dict[str, tuple[int, int]]] = {i: {} for i in tied}
    for bid in target.bids:
        for i in tied:
            rank = bid.ranks.get(i)
            if rank is not None and rank < earliest[i].get(bid.power, _NONE):
                earliest[i][bid.power] = rank
    offered = {p for by_power in earliest.values() for p in by_power}
    powers = [p for p in [*order_list, *sorted(offered - set(order_list))] if p in offered]
    vectors = {i: tuple(earliest[i].get(p, _NONE) for p in powers) for i in tied}
    ranked = sorted(tied, key=lambda i: (vectors[i], str(target.candidates[i])))
    first, second = vectors[ranked[0]], vectors[ranked[1]]
    depth = next((i for i, (a, b) in enumerate(zip(first, second)) if a != b), len(first))
    if depth == 0:
        why = BY_SEQUENCE if first[0] != _NONE and second[0] != _NONE else BY_LIST
    else:
        why = BY_FURTHER
    return ranked[0], best, why


def _paid(target: _Target, index: int) -> list[_Bid]:
    """The bids that pay for the order issued (a dummy's tie HOLD, index -1, is paid by nobody: 4.4)."""
    return [] if index < 0 else target.payers[index]


def _costs(targets: Mapping[str, _Target], chosen: Mapping[str, tuple[int, int, str]]) -> dict[str, int]:
    """5.6: what each power pays, for the orders issued only."""
    spend: dict[str, int] = {}
    for key, target in targets.items():
        for bid in _paid(target, chosen[key][0]):
            spend[bid.power] = spend.get(bid.power, 0) + bid.total
    return spend


def _reduce_until_paid(targets: Mapping[str, _Target], chosen: dict[str, tuple[int, int, str]],
                       ledgers: dict[str, Ledger]) -> None:
    """5.5: while anyone would overspend, each such power's offers lose 1 and the units re-decide."""
    by_power: dict[str, list[tuple[_Bid, _Target]]] = {}
    for target in targets.values():
        for bid in target.bids:
            by_power.setdefault(bid.power, []).append((bid, target))
    while True:
        spend = _costs(targets, chosen)
        over = [p for p, s in spend.items() if s > ledgers[p].available]
        if not over:
            return
        touched: dict[int, _Target] = {}
        for power in over:
            ledgers[power].reductions += 1
            for target in _reduce(by_power[power]):
                touched[id(target)] = target
        for key, target in targets.items():
            if id(target) in touched:
                chosen[key] = _decide(target)


def _reduce(bids: list[tuple[_Bid, _Target]]) -> list[_Target]:
    """One silver piece off every bribe above its plateau; off every bribe once all are at their plateau.

    Returns the units whose totals changed.
    """
    floor = any(v > b.plateaus[i] for b, _ in bids for i, v in enumerate(b.values))
    changed = []
    for bid, target in bids:
        cut = 0
        for i, value in enumerate(bid.values):
            if value > (bid.plateaus[i] if floor else 0):
                bid.values[i] = value - 1
                cut += 1
        if cut:
            bid.total -= cut
            for index in bid.pays:
                target.totals[index] -= cut
            changed.append(target)
    return changed


def _outcome(targets: Mapping[str, _Target], chosen: Mapping[str, tuple[int, int, str]],
             ledgers: dict[str, Ledger], lists: dict[str, tuple[str, ...]]) -> Determination:
    orders: dict[str, list[Order]] = {}
    decisions = []
    for key in sorted(targets):
        target, (index, got, why) = targets[key], chosen[key]
        order = target.candidates[index] if index >= 0 else Hold(target.unit.type, target.unit.location)
        paying = {id(b) for b in _paid(target, index)}
        orders.setdefault(target.owner, []).append(order)
        decisions.append(UnitDecision(target.owner, str(target.unit), str(order), got, why))
        if target.owner in ledgers:
            ledgers[target.owner].units.append((str(target.unit), str(order), got))
        for bid in target.bids:
            if bid.seq == DEFAULT:
                continue
            ledger = ledgers[bid.power]
            if id(bid) in paying:
                ledger.accepted.append((str(bid.offer), str(order), bid.total))
                ledger.spent += bid.total
            else:
                ledger.lost.append((str(bid.offer), str(order), f"{why}: {got} for {order}"))
    for ledger in ledgers.values():
        ledger.balance_after = ledger.balance_before - ledger.spent
    return Determination(orders, decisions, ledgers, lists)


__all__ = ["Determination", "PayolaHooks", "determine", "expand_lists"]
