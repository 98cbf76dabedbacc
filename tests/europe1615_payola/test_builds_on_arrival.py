"""The Payola editions give no power builds for a minor state, aligned or not (R-1303-41, R-1304-55: its empty
centre gets a new unit on its own): a build there is refused on arrival, as the build phase voids it."""

from __future__ import annotations

import pytest

from judge.engine import adjudicate
from judge.engine.orders import Build
from judge.engine.state import GameState, Phase
from judge.turns.gameview import check_order
from tests.europe1615_payola.helpers import EDITIONS, start, variant


def _units(state: GameState) -> int:
    return sum(len(units) for units in state.units.values())


@pytest.mark.parametrize("edition", EDITIONS)
def test_a_build_is_accepted_on_arrival_exactly_when_the_build_phase_carries_it_out(edition: str) -> None:
    v = variant(edition)
    state = start(edition)
    state.phase = Phase.parse("W1615A")
    state.units["SPAIN"] = state.units["SPAIN"][1:]           # one build due
    for minor in v.map.states:                                # every minor state's centre free
        state.units.pop(minor, None)
    state.extra["status"] = {m: {"political": "ALIGNED", "aligned": "SPAIN", "religious": "", "faith": ""}
                             for m in v.map.states}           # and aligned to Spain
    before = _units(adjudicate(v, state, {}).state)
    accepted, disagree = [], []
    for province in v.map.provinces:
        for kind in ("A", "F"):
            order = Build(kind, province)
            _, problem = check_order(v, state, "SPAIN", order)
            built = _units(adjudicate(v, state, {"SPAIN": [order]}).state) > before
            accepted += [str(order)] if not problem else []
            if bool(problem) == built:
                disagree.append((str(order), problem))
    assert disagree == [] and accepted and all(b.split()[-1] not in v.map.states for b in accepted)
