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

    #: the province of the unit the offer is for ("" when its location is no place on the board)
    province: str
    #: ``str`` of the unit on the board it was read against ("" when there is none)
    unit_text: str
    kind: str
    #: the orders as the board reads them (``canonical``)
    orders: tuple[Order, ...]
    #: each of those orders as text: what makes two offers' orders one candidate (5.1), and the ledger's words
    keys: tuple[str, ...]
    #: why the unit could never issue each order ("" when it could: 3.1)
    problems: tuple[str, ...]
    #: the single bribes (``offers.expand``) and the plateau of each (5.5)
    values: tuple[int, ...]
    plateaus: tuple[int, ...]
    total: int
    #: the offer as the ledgers write it: its amounts and kind with the orders as read
    text: str


def units_by_province(board: Map, state: GameState) -> dict[str, Unit]:
    """Every unit on the board by its province (what ``canonical`` reads orders against)."""
    return {board.province_of(u.location): u for us in state.units.values() for u in us}


def prepare(board: Map, at: Mapping[str, Unit], offer: Offer) -> ReadOffer:
    """The offer read against the units ``at`` each province: once, on arrival."""
    amounts = offer.amounts
    values = tuple(a.value for a in amounts for _ in range(a.times))
    plateaus = tuple(a.plateau for a in amounts for _ in range(a.times))
    province = board.province_of_or_none(offer.unit.location) or ""
    unit = at.get(province)
    if unit is None:
        return ReadOffer(province, "", offer.kind, offer.orders, (), (), values, plateaus, sum(values), str(offer))
    orders = tuple(canonical(board, at, order) for order in offer.orders)
    problems = tuple(order_problem(board, unit, order) for order in offer.orders)
    text = str(Offer(amounts, offer.kind, unit, orders))
    return ReadOffer(province, str(unit), offer.kind, orders, tuple(str(o) for o in orders), problems,
                     values, plateaus, sum(values), text)


def read_offer(board: Map, at: Mapping[str, Unit], offer: Offer) -> ReadOffer:
    """The offer's reading from its arrival when it was made against the same unit, else a new one."""
    read = offer.read
    if isinstance(read, ReadOffer):
        unit = at.get(read.province)
        if unit is not None and read.unit_text == str(unit):
            return read
    return prepare(board, at, offer)
