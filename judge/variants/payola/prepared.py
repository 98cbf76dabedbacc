"""An offer read against the board once, when its line arrives, so determination need not read it again.

Reading an offer's orders as the board reads them (``canonical``), checking
that its unit could issue each of them (3.1) and expanding its amounts into
single bribes (5.5) is the costly part of an offer; it depends on the phase's
position only, which does not change while the sheets come in.  The line
reader does it on arrival (``judge.reading.payola``) and hangs the result on
the ``Offer`` it returns (``Offer.read``); order determination uses it as it
is when its unit is still the one on the board, and reads the offer itself
otherwise.  What the variant's hooks allow (``may_bribe``, ``may_buy``…) is
asked at determination, never here: it may depend on who sends the offer.

>>> from judge.variants import load_variant
>>> from judge.engine.state import GameState, Phase
>>> from judge.engine.orders import Unit, Move
>>> from judge.variants.payola.offers import Offer, Amount
>>> board = load_variant("payola").map
>>> state = GameState(Phase.parse("S1901M"), {"ITALY": [Unit("F", "NAP")]})
>>> read = prepare(board, units_by_province(board, state), Offer((Amount(3, 2),), ":", Unit("", "NAP"), (Move(None, "NAP", "ION"),)))
>>> read.keys, read.values, read.text, read.problems
(('F NAP - ION',), (3, 3), '2*3 : F NAP - ION', ('',))
"""

from __future__ import annotations

from collections.abc import Mapping
from sys import intern
from dataclasses import dataclass

from judge.engine.assignment import canonical
from judge.engine.geography import Map
from judge.engine.orders import Order, Unit
from judge.engine.state import GameState
from judge.variants.payola.legal import order_problem
from judge.variants.payola.offers import Offer


@dataclass(frozen=True, slots=True)
class ReadOffer:
    """An offer as determination needs it: its unit's province, its orders as the board reads them, its bribes."""

    #: ``str`` of the unit on the board it was read against ("" when there is none)
    unit_text: str
    #: each of its orders as text: what makes two offers' orders one candidate (5.1), and the ledger's words
    keys: tuple[str, ...]
    #: the offer as the ledgers write it: its amounts and kind with the orders as read
    text: str
    #: the orders as the board reads them (``canonical``)
    orders: tuple[Order, ...]
    #: the province of the unit the offer is for ("" when its location is no place on the board)
    province: str
    kind: str
    #: why the unit could never issue each order ("" when it could: 3.1)
    problems: tuple[str, ...]
    #: the single bribes (``offers.expand``) and the plateau of each (5.5)
    values: tuple[int, ...]
    plateaus: tuple[int, ...]
    total: int


#: the problems of an offer whose orders all could be issued, shared by every such offer
_FINE = {("",) * n: ("",) * n for n in range(1, 9)}


def units_by_province(board: Map, state: GameState) -> dict[str, Unit]:
    """Every unit on the board by its province (what ``canonical`` reads orders against)."""
    return {board.province_of(u.location): u for us in state.units.values() for u in us}


class OfferReader:
    """Reads offers against one position, each distinct order of a unit once (powers bribe alike)."""

    def __init__(self, board: Map, at: Mapping[str, Unit]) -> None:
        self.board = board
        self.at = at
        self._orders: dict[tuple[str, Order], tuple[Order, str, str]] = {}

    def read(self, offer: Offer) -> ReadOffer:
        """The offer read against the unit in its province (``ReadOffer``)."""
        board, amounts = self.board, offer.amounts
        values = tuple(a.value for a in amounts for _ in range(a.times))
        plateaus = tuple(a.plateau for a in amounts for _ in range(a.times))
        province = board.province_of_or_none(offer.unit.location) or ""
        unit = self.at.get(province)
        if unit is None:
            return ReadOffer(unit_text="", keys=(), text=str(offer), orders=offer.orders, province=province,
                             kind=offer.kind, problems=(), values=values, plateaus=plateaus, total=sum(values))
        unit_text = intern(str(unit))  # one string for every offer to the unit
        read = [self._order(province, unit, order) for order in offer.orders]
        keys = tuple(key for _, key, _ in read)
        head = " + ".join(str(a) for a in amounts)
        rest = [key[len(unit_text) + 1:] for key in keys[1:]]  # Offer.__str__ of the orders as read
        text = f"{head} {offer.kind} " + " | ".join([keys[0], *rest])
        problems = tuple(p for _, _, p in read)
        orders = tuple(o for o, _, _ in read)
        return ReadOffer(unit_text=unit_text, keys=keys, text=text, orders=orders, province=province,
                         kind=offer.kind, problems=_FINE.get(problems, problems), values=values,
                         plateaus=plateaus, total=sum(values))

    def _order(self, province: str, unit: Unit, order: Order) -> tuple[Order, str, str]:
        """The order as the board reads it, as text, and why the unit could never issue it."""
        found = self._orders.get((province, order))
        if found is None:
            as_read = canonical(self.board, self.at, order)
            found = self._orders[(province, order)] = (as_read, str(as_read),
                                                       order_problem(self.board, unit, order))
        return found


def prepare(board: Map, at: Mapping[str, Unit], offer: Offer) -> ReadOffer:
    """The offer read against the units ``at`` each province (one offer: ``OfferReader`` for many)."""
    return OfferReader(board, at).read(offer)
