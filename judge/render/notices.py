"""Short notices about a game: a new deadline, a pause, a rollback, a player gone or joined; civil disorder.

Events like these need a sentence or two, not a layout of their own, so one
template (``templates/notice.j2``) writes the judge header, the lines given
and, if there is one, the deadline in the game's zone and the reader's.
Civil disorder and a game nobody plays have their own (``disorder.j2``,
``unattended.j2``): what they tell the player and the GM to do is the news.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from judge.engine.geography import Map
from judge.engine.state import Phase
from judge.render.env import Rendered, environment, render
from judge.render.words import power_name

_SPACE_BEFORE_STOP = re.compile(r"\s+([;,.)]|:(?!\S))")  # a line break in the template before a stop


@dataclass(frozen=True, slots=True)
class NoticeContext:
    """``title`` is the subject; ``lines`` are paragraphs (wrapped at 75 columns)."""

    judge: str
    game: str
    title: str
    lines: Sequence[str] = ()
    deadline: datetime | None = None
    zone: str = "UTC"


def render_notice(ctx: NoticeContext, viewer_zone: str | None = None) -> Rendered:
    return render("notice.j2", judge=ctx.judge, game=ctx.game, title=ctx.title, lines=list(ctx.lines),
                  deadline=ctx.deadline, zone=ctx.zone, viewer_zone=viewer_zone)


@dataclass(frozen=True, slots=True)
class SignonElsewhereContext:
    """A mail from another address signed on as ``power``: told to the player's own address only."""

    judge: str
    game: str
    power: str
    when: datetime


def render_signon_elsewhere(ctx: SignonElsewhereContext) -> Rendered:
    return render("signon_elsewhere.j2", judge=ctx.judge, game=ctx.game, power=ctx.power, when=ctx.when)


@dataclass(frozen=True, slots=True)
class SignonGuessedContext:
    """Wrong passwords were given for ``seat`` (a power's name, or "the GM") from ``senders``: told to the seat's own
    address once per poll, never with a password."""

    judge: str
    game: str
    seat: str
    when: datetime
    senders: Sequence[str] = ()


def render_signon_guessed(ctx: SignonGuessedContext) -> Rendered:
    return render("signon_guessed.j2", judge=ctx.judge, game=ctx.game, seat=ctx.seat, when=ctx.when,
                  senders=list(ctx.senders))


@dataclass(frozen=True, slots=True)
class Joined:
    """One JOIN of a forming game: who, the power asked for (its name; "" for none), ``again`` if the
    address sent JOIN again with its seat's password (keeping the seat, asking for another power)."""

    address: str
    power: str = ""
    again: bool = False


@dataclass(frozen=True, slots=True)
class JoinNoticeContext:
    """To the GM: the JOINs one mail made to his forming game (one notice per mail, however many lines),
    and ``taken`` of ``total`` seats taken after them."""

    judge: str
    game: str
    joins: Sequence[Joined]
    taken: int
    total: int
    #: players without a sheet where powers go by sheets (Europe 1615's BID): seats are complete only with them
    unsheeted: int = 0


def render_join_notice(ctx: JoinNoticeContext) -> Rendered:
    return render("join_notice.j2", judge=ctx.judge, game=ctx.game, joins=list(ctx.joins), taken=ctx.taken,
                  total=ctx.total, unsheeted=ctx.unsheeted)


@dataclass(frozen=True, slots=True)
class DisorderContext:
    """Powers that sent nothing for ``phase`` and fell into civil disorder at the end of its grace (SET NMR disorder).

    ``power`` is the reader's own power, whose notice says how to take it
    back (signing on with ``letter``); None for the GM's notice, which names
    them all and what he may do.
    """

    judge: str
    game: str
    phase: Phase
    powers: Sequence[str]
    power: str | None = None
    letter: str = ""
    board: Map | None = None   # the powers' titles (power_name)


def render_disorder(ctx: DisorderContext) -> Rendered:
    return render("disorder.j2", judge=ctx.judge, game=ctx.game, phase=ctx.phase,
                  powers=[power_name(p, ctx.board) for p in ctx.powers],
                  power=power_name(ctx.power, ctx.board) if ctx.power else None,
                  letter=ctx.letter)


@dataclass(frozen=True, slots=True)
class UnattendedContext:
    """A game no power of which has a player who plays it: paused at ``phase``, or going on again.

    ``gm``: the GM's notice, which says what he may do; ``back``: the powers
    whose players came back, when the game goes on (``deadline`` then set).
    """

    judge: str
    game: str
    phase: Phase
    gm: bool = False
    back: Sequence[str] = ()
    deadline: datetime | None = None
    zone: str = "UTC"
    board: Map | None = None   # the powers' titles (power_name)


def render_unattended(ctx: UnattendedContext, viewer_zone: str | None = None) -> Rendered:
    return render("unattended.j2", judge=ctx.judge, game=ctx.game, phase=ctx.phase, gm=ctx.gm,
                  back=[power_name(p, ctx.board) for p in ctx.back], deadline=ctx.deadline, zone=ctx.zone,
                  viewer_zone=viewer_zone)


def gm_note(name: str, **values: Any) -> str:
    """The note ``name`` of ``templates/_gm_notes.j2`` on one line: what a GM's command does, or why not."""
    macro = getattr(environment().get_template("_gm_notes.j2").module, name)
    return _SPACE_BEFORE_STOP.sub(r"\1", " ".join(str(macro(**values)).split()))
