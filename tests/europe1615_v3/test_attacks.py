"""Diplomatic attacks (R-v3-36 to R-v3-45, EX-v3-02, EX-v3-08)."""

from __future__ import annotations

from judge.variants.europe1615 import Attack, Deploy
from judge.variants.europe1615.attacks import attack_sequence
from tests.europe1615_v3.helpers import inf, opening, play, position, result_of, setup

FIRST_YEAR = ["ENGLAND", "AUSTRIA", "DENMARK", "FRANCE", "SPAIN"]


def test_R_v3_36_one_attack_per_power_per_phase() -> None:
    state = position(influence={"LOR": {"ENGLAND": 5, "FRANCE": 10}, "SAV": {"ENGLAND": 5, "SPAIN": 2}})
    out = play(state, {"ENGLAND": [Attack("LOR", "FRANCE"), Attack("SAV", "SPAIN")]})
    assert result_of(out, "LOR > FRANCE").result == "void"  # a later line replaces it
    assert result_of(out, "SAV > SPAIN").result == "ok"
    assert inf(out.state, "LOR") == {"ENGLAND": 5, "FRANCE": 10}


def test_R_v3_37_an_attack_in_the_first_phase_hits_infs_placed_that_phase() -> None:
    out = play(opening(), {"FRANCE": [Deploy("LOR", 10)], "SPAIN": [Deploy("LOR", 4), Attack("LOR", "FRANCE")]})
    assert inf(out.state, "LOR") == {"FRANCE": 6}
    assert out.state.extra["status"]["LOR"]["power"] == "FRANCE"


def test_R_v3_38_the_attacker_must_have_infs_in_the_state() -> None:
    state = position(influence={"LOR": {"FRANCE": 10}})
    out = play(state, {"SPAIN": [Attack("LOR", "FRANCE")]})
    assert result_of(out, "LOR > FRANCE").result == "failed"
    assert inf(out.state, "LOR") == {"FRANCE": 10}


def test_R_v3_39_weakest_attacks_first_then_fewer_centres_then_lower_last_score() -> None:
    state = position(allocation={"SPAIN": 30, "FRANCE": 30, "AUSTRIA": 30, "ENGLAND": 20, "DENMARK": 30},
                     scores={"1615": {"FRANCE": 50, "AUSTRIA": 10}})
    state.centers["DENMARK"] -= {"JUT", "HOL"}  # Denmark: 3 centres, fewer than the others
    assert attack_sequence(setup(), state, ["SPAIN", "FRANCE", "AUSTRIA", "ENGLAND", "DENMARK"]) == [
        "ENGLAND", "DENMARK", "AUSTRIA", "FRANCE", "SPAIN"]


def test_R_v3_40_first_year_order() -> None:
    assert attack_sequence(setup(), opening(), sorted(FIRST_YEAR)) == FIRST_YEAR


def test_R_v3_41_mutual_reduction() -> None:
    state = position(influence={"LOR": {"ENGLAND": 5, "FRANCE": 10}, "SAV": {"ENGLAND": 9, "SPAIN": 4},
                                "WUR": {"DENMARK": 6, "AUSTRIA": 6}})
    out = play(state, {"ENGLAND": [Attack("LOR", "FRANCE")], "SPAIN": [Attack("SAV", "ENGLAND")],
                       "DENMARK": [Attack("WUR", "AUSTRIA")]})
    assert inf(out.state, "LOR") == {"FRANCE": 5}     # a < d
    assert inf(out.state, "SAV") == {"ENGLAND": 5}    # a < d, from the defender's side
    assert inf(out.state, "WUR") == {}                # a = d: both to zero
    assert out.state.extra["status"]["WUR"]["political"] == "UNALIGNED"


def test_R_v3_42_attacks_apply_in_sequence_and_fail_with_nothing_left() -> None:
    state = position(influence={"LOR": {"ENGLAND": 5, "FRANCE": 5, "SPAIN": 5}})
    out = play(state, {"ENGLAND": [Attack("LOR", "FRANCE")], "FRANCE": [Attack("LOR", "SPAIN")]})
    assert result_of(out, "LOR > FRANCE").result == "ok"
    failed = result_of(out, "LOR > SPAIN")
    assert failed.result == "failed" and "no INFs" in failed.message
    assert inf(out.state, "LOR") == {"SPAIN": 5}


def test_R_v3_43_a_failed_attack_still_uses_the_phase_s_attack() -> None:
    state = position(influence={"LOR": {"FRANCE": 5}, "SAV": {"SPAIN": 3, "FRANCE": 8}})
    out = play(state, {"SPAIN": [Attack("SAV", "FRANCE"), Attack("LOR", "FRANCE")]})
    assert result_of(out, "LOR > FRANCE").result == "failed"
    assert inf(out.state, "SAV") == {"SPAIN": 3, "FRANCE": 8}


def test_R_v3_44_immune_powers_are_not_hurt() -> None:
    state = position(influence={"LOR": {"ENGLAND": 5, "FRANCE": 10}}, modifiers=("RICHELIEU",))
    out = play(state, {"ENGLAND": [Attack("LOR", "FRANCE")]})
    assert result_of(out, "LOR > FRANCE").result == "failed" and "immune" in result_of(out, "LOR > FRANCE").message
    assert inf(out.state, "LOR") == {"ENGLAND": 5, "FRANCE": 10}


def test_R_v3_45_attacks_allowed_where_deploying_is_not_but_not_in_captured_states() -> None:
    state = position(influence={"WUR": {"SPAIN": 3, "FRANCE": 6}}, modifiers=("PROTESTANT_UNION",))
    out = play(state, {"SPAIN": [Deploy("WUR", 2), Attack("WUR", "FRANCE")]})
    assert result_of(out, "2: WUR").result == "void"  # only the leading Protestant power may deploy there
    assert result_of(out, "WUR > FRANCE").result == "ok" and inf(out.state, "WUR") == {"FRANCE": 3}
    state.centers["WUR"].discard("WUR")
    state.centers["SPAIN"].add("WUR")
    out = play(state, {"FRANCE": [Attack("WUR", "SPAIN")]})
    assert "captured" in result_of(out, "WUR > SPAIN").message


def test_EX_v3_02_the_lorraine_attacks_of_summer_1616() -> None:
    spring = position("U1616M", influence={"LOR": {"ENGLAND": 5, "FRANCE": 10, "SPAIN": 10}},
                      units={"LOR": ["A LOR"]})
    out = play(spring, {"ENGLAND": [Attack("LOR", "FRANCE")], "FRANCE": [Attack("LOR", "SPAIN")],
                        "SPAIN": ["A LOR - CHA"]})
    assert "ENGLAND 5 v FRANCE 10" in result_of(out, "LOR > FRANCE").message  # England first
    assert inf(out.state, "LOR") == {"SPAIN": 5}  # England 0, France 0, Spain 5
    assert out.state.extra["status"]["LOR"]["political"] == "ALIGNED"
    assert out.state.extra["status"]["LOR"]["power"] == "SPAIN"
    assert out.state.units["LOR"][0].location == "CHA"  # Spain's order to LOR is followed
    assert out.state.extra["status"]["LOR"]["religion"] == "CATHOLIC"


def test_EX_v3_02_before_the_attacks_lorraine_is_neutral() -> None:
    spring = position("U1616M", influence={"LOR": {"ENGLAND": 5, "FRANCE": 10, "SPAIN": 10}})
    assert play(spring, {}).state.extra["status"]["LOR"]["political"] == "NEUTRAL"


def test_EX_v3_08_first_year_attacks_run_england_austria_denmark_france_spain() -> None:
    state = opening()
    state.extra["influence"] = {"POL": {p: 10 for p in FIRST_YEAR}}
    targets = {"ENGLAND": "SPAIN", "AUSTRIA": "SPAIN", "DENMARK": "SPAIN", "FRANCE": "ENGLAND", "SPAIN": "FRANCE"}
    out = play(state, {p: [Attack("POL", t)] for p, t in targets.items()})
    attacks = [r.power for r in out.results if " > " in r.order]
    assert attacks == FIRST_YEAR
