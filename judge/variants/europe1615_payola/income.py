"""The Taxation/Revenue phase (PY-20, PY-33 to PY-35): start funds, centre income and tribute.

Each supply centre pays its value in supply points, one currency unit each
(3, 9 or 15: R-1303-33, R-1304-42).  In the first year each power has the
edition's start funds instead (March: the text's table; April: rebuilt, the
ruleset file says how), "modified by the results of the political and
religious influence phase" (A-PY-5): the tribute is paid in 1615 too.  A
power collects a third of the supply points of each minor state ALIGNED to
it (R-1303-21, R-1304-26), from the state's centres that the state still
holds.  A centre in REVOLT because its state is ALIGNED to another power
pays a third (R-1303-24).  Unspent money carries over (PY-35); the money lives in Payola's
treasuries (``judge.variants.payola.accounts``), each change in the power's
private account.
"""

from __future__ import annotations

from judge.engine.state import GameState
from judge.variants.europe1615_payola.status import aligned_to, revolt
from judge.variants.europe1615_payola.world import Game
from judge.variants.payola import accounts


def value(game: Game, centre: str) -> int:
    return int(game.board.provinces[centre].center)


def centre_income(game: Game, state: GameState, power: str) -> int:
    """The supply points of the power's centres, or its start funds in the first year."""
    if state.phase.year == game.edition.first_year and power in game.edition.start_funds:
        return game.edition.start_funds[power]
    return sum(value(game, c) // 3 if revolt(game, state, c) == "a third" else value(game, c)
               for c in state.centers.get(power, ()))


def tribute(game: Game, state: GameState, power: str) -> int:
    """A third of the supply points of every minor aligned to the power, from the centres it still holds."""
    return sum(value(game, c) // 3 for minor in game.edition.pliant if aligned_to(state, minor) == power
               for c in state.centers.get(minor, ()))


def pay_taxes(game: Game, state: GameState) -> dict[str, int]:
    """Every power's income for the year, written in its account; the amounts, by power."""
    paid: dict[str, int] = {}
    for power in game.powers:
        first = state.phase.year == game.edition.first_year and power in game.edition.start_funds
        base, extra = centre_income(game, state, power), tribute(game, state, power)
        accounts.record(state, power, "start funds" if first else "taxes of its centres", base)
        if extra:
            accounts.record(state, power, "tribute of its aligned minor states", extra)
        paid[power] = base + extra
    return paid
