"""Power assignment by blind auction (R-v3-131).

Each player spreads 100 points over the five powers, at least 5 on each.
The judge then takes the highest bid left on the table, gives that player
that power, and takes both off the table, until players or powers run out.
Equal bids go to the player who joined the game first.

>>> bids = {"ann": {"SPAIN": 60, "FRANCE": 10, "AUSTRIA": 10, "ENGLAND": 10, "DENMARK": 10},
...         "bob": {"SPAIN": 60, "FRANCE": 25, "AUSTRIA": 5, "ENGLAND": 5, "DENMARK": 5}}
>>> assign_powers(bids, ["bob", "ann"], ["SPAIN", "FRANCE", "AUSTRIA", "ENGLAND", "DENMARK"])
{'bob': 'SPAIN', 'ann': 'FRANCE'}
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from judge.variants.europe1615.tables import AUCTION_MINIMUM, AUCTION_POINTS


def bid_problem(points: Mapping[str, int], powers: Sequence[str]) -> str:
    """Why a bid sheet is not valid ("" if it is)."""
    unknown = sorted(set(points) - set(powers))
    if unknown:
        return f"not a power: {', '.join(unknown)}"
    low = [p for p in powers if points.get(p, 0) < AUCTION_MINIMUM]
    if low:
        return f"each power needs at least {AUCTION_MINIMUM} points: {', '.join(low)}"
    total = sum(points.values())
    if total != AUCTION_POINTS:
        return f"the bids add up to {total}, not {AUCTION_POINTS}"
    return ""


def assign_powers(bids: Mapping[str, Mapping[str, int]], joined: Sequence[str],
                  powers: Sequence[str]) -> dict[str, str]:
    """Player -> power, highest bid first; ties to the player who joined first, then to the earlier power."""
    order = {player: i for i, player in enumerate(joined)}
    table = [(-n, order.get(player, len(order)), powers.index(power), player, power)
             for player, sheet in bids.items() for power, n in sheet.items() if power in powers]
    assigned: dict[str, str] = {}
    taken: set[str] = set()
    for _, _, _, player, power in sorted(table):
        if player not in assigned and power not in taken:
            assigned[player] = power
            taken.add(power)
    return assigned
