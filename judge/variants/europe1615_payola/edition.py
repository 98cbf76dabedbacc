"""How one Payola edition of Europe 1615 differs from the other: strategies, numbers and tables from its file.

The March and April 2013 editions share one implementation.  Each place where
their rules part is a named strategy (``attacks = "dice"``), a switch, a
number (``penalty_own_aligned = 15``) or a table in the edition's
``gamedata/<edition>/ruleset.toml``, so a reviewer diffs the two files to see
how the editions differ; the modules look a strategy up by name, never by
asking which edition they play.  The objectives table and the Diplomatic
Attack Table are data files beside the maps (``gamedata/europe1615/``).
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from judge.engine.discretion import OptionError, RuleOption
from judge.paths import gamedata_dir

CATHOLIC, PROTESTANT = "CATHOLIC", "PROTESTANT"
AE, EX, DE = "AE", "EX", "DE"
#: the attack table's columns, weakest first (R-1303-12)
COLUMNS = ("<1:1", "1:1", "2:1", "3:1", "4:1", "5:1")

#: every strategy with the names it may take; the first is the March edition's
STRATEGIES: dict[str, tuple[str, ...]] = {
    "attacks": ("dice", "exchange"),                  # R-1304-19: every attack an exchange, by agreement
    "low_status": ("SEGREGATED", "INDEPENDENT"),      # R-1303-15, R-1304-20: one threshold, two names
    "status_gap": ("neutral", "low"),                 # A-1303-01, A-1304-01
    "ratio_rounding": ("nearest", "floor"),           # A-1303-02
    "victory": ("most_vps", "tie_years"),             # R-1303-42, R-1304-58
    "aligned_needs": ("a_entry", "any_entry"),        # A-1303-05: "can garner VPs for having the 2/3 majority"
    "fleet_builds": ("centres", "owned_ports"),       # R-1303-40; R-1304-54: owned ports that are no centres too
    "papal_orders": ("owner", "location"),            # R-1303-36, R-1304-46: the Papal States' units, or any there
    "alliance_deadlock": ("play_on", "draw"),         # R-1304-59: alliances and nobody wins (A-PY-17)
    "home_box_attacks": ("owner", "any"),             # R-1304-12, R-1304-14: who attacks in a home box (A-PY-18)
}
#: switches, the March edition's value first
SWITCHES: dict[str, bool] = {"c_award_needs_infs": True, "home_box_redeploy": True,
                             "aligned_moves": False}  # A-PY-2: the aligned power buys MOVEs from its minor
#: the numbers an edition may set, with the March edition's
NUMBERS: dict[str, int] = {
    "first_year": 1615, "last_year": 1620, "first_attack_year": 1615, "political_minimum": 5,
    "religious_minimum": 10, "immunity": 5, "inf_per_centre": 3, "exclusive_bonus": 0, "penalty_neutral": 5,
    "penalty_own_aligned": 11, "penalty_duality": 3, "penalty_controlled": 9, "papal_attack": 13,
    "protestant_marches": 9, "protestant_rome": 11, "alliance_deadline": 0, "players": 5,
}
#: the readings a GM may change for one game (``SET RULE``), with the ambiguity each decides
READINGS = {"attacks": "R-1304-19: every attack an exchange (no dice)",
            "status_gap": "A-1303-01/A-1304-01: a state in the status gap",
            "ratio_rounding": "A-1303-02: rounding the attack ratio",
            "c_award_needs_infs": "A-1303-04/A-1304-04: the C award needs the power's INFs there",
            "aligned_needs": "A-1303-05: ALIGNED needs an A entry (a_entry) or any entry (any_entry)",
            "aligned_moves": "A-PY-2: the aligned power may buy MOVE orders from its minor's units",
            "papal_orders": "A-PY-16: only Catholic powers order the Papal States' own units (owner), or any other "
                            "power's unit standing there too (location); a power's own units are always its own",
            "alliance_deadlock": "A-PY-17: with alliances and no winner under R-1304-59, another year (play_on) or "
                                 "a draw of all (draw)",
            "home_box_attacks": "A-PY-18: only a home box's owner attacks in it (owner), or any power with INFs "
                                "there (any)"}


@dataclass(frozen=True)
class AttackTable:
    """The Diplomatic Attack Table: for each column, the result of each 3D6 roll (3 to 18)."""

    cells: Mapping[str, Mapping[int, str]]
    status: str

    def result(self, column: str, roll: int) -> str:
        return self.cells[column][roll]


@dataclass(frozen=True)
class Objectives:
    """The Political and Religious Objectives Table: state -> power -> VPs, for C and for A."""

    controlled: Mapping[str, Mapping[str, int]]
    aligned: Mapping[str, Mapping[str, int]]

    def c(self, minor: str, power: str) -> int:
        return int(self.controlled.get(minor, {}).get(power, 0))

    def a(self, minor: str, power: str) -> int:
        return int(self.aligned.get(minor, {}).get(power, 0))

    def has_a(self, minor: str, power: str) -> bool:
        """R-1303-17, A-1303-05: only a power with an A entry may have the state ALIGNED."""
        return power in self.aligned.get(minor, {})

    def has_any(self, minor: str, power: str) -> bool:
        """A-1303-05, the other reading: a C entry is VPs for the majority too."""
        return self.has_a(minor, power) or power in self.controlled.get(minor, {})


@dataclass(frozen=True)
class PayolaEdition:
    """An edition's strategies, switches, numbers and tables, as its ruleset file gives them."""

    strategy: Mapping[str, str]
    switch: Mapping[str, bool]
    numbers: Mapping[str, int]
    phases: tuple[tuple[str, str], ...]
    faiths: Mapping[str, str]
    yearly_infs: Mapping[str, tuple[int, ...]]
    start_funds: Mapping[str, int]
    attack_order: tuple[tuple[str, int], ...]
    pliant: tuple[str, ...]
    hre: frozenset[str]
    catholic_only: frozenset[str]
    reference_lists: Mapping[str, tuple[str, ...]]
    objectives: Objectives
    table: AttackTable
    port_owners: Mapping[str, str]           # a port that is no centre -> its owner at the start (R-1304-54)
    setups: Mapping[int, Setup]              # player count -> its sides (R-1304-60 to R-1304-62, setups.py)

    def __getattr__(self, name: str) -> Any:
        """``edition.attacks`` is the strategy's name, ``edition.home_box_redeploy`` the switch."""
        for part in ("strategy", "switch", "numbers"):
            values = self.__dict__.get(part, {})
            if name in values:
                return values[name]
        raise AttributeError(name)

    def rule_options(self) -> tuple[RuleOption, ...]:
        """The readings of the ambiguities a GM may set for a game."""
        made = []
        for name, note in READINGS.items():
            if name == "alliance_deadlock" and not self.numbers["alliance_deadline"]:
                continue  # an edition without alliances (March)
            if name in STRATEGIES:
                made.append(RuleOption(name, self.strategy[name], STRATEGIES[name], note))
            else:
                made.append(RuleOption(name, self.switch[name], (True, False), note))
        if self.setups:
            made.append(RuleOption("players", self.numbers["players"], (5, *sorted(self.setups)),
                                   "R-1304-60 to R-1304-62: the set-up for fewer players (set it before START)"))
        return tuple(made)


def read_edition(options: Mapping[str, Any]) -> PayolaEdition:
    """The edition its ruleset file's ``[options]`` describe; OptionError names a value it cannot take."""
    strategy = {name: str(options.get(name, names[0])) for name, names in STRATEGIES.items()}
    for name, value in strategy.items():
        if value not in STRATEGIES[name]:
            raise OptionError(f"option {name} = {value!r}: expected one of {', '.join(STRATEGIES[name])}")
    switch = {name: options.get(name, default) for name, default in SWITCHES.items()}
    if any(not isinstance(v, bool) for v in switch.values()):
        raise OptionError(f"options {', '.join(SWITCHES)} take true or false")
    numbers = {name: int(options.get(name, default)) for name, default in NUMBERS.items()}
    states = options.get("states", {})
    return PayolaEdition(
        strategy, switch, numbers, tuple(_phase(p) for p in options.get("phases", ())),
        {p.upper(): str(f).upper() for p, f in options.get("faiths", {}).items()},
        {p.upper(): tuple(int(n) for n in row) for p, row in options.get("yearly_infs", {}).items()},
        {p.upper(): int(n) for p, n in options.get("start_funds", {}).items()},
        tuple((p.upper(), int(n)) for p, n in options.get("attack_order", {}).items()),
        tuple(str(s).upper() for s in states.get("pliant", ())),
        frozenset(str(s).upper() for s in states.get("hre", ())),
        frozenset(str(s).upper() for s in states.get("catholic_only", ())),
        {k: tuple(str(p).upper() for p in v) for k, v in options.get("reference_lists", {}).items()},
        load_objectives(str(options.get("objectives", ""))),
        load_attack_table(str(options.get("attack_table", ""))),
        {str(port).upper(): power.upper() for power, ports in options.get("port_owners", {}).items() for port in ports},
        _setups(options, numbers["players"]))


@dataclass(frozen=True)
class Setup:
    """One player count's sides (each the powers of one player), its neutral power, the year of its dice, its rule."""

    players: int
    sides: tuple[tuple[str, ...], ...]
    neutral: str = ""
    roll_year: int = 0
    rule: str = ""


def read_setups(options: Mapping[str, Any]) -> dict[int, Setup]:
    """``[options.setups.N]``: ``sides``, ``rule`` (named by refusals), and for a neutral ``neutral``, ``roll_year``."""
    made = {}
    for count, spec in options.get("setups", {}).items():
        sides = tuple(tuple(str(p).upper() for p in side) for side in spec.get("sides", ()))
        made[int(count)] = Setup(int(count), sides, str(spec.get("neutral", "")).upper(), int(spec.get("roll_year", 0)),
                                 str(spec.get("rule", "")))
    return made


def _setups(options: Mapping[str, Any], players: int) -> Mapping[int, Setup]:
    """The edition's set-ups for fewer players; OptionError for a player count it has none for."""
    made = read_setups(options)
    if players != 5 and players not in made:
        raise OptionError(f"option players = {players}: this edition plays with 5 players"
                          + (f" or {', '.join(map(str, sorted(made)))}" if made else ""))
    return made


def _phase(text: str) -> tuple[str, str]:
    season, _, kind = str(text).strip().upper().partition(" ")
    if len(season) != 1 or len(kind.strip()) != 1:
        raise OptionError(f"a phase of the year is a season and a kind, as in \"S M\": not {text!r}")
    return season, kind.strip()


@lru_cache(maxsize=8)
def load_objectives(path: str) -> Objectives:
    """The objectives file (relative to gamedata/): ``[C]`` and ``[A]``, state -> {power = VPs}."""
    if not path:
        return Objectives({}, {})
    data = tomllib.loads((gamedata_dir() / path).read_text(encoding="utf-8"))

    def rows(table: Mapping[str, Any]) -> dict[str, dict[str, int]]:
        return {s.upper(): {p.upper(): int(n) for p, n in row.items()} for s, row in table.items()}

    return Objectives(rows(data.get("C", {})), rows(data.get("A", {})))


@lru_cache(maxsize=8)
def load_attack_table(path: str) -> AttackTable:
    """The attack table file: each column gives every roll from 3 to 18 exactly one of AE, EX, DE."""
    if not path:
        return AttackTable({c: {r: EX for r in range(3, 19)} for c in COLUMNS}, "all exchanges")
    data = tomllib.loads((gamedata_dir() / path).read_text(encoding="utf-8"))
    cells: dict[str, dict[int, str]] = {}
    for column in COLUMNS:
        found: dict[int, str] = {}
        for result, span in data.get("columns", {}).get(column, {}).items():
            low, _, high = str(span).partition("-")
            for roll in range(int(low), int(high or low) + 1):
                if roll in found or result not in (AE, EX, DE):
                    raise OptionError(f"{path}: column {column}: roll {roll} given twice, or {result!r} is no result")
                found[roll] = result
        if sorted(found) != list(range(3, 19)):
            raise OptionError(f"{path}: column {column} must give every roll from 3 to 18 a result")
        cells[column] = found
    return AttackTable(cells, str(data.get("status", "")))
