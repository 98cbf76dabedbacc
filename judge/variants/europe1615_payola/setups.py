"""April's games for fewer players (R-1304-60 to R-1304-62): sides, neutral France and its dice.

The GM chooses the set-up in the mail that creates the game (``SET RULE
players 3`` after ``CREATE``, with ``SET SEATS`` so that one address holds
the several powers of its side).  The sides are data (``[options.setups]`` of
the ruleset file).  In the 3-player game France is neutral: no player, and
no other power's unit may enter French territory (A-PY-15: its home centres
and the ports it owns).  Before the build phase of 1617 each side rolls 3D6
from the game's recorded seed (the highest roll again among a tie); from
1618 France joins the winner's player (``Ruleset.handovers``).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from judge.engine.state import GameState
from judge.variants.europe1615_payola.edition import Setup
from judge.variants.europe1615_payola.ports import PORT_OWNERS
from judge.variants.europe1615_payola.world import Game

ROLL = "neutral_roll"
ROUNDS = 50  # rolls again among the tied sides at most this often; then the first of them in the text's order


def setup_of(game: Game) -> Setup | None:
    """The set-up in force (None: five players, one power each)."""
    return game.edition.setups.get(game.edition.players)


def neutral_now(game: Game, state: GameState) -> str:
    """The neutral power while it is neutral (until its dice are rolled), else ""."""
    setup = setup_of(game)
    if setup is None or not setup.neutral or ROLL in state.extra:
        return ""
    return setup.neutral


def closed(game: Game, state: GameState, owner: str, province: str) -> bool:
    """R-1304-61: "French territory cannot be entered" by another power's unit while France is neutral."""
    neutral = neutral_now(game, state)
    if not neutral or owner == neutral:
        return False
    ports = state.extra.get(PORT_OWNERS, {})
    return province in game.board.homes.get(neutral, ()) or ports.get(province) == neutral


def roll_for_neutral(game: Game, state: GameState) -> None:
    """Before the build phase of the roll year: each side's 3D6 from the seed; the neutral joins the highest."""
    setup = setup_of(game)
    if setup is None or not setup.neutral or ROLL in state.extra or state.phase.year != setup.roll_year:
        return
    sides = [side[0] for side in setup.sides if setup.neutral not in side]
    rounds: list[dict[str, int]] = []
    for number in range(ROUNDS):
        rolls = {side: _three_dice(state, side, number) for side in sides}
        rounds.append(rolls)
        best = max(rolls.values())
        sides = [s for s in sides if rolls[s] == best]
        if len(sides) == 1:
            break
    state.extra[ROLL] = {"rounds": rounds, "joins": sides[0], "neutral": setup.neutral}


def _three_dice(state: GameState, side: str, number: int) -> int:
    rng = random.Random(f"{state.extra.get('seed', '')}:{state.phase}:neutral:{side}:{number}")
    return sum(rng.randint(1, 6) for _ in range(3))


def handovers(game: Game, state: GameState) -> dict[str, str]:
    """The neutral power -> the power whose player takes it, once the dice have spoken."""
    rolled = state.extra.get(ROLL)
    return {str(rolled["neutral"]): str(rolled["joins"])} if rolled else {}


def seat_refusal(game: Game, state: GameState | None, power: str, held: Sequence[str]) -> str:
    """Why one address may not hold ``power`` besides ``held`` in the set-up in force, "" when it may.

    R-1304-60 to R-1304-62 give each player one side: one address holds powers
    of one side only, and nobody holds the neutral power until the dice hand
    it to a side (from then on it is of that side).  Five players: "".
    """
    setup = setup_of(game)
    if setup is None:
        return ""
    rolled = state.extra.get(ROLL) if state is not None else None
    if power == setup.neutral and not rolled:
        return (f"{power.title()} is neutral in the {setup.players}-player game until the dice of {setup.roll_year} "
                f"hand it to a side ({setup.rule})")
    sides = _sides_now(setup, str(rolled["joins"]) if rolled else "")
    wanted = _side_of(sides, power)
    for other in held:
        side = _side_of(sides, other)
        if side != wanted:
            return (f"this address already plays the side {_named(side)}; {power.title()} is of the side "
                    f"{_named(wanted)} in the {setup.players}-player game ({setup.rule})")
    return ""


def _sides_now(setup: Setup, joins: str) -> tuple[tuple[str, ...], ...]:
    """The sides, the neutral power one with the side of ``joins`` once the dice have spoken."""
    if not joins:
        return setup.sides
    rest = tuple(side for side in setup.sides if side != (setup.neutral,))
    return tuple((*side, setup.neutral) if joins in side else side for side in rest)


def _side_of(sides: tuple[tuple[str, ...], ...], power: str) -> tuple[str, ...]:
    return next((side for side in sides if power in side), (power,))


def _named(side: tuple[str, ...]) -> str:
    return " + ".join(power.title() for power in side)
