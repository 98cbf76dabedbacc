"""Message building and loop detection (no server needed)."""

from __future__ import annotations

from email.message import EmailMessage
from email.utils import parsedate_to_datetime
from pathlib import Path

import pytest

from judge.mail import (
    Attachment,
    build_message,
    build_reply,
    is_loop,
    loop_reason,
    parse_message,
)
from judge.mail.message import header_text, unreadable

DATA = Path(__file__).parent / "data"
JUDGE = "judge@example.org"


def reparsed(msg: EmailMessage) -> EmailMessage:
    """What a recipient sees: the message serialised and parsed again."""
    return parse_message(msg.as_bytes())


def test_headers_of_a_new_message() -> None:
    msg = build_message(f"Judge <{JUDGE}>", ["a@example.com", "Zoë <z@example.com>"],
                        "Results\r\nBcc: injected@evil.example", "Grüße ☃\n")
    got = reparsed(msg)
    assert got["From"] == f"Judge <{JUDGE}>"
    assert got["To"] == "a@example.com, Zoë <z@example.com>"
    assert got["Subject"] == "Results Bcc: injected@evil.example"
    assert got["Bcc"] is None
    assert parsedate_to_datetime(got["Date"]).tzinfo is not None
    assert got["Message-ID"].endswith("@example.org>")
    assert got["Auto-Submitted"] == "auto-replied"
    assert got["X-Judge-Loop"] == JUDGE
    assert got["In-Reply-To"] is None and got["References"] is None
    assert got.get_content_charset() == "utf-8"
    assert got.get_content() == "Grüße ☃\n"
    assert msg.as_bytes().isascii()  # 7-bit clean on the wire


def test_message_id_domain_and_loop_address_are_configurable() -> None:
    msg = build_message(JUDGE, "a@example.com", "s", "b", msgid_domain="judge.example.net",
                        loop_address="Other <robot@example.net>", auto_submitted="auto-generated")
    assert msg["Message-ID"].endswith("@judge.example.net>")
    assert msg["X-Judge-Loop"] == "robot@example.net"
    assert msg["Auto-Submitted"] == "auto-generated"
    assert build_message(JUDGE, "a@example.com", "s", "b")["Message-ID"] != msg["Message-ID"]


def test_threading_headers() -> None:
    msg = build_message(JUDGE, "a@example.com", "s", "b", in_reply_to="<p@x>",
                        references="<r1@x>\r\n <r2@x> <p@x>")
    assert msg["In-Reply-To"] == "<p@x>"
    assert msg["References"] == "<r1@x> <r2@x> <p@x>"
    only_parent = build_message(JUDGE, "a@example.com", "s", "b", in_reply_to="<p@x>")
    assert only_parent["References"] == "<p@x>"


def test_long_reference_chains_are_trimmed_keeping_root_and_parent() -> None:
    refs = [f"<r{i}@x>" for i in range(50)]
    msg = build_message(JUDGE, "a@example.com", "s", "b", in_reply_to="<p@x>", references=refs)
    ids = str(msg["References"]).split()
    assert len(ids) == 20 and ids[0] == "<r0@x>" and ids[-1] == "<p@x>"


def test_attachments() -> None:
    msg = build_message(JUDGE, "a@example.com", "map", "see attached", attachments=[
        Attachment("map.ps", b"%!PS\x00\xff", "application/postscript"),
        Attachment("orders.txt", "A Par-Bur ✓", "text/plain"),
    ])
    got = reparsed(msg)
    parts = list(got.iter_attachments())
    assert [p.get_filename() for p in parts] == ["map.ps", "orders.txt"]
    assert parts[0].get_content() == b"%!PS\x00\xff"
    assert parts[1].get_content() == "A Par-Bur ✓\n"  # text parts end with a newline
    body = got.get_body(("plain",))
    assert body is not None and body.get_content() == "see attached\n"


def test_needs_a_recipient() -> None:
    with pytest.raises(ValueError):
        build_message(JUDGE, [], "s", "b")


def test_reply() -> None:
    original = parse_message(b"From: P <p@example.com>\r\nReply-To: Team <t@example.com>\r\n"
                             b"Subject: =?utf-8?q?ordres_=C3=A9t=C3=A9?=\r\n"
                             b"Message-ID: <o@x>\r\nReferences: <r@x>\r\n\r\nbody\r\n")
    reply = build_reply(original, JUDGE, "ok")
    assert reply["To"] == "t@example.com"
    assert reply["Subject"] == "Re: ordres été"
    assert reply["In-Reply-To"] == "<o@x>"
    assert reply["References"] == "<r@x> <o@x>"
    again = build_reply(parse_message(reply.as_bytes()), "p@example.com", "thanks")
    assert again["Subject"] == "Re: ordres été"


def plain(headers: str) -> EmailMessage:
    return parse_message((headers + "\r\n\r\nbody\r\n").encode())


@pytest.mark.parametrize("headers", [
    f"From: p@example.com\r\nX-Judge-Loop: {JUDGE}",
    f"From: Judge <{JUDGE.upper()}>",
    "From: p@example.com\r\nAuto-Submitted: auto-replied",
    "From: p@example.com\r\nAuto-Submitted: auto-generated; owner-email=x@y",
    "From: p@example.com\r\nAuto-Submitted: (weird) ",
    "From: p@example.com\r\nPrecedence: bulk",
    "From: p@example.com\r\nPrecedence: JUNK",
    "From: p@example.com\r\nPrecedence: list",
    "From: p@example.com\r\nList-Id: <players.example.com>",
    "From: p@example.com\r\nX-Autoreply: yes",
    "From: p@example.com\r\nReturn-Path: <>",
    "From: MAILER-DAEMON@mx.example.com",
    "From: p@example.com\r\nContent-Type: multipart/report; report-type=delivery-status",
])
def test_loops_are_detected(headers: str) -> None:
    assert is_loop(plain(headers), JUDGE), headers


@pytest.mark.parametrize("headers", [
    "From: Player <p@example.com>",
    "From: p@example.com\r\nAuto-Submitted: no",
    "From: p@example.com\r\nAuto-Submitted: No (a person wrote this)",
    "From: p@example.com\r\nReturn-Path: <p@example.com>\r\nPrecedence: first-class",
    "From: p@example.com\r\nX-Judge-Loop: other-judge@example.net",
    "",
])
def test_ordinary_mail_is_not_a_loop(headers: str) -> None:
    assert not is_loop(plain(headers), f"Judge <{JUDGE}>"), headers


def test_judge_mail_is_a_loop_after_a_round_trip() -> None:
    sent = build_message(f"Judge <{JUDGE}>", "p@example.com", "s", "b")
    assert loop_reason(reparsed(sent), JUDGE) == "carries our own X-Judge-Loop header"


@pytest.mark.parametrize("name, looping", [
    ("bounce.eml", True), ("vacation.eml", True), ("latin1-qp.eml", False),
    ("html-only.eml", False), ("broken-mime.eml", False),
])
def test_sample_mails(name: str, looping: bool) -> None:
    assert is_loop(parse_message((DATA / name).read_bytes()), JUDGE) is looping


def test_garbage_headers_never_raise() -> None:
    msg = parse_message(b"From: <<<@@>>>\r\nReturn-Path: \xff\xfe\r\nAuto-Submitted:\r\n"
                        b"Message-ID: not an id\r\nSubject: =?bogus?x?zz?=\r\n\r\n\xff")
    assert isinstance(is_loop(msg, JUDGE), bool)
    assert header_text(msg, "auto-submitted") == ""
    with pytest.raises(ValueError, match="recipient"):  # nobody to answer: say so clearly
        build_reply(msg, JUDGE, "answer")


def test_parse_message_never_raises() -> None:
    for raw in (b"", b"\x00\xff" * 100, b"Content-Type: multipart/mixed\r\n\r\nno boundary",
                b"From: x\r\n" * 1000):
        parse_message(raw)


def test_mime_nested_deep_in_any_container_is_read_for_its_headers_only() -> None:
    for kind in ("multipart/mixed; boundary=b{0}\n\n--b{0}", "message/rfc822\n"):
        opening = "".join(f"Content-Type: {kind.format(i)}\n" for i in range(1500))
        msg = parse_message(f"From: a@x.org\nSubject: deep\n{opening}\nHELP\n".encode())
        assert unreadable(msg) == "more than 50 nested or packed MIME parts" and str(msg["Subject"]) == "deep"
    assert unreadable(parse_message(b"From: a@x.org\nContent-Type: multipart/mixed; boundary=b\n\n--b--\n")) is None


def test_no_header_the_judge_writes_carries_cr_lf_or_nul() -> None:
    twice = "=?utf-8?b?" + "PT91dGYtOD9xP2E9MEQ9MEFCY2M6X3Y9NDBldmlsLnRlc3Q/PQ==" + "?="
    msg = build_message(JUDGE, "Player <P@Example.ORG>", "Re: nul\x00\r\nBcc: x@y.org =?utf-8?q?a=0D=0Ab?=",
                        "body", in_reply_to="<a\x00b@x> <m=?utf-8?q?=0D=0A?=@x> <ok@x>", references=twice)
    head = msg.as_bytes().split(b"\n\n")[0]
    assert b"\x00" not in head and b"\r" not in head
    assert [line for line in head.split(b"\n") if line.lower().startswith(b"bcc")] == []
    assert str(msg["Subject"]) == "Re: nul Bcc: x@y.org = ?utf-8?q?a=0D=0Ab?="
    assert str(msg["In-Reply-To"]) == "<ok@x>" and str(msg["To"]) == "Player <p@example.org>"
    for bad in ("=?utf-8?q?a=0D=0ABcc=3A_v=40evil=2Etest?=@example.org", "jos\u00e9@example.es", "only a name"):
        with pytest.raises(ValueError):
            build_message(JUDGE, bad, "s", "b")
