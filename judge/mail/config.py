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
falling back to a default (every problem one line: ``judge.tomlcheck``).  The
password's variable and the CA file are resolved only when mail is used.
"""

from __future__ import annotations

import collections.abc
import dataclasses
import os
import types
import typing
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from judge.mail.base import Mailbox, MailError, Outbox
from judge.mail.signin import TokenSource
from judge.mail.spool import SpoolConfig, SpoolMailbox, SpoolOutbox
from judge.tomlcheck import Rule, check_keys, choice, problem, text

if TYPE_CHECKING:  # imported where a judge uses them: the spool needs neither imaplib nor smtplib
    from judge.mail.imap import ImapConfig
    from judge.mail.smtp import SmtpConfig

_T = TypeVar("_T")
#: what a mail is sent as unless its reader chose (SET FORMAT): text and HTML, or the text alone
FORMATS = ("html", "text")
_TOP_RULES = {
    "address": text("the judge's mail address (text)"), "msgid_domain": text("a domain name (text)"),
    "incoming": choice("spool", "imap"), "outgoing": choice("spool", "smtp"),
    "spool_dir": text("a folder name (text)"), "imap": Rule("a table", lambda v: isinstance(v, dict)),
    "smtp": Rule("a table", lambda v: isinstance(v, dict)), "format": choice(*FORMATS),
}


class MailSettingsError(MailError, ValueError):
    """A mail setting that can only be checked when mail is used (a password's variable, a CA file)."""


@dataclass(frozen=True)
class MailConfig:
    """Everything the mail layer needs; the commands layer reads ``address``
    and ``msgid_domain`` from here to build its replies.

    ``imap`` and ``smtp`` are resolved when read, by the commands that use
    mail only: ``judge status`` or ``judge export`` never need the password's
    variable set nor the CA file there (docs/operator.md)."""

    address: str = "judge@localhost"
    msgid_domain: str | None = None
    incoming: str = "spool"
    outgoing: str = "spool"
    spool: SpoolConfig = field(default_factory=lambda: SpoolConfig(Path("spool")))
    imap_table: Mapping[str, Any] | None = field(default=None, repr=False)
    smtp_table: Mapping[str, Any] | None = field(default=None, repr=False)
    base_dir: Path | None = None
    exposed: str | None = None  # why judge.toml's own password may not be used: others may read the file
    format: str = "html"  # the judge-wide default of SET FORMAT

    @property
    def imap(self) -> ImapConfig | None:
        """The IMAP settings with their secret and CA file resolved (MailSettingsError if they cannot be)."""
        if self.imap_table is None:
            return None
        from judge.mail.imap import ImapConfig

        return _section(ImapConfig, self.imap_table, "imap", self.base_dir, self.exposed)

    @property
    def smtp(self) -> SmtpConfig | None:
        """The SMTP settings with their secret and CA file resolved (MailSettingsError if they cannot be)."""
        if self.smtp_table is None:
            return None
        from judge.mail.smtp import SmtpConfig

        return _section(SmtpConfig, self.smtp_table, "smtp", self.base_dir, self.exposed)


def _section(cls: type[_T], table: Mapping[str, Any], name: str, base_dir: Path | str | None = None,
             exposed: str | None = None) -> _T:
    """Build a checked config dataclass from its TOML table, resolving ``password_env`` (the name of
    an environment variable) and ``ca_file`` (relative to the config's folder) now, when mail is used.
    A ``password`` written in a config file others may read (``exposed`` says why) is refused."""
    problems = section_problems(cls, table, name)
    if problems:
        raise MailSettingsError("\n".join(problems))
    if exposed and table.get("password"):
        raise MailSettingsError(problem(f"[mail.{name}] password", f"a password in {exposed}",
                                        "password_env (the password in the judge's environment), or the file "
                                        "readable by its owner alone (chmod 600)"))
    values = dict(table)
    env = values.pop("password_env", None)
    if env is not None:
        if env not in os.environ:
            raise MailSettingsError(problem(f"[mail.{name}] password_env", f"${env}, which is not set",
                                            "the name of a variable set in the judge's environment "
                                            "(cron's too: cron.example)"))
        values["password"] = os.environ[env]
    if values.get("ca_file"):
        values["ca_file"] = _readable(values["ca_file"], name, base_dir)
    if values.get("token_command"):
        values["token_command"] = _program_from(values["token_command"], base_dir)
    return cls(**values)


def _readable(name: str, table: str, base_dir: Path | str | None) -> str:
    """The CA file's path, taken from the config's folder, if it can be read."""
    path = Path(name) if base_dir is None or Path(name).is_absolute() else Path(base_dir) / name
    if not path.is_file() or not os.access(path, os.R_OK):
        why = "no such file" if not path.exists() else "not a file the judge can read"
        raise MailSettingsError(problem(f"[mail.{table}] ca_file", f'"{name}", {why} ({path})',
                                        "a readable file of PEM certificates"))
    return str(path)


def section_problems(cls: type[Any], table: Mapping[str, Any], name: str) -> list[str]:
    """Every problem of a ``[mail.imap]`` or ``[mail.smtp]`` table that can be told without the
    environment or the disk: unknown keys, types, what is required, what goes together."""
    hints = typing.get_type_hints(cls)
    rules = {key: Rule(_describe(hint), lambda v, h=hint: _matches(v, h), _literals(hint))
             for key, hint in hints.items()}
    rules["password_env"] = text("the name of an environment variable holding the password")
    required = [f.name for f in dataclasses.fields(cls)
                if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING]
    problems = check_keys(f"mail.{name}", table, rules, required)
    if "password" in table and "password_env" in table:
        problems.append(problem(f"[mail.{name}] password", "both password and password_env",
                                "one of them (password_env: the secret stays out of judge.toml)"))
    if problems:
        return problems
    values = dict(table)
    if values.pop("password_env", None) is not None:
        values["password"] = "(from the environment)"
    try:
        cls(**values)
    except (TypeError, ValueError) as exc:  # the values do not go together (a password and a token command)
        return [f"[mail.{name}] {exc}"]
    return []


def _literals(hint: Any) -> tuple[str, ...]:
    args = typing.get_args(hint)
    if typing.get_origin(hint) in (typing.Union, types.UnionType):
        return tuple(v for arg in args for v in _literals(arg))
    return tuple(str(v) for v in args) if typing.get_origin(hint) is typing.Literal else ()


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


_WORDS = {str: "text", int: "a whole number", float: "a number (of seconds)", bool: "true or false"}


def _describe(hint: Any) -> str:
    """A field's annotation in an operator's words: ``"ssl" or "starttls" or "none"``, ``a whole number``."""
    origin = typing.get_origin(hint)
    if origin in (list, collections.abc.Sequence):
        return f"a list of {_describe(typing.get_args(hint)[0])}"
    if origin in (typing.Union, types.UnionType):
        return " or ".join(_describe(arg) for arg in typing.get_args(hint) if arg is not type(None))
    if origin is typing.Literal:
        return " or ".join(f'"{value}"' for value in typing.get_args(hint))
    return _WORDS.get(hint, str(getattr(hint, "__name__", hint)))


def mail_problems(table: Mapping[str, Any], base_dir: Path | str | None = None) -> list[str]:
    """Every problem of the ``[mail]`` tables that can be told without reading a secret or a CA file."""
    problems = check_keys("mail", table, _TOP_RULES)
    for name, chosen in (("imap", table.get("incoming") == "imap"), ("smtp", table.get("outgoing") == "smtp")):
        section = table.get(name)
        if section is None and chosen:
            problems.append(problem(f"[mail.{name}]", "nothing",
                                    f'a [mail.{name}] table (host, user, …), since [mail] '
                                    f'{"incoming" if name == "imap" else "outgoing"} = "{name}"'))
        elif isinstance(section, dict):
            if name == "imap":
                from judge.mail.imap import ImapConfig as cls
            else:
                from judge.mail.smtp import SmtpConfig as cls  # type: ignore[assignment]
            problems += section_problems(cls, section, name)
    return problems


def load_mail_config(table: Mapping[str, Any] | None = None,
                     base_dir: Path | str | None = None) -> MailConfig:
    """Check the ``[mail]`` tables (ValueError with one line per problem); relative ``spool_dir`` is taken
    from ``base_dir`` (the config file's folder), else the current directory.  The servers' secrets and
    CA files are resolved later, by :attr:`MailConfig.imap` and :attr:`MailConfig.smtp`."""
    table = dict(table or {})
    problems = mail_problems(table, base_dir)
    if problems:
        raise ValueError("\n".join(problems))
    spool_dir = Path(table.get("spool_dir", "spool"))
    if base_dir is not None and not spool_dir.is_absolute():
        spool_dir = Path(base_dir) / spool_dir
    incoming, outgoing = table.get("incoming", "spool"), table.get("outgoing", "spool")
    return MailConfig(address=str(table.get("address", "judge@localhost")),
                      msgid_domain=table.get("msgid_domain"), incoming=incoming, outgoing=outgoing,
                      spool=SpoolConfig(spool_dir), imap_table=table.get("imap") if incoming == "imap" else None,
                      smtp_table=table.get("smtp") if outgoing == "smtp" else None,
                      base_dir=None if base_dir is None else Path(base_dir), format=str(table.get("format", "html")))


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
    imap, smtp = config.imap, config.smtp  # resolved once each: a missing secret or CA file raises here
    if config.incoming == "imap":
        if imap is None:
            raise ValueError("[mail] incoming = \"imap\" needs a [mail.imap] table")
        from judge.mail.imap import ImapMailbox

        mailbox = ImapMailbox(imap, tokens)
    else:
        mailbox = SpoolMailbox(config.spool.inbox)
    if config.outgoing == "smtp":
        if smtp is None:
            raise ValueError("[mail] outgoing = \"smtp\" needs a [mail.smtp] table")
        from judge.mail.smtp import SmtpOutbox

        outbox = SmtpOutbox(smtp, tokens)
    else:
        outbox = SpoolOutbox(config.spool.outbox)
    return mailbox, outbox
