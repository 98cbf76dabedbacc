"""Order determination in the compiled core ``_determine`` (rules 3.1 and 5.1–5.7): the Python around it.

In pure Python the candidates, ties and over-expenditure passes of a full
phase cost over twenty movement adjudications (``bench/payola.py``); the core,
a small C extension built with the package when a compiler is at hand
(``pyproject.toml``, optional), reads the sheets itself, does the arithmetic on
integer arrays and writes the ledgers.  This module prepares what depends on
the position (the units, the acceptance lists expanded as
:func:`determination.determine_in_python` does, with the same helpers of
``basics.py``) and answers the core's rare questions (``admit``: an offer not
read against this position, a restricting ruleset's hooks, the reason an offer
cannot stand), so both paths give the same outcome
(``tests/payola/test_compiled.py``).

``CORE`` is the core, or None when it is not built or ``JUDGE_PAYOLA_PURE=1``
was set when the judge started; ``judge --version`` says which (:func:`status`).
"""

from __future__ import annotations

import importlib
import os
from sys import intern
from collections.abc import Callable, Mapping, Sequence
from types import ModuleType

from judge.engine.geography import Map
from judge.engine.orders import Hold, Unit
from judge.engine.state import GameState
from judge.variants.payola import basics
from judge.variants.payola.ledger import (
    BY_DUMMY, BY_FURTHER, BY_LIST, BY_SEQUENCE, BY_TOTAL, NO_OFFER, Ledger, UnitDecision,
)
from judge.variants.payola.offers import Accept, Offer, Savings
from judge.variants.payola.prepared import OfferReader, ReadOffer

#: the core's reason codes, as the ledgers write them
WHYS = (BY_TOTAL, NO_OFFER, BY_DUMMY, BY_LIST, BY_SEQUENCE, BY_FURTHER)


def built() -> ModuleType:
    """The compiled core, told the classes it reads and writes; ImportError when it is not built."""
    core = importlib.import_module("judge.variants.payola._determine")
    core.setup(Offer, Savings, ReadOffer, UnitDecision, Hold, WHYS, basics.TWICE)
    return core


def _load() -> ModuleType | None:
    """The compiled core, unless it is not built or switched off."""
    if os.environ.get("JUDGE_PAYOLA_PURE", "") not in ("", "0"):
        return None
    try:
        return built()
    except ImportError:
        return None


CORE = _load()
#: what the core asks of Python for an offer: (power's index, offer, its read or None, unit's index or -1)
Admit = Callable[[int, Offer, object, int], "tuple[int, ReadOffer] | None"]


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
    """``determine`` in the compiled core (which must be built: ``CORE``); OverflowError beyond what it counts."""
    assert CORE is not None, "the compiled core is not built"
    powers = sorted(set(state.units) | set(balances) | set(sheets))
    lists = basics.expand_lists(powers, accept, seed)
    ledgers = {p: Ledger(p, balances.get(p, 0), acceptance=list(lists[p])) for p in powers}
    index = {p: i for i, p in enumerate(powers)}
    plain = hooks.plain_bribes(state)
    province_of = board.province_of
    found = {province_of(unit.location): (owner, unit) for owner, units in state.units.items() for unit in units}
    owned = list(found.values())
    targets = _targets(hooks, state, owned, lists, index, dummies, plain, ebayola)
    place = {target[4]: i for i, target in enumerate(targets)}
    provinces = list(found)
    admit = _admitter(board, hooks, state, powers, ledgers, found, plain)
    orders, decisions, earned = CORE.determine(
        sheets if type(sheets) is dict else dict(sheets), index, place, targets, list(ledgers.values()), powers,
        admit, sorted(range(len(provinces)), key=provinces.__getitem__),
        -1 if plain is None else int(plain.zero_foreign), one_offer_per_unit, ebayola)
    return basics.Determination(orders, decisions, ledgers, lists, earned)


def _targets(hooks: basics.PayolaHooks, state: GameState, owned: Sequence[tuple[str, Unit]],
             lists: Mapping[str, tuple[str, ...]], index: Mapping[str, int], dummies: Sequence[str],
             plain: basics.PlainBribes | None, ebayola: bool) -> list[tuple[object, ...]]:
    """Each unit for the core: (owner's index, tie list as indices or None, its HOLD's text, the unit, its text,
    each power's place in its list for 6.4 or None).

    A variant's fixed list breaks the unit's ties first; else its owner's
    list, unless the owner is unplayed (4.4: a tie holds).
    """
    ties = {p: tuple([index.get(q, -1) for q in lists[p]]) if p not in dummies else None for p in lists}
    if plain is not None and not ebayola:  # most phases: every unit's list is its owner's
        return [(index[owner], ties[owner], f"{text} H", unit, text, None)
                for owner, unit in owned for text in (intern(str(unit)),)]
    targets = []
    for owner, unit in owned:
        text = intern(str(unit))  # as the reader's (prepared.py): the same string
        fixed = None if plain is not None else hooks.tie_list(state, owner, unit)
        tie = tuple([index.get(q, -1) for q in fixed]) if fixed is not None else ties[owner]
        rank = None
        if ebayola:  # basics.rebates: a power's last place in the list; those not in it after
            order_list = fixed if fixed is not None else lists[owner]
            places = {q: i for i, q in enumerate(order_list)}
            rank = tuple(places.get(q, len(places)) for q in index)
        targets.append((index[owner], tie, f"{text} H", unit, text, rank))
    return targets


def _admitter(board: Map, hooks: basics.PayolaHooks, state: GameState, powers: Sequence[str],
              ledgers: Mapping[str, Ledger], found: Mapping[str, tuple[str, Unit]],
              plain: basics.PlainBribes | None) -> Admit:
    """What the core asks of an offer it cannot take as it is (see ``_determine_sheets.c``).

    An offer not read against this position (``at`` -1) is read here; the
    hooks are asked (``basics.refusal``, once per power and unit where it
    can); an offer that cannot stand goes to its power's ledger with the
    reason, and None comes back.
    """
    bribable: dict[tuple[str, str, str], bool] = {}
    made: list[tuple[OfferReader, dict[str, int], list[tuple[str, Unit]]]] = []  # made at the first question

    def admit(who: int, offer: Offer, read: object, at: int) -> tuple[int, ReadOffer] | None:
        if not made:
            made.append((OfferReader(board, {p: unit for p, (_, unit) in found.items()}),
                         {province: i for i, province in enumerate(found)}, list(found.values())))
        reader, place, owned = made[0]
        if at < 0 or not isinstance(read, ReadOffer):
            read = reader.read(offer)
            at = place.get(read.province, -1)
        assert isinstance(read, ReadOffer)
        power = powers[who]
        why = basics.refusal(hooks, state, power, owned[at] if at >= 0 else None, offer, read, bribable, plain)
        if why or at < 0:
            ledgers[power].refused.append((str(offer), why))
            return None
        return at, read

    return admit
