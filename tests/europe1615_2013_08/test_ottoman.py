"""The Ottoman Empire and the Barbary States, influenced like minor states (R-1308-33 to R-1308-38)."""

from __future__ import annotations

from judge.engine.results import OK, VOID
from judge.variants.europe1615 import Attack
from judge.variants.europe1615.checks import check_input
from judge.variants.europe1615.status import political, religion
from judge.variants.europe1615.world import captured
from tests.europe1615_2013_08.helpers import (
    inf,
    opening,
    play,
    position,
    result_of,
    setup,
    units_of,
)


def test_R_1308_33_four_ottoman_units_influenced_as_a_whole() -> None:
    assert units_of(opening())["OTE"] == {"A SAL", "A SER", "F GRE", "A BUL"}
    assert sorted(c for c in setup().minors["OTE"] if setup().value(c)) == ["BUL", "GRE", "SAL", "SER"]
    out = play(opening(), {"SPAIN": "15: OTE\nSER - BOS\nSAL - ALB"})
    assert units_of(out.state)["OTE"] == {"A BOS", "A ALB", "F GRE", "A BUL"}
    assert setup().edition.secret_ottoman


def test_R_1308_34_each_barbary_state_is_influenced_on_its_own() -> None:
    out = play(opening(), {"SPAIN": "5: MOR", "FRANCE": "5: TUN"})
    assert [political(setup(), out.state, s) for s in ("MOR", "ALG", "TUN")] == [
        ("ALIGNED", "SPAIN"), ("NEUTRAL", None), ("ALIGNED", "FRANCE")]


def test_R_1308_35_ottoman_units_take_centres_and_the_aligned_power_builds_for_them() -> None:
    state = position("F1615M", units={"OTE": ["A SER"]}, influence={"OTE": {"SPAIN": 20}})
    out = play(state, {"SPAIN": "SER - HUN"})
    assert "HUN" in out.state.centers["OTE"]                                # captured as Fall ends
    winter = play(out.state, {"SPAIN": "BUILD A SER"})
    assert "A SER" in units_of(winter.state)["OTE"]                         # Spain's build for the Ottomans


def test_R_1308_36_the_empire_leaves_the_list_only_when_all_its_centres_are_taken() -> None:
    state = position()
    for centre in ("SAL", "SER", "GRE"):
        state.centers["OTE"].discard(centre)
        state.centers["AUSTRIA"].add(centre)
    assert not captured(setup(), state, "OTE")
    state.centers["OTE"].discard("BUL")
    state.centers["AUSTRIA"].add("BUL")
    assert captured(setup(), state, "OTE")


def test_R_1308_37_the_ottomans_and_barbary_are_islamic_for_good() -> None:
    state = position(influence={"OTE": {"SPAIN": 40}, "ALG": {"ENGLAND": 30}})
    assert religion(setup(), state, "OTE") == "ISLAMIC" and religion(setup(), state, "ALG") == "ISLAMIC"


def test_R_1308_38_a_second_attack_inside_the_ottoman_empire() -> None:
    state = position(influence={"OTE": {"SPAIN": 10, "FRANCE": 6}, "LOR": {"SPAIN": 4, "FRANCE": 8}})
    out = play(state, {"FRANCE": "OTE > SPAIN\nLOR > SPAIN"})
    assert [r.result for r in out.results if isinstance(r.value, Attack)] == [OK, OK]
    assert inf(out.state, "OTE") == {"SPAIN": 4} and inf(out.state, "LOR") == {"FRANCE": 4}
    problem, note = check_input(setup(), state, "FRANCE", Attack("OTE", "SPAIN"), [Attack("LOR", "SPAIN")])
    assert problem == "" and "inside the Ottoman Empire" in note
    twice = play(state, {"FRANCE": "LOR > SPAIN\nRHI > SPAIN"})
    assert result_of(twice, "LOR > SPAIN").result == VOID                   # one ordinary attack: the last counts
