"""What order determination (``determination.py``) rests on besides the decisions and the passes of 5.5.

The result, the hooks' protocol, the acceptance lists expanded once per phase
(4.1, 4.2), why an offer cannot stand (3.1) and eBayola's rebates (6.4).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Protocol

from judge.engine.orders import Order, Unit
from judge.engine.state import GameState
from judge.variants.payola.ledger import Ledger, UnitDecision
from judge.variants.payola.offers import Accept, Offer
from judge.variants.payola.prepared import ReadOffer


@dataclass(frozen=True, slots=True)
class PlainBribes:
    """A ruleset's word that its bribes are limited by rule 3.1 alone (``PayolaHooks.plain_bribes``).

    Any power may bribe any unit to issue any order it could issue; a zero
    offer stands at its owner's unit only, or at any unit with ``zero_foreign``
    (6.1); no unit has a fixed tie list.
    """

    zero_foreign: bool = False


class PayolaHooks(Protocol):
    """The four restrictions a Payola ruleset answers (``judge.variants.payola.ruleset``), and whether it has any."""

    def plain_bribes(self, state: GameState) -> PlainBribes | None: ...
    def may_bribe(self, state: GameState, power: str, owner: str, unit: Unit) -> bool: ...
    def may_buy(self, state: GameState, power: str, owner: str, unit: Unit, order: Order) -> bool: ...
    def may_offer_zero(self, state: GameState, power: str, owner: str, unit: Unit) -> bool: ...
    def tie_list(self, state: GameState, owner: str, unit: Unit) -> tuple[str, ...] | None: ...


@dataclass(slots=True)
class Determination:
    """Every unit's order (by owner, ready for the movement adjudication) and every power's ledger."""

    orders: dict[str, list[Order]]
    decisions: list[UnitDecision]
    ledgers: dict[str, Ledger]
    lists: dict[str, tuple[str, ...]]
    #: what was paid for the orders of each power's units (Zero Sum Payola deposits it after Fall, 6.7)
    earned: dict[str, int] = field(default_factory=dict)
    #: the rounds of the over-expenditure loop (5.5): passes made one by one and cycles of passes repeated at
    #: once; it grows with the offers, never with the amounts (``overspending.py``), and is no rule quantity
    rounds: int = 0


def expand_lists(powers: Sequence[str], accept: Mapping[str, Accept], seed: str) -> dict[str, tuple[str, ...]]:
    """Each power's acceptance list with its ``?`` expanded, once per phase from ``seed`` (4.1, 4.2)."""
    shuffle = random.Random(seed).shuffle
    everyone = tuple(sorted(powers))
    lists = {}
    for power in everyone:
        shuffled = list(everyone)
        shuffle(shuffled)
        chosen = accept.get(power)
        if chosen is None:  # default_accept(power), (power, ?), expanded without making it (each phase, every power)
            lists[power] = (power, *[p for p in shuffled if p != power])
        else:
            lists[power] = chosen.expanded(everyone, shuffled)
    return lists


TWICE = "a second offer to this unit: both offers are ignored (one offer per unit, 6.1)"


def refusal(hooks: PayolaHooks, state: GameState, power: str, found: tuple[str, Unit] | None, offer: Offer,
             read: ReadOffer, bribable: dict[tuple[str, str, str], bool], plain: PlainBribes | None = None) -> str:
    """Why an offer to the unit ``found`` (owner, unit) cannot stand at determination, or "".

    The reader says so on arrival too.  With ``plain`` (the ruleset's
    ``plain_bribes``) no hook is asked: rule 3.1 alone decides.
    """
    if found is None:
        return f"there is no unit in {read.province or offer.unit.location}"
    owner, unit = found
    if plain is not None:
        if read.total == 0 and power != owner and not plain.zero_foreign:
            return "zero offers to a foreign unit are not allowed (3.1)"
        return next((problem for problem in read.problems if problem), "")
    if not _asked(bribable, (power, read.province, "bribe"), lambda: hooks.may_bribe(state, power, owner, unit)):
        return f"{power} may not bribe {unit}"
    if read.total == 0 and not _asked(bribable, (power, read.province, "zero"),
                                      lambda: hooks.may_offer_zero(state, power, owner, unit)):
        return "zero offers to a foreign unit are not allowed (3.1)"
    for order, problem in zip(offer.orders, read.problems):
        if problem or not hooks.may_buy(state, power, owner, unit, order):
            return problem or f"{power} may not buy {order}"
    return ""


def _asked(answers: dict[tuple[str, str, str], bool], key: tuple[str, str, str], ask: Callable[[], bool]) -> bool:
    """A hook's answer for one power and unit, asked once per phase (``answers`` lives as long as the phase)."""
    found = answers.get(key)
    if found is None:
        found = answers[key] = ask()
    return found


def rebates(totals: Sequence[int], index: int, paying: Sequence[tuple[int, str, int, int]],
             order_list: Sequence[str]) -> dict[int, int]:
    """6.4 eBayola: the issued order costs one more than the best other total; the saving goes back.

    ``paying`` is each paying bid as (a key, its power, its sheet line, its
    total); the rebates come back by that key.

    The contributors are paid back in the order of the unit's tie list (its
    owner's acceptance list, or a variant's fixed one), each at most what it
    offered, until the saving is spent; one power's offers by their sheet order.
    A unit with no other candidate costs 1 (its best other total is 0).
    """
    losing = max((t for i, t in enumerate(totals) if i != index), default=0)
    saving = totals[index] - (losing + 1)
    if saving <= 0:
        return {}
    place = {power: i for i, power in enumerate(order_list)}
    rebates = {}
    for key, power, _, amount in sorted(paying, key=lambda b: (place.get(b[1], len(place)), b[1], b[2])):
        back = min(saving, amount)
        if back:
            rebates[key] = back
            saving -= back
        if not saving:
            break
    return rebates
