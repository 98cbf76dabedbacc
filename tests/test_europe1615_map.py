"""The Europe 1615 map: both editions load, match the rules texts, and replay the Spring 1615 example.

The map is reconstructed (gamedata/europe1615/SOURCES.md); these tests pin down
what the seeds state, so that a GM who corrects a guess cannot break a fact.
"""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from collections.abc import Mapping
from pathlib import Path

import pytest

from judge.app.cli import main
from judge.app.mapcli import check_map, draw_svg
from judge.engine import GameState, Phase, Ruleset, Unit, Variant, adjudicate
from judge.engine.geography import Map, Terrain
from judge.paths import gamedata_dir
from judge.reading.order_reader import parse_order
from judge.variants import load_map, load_variant

EDITIONS = ("europe1615-2013-08", "europe1615-v3")
FOLDER = gamedata_dir() / "europe1615"
DOCS = Path(__file__).resolve().parent.parent / "docs" / "maps"


@pytest.fixture(scope="module", params=EDITIONS)
def board(request: pytest.FixtureRequest) -> Map:
    return load_variant(request.param).map


@pytest.fixture(scope="module")
def m2013() -> Map:
    return load_variant("europe1615-2013-08").map


@pytest.fixture(scope="module")
def v3() -> Map:
    return load_variant("europe1615-v3").map


# -- the loader's checks, for every edition ------------------------------------------

def test_adjacencies_are_symmetric(board: Map) -> None:
    for adjacency in (board.army_adjacency, board.fleet_adjacency):
        for source, targets in adjacency.items():
            for target in targets:
                assert source in adjacency.get(target, ()), f"{source} -> {target} has no return"


def test_every_spelling_names_one_province(board: Map) -> None:
    for abbr, prov in board.provinces.items():
        for spelling in (abbr, prov.name, *prov.aliases):
            assert board.resolve_name(spelling) == abbr, spelling


def test_states_are_made_of_provinces_and_do_not_overlap(board: Map) -> None:
    seen: dict[str, str] = {}
    for state, provinces in board.states.items():
        assert provinces, state
        for abbr in provinces:
            assert abbr in board.provinces and board.provinces[abbr].terrain is not Terrain.SEA
            assert abbr not in seen, f"{abbr} is in {seen.get(abbr)} and {state}"
            seen[abbr] = state


def test_home_centres_are_owned_once_and_lie_in_their_state(board: Map) -> None:
    owner_of: dict[str, str] = {}
    for owner, homes in board.homes.items():
        for abbr in homes:
            assert board.provinces[abbr].is_center and abbr not in owner_of
            owner_of[abbr] = owner
            if owner in board.states:
                assert abbr in board.states[owner]


def test_starting_units_stand_on_their_owners_land(board: Map) -> None:
    for unit in board.starting_units:
        province = board.province_of(unit.location)
        owned = board.homes.get(unit.power, ()) + board.states.get(unit.power, ())
        assert province in owned, unit


def test_every_province_has_a_label_in_europe(board: Map) -> None:
    assert set(board.labels) == set(board.provinces)
    for abbr, (lon, lat) in board.labels.items():
        assert -20 < lon < 40 and 28 < lat < 70, abbr


def test_neighbours_are_near_each_other(board: Map) -> None:
    """A typo in a link or a label point shows up as a link across half of Europe."""
    for adjacency, limit in ((board.army_adjacency, 900), (board.fleet_adjacency, 1600)):
        for source, targets in adjacency.items():
            for target in targets:
                assert _km(board, source, target) < limit, (source, target)


def _km(board: Map, a: str, b: str) -> float:
    (x1, y1), (x2, y2) = board.labels[board.province_of(a)], board.labels[board.province_of(b)]
    return 111.2 * math.hypot((x1 - x2) * math.cos(math.radians((y1 + y2) / 2)), y1 - y2)


def test_armies_reach_every_province_of_the_continent(board: Map) -> None:
    """Only Great Britain (with Ireland) is an island for armies; the strait links tie the rest."""
    reached, todo = {"PAR"}, ["PAR"]
    while todo:
        for nxt in board.army_adjacency.get(todo.pop(), ()):
            if nxt not in reached:
                reached.add(nxt)
                todo.append(nxt)
    land = {a for a, p in board.provinces.items() if p.terrain is not Terrain.SEA}
    assert land - reached == {"SCO", "YOR", "LVR", "WAL", "BRI", "LON", "IRE"}


def test_gm_check_command_accepts_each_edition(capsys: pytest.CaptureFixture[str]) -> None:
    for name in ("2013-08.map", "v3.map", "base.map"):
        assert check_map(FOLDER / name) == []
        assert main(["map", "check", str(FOLDER / name)]) == 0
    assert "53 supply centres" in capsys.readouterr().out


# -- every abbreviation of provinces.md ------------------------------------------------

# The abbreviation column of ../shared/rules/provinces.md, section 1 (all Medeiros
# editions).  "Ot" is left out: it labels the Ottoman units, not a place.
PROVINCES_MD = """
ADR Al ALG ANDL ATL BAL BAV BIS BOH BOS BRA BRI BRS BUL CAS CAT CEL CHA COP CRO DAN DAU DEN DUT
ENG FEZ FRA GAL GLO GRA GRE GUY HES HLS HOL HUN IRE LIE LIT LIV LIVN LNC LON LOR LOW LOWR LUN LUX
LVR MAD MAR MEC MIL MOR MRV NAP NET NOR NTH NWY OTE PAP PAPL PAR PIA POI POL POR POS PRE PRO PRU
RHI ROM RUM SAL SAM SAV SAX SCA SCO SCOT SER SIC SIL SKA SLO SPA STO SUL SWE SWI Tn TOU TRA TUN
TUS UNI VEN VIE VIL WAL WAR WES WUR YOR
""".split()  # noqa: SIM905 (a table is easier to compare as text)


def test_every_abbreviation_of_the_seeds_resolves(m2013: Map, v3: Map) -> None:
    """A place name must be a province (or alias) of the base; a multi-province name a state of an edition."""
    states = set(m2013.states) | set(v3.states)
    for abbr in PROVINCES_MD:
        assert m2013.resolve_name(abbr) is not None or abbr in states, abbr


def test_clashing_abbreviations_keep_the_recent_meaning(m2013: Map) -> None:
    assert m2013.provinces["MOR"].name == "Morocco" and m2013.resolve_name("Moravia") == "MRV"
    assert m2013.provinces["FRA"].name == "Franconia" and m2013.resolve_name("Franche-Comte") == "FCO"
    assert m2013.provinces["BRI"].name == "Bristol" and m2013.resolve_name("Brittany") == "BRT"
    assert m2013.provinces["SKA"].terrain is Terrain.SEA and m2013.resolve_name("Scania") == "SCA"
    for alias, abbr in {"HLS": "HOL", "SCOT": "SCO", "UNI": "DUT", "LIVN": "LIV", "LNC": "LVR",
                        "BRS": "BRI", "GLO": "BRI", "COP": "DEN", "SPA": "NET", "FEZ": "MOR", "SUL": "MOR"}.items():
        assert m2013.resolve_name(alias) == abbr, alias


# -- special movement, both editions ---------------------------------------------------

ILLEGAL_FLEET_MOVES = ("ADR-NAP", "BAL-HLS", "BAL-SKA", "NTH-COP", "COP-HLS", "MEC-HLS", "ATL-SCO", "CEL-SCO")


def test_the_illegal_fleet_moves_are_impossible_both_ways(board: Map) -> None:
    for pair in ILLEGAL_FLEET_MOVES:
        a, b = (board.resolve_name(x) for x in pair.split("-"))
        assert a and b
        for src, dst in ((a, b), (b, a)):
            assert not any(board.fleet_targets(loc, dst) for loc in board.locations_of(src)), pair


def test_the_strait_links_carry_armies(board: Map) -> None:
    for pair in ("GRA-FEZ", "SIC-NAP", "IRE-SCOT", "ANDL-SUL"):
        a, b = (board.resolve_name(x) for x in pair.split("-"))
        assert a and b and board.army_can_move(a, b) and board.army_can_move(b, a), pair
    assert board.fleet_can_move("IRE", "SCO") and board.fleet_can_move("ANDL", "MOR")  # "and fleets" (v3)


def test_holstein_has_two_coasts(board: Map) -> None:
    assert board.provinces["HOL"].coasts == ("WC", "EC")
    assert board.fleet_can_move("NTH", "HOL/WC") and not board.fleet_can_move("NTH", "HOL/EC")
    assert board.fleet_can_move("JUT", "HOL/EC")


def test_the_papal_states_border_exactly_the_four_the_text_names(board: Map) -> None:
    """v3: "the Papal States (ROM and MAR) or adjacent provinces (VEN, PIA, TUS, and NAP)"."""
    near = set(board.army_adjacency["ROM"]) | set(board.army_adjacency["MAR"])
    assert near - {"ROM", "MAR"} == {"VEN", "PIA", "TUS", "NAP"}


# -- the 2013-08 edition -----------------------------------------------------------------

def test_2013_08_counts_53_centres(m2013: Map) -> None:
    homes = {p: len(h) for p, h in m2013.homes.items() if p in m2013.powers}
    assert homes == {"FRANCE": 5, "SPAIN": 6, "AUSTRIA": 4, "ENGLAND": 4, "SCANDINAVIA": 5}
    minor = [c for s, ps in m2013.states.items() if s != "OTE" for c in ps if m2013.provinces[c].is_center]
    ottoman = [c for c in m2013.states["OTE"] if m2013.provinces[c].is_center]
    assert (sum(homes.values()), len(minor), len(ottoman), len(m2013.centers)) == (24, 25, 4, 53)


def test_2013_08_states(m2013: Map) -> None:
    s = m2013.states
    assert (s["POL"], s["LIT"], s["PAP"]) == (("WAR", "DAN", "POS"), ("SAM", "VIL"), ("ROM", "MAR"))
    assert [x for x in ("MOR", "ALG", "TUN") if s[x] == (x,)] == ["MOR", "ALG", "TUN"]
    assert not m2013.provinces["FRA"].is_center and not m2013.provinces["SWI"].is_center


def test_2013_08_starting_units(m2013: Map) -> None:
    units = {(u.power, f"{u.unit_type} {u.location}") for u in m2013.starting_units}
    stated = {"FRANCE": "A PAR, A NOR, A GUY, F PRO", "SPAIN": "F GAL, A MAD, A LUX, A MIL, A NET",
              "AUSTRIA": "A BOH, A SLO, A VIE", "ENGLAND": "F BRI, F LON, A LVR",  # A(BRI) in the seed: C1
              "SCANDINAVIA": "F STO, A DEN, A SCA, F NWY", "OTE": "A SAL, A SER, F GRE, A BUL"}
    for power, listed in stated.items():
        assert {u for p, u in units if p == power} == set(listed.split(", ")), power
    for power in m2013.powers:  # "Each power starts with one unit less than the number of home supply centers."
        assert len([u for p, u in units if p == power]) == len(m2013.homes[power]) - 1


def test_2013_08_home_values_add_up_to_the_derived_phase_influence(m2013: Map) -> None:
    sums = {p: sum(m2013.provinces[c].center for c in m2013.homes[p]) for p in m2013.powers}
    assert sums == {"SPAIN": 70, "FRANCE": 68, "SCANDINAVIA": 65, "AUSTRIA": 62, "ENGLAND": 57}


def test_2013_08_ports(m2013: Map) -> None:
    fleets = [m2013.province_of(u.location) for u in m2013.starting_units if u.unit_type == "F"]
    assert all(m2013.provinces[p].port for p in fleets + ["NAP", "HOL", "DEN", "SCO", "DAU", "BIS"])
    assert all(p.terrain is Terrain.COAST for p in m2013.provinces.values() if p.port)


# -- the Version 3 edition ---------------------------------------------------------------

def test_v3_centre_values(v3: Map) -> None:
    values = {a: p.center for a, p in v3.provinces.items() if p.is_center}
    assert (min(values.values()), max(values.values())) == (3, 18)  # "ranging from 3 to 18"
    assert (values["SAX"], values["BRA"], values["MEC"]) == (9, 6, 3)  # 27 = 3 x 9; (6 + 3) x 3 = 27
    assert len(values) == 53


def test_v3_home_values_give_the_first_year_influence(v3: Map) -> None:
    inf = {p: sum(v3.provinces[c].center for c in v3.homes[p]) for p in v3.powers}
    assert (inf["SPAIN"], inf["FRANCE"], inf["AUSTRIA"]) == (37, 35, 33)  # 37 v 35; 68 - 35
    assert inf["ENGLAND"] < inf["AUSTRIA"] < inf["DENMARK"] < inf["FRANCE"]  # attack order E, A, D, F, S
    assert 21 <= inf["ENGLAND"] and 21 <= inf["DENMARK"] <= 36  # 14 votes each: "21-36 = 14"
    catholic, protestant = inf["SPAIN"] + inf["FRANCE"] + inf["AUSTRIA"], inf["ENGLAND"] + inf["DENMARK"]
    assert catholic < 2 * protestant  # "by a factor less than twice"
    assert "GUY" in v3.homes["FRANCE"] and "BOH" in v3.homes["AUSTRIA"]


def test_v3_states_and_units(v3: Map) -> None:
    s = v3.states
    assert s["LOWR"] == ("BRE", "LUN") and s["PAPL"] == ("ROM", "MAR") and len(s["POL"]) == 7
    assert {v3.provinces[p].name for p in s["POL"]} >= {"Warsaw", "Vilnius", "Danzig", "Posen", "Podolia"}
    units = {v3.province_of(u.location): u for u in v3.starting_units}
    assert {f"{u.unit_type} {u.location}" for u in v3.starting_units if u.power == "OTE"} == {"A RUM", "A SER"}
    assert "CAT" in s and not v3.provinces["CAT"].is_center and "CAT" not in units  # passable, no centre, no unit
    assert "MOR" in s and v3.provinces["MOR"].is_center
    assert not any(units.get(p) and units[p].unit_type == "A" for p in s["DUT"] + s["SWE"])  # S, D "when built"
    assert not any(p.port for p in v3.provinces.values())  # v3 has no port rule


def test_v3_ottoman_weighted_order(v3: Map) -> None:
    """EX-v3-03: SER-BOS by Spain (37) beats France's hold (35), loses to France + Austria (68)."""
    class Weighted(Ruleset):
        def order_weights(self, state: GameState, owner: str, unit: Unit) -> Mapping[str, int]:
            return {"SPAIN": 37, "FRANCE": 35, "AUSTRIA": 33} if owner == "OTE" else {owner: 1}

    variant = Variant("v3-weighted", v3, Weighted(v3))
    state = GameState(Phase.parse("S1615M"), {"OTE": [Unit("A", "SER"), Unit("A", "RUM")]})
    move, hold = parse_order("SER-BOS", v3), parse_order("SER H", v3)
    alone = adjudicate(variant, state, {"SPAIN": [move], "FRANCE": [hold]})
    assert Unit("A", "BOS") in alone.state.units["OTE"]
    outvoted = adjudicate(variant, state, {"SPAIN": [move], "FRANCE": [hold], "AUSTRIA": [hold]})
    assert Unit("A", "SER") in outvoted.state.units["OTE"]


# -- the Spring 1615 example of the 2013-08 text -------------------------------------------

# The orders as printed, and the adjudication as printed beside them.
SPRING_1615 = {
    "FRANCE": [("GUY-BIS", "STANDOFF"), ("PAR-CHA", "RESOLVED"), ("NOR S PAR-CHA", "RESOLVED"),
               ("PRO-DAU", "RESOLVED"), ("WUR S BAV HOLD", "RESOLVED")],
    "AUSTRIA": [("BOH – SIL", "RESOLVED"), ("VIE-MRV", "RESOLVED"), ("SLO – PRE", "STANDOFF"),
                ("BAV HOLD", "RESOLVED"), ("FRA HOLD", "RESOLVED"), ("SAX HOLD", "RESOLVED"),
                ("POL HOLD", "RESOLVED")],
    "SCANDINAVIA": [("STO-BAL", "RESOLVED"), ("DEN-MEC", "FAILED"), ("BRA S DEN-MEC", "FAILED"),
                    ("SCA-DEN", "FAILED"), ("NWY-NTH", "STANDOFF"), ("DUT S NWY-NTH", "DISLODGED"),
                    ("LIV HOLD", "RESOLVED")],
    "SPAIN": [("NET-DUT", "RESOLVED"), ("GAL-BIS", "STANDOFF"), ("MAD-CAS", "RESOLVED"),
              ("MIL-SWI", "RESOLVED"), ("LUX HOLD", "RESOLVED"), ("WES S NET-DUT", "RESOLVED")],
    "ENGLAND": [("LON-NTH", "STANDOFF"), ("LVR-YOR", "RESOLVED"), ("BRS-ENG", "RESOLVED"),
                ("HUN-PRE", "STANDOFF")],
}
EXPECTED = {"RESOLVED": {"ok"}, "STANDOFF": {"bounce"}, "FAILED": {"bounce", "void"}, "DISLODGED": {"dislodged"}}

# Statuses the example states or its tally implies (examples.md EX-1308-01, step 3).
ALIGNED = {"RHI": "FRANCE", "WUR": "FRANCE", "BAV": "AUSTRIA", "FRA": "AUSTRIA", "POL": "AUSTRIA",
           "SAX": "AUSTRIA", "HES": "SCANDINAVIA", "BRA": "SCANDINAVIA", "DUT": "SCANDINAVIA",
           "LIV": "SCANDINAVIA", "WES": "SPAIN", "HUN": "ENGLAND"}
NEUTRAL = {"LOW", "MEC", "OTE", "MOR", "ALG", "TUN"}  # "MEC NEUTRAL"; Ottomans and Barbary "neutral"


class Statuses(Ruleset):
    """Test-only: a minor unit obeys its aligned power (or nobody); a NEUTRAL state cannot be entered."""

    def order_weights(self, state: GameState, owner: str, unit: Unit) -> Mapping[str, int]:
        if owner in self.map.powers:
            return {owner: 1}
        return {ALIGNED[owner]: 1} if owner in ALIGNED else {}

    def may_enter(self, state: GameState, owner: str, unit: Unit, province: str) -> bool:
        return not any(province in self.map.states[s] for s in NEUTRAL)


def _seed_order(text: str, board: Map):  # -> Order
    # "POL HOLD" orders Poland's unit, which stands in Warsaw; the en dashes are the seed's.
    return parse_order(text.replace("–", "-").replace("POL ", "WAR "), board)


@pytest.fixture(scope="module")
def spring_1615(m2013: Map):  # -> PhaseOutcome
    units: dict[str, list[Unit]] = {}
    for u in m2013.starting_units:
        units.setdefault(u.power, []).append(Unit(u.unit_type, u.location))
    centers = {p: set(h) for p, h in m2013.homes.items() if p in m2013.powers}
    orders = {p: [_seed_order(text, m2013) for text, _ in lines] for p, lines in SPRING_1615.items()}
    return adjudicate(Variant("spring-1615", m2013, Statuses(m2013)),
                      GameState(Phase.parse("S1615M"), units, centers), orders)


def test_every_example_order_is_legal_on_the_map(m2013: Map) -> None:
    units = {m2013.province_of(u.location): u.unit_type for u in m2013.starting_units}
    for lines in SPRING_1615.values():
        for text, _ in lines:
            order = _seed_order(text, m2013)
            if order.location == "FRA":
                assert "FRA" not in units  # Franconia is "without a SC/unit" (C4)
                continue
            # a move must reach its target; a support must reach where it supports (a hold: the unit's place)
            goal = next((g for g in (getattr(order, a, None) for a in ("target", "destination", "supported")) if g),
                        None)
            if goal is not None:
                assert m2013.can_reach_province(units[order.location], order.location, m2013.province_of(goal)), text


def test_spring_1615_reproduces_the_printed_adjudication(m2013: Map, spring_1615) -> None:
    got = {r.order: r.result for r in spring_1615.results}
    for lines in SPRING_1615.values():
        for text, printed in lines:
            order = str(_seed_order(text, m2013))
            if text == "FRA HOLD":
                # The text prints "FRA HOLD RESOLVED" but also says Franconia is "without a SC/unit";
                # following the rules, an order to no unit is void (contradiction C4).
                assert got[order] == "void"
                continue
            # DEN-MEC is void (MEC is NEUTRAL, so impassable) and BRA's support of it void with it;
            # SCA-DEN bounces off the Danish army that stayed: all three are the text's FAILED.
            assert got[order] in EXPECTED[printed], (text, got[order])


def test_spring_1615_final_positions(spring_1615) -> None:
    units = {p: {str(u) for u in us} for p, us in spring_1615.state.units.items()}
    assert units["FRANCE"] == {"A CHA", "A NOR", "A GUY", "F DAU"}
    assert units["AUSTRIA"] == {"A SIL", "A MRV", "A SLO"}
    assert units["SCANDINAVIA"] == {"F BAL", "A DEN", "A SCA", "F NWY"}
    assert units["SPAIN"] == {"A DUT", "F GAL", "A CAS", "A SWI", "A LUX"}
    assert units["ENGLAND"] == {"F LON", "A YOR", "F ENG"} and units["HUN"] == {"A HUN"}
    assert [(d.power, str(d.unit)) for d in spring_1615.dislodged] == [("DUT", "F DUT")]


# -- judge map check / draw -------------------------------------------------------------

def test_check_prints_every_problem_with_its_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "base.map").write_text((FOLDER / "base.map").read_text(encoding="utf-8"), encoding="utf-8")
    edition = (FOLDER / "2013-08.map").read_text(encoding="utf-8")
    edition += "\nfleet BAL HOL/WC\nhome SPAIN PAR\nstate XX \"Nowhere\" ATLANTIS\nunit FRANCE F TOU\n"
    (tmp_path / "mine.map").write_text(edition, encoding="utf-8")
    lines = len(edition.splitlines())
    assert main(["map", "check", str(tmp_path / "mine.map")]) == 1
    out = capsys.readouterr().out
    assert f"mine.map:{lines - 3}: fleet link BAL -> HOL/WC has no return" in out
    assert f"mine.map:{lines - 1}: unknown province 'ATLANTIS'" in out
    problems = [str(p) for p in check_map(tmp_path / "mine.map")]
    assert len(problems) == 2  # the loader stops before the lints; fix those and lint again
    edition = edition.replace("fleet BAL HOL/WC\n", "").replace("state XX \"Nowhere\" ATLANTIS\n", "")
    (tmp_path / "mine.map").write_text(edition, encoding="utf-8")
    lint = [str(p) for p in check_map(tmp_path / "mine.map")]
    assert f"mine.map:{lines - 3}: PAR is a home centre of both FRANCE and SPAIN" in lint
    assert f"mine.map:{lines - 2}: the fleet in TOU starts outside a port" in lint


@pytest.mark.parametrize("edition", EDITIONS)
def test_draw_makes_an_svg_with_every_province(edition: str, tmp_path: Path) -> None:
    out = tmp_path / "map.svg"
    assert main(["map", "draw", edition, "--out", str(out)]) == 0
    root = ET.parse(out).getroot()
    titles = [t.text or "" for t in root.iter("{http://www.w3.org/2000/svg}title")]
    board = load_variant(edition).map
    assert {t.split(":")[0] for t in titles[1:]} == set(board.provinces)
    assert out.read_text(encoding="utf-8") == (DOCS / f"{edition}.svg").read_text(encoding="utf-8"), \
        f"docs/maps/{edition}.svg is out of date: run judge map draw {edition} --out docs/maps/{edition}.svg"


def test_draw_accepts_a_map_file() -> None:
    svg = draw_svg(load_map(FOLDER / "base.map"))
    assert svg.startswith("<svg") and "HOL: Holstein" in svg
