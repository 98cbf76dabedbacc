"""``judge poll`` signing in with OAuth2 tokens, run as cron runs it, against the OAuth2 Dovecot and SMTP
servers: a whole poll with good tokens, and a refused token or a failing token command that stops the
poll with one log line for the operator before it touches any game."""

from __future__ import annotations

import json
import os
import smtplib
import subprocess
import sys
from datetime import timedelta
from email.message import EmailMessage
from email.utils import make_msgid
from pathlib import Path

import pytest

from judge.app.sandbox import Sandbox
from judge.clock import FileClock
from judge.mail import ImapConfig, ImapMailbox, IncomingMail, body_text
from tests.app.helpers import GAME, start_game
from tests.mail.conftest import OAuthServers
from tests.mail.oauth_servers import xoauth2_blob
from tests.mail.servers import USERS
from tests.mail.test_oauth import token_script

ROOT = Path(__file__).resolve().parents[2]
JUDGE = "judge@example.org"
CONFIG = """
[judge]
name = "oauth-judge"
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
{imap_auth}

[mail.smtp]
host = "127.0.0.1"
port = {smtp_port}
security = "starttls"
ca_file = "{ca}"
user = "judge"
auth = "oauthbearer"
token_command = ["./smtp-token.sh"]
token_timeout = 5
"""


IMAP_TOKEN = 'auth = "xoauth2"\ntoken_command = ["./imap-token.sh"]'


def oauth_judge(root: Path, oauth: OAuthServers, tokens: dict[str, str], imap_auth: str = IMAP_TOKEN) -> Path:
    """A judge folder whose config signs in to both servers with tokens, each printed by its own script
    next to the config (``./imap-token.sh``, taken from the config's folder)."""
    root.mkdir(parents=True, exist_ok=True)
    for server, token in tokens.items():
        token_script(root, token, f"{server}-token")
    (root / "judge.toml").write_text(CONFIG.format(judge=JUDGE, imap_port=oauth.dovecot.port, imap_auth=imap_auth,
                                                   smtp_port=oauth.smtp.port, ca=oauth.dovecot.cert_file))
    (root / "judge.toml").chmod(0o600)  # it may hold a password: the judge refuses it readable by others
    FileClock(root / "clock.txt")  # the test clock the config names: there, as the judge reads it and never makes it
    return root


def judge_poll(root: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "judge", "--config", str(root / "judge.toml"), "poll"],
                          capture_output=True, text=True, env=env, timeout=120, check=False)


def mail_judge(oauth: OAuthServers, sender: str, body: str, subject: str) -> None:
    msg = EmailMessage()
    msg["From"], msg["To"], msg["Subject"] = sender, JUDGE, subject
    msg["Message-ID"] = make_msgid(domain="example.org")
    msg.set_content(body)
    with smtplib.SMTP("127.0.0.1", oauth.smtp.port, timeout=30) as client:
        client.send_message(msg)


def mailbox(oauth: OAuthServers, user: str) -> list[IncomingMail]:
    box = ImapMailbox(ImapConfig(host="127.0.0.1", port=oauth.dovecot.port, security="none", user=user,
                                 password=oauth.dovecot.users[user]))
    try:
        return box.fetch()
    finally:
        box.close()


def test_a_whole_poll_signs_in_with_xoauth2_and_oauthbearer(oauth: OAuthServers, tmp_path: Path) -> None:
    oauth.dovecot.add_users({"gmaster": "gm-mailbox"})
    root = oauth_judge(tmp_path / "judge", oauth, {"imap": oauth.issuer.issue("judge"),
                                                   "smtp": oauth.issuer.issue("judge")})
    mail_judge(oauth, "gmaster@example.org", "CREATE demo standard gm-pw\n", "new game")
    done = judge_poll(root)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "1 mail read" in done.stdout and "1 mail sent" in done.stdout
    (answer,) = mailbox(oauth, "gmaster")
    assert str(answer.message["Subject"]) == "Re: new game"
    assert "CREATE demo standard" in body_text(answer.message)
    assert [(x.mechanism, x.accepted) for x in oauth.handler.logins] == [("OAUTHBEARER", True)] * 2  # sign-in, send
    assert mailbox(oauth, "judge") == []  # read and moved to Processed
    assert "method=XOAUTH2" in (oauth.dovecot.root / "dovecot.log").read_text()


def data_files(root: Path) -> dict[str, bytes]:
    """Everything the judge keeps, but the lock file a poll always takes and the poll's own record
    (``state/last_poll.json``, for ``judge status``)."""
    return {str(p.relative_to(root)): p.read_bytes() for p in sorted((root / "data").rglob("*"))
            if p.is_file() and p.name not in ("poll.lock", "last_poll.json")}


REFUSED = "failed: the server refused the"
IMAP_REFUSED = " [AUTHENTICATIONFAILED] Authentication failed."
REFUSALS = {  # which server refuses, what it is given, the log line
    "imap wrong password": ("imap", "password",
                            f"IMAP login as judge at 127.0.0.1:{{imap}} with a password {REFUSED} password:{IMAP_REFUSED}"),
    "imap wrong token": ("imap", "wrong", f"IMAP login as judge at 127.0.0.1:{{imap}} with XOAUTH2 {REFUSED} token:"
                                          f"{IMAP_REFUSED}"),
    "imap expired token": ("imap", "revoked", f"IMAP login as judge at 127.0.0.1:{{imap}} with XOAUTH2 {REFUSED} "
                                              f"token:{IMAP_REFUSED}"),
    "smtp expired token": ("smtp", "revoked", f"SMTP login as judge at 127.0.0.1:{{smtp}} with OAUTHBEARER {REFUSED} "
                                              "token (535 5.7.8 Authentication credentials invalid)"),
    "smtp token command fails": ("smtp", "silent", "SMTP login as judge at 127.0.0.1:{smtp} with OAUTHBEARER failed: "
                                                   "token_command printed nothing"),
}


def refused_setup(oauth: OAuthServers, bad: str) -> tuple[str, str]:
    """The token the refusing server's command prints (empty: it prints nothing), and the IMAP settings."""
    if bad == "password":
        return "", 'password = "not-the-password"'
    if bad == "revoked":
        token = oauth.issuer.issue("judge")
        oauth.issuer.revoke(token)
        return token, IMAP_TOKEN
    return {"wrong": "ya29.a-token-nobody-issued", "silent": ""}[bad], IMAP_TOKEN


@pytest.mark.parametrize("case", REFUSALS)
def test_a_refused_sign_in_stops_the_poll_before_it_touches_a_game(oauth: OAuthServers, tmp_path: Path,
                                                                   case: str) -> None:
    server, bad, line = REFUSALS[case]
    sandbox = Sandbox.create(tmp_path / "judge", address=JUDGE, password_cost=8)
    start_game(sandbox)  # over the spool; the deadline passes, so a poll would play the phase
    sandbox.clock.set(sandbox.store.load_game(GAME).grace_end + timedelta(minutes=1))
    good = {name: oauth.issuer.issue("judge") for name in ("imap", "smtp")}
    token, imap_auth = refused_setup(oauth, bad)
    oauth_judge(sandbox.root, oauth, good | {server: token}, imap_auth)
    mail_judge(oauth, "stranger@example.org", "LIST", "list")
    oauth.handler.received.clear()
    before = data_files(sandbox.root)

    done = judge_poll(sandbox.root)
    assert done.returncode == 1
    (logged,) = done.stderr.splitlines()  # one line for the operator
    assert logged.endswith(" ERROR judge.poll: " + line.format(imap=oauth.dovecot.port, smtp=oauth.smtp.port)
                           + "; this poll stops: no mail read, no game touched, nothing sent")
    assert "0 mails read, 0 skipped, 0 phases played, 0 mails sent, 1 error" in done.stdout
    record = (sandbox.root / "data" / "state" / "last_poll.json").read_text(encoding="utf-8")
    for secret in (token, xoauth2_blob("judge", token), "not-the-password") if token else ("not-the-password",):
        assert secret not in done.stdout + done.stderr + record
    assert json.loads(record)["last"]["errors"] == 1 and "this poll stops" in record   # judge status shows it
    assert data_files(sandbox.root) == before             # no game ticked, no mail queued or marked seen
    assert len(mailbox(oauth, "judge")) == 1              # the mail waits in the mailbox
    assert oauth.handler.received == []                   # nothing sent

    mended = f'password = "{USERS["judge"]}"' if bad == "password" else IMAP_TOKEN
    oauth_judge(sandbox.root, oauth, good, mended)        # the operator mends the token command or the password
    done = judge_poll(sandbox.root)
    assert done.returncode == 0, done.stdout + done.stderr
    assert f"1 mail read, 0 skipped, 1 phase played ({GAME} S1901M)" in done.stdout
