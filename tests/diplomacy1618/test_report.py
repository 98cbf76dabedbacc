"""The result mail of the phase that settles Prague says whose home centre it became (R-1618-09, R-1618-11)."""

from __future__ import annotations

from judge.render.diplomacy1618 import Diplomacy1618Report
from judge.render.results import render_results, results_context
from tests.diplomacy1618.helpers import play, position, variant


def mail(before_units: dict[str, list[str]], orders: dict[str, list[str]]) -> str:
    game = variant()
    before = position("F1618M", before_units)
    outcome = play(before, orders, game)
    ctx = results_context(game, before.phase, outcome, judge="j", game="g")
    ctx = Diplomacy1618Report(game).context(ctx, before, orders, outcome)
    return " ".join(render_results(ctx, "OBSERVER").body.split())


def test_the_rebels_army_passing_to_the_palatinate_is_announced() -> None:
    text = mail({"BOH": ["A PRA"], "PALATINATE": ["A UPA"]}, {})
    assert ("The army of the Bohemian rebels still holds Prague at the end of Fall 1618: it passes to Palatinate, "
            "and Prague becomes a home centre of Palatinate for the rest of the game.") in text


def test_an_austrian_prague_is_announced_and_a_later_year_says_nothing() -> None:
    text = mail({"BOH": ["A PRA"], "AUSTRIA": ["A VIE", "A MOR"]},
                {"AUSTRIA": ["A VIE - PRA", "A MOR S A VIE - PRA"]})
    assert "Prague becomes a home centre of Austria for the rest of the game." in text
    assert "Bohemian rebels still holds" not in text
    assert "becomes a home centre" not in mail({"AUSTRIA": ["A VIE"]}, {})


def test_a_palatinate_that_took_prague_by_force_is_not_said_to_have_won_the_rebels_army() -> None:
    text = mail({"BOH": ["A PRA"], "PALATINATE": ["A UPA", "A BAY"]},
                {"PALATINATE": ["A UPA - PRA", "A BAY S A UPA - PRA"]})
    assert "Prague becomes a home centre of Palatinate for the rest of the game." in text
    assert "Bohemian rebels still holds" not in text
