"""The players' votes to end a game: ``SET DRAW`` and ``SET CONCEDE``, kept per power, secret, counted.

A power's vote stays across phases until it is withdrawn (``SET NODRAW``,
``SET NOCONCEDE``) and goes with the seat: a new player taking the power over
starts without one (:func:`forget`).  Only the survivors the ruleset names
(``Ruleset.end_votes``) whose player is active vote; a power in civil
disorder or without a player neither votes nor holds the game up, and shares
a draw as a survivor.  The votes are counted when one arrives and before each
phase is played (:func:`end_if_agreed`), so an elimination or a civil disorder
that leaves every remaining voter agreed ends the game too.

The votes live in ``game.extra["votes"]``, which no mail, export or page
shows: nobody but the voter learns a vote, everyone learns the end.
"""

from __future__ import annotations

from typing import Any

from judge.engine.agreement import CONCEDE, DRAW, Agreed, EndVotes, agreed_end
from judge.engine.state import GameState
from judge.engine.variant import Variant
from judge.store import Game
from judge.turns.context import Judge
from judge.turns.gameview import state_of, variant_of
from judge.turns.playing import end_by_agreement

VOTES = "votes"
__all__ = ["CONCEDE", "DRAW", "VOTES", "clear_votes", "end_if_agreed", "end_votes", "forget", "own_vote", "tally",
           "vote", "voters"]


def end_votes(variant: Variant, state: GameState) -> EndVotes:
    """The ruleset's word on ending this game by vote (survivors, or why there is no such end)."""
    return variant.ruleset.end_votes(state)


def voters(game: Game, survivors: tuple[str, ...]) -> list[str]:
    """The survivors that vote: those whose player is active."""
    return [p for p in survivors if (seat := game.player(p)) is not None and seat.status == "active"]


def own_vote(game: Game, power: str) -> dict[str, Any]:
    """``power``'s vote (``{"draw": True, "concede": "ENGLAND"}``, either left out), for its own eyes only."""
    return dict(game.extra.get(VOTES, {}).get(power, {}))


def vote(game: Game, power: str, kind: str, value: Any) -> None:
    """Record (a true value) or withdraw (None or False) one of ``power``'s votes."""
    votes = game.extra.setdefault(VOTES, {})
    mine = votes.setdefault(power, {})
    if value:
        mine[kind] = value
    else:
        mine.pop(kind, None)
    if not mine:
        votes.pop(power)
    if not votes:
        game.extra.pop(VOTES)


def forget(game: Game, power: str) -> None:
    """A new player takes ``power`` over: the old player's votes do not bind him."""
    votes = game.extra.get(VOTES, {})
    votes.pop(power, None)
    if VOTES in game.extra and not votes:
        game.extra.pop(VOTES)


def clear_votes(game: Game) -> None:
    """Every vote dropped: a game the GM rolls back after it ended is played on, voted on afresh."""
    game.extra.pop(VOTES, None)


def tally(game: Game, variant: Variant, state: GameState) -> Agreed | None:
    """The end the votes make now, or None (no votes, votes not allowed, or not every voter agrees)."""
    if not game.extra.get(VOTES):
        return None
    ends = end_votes(variant, state)
    if ends.refusal:
        return None
    return agreed_end(ends.powers, voters(game, ends.powers), game.extra[VOTES], variant.ruleset.house.dias)


def end_if_agreed(judge: Judge, game: Game) -> Agreed | None:
    """End a running game whose voters all agree (a draw, or a concession); the end it made, or None."""
    if game.status not in ("active", "paused") or not game.extra.get(VOTES):
        return None
    variant = variant_of(game)
    state = state_of(game, variant)
    if state is None:
        return None
    agreed = tally(game, variant, state)
    if agreed is not None:
        end_by_agreement(judge, game, agreed)
    return agreed
