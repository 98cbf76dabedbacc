"""A build or retreat accepted on arrival is one the phase carries out, and one refused is one it would void.

The mail commands check each line with the engine's own tests
(``check_build``, ``retreat_target``); these tests try every place of the
map with every kind of unit and compare the two answers (issue 9, item 11).
"""

from __future__ import annotations

from typing import Any

from judge.engine import GameState, Phase, Unit, adjudicate
from judge.engine.orders import Build, Convoy, Move, Retreat, Support
from judge.engine.results import OK, VOID
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


# -- movement orders (issue 36 point 1): refused on arrival exactly when the phase voids them -----------

def _void_alone(variant: Any, state: GameState, power: str, orders: list[Any], unit: Unit) -> bool:
    """Whether the phase voids the order given to ``unit`` (the other orders given so that a support or
    convoy finds the move it names)."""
    outcome = adjudicate(variant, state, {power: orders})
    return any(r.unit == str(unit) and r.result == VOID for r in outcome.results)


def _movement_disagreements(name: str, state: GameState) -> list[tuple[str, str]]:
    variant = load_variant(name)
    board = variant.map
    disagree = []
    owners = {str(u): p for p, us in state.units.items() for u in us}
    for unit_text, power in owners.items():
        unit = Unit.parse(unit_text)
        if power not in board.powers:
            continue
        here = board.province_of(unit.location)
        for loc in _locations(name):
            order = Move(None, here, loc)
            _, problem = check_order(variant, state, power, order)
            if bool(problem) != _void_alone(variant, state, power, [order], unit):
                disagree.append((f"{unit} - {loc}", problem))
        for other_text, other_power in owners.items():
            other = Unit.parse(other_text)
            there = board.province_of(other.location)
            if other_power != power or there == here:
                continue
            for into in sorted(board.neighbours(other.location)):
                support = Support(None, here, None, there, into)
                _, problem = check_order(variant, state, power, support)
                void = _void_alone(variant, state, power, [support, Move(None, there, into)], unit)
                if bool(problem) != void:
                    disagree.append((f"{unit} S {other} - {into}", problem))
    return disagree


def test_every_move_and_support_is_refused_on_arrival_exactly_when_the_phase_voids_it() -> None:
    standard = GameState(Phase.parse("S1901M"), {
        "ENGLAND": [Unit("F", "NTH"), Unit("A", "YOR"), Unit("F", "MAO")],
        "FRANCE": [Unit("F", "SPA/NC"), Unit("A", "BUR")],
        "TURKEY": [Unit("F", "CON"), Unit("A", "BUL")]})
    assert not _movement_disagreements("standard", standard)[:5]
    assert not _movement_disagreements("diplomacy1618", load_variant("diplomacy1618").ruleset.initial_state())[:5]


def test_a_convoy_on_no_sea_route_is_refused_and_one_on_a_route_is_taken() -> None:
    variant = load_variant("standard")
    state = GameState(Phase.parse("S1901M"), {"ENGLAND": [Unit("F", "NTH"), Unit("A", "YOR"), Unit("F", "ENG")]})
    _, problem = check_order(variant, state, "ENGLAND", Convoy(None, "ENG", "YOR", "NWY"))
    assert problem == "English Channel is on no sea route from Yorkshire to Norway"
    assert _void_alone(variant, state, "ENGLAND", [Convoy(None, "ENG", "YOR", "NWY"), Move(None, "YOR", "NWY")],
                       Unit("F", "ENG"))
    assert check_order(variant, state, "ENGLAND", Convoy(None, "NTH", "YOR", "NWY"))[1] == ""
