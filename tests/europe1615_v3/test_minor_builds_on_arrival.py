"""R-v3-65, R-1308-35: a build for an aligned minor state is checked on arrival as the build phase will play it.

The reply to a mail must refuse what the adjudication would void (a second
build for a minor with one due, a centre its automatic rebuild takes), so the
player learns it at once, not at the deadline.  Each test tries every kind of
build on the places around the minor, alone and after a first build, and
compares the answer on arrival with what the phase does.
"""

from __future__ import annotations

from judge.engine import GameState, adjudicate
from judge.engine.orders import Build
from judge.engine.ruleset import BuildsFor
from judge.engine.variant import Variant
from judge.store import SubmittedOrder
from judge.turns.gameview import check_order, unit_key
from judge.variants.europe1615.builds import before_builds, builds_for_minors
from tests.europe1615_2013_08 import helpers as e1308
from tests.europe1615_v3.helpers import position, setup, v3

AROUND = ("BRA", "MEC", "POM", "PRU", "DEN", "JUT", "SCA")


def _take(state: GameState, province: str, owner: str) -> GameState:
    for held in state.centers.values():
        held.discard(province)
    state.centers.setdefault(owner, set()).add(province)
    return state


def _units(variant: Variant, state: GameState, power: str, orders: list[Build]) -> int:
    outcome = adjudicate(variant, state, {power: list(orders)} if orders else {})
    return sum(len(units) for units in outcome.state.units.values())


def _disagreements(variant: Variant, state: GameState, power: str, first: Build | None = None) -> list[tuple]:
    """Builds accepted on arrival the phase does not carry out, or refused ones it does (after ``first``)."""
    earlier = [SubmittedOrder(power, unit_key(variant, first), str(first))] if first else []
    before = _units(variant, state, power, [first] if first else [])
    found = []
    for province in AROUND:
        for location in (province, *variant.map.locations_of(province)):
            for kind in ("A", "F", None):
                order = Build(kind, location)
                if first is not None and unit_key(variant, order) == unit_key(variant, first):
                    continue  # the same place again replaces the first build
                _, problem = check_order(variant, state, power, order, earlier)
                built = _units(variant, state, power, [first, order] if first else [order]) > before
                if bool(problem) == built:
                    found.append((str(order), problem, built))
    return found


def _brandenburg_danish(**extra: object) -> GameState:
    """Brandenburg aligned to Denmark, holding Mecklenburg too: two centres, one army (its original, in Pomerania)."""
    state = position("W1615A", units={"BRA": ["A POM"], "DENMARK": ["A DEN", "A JUT", "A SCA", "F NWY", "A HOL"]},
                     influence={"BRA": {"DENMARK": 5}}, **extra)
    return _take(state, "MEC", "BRA")


def test_R_v3_65_one_build_due_for_the_minor_a_second_is_refused_on_arrival() -> None:
    state = _brandenburg_danish(originals={"A BRA": "A POM"})
    met = before_builds(setup(), state)
    assert builds_for_minors(setup(), met, "DENMARK") == (BuildsFor("BRA", 1, ("BRA", "MEC"), "A"),)
    checked, problem = check_order(v3(), state, "DENMARK", Build("A", "BRA"))
    assert (str(checked), problem) == ("BUILD A BRA", "")
    earlier = [SubmittedOrder("DENMARK", "BRA", "BUILD A BRA")]
    assert check_order(v3(), state, "DENMARK", Build("A", "MEC"), earlier)[1] == (
        "Brandenburg has 1 build due and your orders already give 1 for it: CLEAR them, or replace one by "
        "ordering the same place again")
    outcome = adjudicate(v3(), state, {"DENMARK": [Build("A", "BRA"), Build("A", "MEC")]})
    assert [r.message for r in outcome.results if r.order == "BUILD A MEC"] == ["BRA has no build due"]
    assert _disagreements(v3(), state, "DENMARK") == []
    assert _disagreements(v3(), state, "DENMARK", Build("A", "BRA")) == []
    assert _disagreements(v3(), state, "DENMARK", Build("F", "MEC")) == []


def test_R_v3_68_the_automatic_rebuild_comes_first_and_leaves_no_build_to_order() -> None:
    """Brandenburg's original army is lost: the phase rebuilds it in Brandenburg, which uses its one build."""
    state = _brandenburg_danish()
    met = before_builds(setup(), state)
    assert builds_for_minors(setup(), met, "DENMARK") == (BuildsFor("BRA", 0, ("MEC",), "A"),)
    assert check_order(v3(), state, "DENMARK", Build("A", "MEC"))[1] == "Brandenburg has no build due"
    assert check_order(v3(), state, "DENMARK", Build("A", "BRA"))[1] == "you have no builds this winter"  # Denmark's
    assert _disagreements(v3(), state, "DENMARK") == []


def test_R_1308_35_the_2013_08_edition_checks_the_minor_s_builds_the_same_way() -> None:
    state = e1308.position("W1615A", units={"BRA": ["A POM"]}, influence={"BRA": {"SCANDINAVIA": 20}},
                           originals={"A BRA": "A POM"})
    _take(state, "MEC", "BRA")
    variant = e1308.e1308()
    met = before_builds(e1308.setup(), state)
    assert builds_for_minors(e1308.setup(), met, "SCANDINAVIA") == (BuildsFor("BRA", 1, ("BRA", "MEC"), "A"),)
    assert _disagreements(variant, state, "SCANDINAVIA") == []
    assert _disagreements(variant, state, "SCANDINAVIA", Build("A", "MEC")) == []
