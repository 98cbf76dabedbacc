"""body_text: charsets, transfer encodings, HTML, flowed text, broken MIME."""

from __future__ import annotations

import random
from email.message import EmailMessage
from pathlib import Path

import pytest

from judge.mail import body_text, parse_message
from judge.mail.text import decode_bytes, html_to_text, unflow

DATA = Path(__file__).parent / "data"


def sample(name: str) -> str:
    return body_text(parse_message((DATA / name).read_bytes()))


def test_iso_8859_1_quoted_printable() -> None:
    assert sample("latin1-qp.eml") == (
        "SIGNON Mgermany1901 passwörd\nA Mun-Bur\nGrüße aus München à bientôt\n")


def test_iso_8859_1_eight_bit() -> None:
    assert sample("latin1-8bit.eml") == "F Bre-Mao\nFrançais: été, année, « guillemets »\n"


def test_html_only() -> None:
    assert sample("html-only.eml") == (
        "SIGNON Rfrance1901 secret\nA Par-Bur\nF Bre-Mao\nA Mar S A Par-Bur\n"
        "Fleet & army\ncafé €5 <ok>\nF Lon\npre text\nkept")


def test_alternative_prefers_plain_and_skips_attachments() -> None:
    # The newline before a boundary belongs to the boundary.
    assert sample("alternative.eml") == "Plain version ✓"


def test_format_flowed_is_unwrapped() -> None:
    text = sample("flowed.eml")
    assert text.splitlines()[:5] == [
        "PRESS TO ENGLAND: this is a rather long line of press that my mail client "
        "wrapped at seventy-two columns because it uses format flowed.",
        "A Par-Bur",
        "> quoted line that was also soft wrapped",
        "From the stuffed line",
        "-- ",
    ]


def test_flowed_delsp() -> None:
    assert unflow("Hel \nlo world\n", delsp=True) == "Hello world\n"


def test_broken_mime_does_not_raise() -> None:
    text = sample("broken-mime.eml")
    assert isinstance(text, str) and text.startswith("A Ven-Tri")


def test_base64_utf8() -> None:
    msg = EmailMessage()
    msg.set_content("A Kie-Den ✓ über\n", charset="utf-8", cte="base64")
    assert body_text(parse_message(msg.as_bytes())) == "A Kie-Den ✓ über\n"


@pytest.mark.parametrize("charset, data, expected", [
    ("iso-8859-1", "München".encode("latin-1"), "München"),
    ("utf-8", "München".encode(), "München"),
    (None, "München".encode(), "München"),
    (None, "München".encode("latin-1"), "München"),
    ("us-ascii", "München".encode(), "München"),
    ("x-unknown-charset", "München".encode("cp1252"), "München"),
    ("utf-8", b"M\xfcnchen", "M\ufffdnchen"),
    ('"ISO-8859-15"', b"\xa4", "€"),
])
def test_decode_bytes(charset: str | None, data: bytes, expected: str) -> None:
    assert decode_bytes(data, charset) == expected


def test_crlf_and_no_break_spaces_are_normalised() -> None:
    raw = "Content-Type: text/plain; charset=utf-8\r\n\r\nA\u00a0Par-Bur\r\nF\u202fBre\r\n"
    assert body_text(parse_message(raw.encode())) == "A Par-Bur\nF Bre\n"


def test_no_text_part_gives_empty_string() -> None:
    raw = (b"Content-Type: multipart/mixed; boundary=x\r\n\r\n--x\r\n"
           b"Content-Type: image/png\r\nContent-Transfer-Encoding: base64\r\n\r\n"
           b"iVBORw0K\r\n--x--\r\n")
    assert body_text(parse_message(raw)) == ""


def test_message_without_headers_is_plain_text() -> None:
    assert body_text(parse_message(b"\r\nA Par H\r\n")) == "A Par H\n"


def test_html_corner_cases() -> None:
    assert html_to_text("<p>a<br><br>b</p><script>x</script><div>c</div>") == "a\n\nb\nc"
    assert html_to_text("unclosed <b>bold <i>and &unknown; &amp") == "unclosed bold and &unknown; &"
    assert html_to_text("") == ""
    assert html_to_text("<style>p{}") == ""


def test_random_bytes_never_raise() -> None:
    rng = random.Random(1901)
    pieces = [b"Content-Type: ", b"multipart/mixed; boundary=b", b"text/html; charset=",
              b"\r\n", b"--b", b"\xff\xfe", b"=?utf-8?b?", b"<p>", b"Content-Transfer-Encoding: ",
              b"base64", b"quoted-printable", b"==", b"x-uuencode", b"utf-7", b"\x00"]
    for _ in range(300):
        raw = b"".join(rng.choice(pieces) for _ in range(rng.randint(0, 40)))
        assert isinstance(body_text(parse_message(raw)), str)
