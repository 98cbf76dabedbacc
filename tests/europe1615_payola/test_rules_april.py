"""The general rules of the April text (R-1304-nn) no other test names, each on the April edition."""

from __future__ import annotations

from judge.engine import adjudicate
from judge.engine.orders import Move, Support, Unit
from judge.engine.results import OK, VOID
from judge.engine.state import GameState, Phase
from judge.variants.europe1615.inputs import Deploy
from judge.variants.europe1615_payola.attacks import roll_3d6
from judge.variants.europe1615_payola.income import tribute
from judge.variants.europe1615_payola.scoring import military_vps, objective_vps, total_vps
from judge.variants.europe1615_payola.status import political, religious
from judge.variants.payola.offers import Amount, Offer
from tests.europe1615_payola.helpers import APRIL, game, ruleset, start, variant


def at(phase: str, **extra: object) -> GameState:
    state = start(APRIL)
    state.phase = Phase.parse(phase)
    state.extra.update(extra)
    return state


def marks(political: str, aligned: str = "", religious: str = "UNAFFECTED", faith: str = "") -> dict[str, str]:
    return {"political": political, "aligned": aligned, "religious": religious, "faith": faith}


def bribe(unit: str, order: object) -> Offer:
    kind, _, loc = unit.partition(" ")
    return Offer((Amount(1),), ":", Unit(kind, loc), (order,))  # type: ignore[arg-type]


def test_R_1304_05_some_infs_placed_in_any_amounts_the_rest_into_the_own_home_box() -> None:
    outcome = adjudicate(variant(APRIL), start(APRIL), {"FRANCE": [Deploy("LOR", 3), Deploy("SAV", 2)]})
    infs = outcome.state.extra["influence"]
    assert (infs["LOR"], infs["SAV"], infs["FRANCE"]) == ({"FRANCE": 3}, {"FRANCE": 2}, {"FRANCE": 11 - 5})


def test_R_1304_08_PY_09_infs_stay_from_year_to_year_and_change_only_by_attacks() -> None:
    state = at("S1616P", influence={"SAX": {"AUSTRIA": 7, "DENMARK": 4}})
    placed = adjudicate(variant(APRIL), state, {"AUSTRIA": [Deploy("SAX", 3)]}).state
    assert placed.extra["influence"]["SAX"] == {"AUSTRIA": 10, "DENMARK": 4}
    for _ in range(3):  # the attack phase without attacks, the taxes, a movement phase: nothing moves them
        placed = adjudicate(variant(APRIL), placed, {}).state
    assert placed.extra["influence"]["SAX"] == {"AUSTRIA": 10, "DENMARK": 4}


def test_R_1304_09_portugal_is_pliant_and_the_barbary_states_take_no_infs() -> None:
    outcome = adjudicate(variant(APRIL), start(APRIL), {"SPAIN": [Deploy("POR", 3), Deploy("ALG", 3)]})
    assert [r.result for r in outcome.results if r.power == "SPAIN"] == [OK, VOID]
    assert outcome.state.extra["influence"]["POR"] == {"SPAIN": 3} and "ALG" not in outcome.state.extra["influence"]


def test_R_1304_17_three_dice_from_the_seed_or_the_gms_numbers() -> None:
    state = at("S1616D")
    rolls = [roll_3d6(state, n) for n in range(20)]
    assert all(3 <= n <= 18 and who == "the seed" for n, who in rolls) and rolls == [roll_3d6(state, n) for n in
                                                                                    range(20)]
    state.extra["gm_dice"] = {"S1616D": [17]}
    assert roll_3d6(state, 0) == (17, "the GM") and roll_3d6(state, 1)[1] == "the seed"


def test_R_1304_21_neutral_R_1304_22_aligned_in_april() -> None:
    g = game(APRIL)
    assert political(g, "SAX", {"AUSTRIA": 6, "DENMARK": 4}) == ("NEUTRAL", "")
    assert political(g, "SAX", {"AUSTRIA": 10, "DENMARK": 5}) == ("ALIGNED", "AUSTRIA")
    assert political(g, "POR", {"SPAIN": 5}) == ("ALIGNED", "SPAIN")  # Portugal: an A entry for Spain


def test_R_1304_23_unaffected_R_1304_24_duality_R_1304_25_controlled_in_april() -> None:
    g = game(APRIL)
    assert religious(g, {"FRANCE": 5, "ENGLAND": 4}) == ("UNAFFECTED", "")
    assert religious(g, {"FRANCE": 6, "ENGLAND": 5}) == ("DUALITY", "")
    assert religious(g, {"ENGLAND": 7, "DENMARK": 3, "SPAIN": 5}) == ("CONTROLLED", "PROTESTANT")


def test_R_1304_26_PY_20_tribute_is_a_third_of_the_aligned_minors_supply_points() -> None:
    state = at("S1616T", status={"SAX": marks("ALIGNED", "AUSTRIA"), "BAV": marks("NEUTRAL")})
    value = game(APRIL).board.provinces["SAX"].center
    assert tribute(game(APRIL), state, "AUSTRIA") == value // 3 and tribute(game(APRIL), state, "DENMARK") == 0


def test_R_1304_27_PY_21_the_aligned_power_offers_zero_to_its_minors_units() -> None:
    rules = ruleset(APRIL)
    aligned = at("S1616M", status={"SAV": marks("ALIGNED", "FRANCE")})
    assert rules.may_offer_zero(aligned, "FRANCE", "SAV", Unit("A", "SAV"))
    assert not rules.may_offer_zero(at("S1616M", status={}), "FRANCE", "SAV", Unit("A", "SAV"))


def test_R_1304_31_PY_25_an_occupied_minor_pays_no_tribute_but_its_objectives_still_score() -> None:
    status = {"HES": marks("ALIGNED", "SPAIN", "CONTROLLED", "CATHOLIC")}
    state = at("S1616T", status=status, influence={"HES": {"SPAIN": 12}})
    state.centers["HES"].discard("HES")
    state.centers["FRANCE"].add("HES")  # France occupied and owns Hesse: its DOMINION
    assert tribute(game(APRIL), state, "SPAIN") == 0
    objectives = game(APRIL).edition.objectives
    assert objective_vps(game(APRIL), state, "SPAIN")["HES"] == objectives.c("HES", "SPAIN") + objectives.a(
        "HES", "SPAIN") + 5  # exclusive too (R-1304-35)


def test_R_1304_33_contested_in_april() -> None:
    state = at("S1616M", status={"LUN": marks("ALIGNED", "AUSTRIA")})
    state.units["DENMARK"] = [Unit("A", "HOL"), Unit("A", "BRE")]
    outcome = adjudicate(variant(APRIL), state, {"DENMARK": [
        bribe("A HOL", Move("A", "HOL", "LUN")), bribe("A BRE", Support("A", "BRE", "A", "HOL", "LUN"))]})
    assert outcome.state.extra["contested"] == {"LUN": "DENMARK"}


def test_R_1304_34_R_1304_55_an_empty_minor_rebuilds_unless_it_is_a_dominion() -> None:
    state = at("W1615A", status={})
    state.units["SAX"], state.units["BAV"] = [], []
    state.centers["BAV"].discard("BAV")
    state.centers["AUSTRIA"].add("BAV")
    after = adjudicate(variant(APRIL), state, {}).state
    assert after.units["SAX"] == [Unit("A", "SAX")] and after.units["BAV"] == []
    assert after.extra["dominion"] == {"BAV": "AUSTRIA"}


def test_R_1304_35_the_exclusive_bonus_is_april_only() -> None:
    status = {"SAX": marks("ALIGNED", "AUSTRIA")}
    state = at("W1620A", status=status, influence={"SAX": {"AUSTRIA": 10}})
    shared = at("W1620A", status=status, influence={"SAX": {"AUSTRIA": 10, "DENMARK": 1}})
    a_award = game(APRIL).edition.objectives.a("SAX", "AUSTRIA")
    assert objective_vps(game(APRIL), state, "AUSTRIA")["SAX"] == a_award + 5
    assert objective_vps(game(APRIL), shared, "AUSTRIA")["SAX"] == a_award


def test_R_1304_37_lorraine_posen_and_switzerland_score_without_a_centre() -> None:
    status = {m: marks("ALIGNED", "FRANCE" if m == "LOR" else "AUSTRIA") for m in ("LOR", "POS", "SWI")}
    state = at("W1620A", status=status, influence={"LOR": {"FRANCE": 9}, "POS": {"AUSTRIA": 9},
                                                   "SWI": {"AUSTRIA": 9}})
    assert not any(game(APRIL).board.provinces[m].is_center for m in ("LOR", "POS", "SWI"))
    assert "LOR" in objective_vps(game(APRIL), state, "FRANCE")
    assert {"POS", "SWI"} <= set(objective_vps(game(APRIL), state, "AUSTRIA"))


def test_R_1304_38_military_vps_by_supply_points_gained_and_homes_lost() -> None:
    state = at("W1616A", status={})
    state.centers["BAV"].discard("BAV")
    state.centers["AUSTRIA"].add("BAV")
    state.centers["AUSTRIA"].discard("VIE")
    state.centers["BAV"].add("VIE")
    board = game(APRIL).board
    assert military_vps(game(APRIL), state, "AUSTRIA") == board.provinces["BAV"].center - board.provinces["VIE"].center


def test_R_1304_40_a_protestant_power_owning_the_marches_or_rome_11_and_15() -> None:
    state = at("W1616A", status={})
    for centre in ("MAR", "ROM"):
        state.centers["PAP"].discard(centre)
        state.centers["ENGLAND"].add(centre)
    after = adjudicate(variant(APRIL), state, {}).state
    bonus = sorted(e[2] for e in after.extra["vp_log"] if "a Protestant power owns" in e[3])
    assert bonus == [11, 15] and total_vps(game(APRIL), after, "ENGLAND") >= 26


def test_R_1304_52_one_unit_per_centre_whatever_its_value_R_1304_53_builds_on_any_owned_centre() -> None:
    rules, state = ruleset(APRIL), at("W1615A", status={})
    state.units["SAX"] = []
    state.centers["SAX"].discard("SAX")
    state.centers["AUSTRIA"].add("SAX")  # a 9-point centre still supports one unit
    assert rules.adjustment_count(state, "AUSTRIA") == len(state.centers["AUSTRIA"]) - len(state.units["AUSTRIA"])
    assert "SAX" in rules.build_sites(state, "AUSTRIA")
