"""Ending a game by the players' agreement: a draw voted by every survivor, or a concession.

Classic judges (njudge's ``SET DRAW``, ``SET CONCEDE``) let each power vote
in secret; the game ends once every power that still votes has voted the same
way.  This module only counts: who may vote, who shares the end and whether a
vote is allowed at all come from the ruleset (``Ruleset.end_votes``), and the
votes from the mail loop, so the rule can be tested without mail.

A vote is per power: ``{"draw": True}``, ``{"concede": "ENGLAND"}``, or both.

>>> survivors = ("ENGLAND", "FRANCE", "GERMANY")
>>> agreed_end(survivors, survivors, {"ENGLAND": {"draw": True}, "FRANCE": {"draw": True}})
>>> agreed_end(survivors, survivors, {p: {"draw": True} for p in survivors})
Agreed(result='draw', winners=('ENGLAND', 'FRANCE', 'GERMANY'), agreeing=('ENGLAND', 'FRANCE', 'GERMANY'))
>>> agreed_end(survivors, survivors, {"ENGLAND": {"concede": "GERMANY"}, "FRANCE": {"concede": "GERMANY"}})
Agreed(result='victory', winners=('GERMANY',), agreeing=('ENGLAND', 'FRANCE'))
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

DRAW, CONCEDE = "draw", "concede"


@dataclass(frozen=True)
class EndVotes:
    """What a ruleset says of ending its game by vote: who shares such an end, or why there is none.

    ``powers`` are the survivors (a draw includes them all; a concession goes
    to one of them); ``refusal`` is why the players may not vote ("" when they
    may), naming the rule.
    """

    powers: tuple[str, ...] = ()
    refusal: str = ""


@dataclass(frozen=True)
class Agreed:
    """A game ended by vote: ``result`` "draw" (``winners`` share it) or "victory" (conceded to the winner).

    ``agreeing`` are the powers whose votes ended it: every voter for a draw,
    every voter but the winner for a concession.
    """

    result: str
    winners: tuple[str, ...]
    agreeing: tuple[str, ...]


def agreed_end(survivors: Sequence[str], voters: Sequence[str],
               votes: Mapping[str, Mapping[str, Any]]) -> Agreed | None:
    """The end the votes make, or None while the game goes on.

    ``voters`` are the survivors that vote (a power nobody plays neither votes
    nor holds the game up); an eliminated power's vote is not counted.  A
    concession needs every voter but the winner, and at least one of them;
    it is checked before the draw (the others gave the winner the game).
    """
    counted = [p for p in voters if p in survivors]
    for winner in survivors:
        others = [p for p in counted if p != winner]
        if others and all(votes.get(p, {}).get(CONCEDE) == winner for p in others):
            return Agreed("victory", (winner,), tuple(others))
    if counted and all(votes.get(p, {}).get(DRAW) for p in counted):
        return Agreed("draw", tuple(survivors), tuple(counted))
    return None


__all__ = ["CONCEDE", "DRAW", "Agreed", "EndVotes", "agreed_end"]
