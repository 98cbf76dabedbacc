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

from collections.abc import Mapping, Sequence

from judge.engine.geography import Map
from judge.engine.orders import Hold, Move, Order, Unit
from judge.engine.state import GameState
from judge.variants.payola.basics import (
    TWICE, Determination, PayolaHooks, PlainBribes, expand_lists, rebates, refusal,
)
from judge.variants.payola.decision import DEFAULT, Bid, Decision, Target, decide, paid
from judge.variants.payola.ledger import BY_LIST, Ledger, UnitDecision
from judge.variants.payola.offers import DIRECT, HOLD, MOVE, NEGATIVE, Accept, Offer, Savings
from judge.variants.payola.overspending import reduce_until_paid
from judge.variants.payola.prepared import OfferReader, ReadOffer


def determine(board: Map, hooks: PayolaHooks, state: GameState, sheets: Mapping[str, Sequence[object]],
              balances: Mapping[str, int], accept: Mapping[str, Accept], seed: str,
              dummies: Sequence[str] = (), one_offer_per_unit: bool = False,
              ebayola: bool = False) -> Determination:
    """Rules 5.1–5.6 on the phase's sheets (each power's ``Offer`` and ``Savings`` values, in sheet order).

    ``one_offer_per_unit`` is Payola Classic's rule (6.1): a power that makes
    two offers to one unit has both ignored.  ``ebayola`` prices every issued
    order as rule 6.4 does (:func:`rebates`).  The over-expenditure loop of
    5.5 is ``overspending.py``'s: its cost does not grow with the amounts.
    """
    powers = sorted(set(state.units) | set(balances) | set(sheets))
    lists = expand_lists(powers, accept, seed)
    ledgers = {p: Ledger(p, balances.get(p, 0), acceptance=list(lists[p])) for p in powers}
    plain = hooks.plain_bribes(state)
    targets = _targets(board, hooks, state, sheets, ledgers, one_offer_per_unit, plain)
    for target in targets.values():  # a variant's fixed list first; else the owner's, unless unplayed (4.4)
        fixed = None if plain is not None else hooks.tie_list(state, target.owner, target.unit)
        played = target.owner not in dummies and target.owner in lists
        target.tie = fixed if fixed is not None else lists[target.owner] if played else None
        target.fixed_why = getattr(hooks, "tie_list_why", "") if fixed is not None else ""
    for ledger in ledgers.values():
        wanted = sum(v.amount for v in sheets.get(ledger.power, ()) if isinstance(v, Savings))
        ledger.savings = wanted
        ledger.available = ledger.balance_before - wanted if wanted <= ledger.balance_before else 0
    chosen = {key: decide(t) for key, t in targets.items()}
    rounds = reduce_until_paid(targets, chosen, ledgers)
    done = _outcome(targets, chosen, ledgers, lists, ebayola)
    done.rounds = rounds
    return done


def _targets(board: Map, hooks: PayolaHooks, state: GameState, sheets: Mapping[str, Sequence[object]],
             ledgers: dict[str, Ledger], one_offer_per_unit: bool = False,
             plain: PlainBribes | None = None) -> dict[str, Target]:
    """Every unit with the offers it received (3.1), its owner's default HOLD added (3.3).

    Each offer comes read against the board from its arrival (``Offer.read``);
    one that was not, or was read against another unit, is read here.
    """
    targets: dict[str, Target] = {}
    at: dict[str, Unit] = {}
    for owner, units in state.units.items():
        for unit in units:
            province = board.province_of(unit.location)
            at[province] = unit
            targets[province] = Target(owner, unit, str(unit))
    bribable: dict[tuple[str, str, str], bool] = {}  # the hooks' answers, asked once per power and unit
    reader: OfferReader | None = None  # for the offers not read on arrival
    for power, sheet in sheets.items():
        seq = -1
        for offer in sheet:
            if not isinstance(offer, Offer):
                continue
            seq += 1
            read = offer.read
            target = targets.get(read.province) if isinstance(read, ReadOffer) else None
            if target is None or read.unit_text != target.unit_text:
                if reader is None:
                    reader = OfferReader(board, at)
                read = reader.read(offer)
                target = targets.get(read.province)
            found = (target.owner, target.unit) if target is not None else None
            why = refusal(hooks, state, power, found, offer, read, bribable, plain)
            if why:
                ledgers.setdefault(power, Ledger(power, 0)).refused.append((str(offer), why))
                continue
            target.bids.append(Bid(power, seq, read, read.total))
    for target in targets.values():
        if one_offer_per_unit:
            _ignore_second_offers(target, ledgers)
        _candidates(target)
    return targets


def _ignore_second_offers(target: Target, ledgers: dict[str, Ledger]) -> None:
    """Payola Classic (6.1; Classic rules 4.2): a power that offers twice to one unit has both offers ignored."""
    count: dict[str, int] = {}
    for bid in target.bids:
        count[bid.power] = count.get(bid.power, 0) + 1
    if all(n == 1 for n in count.values()):
        return
    for bid in target.bids:
        if count[bid.power] > 1:
            ledgers[bid.power].refused.append((bid.read.text, TWICE))
    target.bids = [bid for bid in target.bids if count[bid.power] == 1]


def _candidates(target: Target) -> None:
    """The unit's candidate orders (5.1) and their totals; the owner's 0 AgP HOLD if it made no offer (3.3)."""
    unit = target.unit
    hold = Hold(unit.type, unit.location)
    hold_key = f"{target.unit_text} H"  # str(hold)
    bids = target.bids
    owner = target.owner
    if not any(b.power == owner for b in bids):
        default = ReadOffer(unit_text=target.unit_text, keys=(hold_key,), text="", orders=(hold,),
                            province="", kind=DIRECT, problems=("",), values=(0,), plateaus=(0,), total=0)
        bids.append(Bid(owner, DEFAULT, default, 0))
    where: dict[str, int] = {}
    keys, candidates = target.keys, target.candidates
    for bid in bids:  # Offer.candidates: a negative offer puts HOLD only
        read = bid.read
        named_keys, named_orders = ((hold_key,), (hold,)) if read.kind == NEGATIVE else (read.keys, read.orders)
        for key, order in zip(named_keys, named_orders):
            if key not in where:
                where[key] = len(keys)
                keys.append(key)
                candidates.append(order)
        bid.named = tuple(where[k] for k in named_keys)
    moves = [isinstance(c, Move) for c in candidates]
    target.offered = any(b.seq != DEFAULT for b in bids)
    totals = target.totals = [0] * len(candidates)
    payers: list[list[Bid]] = [[] for _ in candidates]
    target.payers = payers
    for bid in bids:
        named = bid.named
        bid.pays = named if bid.read.kind == DIRECT and len(named) == 1 else _pays(bid.read, where, moves)
        amount = bid.total
        for i in bid.pays:
            totals[i] += amount
            payers[i].append(bid)


def _pays(read: ReadOffer, where: Mapping[str, int], moves: list[bool]) -> tuple[int, ...]:
    """The candidates an offer pays for, by index (3.1, each kind's promise): a direct offer its named orders,
    a negative one anything else, a move offer any move or a named order, a hold offer any non-move or a
    named order, a gift anything."""
    named = {where[k] for k in read.keys if k in where}
    kind = read.kind
    if kind == DIRECT:
        return tuple(sorted(named))
    if kind == NEGATIVE:
        return tuple(i for i in range(len(moves)) if i not in named)
    if kind == MOVE:
        return tuple(i for i, move in enumerate(moves) if move or i in named)
    if kind == HOLD:
        return tuple(i for i, move in enumerate(moves) if not move or i in named)
    return tuple(range(len(moves)))


def _outcome(targets: Mapping[str, Target], chosen: Mapping[str, Decision],
             ledgers: dict[str, Ledger], lists: dict[str, tuple[str, ...]], ebayola: bool = False) -> Determination:
    """5.6 and 5.7: the orders issued, and every power's ledger (each order written out once per unit)."""
    orders: dict[str, list[Order]] = {}
    decisions = []
    earned: dict[str, int] = {}
    for key in sorted(targets):
        target, (index, got, why) = targets[key], chosen[key]
        why = target.fixed_why if why == BY_LIST and target.fixed_why else why
        unit_text = target.unit_text
        if index >= 0:
            order, order_text = target.candidates[index], target.keys[index]
        else:
            order = Hold(target.unit.type, target.unit.location)
            order_text = str(order)
        paying = paid(target, index)
        order_list = target.tie if target.tie is not None else lists.get(target.owner, ())
        back_by = rebates(target.totals, index, [(id(b), b.power, b.seq, b.total) for b in paying],
                        order_list) if ebayola and index >= 0 else {}
        orders.setdefault(target.owner, []).append(order)
        decisions.append(UnitDecision(target.owner, unit_text, order_text, got, why))
        if target.owner in ledgers:
            ledgers[target.owner].units.append((unit_text, order_text, got))
        because = f"{why}: {got} for {order_text}"
        for bid in target.bids:
            if bid.seq == DEFAULT:
                continue
            ledger = ledgers[bid.power]
            if bid in paying:
                back = back_by.get(id(bid), 0)
                cost = bid.total - back
                ledger.accepted.append((bid.read.text, order_text, cost))
                ledger.spent += cost
                earned[target.owner] = earned.get(target.owner, 0) + cost
                if back:
                    ledger.rebates.append((bid.read.text, back))
            else:
                ledger.lost.append((bid.read.text, order_text, because))
    for ledger in ledgers.values():
        ledger.balance_after = ledger.balance_before - ledger.spent
    return Determination(orders, decisions, ledgers, lists, earned)


__all__ = ["TWICE", "Determination", "PayolaHooks", "determine", "expand_lists"]
