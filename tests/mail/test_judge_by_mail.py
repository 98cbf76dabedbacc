"""End to end over real servers: players mail the judge through SMTP, ``judge poll`` reads its Dovecot
mailbox over IMAP (STARTTLS) and answers through SMTP into the players' own Dovecot mailboxes, where
the test reads the replies and results back over IMAP."""

from __future__ import annotations

import os
import smtplib
import subprocess
import sys
from datetime import timedelta
from email.message import EmailMessage
from email.utils import make_msgid, parsedate_to_datetime
from pathlib import Path

import pytest

from judge.app.sandbox import START, Sandbox
from judge.mail import ImapConfig, ImapMailbox, IncomingMail, body_text
from tests.mail.html_parts import attached_files, html_part
from tests.mail.servers import USERS, DovecotServer, SmtpServer

ROOT = Path(__file__).resolve().parents[2]
POWERS = ("England", "France", "Germany", "Italy", "Austria", "Russia", "Turkey")
JUDGE = "judge@example.org"
GM = "gmaster@example.org"
CONFIG = """
[judge]
name = "e2e-judge"
data_dir = "data"
timezone = "Europe/Paris"
clock = "clock.txt"
password_cost = 8

[mail]
address = "{judge}"
incoming = "imap"
outgoing = "smtp"

[mail.imap]
host = "127.0.0.1"
port = {imap_port}
security = "starttls"
ca_file = "{ca}"
user = "judge"
password = "{imap_password}"

[mail.smtp]
host = "127.0.0.1"
port = {smtp_port}
security = "starttls"
ca_file = "{ca}"
"""


def player(power: str) -> str:
    return power.lower()


@pytest.fixture
def judge_dir(tmp_path: Path, imap: DovecotServer, smtp: SmtpServer) -> Sandbox:
    imap.add_users({player(power): f"{player(power)}-mailbox" for power in POWERS} | {"gmaster": "gm-mailbox"})
    sandbox = Sandbox.create(tmp_path / "judge", address=JUDGE, password_cost=8)
    (sandbox.root / "judge.toml").write_text(CONFIG.format(judge=JUDGE, imap_port=imap.port, smtp_port=smtp.port,
                                                           ca=imap.cert_file, imap_password=USERS["judge"]),
                                                encoding="utf-8")
    (sandbox.root / "judge.toml").chmod(0o600)  # it holds a password: the judge refuses it readable by others
    return Sandbox(sandbox.root)


def mail_judge(smtp: SmtpServer, sender: str, body: str, subject: str = "orders", references: str = "") -> str:
    """A player's mail client: SMTP with STARTTLS to the same server the judge uses; returns the Message-ID."""
    msg = EmailMessage()
    msg["From"], msg["To"], msg["Subject"] = sender, JUDGE, subject
    msg["Message-ID"] = make_msgid(domain="example.org")
    if references:
        msg["References"] = references
    msg.set_content(body)
    with smtplib.SMTP("127.0.0.1", smtp.port, timeout=30) as client:
        client.send_message(msg)
    return str(msg["Message-ID"])


def judge_poll(sandbox: Sandbox) -> str:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-m", "judge", "--config", str(sandbox.root / "judge.toml"), "poll"],
                          capture_output=True, text=True, env=env, timeout=120, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout


def inbox(server: DovecotServer, user: str) -> list[IncomingMail]:
    box = ImapMailbox(ImapConfig(host="127.0.0.1", port=server.port, security="none", user=user,
                                 password=server.users[user]))
    try:
        return box.fetch()
    finally:
        box.close()


def by_subject(mails: list[IncomingMail]) -> dict[str, str]:
    return {str(m.message["Subject"]): body_text(m.message) for m in mails}


def test_a_game_played_by_mail_over_imap_and_smtp(judge_dir: Sandbox, imap: DovecotServer,
                                                  smtp: SmtpServer) -> None:
    thread = "<start@example.org> <re-start@example.org>"  # France answers a mail of a thread
    sent_ids = _play_s1901m(judge_dir, smtp, thread)
    _check_france_mails(imap, sent_ids, thread)
    _check_gm_turkey_and_the_judge_mailbox(imap, smtp)


def _play_s1901m(judge_dir: Sandbox, smtp: SmtpServer, thread: str) -> dict[str, str]:
    """Create, join, start and play S1901M by mail; the Message-IDs of the players' order mails."""
    mail_judge(smtp, GM, "CREATE demo standard gm-pw\nSET TIMING M next=24h hour=20:00\nSET GRACE 12h\n", "new game")
    assert "1 mail read" in judge_poll(judge_dir)
    for power in POWERS:
        mail_judge(smtp, f"{player(power)}@example.org", f"JOIN demo {power}-pw AS {power}", "join")
    assert "7 mails read" in judge_poll(judge_dir)
    mail_judge(smtp, GM, "SIGNON Mdemo gm-pw\nSTART", "start")
    judge_poll(judge_dir)
    orders = {"France": "A PAR - BUR\nA MAR S A PAR - BUR\nF BRE - MAO", "Germany": "A MUN - BUR\nA BER H\nF KIE H",
              "Turkey": "SET MAP SVG"}
    sent_ids = {power: mail_judge(smtp, f"{player(power)}@example.org",
                                  f"SIGNON {power[0]}demo {power}-pw\n{orders.get(power, '')}\n", "S1901M",
                                  thread if power == "France" else "")
                for power in POWERS}
    mail_judge(smtp, "stranger@example.org", "A PAR - PIC", "sneaky")  # its answer bounces at RCPT: logged
    assert "8 mails read" in judge_poll(judge_dir)
    game = judge_dir.store.load_game("demo")
    assert game.deadline is not None and game.grace_end is not None
    judge_dir.clock.set(game.deadline + timedelta(minutes=1))
    assert "0 phases played" in judge_poll(judge_dir)                 # late notices, then grace
    judge_dir.clock.set(game.grace_end + timedelta(minutes=1))
    assert "1 phase played (demo S1901M)" in judge_poll(judge_dir)  # the others' units hold (NMR hold)
    return sent_ids


def _check_france_mails(imap: DovecotServer, sent_ids: dict[str, str], thread: str) -> None:
    """France's mailbox: the threaded reply to its orders, the start notice and the results."""
    france_mails = {str(m.message["Subject"]): m.message for m in inbox(imap, "france")}
    answer = france_mails["Re: S1901M"]  # issue 9, item 15: the reply continues the thread (RFC 5322 3.6.4)
    assert str(answer["In-Reply-To"]) == sent_ids["France"]
    assert str(answer["References"]).split() == [*thread.split(), sent_ids["France"]]
    assert parsedate_to_datetime(str(answer["Date"])) == START  # dated by the judge's (test) clock
    france = by_subject(inbox(imap, "france"))
    assert "You are playing France." in france["Game demo has started"]
    assert "Orders for France, Spring of 1901 (S1901M):" in france["Re: S1901M"]
    assert "Army Paris -> Burgundy." in france["Re: S1901M"]
    results = france["Diplomacy results demo S1901M"]
    assert results.startswith(":: Judge: e2e-judge  Game: demo  Variant: Standard\n:: Deadline: F1901M ")
    assert "France: Army Paris -> Burgundy." in results
    assert "Germany: Army Munich -> Burgundy.  (*bounce*)" in results
    assert "20:00:00 CET" in results


def _check_gm_turkey_and_the_judge_mailbox(imap: DovecotServer, smtp: SmtpServer) -> None:
    """The GM's and Turkey's mail; every mail the judge read moved to Processed and flagged \\Seen."""
    gm = by_subject(inbox(imap, "gmaster"))
    assert {"Re: new game", "Re: start", "Game demo has started", "Late orders in demo S1901M",
            "Diplomacy results demo S1901M"} <= set(gm)
    turkey = by_subject(inbox(imap, "turkey"))
    assert "Turkey: Army Constantinople, No Order Processed." in turkey["Diplomacy results demo S1901M"]
    # issue 15: the map picture travels with the results, as each reader chose (SET MAP)
    maps = {who: [(p.get_filename(), p.get_content_type(), p.get_payload(decode=True))
                  for p in attached_files(next(m.message for m in inbox(imap, who)
                                               if str(m.message["Subject"]) == "Diplomacy results demo S1901M"))]
            for who in ("france", "turkey", "gmaster")}
    assert [(n, t) for n, t, _ in maps["france"]] == [("demo-S1901M.png", "image/png")]
    assert maps["france"][0][2].startswith(b"\x89PNG") and len(maps["france"][0][2]) < 300_000
    assert [(n, t) for n, t, _ in maps["turkey"]] == [("demo-S1901M.svg", "image/svg+xml")]
    assert [t for _, t, _ in maps["gmaster"]] == ["image/png"]
    # ... shown inline in the HTML part (issue 39), after the results text, which stays the first part and plain
    results = next(m.message for m in inbox(imap, "france") if str(m.message["Subject"]) == "Diplomacy results demo S1901M")
    parts = [(p.get_content_type(), p.get_content_disposition()) for p in results.walk()]
    assert parts == [("multipart/alternative", None), ("text/plain", None), ("multipart/related", None),
                     ("text/html", None), ("image/png", "inline")]
    text = next(results.iter_parts())
    assert "France: Army Paris -> Burgundy." in text.get_content()
    assert f"cid:{str(results.get_payload()[1].get_payload()[1]['Content-ID']).strip('<>')}" in html_part(results)
    assert len(inbox(imap, "judge")) == 0  # everything moved to Processed
    client = imap.client("judge")
    try:
        client.select_folder("Processed", readonly=True)
        assert len(client.search("ALL")) == 1 + 7 + 1 + 8
        assert client.search("UNSEEN") == []  # issue 9, item 16: what the judge read is flagged \Seen
    finally:
        client.logout()
    assert all(r.mail_from for r in smtp.handler.received)
