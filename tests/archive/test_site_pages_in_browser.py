"""What a visitor looks for on the website (issue 25), found in a real headless Chromium on a phone's screen:
every bribe chart of a finished Payola game, a finished Europe 1615 game's final scores and winner, a running
game's phase, deadline and late powers, the map at full size, charts whose equal lines stay apart, dates in words,
and never an address."""

from __future__ import annotations

import re
import shutil
from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path

import pytest
from PIL import Image
from selenium import webdriver
from selenium.webdriver.common.by import By

from judge.app.demo import load_script
from judge.app.publish import publish
from judge.app.sandbox import Sandbox
from judge.engine.state import Phase
from judge.render.site import in_words
from judge.render.words import power_name
from tests.archive.browser import chromium
from tests.archive.games import PlayedGame


@pytest.fixture(scope="module")
def browser() -> Iterator[webdriver.Chrome]:
    with chromium() as driver:
        yield driver


def copied(game: PlayedGame, folder: Path) -> PlayedGame:
    shutil.copytree(game.sandbox.root, folder)
    return PlayedGame(Sandbox(folder), game.name, game.variant)


def site_of(game: PlayedGame) -> Path:
    out = game.sandbox.root / "site"
    publish(game.sandbox.store, out, "demo-judge")
    return out


@pytest.fixture(scope="module")
def payola(demo_games: dict[str, PlayedGame], tmp_path_factory: pytest.TempPathFactory) -> PlayedGame:
    """Payola's demo: two years, then the GM's TERMINATE: the charts went out in the game-end mail alone."""
    game = copied(demo_games["payola"], tmp_path_factory.mktemp("payola") / "judge")
    assert game.sandbox.store.load_game(game.name).status == "terminated"
    return game


@pytest.fixture(scope="module")
def agreed_v3(demo_games: dict[str, PlayedGame], tmp_path_factory: pytest.TempPathFactory) -> PlayedGame:
    """Version 3's demo (two years scored), then every power AGREEs to stop in Spring 1617 (R-v3-126)."""
    game = copied(demo_games["europe1615-v3"], tmp_path_factory.mktemp("v3") / "judge")
    script = load_script("europe1615-v3")
    script.play_phase(game.sandbox, "S1617M", {power: "AGREE" for power in script.powers})
    assert game.sandbox.store.load_game(game.name).status == "finished"
    return game


@pytest.fixture(scope="module")
def late_standard(tmp_path_factory: pytest.TempPathFactory) -> PlayedGame:
    """A standard game published while it runs, in Fall 1901 past its deadline: Turkey's orders are missing and
    the grace period runs."""
    sandbox = Sandbox.create(tmp_path_factory.mktemp("late") / "judge", password_cost=8)
    script = load_script("standard")
    script.set_up(sandbox)
    sandbox.send(script.gm, f"SIGNON M{script.game} gm-secret\nSET PUBLISH yes\n", "gm")
    sandbox.poll()
    (first, orders), (fall, late) = script.phases[0], script.phases[1]
    script.play_phase(sandbox, first, orders)
    for power, lines in late.items():
        script.send_as(sandbox, power, lines)
    sandbox.poll()
    game = sandbox.store.load_game(script.game)
    assert game.deadline is not None and game.grace_end is not None and "Turkey" not in late
    sandbox.clock.set(game.deadline + timedelta(hours=1))
    sandbox.poll()
    assert sandbox.store.load_game(script.game).state["phase"] == fall
    return PlayedGame(sandbox, script.game, "standard")


def visit(browser: webdriver.Chrome, page: Path) -> str:
    browser.get(page.as_uri())
    assert browser.execute_script("return document.readyState") == "complete"
    return browser.find_element(By.TAG_NAME, "body").text


def no_address_anywhere(browser: webdriver.Chrome, game: PlayedGame, site: Path) -> None:
    addresses = [p.address for p in game.sandbox.store.load_game(game.name).players if p.address]
    assert addresses
    for page in site.rglob("*.html"):
        visit(browser, page)
        assert not [a for a in addresses if a in browser.page_source], page
        assert "@" not in browser.page_source, page


def test_a_finished_payola_game_shows_the_bribe_chart_of_every_phase(browser: webdriver.Chrome,
                                                                    payola: PlayedGame) -> None:
    site = site_of(payola)
    moves = [p for p in payola.sandbox.store.phase_names(payola.name) if Phase.parse(p).kind == "M"]
    assert len(moves) == 4
    text = visit(browser, site / payola.name / "index.html")
    assert f"The GM ended the game after {payola.sandbox.store.phase_names(payola.name)[-1]}." in text
    links = {a.get_attribute("href").rsplit("/", 1)[1] for a in browser.find_elements(By.LINK_TEXT, "bribe chart")}
    assert links == {f"{phase}.html#at-end" for phase in moves}
    for phase in payola.sandbox.store.phase_names(payola.name):
        visit(browser, site / payola.name / f"{phase}.html")
        found = browser.find_elements(By.ID, "at-end")
        if phase not in moves:
            assert found == []
            continue
        assert found[0].text == f"Bribe chart of {phase} (published at the game's end)"
        chart = browser.find_elements(By.CSS_SELECTOR, "pre.results")[1].text
        assert chart.startswith(f"Bribe chart of {phase}:")
        assert all(f"Ledger of {power}:" in chart for power in ("Austria", "England", "France", "Germany", "Italy",
                                                                  "Russia", "Turkey"))
    no_address_anywhere(browser, payola, site)


def test_a_finished_europe_1615_game_shows_its_final_scores_and_its_winner(browser: webdriver.Chrome,
                                                                           agreed_v3: PlayedGame) -> None:
    site = site_of(agreed_v3)
    state = agreed_v3.sandbox.store.load_game(agreed_v3.name).state
    winners = [power_name(p) for p in state["game_over"]["powers"]]
    assert len(winners) == 1
    text = visit(browser, site / agreed_v3.name / "index.html")
    assert f"{winners[0]} won the game in S1617M. (R-v3-126: every power agreed to stop the game)" in text
    head = [th.text for th in browser.find_elements(By.CSS_SELECTOR, "table.standings thead th")]
    assert head == ["Power", "Centres", "Rounds won", "VPs of the last round", "Played by"]
    rows = [[c.text for c in row.find_elements(By.CSS_SELECTOR, "th, td")]
            for row in browser.find_elements(By.CSS_SELECTOR, "table.standings tbody tr")]
    assert rows[0][0] == f"{winners[0]} ★ winner"
    assert len(browser.find_elements(By.CSS_SELECTOR, "table.standings tr.winner")) == 1
    for power, centres, rounds, vps, held in rows:
        key = power.split(" ★")[0].upper()
        assert int(centres) == len(state["centers"].get(key, []))
        assert int(rounds) == int(state["rounds"].get(key, 0)) and int(vps) == state["score_detail"][key]["total"]
        assert held == "a player"
    no_address_anywhere(browser, agreed_v3, site)


def test_a_running_game_shows_its_phase_deadline_and_late_powers(browser: webdriver.Chrome,
                                                                  late_standard: PlayedGame) -> None:
    site = site_of(late_standard)
    game = late_standard.sandbox.store.load_game(late_standard.name)
    text = visit(browser, site / game.name / "index.html")
    assert "Now: Movement for Fall of 1901 (F1901M)" in text
    assert f"Deadline (passed): {in_words(game.deadline, game.zone)}." in text
    assert f"Grace period until {in_words(game.grace_end, game.zone)}." in text
    assert "Late: orders missing from Turkey." in text
    assert re.fullmatch(r"\w+day \d{1,2} [A-Z][a-z]+ \d{4}, \d\d:\d\d \S+", in_words(game.deadline, game.zone))
    every = "".join(visit(browser, page) + browser.page_source for page in site.rglob("*.html"))
    assert "A BUR - BEL" not in every and "Army Burgundy -> Belgium" not in every  # the orders are in, not shown


def test_the_map_opens_at_full_size_and_dates_are_in_words(browser: webdriver.Chrome,
                                                           late_standard: PlayedGame) -> None:
    site = site_of(late_standard)
    visit(browser, site / "demo" / "S1901M.html")
    link = browser.find_element(By.CSS_SELECTOR, "figure.map a")
    image = link.find_element(By.TAG_NAME, "img")
    assert link.get_attribute("href") == image.get_attribute("src") and link.get_attribute("href").endswith(".png")
    link.click()
    assert browser.current_url.endswith("/demo/S1901M.png")
    with Image.open(site / "demo" / "S1901M.png") as picture:
        assert browser.execute_script("return document.images[0].naturalWidth") == picture.width > 360
    for page in (site / "index.html", site / "demo" / "S1901M.html"):
        text = visit(browser, page)
        assert not re.search(r"\d{4}-\d\d-\d\dT\d\d:\d\d", text), page
    assert re.search(r"Written by the judge on \w+day \d{1,2} \w+ \d{4}, \d\d:\d\d UTC\.", visit(browser,
                                                                                               site / "index.html"))


def test_equal_lines_stay_apart_and_the_axis_reads(browser: webdriver.Chrome, late_standard: PlayedGame) -> None:
    """After Spring 1901 every power has its 3 centres (Russia 4): each marker still stands on its own, and
    the value axis names 0 up to the top in labels a phone can read."""
    visit(browser, site_of(late_standard) / "demo" / "index.html")
    chart = browser.find_elements(By.CSS_SELECTOR, "figure.chart > svg")[0]
    centres = browser.execute_script(
        "return Array.from(arguments[0].querySelectorAll('g.series path')).map(p => {"
        " const b = p.getBBox(); return [Math.round(b.x + b.width / 2), Math.round(b.y + b.height / 2)]; })", chart)
    assert len(centres) == 7 * 2  # seven powers, the start and 1901
    assert len({tuple(c) for c in centres}) == len(centres)  # no marker hides another
    labels = [t.text for t in chart.find_elements(By.CSS_SELECTOR, "text.tick[text-anchor=end]")]
    assert labels == [str(n) for n in range(0, 5)]
    heights = browser.execute_script(
        "return Array.from(arguments[0].querySelectorAll('text.tick')).map(t => t.getBoundingClientRect().height)",
        chart)
    assert min(heights) >= 9  # CSS pixels on a 360-pixel-wide screen
