"""Hostile and broken mails, generated from a seed, for the fuzz test of `judge poll` (issue 10).

Every mail is raw bytes, so that anything a stranger can send can be made:
broken MIME and charsets, 8-bit and encoded headers, CR, LF and NUL in every
header, huge and deeply nested parts, huge counts and durations in every
command, loops and bounces.  Each comes with the address the judge must
answer, or None when it must not answer at all, so that the test can check
that every mail is answered exactly once or deliberately ignored.

Mail ``n`` answerable at all comes From ``f<n>@fuzz.test`` (a valid Reply-To
is ``r<n>@fuzz.test``), so its answer can be told from every other.
"""

from __future__ import annotations

import base64
import random
from collections.abc import Callable
from dataclasses import dataclass

JUDGE = "judge@demo.invalid"
CRLF_WORD = "=?utf-8?q?a=0D=0ABcc=3A_v=40evil=2Etest?="
NUL_WORD = "=?utf-8?b?bnVsAGJ5dGUA?="


@dataclass(frozen=True)
class Hostile:
    raw: bytes
    answer_to: str | None   # where the one reply must go; None: the judge must not answer


# -- command lines: every command, with huge counts, durations and dates -------------------------

LINES = [
    "HELP", "LIST", "LIST demo", "LIST v3", "LIST nosuchgame", "LIST ../../etc", "HISTORY demo",
    "HISTORY demo FROM S99999999M TO F0M", "HISTORY v3 FROM W9999999999A", "SUMMARY v3", "SUMMARY demo", "RULES v3",
    "RULES demo", "SIGNON Fdemo wrong", "SIGNON France demo wrong extra", "SIGNON Mdemo guess", "SIGNON ?v3 pw",
    "SIGNON MASTER v3 x", "JOIN demo pw AS France", "JOIN v3 pw", "JOIN v3 pw AS SPAIN",
    "BID SPAIN 99999999999999999999 FRANCE 0", "BID FRANCE=-5", "OBSERVE demo pw", "OBSERVE v3 " + "p" * 400,
    "SET TIMING next=999999w", "SET TIMING M next=52w2d hour=25:99 days=xyz", "SET TIMING all min=999999d next=0",
    "SET GRACE 999999w", "SET GRACE 999999w999999w999999w", "SET DEADLINE +999999w", "SET DEADLINE 9999-12-31 23:59",
    "SET DEADLINE 0001-01-01T00:00", "SET ABSENCE 9999-12-30 9999-12-31", "SET ABSENCE 0001-01-01 2026-01-01",
    "SET NMR disorder", "SET PRESS grey", "SET RULE victory_centers 999999999999999999999", "SET RULE x y",
    "START", "PROCESS!", "PROCESS", "PREVIEW", "ROLLBACK S0001M", "ROLLBACK", "PAUSE", "RESUME", "TERMINATE",
    "EJECT France", "DUMMY England", "BECOME France", "GM BALLOT Wallenstein", "GM " + "X " * 200,
    "A PAR - BUR", "F LON - NTH", "99999999999999999999: WUR", "+99999999999999 = Wallenstein", "LOR > FRANCE",
    "BUILD A PAR", "WAIVE", "CLEAR", "RESIGN", "STATUS",
    f"SET ADDRESS {CRLF_WORD}@example.org", "SET ADDRESS josé@example.es", "SET ADDRESS <a@b@c>",
    "SET PASSWORD x", "SET ZONE ../../etc/passwd", "SET ZONE Europe/Paris", "SET WAIT", "SET NOWAIT",
    "PRESS TO France\nhello\nENDPRESS", "BROADCAST\nhi all\nENDPRESS", "PRESS TO " + "France, " * 100,
    "A" * 5000, "9" * 5000 + ": WUR", "SET TIMING " + "next=1w " * 200, "LIST\x00demo", "HELP\x0bLIST",
    "LIST\u2028HELP", "SIGNON\u00a0Fdemo\u00a0x", "\ufeffHELP", "SIGNOFF",
]


def body_lines(rng: random.Random, n: int) -> str:
    lines = [rng.choice(LINES) for _ in range(rng.randint(1, 12))]
    if rng.random() < 0.04:
        lines = [f"CREATE fz{n} {rng.choice(['standard', 'europe1615-v3', 'nosuch'])} pw"] + lines
    if rng.random() < 0.03:  # amplification: answered at most MAX_DOCUMENTS times (docs/mail.md)
        lines += [rng.choice(["LIST", "HELP", "LIST demo", "HISTORY demo"]) for _ in range(rng.randint(5, 2000))]
    return "\n".join(lines)


# -- headers -------------------------------------------------------------------------------------

def from_header(rng: random.Random, n: int) -> str:
    addr = f"f{n}@fuzz.test"
    return rng.choice([
        addr, f"<{addr}>", f"{CRLF_WORD} <{addr}>", f"{NUL_WORD} <{addr}>", f'"Jos\u00e9 \\" x" <{addr}>',
        f"(comment (nested (deeper))) {addr}", f"{addr} ({NUL_WORD})", f"=?bogus?q?x?= <{addr}>",
        f"Jos\u00e9 M\u00fcller <{addr}>", "(" * 300 + "x" + ")" * 300 + f" {addr}",
    ])


BAD_ADDRESSES = [
    "jos\u00e9@example.es", f"{CRLF_WORD}@example.org", '"Only A Name"', "", "<>", "(" * 3000 + "a@x.org" + ")" * 3000,
    "a@b@c", "@example.org", "a@", "a@-bad-.org", "x" * 300 + "@example.org", f"{NUL_WORD}@example.org",
    "a@\u00e9xample\u00e9" + "x" * 70 + ".org",
]


def reply_to(rng: random.Random, n: int) -> tuple[str | None, bool]:
    """A Reply-To header (None: none) and whether the judge may answer it."""
    roll = rng.random()
    if roll < 0.6:
        return None, False
    if roll < 0.75:
        return f"r{n}@fuzz.test", True
    return rng.choice(BAD_ADDRESSES), False


def hostile_value(rng: random.Random) -> str:
    return rng.choice([
        "plain", NUL_WORD, CRLF_WORD, "=?utf-8?b?/w==?= =?bogus?q?x?=", "caf\u00e9 \u00ff raw", "tab\there",
        "nul\x00raw", "=?utf-8?q?" + "=0D=0A" * 50 + "?=", "x" * 3000, "=?utf-8?b?" + "QUFB" * 500 + "?=",
        "\u2028line sep\u2029", "bidi \u202eevil", "(" * 500 + ")" * 500, "<a\x00b@x> <c@d>", "",
    ])


ODD_IN_IDS = ["\x00", " ", "\u00e9", CRLF_WORD, "<<"]


def headers(rng: random.Random, n: int, sender: str, extra: dict[str, str]) -> str:
    fields = {"From": sender, "To": rng.choice([JUDGE, f"{CRLF_WORD} <{JUDGE}>", hostile_value(rng)]),
              "Subject": hostile_value(rng) if rng.random() < 0.7 else f"mail {n}"}
    roll = rng.random()
    if roll < 0.5:
        fields["Message-ID"] = f"<m{n}.{rng.randrange(10 ** 9)}@fuzz.test>"
    elif roll < 0.8:
        fields["Message-ID"] = f"<m{n}{rng.choice(ODD_IN_IDS)}@fuzz.test>"
    for name in ("References", "In-Reply-To", "Date", "Content-Language", "X-Fuzz"):
        if rng.random() < 0.3:
            fields[name] = hostile_value(rng) + f" <p{n}@fuzz.test>" * rng.choice([1, 1, 300])
    fields.update(extra)
    return "".join(f"{name}: {value}\n" for name, value in fields.items())


# -- bodies: text, broken MIME, deep nesting, huge parts -------------------------------------------

def plain(text: str, rng: random.Random) -> str:
    charset = rng.choice(["utf-8", "us-ascii", "iso-8859-1", "bogus-8", "utf-16", '"utf-8'])
    cte = rng.choice(["7bit", "8bit", "quoted-printable", "base64", "x-weird"])
    payload = base64.b64encode(text.encode("utf-8")).decode() if cte == "base64" and rng.random() < 0.8 else text
    return f"Content-Type: text/plain; charset={charset}\nContent-Transfer-Encoding: {cte}\n\n{payload}\n"


def broken_mime(text: str, rng: random.Random) -> str:
    return rng.choice([
        f"Content-Type: multipart/mixed\n\n{text}\n",
        f"Content-Type: multipart/mixed; boundary=zz\n\n--zz\n{plain(text, rng)}",  # never closed
        f"Content-Type: multipart/alternative; boundary=\"a\"\n\n--a\nContent-Type: text/html\n\n<p>{text}</p>"
        f"<script>x</script>\n--a--\n",
        f"Content-Type: text/plain; charset=utf-8\nContent-Transfer-Encoding: base64\n\n@@@{text}@@@\n",
        f"Content-Type: multipart/mixed; boundary=b\n\n--b\nContent-Type: message/rfc822\n\nFrom: x\n\n{text}\n--b--\n",
        f"Content-Type: text/plain; charset=\"\u00e9\u00e9\"; format=flowed; delsp=yes\n\n{text} \nmore\n",
        f"Content-Type: application/octet-stream\n\n{text}\n",
        f"Content-Type: ;;;==\nContent-Disposition: attachment; filename*=bogus''%ff\n\n{text}\n",
    ])


def nested(text: str, rng: random.Random) -> str:
    depth = rng.choice([10, 60, 300, 1100, 1600])
    opening = "".join(f"Content-Type: multipart/mixed; boundary=d{i}\n\n--d{i}\n" for i in range(depth))
    closing = "".join(f"--d{i}--\n" for i in reversed(range(depth)))
    return f"{opening}Content-Type: text/plain\n\n{text}\n{closing}"


def huge(text: str, rng: random.Random) -> str:
    choice = rng.randrange(3)
    if choice == 0:
        return f"Content-Type: text/plain\n\n{text}\n" + "X" * 300_000 + "\n"
    if choice == 1:
        return "Content-Type: text/plain\n\n" + f"{text}\n" + "A PAR - BUR\n" * 3000
    blob = base64.encodebytes(rng.randbytes(1_000_000)).decode()
    return (f"Content-Type: multipart/mixed; boundary=h\n\n--h\nContent-Type: text/plain\n\n{text}\n--h\n"
            f"Content-Type: image/png\nContent-Transfer-Encoding: base64\nContent-Disposition: attachment; "
            f"filename=map.png\n\n{blob}--h--\n")


BODIES: list[tuple[float, Callable[[str, random.Random], str]]] = [
    (0.45, plain), (0.3, broken_mime), (0.08, nested), (0.03, huge),
]


def body(rng: random.Random, text: str) -> str:
    roll, total = rng.random(), 0.0
    for weight, make in BODIES:
        total += weight
        if roll < total:
            return make(text, rng)
    return f"Content-Type: text/plain\n\n{text}\n"


# -- the mails -------------------------------------------------------------------------------------

LOOPS = [
    {"Auto-Submitted": "auto-replied"}, {"Precedence": "bulk"}, {"List-Id": "<list.fuzz.test>"},
    {"Return-Path": "<>"}, {"X-Judge-Loop": JUDGE}, {"Content-Type": "multipart/report; report-type=x"},
]


def hostile_mail(rng: random.Random, n: int) -> Hostile:
    """Mail ``n``: an answerable one (most), a loop or bounce, or one with no address the judge can use."""
    text = body_lines(rng, n)
    roll = rng.random()
    if roll < 0.08:  # loop traffic: never answered
        sender = rng.choice([f"f{n}@fuzz.test", f"MAILER-DAEMON@fuzz.test", JUDGE])
        extra = {} if sender != f"f{n}@fuzz.test" else rng.choice(LOOPS)
        return Hostile(_raw(headers(rng, n, sender, extra), body(rng, text)), None)
    if roll < 0.16:  # no usable address anywhere: never answered
        extra = {"Reply-To": rng.choice(BAD_ADDRESSES)} if rng.random() < 0.5 else {}
        return Hostile(_raw(headers(rng, n, rng.choice(BAD_ADDRESSES), extra), body(rng, text)), None)
    answer, good = reply_to(rng, n)
    extra = {} if answer is None else {"Reply-To": answer}
    raw = _raw(headers(rng, n, from_header(rng, n), extra), body(rng, text))
    return Hostile(raw, f"r{n}@fuzz.test" if good else f"f{n}@fuzz.test")


def _raw(head: str, rest: str) -> bytes:
    """Headers, then the body part's own header lines (Content-Type...) and text; 8-bit stays 8-bit."""
    data = f"{head}MIME-Version: 1.0\n{rest}"
    return data.encode("utf-8", "surrogateescape")
