"""The mail layer: getting mail in and out, and nothing else.

No game logic lives here.  The commands layer polls a :class:`Mailbox`,
reads each mail with :func:`body_text`, skips it if :func:`is_loop`, answers
with :func:`build_reply` through an :class:`Outbox`, and calls
``mark_processed`` once the store has the mail.  See ``docs/mail.md``.
"""

from typing import TYPE_CHECKING

from judge.lazy import lazy_names

#: each name of the package and the module that defines it: a module is imported when one of its names is
#: first asked for, so a poll with no mail imports no email parser, and a judge on the spool neither imaplib
#: nor smtplib (the transports' libraries weigh more than the rest of the poll)
_WHERE = {
    "IncomingMail": "base", "Mailbox": "base", "MailError": "base", "Outbox": "base", "SignInError": "base",
    "MailConfig": "config", "load_mail_config": "config", "open_transports": "config",
    "ImapConfig": "imap", "ImapMailbox": "imap", "SmtpConfig": "smtp", "SmtpOutbox": "smtp",
    "Attachment": "message", "build_message": "message", "build_reply": "message", "decoded_header": "message",
    "unread_note": "message", "header_text": "message", "is_loop": "message", "loop_reason": "message",
    "parse_message": "message", "SpoolConfig": "spool", "SpoolMailbox": "spool", "SpoolOutbox": "spool",
    "deliver_to_spool": "spool", "read_outbox": "spool", "body_text": "text", "html_to_text": "text",
}


__getattr__ = lazy_names(__name__, _WHERE, globals())


if TYPE_CHECKING:
    from judge.mail.base import IncomingMail, Mailbox, MailError, Outbox, SignInError
    from judge.mail.config import MailConfig, load_mail_config, open_transports
    from judge.mail.imap import ImapConfig, ImapMailbox
    from judge.mail.message import (
        Attachment,
        build_message,
        build_reply,
        decoded_header,
        header_text,
        is_loop,
        loop_reason,
        parse_message,
        unread_note,
    )
    from judge.mail.smtp import SmtpConfig, SmtpOutbox
    from judge.mail.spool import SpoolConfig, SpoolMailbox, SpoolOutbox, deliver_to_spool, read_outbox
    from judge.mail.text import body_text, html_to_text

__all__ = [
    "IncomingMail", "Mailbox", "MailError", "Outbox", "SignInError", "MailConfig", "load_mail_config",
    "open_transports", "ImapConfig", "ImapMailbox", "Attachment", "build_message", "build_reply",
    "decoded_header", "header_text", "unread_note", "is_loop", "loop_reason", "parse_message", "SmtpConfig",
    "SmtpOutbox", "SpoolConfig", "SpoolMailbox", "SpoolOutbox", "deliver_to_spool", "read_outbox",
    "body_text", "html_to_text",
]
