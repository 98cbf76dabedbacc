"""Who is who on the Europe 1615 board, and who holds what, read from the map and a GameState.

:class:`Setup` is what never changes in a game: the powers and their faiths,
the minor states, the Ottomans, capitals, the lettered units, the GM's
options.  The functions below answer questions about one position; they
only read ``state`` so the ruleset's hooks stay pure.

Ownership: ``state.centers`` maps an owner (a power, a minor state or the
Ottomans) to its centres.  A minor state's home centre that nobody holds in
``state.centers`` is still its own, so a position written by hand with only
the powers' centres means what it says.  Provinces without a centre are held
through ``extra["annexed"]`` (R-v3-116).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from judge.engine.discretion import OptionError, RuleOption
from judge.engine.geography import Map
from judge.engine.state import GameState
from judge.variants.europe1615.edition import Edition, read_edition
from judge.variants.europe1615.tables import DEFAULT_FAITHS

#: The readings chosen for the ambiguities of the text (docs/europe1615-v3.md); a GM may change any.
DEFAULT_OPTIONS: dict[str, Any] = {
    "attack_centre_tiebreak": "fewer_first",     # A-v3-05
    "reciprocal_alliance": "power",              # A-v3-06
    "muslim_alliance": "same_system",            # A-v3-07
    "ballot_minimum": "each",                    # A-v3-08
    "motion_threshold": "top3",                  # A-v3-09
    "expansion_multiplier": 3,                   # A-v3-10
    "catholic_league_return": "bav",             # A-v3-12
    "leading_influence": "state",                # A-v3-13: the INFs in the states the right covers
    "counterbalance_basis": "allocation",        # A-v3-15
    "neutral_bars": "all",                       # A-v3-17
    "exclusive_conflict": "importance",          # A-v3-18
    "liberate_power_centres": True,              # A-v3-19
    "three_centre_count": "acquired",            # R-v3-22: only centres acquired (Poland starts open), or all held
    "convoy_minor_armies": False,                # R-v3-73: only the lettered armies may be convoyed
    "catalonia_value": 6,                        # R-v3-106: the text gives Catalonia's new centre no value
    "neutral_reading": "no_majority",            # A-1308-01: which states short of an alignment are NEUTRAL
    "table2": "replaces",                        # A-1308-03: Table 2 replaces Table 1, or adds to it
    "minor_retreats": "never",                   # A-1308-05: dislodged minor units retreat if aligned, or never
    "vacated_neutral": "closed",                 # R-v3-61, R-1308-44: a neutral state its foreign army left
    "captured_builds": "same_faith",             # R-v3-119, R-1308-74: builds in captured power centres of one's faith
}

#: the readings an option may take, where it is a choice between named readings
CHOICES: dict[str, tuple[Any, ...]] = {
    "attack_centre_tiebreak": ("fewer_first", "more_first"), "reciprocal_alliance": ("power", "allies"),
    "muslim_alliance": ("same_system", "any"), "ballot_minimum": ("each", "net"),
    "motion_threshold": ("top3", "positive"), "catholic_league_return": ("bav", "all"),
    "leading_influence": ("allocation", "state"), "counterbalance_basis": ("allocation", "deployed"),
    "neutral_bars": ("all", "powers"), "exclusive_conflict": ("importance", "none"),
    "liberate_power_centres": (True, False), "three_centre_count": ("held", "acquired"),
    "convoy_minor_armies": (True, False), "expansion_multiplier": (3, 2),
    "neutral_reading": ("no_majority", "tie_only"), "table2": ("replaces", "adds"),
    "minor_retreats": ("never", "aligned"), "vacated_neutral": ("closed", "open"),
    "captured_builds": ("same_faith", "none"),
}
#: what each option decides, for the GM's RULES mail (docs/europe1615-v3.md)
OPTION_NOTES: dict[str, str] = {
    "attack_centre_tiebreak": "A-v3-05: at equal allocation, which power attacks first",
    "reciprocal_alliance": "A-v3-06 (R-1308-39): whose provinces an aligned minor's unit enters without capturing",
    "muslim_alliance": "A-v3-07: the alliance a Muslim unit needs to help into an Islamic centre",
    "ballot_minimum": "A-v3-08: a ballot needs a vote on each modifier, or only some",
    "motion_threshold": "A-v3-09: what a motion to cancel needs to pass",
    "expansion_multiplier": "A-v3-10: the expanded state's award, times its centres",
    "catholic_league_return": "A-v3-12: which liberation brings the Catholic League back",
    "leading_influence": ("A-v3-13: the measure of the power with the highest influence: \"state\", the most "
                          "INFs in the states the right covers (the text: deployment there is \"solely permitted "
                          "to the power with highest influence\"); \"allocation\", the highest yearly allocation"),
    "counterbalance_basis": "A-v3-15: what the counterbalance compares",
    "neutral_bars": "A-v3-17 (R-1308-27, R-1308-44): whose units a NEUTRAL state keeps out",
    "exclusive_conflict": "A-v3-18: where two exclusive rights meet (GM EXCLUSIVE decides one state)",
    "liberate_power_centres": "A-v3-19: a freed home centre of a power becomes a minor state",
    "three_centre_count": "R-v3-22: the centres that keep a state from being UNALIGNED",
    "convoy_minor_armies": "R-v3-73: whether any minor army may be convoyed (2013-08 has no rule against it)",
    "catalonia_value": "R-v3-106: the value of Catalonia's new centre (GM VALUE once it exists)",
    "neutral_reading": "A-1308-01: a state with 5 INFs or more that nobody aligns is NEUTRAL (no_majority), "
                       "or only on a tie at the top (tie_only)",
    "table2": "A-1308-03: aligned and controlled scores Table 2 instead of Table 1, or both",
    "minor_retreats": "A-1308-05: a dislodged minor unit retreats under its aligned power, or is disbanded",
    "vacated_neutral": "R-v3-61, R-1308-44: when the foreign army in a NEUTRAL state leaves, nobody enters (closed), "
                       "or an attack on it that phase still enters (open: the old reading)",
    "captured_builds": "R-v3-119, R-1308-74: a power also builds in the captured home centres of powers of its "
                       "own faith (same_faith), or only in its own and captured minor centres (none)",
}
#: the smallest value of the options that are whole numbers without named readings
MINIMUMS: dict[str, int] = {"catalonia_value": 1}


def _checked(options: Mapping[str, Any]) -> dict[str, Any]:
    chosen = dict(DEFAULT_OPTIONS)
    chosen.update({k: v for k, v in options.items() if k in DEFAULT_OPTIONS})
    for name, allowed in CHOICES.items():
        if chosen[name] not in allowed or type(chosen[name]) is not type(DEFAULT_OPTIONS[name]):
            raise OptionError(f"option {name} = {chosen[name]!r}: expected one of {', '.join(map(repr, allowed))}")
    for name, least in MINIMUMS.items():
        if type(chosen[name]) is not int or chosen[name] < least:
            raise OptionError(f"option {name} = {chosen[name]!r}: expected a whole number from {least}")
    return chosen


@dataclass(frozen=True)
class Setup:
    """The fixed facts of a game: board, powers, faiths, minor states, options."""

    board: Map
    faith: Mapping[str, str]
    minors: Mapping[str, tuple[str, ...]]
    ottoman: str
    papal: str
    islamic: frozenset[str]
    neutral_at_start: frozenset[str]
    specials: Mapping[str, tuple[str, str]]  # letter -> (owner, starting location or "")
    options: Mapping[str, Any] = field(default_factory=dict)
    edition: Edition = field(default_factory=lambda: read_edition({}))

    @classmethod
    def from_map(cls, board: Map, options: Mapping[str, Any]) -> Setup:
        ottoman = str(options.get("ottoman", "OTE"))
        faith = dict(DEFAULT_FAITHS)
        faith.update({p: str(f).upper() for p, f in options.get("faiths", {}).items()})
        specials = {letter: _special(text) for letter, text in options.get("special_units", {}).items()}
        chosen = _checked(options)
        edition = read_edition(options)
        influenced = edition.ottoman_control == "influence"  # the Ottomans are then a minor state like the others
        return cls(board, {p: faith[p] for p in board.powers if p in faith},
                   {s: ps for s, ps in board.states.items() if s != ottoman or influenced},
                   ottoman, str(options.get("papal", "PAPL")),
                   frozenset(options.get("islamic", [ottoman, "MOR"])),
                   frozenset(options.get("neutral_at_start", [])), specials, chosen, edition)

    @property
    def powers(self) -> tuple[str, ...]:
        return tuple(self.board.powers)

    def is_power(self, owner: str) -> bool:
        return owner in self.board.powers

    def value(self, province: str) -> int:
        prov = self.board.provinces.get(province)
        return prov.center if prov else 0

    def homes(self, owner: str) -> tuple[str, ...]:
        return self.board.homes.get(owner, ())

    def is_muslim(self, owner: str) -> bool:
        return owner in self.islamic


def rule_options(setup: Setup) -> tuple[RuleOption, ...]:
    """The readings a GM may change for one game (``SET RULE``): the edition's, with the values in force."""
    return tuple(RuleOption(name, setup.options[name], CHOICES.get(name, ()), OPTION_NOTES.get(name, ""),
                            MINIMUMS.get(name)) for name in DEFAULT_OPTIONS if name in setup.edition.readings)


def _special(text: str) -> tuple[str, str]:
    """``"AUSTRIA A BOH"`` -> ("AUSTRIA", "A BOH"); ``"SWE"`` (a unit still to be built) -> ("SWE", "")."""
    owner, _, unit = str(text).strip().partition(" ")
    return owner.upper(), unit.strip().upper()


# -- the states, with those created in play (secessions) ----------------------------------

def states(setup: Setup, state: GameState) -> dict[str, tuple[str, ...]]:
    """Every minor state of this game: the map's, and any created since (GUY, BOH, CAT's centre)."""
    found = dict(setup.minors)
    for name, provinces in state.extra.get("new_states", {}).items():
        found[name] = tuple(provinces)
    return found


def centre_value(setup: Setup, state: GameState, province: str) -> int:
    """A centre's value; centres created in play (Catalonia) carry theirs in ``extra["new_centers"]``."""
    return int(state.extra.get("new_centers", {}).get(province, setup.value(province)))


def is_centre(setup: Setup, state: GameState, province: str) -> bool:
    return centre_value(setup, state, province) > 0


def home_centres(setup: Setup, state: GameState, owner: str) -> tuple[str, ...]:
    """A state's or power's original centres (a new state's are its provinces that are centres)."""
    new = state.extra.get("new_states", {}).get(owner)
    if new is not None:
        return tuple(p for p in new if is_centre(setup, state, p))
    homes = tuple(p for p in setup.homes(owner) if p not in state.extra.get("seceded", {}))
    created = state.extra.get("new_centers", {})
    return homes + tuple(p for p in setup.minors.get(owner, ()) if p in created and p not in homes)


def capital(setup: Setup, state: GameState, minor: str) -> str | None:
    """The state's capital: the first of its home centres; None for a state without a centre."""
    homes = home_centres(setup, state, minor)
    return homes[0] if homes else None


# -- who holds what --------------------------------------------------------------------

def holder(setup: Setup, state: GameState, province: str) -> str | None:
    """Who holds a centre (or, through annexation, a province without one)."""
    owner = state.owner_of_center(province)
    if owner is not None:
        return owner
    annexed = state.extra.get("annexed", {}).get(province)
    if annexed is not None:
        return str(annexed)
    for minor in (*states(setup, state), setup.ottoman):
        if province in home_centres(setup, state, minor):
            return minor
    return None


def holdings(setup: Setup, state: GameState, owner: str) -> set[str]:
    """The centres an owner holds (its dominion, for a minor state)."""
    held = set(state.centers.get(owner, ()))
    if not setup.is_power(owner):
        held |= {c for c in home_centres(setup, state, owner) if state.owner_of_center(c) is None}
    return held


def captured(setup: Setup, state: GameState, minor: str) -> bool:
    """R-v3-16, R-v3-63, R-v3-66: a state whose capital is held by another (a power or a minor state).

    A state without a centre (Franconia, Switzerland) is captured when all its
    provinces are annexed by others (R-v3-116, A-v3-14).  The Ottoman Empire
    is captured only when all its centres are (R-1308-36); an edition with
    ``permanent_capture`` keeps a state captured for good (R-1308-47).
    """
    if minor in state.extra.get("withdrawn", ()):
        return True
    if minor == setup.ottoman:
        homes = home_centres(setup, state, minor)
        return bool(homes) and all(holder(setup, state, c) != minor for c in homes)
    cap = capital(setup, state, minor)
    if cap is not None:
        return holder(setup, state, cap) != minor
    annexed = state.extra.get("annexed", {})
    provinces = states(setup, state).get(minor, ())
    return bool(provinces) and all(annexed.get(p, minor) != minor for p in provinces)


def pliant(setup: Setup, state: GameState) -> list[str]:
    """The minor states that can be influenced: not captured (R-v3-63)."""
    return [m for m in states(setup, state) if not captured(setup, state, m)]


def territory_holder(setup: Setup, state: GameState, province: str) -> str | None:
    """Whose land a province is: its holder, or the state it lies in if nobody holds it."""
    owner = holder(setup, state, province)
    if owner is not None:
        return owner
    for minor, provinces in states(setup, state).items():
        if province in provinces:
            return minor
    return None


def waived_by(state: GameState, province: str) -> tuple[str, ...]:
    """R-v3-115, R-1308-69: the powers that waived capturing ``province`` (several may, each for itself)."""
    found = state.extra.get("waived", {}).get(province, ())
    return (found,) if isinstance(found, str) else tuple(found)


def active_powers(setup: Setup, state: GameState) -> list[str]:
    """Powers still in the game: not eliminated (R-v3-121) nor dissolved (R-v3-123)."""
    gone = set(state.extra.get("eliminated", [])) | set(state.extra.get("dissolved", []))
    return [p for p in setup.powers if p not in gone]


def unit_owner_at(state: GameState, board: Map, province: str) -> str | None:
    for owner, units in state.units.items():
        if any(board.province_of(u.location) == province for u in units):
            return owner
    return None


# -- influence allocation ----------------------------------------------------------------

def yearly_allocation(setup: Setup, state: GameState, power: str) -> int:
    """R-v3-06 to R-v3-08: the values of the centres the power holds; none once it is out (R-v3-122).

    Its home centres (R-v3-06), plus captured centres (R-v3-07), minus lost
    home centres (R-v3-08) come to exactly that sum.
    """
    if power not in active_powers(setup, state):
        return 0
    return sum(centre_value(setup, state, c) for c in holdings(setup, state, power))


def allocation(setup: Setup, state: GameState, power: str) -> int:
    """This year's allocation as fixed at the Initial Status Check (worked out if the state lacks it)."""
    fixed = state.extra.get("allocation", {})
    if power in fixed:
        return int(fixed[power])
    return yearly_allocation(setup, state, power)
