"""One mail must never stop the judge (issue 10, defects 1, 7 and 8).

Each mail here once made every later poll crash, or was answered where it
must not be.  Now the poll goes on: mail nobody can be answered at is
ignored and kept in ``quarantine/mail/``, mail the judge cannot read is
answered with the reason, values too large are refused on arrival, and a game
or an outgoing mail the judge fails on is set aside while the rest goes on.
"""

from __future__ import annotations

from datetime import timedelta
from email.header import Header

from judge.app.sandbox import Sandbox
from judge.store import OutgoingMail, Store, Timing
from tests.app.helpers import GAME, GM, address, gm, reply, send_as, signon, start_game, subjects, to

JUDGE = "judge@demo.invalid"
CRLF_ADDRESS = "=?utf-8?q?a=0D=0ABcc=3A_v=40evil=2Etest?=@example.org"


def raw_mail(headers: str, body: str = "HELP") -> bytes:
    return f"{headers}\nTo: {JUDGE}\n\n{body}\n".encode()


def a_later_mail_is_answered(sandbox: Sandbox) -> None:
    """The judge is not stuck: a plain HELP sent after the bad mail gets its answer at the next poll."""
    sandbox.send("later@example.org", "HELP", "later")
    report = sandbox.poll()
    assert report.errors == 0
    assert "Re: later" in subjects(to(sandbox.new_mail(), "later@"))
    assert list(sandbox.spool.joinpath("inbox", "new").iterdir()) == []


def test_an_8bit_from_address_is_ignored_set_aside_and_the_poll_goes_on(sandbox: Sandbox) -> None:
    sandbox.deliver("From: josé@example.es\nTo: judge@demo.invalid\nSubject: hola\nMessage-ID: <a1@x>\n\nHELP\n"
                    .encode())
    sandbox.send("b@example.org", "HELP", "same poll")
    report = sandbox.poll()
    assert (report.read, report.skipped) == (1, 1)
    mails = sandbox.new_mail()
    assert subjects(mails) == ["Re: same poll", "Help from demo-judge"]
    kept = sandbox.store.quarantine.entries("mail")
    assert [p.suffix for p in kept] == [".eml", ".txt"]
    assert "josé@example.es".encode() in kept[0].read_bytes()
    assert "outside ASCII" in kept[1].read_text()
    a_later_mail_is_answered(sandbox)


def test_an_8bit_reply_to_is_refused_with_an_answer_to_the_from(sandbox: Sandbox) -> None:
    sandbox.deliver(raw_mail("From: a@example.org\nReply-To: josé@example.es\nSubject: hi\nMessage-ID: <a2@x>"))
    sandbox.poll()
    text = reply(sandbox, sandbox.new_mail(), "a@example.org")
    assert "not acted on: the Reply-To address cannot be used:" in text
    assert "Help from" not in text
    a_later_mail_is_answered(sandbox)


def test_crlf_in_an_encoded_reply_to_is_refused_and_nothing_goes_to_the_injected_address(sandbox: Sandbox) -> None:
    sandbox.deliver(raw_mail(f"From: a@example.org\nReply-To: {CRLF_ADDRESS}\nSubject: hi\nMessage-ID: <b1@x>"))
    sandbox.poll()
    mails = sandbox.new_mail()
    assert [str(m.message["To"]) for m in mails] == ["a@example.org"]
    assert "is not a plain mail address" in sandbox.text(mails[0])
    assert all(b"evil" not in m.raw.split(b"\n\n")[0] for m in mails)
    a_later_mail_is_answered(sandbox)


def test_set_address_refuses_what_the_judge_cannot_send_to(sandbox: Sandbox) -> None:
    start_game(sandbox)
    send_as(sandbox, "France", f"SET ADDRESS {CRLF_ADDRESS}\nSET ADDRESS josé@example.es")
    sandbox.poll()
    text = reply(sandbox, sandbox.new_mail(), "france@")
    assert "is not a plain mail address" in text and "outside ASCII" in text
    assert sandbox.store.load_game(GAME).player("FRANCE").address == address("France")  # type: ignore[union-attr]


def test_an_outgoing_mail_that_cannot_be_written_is_set_aside_and_the_rest_go(sandbox: Sandbox) -> None:
    """A queued mail to an address stored before addresses were checked: set aside, not retried for ever."""
    sandbox.store.queue_mail(OutgoingMail([CRLF_ADDRESS], "stuck", "never sent"))
    sandbox.send("b@example.org", "HELP", "after")
    report = sandbox.poll()
    assert "Re: after" in subjects(sandbox.new_mail())
    assert report.set_aside == 1 and sandbox.store.pending_mail() == []
    kept = sandbox.store.quarantine.entries("outgoing")
    assert len(kept) == 1 and "cannot be written as a mail" in kept[0].read_text()
    a_later_mail_is_answered(sandbox)


def test_5000_nested_comments_in_from_do_not_stop_the_poll(sandbox: Sandbox) -> None:
    sandbox.deliver(raw_mail("From: " + "(" * 5000 + "a@x.org" + ")" * 5000 + "\nSubject: deep\nMessage-ID: <c1@x>"))
    report = sandbox.poll()
    assert report.skipped == 1 and sandbox.new_mail() == []  # the only address is inside a comment
    a_later_mail_is_answered(sandbox)


def test_mime_nested_1500_levels_is_answered_with_the_reason(sandbox: Sandbox) -> None:
    opening = "".join(f"Content-Type: multipart/mixed; boundary=b{i}\n\n--b{i}\n" for i in range(1500))
    closing = "".join(f"--b{i}--\n" for i in reversed(range(1500)))
    sandbox.deliver(raw_mail("From: a@x.org\nSubject: deep\nMessage-ID: <c2@x>\nMIME-Version: 1.0",
                             f"{opening}Content-Type: text/plain\n\nHELP\n{closing}").replace(b"\n\n", b"\n", 1))
    sandbox.poll()
    text = reply(sandbox, sandbox.new_mail(), "a@x.org")
    assert "not acted on: more than 50 nested or packed MIME parts." in text
    a_later_mail_is_answered(sandbox)


def test_huge_durations_and_dates_are_refused_on_arrival_and_start_works(sandbox: Sandbox) -> None:
    start_game(sandbox, "SET TIMING next=999999w\nSET TIMING min=52w2d\nSET GRACE 999999w\nSET GRACE 1d")
    replies = [sandbox.text(m) for m in to(sandbox.sent(), GM) if str(m.message["Subject"]) == "Re: new game"]
    assert replies[0].count("is too long: a duration is at most 365 days") == 3
    game = sandbox.store.load_game(GAME)
    assert game.status == "active" and game.deadline is not None
    assert game.grace_end == game.deadline + timedelta(days=1)
    send_as(sandbox, "France", "SET ABSENCE 9999-12-30 9999-12-31")
    gm(sandbox, "SET DEADLINE +999999w\nSET DEADLINE 9999-12-31 18:00")
    sandbox.poll()
    mails = sandbox.new_mail()
    assert "is too far off: a date lies between the years 2000 and 2999" in reply(sandbox, mails, "france@")
    gm_text = reply(sandbox, mails, GM)
    assert "is too long" in gm_text and "is too far off" in gm_text
    a_later_mail_is_answered(sandbox)


def test_a_game_the_judge_fails_on_is_paused_and_the_others_play(sandbox: Sandbox) -> None:
    """A game stored before durations were bounded: its next deadline overflows.  Only that game stops."""
    start_game(sandbox)
    broken = sandbox.store.load_game(GAME)
    broken.name, broken.outbox, broken.loaded_mail = "aaa", [], frozenset()
    broken.timing = {kind: Timing(next=timedelta(weeks=999999)) for kind in "MRA"}
    sandbox.store.create_game(broken)
    sandbox.clock.set(broken.grace_end + timedelta(minutes=1))  # type: ignore[operator]
    report = sandbox.poll()
    assert report.played == [f"{GAME} S1901M"] and report.set_aside == 1
    paused = sandbox.store.load_game("aaa")
    assert paused.status == "paused" and paused.state["phase"] == "S1901M"
    notice = [m for m in sandbox.new_mail() if str(m.message["Subject"]) == "Game aaa paused: an error in the judge"]
    assert [str(m.message["To"]) for m in notice] == [GM]
    assert "send RESUME" in sandbox.text(notice[0])
    assert "OverflowError at S1901M" in sandbox.store.quarantine.entries("games")[0].read_text()
    assert sandbox.poll().errors == 0  # paused: not tried again until the GM resumes it


def test_nul_in_subject_and_message_id_never_reaches_a_header(sandbox: Sandbox) -> None:
    sandbox.deliver(b"From: a@example.org\nTo: judge@demo.invalid\nSubject: =?utf-8?b?bnVsAGJ5dGUA?=\n"
                    b"Message-ID: <n\x00ul@x>\n\nHELP\n")
    sandbox.poll()
    mails = sandbox.new_mail()
    assert subjects(mails) == ["Re: nul byte", "Help from demo-judge"]
    for mail in mails:
        head = mail.raw.split(b"\n\n")[0]
        assert b"\x00" not in head and b"\r" not in head
        assert mail.message["In-Reply-To"] is None and mail.message["References"] is None
    a_later_mail_is_answered(sandbox)


def test_a_subject_encoded_twice_or_an_encoded_message_id_cannot_add_a_header(sandbox: Sandbox) -> None:
    """Decoded once where mail enters, such a value must not be decoded again when the reply is written."""
    twice = Header("=?utf-8?q?a=0D=0ABcc:_v=40evil.test?=", "utf-8").encode()
    sandbox.deliver(raw_mail(f"From: a@example.org\nSubject: {twice}\nMessage-ID: <m=?utf-8?q?a=0D=0ABcc=3A_v=40evil=2Etest?=@x>"))
    sandbox.poll()
    mails = sandbox.new_mail()
    assert subjects(mails)[0] == "Re: = ?utf-8?q?a=0D=0ABcc:_v=40evil.test?="
    for mail in mails:
        head = mail.raw.split(b"\n\n")[0]
        assert not [line for line in head.split(b"\n") if line.lower().startswith(b"bcc")]
        assert b"\r" not in head and mail.message["In-Reply-To"] is None
    a_later_mail_is_answered(sandbox)


def test_a_mail_with_no_address_is_never_answered(sandbox: Sandbox) -> None:
    sandbox.deliver(raw_mail('From: "Only A Name"\nSubject: hi\nMessage-ID: <e@x>'))
    report = sandbox.poll()
    assert (report.read, report.skipped, report.sent) == (0, 1, 0)
    assert sandbox.new_mail() == []
    assert "is not a mail address" in sandbox.store.quarantine.entries("mail")[1].read_text()


def started_with_a_broken_game(sandbox: Sandbox) -> Store:
    """The demo game started, and a copy of it, "broken", whose variant the judge cannot load."""
    start_game(sandbox)
    store = sandbox.store
    broken = store.load_game(GAME)
    broken.name, broken.variant, broken.outbox, broken.loaded_mail = "broken", "no-such-variant", [], frozenset()
    store.create_game(broken)
    return store


def test_a_mail_that_breaks_the_judge_is_set_aside_and_the_rest_of_its_run_is_kept(sandbox: Sandbox) -> None:
    """The run is acted on again mail by mail: the mails before and after the bad one keep their effect."""
    store = started_with_a_broken_game(sandbox)
    send_as(sandbox, "France", "A PAR - BUR", "before")
    sandbox.send(address("Italy"), "SIGNON Fbroken x\nA PAR - PIC", "bad")
    send_as(sandbox, "England", "F LON - NTH", "after")
    report = sandbox.poll()
    assert (report.read, report.set_aside) == (3, 2)  # the mail, and the game the judge cannot play
    assert store.load_game("broken").status == "paused"
    orders = store.load_game(GAME).orders
    assert [o.line for o in orders["FRANCE"]] == ["A PAR - BUR"] and [o.line for o in orders["ENGLAND"]] == ["F LON - NTH"]
    mails = sandbox.new_mail()
    assert "error in the judge" in reply(sandbox, mails, "italy@")
    assert "Army Paris -> Burgundy." in reply(sandbox, mails, "france@")
    assert [p.suffix for p in store.quarantine.entries("mail")] == [".eml", ".txt"]
    a_later_mail_is_answered(sandbox)


def test_a_duplicate_in_a_run_that_is_done_again_mail_by_mail_is_still_read_once(sandbox: Sandbox) -> None:
    """A mail and its copy in the same run as a mail that breaks the judge: the copy stays a duplicate."""
    started_with_a_broken_game(sandbox)
    first = sandbox.send(address("England"), f"{signon('England')}\nPRESS TO France\nhello\nENDPRESS", "press")
    sandbox.deliver(first)  # the same mail again, same Message-ID
    sandbox.send(address("Italy"), "SIGNON Fbroken x\nA PAR - PIC", "bad")
    report = sandbox.poll()
    assert report.skipped == 1
    mails = sandbox.new_mail()
    assert len([m for m in mails if str(m.message["To"]).startswith("england@")]) == 1
    assert len([m for m in mails if "hello" in sandbox.text(m) and str(m.message["To"]).startswith("france@")]) == 1
