"""The ``[mail]`` table of the judge's TOML config, and the transports it picks.

::

    [mail]
    address = "judge@example.org"    # the judge's own address (From, loop guard)
    incoming = "imap"                # "spool" (default) or "imap"
    outgoing = "smtp"                # "spool" (default) or "smtp"
    spool_dir = "spool"              # relative to the config file's folder

    [mail.imap]
    host = "imap.example.org"
    user = "judge"
    password_env = "JUDGE_IMAP_PASSWORD"   # or password = "..."

    [mail.smtp]
    host = "smtp.example.org"
    security = "starttls"

Unknown keys are errors, so a typo fails at start-up rather than silently
falling back to a default.
"""

from __future__ import annotations

import os
import types
import typing
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from judge.mail.base import Mailbox, Outbox
from judge.mail.imap import ImapConfig, ImapMailbox
from judge.mail.smtp import SmtpConfig, SmtpOutbox
from judge.mail.spool import SpoolConfig, SpoolMailbox, SpoolOutbox

_T = TypeVar("_T")
_TOP_KEYS = {"address", "msgid_domain", "incoming", "outgoing", "spool_dir", "imap", "smtp"}


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


def _section(cls: type[_T], table: Mapping[str, Any], name: str) -> _T:
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
    try:
        return cls(**values)
    except TypeError as exc:  # a required key is missing
        raise ValueError(f"[mail.{name}] {exc}") from exc


def _matches(value: object, hint: Any) -> bool:
    """Whether a TOML value fits a field's annotation (str, int, float,
    bool, None, Literal and unions of them are all the config uses)."""
    origin = typing.get_origin(hint)
    if origin in (typing.Union, types.UnionType):
        return any(_matches(value, arg) for arg in typing.get_args(hint))
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
    if typing.get_origin(hint) in (typing.Union, types.UnionType, typing.Literal):
        return " or ".join(_describe(arg) if isinstance(arg, type) else repr(arg)
                           for arg in typing.get_args(hint) if arg is not type(None))
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
    incoming = _choice(table, "incoming", ("spool", "imap"))
    outgoing = _choice(table, "outgoing", ("spool", "smtp"))
    spool_dir = Path(table.get("spool_dir", "spool"))
    if base_dir is not None and not spool_dir.is_absolute():
        spool_dir = Path(base_dir) / spool_dir
    imap = _section(ImapConfig, table.get("imap", {}), "imap") if incoming == "imap" else None
    smtp = _section(SmtpConfig, table.get("smtp", {}), "smtp") if outgoing == "smtp" else None
    return MailConfig(address=str(table.get("address", "judge@localhost")),
                      msgid_domain=table.get("msgid_domain"), incoming=incoming,
                      outgoing=outgoing, spool=SpoolConfig(spool_dir), imap=imap, smtp=smtp)


def open_transports(config: Mapping[str, Any] | MailConfig | None = None,
                    base_dir: Path | str | None = None) -> tuple[Mailbox, Outbox]:
    """The (incoming, outgoing) pair the config asks for; the local spool by
    default.  No server is contacted until the first fetch or send."""
    if not isinstance(config, MailConfig):
        config = load_mail_config(config, base_dir)
    mailbox: Mailbox
    outbox: Outbox
    if config.incoming == "imap":
        if config.imap is None:
            raise ValueError("[mail] incoming = \"imap\" needs a [mail.imap] table")
        mailbox = ImapMailbox(config.imap)
    else:
        mailbox = SpoolMailbox(config.spool.inbox)
    if config.outgoing == "smtp":
        if config.smtp is None:
            raise ValueError("[mail] outgoing = \"smtp\" needs a [mail.smtp] table")
        outbox = SmtpOutbox(config.smtp)
    else:
        outbox = SpoolOutbox(config.spool.outbox)
    return mailbox, outbox
