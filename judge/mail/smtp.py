"""Outgoing mail through an SMTP submission server (stdlib ``smtplib``).

One connection per message: the judge sends a handful of mails per poll, and
a fresh connection never trips over a server that timed out an idle one.
"""

from __future__ import annotations

import smtplib
from dataclasses import dataclass, field
from email.message import EmailMessage

from judge.mail.base import MailError
from judge.mail.tls import Security, check_security, log, tls_context, warn_if_plaintext


@dataclass(frozen=True)
class SmtpConfig:
    """How to reach the submission server.

    ``envelope_from`` is the SMTP ``MAIL FROM`` (where bounces go): None uses
    the message's From, ``"<>"`` sends with the null return path that
    RFC 3834 suggests for automatic replies.
    """

    host: str
    port: int | None = None
    security: Security = "ssl"
    user: str | None = None
    password: str | None = field(default=None, repr=False)
    envelope_from: str | None = None
    timeout: float = 30.0
    ca_file: str | None = None
    local_hostname: str | None = None

    def __post_init__(self) -> None:
        check_security(self.security)

    @property
    def effective_port(self) -> int:
        if self.port is not None:
            return self.port
        return {"ssl": 465, "starttls": 587, "none": 25}[self.security]


class SmtpOutbox:
    """An :class:`~judge.mail.base.Outbox` that submits over SMTP."""

    def __init__(self, config: SmtpConfig) -> None:
        self.config = config

    def _connect(self) -> smtplib.SMTP:
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
            if cfg.user:
                smtp.login(cfg.user, cfg.password or "")
        except BaseException:
            smtp.close()
            raise
        return smtp

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
        try:
            smtp = self._connect()
        except (smtplib.SMTPException, OSError, ValueError) as exc:
            raise MailError(f"SMTP to {cfg.host}:{cfg.effective_port} failed: {exc}") from exc
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
