"""Session-wide real servers for the mail tests, plus per-test clean mailboxes.

A missing Dovecot makes the tests that need it *fail* with the install hint:
skipping would let CI pass without ever talking to a real server.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

import pytest
from imapclient import IMAPClient

from tests.mail.oauth_servers import IntrospectionServer, OAuthHandler, TokenIssuer
from tests.mail.servers import (
    DovecotServer,
    ServerError,
    SmtpServer,
    start_dovecot,
    start_smtp,
)


@contextmanager
def _running_dovecot(introspection_url: str = "") -> Iterator[DovecotServer]:
    problem = ""
    try:
        server = start_dovecot(introspection_url)
    except ServerError as exc:
        problem = str(exc)
    if problem:  # outside the except block, so the report is just the message
        pytest.fail(problem, pytrace=False)
    try:
        yield server
    finally:
        server.stop()
        if not os.environ.get("JUDGE_KEEP_MAIL_TESTDIR"):
            shutil.rmtree(server.root, ignore_errors=True)


@pytest.fixture(scope="session")
def dovecot() -> Iterator[DovecotServer]:
    with _running_dovecot() as server:
        yield server


@pytest.fixture(scope="session")
def smtp_server(dovecot: DovecotServer) -> Iterator[SmtpServer]:
    server = start_smtp(dovecot)
    try:
        yield server
    finally:
        server.stop()


def _empty_mailbox(client: IMAPClient) -> None:
    """Delete every message and every folder but INBOX."""
    for _flags, _delim, name in client.list_folders():
        if name != "INBOX":
            client.delete_folder(name)
    client.select_folder("INBOX")
    uids = client.search("ALL")
    if uids:
        client.add_flags(uids, [b"\\Deleted"], silent=True)
        client.expunge()


@pytest.fixture
def imap(dovecot: DovecotServer) -> Iterator[DovecotServer]:
    """The Dovecot server with the judge's and the player's mailboxes empty."""
    for user in dovecot.users:
        client = dovecot.client(user)
        try:
            _empty_mailbox(client)
        finally:
            client.logout()
    yield dovecot


@pytest.fixture
def smtp(smtp_server: SmtpServer, imap: DovecotServer) -> SmtpServer:
    """The SMTP server with its record of accepted mail cleared."""
    smtp_server.handler.received.clear()
    return smtp_server


@dataclass
class OAuthServers:
    """A Dovecot whose oauth2 passdb asks the issuer's introspection server, and an SMTP server that
    checks the same issuer's tokens; both still take the passwords of ``servers.USERS``/``SMTP_USERS``."""

    issuer: TokenIssuer
    dovecot: DovecotServer
    smtp: SmtpServer

    @property
    def handler(self) -> OAuthHandler:
        assert isinstance(self.smtp.handler, OAuthHandler)
        return self.smtp.handler


@pytest.fixture(scope="session")
def oauth_servers() -> Iterator[OAuthServers]:
    issuer = TokenIssuer()
    introspection = IntrospectionServer(issuer)
    introspection.start()
    try:
        with _running_dovecot(introspection.url) as server:
            smtp = start_smtp(server, OAuthHandler(server, issuer))
            try:
                yield OAuthServers(issuer, server, smtp)
            finally:
                smtp.stop()
    finally:
        introspection.stop()


@pytest.fixture
def oauth(oauth_servers: OAuthServers) -> OAuthServers:
    """The OAuth2 servers with the mailboxes empty and the SMTP server's records cleared."""
    for user in oauth_servers.dovecot.users:
        client = oauth_servers.dovecot.client(user)
        try:
            _empty_mailbox(client)
        finally:
            client.logout()
    oauth_servers.handler.received.clear()
    oauth_servers.handler.logins.clear()
    return oauth_servers
