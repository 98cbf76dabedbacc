"""The two Payola editions' maps: include editions of base.map that keep what seeds 001 and 004 state.

Each value is marked in gamedata/europe1615/SOURCES.md §8; these tests pin down
the KNOWN and DERIVED ones, so that a GM who corrects a RECONSTRUCTED guess
cannot break a fact.
"""

from __future__ import annotations

import math

import pytest

from judge.app.cli import main
from judge.app.mapcli import check_map
from judge.engine.geography import Map, Terrain
from judge.paths import gamedata_dir
from tests.europe1615_payola.helpers import APRIL, EDITIONS, MARCH, board, ruleset

FOLDER = gamedata_dir() / "europe1615"
POWERS = ("AUSTRIA", "DENMARK", "ENGLAND", "FRANCE", "SPAIN")


@pytest.fixture(params=EDITIONS)
def edition(request: pytest.FixtureRequest) -> str:
    return str(request.param)


def test_judge_map_check_is_clean_for_both_editions(capsys: pytest.CaptureFixture[str]) -> None:
    for name in ("2013-03.map", "2013-04.map", "2013-payola.map"):
        assert check_map(FOLDER / name) == [], name
        assert main(["map", "check", str(FOLDER / name)]) == 0
    out = capsys.readouterr().out
    assert "59 supply centres, 49 units" in out and "56 supply centres, 49 units" in out


def test_both_editions_are_include_editions_of_the_base_map() -> None:
    for name in ("2013-03.map", "2013-04.map"):
        text = (FOLDER / name).read_text(encoding="utf-8")
        assert "include 2013-payola.map" in text
    assert "include base.map" in (FOLDER / "2013-payola.map").read_text(encoding="utf-8")


def test_geography_is_sound(edition: str) -> None:
    """Links go both ways, no link spans half of Europe, every state is land, homes are owned once."""
    m = board(edition)
    for adjacency, limit in ((m.army_adjacency, 900), (m.fleet_adjacency, 1600)):
        for source, targets in adjacency.items():
            for target in targets:
                assert source in adjacency[target]
                assert _km(m, source, target) < limit, (source, target)
    seen: set[str] = set()
    for owner, homes in m.homes.items():
        assert not seen & set(homes), owner
        seen |= set(homes)
    for minor, provinces in m.states.items():
        assert all(m.provinces[p].terrain is not Terrain.SEA for p in provinces), minor


def _km(m: Map, a: str, b: str) -> float:
    (x1, y1), (x2, y2) = m.labels[m.province_of(a)], m.labels[m.province_of(b)]
    return 111.2 * math.hypot((x1 - x2) * math.cos(math.radians((y1 + y2) / 2)), y1 - y2)


def test_R_1303_02_R_1304_02_PY_01_the_five_powers_and_their_faiths(edition: str) -> None:
    assert tuple(sorted(board(edition).powers)) == POWERS
    faiths = ruleset(edition).edition.faiths
    assert {p for p, f in faiths.items() if f == "PROTESTANT"} == {"ENGLAND", "DENMARK"}
    assert {p for p, f in faiths.items() if f == "CATHOLIC"} == {"AUSTRIA", "FRANCE", "SPAIN"}


def test_PY_34_every_centre_is_worth_3_9_or_15(edition: str) -> None:
    m = board(edition)
    assert {m.provinces[c].center for c in m.centers} == {3, 9, 15}


def test_EX_1303_04_the_march_homes_count_by_value_as_the_funds_table() -> None:
    """001's table: SCs of value 3/9/15 per power, and the funds 57/48/45/48/45 they add up to."""
    m = board(MARCH)
    counts = {p: tuple(sum(1 for c in m.homes[p] if m.provinces[c].center == v) for v in (3, 9, 15)) for p in POWERS}
    assert counts == {"SPAIN": (5, 3, 1), "FRANCE": (5, 2, 1), "AUSTRIA": (4, 2, 1), "ENGLAND": (2, 3, 1),
                      "DENMARK": (1, 3, 1)}
    funds = {p: sum(m.provinces[c].center for c in m.homes[p]) for p in POWERS}
    assert funds == {"SPAIN": 57, "FRANCE": 48, "AUSTRIA": 45, "ENGLAND": 48, "DENMARK": 45}
    assert dict(ruleset(MARCH).edition.start_funds) == funds


def test_R_1304_42_the_april_start_funds_are_rebuilt_from_the_home_values() -> None:
    """Funds v2.jpg is lost: each power's home values, as the March table is (payola.md §A4's 51 and 42)."""
    m = board(APRIL)
    funds = {p: sum(m.provinces[c].center for c in m.homes[p]) for p in POWERS}
    assert funds == {"SPAIN": 51, "FRANCE": 48, "AUSTRIA": 42, "ENGLAND": 48, "DENMARK": 45}
    assert dict(ruleset(APRIL).edition.start_funds) == funds


def test_R_1304_57_PY_45_the_april_starting_units_as_the_text_lists_them(edition: str) -> None:
    """004's units (the March text gives none: the same units, SOURCES.md [P-U1])."""
    m = board(edition)
    text = {"FRANCE": "A(PAR) A(TOU) A(POI) F(NOR) F(BRITTANY)", "SPAIN": "F(GAL) A(MAD) A(CAT) A(MIL) A(SPA)",
            "AUSTRIA": "A(BOH) A(MORAVIA) A(HUN) A(CRO) A(VIE)", "ENGLAND": "A(SCO) A(WAL) A(LNC) F(LON) F(GLO)",
            "DENMARK": "F(NWY) F(SWE) F(SCA) A(COP) A(HOL)"}
    for power, units in text.items():
        wanted = sorted((u[0], m.resolve_name(u[2:-1])) for u in units.split())
        assert sorted((u.unit_type, u.location) for u in m.starting_units if u.power == power) == wanted, power


def test_EX_1304_04_builds_due_in_1615_if_nothing_changes_hands() -> None:
    """England 1, Austria 1, France 3, Spain 2, Denmark/Sweden none (R-1304-56)."""
    rules = ruleset(APRIL)
    state = rules.initial_state()
    due = {p: rules.adjustment_count(state, p) for p in POWERS}
    assert due == {"ENGLAND": 1, "AUSTRIA": 1, "FRANCE": 3, "SPAIN": 2, "DENMARK": 0}


def test_R_1304_30_lorraine_posen_and_switzerland_have_no_centre_in_april() -> None:
    m = board(APRIL)
    for minor in ("LOR", "POS", "SWI"):
        assert minor in m.states and not any(m.provinces[p].is_center for p in m.states[minor])
        assert not any(u.power == minor for u in m.starting_units)


def test_R_1303_28_only_posen_and_switzerland_lack_a_centre_in_march() -> None:
    """001: "Although Posen (POS) and Switzerland (SWI) do not have supply centers"; LOR pays France tribute."""
    m = board(MARCH)
    centreless = {s for s, ps in m.states.items() if not any(m.provinces[p].is_center for p in ps)}
    assert centreless == {"POS", "SWI"}
    assert m.provinces["LOR"].is_center


def test_EX_1303_03_the_rhineland_is_worth_9(edition: str) -> None:
    """"a supply center worth 9 VPs", at +1 VP per supply point (R-1303-29)."""
    assert board(edition).provinces["RHI"].center == 9


def test_R_1304_48_the_eight_illegal_fleet_orders_both_ways(edition: str) -> None:
    m = board(edition)
    for pair in ("ADR-NAP", "BAL-HLS", "BAL-SKA", "NTH-COP", "COP-HLS", "MEC-HLS", "ATL-SCO", "CEL-SCO"):
        a, b = (m.resolve_name(x) for x in pair.split("-"))
        assert a and b
        for src, dst in ((a, b), (b, a)):
            assert not any(m.fleet_targets(loc, dst) for loc in m.locations_of(src)), pair


def test_R_1304_49_armies_cross_between_gra_and_fez_and_sic_and_nap(edition: str) -> None:
    m = board(edition)
    for pair in ("GRA-FEZ", "SIC-NAP"):
        a, b = (m.resolve_name(x) for x in pair.split("-"))
        assert a and b and m.army_can_move(a, b) and m.army_can_move(b, a), pair
    assert not m.army_can_move("IRE", "SCO") and not m.army_can_move("ANDL", "MOR")  # Version 3's, not these


def test_R_1304_47_fleets_start_in_ports_and_the_illegal_moves_lead_to_a_port(edition: str) -> None:
    m = board(edition)
    for unit in m.starting_units:
        if unit.unit_type == "F":
            assert m.provinces[m.province_of(unit.location)].port, unit
    assert all(m.provinces[p].port for p in ("NAP", "HOL", "DEN", "SCO"))


def test_PY_10_the_pliant_states_of_each_edition() -> None:
    march = ruleset(MARCH).edition.pliant
    assert sorted(march) == sorted("WUR BAV BOS BRA DAN HES IRE LOR LUN MEC POS PRU RHI SAV SAX SWI TRA TUS "
                                   "UNI VEN WES".split())
    assert sorted(ruleset(APRIL).edition.pliant) == sorted((*march, "POR"))
    for edition in EDITIONS:
        m, pliant = board(edition), ruleset(edition).edition.pliant
        assert all(s in m.states for s in pliant)
        assert not {"FEZ", "ALG", "TUN", "PAP"} & set(pliant)  # R-1303-06: the Barbary States cannot be influenced


def test_R_1304_41_portugal_is_a_minor_only_in_april() -> None:
    assert "POR" in board(APRIL).states and board(APRIL).homes["POR"] == ("POR",)
    assert "POR" not in board(MARCH).states and "POR" in board(MARCH).homes["SPAIN"]


def test_R_1304_45_the_holy_roman_empire() -> None:
    april, march = ruleset(APRIL).edition.hre, ruleset(MARCH).edition.hre
    outside = {"IRE", "POR", "VEN", "DAN", "PRU", "BOS", "TRA", "MOR", "ALG", "TUN"}
    assert {"NET", "LIE", "FCO", "MIL", "HOL"} <= april and not outside & april
    assert {"NET", "FCO", "MIL", "HOL"} <= march and "LIE" not in march and not outside & march
    m = board(APRIL)
    for minor in ruleset(APRIL).edition.pliant:
        inside = set(m.states[minor]) <= april
        assert inside == (minor not in {"IRE", "POR", "VEN", "DAN", "PRU", "BOS", "TRA"}), minor


def test_R_1303_32_the_reference_lists(edition: str) -> None:
    lists = ruleset(edition).edition.reference_lists
    assert lists["minor"] == ("AUSTRIA", "DENMARK", "ENGLAND", "FRANCE", "SPAIN")
    assert lists["IRE"] == ("ENGLAND", "FRANCE", "SPAIN", "DENMARK", "AUSTRIA")
    for barbary in ("FEZ", "ALG", "TUN", *(("POR",) if edition == APRIL else ())):
        assert lists[barbary] == ("SPAIN", "FRANCE", "AUSTRIA", "ENGLAND", "DENMARK"), barbary


def test_every_minor_centre_starts_with_its_unit(edition: str) -> None:
    m = board(edition)
    held = {m.province_of(u.location) for u in m.starting_units if u.power in m.states}
    minor_centres = {c for s, ps in m.states.items() for c in ps if m.provinces[c].is_center}
    assert held == minor_centres
