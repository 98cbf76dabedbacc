"""The worked examples of seeds 001 and 004 (../shared/rules/examples.md EX-1303-01…05, EX-1304-01…04).

EX-1303-04 (starting funds) and EX-1304-04 (the 1615 builds) are map facts:
tests/europe1615_payola/test_maps.py; EX-1303-05 (France's 15 INFs in 1616):
test_influence.py.  Here the influence phase of France in 1615, the marked
map of April's example, and the objectives examples.
"""

from __future__ import annotations

from judge.engine import adjudicate
from judge.engine.results import OK, VOID
from judge.engine.state import Phase
from judge.variants.europe1615.inputs import Attack, Deploy
from judge.variants.europe1615_payola.scoring import objective_vps
from judge.variants.europe1615_payola.status import mark
from tests.europe1615_payola.helpers import APRIL, MARCH, game, start, variant


def test_EX_1303_01_frances_first_influence_phase() -> None:
    """France 2 MEC, 4 HES, 5 LOR; Austria 4 HES and 5 in France's box; Spain 5 HES; a 12 on the dice."""
    v = variant(MARCH)
    placed = adjudicate(v, start(MARCH), {
        "FRANCE": [Deploy("MEC", 2), Deploy("HES", 4), Deploy("LOR", 5)],
        "AUSTRIA": [Deploy("HES", 4), Deploy("FRANCE", 5)], "SPAIN": [Deploy("HES", 5)], "ENGLAND": []})
    state = placed.state
    assert state.extra["influence"]["HES"] == {"FRANCE": 4, "AUSTRIA": 4, "SPAIN": 5}
    assert state.extra["influence"]["FRANCE"] == {"AUSTRIA": 5}      # France has none in its own box
    assert "ENGLAND" not in state.extra["influence"]["MEC"]          # England did not honour the agreement
    state.extra["gm_dice"] = {"S1615D": [12]}                        # "GM rolls 3 six-sided dice, and gets 12"
    attacked = adjudicate(v, state, {"FRANCE": [Attack("HES", "AUSTRIA"), Attack("HES", "SPAIN")]})
    first, second = attacked.results
    assert first.result == VOID and "immune" in first.message        # France cannot attack Austria
    assert second.result == OK and "1:1, 3D6 rolled 12: EX" in second.message  # 4:5 "rounded is about 1-to-1"
    after = attacked.state
    assert after.extra["influence"]["HES"] == {"AUSTRIA": 4, "SPAIN": 1}  # France loses 4, Spain 4
    marks = after.extra["status"]
    assert marks["HES"]["religious"] == "UNAFFECTED" and marks["HES"]["political"] != "ALIGNED"
    assert marks["HES"]["political"] == "NEUTRAL"                    # A-1303-01, the default reading
    assert marks["LOR"] == {"political": "ALIGNED", "aligned": "FRANCE", "religious": "UNAFFECTED", "faith": ""}
    taxed = adjudicate(v, after, {}).state                           # France collects 1/3 of LOR's points
    assert taxed.extra["treasury"]["FRANCE"] == 48 + 1
    assert v.ruleset.may_offer_zero(taxed, "FRANCE", "LOR", taxed.units["LOR"][0])  # and may bribe it with 0


def test_EX_1304_01_the_marked_map_after_the_first_influence_phase() -> None:
    """One distribution that gives every status the April example states (the INF numbers are lost).

    With the March table's 1615 INFs (the fallback) this map cannot be reached:
    its five Protestant-controlled states need 50 Protestant INFs and England and
    Denmark/Sweden have 33 (docs/europe1615-payola.md says so).
    """
    state = start(APRIL)
    state.phase = Phase("S", 1615, "D")
    state.extra["influence"] = {
        **{s: {"ENGLAND": 10} for s in ("IRE", "MEC", "BRA", "WES")}, "WUR": {"DENMARK": 10},
        "SAX": {"DENMARK": 6}, "PRU": {"DENMARK": 6}, "UNI": {"SPAIN": 5},
        **{s: {"AUSTRIA": 5} for s in ("VEN", "LUN", "BOS")}, "TRA": {"AUSTRIA": 10},
        "RHI": {"AUSTRIA": 5, "ENGLAND": 5}, "LOR": {"FRANCE": 5, "SPAIN": 5}, "SAV": {"FRANCE": 5, "AUSTRIA": 5}}
    marks = adjudicate(variant(APRIL), state, {}).state.extra["status"]
    expected = {"IRE": ("ENGLAND", "PROTESTANT"), "MEC": ("ENGLAND", "PROTESTANT"), "BRA": ("ENGLAND", "PROTESTANT"),
                "WES": ("ENGLAND", "PROTESTANT"), "WUR": ("DENMARK", "PROTESTANT"), "SAX": ("DENMARK", ""),
                "PRU": ("DENMARK", ""), "UNI": ("SPAIN", ""), "VEN": ("AUSTRIA", ""), "LUN": ("AUSTRIA", ""),
                "BOS": ("AUSTRIA", ""), "TRA": ("AUSTRIA", "CATHOLIC")}
    for minor, (power, faith) in expected.items():
        assert (marks[minor]["political"], marks[minor]["aligned"], marks[minor]["faith"]) == ("ALIGNED", power, faith)
    assert (marks["RHI"]["political"], marks["RHI"]["religious"]) == ("NEUTRAL", "DUALITY")
    for minor in ("LOR", "SAV"):
        assert (marks[minor]["political"], marks[minor]["religious"], marks[minor]["faith"]) == (
            "NEUTRAL", "CONTROLLED", "CATHOLIC")
    others = set(game(APRIL).edition.pliant) - set(expected) - {"RHI", "LOR", "SAV"}
    assert {marks[m]["political"] for m in others} == {"INDEPENDENT"}
    yearly = game(APRIL).edition.yearly_infs
    assert yearly["ENGLAND"][0] + yearly["DENMARK"][0] == 33 < 5 * 10


def _scored(edition: str, infs: dict[str, dict[str, int]]) -> dict[str, dict[str, int]]:
    state = start(edition)
    state.extra["influence"] = infs
    mark(game(edition), state)
    return {p: objective_vps(game(edition), state, p) for p in ("AUSTRIA", "FRANCE", "SPAIN", "ENGLAND", "DENMARK")}


def test_EX_1303_02_saxony_catholic_and_aligned_to_austria_gives_austria_7_and_7() -> None:
    assert _scored(MARCH, {"SAX": {"AUSTRIA": 10, "SPAIN": 2}})["AUSTRIA"] == {"SAX": 14}


def test_EX_1304_02_saxony_with_the_exclusive_bonus_gives_19() -> None:
    assert _scored(APRIL, {"SAX": {"AUSTRIA": 12}})["AUSTRIA"] == {"SAX": 7 + 7 + 5}
    assert _scored(APRIL, {"SAX": {"AUSTRIA": 10, "SPAIN": 2}})["AUSTRIA"] == {"SAX": 14}  # not exclusive
    assert _scored(MARCH, {"SAX": {"AUSTRIA": 12}})["AUSTRIA"] == {"SAX": 14}  # no bonus in March


def test_EX_1303_03_and_EX_1304_03_the_rhineland() -> None:
    """Catholic RHI with Austrian INFs: +5; aligned too: 12; exclusive (April): 17; France +5 with INFs there."""
    march = _scored(MARCH, {"RHI": {"AUSTRIA": 10, "FRANCE": 2}})
    assert march["AUSTRIA"] == {"RHI": 12} and march["FRANCE"] == {"RHI": 5}
    assert _scored(APRIL, {"RHI": {"AUSTRIA": 12}})["AUSTRIA"] == {"RHI": 17}
    neutral = _scored(MARCH, {"RHI": {"AUSTRIA": 6, "FRANCE": 6}})
    assert neutral["AUSTRIA"] == {"RHI": 5} and neutral["FRANCE"] == {"RHI": 5}
    assert _scored(MARCH, {"RHI": {"AUSTRIA": 12}})["FRANCE"] == {}  # A-1303-04: France has no INFs there
    assert _scored(MARCH, {"RHI": {"AUSTRIA": 12}})["AUSTRIA"] == {"RHI": 12}


def test_A_1303_04_the_c_award_without_infs_there_as_a_gm_reading() -> None:
    state = start(MARCH, c_award_needs_infs=False)
    state.extra["influence"] = {"RHI": {"AUSTRIA": 12}}
    g = game(MARCH, c_award_needs_infs=False)
    mark(g, state)
    assert objective_vps(g, state, "FRANCE") == {"RHI": 5}
