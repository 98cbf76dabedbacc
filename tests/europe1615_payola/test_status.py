"""Marking the minor states after the attacks: political and religious statuses (PY-18, PY-19)."""

from __future__ import annotations

import pytest

from judge.variants.europe1615_payola.status import political, religious
from tests.europe1615_payola.helpers import APRIL, MARCH, game


def test_R_1303_15_segregated_and_R_1304_20_independent_under_five_infs() -> None:
    assert political(game(MARCH), "SAX", {"AUSTRIA": 4}) == ("SEGREGATED", "")
    assert political(game(APRIL), "SAX", {"AUSTRIA": 2, "FRANCE": 2}) == ("INDEPENDENT", "")
    assert political(game(APRIL), "SAX", {}) == ("INDEPENDENT", "")


def test_R_1303_16_neutral_when_nobody_holds_two_thirds() -> None:
    assert political(game(MARCH), "SAX", {"AUSTRIA": 6, "DENMARK": 4}) == ("NEUTRAL", "")


def test_R_1303_17_aligned_with_two_thirds_five_infs_and_an_a_entry() -> None:
    g = game(MARCH)
    assert political(g, "SAX", {"AUSTRIA": 10, "DENMARK": 5}) == ("ALIGNED", "AUSTRIA")  # exactly 2/3
    assert political(g, "BOS", {"AUSTRIA": 5}) == ("ALIGNED", "AUSTRIA")
    assert political(g, "BOS", {"ENGLAND": 9}) == ("NEUTRAL", "")  # A-1303-05: England has no A entry for BOS


@pytest.mark.parametrize(("gap", "politics", "faith"), [("neutral", "NEUTRAL", "DUALITY"),
                                                        ("low", "SEGREGATED", "UNAFFECTED")])
def test_A_1303_01_the_status_gap(gap: str, politics: str, faith: str) -> None:
    """HES after the example's attack: Spain 1, Austria 4 -- 5 INFs, Austria 80% but under 5."""
    g = game(MARCH, status_gap=gap)
    assert political(g, "HES", {"SPAIN": 1, "AUSTRIA": 4}) == (politics, "")
    assert religious(g, {"AUSTRIA": 8, "ENGLAND": 4}) == (faith, "")  # Catholic 2/3 of 12, but only 8


def test_R_1303_18_unaffected_under_ten_R_1303_19_duality_R_1303_20_controlled() -> None:
    g = game(MARCH)
    assert religious(g, {"FRANCE": 5, "SPAIN": 4}) == ("UNAFFECTED", "")
    assert religious(g, {"FRANCE": 6, "ENGLAND": 5}) == ("DUALITY", "")
    assert religious(g, {"FRANCE": 6, "SPAIN": 4, "ENGLAND": 5}) == ("CONTROLLED", "CATHOLIC")
    assert religious(g, {"ENGLAND": 6, "DENMARK": 4}) == ("CONTROLLED", "PROTESTANT")  # the two faiths combine


def test_A_1303_05_a_c_entry_aligns_too_as_a_gm_reading() -> None:
    """Austria has only C=3 in Brandenburg: ALIGNED to it only when any entry counts."""
    assert political(game(MARCH), "BRA", {"AUSTRIA": 6}) == ("NEUTRAL", "")
    assert political(game(MARCH, aligned_needs="any_entry"), "BRA", {"AUSTRIA": 6}) == ("ALIGNED", "AUSTRIA")
