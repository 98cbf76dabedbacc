"""Outgoing mail through an SMTP submission server (stdlib ``smtplib``).

One connection per message: the judge sends a handful of mails per poll, and
a fresh connection never trips over a server that timed out an idle one.
"""

from __future__ import annotations

import smtplib
from collections.abc import Sequence
from dataclasses import dataclass, field
from email.message import EmailMessage

from judge.mail.base import MailError, SignInError
from judge.mail.signin import (
    AuthMethod,
    BearerExchange,
    Token,
    TokenCommandError,
    TokenSource,
    check_auth,
    mechanism,
    oauthbearer_response,
    sign_in_failed,
    xoauth2_response,
)
from judge.mail.tls import Security, check_security, log, tls_context, warn_if_plaintext


@dataclass(frozen=True)
class SmtpConfig:
    """How to reach the submission server.

    ``envelope_from`` is the SMTP ``MAIL FROM`` (where bounces go): None uses
    the message's From, ``"<>"`` sends with the null return path that
    RFC 3834 suggests for automatic replies.  ``auth`` is how the judge signs in when ``user`` is
    set: ``password``, or ``xoauth2``/``oauthbearer`` with the token ``token_command`` prints.
    """

    host: str
    port: int | None = None
    security: Security = "ssl"
    user: str | None = None
    password: str | None = field(default=None, repr=False)
    auth: AuthMethod = "password"
    token_command: Sequence[str] | None = None
    token_timeout: float = 30.0
    envelope_from: str | None = None
    timeout: float = 30.0
    ca_file: str | None = None
    local_hostname: str | None = None

    def __post_init__(self) -> None:
        check_security(self.security)
        check_auth(self.auth, self.password, self.token_command)
        if self.auth != "password" and not self.user:
            raise ValueError(f'auth = "{self.auth}" needs user, the account the token is for')
        if self.token_command is not None:
            object.__setattr__(self, "token_command", tuple(self.token_command))

    @property
    def effective_port(self) -> int:
        if self.port is not None:
            return self.port
        return {"ssl": 465, "starttls": 587, "none": 25}[self.security]


class SmtpOutbox:
    """An :class:`~judge.mail.base.Outbox` that submits over SMTP."""

    def __init__(self, config: SmtpConfig, tokens: TokenSource | None = None) -> None:
        self.config = config
        self._tokens = tokens or TokenSource()

    def sign_in(self) -> None:
        """With a token, sign in once now (and quit), so that a refused token stops the poll before
        it touches a game; with a password the first send finds out, as it always did, and an idle
        poll opens no SMTP connection."""
        if self.config.auth == "password":
            return
        smtp = self._connect()
        try:
            smtp.quit()
        except (smtplib.SMTPException, OSError):
            smtp.close()

    def _connect(self) -> smtplib.SMTP:
        """A connection signed in as the config says; :class:`MailError` (:class:`SignInError` for a
        refused password or token, or no token) if not."""
        cfg = self.config
        token = self._token()  # a token command that fails stops here, before any connection
        try:
            smtp = self._open()
        except (smtplib.SMTPException, OSError, ValueError) as exc:
            raise MailError(f"SMTP to {cfg.host}:{cfg.effective_port} failed: {exc}") from exc
        try:
            self._sign_in(smtp, token)
        except BaseException:
            smtp.close()
            raise
        return smtp

    def _open(self) -> smtplib.SMTP:
        cfg = self.config
        warn_if_plaintext(cfg.security, cfg.host, "SMTP")
        context = None if cfg.security == "none" else tls_context(cfg.ca_file)
        smtp: smtplib.SMTP
        if cfg.security == "ssl":
            smtp = smtplib.SMTP_SSL(cfg.host, cfg.effective_port, cfg.local_hostname,
                                    timeout=cfg.timeout, context=context)
        else:
            smtp = smtplib.SMTP(cfg.host, cfg.effective_port, cfg.local_hostname,
                                timeout=cfg.timeout)
        try:
            if cfg.security == "starttls":
                smtp.starttls(context=context)
        except BaseException:
            smtp.close()
            raise
        return smtp

    def _token(self) -> Token | None:
        cfg = self.config
        try:
            return self._tokens.for_server(cfg.auth, cfg.token_command, cfg.token_timeout)
        except TokenCommandError as exc:
            raise self._failed(str(exc)) from None

    def _sign_in(self, smtp: smtplib.SMTP, token: Token | None) -> None:
        """AUTH with the password (smtplib picks the mechanism) or with XOAUTH2/OAUTHBEARER."""
        cfg = self.config
        try:
            if token is None:
                if cfg.user:
                    smtp.login(cfg.user, cfg.password or "")
                return
            smtp.ehlo_or_helo_if_needed()
            offered = smtp.esmtp_features.get("auth", "").upper().split()
            name = mechanism(cfg.auth)
            if name not in offered:
                raise self._failed(f"the server does not offer {name} (AUTH {' '.join(offered) or 'not offered'})")
            assert cfg.user is not None
            response = (oauthbearer_response(cfg.user, cfg.host, cfg.effective_port, token)
                        if cfg.auth == "oauthbearer" else xoauth2_response(cfg.user, token))
            smtp.auth(name, BearerExchange(response, cfg.auth), initial_response_ok=True)
        except smtplib.SMTPAuthenticationError as exc:
            secret = "password" if token is None else "token"
            raise self._failed(f"the server refused the {secret} ({_reply(exc)})") from None
        except (smtplib.SMTPException, OSError) as exc:
            raise MailError(f"SMTP to {cfg.host}:{cfg.effective_port} failed at login: {exc}") from None

    def _failed(self, why: str) -> SignInError:
        cfg = self.config
        return sign_in_failed("SMTP", cfg.user, cfg.host, cfg.effective_port, cfg.auth, why)

    def _envelope_from(self) -> str | None:
        sender = self.config.envelope_from
        return "" if sender == "<>" else sender

    def send(self, msg: EmailMessage) -> None:
        """Submit ``msg`` to its To/Cc/Bcc recipients (Bcc is not transmitted).

        Raises :class:`MailError` unless at least one recipient was accepted;
        recipients refused individually are logged, not retried, so that the
        others do not get the mail twice.
        """
        cfg = self.config
        smtp = self._connect()
        try:
            with smtp:
                refused = smtp.send_message(msg, from_addr=self._envelope_from())
        except (smtplib.SMTPException, OSError, ValueError) as exc:
            raise MailError(f"SMTP to {cfg.host}:{cfg.effective_port} failed: {exc}",
                            permanent=_permanent(exc), per_message=_per_message(exc)) from exc
        for rcpt, (code, reply) in refused.items():
            log.warning("SMTP server refused %s: %s %s", rcpt, code,
                        reply.decode("utf-8", "replace"))

    def close(self) -> None:
        """Nothing held open between sends."""


def _reply(exc: smtplib.SMTPResponseException) -> str:
    """The server's code and words."""
    text = exc.smtp_error.decode("utf-8", "replace") if isinstance(exc.smtp_error, bytes) else str(exc.smtp_error)
    return f"{exc.smtp_code} {' '.join(text.split())}"


def _per_message(exc: Exception) -> bool:
    """The server refused this message (its recipients, its content), not the judge's mail as a whole:
    a refused sender or a dropped connection would fail every message alike."""
    if isinstance(exc, (smtplib.SMTPSenderRefused, smtplib.SMTPServerDisconnected)):
        return False
    return isinstance(exc, (smtplib.SMTPRecipientsRefused, smtplib.SMTPDataError, smtplib.SMTPNotSupportedError,
                            ValueError))


def _permanent(exc: Exception) -> bool:
    """A 5xx refusal of every recipient, the sender or the message: sending again cannot help."""
    if isinstance(exc, smtplib.SMTPRecipientsRefused):
        return bool(exc.recipients) and all(code >= 500 for code, _ in exc.recipients.values())
    if isinstance(exc, (smtplib.SMTPSenderRefused, smtplib.SMTPDataError)):
        return exc.smtp_code >= 500
    return isinstance(exc, ValueError)  # a message smtplib cannot send (no recipients)
