"""A build or retreat accepted on arrival is one the phase carries out, and one refused is one it would void.

The mail commands check each line with the engine's own tests
(``check_build``, ``retreat_target``); these tests try every place of the
map with every kind of unit and compare the two answers (issue 9, item 11).
"""

from __future__ import annotations

from judge.engine import GameState, Phase, Unit, adjudicate
from judge.engine.orders import Build, Retreat
from judge.engine.results import OK
from judge.engine.state import Dislodged
from judge.turns.gameview import check_order
from judge.variants import load_variant


def _locations(variant_name: str) -> list[str]:
    board = load_variant(variant_name).map
    return [loc for p in board.provinces for loc in (p, *board.locations_of(p))]


def test_every_build_is_accepted_exactly_when_the_phase_builds_it() -> None:
    variant = load_variant("standard")
    units = {"RUSSIA": [Unit("F", "SWE"), Unit("A", "UKR")], "TURKEY": [Unit("A", "SEV")]}
    state = GameState(Phase.parse("W1901A"), units, {"RUSSIA": {"MOS", "STP", "WAR", "SWE"}, "TURKEY": {"SEV"}})
    disagree = []
    for loc in _locations("standard"):
        for utype in ("A", "F", None):
            order = Build(utype, loc)
            checked, problem = check_order(variant, state, "RUSSIA", order)
            outcome = adjudicate(variant, state, {"RUSSIA": [order]})
            built = [r for r in outcome.results if r.power == "RUSSIA" and r.result == OK]
            if bool(problem) == bool(built):
                disagree.append((str(order), problem, [r.message for r in outcome.results]))
            elif not problem:
                assert str(checked) == f"BUILD {built[0].unit}"
    assert not disagree, disagree[:5]


def test_every_retreat_is_accepted_exactly_when_the_phase_lets_it_retreat() -> None:
    variant = load_variant("standard")
    units = {"AUSTRIA": [Unit("A", "WAR"), Unit("A", "UKR")], "RUSSIA": [Unit("A", "MOS")],
             "ENGLAND": [Unit("F", "NWG"), Unit("F", "BAR")], "FRANCE": [Unit("F", "NWY")]}
    dislodged = [Dislodged("RUSSIA", Unit("A", "WAR"), "GAL", ()),        # worked out: LVN, PRU, SIL
                 Dislodged("RUSSIA", Unit("F", "STP/NC"), "NWY", ("BAR",))]
    state = GameState(Phase.parse("F1901R"), units, {"RUSSIA": {"MOS"}}, dislodged)
    disagree = []
    for source in ("WAR", "STP/NC"):
        for target in _locations("standard"):
            order = Retreat(None, source, target)
            _, problem = check_order(variant, state, "RUSSIA", order)
            outcome = adjudicate(variant, state, {"RUSSIA": [order]})
            moved = [r for r in outcome.results if r.unit.endswith(source) and r.result == OK]
            if bool(problem) == bool(moved):
                disagree.append((str(order), problem, [r.message for r in outcome.results]))
    assert not disagree, disagree[:5]


def test_a_fleet_retreat_names_its_coast_where_two_are_open() -> None:
    variant = load_variant("standard")
    dislodged = [Dislodged("FRANCE", Unit("F", "MAO"), "BRE", ("SPA/NC", "SPA/SC", "POR"))]
    state = GameState(Phase.parse("F1901R"), {"ENGLAND": [Unit("F", "MAO")]}, {}, dislodged)
    _, problem = check_order(variant, state, "FRANCE", Retreat(None, "MAO", "SPA"))
    assert problem == ("the unit in Mid-Atlantic Ocean cannot retreat to Spain "
                       "(it may retreat to: Spain (NC), Spain (SC), Portugal)")
    checked, problem = check_order(variant, state, "FRANCE", Retreat(None, "MAO", "SPA/SC"))
    assert (str(checked), problem) == ("F MAO R SPA/SC", "")
