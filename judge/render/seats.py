"""Notices about who holds a seat: a GM's change to a player's seat, the requests for a vacant power.

A GM who has sent ``BECOME power`` may reset that player's password or move
his address (njudge's master does so for a player who lost his password); the
player is told at his address, never the new password.  A request to take
over a vacant power (``JOIN … AS``) is numbered, so that the GM's ``APPROVE``
names the one he read about (issue 31).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from judge.render.env import Rendered, render


@dataclass(frozen=True, slots=True)
class SeatChangedContext:
    """The GM changed ``what`` ("password" or "address") of the seat of ``power``; ``address``: the new one."""

    judge: str
    game: str
    power: str
    what: str
    when: datetime
    address: str = ""


def render_seat_changed(ctx: SeatChangedContext) -> Rendered:
    return render("seat_changed.j2", judge=ctx.judge, game=ctx.game, power=ctx.power, what=ctx.what, when=ctx.when,
                  address=ctx.address)


@dataclass(frozen=True, slots=True)
class TakeoverRequest:
    """One request to take over a vacant power: its number in the game, the power, who asked and when (None: not
    known, a request kept before requests were numbered)."""

    number: int
    power: str
    address: str
    when: datetime | None


@dataclass(frozen=True, slots=True)
class RequestNoticeContext:
    """To the GM: the requests one mail made (``new``) and every request still waiting for those powers."""

    judge: str
    game: str
    new: Sequence[TakeoverRequest]
    waiting: Sequence[TakeoverRequest]


def render_request_notice(ctx: RequestNoticeContext) -> Rendered:
    powers = sorted({r.power for r in ctx.new})
    return render("takeover_request.j2", judge=ctx.judge, game=ctx.game, new=list(ctx.new), powers=powers,
                  waiting={p: [r for r in ctx.waiting if r.power == p] for p in powers})
