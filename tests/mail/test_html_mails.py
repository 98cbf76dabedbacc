"""Every mail the judge sends as text and HTML (issue 39), played by mail through the spool.

The text part is the mail as it always was (the golden archives); the HTML part carries no script, nothing
fetched from outside, every player's string escaped, and says nothing the text does not; ``SET FORMAT text``
and the judge's ``[mail] format`` give the text alone.
"""

from __future__ import annotations

import html as htmllib
import re
from pathlib import Path

import pytest
from markupsafe import escape

from judge.app.demo import load_script
from judge.app.sandbox import Sandbox
from judge.mail import IncomingMail
from judge.mail.message import build_message
from tests.app.helpers import GM, address, gm, send_as, start_game, to
from tests.golden_archive import GOLDEN_ROOT
from tests.mail.html_parts import html_part, pictures, text_part, unsafe, visible_text

PAYOLA = load_script("payola")
PHASES = ["S1901M", "F1901M", "W1901A", "S1902M", "F1902M", "W1902A"]
#: what a player may write that a careless HTML part would run, fetch or show as markup
HOSTILE = ['<script>alert("x")</script>', '<img src="https://evil.example/pixel.png">',
           '"><b onmouseover="steal()">bold</b>', "<style>@import url(https://evil.example/a.css)</style>",
           "&amp; &lt;b&gt; &#60;i&#62;", "<a href='javascript:alert(1)'>link</a>"]
#: a budget for the size of one mail (docs/mail.md, "Size"): the HTML part and the map it shows inline
HTML_BUDGET = 64_000         # bytes of the HTML part, as sent (quoted-printable)
MAIL_BUDGET = 400_000        # bytes of a whole result mail with its map


@pytest.fixture(scope="module")
def payola(tmp_path_factory: pytest.TempPathFactory) -> Sandbox:
    """Payola's demo (secrets: offers, ledgers, treasuries), with HISTORY, STATUS, SUMMARY and LIST asked."""
    sandbox = Sandbox.create(tmp_path_factory.mktemp("payola") / "judge", password_cost=8)
    PAYOLA.play(sandbox)
    power = PAYOLA.powers[0]
    sandbox.send(PAYOLA.address(power), f"SIGNON {PAYOLA.letters[power]}{PAYOLA.game} {PAYOLA.password(power)}\n"
                 f"HISTORY {PAYOLA.game}\nSUMMARY {PAYOLA.game}\nLIST {PAYOLA.game}\nHELP\n", "asks")
    sandbox.poll()
    return sandbox


def kind(mail: IncomingMail) -> str:
    """A mail's kind, from its subject without the game and phase."""
    subject = re.sub(rf"\b(?:[SUFAW]\d{{4}}[A-Z]|{PAYOLA.game})\b", "", str(mail.message["Subject"]))
    return " ".join(subject.split())


def test_every_kind_of_mail_has_a_text_and_an_html_part(payola: Sandbox) -> None:
    sent = payola.sent()
    kinds = {kind(m) for m in sent}
    assert {"Diplomacy results", "Game has started", "Game is over", "Re: asks", "Re: new game"} <= kinds, kinds
    for mail in sent:
        assert mail.message.get_content_type() in ("multipart/alternative", "multipart/mixed"), kind(mail)
        assert text_part(mail.message) and html_part(mail.message), kind(mail)
    asked = [m for m in sent if str(m.message["Subject"]).startswith(("History", "Summary", "List", "Help", "HISTORY"))
             or "asks" in str(m.message["Subject"])]
    assert len(asked) >= 4, [kind(m) for m in sent[-8:]]


def test_the_text_part_is_the_golden_archive_byte_for_byte(payola: Sandbox) -> None:
    observed = [m for m in payola.sent() if str(m.message["Subject"]).startswith("Diplomacy results")
                and PAYOLA.observer in str(m.message["To"])]
    assert [str(m.message["Subject"]).rsplit(" ", 1)[1] for m in observed] == PHASES
    for mail, phase in zip(observed, PHASES, strict=True):
        assert text_part(mail.message) == (GOLDEN_ROOT / "payola" / f"{phase}.txt").read_text(encoding="utf-8")
    for mail in payola.sent():  # and each text part is written exactly as a text-only mail writes it
        text = text_part(mail.message)
        [leaf] = [p for p in mail.message.walk() if p.get_content_type() == "text/plain" and not p.get_filename()]
        alone = build_message("judge@demo.invalid", "x@demo.invalid", "s", text)
        assert leaf.get_payload() == alone.get_payload() and leaf["Content-Transfer-Encoding"] == alone[
            "Content-Transfer-Encoding"] and leaf.get_content_charset() == alone.get_content_charset()


def test_no_html_part_runs_fetches_or_shows_more_than_its_text(payola: Sandbox) -> None:
    for mail in payola.sent():
        html = html_part(mail.message)
        assert not unsafe(html), (kind(mail), unsafe(html))
        shown = " ".join(visible_text(html).split())
        text = " ".join(text_part(mail.message).split())
        for cell in re.findall(r"<td[^>]*>(.*?)</td>", html, re.DOTALL):  # every order, retreat and count shown
            words = " ".join(htmllib.unescape(re.sub(r"<[^>]+>", " ", cell)).split())
            if words and not words.isdigit() and words not in ("ok", "none: destroyed"):
                assert words in text or all(w.strip(".,") in text for w in words.split()), (kind(mail), words)
        assert shown


def test_each_result_mail_shows_its_readers_map_inline_within_budget(payola: Sandbox) -> None:
    results = [m for m in payola.sent() if str(m.message["Subject"]).startswith("Diplomacy results")]
    assert results
    for mail in results:
        html, shown = html_part(mail.message), pictures(mail.message)
        assert len(shown) == 1 and all(f'src="cid:{cid}"' in html for cid in shown)
        [part] = [p for p in mail.message.walk() if p.get_content_type() == "text/html"]
        assert len(part.as_bytes()) < HTML_BUDGET and len(mail.raw) < MAIL_BUDGET, (kind(mail), len(mail.raw))


def test_every_player_string_is_escaped_in_the_html(sandbox: Sandbox) -> None:
    start_game(sandbox, "SET PRESS white")
    lines = "\n".join(f"PRESS TO England\n{h}\nENDPRESS" for h in HOSTILE) + "\n" + "\n".join(HOSTILE)
    send_as(sandbox, "France", lines, subject=HOSTILE[0])
    send_as(sandbox, "Germany", "BROADCAST\n" + "\n".join(HOSTILE) + "\nENDPRESS")
    sandbox.poll()
    mails = sandbox.new_mail()
    reply = next(m for m in to(mails, "france@") if str(m.message["Subject"]).startswith("Re:"))
    press = [m for m in to(mails, "england@") if "<script>" in text_part(m.message)]
    assert press and reply
    for mail in [reply, *press]:
        html = html_part(mail.message)
        assert not unsafe(html), unsafe(html)
        for hostile in HOSTILE:
            assert hostile not in html
            if hostile in text_part(mail.message):
                assert str(escape(hostile)) in html  # shown, as the words it is


def test_set_format_text_gives_a_seat_its_mail_as_text_alone(sandbox: Sandbox) -> None:
    start_game(sandbox)
    send_as(sandbox, "France", "SET FORMAT text")
    gm(sandbox, "SET FORMAT text")
    sandbox.poll()
    replies = sandbox.new_mail()
    assert "your mails will come as text alone" in text_part(to(replies, "france@")[0].message)
    gm(sandbox, "PROCESS!")
    sandbox.poll()
    mails = sandbox.new_mail()
    results = {str(m.message["To"]): m for m in mails if str(m.message["Subject"]).startswith("Diplomacy results")}
    france, gmaster, england = (results[address("France")], results[GM], results[address("England")])
    for alone in (france, gmaster):  # the text, then its map attached, as before issue 39
        assert [p.get_content_type() for p in alone.message.walk()] == ["multipart/mixed", "text/plain", "image/png"]
    assert html_part(england.message) and pictures(england.message)
    send_as(sandbox, "France", "SET FORMAT html")
    sandbox.poll()
    assert html_part(to(sandbox.new_mail(), "france@")[0].message)


def test_the_judge_wide_default_is_text_alone_when_the_operator_says_so(tmp_path: Path) -> None:
    root = tmp_path / "judge"
    Sandbox.create(root, password_cost=8)
    config = root / "judge.toml"
    config.write_text(config.read_text(encoding="utf-8").replace("[mail]\n", '[mail]\nformat = "text"\n'),
                      encoding="utf-8")
    sandbox = Sandbox(root)
    start_game(sandbox)
    send_as(sandbox, "Italy", "SET FORMAT html")
    sandbox.poll()
    gm(sandbox, "PROCESS!")
    sandbox.poll()
    mails = sandbox.sent()
    assert all(not [p for p in m.message.walk() if p.get_content_type() == "text/html"]
               for m in mails if address("Italy") not in str(m.message["To"]))
    italy = [m for m in to(mails, address("Italy")) if str(m.message["Subject"]).startswith("Diplomacy results")]
    assert italy and html_part(italy[-1].message)


def test_a_format_the_judge_does_not_know_is_refused_with_its_name(tmp_path: Path) -> None:
    from judge.app.config import ConfigError, load_config

    Sandbox.create(tmp_path, password_cost=8)
    config = tmp_path / "judge.toml"
    config.write_text(config.read_text(encoding="utf-8").replace("[mail]\n", '[mail]\nformat = "rtf"\n'),
                      encoding="utf-8")
    with pytest.raises(ConfigError, match=r'\[mail\] format: found "rtf"; expected "html" or "text"'):
        load_config(config)


def test_a_mistyped_format_is_refused_by_mail(sandbox: Sandbox) -> None:
    start_game(sandbox)
    send_as(sandbox, "France", "SET FORMAT pdf")
    sandbox.poll()
    body = text_part(to(sandbox.new_mail(), "france@")[0].message)
    assert "SET FORMAT pdf" in body and "text or html" in body


@pytest.fixture
def sandbox(tmp_path: Path) -> Sandbox:
    return Sandbox.create(tmp_path / "judge", password_cost=8)
