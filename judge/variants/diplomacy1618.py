"""Diplomacy 1618 (Scott Rosenberg): the 1971 rules on the map of the Thirty Years War, with four special places.

Everything else is the standard game (R-1618-01); ``docs/diplomacy1618.md`` (the
players' guide) gives each rule's reading, ``gamedata/diplomacy1618/SOURCES.md``
how each is implemented.  The places come from ``ruleset.toml``, not from
code, so a GM who corrects the map never touches this module:

* the civil-disorder army of Prague (R-1618-08 to R-1618-11): owned by the
  map's ``rebels`` state, never ordered, annihilated if dislodged, taking no
  centre; its fate is settled when the centres change hands after Fall 1618;
* Sweden's off-board centre (R-1618-05, A-1618-03): the map's ``offboard``
  place, which no unit reaches, so it is never lost; it is never a build site;
* centres that become build sites once captured, with the unit types allowed
  (``captured_homes``: Hither Pomerania for Sweden, Stettin for Brandenburg's
  fleets, R-1618-06 and R-1618-07);
* victory at 29 centres: the map's ``victory`` line (R-1618-13).

>>> from judge.variants import load_variant
>>> ruleset = load_variant("diplomacy1618").ruleset
>>> str(ruleset.initial_state().phase)
'S1618M'
>>> ruleset.victory_centers()
29
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from judge.engine.discretion import RuleOption
from judge.engine.orders import Unit
from judge.engine.ruleset import Ruleset
from judge.engine.schema import Schema, Str
from judge.engine.state import GameState

if TYPE_CHECKING:
    from judge.engine.geography import Map

#: A-1618-01: whose home Prague becomes (docs/diplomacy1618.md)
READINGS = ("errata", "rule6")
THIRD_POWER = ("none", "holder")
#: ``GameState.extra`` key: the power whose home centre Prague has become
PRAGUE_HOME = "prague_home"


class Diplomacy1618(Ruleset):
    """The standard rules, plus Prague, the off-board centre and the centres that become homes."""

    name = "diplomacy1618"

    def __init__(self, board: Map, options: Mapping[str, Any] | None = None) -> None:
        super().__init__(board, options)
        self.rebels = str(self.options.get("rebels", "BOH"))
        self.prague = str(self.options.get("prague", "PRA"))
        self.heir = str(self.options.get("prague_heir", "PALATINATE"))
        self.claimant = str(self.options.get("prague_claimant", "AUSTRIA"))
        self.reading = str(self.options.get("prague_reading", READINGS[0]))
        self.third_power = str(self.options.get("prague_third_power", THIRD_POWER[0]))
        captured = self.options.get("captured_homes", {})
        self.captured: dict[str, dict[str, str]] = {
            power.upper(): {province.upper(): str(kinds).upper() for province, kinds in sites.items()}
            for power, sites in captured.items()}

    # -- the civil-disorder army (R-1618-08) ------------------------------------------
    def order_weights(self, state: GameState, owner: str, unit: Unit) -> Mapping[str, int]:
        """Nobody orders the rebels' army: it "never moves" and holds (it may be supported in place)."""
        return {} if owner == self.rebels else {owner: 1}

    def may_retreat(self, state: GameState, owner: str, unit: Unit) -> bool:
        """The rebels' army is annihilated if dislodged ("If dislodged, it is annihilated")."""
        return owner != self.rebels

    def removal_words(self, state: GameState, owner: str, unit: Unit) -> str:
        """Rule 6 of the civil-disorder army: "If dislodged, it is annihilated"."""
        return "\"if dislodged, it is annihilated\" (rule 6)" if owner == self.rebels else ""

    def may_capture(self, state: GameState, owner: str, unit: Unit, province: str) -> bool:
        """The rebels hold Prague but own no centre: Prague is neutral until its fate is settled."""
        return owner != self.rebels

    def adjustment_count(self, state: GameState, power: str) -> int:
        """The rebels neither build nor remove; the powers as in the standard game (the off-board centre counts)."""
        return 0 if power not in self.map.powers else super().adjustment_count(state, power)

    def ownership_settled(self, state: GameState) -> None:
        """Prague's fate at the end of 1618 (R-1618-09 to R-1618-11, A-1618-01), and Austria's later claim (rule 6)."""
        year = int(self.options.get("start_year", 1618))
        if state.phase.year == year:
            self._settle_prague(state)
        elif (self.reading == "rule6" and PRAGUE_HOME not in state.extra
              and self.prague in state.centers.get(self.claimant, ())):
            state.extra[PRAGUE_HOME] = self.claimant      # "it becomes an Austrian Home center in all ways"

    def _settle_prague(self, state: GameState) -> None:
        rebels = state.units.get(self.rebels, [])
        army = next((u for u in rebels if self.map.province_of(u.location) == self.prague), None)
        if army is not None:                               # R-1618-09: the army becomes the Palatinate's
            rebels.remove(army)
            state.units.setdefault(self.heir, []).append(army)
            for owned in state.centers.values():
                owned.discard(self.prague)
            state.centers.setdefault(self.heir, set()).add(self.prague)
            state.extra[PRAGUE_HOME] = self.heir
        else:
            holder = state.owner_of_center(self.prague)
            if holder is not None and self._becomes_home(holder):
                state.extra[PRAGUE_HOME] = holder
        if not rebels:
            state.units.pop(self.rebels, None)

    def _becomes_home(self, holder: str) -> bool:
        """Whether the power that controls Prague in Winter 1618 (no rebel army left) gets it as a home centre."""
        if holder == self.claimant:
            return True                                    # the errata; rule 6: Austria occupies it
        if holder == self.heir:
            return self.reading == "errata"                # the errata: "If PALATINATE controls Prague"
        return self.third_power == "holder"                # neither text: the GM's option

    # -- where a power builds (R-1618-05 to R-1618-07) ----------------------------------
    def build_sites(self, state: GameState, power: str) -> tuple[str, ...]:
        """Owned home centres on the board, owned centres that became homes, and Prague if it is this power's."""
        owned = state.centers.get(power, set())
        sites = [p for p in super().build_sites(state, power) if p not in self.map.offboard]
        sites += [p for p in self.captured.get(power, {}) if p in owned and p not in sites]
        if state.extra.get(PRAGUE_HOME) == power and self.prague in owned and self.prague not in sites:
            sites.append(self.prague)
        return tuple(sites)

    def build_refusal(self, state: GameState, power: str, province: str) -> str:
        """Why a place is no build site of ``power``, in the rule's words (rules 4 and 5)."""
        if province in self.map.offboard:
            return "may never be lost, \"however, it may not build there\" (rule 4): it is no build site"
        kinds = self.captured.get(power, {}).get(province)
        if kinds is not None and province not in state.centers.get(power, set()):
            what = "fleets only, " if kinds == "F" else ""
            return (f"becomes a home centre of yours ({what}rule {5 if kinds == 'F' else 4}) "
                    "only once you have taken it")
        return ""

    def may_build(self, state: GameState, power: str, unit: Unit) -> bool:
        """Stettin takes only Brandenburg's fleets ("solely for the purpose of building fleets")."""
        kinds = self.captured.get(power, {}).get(self.map.province_of(unit.location))
        return kinds is None or unit.type in kinds

    # -- the state as JSON, and the GM's options ----------------------------------------
    def owners(self) -> frozenset[str]:
        return frozenset([*self.map.powers, self.rebels])

    def state_fields(self) -> Mapping[str, Schema]:
        """``prague_home``: the power whose home centre Prague became (absent while it is nobody's)."""
        return {PRAGUE_HOME: Str(choices=lambda: self.map.powers, what="a power")}

    def rule_options(self) -> tuple[RuleOption, ...]:
        """The victory count, and the two readings of Prague's fate (A-1618-01)."""
        return (*super().rule_options(),
                RuleOption("prague_reading", self.reading, READINGS,
                           note="A-1618-01: errata (control in Winter 1618 decides) or rule6 "
                                "(Austria's later capture too)"),
                RuleOption("prague_third_power", self.third_power, THIRD_POWER,
                           note="A-1618-01: a third power holding Prague in Winter 1618: "
                                "none (no home centre) or holder (its home centre)"))
