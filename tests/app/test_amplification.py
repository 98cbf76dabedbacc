"""One mail cannot make the judge send many mails, huge mails or work for long (issue 10, defect 4)."""

from __future__ import annotations

import time

from judge.app.sandbox import Sandbox
from judge.commands.echo import MAX_ECHO
from judge.commands.mailflow import MAX_DOCUMENTS, MAX_PRESS
from judge.mail.message import MAX_HEADER_CHARS
from judge.reading.language import MAX_MAIL_LINES
from tests.app.helpers import GAME, address, reply, send_as, start_game, subjects

STRANGER = "stranger@example.org"


def test_a_hundred_helps_and_lists_get_one_answer_each(sandbox: Sandbox) -> None:
    sandbox.send(STRANGER, "HELP\n" * 100 + "LIST\n" * 100, "help")
    sandbox.poll()
    mails = sandbox.new_mail()
    assert len(mails) == 3, subjects(mails)
    assert "HELP is answered once per mail" in reply(sandbox, mails, STRANGER)


def test_thousands_of_list_lines_are_capped(sandbox: Sandbox) -> None:
    start_game(sandbox)
    lines = f"LIST {GAME}\nHISTORY {GAME}\nSUMMARY {GAME}\nRULES {GAME}\nHELP\nLIST\n" * 300
    started = time.monotonic()
    sandbox.send(STRANGER, lines, "lists")
    sandbox.poll()
    assert time.monotonic() - started < 20
    mails = sandbox.new_mail()
    assert len(mails) == 1 + MAX_DOCUMENTS, subjects(mails)
    text = reply(sandbox, mails, STRANGER)
    assert f"at most {MAX_DOCUMENTS} answers in separate mails per mail" in text
    assert f"the judge reads at most {MAX_MAIL_LINES:,} lines" in text


def test_a_huge_bad_line_is_quoted_short(sandbox: Sandbox) -> None:
    start_game(sandbox)
    send_as(sandbox, "France", "A PAR - " + "X" * 50_000)
    sandbox.send(STRANGER, "SIGNON " + "Y" * 5_000_000, "long")
    sandbox.poll()
    mails = sandbox.new_mail()
    assert all(len(m.raw) < 20_000 for m in mails), [len(m.raw) for m in mails]
    assert "X" * (MAX_ECHO - 8) + "… (50008 characters)" in reply(sandbox, mails, address("France"))
    assert "this line and the rest were not read" in reply(sandbox, mails, STRANGER)


def test_a_huge_encoded_subject_is_decoded_in_linear_time(sandbox: Sandbox) -> None:
    subject = "=?utf-8?q?abc=C3=A9?= " * 25_000   # 550 kB of encoded words
    raw = (f"From: {STRANGER}\r\nTo: judge@demo.invalid\r\nMessage-ID: <subject@example.org>\r\n"
           f"Subject: {subject}\r\n\r\nHELP\r\n").encode()
    sandbox.deliver(raw)
    started = time.monotonic()
    sandbox.poll()
    assert time.monotonic() - started < 10
    mails = sandbox.new_mail()
    assert len(mails) == 2
    assert all(len(str(m.message["Subject"])) < MAX_HEADER_CHARS for m in mails)


def test_press_messages_per_mail_are_capped(sandbox: Sandbox) -> None:
    start_game(sandbox)
    send_as(sandbox, "France", "BROADCAST\nhello\nENDPRESS\n" * 30)
    sandbox.poll()
    mails = sandbox.new_mail()
    assert len(mails) == 1 + MAX_PRESS * 7, len(mails)   # six players and the GM read each broadcast
    assert f"at most {MAX_PRESS} press messages per mail" in reply(sandbox, mails, address("France"))
