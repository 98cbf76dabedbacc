"""SMTP out through aiosmtpd, delivered into Dovecot and read back over IMAP."""

from __future__ import annotations

import hashlib
import os

import pytest

from judge.mail import (
    Attachment,
    ImapConfig,
    ImapMailbox,
    IncomingMail,
    MailError,
    Outbox,
    SmtpConfig,
    SmtpOutbox,
    body_text,
    build_message,
    build_reply,
    is_loop,
    parse_message,
    unread_note,
)
from tests.mail.servers import SMTP_USERS, USERS, DovecotServer, SmtpServer

JUDGE = "Judge <judge@example.org>"


def outbox(smtp: SmtpServer, **overrides: object) -> SmtpOutbox:
    values: dict[str, object] = dict(host="127.0.0.1", port=smtp.port, security="none")
    values.update(overrides)
    return SmtpOutbox(SmtpConfig(**values))  # type: ignore[arg-type]


def read_back(server: DovecotServer, user: str) -> list[IncomingMail]:
    """Everything in ``user``'s INBOX, through the judge's own IMAP code."""
    box = ImapMailbox(ImapConfig(host="127.0.0.1", port=server.port, security="none",
                                 user=user, password=USERS[user]))
    try:
        return box.fetch()
    finally:
        box.close()


def test_is_an_outbox(smtp: SmtpServer) -> None:
    assert isinstance(outbox(smtp), Outbox)


def test_send_then_read_back_with_headers_intact(smtp: SmtpServer, imap: DovecotServer) -> None:
    msg = build_message(JUDGE, "Player <player@example.org>", "Results for Spring 1901 ✓",
                        "Your orders:\nA Par-Bur ✓ accepted\n", in_reply_to="<orig@example.com>",
                        references=["<root@example.com>", "<orig@example.com>"])
    outbox(smtp).send(msg)
    (got,) = read_back(imap, "player")
    header = got.message
    assert got.message_id == msg["Message-ID"]
    assert header["In-Reply-To"] == "<orig@example.com>"
    assert header["References"] == "<root@example.com> <orig@example.com>"
    assert header["X-Judge-Loop"] == "judge@example.org"
    assert header["Auto-Submitted"] == "auto-replied"
    assert header["Subject"] == "Results for Spring 1901 ✓"
    assert body_text(header) == "Your orders:\nA Par-Bur ✓ accepted\n"
    (received,) = smtp.handler.received
    assert received.mail_from == "judge@example.org"
    assert received.rcpt_tos == ["player@example.org"]
    assert received.login is None


def test_judge_recognises_its_own_mail_coming_back(smtp: SmtpServer, imap: DovecotServer) -> None:
    outbox(smtp).send(build_message(JUDGE, "judge@example.org", "to myself", "loop?"))
    (got,) = read_back(imap, "judge")
    assert is_loop(got.message, "judge@example.org")


def test_null_envelope_sender_reads_as_a_bounce(smtp: SmtpServer, imap: DovecotServer) -> None:
    msg = build_message("Someone <someone@example.net>", "player@example.org", "hi", "text",
                        auto_submitted="no")
    del msg["X-Judge-Loop"]
    outbox(smtp, envelope_from="<>").send(msg)
    (got,) = read_back(imap, "player")
    assert got.message["Return-Path"] == "<>"
    assert is_loop(got.message, "judge@example.org")


def test_five_megabyte_attachment_round_trips(smtp: SmtpServer, imap: DovecotServer) -> None:
    blob = os.urandom(5 * 2**20)
    msg = build_message(JUDGE, "player@example.org", "the map", "Map attached.",
                        attachments=[Attachment("map.ps", blob, "application/postscript")])
    outbox(smtp).send(msg)
    (got,) = read_back(imap, "player")
    assert len(got.raw) > 5 * 2**20
    whole = parse_message(got.raw, limit=None)  # the judge's mailbox itself reads only the first MAX_MAIL_BYTES
    (part,) = list(whole.iter_attachments())
    assert part.get_filename() == "map.ps"
    assert part.get_content_type() == "application/postscript"
    assert hashlib.sha256(part.get_content()).digest() == hashlib.sha256(blob).digest()
    assert body_text(got.message).strip() == "Map attached."
    assert unread_note(got.raw).startswith(f"your mail is {len(got.raw):,} bytes")


def test_reply_threads_to_the_original(smtp: SmtpServer, imap: DovecotServer) -> None:
    imap.deliver("judge", b"From: Player <player@example.org>\r\nTo: judge@example.org\r\n"
                          b"Subject: orders\r\nMessage-ID: <o1@example.org>\r\n"
                          b"References: <r0@example.org>\r\n\r\nA Par-Bur\r\n")
    (incoming,) = read_back(imap, "judge")
    outbox(smtp).send(build_reply(incoming.message, JUDGE, "Orders received."))
    (got,) = read_back(imap, "player")
    assert got.message["Subject"] == "Re: orders"
    assert got.message["In-Reply-To"] == "<o1@example.org>"
    assert got.message["References"] == "<r0@example.org> <o1@example.org>"


@pytest.mark.parametrize("security", ["ssl", "starttls"])
def test_tls_with_auth(smtp: SmtpServer, imap: DovecotServer, security: str) -> None:
    port = smtp.ssl_port if security == "ssl" else smtp.port
    box = outbox(smtp, security=security, port=port, ca_file=str(smtp.cert_file),
                 user="judge", password=SMTP_USERS["judge"])
    box.send(build_message(JUDGE, "player@example.org", security, "over TLS"))
    assert [r.login for r in smtp.handler.received] == ["judge"]
    assert body_text(read_back(imap, "player")[0].message).strip() == "over TLS"


def test_wrong_password_is_a_mail_error(smtp: SmtpServer) -> None:
    box = outbox(smtp, user="judge", password="wrong")
    with pytest.raises(MailError, match="SMTP"):
        box.send(build_message(JUDGE, "player@example.org", "x", "y"))
    assert smtp.handler.received == []


def test_untrusted_certificate_is_refused(smtp: SmtpServer) -> None:
    box = outbox(smtp, security="ssl", port=smtp.ssl_port)
    with pytest.raises(MailError, match="certificate"):
        box.send(build_message(JUDGE, "player@example.org", "x", "y"))


def test_all_recipients_refused_is_a_mail_error(smtp: SmtpServer) -> None:
    with pytest.raises(MailError):
        outbox(smtp).send(build_message(JUDGE, "nobody@example.org", "x", "y"))


def test_some_recipients_refused_still_delivers_to_the_rest(smtp: SmtpServer,
                                                           imap: DovecotServer) -> None:
    outbox(smtp).send(build_message(JUDGE, ["nobody@example.org", "player@example.org"], "x", "y"))
    assert [r.rcpt_tos for r in smtp.handler.received] == [["player@example.org"]]
    assert len(read_back(imap, "player")) == 1


def test_bcc_is_delivered_but_not_shown(smtp: SmtpServer, imap: DovecotServer) -> None:
    msg = build_message(JUDGE, "judge@example.org", "broadcast", "Results")
    msg["Bcc"] = "player@example.org"
    outbox(smtp).send(msg)
    (got,) = read_back(imap, "player")
    assert got.message["Bcc"] is None
