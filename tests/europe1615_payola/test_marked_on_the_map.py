"""What the texts mark on the map: CONTESTED (R-1304-33) and REVOLT (R-1303-24, R-1304-32), in mail and picture."""

from __future__ import annotations

import pytest

from judge.engine import adjudicate
from judge.engine.orders import Move, Support, Unit
from judge.engine.results import PhaseOutcome
from judge.engine.state import GameState, Phase
from judge.render.europe1615_payola import E1615PayolaReport
from judge.render.picture import phase_picture
from judge.render.results import render_results, results_context
from judge.variants.payola.offers import Amount, Offer
from tests.europe1615_payola.helpers import APRIL, MARCH, start, variant

ALIGNED_TO_SPAIN = {"RHI": {"political": "ALIGNED", "aligned": "SPAIN", "religious": "UNAFFECTED", "faith": ""},
                    "SAX": {"political": "NEUTRAL", "aligned": "", "religious": "CONTROLLED", "faith": "PROTESTANT"}}


def _bribe(unit: str, order: object) -> Offer:
    kind, _, loc = unit.partition(" ")
    return Offer((Amount(0),), ":", Unit(kind, loc), (order,))  # type: ignore[arg-type]


def taken(edition: str) -> tuple[GameState, PhaseOutcome]:
    """Spring 1616: France takes the Rhineland, ALIGNED to Spain; Austria owns Saxony, which Protestants control."""
    before = start(edition)
    before.phase = Phase.parse("S1616M")
    before.extra["status"] = ALIGNED_TO_SPAIN
    before.centers["SAX"].discard("SAX")
    before.centers["AUSTRIA"].add("SAX")
    before.units["FRANCE"] = [Unit("A", "LUX"), Unit("A", "LIE")]
    outcome = adjudicate(variant(edition), before, {"FRANCE": [
        _bribe("A LUX", Move("A", "LUX", "RHI")), _bribe("A LIE", Support("A", "LIE", "A", "LUX", "RHI"))]})
    return before, outcome


@pytest.mark.parametrize("edition", [MARCH, APRIL])
def test_R_1303_25_R_1304_33_contested_states_are_named_in_the_result_mail(edition: str) -> None:
    before, outcome = taken(edition)
    game = variant(edition)
    ctx = results_context(game, before.phase, outcome, judge="j", game="g")
    ctx = E1615PayolaReport(game).context(ctx, before, {}, outcome)
    text = " ".join(render_results(ctx, "OBSERVER").body.split())
    assert "CONTESTED (R-1303-25, R-1304-33: retaken without penalty): RHI (taken by France)." in text


@pytest.mark.parametrize("fmt", ["SVG", "PNG"])
def test_R_1304_33_contested_states_will_be_marked_on_the_map_and_R_1304_32_revolting_ones_too(fmt: str) -> None:
    before, outcome = taken(APRIL)
    game = variant(APRIL)
    def worded(state: GameState) -> dict[str, str]:  # besides each port's anchor and each centre's value
        return {k: " ".join(w for w in v.split() if not w.isdigit())
                for k, v in game.ruleset.picture_marks(state).items() if "REVOLT" in v or "CONTESTED" in v}
    assert worded(outcome.state) == {"RHI": "CONTESTED", "SAX": "REVOLT"}
    assert worded(before) == {"SAX": "REVOLT"}
    ctx = results_context(game, before.phase, outcome, judge="j", game="g")
    drawn = phase_picture(game, ctx, "OBSERVER", fmt)
    assert drawn is not None
    if fmt == "SVG":
        svg = drawn.data.decode()
        assert ">CONTESTED</text>" in svg and ">REVOLT</text>" in svg and ">PORT</text>" in svg
    outcome.state.extra.pop("contested")
    without = phase_picture(game, results_context(game, before.phase, outcome, judge="j", game="g"), "OBSERVER", fmt)
    assert without is not None and without.data != drawn.data
