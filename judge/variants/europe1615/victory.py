"""Who wins a game of the 2013-08 edition: VPs at the end of 1620, its tie-breaks, alliances, Rome.

R-1308-78 to R-1308-81.  VPs are the sum of the Scoring phases' awards
(``extra["scores"]``, year -> power -> VPs); an eliminated power's are ceded
(R-1308-68, R-1308-77: it scores nothing and cannot win).  Alliances are the
GM's record of two powers' declaration (``GM ALLIANCE France Spain``), in
``extra["alliances"]``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from judge.engine.discretion import ActionError
from judge.engine.state import GameState
from judge.variants.europe1615.world import Setup, active_powers, holdings


def victory_points(setup: Setup, state: GameState) -> dict[str, int]:
    """Each power still in the game: its VPs of every Scoring phase so far (R-1308-62)."""
    alive = active_powers(setup, state)
    totals = {p: 0 for p in alive}
    for year in state.extra.get("scores", {}).values():
        for power, vps in year.items():
            if power in totals:
                totals[power] += int(vps)
    return totals


def invested(state: GameState, power: str) -> int:
    """The INFs a power has in the states: the last tie-break (R-1308-78)."""
    return sum(int(placed.get(power, 0)) for placed in state.extra.get("influence", {}).values())


def standing(setup: Setup, state: GameState, vps: dict[str, int], power: str) -> tuple[int, int, int]:
    """What ranks a power (R-1308-78): its VPs, then its centres, then its INFs."""
    return vps.get(power, 0), len(holdings(setup, state, power)), invested(state, power)


def best_of(setup: Setup, state: GameState, powers: Sequence[str], rule: str, why: str) -> dict[str, Any]:
    """The top power of ``powers`` wins; a tie on VPs, centres and INFs alike is a draw among the tied."""
    vps = victory_points(setup, state)
    order = sorted(powers, key=lambda p: (tuple(-k for k in standing(setup, state, vps, p)), p))
    if not order:
        return {"result": "draw", "powers": [], "rule": rule, "reason": why}
    top = standing(setup, state, vps, order[0])
    tied = [p for p in order if standing(setup, state, vps, p) == top]
    if len(tied) > 1:
        return {"result": "draw", "powers": tied, "rule": rule, "reason": f"{why}; a tie on VPs, centres and INFs"}
    return {"result": "victory", "powers": [order[0]], "rule": rule, "reason": why}


def final_result(setup: Setup, state: GameState) -> dict[str, Any]:
    """R-1308-78, R-1308-81: the end of 1620, with the alliances the GM recorded."""
    alive = active_powers(setup, state)
    vps = victory_points(setup, state)
    pairs = [tuple(pair) for pair in state.extra.get("alliances", [])]
    for pair in pairs:
        others = sum(v for p, v in vps.items() if p not in pair)
        if sum(vps.get(p, 0) for p in pair) > others:
            return {"result": "victory", "powers": [p for p in pair if p in alive], "rule": "R-1308-81",
                    "reason": f"the alliance of {' and '.join(p.title() for p in pair)} has more VPs than the "
                              "other players together"}
    if not pairs:
        return best_of(setup, state, alive, "R-1308-78", "the most VPs at the end of 1620")
    free = [p for p in alive if not any(p in pair for pair in pairs)]
    if len(pairs) == 2 and len(free) == 1:
        return {"result": "victory", "powers": free, "rule": "R-1308-81",
                "reason": "neither alliance beats the rest: the balance of power goes to the unallied player"}
    for power in free:
        if len(free) > 1 and vps[power] > sum(vps[p] for p in free if p != power):
            return {"result": "victory", "powers": [power], "rule": "R-1308-81",
                    "reason": "the alliance fails, and one unallied player has more VPs than the other two"}
    return best_of(setup, state, alive, "R-1308-78", "no alliance or unallied player qualifies: the most VPs")


def protestant_rome(setup: Setup, state: GameState) -> dict[str, Any]:
    """R-1308-80: the Ottomans took Rome; the Catholics are defeated and the best Protestant power wins."""
    protestants = [p for p in active_powers(setup, state) if setup.faith.get(p) == "PROTESTANT"]
    return best_of(setup, state, protestants, "R-1308-80", "the Ottomans have taken Rome: the Catholic powers are "
                   "defeated, and the Protestant power with the most VPs wins")


def declare_alliance(setup: Setup, state: GameState, words: str) -> tuple[GameState, str]:
    """R-1308-81: the GM records two powers' alliance, declared before the start of 1618; for good."""
    names = [w for w in words.replace(",", " ").split() if w.upper() not in ("AND", "&", "WITH")]
    powers = [setup.board.power_named(n) for n in names]
    if len(powers) != 2 or None in powers or powers[0] == powers[1]:
        raise ActionError(f"name two powers, as in ALLIANCE France Spain: not {words.strip()!r}")
    deadline = setup.edition.number("alliance_deadline")
    if state.phase.year >= deadline:
        raise ActionError(f"alliances are formed before the start of {deadline}")
    alive = active_powers(setup, state)
    allied = {p for pair in state.extra.get("alliances", []) for p in pair}
    for power in powers:
        assert power is not None
        if power not in alive:
            raise ActionError(f"{power.title()} is out of the game")
        if power in allied:
            raise ActionError(f"{power.title()} is already in an alliance, and alliances are permanent")
    work = state.copy()
    pair = sorted(p for p in powers if p is not None)
    work.extra["alliances"] = [*state.extra.get("alliances", []), pair]
    return work, f"{pair[0].title()} and {pair[1].title()} are allied for the rest of the game (R-1308-81)"


def alliances_now(setup: Setup, state: GameState) -> str:
    pairs = state.extra.get("alliances", [])
    return "; ".join(" and ".join(p.title() for p in pair) for pair in pairs) or "none"
