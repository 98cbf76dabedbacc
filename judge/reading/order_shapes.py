"""What the order grammar makes of a line before the map is consulted: its *shape*, and the shape as JSON.

A shape says which kind of order a line is and which words name each place,
each word with the columns where the player wrote it.  Shapes are the same
for every map, and the grammar gives "A PAR - BUR" and "A VIE - GAL" one
shape (the names masked), so :mod:`judge.reading.order_reader` keeps each pattern's
shape, in the process and in the judge's cache (:mod:`judge.cache`): a
process whose lines all have known patterns never builds the grammar.
"""

from __future__ import annotations

from typing import Any, NamedTuple


class Word(str):
    """A word of a line as the grammar saw it: the text, its terminal's name and its columns (as Lark's Token)."""

    type: str
    start_pos: int
    end_pos: int

    def __new__(cls, kind: str, text: str, start: int, end: int) -> Word:
        word = super().__new__(cls, text)
        word.type, word.start_pos, word.end_pos = kind, start, end
        return word

    @property
    def value(self) -> str:
        return str(self)

    def __reduce__(self) -> tuple[Any, ...]:
        return (Word, (self.type, str(self), self.start_pos, self.end_pos))


class Loc(NamedTuple):
    words: tuple[Word, ...]
    coast: tuple[Word, ...] | None


class UnitShape(NamedTuple):
    utype: Word | None  # value "A" or "F", positioned where the player wrote it
    nation: Word | None
    loc: Loc


class Shape(NamedTuple):
    kind: str  # hold, move, support, convoy, build, remove, disband, waive
    unit: UnitShape | None = None
    path: tuple[Loc, ...] = ()
    other: UnitShape | None = None  # the supported or convoyed unit
    via: bool = False


KINDS = frozenset({"hold", "move", "support", "convoy", "build", "remove", "disband", "waive"})


def shape_to_json(shape: Shape) -> list[Any]:
    return [shape.kind, _unit_json(shape.unit), [_loc_json(loc) for loc in shape.path], _unit_json(shape.other),
            shape.via]


def shape_from_json(data: Any) -> Shape:
    """The shape :func:`shape_to_json` wrote; ``ValueError`` for anything else."""
    try:
        kind, unit, path, other, via = data
        if kind not in KINDS or not isinstance(via, bool):
            raise ValueError(f"not an order's shape: {kind!r}")
        return Shape(kind, _unit(unit), tuple(_loc(loc) for loc in path), _unit(other), via)
    except (TypeError, KeyError, IndexError) as exc:
        raise ValueError(f"not an order's shape: {type(exc).__name__}") from None


def _word_json(word: Word | None) -> list[Any] | None:
    return None if word is None else [word.type, str(word), word.start_pos, word.end_pos]


def _word(data: Any) -> Word | None:
    if data is None:
        return None
    kind, text, start, end = data
    if not (isinstance(kind, str) and isinstance(text, str) and type(start) is int and type(end) is int):
        raise ValueError("not a word")
    return Word(kind, text, start, end)


def _loc_json(loc: Loc) -> list[Any]:
    return [[_word_json(w) for w in loc.words], None if loc.coast is None else [_word_json(w) for w in loc.coast]]


def _loc(data: Any) -> Loc:
    words, coast = data
    return Loc(tuple(_real(w) for w in words), None if coast is None else tuple(_real(w) for w in coast))


def _real(data: Any) -> Word:
    word = _word(data)
    if word is None:
        raise ValueError("a place's word is missing")
    return word


def _unit_json(unit: UnitShape | None) -> list[Any] | None:
    return None if unit is None else [_word_json(unit.utype), _word_json(unit.nation), _loc_json(unit.loc)]


def _unit(data: Any) -> UnitShape | None:
    if data is None:
        return None
    utype, nation, loc = data
    return UnitShape(_word(utype), _word(nation), _loc(loc))
