"""The map picture's marks true to the texts (issue 35 points 1 and 5): each state's cross in its own province,
the NEUTRAL states as the Payola texts have them (entered at a penalty, not impassable), the ports' anchors."""

from __future__ import annotations

import pytest

from judge.engine.state import Phase
from judge.render.geometry import variant_geometry
from judge.render.picture import picture_words
from judge.render.scene import build_scene
from tests.europe1615_payola.helpers import APRIL, MARCH, start, variant

#: Württemberg and Mecklenburg, small states whose crosses the picture once drew in their neighbours
CONTROLLED = {minor: {"political": "NEUTRAL", "aligned": "", "religious": "CONTROLLED", "faith": "PROTESTANT"}
              for minor in ("WUR", "MEC", "SAX", "HES", "BAV", "LUN", "BRA", "RHI")}


def inside_outline(polygons: tuple[tuple[tuple[float, ...], ...], ...], point: tuple[float, float]) -> bool:
    """The test's own even-odd rule over a region's rings."""
    crossings = 0
    for polygon in polygons:
        for ring in polygon:
            xs, ys = ring[0::2], ring[1::2]
            for i in range(len(xs)):
                (x1, y1), (x2, y2) = (xs[i - 1], ys[i - 1]), (xs[i], ys[i])
                if (y1 > point[1]) != (y2 > point[1]) and point[0] < x1 + (point[1] - y1) * (x2 - x1) / (y2 - y1):
                    crossings += 1
    return crossings % 2 == 1


@pytest.mark.parametrize("edition", [MARCH, APRIL])
def test_every_cross_stands_in_its_own_state(edition: str) -> None:
    game, state = variant(edition), start(edition)
    state.phase = Phase.parse("S1616M")
    state.extra["status"] = CONTROLLED
    geometry = variant_geometry(game.name)
    assert geometry is not None
    scene = build_scene(geometry, game.map, state, [], [], picture_words("g", state.phase),
                        game.ruleset.picture_states(state))
    crosses = scene.board.crosses
    assert len(crosses) == len(CONTROLLED)
    for cross in crosses:
        holders = [minor for minor in CONTROLLED if inside_outline(geometry.regions[minor].polygons, cross.xy)]
        assert len(holders) == 1, (cross, holders)
    assert {minor for cross in crosses for minor in CONTROLLED
            if inside_outline(geometry.regions[minor].polygons, cross.xy)} == set(CONTROLLED)


@pytest.mark.parametrize("edition", [MARCH, APRIL])
def test_the_legend_says_what_the_text_says_neutral_states_ports_and_centre_values(edition: str) -> None:
    """"If the political status is NEUTRAL, any major power that attacks and occupies the state will suffer a
    penalty of -5 VPs": not impassable; the anchors of the ports (R-1304-47: "a port (anchor)")."""
    game, state = variant(edition), start(edition)
    state.phase = Phase.parse("S1616M")
    state.extra["status"] = {"MEC": {"political": "NEUTRAL", "aligned": "", "religious": "UNAFFECTED", "faith": ""}}
    geometry = variant_geometry(game.name)
    assert geometry is not None
    scene = build_scene(geometry, game.map, state, [], [], picture_words("g", state.phase),
                        game.ruleset.picture_states(state), game.ruleset.picture_marks(state))
    legend = " ".join(t.text for t in scene.legend.texts)
    assert "impassable" not in legend and "may be entered: whoever attacks and occupies it loses 5 VPs" in legend
    assert "Port (anchor): fleets may enter it" in legend
    marks = game.ruleset.picture_marks(state)
    words = {k: " ".join(w for w in v.split() if not w.isdigit()) for k, v in marks.items()}
    assert words["LON"] == words["MEC"] == "PORT" and words["PAR"] == words["SAX"] == ""  # inland: no anchor
    values = {k: v.split()[-1] for k, v in marks.items() if v.split()[-1].isdigit()}   # R-1303-33, R-1304-42
    assert values == {c: str(game.map.provinces[c].center) for c in game.map.centers}
    assert "A supply centre's value" in legend
