"""The [mail] config table and open_transports, down to a whole poll cycle."""

from __future__ import annotations

import smtplib
import tomllib
from pathlib import Path

import pytest

from judge.mail import (
    ImapConfig,
    ImapMailbox,
    SmtpOutbox,
    SpoolMailbox,
    SpoolOutbox,
    body_text,
    build_reply,
    deliver_to_spool,
    is_loop,
    load_mail_config,
    open_transports,
    read_outbox,
)
from tests.mail.servers import SMTP_USERS, USERS, DovecotServer, SmtpServer

SAMPLE = """
[mail]
address = "judge@example.org"
incoming = "imap"
outgoing = "smtp"

[mail.imap]
host = "imap.example.org"
user = "judge"
password_env = "TEST_JUDGE_IMAP_PASSWORD"
processed_folder = "INBOX.Done"

[mail.smtp]
host = "smtp.example.org"
security = "starttls"
user = "judge"
password = "smtp"
"""


def test_default_is_the_spool(tmp_path: Path) -> None:
    mailbox, outbox = open_transports({}, base_dir=tmp_path)
    assert isinstance(mailbox, SpoolMailbox) and isinstance(outbox, SpoolOutbox)
    assert mailbox.path == tmp_path / "spool" / "inbox"
    assert outbox.path == tmp_path / "spool" / "outbox"
    assert load_mail_config(None).address == "judge@localhost"


def test_sample_config(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TEST_JUDGE_IMAP_PASSWORD", "from-env")
    cfg = load_mail_config(tomllib.loads(SAMPLE)["mail"])
    assert cfg.address == "judge@example.org"
    assert cfg.imap is not None and cfg.smtp is not None
    assert (cfg.imap.password, cfg.imap.effective_port) == ("from-env", 993)
    assert cfg.imap.folder == "INBOX"
    assert cfg.imap.processed_folder == "INBOX.Done"
    assert (cfg.smtp.security, cfg.smtp.effective_port) == ("starttls", 587)
    assert "from-env" not in repr(cfg) and "'smtp'" not in repr(cfg.smtp)
    mailbox, outbox = open_transports(cfg)  # nothing connects yet
    assert isinstance(mailbox, ImapMailbox) and isinstance(outbox, SmtpOutbox)


@pytest.mark.parametrize("table, message", [
    ({"incomming": "imap"}, r"\[mail\] incomming: found an unknown key; .* did you mean incoming\?"),
    ({"address": ["judge@example.org"]}, r"\[mail\] address: found \[\"judge@example.org\"\]; expected"),
    ({"incoming": "pop3"}, r'\[mail\] incoming: found "pop3"; expected "spool" or "imap"'),
    ({"outgoing": "imap"}, r'\[mail\] outgoing: found "imap"; expected "spool" or "smtp"'),
    ({"incoming": "imap"}, r"\[mail.imap\]: found nothing; expected a \[mail.imap\] table \(host, user"),
    ({"incoming": "imap", "imap": {"host": "h", "user": "u", "password": "p", "tls": True}},
     r"\[mail.imap\] tls: found an unknown key"),
    ({"incoming": "imap", "imap": {"host": "h", "user": "u", "password": "p", "security": "tls"}},
     r'security: found "tls"; expected "ssl" or "starttls" or "none"'),
    ({"incoming": "imap", "imap": {"host": "h", "user": "u", "password": "p", "port": "993"}},
     r'port: found "993"; expected a whole number'),
    ({"outgoing": "smtp", "smtp": {"host": "h", "timeout": "soon"}}, r'timeout: found "soon"; expected a number'),
    ({"outgoing": "smtp", "smtp": {"host": "h", "password_env": "SURELY_UNSET_VARIABLE_X"}},
     r"\$SURELY_UNSET_VARIABLE_X, which is not set"),
])
def test_bad_config_fails_early(table: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        open_transports(table)


def test_spool_dir(tmp_path: Path) -> None:
    assert load_mail_config({"spool_dir": "q"}, tmp_path).spool.dir == tmp_path / "q"
    absolute = tmp_path / "abs"
    assert load_mail_config({"spool_dir": str(absolute)}, "/elsewhere").spool.dir == absolute


def test_spool_poll_cycle(tmp_path: Path) -> None:
    """What ``judge poll`` does, on the embedded default transport."""
    mailbox, outbox = open_transports({"address": "judge@example.org"}, base_dir=tmp_path)
    deliver_to_spool(tmp_path / "spool", b"From: p@example.com\nSubject: orders\n"
                                         b"Message-ID: <x@example.com>\n\nA Par-Bur\n")
    for item in mailbox.fetch():
        assert not is_loop(item.message, "judge@example.org")
        outbox.send(build_reply(item.message, "judge@example.org", body_text(item.message)))
        mailbox.mark_processed(item.id)
    assert mailbox.fetch() == []
    (reply,) = read_outbox(tmp_path / "spool")
    assert reply.message["In-Reply-To"] == "<x@example.com>"
    assert body_text(reply.message) == "A Par-Bur\n"


def test_imap_smtp_poll_cycle(imap: DovecotServer, smtp: SmtpServer) -> None:
    """The same cycle over real servers, configured the way a GM would."""
    table = {
        "address": "judge@example.org", "incoming": "imap", "outgoing": "smtp",
        "imap": {"host": "127.0.0.1", "port": imap.ssl_port, "security": "ssl",
                 "ca_file": str(imap.cert_file), "user": "judge", "password": USERS["judge"]},
        "smtp": {"host": "127.0.0.1", "port": smtp.port, "security": "starttls",
                 "ca_file": str(smtp.cert_file), "user": "judge",
                 "password": SMTP_USERS["judge"]},
    }
    with smtplib.SMTP("127.0.0.1", smtp.port) as player:
        player.sendmail("player@example.org", ["judge@example.org"],
                        b"From: player@example.org\r\nTo: judge@example.org\r\nSubject: orders\r\n"
                        b"Message-ID: <p1@example.org>\r\n\r\nA Par-Bur\r\n")
    mailbox, outbox = open_transports(table)
    try:
        (item,) = mailbox.fetch()
        outbox.send(build_reply(item.message, "Judge <judge@example.org>", "Orders received."))
        mailbox.mark_processed(item.id)
        assert mailbox.fetch() == []
    finally:
        mailbox.close()
        outbox.close()
    player_box = ImapMailbox(ImapConfig(host="127.0.0.1", port=imap.port, security="none",
                                        user="player", password=USERS["player"]))
    try:
        (answer,) = player_box.fetch()
    finally:
        player_box.close()
    assert answer.message["In-Reply-To"] == "<p1@example.org>"
    assert body_text(answer.message).strip() == "Orders received."
