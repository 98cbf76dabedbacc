"""The map pictures (issue 15): every variant's geometry covers its map, and a drawn position shows
what it should at sampled pixels: owners' colours, army and fleet marks, arrows, secrets kept."""

from __future__ import annotations

import io
import re
from dataclasses import replace

import pytest
from PIL import Image, ImageChops, ImageDraw, ImageFilter

from judge.engine import adjudicate
from judge.engine.state import GameState, Phase
from judge.engine.orders import Unit
from judge.reading.order_reader import parse_order
from judge.render.geometry import Geometry, variant_geometry
from judge.engine.boardmarks import StateMark
from judge.render.palette import (
    ALIGNED_TINT, CENTRE_TINT, LAND, NEUTRAL_FILL, NEUTRAL_HATCH, SEA, power_colours, rgb, tint,
)
from judge.render.picture import phase_picture, picture_words
from judge.render.results import ResultsContext, results_context
from judge.render.scene import build_scene
from judge.variants import available_variants, load_variant

VARIANTS = available_variants()
WORDS = picture_words("title", Phase.parse("S1901M"))


def masks(geometry: Geometry) -> dict[str, Image.Image]:
    """Each region rasterised on its own (1 inside, 0 outside)."""
    found = {}
    for name, region in geometry.regions.items():
        mask = Image.new("L", geometry.size, 0)
        draw = ImageDraw.Draw(mask)
        for polygon in region.polygons:
            draw.polygon(list(polygon[0]), fill=1)
            for hole in polygon[1:]:
                draw.polygon(list(hole), fill=0)
        found[name] = mask
    return found


@pytest.mark.parametrize("name", VARIANTS)
def test_every_province_of_every_variant_has_a_region_and_a_place_for_its_units(name: str) -> None:
    variant = load_variant(name)
    geometry = variant_geometry(variant.name)
    assert geometry is not None, f"{name} has no geometry: run judge map build on its map"
    regions = masks(geometry)
    for abbr, province in variant.map.provinces.items():
        assert abbr in regions, f"{name}: {abbr} has no region"
        assert regions[abbr].histogram()[1] >= 40, f"{name}: {abbr} is (almost) empty"
        x, y = geometry.regions[abbr].unit
        assert regions[abbr].getpixel((round(x), round(y))) == 1, f"{name}: {abbr}'s unit stands outside it"
        assert (geometry.regions[abbr].terrain == "sea") == (province.terrain == "sea"), abbr
        for coast in province.coasts:
            assert f"{abbr}/{coast}" in geometry.coasts, f"{name}: {abbr}/{coast} has no place"


#: rasterising two polygons that share a border can leave a few pixels in both at a sharp corner
OVERLAP_SPECKS = 20


def overlap_pixels(geometry: Geometry) -> int:
    """Pixels inside two regions; a pixel shrink of each keeps their shared borders from counting."""
    total = Image.new("L", geometry.size, 0)
    for mask in masks(geometry).values():
        total = ImageChops.add(total, mask.filter(ImageFilter.MinFilter(3)))
    return sum(total.histogram()[2:])


def test_the_overlap_check_finds_a_region_drawn_twice() -> None:
    geometry = variant_geometry("standard")
    assert geometry is not None
    twice = dict(geometry.regions, COPY=geometry.regions["PAR"])
    assert overlap_pixels(Geometry(geometry.size, twice, (), {}, "")) > 100 * OVERLAP_SPECKS


@pytest.mark.parametrize("name", VARIANTS)
def test_no_two_regions_overlap_and_together_they_cover_the_picture(name: str) -> None:
    geometry = variant_geometry(load_variant(name).name)
    assert geometry is not None
    assert overlap_pixels(geometry) <= OVERLAP_SPECKS, f"{name}: regions overlap"
    covered = Image.new("L", geometry.size, 0)
    for mask in masks(geometry).values():
        covered = ImageChops.lighter(covered, mask)
    lakes = Image.new("L", geometry.size, 0)
    for polygon in geometry.lakes:
        ImageDraw.Draw(lakes).polygon(list(polygon[0]), fill=1)
    hist = ImageChops.lighter(covered, lakes).histogram()
    assert hist[1] / (hist[0] + hist[1]) > 0.995, f"{name}: only {hist[1] / (hist[0] + hist[1]):.3f} covered"


# -- a known position, drawn ------------------------------------------------------------------------

ORDERS = {"FRANCE": ["A PAR-BUR", "A MAR S A PAR-BUR", "F BRE H"], "GERMANY": ["A MUN-BUR", "F KIE-DEN"],
          "TURKEY": ["F ANK-BLA", "A CON-BUL"], "RUSSIA": ["F SEV-BLA"]}


def spring_1901(secret: dict[str, frozenset[str]] | None = None) -> tuple[object, ResultsContext]:
    variant = load_variant("standard")
    state = variant.ruleset.initial_state()
    orders = {p: [parse_order(o, variant.map, "M") for o in os_] for p, os_ in ORDERS.items()}
    outcome = adjudicate(variant, state.copy(), orders)
    return variant, results_context(variant, state.phase, outcome, judge="j", game="known", secret=secret)


def near(pixel: tuple[int, ...], colour: str, within: int = 18) -> bool:
    return all(abs(a - b) <= within for a, b in zip(pixel[:3], rgb(colour), strict=True))


def test_a_known_position_shows_owners_units_and_marks_at_sampled_pixels() -> None:
    variant, ctx = spring_1901()
    picture = phase_picture(variant, ctx, "OBSERVER", "PNG")
    assert picture is not None and picture.content_type == "image/png" and len(picture.data) < 300_000
    image = Image.open(io.BytesIO(picture.data)).convert("RGB")
    geometry = variant_geometry("standard")
    assert geometry is not None and image.size[0] == geometry.size[0] and image.size[1] > geometry.size[1]
    colours = power_colours(variant.map)
    france, turkey = colours["FRANCE"], colours["TURKEY"]
    x, y = geometry.regions["BUR"].unit                      # the French army went to Burgundy, supported
    assert near(image.getpixel((round(x), round(y))), france)
    assert near(image.getpixel((round(x - 5), round(y - 5))), france)           # an army's shield...
    fx, fy = geometry.point("BRE") or (0, 0)
    assert near(image.getpixel((round(fx), round(fy + 3))), france)             # ...a fleet's hull,
    assert not near(image.getpixel((round(fx - 5), round(fy - 5))), france)     # and no shield
    bx, by = geometry.regions["BUL"].unit                    # the Turkish army moved to Bulgaria
    assert near(image.getpixel((round(bx), round(by))), turkey)
    for centre in ("PAR", "MAR", "BRE"):                     # France's centres in its pale tint
        assert near(image.getpixel(_far_pixel(geometry, centre)), tint(france, CENTRE_TINT), 8), centre
    assert near(image.getpixel(_far_pixel(geometry, "RUH")), LAND, 8)  # nobody's: plain land
    assert near(image.getpixel(_far_pixel(geometry, "NTH")), SEA, 8)  # the sea


def _relief_mask(geometry: Geometry) -> Image.Image:
    """The pixels the relief (rivers, mountain marks, lakes) may cover, a little widened."""
    image = Image.new("L", geometry.size, 0)
    pen = ImageDraw.Draw(image)
    for line in [*(r.lines for r in geometry.relief.rivers), *(marks for _, marks in geometry.relief.mountains)]:
        for part in line:
            pen.line(list(part), fill=255, width=7)
    for _, polygons in geometry.relief.lakes:
        for polygon in polygons:
            pen.polygon(list(polygon[0]), fill=255, outline=255, width=5)
    return image


def _far_pixel(geometry: Geometry, abbr: str) -> tuple[int, int]:
    """A pixel of ``abbr`` well inside it and away from its marks (unit, centre, name) and its rivers."""
    mask = masks(Geometry(geometry.size, {abbr: geometry.regions[abbr]}, (), {}, ""))[abbr]
    ux, uy = geometry.regions[abbr].unit
    inner = ImageChops.subtract(mask.filter(ImageFilter.MinFilter(7)), _relief_mask(geometry))
    width, height = geometry.size
    best = None
    for py in range(0, height, 3):
        for px in range(0, width, 3):
            if inner.getpixel((px, py)) and 24 < ((px - ux) ** 2 + (py - uy) ** 2) ** 0.5 < 60:
                best = (px, py)
                break
        if best:
            break
    assert best is not None, abbr
    return best


def test_the_svg_has_the_png_arrows_failed_ones_crossed() -> None:
    variant, ctx = spring_1901()
    svg = phase_picture(variant, ctx, "OBSERVER", "SVG")
    assert svg is not None and svg.content_type == "image/svg+xml"
    text = svg.data.decode()
    assert text.count('<g class="move">') == 3                 # PAR-BUR, KIE-DEN, CON-BUL; none for holds
    assert text.count('<g class="move failed">') == 3          # MUN-BUR, ANK-BLA, SEV-BLA bounced
    assert text.count('<g class="support">') == 1              # MAR S PAR-BUR
    assert text.count('class="army"') + text.count('class="fleet"') == 22
    assert "known: Movement results, Spring of 1901" in text


def test_a_secret_order_is_drawn_only_for_those_who_may_read_it() -> None:
    variant, ctx = spring_1901(secret={"TURKEY": frozenset({"TURKEY"})})
    def arrows(viewer: str) -> int:
        picture = phase_picture(variant, ctx, viewer, "SVG")
        assert picture is not None
        return len(re.findall(r'<g class="(move|support|hold|convoy)', picture.data.decode()))
    assert arrows("TURKEY") == 7                                 # ANK-BLA and CON-BUL among them
    assert arrows("FRANCE") == 5 and arrows("OBSERVER") == 5


def test_a_dislodged_unit_is_drawn_pale_with_its_retreats() -> None:
    variant = load_variant("standard")
    state = GameState(Phase.parse("S1901M"), {"FRANCE": [Unit("A", "PAR"), Unit("A", "PIC")],
                                               "GERMANY": [Unit("A", "BUR")]}, {})
    orders = {"FRANCE": [parse_order("A PAR-BUR", variant.map, "M"), parse_order("A PIC S A PAR-BUR", variant.map, "M")]}
    outcome = adjudicate(variant, state.copy(), orders)
    ctx = results_context(variant, state.phase, outcome, judge="j", game="known")
    picture = phase_picture(variant, ctx, "OBSERVER", "SVG")
    assert picture is not None
    text = picture.data.decode()
    germany = tint(power_colours(variant.map)["GERMANY"], 0.55)
    assert f'fill="{germany}"' in text                                   # the pale German army
    assert text.count('<g class="option">') == len(outcome.dislodged[0].retreats) > 0


def test_a_variant_without_geometry_draws_nothing() -> None:
    variant, ctx = spring_1901()
    variant_geometry.cache_clear()
    try:
        plain = type(variant)("no-such-variant", variant.map, variant.ruleset, variant.overrides)
        assert phase_picture(plain, ctx, "GM") is None
    finally:
        variant_geometry.cache_clear()


def test_orders_a_sheet_lists_in_place_of_the_order_list_are_still_drawn() -> None:
    variant, ctx = spring_1901()
    def arrows(context: ResultsContext) -> int:
        picture = phase_picture(variant, context, "OBSERVER", "SVG")
        assert picture is not None
        return picture.data.decode().count('<g class="')
    sheet = replace(ctx, results=[], picture_results=ctx.results)   # Europe 1615 2013-08's adjudication sheet
    assert arrows(sheet) == arrows(ctx) > 0
    assert arrows(replace(ctx, results=[])) < arrows(ctx)


def test_a_minor_state_is_hatched_in_the_colour_of_the_power_it_is_aligned_to() -> None:
    variant = load_variant("europe1615-v3")
    geometry = variant_geometry(variant.name)
    assert geometry is not None
    state = variant.ruleset.initial_state()
    colours = power_colours(variant.map)
    plain = build_scene(geometry, variant.map, state, [], [], WORDS)
    aligned = build_scene(geometry, variant.map, state, [], [], WORDS, [StateMark("POL", "ALIGNED", "AUSTRIA")])
    for abbr in variant.map.states["POL"]:
        owned = any(abbr in cs for p, cs in state.centers.items() if p in colours)  # a power's centre
        assert aligned.fills[abbr] == (plain.fills[abbr] if owned else tint(colours["AUSTRIA"], ALIGNED_TINT)), abbr
        assert aligned.hatches.get(abbr) == (None if owned else colours["AUSTRIA"]), abbr
    assert aligned.fills["BOH"] == plain.fills["BOH"] and "BOH" not in aligned.hatches
    assert variant.ruleset.picture_alignments(state) == {} == load_variant("standard").ruleset.picture_alignments(state)


def test_fleets_stand_on_their_coast_and_owners_that_are_no_power_get_one_grey_entry() -> None:
    variant = load_variant("europe1615-v3")
    geometry = variant_geometry(variant.name)
    assert geometry is not None
    state = variant.ruleset.initial_state()
    minors = [o for o in state.units if o not in variant.map.powers]
    scene = build_scene(geometry, variant.map, state, [], [], WORDS)
    assert scene.entries[-1].name == "Others" and scene.entries[-1].units == sum(len(state.units[o]) for o in minors)
    assert len(scene.entries) == len(variant.map.powers) + 1
    hol = GameState(state.phase, {"DENMARK": [Unit("F", "HOL/WC")], "SPAIN": [Unit("F", "HOL/EC")]}, {})
    marks = build_scene(geometry, variant.map, hol, [], [], WORDS).board.units
    assert [m.xy for m in marks] == [geometry.coasts["HOL/WC"], geometry.coasts["HOL/EC"]]
    assert geometry.coasts["HOL/WC"][0] < geometry.coasts["HOL/EC"][0]      # the North Sea side is west


def test_an_off_board_centre_is_drawn_at_the_pictures_edge_in_its_owners_colour() -> None:
    variant = load_variant("diplomacy1618")
    geometry = variant_geometry(variant.name)
    assert geometry is not None and variant.map.offboard == frozenset({"SWX"})
    region = geometry.regions["SWX"]
    assert min(region.polygons[0][0][1::2]) <= 1.0                  # Stockholm: at the top edge
    assert max(v for p in region.polygons for v in p[0][1::2]) < geometry.size[1] / 8
    state = variant.ruleset.initial_state()
    scene = build_scene(geometry, variant.map, state, [], [], WORDS)
    assert scene.fills["SWX"] == tint(power_colours(variant.map)["SWEDEN"], CENTRE_TINT)
    assert any(label.name == "SWX" for label in scene.labels)


@pytest.mark.parametrize("name", ["europe1615-2013-03", "europe1615-2013-04"])
def test_the_payola_editions_fill_a_minor_aligned_by_its_public_status(name: str) -> None:
    """PY-18: a status marked ALIGNED is public, so the picture fills the state as the v3 picture does."""
    variant = load_variant(name)
    geometry = variant_geometry(variant.name)
    assert geometry is not None
    state = variant.ruleset.initial_state()
    assert variant.ruleset.picture_alignments(state) == {}
    state.extra["status"] = {"LOR": {"political": "ALIGNED", "aligned": "FRANCE"}, "MEC": {"political": "NEUTRAL"}}
    assert variant.ruleset.picture_alignments(state) == {"LOR": "FRANCE"}
    scene = build_scene(geometry, variant.map, state, [], [], WORDS, variant.ruleset.picture_states(state))
    plain = build_scene(geometry, variant.map, state, [], [], WORDS)
    lorraine = variant.map.states["LOR"]
    assert all(scene.fills[a] == tint(power_colours(variant.map)["FRANCE"], ALIGNED_TINT) for a in lorraine)
    assert all(scene.hatches[a] == power_colours(variant.map)["FRANCE"] for a in lorraine)
    assert all(scene.fills[a] == NEUTRAL_FILL and scene.hatches[a] == NEUTRAL_HATCH for a in variant.map.states["MEC"])
    assert all(plain.fills[a] == LAND and a not in plain.hatches for a in lorraine + variant.map.states["MEC"])
