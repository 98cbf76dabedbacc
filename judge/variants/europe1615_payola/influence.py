"""The yearly INFs and their placement in the Political and Religious Influence phase (PY-06 to PY-12).

Each year a power receives its row of the INF table (R-1303-04; the April
table is lost and the March one stands in, R-1304-04), plus 3 for each
centre it owns beyond its homes and less 3 for each home it does not own,
counted at the start of the year (the last Winter's ownership, PY-05).  It
places some or all of them, any amount in any pliant minor state or any
power's home box; whatever it does not place goes into its own home box
(R-1303-05).  INFs placed in a state stay there (R-1304-07); INFs in the
power's own home box may be placed again in a later year
(``home_box_redeploy``).  A state that became a power's DOMINION at the last
build phase takes INFs from its owner only in the coming Influence phase (R-1303-08, R-1304-11).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from judge.engine.results import OK, VOID, OrderResult
from judge.engine.state import GameState
from judge.variants.europe1615.inputs import Deploy
from judge.variants.europe1615_payola.world import Game, present, set_infs

GRANT, DOMINION = "grant", "dominion"


def yearly_grant(game: Game, state: GameState, power: str) -> int:
    """This year's INFs: the table's row (the last year's beyond it), ±3 per centre gained or home lost."""
    ed = game.edition
    row = ed.yearly_infs.get(power, ())
    if not row:
        return 0
    index = min(max(state.phase.year - ed.first_year, 0), len(row) - 1)
    homes = set(game.board.homes.get(power, ()))
    owned = set(state.centers.get(power, ()))
    change = ed.inf_per_centre * (len(owned - homes) - len(homes - owned))
    return max(row[index] + change, 0)


def place_all(game: Game, state: GameState, orders: Mapping[str, Sequence[Any]]) -> list[OrderResult]:
    """Every power's INF lines in order; each power's unplaced grant goes into its home box."""
    results: list[OrderResult] = []
    grants = state.extra.setdefault(GRANT, {})
    for power in game.powers:
        grant = grants[power] = yearly_grant(game, state, power)
        left = grant
        for line in (v for v in orders.get(power, ()) if isinstance(v, Deploy)):
            result, left = _place(game, state, power, line, left)
            results.append(result)
        if left:
            set_infs(state, power, power, present(state, power).get(power, 0) + left)
    return results


def _place(game: Game, state: GameState, power: str, line: Deploy, left: int) -> tuple[OrderResult, int]:
    """One ``n: PLACE`` line: from this year's INFs first, then (if allowed) from the power's home box."""
    place = game.place_named(line.state)
    problem = placement_problem(game, state, power, place or line.state, line.amount)
    box = present(state, power).get(power, 0) if game.edition.home_box_redeploy and place != power else 0
    if not problem and line.amount > left + box:
        problem = f"{power} has only {left} INFs left to place" + (f" and {box} in its home box" if box else "")
    if problem:
        return OrderResult(power, line.state, line, VOID, problem), left
    from_grant = min(line.amount, left)
    if line.amount > from_grant:
        set_infs(state, power, power, box - (line.amount - from_grant))
    set_infs(state, place, power, present(state, place).get(power, 0) + line.amount)
    where = "its home box" if place == power else f"the {place} box" if place in game.board.powers else place
    return OrderResult(power, place, line, OK, f"{line.amount} INFs into {where}"), left - from_grant


def placement_problem(game: Game, state: GameState, power: str, place: str, amount: int) -> str:
    """Why ``power`` may not place INFs there ("" if it may): R-1303-05, R-1303-06, R-1303-08."""
    if amount <= 0:
        return "place at least one INF"
    if place in game.board.powers:
        return ""
    if place not in game.edition.pliant:
        return f"{place} is not a pliant minor state: no INFs may be placed there"
    owner = state.extra.get(DOMINION, {}).get(place)
    fresh = state.extra.get("dominion_year", {}).get(place) == state.phase.year - 1
    if owner and owner != power and fresh:
        return f"{place} is the DOMINION of {owner}: only {owner} may place INFs there this year"
    return ""
