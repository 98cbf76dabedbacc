"""An export file checked whole before anything is made of it (``judge import``, ``judge replay --file``).

An export file may come from anyone.  A phase named ``../../x`` would
become a file name, a position the map does not know would break every
later ``HISTORY`` of the game, a FIFO would block the judge for ever.  So,
before a game is made of it or played again: the file must be a regular file
of at most :data:`MAX_EXPORT_BYTES`, found so without reading it; then every
field of every line is checked, with the schema ``judge adjudicate`` applies
to positions and orders (``judge.app.adjudicate``) and then the map (the
codec); phase names are the engine's (``Phase.parse``, as the engine writes
them, of the variant's cycle, years :data:`FIRST_YEAR` to :data:`LAST_YEAR`);
the game's name is checked as CREATE checks it, zones as SET ZONE does, rule
options as ``SET RULE`` does.  The first fault is one line naming the field.
"""

from __future__ import annotations

import os
import stat
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from lark import Token

from judge.app.adjudicate import RequestError, orders_schema, read_options, state_schema
from judge.engine.codec import CodecError, state_from_json
from judge.engine.schema import Bool, Int, ListOf, MapOf, Maybe, Record, SchemaError, Str, fail
from judge.engine.state import GameState, Phase
from judge.engine.variant import Variant
from judge.reading.values import MAX_DURATION, MAX_SEATS, Invalid, read_name, read_zone
from judge.store import InvalidName, check_game_name, from_iso
from judge.store.records import GAME_STATUSES, NMR_POLICIES, PRESS_KINDS
from judge.variants import load_variant

#: the largest export file read (bytes): a 1000-phase game exports to some 10 MB
MAX_EXPORT_BYTES = 50 * 2**20
#: the only format this judge writes and reads
FORMAT = 1
FIRST_YEAR, LAST_YEAR = 1, 9999  # a phase's year, as a request's phase has one to four digits
NAME_RULE = "a game's name as CREATE takes it (letters, digits, - and _)"


class GameFileError(ValueError):
    """An export file this judge cannot read; the message names the line."""


# -- the file ---------------------------------------------------------------------------

def read_text(path: Path) -> str:
    """The file's text; refused, unread, when it is not a regular file or is longer than the cap."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_NOCTTY | os.O_CLOEXEC)
    except OSError as exc:
        raise GameFileError(f"{path}: cannot be read ({exc.strerror})") from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise GameFileError(f"{path}: not a regular file but {_kind(info.st_mode)}: "
                                "give the file judge export wrote")
        if info.st_size > MAX_EXPORT_BYTES:
            raise GameFileError(f"{path}: {info.st_size} bytes, more than an export may have ({MAX_EXPORT_BYTES})")
        data = _read_at_most(fd, MAX_EXPORT_BYTES + 1)
    finally:
        os.close(fd)
    if len(data) > MAX_EXPORT_BYTES:
        raise GameFileError(f"{path}: more than {MAX_EXPORT_BYTES} bytes (it grew while read)")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise GameFileError(f"{path}: not UTF-8 text ({exc.reason} at byte {exc.start})") from None


def _kind(mode: int) -> str:
    kinds = ((stat.S_ISDIR, "a directory"), (stat.S_ISFIFO, "a FIFO"), (stat.S_ISCHR, "a character device"),
             (stat.S_ISBLK, "a block device"), (stat.S_ISSOCK, "a socket"))
    return next((name for test, name in kinds if test(mode)), "not a file")


def _read_at_most(fd: int, limit: int) -> bytes:
    """Up to ``limit`` bytes of ``fd``, read in pieces (a file that grows is cut at the limit)."""
    chunks: list[bytes] = []
    size = 0
    while size < limit:
        chunk = os.read(fd, min(2**20, limit - size))
        if not chunk:
            break
        chunks.append(chunk)
        size += len(chunk)
    return b"".join(chunks)


# -- names ------------------------------------------------------------------------------

def game_name(text: Any) -> str:
    """``text`` read as CREATE reads a game's name (lower-cased); GameFileError if it cannot be one."""
    try:
        if not isinstance(text, str):
            raise TypeError(text)
        return check_game_name(read_name(Token("WORD", text)))
    except (Invalid, InvalidName, TypeError):
        raise GameFileError(str(fail("the game's name", NAME_RULE, text))) from None


@dataclass(frozen=True)
class GameName:
    """A game's name as CREATE takes it (the grammar's word, then the store's rule)."""

    def check(self, value: Any, path: str) -> None:
        try:
            game_name(value)
        except GameFileError:
            raise fail(path, NAME_RULE, value) from None


@dataclass(frozen=True)
class Zone:
    """A time zone as SET ZONE and SET GAMEZONE take it."""

    def check(self, value: Any, path: str) -> None:
        try:
            if not isinstance(value, str):
                raise TypeError(value)
            read_zone(Token("WORD", value))
        except (Invalid, TypeError):
            raise fail(path, "a time zone such as Europe/Paris", value) from None


@dataclass(frozen=True)
class PhaseName:
    """A phase's name as the engine writes it (``Phase.parse``, then ``str``): also its archive file's name."""

    def check(self, value: Any, path: str) -> None:
        try:
            phase = Phase.parse(value) if isinstance(value, str) else None
        except ValueError:
            phase = None
        if phase is None or str(phase) != value or not FIRST_YEAR <= phase.year <= LAST_YEAR:
            raise fail(path, f"a phase name such as S1901M (years {FIRST_YEAR} to {LAST_YEAR})", value)


@dataclass(frozen=True)
class Moment:
    """A time in ISO form, as the store writes it (``2026-03-23T11:00:00Z``)."""

    def check(self, value: Any, path: str) -> None:
        try:
            from_iso(value)
        except (ValueError, TypeError):
            raise fail(path, "a time such as 2026-03-23T11:00:00Z", value) from None


@dataclass(frozen=True)
class Rules:
    """A game's rule options as ``judge adjudicate`` reads a request's (the variant checks their names and values)."""

    def check(self, value: Any, path: str) -> None:
        try:
            read_options(value)
        except RequestError:
            raise fail(path, "an object of rule options, each a string, a number or true/false", value) from None


@dataclass(frozen=True)
class Later:
    """A field checked once the variant is known (a position, with the variant's own fields and map)."""

    what: str

    def check(self, value: Any, path: str) -> None:
        return None


# -- the lines ----------------------------------------------------------------------------

TEXT = Str(what="a string")
LONG_TEXT = Str(what="a text", longest=MAX_EXPORT_BYTES)
POSITION = Later("a position")
SETTINGS = Record({"press": Str(choices=lambda: PRESS_KINDS, what=f"one of {', '.join(PRESS_KINDS)}"),
                   "nmr": Str(choices=lambda: NMR_POLICIES, what=f"one of {', '.join(NMR_POLICIES)}"),
                   "wait": Bool()},
                  {"extra": Record({}, {"seats": Int(1, MAX_SEATS), "publish": Bool(),
                                        "takeover": Str(choices=lambda: ("approve", "open"), what="approve or open"),
                                        "round": Str(pattern="off|:[0-5][0-9]|([01][0-9]|2[0-3]):[0-5][0-9]",
                                                     what="off, :MM or HH:MM"),
                                        "mindeadline": Int(0, int(MAX_DURATION.total_seconds()))})})
HEAD = Record({"kind": Str(choices=lambda: ("game",), what='"game"'), "format": Int(1, FORMAT), "name": GameName(),
               "variant": Str(what="a variant's name", longest=64), "settings": SETTINGS},
              {"data_version": Str(pattern="[0-9a-f]{0,64}", what="a data version (hex digits)"), "rules": Rules(),
               "zone": Zone(), "status": Str(choices=lambda: GAME_STATUSES, what="a game's status"), "judge": TEXT})
FACTS = Record({}, {"judge": TEXT, "game": GameName(), "zone": Zone(), "rules": Rules(),
                    "data_version": HEAD.optional["data_version"], "deadline": Maybe(Moment()),
                    "unplayed": ListOf(Str(what="a power"), 100),
                    "decisions": ListOf(Record({"action": TEXT, "words": Str(what="a text", longest=10_000)}), 1000),
                    "press": ListOf(Record({"phase": PhaseName(), "from": Maybe(TEXT), "body": LONG_TEXT}))})
RESULT = Record({"power": TEXT, "unit": TEXT, "order": Str(what="an order", longest=1000), "result": TEXT,
                 "message": Str(what="a message", longest=1000)})
PLACE = Record({"name": TEXT}, {"coast": TEXT})
UNIT = Record({"type": TEXT, "place": PLACE})
SMALL = Int(-1000, 1000)
#: the phase page's tables (``judge.render.phasetables``); read leniently too, a record in another shape shows text
PUBLIC = Record({"version": Int(1, 1000), "kind": TEXT, "centers": Maybe(Record(
    {"owners": ListOf(Record({"name": TEXT, "centers": ListOf(TEXT, 1000)}), 1000), "unowned": ListOf(TEXT, 1000),
     "counts": ListOf(Record({"name": TEXT, "centers": SMALL, "units": SMALL, "adjustment": SMALL},
                             {"unusable": SMALL}), 1000)}, {"width": SMALL})),
    "groups": ListOf(ListOf(Record({"power": TEXT, "result": TEXT, "order": Record(
        {"kind": TEXT}, {"unit": Maybe(UNIT), "target": Maybe(PLACE), "other": Maybe(UNIT),
                         "text": Str(what="an order", longest=1000)})},
        {"unordered": Bool(), "reason": Str(what="a reason", longest=1000)}), 1000), 1000),
    "dislodged": ListOf(Record({"adjective": TEXT, "unit": UNIT},
                               {"retreats": ListOf(PLACE, 100), "destroyed": Bool(), "removal": TEXT}), 1000)})
RESULTS = Record({"results": ListOf(RESULT), "state_after": POSITION,
                  "dislodged": ListOf(Record({"power": TEXT, "unit": TEXT, "retreats": ListOf(TEXT, 100)}))},
                 {"replay": FACTS, "public": PUBLIC})
ORDER = Record({"unit": TEXT, "line": Later("an order line")}, {"date": Maybe(Moment())})
PHASE = Record({"kind": Str(choices=lambda: ("phase",), what='"phase"'), "phase": PhaseName(),
                "state_before": POSITION, "orders": MapOf(Str(what="a power"), ListOf(ORDER, 1000)),
                "results": RESULTS, "text": LONG_TEXT, "processed_at": Moment()})
END = Record({"kind": Str(choices=lambda: ("end",), what='"end"'), "phases": Int(0, 1_000_000), "state": POSITION})


class ExportCheck:
    """The checks of one export's lines against its variant, loaded once per set of rule options."""

    def __init__(self, head: dict[str, Any]) -> None:
        HEAD.check(head, "game")
        self.variant_name: str = head["variant"]
        self.rules: dict[str, Any] = head.get("rules", {})
        self._variants: dict[str, Variant] = {}
        self.variant(self.rules, "game.rules")

    def variant(self, rules: dict[str, Any], path: str) -> Variant:
        """The game's variant with ``rules`` (the game's, or a phase's own); SchemaError names ``path``."""
        key = repr(sorted(rules.items()))
        if key not in self._variants:
            try:
                self._variants[key] = load_variant(self.variant_name, rules)
            except (LookupError, ValueError) as exc:  # UnknownVariant, OptionError
                raise SchemaError(f"{path}: {exc}") from None
        return self._variants[key]

    def phase(self, item: dict[str, Any]) -> None:
        """A phase line: every field, its positions on the map, its name that of its position and of the cycle."""
        PHASE.check(item, "phase")
        facts = item["results"].get("replay", {})
        variant = self.variant(facts.get("rules", self.rules), "phase.results.replay.rules")
        before = position(variant, item["state_before"], "phase.state_before")
        if str(before.phase) != item["phase"]:
            raise SchemaError(f"phase.phase: {item['phase']} is not the phase of its position ({before.phase})")
        cycle = variant.ruleset.phase_cycle
        if (before.phase.season, before.phase.kind) not in cycle:
            raise SchemaError(f"phase.phase: {variant.name} has no {before.phase.season} {before.phase.kind} phase "
                              f"(its cycle: {', '.join(' '.join(step) for step in cycle)})")
        lines = {power: [order["line"] for order in orders] for power, orders in item["orders"].items()}
        orders_schema(variant).check(lines, "phase.orders")
        position(variant, item["results"]["state_after"], "phase.results.state_after")

    def end(self, item: dict[str, Any]) -> None:
        """The end line: the count of phases and the position now ({} for a game never started)."""
        END.check(item, "end")
        if item["state"] != {}:
            position(self.variant(self.rules, "game.rules"), item["state"], "end.state")


def position(variant: Variant, value: Any, path: str) -> GameState:
    """A position checked as ``judge adjudicate`` checks a request's state (its fields, then the map's names),
    its phase written as the engine writes it."""
    state_schema(variant).check(value, path)
    PhaseName().check(value["phase"], f"{path}.phase")
    try:
        return state_from_json(variant, value)
    except CodecError as exc:
        raise SchemaError(f"{path}: {exc}") from None
