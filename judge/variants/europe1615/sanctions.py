"""When a modifier may be voted on, when it lapses, what it does the moment it passes, and motions.

R-v3-83 to R-v3-106.  The effects that last (bans, exclusive rights,
immunity, retreats, double strength) are read from :mod:`.modifiers` by the
modules that need them; this module handles availability (the ballot),
cancellation, and the one-off events: Catalan secession and the secession
of Guyenne or Bohemia.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from judge.engine.orders import Unit
from judge.engine.results import OK, VOID, OrderResult
from judge.engine.state import GameState
from judge.variants.europe1615.inputs import Motion
from judge.variants.europe1615.modifiers import (
    BY_KEY,
    MODIFIERS,
    Modifier,
    find_modifier,
)
from judge.variants.europe1615.status import (
    aligned_to,
    counterbalance,
    modifiers_in_force,
)
from judge.variants.europe1615.world import (
    Setup,
    active_powers,
    allocation,
    captured,
    holder,
    states,
    unit_owner_at,
)

BALLOT_SIZE = 3


def unavailable(setup: Setup, state: GameState, modifier: Modifier) -> str:
    """Why the modifier cannot be on this year's ballot ("" if it can)."""
    if modifier.key in state.extra.get("removed", []):
        return "removed from the ballots by a motion"  # R-v3-84
    if modifier.key in modifiers_in_force(state):
        return "already in force"
    reason = lapse_reason(setup, state, modifier)
    if reason:
        return reason
    if modifier.key == "TREATY_OF_LYON":  # R-v3-89
        if aligned_to(setup, state, "SAV") != "FRANCE":
            return "Savoy is not aligned with France"
        if aligned_to(setup, state, "SWI") == "SPAIN":
            return "Switzerland is aligned with Spain"
    return ""


def lapse_reason(setup: Setup, state: GameState, modifier: Modifier) -> str:
    """The cancellation condition the modifier meets now ("" if none)."""
    balance = counterbalance(setup, state)
    if modifier.blocked_by and modifier.blocked_by == balance:
        return f"{balance.lower()} is in effect"  # R-v3-91 to R-v3-94
    for minor in _must_stay_pliant(setup, modifier):
        if minor in states(setup, state) and captured(setup, state, minor):
            return f"{minor} has been captured"  # R-v3-95 to R-v3-102
    if modifier.key == "TREATY_OF_LYON" and "FRANCE" not in active_powers(setup, state):
        return "France has been eliminated"
    if modifier.special and modifier.special in state.extra.get("lost_specials", []) and modifier.key == "WALLENSTEIN":
        return "the Wallenstein army was disbanded and cannot be rebuilt"  # R-v3-98
    return ""


def _must_stay_pliant(setup: Setup, modifier: Modifier) -> tuple[str, ...]:
    if modifier.key == "TREATY_OF_LYON":
        return ("SAV", "SWI")  # A-v3-14: Switzerland is captured by annexation
    if modifier.key == "CATHOLIC_LEAGUE" and setup.options["catholic_league_return"] == "all":
        return ("BAV", "WES", "FRA")  # A-v3-12, Reading 2
    return (modifier.pliant,) if modifier.pliant else ()


def cancel_lapsed(setup: Setup, state: GameState) -> list[str]:
    """R-v3-83: drop the modifiers whose cancellation condition holds; say why."""
    notes, kept = [], []
    for key in modifiers_in_force(state):
        modifier = BY_KEY.get(key)
        reason = lapse_reason(setup, state, modifier) if modifier else ""
        if reason:
            notes.append(f"{modifier.name if modifier else key} is cancelled: {reason}")
        else:
            kept.append(key)
    state.extra["modifiers"] = kept
    return notes


def ballot_choices(setup: Setup, state: GameState) -> list[str]:
    """The three modifiers on this year's ballot: the GM's (``extra["ballot"]``) or the three most important available."""
    chosen = [k for k in state.extra.get("ballot", []) if k in BY_KEY]
    if chosen:
        return chosen[:BALLOT_SIZE]
    free = [m.key for m in MODIFIERS if not unavailable(setup, state, m)]
    return free[:BALLOT_SIZE]


def record_motions(setup: Setup, state: GameState, given: Mapping[str, Sequence[Motion]]) -> list[OrderResult]:
    """R-v3-84: one motion per player per game, presented in spring, summer or fall for the winter ballot."""
    results = []
    used = state.extra.setdefault("motions_used", {})
    for power, motions in given.items():
        for motion in motions:
            modifier = find_modifier(motion.modifier)
            problem = ""
            if modifier is None:
                problem = f"no modifier is called {motion.modifier!r}"
            elif power in used:
                problem = f"{power} has already used its motion (on {used[power]})"
            elif modifier.key in state.extra.get("removed", []):
                problem = f"{modifier.name} has already been removed"
            if problem:
                results.append(OrderResult(power, "", motion, VOID, problem))
                continue
            assert modifier is not None
            used[power] = modifier.key
            state.extra.setdefault("motions", {})[modifier.key] = power
            results.append(OrderResult(power, "", motion, OK,
                                       f"the motion to cancel {modifier.name} will be on the winter ballot"))
    return results


def enact(setup: Setup, state: GameState, keys: Sequence[str]) -> list[str]:
    """Put modifiers into force for the coming year, with their one-off effects (R-v3-93, R-v3-94, R-v3-106)."""
    notes = []
    in_force = list(modifiers_in_force(state))
    for key in keys:
        if key not in in_force:
            in_force.append(key)
        notes.append(f"{BY_KEY[key].name} is in force")
    state.extra["modifiers"] = in_force
    if "CATALAN_SECESSION" in keys:
        notes += _catalonia(setup, state)
    if "HUGUENOT_REBELLION" in keys and "RICHELIEU" in in_force and _leads(setup, state, "FRANCE"):
        notes += secede(setup, state, "GUY", "FRANCE")
    if "BOHEMIAN_REVOLT" in keys and "WALLENSTEIN" in in_force and _leads(setup, state, "AUSTRIA"):
        notes += secede(setup, state, "BOH", "AUSTRIA")
    return notes


def _leads(setup: Setup, state: GameState, power: str) -> bool:
    """ "leads in influence" (A-v3-13): the largest yearly allocation, alone."""
    mine = allocation(setup, state, power)
    return all(allocation(setup, state, p) < mine for p in active_powers(setup, state) if p != power)


def _catalonia(setup: Setup, state: GameState) -> list[str]:
    """R-v3-106: Catalonia gains a centre (its value a GM option) and an army."""
    state.extra.setdefault("new_centers", {})["CAT"] = int(setup.options["catalonia_value"])
    if holder(setup, state, "CAT") == "CAT" and unit_owner_at(state, setup.board, "CAT") is None:
        state.units.setdefault("CAT", []).append(Unit("A", "CAT"))
        return ["Catalonia becomes a pliant state with a centre and an army"]
    return ["Catalonia becomes a pliant state with a centre; its army is raised when CAT is free"]


def secede(setup: Setup, state: GameState, province: str, power: str) -> list[str]:
    """R-v3-93, R-v3-94: a home centre leaves its power as a new pliant minor state (value: the map's)."""
    state.extra.setdefault("new_states", {})[province] = [province]
    state.extra.setdefault("seceded", {})[province] = power
    for owned in state.centers.values():
        owned.discard(province)
    state.centers.setdefault(province, set()).add(province)
    return [f"{setup.board.provinces[province].name} secedes from {power} as a new pliant minor state"]
