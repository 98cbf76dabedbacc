"""``judge publish``: which games the website shows, and that it never shows a running game's secrets.

The pages themselves are opened in a real browser in ``test_site_in_browser.py``.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from markupsafe import escape

from judge.app.demo import load_script
from judge.app.gamefile import from_store
from judge.app.publish import game_page, publish
from judge.app.sandbox import Sandbox
from judge.render.palette import power_colours
from judge.variants import load_variant
from tests.archive.conftest import Copier
from tests.archive.games import PlayedGame, play_script


def pages(out: Path) -> dict[str, str]:
    return {str(p.relative_to(out)): p.read_text(encoding="utf-8") for p in sorted(out.rglob("*.html"))}


def test_only_games_the_gm_lets_publish_while_running_are_on_the_site(running: tuple[Sandbox, Path]) -> None:
    _, out = running
    assert sorted(p.name for p in out.iterdir()) == ["demo", "index.html", "style.css", "v3"]
    index = (out / "index.html").read_text(encoding="utf-8")
    assert 'href="demo/index.html"' in index and 'href="v3/index.html"' in index and "e1308" not in index


def test_no_page_shows_a_secret_of_a_running_game(running: tuple[Sandbox, Path]) -> None:
    """Payola: no ledger, account, offer sheet or bribe chart; Version 3: no INF numbers of a deployment,
    no ballot vote; nobody's address or password."""
    sandbox, out = running
    text = "\n".join(pages(out).values())
    for secret in ("Ledger of", "Account of", "Bribe chart", "gm-secret", "-secret", ".invalid"):
        assert secret not in text, secret
    for game in ("demo", "v3"):
        for player in sandbox.store.load_game(game).players:
            assert player.address not in text
    votes = "+10 = Treaty of Lyon"
    assert votes not in text


def test_the_site_follows_the_games_set_publish_no_takes_a_game_off(running: tuple[Sandbox, Path],
                                                                    tmp_path: Path) -> None:
    sandbox, _ = running
    out = tmp_path / "site"
    publish(sandbox.store, out, "demo-judge")
    assert (out / "v3" / "S1615M.html").exists()
    sandbox.send("gm@v3.invalid", "SIGNON Mv3 gm-secret\nSET PUBLISH no\n", "gm")
    sandbox.poll()
    assert sandbox.store.load_game("v3").settings.extra["publish"] is False
    publish(sandbox.store, out, "demo-judge")
    assert not (out / "v3").exists() and (out / "demo" / "index.html").exists()
    sandbox.send("gm@v3.invalid", "SIGNON Mv3 gm-secret\nSET PUBLISH yes\n", "gm")
    sandbox.poll()


def test_a_finished_payola_game_publishes_each_phases_bribe_chart_on_its_page(tmp_path: Path) -> None:
    """The rules publish the charts of every phase when the game ends (3.6, 4.5): the last results show them all,
    and each movement phase's page shows its own, linked from the game's page."""
    sandbox = Sandbox.create(tmp_path / "judge", password_cost=8)
    game = play_script(sandbox, "payola", "SET RULE victory_centers 6")
    stored = sandbox.store.load_game(game.name)
    assert stored.status == "finished"
    out = tmp_path / "site"
    publish(sandbox.store, out, "demo-judge")
    names = sandbox.store.phase_names(game.name)
    shown = pages(out)
    assert all(f"Bribe chart of {phase}:" in shown[f"demo/{names[-1]}.html"] for phase in names)  # as mailed
    for phase in names:
        page = shown[f"demo/{phase}.html"]
        assert f"<h2 id=\"at-end\">Bribe chart of {phase} (published at the game's end)</h2>" in page
        assert f'href="{phase}.html#at-end">bribe chart</a>' in shown["demo/index.html"]
        assert all(f"Ledger of {power}:" in page.split('id="at-end"')[1] for power in ("Austria", "Turkey"))


def test_a_game_whose_history_is_damaged_is_left_out_and_the_others_published(demo_games: dict[str, PlayedGame],
                                                                              copy_of: Copier) -> None:
    game = copy_of(demo_games["europe1615-v3"])
    stored = game.sandbox.store.load_game(game.name)
    stored.status = "finished"
    game.sandbox.store.save_game(stored)
    path = game.sandbox.config.data_dir / "history" / f"{game.name}.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    doc = next(d for d in data["phases"].values() if d["phase"] == "S1616M")
    doc["state_before"]["units"] = {"SPAIN": ["A NOWHERE"]}
    path.write_text(json.dumps(data), encoding="utf-8")
    done = game.judge("replay", game.name)
    assert done.returncode == 1 and "Traceback" not in done.stderr
    assert done.stdout.startswith("divergence at S1616M: the stored phase cannot be played\n  archived: CodecError")
    imported = game.judge("import", str(_export_of(demo_games["standard"], game.sandbox.root)), "--name", "other")
    assert imported.returncode == 0, imported.stderr
    out = game.sandbox.root / "site"
    done = game.judge("publish", "--out", str(out))
    assert done.returncode == 1
    assert done.stdout.strip() == f"published 1 games, {1 + 1 + 7} pages in {out}"
    assert done.stderr.startswith(f"judge publish: {game.name} left out: its archive cannot be read (CodecError")
    assert (out / "other" / "S1901M.html").exists() and not (out / game.name).exists()


def _export_of(game: PlayedGame, folder: Path) -> Path:
    target = folder / f"{game.name}.jsonl"
    assert game.judge("export", game.name, "--out", str(target)).returncode == 0
    return target


def test_public_press_is_published_escaped_with_its_phase(decided_v3: PlayedGame, copy_of: Copier) -> None:
    game = copy_of(decided_v3)
    script = load_script("europe1615-v3")
    gm = f"SIGNON M{game.name} gm-secret\n"
    game.sandbox.send(script.gm, gm + "SET PRESS grey\nSET PUBLISH yes\n", "gm")
    game.sandbox.poll()
    script.send_as(game.sandbox, "Spain", "BROADCAST GREY\n<b>Who</b> moved into Lorraine?\nENDPRESS")
    game.sandbox.poll()
    game.sandbox.send(script.gm, gm + "PROCESS!\n", "gm")
    game.sandbox.poll()
    phase = game.sandbox.store.phase_names(game.name)[-1]
    out = game.sandbox.root / "site"
    assert game.judge("publish", "--out", str(out)).returncode == 0
    shown = pages(out)
    assert "France keeps the peace this spring." in shown["v3/S1615M.html"]
    assert "<h3>FRANCE</h3>" in shown["v3/S1615M.html"]
    grey = shown[f"v3/{phase}.html"]
    assert "&lt;b&gt;Who&lt;/b&gt; moved into Lorraine?" in grey and "<b>Who" not in grey
    assert "anonymous (grey press)" in grey and "SPAIN" not in grey.split("Public press")[1]
    assert "France keeps the peace" in shown["v3/index.html"] and "moved into Lorraine" in shown["v3/index.html"]


#: the variants with map geometry (gamedata/<map>.geo.json): their phase pages show the map
DRAWN = {"standard", "payola", "diplomacy1618", "europe1615-v3", "europe1615-2013-08", "europe1615-2013-03", "europe1615-2013-04"}


@pytest.mark.parametrize(("variant", "charts"), [
    ("standard", ["Supply centres"]), ("payola", ["Supply centres"]),
    ("europe1615-v3", ["Supply centres", "INFs per year", "Victory points"]),
    ("europe1615-2013-08", ["Supply centres", "INFs per year"]),
    ("europe1615-2013-03", ["Supply centres", "INFs per year", "Victory points"]),
    ("europe1615-2013-04", ["Supply centres", "INFs per year", "Victory points"]),
    ("diplomacy1618", ["Supply centres"])])
def test_every_variant_is_published_from_an_imported_game(demo_games: dict[str, PlayedGame], variant: str,
                                                          charts: list[str], tmp_path: Path) -> None:
    game = demo_games[variant]
    other = PlayedGame(Sandbox.create(tmp_path / "judge"), "kept", variant)
    assert other.judge("import", str(_export_of(game, tmp_path)), "--name", "kept").returncode == 0
    written = publish(other.sandbox.store, tmp_path / "site", "another-judge")
    phases = game.sandbox.store.phase_names(game.name)
    assert (written.games, written.pages, written.left_out) == (1, 2 + len(phases), ())
    shown = pages(tmp_path / "site")
    headings = re.findall(r"<h2>([^<]*)</h2>", shown["kept/index.html"])
    assert headings[0] == "Final standings" and [h for h in headings if h not in ("Phases", headings[0])] == charts
    for phase in phases:
        page = shown[f"kept/{phase}.html"]
        archived = str(escape(game.archive_file(phase).read_text(encoding="utf-8")))  # as Jinja2 escapes
        assert archived in page
        picture = tmp_path / "site" / "kept" / f"{phase}.png"  # issue 15's map, where the variant has geometry
        if variant in DRAWN:
            assert f'src="{phase}.png"' in page and picture.read_bytes().startswith(b"\x89PNG")
        else:
            assert not picture.exists() and "No map picture for this phase" in page


@pytest.mark.parametrize("variant", ["europe1615-2013-03", "europe1615-2013-04"])
def test_the_payola_editions_charts_are_the_public_vps_and_inf_grants_and_nothing_secret(
        demo_games: dict[str, PlayedGame], variant: str) -> None:
    """INFs and VPs are public in these editions (R-1303-07, R-1304-10): the charts take each power's INFs of
    the year from the Influence results and its VPs from the Winter results, as mailed to everyone; the
    ledgers, accounts and offers (Payola 2.5, 5.7) are secrets and no page or chart has them."""
    game = demo_games[variant]
    page = game_page(from_store(game.sandbox.store, game.name))
    charts = {c.title: c for c in page.charts}
    grants, vps = charts["INFs per year"], charts["Victory points"]
    assert (grants.labels, vps.labels) == (["S1615P", "S1616P"], ["W1615A", "W1616A"])
    for series in (grants, vps):
        for n, phase in enumerate(series.labels):
            mailed = game.archive_file(phase).read_text(encoding="utf-8")
            for power, values in series.points.items():
                assert re.search(rf"^  {power}: {values[n]}[ .]", mailed, re.M), (phase, power, values[n])
    shown = "\n".join(p.text for p in page.phases)
    assert "Ledger of" not in shown and "Account of" not in shown and " AgP" not in shown


@pytest.mark.parametrize("variant", ["payola", "europe1615-v3", "europe1615-2013-04", "diplomacy1618"])
def test_the_charts_have_a_point_a_year_and_draw_each_power_in_its_map_colour(
        demo_games: dict[str, PlayedGame], variant: str) -> None:
    """The centre chart has the start and every year played, changed or not (an even time axis); every
    line and key is in the colour the power has on the map pictures, so a reader matches chart and map."""
    game = demo_games[variant]
    page = game_page(from_store(game.sandbox.store, game.name))
    years = sorted({"".join(c for c in phase if c.isdigit()) for phase in game.sandbox.store.phase_names(game.name)})
    centres = page.charts[0]
    assert centres.title == "Supply centres" and centres.labels == ["start", *years]
    board = load_variant(variant).map
    by_name = {power.title(): colour for power, colour in power_colours(board).items()}
    for chart in page.charts:
        drawn = {line.power: line.colour for line in chart.polylines()}
        assert drawn and all(drawn[power] == by_name[power] for power in drawn if power in by_name), chart.title
        assert set(drawn) & set(by_name), chart.title
