"""A toy ruleset that overrides every hook, to show the adjudicator asks them and obeys.

The toy plays on the standard board with: a minor power MINOR whose units
are steered by weighted vote (weights in ``state.extra["votes"]``), a double
strength unit, an impassable Switzerland-like province (``closed``), a
province entered only by dislodging its unit (``guarded``), a protected
unit its ally may not dislodge, a no-support rule between two powers and no help for Turkey into "holy" provinces, minor units that
disband instead of retreating, a Summer season, an influence phase kind "I"
handled by the ruleset, and captures refused to minor units.  A second
ruleset wraps the built-in movement phase with a step of its own.
"""

from __future__ import annotations

import doctest
from collections.abc import Mapping
from typing import Any

import pytest

import judge.engine.ruleset
from judge.engine import GameState, Hold, Move, Phase, Ruleset, Support, Unit, Variant, adjudicate
from judge.engine.orders import Build, Convoy
from judge.engine.results import PhaseOutcome
from judge.variants import load_variant


class Toy(Ruleset):
    name = "toy"
    phase_cycle = (("S", "I"), ("S", "M"), ("S", "R"), ("U", "M"), ("U", "R"), ("F", "M"), ("F", "R"),
                   ("W", "A"))

    def order_weights(self, state: GameState, owner: str, unit: Unit) -> Mapping[str, int]:
        if owner == "MINOR":
            return state.extra.get("votes", {})
        return {owner: 1}

    def unit_strength(self, state: GameState, owner: str, unit: Unit) -> int:
        return 2 if str(unit) in state.extra.get("double", []) else 1

    def may_enter(self, state: GameState, owner: str, unit: Unit, province: str) -> bool:
        return province not in state.extra.get("closed", [])

    def may_enter_vacated(self, state: GameState, owner: str, unit: Unit, province: str) -> bool:
        return province not in state.extra.get("guarded", [])

    def may_dislodge(self, state: GameState, power: str, victim_owner: str, victim: Unit) -> bool:
        protector = state.extra.get("protector", {}).get(victim_owner)
        return power != victim_owner and power != protector

    def may_support(self, state: GameState, owner: str, unit: Unit, supported_owner: str, supported: Unit,
                    into: str | None) -> bool:
        if into is not None and into in state.extra.get("holy", []):
            return supported_owner != "TURKEY"  # nobody helps Turkey into a holy province
        return {owner, supported_owner} != {"ENGLAND", "TURKEY"}

    def may_convoy(self, state: GameState, owner: str, fleet: Unit, army_owner: str, army: Unit,
                   into: str) -> bool:
        return army_owner != "TURKEY" and into not in state.extra.get("holy", [])

    def may_retreat(self, state: GameState, owner: str, unit: Unit) -> bool:
        return owner != "MINOR"

    def ownership_season(self) -> str:
        return "F"

    def may_capture(self, state: GameState, owner: str, unit: Unit, province: str) -> bool:
        return owner != "MINOR"

    def phase_handlers(self) -> Mapping[str, Any]:
        return {"I": self._influence}

    def phase_needed(self, state: GameState) -> bool | None:
        if state.phase.kind == "I":
            return state.phase.year % 2 == 1  # influence only in odd years
        return None

    def build_sites(self, state: GameState, power: str) -> tuple[str, ...]:
        return tuple(sorted(state.centers.get(power, ())))  # build in any owned centre

    def adjustment_count(self, state: GameState, power: str) -> int:
        return 0 if power == "MINOR" else super().adjustment_count(state, power)

    def may_build(self, state: GameState, power: str, unit: Unit) -> bool:
        return not (unit.type == "F" and unit.location == "BRE")  # no fleets in Brest

    def ownership_settled(self, state: GameState) -> None:
        for unit in state.units.get("MINOR", []):  # a minor army on a centre at the year's end joins its votes' leader
            if unit.location in state.extra.get("defect", []):
                state.units["MINOR"].remove(unit)
                state.units.setdefault("AUSTRIA", []).append(unit)

    def _influence(self, state: GameState, orders: Mapping[str, list[Any]]) -> PhaseOutcome:
        new = state.copy()
        new.extra["influence"] = {p: len(o) for p, o in orders.items()}
        return PhaseOutcome(new)


@pytest.fixture(scope="module")
def toy() -> Variant:
    board = load_variant("standard").map
    return Variant("toy", board, Toy(board))


def state(phase: str, units: dict[str, list[str]], **extra: Any) -> GameState:
    return GameState(Phase.parse(phase), {p: [Unit.parse(u) for u in us] for p, us in units.items()},
                     {}, [], dict(extra))


def where(outcome: PhaseOutcome) -> dict[str, list[str]]:
    return {p: sorted(str(u) for u in us) for p, us in outcome.state.units.items() if us}


def test_weighted_vote_picks_the_order_with_most_weight(toy: Variant) -> None:
    s = state("S1901M", {"MINOR": ["A SER"]}, votes={"AUSTRIA": 3, "RUSSIA": 2, "TURKEY": 2})
    out = adjudicate(toy, s, {"AUSTRIA": [Move("A", "SER", "BUL")], "RUSSIA": [Move("A", "SER", "RUM")],
                              "TURKEY": [Move("A", "SER", "RUM")]})
    assert where(out) == {"MINOR": ["A RUM"]}


def test_weighted_vote_tie_holds_and_outsiders_are_void(toy: Variant) -> None:
    s = state("S1901M", {"MINOR": ["A SER"]}, votes={"AUSTRIA": 2, "RUSSIA": 2})
    out = adjudicate(toy, s, {"AUSTRIA": [Move("A", "SER", "BUL")], "RUSSIA": [Move("A", "SER", "RUM")],
                              "ITALY": [Move("A", "SER", "ALB")]})
    assert where(out) == {"MINOR": ["A SER"]}
    void = [r for r in out.results if r.power == "ITALY"]
    assert void and void[0].result == "void" and "may not order" in void[0].message


def test_unit_nobody_may_order_holds(toy: Variant) -> None:
    s = state("S1901M", {"MINOR": ["A SER"]}, votes={})
    out = adjudicate(toy, s, {"AUSTRIA": [Move("A", "SER", "BUL")]})
    assert where(out) == {"MINOR": ["A SER"]}


def test_a_guarded_province_is_entered_only_by_dislodging_its_unit(toy: Variant) -> None:
    s = state("S1901M", {"AUSTRIA": ["A TYR"], "ITALY": ["A VEN", "A TRI"]}, guarded=["TYR"])
    left = adjudicate(toy, s, {"AUSTRIA": [Move("A", "TYR", "BOH")], "ITALY": [Move("A", "VEN", "TYR")]})
    assert where(left) == {"AUSTRIA": ["A BOH"], "ITALY": ["A TRI", "A VEN"]}
    stayed = adjudicate(toy, s, {"ITALY": [Move("A", "VEN", "TYR"), Support("A", "TRI", "A", "VEN", "TYR")]})
    assert where(stayed)["ITALY"] == ["A TRI", "A TYR"]
    open_ = adjudicate(toy, state("S1901M", {"AUSTRIA": ["A TYR"], "ITALY": ["A VEN"]}),
                       {"AUSTRIA": [Move("A", "TYR", "BOH")], "ITALY": [Move("A", "VEN", "TYR")]})
    assert where(open_) == {"AUSTRIA": ["A BOH"], "ITALY": ["A TYR"]}


def test_double_strength_unit_dislodges_alone(toy: Variant) -> None:
    s = state("S1901M", {"AUSTRIA": ["A VIE"], "RUSSIA": ["A GAL"]}, double=["A VIE"])
    out = adjudicate(toy, s, {"AUSTRIA": [Move("A", "VIE", "GAL")]})
    assert where(out) == {"AUSTRIA": ["A GAL"]}
    assert [str(d.unit) for d in out.dislodged] == ["A GAL"]


def test_double_strength_support_counts_two(toy: Variant) -> None:
    s = state("S1901M", {"AUSTRIA": ["A VIE", "A BUD"], "RUSSIA": ["A GAL", "A WAR", "A UKR"]},
              double=["A BUD"])
    orders = {"AUSTRIA": [Move("A", "VIE", "GAL"), Support("A", "BUD", "A", "VIE", "GAL")],
              "RUSSIA": [Support("A", "WAR", "A", "GAL", None), Hold("A", "GAL")]}
    out = adjudicate(toy, s, orders)
    assert "A GAL" in where(out)["AUSTRIA"]  # 1 + 2 beats 1 + 1


def test_closed_province_cannot_be_entered(toy: Variant) -> None:
    s = state("S1901M", {"FRANCE": ["A PAR"]}, closed=["BUR"])
    out = adjudicate(toy, s, {"FRANCE": [Move("A", "PAR", "BUR")]})
    assert where(out) == {"FRANCE": ["A PAR"]}
    assert out.results[0].result == "void" and "BUR may not be entered" in out.results[0].message


def test_protector_may_not_dislodge_or_help_dislodge(toy: Variant) -> None:
    s = state("S1901M", {"AUSTRIA": ["A VIE", "A BOH"], "MINOR": ["A GAL"], "RUSSIA": ["A WAR"]},
              protector={"MINOR": "AUSTRIA"}, votes={})
    alone = adjudicate(toy, s, {"AUSTRIA": [Move("A", "VIE", "GAL"), Support("A", "BOH", "A", "VIE", "GAL")]})
    assert "A GAL" in where(alone)["MINOR"]
    helped = adjudicate(toy, s, {"RUSSIA": [Move("A", "WAR", "GAL")],
                                 "AUSTRIA": [Support("A", "VIE", "A", "WAR", "GAL")]})
    assert "A GAL" in where(helped)["MINOR"]  # Austria's support does not count against its protégé


def test_forbidden_support_and_convoy_are_void(toy: Variant) -> None:
    s = state("S1901M", {"ENGLAND": ["F NTH", "F ENG"], "TURKEY": ["A BEL"], "FRANCE": ["A PIC"]})
    out = adjudicate(toy, s, {"ENGLAND": [Support("F", "ENG", "A", "BEL", None),
                                          Convoy("F", "NTH", "BEL", "YOR")],
                              "TURKEY": [Move("A", "BEL", "YOR")]})
    results = {r.unit: r for r in out.results}
    assert results["F ENG"].result == "void" and results["F NTH"].result == "void"
    assert where(out)["TURKEY"] == ["A BEL"]


def test_support_and_convoy_hooks_see_the_destination(toy: Variant) -> None:
    s = state("S1901M", {"TURKEY": ["A SER"], "AUSTRIA": ["A BUD"], "ENGLAND": ["F NTH"], "FRANCE": ["A BEL"]},
              holy=["TRI", "YOR"])
    out = adjudicate(toy, s, {"TURKEY": [Move("A", "SER", "TRI")], "AUSTRIA": [Support("A", "BUD", "A", "SER", "TRI")],
                              "ENGLAND": [Convoy("F", "NTH", "BEL", "YOR")], "FRANCE": [Move("A", "BEL", "YOR")]})
    results = {r.unit: r for r in out.results}
    assert results["A BUD"].result == "void" and "into TRI" in results["A BUD"].message
    assert results["F NTH"].result == "void" and "into YOR" in results["F NTH"].message


def test_minor_units_disband_instead_of_retreating(toy: Variant) -> None:
    s = state("S1901M", {"AUSTRIA": ["A VIE", "A BOH"], "MINOR": ["A GAL"]}, votes={})
    out = adjudicate(toy, s, {"AUSTRIA": [Move("A", "VIE", "GAL"), Support("A", "BOH", "A", "VIE", "GAL")]})
    assert [str(d.unit) for d in out.dislodged] == ["A GAL"]
    assert out.state.dislodged == [] and str(out.state.phase) == "U1901M"


def test_summer_season_and_extra_phase_kind(toy: Variant) -> None:
    s = state("S1901I", {"FRANCE": ["A PAR"]})
    out = adjudicate(toy, s, {"FRANCE": [Hold("A", "PAR")], "ENGLAND": []})
    assert out.state.extra["influence"] == {"FRANCE": 1, "ENGLAND": 0}
    assert str(out.state.phase) == "S1901M"
    out = adjudicate(toy, out.state, {})
    assert str(out.state.phase) == "U1901M"


def test_phase_needed_skips_influence_in_even_years(toy: Variant) -> None:
    s = state("F1901M", {"FRANCE": ["A PAR"]})
    s.centers = {"FRANCE": {"PAR"}}
    out = adjudicate(toy, s, {})
    assert str(out.state.phase) == "S1902M"  # no adjustments due, no influence in 1902


def test_capture_hook_and_build_sites(toy: Variant) -> None:
    s = state("F1901M", {"FRANCE": ["A BUR"], "MINOR": ["A SER"]}, votes={})
    s.centers = {"FRANCE": {"PAR"}}
    out = adjudicate(toy, s, {"FRANCE": [Move("A", "BUR", "BEL")]})
    assert out.state.centers["FRANCE"] == {"PAR", "BEL"}
    assert "SER" not in out.state.centers.get("MINOR", set())  # minors do not capture
    assert str(out.state.phase) == "W1901A"
    built = adjudicate(toy, out.state, {"FRANCE": [Build("A", "PAR")]})
    assert where(built)["FRANCE"] == ["A BEL", "A PAR"]


def test_ownership_settled_changes_the_state_once_the_centres_changed_hands(toy: Variant) -> None:
    """The hook runs after the Fall captures, not in Spring: a minor army defects only at the year's end."""
    s = state("S1901M", {"MINOR": ["A SER"]}, votes={}, defect=["SER"])
    spring = adjudicate(toy, s, {})
    assert where(spring) == {"MINOR": ["A SER"]} and str(spring.state.phase) == "U1901M"
    fall = adjudicate(toy, state("F1901M", {"MINOR": ["A SER"]}, votes={}, defect=["SER"]), {})
    assert where(fall) == {"AUSTRIA": ["A SER"]}
    assert "SER" not in fall.state.centers.get("AUSTRIA", set())  # MINOR did not capture; the army came after


def test_may_build_hook(toy: Variant) -> None:
    s = state("W1901A", {"FRANCE": ["A PAR"]})
    s.centers = {"FRANCE": {"PAR", "BRE"}}
    out = adjudicate(toy, s, {"FRANCE": [Build("F", "BRE")]})
    assert out.results[0].result == "void" and out.results[0].message == "a fleet may not be built in BRE"
    assert where(adjudicate(toy, s, {"FRANCE": [Build("A", "BRE")]}))["FRANCE"] == ["A BRE", "A PAR"]


class Wrapped(Ruleset):
    """A ruleset that wraps the built-in movement phase with a step of its own (as Europe 1615 does)."""

    def phase_handlers(self) -> Mapping[str, Any]:
        return {"M": self._movement}

    def _movement(self, state: GameState, orders: Mapping[str, list[Any]]) -> PhaseOutcome:
        from judge.engine.movement import adjudicate_movement

        before = state.copy()
        before.extra["notes"] = [o for os in orders.values() for o in os if isinstance(o, str)]
        units_only = {p: [o for o in os if not isinstance(o, str)] for p, os in orders.items()}
        return adjudicate_movement(Variant("wrapped", self.map, self), before, units_only)


def test_a_handler_may_wrap_a_built_in_phase_kind() -> None:
    board = load_variant("standard").map
    wrapped = Variant("wrapped", board, Wrapped(board))
    out = adjudicate(wrapped, state("S1901M", {"FRANCE": ["A PAR"]}),
                     {"FRANCE": ["a note", Move("A", "PAR", "BUR")]})
    assert where(out) == {"FRANCE": ["A BUR"]} and out.state.extra["notes"] == ["a note"]
    assert str(out.state.phase) == "F1901M"


# -- the hooks the mail loop asks (never the adjudicator) --------------------------------

def test_the_mail_hooks_give_the_standard_answers() -> None:
    standard = load_variant("standard")
    ruleset = standard.ruleset
    opening = ruleset.initial_state()
    assert str(opening.phase) == "S1901M" and opening.centers["FRANCE"] == {"PAR", "MAR", "BRE"}
    assert sorted(str(u) for u in opening.units["RUSSIA"]) == ["A MOS", "A WAR", "F SEV", "F STP/SC"]
    paris = Unit("A", "PAR")
    assert ruleset.may_order(opening, "FRANCE", "FRANCE", paris)
    assert not ruleset.may_order(opening, "GERMANY", "FRANCE", paris)
    assert ruleset.inputs_due(opening, "FRANCE") == () and ruleset.extra_build_sites(opening, "FRANCE") == ()
    assert ruleset.assign_powers({"ann": "anything"}, ["ann"], ["FRANCE"]) == {}
    assert ruleset.seat_refusal(None, "FRANCE", ("ENGLAND", "GERMANY")) == ""  # SET SEATS alone limits an address
    assert ruleset.seat_refusal(opening, "FRANCE", ("FRANCE",)) == ""
    assert ruleset.game_result(opening) is None
    won = state("F1905M", {"FRANCE": ["A PAR"]})
    won.centers = {"FRANCE": set(sorted(standard.map.centers)[:18])}
    assert ruleset.game_result(won) == ("victory", ["FRANCE"])


def test_a_start_year_option_and_a_toy_cycle_set_the_opening_phase() -> None:
    board = load_variant("standard").map
    assert str(Toy(board, {"start_year": 1650}).initial_state().phase) == "S1650I"


def test_may_order_follows_the_weights_by_default() -> None:
    board = load_variant("standard").map
    toy = Toy(board)
    minor = state("S1901M", {"MINOR": ["A SER"]}, votes={"AUSTRIA": 3})
    assert toy.may_order(minor, "AUSTRIA", "MINOR", Unit("A", "SER"))
    assert not toy.may_order(minor, "TURKEY", "MINOR", Unit("A", "SER"))


def test_the_hooks_docstring_examples_hold() -> None:
    failed, tried = doctest.testmod(judge.engine.ruleset)
    assert tried and not failed
