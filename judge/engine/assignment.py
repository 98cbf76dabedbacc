"""Which order each unit obeys, when powers send orders for units they may or may not control.

The ruleset says whose orders count for a unit and with what weight; a unit
ordered twice by one power obeys the last order; among several powers the
order with the largest summed weight wins and a tie means the unit holds.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol

from judge.engine.geography import Map
from judge.engine.orders import AnyOrder, Order, Unit
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
    for power, given in orders.items():
        for order in given:
            if not isinstance(order, Order):
                continue
            placed = _unit_for(board, units, order)
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
    for province, by_power in votes.items():
        winner = _tally(weights[province], by_power)
        if winner is not None:
            chosen[province] = winner
    return Assignment(chosen, void)


def _unit_for(board: Map, units: Mapping[str, OnBoard], order: Order) -> OnBoard | None:
    province = board.province_of_or_none(order.location)
    return None if province is None else units.get(province)


def _tally(weights: Mapping[str, int], by_power: Mapping[str, Order]) -> Order | None:
    if len(by_power) == 1:
        return next(iter(by_power.values()))
    totals: dict[str, int] = {}
    sample: dict[str, Order] = {}
    for power, order in by_power.items():
        key = str(order)
        totals[key] = totals.get(key, 0) + weights.get(power, 0)
        sample[key] = order
    best = max(totals.values())
    winners = [k for k, v in totals.items() if v == best]
    return sample[winners[0]] if len(winners) == 1 else None
