"""HISTORY in njudge's layout, the one programs written for the classic judges read.

An njudge history is one ``:: Judge: … Game: … Variant: …`` header, then each
phase's results under its own ``Date:`` and ``Subject:`` lines: an importer
(jDip's "import judge game") splits the history at each such pair and takes
the phase from the subject (``Subject: demojudge:demo - S1901M Results``).
Each result text is the archived public view, without its own ``::`` lines.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from judge.render.env import Rendered, render


@dataclass(frozen=True, slots=True)
class HistoryEntry:
    """One phase played: its name (``S1901M``), when it was processed and its archived results text."""

    phase: str
    processed_at: datetime
    text: str


@dataclass(frozen=True, slots=True)
class HistoryContext:
    """A game's history from its first entry to its last (there is at least one)."""

    judge: str
    game: str
    variant: str
    entries: Sequence[HistoryEntry]


def judge_code(name: str) -> str:
    """The judge's name as njudge's subject lines carry it: letters and digits only ("demo-judge" → "demojudge").

    Importers read ``Subject: JUDGE:game`` with the judge as one word of
    letters (and digits), as the classic judges' codes are (USEF, DEDO).
    """
    code = "".join(c for c in name if c.isascii() and c.isalnum())
    return code or "judge"


def without_header(text: str) -> str:
    """A result text without its leading ``::`` lines and the blank lines after them."""
    lines = text.splitlines(keepends=True)
    start = 0
    while start < len(lines) and lines[start].startswith("::"):
        start += 1
    while start < len(lines) and not lines[start].strip():
        start += 1
    return "".join(lines[start:])


def render_history(ctx: HistoryContext) -> Rendered:
    entries = [HistoryEntry(e.phase, e.processed_at, without_header(e.text)) for e in ctx.entries]
    return render("history.j2", judge=ctx.judge, code=judge_code(ctx.judge), game=ctx.game, variant=ctx.variant,
                  entries=entries)
