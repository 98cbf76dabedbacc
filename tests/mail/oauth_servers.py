"""Real OAuth2 sign-in for the mail tests: a token issuer, its introspection endpoint, and an SMTP server
that takes XOAUTH2 and OAUTHBEARER.

The issuer stands for the provider's authorisation server: it hands out access tokens for a user and can
revoke them (an expired token looks the same to a mail server: introspection says it is not active).
Dovecot's ``oauth2`` passdb asks :class:`IntrospectionServer` over HTTP on loopback (RFC 7662 style,
``introspection_mode = post``); the SMTP handler asks the same issuer, so both servers take and refuse
the same tokens.
"""

from __future__ import annotations

import binascii
import json
import secrets
import threading
from base64 import b64decode, b64encode
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import parse_qs

from tests.mail.servers import DeliveringHandler, DovecotServer

# What a provider answers a refused token with, as a SASL error challenge (Gmail's shape, RFC 7628 3.2.2).
XOAUTH2_ERROR = b'{"status":"401","schemes":"bearer","scope":"https://mail.example.org/"}'
OAUTHBEARER_ERROR = b'{"status":"invalid_token","schemes":"bearer","scope":"https://mail.example.org/"}'


class TokenIssuer:
    """Access tokens and whose they are; a revoked token is known but no longer active."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._tokens: dict[str, tuple[str, bool]] = {}
        self.asked: list[str] = []  # every token a server asked about, in order

    def issue(self, user: str) -> str:
        token = "ya29." + secrets.token_urlsafe(48)  # a Google-like bearer token
        with self._lock:
            self._tokens[token] = (user, True)
        return token

    def revoke(self, token: str) -> None:
        with self._lock:
            user, _ = self._tokens[token]
            self._tokens[token] = (user, False)

    def introspect(self, token: str) -> dict[str, Any]:
        """The RFC 7662 answer: active with its user, or just inactive (unknown, revoked, expired)."""
        with self._lock:
            self.asked.append(token)
            user, active = self._tokens.get(token, ("", False))
        return {"active": True, "username": user, "scope": "mail"} if active else {"active": False}


class _Introspect(BaseHTTPRequestHandler):
    issuer: TokenIssuer

    def do_POST(self) -> None:  # noqa: N802 -- http.server's naming
        length = int(self.headers.get("Content-Length") or 0)
        form = parse_qs(self.rfile.read(length).decode("ascii", "replace"))
        if self.path != "/introspect" or "token" not in form:
            self.send_error(400)
            return
        body = json.dumps(self.issuer.introspect(form["token"][0])).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, format: str, *args: Any) -> None:
        """Quiet: pytest's output is no place for request lines."""


@dataclass
class IntrospectionServer:
    """The issuer's introspection endpoint on a loopback port, served by a thread."""

    issuer: TokenIssuer
    httpd: ThreadingHTTPServer | None = None

    def start(self) -> None:
        handler = type("Introspect", (_Introspect,), {"issuer": self.issuer})
        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), handler)
        threading.Thread(target=self.httpd.serve_forever, name="introspection", daemon=True).start()

    @property
    def url(self) -> str:
        assert self.httpd is not None
        return f"http://127.0.0.1:{self.httpd.server_address[1]}/introspect"

    def stop(self) -> None:
        if self.httpd is not None:
            self.httpd.shutdown()
            self.httpd.server_close()
            self.httpd = None


@dataclass
class SaslLogin:
    """One XOAUTH2 or OAUTHBEARER exchange as the SMTP server saw it."""

    mechanism: str
    fields: dict[str, str]
    accepted: bool
    answer_to_error: bytes | None = None  # what the client answered the error challenge with


def _sasl_fields(blob: bytes, mechanism: str) -> dict[str, str]:
    """The key=value fields of a XOAUTH2 or OAUTHBEARER client response (RFC 7628 3.1), GS2 header included."""
    text = blob.decode("utf-8", "replace")
    fields: dict[str, str] = {}
    if mechanism == "OAUTHBEARER":
        gs2, _, text = text.partition("\x01")
        fields["gs2"] = gs2
        for part in gs2.split(","):
            if part.startswith("a="):
                fields["user"] = part[2:].replace("=2C", ",").replace("=3D", "=")
    for pair in text.split("\x01"):
        key, sep, value = pair.partition("=")
        if sep:
            fields[key] = value
    return fields


class OAuthHandler(DeliveringHandler):
    """The delivering handler, also taking XOAUTH2 and OAUTHBEARER (aiosmtpd calls ``auth_<MECHANISM>``)."""

    def __init__(self, dovecot: DovecotServer, issuer: TokenIssuer) -> None:
        super().__init__(dovecot)
        self.issuer = issuer
        self.logins: list[SaslLogin] = []

    async def auth_XOAUTH2(self, server: Any, args: list[str]) -> Any:  # noqa: N802 -- aiosmtpd's naming
        return await self._bearer(server, args, XOAUTH2_ERROR)

    async def auth_OAUTHBEARER(self, server: Any, args: list[str]) -> Any:  # noqa: N802
        return await self._bearer(server, args, OAUTHBEARER_ERROR)

    async def _bearer(self, server: Any, args: list[str], error: bytes) -> Any:
        """Check the bearer token with the issuer; refuse it the way providers do: an error challenge
        the client must answer (empty for XOAUTH2, ``\\x01`` for OAUTHBEARER), then 535."""
        from aiosmtpd.smtp import MISSING, AuthResult

        mechanism = args[0].upper()
        if len(args) > 1:
            blob: Any = _b64(args[1])
        else:
            blob = await server.challenge_auth(b"")
        if blob is MISSING:  # the client gave up ("*") or sent bad base64: aiosmtpd has answered
            return AuthResult(success=False, handled=True)
        if blob is None:
            return AuthResult(success=False, handled=False)
        fields = _sasl_fields(blob, mechanism)
        owner = self.issuer.introspect(fields.get("auth", "").removeprefix("Bearer "))
        login = SaslLogin(mechanism, fields, owner["active"] and owner["username"] == fields.get("user"))
        self.logins.append(login)
        if login.accepted:
            return AuthResult(success=True, handled=False, auth_data=fields["user"])
        answer = await server.challenge_auth(error)
        login.answer_to_error = None if answer is MISSING else answer
        return AuthResult(success=False, handled=answer is MISSING)


def _b64(text: str) -> bytes | None:
    try:
        return b64decode(text, validate=True)
    except binascii.Error:
        return None


def xoauth2_blob(user: str, token: str) -> str:
    """A client's XOAUTH2 response, base64: what a test looks for in the judge's logs."""
    return b64encode(f"user={user}\x01auth=Bearer {token}\x01\x01".encode()).decode()
