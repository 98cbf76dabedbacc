"""The numbers of the Version 3 text, in one place so a GM can check them against it.

>>> votes_for(33), votes_for(37), religious_minimum(2)
(14, 15, 9)
"""

from __future__ import annotations

CATHOLIC, PROTESTANT, ISLAMIC, TOLERANT = "CATHOLIC", "PROTESTANT", "ISLAMIC", "TOLERANT"
ALIGNED, NEUTRAL, UNALIGNED, CAPTURED = "ALIGNED", "NEUTRAL", "UNALIGNED", "CAPTURED"
#: the 2013-08 word for a state with too few INFs to have a political status (R-1308-22)
UNMARKED = "UNMARKED"
WIDERSTAND, KETZENHAMMER = "WIDERSTAND", "KETZENHAMMER"

#: A-v3-01: the historical faiths (the text never lists them).
DEFAULT_FAITHS = {"AUSTRIA": CATHOLIC, "FRANCE": CATHOLIC, "SPAIN": CATHOLIC,
                  "ENGLAND": PROTESTANT, "DENMARK": PROTESTANT}
#: each Christian faith's opponent (R-1308-15: "Catholics versus Protestants")
OPPOSED = {CATHOLIC: PROTESTANT, PROTESTANT: CATHOLIC}

#: R-v3-26: the minimum faction INFs for a religious majority, by provinces in the state.
_MINIMUMS = {1: 5, 2: 9, 3: 12, 4: 14}

#: R-v3-79: (lowest allocation, votes), highest band first.
_VOTES = ((37, 15), (21, 14), (16, 13), (14, 12), (12, 11), (11, 10), (10, 9), (9, 8), (8, 7), (7, 5),
          (6, 3), (5, 1))

#: R-v3-124: rounds that win the game.
ROUNDS_TO_WIN = 5
#: R-v3-109: alignment VPs per point of centre value.
ALIGNMENT_MULTIPLIER = 3
#: R-v3-111: VPs per religious marker of the power's faith.
MARKER_VPS = 10
#: R-v3-32, R-v3-33: the counterbalance ratio.
COUNTERBALANCE_RATIO = 2
#: R-v3-129: Christian centres the Ottomans must hold to force a draw.
OTTOMAN_DRAW_CENTRES = 5
#: R-v3-131: points per bidder, and the least each power must get.
AUCTION_POINTS, AUCTION_MINIMUM = 100, 5


def religious_minimum(provinces: int) -> int:
    """R-v3-26: 5, 9, 12, 14, then 15 for five provinces or more."""
    return _MINIMUMS.get(provinces, 15 if provinces >= 5 else 5)


def votes_for(allocation: int) -> int:
    """R-v3-79: the ballot allowance for a year's INF allocation (none below 5: the table stops there)."""
    for lowest, votes in _VOTES:
        if allocation >= lowest:
            return votes
    return 0
