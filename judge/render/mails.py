"""Mails to one player about their own orders: the reply, status, reminder, late notice, press.

Each function takes one plain dataclass and the reader's own time zone (None
or the game's zone shows the deadline once) and returns a
:class:`~judge.render.env.Rendered` subject and body.  Texts a player sent
(lines, press) are shown as given: mask passwords before passing them in.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from judge.engine.geography import Map
from judge.engine.orders import Build, Order
from judge.engine.standing import Standing
from judge.engine.state import Phase
from judge.render.env import Rendered, render
from judge.render.standing import StandingWords, standing_words
from judge.render.words import TEXT, OrderWords, UnitWords, known_types, power_name, read_order, unit_words, words_of


@dataclass(frozen=True, slots=True)
class OrderSet:
    """A power's current orders for one phase.

    ``orders`` are order texts as stored (abbreviations or words); ``missing``
    the units (``"A PAR"``) that still have no order; ``adjustments_left`` the
    builds (positive) or removals (negative) not yet ordered in an adjustment
    phase.  ``units`` (the power's units) lets the mail fill in a unit type the
    player left out.  ``inputs_left`` names what else the variant still
    expects (``"a vote on Wallenstein"``).
    """

    power: str
    phase: Phase
    orders: Sequence[str] = ()
    missing: Sequence[str] = ()
    adjustments_left: int = 0
    units: Sequence[str] = ()
    inputs_left: Sequence[str] = ()
    #: (most the lines may cost, the power's balance) in a game with money (``Ruleset.money_committed``)
    money: tuple[int, int] | None = None
    #: orders that stand but are likely slips (a support matching no order of one's own unit), one line each
    warnings: Sequence[str] = ()
    #: what the power alone may know of its own holdings (``Ruleset.standing``: Europe 1615's INFs)
    standing: Standing | None = None


@dataclass(frozen=True, slots=True)
class OrderSetView:
    """An :class:`OrderSet` in words, as the ``order_set`` macro reads it."""

    power: str
    phase: Phase
    orders: tuple[OrderWords, ...]
    missing: tuple[UnitWords, ...]
    adjustments_left: int
    inputs_left: tuple[str, ...] = ()
    money: tuple[int, int] | None = None
    warnings: tuple[str, ...] = ()
    standing: StandingWords | None = None


def order_set_view(board: Map, orders: OrderSet) -> OrderSetView:
    """Write an order set out in the map's names."""
    kind = orders.phase.kind
    parsed = [read_order(board, text, kind) for text in orders.orders]
    known = known_types(tuple(orders.units) + tuple(orders.missing))
    known.update({o.location.partition("/")[0]: o.unit_type for o in parsed
                  if isinstance(o, Order) and o.unit_type and not isinstance(o, Build)})
    return OrderSetView(
        power_name(orders.power, board), orders.phase,
        tuple(words_of(board, o, known) if o is not None else OrderWords(TEXT, text=text.strip())
              for o, text in zip(parsed, orders.orders)),
        tuple(unit_words(board, unit) for unit in orders.missing), orders.adjustments_left,
        tuple(orders.inputs_left), orders.money, tuple(orders.warnings),
        standing_words(board, orders.power, orders.standing) if orders.standing is not None else None)


@dataclass(frozen=True, slots=True)
class Accepted:
    """A line of the mail that was acted on: its number (from 1), the line, and what was done if not obvious."""

    line: int
    text: str
    note: str = ""


@dataclass(frozen=True, slots=True)
class Rejected:
    """A line that was not acted on, with the reason (a parser error, "wrong password"...)."""

    line: int
    text: str
    reason: str


@dataclass(frozen=True, slots=True)
class Skipped:
    """What of a mail was not read, said in one line of the reply (``templates/reply.j2`` words each kind).

    ``kind``: "quote" (an earlier mail pasted below, from line ``line`` on, ``count`` lines, starting
    ``text``), "judge" (``count`` lines reproducing the judge's mail of ``when``, subject ``text``),
    "html_quote" (``count`` lines quoted in an HTML part), "forward" (a mail forwarded whole, subject
    ``text``), "attachment" and "large" (a part named ``text``; ``count``: the size cap), "prose"
    (``lines``: the plain prose lines, as (line, text)).
    """

    kind: str
    count: int = 0
    line: int = 0
    text: str = ""
    when: datetime | None = None
    lines: tuple[tuple[int, str], ...] = ()


@dataclass(frozen=True, slots=True)
class ReplyContext:
    """The one reply every incoming mail gets.

    ``subject`` is the incoming mail's subject (for ``Re:``); ``game`` the game
    the mail was about, if any; ``orders`` the sender's full order set after
    this mail, when it carried orders or a power signed on (needs ``board``);
    ``deadline`` and ``zone`` that game's next deadline and zone;
    ``grace_until`` the end of grace once that deadline has passed;
    ``playing`` a phase played at the end of this poll (its results give the
    next deadline); ``status`` the game's (a paused game has no deadline).
    """

    judge: str
    subject: str = ""
    game: str | None = None
    accepted: Sequence[Accepted] = ()
    rejected: Sequence[Rejected] = ()
    board: Map | None = None
    orders: OrderSet | None = None
    deadline: datetime | None = None
    zone: str = "UTC"
    grace_until: datetime | None = None
    playing: Phase | None = None
    status: str = "active"
    skipped: Sequence[Skipped] = ()
    #: a line was refused: the phase waits until its deadline for the fix (``judge.turns.fixing``)
    fixing: bool = False


def render_reply(ctx: ReplyContext, viewer_zone: str | None = None) -> Rendered:
    """The order set as it now stands, what was not read, what was accepted, what was rejected (line and
    reason), and the deadline."""
    return render("reply.j2", judge=ctx.judge, mail_subject=ctx.subject, game=ctx.game, accepted=ctx.accepted,
                  rejected=ctx.rejected, orders=_view(ctx.board, ctx.orders), deadline=ctx.deadline,
                  zone=ctx.zone, viewer_zone=viewer_zone, grace_until=ctx.grace_until, playing=ctx.playing,
                  status=ctx.status, skipped=ctx.skipped, fixing=ctx.fixing)


@dataclass(frozen=True, slots=True)
class PowerStatus:
    """One power in a status mail: who plays it ("" while it is open), whether its orders are in."""

    power: str
    player: str = ""
    orders_in: bool = False
    centers: int = 0
    units: int = 0
    disorder: bool = False


@dataclass(frozen=True, slots=True)
class Seats:
    """A forming game's seats (``LIST game``): how many there are and are taken, and the players who
    joined without a power of their own yet (given one at START), shown by address to the GM alone."""

    total: int
    taken: int
    unassigned: int = 0
    addresses: Sequence[str] = ()


@dataclass(frozen=True, slots=True)
class StatusContext:
    """A game as one reader sees it (``STATUS``): phase, deadline, the powers, the reader's orders.

    ``phase`` is None while the game is forming; ``state`` is one of forming,
    active, paused, finished; ``settings`` the game's settings by name (NMR,
    press, wait...) as they should be shown; ``grace_until`` and ``playing``
    as in :class:`ReplyContext`.
    """

    judge: str
    game: str
    variant: str
    phase: Phase | None = None
    state: str = "active"
    deadline: datetime | None = None
    zone: str = "UTC"
    powers: Sequence[PowerStatus] = ()
    settings: Sequence[tuple[str, str]] = ()
    board: Map | None = None
    orders: OrderSet | None = None
    grace_until: datetime | None = None
    playing: Phase | None = None
    #: the reader's own vote to end the game, shown to him alone: None when he has none to show
    vote: Mapping[str, Any] | None = None
    #: while the game forms: its seats (the powers then show who asked for them, not centres and units)
    seats: Seats | None = None


def render_status(ctx: StatusContext, viewer_zone: str | None = None) -> Rendered:
    return render("status.j2", judge=ctx.judge, game=ctx.game, variant=ctx.variant, phase=ctx.phase,
                  state=ctx.state, deadline=ctx.deadline, zone=ctx.zone, viewer_zone=viewer_zone,
                  powers=ctx.powers, settings=ctx.settings, orders=_view(ctx.board, ctx.orders),
                  grace_until=ctx.grace_until, playing=ctx.playing, vote=ctx.vote, seats=ctx.seats,
                  board=ctx.board)


@dataclass(frozen=True, slots=True)
class ReminderContext:
    """A reminder before the deadline to a power whose orders are not (all) in; ``more``: the other powers
    of the same address whose orders are not in either (one mail per address, each power's own orders)."""

    judge: str
    game: str
    board: Map
    orders: OrderSet
    deadline: datetime
    zone: str = "UTC"
    more: tuple[OrderSet, ...] = ()


def render_reminder(ctx: ReminderContext, viewer_zone: str | None = None) -> Rendered:
    return render("reminder.j2", judge=ctx.judge, game=ctx.game, orders=order_set_view(ctx.board, ctx.orders),
                  others=[order_set_view(ctx.board, more) for more in ctx.more],
                  deadline=ctx.deadline, zone=ctx.zone, viewer_zone=viewer_zone)


@dataclass(frozen=True, slots=True)
class LateContext:
    """At the deadline: whose orders are missing, the grace period, what happens then.

    ``nmr`` is the game's policy at the end of grace: ``hold`` (units hold),
    ``disorder`` (civil disorder) or ``wait`` (the game waits).  ``power`` is
    the recipient's power when the notice goes to a late player (None for the GM).
    """

    judge: str
    game: str
    phase: Phase
    late: Sequence[str]
    deadline: datetime
    zone: str = "UTC"
    grace_until: datetime | None = None
    nmr: str = "hold"
    power: str | None = None
    board: Map | None = None   # the powers' titles (power_name)


def render_late_notice(ctx: LateContext, viewer_zone: str | None = None) -> Rendered:
    return render("late_notice.j2", judge=ctx.judge, game=ctx.game, phase=ctx.phase,
                  late=[power_name(p, ctx.board) for p in ctx.late], deadline=ctx.deadline, zone=ctx.zone,
                  viewer_zone=viewer_zone, grace_until=ctx.grace_until, nmr=ctx.nmr,
                  power=power_name(ctx.power, ctx.board) if ctx.power else None)


@dataclass(frozen=True, slots=True)
class PressContext:
    """Press as delivered to one recipient.

    ``sender`` is a power, ``"GM"``, or None for grey (anonymous) press;
    ``recipients`` the powers written to (empty for a broadcast).
    """

    judge: str
    game: str
    phase: Phase
    body: str
    sender: str | None = None
    recipients: Sequence[str] = ()
    broadcast: bool = False
    board: Map | None = None   # the powers' titles (power_name)


_NOT_POWERS = ("GM", "OBSERVER")   # a press's sender that is no power: the GM, or an observer (never his address)


def render_press(ctx: PressContext) -> Rendered:
    return render("press.j2", judge=ctx.judge, game=ctx.game, phase=ctx.phase, body=ctx.body.rstrip("\n"),
                  sender=power_name(ctx.sender, ctx.board) if ctx.sender and ctx.sender.upper() not in _NOT_POWERS
                  else ("an observer" if ctx.sender == "OBSERVER" else ctx.sender),
                  recipients=[power_name(p, ctx.board) for p in ctx.recipients], broadcast=ctx.broadcast)


def _view(board: Map | None, orders: OrderSet | None) -> OrderSetView | None:
    if orders is None:
        return None
    if board is None:
        raise ValueError("an order set needs the board to be written out")
    return order_set_view(board, orders)
