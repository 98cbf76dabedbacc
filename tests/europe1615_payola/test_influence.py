"""The Political and Religious Influence phase: yearly INFs, placement, home boxes, DOMINION (PY-06 to PY-12)."""

from __future__ import annotations

from judge.engine import adjudicate
from judge.engine.results import OK, VOID
from judge.paths import gamedata_dir
from judge.variants.europe1615.inputs import Deploy
from judge.variants.europe1615_payola.influence import yearly_grant
from tests.europe1615_payola.helpers import APRIL, EDITIONS, MARCH, game, start, variant

MARCH_TABLE = {"SPAIN": (9, 13, 17, 21, 25, 29), "FRANCE": (11, 15, 19, 23, 27, 31),
               "ENGLAND": (18, 22, 26, 30, 34, 38), "DENMARK": (15, 19, 23, 27, 31, 35),
               "AUSTRIA": (28, 35, 42, 49, 56, 63)}


def test_R_1303_04_the_1615_infs_england_18_denmark_15_austria_28_spain_9_france_11() -> None:
    state = start(MARCH)
    assert {p: yearly_grant(game(MARCH), state, p) for p in MARCH_TABLE} == {
        "ENGLAND": 18, "DENMARK": 15, "AUSTRIA": 28, "SPAIN": 9, "FRANCE": 11}


def test_PY_07_the_table_of_inf_allocation_per_year_and_its_columns() -> None:
    """A-1303-03: the headerless columns are Spain, France, England, D/S, Austria (the 1615 row says so)."""
    for edition in EDITIONS:
        state = start(edition)
        for year in range(1615, 1621):
            state.phase = state.phase.__class__("S", year, "P")
            for power, row in MARCH_TABLE.items():
                assert yearly_grant(game(edition), state, power) == row[year - 1615], (edition, power, year)


def test_R_1304_04_the_april_edition_uses_the_march_table_as_a_fallback() -> None:
    assert game(APRIL).edition.yearly_infs == game(MARCH).edition.yearly_infs
    assert "FALLBACK" in (gamedata_dir() / APRIL / "ruleset.toml").read_text(encoding="utf-8")


def test_EX_1303_05_france_receives_15_infs_in_1616() -> None:
    """"Next year, France receives 15 INFs to distribute" (no centre gained or lost)."""
    v = variant(MARCH)
    state = start(MARCH)
    while str(state.phase) != "S1616P":
        state = adjudicate(v, state, {}).state
    assert yearly_grant(game(MARCH), state, "FRANCE") == 15


def test_PY_07_three_infs_more_per_centre_gained_beyond_home_three_fewer_per_home_lost() -> None:
    state = start(APRIL)
    state.centers["RHI"].discard("RHI")
    state.centers["FRANCE"].add("RHI")                  # France gains one beyond its homes ...
    state.centers["FRANCE"].discard("BUR")              # ... and loses a home
    state.centers["SPAIN"].add("BUR")                   # Spain gains one beyond its homes
    g = game(APRIL)
    assert yearly_grant(g, state, "FRANCE") == 11 + 3 - 3
    assert yearly_grant(g, state, "SPAIN") == 9 + 3
    state.centers["FRANCE"] -= {"PAR", "NOR", "PRO", "BRT"}
    assert yearly_grant(g, state, "FRANCE") == 0  # 11 + 3 - 15: never below nothing


def _influence(edition: str, orders: dict[str, list[Deploy]]) -> tuple[dict[str, dict[str, int]], list]:
    outcome = adjudicate(variant(edition), start(edition), orders)
    return outcome.state.extra["influence"], outcome.results


def test_R_1303_05_PY_08_unused_infs_go_into_the_powers_own_home_box() -> None:
    infs, _ = _influence(MARCH, {"FRANCE": [Deploy("LOR", 5)]})
    assert infs["LOR"] == {"FRANCE": 5} and infs["FRANCE"] == {"FRANCE": 6}
    assert infs["AUSTRIA"] == {"AUSTRIA": 28}  # a power that places nothing keeps all of them there


def test_R_1304_06_infs_into_another_powers_home_box() -> None:
    infs, results = _influence(APRIL, {"AUSTRIA": [Deploy("FRANCE", 5)]})
    assert infs["FRANCE"] == {"AUSTRIA": 5, "FRANCE": 11}
    assert [r.result for r in results] == [OK]


def test_R_1304_07_home_box_infs_may_be_placed_again_the_next_year() -> None:
    v = variant(APRIL)
    state = adjudicate(v, start(APRIL), {}).state        # 1615: France keeps its 11 in its box
    while str(state.phase) != "S1616P":
        state = adjudicate(v, state, {}).state
    outcome = adjudicate(v, state, {"FRANCE": [Deploy("LOR", 20)]})  # 15 this year + 5 of the 11 kept
    infs = outcome.state.extra["influence"]
    assert infs["LOR"] == {"FRANCE": 20} and infs["FRANCE"] == {"FRANCE": 6}
    refused = adjudicate(v, state, {"FRANCE": [Deploy("LOR", 27)]}).results
    assert refused[0].result == VOID and "15 INFs left to place and 11 in its home box" in refused[0].message


def test_R_1303_06_no_infs_in_the_barbary_or_papal_states_or_an_unknown_place() -> None:
    _, results = _influence(MARCH, {"SPAIN": [Deploy("FEZ", 1), Deploy("ROM", 1), Deploy("XYZ", 1),
                                              Deploy("HES", 0)]})
    assert [r.result for r in results] == [VOID] * 4
    assert "not a pliant minor state" in results[0].message and "at least one" in results[3].message


def test_more_infs_than_a_power_has_are_refused_line_by_line() -> None:
    infs, results = _influence(MARCH, {"SPAIN": [Deploy("HES", 5), Deploy("SAX", 5)]})
    assert [r.result for r in results] == [OK, VOID]
    assert results[1].message == "SPAIN has only 4 INFs left to place" and infs["HES"] == {"SPAIN": 5}


def test_a_state_is_named_by_its_province_or_its_name() -> None:
    infs, _ = _influence(APRIL, {"SPAIN": [Deploy("DUT", 2), Deploy("United Netherlands", 1), Deploy("Svebia", 1)]})
    assert infs["UNI"] == {"SPAIN": 3} and infs["WUR"] == {"SPAIN": 1}


def test_R_1304_11_a_dominion_takes_infs_from_its_owner_only() -> None:
    state = start(APRIL)
    state.extra["dominion"], state.extra["dominion_year"] = {"SAX": "AUSTRIA"}, {"SAX": 1614}
    outcome = adjudicate(variant(APRIL), state, {"AUSTRIA": [Deploy("SAX", 5)], "FRANCE": [Deploy("SAX", 5)]})
    assert [r.result for r in outcome.results] == [OK, VOID]
    assert "DOMINION of AUSTRIA" in outcome.results[1].message
    assert outcome.state.extra["influence"]["SAX"] == {"AUSTRIA": 5}
    state.extra["dominion_year"] = {"SAX": 1613}   # "during the coming ... influence phase" only
    assert [r.result for r in adjudicate(variant(APRIL), state, {"FRANCE": [Deploy("SAX", 5)]}).results] == [OK]
