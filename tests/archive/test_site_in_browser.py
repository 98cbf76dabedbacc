"""The published website opened in a real headless Chromium: what a visitor sees, on a phone-sized screen."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from urllib.parse import unquote, urlparse

import pytest
from selenium import webdriver
from selenium.webdriver.common.by import By

from judge.app.gamefile import GameArchive, PhaseEntry
from judge.app.publish import map_picture, publish
from judge.app.sandbox import Sandbox
from judge.engine.variant import Variant
from tests.archive.browser import chromium


def stand_in_picture(variant: Variant, archive: GameArchive, entry: PhaseEntry) -> bytes | None:
    """The real pictures, but none for Payola: a page without a picture must read as text only."""
    return None if variant.name == "payola" else map_picture(variant, archive, entry)



@pytest.fixture(scope="module")
def browser() -> Iterator[webdriver.Chrome]:
    with chromium() as driver:
        yield driver


@pytest.fixture(scope="module")
def site(running: tuple[Sandbox, Path], tmp_path_factory: pytest.TempPathFactory) -> Path:
    sandbox, _ = running
    out = tmp_path_factory.mktemp("browsed") / "site"
    publish(sandbox.store, out, "demo-judge", picture=stand_in_picture)
    return out


def visit(browser: webdriver.Chrome, page: Path) -> str:
    browser.get(page.as_uri())
    assert browser.execute_script("return document.readyState") == "complete"
    return browser.find_element(By.TAG_NAME, "body").text


def order_rows(browser: webdriver.Chrome) -> dict[str, list[str]]:
    """The page's order tables: power -> the orders of its rows, as shown."""
    found: dict[str, list[str]] = browser.execute_script(
        "const o = {}; for (const t of document.querySelectorAll('table')) { const h = t.querySelector('th[colspan]');"
        " if (h) o[h.innerText.trim()] = [...t.rows].slice(1).map(r => r.cells[0].innerText.trim()); } return o;")
    return found


def test_the_index_lists_the_published_games(browser: webdriver.Chrome, site: Path) -> None:
    text = visit(browser, site / "index.html")
    assert "Games of demo-judge" in text
    rows = [r.text for r in browser.find_elements(By.CSS_SELECTOR, "table.games tbody tr")]
    assert [r.split()[0] for r in rows] == ["demo", "v3"]
    assert "Payola running" in rows[0] and "Europe1615-V3 running" in rows[1]
    assert browser.execute_script("return getComputedStyle(document.body).maxWidth") == "960px"  # the CSS is read


def test_a_phase_page_shows_its_orders_and_its_map_picture(browser: webdriver.Chrome, site: Path) -> None:
    text = visit(browser, site / "v3" / "S1615M.html")
    assert "Movement results for Spring of 1615." in text
    assert "Army Paris -> Burgundy" in order_rows(browser)["France"]  # the order tables of the mail's HTML
    assert "Army Wurttemberg -> Franconia" in order_rows(browser)["Wurttemberg"]
    browser.find_element(By.CSS_SELECTOR, "details.text summary").click()  # the results text, folded under them
    text = browser.find_element(By.TAG_NAME, "body").text
    assert "France: Army Paris -> Burgundy." in text and "Wurttemberg: Army Wurttemberg -> Franconia." in text
    image = browser.find_element(By.CSS_SELECTOR, "figure.map img")
    assert image.get_attribute("alt") == "The map after S1615M"
    natural, shown = browser.execute_script(
        "return [arguments[0].complete && arguments[0].naturalWidth, arguments[0].getBoundingClientRect().width]", image)
    assert natural == 1100 and 0 < shown <= 360  # the real map picture, fitted to the phone's screen
    payola = visit(browser, site / "demo" / "S1901M.html")
    assert "Fleet London -> North Sea" in order_rows(browser)["England"]
    assert "No map picture for this phase" in payola and not browser.find_elements(By.CSS_SELECTOR, "img")


def test_the_game_page_draws_the_centre_chart_and_the_public_totals(browser: webdriver.Chrome, site: Path) -> None:
    text = visit(browser, site / "v3" / "index.html")
    for heading in ("Phases", "Supply centres", "INFs per year", "Victory points"):
        assert heading in text
    assert len(browser.find_elements(By.CSS_SELECTOR, "figure.chart svg polyline")) == 3 * 5
    screen, width = browser.execute_script(
        "return [window.innerWidth, document.documentElement.scrollWidth]")
    assert screen == 360 and width <= screen  # nothing wider than the phone's screen: no sideways scrolling


SECRETS = ("Ledger of", "Account of", "Bribe chart", "-secret", "-pw", ".invalid", "@")


def test_no_link_of_the_site_is_broken_and_no_page_shows_a_secret(browser: webdriver.Chrome, site: Path) -> None:
    """Every page reachable from the index, every link, picture and stylesheet in it: all there, all local;
    what a visitor reads on each page has none of the running games' secrets (ledgers, accounts, charts,
    passwords, addresses)."""
    seen: set[Path] = set()
    queue = [site / "index.html"]
    while queue:
        page = queue.pop()
        if page in seen:
            continue
        seen.add(page)
        text = visit(browser, page) + browser.page_source
        assert [s for s in SECRETS if s in text] == [], page
        targets = [e.get_attribute("href") for e in browser.find_elements(By.CSS_SELECTOR, "a[href], link[href]")]
        targets += [e.get_attribute("src") for e in browser.find_elements(By.CSS_SELECTOR, "img[src]")]
        for url in targets:
            parsed = urlparse(url or "")
            assert parsed.scheme == "file", (page, url)
            target = Path(unquote(parsed.path))
            assert target.is_file(), (page, url)
            assert site in target.parents, (page, url)
            if target.suffix == ".html":
                queue.append(target)
    every = set(site.rglob("*.html"))
    assert seen == every  # and every page can be reached
