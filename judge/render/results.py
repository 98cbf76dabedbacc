"""The result mail of one phase, in the njudge layout players and mapping tools read.

Build a :class:`ResultsContext` once per phase (usually with
:func:`results_context` from the engine's ``PhaseOutcome``), then call
:func:`render_results` once per recipient: secret lines are left out for
viewers not entitled to them, and the deadline is shown in the game's zone and
the reader's own.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from judge.engine.adjustments import free_build_sites
from judge.engine.geography import Map
from judge.engine.orders import (
    Build, Convoy, Disband, Hold, Move, Remove, Retreat, Support, Unit, Waive,
)
from judge.engine.results import VOID, ImpliedDisband, ImpliedHold, OrderResult, PhaseOutcome
from judge.engine.standing import Standing
from judge.engine.state import MOVEMENT, Dislodged, GameState, Phase
from judge.engine.variant import Variant
from judge.render.env import Rendered, html_twin, render, section_text
from judge.render.standing import standing_words
from judge.render.secrecy import GM, OBSERVER, Secret, Viewer, hide_powers, may_see, reveal, reveal_all, unwrap, visibility
from judge.render.words import (
    OrderWords, Place, UnitWords, known_types, named_reason, order_words, owner_name, place, power_adjective,
    unit_words, words_of,
)


@dataclass(frozen=True, slots=True)
class ResultsContext:
    """What a phase's result mail reports, for every viewer at once.

    ``phase`` is the phase just played; ``state`` the position after it (its
    phase is the next one, its centres the new ownership, its ``dislodged`` the
    units that will retreat).  ``results`` and ``dislodged`` come from the
    engine's outcome; any item, and any line of ``notes`` (variant facts such
    as bribes), may be wrapped in :class:`Secret`.  ``deadline`` (aware, or
    naive UTC) is the next phase's; ``zone`` the game's IANA zone.
    ``show_centers`` adds the ownership and adjustment section, with
    ``adjustments`` (power → builds, negative for removals; centres − units
    when None).  ``finished`` leaves out the next phase.  A variant's own
    sections (statuses, attacks, scores) are ``extra``, written by the
    template ``extra_template`` after the notes; any value in it, at any
    depth, may be a :class:`Secret`.  ``head_template``, if given, writes
    from the same ``extra`` right under the title, before the order list (a
    variant whose results read as its rules text prints them: Europe 1615's
    2013-08 adjudication sheet).  ``unused_builds`` (power → builds it
    neither made nor waived by the deadline) is said under the orders as
    njudge says it: ``1 build pending.`` while a home centre was left free
    for them, else (the power in ``unusable_builds``) ``1 unusable build waived.``
    ``picture_results``, if given, are the orders the map picture draws where
    ``results`` is left empty because a ``head_template`` lists them instead.
    ``earlier``, given once the game is ``finished``, holds each phase played
    before this one with the JSON position after it, in playing order: what a
    variant publishes at the end (Payola's charts) is read from the history, so
    that no position has to carry the whole game's past.
    """

    judge: str
    game: str
    variant: str
    board: Map
    phase: Phase
    state: GameState
    results: Sequence[OrderResult | Secret[OrderResult]] = ()
    dislodged: Sequence[Dislodged | Secret[Dislodged]] = ()
    zone: str = "UTC"
    deadline: datetime | None = None
    show_centers: bool = False
    adjustments: Mapping[str, int] | None = None
    notes: Sequence[str | Secret[str]] = ()
    finished: bool = False
    extra: Mapping[str, Any] = field(default_factory=dict)
    extra_template: str | None = None
    head_template: str | None = None
    unused_builds: Mapping[str, int] = field(default_factory=dict)
    unusable_builds: frozenset[str] = frozenset()
    unusable: Mapping[str, int] = field(default_factory=dict)   # builds due with no free home centre (counts)
    removed: Mapping[tuple[str, str], str] = field(default_factory=dict)   # (owner, unit) -> its rules' word
    earlier: Sequence[tuple[str, Mapping[str, Any]]] = ()
    picture_results: Sequence[OrderResult | Secret[OrderResult]] | None = None
    #: (owner, the power that orders its builds, builds due, places) for each owner built for by another power
    builds_for: Sequence[tuple[str, str, int, tuple[str, ...]] | Secret[tuple[str, str, int, tuple[str, ...]]]] = ()
    #: each power's own standing after the phase (``Ruleset.standing``), each a secret of its power
    standing: Sequence[Secret[tuple[str, Standing]]] = ()


@dataclass(frozen=True, slots=True)
class Recipient:
    """What a result mail says of its one reader, when there is something to say.

    ``roles``: every role an address that holds several reads the mail as
    (powers, ``"GM"``, ``"OBSERVER"``); ``disorder``: its powers in civil
    disorder, which the mail tells it how to take back.
    """

    roles: Sequence[str] = ()
    disorder: Sequence[str] = ()


@dataclass(frozen=True, slots=True)
class OrderLine:
    """One line of the orders section; ``visible_to`` None means everyone may read it.

    ``unordered``: a player power's unit had no order (it held, or disbanded
    for want of a retreat), which the line says as njudge does (``No Order
    Processed``).
    """

    power: str
    order: OrderWords
    result: str
    visible_to: frozenset[str] | None = None
    unordered: bool = False
    reason: str = ""   # why a void order was void, in the board's names


@dataclass(frozen=True, slots=True)
class DislodgedLine:
    adjective: str
    unit: UnitWords
    retreats: tuple[Place, ...]
    destroyed: bool
    removal: str = ""   # what its rules say of it, where they let it not retreat (1618: "it is annihilated")


@dataclass(frozen=True, slots=True)
class OwnerLine:
    name: str
    centers: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class CountLine:
    name: str
    centers: int
    units: int
    adjustment: int
    unusable: int = 0   # builds of ``adjustment`` with no free home centre to go to


@dataclass(frozen=True, slots=True)
class CentersSection:
    owners: tuple[OwnerLine, ...]
    unowned: tuple[str, ...]
    counts: tuple[CountLine, ...]
    width: int = 10


def results_context(variant: Variant, played: Phase, outcome: PhaseOutcome, *, judge: str, game: str,
                    zone: str = "UTC", deadline: datetime | None = None,
                    secret: Mapping[str, frozenset[str]] | None = None,
                    notes: Sequence[str | Secret[str]] = (), variant_title: str | None = None,
                    finished: bool = False) -> ResultsContext:
    """A context straight from ``engine.adjudicate``'s outcome.

    ``secret`` maps a power to the viewers who may see its orders and
    dislodged units (e.g. ``{"OTTOMAN": frozenset({"OTTOMAN"})}``).  The
    ruleset decides when centres are shown (its ownership season just ended)
    and what each power is due.
    """
    ruleset, state = variant.ruleset, outcome.state
    ownership = ruleset.ownership_season()
    show = played.season == ownership and state.phase.season != ownership
    powers = set(state.units) | set(state.centers)
    met = ruleset.orders_meet(state)  # the builds as the next phase will count them (2013-08: the year settled)
    adjustments = {p: ruleset.adjustment_count(met, p) for p in powers}
    builds_for = [(b.owner, p, b.due, b.sites) for p in variant.map.powers for b in ruleset.extra_builds(met, p)
                  if b.due > 0]
    adjustments.update({owner: due for owner, _, due, _ in builds_for})
    public = ruleset.picture_alignments(state)  # an alignment the rules keep secret is its power's (2013-08's Ottomans)
    told = [b if public.get(b[0]) == b[1] else Secret(b, frozenset({b[1]})) for b in builds_for]
    return ResultsContext(
        judge=judge, game=game, variant=variant_title or variant.name.title(), board=variant.map,
        phase=played, state=state, results=hide_powers(outcome.results, secret or {}),
        dislodged=hide_powers(outcome.dislodged, secret or {}), zone=zone, deadline=deadline,
        show_centers=show, adjustments=adjustments, unusable=_unusable(variant, met, powers), notes=notes,
        finished=finished, standing=standings(variant, state), builds_for=told if state.phase.kind == "A" or show else (),
        removed={(d.power, str(d.unit)): word for d in outcome.dislodged
                 if (word := ruleset.removal_words(state, d.power, d.unit))})


def _unusable(variant: Variant, met: GameState, powers: set[str]) -> dict[str, int]:
    """Power -> the builds it is due that no free home centre can take (said beside its count)."""
    found = {}
    for power in powers & set(variant.map.powers):
        owed = variant.ruleset.adjustment_count(met, power)
        if owed > 0:
            room = len(free_build_sites(variant, met, power))
            if room < owed:
                found[power] = owed - room
    return found


def standings(variant: Variant, state: GameState) -> list[Secret[tuple[str, Standing]]]:
    """What each power alone may know of its holdings after the phase (Europe 1615's INFs), secret to it."""
    found = ((p, variant.ruleset.standing(state, p)) for p in variant.map.powers)
    return [Secret((p, s), frozenset({p})) for p, s in found if s is not None]


def render_results(ctx: ResultsContext, viewer: Viewer, viewer_zone: str | None = None,
                   recipient: Recipient = Recipient(), map_cid: str = "") -> Rendered:
    """The result mail as ``viewer`` (a power, ``"GM"``, ``"OBSERVER"``, or the set one address holds) may read it.

    Its HTML part (``results.html.j2``) is written from the same values; ``map_cid`` is the Content-ID of
    the map picture this reader's mail carries ("" for none), which the HTML shows inline.
    """
    values: dict[str, Any] = dict(
        judge=ctx.judge, game=ctx.game, variant=ctx.variant, phase=ctx.phase,
        roles=role_names(ctx.board, recipient.roles), disorder=[_seat(ctx.board, p) for p in recipient.disorder],
        next_phase=ctx.state.phase, deadline=ctx.deadline, zone=ctx.zone, viewer_zone=viewer_zone,
        finished=ctx.finished, groups=order_groups(ctx, viewer), dislodged=dislodged_lines(ctx, viewer),
        notes=reveal(ctx.notes, viewer), centers=centers_section(ctx) if ctx.show_centers else None,
        extra=reveal_all(ctx.extra, viewer), extra_template=ctx.extra_template, head_template=ctx.head_template,
        unused_builds=unused_build_lines(ctx), builds_for=builds_for_lines(ctx, viewer),
        standing=[standing_words(ctx.board, p, s) for p, s in reveal(ctx.standing, viewer)])
    twin = html_twin(ctx.extra_template) if ctx.extra_template else None  # the section's own HTML, if it has one
    return render("results.j2", **values, map_cid=map_cid, extra_html=twin,
                  extra_text="" if twin else section_text(ctx.extra_template, values),
                  head_text=section_text(ctx.head_template, values))


def builds_for_lines(ctx: ResultsContext, viewer: Viewer) -> list[tuple[str, str, int, tuple[str, ...], bool]]:
    """(owner's name, ordering power's name, builds due, place names, whether they are ordered in the next phase)."""
    board, ordered_next = ctx.board, ctx.state.phase.kind == "A"
    return [(owner_name(board, owner), owner_name(board, power), due, _names(board, set(sites)), ordered_next)
            for owner, power, due, sites in reveal(ctx.builds_for, viewer)]


def unused_build_lines(ctx: ResultsContext) -> list[tuple[str, int, bool]]:
    """(power's name, builds left, whether no home centre was free for them), in name order."""
    lines = [(owner_name(ctx.board, p), n, p in ctx.unusable_builds) for p, n in ctx.unused_builds.items() if n > 0]
    return sorted(lines)


def role_names(board: Map, roles: Sequence[str]) -> list[str]:
    """Roles for the template to name, the GM first and an observer last: ``GM``, ``France``, ``OBSERVER``."""
    ordered = sorted(roles, key=lambda r: (r != GM, r == OBSERVER))
    return [r if r in (GM, OBSERVER) else owner_name(board, r) for r in ordered]


@dataclass(frozen=True, slots=True)
class SeatWords:
    """A power its reader left in civil disorder: its name and the letter he signs on with."""

    name: str
    letter: str


def _seat(board: Map, power: str) -> SeatWords:
    found = board.powers.get(power)
    return SeatWords(owner_name(board, power), found.letter if found is not None else power[:1])


def order_lines(ctx: ResultsContext) -> list[OrderLine]:
    """Every order line of the phase, each marked with who may read it."""
    known = known_types([unwrap(r).unit for r in ctx.results])
    lines = []
    for item in ctx.results:
        result = unwrap(item)
        words = _words(ctx, result, known)
        lines.append(OrderLine(owner_name(ctx.board, result.power), _with_type(words, result), result.result,
                               visibility(item), _unordered(ctx, result), _void_reason(ctx, result)))
    return lines


def _void_reason(ctx: ResultsContext, result: OrderResult) -> str:
    """Why the phase disregarded an order, as the engine says it, with the board's names (``""`` if not void)."""
    if result.result != VOID or not result.message:
        return ""
    return named_reason(ctx.board, result.message.removeprefix("order void: "))


def _unordered(ctx: ResultsContext, result: OrderResult) -> bool:
    """A player power's unit that had no order; as in njudge, never a unit nobody plays (a minor state's, rebels')."""
    return isinstance(result.value, ImpliedHold) and result.power in ctx.board.powers


_ENGINE_ORDERS = frozenset({Hold, Move, Support, Convoy, Retreat, Disband, Build, Remove, Waive})


def _words(ctx: ResultsContext, result: OrderResult, known: Mapping[str, str]) -> OrderWords:
    """The engine's own order value when the result carries one, rather than parsing its text again.

    Only the engine's own order types: a variant's subclass (Europe 1615's
    minor disband) is worded from its text, as the variant wrote it.
    """
    value = result.value
    if isinstance(value, ImpliedHold) and isinstance(value.unit, Unit):
        implied = Disband if isinstance(value, ImpliedDisband) else Hold
        value = implied(value.unit.type, value.unit.location)
    if type(value) in _ENGINE_ORDERS:
        return words_of(ctx.board, value, known)
    return order_words(ctx.board, result.order, ctx.phase.kind, known)


def order_groups(ctx: ResultsContext, viewer: Viewer) -> list[list[OrderLine]]:
    """The lines ``viewer`` may read, one group per power (powers and units in name order)."""
    groups: dict[str, list[OrderLine]] = {}
    for line in order_lines(ctx):
        if may_see(line.visible_to, viewer):
            groups.setdefault(line.power, []).append(line)
    if ctx.phase.kind == "A":  # adjustments run top to bottom: keep the order they were given in
        return [groups[p] for p in sorted(groups)]
    return [sorted(groups[p], key=_line_key) for p in sorted(groups)]


def _line_key(line: OrderLine) -> tuple[str, str, str, str]:
    unit = line.order.unit
    if unit is None:
        return ("~", "", "", line.order.text)
    return (unit.type, unit.place.name, unit.place.coast, line.order.kind)


def _with_type(words: OrderWords, result: OrderResult) -> OrderWords:
    """Fill in the unit type a player left out from the unit the order went to."""
    kind = result.unit.partition(" ")[0]
    if words.unit is None or words.unit.type or kind not in ("A", "F"):
        return words
    return OrderWords(words.kind, UnitWords(kind, words.unit.place), words.target, words.other, words.text)


def dislodged_lines(ctx: ResultsContext, viewer: Viewer) -> list[DislodgedLine]:
    """The dislodged units ``viewer`` may read; destroyed when they have nowhere to go."""
    if ctx.phase.kind != MOVEMENT:
        return []
    retreating = {(d.power, d.unit) for d in ctx.state.dislodged}
    return [DislodgedLine(power_adjective(ctx.board, d.power), unit_words(ctx.board, d.unit),
                          tuple(place(ctx.board, loc) for loc in d.retreats),
                          (d.power, d.unit) not in retreating, ctx.removed.get((d.power, str(d.unit)), ""))
            for d in reveal(ctx.dislodged, viewer)]


def centers_section(ctx: ResultsContext) -> CentersSection:
    """Who owns which centre, and each power's centres, units and adjustment."""
    board, state = ctx.board, ctx.state
    owned = {p: cs for p, cs in state.centers.items() if cs}
    powers = sorted({p for p, us in state.units.items() if us} | set(owned),
                    key=lambda p: (p not in board.powers, owner_name(board, p)))
    taken = set().union(*owned.values())
    adjustments = ctx.adjustments or {}
    counts = tuple(
        CountLine(owner_name(board, p), len(owned.get(p, ())), state.unit_count(p),
                  adjustments.get(p, len(owned.get(p, ())) - state.unit_count(p)), ctx.unusable.get(p, 0))
        for p in powers)
    return CentersSection(
        owners=tuple(OwnerLine(owner_name(board, p), _names(board, owned[p])) for p in powers if p in owned),
        unowned=_names(board, set(board.centers) - taken), counts=counts,
        width=max([10] + [len(owner_name(board, p)) + 3 for p in powers]))


def _names(board: Map, centers: set[str]) -> tuple[str, ...]:
    return tuple(sorted(place(board, c).name for c in centers))
