"""What a player's INF and attack lines owe the rules when they arrive by mail, and what a phase waits for.

The same checks the phases make when they are played (``influence.py``,
``attacks.py``), asked at once so the reply names a line that cannot stand.
An attack that the earlier attacks of the phase may yet make possible or
impossible is not judged on arrival: only its shape and the year are.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from judge.engine.state import GameState
from judge.variants.europe1615.inputs import Attack, Deploy
from judge.variants.europe1615_payola.attacks import box_open
from judge.variants.europe1615_payola.influence import placement_problem, yearly_grant
from judge.variants.europe1615_payola.world import Game, present


def check_line(game: Game, state: GameState, power: str, value: Deploy | Attack, earlier: Sequence[Any]) -> str:
    """Why ``power`` cannot send this line now ("" if it can)."""
    if isinstance(value, Deploy):
        problem = placement_problem(game, state, power, value.state, value.amount)
        if problem:
            return problem
        others = sum(e.amount for e in earlier if isinstance(e, Deploy) and e.state != value.state)
        box = present(state, power).get(power, 0) if game.edition.home_box_redeploy else 0
        have = yearly_grant(game, state, power) + box
        return f"{power} has {have} INFs to place; with this line {others + value.amount}" \
            if others + value.amount > have else ""
    if state.phase.year < game.edition.first_attack_year:
        return f"no diplomatic attacks before {game.edition.first_attack_year}"
    if value.target == power:
        return "a power cannot attack itself"
    place = game.place_named(value.state)
    if place in game.board.powers and not box_open(game, power, place):
        return f"only {place} attacks in its own home box (R-1304-14); other attacks are made in a minor state"
    alternates = dict(game.edition.attack_order).get(power, 0)
    listed = [e for e in earlier if isinstance(e, Attack) and e != value]
    return f"{power} may list only {alternates} alternate(s)" if len(listed) > alternates else ""


def budget_words(game: Game, state: GameState, power: str) -> str:
    """The INFs ``power`` may place this year, told before it places them (STATUS, reminders, the start mail)."""
    grant = yearly_grant(game, state, power)
    box = present(state, power).get(power, 0) if game.edition.home_box_redeploy else 0
    again = f", and {box} in your home box may be placed again" if box else ""
    return f"{grant + box} INFs to place in {state.phase.year} ({grant} of the year{again})"


def inputs_due(game: Game, state: GameState, power: str) -> tuple[tuple[str, str], ...]:
    """The Influence phase waits for every power's INF lines; the attack phase for those that could attack."""
    if state.phase.kind == "P":
        return (("INF", f"INF placements: {budget_words(game, state, power)} (N: STATE, or N: your own home box)"),)
    if state.phase.kind == "D" and state.phase.year >= game.edition.first_attack_year:
        places = [p for p, by in state.extra.get("influence", {}).items()
                  if by.get(power) and any(q != power and n for q, n in by.items())
                  and (p not in game.board.powers or box_open(game, power, p))]
        return (("ATTACK", "a diplomatic attack and its alternates (STATE > POWER)"),) if places else ()
    return ()
