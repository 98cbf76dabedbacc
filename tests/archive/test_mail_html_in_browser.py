"""The HTML part of a result mail of every variant, opened in a real headless Chromium as a phone (390 px) and a
desktop (1280 px) show it (issue 39): no horizontal scroll, no text under 14 px, the map shown inline.

The mails are the demo games' own (played by mail on the spool).  ``JUDGE_MAIL_SCREENSHOTS=docs/mails`` keeps
the screenshots there (docs/mail.md shows them); otherwise they go to the test's temporary folder.
"""

from __future__ import annotations

import io
import os
import shutil
from email.message import EmailMessage
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from PIL import Image
from selenium import webdriver

from judge.app.demo import load_script
from judge.app.sandbox import Sandbox
from judge.mail import IncomingMail
from tests.archive.browser import chromium
from tests.archive.conftest import VARIANTS
from tests.archive.games import PlayedGame
from tests.mail.html_parts import html_part, pictures, save_for_browser, unsafe

WIDTHS = (390, 1280)

#: every text node's font size and the widest box, as the browser laid the page out
MEASURE = """
const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
let smallest = 1000, small = "";
while (walker.nextNode()) {
  const node = walker.currentNode;
  if (!node.textContent.trim()) continue;
  const size = parseFloat(getComputedStyle(node.parentElement).fontSize);
  if (size < smallest) { smallest = size; small = node.textContent.trim().slice(0, 60); }
}
const img = document.querySelector("img");
const box = img ? img.getBoundingClientRect() : null;
return {scroll: document.documentElement.scrollWidth, inner: window.innerWidth, smallest: smallest, small: small,
        map: img ? {complete: img.complete, natural: img.naturalWidth, width: box.width, top: box.top} : null};
"""


def keep(png: bytes, path: Path, width: int) -> None:
    """A screenshot light enough for docs/: at most 800 px wide, in 128 colours."""
    picture = Image.open(io.BytesIO(png)).convert("RGB")
    if picture.width > 800:
        picture = picture.resize((picture.width // 2, picture.height // 2), Image.Resampling.LANCZOS)
    picture.quantize(colors=128).save(path, optimize=True)


def last_mail(game: PlayedGame, to: str, subject: str = "Diplomacy results") -> IncomingMail:
    """The last mail whose subject starts with ``subject`` the game sent to ``to`` (a player's or the GM's)."""
    mails = [m for m in game.sandbox.sent() if str(m.message["Subject"]).startswith(subject)
             and to in str(m.message["To"])]
    assert mails, f"no {subject!r} mail to {to}"
    return mails[-1]


def first_player(game: PlayedGame) -> str:
    stored = game.sandbox.store.load_game(game.name)
    return next(p.address for p in stored.players if p.power)


@pytest.fixture(scope="module")
def shots(tmp_path_factory: pytest.TempPathFactory) -> Path:
    kept = os.environ.get("JUDGE_MAIL_SCREENSHOTS")
    return Path(kept) if kept else tmp_path_factory.mktemp("mail-shots")


@pytest.fixture(scope="module", params=WIDTHS)
def browser(request: pytest.FixtureRequest) -> Iterator[tuple[webdriver.Chrome, int]]:
    with chromium(request.param, 844 if request.param < 600 else 900) as driver:
        yield driver, request.param


def opened(driver: webdriver.Chrome, message: EmailMessage, folder: Path, width: int) -> dict[str, Any]:
    """The mail's HTML part as the browser laid it out: never wider than the screen, no text under 14 px."""
    page = save_for_browser(message, folder, "mail")
    driver.get(page.as_uri())
    seen: dict[str, Any] = driver.execute_script(MEASURE)
    assert seen["scroll"] <= seen["inner"], f"{folder.name} at {width} px scrolls sideways: {seen}"
    assert seen["smallest"] >= 14, f"{folder.name} at {width} px: text of {seen['smallest']} px: {seen['small']!r}"
    return seen


@pytest.fixture(scope="module")
def asked(demo_games: dict[str, PlayedGame], tmp_path_factory: pytest.TempPathFactory) -> list[IncomingMail]:
    """Version 3's demo, then a player asks by mail for STATUS, SUMMARY, HISTORY and HELP: every mail it sent."""
    played = demo_games["europe1615-v3"]
    folder = tmp_path_factory.mktemp("asked") / "judge"
    shutil.copytree(played.sandbox.root, folder)
    sandbox, script = Sandbox(folder), load_script("europe1615-v3")
    power = script.powers[0]
    sandbox.send(script.address(power), f"SIGNON {script.letters[power]}{script.game} {script.password(power)}\n"
                 f"STATUS\nSUMMARY {script.game}\nHISTORY {script.game}\nHELP\nA XYZ - ABC\n", "asks")
    sandbox.poll()
    return sandbox.sent()


@pytest.mark.parametrize("subject", ["Game ", "Re: asks", "Status of", "Summary of", "History of", "Help from"])
def test_the_other_mails_fit_a_phone_too(subject: str, asked: list[IncomingMail],
                                         browser: tuple[webdriver.Chrome, int], tmp_path: Path) -> None:
    """The start mail (its opening map inline), a reply, STATUS, SUMMARY, HISTORY and a plain-framed mail (HELP)."""
    driver, width = browser
    [message, *_] = [m.message for m in asked if str(m.message["Subject"]).startswith(subject)]
    assert not unsafe(html_part(message))
    seen = opened(driver, message, tmp_path / subject.strip(), width)
    if subject in ("Game ", "History of"):  # the opening map, the last phase's map: inline
        assert seen["map"] is not None and seen["map"]["natural"] > 0 and pictures(message)


@pytest.mark.parametrize("variant", VARIANTS)
def test_result_mail_html_fits_a_phone_and_a_desktop_with_its_map(
        variant: str, demo_games: dict[str, PlayedGame], browser: tuple[webdriver.Chrome, int], shots: Path,
        tmp_path: Path) -> None:
    driver, width = browser
    game = demo_games[variant]
    for who, to in (("player", first_player(game)), ("gm", game.sandbox.store.load_game(game.name).gm_address)):
        message = last_mail(game, to).message
        html = html_part(message)
        assert not unsafe(html)
        assert pictures(message) and all(f"cid:{cid}" in html for cid in pictures(message))
        seen = opened(driver, message, tmp_path / f"{variant}-{who}", width)
        shown = seen["map"]
        assert shown is not None and shown["complete"] and shown["natural"] > 0, f"{variant} {who}: no map: {seen}"
        assert shown["width"] >= min(width, 760) - 40, f"{variant} {who}: the map is not the page's width: {seen}"
        if who == "player":
            shots.mkdir(parents=True, exist_ok=True)
            keep(driver.get_screenshot_as_png(), shots / f"{variant}-{width}.png", width)
