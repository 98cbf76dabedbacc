"""How the minor states are marked after the attacks: political and religious statuses (PY-18, PY-19).

Political (R-1303-15 to -17, R-1304-20 to -22): a state with fewer than 5
INFs present is SEGREGATED (March) or INDEPENDENT (April) -- one threshold,
two names; NEUTRAL when no power holds two thirds; ALIGNED to the power
holding two thirds with at least 5 INFs and an A entry in the objectives
table.  Religious (R-1303-18 to -20, R-1304-23 to -25): UNAFFECTED under 10
INFs; CONTROLLED by the faith holding two thirds with at least 10; DUALITY
otherwise.  The texts leave a gap (A-1303-01: HES with Spain 1 and Austria
4 is none of the three): ``status_gap`` reads it as NEUTRAL (and DUALITY),
or as the low status (and UNAFFECTED).
"""

from __future__ import annotations

from collections.abc import Mapping

from judge.engine.boardmarks import StateMark
from judge.engine.state import GameState
from judge.variants.europe1615_payola.world import Game, present, total

NEUTRAL, ALIGNED = "NEUTRAL", "ALIGNED"
UNAFFECTED, DUALITY, CONTROLLED = "UNAFFECTED", "DUALITY", "CONTROLLED"
STATUS = "status"


def two_thirds(part: int, whole: int) -> bool:
    """"2/3 or more", in whole numbers."""
    return whole > 0 and 3 * part >= 2 * whole


def political(game: Game, minor: str, infs: Mapping[str, int]) -> tuple[str, str]:
    """The political status and the power it is aligned to ("" unless ALIGNED)."""
    ed = game.edition
    whole = total(infs)
    if whole < ed.political_minimum:
        return ed.low_status, ""
    leader = max(sorted(infs), key=lambda p: infs[p])
    if not two_thirds(infs[leader], whole):
        return NEUTRAL, ""
    entry = ed.objectives.has_a if ed.aligned_needs == "a_entry" else ed.objectives.has_any
    if infs[leader] >= ed.political_minimum and entry(minor, leader):
        return ALIGNED, leader
    return (NEUTRAL if ed.status_gap == "neutral" else ed.low_status), ""  # A-1303-01


def religious(game: Game, infs: Mapping[str, int]) -> tuple[str, str]:
    """The religious status and the controlling faith ("" unless CONTROLLED)."""
    ed = game.edition
    whole = total(infs)
    if whole < ed.religious_minimum:
        return UNAFFECTED, ""
    by_faith: dict[str, int] = {}
    for power, n in infs.items():
        by_faith[game.faith(power)] = by_faith.get(game.faith(power), 0) + n
    faith = max(sorted(by_faith), key=lambda f: by_faith[f])
    if not two_thirds(by_faith[faith], whole):
        return DUALITY, ""
    if by_faith[faith] >= ed.religious_minimum:
        return CONTROLLED, faith
    return (DUALITY if ed.status_gap == "neutral" else UNAFFECTED), ""  # the same gap, in faith


def mark(game: Game, state: GameState) -> dict[str, dict[str, str]]:
    """Every pliant state's marks, written into ``extra["status"]`` (and returned)."""
    sheet: dict[str, dict[str, str]] = {}
    for minor in game.edition.pliant:
        infs = present(state, minor)
        politics, power = political(game, minor, infs)
        faith_status, faith = religious(game, infs)
        sheet[minor] = {"political": politics, "aligned": power, "religious": faith_status, "faith": faith}
    state.extra[STATUS] = sheet
    return sheet


def aligned_to(state: GameState, minor: str) -> str:
    """The power a minor state is ALIGNED to, as last marked ("" if none)."""
    return str(state.extra.get(STATUS, {}).get(minor, {}).get("aligned", ""))


def revolt(game: Game, state: GameState, province: str) -> str:
    """R-1303-24, R-1304-32: why a power's centre in a minor state is in REVOLT ("" if it is not).

    "no builds": the opposite faith controls the state; "a third": it is ALIGNED to another power.
    """
    minor = game.state_of(province)
    owner = state.owner_of_center(province) or ""
    if not minor or owner not in game.board.powers:
        return ""
    marks = state.extra.get(STATUS, {}).get(minor, {})
    if marks.get("religious") == CONTROLLED and marks.get("faith") not in ("", game.faith(owner)):
        return "no builds"
    if marks.get("political") == ALIGNED and marks.get("aligned") not in ("", owner):
        return "a third"
    return ""


def revolt_refusal(game: Game, state: GameState, power: str, province: str) -> str:
    """Why ``power`` may not build on its own centre ``province`` in REVOLT ("" if that is not why).

    R-1303-24, R-1304-32: the owner "will be unable to build on the site until
    the religious status is changed to DUALITY".
    """
    if province not in state.centers.get(power, ()) or revolt(game, state, province) != "no builds":
        return ""
    marks = state.extra.get(STATUS, {}).get(game.state_of(province), {})
    return (f"is in REVOLT: the {str(marks.get('faith', '')).title()} faction controls it, so no builds there "
            f"until its religious status is DUALITY (R-1303-24, R-1304-32)")


def picture_states(state: GameState) -> list[StateMark]:
    """PY-18: the marks of the last status sheet as the map shows them (statuses are public in these editions):
    the political word, the power an ALIGNED state follows, and a cross for a faith's CONTROL or for DUALITY."""
    marks = []
    for minor, entry in sorted(state.extra.get(STATUS, {}).items()):
        religious = str(entry.get("religious", ""))
        faith = str(entry.get("faith", "")) if religious == CONTROLLED else religious if religious == DUALITY else ""
        political = str(entry.get("political", ""))
        drawn = f"{political} OPEN" if political == NEUTRAL else political  # R-1303-22, R-1304-28: entered at -5
        marks.append(StateMark(minor, drawn, str(entry.get("aligned", "")) if political == ALIGNED else "", faith))
    return marks
