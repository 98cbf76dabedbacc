"""The game year, the general rules and the auction (R-v3-01 to R-v3-05, R-v3-131)."""

from __future__ import annotations

import pytest

from judge.variants.europe1615 import Attack, Deploy
from judge.variants.europe1615.auction import assign_powers, bid_problem
from judge.variants.europe1615.tables import CATHOLIC, PROTESTANT
from judge.variants.europe1615.world import OptionError
from tests.europe1615_v3.helpers import (
    opening,
    play,
    position,
    result_of,
    setup,
    units_of,
    v3,
    v3_with,
)

POWERS = ["AUSTRIA", "DENMARK", "ENGLAND", "FRANCE", "SPAIN"]


def test_R_v3_01_standard_rules_apply_otherwise() -> None:
    state = position(units={"FRANCE": ["A PAR", "A BUR"], "SPAIN": ["A CHA"]})
    out = play(state, {"FRANCE": ["A PAR - CHA", "A BUR S A PAR - CHA"], "SPAIN": ["A CHA H"]})
    assert [str(d.unit) for d in out.dislodged] == ["A CHA"] and units_of(out)["FRANCE"] == {"A CHA", "A BUR"}


def test_R_v3_02_five_powers_from_1615_with_no_last_year() -> None:
    start = v3().ruleset.initial_state()  # type: ignore[attr-defined]
    assert sorted(setup().powers) == POWERS and str(start.phase) == "S1615I"
    assert str(play(position("W1699S"), {}).state.phase) == "S1700I"


def test_R_v3_03_the_catholic_and_protestant_powers() -> None:
    assert setup().faith == {"AUSTRIA": CATHOLIC, "FRANCE": CATHOLIC, "SPAIN": CATHOLIC,
                             "ENGLAND": PROTESTANT, "DENMARK": PROTESTANT}


def test_R_v3_04_the_phases_of_the_year() -> None:
    state = v3().ruleset.initial_state()  # type: ignore[attr-defined]
    seen = [str(state.phase)]
    for _ in range(10):
        state = play(state, {}).state
        seen.append(str(state.phase))
    assert seen == ["S1615I", "S1615M", "U1615M", "F1615M", "W1615E", "W1615A", "W1615S", "S1616I", "S1616M",
                    "U1616M", "F1616M"]
    retreat = position(units={"FRANCE": ["A PAR", "A BUR"], "SPAIN": ["A CHA"]}, phase="U1615M")
    out = play(retreat, {"FRANCE": ["A PAR - CHA", "A BUR S A PAR - CHA"]})
    assert str(out.state.phase) == "U1615R"  # each movement phase has its retreats
    assert str(play(out.state, {"SPAIN": ["A CHA R LUX"]}).state.phase) == "F1615M"


def test_R_v3_05_deploy_then_attack_then_statuses_then_orders() -> None:
    state = opening()
    state.units = {"LOR": [u for u in state.units["LOR"]]}
    out = play(state, {"SPAIN": [Deploy("LOR", 6), "A LOR - CHA"],
                       "FRANCE": [Deploy("LOR", 4), Attack("LOR", "SPAIN"), "A LOR - BUR"]})
    assert result_of(out, "LOR > SPAIN").message.endswith("FRANCE 0 and SPAIN 2")  # step 2 after step 1
    assert out.state.extra["status"]["LOR"]["power"] == "SPAIN"                    # step 3
    assert units_of(out)["LOR"] == {"A CHA"}                                      # step 4 obeys it
    assert [r.order for r in out.results][:3] == ["4: LOR", "6: LOR", "LOR > SPAIN"]   # deployments by power


def test_R_v3_131_blind_auction_of_the_powers() -> None:
    good = {"SPAIN": 40, "FRANCE": 30, "AUSTRIA": 20, "ENGLAND": 5, "DENMARK": 5}
    assert bid_problem(good, POWERS) == ""
    assert "at least 5" in bid_problem({**good, "DENMARK": 4, "SPAIN": 41}, POWERS)
    assert "add up to 101" in bid_problem({**good, "SPAIN": 41}, POWERS)
    bids = {"ann": good, "bob": {"SPAIN": 40, "FRANCE": 5, "AUSTRIA": 5, "ENGLAND": 25, "DENMARK": 25},
            "cy": {"SPAIN": 20, "FRANCE": 20, "AUSTRIA": 20, "ENGLAND": 20, "DENMARK": 20}}
    assigned = assign_powers(bids, ["bob", "ann", "cy"], POWERS)
    assert assigned == {"bob": "SPAIN", "ann": "FRANCE", "cy": "AUSTRIA"}  # bob joined first: the 40 tie is his


def test_a_gm_option_with_an_unknown_reading_is_refused() -> None:
    with pytest.raises(OptionError, match="neutral_bars = 'nobody'"):
        v3_with(neutral_bars="nobody")
    assert v3_with(neutral_bars="powers").ruleset.setup.options["neutral_bars"] == "powers"  # type: ignore[attr-defined]
