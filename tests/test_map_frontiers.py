"""Where a board's border is a real frontier or a named sea's edge, the committed geometry follows it.

Each map's seeds file confines provinces to Natural Earth's countries and seas (``within`` lines,
docs/map-format.md); these tests read the committed ``.geo.json`` and check that the border two
provinces share lies on Natural Earth's line, here its land-boundary lines (a file the build does not
read) and its named seas' edges.  They skip without the reference data or the geometry extras.
"""

from __future__ import annotations

import json
import lzma
from pathlib import Path
from typing import Any

import pytest

from judge.app.frontiers import default_folder
from judge.app.geobuild import Projection
from judge.app.seeds import read_seeds

shapely = pytest.importorskip("shapely", reason="the geometry extras (shapely) are not installed")
pytest.importorskip("numpy", reason="the geometry extras (numpy) are not installed")

DATA = default_folder()
GAMEDATA = Path(__file__).resolve().parents[1] / "gamedata"
#: how far (pixels) a drawn border may stray from the real line: GSHHG's and Natural Earth's
#: generalisations differ by a pixel or two, and the build rounds to a tenth of a pixel
TOLERANCE_PX = 3.0
#: the share of a shared border that must lie within the tolerance (its ends meet the coast or a third province)
SHARE = 0.9

pytestmark = pytest.mark.skipif(not DATA.is_dir(), reason=f"no Natural Earth data at {DATA} (../shared is absent)")

MAPS = {
    "standard": ("standard/standard.geo.json", "standard/standard.seeds"),
    "europe1615": ("europe1615/base.geo.json", "europe1615/base.seeds"),
    "diplomacy1618": ("diplomacy1618/diplomacy1618.geo.json", "diplomacy1618/diplomacy1618.seeds"),
}

#: (map, province, province, what the line is): land borders that are today's frontiers
LAND = [
    ("standard", "SPA", "GAS", "France-Spain, the Pyrenees"),
    ("standard", "SPA", "MAR", "France-Spain, the Pyrenees"),
    ("standard", "POR", "SPA", "Portugal-Spain"),
    ("standard", "BEL", "PIC", "France-Belgium"),
    ("standard", "BEL", "HOL", "Belgium-Netherlands"),
    ("standard", "HOL", "RUH", "Netherlands-Germany"),
    ("standard", "DEN", "KIE", "Denmark-Germany"),
    ("standard", "NWY", "SWE", "Norway-Sweden"),
    ("standard", "FIN", "SWE", "Finland-Sweden"),
    ("standard", "PIE", "MAR", "France-Italy, the western Alps"),
    ("standard", "BOH", "MUN", "Czechia-Germany, the Bohemian Forest and Ore Mountains"),
    ("standard", "BOH", "VIE", "Czechia-Austria"),
    ("standard", "ALB", "GRE", "Albania-Greece"),
    ("standard", "BUL", "SER", "Bulgaria-Serbia"),
    ("standard", "BUL", "RUM", "Bulgaria-Romania, the Danube"),
    ("standard", "NAF", "TUN", "Algeria-Tunisia"),
    ("standard", "Switzerland", "BUR", "Switzerland-France"),
    ("europe1615", "POR", "CAS", "Portugal-Spain"),
    ("europe1615", "CAT", "TOU", "Spain-France, the Pyrenees"),
    ("europe1615", "BIS", "GUY", "Spain-France, the Pyrenees"),
    ("europe1615", "SWI", "FCO", "Switzerland-France, the Jura"),
    ("europe1615", "SWI", "MIL", "Switzerland-Italy"),
    ("europe1615", "DUT", "WES", "Netherlands-Germany"),
    ("europe1615", "BOH", "SAX", "Czechia-Germany, the Ore Mountains"),
    ("europe1615", "BOH", "BAV", "Czechia-Germany, the Bohemian Forest"),  # near it before: the guard of a line
    ("europe1615", "BOH", "VIE", "Czechia-Austria"),
    ("europe1615", "MRV", "SLO", "Czechia-Slovakia, the White Carpathians"),
    ("europe1615", "SLO", "CRA", "Slovakia-Poland, the Carpathians"),
    ("europe1615", "NWY", "STO", "Norway-Sweden"),
    ("europe1615", "ALG", "TUN", "Algeria-Tunisia"),
    ("europe1615", "BUL", "WLC", "Bulgaria-Romania, the Danube"),
    ("diplomacy1618", "PRA", "DRE", "Czechia-Germany, the Ore Mountains"),
    ("diplomacy1618", "PRA", "UPA", "Czechia-Germany, the Bohemian Forest"),
    ("diplomacy1618", "MOR", "VIE", "Czechia-Austria"),
    ("diplomacy1618", "SWI", "SWA", "Switzerland-Germany, Lake Constance and the Rhine"),
    ("diplomacy1618", "SWI", "FRC", "Switzerland-France, the Jura"),
    ("diplomacy1618", "GEL", "COL", "Netherlands-Germany"),
    ("diplomacy1618", "LUX", "TRR", "Luxembourg-Germany"),
]

#: (map, province, province, the Natural Earth river between them)
RIVERS = [
    ("diplomacy1618", "NEU", "BER", "Oder"),
]

#: (map, sea, seas, the Natural Earth seas whose edges the border is; several joined by '|')
SEAS = [
    ("standard", "SKA", "NTH|HEL", "Skagerrak"),
    ("standard", "ENG", "NTH", "English Channel"),
    ("standard", "ADR", "ION", "Adriatic Sea"),
    ("standard", "BOT", "BAL", "Gulf of Bothnia|Gulf of Finland"),
    ("europe1615", "SKA", "NTH", "Skagerrak"),
    ("europe1615", "ADR", "ION", "Adriatic Sea"),
]


def _polygon(rings: list[list[float]]) -> Any:
    points = [list(zip(ring[::2], ring[1::2], strict=True)) for ring in rings]
    valid = shapely.make_valid(shapely.Polygon(points[0], points[1:]))
    return shapely.union_all([part for part in shapely.get_parts(valid) if part.geom_type == "Polygon"])


def _regions(name: str) -> dict[str, Any]:
    geo = json.loads((GAMEDATA / MAPS[name][0]).read_text(encoding="utf-8"))
    return {owner: shapely.union_all([_polygon(p) for p in region["polygons"]])
            for owner, region in geo["regions"].items()}


def _projected(name: str, geometries: list[Any]) -> Any:
    import numpy as np
    projection = Projection.of(read_seeds(GAMEDATA / MAPS[name][1]))

    def move(coords: Any) -> Any:
        x, y = projection.many(coords[:, 0], coords[:, 1])
        return np.column_stack([x, y])
    near = shapely.box(-60, 10, 90, 85)
    return shapely.union_all([shapely.transform(g.intersection(near), move) for g in geometries])


def _natural_earth(file: str) -> list[dict[str, Any]]:
    with lzma.open(DATA / f"{file}.geojson.xz") as handle:
        return json.load(handle)["features"]


def _shared_border(regions: dict[str, Any], one: str, others: str) -> Any:
    """The border ``one`` shares with ``others`` (names joined by '|')."""
    beside = shapely.union_all([regions[other] for other in others.split("|")])
    return regions[one].boundary.intersection(beside.buffer(0.3))


def _share_on(border: Any, line: Any) -> float:
    """The share of ``border``'s length that lies within the tolerance of ``line``."""
    near = border.intersection(line.buffer(TOLERANCE_PX))
    return near.length / border.length


@pytest.mark.parametrize(("name", "one", "other", "what"), LAND, ids=[f"{m}-{a}-{b}" for m, a, b, _ in LAND])
def test_a_land_border_that_is_a_frontier_follows_natural_earth_s_boundary_line(
        name: str, one: str, other: str, what: str) -> None:
    regions = _regions(name)
    border = _shared_border(regions, one, other)
    assert border.length >= 15, f"{name}: {one} and {other} share {border.length:.1f} px of border, not a frontier"
    lines = _projected(name, [shapely.geometry.shape(f["geometry"])
                              for f in _natural_earth("ne_50m_admin_0_boundary_lines_land")])
    share = _share_on(border, lines)
    assert share >= SHARE, f"{name}: only {share:.0%} of the {one}-{other} border ({what}) is on the real line"


@pytest.mark.parametrize(("name", "one", "other", "sea"), SEAS, ids=[f"{m}-{a}-{b}" for m, a, b, _ in SEAS])
def test_a_sea_border_follows_the_edge_of_the_named_sea(name: str, one: str, other: str, sea: str) -> None:
    regions = _regions(name)
    border = _shared_border(regions, one, other)
    assert border.length >= 10, f"{name}: {one} and {other} share {border.length:.1f} px of border"
    edge = _projected(name, [shapely.geometry.shape(f["geometry"]).boundary
                             for f in _natural_earth("ne_10m_geography_marine_polys")
                             if " ".join(str(f["properties"].get("name")).split()) in sea.split("|")])
    share = _share_on(border, edge)
    assert share >= SHARE, f"{name}: only {share:.0%} of the {one}-{other} border is on the {sea}'s edge"


@pytest.mark.parametrize(("name", "one", "other", "river"), RIVERS, ids=[f"{m}-{a}-{b}" for m, a, b, _ in RIVERS])
def test_a_border_a_river_line_names_follows_the_river(name: str, one: str, other: str, river: str) -> None:
    regions = _regions(name)
    border = _shared_border(regions, one, other)
    assert border.length >= 15, f"{name}: {one} and {other} share {border.length:.1f} px of border"
    line = _projected(name, [shapely.geometry.shape(f["geometry"])
                             for f in _natural_earth("ne_50m_rivers_lake_centerlines")
                             if f["properties"].get("name") == river])
    share = _share_on(border, line)
    assert share >= SHARE, f"{name}: only {share:.0%} of the {one}-{other} border is on the {river}"
