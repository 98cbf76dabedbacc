"""IMAP in, against a real Dovecot: fetch, mark processed, crash recovery, TLS."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from judge.mail import (
    ImapConfig,
    ImapMailbox,
    Mailbox,
    MailError,
    body_text,
    parse_message,
)
from tests.mail.servers import USERS, DovecotServer

ROOT = Path(__file__).resolve().parents[2]
DATA = Path(__file__).parent / "data"


def mail(n: int, body: str = "A Par-Bur") -> bytes:
    return (f"From: Player <player@example.com>\r\nTo: judge@example.org\r\n"
            f"Subject: orders {n}\r\nMessage-ID: <m{n}@example.com>\r\n\r\n{body}\r\n").encode()


def config(server: DovecotServer, **overrides: object) -> ImapConfig:
    values: dict[str, object] = dict(host="127.0.0.1", port=server.port, security="none",
                                     user="judge", password=USERS["judge"])
    values.update(overrides)
    return ImapConfig(**values)  # type: ignore[arg-type]


def folder_ids(server: DovecotServer, folder: str) -> list[str]:
    """Message-IDs in a folder, read with an independent client."""
    client = server.client()
    try:
        if not client.folder_exists(folder):
            return []
        client.select_folder(folder, readonly=True)
        data = client.fetch(client.search("NOT DELETED"), ["BODY.PEEK[HEADER.FIELDS (MESSAGE-ID)]"])
        return sorted(parse_message(item[b"BODY[HEADER.FIELDS (MESSAGE-ID)]"])["Message-ID"]
                      for item in data.values())
    finally:
        client.logout()


@pytest.fixture
def mailbox(imap: DovecotServer) -> Iterator[ImapMailbox]:
    box = ImapMailbox(config(imap))
    yield box
    box.close()


def test_is_a_mailbox(mailbox: ImapMailbox) -> None:
    assert isinstance(mailbox, Mailbox)


def test_fetch_then_mark_processed_moves_to_processed_folder(imap: DovecotServer,
                                                             mailbox: ImapMailbox) -> None:
    for n in (1, 2):
        imap.deliver("judge", mail(n))
    fetched = mailbox.fetch()
    assert [m.message_id for m in fetched] == ["<m1@example.com>", "<m2@example.com>"]
    assert fetched[0].raw == mail(1)
    assert body_text(fetched[1].message).strip() == "A Par-Bur"
    for item in fetched:
        mailbox.mark_processed(item.id)
    assert mailbox.fetch() == []
    assert folder_ids(imap, "Processed") == ["<m1@example.com>", "<m2@example.com>"]
    assert folder_ids(imap, "INBOX") == []
    mailbox.mark_processed(fetched[0].id)  # marking twice is harmless


def test_processed_folder_is_created_and_subscribed(imap: DovecotServer,
                                                   mailbox: ImapMailbox) -> None:
    assert mailbox.fetch() == []
    client = imap.client()
    try:
        assert client.folder_exists("Processed")
        assert "Processed" in [name for _, _, name in client.list_sub_folders()]
    finally:
        client.logout()


def test_mail_read_by_a_person_is_still_processed(imap: DovecotServer,
                                                  mailbox: ImapMailbox) -> None:
    imap.deliver("judge", mail(1))
    client = imap.client()
    client.select_folder("INBOX")
    client.add_flags(client.search("ALL"), [b"\\Seen"])
    client.logout()
    assert [m.message_id for m in mailbox.fetch()] == ["<m1@example.com>"]


CRASHING_POLL = """
import json, os, sys
from judge.mail import ImapConfig, ImapMailbox
box = ImapMailbox(ImapConfig(**json.loads(sys.argv[1])))
print(json.dumps([m.message_id for m in box.fetch()]), flush=True)
os._exit(3)  # die before mark_processed, without logging out
"""


def test_crash_between_fetch_and_mark_fetches_again(imap: DovecotServer) -> None:
    imap.deliver("judge", mail(1))
    args = json.dumps(dict(host="127.0.0.1", port=imap.port, security="none", user="judge",
                           password=USERS["judge"]))
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    died = subprocess.run([sys.executable, "-c", CRASHING_POLL, args], capture_output=True,
                          text=True, timeout=60, env=env)
    assert died.returncode == 3, died.stderr
    assert json.loads(died.stdout) == ["<m1@example.com>"]
    box = ImapMailbox(config(imap))
    try:
        again = box.fetch()
        assert [m.message_id for m in again] == ["<m1@example.com>"]  # caller dedupes
        box.mark_processed(again[0].id)
        assert box.fetch() == []
    finally:
        box.close()


def test_copy_fallback_without_move(imap: DovecotServer) -> None:
    box = ImapMailbox(config(imap, use_move=False, processed_folder="Done"))
    try:
        imap.deliver("judge", mail(1))
        imap.deliver("judge", mail(2))
        first = box.fetch()[0]
        box.mark_processed(first.id)
        assert [m.message_id for m in box.fetch()] == ["<m2@example.com>"]
    finally:
        box.close()
    assert folder_ids(imap, "Done") == ["<m1@example.com>"]
    client = imap.client()
    client.select_folder("INBOX", readonly=True)
    assert len(client.search("ALL")) == 1  # expunged, not just flagged
    client.logout()


def _flags_in(server: DovecotServer, folder: str) -> list[set[bytes]]:
    client = server.client()
    try:
        client.select_folder(folder, readonly=True)
        return [set(flags) for flags in client.get_flags(client.search("ALL")).values()]
    finally:
        client.logout()


@pytest.mark.parametrize("use_move", [True, False])
def test_mail_moved_to_the_processed_folder_is_flagged_seen(imap: DovecotServer, use_move: bool) -> None:
    box = ImapMailbox(config(imap, use_move=use_move))
    try:
        imap.deliver("judge", mail(1))
        box.mark_processed(box.fetch()[0].id)
    finally:
        box.close()
    flags = _flags_in(imap, "Processed")
    assert len(flags) == 1 and b"\\Seen" in flags[0]  # a person opening the folder sees it was read


def test_flag_mode_keeps_mail_in_place(imap: DovecotServer) -> None:
    box = ImapMailbox(config(imap, processed_folder=""))
    try:
        imap.deliver("judge", mail(1))
        box.mark_processed(box.fetch()[0].id)
        assert box.fetch() == []
    finally:
        box.close()
    client = imap.client()
    client.select_folder("INBOX", readonly=True)
    flags = list(client.get_flags(client.search("ALL")).values())
    client.logout()
    assert len(flags) == 1 and {b"\\Seen", b"$JudgeProcessed"} <= set(flags[0])
    assert folder_ids(imap, "Processed") == []


def test_custom_folder(imap: DovecotServer) -> None:
    client = imap.client()
    client.create_folder("Orders")
    client.append("Orders", mail(7))
    client.logout()
    box = ImapMailbox(config(imap, folder="Orders", processed_folder="Orders-done"))
    try:
        box.mark_processed(box.fetch()[0].id)
        assert box.fetch() == []
    finally:
        box.close()
    assert folder_ids(imap, "Orders-done") == ["<m7@example.com>"]


def test_reconnects_after_the_server_drops_the_connection(imap: DovecotServer,
                                                         mailbox: ImapMailbox) -> None:
    assert mailbox.fetch() == []
    imap.kick("judge")
    imap.deliver("judge", mail(1))
    fetched = mailbox.fetch()
    assert [m.message_id for m in fetched] == ["<m1@example.com>"]
    mailbox.mark_processed(fetched[0].id)


def test_processed_folder_deleted_meanwhile_is_recreated(imap: DovecotServer,
                                                        mailbox: ImapMailbox) -> None:
    imap.deliver("judge", mail(1))
    (item,) = mailbox.fetch()
    client = imap.client()
    client.delete_folder("Processed")
    client.logout()
    with pytest.raises(MailError):
        mailbox.mark_processed(item.id)
    mailbox.mark_processed(item.id)  # the retry reconnects and recreates the folder
    assert folder_ids(imap, "Processed") == ["<m1@example.com>"]


def test_stale_or_bad_ids_are_refused(imap: DovecotServer, mailbox: ImapMailbox) -> None:
    imap.deliver("judge", mail(1))
    item = mailbox.fetch()[0]
    validity, uid = item.id.split(":")
    with pytest.raises(MailError, match="renumbered"):
        mailbox.mark_processed(f"{int(validity) + 1}:{uid}")
    for bad in ("", "12", "a:b", "../x"):
        with pytest.raises(MailError, match="not an IMAP message id"):
            mailbox.mark_processed(bad)
    assert [m.message_id for m in mailbox.fetch()] == ["<m1@example.com>"]


@pytest.mark.parametrize("security", ["ssl", "starttls"])
def test_tls(imap: DovecotServer, security: str) -> None:
    port = imap.ssl_port if security == "ssl" else imap.port
    box = ImapMailbox(config(imap, security=security, port=port, ca_file=str(imap.cert_file)))
    try:
        imap.deliver("judge", mail(1))
        assert [m.message_id for m in box.fetch()] == ["<m1@example.com>"]
    finally:
        box.close()


def test_untrusted_certificate_is_refused(imap: DovecotServer) -> None:
    box = ImapMailbox(config(imap, security="ssl", port=imap.ssl_port))
    with pytest.raises(MailError, match="certificate"):
        box.fetch()


def test_wrong_password_is_a_mail_error(imap: DovecotServer) -> None:
    box = ImapMailbox(config(imap, password="wrong"))
    with pytest.raises(MailError, match="login as judge"):
        box.fetch()
    box.close()


def test_unreachable_server_is_a_mail_error(imap: DovecotServer) -> None:
    from tests.mail.servers import free_port

    box = ImapMailbox(config(imap, port=free_port(), timeout=5))
    with pytest.raises(MailError, match="connection"):
        box.fetch()


@pytest.mark.parametrize("name, expected", [
    ("latin1-qp.eml", "Grüße aus München à bientôt"),
    ("latin1-8bit.eml", "Français: été, année, « guillemets »"),
    ("html-only.eml", "A Par-Bur\nF Bre-Mao\nA Mar S A Par-Bur"),
])
def test_charsets_and_html_survive_the_server(imap: DovecotServer, mailbox: ImapMailbox,
                                              name: str, expected: str) -> None:
    imap.deliver("judge", (DATA / name).read_bytes())
    (item,) = mailbox.fetch()
    assert expected in body_text(item.message)
