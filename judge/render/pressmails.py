"""The mails of njudge's press (issue 33): the GM's copy of press between others, postal press, a diary."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from judge.engine.state import Phase
from judge.render.env import Rendered, render

__all__ = ["DiaryContext", "DiaryEntry", "PostalEntry", "PostalPressContext", "PressCopyContext", "render_diary",
           "render_postal_press", "render_press_copy"]


@dataclass(frozen=True, slots=True)
class PressCopyContext:
    """The GM's copy of press between others: its true ``sender`` and ``real`` recipients (names as written in
    a mail), and what its readers saw (``shown``: "a broadcast" or the names the header gave)."""

    judge: str
    game: str
    phase: Phase
    body: str
    sender: str
    real: Sequence[str]
    shown: str


def render_press_copy(ctx: PressCopyContext) -> Rendered:
    return render("press_copy.j2", judge=ctx.judge, game=ctx.game, phase=ctx.phase, body=ctx.body.rstrip("\n"),
                  sender=ctx.sender, real=list(ctx.real), shown=ctx.shown)


@dataclass(frozen=True, slots=True)
class PostalEntry:
    sender: str   # "France", "the GM"
    body: str


@dataclass(frozen=True, slots=True)
class PostalPressContext:
    """The postal press of a phase just played, sent with its results."""

    judge: str
    game: str
    phase: str
    entries: Sequence[PostalEntry]


def render_postal_press(ctx: PostalPressContext) -> Rendered:
    return render("postal_press.j2", judge=ctx.judge, game=ctx.game, phase=ctx.phase,
                  entries=[{"from": e.sender, "body": e.body} for e in ctx.entries])


@dataclass(frozen=True, slots=True)
class DiaryEntry:
    n: int
    at: str        # when it was written, as stored ("2026-03-23T11:00+00:00")
    phase: str     # the phase then ("" before the start)
    body: str


@dataclass(frozen=True, slots=True)
class DiaryContext:
    """A diary: its list or one entry for its writer (``mode`` "list" or "read"), or all of it once the game is
    over ("published")."""

    judge: str
    game: str
    mode: str
    writer: str
    entries: Sequence[DiaryEntry]


def render_diary(ctx: DiaryContext) -> Rendered:
    return render("diary.j2", judge=ctx.judge, game=ctx.game, mode=ctx.mode, writer=ctx.writer,
                  entries=list(ctx.entries))
