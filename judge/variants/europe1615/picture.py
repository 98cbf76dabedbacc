"""What the Europe 1615 board shows beside units and centres, for the map picture (the ruleset's hooks).

The texts mark each minor state's political status on the map (R-v3-19 to
R-v3-22: "The minor state is marked as ALIGNED, NEUTRAL or UNALIGNED";
R-1308-20 to R-1308-24: ALIGNED, NEUTRAL or UNMARKED), its religious
majority or control by a cross ("Protestant majority is marked by an orange
cross next to the minor state's center on the map, and Catholic majority is
marked by a blue cross", R-v3-29; R-1308-53 and the 2013-08 sample map's
"orange crosses" and "blue crosses"), a conquering state's acquired lands
"colored accordingly" (R-v3-66), and in Version 3 the modifiers in effect
"listed at the top left corner of the board" (R-v3-83) with widerstand or
ketzenhammer "at the top left corner of the map" (R-v3-34).

The picture shows the status sheet the phase's result mail prints
(``extra["status"]``), never statuses worked out afresh, so it tells no
more than the text.  In the edition of 8 August 2013 the power the Ottoman
Empire is aligned to is secret (R-1308-32): every reader sees that it is
ALIGNED, only that power (and the GM) to whom.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from judge.engine.boardmarks import BoardCorner, StateMark
from judge.engine.state import GameState
from judge.variants.europe1615.modifiers import BY_KEY
from judge.variants.europe1615.tables import ALIGNED, CATHOLIC, PROTESTANT
from judge.variants.europe1615.world import Setup, states, territory_holder

#: the religious statuses the texts mark with a cross (TOLERANT, ISLAMIC and "religiously NEUTRAL" have none)
MARKED_FAITHS = (CATHOLIC, PROTESTANT)


def picture_states(setup: Setup, state: GameState) -> list[StateMark]:
    """Each state on the last status sheet, as marked; the secret Ottoman alignment for its power only."""
    sheet: Mapping[str, Mapping[str, Any]] = state.extra.get("status", {})
    lands = states(setup, state)
    candidates = _lands(state, lands)
    marks: list[StateMark] = []
    for minor, entry in sorted(sheet.items()):
        political, power = str(entry.get("political") or ""), str(entry.get("power") or "")
        religion = str(entry.get("religion") or "")
        faith = religion if religion in MARKED_FAITHS else ""
        own = tuple(lands.get(minor, ()))  # the state's own first: its cross goes by the first centre
        held = [p for p in own if territory_holder(setup, state, p) == minor]
        provinces = (*held, *sorted(p for p in candidates - set(own) if territory_holder(setup, state, p) == minor))
        if minor == setup.ottoman and setup.edition.secret_ottoman and political == ALIGNED and power:
            marks.append(StateMark(minor, political, "", faith, provinces=provinces))
            marks.append(StateMark(minor, political, power, faith, frozenset({power}), provinces))
            continue
        marks.append(StateMark(minor, political, power if political == ALIGNED else "", faith, provinces=provinces))
    return marks


def _lands(state: GameState, lands: Mapping[str, Sequence[str]]) -> set[str]:
    """Every province a minor state may hold: the states' own, the centres they own, the provinces annexed (R-v3-66:
    "all acquired territories are colored accordingly on the map", in the phase they are taken)."""
    found = {p for provinces in lands.values() for p in provinces}
    found |= {c for owner in lands for c in state.centers.get(owner, ())}
    return found | set(state.extra.get("annexed", {}))


def picture_corner(setup: Setup, state: GameState) -> BoardCorner | None:
    """Version 3's corner box: the modifiers in effect and widerstand or ketzenhammer; None in 2013-08."""
    edition = setup.edition
    if not (edition.modifiers or edition.counterbalance):
        return None
    names: Sequence[str] = [BY_KEY[k].name for k in state.extra.get("modifiers", []) if k in BY_KEY]
    return BoardCorner(tuple(names), str(state.extra.get("counterbalance") or "").upper())
