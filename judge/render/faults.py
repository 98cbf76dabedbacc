"""Mails about things the judge set aside: a mail it did not act on, a game it paused.

The judge goes on without what broke (judge/app/poll.py); these say so to whoever
is concerned, without the details, which go to the keeper's log and
``quarantine/``.
"""

from __future__ import annotations

from dataclasses import dataclass

from judge.render.env import Rendered, render


@dataclass(frozen=True, slots=True)
class SetAsideContext:
    """``reason`` says why the mail was refused; empty when the judge itself failed on it."""

    judge: str
    subject: str
    reason: str = ""


def render_set_aside(ctx: SetAsideContext) -> Rendered:
    return render("set_aside.j2", judge=ctx.judge, original_subject=ctx.subject, reason=ctx.reason)


@dataclass(frozen=True, slots=True)
class GameFaultContext:
    """``error`` names the failure in a few words (its type), ``phase`` the phase the game is at."""

    judge: str
    game: str
    phase: str
    error: str


def render_game_fault(ctx: GameFaultContext) -> Rendered:
    return render("game_fault.j2", judge=ctx.judge, game=ctx.game, phase=ctx.phase, error=ctx.error)
