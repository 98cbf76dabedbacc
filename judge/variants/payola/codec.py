"""Payola's own fields of a position, as JSON, with their schemas (``Ruleset.state_fields``).

``judge adjudicate --variant payola`` takes balances, acceptance lists, the
seed and the unplayed powers in the request's state; the offer sheets come as
order lines (``judge/reading/payola.py``).
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from typing import Any

from judge.engine.geography import Map
from judge.engine.schema import Int, ListOf, MapOf, Schema, Str, fail

MONEY = Int(-1_000_000_000, 1_000_000_000)
#: a treasury is never below zero: payments are reduced until nobody is overdrawn (5.5), transfers checked (2.3)
BALANCE = Int(0, 1_000_000_000)
REST = "?"


def payola_fields(board: Map) -> dict[str, Schema]:
    """Every field of ``GameState.extra`` the Payola rules read or write."""
    powers = frozenset(board.powers)
    power = Str(choices=lambda: powers, what="a power")
    return {
        "treasury": MapOf(power, BALANCE),
        "accept": MapOf(power, AcceptList(powers)),
        "seed": Str(what="a seed", longest=100),
        "dummies": ListOf(power),
        "received": MapOf(power, ListOf(power)),
        "accounts": MapOf(power, ListOf(Written())),
        "ledgers": MapOf(power, Written()),
        "charts": ListOf(Written()),  # kept by games begun before the history held the charts; dropped at the next movement
        "earned": MapOf(power, MONEY),  # 6.7: paid this year for each power's units, deposited after Fall
        "year_start": MapOf(power, ListOf(Str(what="a supply centre", longest=20))),  # 6.7: centres owned in Spring
    }


@dataclass(frozen=True)
class AcceptList:
    """An acceptance list (4.1): every power once, or some of them once each and exactly one ``?`` for the rest.

    >>> AcceptList(frozenset({"FRANCE", "ITALY"})).check(["ITALY", "?", "?"], "accept.ITALY")
    Traceback (most recent call last):
    judge.engine.schema.SchemaError: accept.ITALY: expected an acceptance list with at most one '?' (4.1), got ["ITALY", "?", "?"]
    """

    powers: Collection[str]

    def check(self, value: Any, path: str) -> None:
        ListOf(Str(choices=lambda: {*self.powers, REST}, what="a power or ?"), len(self.powers) + 1).check(value, path)
        named = [v for v in value if v != REST]
        problems = ((not value, "at least one power or '?'"),
                    (value.count(REST) > 1, "at most one '?'"),
                    (len(set(named)) != len(named), "each power once"),
                    (REST not in value and len(named) != len(self.powers),
                     "every power, or some of them and '?' for the others"))
        for broken, expected in problems:
            if broken:
                raise fail(path, f"an acceptance list with {expected} (4.1)", value)


class Written:
    """A record the judge itself wrote for the players (account entries, ledgers): never read by the rules."""

    def check(self, value: object, path: str) -> None:
        return None
