"""Influence points: the budget, and where a power may deploy (R-v3-09 to R-v3-17, R-1308-06 to R-1308-18).

The budget is the edition's ``influence`` strategy: a yearly allocation
(Version 3: :func:`.world.yearly_allocation`, spent across the year's three
movement phases) or the INFs of each movement phase (2013-08:
:func:`.income.phase_income`; what is not spent lapses, R-1308-07).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from judge.engine.results import OK, VOID, OrderResult
from judge.engine.standing import Standing
from judge.engine.state import GameState
from judge.variants.europe1615.income import phase_income
from judge.variants.europe1615.inputs import Deploy
from judge.variants.europe1615.modifiers import (
    ANY,
    PROTESTANT_MAJORITY,
    Modifier,
    in_force,
)
from judge.variants.europe1615.status import (
    counterbalance,
    influence_in,
    locked,
    modifiers_in_force,
    religion,
)
from judge.variants.europe1615.tables import (
    CATHOLIC,
    KETZENHAMMER,
    PROTESTANT,
    WIDERSTAND,
)
from judge.variants.europe1615.world import (
    Setup,
    active_powers,
    allocation,
    captured,
    states,
)

#: the edition's ``influence`` strategy: a power's INFs for the period, and what the period is called
BUDGET: dict[str, tuple[Callable[[Setup, GameState, str], int], str]] = {
    "yearly": (allocation, "this year"), "per_phase": (phase_income, "this phase")}


def open_period(setup: Setup, state: GameState) -> None:
    """At the start of a movement phase: each power's INFs for it, in ``extra["income"]`` (R-1308-06).

    The INFs of a phase lapse at its end (R-1308-07), so the deployments
    counted against them start again; a yearly allocation is counted from
    the Initial Status Check instead.
    """
    if setup.edition.influence == "per_phase":
        state.extra["deployed"] = {}
        state.extra["income"] = {p: budget(setup, state, p) for p in setup.powers}


def close_period(setup: Setup, state: GameState) -> None:
    """At the end of a movement phase: its unused INFs lapse (R-1308-07), so nothing is left deployed."""
    if setup.edition.influence == "per_phase":
        state.extra.pop("deployed", None)

def budget(setup: Setup, state: GameState, power: str) -> int:
    """The INFs a power has for the period: the year's allocation, or the phase's INFs."""
    return BUDGET[setup.edition.influence][0](setup, state, power)


def period(setup: Setup) -> str:
    """"this year" or "this phase": what unused INFs outlast (R-v3-09) or not (R-1308-07)."""
    return BUDGET[setup.edition.influence][1]


def remaining(setup: Setup, state: GameState, power: str) -> int:
    """R-v3-09, R-1308-07: what is left to deploy this year, or this phase."""
    return budget(setup, state, power) - int(state.extra.get("deployed", {}).get(power, 0))


def standing(setup: Setup, state: GameState, power: str) -> Standing | None:
    """A power's own INFs in every state, its budget for the period, what it deployed and what is left (R-v3-09).

    The INFs a power holds are secret (R-v3-18): only it and the GM read this.
    """
    if power not in setup.powers:
        return None
    held = tuple(sorted((minor, int(per.get(power, 0))) for minor, per in state.extra.get("influence", {}).items()
                        if int(per.get(power, 0)) > 0))
    whole = budget(setup, state, power)
    spent = int(state.extra.get("deployed", {}).get(power, 0))
    year = str(state.phase.year) if setup.edition.influence == "yearly" else ""
    return Standing(held, whole, year, spent, whole - spent)


def deploy_problem(setup: Setup, state: GameState, power: str, minor: str) -> str:
    """Why ``power`` may not deploy INFs to ``minor`` now ("" if it may)."""
    if power not in active_powers(setup, state):
        return f"{power} is out of the game and deploys no INFs"  # R-v3-122
    if minor not in states(setup, state):
        return f"{minor} is not a minor state that takes INFs"
    if captured(setup, state, minor):
        return f"{minor} has been captured: no power may deploy INFs there"  # R-v3-16
    if minor == setup.papal and setup.faith.get(power) != CATHOLIC:
        return "only the Catholic powers may deploy INFs to the Papal States"  # R-v3-13, R-1308-11
    if locked(setup, state, minor):
        return f"{minor} takes no INFs until its modifier has passed"  # R-v3-14, R-v3-15
    return _counterbalance_problem(setup, state, power, minor) or _modifier_problem(setup, state, power, minor)


def _counterbalance_problem(setup: Setup, state: GameState, power: str, minor: str) -> str:
    """R-v3-32, R-v3-33: the stronger faith may not deploy to the weaker faith's majority states."""
    balance, faith = counterbalance(setup, state), setup.faith.get(power)
    marker = religion(setup, state, minor)
    if balance == WIDERSTAND and faith == CATHOLIC and marker == PROTESTANT:
        return f"widerstand: Catholic powers may not deploy INFs to the Protestant-majority {minor}"
    if balance == KETZENHAMMER and faith == PROTESTANT and marker == CATHOLIC:
        return f"ketzenhammer: Protestant powers may not deploy INFs to the Catholic-majority {minor}"
    return ""


def _modifier_problem(setup: Setup, state: GameState, power: str, minor: str) -> str:
    """R-v3-89 to R-v3-105: bans and exclusive rights of the modifiers in force."""
    active = in_force(modifiers_in_force(state))
    faith = setup.faith.get(power)
    for modifier in active:
        for who, banned in modifier.bans:
            if who not in (power, faith):
                continue
            if minor in banned or (PROTESTANT_MAJORITY in banned and religion(setup, state, minor) == PROTESTANT):
                return f"{modifier.name}: {power} may not deploy INFs to {minor}"
    exclusive = [m for m in active if minor in m.exclusive]
    if not exclusive:
        return ""
    decided = [m for m in exclusive if m.key == state.extra.get("exclusive", {}).get(minor)]
    if decided:
        exclusive = decided  # A-v3-18: the GM said which right holds in this state (GM EXCLUSIVE)
    elif setup.options["exclusive_conflict"] == "importance":
        exclusive = exclusive[:1]  # A-v3-18: the most important modifier decides
    for modifier in exclusive:
        entitled = entitled_power(setup, state, modifier)
        if entitled != power:
            who = entitled or "nobody"
            return f"{modifier.name}: only {who} may deploy INFs to {minor}"
    return ""


def entitled_power(setup: Setup, state: GameState, modifier: Modifier) -> str | None:
    """The one power an exclusive right belongs to: named, or the leading power of a faith (A-v3-13)."""
    if setup.is_power(modifier.exclusive_to):
        return modifier.exclusive_to
    candidates = [p for p in active_powers(setup, state)
                  if modifier.exclusive_to == ANY or setup.faith.get(p) == modifier.exclusive_to]
    if not candidates:
        return None
    last_scores = previous_scores(state)

    def weight(power: str) -> tuple[int, int]:
        if setup.options["leading_influence"] == "state":
            lead = sum(influence_in(state, m).get(power, 0) for m in modifier.exclusive)
        else:
            lead = allocation(setup, state, power)
        return lead, int(last_scores.get(power, 0))

    ranked = sorted(candidates, key=weight, reverse=True)
    if len(ranked) > 1 and weight(ranked[0]) == weight(ranked[1]):
        tied = [p for p in ranked if weight(p) == weight(ranked[0])]
        chosen = state.extra.get("leaders", {}).get(modifier.key)
        return chosen if chosen in tied else None  # tied on influence and on score: the GM decides (GM LEADER)
    return ranked[0]


def previous_scores(state: GameState) -> dict[str, int]:
    """The last Scoring phase's scores (R-v3-39 tie-break; A-v3-21)."""
    history = state.extra.get("scores", {})
    if not history:
        return {}
    return dict(history[max(history, key=int)])


def apply_deployments(setup: Setup, state: GameState, given: Mapping[str, Sequence[Deploy]]) -> list[OrderResult]:
    """Step 1 of R-v3-05: every power's deployment list judged, then all of them placed together.

    The lists go in together ("the GM distributes INFs ... as indicated in
    the deployment lists"), so each line is judged on the position before any
    of the phase's deployments: no power's line stands or falls on whose list
    is read first (a religious marker another power's INFs would change, a
    counterbalance).  A power's own lines count against its budget in turn.
    """
    results: list[OrderResult] = []
    placed: list[tuple[str, str, int]] = []
    for power in sorted(given):
        left = remaining(setup, state, power)
        for order in given[power]:
            minor = order.state.upper()
            problem = _line_problem(setup, state, power, minor, order.amount, left)
            if problem:
                results.append(OrderResult(power, minor, order, VOID, problem))
                continue
            left -= order.amount
            placed.append((power, minor, order.amount))
            results.append(OrderResult(power, minor, order, OK, f"{order.amount} INFs deployed to {minor}"))
    for power, minor, amount in placed:
        present = state.extra.setdefault("influence", {}).setdefault(minor, {})
        present[power] = int(present.get(power, 0)) + amount
        used = state.extra.setdefault("deployed", {})
        used[power] = int(used.get(power, 0)) + amount
    return results


def _line_problem(setup: Setup, state: GameState, power: str, minor: str, amount: int, left: int) -> str:
    """Why one deployment line cannot stand on the position before the phase's deployments ("" if it can)."""
    problem = deploy_problem(setup, state, power, minor)
    if not problem and amount <= 0:
        problem = "deploy a positive number of INFs"
    if not problem and amount > left:
        problem = (f"over {period(setup)}'s budget: {max(left, 0)} of "
                   f"{budget(setup, state, power)} INFs left")  # R-v3-09, R-1308-06
    return problem
