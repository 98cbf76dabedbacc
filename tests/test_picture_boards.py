"""Issue 27, point 4: the Europe 1615 boards as their texts describe them, and nothing their rules keep secret.

Version 3 lists the modifiers in effect and widerstand or ketzenhammer at
the top left corner (R-v3-83, R-v3-34); every edition marks each minor
state's political status and its religious majority or control by an
orange (Protestant) or blue (Catholic) cross (R-v3-19 to R-v3-22, R-v3-29;
R-1308-20 to R-1308-24, R-1308-53; R-1303-15 to -20, R-1304-20 to -25);
the Payola editions mark REVOLT and CONTESTED states (R-1303-24, R-1304-32,
R-1304-33); a minor unit is labelled with its state (R-v3-69).  The 2013-08
edition keeps secret to whom the Ottoman Empire is aligned (R-1308-32).
"""

from __future__ import annotations

from typing import Any

import pytest

from judge.engine.state import GameState
from judge.engine.orders import Unit
from judge.render.shapes import unit_box
from judge.render.geometry import variant_geometry
from judge.render.palette import FAITHS, NEUTRAL_HATCH, power_colours
from judge.render.picture import phase_picture, phase_scene
from judge.render.results import ResultsContext
from judge.render.sceneparts import Scene
from judge.variants import load_variant

V3, AUGUST, MARCH, APRIL = "europe1615-v3", "europe1615-2013-08", "europe1615-2013-03", "europe1615-2013-04"


def drawn(name: str, state: GameState, viewer: str = "OBSERVER") -> tuple[Scene, str]:
    """The scene and SVG of ``state`` as ``viewer`` sees it (a position with no orders)."""
    variant = load_variant(name)
    ctx = ResultsContext("j", "g", variant.name, variant.map, state.phase, state)
    scene, svg = phase_scene(variant, ctx, viewer), phase_picture(variant, ctx, viewer, "SVG")
    assert scene is not None and svg is not None
    return scene, svg.data.decode()


def v3_sheet(**entries: tuple[str, str | None, str | None]) -> dict[str, dict[str, Any]]:
    return {minor: {"political": p, "power": power, "religion": faith, "deployed": []}
            for minor, (p, power, faith) in entries.items()}


def corner_words(scene: Scene) -> list[str]:
    return [t.text for t in scene.board.texts if t.cls == "corner"]


def test_R_v3_83_R_v3_34_the_modifiers_and_the_counterbalance_in_effect_are_in_the_boards_top_left_corner() -> None:
    state = load_variant(V3).ruleset.initial_state()
    state.extra["modifiers"] = ["TREATY_OF_LYON", "WALLENSTEIN"]
    state.extra["counterbalance"] = "WIDERSTAND"
    scene, svg = drawn(V3, state)
    [corner] = [label for label in scene.labels if label.kind == "corner"]
    assert corner.box[0] < 10 and corner.box[1] < 10                          # the top left corner
    assert corner_words(scene) == ["Modifiers in effect:", "Treaty of Lyon", "Wallenstein", "Counterbalance: widerstand"]
    assert ">Treaty of Lyon</text>" in svg and ">Counterbalance: widerstand</text>" in svg
    state.extra["modifiers"], state.extra["counterbalance"] = [], "KETZENHAMMER"
    assert corner_words(drawn(V3, state)[0])[1:] == ["none", "Counterbalance: ketzenhammer"]
    state.extra["counterbalance"] = None
    assert corner_words(drawn(V3, state)[0])[1:] == ["none", "Counterbalance: none"]


@pytest.mark.parametrize("name", [AUGUST, MARCH, APRIL])
def test_the_editions_without_modifiers_or_counterbalance_have_no_corner_box(name: str) -> None:
    scene, _ = drawn(name, load_variant(name).ruleset.initial_state())
    assert not [label for label in scene.labels if label.kind == "corner"] and not corner_words(scene)


def test_R_v3_19_to_22_R_v3_29_statuses_are_hatched_and_majorities_marked_by_crosses_beside_the_centre() -> None:
    variant = load_variant(V3)
    state = variant.ruleset.initial_state()
    state.extra["status"] = v3_sheet(POL=("ALIGNED", "AUSTRIA", "CATHOLIC"), MEC=("NEUTRAL", None, "PROTESTANT"),
                                     SAX=("UNALIGNED", None, None), HES=("NEUTRAL", None, "TOLERANT"))
    scene, svg = drawn(V3, state)
    austria = power_colours(variant.map)["AUSTRIA"]
    assert all(scene.hatches[p] == austria for p in ("WAR", "VIL", "RUT", "POD"))       # its lands, not owned
    assert scene.hatches["MEC"] == NEUTRAL_HATCH == scene.hatches["HES"] and "SAX" not in scene.hatches
    crosses = {c.faith: c.xy for c in scene.board.crosses}
    assert set(crosses) == {"CATHOLIC", "PROTESTANT"} and len(scene.board.crosses) == 2       # TOLERANT: none
    geometry = variant_geometry(V3)
    assert geometry is not None
    for faith, province in (("CATHOLIC", "WAR"), ("PROTESTANT", "MEC")):
        x, y = geometry.regions[province].unit
        assert abs(crosses[faith][0] - (x - 10)) + abs(crosses[faith][1] - (y + 8)) < 45, faith  # by its centre
    assert {"state ALIGNED", "state NEUTRAL", "state UNALIGNED", "faith CATHOLIC", "faith PROTESTANT"} <= set(scene.keys)
    assert f'fill="{FAITHS["CATHOLIC"]}"' in svg and 'class="faith protestant"' in svg
    assert ">Unaligned</text>" in svg and ">Neutral (impassable)</text>" in svg


@pytest.mark.parametrize(("name", "low"), [(MARCH, "SEGREGATED"), (APRIL, "INDEPENDENT")])
def test_R_1303_15_R_1304_20_the_payola_editions_mark_their_own_words_and_duality(name: str, low: str) -> None:
    state = load_variant(name).ruleset.initial_state()
    state.extra["status"] = {
        "SAX": {"political": low, "aligned": "", "religious": "DUALITY", "faith": ""},
        "HES": {"political": "NEUTRAL", "aligned": "", "religious": "CONTROLLED", "faith": "CATHOLIC"},
        "MEC": {"political": "ALIGNED", "aligned": "DENMARK", "religious": "UNAFFECTED", "faith": ""}}
    scene, svg = drawn(name, state)
    assert sorted(c.faith for c in scene.board.crosses) == ["CATHOLIC", "CATHOLIC", "PROTESTANT"]  # DUALITY: both
    assert {f"state {low}", "faith DUALITY", "state ALIGNED", "state NEUTRAL OPEN"}  # entered at -5 VPs (R-1303-22, R-1304-28) <= set(scene.keys)
    assert f">{low.title()}" in svg and ">Duality</text>" in svg


def test_R_1308_32_only_the_power_the_ottomans_are_aligned_to_and_the_gm_see_it_on_the_map() -> None:
    variant = load_variant(AUGUST)
    state = variant.ruleset.initial_state()
    ottoman = {"political": "ALIGNED", "religion": "ISLAMIC", "deployed": []}
    state.extra["status"] = {"OTE": {**ottoman, "power": "SPAIN"}}
    spain = power_colours(variant.map)["SPAIN"]
    lands = variant.map.states["OTE"]
    for viewer in ("SPAIN", "GM"):
        scene, _ = drawn(AUGUST, state, viewer)
        assert any(scene.hatches.get(p) == spain for p in lands), viewer
    for viewer in ("FRANCE", "ENGLAND", "OBSERVER"):
        scene, svg = drawn(AUGUST, state, viewer)
        assert not any(p in scene.hatches for p in lands) and "Aligned to" not in svg, viewer
    def png(power: str, viewer: str) -> bytes:
        state.extra["status"] = {"OTE": {**ottoman, "power": power}}
        ctx = ResultsContext("j", "g", variant.name, variant.map, state.phase, state)
        picture = phase_picture(variant, ctx, viewer, "PNG")
        assert picture is not None
        return picture.data
    assert png("SPAIN", "OBSERVER") == png("FRANCE", "OBSERVER") == png("AUSTRIA", "ENGLAND")  # not a pixel apart
    assert png("SPAIN", "SPAIN") != png("FRANCE", "SPAIN")
    assert variant.ruleset.picture_alignments(state) == {}


def test_R_v3_69_a_minor_states_unit_carries_its_states_name_where_the_province_does_not_say_it() -> None:
    variant = load_variant(V3)
    state = GameState(variant.ruleset.initial_state().phase,
                      {"PRU": [Unit("A", "MEC")], "SAX": [Unit("A", "SAX")], "OTE": [Unit("A", "SER")],
                       "AUSTRIA": [Unit("A", "VIE")]}, {})
    scene, svg = drawn(V3, state)
    tags = {label.name: label.box for label in scene.labels if label.kind == "tag"}
    assert set(tags) == {"PRU", "OTE"}                                      # SAX stands in Saxony, so named
    geometry = variant_geometry(V3)
    assert geometry is not None
    for owner, at in (("PRU", "MEC"), ("OTE", "SER")):
        x, y = geometry.regions[at].unit
        box = tags[owner]
        unit = unit_box("A", (x, y))                        # issue 38: the tag touches its unit, not 40 px off
        gap = max(unit[0] - box[2], box[0] - unit[2], unit[1] - box[3], box[1] - unit[3])
        assert -0.01 <= gap <= 1.0, owner
    assert svg.count('class="tag"') == 3 and ">OTE</text>" in svg           # two tags and the legend's key
    assert "tag" in scene.keys and "Unit of a minor state (its name)" in svg


def test_a_europe_1615_phase_with_a_modifier_a_widerstand_a_revolt_and_a_contested_state_draws_each() -> None:
    """The issue's check: Version 3 has the modifiers and the counterbalance, the Payola editions REVOLT and
    CONTESTED (tests/europe1615_payola/test_marked_on_the_map.py plays them); each drawn and in the legend."""
    state = load_variant(V3).ruleset.initial_state()
    state.extra.update(modifiers=["BOHEMIAN_REVOLT"], counterbalance="WIDERSTAND")
    scene, _ = drawn(V3, state)
    assert "Bohemian revolt" in corner_words(scene) and "Counterbalance: widerstand" in corner_words(scene)
    payola = load_variant(APRIL)
    marked = payola.ruleset.initial_state()
    marked.extra["status"] = {"RHI": {"political": "ALIGNED", "aligned": "SPAIN", "religious": "UNAFFECTED", "faith": ""},
                              "SAX": {"political": "NEUTRAL", "aligned": "", "religious": "CONTROLLED",
                                      "faith": "PROTESTANT"}}
    marked.centers["SAX"].discard("SAX")
    marked.centers["AUSTRIA"].add("SAX")
    marked.extra["contested"] = {"RHI": "FRANCE"}
    scene, svg = drawn(APRIL, marked)
    assert {"mark REVOLT", "mark CONTESTED"} <= set(scene.keys)
    assert ">REVOLT</text>" in svg and ">CONTESTED</text>" in svg and ">In revolt</text>" in svg
