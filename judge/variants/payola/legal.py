"""Whether an order could be issued to a unit at all (rule 3.1: "a valid, legal order that could be issued").

A geometric check against the board only: what the order needs of other
units (a convoying fleet, a supported unit's order) is the adjudicator's
business once the orders are issued.

>>> from judge.variants import load_variant
>>> from judge.engine.orders import Move, Unit
>>> board = load_variant("standard").map
>>> fleet = Unit("F", "NAP")
>>> order_problem(board, fleet, Move("F", "NAP", "ION")), order_problem(board, fleet, Move("F", "NAP", "VEN"))
('', 'F NAP cannot reach VEN')
"""

from __future__ import annotations

from judge.engine.geography import Map, Terrain
from judge.engine.orders import ARMY, FLEET, Convoy, Hold, Move, Order, Support, Unit


def order_problem(board: Map, unit: Unit, order: Order) -> str:
    """Why ``order`` could never be issued to ``unit`` (``""`` when it could)."""
    if order.unit_type not in (None, unit.type):
        return f"the unit in {board.province_of(unit.location)} is {'an army' if unit.type == ARMY else 'a fleet'}"
    if isinstance(order, Hold):
        return ""
    if isinstance(order, Move):
        return _move_problem(board, unit, order)
    if isinstance(order, Support):
        into = order.destination or order.supported
        if not board.is_location(into) or not board.is_location(order.supported):
            return f"unknown province in {order}"
        if board.province_of(into) == board.province_of(unit.location):
            return "a unit cannot support into its own province"
        if not board.can_reach_province(unit.type, unit.location, board.province_of(into)):
            return f"{unit} cannot support into {board.province_of(into)}"
        return ""
    if isinstance(order, Convoy):
        if unit.type != FLEET or board.terrain(unit.location) != Terrain.SEA:
            return f"{unit} is not a fleet at sea"
        return ""
    return f"{type(order).__name__.lower()} is not a movement order"


def _move_problem(board: Map, unit: Unit, order: Move) -> str:
    if not board.is_location(order.target):
        return f"unknown destination {order.target}"
    dest = board.province_of(order.target)
    if dest == board.province_of(unit.location):
        return "a unit cannot move to the province it is in"
    if unit.type == ARMY:
        coastal = all(board.terrain(p) == Terrain.COAST for p in (board.province_of(unit.location), dest))
        if board.army_can_move(unit.location, dest) or coastal:
            return ""
        return f"{unit} cannot reach {dest}"
    if "/" in order.target:
        return "" if board.fleet_can_move(unit.location, order.target) else f"{unit} cannot reach {order.target}"
    return "" if board.fleet_targets(unit.location, dest) else f"{unit} cannot reach {dest}"
