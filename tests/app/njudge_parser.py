"""A reader of njudge histories, written from njudge's layout as the classic judges print it.

It knows nothing of this judge: only the text, the way a program written for
the classic judges (jDip's "import judge game") reads a history a player saved.

* One header line ``:: Judge: USEF  Game: demo  Variant: Standard``.
* Each phase under a ``Date:`` line and the ``Subject:`` line right after it,
  ``Subject: USEF:demo - S1901M Results`` (the judge and game each one word).
* Its results: the title ``Movement results for Spring of 1901.`` (or
  ``Retreat``, ``Adjustment``), then the order lines ``Power: Army Vienna ->
  Galicia.``, grouped by power, a failed order noted ``(*bounce*)``, a unit
  without orders ``Army Vienna, No Order Processed.``; in retreats and
  adjustments the power column is padded as for a name of nine letters
  (``Austria:   Build waived.``, ``Austria:   1 build pending.``). The order
  block ends at the first other line.
* ``The following units were dislodged:`` then ``The Austrian Army in Vienna
  can retreat to Bohemia or Galicia.`` or ``... with no valid retreats was
  destroyed.``
* ``Ownership of supply centers:`` then ``Austria:   Budapest, Trieste.``
  (long lines continue indented), an ``Unowned:`` line, and after a blank
  line the counts, which the reader need not use.
* A game's start mail (:func:`read_start`): ``You have been selected as
  England in game 'demo' of Diplomacy.``, then ``Starting position for
  Spring of 1901.`` and one ``England: Fleet London.`` line a unit.

:func:`read_history` splits the text; :func:`replay` plays the order lines
forward and gives each phase's position after it: units, dislodged units and
centre owners, everything in the words of the text (``("England", "Fleet",
"London")``).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

HEADER = re.compile(r"^::\s*Judge:\s*(\S+)\s+Game:\s*(\S+)\s+Variant:\s*(\S+)")
DATE = re.compile(r"^Date:\s+\S")
SUBJECT = re.compile(r"^Subject:\s+([A-Za-z0-9]+):([A-Za-z0-9]+) - ([A-Z]\d{4}[A-Z]) Results$")
TITLE = re.compile(r"^(Movement|Retreat|Adjustment) results for (\w+) of (\d+)\.")
ORDER = re.compile(r"^([A-Za-z][A-Za-z0-9_-]*):\s+(\S.*)$")
UNIT = re.compile(r"^(Army|Fleet) (.+?)(?= ->| HOLD| SUPPORT| CONVOY| DISBAND|, No Order Processed|\.)(.*)$")
NOTE = re.compile(r"\.\s+\(\*(.+)\*\)$")
DISLODGED = re.compile(r"^The (\S+) (Army|Fleet) in (?:the )?(.+?) "
                       r"(?:can retreat to (.+)|with no valid retreats was destroyed)\.$")
BUILD = re.compile(r"^Builds an? (army|fleet) in (?:the )?(.+)\.$")
REMOVE = re.compile(r"^(?:Removes|Defaults, removing) the (army|fleet) in (?:the )?(.+)\.$")
PENDING = re.compile(r"^(\d+) (?:unusable )?builds? (?:pending|waived)\.$")
SELECTED = re.compile(r"^You have been selected as (\S+) in game '([^']+)' of ")
STARTING = re.compile(r"^Starting position for (\w+) of (\d+)\.$")
POSITION = re.compile(r"^([A-Za-z][A-Za-z0-9_-]*):\s*(Army|Fleet)\s+([^.]+)\.$")

LPOWER = 9  # njudge pads the power column of retreat and adjustment lines to a name of nine letters
Unit = tuple[str, str, str]  # power, "Army" or "Fleet", place (with its coast: "St Petersburg (south coast)")


class LayoutError(ValueError):
    """The text is not in njudge's layout; the message says where."""


@dataclass(frozen=True)
class Turn:
    """One phase of the history: the phase its subject names, and its results text."""

    phase: str
    judge: str
    game: str
    lines: tuple[str, ...]


@dataclass(frozen=True)
class History:
    judge: str
    game: str
    variant: str
    turns: tuple[Turn, ...]


@dataclass
class Position:
    """The board after a phase, in the history's words; ``dislodged`` maps a unit to the places it may retreat to."""

    units: set[Unit] = field(default_factory=set)
    dislodged: dict[Unit, frozenset[str]] = field(default_factory=dict)
    centers: dict[str, set[str]] = field(default_factory=dict)


@dataclass(frozen=True)
class Start:
    """A game-start mail: the power its reader was selected as (None in a copy for no power), the season, the units."""

    judge: str
    game: str
    selected: str | None
    season: str
    units: frozenset[Unit]


def read_start(text: str) -> Start:
    """njudge's start mail: the header, "You have been selected as ...", the "Starting position" block."""
    lines = text.splitlines()
    header = next((HEADER.match(line) for line in lines if HEADER.match(line)), None)
    title = next((i for i, line in enumerate(lines) if STARTING.match(line)), None)
    if header is None or title is None:
        raise LayoutError("no header or no 'Starting position for ...' line")
    selected = next((m.group(1) for m in map(SELECTED.match, lines) if m), None)
    units = set()
    for line in lines[title + 1:]:
        if not line.strip():
            continue
        found = POSITION.match(line)
        if found is None:
            break
        units.add((found.group(1), found.group(2), found.group(3).strip()))
    season = STARTING.match(lines[title])
    assert season is not None
    return Start(header.group(1), header.group(2), selected, f"{season.group(1)} {season.group(2)}", frozenset(units))


def read_history(text: str) -> History:
    """The header and the phases of an njudge history."""
    lines = text.splitlines()
    header = next((HEADER.match(line) for line in lines if HEADER.match(line)), None)
    if header is None:
        raise LayoutError("no ':: Judge: ... Game: ... Variant: ...' line")
    turns: list[Turn] = []
    current: tuple[re.Match[str], list[str]] | None = None
    index = 0
    while index < len(lines):
        subject = SUBJECT.match(lines[index + 1]) if index + 1 < len(lines) else None
        if DATE.match(lines[index]) and subject:
            if current is not None:
                turns.append(_turn(*current))
            current, index = (subject, []), index + 2
            continue
        if current is not None:
            current[1].append(lines[index])
        index += 1
    if current is not None:
        turns.append(_turn(*current))
    return History(header.group(1), header.group(2), header.group(3), tuple(turns))


def _turn(subject: re.Match[str], lines: list[str]) -> Turn:
    return Turn(subject.group(3), subject.group(1), subject.group(2), tuple(lines))


def replay(history: History, centers: Mapping[str, set[str]]) -> list[tuple[str, Position]]:
    """Each phase with the position after it, from the opening ``centers`` (the variant's, as an importer knows)."""
    position = Position(centers={p: set(cs) for p, cs in centers.items()})
    played = []
    for turn in history.turns:
        position = _play(turn, position, not played)
        played.append((turn.phase, position))
    return played


def _play(turn: Turn, before: Position, first: bool) -> Position:
    kind, start = _title(turn)
    orders = _order_lines(turn.lines[start + 1:], kind in "RA")
    if kind == "M":
        after = _movement(turn, orders, before, first)
    elif kind == "R":
        after = _retreats(turn, orders, before)
    else:
        after = _adjustments(turn, orders, before)
    owners = _ownership(turn.lines)
    after.centers = owners if owners is not None else {p: set(cs) for p, cs in before.centers.items()}
    return after


def _title(turn: Turn) -> tuple[str, int]:
    for index, line in enumerate(turn.lines):
        found = TITLE.match(line)
        if found:
            kind = found.group(1)[0]
            if kind != turn.phase[-1] or found.group(3) != turn.phase[1:5]:
                raise LayoutError(f"{turn.phase}: its title says {line!r}")
            return kind, index
    raise LayoutError(f"{turn.phase}: no 'Movement/Retreat/Adjustment results for ...' title")


def _order_lines(lines: Sequence[str], padded: bool) -> list[tuple[str, str]]:
    """(power, the rest of the line) of the order block: blank lines skipped, ended by any other line.

    ``padded``: retreat and adjustment lines, whose text starts where njudge
    puts it, the power's name and colon padded as if the name had nine letters.
    """
    found = []
    for line in lines:
        if not line.strip():
            continue
        match = ORDER.match(line)
        if match is None:
            break
        power = match.group(1)
        if padded and match.start(2) != len(power) + 2 + max(0, LPOWER - len(power)):
            raise LayoutError(f"not in njudge's power column: {line!r}")
        found.append((power, match.group(2)))
    return found


def _unit_order(turn: Turn, power: str, rest: str) -> tuple[Unit, str, bool]:
    """The unit a line orders, what follows it (" -> Galicia", " HOLD" ...), and whether it failed (a note)."""
    note = NOTE.search(rest)
    body = rest[:note.start() + 1] if note else rest
    match = UNIT.match(body)
    if match is None:
        raise LayoutError(f"{turn.phase}: no unit in {power}: {rest!r}")
    return (power, match.group(1), match.group(2)), match.group(3).removesuffix("."), note is not None


def _movement(turn: Turn, orders: list[tuple[str, str]], before: Position, first: bool) -> Position:
    listed, staying, moved = set(), {}, set()
    for power, rest in orders:
        unit, order, failed = _unit_order(turn, power, rest)
        listed.add(unit)
        if order.startswith(" -> ") and not failed:
            moved.add((power, unit[1], order.rsplit(" -> ", 1)[1]))
        else:
            staying[unit[2]] = unit
    if not first and listed != before.units:
        raise LayoutError(f"{turn.phase}: the units listed are not those the history left: "
                          f"{sorted(listed ^ before.units)}")
    after = Position(units=moved | set(staying.values()))
    for adjective, kind, place, retreats in _dislodged(turn):
        unit = staying.get(place)
        if unit is None or unit[1] != kind:
            raise LayoutError(f"{turn.phase}: the {adjective} {kind} dislodged in {place} had no order line")
        after.units.discard(unit)
        if retreats:
            after.dislodged[unit] = retreats
    return after


def _dislodged(turn: Turn) -> list[tuple[str, str, str, frozenset[str]]]:
    """(adjective, unit type, place, the places it may retreat to, none if destroyed) of the dislodged block.

    njudge writes " or " between every two places; a comma is no separator.
    """
    try:
        start = turn.lines.index("The following units were dislodged:")
    except ValueError:
        return []
    joined: list[str] = []
    for line in turn.lines[start + 1:]:
        if not line.strip():
            if joined:
                break
            continue
        if line.startswith("The ") or not joined:
            joined.append(line.strip())
        else:
            joined[-1] += " " + line.strip()
    found = []
    for line in joined:
        match = DISLODGED.match(line)
        if match is None:
            raise LayoutError(f"{turn.phase}: not a dislodged unit: {line!r}")
        places = re.split(r"\s+or\s+", match.group(4)) if match.group(4) else []
        if any("," in p for p in places):
            raise LayoutError(f"{turn.phase}: retreats not separated by ' or ': {line!r}")
        found.append((match.group(1), match.group(2), match.group(3), frozenset(places)))
    return found


def _retreats(turn: Turn, orders: list[tuple[str, str]], before: Position) -> Position:
    after = Position(units=set(before.units))
    for power, rest in orders:
        unit, order, failed = _unit_order(turn, power, rest)
        if unit not in before.dislodged:
            raise LayoutError(f"{turn.phase}: {unit} retreats but was not dislodged")
        if order.startswith(" -> ") and not failed:
            target = order[len(" -> "):]
            if target not in before.dislodged[unit]:
                raise LayoutError(f"{turn.phase}: {unit} retreats to {target}, not a place it could retreat to")
            after.units.add((power, unit[1], target))
    return after


def _adjustments(turn: Turn, orders: list[tuple[str, str]], before: Position) -> Position:
    after = Position(units=set(before.units))
    for power, rest in orders:
        if NOTE.search(rest) or rest == "Build waived." or PENDING.match(rest):
            continue  # a failed order changes nothing, nor a waived or lost build
        built, removed = BUILD.match(rest), REMOVE.match(rest)
        if built:
            after.units.add((power, built.group(1).title(), built.group(2)))
        elif removed:
            unit = (power, removed.group(1).title(), removed.group(2))
            if unit not in after.units:
                raise LayoutError(f"{turn.phase}: {power} removes a unit it does not have: {rest!r}")
            after.units.discard(unit)
        else:
            raise LayoutError(f"{turn.phase}: not an adjustment: {power}: {rest!r}")
    return after


def _ownership(lines: Sequence[str]) -> dict[str, set[str]] | None:
    """Power -> the centres it owns, from the ownership block; None when the phase has none."""
    try:
        start = list(lines).index("Ownership of supply centers:")
    except ValueError:
        return None
    entries: list[str] = []
    for line in lines[start + 1:]:
        if not line.strip():
            if entries:
                break
            continue
        if line[0].isspace() and entries:
            entries[-1] += " " + line.strip()
        else:
            entries.append(line.strip())
    owners: dict[str, set[str]] = {}
    for entry in entries:
        match = ORDER.match(entry)
        if match is None or not match.group(2).endswith("."):
            raise LayoutError(f"not an owner line: {entry!r}")
        if match.group(1) != "Unowned":
            owners[match.group(1)] = {c.strip() for c in match.group(2)[:-1].split(",")}
    return owners
