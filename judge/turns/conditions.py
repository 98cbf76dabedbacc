"""njudge's conditional orders (``IF [NOT] [power] [type] province … ELSE … ENDIF`` under ``PHASE``), judged
on the board as the phase they were kept for begins (its help file ``syntax``).

A term is true if a unit of that power and type (either left out: any) stands in the province; terms join
with ``AND`` and ``OR`` read left to right, ``NOT`` turns the term after it, and parentheses group.  A term
the board cannot read (no such province) makes the condition unreadable: the lines under it are refused.
"""

from __future__ import annotations

import re

from judge.engine.state import GameState
from judge.engine.variant import Variant

__all__ = ["holds"]

_TOKEN_RE = re.compile(r"\(|\)|[^\s()]+")
_TYPES = {"A": "A", "ARMY": "A", "F": "F", "FLEET": "F"}


def holds(variant: Variant, state: GameState, condition: str) -> bool:
    """Whether ``condition`` is true on ``state``'s board; ValueError names what cannot be read."""
    tokens = _TOKEN_RE.findall(condition.upper().removesuffix(" THEN").strip())
    value, rest = _expression(variant, state, tokens)
    if rest:
        raise ValueError(f"cannot read '{' '.join(rest)}' in the condition")
    return value


def _expression(variant: Variant, state: GameState, tokens: list[str]) -> tuple[bool, list[str]]:
    value, tokens = _term(variant, state, tokens)
    while tokens and tokens[0] in ("AND", "OR"):
        joiner, (right, tokens) = tokens[0], _term(variant, state, tokens[1:])
        value = (value and right) if joiner == "AND" else (value or right)
    return value, tokens


def _term(variant: Variant, state: GameState, tokens: list[str]) -> tuple[bool, list[str]]:
    if not tokens:
        raise ValueError("the condition ends too soon")
    if tokens[0] == "NOT":
        value, rest = _term(variant, state, tokens[1:])
        return not value, rest
    if tokens[0] == "(":
        value, rest = _expression(variant, state, tokens[1:])
        return value, rest[1:] if rest[:1] == [")"] else rest
    words = []
    while tokens and tokens[0] not in ("AND", "OR", "(", ")", "NOT"):
        words.append(tokens.pop(0))
    return _unit_there(variant, state, words), tokens


def _unit_there(variant: Variant, state: GameState, words: list[str]) -> bool:
    """``[power] [type] province`` in any order: is such a unit there?"""
    board = variant.map
    kind = power = None
    rest = []
    for word in words:
        if word in _TYPES and kind is None:
            kind = _TYPES[word]
        elif len(word) > 1 and power is None and board.power_named(word) and not board.resolve_name(word):
            power = board.power_named(word)
        else:
            rest.append(word)
    location = board.resolve_name(" ".join(rest)) if rest else None
    if location is None:
        raise ValueError(f"'{' '.join(words)}' names no province")
    province = board.province_of(location)
    return any(board.province_of(unit.location) == province and kind in (None, unit.type)
               for owner, units in state.units.items() if power in (None, owner) for unit in units)
