"""Zero Sum Payola (rule 6.7): a fixed amount of money in the world, moved by bribes and by centres.

No taxes: each power starts with 10 AgP per owned centre; what was paid for
the orders of a power's units during a year is deposited in its treasury at
the end of the Fall turn; the first capture of a neutral centre brings a
one-time 10 AgP bonus; a centre taken from another power brings its share
of the loser's treasury: the loser's treasury divided by the centres it
owned at the start of the year, rounded down.

Readings where the text is silent (docs/payola.md): the deposits, bonuses
and shares are settled together before the Winter builds, deposits first;
each centre a power loses is worth the same share, reckoned from its
treasury after the deposits and before any of the year's shares; the
centres a power owned at the start of the year are recorded in the Spring
movement phase (``year_start``), so a position given without them (``judge
adjudicate`` from a Fall phase) moves no money for centres.

>>> share(30, 3), share(7, 0)
(10, 0)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from judge.engine.state import GameState
from judge.variants.payola.accounts import balance, record

PER_CENTER = 10  # the starting treasury per owned centre, and the bonus for a first capture
EARNED, YEAR_START = "earned", "year_start"


def starting_treasury(centers: Mapping[str, Iterable[str]]) -> dict[str, int]:
    """10 AgP for each centre a power owns at the start."""
    return {power: PER_CENTER * len(list(owned)) for power, owned in centers.items()}


def share(treasury: int, centers_at_start: int) -> int:
    """What one lost centre carries: the loser's treasury over its centres at the start of the year, rounded down."""
    return treasury // centers_at_start if centers_at_start > 0 else 0


def year_begins(state: GameState) -> None:
    """Spring: who owns which centre now, for the shares of the year's captures."""
    state.extra[YEAR_START] = {p: sorted(cs) for p, cs in sorted(state.centers.items()) if cs}


def earn(state: GameState, earned: Mapping[str, int]) -> None:
    """A movement phase's payments for each power's units, kept until the end of the Fall turn."""
    kept = state.extra.setdefault(EARNED, {})
    for power, amount in earned.items():
        if amount:
            kept[power] = int(kept.get(power, 0)) + amount


def settle_year(state: GameState) -> None:
    """After Fall: the year's deposits, then a bonus per first capture and a share per centre taken."""
    for power, amount in sorted(state.extra.pop(EARNED, {}).items()):
        record(state, power, "paid for your units' orders this year (6.7)", int(amount))
    before = state.extra.get(YEAR_START)
    if before is None:
        return
    owner_then = {c: p for p, cs in before.items() for c in cs}
    base = {p: share(balance(state, p), len(cs)) for p, cs in before.items()}
    for power, centers in sorted(state.centers.items()):
        for center in sorted(centers):
            loser = owner_then.get(center)
            if loser is None:
                record(state, power, f"first capture of {center} (6.7)", PER_CENTER)
            elif loser != power and base[loser]:
                record(state, loser, f"{center} lost to {power} (6.7)", -base[loser])
                record(state, power, f"{center} taken from {loser} (6.7)", base[loser])
    state.extra.pop(YEAR_START, None)
