"""The judge's TOML configuration: where it keeps its data, how it gets and sends mail.

Found at ``--config PATH``, else ``$JUDGE_CONFIG``, else ``./judge.toml``;
relative paths in it are taken from the file's folder, so a judge directory
can be moved whole.  ``judge init`` writes a commented one
(``templates/judge.toml.j2``).
"""

from __future__ import annotations

import os
import stat
import tomllib
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from judge.app.configcheck import GUESS_KEYS, config_problems
from judge.budget import GuessLimits
from judge.clock import Clock, FileClock, SystemClock
from judge.mail.config import MailConfig, load_mail_config

DEFAULT_NAME = "judge.toml"
DEFAULT_PASSWORD_COST = 12  # scrypt n = 2**12: about 10 ms a check (docs/store.md)


@dataclass(frozen=True)
class Limits:
    """How long one poll reads mail, and how long one mail or one game's tick may take (docs/security.md).

    Cron starts a poll a minute and a second poll exits while one runs, so a
    poll that reads mail for longer only delays every game.  Past
    ``poll_seconds`` the mails not yet read wait, in order, for the next poll;
    a mail past ``mail_seconds`` is set aside, a game past ``game_seconds``
    paused with a notice to its GM.  0 means no limit.
    """

    poll_seconds: float = 40.0
    mail_seconds: float = 20.0
    game_seconds: float = 60.0
    guesses: GuessLimits = field(default_factory=GuessLimits)


@dataclass(frozen=True)
class LogConfig:
    """Where ``judge poll`` logs (the ``[log]`` table): stderr by default, else a file it rotates itself.

    The file is rotated past ``max_kb`` kilobytes, ``keep`` old files kept
    (``judge.log.1`` … ``judge.log.<keep>``), so cron's log never grows
    without bound; a poll that did nothing writes nothing to it (docs/operator.md).
    """

    file: Path | None = None
    max_kb: int = 1024
    keep: int = 5


class ConfigError(ValueError):
    """The configuration cannot be used; the message says which key and why."""


@dataclass(frozen=True)
class JudgeConfig:
    path: Path
    name: str
    data_dir: Path
    timezone: str
    clock_file: Path | None
    mail: MailConfig
    password_cost: int = DEFAULT_PASSWORD_COST
    limits: Limits = Limits()
    log: LogConfig = LogConfig()

    def clock(self) -> Clock:
        """The system clock, or the test clock's file (which the check found there: it is never made here)."""
        return FileClock(self.clock_file, create=False) if self.clock_file else SystemClock()


def config_path(explicit: str | None) -> Path:
    return Path(explicit or os.environ.get("JUDGE_CONFIG") or DEFAULT_NAME)


def load_config(path: Path) -> JudgeConfig:
    """The configuration, checked whole: ConfigError with one line per problem (docs/operator.md lists them)."""
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise ConfigError(f"cannot read {path}: {exc.strerror or exc} (run 'judge init' to write one)") from None
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"{path}: {exc}") from None
    except UnicodeDecodeError:
        raise ConfigError(f"{path}: not UTF-8 text") from None
    base = path.resolve().parent
    problems = config_problems(data, base)
    if problems:
        raise ConfigError("\n".join(f"{path}: {line}" for line in problems))
    return _from_tables(path, base, data)


def _from_tables(path: Path, base: Path, data: dict[str, Any]) -> JudgeConfig:
    """The configuration from tables :func:`config_problems` found nothing wrong with."""
    table, limits, log = data.get("judge", {}), data.get("limits", {}), data.get("log", {})
    clock = table.get("clock", "system")
    mail = load_mail_config(data.get("mail", {}), base_dir=base)
    mail = replace(mail, exposed=_exposed(path))
    file = log.get("file")
    return JudgeConfig(
        path=path, name=str(table.get("name", "judge")), data_dir=base / table.get("data_dir", "data"),
        timezone=table.get("timezone", "UTC"), clock_file=None if clock == "system" else base / clock, mail=mail,
        password_cost=table.get("password_cost", DEFAULT_PASSWORD_COST),
        limits=Limits(**{key: float(value) for key, value in limits.items() if key not in GUESS_KEYS},
                      guesses=GuessLimits(**{GUESS_KEYS[key]: value for key, value in limits.items()
                                             if key in GUESS_KEYS})),
        log=LogConfig(None if file is None else base / file, log.get("max_kb", LogConfig.max_kb),
                      log.get("keep", LogConfig.keep)))


def _exposed(path: Path) -> str | None:
    """Why a password written in the file would not be secret: other users may read it (None if not)."""
    try:
        mode = path.stat().st_mode
    except OSError:
        return None
    if mode & (stat.S_IRGRP | stat.S_IROTH):
        return f"{path.name}, which other users may read (mode {stat.S_IMODE(mode):04o})"
    return None
