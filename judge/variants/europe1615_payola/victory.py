"""Who wins (PY-31): the most VPs after the last Winter; April's alliances and tie years.

March: "(To be completed.)": the most VPs at the end of 1620 wins, a tie is
a draw (R-1303-42, documented).  April (R-1304-58, R-1304-59): the VPs are
assessed "at the opening of 1621"; two players may ally before the start of
1618 (the GM records it: ``GM ALLIANCE France Spain``; permanent; at most
two alliances); an alliance wins if its VPs exceed those of the other three
players together (or of the other alliance and the fifth player); failing
that, a lone player wins when two alliances balance, or when it has more VPs
than the other two unallied players together.  "Alliances are bound to this
rule to the end": with an alliance and none of these, no player has won, an
ally least of all; the game plays another year as for a tie (R-1304-58), or
with ``alliance_deadlock = "draw"`` ends in a draw of all (A-PY-17).  Without
alliances the most VPs wins, and a tie for first place plays another year
(A-1304-06).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from judge.engine.discretion import ActionError
from judge.engine.state import GameState
from judge.variants.europe1615_payola.world import Game

ALLIANCES = "alliances"


def final_result(game: Game, state: GameState, vps: Mapping[str, int]) -> dict[str, Any] | None:
    """The end, or None when the edition plays another year (a tie for first place, R-1304-58; A-PY-17)."""
    pairs = [tuple(pair) for pair in state.extra.get(ALLIANCES, [])]
    for pair in pairs:
        if sum(vps[p] for p in pair) > sum(v for p, v in vps.items() if p not in pair):
            return {"result": "victory", "powers": sorted(pair), "rule": "R-1304-59", "scores": dict(vps)}
    free = [p for p in game.powers if not any(p in pair for pair in pairs)]
    if len(pairs) == 2 and len(free) == 1:
        return {"result": "victory", "powers": free, "rule": "R-1304-59", "scores": dict(vps)}
    if pairs:
        for power in free:
            if vps[power] > sum(vps[p] for p in free if p != power):
                return {"result": "victory", "powers": [power], "rule": "R-1304-59", "scores": dict(vps)}
        if game.edition.alliance_deadlock == "play_on":  # A-PY-17: no ally wins alone; "until a break"
            return None
        return {"result": "draw", "powers": list(game.powers), "rule": "R-1304-59", "scores": dict(vps)}
    best = max(vps.values())
    leaders = sorted(p for p, v in vps.items() if v == best)
    if len(leaders) > 1 and game.edition.victory == "tie_years":
        return None
    return {"result": "victory" if len(leaders) == 1 else "draw", "powers": leaders, "rule": "most VPs",
            "scores": dict(vps)}


def declare_alliance(game: Game, state: GameState, words: str) -> tuple[GameState, str]:
    """R-1304-59: two powers' alliance, declared to the GM before the start of 1618; for good; two at most."""
    names = [w for w in words.replace(",", " ").split() if w.upper() not in ("AND", "&", "WITH")]
    powers = [game.board.power_named(n) or "" for n in names]
    if len(powers) != 2 or "" in powers or powers[0] == powers[1]:
        raise ActionError(f"name two powers, as in ALLIANCE France Spain: not {words.strip()!r}")
    deadline = game.edition.alliance_deadline
    if state.phase.year >= deadline:
        raise ActionError(f"alliances are formed before the start of {deadline}")
    pairs = state.extra.get(ALLIANCES, [])
    if len(pairs) >= 2:
        raise ActionError("there are already two alliances")
    for power in powers:
        if any(power in pair for pair in pairs):
            raise ActionError(f"{power.title()} is already in an alliance, and alliances are permanent")
    work = state.copy()
    pair = sorted(powers)
    work.extra[ALLIANCES] = [*pairs, pair]
    return work, f"{pair[0].title()} and {pair[1].title()} are allied for the rest of the game (R-1304-59)"


def alliances_now(state: GameState) -> str:
    pairs = state.extra.get(ALLIANCES, [])
    return "; ".join(" and ".join(p.title() for p in pair) for pair in pairs) or "none"
