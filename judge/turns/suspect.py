"""Orders the judge takes but a classic judge would question: the reply warns, the phase still plays them.

A support or convoy stands as an order even when it matches nothing (it is
simply void when the phase is played), so refusing it would be wrong; but a
player who supports ``A YOR - HOL`` while ordering ``A YOR - BEL`` almost
surely made a slip, and the reply is the last chance to say so.

Only what the player may know is used: the board (where units stand, what a
unit can reach) and the player's **own** orders.  Another power's orders are
secret until the phase is played, so a support or convoy of a foreign unit is
never compared with that unit's orders: saying it matches, or does not, would
tell what that power ordered.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Any

from judge.engine.geography import Map, Terrain
from judge.engine.orders import FLEET, Convoy, Move, Order, Support, Unit
from judge.engine.state import GameState

_WILL_NOT_COUNT = "so it matches no order of yours and will not count"


def suspect_orders(board: Map, state: GameState, values: Sequence[Any], own: Collection[str]) -> list[str]:
    """One warning per support or convoy among ``values`` (a power's orders) that is likely a slip.

    ``own`` holds the provinces of the units the power orders itself: only
    their orders are compared with a support or convoy of them.
    """
    mine = {board.province_of_or_none(v.location): v for v in values if isinstance(v, Order)}
    found = []
    for value in values:
        if isinstance(value, Support | Convoy):
            why = _why(board, state, value, mine, own)
            if why:
                found.append(f"{value}: {why}")
    return found


def _why(board: Map, state: GameState, order: Support | Convoy, mine: dict[str | None, Order],
         own: Collection[str]) -> str:
    """What is wrong with one support or convoy ("" if nothing the player may be told of)."""
    helped_at = order.supported if isinstance(order, Support) else order.army
    province = board.province_of_or_none(helped_at)
    helped = _unit_in(state, board, province)
    if helped is None:
        return f"there is no unit in {_name(board, province)} to {_verb(order)}"
    into = order.destination
    reach = _out_of_reach(board, order, into)
    if reach:
        return reach
    if isinstance(order, Convoy) and helped.type == FLEET:
        return f"the unit in {_name(board, province)} is a fleet, and only an army can be convoyed"
    if province not in own:
        return ""   # another power's unit: its orders are secret
    return _mismatch(board, order, helped, mine.get(province), into)


def _out_of_reach(board: Map, order: Support | Convoy, into: str | None) -> str:
    """A support into a province its unit cannot reach, a convoy by a unit not at sea (the board alone says so)."""
    if isinstance(order, Convoy):
        at_sea = board.provinces[board.province_of(order.location)].terrain is Terrain.SEA
        return "" if order.unit_type == FLEET and at_sea else "only a fleet at sea can convoy"
    if order.unit_type is None:
        return ""
    target = board.province_of_or_none(into or order.supported)
    if target is None or board.can_reach_province(order.unit_type, order.location, target):
        return ""
    return f"{order.unit_type} {order.location} cannot reach {_name(board, target)}, so it cannot support there"


def _mismatch(board: Map, order: Support | Convoy, helped: Unit, given: Order | None, into: str | None) -> str:
    """How the player's own order for the helped unit differs from what the support or convoy expects."""
    moving = isinstance(given, Move)
    if isinstance(order, Support) and into is None:
        if not moving:
            return ""
        return f"your {helped} is ordered {given}, and a unit that moves cannot be supported to hold; {_WILL_NOT_COUNT}"
    wanted = board.province_of_or_none(into or "")
    if moving and isinstance(given, Move) and board.province_of_or_none(given.target) == wanted:
        return ""
    place = _name(board, wanted)
    if given is None:
        return (f"your {helped} has no order yet, so it holds; {_WILL_NOT_COUNT} "
                f"unless you order it to {place}")
    return f"your {helped} is ordered {given}, not to {place}; {_WILL_NOT_COUNT}"


def _unit_in(state: GameState, board: Map, province: str | None) -> Unit | None:
    return next((u for units in state.units.values() for u in units
                 if board.province_of_or_none(u.location) == province), None) if province else None


def _verb(order: Support | Convoy) -> str:
    return "support" if isinstance(order, Support) else "convoy"


def _name(board: Map, province: str | None) -> str:
    found = board.provinces.get(province or "")
    return found.name if found is not None else (province or "that place")
