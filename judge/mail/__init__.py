"""The mail layer: getting mail in and out, and nothing else.

No game logic lives here.  The commands layer polls a :class:`Mailbox`,
reads each mail with :func:`body_text`, skips it if :func:`is_loop`, answers
with :func:`build_reply` through an :class:`Outbox`, and calls
``mark_processed`` once the store has the mail.  See ``docs/mail.md``.
"""

from judge.mail.base import IncomingMail, Mailbox, MailError, Outbox, SignInError
from judge.mail.config import MailConfig, load_mail_config, open_transports
from judge.mail.imap import ImapConfig, ImapMailbox
from judge.mail.message import (
    Attachment,
    build_message,
    build_reply,
    decoded_header,
    unread_note,
    header_text,
    is_loop,
    loop_reason,
    parse_message,
)
from judge.mail.smtp import SmtpConfig, SmtpOutbox
from judge.mail.spool import (
    SpoolConfig,
    SpoolMailbox,
    SpoolOutbox,
    deliver_to_spool,
    read_outbox,
)
from judge.mail.text import body_text, html_to_text

__all__ = [
    "IncomingMail", "Mailbox", "MailError", "Outbox", "SignInError", "MailConfig", "load_mail_config",
    "open_transports", "ImapConfig", "ImapMailbox", "Attachment", "build_message", "build_reply",
    "decoded_header", "header_text", "unread_note", "is_loop", "loop_reason", "parse_message", "SmtpConfig",
    "SmtpOutbox", "SpoolConfig", "SpoolMailbox", "SpoolOutbox", "deliver_to_spool", "read_outbox",
    "body_text", "html_to_text",
]
