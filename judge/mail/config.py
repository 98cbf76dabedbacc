"""The ``[mail]`` table of the judge's TOML config, and the transports it picks.

::

    [mail]
    address = "judge@example.org"    # the judge's own address (From, loop guard)
    incoming = "imap"                # "spool" (default) or "imap"
    outgoing = "smtp"                # "spool" (default) or "smtp"
    spool_dir = "spool"              # relative to the config file's folder
    format = "html"                  # "html" (default): text and HTML parts; "text": text alone

    [mail.imap]
    host = "imap.example.org"
    user = "judge"
    password_env = "JUDGE_IMAP_PASSWORD"   # or password = "..."

    [mail.smtp]
    host = "smtp.example.org"
    security = "starttls"
    user = "judge@example.org"
    auth = "xoauth2"                 # or "oauthbearer"; "password" (default) with password/password_env
    token_command = ["/usr/local/bin/judge-token", "smtp"]   # prints a fresh access token

Unknown keys are errors, so a typo fails at start-up rather than silently
falling back to a default.
"""

from __future__ import annotations

import collections.abc
import os
import types
import typing
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from judge.mail.base import Mailbox, Outbox
from judge.mail.signin import TokenSource
from judge.mail.spool import SpoolConfig, SpoolMailbox, SpoolOutbox

if TYPE_CHECKING:  # imported where a judge uses them: the spool needs neither imaplib nor smtplib
    from judge.mail.imap import ImapConfig
    from judge.mail.smtp import SmtpConfig

_T = TypeVar("_T")
_TOP_KEYS = {"address", "msgid_domain", "incoming", "outgoing", "spool_dir", "imap", "smtp", "format"}
#: what a mail is sent as unless its reader chose (SET FORMAT): text and HTML, or the text alone
FORMATS = ("html", "text")


@dataclass(frozen=True)
class MailConfig:
    """Everything the mail layer needs; the commands layer reads ``address``
    and ``msgid_domain`` from here to build its replies."""

    address: str = "judge@localhost"
    msgid_domain: str | None = None
    incoming: str = "spool"
    outgoing: str = "spool"
    spool: SpoolConfig = field(default_factory=lambda: SpoolConfig(Path("spool")))
    imap: ImapConfig | None = None
    smtp: SmtpConfig | None = None
    format: str = "html"


def _section(cls: type[_T], table: Mapping[str, Any], name: str, base_dir: Path | str | None = None) -> _T:
    """Build a config dataclass from a TOML table, with ``password_env``
    (the name of an environment variable) as an alternative to ``password``."""
    values = dict(table)
    env = values.pop("password_env", None)
    if env is not None:
        if env not in os.environ:
            raise ValueError(f"[mail.{name}] password_env: ${env} is not set")
        values["password"] = os.environ[env]
    hints = typing.get_type_hints(cls)
    unknown = sorted(set(values) - set(hints))
    if unknown:
        raise ValueError(f"[mail.{name}] unknown keys: {', '.join(unknown)}")
    for key, value in values.items():
        if not _matches(value, hints[key]):
            raise ValueError(f"[mail.{name}] {key} must be {_describe(hints[key])}, not {value!r}")
    if values.get("token_command"):
        values["token_command"] = _program_from(values["token_command"], base_dir)
    try:
        return cls(**values)
    except TypeError as exc:  # a required key is missing
        raise ValueError(f"[mail.{name}] {exc}") from exc
    except ValueError as exc:  # the values do not go together (a password and a token command, say)
        raise ValueError(f"[mail.{name}] {exc}") from None


def _program_from(command: list[str], base_dir: Path | str | None) -> list[str]:
    """A relative program path (``./get-token``, ``bin/token``) is taken from the config file's
    folder, like ``spool_dir``; a bare name is looked up on $PATH."""
    program = command[0]
    if base_dir is not None and "/" in program and not Path(program).is_absolute():
        program = str(Path(base_dir) / program)
    return [program, *command[1:]]


def _matches(value: object, hint: Any) -> bool:
    """Whether a TOML value fits a field's annotation (str, int, float,
    bool, None, Literal and unions of them are all the config uses)."""
    origin = typing.get_origin(hint)
    if origin in (typing.Union, types.UnionType):
        return any(_matches(value, arg) for arg in typing.get_args(hint))
    if origin in (list, collections.abc.Sequence):  # a TOML array, e.g. token_command
        return isinstance(value, list) and all(_matches(item, typing.get_args(hint)[0]) for item in value)
    if origin is typing.Literal:
        return value in typing.get_args(hint)
    if hint is type(None):
        return value is None
    if hint in (int, float) and isinstance(value, bool):
        return False
    if hint is float:
        return isinstance(value, (int, float))
    return isinstance(hint, type) and isinstance(value, hint)


def _describe(hint: Any) -> str:
    origin = typing.get_origin(hint)
    if origin in (list, collections.abc.Sequence):
        return f"a list of {_describe(typing.get_args(hint)[0])}"
    if origin in (typing.Union, types.UnionType):
        return " or ".join(_describe(arg) for arg in typing.get_args(hint) if arg is not type(None))
    if origin is typing.Literal:
        return " or ".join(map(repr, typing.get_args(hint)))
    return str(getattr(hint, "__name__", hint))


def _choice(table: Mapping[str, Any], key: str, allowed: tuple[str, str]) -> str:
    value = table.get(key, "spool")
    if value not in allowed:
        raise ValueError(f"[mail] {key} must be {' or '.join(map(repr, allowed))}, not {value!r}")
    return str(value)


def load_mail_config(table: Mapping[str, Any] | None = None,
                     base_dir: Path | str | None = None) -> MailConfig:
    """Validate the ``[mail]`` table; relative ``spool_dir`` is taken from
    ``base_dir`` (the config file's folder), else the current directory."""
    table = dict(table or {})
    unknown = sorted(set(table) - _TOP_KEYS)
    if unknown:
        raise ValueError(f"[mail] unknown keys: {', '.join(unknown)}")
    for key in ("address", "msgid_domain", "spool_dir"):
        if key in table and not isinstance(table[key], str):
            raise ValueError(f"[mail] {key} must be str, not {table[key]!r}")
    if table.get("format", "html") not in FORMATS:
        raise ValueError(f"[mail] format must be 'html' or 'text', not {table['format']!r}")
    incoming = _choice(table, "incoming", ("spool", "imap"))
    outgoing = _choice(table, "outgoing", ("spool", "smtp"))
    spool_dir = Path(table.get("spool_dir", "spool"))
    if base_dir is not None and not spool_dir.is_absolute():
        spool_dir = Path(base_dir) / spool_dir
    imap: ImapConfig | None = None
    smtp: SmtpConfig | None = None
    if incoming == "imap":
        from judge.mail.imap import ImapConfig

        imap = _section(ImapConfig, table.get("imap", {}), "imap", base_dir)
    if outgoing == "smtp":
        from judge.mail.smtp import SmtpConfig

        smtp = _section(SmtpConfig, table.get("smtp", {}), "smtp", base_dir)
    return MailConfig(address=str(table.get("address", "judge@localhost")),
                      msgid_domain=table.get("msgid_domain"), incoming=incoming,
                      outgoing=outgoing, spool=SpoolConfig(spool_dir), imap=imap, smtp=smtp,
                      format=str(table.get("format", "html")))


def open_transports(config: Mapping[str, Any] | MailConfig | None = None,
                    base_dir: Path | str | None = None) -> tuple[Mailbox, Outbox]:
    """The (incoming, outgoing) pair the config asks for; the local spool by
    default.  No server is contacted and no token command run until the first
    fetch, send or sign-in; the pair shares one poll's tokens."""
    if not isinstance(config, MailConfig):
        config = load_mail_config(config, base_dir)
    tokens = TokenSource()
    mailbox: Mailbox
    outbox: Outbox
    if config.incoming == "imap":
        if config.imap is None:
            raise ValueError("[mail] incoming = \"imap\" needs a [mail.imap] table")
        from judge.mail.imap import ImapMailbox

        mailbox = ImapMailbox(config.imap, tokens)
    else:
        mailbox = SpoolMailbox(config.spool.inbox)
    if config.outgoing == "smtp":
        if config.smtp is None:
            raise ValueError("[mail] outgoing = \"smtp\" needs a [mail.smtp] table")
        from judge.mail.smtp import SmtpOutbox

        outbox = SmtpOutbox(config.smtp, tokens)
    else:
        outbox = SpoolOutbox(config.spool.outbox)
    return mailbox, outbox
