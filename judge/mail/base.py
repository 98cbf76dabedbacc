"""The two interfaces every transport implements, and the one error they raise.

The commands layer sees only these: it polls a :class:`Mailbox`, hands each
message on, marks it processed once the store has it, and answers through an
:class:`Outbox`.  Which transport sits behind them (a local spool, IMAP/SMTP)
is decided once, by :func:`judge.mail.config.open_transports`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol, runtime_checkable

if TYPE_CHECKING:
    from email.message import EmailMessage


class MailError(Exception):
    """A transport failed (server unreachable, login refused, bad spool id).

    One exception type so the caller can log and retry on the next poll
    without knowing which library sits underneath.  ``permanent`` is set
    when retrying cannot help (the server refused every recipient or the
    message with a 5xx code): the caller should drop that mail, not retry it
    forever.  ``per_message`` is set when the failure concerns this message
    alone (its recipients or content were refused) and others may still go;
    otherwise the server or the spool itself failed (down, login refused,
    disk full) and the caller should stop sending until the next poll.
    """

    def __init__(self, message: str, *, permanent: bool = False, per_message: bool = False) -> None:
        super().__init__(message)
        self.permanent = permanent
        self.per_message = per_message


class SignInError(MailError):
    """The server refused the judge's password or token, or the token command gave no token.

    Retrying within the poll cannot help, and acting on anything without the mailbox or the
    outbox would be half a poll: ``judge poll`` stops before it touches a game.  The message names
    the server, the user and the mechanism, never the secret.
    """


@dataclass(frozen=True)
class IncomingMail:
    """One message as fetched, before any command parsing.

    ``id`` is stable for as long as the message sits unprocessed in its
    mailbox, so it can be passed back to :meth:`Mailbox.mark_processed`.  It is
    not a dedupe key across polls: after a crash the same mail comes back,
    possibly under another id; dedupe on ``message_id`` instead.
    """

    id: str
    raw: bytes
    message: EmailMessage

    @property
    def message_id(self) -> str | None:
        """The Message-ID header, the key the store dedupes on."""
        from judge.mail.message import header_text

        value = header_text(self.message, "Message-ID")
        if value is None:
            return None
        return value.strip() or None


@runtime_checkable
class Mailbox(Protocol):
    """Where incoming mail is read from."""

    def fetch(self) -> list[IncomingMail]:
        """Every message not yet marked processed, oldest first."""
        ...

    def mark_processed(self, id: str) -> None:
        """Take the message out of the unprocessed set for good (idempotent)."""
        ...

    def close(self) -> None:
        """Release connections; the mailbox may not be used afterwards."""
        ...


@runtime_checkable
class Outbox(Protocol):
    """Where outgoing mail is handed over for delivery."""

    def sign_in(self) -> None:
        """Sign in now if a token is used, so that a refused one (:class:`SignInError`) stops a poll
        before it touches anything; with a password or no server, nothing happens here."""
        ...

    def send(self, msg: EmailMessage) -> None:
        """Deliver or durably queue ``msg``; raise :class:`MailError` if not."""
        ...

    def close(self) -> None:
        """Release connections; the outbox may not be used afterwards."""
        ...
