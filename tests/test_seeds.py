"""Seeds files (docs/map-format.md, "Seeds files"): read with every problem named by file and line,
and a build that stops, naming them, on provinces without seeds before it touches any coastline."""

from __future__ import annotations

from pathlib import Path

import pytest

from judge.app.geobuild import BuildError, Projection, build_geometry
from judge.app.seeds import SeedsError, read_seeds
from judge.paths import gamedata_dir


def test_a_seeds_file_and_its_include_are_read_into_one() -> None:
    seeds = read_seeds(gamedata_dir() / "standard" / "standard.seeds")
    assert seeds.width == 1000 and seeds.resolution == "l" and seeds.size_km == (5000.0, 4500.0)
    assert seeds.seeds["PAR"][0] == (2.3, 48.5) and seeds.coasts["STP/NC"] == (36.0, 68.0)
    assert seeds.neutral["Switzerland"][0] == "land"


def test_an_edition_s_seeds_include_the_base(tmp_path: Path) -> None:
    (tmp_path / "base.seeds").write_text("width 800\nseed PAR 2.3 48.8\n", encoding="utf-8")
    (tmp_path / "ed.seeds").write_text("include base.seeds\nseed PAR 1.0 47.0  # a second point\n", encoding="utf-8")
    seeds = read_seeds(tmp_path / "ed.seeds")
    assert seeds.width == 800 and seeds.seeds["PAR"] == [(2.3, 48.8), (1.0, 47.0)]


@pytest.mark.parametrize(("line", "message"), [
    ("seed PAR 2.3", "ed.seeds:2: cannot read 'seed PAR 2.3'"),
    ("seed PAR 2.3 48 7", "ed.seeds:2: expected pairs of LONGITUDE LATITUDE, got 2.3 48 7"),
    ("seed PAR 2.3 north", "ed.seeds:2: not a number"),
    ("seed PAR 200 48", "ed.seeds:2: 200.0 48.0 is not a longitude and latitude"),
    ("neutral lake Geneva 6.5 46.4", "ed.seeds:2: cannot read 'neutral lake Geneva 6.5 46.4'"),
    ("resolution h", "ed.seeds:2: cannot read 'resolution h'"),
    ("frame 10 50 wide 3000", "ed.seeds:2: not a number"),
])
def test_a_bad_line_is_named_by_file_and_line(tmp_path: Path, line: str, message: str) -> None:
    (tmp_path / "ed.seeds").write_text(f"# seeds\n{line}\n", encoding="utf-8")
    with pytest.raises(SeedsError, match=message.replace("(", r"\(").replace(".", r"\.")):
        read_seeds(tmp_path / "ed.seeds")


def test_a_province_without_a_seed_stops_the_build_naming_it(tmp_path: Path) -> None:
    (tmp_path / "isles.map").write_text(
        'name isles\npower ENGLAND E\nprovince LON coast "London"\nprovince NTH sea "North Sea"\n'
        "fleet LON NTH\nfleet NTH LON\nlabel LON -0.1 51.5\n", encoding="utf-8")
    (tmp_path / "isles.seeds").write_text("frame 0 52 1000 800\n", encoding="utf-8")
    with pytest.raises(BuildError, match="provinces without a seed .*: NTH"):
        build_geometry(tmp_path / "isles.map")
    (tmp_path / "isles.seeds").write_text("seed NTH 3 55\nseed YOR -1 54\n", encoding="utf-8")
    with pytest.raises(BuildError, match="seeds for provinces the map does not have: YOR"):
        build_geometry(tmp_path / "isles.map")


def test_the_projection_puts_the_frame_s_centre_in_the_picture_s_middle() -> None:
    seeds = read_seeds(gamedata_dir() / "europe1615" / "base.seeds")
    projection = Projection.of(seeds)
    width, height = projection.size
    x, y = projection.one(seeds.center)
    assert abs(x - width / 2) < 1 and abs(y - height / 2) < 1
    west, _ = projection.one((seeds.center[0] - 10, seeds.center[1]))
    north_x, north_y = projection.one((seeds.center[0], seeds.center[1] + 10))
    assert west < x and north_y < y and abs(north_x - x) < 1


def test_within_lines_add_up_per_province_and_a_bad_one_is_named(tmp_path: Path) -> None:
    (tmp_path / "ed.seeds").write_text('within Italy : TYR TRI\nwithin Austria "San Marino" : tyr\n', encoding="utf-8")
    assert read_seeds(tmp_path / "ed.seeds").within == {"tyr": ["Italy", "Austria", "San Marino"], "tri": ["Italy"]}
    (tmp_path / "ed.seeds").write_text("river Oder : neu BER\n", encoding="utf-8")
    assert read_seeds(tmp_path / "ed.seeds").rivers == [("Oder", "NEU", "BER")]
    for line in ("within Italy TYR", "within : TYR", "within Italy :", "within Italy : TYR : VEN", "river Oder : NEU"):
        (tmp_path / "ed.seeds").write_text(f"{line}\n", encoding="utf-8")
        with pytest.raises(SeedsError, match="ed.seeds:1: "):
            read_seeds(tmp_path / "ed.seeds")


def _iberia(tmp_path: Path, within: str) -> Path:
    """Two land provinces whose seeds (Seville, Toulouse) put the halfway line far south of the Pyrenees."""
    (tmp_path / "iberia.map").write_text(
        'name iberia\npower SPAIN S\nprovince SPA land "Spain"\nprovince FRA land "France"\n'
        "army SPA FRA\narmy FRA SPA\nlabel SPA -6.0 37.4\nlabel FRA 1.4 43.6\n", encoding="utf-8")
    (tmp_path / "iberia.seeds").write_text(f"frame -2 41 1600 1400\nwidth 320\n{within}", encoding="utf-8")
    return tmp_path / "iberia.map"


def test_within_lines_put_the_border_on_the_real_frontier_and_name_what_they_cannot_find(tmp_path: Path) -> None:
    shapely = pytest.importorskip("shapely", reason="the geometry extras are not installed")
    from judge.app.frontiers import default_folder
    if not default_folder().is_dir():
        pytest.skip(f"no Natural Earth data at {default_folder()} (../shared is absent)")
    halfway = build_geometry(_iberia(tmp_path, ""))
    real = build_geometry(_iberia(tmp_path, "within Spain Portugal Andorra : SPA\nwithin France : FRA\n"))
    seeds = read_seeds(tmp_path / "iberia.seeds")
    pyrenees_y = Projection.of(seeds).one((0.0, 42.7))[1]       # the frontier's latitude at 0° E
    for geometry, on_the_pyrenees in ((halfway, False), (real, True)):
        spa, fra = (shapely.union_all([shapely.make_valid(shapely.Polygon(list(zip(p[0][::2], p[0][1::2],
                                                                                    strict=True))))
                                       for p in geometry["regions"][n]["polygons"]]).buffer(0) for n in ("SPA", "FRA"))
        x = Projection.of(seeds).one((0.0, 42.7))[0]
        meet = spa.boundary.intersection(fra.buffer(0.3)).intersection(shapely.box(x - 2, 0, x + 2, 1000))
        assert (not meet.is_empty and abs(meet.centroid.y - pyrenees_y) < 3) == on_the_pyrenees
    with pytest.raises(BuildError, match="no country, sea or region called 'Atlantis'"):
        build_geometry(_iberia(tmp_path, "within Atlantis : SPA\n"))
    with pytest.raises(BuildError, match="neither a province nor a 'neutral' area: gas"):
        build_geometry(_iberia(tmp_path, "within France : GAS\n"))
