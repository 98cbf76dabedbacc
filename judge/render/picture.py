"""``phase_picture``: the map of one phase, as one viewer may see it, in PNG or SVG.

This is the one entry for a picture of a game: the result mails, HISTORY,
``judge map picture`` and anything else that shows a phase call it with the
phase's :class:`ResultsContext`.  Secret results (Ottoman orders, foreign
orders that did not count, a variant's hidden lines) are wrapped in
:class:`Secret` in the context and are revealed here per viewer, exactly as
the result mail does, so a picture never shows what its reader's text hides.
"""

from __future__ import annotations

from collections.abc import Sequence

from judge.attachment import Attachment
from judge.engine.boardmarks import StateMark
from judge.engine.results import OrderResult
from judge.engine.state import Dislodged, GameState, Phase
from judge.engine.variant import Variant
from judge.render.env import render
from judge.render.geometry import variant_geometry
from judge.render.results import ResultsContext
from judge.render.scene import build_scene
from judge.render.sceneparts import Scene, Words
from judge.render.secrecy import OBSERVER, Secret, Viewer, may_see, reveal

FORMATS = {"PNG": ("image/png", "png"), "SVG": ("image/svg+xml", "svg")}


#: a drawn phase: its file name, bytes and MIME type, as a mail attaches it
Picture = Attachment


def drawn_results(ctx: ResultsContext) -> Sequence[OrderResult | Secret[OrderResult]]:
    """The orders the picture draws: the mail's order list, or the report's own when a sheet replaces it."""
    return ctx.picture_results if ctx.picture_results is not None else ctx.results


def has_picture(variant: Variant) -> bool:
    """Whether the variant's map has geometry to draw on (else its results go out as text only)."""
    return variant_geometry(variant.name) is not None


def opening_picture(variant: Variant, game: str, state: GameState, fmt: str = "PNG") -> Picture | None:
    """The board as a game starts (its "game has started" mail): units and centres, no orders yet; None
    without geometry.  The opening position is public, so every reader gets the same picture."""
    ctx = ResultsContext("", game, variant.name, variant.map, state.phase, state)
    return phase_picture(variant, ctx, OBSERVER, fmt, opening=True)


def phase_picture(variant: Variant, ctx: ResultsContext, viewer: Viewer, fmt: str = "PNG",
                  opening: bool = False) -> Picture | None:
    """The map after ``ctx``'s phase with its orders as arrows, as ``viewer`` may see it; None without geometry.

    ``fmt`` is ``PNG`` or ``SVG``.  ``viewer`` is a power, ``GM`` or ``OBSERVER`` (or the set of
    them one address holds).  ``opening``: the position before ``ctx``'s phase is played (the legend
    says so).
    """
    scene = phase_scene(variant, ctx, viewer, opening)
    if scene is None:
        return None
    mime, extension = FORMATS[fmt.upper()]
    if extension == "png":
        from judge.render.png import paint_png
        data = paint_png(scene)
    else:
        from judge.render.svg import paint_svg
        data = paint_svg(scene)
    name = f"{ctx.game}-{'start' if opening else ctx.phase}.{extension}"
    return Picture(name, data, mime, content_id=f"{name}@map.judge")  # the Content-ID an HTML part shows it by


def phase_scene(variant: Variant, ctx: ResultsContext, viewer: Viewer, opening: bool = False) -> Scene | None:
    """What :func:`phase_picture` draws, before painting (tests measure it); None without geometry."""
    geometry = variant_geometry(variant.name)
    if geometry is None:
        return None
    results = [r for r in reveal(drawn_results(ctx), viewer) if isinstance(r, OrderResult)]
    dislodged = [d for d in reveal(ctx.dislodged, viewer) if isinstance(d, Dislodged)]
    ruleset = variant.ruleset
    return build_scene(geometry, ctx.board, ctx.state, results, dislodged,
                       picture_words(ctx.game, ctx.phase, opening), visible_states(ruleset.picture_states(ctx.state),
                                                                                    viewer),
                       ruleset.picture_marks(ctx.state), ruleset.picture_corner(ctx.state))


def picture_words(game: str, phase: Phase, opening: bool = False) -> Words:
    """The title and the legend's words (``templates/picture/legend.j2``)."""
    words = render("picture/legend.j2", game=game, phase=phase, opening=opening)
    keys = dict(line.split(" = ", 1) for line in words.body.splitlines() if " = " in line)
    return Words(words.subject, keys)


def visible_states(marks: Sequence[StateMark], viewer: Viewer) -> list[StateMark]:
    """Each state's last mark ``viewer`` may see (a secret one replaces the public one for its readers)."""
    shown: dict[str, StateMark] = {}
    for mark in marks:
        if may_see(mark.visible_to, viewer):
            shown[mark.state] = mark
    return list(shown.values())
