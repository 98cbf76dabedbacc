"""The judge's website as HTML: plain data in, pages out (``templates/site/``), escaped for HTML.

``judge publish`` (judge/app/publish.py) gathers what may be shown of each
game and hands it here as the dataclasses below; every page is a Jinja2
template named ``*.html.j2``, which the one environment escapes (``judge.render.env``), so a player's press or a game's text cannot
write markup into a page.  Times are written in words in the game's zone
(``Monday 23 March 2026, 18:00 CET``), each inside a ``<time>`` element that
keeps the exact instant for programs.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from judge.paths import templates_dir
from judge.render.charts import PALETTE, Line, Marker, Series
from judge.render.env import environment, in_words
from judge.render.phasetables import PhaseTables

__all__ = ["PALETTE", "Ending", "GamePage", "GameRow", "InPlay", "Line", "Marker", "PhasePage", "Press", "Seat", "Series",
           "SiteIndex", "Standings", "in_words", "render_game", "render_index", "render_phase", "stylesheet"]

@dataclass(frozen=True)
class Press:
    """A public press message (a broadcast): the sender, or None for grey press."""

    phase: str
    sender: str | None
    body: str


@dataclass(frozen=True)
class PhasePage:
    """One phase: its public results text, its map picture's file name (None: text only), its press.

    ``tables`` are the order, dislodged and centre tables the results mail's
    HTML shows, as the public reads them (``judge.render.phasetables``).

    ``at_end`` is what the rules publish about this phase once the game is
    over, as (title, text) (Payola: its bribe chart), None while the game runs.
    """

    name: str
    title: str
    text: str
    picture: str | None = None
    press: list[Press] = field(default_factory=list)
    previous: str | None = None
    next: str | None = None
    played: datetime | None = None
    at_end: tuple[str, str] | None = None
    tables: PhaseTables | None = None   # the mail's order tables, as kept when it was played (None: text only)


@dataclass(frozen=True)
class Seat:
    """One power as the site shows it: its centres and units now, who holds it (never an address)."""

    power: str
    centres: int
    units: int
    held: str
    scores: tuple[str, ...] = ()
    winner: bool = False


@dataclass(frozen=True)
class Ending:
    """How a game ended: ``kind`` victory, draw, agreement, conceded, terminated or finished (nothing more known);
    ``winners`` and ``agreed`` are power names; ``note`` the rules' own words (Europe 1615: the rule and why)."""

    kind: str
    phase: str | None
    winners: tuple[str, ...] = ()
    agreed: tuple[str, ...] = ()
    note: str = ""


@dataclass(frozen=True)
class InPlay:
    """A running game's phase now: its name in words, its deadline (None: none set), the powers whose orders are
    not all in (``passed``: the deadline is past, so they are late), the end of the grace period if any."""

    phase: str
    words: str
    deadline: datetime | None
    passed: bool
    waiting: tuple[str, ...]
    paused: bool = False
    grace_end: datetime | None = None


@dataclass(frozen=True)
class Standings:
    """The powers' table: the variant's own score columns (VPs, rounds won) after centres, one row per power."""

    columns: tuple[str, ...]
    seats: tuple[Seat, ...]


@dataclass(frozen=True)
class GamePage:
    """A game's page: what it is, its phases in playing order, its charts and its public press.

    ``standings`` is the table of powers (final once the game is over),
    ``ending`` how it ended, ``in_play`` a running game's phase and deadline.
    """

    name: str
    variant: str
    status: str
    phases: list[PhasePage]
    charts: list[Series]
    press: list[Press]
    zone: str = "UTC"
    standings: Standings | None = None
    ending: Ending | None = None
    in_play: InPlay | None = None
    #: each power's colour on the map, under the name the page gives it: the swatch beside its name in the tables
    colours: dict[str, str] = field(default_factory=dict)

    @property
    def current(self) -> PhasePage | None:
        """The last phase played, whose map (the position it left) the game's page opens with; None before any."""
        return self.phases[-1] if self.phases else None


@dataclass(frozen=True)
class GameRow:
    """A game as the index lists it: kept in the site's manifest, so an unchanged game is listed unread."""

    name: str
    variant: str
    status: str
    phases: int
    last: str | None = None
    played: datetime | None = None
    zone: str = "UTC"
    thumb: str | None = None   # the small picture of its last phase, relative to the site (None: none)

    @classmethod
    def of(cls, page: GamePage, thumb: str | None = None) -> GameRow:
        last = page.current
        return cls(page.name, page.variant, page.status, len(page.phases), last and last.name,
                   last and last.played, page.zone, thumb)

    def to_json(self) -> dict[str, object]:
        return {"name": self.name, "variant": self.variant, "status": self.status, "phases": self.phases,
                "last": self.last, "played": None if self.played is None else self.played.isoformat(),
                "zone": self.zone, "thumb": self.thumb}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> GameRow:
        played = data.get("played")
        return cls(str(data["name"]), str(data["variant"]), str(data["status"]), int(data["phases"]),
                   data.get("last"), None if played is None else datetime.fromisoformat(played),
                   str(data.get("zone", "UTC")), data.get("thumb"))


@dataclass(frozen=True)
class SiteIndex:
    """The index: every published game, with the judge's name and when the site was written."""

    judge: str
    written: datetime
    games: list[GameRow]


def _render(name: str, **variables: object) -> str:
    return environment().get_template(f"site/{name}").render(**variables)


def render_index(index: SiteIndex) -> str:
    return _render("index.html.j2", site=index, root="")


def render_game(index: SiteIndex, game: GamePage) -> str:
    return _render("game.html.j2", site=index, game=game, root="../")


def render_phase(index: SiteIndex, game: GamePage, phase: PhasePage) -> str:
    return _render("phase.html.j2", site=index, game=game, phase=phase, root="../")


def stylesheet() -> str:
    """The site's one stylesheet, as kept in ``templates/site/style.css``."""
    return (templates_dir() / "site" / "style.css").read_text(encoding="utf-8")
