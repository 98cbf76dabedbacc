"""What attacking a minor state's unit costs, and the marks it leaves (PY-22 to PY-24, PY-27, PY-30).

A power "attacks and occupies" a minor state when its unit dislodges the
state's unit (R-1304-30); the dislodged unit is disbanded at once (PY-40),
so the attacker stands in the province.  It then pays, from the state's marks
of the year (R-1303-22, R-1303-23, R-1304-28, R-1304-29), added together:
NEUTRAL −5 (any power), ALIGNED to the attacker itself −11 (March) or −15
(April); DUALITY −3 (any power), CONTROLLED by the attacker's own faith −9.
A state ALIGNED to another power and taken by an opposing power is CONTESTED
(PY-27) until it has its own unit again or is retaken
(``winter.end_contests``).  A Catholic power that dislodges a unit in a
Papal state loses 13 (March) or 19 (April) VPs (PY-30).  Each penalty is
written in ``extra["vp_log"]`` (phase, power, VPs, why), which the scoring
adds up.
"""

from __future__ import annotations

from judge.engine.results import PhaseOutcome
from judge.engine.state import GameState
from judge.variants.europe1615_payola.edition import CATHOLIC
from judge.variants.europe1615_payola.status import ALIGNED, CONTROLLED, DUALITY, NEUTRAL, STATUS
from judge.variants.europe1615_payola.world import Game

VP_LOG, CONTESTED = "vp_log", "contested"

#: the rule of each kind of entry of the VP log, by the start of its ``why`` (March's, then April's)
VP_RULES = {"a Catholic power attacks a Papal unit": "R-1303-30, R-1304-39",
            "attacks a NEUTRAL state": "R-1303-22, R-1304-28",
            "attacks a state ALIGNED to itself": "R-1303-22, R-1304-28",
            "attacks a state in DUALITY": "R-1303-23, R-1304-29",
            "attacks a state its own faith controls": "R-1303-23, R-1304-29",
            "a Protestant power owns": "R-1303-31, R-1304-40"}


def vp_rule(why: str) -> str:
    """The rules an entry of the VP log applies, for the result mail of the phase that incurs it."""
    return next((rule for start, rule in VP_RULES.items() if why.startswith(start)), "")


def record_vps(state: GameState, phase: str, power: str, vps: int, why: str) -> None:
    state.extra.setdefault(VP_LOG, []).append([phase, power, vps, why])


def attacks_on_minors(game: Game, before: GameState, outcome: PhaseOutcome) -> None:
    """The penalties and marks of every minor unit dislodged this phase (read from the outcome)."""
    after, phase = outcome.state, str(before.phase)
    for gone in outcome.dislodged:
        if gone.power not in game.board.states:
            continue
        province = game.board.province_of(gone.unit.location)
        attacker = next((p for p, units in after.units.items() for u in units
                         if game.board.province_of(u.location) == province), "")
        if attacker not in game.board.powers:
            continue
        for vps, why in penalties(game, before, gone.power, attacker):
            record_vps(after, phase, attacker, -vps, f"{why} ({gone.power}, {province})")
        marks = before.extra.get(STATUS, {}).get(gone.power, {})
        if marks.get("political") == ALIGNED and marks.get("aligned") not in ("", attacker):
            after.extra.setdefault(CONTESTED, {})[gone.power] = attacker


def penalties(game: Game, state: GameState, minor: str, attacker: str) -> list[tuple[int, str]]:
    """(VPs lost, why) for ``attacker`` taking ``minor``'s unit, by the state's marks; they add up."""
    ed, found = game.edition, []
    if minor in ed.catholic_only and game.faith(attacker) == CATHOLIC:
        found.append((ed.papal_attack, "a Catholic power attacks a Papal unit"))
    if minor in state.extra.get(CONTESTED, {}):
        return found  # a campaign of liberation: no political or religious penalty (PY-27)
    marks = state.extra.get(STATUS, {}).get(minor, {})
    if marks.get("political") == NEUTRAL:
        found.append((ed.penalty_neutral, "attacks a NEUTRAL state"))
    elif marks.get("political") == ALIGNED and marks.get("aligned") == attacker:
        found.append((ed.penalty_own_aligned, "attacks a state ALIGNED to itself"))
    if marks.get("religious") == DUALITY:
        found.append((ed.penalty_duality, "attacks a state in DUALITY"))
    elif marks.get("religious") == CONTROLLED and marks.get("faith") == game.faith(attacker):
        found.append((ed.penalty_controlled, "attacks a state its own faith controls"))
    return found
