"""Diplomatic attacks (PY-13 to PY-17): the national order, alternates, immunity, the table and the dice."""

from __future__ import annotations

from typing import Any

import pytest

from judge.engine import adjudicate
from judge.engine.results import OK, VOID
from judge.engine.state import GameState, Phase
from judge.variants.europe1615.inputs import Attack
from judge.variants.europe1615_payola.attacks import column, roll_3d6
from judge.variants.europe1615_payola.edition import COLUMNS, load_attack_table
from tests.europe1615_payola.helpers import APRIL, MARCH, game, start, variant


def attack_phase(edition: str, infs: dict[str, dict[str, int]], year: int = 1616, seed: str = "s",
                 **overrides: Any) -> GameState:
    state = start(edition, seed, **overrides)
    state.phase = Phase("S", year, "D")
    state.extra["influence"] = {place: dict(by) for place, by in infs.items()}
    return state


def play(edition: str, state: GameState, orders: dict[str, list[Attack]], **overrides: Any) -> Any:
    return adjudicate(variant(edition, **overrides), state, orders)


def test_R_1304_12_no_diplomatic_attacks_in_1615() -> None:
    state = attack_phase(APRIL, {"HES": {"FRANCE": 4, "SPAIN": 5}}, year=1615)
    outcome = play(APRIL, state, {"FRANCE": [Attack("HES", "SPAIN")]})
    assert outcome.results[0].result == VOID and "before 1616" in outcome.results[0].message
    assert outcome.state.extra["influence"]["HES"] == {"FRANCE": 4, "SPAIN": 5}


def test_R_1303_09_the_march_edition_attacks_in_1615() -> None:
    state = attack_phase(MARCH, {"HES": {"FRANCE": 4, "SPAIN": 1}}, year=1615)
    assert play(MARCH, state, {"FRANCE": [Attack("HES", "SPAIN")]}).results[0].result == OK


def test_R_1304_18_five_to_one_or_more_removes_the_defender_without_a_roll() -> None:
    state = attack_phase(APRIL, {"SAX": {"AUSTRIA": 10, "DENMARK": 2}})
    outcome = play(APRIL, state, {"AUSTRIA": [Attack("SAX", "DENMARK")]})
    assert outcome.state.extra["influence"]["SAX"] == {"AUSTRIA": 10}
    assert "no roll" in outcome.results[0].message and outcome.state.extra.get("dice", []) == []


def test_R_1304_15_the_national_order_and_R_1304_16_the_alternates() -> None:
    """Spain goes first and wipes out France in HES; France's first attack is gone, its alternate is made."""
    infs = {"HES": {"SPAIN": 20, "FRANCE": 2}, "LOR": {"FRANCE": 10, "SPAIN": 1}}
    state = attack_phase(APRIL, infs)
    outcome = play(APRIL, state, {"FRANCE": [Attack("HES", "SPAIN"), Attack("LOR", "SPAIN")],
                                  "SPAIN": [Attack("HES", "FRANCE")]})
    assert [(r.power, r.order, r.result) for r in outcome.results] == [
        ("SPAIN", "HES > FRANCE", OK), ("FRANCE", "HES > SPAIN", VOID), ("FRANCE", "LOR > SPAIN", OK)]
    assert outcome.results[1].message == "FRANCE has no INFs in HES"
    assert outcome.state.extra["influence"]["LOR"] == {"FRANCE": 10}


def test_R_1304_16_spain_has_no_alternate_and_austria_four() -> None:
    infs = {"SAX": {"SPAIN": 1, "AUSTRIA": 1}}
    state = attack_phase(APRIL, infs)
    lines = [Attack("SAX", "ENGLAND")] * 6
    outcome = play(APRIL, state, {"SPAIN": lines[:2], "AUSTRIA": lines})
    spain = [r.message for r in outcome.results if r.power == "SPAIN"]
    austria = [r.message for r in outcome.results if r.power == "AUSTRIA"]
    assert spain[1] == "SPAIN may list only 0 alternate(s)"
    assert austria[4] == "ENGLAND has no INFs in SAX" and austria[5] == "AUSTRIA may list only 4 alternate(s)"


def test_an_attack_higher_on_the_list_leaves_the_rest_unused() -> None:
    state = attack_phase(APRIL, {"SAX": {"FRANCE": 10, "SPAIN": 1}, "LOR": {"FRANCE": 10, "SPAIN": 1}})
    outcome = play(APRIL, state, {"FRANCE": [Attack("SAX", "SPAIN"), Attack("LOR", "SPAIN")]})
    assert [r.result for r in outcome.results] == [OK, VOID]
    assert outcome.state.extra["influence"]["LOR"] == {"FRANCE": 10, "SPAIN": 1}


def test_R_1304_13_immunity_from_five_infs_in_the_attackers_home_box() -> None:
    infs = {"HES": {"FRANCE": 10, "AUSTRIA": 1}, "FRANCE": {"AUSTRIA": 5}}
    outcome = play(APRIL, attack_phase(APRIL, infs), {"FRANCE": [Attack("HES", "AUSTRIA")]})
    assert outcome.results[0].result == VOID and "immune" in outcome.results[0].message
    infs["FRANCE"] = {"AUSTRIA": 4}
    assert play(APRIL, attack_phase(APRIL, infs), {"FRANCE": [Attack("HES", "AUSTRIA")]}).results[0].result == OK


def test_R_1304_14_A_PY_1_immunity_is_broken_by_attacks_inside_the_own_home_box() -> None:
    """France attacks Austria's INFs in the French box with its own: allowed, and below 5 the immunity ends."""
    infs = {"FRANCE": {"AUSTRIA": 5, "FRANCE": 30}, "HES": {"FRANCE": 10, "AUSTRIA": 1}}
    state = attack_phase(APRIL, infs)
    outcome = play(APRIL, state, {"FRANCE": [Attack("FRANCE", "AUSTRIA")]})
    assert outcome.results[0].result == OK and outcome.state.extra["influence"]["FRANCE"] == {"FRANCE": 30}
    later = outcome.state
    later.phase = Phase("S", 1617, "D")
    assert play(APRIL, later, {"FRANCE": [Attack("HES", "AUSTRIA")]}).results[0].result == OK


@pytest.mark.parametrize(("mine", "theirs", "nearest", "floor"), [
    (4, 5, "1:1", "1:1"), (2, 5, "<1:1", "<1:1"), (3, 5, "1:1", "1:1"), (1, 3, "<1:1", "<1:1"),
    (3, 2, "2:1", "1:1"), (5, 2, "3:1", "2:1"), (9, 2, "5:1", "4:1"), (7, 2, "4:1", "3:1")])
def test_A_1303_02_the_ratio_is_rounded(mine: int, theirs: int, nearest: str, floor: str) -> None:
    """4:5 "rounded is about 1-to-1": to the nearest whole ratio; or GM's reading: down, below 1:1 under 1:2."""
    assert column(game(MARCH), mine, theirs) == nearest
    assert column(game(MARCH, ratio_rounding="floor"), mine, theirs) == floor


def test_PY_16_the_table_keeps_the_known_cells_and_is_marked_reconstructed() -> None:
    table = game(MARCH).edition.table
    assert table.status == "RECONSTRUCTED" and table is game(APRIL).edition.table
    assert table.result("1:1", 12) == "EX"
    assert {table.result("5:1", roll) for roll in range(3, 19)} == {"DE"}
    rank = {"AE": 0, "EX": 1, "DE": 2}
    for weaker, stronger in zip(COLUMNS, COLUMNS[1:]):  # a larger ratio never does worse
        assert all(rank[table.result(weaker, r)] <= rank[table.result(stronger, r)] for r in range(3, 19))


def test_a_gm_table_that_misses_a_roll_is_refused(tmp_path: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    from judge.engine.discretion import OptionError
    bad = tmp_path / "bad.toml"
    bad.write_text('[columns."1:1"]\nEX = "3-17"\n', encoding="utf-8")
    monkeypatch.setattr("judge.variants.europe1615_payola.edition.gamedata_dir", lambda: tmp_path)
    with pytest.raises(OptionError, match="every roll from 3 to 18"):
        load_attack_table.__wrapped__("bad.toml")


@pytest.mark.parametrize(("roll", "result", "after"), [(5, "AE", {"SPAIN": 5}), (12, "EX", {"SPAIN": 1}),
                                                        (16, "DE", {"FRANCE": 4})])
def test_R_1303_12_AE_EX_DE(roll: int, result: str, after: dict[str, int]) -> None:
    state = attack_phase(MARCH, {"HES": {"FRANCE": 4, "SPAIN": 5}})
    state.extra["gm_dice"] = {"S1616D": [roll]}
    outcome = play(MARCH, state, {"FRANCE": [Attack("HES", "SPAIN")]})
    assert outcome.state.extra["influence"]["HES"] == after
    assert f"3D6 rolled {roll}: {result}" in outcome.results[0].message


def test_the_dice_come_from_the_recorded_seed_and_replay_the_same() -> None:
    infs = {"HES": {"FRANCE": 4, "SPAIN": 5}, "SAX": {"AUSTRIA": 3, "DENMARK": 3}}
    orders = {"FRANCE": [Attack("HES", "SPAIN")], "AUSTRIA": [Attack("SAX", "DENMARK")]}
    first = play(MARCH, attack_phase(MARCH, infs, seed="game-1"), orders)
    again = play(MARCH, attack_phase(MARCH, infs, seed="game-1"), orders)
    assert first.state.extra["dice"] == again.state.extra["dice"] and len(first.state.extra["dice"]) == 2
    assert [r.message for r in first.results] == [r.message for r in again.results]
    rolls = {roll_3d6(attack_phase(MARCH, {}, seed=f"seed-{n}"), 0)[0] for n in range(60)}
    assert rolls <= set(range(3, 19)) and len(rolls) > 8  # three dice, not a constant


def test_R_1304_19_the_exchange_option_resolves_every_attack_without_dice() -> None:
    state = attack_phase(APRIL, {"HES": {"FRANCE": 4, "SPAIN": 5}}, attacks="exchange")
    outcome = play(APRIL, state, {"FRANCE": [Attack("HES", "SPAIN")]}, attacks="exchange")
    assert outcome.state.extra["influence"]["HES"] == {"SPAIN": 1} and not outcome.state.extra.get("dice")


def test_R_1303_14_the_gm_gives_the_dice_from_a_published_source() -> None:
    from judge.engine.discretion import ActionError
    from judge.variants.europe1615_payola.attacks import give_dice
    state = start(MARCH)                                   # asked in the Influence phase: for the attack phase
    given, said = give_dice(state, "12, 7")
    assert given.extra["gm_dice"] == {"S1615D": [12, 7]} and "12 7" in said
    assert give_dice(given, "SEED")[0].extra["gm_dice"] == {}
    for words in ("2", "19", "twelve", ""):
        with pytest.raises(ActionError):
            give_dice(state, words)


def test_R_1304_12_R_1304_14_A_PY_18_only_the_owner_of_a_home_box_attacks_in_it() -> None:
    """"directs an attack against any other player's INFs also present in that state": a home box is no state.

    Only France attacks in the French box, to break an immunity (R-1304-14); Spain may not remove Austria's
    INFs there, unless the GM reads it so (``home_box_attacks = "any"``).
    """
    infs = {"FRANCE": {"AUSTRIA": 5, "SPAIN": 20}}
    outcome = play(APRIL, attack_phase(APRIL, infs), {"SPAIN": [Attack("FRANCE", "AUSTRIA")]})
    assert outcome.results[0].result == VOID and outcome.results[0].message.startswith(
        "only FRANCE attacks in its own home box")
    assert outcome.state.extra["influence"]["FRANCE"] == {"AUSTRIA": 5, "SPAIN": 20}
    wider = play(APRIL, attack_phase(APRIL, infs, home_box_attacks="any"), {"SPAIN": [Attack("FRANCE", "AUSTRIA")]},
                 home_box_attacks="any")
    assert wider.results[0].result == OK and wider.state.extra["influence"]["FRANCE"] == {"SPAIN": 20}
    from judge.reading.europe1615_payola import E1615PayolaLines
    state = attack_phase(MARCH, infs)
    reader = E1615PayolaLines(variant(MARCH).map, variant(MARCH).ruleset)
    assert reader.check(reader.read("France > Austria", state), "SPAIN", state, [])[0].startswith(
        "only FRANCE attacks in its own home box")
    assert variant(MARCH).ruleset.inputs_due(state, "SPAIN") == ()          # nothing Spain could attack
    assert variant(MARCH, home_box_attacks="any").ruleset.inputs_due(state, "SPAIN") != ()
