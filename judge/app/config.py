"""The judge's TOML configuration: where it keeps its data, how it gets and sends mail.

Found at ``--config PATH``, else ``$JUDGE_CONFIG``, else ``./judge.toml``;
relative paths in it are taken from the file's folder, so a judge directory
can be moved whole.  ``judge init`` writes a commented one
(``templates/judge.toml.j2``).
"""

from __future__ import annotations

import os
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from judge.clock import Clock, FileClock, SystemClock
from judge.mail.config import MailConfig, load_mail_config

DEFAULT_NAME = "judge.toml"
_JUDGE_KEYS = {"name", "data_dir", "timezone", "clock", "password_cost"}
_LIMIT_KEYS = {"poll_seconds", "mail_seconds", "game_seconds"}
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

    def clock(self) -> Clock:
        return FileClock(self.clock_file) if self.clock_file else SystemClock()


def config_path(explicit: str | None) -> Path:
    return Path(explicit or os.environ.get("JUDGE_CONFIG") or DEFAULT_NAME)


def load_config(path: Path) -> JudgeConfig:
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise ConfigError(f"cannot read {path}: {exc.strerror or exc} (run 'judge init' to write one)") from None
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"{path}: {exc}") from None
    return _from_tables(path, data)


def _from_tables(path: Path, data: dict[str, Any]) -> JudgeConfig:
    base = path.resolve().parent
    table = data.get("judge", {})
    unknown = sorted(set(table) - _JUDGE_KEYS)
    if unknown:
        raise ConfigError(f"{path}: [judge] unknown keys: {', '.join(unknown)}")
    zone = str(table.get("timezone", "UTC"))
    try:
        ZoneInfo(zone)
    except (ZoneInfoNotFoundError, ValueError):
        raise ConfigError(f"{path}: [judge] timezone {zone!r} is not a known time zone") from None
    clock = table.get("clock", "system")
    cost = table.get("password_cost", DEFAULT_PASSWORD_COST)
    if not isinstance(cost, int) or isinstance(cost, bool) or not 1 <= cost <= 20:
        raise ConfigError(f"{path}: [judge] password_cost must be a whole number from 1 to 20 (log2 of scrypt's n)")
    try:
        mail = load_mail_config(data.get("mail", {}), base_dir=base)
    except ValueError as exc:
        raise ConfigError(f"{path}: {exc}") from None
    return JudgeConfig(
        path=path, name=str(table.get("name", "judge")), data_dir=base / str(table.get("data_dir", "data")),
        timezone=zone, clock_file=None if clock == "system" else base / str(clock), mail=mail,
        password_cost=cost, limits=_limits(path, data.get("limits", {})))


def _limits(path: Path, table: Any) -> Limits:
    """The ``[limits]`` table: each a number of seconds from 0 (no limit) to a day."""
    if not isinstance(table, dict):
        raise ConfigError(f"{path}: [limits] must be a table")
    unknown = sorted(set(table) - _LIMIT_KEYS)
    if unknown:
        raise ConfigError(f"{path}: [limits] unknown keys: {', '.join(unknown)}")
    for key, value in table.items():
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 <= value <= 86400:
            raise ConfigError(f"{path}: [limits] {key} must be a number of seconds from 0 (no limit) to 86400")
    return Limits(**{key: float(value) for key, value in table.items()})
