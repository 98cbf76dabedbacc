"""Signing in to the mail servers: a password, or an OAuth2 access token (SASL XOAUTH2 or OAUTHBEARER).

An access token lives about an hour (Google, Microsoft), so the judge keeps none: the operator
configures ``token_command``, a program he installs that prints a fresh access token (refreshing it
with a refresh token it keeps itself), and each poll runs it once, the first time a transport signs
in with it.  What the program prints is a secret: no log line, exception or repr of the judge shows
it, and the program's messages (its stderr) are dropped with it.
"""

from __future__ import annotations

import os
import re
import signal
import subprocess
from collections.abc import Sequence
from typing import Literal

from judge.mail.base import SignInError

AuthMethod = Literal["password", "xoauth2", "oauthbearer"]
AUTH_METHODS: tuple[AuthMethod, ...] = ("password", "xoauth2", "oauthbearer")
MAX_TOKEN_CHARS = 64_000   # a Microsoft token is some 2-4 kB; a runaway program is not read further
_BEARER = re.compile(r"[A-Za-z0-9\-._~+/]+=*")   # RFC 6750's b64token: all an access token may be


def mechanism(method: AuthMethod) -> str:
    """The SASL mechanism name a method signs in with (``PASSWORD`` for a login with a password)."""
    return method.upper()


def sign_in_failed(protocol: str, user: str | None, host: str, port: int, method: AuthMethod,
                   why: str) -> SignInError:
    """The one line an operator reads: which server, as whom, with which mechanism, what failed."""
    how = "a password" if method == "password" else mechanism(method)
    return SignInError(f"{protocol} login as {user} at {host}:{port} with {how} failed: {why}")


def check_auth(method: str, password: str | None, token_command: Sequence[str] | None) -> None:
    """A server's sign-in settings, checked when the config is read: each method with its own secret."""
    if method not in AUTH_METHODS:
        raise ValueError(f"auth must be one of {', '.join(map(repr, AUTH_METHODS))}, not {method!r}")
    if method == "password":
        if token_command is not None:
            raise ValueError('token_command is only used with auth = "xoauth2" or "oauthbearer"')
        return
    if password is not None:
        raise ValueError(f'password is not used with auth = "{method}": the token comes from token_command')
    if not token_command or not all(isinstance(arg, str) and arg for arg in token_command):
        raise ValueError(f'auth = "{method}" needs token_command, the program and its arguments as a list '
                         'of strings, e.g. ["/usr/local/bin/judge-token", "imap"]')


class Token:
    """An access token; its repr and str hide it, so that no log line or traceback can show it."""

    __slots__ = ("_value",)

    def __init__(self, value: str) -> None:
        self._value = value

    def reveal(self) -> str:
        """The token itself, only to build a SASL response."""
        return self._value

    def __repr__(self) -> str:
        return "Token(<hidden>)"

    __str__ = __repr__


class TokenCommandError(Exception):
    """The token command gave no usable token; the message says why, never what it printed."""


def run_token_command(command: Sequence[str], timeout: float) -> Token:
    """Run the operator's program and read the token from its standard output.

    No shell, stdin closed, its stderr dropped (a tool's messages may quote what it holds).  It runs
    in a session of its own so that at the time limit the whole group goes, a script's children too:
    a child left holding the pipe would hold the poll.
    """
    try:
        proc = subprocess.Popen(list(command), stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                stderr=subprocess.DEVNULL, start_new_session=True)
    except OSError as exc:
        raise TokenCommandError(f"token_command {command[0]!r} could not be run: "
                                f"{exc.strerror or type(exc).__name__}") from None
    with proc:
        try:
            out, _ = proc.communicate(timeout=timeout)
        except subprocess.TimeoutExpired:
            _kill_group(proc)
            raise TokenCommandError(f"token_command did not finish within {timeout:g} s") from None
    return _token_from(proc.returncode, out)


def _kill_group(proc: subprocess.Popen[bytes]) -> None:
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except OSError:
        proc.kill()
    proc.communicate()


def _token_from(returncode: int, out: bytes) -> Token:
    """The token a finished command printed, or why there is none (never what it printed)."""
    if returncode != 0:
        how = f"was killed by signal {-returncode}" if returncode < 0 else f"exited with status {returncode}"
        raise TokenCommandError(f"token_command {how} (run it by hand to see its messages)")
    text = out.decode("ascii", "replace").strip()
    if not text:
        raise TokenCommandError("token_command printed nothing")
    if len(text) > MAX_TOKEN_CHARS or not _BEARER.fullmatch(text):
        raise TokenCommandError(f"token_command printed something that is not an access token "
                                f"({len(text.splitlines())} lines, {len(text)} characters; it must print "
                                "the token alone)")
    return Token(text)


class TokenSource:
    """The tokens of one poll: each command runs once, when a transport first signs in with it.

    The IMAP and SMTP transports of one poll share one source, so an operator who gives both the same
    command (one account, one token for both) runs it once a poll.
    """

    def __init__(self) -> None:
        self._tokens: dict[tuple[str, ...], Token] = {}

    def token(self, command: Sequence[str], timeout: float) -> Token:
        key = tuple(command)
        if key not in self._tokens:
            self._tokens[key] = run_token_command(key, timeout)
        return self._tokens[key]

    def for_server(self, auth: str, command: Sequence[str] | None, timeout: float) -> Token | None:
        """A server's token this poll: None when it signs in with a password."""
        return None if auth == "password" or command is None else self.token(command, timeout)


def xoauth2_response(user: str, token: Token) -> str:
    """Google's and Microsoft's XOAUTH2 client response."""
    return f"user={user}\x01auth=Bearer {token.reveal()}\x01\x01"


def oauthbearer_response(user: str, host: str, port: int, token: Token) -> str:
    """The RFC 7628 OAUTHBEARER client response: a GS2 header naming the user (``=`` and ``,`` escaped
    as RFC 5801 says), then host, port and the bearer token."""
    name = user.replace("=", "=3D").replace(",", "=2C")
    return f"n,a={name},\x01host={host}\x01port={port}\x01auth=Bearer {token.reveal()}\x01\x01"


class BearerExchange:
    """smtplib's ``authobject`` for XOAUTH2 and OAUTHBEARER.

    The first call gives the client response.  A server that refuses the token sends an error
    challenge (a JSON status) before its final refusal, and the client must end the exchange with an
    empty answer (XOAUTH2) or a lone ``\\x01`` (OAUTHBEARER, RFC 7628 3.2.3), so the token goes once.
    """

    def __init__(self, response: str, method: AuthMethod) -> None:
        self._response: str | None = response
        self._closing = "\x01" if method == "oauthbearer" else ""

    def __call__(self, challenge: bytes | None = None) -> str:
        response, self._response = self._response, None
        return self._closing if response is None else response

    def __repr__(self) -> str:
        return "BearerExchange(<hidden>)"
