"""The judge's website as HTML: plain data in, pages out (``templates/site/``), escaped for HTML.

``judge publish`` (judge/app/publish.py) gathers what may be shown of each
game and hands it here as the dataclasses below; every page is a Jinja2
template with autoescaping, so a player's press or a game's text cannot
write markup into a page.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

from jinja2 import Environment, FileSystemLoader, StrictUndefined, select_autoescape

from judge.paths import templates_dir

#: colours of the chart lines of powers the map gives none (``Series.colours``), in the order they are listed
PALETTE = ("#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b", "#e377c2", "#17becf", "#7f7f7f",
           "#bcbd22")


@dataclass(frozen=True)
class Press:
    """A public press message (a broadcast): the sender, or None for grey press."""

    phase: str
    sender: str | None
    body: str


@dataclass(frozen=True)
class PhasePage:
    """One phase: its public results text, its map picture's file name (None: text only), its press."""

    name: str
    title: str
    text: str
    picture: str | None = None
    press: list[Press] = field(default_factory=list)
    previous: str | None = None
    next: str | None = None


@dataclass(frozen=True)
class Series:
    """A number per power over time (centres, VPs, INFs): ``points[power]`` has one value per label (None: unknown)."""

    title: str
    labels: list[str]
    points: dict[str, list[int | None]]
    #: each power's colour, as its map pictures show it, so the chart and the map agree
    colours: dict[str, str] = field(default_factory=dict)

    def polylines(self, width: int = 600, height: int = 220, pad: int = 30) -> list[tuple[str, str, str]]:
        """(power, colour, SVG points) of each power's line, scaled to the chart."""
        top = max([v for vs in self.points.values() for v in vs if v is not None] + [1])
        lines = []
        for i, (power, values) in enumerate(sorted(self.points.items())):
            xy = [f"{x:.1f},{height - pad - (v / top) * (height - 2 * pad):.1f}"
                  for x, v in zip(self._xs(width, pad), values) if v is not None]
            lines.append((power, self.colours.get(power, PALETTE[i % len(PALETTE)]), " ".join(xy)))
        return lines

    def ticks(self, width: int = 600, pad: int = 30, most: int = 12) -> list[tuple[float, str]]:
        """The labels written under the time axis, and where: every one, or every k-th when they would crowd.

        >>> Series("Supply centres", ["start", "1901", "1902"], {}).ticks()
        [(30.0, 'start'), (300.0, '1901'), (570.0, '1902')]
        >>> len(Series("Supply centres", [str(y) for y in range(1901, 1941)], {}).ticks())
        10
        """
        every = -(-len(self.labels) // most)
        return [(x, label) for n, (x, label) in enumerate(zip(self._xs(width, pad), self.labels)) if n % every == 0]

    def _xs(self, width: int, pad: int) -> list[float]:
        step = (width - 2 * pad) / max(len(self.labels) - 1, 1)
        return [pad + n * step for n in range(len(self.labels))]

    @property
    def top(self) -> int:
        return max([v for vs in self.points.values() for v in vs if v is not None] + [1])


@dataclass(frozen=True)
class GamePage:
    """A game's page: what it is, its phases in playing order, its charts and its public press."""

    name: str
    variant: str
    status: str
    phases: list[PhasePage]
    charts: list[Series]
    press: list[Press]


@dataclass(frozen=True)
class SiteIndex:
    """The index: every published game, with the judge's name and when the site was written."""

    judge: str
    written: str
    games: list[GamePage]


@lru_cache(maxsize=4)
def _environment(directory: str) -> Environment:
    env = Environment(loader=FileSystemLoader(directory), undefined=StrictUndefined, trim_blocks=True,
                      lstrip_blocks=True, autoescape=select_autoescape(["html", "j2"]))
    return env


def _render(name: str, **variables: object) -> str:
    return _environment(str(templates_dir() / "site")).get_template(name).render(**variables)


def render_index(index: SiteIndex) -> str:
    return _render("index.html.j2", site=index, root="")


def render_game(index: SiteIndex, game: GamePage) -> str:
    return _render("game.html.j2", site=index, game=game, root="../")


def render_phase(index: SiteIndex, game: GamePage, phase: PhasePage) -> str:
    return _render("phase.html.j2", site=index, game=game, phase=phase, root="../")


def stylesheet() -> str:
    """The site's one stylesheet, as kept in ``templates/site/style.css``."""
    return (templates_dir() / "site" / "style.css").read_text(encoding="utf-8")
