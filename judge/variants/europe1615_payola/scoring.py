"""The end-of-game objectives (PY-28): the Political and Religious Objectives Table and VP Awards.

For each minor state, a power earns its C value when the state is
CONTROLLED by the power's faith and its A value when the state is ALIGNED
to it (R-1303-26, R-1304-35).  Both discussions of the Rhineland tie the C
award to "Austria has INFs present" (A-1303-04, A-1304-04):
``c_award_needs_infs``.  The April edition adds ``exclusive_bonus`` (+5)
for "exclusive influential control": the state ALIGNED to the power and no
other power's INFs in it (A-PY-9).  States without a centre score too
(R-1303-28, R-1304-37).
"""

from __future__ import annotations

from judge.engine.state import GameState
from judge.variants.europe1615_payola.status import ALIGNED, CONTROLLED, STATUS
from judge.variants.europe1615_payola.world import Game, present


def objective_vps(game: Game, state: GameState, power: str) -> dict[str, int]:
    """The power's C, A and exclusive VPs by state (only states that give it something)."""
    ed = game.edition
    found: dict[str, int] = {}
    for minor in ed.pliant:
        marks = state.extra.get(STATUS, {}).get(minor, {})
        infs = present(state, minor)
        vps = 0
        if marks.get("religious") == CONTROLLED and marks.get("faith") == game.faith(power):
            if infs.get(power) or not ed.c_award_needs_infs:
                vps += ed.objectives.c(minor, power)
        if marks.get("political") == ALIGNED and marks.get("aligned") == power:
            vps += ed.objectives.a(minor, power)
            if set(infs) == {power}:
                vps += ed.exclusive_bonus
        if vps:
            found[minor] = vps
    return found


def military_vps(game: Game, state: GameState, power: str) -> int:
    """PY-29: +1 VP per supply point of each centre owned beyond the homes, −1 per home centre lost."""
    homes = set(game.board.homes.get(power, ()))
    owned = set(state.centers.get(power, ()))
    value = {c: game.board.provinces[c].center for c in homes | owned}
    return sum(value[c] for c in owned - homes) - sum(value[c] for c in homes - owned)


def total_vps(game: Game, state: GameState, power: str) -> int:
    """The power's VPs now: military, the objectives, and every penalty and bonus written so far."""
    logged = sum(int(e[2]) for e in state.extra.get("vp_log", []) if e[1] == power)
    return military_vps(game, state, power) + sum(objective_vps(game, state, power).values()) + logged
