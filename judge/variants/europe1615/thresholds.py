"""Statuses by thresholds (edition 2013-08): a share of the INFs present and a least number of INFs.

R-1308-19 to R-1308-24 (political), R-1308-49 to R-1308-52 (religious).
A power aligns a state with 50% of the INFs present and at least 5 INFs
(the Ottoman Empire: the year's share and 15); a faith controls it with the
year's share and at least 10.  The numbers are the edition file's.

Shares are compared exactly, in whole numbers: ``100 * mine >= share * total``.
"""

from __future__ import annotations

from judge.engine.state import GameState
from judge.variants.europe1615.tables import (
    ALIGNED,
    CATHOLIC,
    ISLAMIC,
    NEUTRAL,
    PROTESTANT,
    UNMARKED,
)
from judge.variants.europe1615.world import Setup


def present(state: GameState, minor: str) -> dict[str, int]:
    """INFs present in a state, per power (only powers that have some)."""
    return {p: int(n) for p, n in state.extra.get("influence", {}).get(minor, {}).items() if int(n) > 0}


def holds_share(amount: int, total: int, share: int) -> bool:
    return total > 0 and 100 * amount >= share * total


def alignment_rule(setup: Setup, state: GameState, minor: str) -> tuple[int, int, int]:
    """(share in %, least INFs of the power, least INFs present for any status) for this state this year."""
    edition = setup.edition
    if minor == setup.ottoman:  # R-1308-21, R-1308-23
        least = edition.number("ottoman_minimum")
        return edition.by_year(edition.ottoman_alignment, state.phase.year), least, least
    share, least = edition.number("alignment_share"), edition.number("alignment_minimum")
    if minor in edition.barbary:
        return share, least, edition.number("barbary_minimum")
    return share, least, least  # R-1308-20, R-1308-22


def political_by_threshold(setup: Setup, state: GameState, minor: str) -> tuple[str, str | None]:
    """ALIGNED to the one power with the share and the minimum; otherwise NEUTRAL or UNMARKED (A-1308-01)."""
    found = present(state, minor)
    total = sum(found.values())
    share, least, floor = alignment_rule(setup, state, minor)
    if total < floor:  # R-1308-22; R-1308-23: the Ottomans and the Barbary States are NEUTRAL instead
        return (NEUTRAL if minor == setup.ottoman or minor in setup.edition.barbary else UNMARKED), None
    qualified = [p for p, n in found.items() if n >= least and holds_share(n, total, share)]
    if len(qualified) == 1:
        return ALIGNED, qualified[0]
    if qualified or setup.options["neutral_reading"] == "no_majority":
        return NEUTRAL, None  # R-1308-24: "two or more powers equally invested"; A-1308-01 reading 1
    ranked = sorted(found.values(), reverse=True)
    tie = len(ranked) > 1 and ranked[0] == ranked[1]
    return (NEUTRAL if tie else UNMARKED), None  # A-1308-01 reading 2: only a tie at the top


def control_share(setup: Setup, year: int) -> int:
    """R-1308-50, R-1308-51: the share of the INFs present a faith needs this year (rising year by year)."""
    return setup.edition.by_year(setup.edition.religious_control, year)


def religion_by_threshold(setup: Setup, state: GameState, minor: str) -> str | None:
    """CATHOLIC or PROTESTANT control, ISLAMIC for good, or None (religiously NEUTRAL).

    A captured state keeps its locked INFs and so its control, still tested
    against each year's share (R-1308-47).  Both faiths qualifying (a 50/50
    split under a share of 50% or less) is no control (A-1308-04).
    """
    if minor == setup.papal:
        return CATHOLIC  # R-1308-52
    if minor in setup.islamic:
        return ISLAMIC  # R-1308-37: the Ottomans and the Barbary States
    totals = {CATHOLIC: 0, PROTESTANT: 0}
    for power, amount in present(state, minor).items():
        if setup.faith.get(power) in totals:
            totals[setup.faith[power]] += amount
    total = sum(present(state, minor).values())
    share, least = control_share(setup, state.phase.year), setup.edition.number("religious_minimum")
    control = [f for f, n in totals.items() if n >= least and holds_share(n, total, share)]
    return control[0] if len(control) == 1 else None
