"""Diplomatic attacks: one per power per movement phase, weakest first, by mutual reduction (R-v3-36 to R-v3-45).

Step 2 of each movement phase (R-v3-05, R-1308-05): the INFs deployed in
step 1 are already in place, so an attack may hit them (R-v3-37).  Each
attack works on what the attacks before it left (R-v3-42, R-1308-59).  The
edition says who goes first (``attack_order``), whether the first phase has
attacks, whether a power has a second attack inside the Ottoman Empire
(R-1308-56), and what an attack on a power without INFs there is.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from judge.engine.results import OK, VOID, OrderResult
from judge.engine.state import GameState
from judge.variants.europe1615.income import phase_income
from judge.variants.europe1615.influence import previous_scores
from judge.variants.europe1615.inputs import Attack
from judge.variants.europe1615.modifiers import in_force
from judge.variants.europe1615.status import modifiers_in_force
from judge.variants.europe1615.world import (
    Setup,
    active_powers,
    allocation,
    captured,
    holdings,
    states,
)

#: what the text calls an attack that could not be carried out
FAILED = "failed"


def attack_sequence(setup: Setup, state: GameState, powers: Sequence[str]) -> list[str]:
    """The order in which powers attack: the edition's ``attack_order``."""
    return SEQUENCE[setup.edition.attack_order](setup, state, powers)


def by_allocation(setup: Setup, state: GameState, powers: Sequence[str]) -> list[str]:
    """R-v3-39: least yearly allocation first; ties by centres (A-v3-05), then by last year's score, then name."""
    fewer_first = setup.options["attack_centre_tiebreak"] != "more_first"
    last = previous_scores(state)

    def key(power: str) -> tuple[int, int, int, str]:
        centres = len(holdings(setup, state, power))
        return (allocation(setup, state, power), centres if fewer_first else -centres,
                int(last.get(power, 0)), power)

    return sorted(powers, key=key)


def by_phase_infs(setup: Setup, state: GameState, powers: Sequence[str]) -> list[str]:
    """R-1308-57: least INFs received for the phase first; a tie as in the previous phase's sequence, then by name."""
    income = state.extra.get("income") or {p: phase_income(setup, state, p) for p in powers}
    before = list(state.extra.get("attack_sequence", []))

    def key(power: str) -> tuple[int, int, str]:
        return int(income.get(power, 0)), before.index(power) if power in before else len(before), power

    return sorted(powers, key=key)


SEQUENCE: dict[str, Callable[[Setup, GameState, Sequence[str]], list[str]]] = {
    "allocation": by_allocation, "phase_infs": by_phase_infs}


def first_movement_phase(setup: Setup, state: GameState) -> bool:
    """The game's first movement phase (Spring 1615), which has no diplomatic attacks in 2013-08 (R-1308-54)."""
    first = next(season for season, kind in setup.edition.phases if kind == "M")
    return state.phase.year == setup.edition.number("first_year") and state.phase.season == first


def phase_bar(setup: Setup, state: GameState) -> str:
    """Why this phase takes no attacks at all ("" if it does): R-1308-54, checked on arrival and when played."""
    if not setup.edition.attacks_in_first_phase and first_movement_phase(setup, state):
        return "no diplomatic attacks in the first movement phase"
    return ""


def attack_class(setup: Setup, attack: Attack) -> str:
    """"" for a power's one attack of the phase; the Ottomans' abbreviation for its second (R-1308-56)."""
    ottoman = setup.edition.ottoman_attack and attack.state.upper() == setup.ottoman
    return setup.ottoman if ottoman else ""


def immune(state: GameState, power: str) -> str:
    """R-v3-44: the modifier that makes ``power`` immune to diplomatic attacks ("" if none)."""
    for modifier in in_force(modifiers_in_force(state)):
        if modifier.immune == power:
            return modifier.name
    return ""


def resolve_attacks(setup: Setup, state: GameState,
                    given: Mapping[str, Sequence[Attack]]) -> list[OrderResult]:
    """Carry out this phase's attacks in sequence, changing ``state.extra["influence"]``.

    The sequence of every power is kept in ``extra["attack_sequence"]`` (the
    next phase's tie-break, R-1308-57).
    """
    results: list[OrderResult] = []
    chosen: dict[tuple[str, str], Attack] = {}
    barred = phase_bar(setup, state)
    for power, attacks in given.items():
        by_class: dict[str, list[Attack]] = {}
        for attack in attacks:
            by_class.setdefault(attack_class(setup, attack), []).append(attack)
        for kind, lines in by_class.items():
            for earlier in lines[:-1]:  # R-v3-36, R-1308-55: one attack per phase; a later line corrects an earlier
                results.append(OrderResult(power, earlier.state, earlier, VOID,
                                           "only one diplomatic attack per phase: a later one replaces it"))
            chosen[(power, kind)] = lines[-1]
    sequence = attack_sequence(setup, state, sorted(set(active_powers(setup, state)) | {p for p, _ in chosen}))
    state.extra["attack_sequence"] = sequence
    for power in sequence:
        for kind in ("", setup.ottoman):
            found = chosen.get((power, kind))
            if found is not None and barred:
                results.append(OrderResult(power, found.state, found, VOID, barred))  # R-1308-54
            elif found is not None:
                results.append(_attack(setup, state, power, found))
    return results


def _attack(setup: Setup, state: GameState, power: str, attack: Attack) -> OrderResult:
    minor = attack.state.upper()
    target = setup.board.power_named(attack.target) or attack.target.upper()
    problem = attack_problem(setup, state, power, minor, target)
    if problem:
        return OrderResult(power, minor, attack, VOID, problem)
    shield = immune(state, target) if setup.edition.modifiers else ""  # R-1308-61: no immunity in 2013-08
    if shield:
        return OrderResult(power, minor, attack, FAILED, f"{target} is immune to diplomatic attacks ({shield})")
    present = state.extra.setdefault("influence", {}).setdefault(minor, {})
    mine, theirs = int(present.get(power, 0)), int(present.get(target, 0))
    if mine == 0:  # R-v3-42, R-1308-59: nothing left to attack with
        return OrderResult(power, minor, attack, FAILED, f"{power} has no INFs in {minor}")
    if theirs == 0 and setup.edition.attack_without_target == "failed":  # R-1308-59
        return OrderResult(power, minor, attack, FAILED, f"{target} has no INFs in {minor}")
    present[power], present[target] = mutual_reduction(mine, theirs)
    cut = mine - present[power]
    for side in (power, target):
        if present[side] == 0:
            del present[side]
    return OrderResult(power, minor, attack, OK,
                       f"{power} {mine} v {target} {theirs}: each loses {cut}, leaving "
                       f"{power} {mine - cut} and {target} {theirs - cut}")


def mutual_reduction(mine: int, theirs: int) -> tuple[int, int]:
    """R-v3-41, R-1308-58 (and the Payola editions' EX, R-1303-12): the smaller side loses all, the other as much.

    >>> mutual_reduction(4, 5), mutual_reduction(6, 6)
    ((0, 1), (0, 0))
    """
    cut = min(mine, theirs)
    return mine - cut, theirs - cut


def attack_problem(setup: Setup, state: GameState, power: str, minor: str, target: str) -> str:
    """Why this attack is not allowed at all ("" if it is): R-v3-16, R-v3-36, R-v3-45."""
    if power not in active_powers(setup, state):
        return f"{power} is out of the game"
    if minor not in states(setup, state):
        return f"{minor} is not a minor state"
    if captured(setup, state, minor):
        return f"{minor} has been captured: no diplomatic attacks there"  # R-v3-16, R-v3-45
    if not setup.is_power(target):
        return f"{target} is not a power"
    if target == power:
        return "a power cannot attack itself"
    return ""
