"""Diplomatic attacks (R-1308-54 to R-1308-61; EX-1308-02, EX-1308-04)."""

from __future__ import annotations

from judge.engine.results import OK, VOID
from judge.variants.europe1615 import Attack
from judge.variants.europe1615.attacks import FAILED, attack_sequence
from judge.variants.europe1615.status import political
from tests.europe1615_2013_08.helpers import (
    inf,
    opening,
    play,
    position,
    result_of,
    setup,
    units_of,
)


def attacks(outcome) -> list[tuple[str, str, str]]:  # type: ignore[no-untyped-def]
    return [(r.power, str(r.value), r.result) for r in outcome.results if isinstance(r.value, Attack)]


def test_R_1308_54_no_attacks_in_the_first_movement_phase() -> None:
    out = play(opening(), {"FRANCE": "10: LOR", "SPAIN": "5: LOR\nLOR > FRANCE"})
    assert attacks(out) == [("SPAIN", "LOR > FRANCE", VOID)] and inf(out.state, "LOR") == {"FRANCE": 10, "SPAIN": 5}


def test_R_1308_55_one_attack_a_phase_where_the_attacker_deploys() -> None:
    state = position(influence={"LOR": {"FRANCE": 10}})
    out = play(state, {"SPAIN": "4: LOR\nLOR > FRANCE"})                    # deployed this phase: it counts
    assert attacks(out) == [("SPAIN", "LOR > FRANCE", OK)] and inf(out.state, "LOR") == {"FRANCE": 6}


def test_R_1308_56_the_ottoman_attack_is_a_second_one() -> None:
    state = position(influence={"OTE": {"SPAIN": 15, "FRANCE": 9}, "LOR": {"FRANCE": 3, "SPAIN": 6}})
    out = play(state, {"FRANCE": "OTTOMAN EMPIRE > SPAIN\nLOR > SPAIN"})
    assert sorted(attacks(out)) == [("FRANCE", "LOR > SPAIN", OK), ("FRANCE", "OTE > SPAIN", OK)]
    assert inf(out.state, "OTE") == {"SPAIN": 6} and inf(out.state, "LOR") == {"SPAIN": 3}


def test_R_1308_57_least_infs_of_the_phase_attack_first_ties_as_before() -> None:
    assert attack_sequence(setup(), position(), list(setup().powers)) == [
        "ENGLAND", "AUSTRIA", "SCANDINAVIA", "FRANCE", "SPAIN"]
    state = position()
    state.centers["SPAIN"].discard("NAP")                                    # Spain 70 - 12 = 58: after England
    state.centers["ENGLAND"].add("NAP")                                      # England 57 + 12 = 69
    assert attack_sequence(setup(), state, list(setup().powers))[:2] == ["SPAIN", "AUSTRIA"]
    tie = position(attack_sequence=["FRANCE", "ENGLAND", "AUSTRIA", "SCANDINAVIA", "SPAIN"])
    tie.centers["SPAIN"].discard("LUX")
    tie.centers["FRANCE"].add("LUX")                                         # Spain 64 ... France 74
    tie.centers["ENGLAND"].add("GAL")
    tie.centers["SPAIN"].discard("GAL")                                      # England 64, Spain 57
    assert attack_sequence(setup(), tie, ["ENGLAND", "SPAIN", "AUSTRIA"]) == ["SPAIN", "AUSTRIA", "ENGLAND"]


def test_EX_1308_04_the_summer_1615_sequence() -> None:
    state = position(influence={"LOR": {p: 1 for p in setup().powers}})
    text = {p: f"1: LOR\nLOR > {'SPAIN' if p != 'SPAIN' else 'FRANCE'}" for p in setup().powers}
    assert [power for power, _, _ in attacks(play(state, text))] == [
        "ENGLAND", "AUSTRIA", "SCANDINAVIA", "FRANCE", "SPAIN"]


def test_R_1308_58_mutual_reduction() -> None:
    out = play(position(influence={"LOR": {"FRANCE": 10, "SPAIN": 4}}), {"SPAIN": "LOR > FRANCE"})
    assert inf(out.state, "LOR") == {"FRANCE": 6}
    even = play(position(influence={"LOR": {"FRANCE": 5, "SPAIN": 5}}), {"SPAIN": "LOR > FRANCE"})
    assert inf(even.state, "LOR") == {}


def test_R_1308_59_attacks_follow_one_another_and_fail_without_infs() -> None:
    out = play(position(influence={"LOR": {"FRANCE": 5}}), {"SPAIN": "LOR > FRANCE", "ENGLAND": "LOR > SPAIN"})
    assert sorted(attacks(out)) == [("ENGLAND", "LOR > SPAIN", FAILED), ("SPAIN", "LOR > FRANCE", FAILED)]
    assert "has no INFs in LOR" in result_of(out, "LOR > SPAIN").message


def test_EX_1308_02_the_lorraine_attacks() -> None:
    """England 5, France 10, Spain 5; E > F, F > S, S > E: 0, 5 then 0, 0; Spain FAILED; LOR unmarked; orders ignored."""
    state = position(units={"LOR": ["A LOR"]}, influence={"LOR": {"ENGLAND": 5, "FRANCE": 10, "SPAIN": 5}})
    assert political(setup(), state, "LOR") == ("ALIGNED", "FRANCE")         # had there been no attacks
    out = play(state, {"ENGLAND": "LOR > FRANCE\nLOR - CHA", "FRANCE": "LOR > SPAIN\nLOR - BUR",
                       "SPAIN": "LOR > ENGLAND\nLOR - LUX"})
    assert attacks(out) == [("ENGLAND", "LOR > FRANCE", OK), ("FRANCE", "LOR > SPAIN", OK),
                            ("SPAIN", "LOR > ENGLAND", FAILED)]
    assert inf(out.state, "LOR") == {} and out.state.extra["status"]["LOR"]["political"] == "UNMARKED"
    assert units_of(out.state)["LOR"] == {"A LOR"}
    assert {result_of(out, o).result for o in ("LOR - CHA", "LOR - BUR", "LOR - LUX")} == {VOID}
    assert "ENGLAND 5 v FRANCE 10" in result_of(out, "LOR > FRANCE").message   # the numbers, revealed (R-1308-60)


def test_R_1308_60_an_attack_tells_the_numbers_in_its_state() -> None:
    out = play(position(influence={"LOR": {"FRANCE": 10, "SPAIN": 4}}), {"SPAIN": "LOR > FRANCE"})
    assert result_of(out, "LOR > FRANCE").message == ("SPAIN 4 v FRANCE 10: each loses 4, leaving SPAIN 0 and "
                                                      "FRANCE 6")


def test_R_1308_61_no_power_is_immune() -> None:
    state = position(influence={"LOR": {"FRANCE": 10, "SPAIN": 4}}, modifiers=["RICHELIEU"])
    assert inf(play(state, {"SPAIN": "LOR > FRANCE"}).state, "LOR") == {"FRANCE": 6}
