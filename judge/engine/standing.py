"""What a power alone may know of its own standing, where the rules keep it from the others.

Europe 1615 keeps each power's INFs secret (R-v3-18 publishes only who
deployed where), yet its player must know them to plan: "INFs will continue
to accumulate", "Powers need not deploy all INFs in the first phase". The
ruleset answers :meth:`~judge.engine.ruleset.Ruleset.standing` with one of
these; the mails show it to the power (and the GM) only.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Standing:
    """``held``: (place, amount) the power holds in each place (its INFs per state); ``budget`` what it may
    spend in ``period`` (a year, ``"1616"``, or ``""`` for the next movement phase), ``spent`` of it so far
    and ``left``."""

    held: tuple[tuple[str, int], ...]
    budget: int
    period: str
    spent: int
    left: int
