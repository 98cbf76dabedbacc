"""``judge.toml`` checked whole, before any command acts: every table and key, every value's type and range.

Each problem is one line naming the table, the key, what was found and what
is expected, with what a misspelt table, key or value probably meant
(:mod:`judge.tomlcheck`); all of them are said at once, so an operator fixes
the file in one go.  The ``[mail]`` tables are checked by
:func:`judge.mail.config.mail_problems`; their secrets and CA files only when
mail is used.  docs/operator.md lists every line an operator can see.
"""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from judge.mail.config import mail_problems
from judge.tomlcheck import Rule, check_keys, check_table, did_you_mean, problem, seconds, shown, text, whole

TABLES = ("judge", "mail", "limits", "log")
#: ``[limits]`` keys that count wrong passwords (judge/budget.py ``GuessLimits``) → its field
GUESS_KEYS = {f"wrong_passwords_{per}": per for per in ("per_mail", "per_address", "per_seat", "per_poll")}
CLOCK_EXPECTED = '"system", or the file of a test clock (one ISO time, as \'judge demo\' writes)'


def _zone(value: Any) -> bool:
    try:
        ZoneInfo(value)
    except (ZoneInfoNotFoundError, ValueError, TypeError):
        return False
    return isinstance(value, str)


RULES: dict[str, dict[str, Rule]] = {
    "judge": {"name": text("the judge's name (text)"), "data_dir": text("a folder name (text)"),
              "timezone": Rule('a time zone such as "Europe/Paris" or "UTC"', _zone),
              "clock": text(CLOCK_EXPECTED), "password_cost": whole(1, 20, " (log2 of scrypt's n)")},
    "limits": {key: seconds(0, 86400, "a number of seconds from 0 (no limit) to 86400")
               for key in ("poll_seconds", "mail_seconds", "game_seconds")}
              | {key: whole(1, 100_000) for key in GUESS_KEYS},
    "log": {"file": text("a file name (text)"), "max_kb": whole(1, 1_000_000), "keep": whole(1, 100)},
}


def config_problems(data: dict[str, Any], base: Path) -> list[str]:
    """Every problem of the whole file (``base``: its folder, where relative names are taken from)."""
    problems: list[str] = []
    for name, value in data.items():
        if name not in TABLES:
            problems.append(problem(f"[{name}]", "an unknown table",
                                    "one of " + ", ".join(f"[{t}]" for t in TABLES),
                                    did_you_mean(name, TABLES, "[{}]")))
            continue
        table_problems = check_table(name, value)
        if table_problems:
            problems += table_problems
        elif name == "mail":
            problems += mail_problems(value, base)
        else:
            problems += check_keys(name, value, RULES[name])
    judge = data.get("judge")
    if isinstance(judge, dict) and isinstance(judge.get("clock"), str):
        problems += _clock(judge["clock"], base)
    return problems


def _clock(value: str, base: Path) -> list[str]:
    """``clock``: "system", or a test clock's file, which must be there (it is never made by reading it)."""
    if value == "system" or not value.strip():
        return []
    path = base / value
    if path.is_file():
        try:
            datetime.fromisoformat(path.read_text(encoding="utf-8").strip())
            return []
        except (OSError, ValueError):
            why = "a file that holds no ISO time"
    else:
        why = "no such file" if not path.exists() else "not a file"
    return [problem("[judge] clock", f"{shown(value)}, {why}", CLOCK_EXPECTED,
                    did_you_mean(value, ["system"], '"{}"'))]
