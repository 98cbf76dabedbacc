"""Random positions for the Payola tests that compare two ways of determining orders on many phases."""

from __future__ import annotations

import random
from collections.abc import Callable

from judge.engine.geography import Map
from judge.engine.orders import Unit
from judge.engine.state import GameState, Phase


def random_position(board: Map, rng: random.Random, count: Callable[[random.Random], int]) -> GameState:
    """``count(rng)`` units on distinct provinces, dealt to the powers in turn, armies or fleets where each may stand."""
    powers = sorted(board.powers)
    provinces = sorted(board.provinces)
    rng.shuffle(provinces)
    units: dict[str, list[Unit]] = {p: [] for p in powers}
    for i, province in enumerate(provinces[:count(rng)]):
        fleet = [loc for loc in board.locations_of(province) if board.fleet_adjacency.get(loc)]
        army = board.provinces[province].terrain.name != "SEA"
        unit = Unit("F", rng.choice(fleet)) if fleet and (not army or rng.random() < 0.5) else Unit("A", province)
        units[powers[i % len(powers)]].append(unit)
    return GameState(Phase.parse("S1901M"), units)
