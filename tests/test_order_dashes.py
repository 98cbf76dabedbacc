"""Property: a move reads the same however its dash is written, for every province pair of every map.

Issue 9, item 10: ``F SWE-DEN`` was read as the one name "Sweden" (the
hyphen joined "SWE" and "DEN", which fold to "sweden").  A hyphen may join
two words into a name only where that name breaks between words; these tests
try every pair of every map so that no pair of names can join this way again.
"""

from __future__ import annotations

import itertools
from functools import lru_cache

import pytest

from judge.engine.geography import Map
from judge.engine.orders import Move
from judge.reading.order_reader import OrderError, parse_order
from judge.variants import load_variant

MAPS = ("standard", "europe1615-v3", "europe1615-2013-08")
DASHES = ("-", " - ", "->", "\u2013", " to ")


@lru_cache(maxsize=None)
def _board(variant: str) -> Map:
    return load_variant(variant).map


def _spellings(board: Map, province: str) -> tuple[str, ...]:
    """How a player may write a province: ``SWE``, ``Swe``, ``Sweden``."""
    return (province, province.title(), board.provinces[province].name)


def _is_a_name(board: Map, left: str, right: str) -> bool:
    """The map itself spells ``left-right`` as one name (RUT is also "Galicia-Ruthenia")."""
    return board.resolve_name(f"{left}-{right}") is not None and any(
        f"{left}-{right}".lower() == s.lower() for p in board.provinces.values() for s in (p.name, *p.aliases))


def _read(line: str, board: Map) -> object:
    try:
        return parse_order(line, board)
    except OrderError as exc:
        return f"error: {exc}"


def _adjacent(board: Map) -> list[tuple[str, str, str]]:
    """(unit type, from, to) for every move the map allows, fleets from and to each coast."""
    moves = [("A", a, b) for a, near in board.army_adjacency.items() for b in near]
    moves += [("F", a, b) for a, near in board.fleet_adjacency.items() for b in near]
    return moves


@pytest.mark.parametrize("variant", MAPS)
def test_every_adjacent_move_reads_alike_with_every_dash(variant: str) -> None:
    board = _board(variant)
    wrong = []
    for utype, source, target in _adjacent(board):
        expected = Move(utype, source, target)
        src_names = _spellings(board, board.province_of(source))
        dst_names = _spellings(board, board.province_of(target))
        for left, right, dash in itertools.product(src_names, dst_names, DASHES):
            if dash in ("-", "->", "\u2013") and _is_a_name(board, left, right):
                continue
            left += source.removeprefix(board.province_of(source))   # "/NC" after a split province's name
            right += target.removeprefix(board.province_of(target))
            line = f"{utype} {left}{dash}{right}"
            if _read(line, board) != expected:
                wrong.append((line, _read(line, board)))
    assert not wrong, f"{len(wrong)} lines misread, e.g. {wrong[:5]}"


@pytest.mark.parametrize("variant", MAPS)
def test_every_pair_of_provinces_reads_alike_with_every_dash(variant: str) -> None:
    """Every ordered pair, adjacent or not, by abbreviation and by name: ``A X<dash>Y`` is a move from X
    to Y whatever the dash, so no two names can join across a hyphen (the reader does not judge adjacency)."""
    board = _board(variant)
    wrong = []
    for source, target in itertools.permutations(board.provinces, 2):
        expected = Move("A", source, target)
        for left, right in ((source, target), (board.provinces[source].name, board.provinces[target].name)):
            for dash in DASHES:
                if dash in ("-", "\u2013") and _is_a_name(board, left, right):  # an en dash reads as "-"
                    continue
                line = f"A {left}{dash}{right}"
                if _read(line, board) != expected:
                    wrong.append((line, _read(line, board)))
    assert not wrong, f"{len(wrong)} lines misread, e.g. {wrong[:5]}"


@pytest.mark.parametrize("line", ["F SWE-DEN", "F Swe-Den", "F Sweden-Denmark", "F SWE\u2013DEN", "F swe->den"])
def test_sweden_to_denmark(line: str) -> None:
    assert parse_order(line, _board("standard")) == Move("F", "SWE", "DEN")


def test_a_name_after_an_arrow_keeps_its_hyphen() -> None:
    board = _board("europe1615-v3")
    assert parse_order("F Celtic Sea->Mid-Atlantic Ocean", board) == Move("F", "CEL", "MAO")


def test_a_name_spelt_with_a_hyphen_by_the_map_stays_one_name() -> None:
    """"Galicia-Ruthenia" is the map's own name of RUT, not a move from GAL (which is not near it)."""
    board = _board("europe1615-v3")
    assert parse_order("A Galicia-Ruthenia - Podolia", board) == Move("A", "RUT", "POD")


@pytest.mark.parametrize("variant", MAPS[1:])
def test_europe_orders_by_province_read_alike_with_every_dash(variant: str) -> None:
    """Europe 1615's orders without a unit type (``GUY-BIS``, ``BOH – SIL``) go through its line reader first."""
    from judge.reading.lines import read_line
    from judge.engine.state import Phase

    loaded = load_variant(variant)
    state = loaded.ruleset.initial_state()
    state.phase = Phase.parse("S1615M")
    board, wrong = loaded.map, []
    for source, near in board.army_adjacency.items():
        for target in near:
            names = ((source, target), (board.provinces[source].name, board.provinces[target].name))
            read = {str(read_line(loaded, state, f"{a}{dash}{b}")) for a, b in names
                    for dash in ("-", " - ", "\u2013", " \u2013 ", "->", " to ") if not _is_a_name(board, a, b)}
            if read != {f"{source} - {target}"}:
                wrong.append((source, target, read))
    assert not wrong, wrong[:5]
