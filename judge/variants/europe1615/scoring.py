"""The year's bookends: the Initial Status Check, the Scoring phase, and the end of the game.

R-v3-06, R-v3-34 (status check); R-v3-107 to R-v3-113 (scoring);
R-v3-121 to R-v3-130 (elimination, victory, draws).  A round's scores are
kept per year (A-v3-21) in ``extra["scores"]``; rounds won in ``extra["rounds"]``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from judge.engine.results import PhaseOutcome
from judge.engine.state import GameState
from judge.variants.europe1615.objectives import play_scoring_by_tables
from judge.variants.europe1615.sanctions import cancel_lapsed
from judge.variants.europe1615.status import (
    aligned_to,
    counterbalance,
    religion,
    status_sheet,
)
from judge.variants.europe1615.tables import (
    ALIGNMENT_MULTIPLIER,
    CATHOLIC,
    MARKER_VPS,
    OTTOMAN_DRAW_CENTRES,
    PROTESTANT,
    ROUNDS_TO_WIN,
)
from judge.variants.europe1615.turn import out_of_phase, sort_orders
from judge.variants.europe1615.victory import protestant_rome
from judge.variants.europe1615.winter import clear_influence_of_the_gone
from judge.variants.europe1615.world import (
    Setup,
    active_powers,
    centre_value,
    holder,
    holdings,
    home_centres,
    pliant,
    yearly_allocation,
)


def play_status_check(setup: Setup, state: GameState, orders: Mapping[str, Sequence[Any]]) -> PhaseOutcome:
    """Initial Status Check: the year's allocations, counterbalance, lapsed modifiers and statuses."""
    work = state.copy()
    claim_minor_homes(setup, work)
    work.extra["allocation"] = {p: yearly_allocation(setup, work, p) for p in setup.powers}  # R-v3-06
    work.extra["deployed"] = {}  # R-v3-09: unused INFs lapse
    work.extra["counterbalance"] = counterbalance(setup, work)  # R-v3-34
    work.extra["notes"] = cancel_lapsed(setup, work)
    work.extra["status"] = status_sheet(setup, work)
    return PhaseOutcome(work, out_of_phase(sort_orders(orders), (), "the Initial Status Check"))


def claim_minor_homes(setup: Setup, state: GameState) -> None:
    """Write each minor state's (and the Ottomans') unheld home centres into ``state.centers``."""
    for owner in (*setup.minors, setup.ottoman):
        for centre in home_centres(setup, state, owner):
            if state.owner_of_center(centre) is None:
                state.centers.setdefault(owner, set()).add(centre)


def score_power(setup: Setup, state: GameState, power: str) -> dict[str, int]:
    """R-v3-108 to R-v3-111: capture, alignment and religious VPs of one power this round."""
    homes = set(home_centres(setup, state, power))
    capture = sum(centre_value(setup, state, c) for c in holdings(setup, state, power) - homes)
    alignment = sum(alignment_award(setup, state, m) for m in pliant(setup, state)
                    if aligned_to(setup, state, m) == power)
    faith = setup.faith.get(power)
    markers = [m for m in pliant(setup, state) if m != setup.papal and religion(setup, state, m) == faith]
    faith_vps = MARKER_VPS * len(markers) if faith in (CATHOLIC, PROTESTANT) else 0
    return {"capture": capture, "alignment": alignment, "religion": faith_vps,
            "total": capture + alignment + faith_vps}


def alignment_award(setup: Setup, state: GameState, minor: str) -> int:
    """R-v3-109, R-v3-110 (A-v3-10): 3 x the dominion's centre values; the expansion multiplier once it grew."""
    held = holdings(setup, state, minor)
    grown = bool(held - set(home_centres(setup, state, minor)))
    multiplier = int(setup.options["expansion_multiplier"]) if grown else ALIGNMENT_MULTIPLIER
    return multiplier * sum(centre_value(setup, state, c) for c in held)


def round_winner(totals: Mapping[str, int]) -> str | None:
    """R-v3-112: the highest score wins the round; a tie at the top means no winner."""
    if not totals:
        return None
    best = max(totals.values())
    top = [p for p, t in totals.items() if t == best]
    return top[0] if len(top) == 1 else None


def play_scoring(setup: Setup, state: GameState, orders: Mapping[str, Sequence[Any]]) -> PhaseOutcome:
    """The edition's ``scoring``: rounds won each year (Version 3), or the objectives tables (2013-08)."""
    return SCORING[setup.edition.scoring](setup, state, orders)


def play_scoring_rounds(setup: Setup, state: GameState, orders: Mapping[str, Sequence[Any]]) -> PhaseOutcome:
    """R-v3-107: score the round, count it won, look for a victory; then clear the INFs of those gone."""
    work = state.copy()
    year = str(work.phase.year)
    breakdown = {p: score_power(setup, work, p) for p in active_powers(setup, work)}
    totals = {p: b["total"] for p, b in breakdown.items()}
    work.extra.setdefault("scores", {})[year] = totals
    work.extra["score_detail"] = breakdown
    winner = round_winner(totals)
    work.extra.setdefault("round_winners", {})[year] = winner
    if winner is not None:
        rounds = work.extra.setdefault("rounds", {})
        rounds[winner] = int(rounds.get(winner, 0)) + 1
        if rounds[winner] >= ROUNDS_TO_WIN and "game_over" not in work.extra:
            work.extra["game_over"] = {"result": "victory", "powers": [winner], "rule": "R-v3-124",
                                       "reason": f"{winner} has won {ROUNDS_TO_WIN} rounds"}
    clear_influence_of_the_gone(setup, work)
    return PhaseOutcome(work, out_of_phase(sort_orders(orders), (), "the Scoring phase"))


def check_end(setup: Setup, state: GameState) -> dict[str, Any] | None:
    """R-v3-125, R-v3-127 to R-v3-130, R-1308-79, R-1308-80: an automatic victory or a forced draw, or None."""
    alive = active_powers(setup, state)
    by_faith = {f: [p for p in alive if setup.faith.get(p) == f] for f in (CATHOLIC, PROTESTANT)}
    rome = holder(setup, state, "ROM")
    rome_rule, ottoman_rome = ROME[setup.edition.ottoman_rome]
    if rome in by_faith[PROTESTANT]:
        return {"result": "victory", "powers": [rome], "rule": rome_rule, "reason": f"{rome} has taken Rome"}
    if setup.edition.faith_draws and alive and not by_faith[PROTESTANT]:
        return {"result": "draw", "powers": by_faith[CATHOLIC], "rule": "R-v3-127",
                "reason": "every Protestant power is eliminated"}
    if setup.edition.faith_draws and alive and not by_faith[CATHOLIC]:
        return {"result": "draw", "powers": by_faith[PROTESTANT], "rule": "R-v3-128",
                "reason": "every Catholic power is eliminated"}
    if rome == setup.ottoman:
        return ottoman_rome(setup, state)
    held = holdings(setup, state, setup.ottoman)
    islamic = {c for s in setup.islamic for c in home_centres(setup, state, s)}
    if setup.edition.faith_draws and len(held - islamic) >= OTTOMAN_DRAW_CENTRES and \
            len(held) >= OTTOMAN_DRAW_CENTRES + 2:
        return {"result": "draw", "powers": alive, "rule": "R-v3-129",
                "reason": "the Ottomans hold five Christian centres"}
    return None


def ottoman_rome_draw(setup: Setup, state: GameState) -> dict[str, Any]:
    """R-v3-130: the Ottomans took Rome: a draw among the Protestant powers (or all, if one is left)."""
    alive = active_powers(setup, state)
    protestants = [p for p in alive if setup.faith.get(p) == PROTESTANT]
    powers = protestants if len(protestants) > 1 else alive
    return {"result": "draw", "powers": powers, "rule": "R-v3-130", "reason": "the Ottomans have taken Rome"}


#: the edition's ``ottoman_rome`` strategy: the rule id of a Protestant Rome, and what an Ottoman Rome is
ROME = {"draw": ("R-v3-125", ottoman_rome_draw), "protestant_victory": ("R-1308-79", protestant_rome)}


def agreed_winner(setup: Setup, state: GameState) -> str | None:
    """R-v3-126 (A-v3-21): most rounds won, then the highest summed score; None while a tie remains."""
    alive = active_powers(setup, state)
    rounds = state.extra.get("rounds", {})
    summed = {p: sum(int(year.get(p, 0)) for year in state.extra.get("scores", {}).values()) for p in alive}
    ranked = sorted(alive, key=lambda p: (int(rounds.get(p, 0)), summed[p]), reverse=True)
    if not ranked:
        return None
    def record(power: str) -> tuple[int, int]:
        return int(rounds.get(power, 0)), summed[power]

    if len(ranked) > 1 and record(ranked[0]) == record(ranked[1]):
        chosen = state.extra.get("agreement_winner")  # the GM's call (GM WINNER), among the tied only
        return chosen if chosen in [p for p in ranked if record(p) == record(ranked[0])] else None
    return ranked[0]


#: the edition's ``scoring`` strategy
SCORING = {"rounds": play_scoring_rounds, "tables": play_scoring_by_tables}
