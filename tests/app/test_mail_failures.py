"""Mail that goes wrong (issue 3, point 8): strangers' orders, wrong passwords, duplicates, big,
Latin-1 and HTML-only mail, loops, and mail that breaks the judge.  None of it stops a poll."""

from __future__ import annotations

from email.message import EmailMessage

from judge.app.sandbox import Sandbox
from judge.store import Game
from tests.app.helpers import GAME, address, password, reply, send_as, start_game, subjects, to


def test_a_non_player_sending_orders_gets_clear_rejections(sandbox: Sandbox) -> None:
    start_game(sandbox)
    sandbox.send("stranger@example.org", "A PAR - BUR\nF LON - NTH\nHELP")
    sandbox.poll()
    mails = sandbox.new_mail()
    text = reply(sandbox, mails, "stranger@")
    assert text.count("you are not signed on to a game: start your mail with SIGNON") == 2
    assert "Accepted:\n  line 3: HELP" in text
    assert "Help from demo-judge" in subjects(to(mails, "stranger@"))
    assert "FRANCE" not in sandbox.store.load_game(GAME).orders


def test_a_wrong_password_rejects_the_signon_and_what_needs_it(sandbox: Sandbox) -> None:
    start_game(sandbox)
    send_as(sandbox, "France", "A PAR - BUR")
    sandbox.poll()
    sandbox.new_mail()
    sandbox.send(address("France"), f"SIGNON F{GAME} guess\nCLEAR\nA PAR - PIC\nLIST")
    sandbox.poll()
    text = reply(sandbox, sandbox.new_mail(), "france@")
    assert "line 1: SIGNON Fdemo ****\n      wrong password for France in 'demo'" in text
    assert "line 2: CLEAR\n      not signed on: the sign-on at line 1 was refused" in text
    assert "line 3: A PAR - PIC\n      not signed on" in text
    assert "line 4: LIST" in text.split("Rejected")[0]  # anyone may LIST
    assert "guess" not in text
    assert [o.line for o in sandbox.store.load_game(GAME).orders["FRANCE"]] == ["A PAR - BUR"]


def test_a_mail_delivered_twice_is_acted_on_once(sandbox: Sandbox) -> None:
    start_game(sandbox)
    msg = sandbox.mail(address("France"), f"SIGNON F{GAME} {password('France')}\nA PAR - BUR\n"
                                          "PRESS TO England\nhello\nENDPRESS")
    sandbox.deliver(msg)
    sandbox.poll()
    sandbox.deliver(msg)  # the same Message-ID again, e.g. a retrying MTA
    sandbox.deliver(msg)
    sandbox.poll()
    mails = sandbox.new_mail()
    assert len(to(mails, "france@")) == 1 and len(to(mails, "england@")) == 1
    game = sandbox.store.load_game(GAME)
    assert [o.line for o in game.orders["FRANCE"]] == ["A PAR - BUR"]
    assert list(sandbox.spool.joinpath("inbox", "new").iterdir()) == []


def test_mail_without_message_id_is_keyed_by_its_content(sandbox: Sandbox) -> None:
    raw = b"From: a@example.org\nTo: judge@demo.invalid\nSubject: hi\n\nHELP\n"
    sandbox.deliver(raw)
    sandbox.poll()
    sandbox.deliver(raw)
    sandbox.poll()
    assert subjects(sandbox.new_mail()).count("Re: hi") == 1


def test_a_5mb_mail_with_an_attachment(sandbox: Sandbox) -> None:
    start_game(sandbox)
    msg = sandbox.mail(address("Italy"), f"SIGNON I{GAME} {password('Italy')}\nA VEN - TYR\n")
    msg.add_attachment(bytes(range(256)) * (5 * 4096), maintype="image", subtype="png", filename="map.png")
    assert len(msg.as_bytes()) > 5_000_000
    sandbox.deliver(msg)
    sandbox.poll()
    text = reply(sandbox, sandbox.new_mail(), "italy@")
    assert "Army Venice -> Tyrolia." in text
    assert "the judge reads only the first 1,000,000, so the rest of it (attachments" in " ".join(text.split())


def test_a_mail_in_iso_8859_1(sandbox: Sandbox) -> None:
    start_game(sandbox)
    body = f"SIGNON F{GAME} {password('France')}\nPRESS TO England\nTrès cher ami, à bientôt!\nENDPRESS\nA PAR - BUR\n"
    raw = (f"From: {address('France')}\nTo: judge@demo.invalid\nSubject: =?iso-8859-1?q?ordres_=E9t=E9?=\n"
           "Message-ID: <latin1@example.org>\nMIME-Version: 1.0\n"
           "Content-Type: text/plain; charset=iso-8859-1\nContent-Transfer-Encoding: 8bit\n\n").encode("ascii")
    sandbox.deliver(raw + body.encode("iso-8859-1"))
    sandbox.poll()
    mails = sandbox.new_mail()
    assert "Rejected" not in reply(sandbox, mails, "france@")
    assert subjects(to(mails, "france@")) == ["Re: ordres été"]
    press = to(mails, "england@")
    assert "Très cher ami, à bientôt!" in sandbox.text(press[0])


def test_an_html_only_mail(sandbox: Sandbox) -> None:
    start_game(sandbox)
    msg = EmailMessage()
    msg["From"], msg["To"], msg["Subject"] = address("Germany"), "judge@demo.invalid", "html"
    msg["Message-ID"] = "<html-only@example.org>"
    msg.set_content(f"<html><body><p>SIGNON G{GAME} {password('Germany')}</p><div>A MUN - RUH</div>"
                    "<p>F KIE&nbsp;-&nbsp;DEN<br>A BER - KIE</p></body></html>", subtype="html")
    sandbox.deliver(msg)
    sandbox.poll()
    text = reply(sandbox, sandbox.new_mail(), "germany@")
    assert "Rejected" not in text
    assert "Army Munich -> Ruhr." in text and "Fleet Kiel -> Denmark." in text and "Army Berlin -> Kiel." in text


def test_loops_and_bounces_get_no_answer(sandbox: Sandbox) -> None:
    sandbox.send("robot@example.org", "HELP", Auto_Submitted="auto-replied")
    sandbox.send("judge@demo.invalid", "HELP")
    sandbox.send("MAILER-DAEMON@example.org", "HELP")
    report = sandbox.poll()
    assert (report.read, report.skipped, report.sent) == (0, 3, 0)
    assert list(sandbox.spool.joinpath("inbox", "new").iterdir()) == []


def test_a_mail_that_breaks_the_judge_is_answered_and_the_poll_goes_on(sandbox: Sandbox) -> None:
    store = sandbox.store
    store.create_game(Game("broken", "no-such-variant", "gm@example.org", "x", status="active",
                           state={"phase": "S1901M"}))
    sandbox.send("a@example.org", "SIGNON Fbroken pw\nA PAR - BUR", "bad")
    sandbox.send("b@example.org", "HELP", "good")
    report = sandbox.poll()
    assert report.errors >= 1 and report.read == 2
    mails = sandbox.new_mail()
    assert "could not be processed because of an error in the judge" in sandbox.text(to(mails, "a@")[0])
    assert "Help from demo-judge" in subjects(to(mails, "b@"))


def test_an_empty_mail_gets_a_reply_saying_so(sandbox: Sandbox) -> None:
    sandbox.send("a@example.org", "\n> quoted only\n-- \nsignature")
    sandbox.poll()
    assert "No commands were found in your mail." in reply(sandbox, sandbox.new_mail(), "a@")
