"""The map picture in each reader's result mail (and "game has started" mail), in the format he chose
(``SET MAP PNG|SVG|NONE``).

The choice is kept in ``game.extra["map_format"]`` by power (or ``GM``).  Each
picture is drawn from the phase's :class:`ResultsContext` as its reader may see
it (``judge.render.picture``), once per distinct view and format.  A variant
whose map has no geometry sends text only, and its GM is told once.
"""

from __future__ import annotations

import json
from functools import lru_cache

from judge.engine.codec import state_from_json
from judge.engine.discretion import Overrides
from judge.engine.variant import Variant
from judge.render import OBSERVER, ResultsContext
from judge.render.picture import Picture, drawn_results, has_picture, opening_picture, phase_picture
from judge.render.secrecy import may_see, visibility
from judge.store import Attachment, Game
from judge.turns.gameview import variant_of
from judge.turns.notify import Addressee, Reader, gm_reader, notify
from judge.variants import load_variant

MAP_FORMATS = ("PNG", "SVG", "NONE")
DEFAULT_FORMAT = "PNG"


def map_format(game: Game, viewer: str) -> str:
    """The format ``viewer`` (a power or ``GM``) chose with SET MAP; PNG unless he chose another."""
    chosen = game.extra.get("map_format", {})
    value = chosen.get(viewer) if isinstance(chosen, dict) else None
    return value if value in MAP_FORMATS else DEFAULT_FORMAT


def set_map_format(game: Game, viewer: str, fmt: str) -> None:
    chosen = game.extra.get("map_format")
    if not isinstance(chosen, dict):
        chosen = game.extra["map_format"] = {}
    chosen[viewer] = fmt


class ResultPictures:
    """One phase's pictures for its readers, each drawn once per distinct view and format."""

    def __init__(self, judge_name: str, game: Game, ctx: ResultsContext) -> None:
        self.judge_name, self.game, self.ctx = judge_name, game, ctx
        self.variant = variant_of(game)
        self.drawn: dict[tuple[tuple[bool, ...], str], Picture | None] = {}

    def attachments(self, each: Addressee) -> list[Attachment]:
        """What an address's result mail carries: the picture it may see, or nothing (NONE, or no geometry).

        The format is the one its GM role chose, else its first power's.
        """
        main = each.main.viewer
        fmt = map_format(self.game, main) if main != OBSERVER else DEFAULT_FORMAT
        if fmt == "NONE" or not has_picture(self.variant):
            return []
        view = tuple(may_see(visibility(item), each.viewer) for item in (*drawn_results(self.ctx), *self.ctx.dislodged))
        key = (view, fmt)
        if key not in self.drawn:
            self.drawn[key] = phase_picture(self.variant, self.ctx, each.viewer, fmt)
        picture = self.drawn[key]
        return [] if picture is None else [picture]

    def tell_gm_if_none(self) -> None:
        """Once per game: the GM learns that his variant's results go out without a map."""
        if has_picture(self.variant) or self.game.extra.get("no_map_told"):
            return
        self.game.extra["no_map_told"] = True
        notify(self.game, self.judge_name, f"No map pictures in {self.game.name}",
               [f"The map of the variant '{self.variant.name}' has no geometry (docs/map-format.md, "
                "'Seeds files'), so its results are mailed as text only."], to=[gm_reader(self.game)])


class OpeningPictures:
    """The starting position in each reader's "game has started" mail, in the format he chose (the GM may
    have sent SET MAP before START; players get PNG), drawn once per format: the opening is public."""

    def __init__(self, game: Game, variant: Variant) -> None:
        """``game`` has just started: its state is the opening position."""
        self.game, self.variant = game, variant
        self.drawn: dict[str, Picture | None] = {}

    def attachments(self, reader: Reader) -> list[Attachment]:
        fmt = map_format(self.game, reader.viewer) if reader.viewer != OBSERVER else DEFAULT_FORMAT
        if fmt == "NONE" or not has_picture(self.variant):
            return []
        if fmt not in self.drawn:
            position = json.dumps(self.game.state, sort_keys=True)
            self.drawn[fmt] = _opening(self.variant.name, self.variant.overrides, self.game.name, position, fmt)
        picture = self.drawn[fmt]
        return [] if picture is None else [picture]


@lru_cache(maxsize=8)
def _opening(variant: str, overrides: Overrides, game: str, position: str, fmt: str) -> Picture | None:
    """An opening drawn once per process: every game of a variant starts alike (and the tests start many)."""
    chosen = load_variant(variant, overrides)
    return opening_picture(chosen, game, state_from_json(chosen, json.loads(position)), fmt)
