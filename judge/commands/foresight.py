"""What a GM's command will do, said before it hurts (issue 22).

A GM's typo once ended three players' game: a deadline a week in the past was
accepted, the phase played in the same poll, three powers went into civil
disorder.  So a deadline in the past, or sooner than the game's least notice
(SET MINDEADLINE), or more than :data:`FAR_AHEAD` away (a mistyped year), is
refused with what it was read as unless the GM confirms it (``SET DEADLINE!``), and a command that plays, ends or undoes
phases says in its reply which, and what becomes of the powers whose orders
are missing.  The wording is ``templates/_gm_notes.j2``'s.
"""

from __future__ import annotations

from datetime import datetime

from judge.engine.state import GameState
from judge.engine.variant import Variant
from judge.render import gm_note
from judge.store import Game
from judge.turns.context import Judge
from judge.turns.deadlines import FAR_AHEAD, min_notice
from judge.turns.disorder import silent_powers
from judge.turns.gameview import state_of, variant_of
from judge.turns.playing import late_powers
from judge.turns.ticks import shown_deadline


def notice_refusal(judge: Judge, trial: Game, moment: datetime, current: datetime | None, what: str,
                   retry: str) -> str:
    """Why ``moment`` may not be the time the players have until, unless confirmed; "" if it may.

    ``trial`` is the game as the command would leave it, ``current`` the time
    the players have until now (a later one only gives them more time, so it
    is never too soon); ``what`` leads the reason ("that deadline was read
    as"), ``retry`` is the confirmed command.  A moment that has passed also
    says what the end of this poll would then play.
    """
    now, notice = judge.now(), min_notice(trial)
    if moment - now > FAR_AHEAD and (current is None or moment > current + FAR_AHEAD):
        return gm_note("too_far", what=what, moment=moment, zone=trial.zone, ahead=moment - now, far=FAR_AHEAD,
                       retry=retry)
    if moment > now and (moment - now >= notice or (current is not None and moment >= current)):
        return ""
    passed = moment <= now
    return gm_note("too_soon", what=what, moment=moment, zone=trial.zone, now=now,
                   left=None if passed else moment - now, notice=notice, retry=retry,
                   plays=poll_plays(judge, trial) if passed else "")


def poll_plays(judge: Judge, game: Game) -> str:
    """What the end of this poll will play of ``game`` now, and how the missing orders count; "" if nothing."""
    if game.status != "active" or not game.state:
        return ""
    view = shown_deadline(judge, game)  # a look ahead that fails says nothing, as in a reply
    if view.playing is None:
        return ""
    variant = variant_of(game)
    state = state_of(game, variant)
    assert state is not None
    silent, partial = missing_orders(game, variant, state)
    policy = "force" if game.extra.get("process") == "force" else game.settings.nmr
    return gm_note("plays", phase=view.playing, silent=silent, partial=partial, policy=policy)


def missing_orders(game: Game, variant: Variant, state: GameState) -> tuple[list[str], list[str]]:
    """The powers that owe orders now: those that sent none (SET NMR applies to them), and those that sent
    some but not all (what they left unordered holds)."""
    silent = silent_powers(game, variant, state)
    return silent, [p for p in late_powers(game, variant, state) if p not in silent]


def with_plays(note: str, judge: Judge, game: Game) -> str:
    """``note``, and what the end of this poll now plays, if anything."""
    plays = poll_plays(judge, game)
    return f"{note}; {plays}" if plays else note
