"""The replay chains phases from the position as the judge stores it (JSON), not as the engine left it in memory.

Austria's only army is dislodged and disbanded, then it builds again: in
memory its empty unit list keeps its place first, in the stored position it
is dropped and comes back last, and the order of the next phase's results
follows the order of the units.  The judge plays every phase from the stored
position, so the replay must too.
"""

from __future__ import annotations

from datetime import UTC, datetime

from judge.app.gamefile import GameArchive, PhaseEntry
from judge.app.replay import replay
from judge.engine import adjudicate
from judge.engine.codec import state_from_json, state_to_json
from judge.render import OBSERVER, render_results
from judge.store import Settings, SubmittedOrder
from judge.turns.gameview import orders_from_lines
from judge.turns.playing import Played, results_json, results_of
from judge.variants import load_variant

FACTS = {"judge": "j", "game": "g", "zone": "UTC", "deadline": None, "unplayed": [], "decisions": [], "press": []}
START = {"phase": "F1901M", "units": {"AUSTRIA": ["A VIE"], "RUSSIA": ["A GAL", "A BOH"]},
         "centers": {"AUSTRIA": ["BUD", "TRI", "VIE"], "RUSSIA": ["MOS", "SEV", "STP", "WAR"]}}
ORDERS = {"F1901M": {"RUSSIA": ["A GAL - VIE", "A BOH S A GAL - VIE"], "AUSTRIA": ["A VIE H"]},
          "F1901R": {}, "W1901A": {"AUSTRIA": ["BUILD A BUD"]}, "S1902M": {"AUSTRIA": ["A BUD - SER"],
                                                                     "RUSSIA": ["A VIE - TRI"]}}


def played_as_the_judge_plays() -> GameArchive:
    """Each phase from the stored (JSON) position, its record as ``process_phase`` writes it."""
    variant = load_variant("standard")
    position = START
    entries = []
    for phase, lines in ORDERS.items():
        before = state_from_json(variant, position)
        assert str(before.phase) == phase
        orders = {p: [SubmittedOrder(p, "", line) for line in ls] for p, ls in lines.items()}
        engine = orders_from_lines(variant, before, orders)
        outcome = adjudicate(variant, before.copy(), engine)
        after = state_to_json(outcome.state)
        text = render_results(results_of(Played(variant, before, engine, outcome), "j", "g", "UTC"), OBSERVER).body
        entries.append(PhaseEntry(phase, position, orders, {**results_json(outcome, after), "replay": FACTS}, text,
                                  datetime(2026, 1, 1, tzinfo=UTC)))
        position = after
    return GameArchive("g", "standard", {}, "UTC", "active", Settings(), entries, position, "j")


def test_the_replay_of_a_power_that_builds_again_is_identical() -> None:
    archive = played_as_the_judge_plays()
    assert list(archive.phases[-1].state_before["units"]) == ["RUSSIA", "AUSTRIA"]  # Austria came back last
    report = replay(archive)
    assert report.divergence is None, report.summary()
    assert report.summary() == "4 phases replayed, identical"
