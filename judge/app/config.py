"""The judge's TOML configuration: where it keeps its data, how it gets and sends mail.

Found at ``--config PATH``, else ``$JUDGE_CONFIG``, else ``./judge.toml``;
relative paths in it are taken from the file's folder, so a judge directory
can be moved whole.  ``judge init`` writes a commented one
(``templates/judge.toml.j2``).
"""

from __future__ import annotations

import os
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from judge.budget import GuessLimits
from judge.clock import Clock, FileClock, SystemClock
from judge.mail.config import MailConfig, load_mail_config

DEFAULT_NAME = "judge.toml"
_JUDGE_KEYS = {"name", "data_dir", "timezone", "clock", "password_cost"}
_LIMIT_KEYS = {"poll_seconds", "mail_seconds", "game_seconds"}
#: ``[limits]`` keys that count wrong passwords (judge/budget.py ``GuessLimits``), whole numbers from 1
_GUESS_KEYS = {f"wrong_passwords_{per}": per for per in ("per_mail", "per_address", "per_seat", "per_poll")}
_LOG_KEYS = {"file", "max_kb", "keep"}
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
        password_cost=cost, limits=_limits(path, data.get("limits", {})), log=_log(path, base, data.get("log", {})))


def _limits(path: Path, table: Any) -> Limits:
    """The ``[limits]`` table: each a number of seconds from 0 (no limit) to a day."""
    if not isinstance(table, dict):
        raise ConfigError(f"{path}: [limits] must be a table")
    unknown = sorted(set(table) - _LIMIT_KEYS - set(_GUESS_KEYS))
    if unknown:
        raise ConfigError(f"{path}: [limits] unknown keys: {', '.join(unknown)}")
    guesses = {key: value for key, value in table.items() if key in _GUESS_KEYS}
    for key, value in guesses.items():
        if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 100_000:
            raise ConfigError(f"{path}: [limits] {key} must be a whole number from 1 to 100000")
    seconds = {key: value for key, value in table.items() if key not in _GUESS_KEYS}
    for key, value in seconds.items():
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 <= value <= 86400:
            raise ConfigError(f"{path}: [limits] {key} must be a number of seconds from 0 (no limit) to 86400")
    return Limits(**{key: float(value) for key, value in seconds.items()},
                  guesses=GuessLimits(**{_GUESS_KEYS[key]: value for key, value in guesses.items()}))


def _log(path: Path, base: Path, table: Any) -> LogConfig:
    """The ``[log]`` table: ``file`` (relative to the config's folder), ``max_kb`` and ``keep``, whole numbers."""
    if not isinstance(table, dict):
        raise ConfigError(f"{path}: [log] must be a table")
    unknown = sorted(set(table) - _LOG_KEYS)
    if unknown:
        raise ConfigError(f"{path}: [log] unknown keys: {', '.join(unknown)}")
    file = table.get("file")
    if file is not None and (not isinstance(file, str) or not file.strip()):
        raise ConfigError(f"{path}: [log] file must be a file name")
    bounds = {"max_kb": (1, 1_000_000), "keep": (1, 100)}
    for key, (low, high) in bounds.items():
        value = table.get(key, getattr(LogConfig, key))
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise ConfigError(f"{path}: [log] {key} must be a whole number from {low} to {high}")
    return LogConfig(None if file is None else base / file, table.get("max_kb", LogConfig.max_kb),
                     table.get("keep", LogConfig.keep))
