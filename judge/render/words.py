"""Orders, units and places as structured data the templates write out in words.

The engine and the players speak in abbreviations (``F STP/NC - BOT``); mails
speak in the map's full names (``Fleet St Petersburg (north coast) -> Gulf of
Bothnia``).  This module only *looks names up*; every word of English (Army,
SUPPORT, ``->``, "north coast") is written by ``templates/_words.j2``, so the
wording of a mail can be changed without touching code.

>>> from judge.variants import load_variant
>>> board = load_variant("standard").map
>>> order_words(board, "F STP/NC - BOT").target
Place(name='Gulf of Bothnia', coast='')
>>> unit_words(board, "F STP/NC")
UnitWords(type='F', place=Place(name='St Petersburg', coast='NC'))
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass

from judge.engine.geography import Map, plain_title
from judge.engine.orders import (
    AnyOrder, Build, Convoy, Disband, Hold, Move, Remove, Retreat, Support, Unit, Waive,
)
from judge.reading.order_reader import OrderError, parse_order

# Order kinds the templates know how to write.
HOLD, MOVE, SUPPORT, CONVOY = "hold", "move", "support", "convoy"
RETREAT, DISBAND, BUILD, REMOVE, WAIVE = "retreat", "disband", "build", "remove", "waive"
TEXT = "text"  # an order we could not read: written as it came


@dataclass(frozen=True, slots=True)
class Place:
    """A location in words: the province's full name and a coast code (``NC``) or ``""``."""

    name: str
    coast: str = ""


@dataclass(frozen=True, slots=True)
class UnitWords:
    """A unit in words: ``A``/``F`` (``""`` if nobody said) at a place."""

    type: str
    place: Place


@dataclass(frozen=True, slots=True)
class OrderWords:
    """One order ready for the ``order`` macro.

    ``unit`` is the ordered unit; ``target`` the move, retreat, support or
    convoy destination (None for a support to hold); ``other`` the supported or
    convoyed unit; ``text`` the order as written, used when ``kind`` is TEXT.
    """

    kind: str
    unit: UnitWords | None = None
    target: Place | None = None
    other: UnitWords | None = None
    text: str = ""


def place(board: Map, location: str) -> Place:
    """``"SPA/SC"`` → Place("Spain", "SC"); an unknown location keeps its abbreviation."""
    province, _, coast = location.partition("/")
    prov = board.provinces.get(province)
    return Place(prov.name if prov is not None else location, coast)


_CODED = re.compile(r"\b(?:([AF]) )?([A-Z][A-Z0-9]{1,4})(?:/([A-Z]{2}))?\b")
_UNIT_NAMES = {"A": "Army", "F": "Fleet"}  # as templates/_words.j2's UNITS writes a unit in the results


def named_reason(board: Map, reason: str) -> str:
    """The engine's reason (``A UTR cannot reach HOL``) with the board's names for its codes
    (``Army Utrecht cannot reach Holstein``), for a reply or a result line; other words kept."""
    def name(match: re.Match[str]) -> str:
        kind, code, coast = match.groups()
        prov = board.provinces.get(code)
        if prov is None:
            return match.group(0)
        where = prov.name + (f" ({coast})" if coast else "")
        return f"{_UNIT_NAMES[kind]} {where}" if kind else where
    return _CODED.sub(name, reason)


def unit_words(board: Map, unit: str | Unit) -> UnitWords:
    """``"F STP/NC"`` (or a Unit value) in words."""
    if isinstance(unit, str):
        unit = Unit.parse(unit)
    return UnitWords(unit.type, place(board, unit.location))


def power_name(power: str, board: Map | None = None) -> str:
    """How a power is called in a mail: ``"ENGLAND"`` → ``"England"``, ``"HOLY_ROMAN"`` → ``"Holy Roman"``.

    The one place a power's name is written: where ``board``'s map gives the
    power a ``title`` (Diplomacy 1618's ``SPAIN`` → ``"Spanish Hapsburgs"``), that.
    """
    return board.power_title(power) if board is not None else plain_title(power)


def owner_name(board: Map, owner: str) -> str:
    """A unit's owner in a mail: a power's name, or a minor state's (``"WUR"`` -> ``"Wurttemberg"``).

    A state made in play (Europe 1615: a seceded or dissolved power's centre)
    is called by its province (``"GUY"`` -> ``"Guyenne"``).
    """
    if owner in board.powers:
        return power_name(owner, board)
    province = board.provinces.get(owner)
    return board.state_names.get(owner) or (province.name if province is not None else power_name(owner))


def power_adjective(board: Map, power: str) -> str:
    """``"GERMANY"`` → ``"German"``; the name itself for a power the map does not describe."""
    found = board.powers.get(power)
    if found is None:
        return owner_name(board, power)
    return found.adjective if found.adjective else power_name(power)


def read_order(board: Map, text: str, phase_kind: str = "M") -> AnyOrder | None:
    """Parse an order text, trying the movement grammar too (a support sent in a retreat phase)."""
    kinds = (phase_kind, "M") if phase_kind in ("M", "R", "A") else ("M", "R", "A")  # a variant's own phase
    for kind in dict.fromkeys(kinds):
        try:
            return parse_order(text, board, kind)
        except (OrderError, ValueError):
            continue
    return None


def order_words(board: Map, text: str, phase_kind: str = "M",
                known: Mapping[str, str] | None = None) -> OrderWords:
    """An order text (abbreviations or words) as an :class:`OrderWords`.

    ``known`` maps a province to the type of the unit standing there, to fill
    in the type a player left out (``PAR S MAR - BUR``).
    """
    order = read_order(board, text, phase_kind) if text.strip() else None
    if order is None:
        return OrderWords(TEXT, text=text.strip())
    return words_of(board, order, known or {})


def words_of(board: Map, order: AnyOrder, known: Mapping[str, str]) -> OrderWords:
    """An engine order value as an :class:`OrderWords`."""
    if isinstance(order, Waive):
        return OrderWords(WAIVE)
    unit = _unit(board, order.unit_type, order.location, known)
    if isinstance(order, Move):
        return OrderWords(MOVE, unit, place(board, order.target))
    if isinstance(order, Support):
        other = _unit(board, order.supported_type, order.supported, known)
        target = place(board, order.destination) if order.destination else None
        return OrderWords(SUPPORT, unit, target, other)
    if isinstance(order, Convoy):
        return OrderWords(CONVOY, unit, place(board, order.destination), _unit(board, "A", order.army, known))
    if isinstance(order, Retreat):
        return OrderWords(RETREAT, unit, place(board, order.target))
    kinds = {Hold: HOLD, Disband: DISBAND, Build: BUILD, Remove: REMOVE}
    return OrderWords(kinds.get(type(order), TEXT), unit, text=str(order))


def _unit(board: Map, unit_type: str | None, location: str, known: Mapping[str, str]) -> UnitWords:
    if unit_type is None:
        unit_type = known.get(location.partition("/")[0], "")
    return UnitWords(unit_type, place(board, location))


def known_types(units: list[str] | tuple[str, ...]) -> dict[str, str]:
    """Province → unit type, from unit texts like ``"F STP/NC"`` (blank or odd ones skipped)."""
    found: dict[str, str] = {}
    for text in units:
        try:
            unit = Unit.parse(text)
        except ValueError:
            continue
        found[unit.location.partition("/")[0]] = unit.type
    return found

