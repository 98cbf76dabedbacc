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
               votes: Mapping[str, Mapping[str, Any]], dias: bool = True) -> Agreed | None:
    """The end the votes make, or None while the game goes on.

    ``voters`` are the survivors that vote (a power nobody plays neither votes
    nor holds the game up); an eliminated power's vote is not counted.  A
    concession needs every voter but the winner, and at least one of them;
    it is checked before the draw (the others gave the winner the game).
    Without ``dias`` (njudge's NoDIAS) a draw vote may name the powers it
    accepts: :func:`nodias_draw`.
    """
    counted = [p for p in voters if p in survivors]
    for winner in survivors:
        others = [p for p in counted if p != winner]
        if others and all(votes.get(p, {}).get(CONCEDE) == winner for p in others):
            return Agreed("victory", (winner,), tuple(others))
    if not dias:
        return nodias_draw(survivors, counted, {p: votes.get(p, {}).get(DRAW) for p in counted})
    if counted and all(votes.get(p, {}).get(DRAW) is True for p in counted):
        return Agreed("draw", tuple(survivors), tuple(counted))
    return None


def nodias_draw(survivors: Sequence[str], voters: Sequence[str], lists: Mapping[str, Any]) -> Agreed | None:
    """njudge's NoDIAS draw (its help file ``draws``): the largest set of powers every voter accepts, or None.

    A voter's list (True: every survivor) accepts its subsets that hold him
    if it names him, else its subsets with or without him; so the set every
    voter accepts is the powers in every list (or the voter himself), and it
    must hold each voter who named himself.  One power left is a concession.

    >>> nodias_draw("AEF", "AEF", {"F": ["A", "E"], "E": ["A", "E", "F"], "A": ["A", "E"]})
    Agreed(result='draw', winners=('A', 'E'), agreeing=('A', 'E', 'F'))
    >>> nodias_draw("AEF", "AEF", {"F": ["A", "E", "F"], "E": ["A", "E"], "A": ["A", "E"]})
    >>> nodias_draw("AEF", "AEF", {"F": ["A"], "E": ["A"], "A": ["A"]})
    Agreed(result='victory', winners=('A',), agreeing=('E', 'F'))
    """
    if not voters or any(not lists.get(v) for v in voters):
        return None
    named = {v: set(survivors) if lists[v] is True else set(lists[v]) for v in voters}
    shared = set(survivors)
    for voter, names in named.items():
        shared &= names | {voter}
    if not shared or any(v in names and v not in shared for v, names in named.items()):
        return None
    winners = tuple(p for p in survivors if p in shared)
    if len(winners) == 1:
        return Agreed("victory", winners, tuple(sorted(v for v in voters if v != winners[0])))
    return Agreed("draw", winners, tuple(sorted(voters)))


__all__ = ["CONCEDE", "DRAW", "Agreed", "EndVotes", "agreed_end", "nodias_draw"]
