"""The real games of ``../shared/realgames/`` read into the engine's values, one source at a time.

Nothing of the corpus is kept in the repository: these readers open the
files where the corpus's keeper put them (its README gives the sources and
formats) and turn each recorded phase into a :class:`Recorded`: the position
as the recording system wrote it (units, dislodged units, centres) and the
orders given in it, as engine orders with their power.

The sources write provinces in their own spellings (``nat``, ``MAO``,
``stp/sc``); the standard map's names and aliases resolve them.
"""

from __future__ import annotations

import json
import lzma
import re
import tarfile
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from judge.engine.geography import Map
from judge.engine.orders import (ARMY, FLEET, AnyOrder, Build, Convoy, Disband, Hold, Move, Remove, Retreat,
                                 Support, Unit, Waive)

CORPUS = Path(__file__).resolve().parents[2].parent / "shared" / "realgames"
SOURCES = ("droidippy", "cicero", "mila", "jdip")
_SEASONS = {"Spring": "S", "Fall": "F"}
_KINDS = {"Movement": "M", "Retreat": "R", "Adjustment": "A"}


def corpus_dir() -> Path:
    """Where the corpus is: ``../shared/realgames`` beside the repository (the tests skip without it)."""
    return CORPUS


@dataclass
class Recorded:
    """One phase as its system recorded it: the position at its start, and the orders given in it."""

    name: str  # S1901M, F1901R, W1901A
    units: dict[str, list[Unit]] = field(default_factory=dict)
    centers: dict[str, set[str]] = field(default_factory=dict)
    dislodged: dict[str, list[Unit]] = field(default_factory=dict)
    orders: dict[str, list[AnyOrder]] = field(default_factory=dict)
    written: list[str] = field(default_factory=list)  # the orders as the record wrote them
    line: int = 0  # where the phase starts in its record's file (1-based), for the keeper's edits


@dataclass
class Game:
    source: str
    name: str  # the record's own name: game_12042, 443777, network/1, Describe S1903M
    phases: list[Recorded]

    @property
    def key(self) -> str:
        return f"{self.source}/{self.name}"


class Spelling:
    """A source's province spellings read on the standard map (``nat`` → ``NAO``, ``stp/sc`` → ``STP/SC``)."""

    def __init__(self, board: Map) -> None:
        self.board = board
        self._seen: dict[str, str] = {}

    def loc(self, text: str) -> str:
        found = self._seen.get(text)
        if found is None:
            base, _, coast = text.partition("/")
            name = self.board.resolve_name(base.upper()) or self.board.resolve_name(base)
            if name is None:
                raise ValueError(f"unknown province {text!r}")
            found = self._seen[text] = f"{name}/{coast.upper()}" if coast else name
        return found

    def province(self, text: str) -> str:
        return self.board.province_of(self.loc(text))


# -- Droidippy: one text file a game --------------------------------------------------------------

def droidippy_games(board: Map, names: set[str] | None = None, every: int = 1) -> Iterator[Game]:
    """Each game of the Droidippy export in the archive's order (``names``: only these, e.g.
    ``{"game_12042"}``; ``every``: only every so many games, the first included: a fixed sample)."""
    spell = Spelling(board)
    with tarfile.open(corpus_dir() / "droidippy_games.tar.xz") as archive:
        files = (m for m in archive if m.isfile())
        for index, member in enumerate(files):
            stem = Path(member.name).stem
            if index % every or (names is not None and stem not in names):
                continue
            handle = archive.extractfile(member)
            assert handle is not None
            yield Game("droidippy", stem, read_droidippy(handle.read().decode("utf-8"), spell))


def read_droidippy(text: str, spell: Spelling) -> list[Recorded]:
    phases: list[Recorded] = []
    section = ""
    for number, line in enumerate(text.splitlines(), start=1):
        if line.startswith("PHASE "):
            _, year, season, kind = line.split()
            name = f"{'W' if kind == 'Adjustment' else _SEASONS[season]}{year}{_KINDS[kind]}"
            phases.append(Recorded(name, line=number))
        elif line in ("POSITIONS", "ORDERS"):
            section = line
        elif line and section == "POSITIONS":
            _droidippy_position(phases[-1], line, spell)
        elif line:
            try:
                power, order = _droidippy_order(phases[-1], line.split(), spell)
            except (ValueError, IndexError):  # a record's own garbage ("null move bur"): the judge never saw it
                phases[-1].written.append(f"{line}  (unreadable: left out)")
                continue
            phases[-1].written.append(line)
            phases[-1].orders.setdefault(power, []).append(order)
    return phases


def _droidippy_position(phase: Recorded, line: str, spell: Spelling) -> None:
    power, _, rest = line.partition(": ")
    kind, where = rest.split()
    power = power.upper()
    if kind == "supply":
        phase.centers.setdefault(power, set()).add(spell.province(where))
        return
    unit = Unit(ARMY if kind.startswith("army") else FLEET, spell.loc(where))
    (phase.dislodged if kind.endswith("/dislodged") else phase.units).setdefault(power, []).append(unit)


def _owner(units: dict[str, list[Unit]], spell: Spelling, province: str) -> tuple[str, Unit] | None:
    for power, placed in units.items():
        for unit in placed:
            if spell.board.province_of(unit.location) == province:
                return power, unit
    return None


def _droidippy_order(phase: Recorded, words: list[str], spell: Spelling) -> tuple[str, AnyOrder]:
    if words[0] == "build":
        loc = spell.loc(words[2])
        province = spell.board.province_of(loc)
        power = next((p for p, cs in phase.centers.items() if province in cs), "")
        return power, Build(ARMY if words[1] == "Army" else FLEET, loc)
    if words[0] == "remove":
        found = _owner(phase.units, spell, spell.province(words[1]))
        power, unit = found if found else ("", Unit(ARMY, spell.loc(words[1])))
        return power, Remove(unit.type, unit.location)
    at = spell.province(words[0])
    pool = phase.dislodged if phase.name.endswith("R") else phase.units
    found = _owner(pool, spell, at)
    power, unit = found if found else ("", Unit(ARMY, at))
    return power, _droidippy_unit_order(phase.name.endswith("R"), unit, words[1:], spell)


def _droidippy_unit_order(retreat: bool, unit: Unit, words: list[str], spell: Spelling) -> AnyOrder:
    kind, loc = unit.type, unit.location
    if words[0] == "disband":
        return Disband(kind, loc)
    if words[0] == "hold":
        return Hold(kind, loc)
    if words[0] == "move":
        if retreat:
            return Retreat(kind, loc, spell.loc(words[1]))
        return Move(kind, loc, spell.loc(words[1]), words[2:4] == ["via", "convoy"])
    if words[0] == "support":
        return Support(kind, loc, None, spell.loc(words[1]), spell.loc(words[3]) if len(words) > 2 else None)
    if words[0] == "convoy":
        return Convoy(kind, loc, spell.loc(words[1]), spell.loc(words[3]))
    raise ValueError(f"unknown order {' '.join(words)!r}")


# -- the diplomacy package's JSON (Cicero's webDiplomacy games, the MILA network games) ------------

def json_games(board: Map, source: str) -> Iterator[Game]:
    """Each game of ``cicero`` or ``mila``, named by its file in the keeper's source repository."""
    file = {"cicero": "cicero_webdip_games.json.xz", "mila": "mila_network_games.json.xz"}[source]
    spell = Spelling(board)
    data = json.load(lzma.open(corpus_dir() / file))
    for path, game in data["games"].items():
        name = re.sub(r"^.*?(game_\d+|network/\d+).*$", r"\1", path.replace("tests/network/", "network/"))
        yield Game(source, name, [_json_phase(p, spell) for p in game["phases"]])


def _json_phase(data: dict, spell: Spelling) -> Recorded:
    phase = Recorded(data["name"])
    state = data["state"]
    for power, units in state.get("units", {}).items():
        for text in units:
            kind, where = text.lstrip("*").split()
            target = phase.dislodged if text.startswith("*") else phase.units
            target.setdefault(power, []).append(Unit(kind, spell.loc(where)))
    for power, centers in state.get("centers", {}).items():
        phase.centers[power] = {spell.province(c) for c in centers}
    for power, orders in (data.get("orders") or {}).items():
        for text in orders or ():
            phase.written.append(f"{power}: {text}")
            phase.orders.setdefault(power, []).append(_json_order(phase.name, text, spell))
    return phase


def _json_order(phase: str, text: str, spell: Spelling) -> AnyOrder:
    words = text.split()
    if words == ["WAIVE"]:
        return Waive()
    kind, loc = words[0], spell.loc(words[1])
    rest = words[2:]
    if rest == ["H"]:
        return Hold(kind, loc)
    if rest == ["B"]:
        return Build(kind, loc)
    if rest == ["D"]:
        return Remove(kind, loc) if phase.endswith("A") else Disband(kind, loc)
    if rest[0] == "R":
        return Retreat(kind, loc, spell.loc(rest[1]))
    if rest[0] == "-":
        return Move(kind, loc, spell.loc(rest[1]), rest[2:] == ["VIA"])
    if rest[0] == "S":
        return Support(kind, loc, rest[1], spell.loc(rest[2]), spell.loc(rest[4]) if len(rest) > 3 else None)
    if rest[0] == "C":
        return Convoy(kind, loc, spell.loc(rest[2]), spell.loc(rest[4]))
    raise ValueError(f"unknown order {text!r}")


# -- jDip's njudge phases (godip test-case text) ---------------------------------------------------

def jdip_games(board: Map) -> Iterator[Game]:
    """Each case of ``jdip_real.txt`` as a game of two phases: the position and orders, then the result."""
    spell = Spelling(board)
    text = (corpus_dir() / "jdip_real.txt").read_text(encoding="utf-8")
    for case in re.findall(r"^CASE (.*?)\n(.*?)^END", text, re.S | re.M):
        yield _jdip_case(case[0].strip(), case[1], spell)


def _jdip_case(name: str, body: str, spell: Spelling) -> Game:
    before, after = Recorded(""), Recorded("")
    section = ""
    for raw in body.splitlines():
        line = raw.split("#")[0].strip()
        if not line:
            continue
        if line.startswith("PRESTATE_SETPHASE"):
            season, year = line.split()[1:3]
            before.name = f"{_SEASONS[season]}{year.rstrip(',')}M"
            continue
        if line in ("PRESTATE", "ORDERS", "POSTSTATE", "POSTSTATE_DISLODGED"):
            section = line
            continue
        power, _, rest = line.partition(":")
        power, words = power.strip().upper(), rest.split()
        if section == "ORDERS":
            before.written.append(line)
            before.orders.setdefault(power, []).append(_jdip_order(words, spell))
        else:
            target = {"PRESTATE": before.units, "POSTSTATE": after.units,
                      "POSTSTATE_DISLODGED": after.dislodged}[section]
            target.setdefault(power, []).append(Unit(words[0].upper(), spell.loc(words[1])))
    after.name = before.name[0] + before.name[1:-1] + ("R" if after.dislodged else "?")
    return Game("jdip", name, [before, after])


def _jdip_order(words: list[str], spell: Spelling) -> AnyOrder:
    text = " ".join(words[1:]).replace("-", " - ").split()
    kind, loc = words[0].upper(), spell.loc(text[0])
    rest = [w.lower() for w in text[1:]]
    if not rest or rest[0] in ("h", "hold"):
        return Hold(kind, loc)
    if rest[0] == "-":
        return Move(kind, loc, spell.loc(rest[1]))
    if rest[0] in ("s", "support", "supports"):
        target = [w for w in rest[1:] if w not in ("a", "f")]
        return Support(kind, loc, None, spell.loc(target[0]), spell.loc(target[2]) if len(target) > 2 else None)
    if rest[0] in ("c", "convoy", "convoys"):
        target = [w for w in rest[1:] if w not in ("a", "f")]
        return Convoy(kind, loc, spell.loc(target[0]), spell.loc(target[2]))
    raise ValueError(f"unknown order {' '.join(words)!r}")


def games(board: Map, source: str, names: set[str] | None = None, every: int = 1) -> Iterator[Game]:
    """Every game of one source (``names``: only those, by :attr:`Game.name`; ``every``: Droidippy's sample)."""
    if source == "droidippy":
        yield from droidippy_games(board, names, every)
        return
    found = jdip_games(board) if source == "jdip" else json_games(board, source)
    yield from (g for g in found if names is None or g.name in names)
