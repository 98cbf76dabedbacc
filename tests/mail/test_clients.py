"""Issue 32: every order mail a real mail client writes is read as the player meant it.

Each case is played by mail through the spool into a running game: France
sends orders, gets the judge's confirmation, and answers it from a mail client
(tests/mail/clients/corpus.py) with new orders on top and the confirmation
pasted below as that client pastes it.  The new orders must be stored, the
pasted ones never, and the reply must say what was left unread.

The cases of a client's structure are played with the judge's memory of what
it sent cleared first (``recent/``), so that the client's structure alone
must be found; the cases of the judge's own words keep it.
"""

from __future__ import annotations

import shutil
from collections.abc import Callable, Iterator
from datetime import timedelta
from pathlib import Path

import pytest

from judge.app.sandbox import Sandbox
from tests.app.helpers import GAME, address, reply, send_as, signon, start_game
from tests.mail.clients import corpus
from tests.mail.clients.corpus import CLIENTS, LANGUAGES, Reply

OLD = ("A PAR - BUR", "F BRE - MAO", "A MAR - SPA")
NEW = ("A PAR - PIC", "F BRE - ENG", "A MAR H")
STORED_NEW = {"PAR": "A PAR - PIC", "BRE": "F BRE - ENG", "MAR": "A MAR H"}
PLAYER = address("France")


@pytest.fixture(scope="module")
def game(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Sandbox]:
    """One running game for the module: each case sets France's orders anew."""
    sandbox = Sandbox.create(tmp_path_factory.mktemp("clients") / "judge", password_cost=8)
    start_game(sandbox)
    yield sandbox


def _orders(sandbox: Sandbox) -> dict[str, str]:
    return {o.unit: o.line for o in sandbox.store.load_game(GAME).orders.get("FRANCE", [])}


def _confirmation(sandbox: Sandbox, lines: tuple[str, ...] = OLD) -> str:
    """France sends ``lines``; the judge's reply, as his client shows it."""
    sandbox.new_mail()
    send_as(sandbox, "France", "\n".join(lines))
    sandbox.poll()
    text = reply(sandbox, sandbox.new_mail(), "france@")
    assert _orders(sandbox) == dict(zip(("PAR", "BRE", "MAR"), lines))
    return text


def _answer(sandbox: Sandbox, build: Callable[[Reply], bytes], quoted: str, forget: bool = True,
            orders: tuple[str, ...] = NEW) -> str:
    """Answer ``quoted`` from a client; the judge's reply."""
    if forget:
        shutil.rmtree(sandbox.config.data_dir / "recent", ignore_errors=True)
    sandbox.deliver(build(Reply(signon("France"), orders, quoted, PLAYER)))
    sandbox.poll()
    return reply(sandbox, sandbox.new_mail(), "france@")


def _not_read(text: str) -> str:
    assert "\nNot read:\n" in text, text
    return text.split("\nNot read:\n")[1].split("\n\n")[0]


def _check_new_orders_only(sandbox: Sandbox, text: str) -> None:
    assert _orders(sandbox) == STORED_NEW, text
    assert "Rejected:" not in text, text
    assert text.index("Orders for France") < text.index("Not read:") < text.index("Accepted:"), text
    assert "Army Paris -> Picardy." in text.split("Not read:")[0]


# -- point 1: quoted text in every common client ----------------------------------------------------------------

@pytest.mark.parametrize("client", sorted(CLIENTS))
def test_a_client_pasting_the_confirmation_below_new_orders(game: Sandbox, client: str) -> None:
    quoted = _confirmation(game)
    text = _answer(game, CLIENTS[client], quoted)
    _check_new_orders_only(game, text)
    skipped = _not_read(text)
    assert "of an earlier mail your mail program set below your text" in skipped or \
        "of an earlier mail quoted in your HTML text" in skipped, text


@pytest.mark.parametrize("language", sorted(LANGUAGES))
def test_outlook_in_every_language(game: Sandbox, language: str) -> None:
    quoted = _confirmation(game)
    text = _answer(game, corpus.outlook_in(language), quoted)
    _check_new_orders_only(game, text)
    assert LANGUAGES[language].separator.strip("- ") in _not_read(text)


@pytest.mark.parametrize("language", sorted(LANGUAGES))
def test_an_attribution_split_over_lines_in_every_language(game: Sandbox, language: str) -> None:
    quoted = _confirmation(game)
    text = _answer(game, corpus.attribution_in(language), quoted)
    _check_new_orders_only(game, text)
    assert "of an earlier mail your mail program set below your text" in _not_read(text)


def test_a_reply_to_a_results_mail_from_outlook(tmp_path: Path) -> None:
    """Outlook answering the results: 30 pasted results lines, none read, none rejected."""
    sandbox = Sandbox.create(tmp_path / "judge", password_cost=8)
    start_game(sandbox)
    _confirmation(sandbox)
    sandbox.advance(timedelta(days=3))
    sandbox.poll()
    results = [m for m in sandbox.new_mail() if "france@" in str(m.message["To"]).lower()
               and "results" in str(m.message["Subject"])]
    assert len(results) == 1
    fall = ("A BUR - MUN", "F MAO - POR", "A SPA H")
    text = _answer(sandbox, CLIENTS["outlook-web"], sandbox.text(results[0]), orders=fall)
    assert _orders(sandbox) == {"BUR": "A BUR - MUN", "MAO": "F MAO - POR", "SPA": "A SPA H"}, text
    assert "Rejected:" not in text


# -- point 2: the judge's own words ----------------------------------------------------------------------------

def test_the_confirmation_pasted_with_no_header_at_all_is_not_read(game: Sandbox) -> None:
    quoted = _confirmation(game)
    text = _answer(game, lambda r: corpus.plain(f"{r.typed}\n\n{r.quoted}", r), quoted, forget=False)
    _check_new_orders_only(game, text)
    assert "lines quoted from the judge's mail of" in _not_read(text)


def test_the_judges_words_are_found_wherever_they_stand(game: Sandbox) -> None:
    """The confirmation pasted above the new orders, its header block cleared away: still not read."""
    quoted = _confirmation(game)
    text = _answer(game, lambda r: corpus.plain(f"{r.signon}\n{r.quoted}\n\n" + "\n".join(r.orders), r), quoted,
                   forget=False)
    _check_new_orders_only(game, text)
    assert "the judge does not read its own words back" in _not_read(text)


def test_the_orders_the_judge_echoed_typed_again_are_read(game: Sandbox) -> None:
    """Only runs of lines that reproduce the judge's mail are left out: the player's own lines, which the
    judge's replies echo, are read when he types them again."""
    _confirmation(game)
    _confirmation(game, NEW)
    text = _answer(game, lambda r: corpus.plain(r.typed, r), "", forget=False, orders=OLD)
    assert _orders(game) == dict(zip(("PAR", "BRE", "MAR"), OLD)), text
    assert "Not read:" not in text and "Rejected:" not in text


def test_orders_copied_from_an_allys_press_are_read(game: Sandbox) -> None:
    """Press carries a player's words, not the judge's: orders an ally suggested, copied line for line, count."""
    _confirmation(game)
    send_as(game, "England", "PRESS TO France\n" + "\n".join(NEW) + "\nENDPRESS")
    game.poll()
    assert any("Press in" in str(m.message["Subject"]) for m in game.new_mail())
    text = _answer(game, lambda r: corpus.plain(r.typed, r), "", forget=False)
    assert _orders(game) == STORED_NEW, text
    assert "Not read:" not in text and "Rejected:" not in text


# -- point 3: every part a player sees -------------------------------------------------------------------------

@pytest.mark.parametrize("build", [corpus.iphone_text_photo_text, corpus.apple_mail_inline_file,
                                   corpus.named_part_without_disposition, corpus.gmail_attachment],
                         ids=["iphone-text-photo-text", "apple-mail-inline-file", "name-without-disposition",
                              "gmail-txt-attachment"])
def test_every_text_part_is_read_in_order(game: Sandbox, build: Callable[[Reply], bytes]) -> None:
    _confirmation(game)
    text = _answer(game, build, "")
    assert _orders(game) == STORED_NEW, text
    assert "Rejected:" not in text
    if build is corpus.iphone_text_photo_text:
        assert "the attachment IMG_0042.png: the judge reads text and .txt files only" in _not_read(text)
        assert '"Sent from my iPhone"' in _not_read(text)


def test_a_large_text_attachment_is_named_not_read(game: Sandbox) -> None:
    _confirmation(game)
    filler = ("x" * 70 + "\n") * 400
    text = _answer(game, lambda r: corpus.gmail_attachment(Reply(r.signon, (*r.orders, filler), "", r.player)), "")
    assert _orders(game) == dict(zip(("PAR", "BRE", "MAR"), OLD)), text
    assert "the attachment orders.txt: over 20,000 bytes" in _not_read(text)


@pytest.mark.parametrize("forward", [corpus.forwarded_as_attachment, corpus.inline_forward],
                         ids=["message-rfc822", "inline-forward"])
def test_no_order_is_taken_from_a_forwarded_mail(game: Sandbox, forward: Callable[[Reply, str], bytes]) -> None:
    _confirmation(game)
    text = _answer(game, lambda r: forward(Reply(r.signon, ("A PAR - PIC",), "", r.player), "F BRE - GAS\nA MAR - BUR"),
                   "")
    assert _orders(game) == {"PAR": "A PAR - PIC", "BRE": "F BRE - MAO", "MAR": "A MAR - SPA"}, text
    assert "Rejected:" not in text
    skipped = _not_read(text)
    assert ('a forwarded mail ("my orders")' in skipped if forward is corpus.forwarded_as_attachment
            else "Forwarded message" in skipped), text


# -- point 4: the reply ------------------------------------------------------------------------------------------

def test_prose_is_summed_up_and_a_bad_order_still_rejected(game: Sandbox) -> None:
    _confirmation(game)
    body = "Hi all,\n" + "\n".join(NEW) + "\nA PAR - Burgondy\nThanks, see you soon\nSent from my iPhone"
    game.send(PLAYER, f"Dear judge,\n{signon('France')}\n{body}\n")
    game.poll()
    text = reply(game, game.new_mail(), "france@")
    assert _orders(game) == STORED_NEW
    assert ('4 lines of plain prose, not orders: line 1 "Dear judge,", line 3 "Hi all,", line 8 "Thanks, see you '
            'soon" and 1 more') in _not_read(text)
    rejected = text.split("Rejected:")[1]
    assert "line 7: A PAR - Burgondy" in rejected and "did you mean Burgundy (BUR)?" in rejected
    assert "Dear judge" not in rejected and "Hi all" not in rejected and "iPhone" not in rejected


@pytest.mark.parametrize("build", [corpus.gmail_quoted, corpus.gmail_inline_answers, corpus.pgp_signed,
                                   corpus.smime_signed],
                         ids=["gmail-split-attribution", "gmail-inline-answers", "pgp-mime", "s-mime"])
def test_quoting_that_already_worked_still_does(game: Sandbox, build: Callable[[Reply], bytes]) -> None:
    """"> " quoting: the attribution, however split, is neither read nor rejected; answers between the quoted
    lines are read; a signed mail is read, its signature part passed over without a word."""
    quoted = _confirmation(game)
    text = _answer(game, build, quoted)
    assert _orders(game) == STORED_NEW, text
    assert "Rejected:" not in text and "Not read:" not in text, text
