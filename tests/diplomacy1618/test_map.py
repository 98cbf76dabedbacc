"""The rebuilt Diplomacy 1618 map (issue 14, item 1): what the text says of it, and what its file guards.

Each test names the rule (R-1618-nn, ``../shared/rules/digest.md`` §5) whose
fact it checks; SOURCES.md must account for every province and border.
"""

from __future__ import annotations

import math
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from judge.app.mapcli import check_map
from judge.engine.geography import Terrain
from judge.engine.mapfile import MapError, parse_map
from judge.paths import gamedata_dir
from judge.reading.lines import read_line
from judge.variants import load_variant

ROOT = Path(__file__).resolve().parents[2]
DRAWN = ROOT / "docs" / "maps" / "diplomacy1618.svg"
FOLDER = gamedata_dir() / "diplomacy1618"
BOARD = load_variant("diplomacy1618").map
NORTH_SEA_COAST = ("ANT", "HLD", "FRI", "GRO", "BRM", "HAM", "HOL", "PIC")


def test_judge_map_check_by_variant_name_is_clean() -> None:
    done = subprocess.run([sys.executable, "-m", "judge", "map", "check", "diplomacy1618"], capture_output=True,
                          text=True, cwd=ROOT, timeout=60, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "ok (75 provinces, 56 supply centres, 34 units)" in done.stdout
    assert check_map(FOLDER / "diplomacy1618.map") == []


def test_r_1618_14_the_texts_abbreviations_name_the_texts_places() -> None:
    named = {"Cop": "Copenhagen", "Rat": "Ratisbon", "Nur": "Nuremberg", "Bru": "Brussels", "Gro": "Groningen",
             "Gel": "Gelderland", "Utr": "Utrecht", "Hei": "Heidelberg", "Bay": "Bayreuth"}
    for abbr, name in named.items():
        assert BOARD.provinces[abbr.upper()].name == name
    assert BOARD.resolve_name("Hoth. Pom.") == "HPO" and BOARD.resolve_name("Farther Pomerania") == "FPO"


def test_r_1618_14_one_baltic_sea_north_of_pomerania_and_south_of_sweden() -> None:
    seas = [p for p in BOARD.provinces.values() if p.terrain is Terrain.SEA]
    assert [p.abbr for p in seas] == ["BAL"]
    assert {"STE", "HPO", "FPO", "SWE"} <= BOARD.fleet_adjacency["BAL"]


def test_r_1618_12_no_fleet_stands_or_moves_along_the_north_sea_coast() -> None:
    for abbr in NORTH_SEA_COAST:
        assert BOARD.provinces[abbr].terrain is Terrain.LAND, abbr
        assert abbr not in BOARD.fleet_adjacency
    assert all(b not in NORTH_SEA_COAST for a in BOARD.fleet_adjacency for b in BOARD.fleet_adjacency[a])


def test_r_1618_04_r_1618_15_starting_units_exactly_as_the_text_and_errata() -> None:
    start = {(u.power, u.unit_type, u.location) for u in BOARD.starting_units}
    expected = {
        "AUSTRIA": "A BRE, A VIE, A TRS, A TYR", "BAVARIA": "A LAN, A MUN, A BRA", "BRANDENBURG": "A BER, A UCK, A BRD",
        "DENMARK": "A HOL, A KIE, F COP", "PALATINATE": "A PAL, A HEI, A UPA", "POLAND": "A POS, A WAR, A DAN",
        "SAXONY": "A DRE, A LEI, A THU", "SPAIN": "A ANT, A BRU, A MIL", "SWEDEN": "A SWE, F BAL",
        "NETHERLANDS": "A UTR, A GEL, A FRI", "FRANCE": "A PAR, A CHA, A BUR", "BOH": "A PRA"}
    assert start == {(power, *unit.split()) for power, units in expected.items() for unit in units.split(", ")}
    assert len(BOARD.powers) == 11                                   # R-1618-03: eleven players


def test_r_1618_05_a_1618_03_thirty_three_homes_and_twenty_three_neutrals() -> None:
    homes = [c for power in BOARD.powers for c in BOARD.homes[power]]
    assert len(homes) == 33 and len(set(homes)) == 33
    assert BOARD.homes["SWEDEN"] == ("SWE", "SWX") and BOARD.offboard == frozenset({"SWX"})
    assert len(BOARD.centers) == 56 and BOARD.victory == 29 == len(BOARD.centers) // 2 + 1
    assert {"PRA", "STE", "HPO", "RAT", "NUR", "GRO", "BAY", "FPO"} <= set(BOARD.centers) - set(homes)
    assert not BOARD.army_adjacency.get("SWX") and not BOARD.fleet_adjacency.get("SWX")


def test_sources_md_accounts_for_every_province_and_border() -> None:
    """The map can be read and corrected from gamedata/ alone: each value says where it comes from."""
    text = (FOLDER / "SOURCES.md").read_text(encoding="utf-8")
    for abbr in BOARD.provinces:
        assert re.search(rf"^\| {abbr}\b", text, re.M), abbr
    for kind, links in (("army", BOARD.army_adjacency), ("fleet", BOARD.fleet_adjacency)):
        for a, ends in links.items():
            for b in ends:
                if "BAL" in (a, b):
                    continue
                x, y = sorted((a, b))
                row = re.search(rf"^\| {kind} \| {x} – {y} \| (KNOWN|DERIVED|RECONSTRUCTED)", text, re.M)
                assert row, (kind, x, y)


# Issue 23, point 14: the borders re-examined against the public maps (SOURCES.md §5, "Borders
# re-examined"): True where the map has the army border, False where it must not.
RE_EXAMINED = {("GEL", "HLD"): True,      # DR Amsterdam-Gelder Valley, Amsterdam-Veluwe
               ("ANT", "UTR"): False,     # DR: Utrecht touches only Holland and Gelderland (the Betuwe between)
               ("MIL", "TYR"): False,     # ER: Graubunden (the Valtellina) and Brescia lie between
               ("BRM", "HOL"): False,     # G48 has no Elbe; ER crosses the lower Elbe only at Hamburg
               ("HOL", "LSX"): False,     # the same
               ("FPO", "HPO"): False}     # rule 7 and ER: Stettin reaches the Baltic between them


def test_r_1618_14_the_re_examined_borders_follow_the_public_maps_and_sources_md_says_why() -> None:
    text = (FOLDER / "SOURCES.md").read_text(encoding="utf-8")
    for (a, b), bordered in RE_EXAMINED.items():
        assert (b in BOARD.army_adjacency.get(a, ())) is bordered and (a in BOARD.army_adjacency.get(b, ())) is bordered
        assert re.search(rf"^\| {a} – {b} \| (kept|added|removed|not added) \|", text, re.M), (a, b)
    assert set(BOARD.army_adjacency["UTR"]) == {"GEL", "HLD"}
    assert set(BOARD.army_adjacency["HLD"]) == {"ANT", "GEL", "UTR"}     # a neutral centre with three neighbours
    assert set(BOARD.army_adjacency["MIL"]) == {"SWI", "VEN"} and {"SWI", "VEN"} <= BOARD.army_adjacency["TYR"]


# -- what the loader refuses ------------------------------------------------------------

MINI = """
power ONE O
province AAA land "Aaa"
province BBB land "Bbb"
province CCC land "Ccc"
army AAA BBB
army BBB AAA
center AAA
center BBB
home ONE AAA
"""


def test_the_loader_refuses_a_victory_count_the_centres_cannot_give() -> None:
    assert parse_map(MINI + "victory 2\n").victory == 2
    with pytest.raises(MapError, match=r"<map>:\d+: victory 3 is more than the 2 supply centres can give"):
        parse_map(MINI + "victory 3\n")
    with pytest.raises(MapError, match="victory takes a whole number"):
        parse_map(MINI + "victory none\n")


def test_an_off_board_place_has_no_links_and_no_unit_but_is_no_isolated_province(tmp_path: Path) -> None:
    assert parse_map(MINI + "center CCC\nhome ONE CCC\noffboard CCC\n").offboard == frozenset({"CCC"})
    with pytest.raises(MapError, match=r"off-board AAA has links \(BBB\)"):
        parse_map(MINI + "offboard AAA\n")
    with pytest.raises(MapError, match="no unit can start off the board in CCC"):
        parse_map(MINI + "offboard CCC\nunit ONE A CCC\n")
    (tmp_path / "mini.map").write_text(MINI + "offboard CCC\n", encoding="utf-8")
    assert check_map(tmp_path / "mini.map") == []                 # lint: off the board is not "no neighbour"
    (tmp_path / "lost.map").write_text(MINI, encoding="utf-8")
    assert [p.message for p in check_map(tmp_path / "lost.map")] == ["CCC has no neighbour at all"]


def test_a_power_spelling_may_name_only_one_power() -> None:
    board = parse_map(MINI + 'power TWO T Second "Second Power" "United Provinces"\n')
    assert board.power_named("united provinces") == "TWO" and board.power_named("Second-Power") == "TWO"
    assert board.power_named("") is None and board.power_named("three") is None
    with pytest.raises(MapError, match="'o' names both ONE and TWO"):
        parse_map(MINI + "power TWO T Other O\n")


@pytest.mark.parametrize(("line", "order"), [
    ("A Sweden - Scania", "A SWE - SCA"), ("Brandenburg - Magdeburg", "BRD - MAG"), ("Palatinate S Prague", "PAL S PRA"),
    ("Sweden A Sweden - Scania", "A SWE - SCA"), ("A Hoth. Pom. - Stettin", "A HPO - STE"),
    ("F Baltic Sea - Hither Pomerania", "F BAL - HPO")])
def test_provinces_named_like_their_powers_read_as_provinces_in_orders(line: str, order: str) -> None:
    """Sweden, Brandenburg and the Palatinate are both powers and provinces: an order's place is the province."""
    from judge.reading.order_reader import parse_order

    assert str(parse_order(line, BOARD)) == order


# -- every place the rules text names, read as a player writes it (issue 23, point 13) --------

# Rules 3 to 7 of seed 003 and its errata, as the text writes them (the places only: the
# prose of rules 6 and 8 to 10 names no place but Prague and the North Sea, see below).
RULES_TEXT = """
AUSTRIA: A Breslau, A Vienna, A Trieste, A Tyrol, (see rule 6)
BAVARIA: A Landshut, A Munich, A Braunau
BRANDENBURG: A Berlin, A Uckermark, A Brandenburg
DENMARK: A Holstein, A Kiel, F Copenhagen
PALATINATE: A Palatinate, A Heidelberg, A Upper Palatinate
POLAND: A Posen, A Warsaw, A Danzig
SAXONY: A Dresden, A Leipzig, A Thuringia
SPANISH HAPSBURGS: A Antwerp, A Brussels, A Milan
SWEDEN: A Sweden, F Baltic Sea
UNITED NETHERLANDS: A Utrecht, A Gelderland, A Frisia
FRANCE: A Paris, A Chalons, A Burgundy
4. ... If Sweden takes Hither Pomerania, he may use it as a Home Supply center.
5. If Brandenburg captures Stettin, he may use it as a Home Supply Center solely for the purpose of building fleets.
6. PRAGUE: ... If, at the end of Fall 1618, the Civil Disorder Army still occupies Prague, ...
7. Abbreviations on the map: Cop= Copenhagen; Rat= Ratisbon; Nur= Nuremberg; Bru= Brussels; Gro= Groningen;
Gel= Gelderland; Utr= Utrecht; Hei= Heidelberg; Bay= Bayreuth. The sea province to the north of Stettin,
Hoth. Pom., and Farther Pom. is the Baltic sea. The land province directly to the north of the Baltic is Sweden,
and is a home supply center.
FRANCE ... He gets A Paris A Burgundy, and A Chalons. Denmark is incorrectly listed as getting A Copenhagen;
this should be F Copenhagen.
"""


def _places_of_the_rules_text() -> list[str]:
    """Every spelling of a place in RULES_TEXT: the units' places, both sides of each abbreviation, the prose's."""
    text = " ".join(RULES_TEXT.split())
    places = re.findall(r"\b[AF] ([A-Z][a-z]+(?: [A-Z][a-z]+)*)", text)
    places += [name for pair in re.findall(r"(\w+)= (\w+)", text) for name in pair]
    sea_sentence = re.search(r"north of (.+?) is the (Baltic sea)", text)
    assert sea_sentence
    places += [*re.split(r",? and |, ", sea_sentence[1]), sea_sentence[2]]
    places += re.findall(r"(?:takes|captures|occupies|north of the) ([A-Z][a-z]+(?: [A-Z][a-z]+)*)", text)
    places += re.findall(r"Baltic is ([A-Z][a-z]+)", text)
    return places


def test_r_1618_14_every_place_the_rules_text_names_reads_as_a_province_in_an_order() -> None:
    """Rule 7's "Farther Pom." was unknown: each spelling the text uses must be a name a player can write."""
    game = load_variant("diplomacy1618")
    places = _places_of_the_rules_text()
    assert {"Farther Pom.", "Hoth. Pom.", "Upper Palatinate", "Gel", "Bayreuth", "Hither Pomerania"} <= set(places)
    read = {}
    for place in places:
        kind = "F" if place.lower().startswith("baltic") else "A"
        read[place] = str(read_line(game, None, f"{kind} {place} H")).split()[1]
    assert read["Stettin"] == "STE" and read["Hoth. Pom."] == "HPO" and read["Farther Pom."] == "FPO"
    assert all(p in BOARD.fleet_adjacency["BAL"] for p in ("STE", "HPO", "FPO", read["Sweden"]))  # rule 7
    for abbr, name in re.findall(r"(\w+)= (\w+)", " ".join(RULES_TEXT.split())):
        assert read[abbr] == read[name] == abbr.upper(), (abbr, name)
    # Rule 8's "North Sea area" is the sea the map leaves out (R-1618-12), not a province.
    assert BOARD.resolve_name("North Sea") is None


# -- judge map draw (issue 23, point 15) ------------------------------------------------------

SVG = "{http://www.w3.org/2000/svg}"


def test_r_1618_14_judge_map_draw_shows_every_province_at_its_label_with_its_borders(tmp_path: Path) -> None:
    """The map had no `label` lines and the drawing only its legend: each province's town is now its label."""
    out = tmp_path / "d1618.svg"
    done = subprocess.run([sys.executable, "-m", "judge", "map", "draw", "diplomacy1618", "--out", str(out)],
                          capture_output=True, text=True, cwd=ROOT, timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    root = ET.parse(out).getroot()
    groups = {g.get("id"): g for g in root.iter(f"{SVG}g") if g.get("id")}
    places = [g for g in groups["provinces"] if g.tag == f"{SVG}g"]
    assert {(g.findtext(f"{SVG}title") or "").split(":")[0] for g in places} == set(BOARD.provinces)
    assert all(t.text and t.text.split()[0] in BOARD.provinces for g in places for t in g.iter(f"{SVG}text")
               if t.get("font-size") == "10")
    army = {frozenset((a, b)) for a, ends in BOARD.army_adjacency.items() for b in ends}
    fleet = {frozenset((BOARD.province_of(a), BOARD.province_of(b))) for a, ends in BOARD.fleet_adjacency.items()
             for b in ends}
    assert len(groups["army-links"]) == len(army) and len(groups["fleet-links"]) == len(fleet)
    dots = [(float(c.get("cx", 0)), float(c.get("cy", 0))) for g in places for c in g.iter(f"{SVG}circle")]
    assert min(math.dist(a, b) for n, a in enumerate(dots) for b in dots[n + 1:]) > 16   # no two dots overlap
    assert out.read_text(encoding="utf-8") == DRAWN.read_text(encoding="utf-8"), \
        "docs/maps/diplomacy1618.svg is out of date: run judge map draw diplomacy1618 --out docs/maps/diplomacy1618.svg"
