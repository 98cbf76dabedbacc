"""A power's own standing in words (:class:`~judge.engine.standing.Standing`): its INFs named by state.

The result mail, STATUS, the reply and reminders show it to that power and
the GM only (``templates/_words.j2``, macro ``standing``).
"""

from __future__ import annotations

from dataclasses import dataclass

from judge.engine.geography import Map
from judge.engine.standing import Standing
from judge.render.words import owner_name


@dataclass(frozen=True, slots=True)
class StandingWords:
    """``power``'s name, and (state's name, INFs) for each state it holds INFs in; the rest as in Standing."""

    power: str
    held: tuple[tuple[str, int], ...]
    budget: int
    period: str
    spent: int
    left: int


def standing_words(board: Map, power: str, standing: Standing) -> StandingWords:
    held = tuple(sorted((owner_name(board, place), amount) for place, amount in standing.held))
    return StandingWords(owner_name(board, power), held, standing.budget, standing.period, standing.spent,
                         standing.left)
