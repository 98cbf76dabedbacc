"""The lenient order grammar: every spelling players use, every error they can make."""

from __future__ import annotations

import logging
import random

import pytest
from lark import Lark

from judge.engine.geography import Map
from judge.engine.mapfile import parse_map
from judge.engine.orders import (
    Build, Convoy, Disband, Hold, Move, Remove, Retreat, Support, Waive,
)
from judge.paths import grammar_dir
from judge.reading.order_reader import OrderError, order_parser, parse_order, parse_orders

MINI_MAP = """
name mini
power ENGLAND E English
power FRANCE  F French
power RUSSIA  R Russian
province LON coast "London"
province NWY coast "Norway"
province NTH sea   "North Sea" NTS
province NAO sea   "North Atlantic Ocean" "North Atlantic"
province PAR land  "Paris"
province BUR land  "Burgundy"
province MAR coast "Marseilles" Marseille
province SPA coast "Spain"
province STP coast "St Petersburg" "St. Petersburg" "Saint Petersburg"
province MAO sea   "Mid-Atlantic Ocean" MID "Mid-Atlantic"
province LYO sea   "Gulf of Lyon" GOL
province BOT sea   "Gulf of Bothnia"
province BRE coast "Brest"
province GAS coast "Gascony"
province BUL coast "Bulgaria"
coasts SPA NC SC
coasts STP NC SC
coasts BUL EC SC
army PAR BUR
army BUR PAR MAR
army MAR BUR
fleet LON NTH
fleet NTH LON NWY
fleet NWY NTH
fleet MAO SPA/NC
fleet SPA/NC MAO
fleet BOT STP/SC
fleet STP/SC BOT
"""


@pytest.fixture(scope="module", params=["mini", "standard"])
def board(request: pytest.FixtureRequest) -> Map:
    if request.param == "mini":
        return parse_map(MINI_MAP, "mini.map")
    from judge.variants import load_variant
    return load_variant("standard").map


@pytest.fixture(scope="module")
def mini() -> Map:
    return parse_map(MINI_MAP, "mini.map")


MOVEMENT = [
    # moves, every operator
    ("A PAR - BUR", Move("A", "PAR", "BUR")),
    ("a par - bur", Move("A", "PAR", "BUR")),
    ("PAR - BUR", Move(None, "PAR", "BUR")),
    ("A PAR -> BUR", Move("A", "PAR", "BUR")),
    ("A PAR to BUR", Move("A", "PAR", "BUR")),
    ("A PAR M BUR", Move("A", "PAR", "BUR")),
    ("A PAR move BUR", Move("A", "PAR", "BUR")),
    ("A PAR moves to BUR", Move("A", "PAR", "BUR")),
    ("A PAR MOVE TO BUR", Move("A", "PAR", "BUR")),
    ("A PAR-BUR", Move("A", "PAR", "BUR")),
    ("PAR-BUR", Move(None, "PAR", "BUR")),
    ("Army Paris moves to Burgundy", Move("A", "PAR", "BUR")),
    ("army paris - burgundy.", Move("A", "PAR", "BUR")),
    ("  A   PAR   -   BUR  ", Move("A", "PAR", "BUR")),
    # convoy flags and routes (DATC 4.A.6: the route is ignored, the move is by convoy)
    ("A LON - NWY VIA", Move("A", "LON", "NWY", True)),
    ("A LON - NWY via convoy", Move("A", "LON", "NWY", True)),
    ("A LON - NWY by convoy", Move("A", "LON", "NWY", True)),
    ("A LON - NTH - NWY", Move("A", "LON", "NWY", True)),
    ("A LON-NTH-NWY", Move("A", "LON", "NWY", True)),
    ("A London - North Sea - Norway via convoy", Move("A", "LON", "NWY", True)),
    # coasts, every spelling
    ("F MAO - SPA/NC", Move("F", "MAO", "SPA/NC")),
    ("F MAO - SPA/nc", Move("F", "MAO", "SPA/NC")),
    ("F MAO - SPA (nc)", Move("F", "MAO", "SPA/NC")),
    ("F MAO - SPA(NC)", Move("F", "MAO", "SPA/NC")),
    ("F MAO - SPA NC", Move("F", "MAO", "SPA/NC")),
    ("F MAO - SPA/north coast", Move("F", "MAO", "SPA/NC")),
    ("F MAO - SPA/north", Move("F", "MAO", "SPA/NC")),
    ("F MAO - SPA/N", Move("F", "MAO", "SPA/NC")),
    ("F MAO - Spain north coast", Move("F", "MAO", "SPA/NC")),
    ("F MAO - Spain (sc)", Move("F", "MAO", "SPA/SC")),
    ("F MAO - Spain (south coast)", Move("F", "MAO", "SPA/SC")),
    ("F MAO-SPA/NC", Move("F", "MAO", "SPA/NC")),
    ("F St Petersburg north coast - NWY", Move("F", "STP/NC", "NWY")),
    ("F St. Petersburg (sc) - Gulf of Bothnia", Move("F", "STP/SC", "BOT")),
    ("F STP/SC - BOT", Move("F", "STP/SC", "BOT")),
    ("F BUL/EC H", Hold("F", "BUL/EC")),
    # DATC 4.B.6: a coast of a province without coasts, or no such coast, is dropped
    ("F BRE - GAS/NC", Move("F", "BRE", "GAS")),
    ("F MAO - SPA/EC", Move("F", "MAO", "SPA")),
    ("F MAO - SPA/xyz", Move("F", "MAO", "SPA")),
    # an explicit real coast stays, even where the engine will find it wrong
    ("A SPA/NC - MAR", Move("A", "SPA/NC", "MAR")),
    # full names, aliases, multi-word names
    ("F Mid-Atlantic Ocean - Spain (nc)", Move("F", "MAO", "SPA/NC")),
    ("F Mid Atlantic Ocean - Spain nc", Move("F", "MAO", "SPA/NC")),
    ("F Mid-Atlantic-Spain nc", Move("F", "MAO", "SPA/NC")),
    ("F MID - SPA/NC", Move("F", "MAO", "SPA/NC")),
    ("F North Sea - Norway", Move("F", "NTH", "NWY")),
    ("F North Atlantic Ocean - North Sea", Move("F", "NAO", "NTH")),
    ("F Gulf of Lyon - MAR", Move("F", "LYO", "MAR")),
    ("Fleet Saint Petersburg (north coast) - Norway", Move("F", "STP/NC", "NWY")),
    # holds
    ("A PAR H", Hold("A", "PAR")),
    ("A PAR hold", Hold("A", "PAR")),
    ("A PAR holds", Hold("A", "PAR")),
    ("A PAR stands", Hold("A", "PAR")),
    ("PAR H", Hold(None, "PAR")),
    # supports
    ("A BUR S A PAR - MAR", Support("A", "BUR", "A", "PAR", "MAR")),
    ("A BUR supports A PAR - MAR", Support("A", "BUR", "A", "PAR", "MAR")),
    ("A BUR support A PAR to MAR", Support("A", "BUR", "A", "PAR", "MAR")),
    ("A BUR S A PAR", Support("A", "BUR", "A", "PAR", None)),
    ("A BUR S A PAR H", Support("A", "BUR", "A", "PAR", None)),
    ("A BUR S PAR holds", Support("A", "BUR", None, "PAR", None)),
    ("BUR S PAR - MAR", Support(None, "BUR", None, "PAR", "MAR")),
    ("F NTH S F MAO - SPA/NC", Support("F", "NTH", "F", "MAO", "SPA/NC")),
    # nationality in supports and convoys: accepted and ignored (DATC 4.C.5, 4.C.6)
    ("A BUR S French A PAR - MAR", Support("A", "BUR", "A", "PAR", "MAR")),
    ("A BUR S french army Paris - MAR", Support("A", "BUR", "A", "PAR", "MAR")),
    ("A BUR S France A PAR", Support("A", "BUR", "A", "PAR", None)),
    ("A BUR S French PAR - MAR", Support("A", "BUR", None, "PAR", "MAR")),
    ("F NTH C English A LON - NWY", Convoy("F", "NTH", "LON", "NWY")),
    ("English F NTH C A LON - NWY", Convoy("F", "NTH", "LON", "NWY")),
    # convoys
    ("F NTH C A LON - NWY", Convoy("F", "NTH", "LON", "NWY")),
    ("F NTH convoys A LON - NWY", Convoy("F", "NTH", "LON", "NWY")),
    ("F NTH convoy army London to Norway", Convoy("F", "NTH", "LON", "NWY")),
    ("Fleet North Sea C London -> Norway", Convoy("F", "NTH", "LON", "NWY")),
]

RETREAT = [
    ("A PAR R BUR", Retreat("A", "PAR", "BUR")),
    ("A PAR - BUR", Retreat("A", "PAR", "BUR")),
    ("A PAR retreat BUR", Retreat("A", "PAR", "BUR")),
    ("A PAR retreats to BUR", Retreat("A", "PAR", "BUR")),
    ("F MAO R SPA/NC", Retreat("F", "MAO", "SPA/NC")),
    ("F NTH D", Disband("F", "NTH")),
    ("F NTH disband", Disband("F", "NTH")),
    ("disband F NTH", Disband("F", "NTH")),
    ("DISBAND F NTH", Disband("F", "NTH")),
    ("REMOVE F NTH", Disband("F", "NTH")),
]

ADJUSTMENT = [
    ("BUILD A PAR", Build("A", "PAR")),
    ("build army paris", Build("A", "PAR")),
    ("Build fleet St Petersburg north coast", Build("F", "STP/NC")),
    ("BUILD F STP/NC", Build("F", "STP/NC")),
    ("A PAR B", Build("A", "PAR")),
    ("A PAR BUILD", Build("A", "PAR")),
    ("F LON builds", Build("F", "LON")),
    ("REMOVE F NTH", Remove("F", "NTH")),
    ("remove fleet north sea", Remove("F", "NTH")),
    ("F NTH D", Remove("F", "NTH")),
    ("F NTH disband", Remove("F", "NTH")),
    ("DISBAND F NTH", Remove("F", "NTH")),
    ("WAIVE", Waive()),
    ("waive", Waive()),
    ("BUILD WAIVE", Waive()),
]


@pytest.mark.parametrize(("text", "expected"), MOVEMENT)
def test_movement_spellings(board: Map, text: str, expected: object) -> None:
    assert parse_order(text, board) == expected
    assert type(parse_order(text, board, "M")) is type(expected)


@pytest.mark.parametrize(("text", "expected"), RETREAT)
def test_retreat_spellings(board: Map, text: str, expected: object) -> None:
    order = parse_order(text, board, "R")
    assert order == expected and type(order) is type(expected)


@pytest.mark.parametrize(("text", "expected"), ADJUSTMENT)
def test_adjustment_spellings(board: Map, text: str, expected: object) -> None:
    order = parse_order(text, board, "A")
    assert order == expected and type(order) is type(expected)


ERRORS = [
    # unknown province: the column where the name starts, and the province meant (issue 22)
    ("A PAR - Pariss", "M", 9, "unknown province 'Pariss' — did you mean Paris (PAR)?"),
    ("A Pariss - BUR", "M", 3, "unknown province 'Pariss' — did you mean Paris (PAR)?"),
    ("F NTH C A LON - Narway", "M", 17, "unknown province 'Narway' — did you mean Norway (NWY)?"),
    ("A PAR - Xanadu", "M", 9, "unknown province 'Xanadu'"),
    # unknown unit type
    ("X PAR - BUR", "M", 1, "unknown unit type 'X'"),
    ("A BUR S Tank PAR - MAR", "M", 9, "unknown unit type 'Tank'"),
    ("A BUR S Frnch A PAR - MAR", "M", 9, "unknown power 'Frnch' — did you mean France?"),
    # missing destination
    ("A PAR -", "M", 8, "expected a province after '-', got end of line"),
    ("A PAR moves to", "M", 15, "expected a province after 'to', got end of line"),
    ("A BUR S A PAR -", "M", 16, "expected a province after '-', got end of line"),
    ("F NTH C A LON", "M", 14, "expected '-' after 'LON', got end of line"),
    ("A PAR", "M", 6, "expected '-', 'H', 'S' or 'C' after 'PAR', got end of line"),
    ("A PAR", "A", 6, "expected 'BUILD', 'REMOVE' or 'D' after 'PAR', got end of line"),
    ("A BUR S", "M", 8, "expected a unit type or a province after 'S', got end of line"),
    # garbage
    ("A PAR - %%", "M", 9, "expected a province after '-', got '%'"),
    ("%%%", "M", 1, "expected a unit type or a province, got '%'"),
    ("%%%", "A", 1, "expected a unit type, a province, 'BUILD', 'REMOVE', 'D' or 'WAIVE', got '%'"),
    ("- BUR", "M", 1, "expected a unit type or a province, got '-'"),
    ("hello world", "M", 12, "expected '-', 'H', 'S' or 'C' after 'world', got end of line"),
    # empty line
    ("", "M", 1, "empty order"),
    ("   \t ", "M", 1, "empty order"),
    # trailing junk
    ("A PAR - BUR xyz", "M", 13, "unexpected 'xyz' after 'BUR'"),
    ("A PAR - BUR H", "M", 13, "expected '-', 'VIA CONVOY' or end of line after 'BUR', got 'H'"),
    ("A PAR - BUR VIA H", "M", 17, "expected 'CONVOY' or end of line after 'VIA', got 'H'"),
    ("A PAR", "A", 6, "expected 'BUILD', 'REMOVE' or 'D' after 'PAR', got end of line"),
    ("A PAR H please", "M", 9, "expected end of line after 'H', got 'please'"),
    ("WAIVE now", "A", 7, "expected end of line after 'WAIVE', got 'now'"),
    # orders of the wrong phase, and shapes no phase allows
    ("BUILD A PAR", "M", 1, "a build is not allowed in a movement phase"),
    ("A BUR S A PAR", "R", 1, "a support is not allowed in a retreat phase"),
    ("A PAR - BUR", "A", 1, "a move is not allowed in an adjustment phase"),
    ("F NTH D", "M", 1, "a disband is not allowed in a movement phase"),
    ("A PAR - BUR - MAR", "R", 15, "a retreat goes to one province, not along a route"),
    ("F NTH C F LON - NWY", "M", 9, "only an army can be convoyed"),
]


@pytest.mark.parametrize(("text", "phase", "column", "message"), ERRORS)
def test_error_messages(board: Map, text: str, phase: str, column: int, message: str) -> None:
    with pytest.raises(OrderError) as caught:
        parse_order(text, board, phase)
    err = caught.value
    assert (err.column, err.message, err.line) == (column, message, None)
    assert str(err) == f"{message} (column {column})"
    assert isinstance(err, ValueError)


def test_error_words_are_the_grammars() -> None:
    """The errors name the grammar's symbols and say its words: no keyword list of their own."""
    import re

    from judge.reading.order_errors import _EXPECTED, GrammarWords
    from judge.reading.order_grammar import grammar_words

    words = grammar_words()
    text = (grammar_dir() / "orders.lark").read_text(encoding="utf-8")
    assert words.keywords == {w.lower() for w in re.findall(r'^_?[A-Z]+: "([^"]+)"i?$', text, re.M)}
    for _, _, symbol in _EXPECTED:
        assert symbol in ("$END", "NAME") or symbol in words.alternatives or symbol in words.literals, symbol
    # the grammar's first alternative is what a player is told: reorder it and the error follows
    holds = words.alternatives["_hold"]
    reordered = GrammarWords({**words.alternatives, "_hold": holds[1:] + holds[:1]}, words.literals)
    assert reordered.said("_hold", set(reordered.first("_hold"))) == "'HOLD'"
    assert words.said("_hold", set(words.first("_hold"))) == "'H'"


def test_error_lists_what_was_expected(mini: Map) -> None:
    with pytest.raises(OrderError) as caught:
        parse_order("A PAR -", mini)
    assert caught.value.expected == ["a province"]
    with pytest.raises(OrderError) as caught:
        parse_order("A PAR", mini, "R")
    assert caught.value.expected == ["'-'", "'D'"]


def test_error_with_a_line_number_reads_as_one_line() -> None:
    err = OrderError("expected a province after '-', got 'XYZ'", 7, ["a province"], line=3)
    assert str(err) == "line 3, column 7: expected a province after '-', got 'XYZ'"


def test_parse_orders_numbers_lines_and_keeps_good_ones(mini: Map) -> None:
    text = "A PAR - BUR\n\nA PAR - Pariss\n  F NTH C A LON - NWY\ngarbage %%\n   \nA BUR H\n"
    orders, errors = parse_orders(text, mini)
    assert orders == [
        (1, Move("A", "PAR", "BUR")),
        (4, Convoy("F", "NTH", "LON", "NWY")),
        (7, Hold("A", "BUR")),
    ]
    assert [(e.line, e.column) for e in errors] == [(3, 9), (5, 9)]
    assert str(errors[0]) == "line 3, column 9: unknown province 'Pariss' — did you mean Paris (PAR)?"
    assert str(errors[1]) == "line 5, column 9: expected a unit type, '-', 'H', 'S' or 'C' after 'garbage', got '%'"


def test_parse_orders_uses_the_phase(mini: Map) -> None:
    orders, errors = parse_orders("BUILD A PAR\nF NTH D\nWAIVE\nA PAR - BUR", mini, "A")
    assert [o for _, o in orders] == [Build("A", "PAR"), Remove("F", "NTH"), Waive()]
    assert [(e.line, e.message) for e in errors] == [(4, "a move is not allowed in an adjustment phase")]


def test_unknown_phase_kind_is_a_programming_error(mini: Map) -> None:
    with pytest.raises(ValueError, match="phase_kind"):
        parse_order("A PAR H", mini, "X")


def test_hyphen_joins_names_but_splits_moves(mini: Map) -> None:
    assert parse_order("F Mid-Atlantic - SPA/NC", mini) == Move("F", "MAO", "SPA/NC")
    assert parse_order("F MID-SPA/NC", mini) == Move("F", "MAO", "SPA/NC")
    assert parse_order("F STP/SC-BOT", mini) == Move("F", "STP/SC", "BOT")
    assert parse_order("A Paris-Gulf of Lyon", mini) == Move("A", "PAR", "LYO")


def test_grammar_is_a_file_and_parser_is_built_once() -> None:
    assert (grammar_dir() / "orders.lark").is_file()
    assert order_parser() is order_parser()


def test_grammar_has_no_lalr_conflicts(caplog: pytest.LogCaptureFixture) -> None:
    text = (grammar_dir() / "orders.lark").read_text(encoding="utf-8")
    with caplog.at_level(logging.DEBUG, logger="lark"):
        Lark(text, parser="lalr", lexer="contextual", debug=True)
    assert not [r for r in caplog.records if "conflict" in r.getMessage().lower()]


def test_keywords_do_not_steal_province_words(mini: Map) -> None:
    # "S", "C", "H", "B", "D", "M", "R", "A", "F" are names where no keyword fits.
    extra = MINI_MAP + 'province SSS coast "S" Esses\nprovince CCC sea "C"\n'
    board = parse_map(extra, "mini.map")
    assert parse_order("F C - S", board) == Move("F", "CCC", "SSS")


FUZZ_PIECES = [
    "A", "F", "army", "fleet", "PAR", "BUR", "-", "->", "S", "C", "H", "via", "convoy", "by", "to",
    "moves", "/", "(", ")", "nc", "north", "coast", "St", "Petersburg", "Mid-Atlantic", "Ocean",
    "Spain", "build", "waive", "D", "R", "B", "remove", "French", "%", "é", "\t", "_", "-PAR", "x-y",
    "PAR-BUR", ".", "'", "\u2019", "\ufeff", "\x00", "1", "STP/NC-BOT", "Mid-", "ß", "İ", "\n",
]


@pytest.mark.parametrize("seed", range(4))
def test_fuzz_only_order_errors_escape(mini: Map, seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(1500):
        if rng.random() < 0.5:
            text = " ".join(rng.choice(FUZZ_PIECES) for _ in range(rng.randint(0, 9)))
        else:
            text = "".join(chr(rng.randint(0, 0x2FF)) for _ in range(rng.randint(0, 30)))
        for phase in "MRA":
            try:
                parse_order(text, mini, phase)
            except OrderError as err:
                assert "cannot read this order" not in err.message, (text, err)
                assert "\n" not in str(err)
                assert err.column >= 1


def test_very_long_line_is_an_error_not_a_hang(mini: Map) -> None:
    with pytest.raises(OrderError, match="too long"):
        parse_order("A PAR - " + "BUR " * 200, mini)
