"""WAIVE: the occupier keeps a foreign centre's owner (R-1303-39, R-1304-51), in a movement phase or in the Winter.

"The player occupying a foreign supply center prior to the build phase may
waive the change in ownership of the center."  Centres change hands when the
Fall is over (``Ruleset.ownership_season``), before the Winter's builds; a
``WAIVE LOR`` sent in a movement phase stops that change, and one sent in the
Winter (the build phase) gives the centre back to the owner it had before the
Fall, which ``TAKEN`` records as the centres change hands.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from judge.engine.state import GameState
from judge.variants.europe1615.inputs import WaiveCapture

TAKEN = "taken"  # centre -> [the power that took it at the end of the year, its owner before ("" for none)]


def record_take(state: GameState, province: str, taker: str) -> None:
    """A centre about to change hands at the year's end: who had it, so that a Winter WAIVE can give it back."""
    before = state.owner_of_center(province) or ""
    if before != taker:
        state.extra.setdefault(TAKEN, {})[province] = [taker, before]


def winter_problem(state: GameState, power: str, province: str) -> str:
    """Why ``power`` cannot WAIVE this centre in the Winter ("" if it may)."""
    taken = state.extra.get(TAKEN, {}).get(province)
    if not taken or taken[0] != power:
        return (f"{power} did not take {province} when the centres changed hands this year: only a centre "
                "taken then may be waived in the Winter (R-1303-39, R-1304-51)")
    return ""


def waive_in_winter(state: GameState, orders: Mapping[str, Sequence[Any]]) -> None:
    """Each Winter WAIVE: the centre goes back to the owner it had before the Fall, before builds are counted."""
    taken = state.extra.get(TAKEN, {})
    for power, values in orders.items():
        for value in values:
            if isinstance(value, WaiveCapture) and not winter_problem(state, power, value.province):
                before = taken[value.province][1]
                state.centers.get(power, set()).discard(value.province)
                if before:
                    state.centers.setdefault(before, set()).add(value.province)
