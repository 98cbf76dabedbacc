"""Order determination with its arithmetic (rules 5.1–5.5) in the compiled core ``_determine``.

In pure Python the candidates, ties and over-expenditure passes of a full
phase cost over ten movement adjudications (``bench/payola.py``); the core, a
small C extension built with the package when a compiler is at hand
(``pyproject.toml``, optional), does them on integer arrays.  This module does
the rest as :func:`determination.determine_in_python` does, with the same
helpers (``basics.py``): it reads the offers, asks the variant's hooks, and
writes orders and ledgers from the core's answer, so both give the same
outcome (``tests/payola/test_compiled.py``).

``CORE`` is the core, or None when it is not built or ``JUDGE_PAYOLA_PURE=1``
was set when the judge started; ``judge --version`` says which (:func:`status`).
"""

from __future__ import annotations

import importlib
import os
from collections.abc import Mapping, Sequence
from types import ModuleType

from judge.engine.geography import Map
from judge.engine.orders import Hold, Move, Order, Unit
from judge.engine.state import GameState
from judge.variants.payola import basics
from judge.variants.payola.ledger import (
    BY_DUMMY, BY_FURTHER, BY_LIST, BY_SEQUENCE, BY_TOTAL, NO_OFFER, Ledger, UnitDecision,
)
from judge.variants.payola.offers import Accept, Offer, Savings
from judge.variants.payola.prepared import OfferReader, ReadOffer


def _load() -> ModuleType | None:
    """The compiled core, unless it is not built or switched off."""
    if os.environ.get("JUDGE_PAYOLA_PURE", "") not in ("", "0"):
        return None
    try:
        return importlib.import_module("judge.variants.payola._determine")
    except ImportError:
        return None


CORE = _load()
#: the core's reason codes, as the ledgers write them
WHYS = (BY_TOTAL, NO_OFFER, BY_DUMMY, BY_LIST, BY_SEQUENCE, BY_FURTHER)
#: a bid for the core: (unit's index, power's index, sheet line, the offer as read)
Row = tuple[int, int, int, ReadOffer]


def status() -> str:
    """Which path order determination takes, for ``judge --version``."""
    if CORE is not None:
        return "Payola order determination: compiled core"
    why = "switched off by JUDGE_PAYOLA_PURE" if os.environ.get("JUDGE_PAYOLA_PURE", "") not in ("", "0") \
        else "not built"
    return f"Payola order determination: pure Python (compiled core {why})"


def determine_compiled(board: Map, hooks: basics.PayolaHooks, state: GameState,
                       sheets: Mapping[str, Sequence[object]], balances: Mapping[str, int],
                       accept: Mapping[str, Accept], seed: str, dummies: Sequence[str] = (),
                       one_offer_per_unit: bool = False, ebayola: bool = False) -> basics.Determination:
    """``determine`` with rules 5.1–5.5 in the compiled core (which must be built: ``CORE``)."""
    assert CORE is not None, "the compiled core is not built"
    powers = sorted(set(state.units) | set(balances) | set(sheets))
    lists = basics.expand_lists(powers, accept, seed)
    ledgers = {p: Ledger(p, balances.get(p, 0), acceptance=list(lists[p])) for p in powers}
    index = {p: i for i, p in enumerate(powers)}
    found: dict[str, tuple[str, Unit]] = {}
    for owner, units in state.units.items():
        for unit in units:
            found[board.province_of(unit.location)] = (owner, unit)
    places = list(found)
    units = list(found.values())
    texts = [str(unit) for _, unit in units]
    plain = hooks.plain_bribes(state)
    rows, savings = _bids(board, hooks, state, sheets, ledgers, index, found, texts, plain)
    if one_offer_per_unit:
        rows = _ignore_second_offers(rows, len(units), powers, ledgers)
    targets, ties = [], []
    for (owner, unit), text in zip(units, texts):  # a variant's fixed list first; else the owner's, unless unplayed
        fixed = None if plain else hooks.tie_list(state, owner, unit)
        tie = fixed if fixed is not None else lists[owner] if owner not in dummies and owner in lists else None
        ties.append(tie)
        targets.append((index[owner], None if tie is None else tuple(index.get(p, -1) for p in tie), f"{text} H"))
    available = []
    for power in powers:
        ledger = ledgers[power]
        wanted = savings.get(power, 0)
        ledger.savings = wanted
        ledger.available = ledger.balance_before - wanted if wanted <= ledger.balance_before else 0
        available.append(ledger.available)
    answer = CORE.run(rows, targets, available, Move)  # OverflowError beyond 64 bits: ``determine`` goes on in Python
    return _outcome(places, units, texts, targets, ties, rows, answer, powers, ledgers, lists, ebayola)


def _bids(board: Map, hooks: basics.PayolaHooks, state: GameState, sheets: Mapping[str, Sequence[object]],
          ledgers: dict[str, Ledger], index: Mapping[str, int], found: Mapping[str, tuple[str, Unit]],
          texts: Sequence[str], plain: basics.PlainBribes | None) -> tuple[list[Row], dict[str, int]]:
    """Every offer that stands (3.1), as a row for the core, and each power's savings (3.4).

    The offers that do not stand go to their power's ledger with the reason.
    """
    place = {province: i for i, province in enumerate(found)}
    owned = list(found.values())
    bribable: dict[tuple[str, str, str], bool] = {}
    reader: OfferReader | None = None  # for the offers not read on arrival
    rows: list[Row] = []
    savings: dict[str, int] = {}
    for power, sheet in sheets.items():
        seq = -1
        who = index[power]
        for offer in sheet:
            if not isinstance(offer, Offer):
                if isinstance(offer, Savings):
                    savings[power] = savings.get(power, 0) + offer.amount
                continue
            seq += 1
            read = offer.read
            at = place.get(read.province) if isinstance(read, ReadOffer) else None
            if at is None or read.unit_text != texts[at]:
                if reader is None:
                    reader = OfferReader(board, {p: unit for p, (_, unit) in found.items()})
                read = reader.read(offer)
                at = place.get(read.province)
            why = basics.refusal(hooks, state, power, None if at is None else owned[at], offer, read, bribable, plain)
            if why or at is None:
                ledgers.setdefault(power, Ledger(power, 0)).refused.append((str(offer), why))
                continue
            rows.append((at, who, seq, read))
    return rows, savings


def _ignore_second_offers(rows: list[Row], count: int, powers: Sequence[str], ledgers: dict[str, Ledger]) -> list[Row]:
    """Payola Classic (6.1): a power that offers twice to one unit has both offers ignored (unit by unit)."""
    by_unit: list[list[Row]] = [[] for _ in range(count)]
    for row in rows:
        by_unit[row[0]].append(row)
    twice = set()
    for unit_rows in by_unit:
        made: dict[int, int] = {}
        for row in unit_rows:
            made[row[1]] = made.get(row[1], 0) + 1
        for row in unit_rows:
            if made[row[1]] > 1:
                ledgers[powers[row[1]]].refused.append((row[3].text, basics.TWICE))
                twice.add(id(row))
    return [row for row in rows if id(row) not in twice]


def _outcome(places: Sequence[str], units: Sequence[tuple[str, Unit]], texts: Sequence[str],
             targets: Sequence[tuple[int, tuple[int, ...] | None, str]],
             ties: Sequence[tuple[str, ...] | None], rows: Sequence[Row],
             answer: tuple[list, list, list, list, list], powers: Sequence[str], ledgers: dict[str, Ledger],
             lists: dict[str, tuple[str, ...]], ebayola: bool) -> basics.Determination:
    """5.6 and 5.7 from the core's answer: the orders issued and every power's ledger (as ``_outcome``)."""
    chosen, totals, paid, cuts, sums = answer
    for power, count in zip(powers, cuts):
        ledgers[power].reductions = count
    by_unit: list[list[int]] = [[] for _ in units]
    for j, row in enumerate(rows):
        by_unit[row[0]].append(j)
    orders: dict[str, list[Order]] = {}
    decisions = []
    earned: dict[str, int] = {}
    for at in sorted(range(len(places)), key=places.__getitem__):
        (owner, unit), unit_text = units[at], texts[at]
        index, got, code, source, position = chosen[at]
        order, order_text = _order(unit, targets[at][2], rows, source, position)
        why = WHYS[code]
        orders.setdefault(owner, []).append(order)
        decisions.append(UnitDecision(owner, unit_text, order_text, got, why))
        ledgers[owner].units.append((unit_text, order_text, got))
        because = f"{why}: {got} for {order_text}"
        if ebayola and index >= 0:
            order_list = ties[at] if ties[at] is not None else lists.get(owner, ())
            rebates = basics.rebates(sums[at], index, [(j, powers[rows[j][1]], rows[j][2], totals[j])
                                                           for j in by_unit[at] if paid[j]], order_list)
        else:
            rebates = {}
        for j in by_unit[at]:
            read = rows[j][3]
            ledger = ledgers[powers[rows[j][1]]]
            if paid[j]:
                back = rebates.get(j, 0)
                cost = totals[j] - back
                ledger.accepted.append((read.text, order_text, cost))
                ledger.spent += cost
                earned[owner] = earned.get(owner, 0) + cost
                if back:
                    ledger.rebates.append((read.text, back))
            else:
                ledger.lost.append((read.text, order_text, because))
    for ledger in ledgers.values():
        ledger.balance_after = ledger.balance_before - ledger.spent
    return basics.Determination(orders, decisions, ledgers, lists, earned)


def _order(unit: Unit, hold_key: str, rows: Sequence[Row], source: int, position: int) -> tuple[Order, str]:
    """The order issued and its text: as the offer that first named it read it, or the unit's HOLD."""
    if source < 0:
        return Hold(unit.type, unit.location), hold_key
    read = rows[source][3]
    return read.orders[position], read.keys[position]

