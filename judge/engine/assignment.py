"""Which order each unit obeys, when powers send orders for units they may or may not control.

The ruleset says whose orders count for a unit and with what weight; a unit
ordered twice by one power obeys the last order; among several powers the
order with the largest summed weight wins and a tie means the unit holds.
Orders are compared as the board reads them (:func:`canonical`), never as
written: ``A SER - BOS`` and ``SER-BOS`` are one order and their weights add.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Protocol

from judge.engine.geography import Map
from judge.engine.orders import ARMY, AnyOrder, Convoy, Move, Order, Retreat, Support, Unit
from judge.engine.results import VOID, OrderResult
from judge.engine.ruleset import Ruleset
from judge.engine.state import GameState


class OnBoard(Protocol):
    """Anything that knows a unit, its owner and its province (a Placed, a movement Piece)."""

    @property
    def power(self) -> str: ...

    @property
    def unit(self) -> Unit: ...

    @property
    def province(self) -> str: ...


@dataclass(frozen=True, slots=True)
class Placed:
    """A unit on the board with its owner."""

    power: str
    unit: Unit
    province: str


@dataclass(slots=True)
class Assignment:
    orders: dict[str, Order]  # province of the unit -> the order it obeys
    void: list[OrderResult]   # orders that reached no unit they could command


def assign(board: Map, ruleset: Ruleset, state: GameState, units: Mapping[str, OnBoard],
           orders: Mapping[str, Sequence[AnyOrder]]) -> Assignment:
    """Give each unit (keyed by province) the order it will obey."""
    votes: dict[str, dict[str, Order]] = {}
    weights: dict[str, Mapping[str, int]] = {}  # asked once per unit
    void: list[OrderResult] = []
    province_of = board.province_of_or_none
    for power, given in orders.items():
        for order in given:
            if not isinstance(order, Order):
                continue
            province = province_of(order.location)
            placed = None if province is None else units.get(province)
            if placed is None:
                void.append(OrderResult(power, order.unit_text, str(order), VOID,
                                        f"there is no unit in {order.location}"))
                continue
            allowed = weights.get(placed.province)
            if allowed is None:
                allowed = weights[placed.province] = ruleset.order_weights(state, placed.power, placed.unit)
            if power in allowed:
                votes.setdefault(placed.province, {})[power] = order
            else:
                void.append(OrderResult(power, str(placed.unit), str(order), VOID,
                                        f"{power} may not order the {placed.power} unit {placed.unit}"))
    chosen: dict[str, Order] = {}
    on_board: dict[str, Unit] = {}  # asked for only when two powers order one unit
    for province, by_power in votes.items():
        if len(by_power) == 1:
            chosen[province] = next(iter(by_power.values()))
            continue
        on_board = on_board or {where: placed.unit for where, placed in units.items()}
        winner = _tally(board, on_board, weights[province], by_power)
        if winner is not None:
            chosen[province] = winner
    return Assignment(chosen, void)


def _tally(board: Map, units: Mapping[str, Unit], weights: Mapping[str, int],
           by_power: Mapping[str, Order]) -> Order | None:
    """The order with the largest summed weight (None on a tie); orders are compared as the board reads them."""
    if len(by_power) == 1:
        return next(iter(by_power.values()))
    totals: dict[Order, int] = {}
    for power, order in by_power.items():
        key = canonical(board, units, order)
        totals[key] = totals.get(key, 0) + weights.get(power, 0)
    best = max(totals.values())
    winners = [k for k, v in totals.items() if v == best]
    return winners[0] if len(winners) == 1 else None


def canonical(board: Map, units: Mapping[str, Unit], order: Order) -> Order:
    """The order as the board reads it, so that two spellings of one order compare equal.

    ``units`` maps a province to the unit in it.  The ordered unit's and the
    supported or convoyed unit's type and location come from the board; an
    army's goal (move or retreat) is a province, a fleet's the one coast it can reach.  What
    changes an order's meaning is kept: a coast named in a support, VIA CONVOY.
    """
    own = units.get(board.province_of_or_none(order.location) or "")
    if own is None:
        return order
    order = replace(order, unit_type=own.type, location=own.location)
    if isinstance(order, (Move, Retreat)):
        return replace(order, target=_goal(board, own, order.target))
    if isinstance(order, Support):
        other = units.get(board.province_of_or_none(order.supported) or "")
        if other is None:
            return order
        order = replace(order, supported_type=other.type, supported=other.location)
        if order.destination is not None and other.type == ARMY and board.is_location(order.destination):
            order = replace(order, destination=board.province_of(order.destination))
        return order
    if isinstance(order, Convoy):
        return replace(order, army=_province(board, order.army), destination=_province(board, order.destination))
    return order


def _province(board: Map, location: str) -> str:
    return board.province_of_or_none(location) or location


def _goal(board: Map, unit: Unit, target: str) -> str:
    """Where a move goes: an army to a province, a fleet to the coast it names or the only one it reaches."""
    if not board.is_location(target):
        return target
    if unit.type == ARMY:
        return board.province_of(target)
    if "/" in target:
        return target
    options = board.fleet_targets(unit.location, board.province_of(target))
    return options[0] if len(options) == 1 else target
