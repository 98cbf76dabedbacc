"""Short notices about a game: a new deadline, a pause, a rollback, a player gone or joined.

Events like these need a sentence or two, not a layout of their own, so one
template (``templates/notice.j2``) writes the judge header, the lines given
and, if there is one, the deadline in the game's zone and the reader's.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from judge.render.env import Rendered, render


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


def render_join_notice(ctx: JoinNoticeContext) -> Rendered:
    return render("join_notice.j2", judge=ctx.judge, game=ctx.game, joins=list(ctx.joins), taken=ctx.taken,
                  total=ctx.total)
