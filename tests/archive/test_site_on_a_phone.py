"""The website shows the board (issue 38, point 5), checked in a real headless Chromium on a 390-pixel phone and a
1280-pixel screen: no page scrolls sideways, every game page opens with its current map (loaded, linked to its full
size), the index shows a thumbnail per game, no chart label is cut off, and each power's map colour stands beside its
name in the tables.  The site holds every demo game, each variant's, as finished games on one judge."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from PIL import Image
from selenium import webdriver
from selenium.webdriver.common.by import By

from judge.app.gamefile import from_store, import_game
from judge.app.publish import power_colours_by_title, publish
from judge.app.sandbox import Sandbox
from judge.variants import load_variant
from tests.archive.browser import chromium
from tests.archive.games import PlayedGame

WIDTHS = (390, 1280)


@pytest.fixture(scope="module")
def site(demo_games: dict[str, PlayedGame], tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Every variant's demo game, imported under its variant's name into one judge, published."""
    judge = Sandbox.create(tmp_path_factory.mktemp("phone") / "judge", password_cost=8)
    for variant, game in sorted(demo_games.items()):
        import_game(judge.store, from_store(game.sandbox.store, game.name, game.sandbox.config.name), variant,
                    "gm@phone.invalid")
    out = judge.root / "site"
    written = publish(judge.store, out, "demo-judge")
    assert written.games == len(demo_games) and written.left_out == ()
    return out


@pytest.fixture(scope="module", params=WIDTHS, ids=[f"{w}px" for w in WIDTHS])
def browser(request: pytest.FixtureRequest) -> Iterator[webdriver.Chrome]:
    with chromium(request.param, 844 if request.param < 600 else 900) as driver:
        yield driver


def games(site: Path) -> list[str]:
    return sorted(p.parent.name for p in site.glob("*/index.html"))


def visit(browser: webdriver.Chrome, page: Path) -> None:
    browser.get(page.as_uri())
    assert browser.execute_script("return document.readyState") == "complete"


def width_of(browser: webdriver.Chrome) -> int:
    return int(browser.execute_script("return screen.width"))


def test_no_page_scrolls_sideways(browser: webdriver.Chrome, site: Path) -> None:
    """Every page: as wide as the screen, never wider (a wide table scrolls inside its own box).  A phone's browser
    widens its window to a page wider than the screen, so the window must still be the screen's width."""
    screen = width_of(browser)
    pages = sorted(site.rglob("*.html"))
    assert len(pages) > 2 * len(games(site))
    wider = {}
    for page in pages:
        visit(browser, page)
        inner, scrolled = browser.execute_script(
            "return [window.innerWidth, document.scrollingElement.scrollWidth]")
        if not inner == screen >= scrolled:
            wider[str(page.relative_to(site))] = (inner, scrolled)
    assert wider == {}


def test_no_table_heading_wraps_onto_several_lines(browser: webdriver.Chrome, site: Path) -> None:
    """The powers' table of a game with many score columns (Europe 1615: 'VPs of the last round'): each heading on
    one line, however narrow the screen (the table scrolls in its box instead)."""
    for game in games(site):
        visit(browser, site / game / "index.html")
        tall = browser.execute_script(
            "return [...document.querySelectorAll('thead th')].filter(th => th.innerText.trim()).map(th => {"
            " const r = document.createRange(); r.selectNodeContents(th);"
            " const lines = new Set([...r.getClientRects()].map(q => Math.round(q.top)));"
            " return [th.innerText, lines.size]; }).filter(([, n]) => n > 1)")
        assert tall == [], game


def test_every_game_page_opens_with_its_current_map(browser: webdriver.Chrome, site: Path) -> None:
    """The picture of the last phase played (the phase page's own, as an observer sees it), loaded, as wide as the
    page allows and linked to itself at full size, before the powers' table and the phases."""
    for game in games(site):
        visit(browser, site / game / "index.html")
        figure = browser.find_element(By.CSS_SELECTOR, "main figure.map")
        image = figure.find_element(By.TAG_NAME, "img")
        natural, shown, page_width, before_phases = browser.execute_script(
            "const i = arguments[0], h = [...document.querySelectorAll('h2')].find(h => h.innerText === 'Phases');"
            " return [i.complete ? i.naturalWidth : 0, i.getBoundingClientRect().width,"
            " document.querySelector('main').getBoundingClientRect().width,"
            " !!(i.compareDocumentPosition(h) & Node.DOCUMENT_POSITION_FOLLOWING)]", image)
        source = image.get_attribute("src").rsplit("/", 1)[1]
        phase = source.rsplit(".", 1)[0]
        with Image.open(site / game / source) as picture:
            assert natural == picture.width > 0, game
        assert before_phases and 0.9 * min(page_width, 768) <= shown <= page_width + 0.5, (game, shown, page_width)
        assert figure.find_element(By.CSS_SELECTOR, "a").get_attribute("href") == image.get_attribute("src")
        phases = [a.text for a in browser.find_elements(By.CSS_SELECTOR, "ol.phases li > a:first-child")]
        assert phase == phases[-1], game  # the current map: the last phase's
        visit(browser, site / game / f"{phase}.html")
        assert browser.find_element(By.CSS_SELECTOR, "figure.map img").get_attribute("src").endswith(f"/{source}")


def test_the_index_shows_a_thumbnail_per_game(browser: webdriver.Chrome, site: Path) -> None:
    """A small picture of each game's last phase, loaded, linking to the game; small: a few tens of kilobytes."""
    visit(browser, site / "index.html")
    rows = browser.find_elements(By.CSS_SELECTOR, "table.games tbody tr")
    assert len(rows) == len(games(site))
    for row in rows:
        link = row.find_element(By.CSS_SELECTOR, "td.game a")
        game = link.get_attribute("href").rsplit("/", 2)[1]
        image = link.find_element(By.CSS_SELECTOR, "img.thumb")
        natural, shown = browser.execute_script(
            "return [arguments[0].complete ? arguments[0].naturalWidth : 0, arguments[0].getBoundingClientRect().width]",
            image)
        source = image.get_attribute("src").rsplit("/", 1)[1]
        phases = sorted(p.stem for p in (site / game).glob("*.html") if p.stem != "index")
        assert source.removesuffix("-small.png") in phases, game
        file = site / game / source
        with Image.open(file) as small, Image.open(site / game / source.replace("-small", "")) as full:
            assert natural == small.width == 240 < full.width and 0 < shown <= 122, game  # 120 and its border
            assert abs(small.height / small.width - full.height / full.width) < 0.01  # the same picture, shrunk
        assert file.stat().st_size < 60_000, game


def test_chart_labels_stay_inside_the_chart(browser: webdriver.Chrome, site: Path) -> None:
    """Every axis label of every chart (Europe 1615's time labels are phases, 'W1616A') drawn whole inside the
    chart's box, and no two time labels overlap."""
    charts = 0
    for game in games(site):
        visit(browser, site / game / "index.html")
        for chart in browser.find_elements(By.CSS_SELECTOR, "figure.chart > svg"):
            charts += 1
            out, overlaps = browser.execute_script(
                "const box = arguments[0].getBoundingClientRect(), texts = [...arguments[0].querySelectorAll('text')];"
                " const out = texts.filter(t => { const r = t.getBoundingClientRect();"
                "  return r.left < box.left - 0.5 || r.right > box.right + 0.5 || r.top < box.top - 0.5"
                "   || r.bottom > box.bottom + 0.5; }).map(t => t.textContent);"
                " const time = texts.filter(t => t.getAttribute('text-anchor') === 'middle')"
                "  .map(t => t.getBoundingClientRect()).sort((a, b) => a.left - b.left);"
                " const overlaps = time.slice(1).filter((r, i) => r.left < time[i].right).length;"
                " return [out, overlaps]", chart)
            assert (out, overlaps) == ([], 0), game
    assert charts >= len(games(site))


def test_each_power_has_its_map_colour_beside_its_name(browser: webdriver.Chrome, site: Path) -> None:
    """In the powers' table, the charts' tables and a phase page's order and centre tables: a swatch of the
    power's colour on the map, right before its name."""
    tabled = 0
    for game in games(site):
        variant = load_variant(game)
        colours = {name: colour.lower() for name, colour in power_colours_by_title(variant).items()}
        visit(browser, site / game / "index.html")
        named = browser.execute_script(
            "return [...document.querySelectorAll('table.standings tbody th, table.numbers tbody th')].map(th => {"
            " const s = th.firstElementChild; return [th.innerText.split('★')[0].trim(),"
            "  s && s.classList.contains('swatch') ? s.style.backgroundColor : null]; })")
        assert named and all(swatch is not None for _, swatch in named), game
        assert {name: _hex(swatch) for name, swatch in named} == {name: colours[name] for name, _ in named}, game
        for page in sorted((site / game).glob("*M.html"), reverse=True):  # its last movement page with tables
            visit(browser, page)
            heads = browser.execute_script(
                "return [...document.querySelectorAll('main table th[colspan]')].map(th => {"
                " const s = th.querySelector('.swatch'); return [th.innerText.trim(), s && s.style.backgroundColor];"
                " })")
            shown = {name: _hex(swatch) for name, swatch in heads if name in colours}
            if heads:
                assert shown and shown == {name: colours[name] for name in shown}, (game, page.name)
                tabled += 1
                break
    assert tabled >= len(games(site)) - 1  # all but 8 August 2013's, whose results are a sheet, not order tables


def _hex(css: str | None) -> str | None:
    """``rgb(1, 2, 3)`` as ``#010203``."""
    if not css or not css.startswith("rgb("):
        return css
    return "#" + "".join(f"{int(n):02x}" for n in css[4:-1].split(","))
