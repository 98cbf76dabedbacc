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
    DIRECT, HOLD, MOVE, NEGATIVE, Accept, Offer, Savings, default_accept, total,
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

    def rank_all(self, named: Sequence[Order], where: Mapping[Order, int]) -> None:
        """Its place for each candidate: an order it names where it names it; one it pays for after those."""
        ranks = self.ranks
        for place, order in enumerate(named):
            index = where[order]
            if index not in ranks:
                ranks[index] = (self.seq, place)
        last = (self.seq, len(named))
        for index in self.pays:
            if index not in ranks:
                ranks[index] = last


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
        self.seen: dict[Unit, dict[Order, tuple[Order, str]]] = {}
        self.bribes: dict[tuple[str, str, Unit], bool] = {}

    def may_bribe(self, hooks: PayolaHooks, state: GameState, power: str, owner: str, unit: Unit) -> bool:
        """``hooks.may_bribe``, asked once per power and unit."""
        key = (power, owner, unit)
        found = self.bribes.get(key)
        if found is None:
            found = self.bribes[key] = hooks.may_bribe(state, power, owner, unit)
        return found

    def read(self, unit: Unit, order: Order) -> tuple[Order, str]:
        seen = self.seen.get(unit)
        if seen is None:
            seen = self.seen[unit] = {}
        found = seen.get(order)
        if found is None:
            found = seen[order] = (canonical(self.board, self.at, order), order_problem(self.board, unit, order))
        return found


def _targets(board: Map, hooks: PayolaHooks, state: GameState, sheets: Mapping[str, Sequence[object]],
             ledgers: dict[str, Ledger]) -> dict[str, _Target]:
    """Every unit with the offers it received (3.1), its owner's default HOLD added (3.3)."""
    reader = _Orders(board, state)
    targets = {board.province_of(u.location): _Target(p, u) for p, us in state.units.items() for u in us}
    spots: dict[str, str] = {}  # a location's province, looked up once
    for power, sheet in sheets.items():
        offers = [v for v in sheet if isinstance(v, Offer)]
        for seq, offer in enumerate(offers):
            location = offer.unit.location
            spot = spots.get(location)
            if spot is None:
                spot = spots[location] = board.province_of_or_none(location) or ""
            target = targets.get(spot)
            why, orders = _refusal(reader, hooks, state, power, target, offer)
            if target is None or why:
                ledgers.setdefault(power, Ledger(power, 0)).refused.append((str(offer), why or "no such unit"))
                continue
            amounts = offer.amounts
            values = [a.value for a in amounts for _ in range(a.times)]  # the bribes (offers.expand)
            plateaus = [a.plateau for a in amounts for _ in range(a.times)]
            target.bids.append(_Bid(power, seq, Offer(amounts, offer.kind, target.unit, orders), values, plateaus))
    for target in targets.values():
        _candidates(target)
    return targets


def _candidates(target: _Target) -> None:
    """The unit's candidate orders (5.1) and their totals; the owner's 0 AgP HOLD if it made no offer (3.3)."""
    hold = Hold(target.unit.type, target.unit.location)
    owner = target.owner
    if not any(b.power == owner for b in target.bids):
        target.bids.append(_Bid(owner, DEFAULT, Offer((), DIRECT, target.unit, (hold,)), [0], [0]))
    where: dict[Order, int] = {}
    candidates = target.candidates
    named = [(hold,) if b.offer.kind == NEGATIVE else b.offer.orders for b in target.bids]  # Offer.candidates
    for orders in named:
        for order in orders:
            if order not in where:
                where[order] = len(candidates)
                candidates.append(order)
    moves = [isinstance(c, Move) for c in candidates]
    target.offered = any(b.seq != DEFAULT for b in target.bids)
    totals = target.totals = [0] * len(candidates)
    payers: list[list[_Bid]] = [[] for _ in candidates]
    target.payers = payers
    for bid, names in zip(target.bids, named):
        bid.total = total_ = sum(bid.values)
        bid.pays = _pays(bid.offer, where, moves)
        bid.rank_all(names, where)
        for i in bid.pays:
            totals[i] += total_
            payers[i].append(bid)


def _pays(offer: Offer, where: Mapping[Order, int], moves: list[bool]) -> tuple[int, ...]:
    """The candidates an offer pays for, by index: ``Offer.pays_for`` for every candidate at once (3.1)."""
    named = {where[o] for o in offer.orders if o in where}
    kind = offer.kind
    if kind == DIRECT:
        return tuple(sorted(named))
    if kind == NEGATIVE:
        return tuple(i for i in range(len(moves)) if i not in named)
    if kind == MOVE:
        return tuple(i for i, move in enumerate(moves) if move or i in named)
    if kind == HOLD:
        return tuple(i for i, move in enumerate(moves) if not move or i in named)
    return tuple(range(len(moves)))


def _refusal(reader: _Orders, hooks: PayolaHooks, state: GameState, power: str, target: _Target | None,
             offer: Offer) -> tuple[str, tuple[Order, ...]]:
    """Why an offer cannot stand at determination (the reader says so on arrival too), and its orders as read."""
    if target is None:
        where = reader.board.province_of_or_none(offer.unit.location) or offer.unit.location
        return f"there is no unit in {where}", ()
    owner, unit = target.owner, target.unit
    if not reader.may_bribe(hooks, state, power, owner, unit):
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
    """5.5: while anyone would overspend, each such power's offers lose 1 and the units re-decide.

    What each power spends is kept up to date rather than summed again after
    every pass, and bids with nothing left to lose are dropped from the passes.
    """
    by_power: dict[str, list[tuple[_Bid, _Target, str]]] = {}
    for key, target in targets.items():
        for bid in target.bids:
            if bid.total:
                by_power.setdefault(bid.power, []).append((bid, target, key))
    spend = dict.fromkeys(ledgers, 0) | _costs(targets, chosen)
    while True:
        over = [p for p, s in spend.items() if s > ledgers[p].available]
        if not over:
            return
        touched: dict[str, _Target] = {}
        for power in over:
            ledgers[power].reductions += 1
            bids = by_power[power]
            plateau = any(v > p for b, _, _ in bids for v, p in zip(b.values, b.plateaus))
            for bid, target, key in bids:
                cut = _cut(bid, plateau)
                if cut:
                    for index in bid.pays:
                        target.totals[index] -= cut
                    if chosen[key][0] in bid.pays:
                        spend[power] -= cut
                    touched[key] = target
            by_power[power] = [row for row in bids if row[0].total]
        for key, target in touched.items():
            before, decided = chosen[key][0], _decide(target)
            chosen[key] = decided
            if decided[0] != before:
                for bid in _paid(target, before):
                    spend[bid.power] -= bid.total
                for bid in _paid(target, decided[0]):
                    spend[bid.power] += bid.total


def _cut(bid: _Bid, plateau: bool) -> int:
    """One piece off each of the bid's bribes above its plateau (``plateau``) or above zero; what it lost."""
    values = bid.values
    cut = 0
    for i, value in enumerate(values):
        if value > (bid.plateaus[i] if plateau else 0):
            values[i] = value - 1
            cut += 1
    bid.total -= cut
    return cut


def _outcome(targets: Mapping[str, _Target], chosen: Mapping[str, tuple[int, int, str]],
             ledgers: dict[str, Ledger], lists: dict[str, tuple[str, ...]]) -> Determination:
    """5.6 and 5.7: the orders issued, and every power's ledger (each order written out once per unit)."""
    orders: dict[str, list[Order]] = {}
    decisions = []
    for key in sorted(targets):
        target, (index, got, why) = targets[key], chosen[key]
        order = target.candidates[index] if index >= 0 else Hold(target.unit.type, target.unit.location)
        paying = {id(b) for b in _paid(target, index)}
        unit_text, order_text = str(target.unit), str(order)
        orders.setdefault(target.owner, []).append(order)
        decisions.append(UnitDecision(target.owner, unit_text, order_text, got, why))
        if target.owner in ledgers:
            ledgers[target.owner].units.append((unit_text, order_text, got))
        because = f"{why}: {got} for {order_text}"
        for bid in target.bids:
            if bid.seq == DEFAULT:
                continue
            ledger = ledgers[bid.power]
            if id(bid) in paying:
                ledger.accepted.append((str(bid.offer), order_text, bid.total))
                ledger.spent += bid.total
            else:
                ledger.lost.append((str(bid.offer), order_text, because))
    for ledger in ledgers.values():
        ledger.balance_after = ledger.balance_before - ledger.spent
    return Determination(orders, decisions, ledgers, lists)


__all__ = ["Determination", "PayolaHooks", "determine", "expand_lists"]
