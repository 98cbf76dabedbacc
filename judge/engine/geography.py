"""The board as a graph: provinces, coasts, and separate army and fleet passage.

A *location* is a plain string: a province abbreviation (``"LON"``) or, for a
province with split coasts, the province plus a coast (``"STP/NC"``).  Plain
strings keep the adjudicator's inner loops cheap; :class:`Map` answers every
geographic question about them.

>>> from judge.variants import load_variant
>>> board = load_variant("standard").map
>>> board.province_of("STP/NC")
'STP'
>>> board.fleet_can_move("MAO", "SPA/NC")
True
>>> board.resolve_name("Mid-Atlantic Ocean")
'MAO'
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass, field
from enum import StrEnum


class Terrain(StrEnum):
    """What may stand in a province: armies on land, fleets at sea, both on a coast."""

    LAND = "land"
    COAST = "coast"
    SEA = "sea"


@dataclass(frozen=True, slots=True)
class Province:
    """One space of the board, with the names players may call it by."""

    abbr: str
    name: str
    terrain: Terrain
    coasts: tuple[str, ...] = ()
    aliases: tuple[str, ...] = ()
    center: int = 0
    port: bool = False
    #: a fleet moving here must name the coast even when only one is in its reach (``namecoast``)
    coast_named: bool = False

    @property
    def is_center(self) -> bool:
        return self.center > 0


def plain_title(key: str) -> str:
    """A key in capitalised words, for a power no map gives a ``title``: ``HOLY_ROMAN`` → "Holy Roman"."""
    return key.replace("_", " ").title()


@dataclass(frozen=True, slots=True)
class Power:
    """A player power: the key used in orders and files, a letter, an adjective, other usual names.

    ``title`` is the name mails write where the rules call the power something
    its key does not say (Diplomacy 1618's ``SPAIN`` is the "Spanish Hapsburgs");
    empty, the key is written (``judge.render.words.power_name``).
    """

    name: str
    letter: str
    adjective: str = ""
    aliases: tuple[str, ...] = ()
    title: str = ""

    def spellings(self) -> tuple[str, ...]:
        """Every way a player may name the power (``Spanish Hapsburgs`` as well as ``SPAIN``)."""
        return tuple(s for s in (self.name, self.letter, self.adjective, *self.aliases, self.title) if s)


#: the words that sign on and write to a game's master (``SIGNON GM game``): no power may be spelt so,
#: and a power's letter is one character, so they are the GM's on every map (the letter M is the
#: GM's too, but only on a map that letters no power M: docs/map-format.md)
GM_WORDS = frozenset({"GM", "MASTER"})
GM_LETTER = "M"


@dataclass(frozen=True, slots=True)
class StartingUnit:
    power: str
    unit_type: str  # "A" or "F"
    location: str


_NORMALISE_RE = re.compile(r"[^a-z0-9/]+")


def normalise_name(text: str) -> str:
    """Fold a spelling for alias lookup: case, accents, punctuation and spaces dropped."""
    folded = unicodedata.normalize("NFKD", text.lower())
    return _NORMALISE_RE.sub("", folded.encode("ascii", "ignore").decode())


def _name_breaks(provinces: Iterable[Province]) -> dict[str, frozenset[int]]:
    """Each folded spelling of a province -> the folded lengths at which one of its words ends."""
    found: dict[str, set[int]] = {}
    for prov in provinces:
        for spelling in (prov.abbr, prov.name, *prov.aliases):
            words = [normalise_name(w) for w in re.split(r"[^\w]+|_", spelling)]
            ends = found.setdefault("".join(words), set())
            length = 0
            for word in words[:-1]:
                length += len(word)
                ends.add(length)
    return {name: frozenset(ends) for name, ends in found.items()}


@dataclass(slots=True)
class Map:
    """A validated board.  Build one with :func:`judge.engine.mapfile.parse_map`."""

    name: str
    provinces: dict[str, Province]
    powers: dict[str, Power]
    army_adjacency: dict[str, frozenset[str]]
    fleet_adjacency: dict[str, frozenset[str]]
    homes: dict[str, tuple[str, ...]] = field(default_factory=dict)
    starting_units: tuple[StartingUnit, ...] = ()
    states: dict[str, tuple[str, ...]] = field(default_factory=dict)
    names: dict[str, str] = field(default_factory=dict)
    state_names: dict[str, str] = field(default_factory=dict)
    labels: dict[str, tuple[float, float]] = field(default_factory=dict)
    #: power -> "#RRGGBB" for the map pictures (``colour``); a power without one takes the palette's
    colours: dict[str, str] = field(default_factory=dict)
    #: centres no unit can reach (``offboard``): never entered, so never lost
    offboard: frozenset[str] = frozenset()
    #: an edition's own codes that mean another province than the board's (``reads FRA FCO``)
    readings: dict[str, str] = field(default_factory=dict)
    #: the centres a power needs to win (``victory``); 0 when the map leaves it to the ruleset
    victory: int = 0
    #: derived structures (convoy graph, distances, the lines and units read) computed once per map; two
    #: boards are equal whatever each has been asked
    cache: dict[str, object] = field(default_factory=dict, compare=False)
    _province_of: dict[str, str] = field(default_factory=dict, compare=False)
    _fleet_targets: dict[tuple[str, str], tuple[str, ...]] = field(default_factory=dict, compare=False)
    _spellings: dict[str, str | None] = field(default_factory=dict, compare=False)

    def __post_init__(self) -> None:
        for abbr, prov in self.provinces.items():
            self._province_of[abbr] = abbr
            for coast in prov.coasts:
                self._province_of[f"{abbr}/{coast}"] = abbr

    # -- locations --------------------------------------------------------
    def province_of(self, location: str) -> str:
        """The province a location lies in (``"SPA/SC"`` → ``"SPA"``)."""
        return self._province_of[location]

    def province_of_or_none(self, location: str) -> str | None:
        return self._province_of.get(location)

    def is_location(self, location: str) -> bool:
        return location in self._province_of

    def locations_of(self, province: str) -> tuple[str, ...]:
        """Where a fleet may stand in a province: its coasts if split, else itself."""
        prov = self.provinces[province]
        if prov.coasts:
            return tuple(f"{province}/{c}" for c in prov.coasts)
        return (province,)

    def terrain(self, location: str) -> Terrain:
        return self.provinces[self._province_of[location]].terrain

    # -- passage ----------------------------------------------------------
    def army_can_move(self, source: str, target: str) -> bool:
        """Armies move between provinces; coasts do not matter to them."""
        return self._province_of.get(target, "") in self.army_adjacency.get(self._province_of.get(source, ""), ())

    def fleet_can_move(self, source: str, target: str) -> bool:
        """Fleets move between exact locations (a coast of a split province)."""
        return target in self.fleet_adjacency.get(source, ())

    def fleet_targets(self, source: str, province: str) -> list[str]:
        """The locations of ``province`` a fleet at ``source`` can reach (worked out once per pair)."""
        key = (source, province)
        found = self._fleet_targets.get(key)
        if found is None:
            adjacent = self.fleet_adjacency.get(source, ())
            found = self._fleet_targets[key] = tuple(loc for loc in self.locations_of(province) if loc in adjacent)
        return list(found)

    def implied_coast(self, source: str, province: str) -> str | None:
        """The coast a fleet's move to ``province`` goes to unnamed: the only one in reach, unless the map says
        a coast must always be named there (``namecoast``); None if the move must name one."""
        options = self.fleet_targets(source, province)
        if len(options) != 1 or ("/" in options[0] and self.provinces[province].coast_named):
            return None
        return options[0]

    def can_reach_province(self, unit_type: str, source: str, province: str) -> bool:
        """Whether a unit could move into some part of ``province`` (used for supports)."""
        if unit_type == "A":
            return self.army_can_move(source, province)
        return bool(self.fleet_targets(source, province))

    def neighbours(self, location: str) -> frozenset[str]:
        """Every province next to ``location`` by land or by sea (distances, civil disorder)."""
        prov = self._province_of[location]
        near = set(self.army_adjacency.get(prov, ()))
        for loc in self.locations_of(prov):
            near.update(self._province_of[t] for t in self.fleet_adjacency.get(loc, ()))
        return frozenset(near)

    # -- names ------------------------------------------------------------
    def resolve_name(self, text: str) -> str | None:
        """The location a player means by ``text`` (abbreviation, full name or alias)."""
        try:
            return self._spellings[text]
        except KeyError:
            found = self._spellings[text] = self.names.get(normalise_name(text))
            return found

    def joins_at_word_break(self, head: str, rest: str) -> bool:
        """Whether ``head`` + ``rest`` spell a name that breaks between words exactly there.

        "Mid" + "Atlantic Ocean" does ("Mid-Atlantic Ocean"); "SWE" + "DEN"
        does not, though the two fold to "sweden": a hyphen may stand for a
        break between the words of a name, never for one inside a word.
        """
        breaks = self.cache.get("name_breaks")
        if breaks is None:
            breaks = self.cache["name_breaks"] = _name_breaks(self.provinces.values())
        assert isinstance(breaks, dict)
        ends = breaks.get(normalise_name(head + rest))
        return ends is not None and len(normalise_name(head)) in ends

    def power_title(self, power: str) -> str:
        """The name every mail writes for ``power``: the map's ``title`` (1618's "Spanish Hapsburgs"), else the key
        in capitalised words (``HOLY_ROMAN`` → "Holy Roman")."""
        found = self.powers.get(power)
        return found.title if found is not None and found.title else plain_title(power)

    def power_named(self, text: str) -> str | None:
        """A power from its name, adjective, letter or an alias, ignoring case, spaces and punctuation.

        >>> from judge.variants import load_map
        >>> from judge.paths import gamedata_dir
        >>> load_map(gamedata_dir() / "diplomacy1618" / "diplomacy1618.map").power_named("spanish hapsburgs")
        'SPAIN'
        """
        key = normalise_name(text)
        if not key:
            return None
        for power in self.powers.values():
            if key in (normalise_name(s) for s in power.spellings()):
                return power.name
        return None

    @property
    def centers(self) -> tuple[str, ...]:
        return tuple(p.abbr for p in self.provinces.values() if p.is_center)
