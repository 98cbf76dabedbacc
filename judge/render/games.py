"""Mails about games as a whole: LIST, SUMMARY, HELP, the start and the end of a game.

Each function takes one plain dataclass (and, where a deadline is shown, the
reader's time zone) and returns a :class:`~judge.render.env.Rendered`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from judge.engine.geography import Map
from judge.engine.state import GameState, Phase
from judge.render.env import Rendered, render, section_text
from judge.render.words import UnitWords, owner_name, power_name, unit_words


@dataclass(frozen=True, slots=True)
class GameListing:
    """One game in a LIST: ``phase`` None while forming; ``wanted`` players still wanted."""

    name: str
    variant: str
    phase: Phase | None = None
    state: str = "active"
    deadline: datetime | None = None
    zone: str = "UTC"
    wanted: int = 0
    labels: str = ""   # njudge's comment and numbers (SET COMMENT, SET BN ...)


@dataclass(frozen=True, slots=True)
class ListContext:
    judge: str
    games: Sequence[GameListing] = ()


def render_list(ctx: ListContext, viewer_zone: str | None = None) -> Rendered:
    """The games on this judge; deadlines in the reader's zone if known, else each game's."""
    return render("list.j2", judge=ctx.judge, games=sorted(ctx.games, key=lambda g: g.name),
                  viewer_zone=viewer_zone)


@dataclass(frozen=True, slots=True)
class SummaryRow:
    """One phase of the history and the centres each power held after it."""

    phase: Phase
    centers: Mapping[str, int]


@dataclass(frozen=True, slots=True)
class SummaryContext:
    """A game's history on one page: who plays what, and centre counts phase by phase.

    ``players`` maps a power to how its player is shown (leave a power out to
    hide it); ``powers`` gives the column order.
    """

    judge: str
    game: str
    variant: str
    powers: Sequence[str]
    rows: Sequence[SummaryRow] = ()
    players: Mapping[str, str] = field(default_factory=dict)
    state: str = "active"
    hidden: bool = False   # the game is over but the reader is no player or GM of it: addresses are not shown
    board: Map | None = None   # the powers' titles (the ``power`` filter)


def render_summary(ctx: SummaryContext) -> Rendered:
    return render("summary.j2", judge=ctx.judge, game=ctx.game, variant=ctx.variant,
                  powers=list(ctx.powers), rows=ctx.rows,
                  players=[(p, ctx.players[p]) for p in ctx.powers if p in ctx.players], state=ctx.state,
                  hidden=ctx.hidden, board=ctx.board)


@dataclass(frozen=True, slots=True)
class HelpSection:
    """One part of HELP: who may use its commands (``title``), the kinds of command in the order shown
    (``judge.reading.language.AUDIENCE``), and the commands of other parts this one's users may use too."""

    title: str
    kinds: Sequence[str]
    also: Sequence[str] = ()


@dataclass(frozen=True, slots=True)
class VariantLine:
    """A variant a game may be created with: its name for CREATE, its title, its number of powers."""

    name: str
    title: str
    powers: int


@dataclass(frozen=True, slots=True)
class HelpContext:
    """HELP: the judge's name and address, and what it offers, from the judge itself (the commands by
    who may use them, the variants it has); the mail holds every command itself (a player by mail cannot
    open the judge's docs/commands.md)."""

    judge: str
    address: str
    sections: Sequence[HelpSection] = ()
    variants: Sequence[VariantLine] = ()
    #: the GM decisions (``GM ...`` usages) of the game the sender signed on to; None outside a game
    gm_actions: Sequence[str] | None = None
    #: how the orders of the game the sender signed on to are written (``Ruleset.form_notes``)
    form_notes: Sequence[str] = ()


def render_help(ctx: HelpContext) -> Rendered:
    return render("help.j2", judge=ctx.judge, address=ctx.address, sections=list(ctx.sections),
                  variants=list(ctx.variants), gm_actions=ctx.gm_actions, form_notes=list(ctx.form_notes))


@dataclass(frozen=True, slots=True)
class GameStartContext:
    """The announcement that a game has begun, to each player, the GM and observers.

    ``state`` is the opening position; ``players`` power → how its player is
    shown (leave out to keep players secret); ``power`` the recipient's own
    power (None for the GM and observers); ``press`` none, white or grey;
    ``notes`` lines for this reader (how the powers were assigned).  ``role``
    (``"GM"`` or ``"OBSERVER"``) says whose copy a mail without a power is: an
    address that is both GM and player gets one of each, each saying which.
    """

    judge: str
    game: str
    variant: str
    board: Map
    state: GameState
    players: Mapping[str, str] = field(default_factory=dict)
    power: str | None = None
    press: str = "white"
    deadline: datetime | None = None
    zone: str = "UTC"
    notes: Sequence[str] = ()
    role: str | None = None
    takeover: bool = False   # a replacement's copy (APPROVE): the position now, not the start
    treasury: int | None = None   # the reader's own treasury, in a game with money (Payola); never another's


@dataclass(frozen=True, slots=True)
class CentreLine:
    """One owner's supply centres, by name ("" owner: the neutral ones)."""

    owner: str
    centres: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class PowerUnits:
    power: str
    player: str
    units: tuple[UnitWords, ...]


def render_game_start(ctx: GameStartContext, viewer_zone: str | None = None, map_cid: str = "") -> Rendered:
    """The start mail; its HTML part shows the opening map by ``map_cid`` (the picture the mail carries)."""
    found = ctx.board.powers.get(ctx.power or "")
    own = [u for p in _positions(ctx) if ctx.power and p.power == owner_name(ctx.board, ctx.power) for u in p.units]
    return render("game_start.j2", judge=ctx.judge, game=ctx.game, variant=ctx.variant,
                  phase=ctx.state.phase, positions=_positions(ctx),
                  power=power_name(ctx.power, ctx.board) if ctx.power else None, press=ctx.press,
                  deadline=ctx.deadline, zone=ctx.zone, viewer_zone=viewer_zone, notes=list(ctx.notes),
                  role=ctx.role, letter=found.letter if found is not None else "", own_units=own,
                  centres=_centres(ctx), takeover=ctx.takeover, map_cid=map_cid, treasury=ctx.treasury)


def _centres(ctx: GameStartContext) -> list[CentreLine]:
    """Every supply centre under its owner (powers by name, then the neutral ones), names sorted."""
    board, owned = ctx.board, {c: p for p, cs in ctx.state.centers.items() for c in cs}
    lines = [CentreLine(owner_name(board, p), tuple(sorted(board.provinces[c].name for c in cs
                                                         if c in board.provinces)))
             for p, cs in sorted(ctx.state.centers.items(), key=lambda pc: owner_name(board, pc[0])) if cs]
    neutral = tuple(sorted(board.provinces[c].name for c in board.centers if c not in owned))
    return lines + ([CentreLine("", neutral)] if neutral else [])


def _positions(ctx: GameStartContext) -> list[PowerUnits]:
    powers = set(ctx.state.units) | set(ctx.players)
    return [PowerUnits(owner_name(ctx.board, p), ctx.players.get(p, ""),
                       tuple(sorted((unit_words(ctx.board, u) for u in ctx.state.units.get(p, ())),
                                    key=lambda u: (u.type, u.place.name))))
            for p in sorted(powers, key=lambda p: (p not in ctx.board.powers, owner_name(ctx.board, p)))]


@dataclass(frozen=True, slots=True)
class GameEndContext:
    """The end of a game.

    ``reason`` is ``victory`` (``winners`` holds the winner), ``draw``
    (``winners`` the powers sharing it) or ``terminated`` (by the GM);
    ``agreed`` the powers whose votes ended it (SET DRAW, SET CONCEDE), if any;
    ``phase`` the last phase played (None: the GM ended it before any).
    ``centers`` gives the final counts; ``players`` reveals who played what.
    """

    judge: str
    game: str
    variant: str
    phase: Phase | None
    reason: str
    winners: Sequence[str] = ()
    centers: Mapping[str, int] = field(default_factory=dict)
    players: Mapping[str, str] = field(default_factory=dict)
    #: a variant's own section of the mail (its template and values), public like the rest
    extra: Mapping[str, Any] = field(default_factory=dict)
    extra_template: str = ""
    agreed: Sequence[str] = ()
    board: Map | None = None   # the powers' titles (power_name)


def render_game_end(ctx: GameEndContext) -> Rendered:
    named = {p: power_name(p, ctx.board) for p in set(ctx.centers) | set(ctx.players)}
    powers = sorted(named, key=lambda p: (-ctx.centers.get(p, 0), named[p]))
    rows = [(named[p], ctx.centers.get(p, 0), ctx.players.get(p, "")) for p in powers]
    values = dict(judge=ctx.judge, game=ctx.game, variant=ctx.variant, phase=ctx.phase, reason=ctx.reason,
                  winners=[power_name(p, ctx.board) for p in ctx.winners], rows=rows, extra=ctx.extra,
                  extra_template=ctx.extra_template, agreed=[power_name(p, ctx.board) for p in ctx.agreed])
    return render("game_end.j2", **values, extra_text=section_text(ctx.extra_template, values))


@dataclass(frozen=True, slots=True)
class RuleLine:
    """One rule option of a game: its value now, the variant's default, what it takes and decides."""

    name: str
    value: str
    default: str
    allowed: str
    note: str = ""


@dataclass(frozen=True, slots=True)
class DecisionLine:
    """One decision the GM may make (``GM usage``): what it decides and what holds now ("" to hide it)."""

    usage: str
    summary: str
    current: str = ""


@dataclass(frozen=True, slots=True)
class RulesContext:
    """RULES and SET RULE: a game's rule options and the GM's decisions its variant offers."""

    judge: str
    game: str
    variant: str
    options: Sequence[RuleLine] = ()
    decisions: Sequence[DecisionLine] = ()
    #: (centre's name, value) where the variant gives centres a value (``Ruleset.centre_values``)
    values: Sequence[tuple[str, int]] = ()


def render_rules(ctx: RulesContext) -> Rendered:
    return render("rules.j2", judge=ctx.judge, game=ctx.game, variant=ctx.variant, options=ctx.options,
                  decisions=ctx.decisions, values=ctx.values)
