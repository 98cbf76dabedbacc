"""The website's phase page shows the order tables of the results mail's HTML (issue 39 point 3), from the
same macros, as the public may read them: opened in a real headless Chromium, a published demo game's phase page
has, row for row, the order tables every player's result mail of that phase shows, and never a line only a
player or the GM was told (a Payola bribe, Europe 1615's secret orders and Ottoman alignment).

A phase recorded before the tables were kept (its history record without them) shows its results text."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from selenium import webdriver

from judge.app.demo import load_script
from judge.app.publish import publish
from judge.app.sandbox import Sandbox
from tests.archive.browser import chromium
from tests.archive.games import PlayedGame
from tests.mail.html_parts import save_for_browser, text_part

#: the order tables (a power's name over its rows) as the browser shows them: [power, [[order, result], ...]]
TABLES = """
return [...document.querySelectorAll("table")].filter(t => t.querySelector("th[colspan='2']")).map(t =>
  [t.rows[0].innerText.trim(), [...t.rows].slice(1).map(r => [...r.cells].map(c => c.innerText.trim()))]);
"""


#: the page's results (its tables, its text), not what the rules publish once the game is over (Payola's charts)
SHOWN = """
return [...document.querySelectorAll("table, details, pre.results")].filter(e => !e.closest("#published"))
  .filter(e => { const h = document.getElementById("at-end"); return !(h && h.nextElementSibling === e); })
  .map(e => e.textContent).join("\\n");
"""


@pytest.fixture(scope="module")
def browser() -> Iterator[webdriver.Chrome]:
    with chromium(390, 844) as driver:
        yield driver


def copied(game: PlayedGame, folder: Path) -> PlayedGame:
    """A copy of the demo game, which its GM publishes by mail (``SET PUBLISH yes``) while it runs."""
    shutil.copytree(game.sandbox.root, folder)
    played = PlayedGame(Sandbox(folder), game.name, game.variant)
    if played.sandbox.store.load_game(game.name).status == "active":
        script = load_script(game.variant)
        played.sandbox.send(script.gm, f"SIGNON M{script.game} gm-secret\nSET PUBLISH yes\n", "gm")
        played.sandbox.poll()
        assert played.sandbox.store.load_game(game.name).settings.extra.get("publish") is True
    return played


def rows(driver: webdriver.Chrome, page: Path) -> list[tuple[str, tuple[str, ...]]]:
    """Every order row of the page, as (power, cells)."""
    driver.get(page.as_uri())
    return [(power, tuple(cells)) for power, lines in driver.execute_script(TABLES) for cells in lines]


def results_mails(game: PlayedGame, phase: str) -> dict[str, object]:
    """Address -> the message of the phase's result mail to it."""
    subject = f"Diplomacy results {game.name} {phase}"
    return {str(m.message["To"]): m.message for m in game.sandbox.sent() if str(m.message["Subject"]) == subject}


@pytest.mark.parametrize("variant", ["standard", "payola", "europe1615-v3", "europe1615-2013-08"])
def test_phase_page_has_the_mails_order_tables_and_no_secret(variant: str, demo_games: dict[str, PlayedGame],
                                                            browser: webdriver.Chrome, tmp_path: Path) -> None:
    game = copied(demo_games[variant], tmp_path / "judge")
    site = tmp_path / "site"
    publish(game.sandbox.store, site, "demo-judge")
    stored = game.sandbox.store.load_game(game.name)
    players = {p.address for p in stored.players if p.power}
    checked = 0
    for phase in game.sandbox.store.phase_names(game.name)[:3]:
        mails = results_mails(game, phase)
        page = rows(browser, site / game.name / f"{phase}.html")
        seen = {to: rows(browser, save_for_browser(m, tmp_path / "mails" / phase, str(n)))  # type: ignore[arg-type]
                for n, (to, m) in enumerate(sorted(mails.items()))}
        shown_to_players = [seen[to] for to in seen if any(p in to for p in players)]
        assert shown_to_players, f"{variant} {phase}: no player's result mail"
        public = [row for row in shown_to_players[0] if all(row in other for other in shown_to_players)]
        assert page == public, f"{variant} {phase}: the page's order rows are not the mail's public rows"
        checked += len(page)
        browser.get((site / game.name / f"{phase}.html").as_uri())
        on_page = browser.execute_script(SHOWN)
        for to, message in mails.items():
            told = {line.strip() for line in text_part(message).splitlines()}  # type: ignore[arg-type]
            archived = {line.strip() for line in game.archive_file(phase).read_text(encoding="utf-8").splitlines()}
            for secret in sorted(told - archived):
                if len(secret) >= 12 and not secret.startswith(("To:", "Deadline", "You receive", "The next phase")):
                    assert secret not in on_page, f"{variant} {phase}: {to}'s secret line {secret!r} on the site"
    # 2013-08's results list the orders in its adjudication sheet (the text), in the mail as on the page
    assert checked > 0 or variant == "europe1615-2013-08", f"{variant}: no order row on any phase page"


def test_a_phase_recorded_before_shows_its_text(demo_games: dict[str, PlayedGame], browser: webdriver.Chrome,
                                                 tmp_path: Path) -> None:
    """A history record without the kept tables (written by an older judge): the page shows the results text."""
    game = copied(demo_games["standard"], tmp_path / "judge")
    store = game.sandbox.store
    for record in store.phases(game.name):
        assert "public" in record.results
        record.results.pop("public")
        store.record_phase(game.name, record)
    site = tmp_path / "site"
    publish(game.sandbox.store, site, "demo-judge")
    phase = game.sandbox.store.phase_names(game.name)[0]
    assert rows(browser, site / game.name / f"{phase}.html") == []
    shown = browser.execute_script("return document.querySelector('pre.results').innerText;")
    assert "Movement results for Spring of 1901" in shown
