"""OAuth2 sign-in (SASL XOAUTH2 and OAUTHBEARER) against a real Dovecot with an oauth2 passdb and an
aiosmtpd server, both checking tokens with the fixture's issuer (tests/mail/oauth_servers.py)."""

from __future__ import annotations

import logging
import time
from email.message import EmailMessage
from pathlib import Path

import pytest

from judge.mail import (
    ImapConfig,
    ImapMailbox,
    SignInError,
    SmtpConfig,
    SmtpOutbox,
    body_text,
    build_message,
    load_mail_config,
    open_transports,
)
from tests.mail.conftest import OAuthServers
from tests.mail.oauth_servers import xoauth2_blob
from tests.mail.servers import USERS

MECHANISMS = ("xoauth2", "oauthbearer")


def token_script(folder: Path, token: str, name: str = "token") -> list[str]:
    """A token command as an operator writes one: a script that prints the token (from a file it
    keeps) and notes each run in ``<name>.runs``."""
    (folder / f"{name}.txt").write_text(token + "\n")
    script = folder / f"{name}.sh"
    script.write_text(f"#!/bin/sh\necho run >> '{folder / name}.runs'\ncat '{folder / name}.txt'\n")
    script.chmod(0o755)
    return [str(script)]


def runs(folder: Path, name: str = "token") -> int:
    path = folder / f"{name}.runs"
    return len(path.read_text().splitlines()) if path.exists() else 0


def imap_config(oauth: OAuthServers, method: str, command: list[str], **extra: object) -> ImapConfig:
    return ImapConfig(host="127.0.0.1", port=oauth.dovecot.port, security="none", user="judge",
                      auth=method, token_command=command, **extra)  # type: ignore[arg-type]


def smtp_config(oauth: OAuthServers, method: str, command: list[str], **extra: object) -> SmtpConfig:
    return SmtpConfig(host="127.0.0.1", port=oauth.smtp.port, security="starttls",
                      ca_file=str(oauth.smtp.cert_file), user="judge", auth=method,  # type: ignore[arg-type]
                      token_command=command, **extra)  # type: ignore[arg-type]


def a_mail(to: str = "player@example.org") -> EmailMessage:
    return build_message("judge@example.org", [to], "Results", "A Par-Bur: succeeds.")


def dovecot_log(oauth: OAuthServers) -> str:
    return (oauth.dovecot.root / "dovecot.log").read_text(errors="replace")


def orders(n: int = 1) -> bytes:
    return (f"From: player@example.org\r\nTo: judge@example.org\r\nSubject: orders\r\n"
            f"Message-ID: <o{n}@example.org>\r\n\r\nA Par-Bur\r\n").encode()


@pytest.mark.parametrize("method", MECHANISMS)
def test_imap_signs_in_with_the_token_the_command_prints(oauth: OAuthServers, tmp_path: Path,
                                                         method: str) -> None:
    token = oauth.issuer.issue("judge")
    oauth.dovecot.deliver("judge", orders())
    seen = len(dovecot_log(oauth))
    box = ImapMailbox(imap_config(oauth, method, token_script(tmp_path, token)))
    try:
        (item,) = box.fetch()
        box.mark_processed(item.id)
        assert box.fetch() == []
    finally:
        box.close()
    assert item.message_id == "<o1@example.org>"
    assert f"Login: user=<judge>, method={method.upper()}" in dovecot_log(oauth)[seen:]
    assert token in oauth.issuer.asked  # Dovecot asked the introspection server
    assert runs(tmp_path) == 1          # once for the fetch, the reconnect-free mark and the second fetch


@pytest.mark.parametrize("method", MECHANISMS)
def test_smtp_signs_in_with_the_token_the_command_prints(oauth: OAuthServers, tmp_path: Path,
                                                         method: str) -> None:
    token = oauth.issuer.issue("judge")
    outbox = SmtpOutbox(smtp_config(oauth, method, token_script(tmp_path, token)))
    outbox.sign_in()
    outbox.send(a_mail())
    outbox.send(a_mail())
    (login, *_) = oauth.handler.logins
    assert [(x.mechanism, x.accepted) for x in oauth.handler.logins] == [(method.upper(), True)] * 3
    assert login.fields["user"] == "judge" and login.fields["auth"] == f"Bearer {token}"
    if method == "oauthbearer":  # RFC 7628: the GS2 header names the user, then host and port
        assert (login.fields["gs2"], login.fields["host"], login.fields["port"]) == (
            "n,a=judge,", "127.0.0.1", str(oauth.smtp.port))
    assert [r.login for r in oauth.handler.received] == ["judge", "judge"]
    assert runs(tmp_path) == 1  # one token for the whole poll: sign-in and both sends


def bad_token(oauth: OAuthServers, kind: str) -> str:
    """A token the servers refuse: never issued, or issued and then revoked (expired)."""
    if kind == "wrong":
        return "ya29.not-a-token-anybody-issued"
    token = oauth.issuer.issue("judge")
    oauth.issuer.revoke(token)
    return token


@pytest.mark.parametrize("kind", ["wrong", "revoked"])
@pytest.mark.parametrize("method", MECHANISMS)
def test_imap_refuses_a_wrong_or_expired_token_with_a_sign_in_error(oauth: OAuthServers, tmp_path: Path,
                                                                    method: str, kind: str) -> None:
    token = bad_token(oauth, kind)
    box = ImapMailbox(imap_config(oauth, method, token_script(tmp_path, token)))
    with pytest.raises(SignInError) as caught:
        box.fetch()
    box.close()
    message = str(caught.value)
    assert message.startswith(f"IMAP login as judge at 127.0.0.1:{oauth.dovecot.port} with {method.upper()} "
                              "failed: the server refused the token: ")
    assert "AUTHENTICATIONFAILED" in message
    assert token not in message and token not in repr(caught.value)


@pytest.mark.parametrize("kind", ["wrong", "revoked"])
@pytest.mark.parametrize("method", MECHANISMS)
def test_smtp_refuses_a_wrong_or_expired_token_with_a_sign_in_error(oauth: OAuthServers, tmp_path: Path,
                                                                    method: str, kind: str) -> None:
    token = bad_token(oauth, kind)
    outbox = SmtpOutbox(smtp_config(oauth, method, token_script(tmp_path, token)))
    for attempt in (outbox.sign_in, lambda: outbox.send(a_mail())):
        with pytest.raises(SignInError) as caught:
            attempt()
        message = str(caught.value)
        assert message == (f"SMTP login as judge at 127.0.0.1:{oauth.smtp.port} with {method.upper()} failed: "
                           "the server refused the token (535 5.7.8 Authentication credentials invalid)")
        assert not caught.value.per_message  # the transport is down for this poll, not this one mail
    assert oauth.handler.received == []
    # The provider's error challenge was answered as the mechanism says, so the token went only once.
    assert [x.answer_to_error for x in oauth.handler.logins] == [b"\x01" if method == "oauthbearer" else b""] * 2


FAILING_COMMANDS = {
    "exits non-zero": (["sh", "-c", "echo 'invalid_grant: refresh token expired' >&2; exit 3"],
                       "token_command exited with status 3 (run it by hand to see its messages)"),
    "prints nothing": (["true"], "token_command printed nothing"),
    "prints no token": (["printf", "Token: abc\\nexpires in 3599 s\\n"],
                        "token_command printed something that is not an access token (2 lines, "),
    "is missing": (["/nonexistent/judge-token"],
                   "token_command '/nonexistent/judge-token' could not be run: No such file or directory"),
    "hangs": (["sh", "-c", "sleep 30; echo late-token"], "token_command did not finish within 0.5 s"),
}


@pytest.mark.parametrize("case", FAILING_COMMANDS)
def test_a_token_command_that_gives_no_token_is_a_sign_in_error(oauth: OAuthServers, case: str) -> None:
    command, why = FAILING_COMMANDS[case]
    box = ImapMailbox(imap_config(oauth, "xoauth2", command, token_timeout=0.5))
    outbox = SmtpOutbox(smtp_config(oauth, "oauthbearer", command, token_timeout=0.5))
    started = time.monotonic()
    with pytest.raises(SignInError, match="IMAP login as judge at .* with XOAUTH2 failed: ") as imap_error:
        box.fetch()
    with pytest.raises(SignInError, match="SMTP login as judge at .* with OAUTHBEARER failed: ") as smtp_error:
        outbox.sign_in()
    assert time.monotonic() - started < 10  # a hanging script is killed with its children at the limit
    for caught in (imap_error, smtp_error):
        assert why in str(caught.value)
        assert "refresh token" not in str(caught.value)  # the command's own messages are not echoed
    assert oauth.handler.logins == []  # no server was asked without a token


def test_password_sign_in_still_works_beside_oauth2(oauth: OAuthServers) -> None:
    """The oauth2 passdb sits beside the passwords (a self-hosted Dovecot may offer both)."""
    oauth.dovecot.deliver("judge", orders())
    seen = len(dovecot_log(oauth))
    box = ImapMailbox(ImapConfig(host="127.0.0.1", port=oauth.dovecot.port, security="none", user="judge",
                                 password=USERS["judge"]))
    try:
        assert [m.message_id for m in box.fetch()] == ["<o1@example.org>"]
    finally:
        box.close()
    assert "Login: user=<judge>, method=PLAIN" in dovecot_log(oauth)[seen:]


def test_one_poll_runs_a_shared_token_command_once(oauth: OAuthServers, tmp_path: Path) -> None:
    """IMAP and SMTP of one account, one command: run once a poll, and again at the next poll."""
    command = token_script(tmp_path, oauth.issuer.issue("judge"))
    table = {"address": "judge@example.org", "incoming": "imap", "outgoing": "smtp",
             "imap": {"host": "127.0.0.1", "port": oauth.dovecot.port, "security": "none", "user": "judge",
                      "auth": "xoauth2", "token_command": command},
             "smtp": {"host": "127.0.0.1", "port": oauth.smtp.port, "security": "none", "user": "judge",
                      "auth": "xoauth2", "token_command": command}}
    for poll in (1, 2):
        mailbox, outbox = open_transports(table)
        try:
            outbox.sign_in()
            assert mailbox.fetch() == []
            outbox.send(a_mail())
        finally:
            mailbox.close()
            outbox.close()
        assert runs(tmp_path) == poll


def test_no_token_in_the_logs_of_a_refused_sign_in(oauth: OAuthServers, tmp_path: Path,
                                                   caplog: pytest.LogCaptureFixture) -> None:
    """Everything the judge's side logs, down to DEBUG (imapclient's protocol log included)."""
    token = bad_token(oauth, "revoked")
    caplog.set_level(logging.DEBUG)
    for method in MECHANISMS:
        box = ImapMailbox(imap_config(oauth, method, token_script(tmp_path, token)))
        with pytest.raises(SignInError):
            box.fetch()
        box.close()
        with pytest.raises(SignInError):
            SmtpOutbox(smtp_config(oauth, method, token_script(tmp_path, token))).send(a_mail())
    ours = [r for r in caplog.records if not r.name.startswith("mail.log")]  # mail.log: the test SMTP server
    assert any(r.name.startswith("imapclient") for r in ours)  # the protocol log was on
    text = "\n".join(f"{r.getMessage()} {r.exc_text or ''}" for r in ours)
    assert token not in text and xoauth2_blob("judge", token) not in text


@pytest.mark.parametrize("table, message", [
    ({"host": "h", "user": "u", "auth": "xoauth2"}, r'\[mail.imap\] auth = "xoauth2" needs token_command'),
    ({"host": "h", "user": "u", "auth": "xoauth2", "token_command": "get-token imap"},
     r'\[mail.imap\] token_command: found "get-token imap"; expected a list of text'),
    ({"host": "h", "user": "u", "auth": "oauthbearer", "token_command": ["t"], "password": "p"},
     r'\[mail.imap\] password is not used with auth = "oauthbearer"'),
    ({"host": "h", "user": "u", "password": "p", "token_command": ["t"]},
     r'\[mail.imap\] token_command is only used with auth = "xoauth2" or "oauthbearer"'),
    ({"host": "h", "user": "u"}, r'\[mail.imap\] password or password_env is required with auth = "password"'),
    ({"host": "h", "user": "u", "auth": "oauth2", "token_command": ["t"]},
     r'\[mail.imap\] auth: found "oauth2"; expected "password" or "xoauth2" or "oauthbearer"'),
])
def test_oauth2_settings_are_checked_when_the_config_is_read(table: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        load_mail_config({"incoming": "imap", "imap": table})


def test_smtp_oauth2_needs_a_user() -> None:
    with pytest.raises(ValueError, match=r'\[mail.smtp\] auth = "xoauth2" needs user'):
        load_mail_config({"outgoing": "smtp", "smtp": {"host": "h", "auth": "xoauth2", "token_command": ["t"]}})


def test_a_relative_token_command_is_taken_from_the_config_folder(tmp_path: Path) -> None:
    cfg = load_mail_config({"incoming": "imap", "imap": {"host": "h", "user": "u", "auth": "xoauth2",
                                                         "token_command": ["./bin/token", "--imap"]}}, tmp_path)
    assert cfg.imap is not None and cfg.imap.token_command == (str(tmp_path / "bin/token"), "--imap")
    bare = load_mail_config({"incoming": "imap", "imap": {"host": "h", "user": "u", "auth": "xoauth2",
                                                          "token_command": ["oauth2ms"]}}, tmp_path)
    assert bare.imap is not None and bare.imap.token_command == ("oauth2ms",)  # found on $PATH


def test_a_player_reads_what_the_judge_sent_over_oauth2(oauth: OAuthServers, tmp_path: Path) -> None:
    """The message really arrives: sent with a token, read back with the player's password."""
    outbox = SmtpOutbox(smtp_config(oauth, "xoauth2", token_script(tmp_path, oauth.issuer.issue("judge"))))
    outbox.send(a_mail())
    box = ImapMailbox(ImapConfig(host="127.0.0.1", port=oauth.dovecot.port, security="none", user="player",
                                 password=USERS["player"]))
    try:
        (mail,) = box.fetch()
    finally:
        box.close()
    assert body_text(mail.message).strip() == "A Par-Bur: succeeds."
