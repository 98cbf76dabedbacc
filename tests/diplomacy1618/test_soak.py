"""The random-orders soak of issue 14: 200 game years on the 1618 map, no error, no illegal position.

``tests/soak.py`` plays and checks; ``bench/soak.py`` prints the figures.
"""

from __future__ import annotations

import pytest

from judge.engine import GameState, Phase, Unit
from judge.variants import load_variant
from tests.soak import check_position, soak


@pytest.mark.parametrize("seed", [1, 2])
def test_two_hundred_years_of_random_orders_on_the_1618_map_stay_legal(seed: int) -> None:
    report = soak(load_variant("diplomacy1618"), 200, seed)
    assert report.problems == []
    assert report.years == 200 and report.phases > 600
    assert report.dislodged > 100 and report.builds > 100      # the soak reaches retreats and builds


def test_the_standard_map_soaks_too() -> None:
    report = soak(load_variant("standard"), 50, 1)
    assert report.problems == [] and report.years == 50 and report.dislodged > 20


def test_the_soak_check_sees_an_illegal_position() -> None:
    """The check can fail: units that share a province, stand on the wrong terrain or off the board; bad centres."""
    game = load_variant("diplomacy1618")
    bad = GameState(Phase.parse("S1620M"),
                    {"SWEDEN": [Unit("A", "BAL"), Unit("A", "SWX")], "DENMARK": [Unit("F", "HOL"), Unit("A", "KIE")],
                     "POLAND": [Unit("A", "KIE")]},
                    {"SWEDEN": {"SWX"}, "DENMARK": {"SWX", "HOL"}, "BOH": {"PRA"}, "POLAND": {"BAL"}})
    problems = check_position(game, bad, winter_over=True)
    for expected in ("SWEDEN A BAL: an army at sea", "SWEDEN A SWX: off the board", "DENMARK F HOL: a fleet inland",
                     "share KIE", "SWX is owned by SWEDEN and DENMARK", "BOH owns centres ['PRA']",
                     "POLAND owns BAL, which is no centre", "SWEDEN has 2 units and 1 centres after Winter"):
        assert any(expected in p for p in problems), expected
    assert check_position(game, game.ruleset.initial_state(), winter_over=True) == []
