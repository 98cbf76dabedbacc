"""The map format: the real standard board, and broken maps reported line by line."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

import pytest

from judge.engine.geography import Map, Terrain
from judge.engine.mapfile import MapError, MapProblem, parse_map
from judge.variants import load_variant


# -- the standard map ---------------------------------------------------------

@pytest.fixture(scope="module")
def board() -> Map:
    return load_variant("standard").map


def test_counts(board: Map) -> None:
    assert len(board.provinces) == 75
    terrains = Counter(p.terrain for p in board.provinces.values())
    assert terrains == {Terrain.SEA: 19, Terrain.LAND: 14, Terrain.COAST: 42}
    assert len(board.centers) == 34
    assert all(board.provinces[c].center == 1 for c in board.centers)
    assert len(board.starting_units) == 22
    assert "SWI" not in board.provinces


def test_powers(board: Map) -> None:
    expected = {
        "ENGLAND": ("E", "English"), "FRANCE": ("F", "French"), "GERMANY": ("G", "German"),
        "ITALY": ("I", "Italian"), "AUSTRIA": ("A", "Austrian"), "RUSSIA": ("R", "Russian"),
        "TURKEY": ("T", "Turkish"),
    }
    assert {n: (p.letter, p.adjective) for n, p in board.powers.items()} == expected
    assert board.power_named("turkish") == "TURKEY"
    assert board.power_named("r") == "RUSSIA"


def test_homes_and_neutral_centres(board: Map) -> None:
    assert {k: set(v) for k, v in board.homes.items()} == {
        "ENGLAND": {"EDI", "LON", "LVP"}, "FRANCE": {"BRE", "MAR", "PAR"},
        "GERMANY": {"BER", "KIE", "MUN"}, "ITALY": {"NAP", "ROM", "VEN"},
        "AUSTRIA": {"BUD", "TRI", "VIE"}, "RUSSIA": {"MOS", "SEV", "STP", "WAR"},
        "TURKEY": {"ANK", "CON", "SMY"},
    }
    homes = {c for v in board.homes.values() for c in v}
    assert set(board.centers) - homes == {
        "BEL", "BUL", "DEN", "GRE", "HOL", "NWY", "POR", "RUM", "SER", "SPA", "SWE", "TUN"}


def test_starting_units(board: Map) -> None:
    units = {(u.power, u.unit_type, u.location) for u in board.starting_units}
    assert ("RUSSIA", "F", "STP/SC") in units
    assert ("ENGLAND", "A", "LVP") in units
    assert ("ENGLAND", "F", "EDI") in units
    assert ("AUSTRIA", "F", "TRI") in units
    assert ("TURKEY", "F", "ANK") in units
    assert ("GERMANY", "F", "KIE") in units
    assert Counter(u.power for u in board.starting_units) == {
        "ENGLAND": 3, "FRANCE": 3, "GERMANY": 3, "ITALY": 3, "AUSTRIA": 3, "RUSSIA": 4, "TURKEY": 3}


def test_split_coasts(board: Map) -> None:
    assert board.provinces["STP"].coasts == ("NC", "SC")
    assert board.provinces["SPA"].coasts == ("NC", "SC")
    assert board.provinces["BUL"].coasts == ("EC", "SC")
    assert board.province_of("BUL/EC") == "BUL"
    assert board.locations_of("SPA") == ("SPA/NC", "SPA/SC")
    assert board.locations_of("LON") == ("LON",)


def test_adjacency_is_symmetric(board: Map) -> None:
    for adjacency in (board.army_adjacency, board.fleet_adjacency):
        for source, targets in adjacency.items():
            for target in targets:
                assert source in adjacency[target], f"{source} -> {target}"


def test_every_province_is_connected(board: Map) -> None:
    for abbr, prov in board.provinces.items():
        if prov.terrain is not Terrain.SEA:
            assert board.army_adjacency.get(abbr), abbr
        if prov.terrain is not Terrain.LAND:
            for loc in board.locations_of(abbr):
                assert board.fleet_adjacency.get(loc), loc


@pytest.mark.parametrize("a, b", [
    ("NWY", "STP"), ("NWY", "FIN"), ("NWY", "SWE"), ("SWE", "DEN"), ("DEN", "KIE"),
    ("CON", "BUL"), ("CON", "ANK"), ("CON", "SMY"), ("SPA", "POR"), ("SPA", "GAS"), ("SPA", "MAR"),
    ("CLY", "EDI"), ("CLY", "LVP"), ("LVP", "YOR"), ("WAL", "YOR"), ("NAF", "TUN"), ("GAL", "WAR"),
    ("TUS", "VEN"), ("BOH", "TYR"), ("ARM", "SYR"), ("SEV", "RUM"), ("PIE", "TYR"),
])
def test_army_adjacent(board: Map, a: str, b: str) -> None:
    assert board.army_can_move(a, b) and board.army_can_move(b, a)


@pytest.mark.parametrize("a, b", [
    ("LVP", "LON"), ("CLY", "YOR"), ("NAF", "SPA"), ("DEN", "NWY"), ("SWE", "STP"), ("KIE", "SIL"),
    ("BER", "HOL"), ("MUN", "VIE"), ("ROM", "PIE"), ("VEN", "NAP"), ("TRI", "GRE"), ("ALB", "BUL"),
    ("ANK", "SYR"), ("SMY", "SEV"), ("BRE", "MAR"), ("PAR", "MAR"), ("SPA", "BUR"),
    ("LON", "EDI"), ("GAS", "PIC"), ("MOS", "FIN"), ("UKR", "PRU"), ("ARM", "CON"),
])
def test_army_not_adjacent(board: Map, a: str, b: str) -> None:
    assert not board.army_can_move(a, b) and not board.army_can_move(b, a)


def test_army_ignores_coasts(board: Map) -> None:
    assert board.army_can_move("STP/NC", "NWY")
    assert board.army_can_move("FIN", "STP")


@pytest.mark.parametrize("a, b", [
    # St Petersburg and Norway
    ("STP/NC", "BAR"), ("STP/NC", "NWY"), ("STP/SC", "BOT"), ("STP/SC", "FIN"), ("STP/SC", "LVN"),
    # Liverpool reaches the North Atlantic
    ("LVP", "NAO"), ("LVP", "IRI"), ("CLY", "NAO"), ("CLY", "NWG"),
    # Kiel, Denmark and Constantinople pass fleets through
    ("KIE", "BER"), ("KIE", "HOL"), ("KIE", "DEN"), ("KIE", "HEL"), ("KIE", "BAL"),
    ("DEN", "SWE"), ("DEN", "SKA"), ("DEN", "NTH"), ("DEN", "HEL"), ("DEN", "BAL"),
    ("CON", "BLA"), ("CON", "AEG"), ("CON", "BUL/EC"), ("CON", "BUL/SC"), ("CON", "SMY"), ("CON", "ANK"),
    # Spain
    ("SPA/NC", "GAS"), ("SPA/NC", "MAO"), ("SPA/NC", "POR"),
    ("SPA/SC", "MAR"), ("SPA/SC", "LYO"), ("SPA/SC", "WES"), ("SPA/SC", "MAO"), ("SPA/SC", "POR"),
    # Bulgaria
    ("BUL/EC", "BLA"), ("BUL/EC", "RUM"), ("BUL/SC", "AEG"), ("BUL/SC", "GRE"),
    # odds and ends
    ("NAF", "TUN"), ("NAF", "MAO"), ("NAF", "WES"), ("TUN", "ION"), ("ENG", "IRI"), ("NTH", "NWG"),
    ("EDI", "CLY"), ("ROM", "TUS"), ("APU", "VEN"), ("ARM", "SEV"), ("SMY", "SYR"), ("NWY", "SWE"),
])
def test_fleet_adjacent(board: Map, a: str, b: str) -> None:
    assert board.fleet_can_move(a, b) and board.fleet_can_move(b, a)


@pytest.mark.parametrize("a, b", [
    ("CLY", "IRI"), ("NAF", "SPA/SC"), ("NAF", "SPA/NC"), ("SPA/NC", "MAR"), ("SPA/NC", "LYO"),
    ("SPA/NC", "WES"), ("SPA/SC", "GAS"), ("STP/NC", "FIN"), ("STP/SC", "NWY"), ("STP/SC", "BAR"),
    ("BUL/EC", "AEG"), ("BUL/EC", "GRE"), ("BUL/SC", "BLA"), ("BUL/SC", "RUM"),
    ("EDI", "LVP"), ("WAL", "YOR"), ("LVP", "YOR"), ("ROM", "VEN"), ("APU", "ROM"), ("SMY", "ANK"),
    ("ARM", "SYR"), ("PRU", "SIL"), ("DEN", "NWY"), ("HOL", "RUH"), ("KIE", "MUN"),
    ("ENG", "NAO"), ("IRI", "NWG"), ("TYS", "ADR"), ("BAL", "SKA"), ("HEL", "SKA"),
])
def test_fleet_not_adjacent(board: Map, a: str, b: str) -> None:
    assert not board.fleet_can_move(a, b) and not board.fleet_can_move(b, a)


def test_fleet_needs_exact_coast(board: Map) -> None:
    assert not board.fleet_can_move("MAO", "SPA")
    assert not board.fleet_can_move("BAR", "STP")
    assert board.fleet_targets("MAO", "SPA") == ["SPA/NC", "SPA/SC"]
    assert board.fleet_targets("GAS", "SPA") == ["SPA/NC"]
    assert board.fleet_targets("CON", "BUL") == ["BUL/EC", "BUL/SC"]
    assert board.fleet_targets("NWY", "STP") == ["STP/NC"]
    assert board.can_reach_province("F", "LYO", "SPA")
    assert not board.can_reach_province("F", "NAF", "SPA")


def test_no_army_at_sea_no_fleet_inland(board: Map) -> None:
    assert not board.army_can_move("LON", "NTH")
    assert not board.fleet_can_move("BRE", "PAR")
    assert "MUN" not in board.fleet_adjacency
    assert "NTH" not in board.army_adjacency


@pytest.mark.parametrize("text, abbr", [
    ("Mid-Atlantic Ocean", "MAO"), ("MID", "MAO"), ("mid atlantic", "MAO"), ("MAO", "MAO"),
    ("nat", "NAO"), ("North Atlantic", "NAO"), ("North Atlantic Ocean", "NAO"),
    ("St Petersburg", "STP"), ("St. Petersburg", "STP"), ("Saint Petersburg", "STP"), ("stp", "STP"),
    ("gob", "BOT"), ("Gulf of Bothnia", "BOT"), ("Bothnia", "BOT"),
    ("tyn", "TYS"), ("Tyrrhenian Sea", "TYS"), ("tyrrhenian", "TYS"),
    ("NRG", "NWG"), ("Norwegian Sea", "NWG"), ("NOR", "NWY"), ("Norway", "NWY"), ("NTH", "NTH"),
    ("LYON", "LYO"), ("gol", "LYO"), ("Gulf of Lions", "LYO"), ("Gulf of Lyon", "LYO"),
    ("English Channel", "ENG"), ("channel", "ENG"), ("Heligoland Bight", "HEL"), ("Helgoland", "HEL"),
    ("Trieste", "TRI"), ("Livonia", "LVN"), ("Liverpool", "LVP"), ("Tyrolia", "TYR"), ("Rumania", "RUM"),
    ("Rome", "ROM"), ("Eastern Mediterranean", "EAS"), ("Western Mediterranean", "WES"),
])
def test_resolve_name(board: Map, text: str, abbr: str) -> None:
    assert board.resolve_name(text) == abbr


def test_unknown_name(board: Map) -> None:
    assert board.resolve_name("Switzerland") is None
    assert board.resolve_name("Atlantis") is None


def test_full_names(board: Map) -> None:
    names = {abbr: p.name for abbr, p in board.provinces.items()}
    assert names["MAO"] == "Mid-Atlantic Ocean"
    assert names["STP"] == "St Petersburg"
    assert names["LYO"] == "Gulf of Lyon"
    assert names["NAO"] == "North Atlantic Ocean"
    assert names["HEL"] == "Heligoland Bight"
    assert names["LVN"] == "Livonia"
    assert all(name and name != abbr for abbr, name in names.items())


# -- broken maps --------------------------------------------------------------

HEADER = """\
power ENGLAND E English
province LON coast "London"
province YOR coast "Yorkshire"
province WAL coast "Wales"
province NTH sea "North Sea"
province BIR land "Birmingham"
province SPA coast "Spain"
coasts SPA NC SC
"""
HEADER_LINES = HEADER.count("\n")


def problems_of(text: str, source: str = "test.map", read_include: Callable[[str], str] | None = None,
                ) -> list[MapProblem]:
    with pytest.raises(MapError) as caught:
        parse_map(text, source, read_include)
    return caught.value.problems


def only_problem(body: str) -> MapProblem:
    """The single problem of HEADER + body; its line is counted from the start of body."""
    found = problems_of(HEADER + body)
    assert len(found) == 1, found
    return found[0]


def at(problem: MapProblem) -> int:
    return problem.line - HEADER_LINES


def test_header_alone_is_valid() -> None:
    board = parse_map(HEADER, "test.map")
    assert set(board.provinces) == {"LON", "YOR", "WAL", "NTH", "BIR", "SPA"}


def test_problem_text_is_file_and_line() -> None:
    problem = only_problem("army LON YOR\n")
    assert str(problem).startswith(f"test.map:{HEADER_LINES + 1}: ")


def test_asymmetric_adjacency() -> None:
    problem = only_problem("army LON YOR\narmy YOR WAL\narmy WAL YOR\n")
    assert at(problem) == 1
    assert "LON -> YOR" in problem.message and "no return link" in problem.message


def test_asymmetric_fleet_adjacency() -> None:
    problem = only_problem("fleet LON NTH\nfleet NTH YOR\nfleet YOR NTH\n")
    assert at(problem) == 1
    assert "fleet link LON -> NTH" in problem.message


def test_unknown_province() -> None:
    problem = only_problem("army LON XYZ\n")
    assert at(problem) == 1
    assert "unknown province 'XYZ'" in problem.message


def test_unknown_coast() -> None:
    problem = only_problem("fleet SPA/EC NTH\n")
    assert at(problem) == 1
    assert "SPA has no coast 'EC'" in problem.message


def test_coast_on_province_without_coasts() -> None:
    problem = only_problem("fleet LON/NC NTH\n")
    assert at(problem) == 1
    assert "LON has no coast 'NC'" in problem.message


def test_coasts_of_unknown_province() -> None:
    problem = only_problem("coasts XYZ NC SC\n")
    assert at(problem) == 1
    assert "unknown province 'XYZ'" in problem.message


def test_coasts_of_inland_province() -> None:
    problem = only_problem("coasts BIR NC SC\n")
    assert at(problem) == 1
    assert "only a coast province has split coasts" in problem.message


def test_namecoast_of_a_province_without_split_coasts() -> None:
    problem = only_problem("namecoast LON\n")
    assert at(problem) == 1
    assert "namecoast LON: it has no split coasts" in problem.message


def test_fleet_link_to_split_province_needs_coast() -> None:
    problem = only_problem("fleet SPA NTH\n")
    assert at(problem) == 1
    assert "name the coast" in problem.message


def test_duplicate_province() -> None:
    problem = only_problem('province LON coast "Londinium"\n')
    assert at(problem) == 1
    assert "LON is declared twice (first at line 2)" in problem.message


def test_duplicate_power() -> None:
    problem = only_problem("power ENGLAND X Anglish\n")
    assert at(problem) == 1
    assert "ENGLAND is declared twice" in problem.message


def test_alias_collision() -> None:
    problem = only_problem('province HUL coast "Hull" Yorkshire\n')
    assert at(problem) == 1
    assert problem.message == "'Yorkshire' names both YOR and HUL"


def test_full_name_collides_with_alias_after_folding() -> None:
    problem = only_problem('province LDN coast "L.O.N."\n')
    assert at(problem) == 1
    assert "names both LON and LDN" in problem.message


def test_army_link_to_sea() -> None:
    problem = only_problem("army LON NTH\n")
    assert at(problem) == 1
    assert "NTH is a sea" in problem.message


def test_fleet_link_to_inland() -> None:
    problem = only_problem("fleet LON BIR\n")
    assert at(problem) == 1
    assert "BIR is land" in problem.message


def test_unknown_directive() -> None:
    problem = only_problem("frobnicate LON\n")
    assert at(problem) == 1
    assert "unknown directive 'frobnicate'" in problem.message


def test_unreadable_quoting() -> None:
    problem = only_problem('province HUL coast "Hull\n')
    assert at(problem) == 1
    assert "cannot read this line" in problem.message


@pytest.mark.parametrize("unit, words", [
    ("unit ENGLAND A NTH", "army cannot start at sea"),
    ("unit ENGLAND F BIR", "fleet cannot start inland"),
    ("unit ENGLAND F SPA", "needs a coast"),
    ("unit ENGLAND A SPA/NC", "not on one of its coasts"),
    ("unit ENGLAND F SPA/EC", "no coast 'EC'"),
    ("unit ENGLAND A XYZ", "unknown province"),
    ("unit FRANCE A LON", "unknown power"),
    ("unit ENGLAND Z LON", "unit takes"),
])
def test_unit_in_impossible_place(unit: str, words: str) -> None:
    problem = only_problem(f"\n{unit}\n")
    assert at(problem) == 2
    assert words in problem.message


def test_two_units_in_one_province() -> None:
    problem = only_problem("unit ENGLAND F SPA/NC\nunit ENGLAND A SPA\n")
    assert at(problem) == 2
    assert "two starting units in SPA" in problem.message


def test_home_centre_not_a_centre() -> None:
    problem = only_problem("center LON\nhome ENGLAND LON YOR\n")
    assert at(problem) == 2
    assert "home centre YOR is not declared a supply centre" in problem.message


def test_centre_at_sea() -> None:
    problem = only_problem("center NTH\n")
    assert "NTH is a sea" in problem.message


def test_bad_centre_value() -> None:
    problem = only_problem("center LON 0\n")
    assert "at least 1" in problem.message


def test_home_of_unknown_power() -> None:
    problem = only_problem("center LON\nhome FRANCE LON\n")
    assert at(problem) == 2
    assert "unknown power or state 'FRANCE'" in problem.message


def test_include_of_missing_file() -> None:
    def reader(name: str) -> str:
        raise FileNotFoundError(2, "No such file or directory", name)

    found = problems_of("name edition\ninclude nowhere.map\n", "edition.map", read_include=reader)
    assert len(found) == 1
    assert (found[0].source, found[0].line) == ("edition.map", 2)
    assert "cannot include 'nowhere.map'" in found[0].message


def test_include_without_a_reader() -> None:
    found = problems_of("include base.map\n")
    assert found[0].line == 1 and "include needs one file name" in found[0].message


def test_include_loop() -> None:
    found = problems_of("include self.map\n", "self.map", read_include=lambda name: "include self.map\n")
    assert len(found) == 1
    assert "nested too deeply" in found[0].message


def test_problem_in_included_file_names_that_file() -> None:
    files = {"base.map": HEADER + "army LON YOR\n"}
    found = problems_of("include base.map\narmy YOR LON\narmy YOR WAL\n", "edition.map",
                        read_include=files.__getitem__)
    assert [(p.source, p.line) for p in found] == [("edition.map", 3)]


def test_several_problems_all_reported() -> None:
    body = (
        "army LON YOR\n"                   # 1: no return link
        "army LON NTH\n"                   # 2: army to sea
        "fleet LON BIR\n"                  # 3: fleet inland
        "frobnicate\n"                     # 4: unknown directive
        'province YRK coast "York" YOR\n'  # 5: alias collides with Yorkshire's abbreviation
        "center LON\n"
        "home ENGLAND LON WAL\n"           # 7: WAL is no centre
        "unit ENGLAND A NTH\n"             # 8: army at sea
        "fleet SPA/EC NTH\n"               # 9: unknown coast
    )
    found = problems_of(HEADER + body)
    lines = sorted(p.line - HEADER_LINES for p in found)
    assert lines == [1, 2, 3, 4, 5, 7, 8, 9]
    assert all(p.source == "test.map" for p in found)
    text = str(MapError(found))
    assert text.count("\n") == len(found) - 1
    assert f"test.map:{HEADER_LINES + 4}: unknown directive 'frobnicate'" in text


# -- oneway, unlink and editions ------------------------------------------------

def test_oneway_suppresses_asymmetry() -> None:
    board = parse_map(HEADER + "oneway army LON YOR\n", "test.map")
    assert board.army_can_move("LON", "YOR")
    assert not board.army_can_move("YOR", "LON")


def test_oneway_fleet_with_coast() -> None:
    board = parse_map(HEADER + "oneway fleet SPA/NC NTH\n", "test.map")
    assert board.fleet_can_move("SPA/NC", "NTH")
    assert not board.fleet_can_move("NTH", "SPA/NC")


def test_unlink_removes_both_directions() -> None:
    board = parse_map(HEADER + "army LON YOR WAL\narmy YOR LON\narmy WAL LON\nunlink army YOR LON\n",
                      "test.map")
    assert not board.army_can_move("LON", "YOR")
    assert not board.army_can_move("YOR", "LON")
    assert board.army_can_move("LON", "WAL") and board.army_can_move("WAL", "LON")


def test_unlink_of_missing_link() -> None:
    problem = only_problem("unlink army LON YOR\n")
    assert at(problem) == 1
    assert "there is no such link" in problem.message


def test_edition_builds_on_base() -> None:
    base = HEADER + (
        "army LON YOR WAL\narmy YOR LON WAL\narmy WAL LON YOR\n"
        "fleet LON NTH\nfleet NTH LON\n"
        "center LON\ncenter YOR\nhome ENGLAND LON YOR\nunit ENGLAND A LON\n"
    )
    edition = (
        "name edition\n"
        "include base.map\n"
        "unlink army LON WAL\n"          # no passage at all
        "unlink army YOR WAL\n"          # ... and then one way only
        "oneway army WAL YOR\n"
        "nocenter YOR\n"
        "center WAL\n"
        "home ENGLAND WAL\n"
    )
    # YOR is still a home centre of the base, so taking its centre away is an error.
    found = problems_of(edition, "edition.map", read_include={"base.map": base}.__getitem__)
    assert [(p.source, p.message) for p in found] == [
        ("base.map", "home centre YOR is not declared a supply centre")]

    base = base.replace("home ENGLAND LON YOR", "home ENGLAND LON")
    board = parse_map(edition, "edition.map", read_include={"base.map": base}.__getitem__)
    assert board.name == "edition"
    assert not board.army_can_move("LON", "WAL") and not board.army_can_move("WAL", "LON")
    assert board.army_can_move("WAL", "YOR") and not board.army_can_move("YOR", "WAL")
    assert board.army_can_move("LON", "YOR")
    assert set(board.centers) == {"LON", "WAL"}
    assert board.homes["ENGLAND"] == ("LON", "WAL")


def test_a_colour_line_gives_a_power_its_picture_colour_and_bad_ones_are_refused() -> None:
    assert parse_map(HEADER + "colour ENGLAND 0a1B2c\n").colours == {"ENGLAND": "#0A1B2C"}
    assert parse_map(HEADER).colours == {}
    assert "six hex digits" in only_problem("colour ENGLAND #0A1B2C\n").message   # '#' starts a comment
    assert "six hex digits" in only_problem("colour ENGLAND blue\n").message
    assert only_problem("colour FRANCE 0A1B2C\n").message == "colour: unknown power 'FRANCE'"


def test_a_title_line_names_a_power_in_mails_and_is_read_as_a_spelling_too() -> None:
    board = parse_map(HEADER + 'title ENGLAND "United Kingdom"\n')
    england = board.powers["ENGLAND"]
    assert (england.name, england.letter, england.title) == ("ENGLAND", "E", "United Kingdom")
    assert board.power_named("united kingdom") == "ENGLAND" and board.power_named("English") == "ENGLAND"
    assert parse_map(HEADER).powers["ENGLAND"].title == ""
    assert only_problem('title FRANCE "La France"\n').message == "title: unknown power 'FRANCE'"
    assert "title takes POWER" in only_problem("title ENGLAND\n").message
    two = HEADER + "power FRANCE F French\n" + 'title FRANCE "English"\n'
    assert [p.message for p in problems_of(two)] == ["'English' names both ENGLAND and FRANCE"]
