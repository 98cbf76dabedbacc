"""Payola's own fields of a position, as JSON, with their schemas (``Ruleset.state_fields``).

``judge adjudicate --variant payola`` takes balances, acceptance lists, the
seed and the unplayed powers in the request's state; the offer sheets come as
order lines (``judge/reading/payola.py``).
"""

from __future__ import annotations

from judge.engine.geography import Map
from judge.engine.schema import Int, ListOf, MapOf, Schema, Str

MONEY = Int(-1_000_000_000, 1_000_000_000)


def payola_fields(board: Map) -> dict[str, Schema]:
    """Every field of ``GameState.extra`` the Payola rules read or write."""
    powers = frozenset(board.powers)
    power = Str(choices=lambda: powers, what="a power")
    letter = Str(choices=lambda: powers | {"?"}, what="a power or ?")
    return {
        "treasury": MapOf(power, MONEY),
        "accept": MapOf(power, ListOf(letter, longest=len(powers) + 1)),
        "seed": Str(what="a seed", longest=100),
        "dummies": ListOf(power),
        "received": MapOf(power, ListOf(power)),
        "accounts": MapOf(power, ListOf(Written())),
        "ledgers": MapOf(power, Written()),
        "charts": ListOf(Written()),  # kept by games begun before the history held the charts; dropped at the next movement
        "earned": MapOf(power, MONEY),  # 6.7: paid this year for each power's units, deposited after Fall
        "year_start": MapOf(power, ListOf(Str(what="a supply centre", longest=20))),  # 6.7: centres owned in Spring
    }


class Written:
    """A record the judge itself wrote for the players (account entries, ledgers): never read by the rules."""

    def check(self, value: object, path: str) -> None:
        return None
