"""Issue 38, points 2 to 4: a map read at a glance on a phone, on every variant's busiest demo phases.

Each demo game is played by mail; its busiest phases (the two movement phases
with the most arrows, and every retreat phase) are drawn as the GM sees them.
Units stand at the heart of their provinces, so every move, support and
retreat is drawn at least 24 pixels long where its two points allow it (bent through the border its
two provinces share where a straight line would cross a third); every
province's label lies in that province; every unit, arrow, cross and tag keeps
3:1 contrast (WCAG non-text, relative luminance) against the fill it is drawn
on, through its own colour or its drawn edge; the PNG and the SVG are written
from one drawing.
"""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

from judge.app.demo import demos
from tests.demo_phases import Played
from judge.engine.orders import Unit
from judge.engine.state import GameState
from judge.render import png, svg
from judge.render.drawing import Area, Dot, Drawing, Group, Line, Outline, Stroke, draw, relief_items
from judge.render.geometry import geometry_file, load_geometry, map_file, variant_geometry
from judge.render.layout import regions_of
from judge.render.palette import contrast
from judge.render.picture import phase_picture, phase_scene
from judge.render.poles import border_distance
from judge.render.sceneparts import Scene
from judge.render.shapes import MIN_LENGTH, arrow_parts, unit_box
from judge.variants import load_variant

VARIANTS = demos()
#: the mail-size budget of one picture (docs/maps/README.md)
PNG_BUDGET, SVG_BUDGET = 200 * 1024, 300 * 1024


@pytest.fixture(scope="module")
def busiest(demo_phases: dict[str, Played]) -> dict[str, Played]:
    """Each demo's two busiest movement phases and every retreat phase."""
    found: dict[str, Played] = {}
    for name, (variant, played) in demo_phases.items():
        moves = sorted((ctx for ctx in played if ctx.phase.kind == "M"), key=lambda ctx: -len(ctx.results))
        found[name] = (variant, moves[:2] + [ctx for ctx in played if ctx.phase.kind == "R"])
    return found


def scenes(played: Played) -> list[Scene]:
    variant, contexts = played
    drawn = [phase_scene(variant, ctx, "GM") for ctx in contexts]
    return [scene for scene in drawn if scene is not None]


@pytest.mark.parametrize("name", VARIANTS)
def test_every_labels_anchor_lies_inside_its_own_province(busiest: dict[str, Played], name: str) -> None:
    for scene in scenes(busiest[name]):
        regions = regions_of(scene.geometry)
        for label in (lab for lab in scene.labels if lab.kind == "province"):
            x, y = (label.box[0] + label.box[2]) / 2, (label.box[1] + label.box[3]) / 2
            assert regions.at(x, y) == regions.index[label.name], (name, scene.title, label.name)


@pytest.mark.parametrize("name", VARIANTS)
def test_every_move_support_and_retreat_is_drawn_at_least_24_pixels_long(busiest: dict[str, Played],
                                                                         name: str) -> None:
    counted = 0
    for scene in scenes(busiest[name]):
        for arrow in scene.board.arrows:
            if arrow.style not in ("move", "support", "retreat"):
                continue
            lead, shape = arrow_parts(arrow.start, arrow.end, arrow.style, arrow.failed, arrow.bare, arrow.via)
            tip = shape.head[0] if shape.head else shape.shaft[1]
            drawn = math.dist(shape.shaft[0], tip) + (math.dist(*lead) if lead else 0.0)
            assert drawn >= min(MIN_LENGTH, math.dist(arrow.start, arrow.end)) - 0.01, (name, scene.title, arrow)
            counted += 1
    assert counted >= 2, name


def _ground(scene: Scene, xy: tuple[float, float]) -> list[str]:
    """The colours under a point of the map: its region's fill and, if hatched, the hatching's colour."""
    regions = regions_of(scene.geometry)
    number = regions.at(*xy)
    name = next((n for n, i in regions.index.items() if i == number), "")
    return [scene.fills.get(name, "#FFFFFF"), *([scene.hatches[name]] if name in scene.hatches else []),
            *_relief_under(scene, xy)]


def _relief_under(scene: Scene, xy: tuple[float, float], near: float = 10.0) -> list[str]:
    """The relief's colours a mark at ``xy`` may lie on: a river, a range's marks or a lake within ``near`` px."""
    found = []
    for item in relief_items(scene.geometry.relief):
        rings = item.parts if isinstance(item, Line) else item.rings[:1]  # type: ignore[union-attr]
        for ring in rings:
            xs, ys = ring[0::2], ring[1::2]
            if min(xs) - near <= xy[0] <= max(xs) + near and min(ys) - near <= xy[1] <= max(ys) + near and any(
                    math.dist(xy, (x, y)) <= near for x, y in zip(xs, ys)):
                found.append(item.colour if isinstance(item, Line) else item.fill)  # type: ignore[union-attr]
                break
    return sorted(set(found))


def marks(drawing: Drawing) -> list[tuple[str, tuple[float, float], set[str]]]:
    """Each unit, arrow, cross, bounce and tag the drawing puts on the map: where, and every colour of its edge."""
    found: list[tuple[str, tuple[float, float], set[str]]] = []
    items = drawing.items[drawing.ground:next(i for i, item in enumerate(drawing.items) if item == Group("legend"))]
    group: list[object] | None = None
    for i, item in enumerate(items):
        if isinstance(item, Group):
            if item.cls and group is None:
                group, kind = [], item.cls
            elif not item.cls and group is not None:
                strokes = [s for s in group if isinstance(s, Stroke)]
                middle = ((strokes[0].a[0] + strokes[0].b[0]) / 2, (strokes[0].a[1] + strokes[0].b[1]) / 2)
                colours = {getattr(s, "colour", getattr(s, "stroke", "")) for s in group}
                found.append((kind, middle, colours | {s.fill for s in group if isinstance(s, Outline) and s.fill}))
                group = None
            continue
        if group is not None:
            group.append(item)
        elif isinstance(item, Outline) and item.cls:
            casing = items[i - 1]
            edge = {casing.stroke} if isinstance(casing, Outline) and casing.points == item.points else set()
            xs, ys = [p[0] for p in item.points], [p[1] for p in item.points]
            found.append((item.cls, (sum(xs) / len(xs), sum(ys) / len(ys)), {item.fill or "", item.stroke} | edge))
        elif isinstance(item, Area) and item.fill != "#FFFFFF":  # a tag's ground (not the corner box)
            box = (min(item.rings[0][0::2]), min(item.rings[0][1::2]))
            found.append(("tag", box, {item.fill, item.stroke}))
    return found


@pytest.mark.parametrize("name", VARIANTS)
def test_every_unit_arrow_cross_and_tag_keeps_3_to_1_contrast_against_what_it_lies_on(
        busiest: dict[str, Played], name: str) -> None:
    kinds: set[str] = set()
    for scene in scenes(busiest[name]):
        for kind, xy, edge in marks(draw(scene)):
            for ground in _ground(scene, xy):
                best = max(contrast(colour, ground) for colour in edge if colour)
                assert best >= 3.0, (name, scene.title, kind, xy, ground, edge, round(best, 2))
            kinds.add(kind.split()[0])
    assert {"army", "move"} <= kinds


def test_units_stand_at_the_heart_of_their_provinces_and_the_poles_are_kept() -> None:
    """Each unit's point is at least as far from its region's border as the point the map file gives."""
    for variant in ("standard", "diplomacy1618", "europe1615-v3"):
        geometry = variant_geometry(variant)
        path = map_file(variant)
        assert geometry is not None and path is not None
        built = geometry_file(path)
        assert built is not None
        raw = json.loads(built.read_text(encoding="utf-8"))["regions"]
        seeds = _label_points(built)
        better = 0
        for name, region in geometry.regions.items():
            largest = max(region.polygons, key=lambda p: abs(border_distance(*region.unit, p)))
            inner = [p for p in region.polygons if border_distance(*region.unit, p) > 0]
            assert inner, (variant, name)                                   # inside its region
            file_point = tuple(raw[name]["unit"])
            now = max(border_distance(*region.unit, p) for p in inner)
            before = max(border_distance(*file_point, p) for p in region.polygons)
            assert now >= before - 0.6 or raw[name].get("pinned"), (variant, name, now, before)
            label = max(border_distance(*seeds[name], p) for p in region.polygons) if name in seeds else now
            better += now > label + 3                                       # the pole beats the map's label point
            assert largest
        assert better >= len(geometry.regions) // 3, variant


def _label_points(built: Path) -> dict[str, tuple[float, float]]:
    """Each province's ``label`` point (its first seed) in the picture's pixels."""
    from judge.app.geobuild import Projection
    from judge.app.seeds import read_seeds
    from judge.variants import load_map
    seeds = read_seeds(built.with_name(built.name.replace(".geo.json", ".seeds")))
    firsts = {name: points[0] for name, points in seeds.seeds.items()}
    firsts.update(load_map(built.with_name(built.name.replace(".geo.json", ".map"))).labels)
    projection = Projection.of(seeds)
    return {name: projection.one(point) for name, point in firsts.items()}


def test_a_gms_pinned_point_wins_over_the_pole(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("JUDGE_CACHE_DIR", str(tmp_path / "cache"))
    source = geometry_file(map_file("standard"))  # type: ignore[arg-type]
    assert source is not None
    data = json.loads(source.read_text(encoding="utf-8"))
    data["regions"]["BUR"].update(unit=[400.0, 500.0], pinned=True)
    copy = tmp_path / "standard.geo.json"
    copy.write_text(json.dumps(data), encoding="utf-8")
    from judge.cache import cache_dir
    cache_dir.cache_clear()
    try:
        geometry = load_geometry(copy)
        assert geometry.regions["BUR"].unit == (400.0, 500.0)
        assert geometry.regions["PAR"].unit != tuple(data["regions"]["PAR"]["unit"])   # the pole
        assert list((tmp_path / "cache").glob("poles-*"))                             # kept for the next process
    finally:
        cache_dir.cache_clear()
        load_geometry.cache_clear()


def test_a_dislodged_unit_stands_beside_its_attacker_and_a_destroyed_one_is_crossed_out() -> None:
    variant = load_variant("standard")
    from judge.engine import adjudicate
    from judge.engine.state import Phase
    from judge.reading.order_reader import parse_order
    from judge.render.results import results_context
    units = {"FRANCE": [Unit("A", "PAR"), Unit("A", "PIC"), Unit("A", "GAS")], "GERMANY": [Unit("A", "BUR")],
             "ITALY": [Unit("A", "MAR")], "AUSTRIA": [Unit("A", "MUN")], "ENGLAND": [Unit("A", "BEL"), Unit("A", "RUH")]}
    state = GameState(Phase.parse("S1901M"), units, {})
    given = {"FRANCE": [parse_order(o, variant.map, "M") for o in ("A PAR-BUR", "A PIC S A PAR-BUR", "A GAS S A PAR-BUR")]}
    outcome = adjudicate(variant, state.copy(), given)
    assert outcome.dislodged and not outcome.dislodged[0].retreats          # BUR has nowhere to go: destroyed
    scene = phase_scene(variant, results_context(variant, state.phase, outcome, judge="j", game="g"), "GM")
    assert scene is not None
    attacker = next(u for u in scene.board.units if not u.ghost and u.xy == scene.geometry.point("BUR"))
    ghost = next(u for u in scene.board.units if u.ghost)
    a, b = unit_box(attacker.kind, attacker.xy), unit_box(ghost.kind, ghost.xy)
    assert not (a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3])    # beside, not under
    assert ghost.destroyed and "destroyed" in scene.keys and "dislodged" not in scene.keys
    text = svg.paint_svg(scene).decode()
    assert text.count('<g class="destroyed">') == 1 and ">Destroyed (dislodged, nowhere to retreat)</text>" in text


@pytest.mark.parametrize("name", VARIANTS)
def test_the_svg_and_the_png_are_written_from_one_drawing(busiest: dict[str, Played], name: str) -> None:
    variant, contexts = busiest[name]
    scene = phase_scene(variant, contexts[0], "GM")
    assert scene is not None
    drawing = draw(scene)
    picture, vector = phase_picture(variant, contexts[0], "GM", "PNG"), phase_picture(variant, contexts[0], "GM", "SVG")
    assert picture is not None and vector is not None
    assert picture.data == png.write_png(drawing) and vector.data == svg.write_svg(drawing)
    text = vector.data.decode()
    outlines = sum(isinstance(i, Outline) for i in drawing.items)
    strokes = sum(isinstance(i, Stroke) for i in drawing.items)
    dots = sum(isinstance(i, Dot) for i in drawing.items)
    assert text.count("<polygon") == outlines and text.count("<line ") - text.count("<pattern") == strokes
    assert text.count("<circle") == dots
    assert len(picture.data) <= PNG_BUDGET and len(vector.data) <= SVG_BUDGET  # docs/maps/README.md's budget
    for painter in (png, svg):  # neither painter draws a shape of its own
        assert not {"arrow_shape", "army_outline", "fleet_outline", "faith_cross"} & set(vars(painter))
