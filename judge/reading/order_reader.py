"""Turn a player's order line into an Order value, leniently, as email judges do.

Parsing happens in two steps.  The grammar (``grammar/orders.lark``, LALR)
turns a line into a map-independent *shape* -- which kind of order, and the
words naming each place -- once per *pattern* (the line with its names
masked), and the patterns' shapes are kept in the judge's cache, so that a
process whose lines have known patterns never builds the grammar.
Resolution then looks the words up on the board, splits off coasts and
reports unknown names with the column where they start.  A line read on a
board is kept with the board, because players, the store and benchmarks send
the same lines again and again.  Every failure is an :class:`OrderError`;
nothing else escapes for any input text.

>>> from judge.variants import load_variant
>>> board = load_variant("standard").map
>>> str(parse_order("army paris moves to burgundy", board))
'A PAR - BUR'
>>> str(parse_order("F St Petersburg north coast - Gulf of Bothnia", board))
'F STP/NC - BOT'
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache
from typing import Any, cast

from judge.cache import read_entry, write_entry
from judge.engine.geography import Map
from judge.engine.orders import (
    AnyOrder, Build, Convoy, Disband, Hold, Move, Remove, Retreat, Support, Waive,
)
from judge.paths import grammar_dir
from judge.reading.order_errors import NAME_WORD_RE, OrderError
from judge.reading.order_shapes import Loc, Shape, UnitShape, Word, shape_from_json, shape_to_json
from judge.reading.suggest import did_you_mean, power_matches, province_matches

__all__ = ["OrderError", "order_parser", "parse_order", "parse_orders"]

MAX_ORDER_LENGTH = 300
PHASE_NAMES = {"M": "a movement phase", "R": "a retreat phase", "A": "an adjustment phase"}


def order_parser() -> Any:
    """The LALR parser of ``grammar/orders.lark``, built once per process, when first needed."""
    from judge.reading.order_grammar import order_parser as built

    return built()


# -- shapes: what the grammar makes of a line, before the map is consulted ----

#: what the cache entry of the patterns holds; bumped when ``order_shapes`` or the shape builder changes
PATTERNS_FORMAT = 1
#: the most patterns one process keeps, and the most the cache keeps (those last used first)
MOST_PATTERNS, MOST_KEPT = 4096, 512


class _Patterns:
    """Each pattern's shape, as the grammar gave it: this process's and those kept in the judge's cache.

    The cache entry is made from the grammar's text (another grammar, another
    entry) and read as JSON, each shape revived when first used; if this
    process learned a pattern, the patterns it used are written back when it
    ends, ahead of the others kept, up to ``MOST_KEPT``.
    """

    def __init__(self) -> None:
        self.key = f"{PATTERNS_FORMAT}\n" + (grammar_dir() / "orders.lark").read_text(encoding="utf-8")
        self.words: frozenset[str] | None = None
        self.shapes: dict[str, Shape] = {}
        self.kept: dict[str, Any] = {}
        self.learned = False
        entry = read_entry("order-patterns", self.key)
        if isinstance(entry, dict) and isinstance(entry.get("keywords"), list) \
                and isinstance(entry.get("patterns"), dict):
            self.words = frozenset(str(w).lower() for w in entry["keywords"])
            self.kept = entry["patterns"]

    def keywords(self) -> frozenset[str]:
        if self.words is None:
            from judge.reading.order_grammar import keywords

            self.words = keywords()
        return self.words

    def shape(self, masked: str) -> Shape | None:
        """The pattern's shape, or None if it does not parse."""
        shape = self.shapes.get(masked)
        if shape is not None:
            return shape
        try:
            shape = shape_from_json(self.kept[masked]) if masked in self.kept else None
        except ValueError:  # a damaged entry: the grammar says again
            shape = None
        if shape is None:
            from judge.reading.order_grammar import pattern_shape

            shape = pattern_shape(masked)
            if shape is None:
                return None
            self._learned()
        if len(self.shapes) < MOST_PATTERNS:
            self.shapes[masked] = shape
        return shape

    def _learned(self) -> None:
        if not self.learned:
            self.learned = True
            import atexit

            atexit.register(self.save)

    def save(self) -> None:
        """Write the patterns used here to the cache, ahead of those another process kept meanwhile."""
        entry = read_entry("order-patterns", self.key)
        kept = entry.get("patterns") if isinstance(entry, dict) else None
        patterns = {k: shape_to_json(v) for k, v in self.shapes.items()}
        if isinstance(kept, dict):
            patterns.update((k, v) for k, v in kept.items() if k not in patterns)
        patterns = dict(list(patterns.items())[:MOST_KEPT])
        write_entry("order-patterns", self.key, {"keywords": sorted(self.keywords()), "patterns": patterns})


@lru_cache(maxsize=1)
def _patterns() -> _Patterns:
    return _Patterns()


def _keywords() -> frozenset[str]:
    return _patterns().keywords()


def _parse_shape(prepared: str, line: str, phase_kind: str) -> Shape:
    """Parse a line by its pattern: names masked, keywords kept.

    "A PAR - BUR" and "A VIE - GAL" share the pattern "A xxx - xxx", so the
    LALR parser runs once per pattern; the pattern's shape keeps each name's
    columns, where :class:`_Resolver` reads the line's own words.  Masking
    keeps every column, and keywords are kept (in lower case: the grammar
    ignores case), so the parse (and the contextual choice between a keyword
    and a name) is the same as for the line itself.  An unreadable line is
    parsed as written, so that its error names the player's own words.
    """
    keywords = _keywords()
    masked = NAME_WORD_RE.sub(lambda m: _mask_word(m, keywords), prepared)
    pattern = _patterns().shape(masked)
    if pattern is None:
        from judge.reading.order_grammar import line_shape

        return line_shape(line, prepared, phase_kind)
    return pattern


def _mask_word(match: re.Match[str], keywords: frozenset[str]) -> str:
    """A keyword in lower case (the grammar ignores case: "F PAR S" and "f par s" share a pattern), a name
    as x's."""
    word = match.group()
    folded = word.lower()
    return folded if folded in keywords and len(folded) == len(word) else "x" * len(word)


# -- public API ---------------------------------------------------------------

#: the board's cache of lines read (``Map.cache``): (phase kind, line) -> order, emptied when full
_READ = "order_lines"
_READ_MOST = 16384


def parse_order(text: str, board: Map, phase_kind: str = "M") -> AnyOrder:
    """Read one order; raise :class:`OrderError` (never anything else) if it cannot be read.

    A line read once on a board is not read again: orders are immutable values
    and depend on nothing but the line, the board and the phase kind, so a
    stream of requests or a game's stored orders pay for each line once.
    """
    read = cast("dict[tuple[str, str], AnyOrder]", board.cache.setdefault(_READ, {}))
    key = (phase_kind, text)
    order = read.get(key)
    if order is None:
        order = _read_order(text, board, phase_kind)
        if len(read) >= _READ_MOST:
            read.clear()
        read[key] = order
    return order


def _read_order(text: str, board: Map, phase_kind: str) -> AnyOrder:
    """:func:`parse_order` without the cache: the line through the grammar, then looked up on the board."""
    if phase_kind not in PHASE_NAMES:
        raise ValueError(f"phase_kind must be one of {', '.join(PHASE_NAMES)}, not {phase_kind!r}")
    line = text.replace("\ufeff", " ").rstrip(" \t\r\n.;,")
    if not line.strip():
        raise OrderError("empty order", 1, ["an order"])
    if len(line) > MAX_ORDER_LENGTH:
        raise OrderError(f"order too long (more than {MAX_ORDER_LENGTH} characters)", MAX_ORDER_LENGTH + 1)
    try:
        prepared = _join_hyphens(line.translate(_DASHES), board)
        shape = _parse_shape(prepared, line, phase_kind)
        return _Resolver(board, line, prepared).order(shape, phase_kind)
    except OrderError:
        raise
    except (LookupError, AttributeError, AssertionError, TypeError, ValueError, RecursionError) as exc:
        # A bug of ours must not become a traceback in a player's reply.
        raise OrderError(f"cannot read this order ({type(exc).__name__})", 1) from exc


def parse_orders(text: str, board: Map, phase_kind: str = "M"
                 ) -> tuple[list[tuple[int, AnyOrder]], list[OrderError]]:
    """Read one order per non-blank line; bad lines become errors, the rest still count."""
    orders: list[tuple[int, AnyOrder]] = []
    errors: list[OrderError] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        if not raw.strip():
            continue
        try:
            orders.append((number, parse_order(raw, board, phase_kind)))
        except OrderError as err:
            err.line = number
            errors.append(err)
    return orders, errors


# -- hyphens: "PAR-BUR" is a move, "Mid-Atlantic" is a name --------------------

_WORD_HYPHEN_RE = re.compile(r"(?<=[^\s\-])-(?=[^\W_])")
_COAST_START_RE = re.compile(r"[/(]")
#: en dash, em dash and minus sign written for a move: one character each, so every column stays
_DASHES = str.maketrans({"\u2013": "-", "\u2014": "-", "\u2212": "-"})


def _join_hyphens(line: str, board: Map) -> str:
    """Write ``_`` for each hyphen that sits inside a name, keeping every column.

    A hyphen between two words is a move unless the words around it make a
    name together, broken between words there (``Mid-Atlantic``, but not
    ``SWE-DEN``, though "sweden" is a name), or the words after it do not
    start one.  The word before the hyphen starts after a space or another
    move sign (``->``).
    """
    if "-" not in line:
        return line
    chars = list(line)
    segment_start = 0
    for match in _WORD_HYPHEN_RE.finditer(line):
        pos = match.start()
        start = pos
        while start > segment_start and not line[start - 1].isspace() and line[start - 1] not in "->":
            start -= 1
        left = line[start:pos]
        after = _COAST_START_RE.split(line[pos + 1:], maxsplit=1)[0].split()[:4]
        if _starts_name(board, left, after) or not _starts_name(board, None, after):
            chars[pos] = "_"
        else:
            segment_start = pos + 1
    return "".join(chars)


def _starts_name(board: Map, head: str | None, words: list[str]) -> bool:
    """Whether the first one or more of ``words`` name a province, joined to ``head`` by a hyphen if given."""
    if not words:
        return False
    for first in {words[0].split("-", 1)[0], words[0]}:  # "Franche" and "Franche-Comte"
        runs = [" ".join([first, *words[1:n]]) for n in range(1, len(words) + 1)]
        if head is None and any(board.resolve_name(run) for run in runs):
            return True
        if head is not None and any(board.joins_at_word_break(head, run) for run in runs):
            return True
    return False


# -- coasts ----------------------------------------------------------------------

_DIRECTIONS = {"n": "NC", "north": "NC", "s": "SC", "south": "SC",
               "e": "EC", "east": "EC", "w": "WC", "west": "WC"}
_BARE_COASTS = {"nc": "NC", "sc": "SC", "ec": "EC", "wc": "WC",
                **{d + "coast": c for d, c in _DIRECTIONS.items() if len(d) > 1}}
_ANY_COAST = {**_BARE_COASTS, **_DIRECTIONS, **{d + "c": c for d, c in _DIRECTIONS.items()}}


def _fold(words: Sequence[str]) -> str:
    return "".join(words).lower().replace(".", "").replace("_", "")


def _bare_coast(words: Sequence[str]) -> str | None:
    """A coast written without '/' or brackets: ``nc`` or ``north coast``, not ``north``."""
    return _BARE_COASTS.get(_fold(words))


def _coast_code(words: Sequence[str]) -> str:
    """The map's code for a coast written after '/' or in brackets (``north`` → ``NC``)."""
    folded = _fold(words)
    return _ANY_COAST.get(folded, folded.upper())


# -- resolution: shape + board -> Order ---------------------------------------------

_KIND_NAMES = {"hold": "a hold", "move": "a move", "support": "a support", "convoy": "a convoy",
               "build": "a build", "remove": "a removal", "disband": "a disband", "waive": "a waive"}
_ALLOWED = {"M": ("move", "hold", "support", "convoy"), "R": ("move", "disband", "remove"),
            "A": ("build", "remove", "disband", "waive")}


class _Resolver:
    """Looks one line's shape up on one board; knows the line for quoting and columns.

    A name's words are read from the line at the columns the shape gives
    (the shape is its pattern's, the names masked).
    """

    def __init__(self, board: Map, line: str, prepared: str) -> None:
        self.board = board
        self.line = line
        self.prepared = prepared

    def said(self, words: Sequence[Word]) -> list[str]:
        """The words as the line has them (hyphens inside a name written ``_``, as the grammar saw them)."""
        prepared = self.prepared
        return [prepared[w.start_pos:w.end_pos] if w.type == "NAME" else str(w) for w in words]

    def order(self, shape: Shape, phase: str) -> AnyOrder:
        if shape.kind not in _ALLOWED[phase]:
            column = len(self.line) - len(self.line.lstrip()) + 1
            raise OrderError(f"{_KIND_NAMES[shape.kind]} is not allowed in {PHASE_NAMES[phase]}", column,
                             [_KIND_NAMES[k] for k in _ALLOWED[phase]])
        if shape.kind == "waive" or shape.unit is None:
            return Waive()
        utype, loc = self.unit(shape.unit)
        if shape.kind == "hold":
            return Hold(utype, loc)
        if shape.kind == "move":
            return self._move(shape, utype, loc, phase)
        if shape.kind in ("support", "convoy"):
            return self._aid(shape, utype, loc)
        if shape.kind == "build":
            return Build(utype, loc)
        return Remove(utype, loc) if phase == "A" else Disband(utype, loc)

    def _move(self, shape: Shape, utype: str | None, loc: str, phase: str) -> AnyOrder:
        if phase == "R":
            if len(shape.path) > 1:
                raise OrderError("a retreat goes to one province, not along a route",
                                 shape.path[1].words[0].start_pos + 1, ["end of line"])
            return Retreat(utype, loc, self.location(shape.path[0]))
        steps = [self.location(step) for step in shape.path]
        # A route through seas ("A LON - NTH - NWY") asks for a convoy: DATC 4.A.6.
        return Move(utype, loc, steps[-1], shape.via or len(steps) > 1)

    def _aid(self, shape: Shape, utype: str | None, loc: str) -> AnyOrder:
        assert shape.other is not None
        other_type, other = self.unit(shape.other)
        target = self.location(shape.path[0]) if shape.path else None
        if shape.kind == "support":
            return Support(utype, loc, other_type, other, target)
        if other_type == "F" and shape.other.utype is not None:
            raise OrderError("only an army can be convoyed", shape.other.utype.start_pos + 1, ["A"])
        return Convoy(utype, loc, other, target or other)

    def unit(self, unit: UnitShape) -> tuple[str | None, str]:
        """The unit type (None if not given) and location; a nationality must name a power."""
        if unit.nation is not None and not self._is_power(unit.nation):
            written = self.text((unit.nation,))
            raise OrderError(f"unknown power '{written}'{did_you_mean(power_matches(self.board, written))}",
                             unit.nation.start_pos + 1, ["a power", "a unit type"])
        utype = unit.utype.value if unit.utype is not None else None
        return utype, self.location(unit.loc, typeless_unit=utype is None)

    def location(self, loc: Loc, typeless_unit: bool = False) -> str:
        found = self._lookup(loc.words, loc.coast)
        if found is None and typeless_unit and len(loc.words) > 1:
            found = self._after_nationality(loc)
        if found is None:
            raise self._unknown(loc.words)
        return found

    def _lookup(self, words: tuple[Word, ...], coast: tuple[Word, ...] | None) -> str | None:
        """The map location for a run of words, with any coast the province really has."""
        said = self.said(words)
        abbr = self.board.resolve_name(" ".join(said))
        if abbr is not None:
            return self._with_coast(abbr, _coast_code(self.said(coast))) if coast else abbr
        if coast is not None:
            return None
        for size in (2, 1):  # a coast written as plain words: "Spain sc", "STP north coast"
            code = _bare_coast(said[-size:]) if len(said) > size else None
            abbr = self.board.resolve_name(" ".join(said[:-size])) if code else None
            if abbr is not None and code is not None:
                return self._with_coast(abbr, code)
        return None

    def _with_coast(self, abbr: str, code: str) -> str:
        """Keep a real coast of the province; drop any other (DATC 4.B.6)."""
        province = self.board.provinces.get(abbr)
        return f"{abbr}/{code}" if province is not None and code in province.coasts else abbr

    def _after_nationality(self, loc: Loc) -> str | None:
        """``S French PAR``: a word before a typeless unit is a nationality, or a bad unit type."""
        first = loc.words[0]
        if self._lookup(loc.words[:1], None) is not None:
            return None
        rest = self._lookup(loc.words[1:], loc.coast)
        if rest is None or self._is_power(first):
            return rest
        raise OrderError(f"unknown unit type '{self.text((first,))}'", first.start_pos + 1,
                         ["a unit type (A or F)"])

    def _unknown(self, words: tuple[Word, ...]) -> OrderError:
        """Name the first word that is not part of a province: junk after one, or a bad name."""
        for size in range(len(words) - 1, 0, -1):
            if self._lookup(words[:size], None) is not None:
                at_end = words[-1].end_pos >= len(self.prepared.rstrip())
                return OrderError(f"unexpected '{self.text(words[size:])}' after '{self.text(words[:size])}'",
                                  words[size].start_pos + 1, ["end of line"] if at_end else [])
        written = self.text(words)
        return OrderError(f"unknown province '{written}'{did_you_mean(province_matches(self.board, written))}",
                          words[0].start_pos + 1, ["a province"])

    def _is_power(self, word: Word) -> bool:
        text = self.text((word,))
        if len(text) < 2:  # a lone letter is more likely a mistyped unit type
            return False
        return any(self.board.power_named(t) is not None for t in (text, text.removesuffix("'s")))

    def text(self, tokens: tuple[Word, ...]) -> str:
        """What the player wrote for these tokens (hyphens and all)."""
        return " ".join(self.line[tokens[0].start_pos:tokens[-1].end_pos].split())
