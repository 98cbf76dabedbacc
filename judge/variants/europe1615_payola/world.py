"""What every rule module asks of the board and the position: faiths, minors, home boxes, the INFs present.

``state.extra["influence"]`` holds every INF on the board, place -> power ->
INFs: a place is a pliant minor state (``"HES"``) or a power's home box,
named by the power (``"FRANCE"``: the French box, where France keeps its
unused INFs and others place theirs for immunity, R-1303-05, R-1303-10).
INFs are public in these editions (R-1303-07, R-1304-10).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from judge.engine.geography import Map
from judge.engine.state import GameState
from judge.variants.europe1615_payola.edition import PayolaEdition

INFLUENCE = "influence"


@dataclass(frozen=True)
class Game:
    """The board and the edition: what the rule modules need besides the position."""

    board: Map
    edition: PayolaEdition

    @property
    def powers(self) -> tuple[str, ...]:
        return tuple(sorted(self.board.powers))

    def faith(self, power: str) -> str:
        return self.edition.faiths.get(power, "")

    def place_named(self, text: str) -> str:
        """A pliant minor state or a power's home box from a name a player wrote ("" if neither)."""
        key = text.strip().upper()
        power = self.board.power_named(key)
        if power:
            return power
        if key in self.board.states:
            return key
        province = self.board.resolve_name(text)
        for minor, provinces in self.board.states.items():
            if province and province in provinces:
                return minor
        return ""

    def state_of(self, province: str) -> str:
        """The minor state a province belongs to ("" for none)."""
        return next((s for s, provinces in self.board.states.items() if province in provinces), "")


def influence(state: GameState) -> dict[str, dict[str, int]]:
    """Every place's INFs by power, kept in the state (changed in place by placements and attacks)."""
    return state.extra.setdefault(INFLUENCE, {})


def present(state: GameState, place: str) -> dict[str, int]:
    """The INFs in one place, power -> INFs (only powers with some)."""
    return {p: int(n) for p, n in state.extra.get(INFLUENCE, {}).get(place, {}).items() if int(n) > 0}


def set_infs(state: GameState, place: str, power: str, amount: int) -> None:
    """Write a power's INFs in a place; a place left empty is dropped, so the published sheet stays short."""
    here = influence(state).setdefault(place, {})
    if amount > 0:
        here[power] = amount
    else:
        here.pop(power, None)
    if not here:
        influence(state).pop(place, None)


def total(infs: Mapping[str, int]) -> int:
    return sum(int(n) for n in infs.values())
