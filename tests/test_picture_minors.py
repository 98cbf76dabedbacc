"""Issue 38 point 6 and the pictures' leftovers of issue 38: Europe 1615's Germany read at a glance.

On the demo games played by mail: each minor state's unit shows its state (its
province's label where it stands at home, else a tag with the state's name
touching it) and its status (its top in the colour of the power its state is
aligned to, off-white when neutral, as the state's lands are marked); a centre
held by another than the power or state whose home it is is ringed in its
holder's colour, a home centre is not; a fleet's retreats are drawn over the
sea; and nothing the Payola editions keep secret (offers, treasuries) is
written on the map.
"""

from __future__ import annotations

import math

import pytest

from judge.engine.variant import Variant
from judge.render.geometry import variant_geometry
from judge.render.layout import regions_of
from judge.render.palette import NEUTRAL_FILL, OTHERS, power_colours
from judge.render.picture import phase_scene, picture_words, visible_states
from judge.render.results import ResultsContext
from judge.render.sceneparts import Scene
from judge.render.shapes import unit_box
from tests.demo_phases import Played

V3, APRIL, MARCH = "europe1615-v3", "europe1615-2013-04", "europe1615-2013-03"


def _phase(demo_phases: dict[str, Played], name: str, phase: str) -> tuple[Variant, ResultsContext]:
    variant, played = demo_phases[name]
    return variant, next(ctx for ctx in played if str(ctx.phase) == phase)


def _scene(variant: Variant, ctx: ResultsContext, viewer: str = "OBSERVER") -> Scene:
    scene = phase_scene(variant, ctx, viewer)
    assert scene is not None
    return scene


def test_a_captured_centre_is_ringed_in_its_holders_colour_and_a_home_centre_is_not(
        demo_phases: dict[str, Played]) -> None:
    variant, ctx = _phase(demo_phases, V3, "F1616M")
    scene = _scene(variant, ctx)
    geometry = variant_geometry(V3)
    assert geometry is not None
    def centre(abbr: str) -> tuple[float, float]:
        x, y = geometry.regions[abbr].unit
        return (x - 10.0, y + 8.0)
    held = {c: p for p, cs in ctx.state.centers.items() for c in cs}
    assert held["WUR"] == "SPAIN" and held["MEC"] == "LOWR" and held["PAR"] == "FRANCE"   # the demo's captures
    rings = dict(scene.board.captured)
    spain = power_colours(variant.map)["SPAIN"]
    assert rings.get(centre("WUR")) == spain            # Württemberg, taken by Spain: Spain's ring
    assert rings.get(centre("MEC")) == OTHERS           # Mecklenburg, held by Lower Saxony (a minor state)
    assert centre("PAR") not in rings and centre("MAD") not in rings         # home soil is not ringed
    assert len(rings) == sum(1 for c, p in held.items() if variant.map.homes and c in
                             {h for q, hs in variant.map.homes.items() if q != p for h in hs})
    assert "captured" in scene.keys


@pytest.mark.parametrize("name", [V3, APRIL, MARCH])
def test_each_minor_unit_shows_its_state_and_its_status(demo_phases: dict[str, Played], name: str) -> None:
    variant, played = demo_phases[name]
    colours = power_colours(variant.map)
    seen_band = False
    for ctx in played:
        scene = _scene(variant, ctx)
        marks = {m.state: m for m in visible_states(variant.ruleset.picture_states(ctx.state), "OBSERVER")}
        tags = [label for label in scene.labels if label.kind == "tag"]
        for owner, units in ctx.state.units.items():
            if owner in variant.map.powers:
                continue
            mark = marks.get(owner)
            want = (colours[mark.power] if mark and mark.political == "ALIGNED" else
                    NEUTRAL_FILL if mark and mark.political.startswith("NEUTRAL") else "")
            for unit in units:
                xy = scene.geometry.point(unit.location)
                drawn = [u for u in scene.board.units if u.xy == xy and not u.ghost]
                assert drawn and drawn[0].band == want, (str(ctx.phase), owner, str(unit))
                seen_band = seen_band or bool(want)
                home = unit.location.partition("/")[0] in variant.map.states.get(owner, ())
                if home:      # its province's label names it
                    assert any(lb.kind == "province" and lb.name == unit.location.partition("/")[0]
                               for lb in scene.labels)
                else:         # a tag with its state's name, touching the unit
                    box = unit_box(unit.type, xy)
                    assert any(t.name == owner and max(box[0] - t.box[2], t.box[0] - box[2], box[1] - t.box[3],
                                                       t.box[1] - box[3]) <= 1.0 for t in tags), (owner, str(unit))
    assert seen_band                                       # the demos have aligned or neutral minor units


def test_a_fleets_retreat_is_drawn_over_the_sea(demo_phases: dict[str, Played]) -> None:
    """2013-04 S1616M: France's fleet, dislodged from the Channel, may retreat to the North Sea: its line runs
    through the Strait of Dover, not overland across England."""
    variant, ctx = _phase(demo_phases, APRIL, "S1616M")
    scene = _scene(variant, ctx, "GM")
    geometry = scene.geometry
    regions = regions_of(geometry)
    sea = {regions.index[n] for n, r in geometry.regions.items() if r.terrain == "sea"} | {0}
    fleets = [d for d in ctx.dislodged if getattr(d, "unit", None) is not None and d.unit.type == "F"]
    assert any("NTH" in d.retreats for d in fleets)
    checked = 0
    for arrow in scene.board.arrows:
        if arrow.style != "option":
            continue
        points = [arrow.start, *([arrow.via] if arrow.via else []), arrow.end]
        own = sea | {regions.at(*arrow.start), regions.at(*arrow.end)}     # the Channel, and where it goes
        for a, b in zip(points, points[1:]):
            steps = max(1, int(math.dist(a, b) / 2))
            for i in range(steps + 1):
                x, y = a[0] + (b[0] - a[0]) * i / steps, a[1] + (b[1] - a[1]) * i / steps
                assert regions.at(x, y) in own, (arrow, (x, y))
        checked += 1
    assert checked >= 3


@pytest.mark.parametrize("name", [APRIL, MARCH, "payola"])
def test_nothing_the_payola_editions_keep_secret_is_written_on_the_map(
        demo_phases: dict[str, Played], name: str) -> None:
    """Every word on the board is a province's name or abbreviation, a state's tag, a rule's mark (PORT, a
    centre's value, REVOLT), the corner box: no offer, no treasury, no AgP, for any reader."""
    variant, played = demo_phases[name]
    board = variant.map
    allowed = set(board.provinces) | {p.name for p in board.provinces.values()} | set(board.homes) | set(board.states)
    for ctx in played:
        for viewer in ("OBSERVER", *board.powers):
            scene = _scene(variant, ctx, viewer)
            words = picture_words(ctx.game, ctx.phase)
            corner = {t.text for t in scene.board.texts if t.cls == "corner"}
            for text in scene.board.texts:
                if text.cls in ("corner",) or text.text in corner:
                    continue
                assert "AgP" not in text.text and (text.text in allowed or text.cls == "mark"), (viewer, text)
                if text.cls == "mark":  # PORT, REVOLT, CONTESTED, a centre's value
                    assert all(w.isalpha() and w.isupper() or w in ("3", "9", "15") for w in text.text.split()), text
            assert "AgP" not in scene.title and not any("AgP" in w for w in words.keys.values())


@pytest.mark.parametrize("name", [APRIL, MARCH])
def test_each_centres_value_is_written_in_its_own_province_on_the_payola_editions_map(
        demo_phases: dict[str, Played], name: str) -> None:
    """Issue 35 point 5: "no centre values (3/9/15)": each centre's value (R-1303-33, R-1304-42) is drawn inside its
    province, after the names (never crowding a name to a smaller size), and PORT stays with the name."""
    variant, played = demo_phases[name]
    board = variant.map
    for ctx in played:
        scene = _scene(variant, ctx)
        regions = regions_of(scene.geometry)
        values = {label.name: label.box for label in scene.labels if label.kind == "mark"}
        names = {label.name: label.box for label in scene.labels if label.kind == "province"}
        inline, missing = 0, 0
        for centre in board.centers:     # its own place, else (a crowded small province) in its name's words
            box = values.get(centre) or names[centre]
            if centre not in values and not any(t.cls == "mark" and t.text.split()[-1].isdigit()
                                                and box[0] <= t.xy[0] <= box[2] and box[1] <= t.xy[1] <= box[3]
                                                for t in scene.board.texts):
                missing += 1     # no room at all in its own province (TUS was, before the last resort)
                continue
            middle = ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)
            assert regions.at(*middle) == regions.index[centre], (str(ctx.phase), centre)
            written = [t.text.split()[-1] for t in scene.board.texts if t.cls == "mark"
                       and box[0] <= t.xy[0] <= box[2] and box[1] <= t.xy[1] <= box[3]]
            assert written[-1:] == [str(board.provinces[centre].center)], (str(ctx.phase), centre, written)
            inline += centre not in values
        assert inline <= 3 and missing == 0, (str(ctx.phase), inline, missing)  # names keep their size; every value shown
        assert {board.provinces[c].center for c in board.centers} == {3, 9, 15}
        assert "mark value" in scene.keys                # the legend says what the red numbers are
