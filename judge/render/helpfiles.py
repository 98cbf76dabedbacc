"""njudge's help files here (``GET file``, ``SEND [ME] file``, ``HELP file``), and WHOGAME's answer.

Each file is a template of ``templates/help/`` written for this judge, listed with a line about it in
``templates/help/files.toml`` (the list ``GET flist`` sends and a refusal names); ``package`` is every other
file in one mail, as njudge's new user package is.
"""

from __future__ import annotations

import tomllib
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from judge.paths import templates_dir
from judge.render.env import Rendered, render
from judge.render.games import VariantLine

__all__ = ["HelpFileContext", "SeatLine", "WhoGameContext", "help_files", "render_help_file", "render_whogame"]

_PACKAGE = "package"


@dataclass(frozen=True, slots=True)
class HelpFileContext:
    """What a help file says of this judge: its name, address and version, and the variants it plays."""

    judge: str
    address: str
    version: str
    variants: Sequence[VariantLine] = ()


@lru_cache(maxsize=4)
def _files(directory: str) -> tuple[tuple[str, str], ...]:
    with open(f"{directory}/help/files.toml", "rb") as kept:
        return tuple((name.lower(), str(text)) for name, text in tomllib.load(kept)["files"].items())


def help_files() -> dict[str, str]:
    """Each help file's name (lower case) and what it holds, in the order ``flist`` lists them."""
    return dict(_files(str(templates_dir())))


def render_help_file(name: str, ctx: HelpFileContext) -> Rendered:
    """The help file ``name`` (one of :func:`help_files`, any case); ``package`` is all of them in one mail."""
    files = help_files()
    wanted = name.lower()
    if wanted not in files:
        raise KeyError(name)
    if wanted == _PACKAGE:
        parts = [(each, render_help_file(each, ctx).body) for each in files if each != _PACKAGE]
        return render("help/package.j2", judge=ctx.judge, parts=parts)
    return render(f"help/{wanted}.j2", judge=ctx.judge, address=ctx.address, version=ctx.version,
                  variants=ctx.variants, files=files, file=wanted)


@dataclass(frozen=True, slots=True)
class SeatLine:
    """One power of a game in WHOGAME's answer: its name and its seat's state, never its player's address."""

    power: str
    state: str


@dataclass(frozen=True, slots=True)
class WhoGameContext:
    """WHOGAME game [FULL]: each power's seat; with FULL, how many observe and how many requests wait."""

    judge: str
    game: str
    variant: str
    status: str
    seats: Sequence[SeatLine]
    full: bool = False
    observers: int = 0
    requests: int = 0


def render_whogame(ctx: WhoGameContext) -> Rendered:
    return render("whogame.j2", ctx=ctx, judge=ctx.judge)
