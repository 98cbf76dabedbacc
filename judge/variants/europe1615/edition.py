"""How one edition of Europe 1615 differs from another: named strategies and numbers from its ruleset file.

Version 3 and the edition of 8 August 2013 share one implementation.  Each
place where their rules part is a named strategy (``alignment =
"threshold"``) or a number (``religious_minimum = 10``) in the edition's
``gamedata/<edition>/ruleset.toml``, so a reviewer diffs the two files to see
how the editions differ.  The defaults are Version 3's: a ruleset made
without an edition file plays Version 3.

The modules look a strategy up by name in a small table of functions (see
``ALIGNMENT`` in :mod:`.status`), never by asking which edition they play.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from judge.engine.discretion import OptionError

#: every strategy with the names it may take; the first is Version 3's
STRATEGIES: dict[str, tuple[str, ...]] = {
    "influence": ("yearly", "per_phase"),          # a yearly allocation, or INFs for each movement phase
    "alignment": ("majority", "threshold"),        # half and no tie; or a share and a minimum of INFs
    "religion": ("majority", "threshold"),         # a majority with a minimum; or the year's share and a minimum
    "ottoman_control": ("vote", "influence"),      # weighted vote of all powers; or influenced like a minor
    "attack_order": ("allocation", "phase_infs"),  # least yearly allocation first; least INFs of the phase first
    "attack_without_target": ("carried_out", "failed"),
    "scoring": ("rounds", "tables"),               # rounds won each year; objectives tables in some years
    "ottoman_rome": ("draw", "protestant_victory"),
    "fleet_builds": ("coasts", "ports"),
    "publication": ("who", "percentages"),         # who deployed where; or each power's share
    "order_sheet": ("njudge", "adjudication"),     # the result mail's order list
}
#: switches: a rule one edition has and the other has not (Version 3's value first)
SWITCHES: dict[str, bool] = {
    "status_check": True,          # an Initial Status Check fixes the year's allocation
    "counterbalance": True,        # widerstand and ketzenhammer
    "modifiers": True,             # sanctions, ballots, motions, lettered units
    "muslim_rules": True,          # Christian and Muslim support and convoy restrictions
    "liberation": True,            # centres of a captured minor state go free
    "faith_draws": True,           # draws when a faith is wiped out, or by Ottoman expansion
    "minor_capture": True,         # minor armies take centres
    "neutral_capture": False,      # a NEUTRAL state's units take centres too (2013-08: the Ottomans, R-1308-40)
    "attacks_in_first_phase": True,
    "ottoman_attack": False,       # a second, secret attack inside the Ottoman Empire
    "blocking": False,             # a foreign-aligned minor army on a centre blocks its INFs
    "internment": False,           # a power's army in a NEUTRAL state at a build phase is disbanded
    "permanent_capture": False,    # a captured state stays off the list for good
    "faith_builds": False,         # no builds where the opposing faith holds sway (R-1308-72, R-1308-74)
    "secret_ottoman": False,       # the Ottoman deployments, alignment and attacks are secret
}
#: the Version 3 year
V3_PHASES = ("S I", "S M", "S R", "U M", "U R", "F M", "F R", "W E", "W A", "W S")
#: the GM's readings Version 3 offers (``SET RULE``); an edition lists its own in ``readings``
V3_READINGS = ("attack_centre_tiebreak", "reciprocal_alliance", "muslim_alliance", "ballot_minimum",
               "motion_threshold", "expansion_multiplier", "catholic_league_return", "leading_influence",
               "counterbalance_basis", "neutral_bars", "exclusive_conflict", "liberate_power_centres",
               "three_centre_count", "convoy_minor_armies", "catalonia_value", "vacated_neutral",
               "captured_builds")
V3_INPUTS = ("INF", "ATTACK", "WAIVE", "MOTION", "PERMIT", "AGREE", "BALLOT", "BID", "DISBAND")
V3_GM_ACTIONS = ("BALLOT", "LETTER", "ABANDON", "VALUE", "EXCLUSIVE", "LEADER", "WINNER", "MODIFIER")


@dataclass(frozen=True)
class Edition:
    """An edition's strategies, switches and numbers, as its ruleset file gives them."""

    strategy: Mapping[str, str]
    switch: Mapping[str, bool]
    phases: tuple[tuple[str, str], ...]
    readings: tuple[str, ...]
    inputs: frozenset[str]
    gm_actions: tuple[str, ...]
    numbers: Mapping[str, int] = field(default_factory=dict)
    phase_infs: Mapping[str, int] = field(default_factory=dict)
    religious_control: Mapping[int, int] = field(default_factory=dict)
    ottoman_alignment: Mapping[int, int] = field(default_factory=dict)
    scoring_years: tuple[int, ...] = ()
    last_year: int | None = None
    barbary: frozenset[str] = frozenset()
    objectives: str = ""

    def __getattr__(self, name: str) -> Any:
        """``edition.alignment`` is the strategy's name, ``edition.blocking`` the switch."""
        strategy, switch = self.__dict__.get("strategy", {}), self.__dict__.get("switch", {})
        if name in strategy:
            return strategy[name]
        if name in switch:
            return switch[name]
        raise AttributeError(name)

    def number(self, name: str) -> int:
        return int(self.numbers[name])

    def scores_in(self, year: int) -> bool:
        """Whether the year ends with a Scoring phase (every year unless the edition names some)."""
        return not self.scoring_years or year in self.scoring_years

    def by_year(self, table: Mapping[int, int], year: int) -> int:
        """A yearly table's value; a year past its end takes the last, one before it the first."""
        if year in table:
            return int(table[year])
        years = sorted(table)
        return int(table[years[-1]] if year > years[-1] else table[years[0]])


#: the numbers an edition may set, with Version 3's (which reads none of them)
NUMBERS = {"alignment_share": 50, "alignment_minimum": 0, "ottoman_minimum": 0, "barbary_minimum": 0,
           "religious_minimum": 0, "first_year": 1615, "alliance_deadline": 0}


def read_edition(options: Mapping[str, Any]) -> Edition:
    """The edition its ruleset file's ``[options]`` describe (Version 3 where they are silent)."""
    strategy = {name: str(options.get(name, names[0])) for name, names in STRATEGIES.items()}
    for name, value in strategy.items():
        if value not in STRATEGIES[name]:
            raise OptionError(f"option {name} = {value!r}: expected one of {', '.join(STRATEGIES[name])}")
    switch = {name: options.get(name, default) for name, default in SWITCHES.items()}
    for name, value in switch.items():
        if not isinstance(value, bool):
            raise OptionError(f"option {name} = {value!r}: expected true or false")
    phases = tuple(_phase(text) for text in options.get("phases", V3_PHASES))
    numbers = {name: int(options.get(name, default)) for name, default in NUMBERS.items()}
    last = options.get("last_year")
    return Edition(strategy, switch, phases, tuple(options.get("readings", V3_READINGS)),
                   frozenset(str(i).upper() for i in options.get("inputs", V3_INPUTS)),
                   tuple(str(a).upper() for a in options.get("gm_actions", V3_GM_ACTIONS)), numbers,
                   {str(p).upper(): int(n) for p, n in options.get("phase_infs", {}).items()},
                   _years(options.get("religious_control", {})), _years(options.get("ottoman_alignment", {})),
                   tuple(int(y) for y in options.get("scoring_years", ())), int(last) if last else None,
                   frozenset(str(s).upper() for s in options.get("barbary", ())), str(options.get("objectives", "")))


def _phase(text: str) -> tuple[str, str]:
    season, _, kind = str(text).strip().upper().partition(" ")
    if len(season) != 1 or len(kind.strip()) != 1:
        raise OptionError(f"a phase of the year is a season and a kind, as in \"S M\": not {text!r}")
    return season, kind.strip()


def _years(table: Mapping[Any, Any]) -> dict[int, int]:
    return {int(year): int(value) for year, value in table.items()}
