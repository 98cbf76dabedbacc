"""Scoring by the objectives tables in 1616, 1618 and 1620 (R-1308-62 to R-1308-68; EX-1308-07)."""

from __future__ import annotations

from judge.variants.europe1615.objectives import score_by_tables, tables
from tests.europe1615_2013_08.helpers import play, position, setup, with_options


def captured_saxony(phase: str = "W1616S"):  # type: ignore[no-untyped-def]
    state = position(phase, units={"SCANDINAVIA": ["A SAX"]}, influence={"SAX": {"AUSTRIA": 12}}, withdrawn=["SAX"])
    state.centers["SAX"].discard("SAX")
    state.centers["SCANDINAVIA"].add("SAX")
    return state


def test_R_1308_62_three_sessions_that_add_up() -> None:
    state = position("W1616S", influence={"SAX": {"AUSTRIA": 8}})
    first = play(state, {})
    assert first.state.extra["scores"]["1616"]["AUSTRIA"] == 148 and str(first.state.phase) == "S1617M"
    later = position("W1618S", influence={"SAX": {"AUSTRIA": 8}}, scores=first.state.extra["scores"])
    second = play(later, {})
    assert second.state.extra["scores"] == {"1616": first.state.extra["scores"]["1616"],
                                            "1618": second.state.extra["scores"]["1618"]}
    assert sum(year["AUSTRIA"] for year in second.state.extra["scores"].values()) == 2 * 148


def test_R_1308_63_the_three_tables_give_saxony_148_295_75() -> None:
    board = tables(setup())
    assert board.award(board.aligned, "SAX", "AUSTRIA") == 148
    assert board.award(board.controlled, "SAX", "AUSTRIA") == 295
    assert board.captured["SAX"] == 75


def test_EX_1308_07_saxony_at_the_scoring_phase() -> None:
    aligned = position("W1616S", influence={"SAX": {"AUSTRIA": 8}})
    assert score_by_tables(setup(), aligned, "AUSTRIA")["total"] == 148
    controlled = position("W1616S", influence={"SAX": {"AUSTRIA": 12}})
    assert score_by_tables(setup(), controlled, "AUSTRIA")["total"] == 295        # A-1308-03: instead of 148
    adds = with_options(table2="adds").ruleset.setup  # type: ignore[attr-defined]
    assert score_by_tables(adds, controlled, "AUSTRIA")["total"] == 148 + 295
    occupied = position("W1616S", units={"BRA": ["A SAX"]}, influence={"SAX": {"AUSTRIA": 12}})
    assert score_by_tables(setup(), occupied, "AUSTRIA")["total"] == 0           # another minor's army
    taken = captured_saxony()
    assert score_by_tables(setup(), taken, "SCANDINAVIA")["capture"] == 75
    assert score_by_tables(setup(), taken, "AUSTRIA")["total"] == 0
    neutral = position("W1616S", influence={"SAX": {"AUSTRIA": 6, "FRANCE": 6}})
    assert score_by_tables(setup(), neutral, "AUSTRIA")["total"] == 0


def test_R_1308_64_a_captured_state_scores_no_objectives() -> None:
    taken = captured_saxony()
    taken.extra["influence"]["SAX"] = {"SCANDINAVIA": 20}
    assert score_by_tables(setup(), taken, "SCANDINAVIA") == {"capture": 75, "alignment": 0, "religion": 0,
                                                              "total": 75}


def test_R_1308_65_a_neutral_state_scores_nothing() -> None:
    state = position("W1616S", influence={"MEC": {"FRANCE": 5, "AUSTRIA": 5, "SPAIN": 5}})
    assert all(score_by_tables(setup(), state, p)["total"] == 0 for p in setup().powers)


def test_R_1308_66_an_aligned_state_occupied_by_a_foreign_minor_army_scores_nothing() -> None:
    state = position("W1616S", units={"HES": ["A SAX"]}, influence={"SAX": {"AUSTRIA": 8}, "HES": {"ENGLAND": 6}})
    assert score_by_tables(setup(), state, "AUSTRIA")["alignment"] == 0


def test_R_1308_67_the_checklist_captures_alignments_and_control() -> None:
    state = position("W1616S", influence={"SAX": {"AUSTRIA": 8}, "BAV": {"AUSTRIA": 16}})
    state.centers["WUR"].discard("WUR")
    state.centers["AUSTRIA"].add("WUR")
    assert score_by_tables(setup(), state, "AUSTRIA") == {"capture": 50, "alignment": 148, "religion": 295,
                                                          "total": 493}


def test_R_1308_68_an_eliminated_power_scores_nothing() -> None:
    state = position("W1616S", influence={"SAX": {"AUSTRIA": 8}}, eliminated=["AUSTRIA"])
    assert "AUSTRIA" not in play(state, {}).state.extra["scores"]["1616"]
