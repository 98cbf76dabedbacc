"""One way to check a table of ``judge.toml`` and to word what is wrong with it.

``judge.toml`` is checked whole before any command acts (``judge.app.config``),
and every problem is one line of the same shape, naming the table, the key,
what was found and what is expected, with what a misspelt key, table or value
probably meant::

    [judge] clock: found "sytem", no such file; expected "system" or a test clock's file — did you mean "system"?

The ``[mail]`` tables are checked by ``judge.mail.config`` with the same
rules; docs/operator.md lists every such line (tests/app/test_config_check.py
keeps that list true).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from difflib import get_close_matches
from typing import Any

CUTOFF = 0.6  # "limitz" and "limits", "sytem" and "system", "pasword" and "password"


@dataclass(frozen=True)
class Rule:
    """What one key takes: ``expected`` says it in words, ``ok`` tells a value that fits."""

    expected: str
    ok: Callable[[Any], bool]
    choices: tuple[str, ...] = ()   # the values a misspelt one is compared with


def shown(value: Any) -> str:
    """A found value as TOML would write it (``"sytem"``, ``5``, ``true``, ``[1, 2]``)."""
    if isinstance(value, dict):
        return "a table"
    try:
        return json.dumps(value, ensure_ascii=False)
    except TypeError:  # a date or time: TOML's own
        return str(value)


def did_you_mean(written: str, known: Iterable[str], form: str = "{}") -> str:
    """`` — did you mean x?`` for the closest of ``known``, written as ``form`` says (``'"{}"'`` for a
    value, ``"[{}]"`` for a table), or ``""``."""
    matches = get_close_matches(written.lower(), list(known), n=1, cutoff=CUTOFF)
    return f" — did you mean {form.format(matches[0])}?" if matches else ""


def problem(where: str, found: str, expected: str, hint: str = "") -> str:
    """One line: ``[table] key: found …; expected …`` and the hint."""
    return f"{where}: found {found}; expected {expected}{hint}"


def whole(low: int, high: int, unit: str = "") -> Rule:
    return Rule(f"a whole number from {low} to {high}{unit}",
                lambda v: isinstance(v, int) and not isinstance(v, bool) and low <= v <= high)


def seconds(low: float, high: float, words: str) -> Rule:
    return Rule(words, lambda v: isinstance(v, (int, float)) and not isinstance(v, bool) and low <= v <= high)


def text(expected: str) -> Rule:
    return Rule(expected, lambda v: isinstance(v, str) and bool(v.strip()))


def choice(*values: str) -> Rule:
    return Rule(" or ".join(f'"{v}"' for v in values), lambda v: v in values, values)


def check_keys(table: str, values: Mapping[str, Any], rules: Mapping[str, Rule],
               required: Iterable[str] = ()) -> list[str]:
    """Every key of ``values`` known and fitting its rule, every required one present: the problems, in order."""
    out: list[str] = []
    for key, value in values.items():
        rule = rules.get(key)
        if rule is None:
            out.append(problem(f"[{table}] {key}", "an unknown key",
                               "one of " + ", ".join(rules), did_you_mean(key, rules)))
        elif not rule.ok(value):
            hint = did_you_mean(value, rule.choices, '"{}"') if isinstance(value, str) else ""
            out.append(problem(f"[{table}] {key}", shown(value), rule.expected, hint))
    out += [problem(f"[{table}] {key}", "nothing", rules[key].expected) for key in required if key not in values]
    return out


def check_table(name: str, value: Any) -> list[str]:
    """A table that is not one (``limits = 5``)."""
    return [] if isinstance(value, dict) else [problem(f"[{name}]", shown(value), "a table")]
