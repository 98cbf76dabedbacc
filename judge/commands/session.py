"""One incoming mail being acted on: who speaks, which games it touches, what the reply says.

A mail is a little session: ``SIGNON``/``JOIN``/``CREATE`` establish who
speaks for which game, and the commands after it act as that player or GM.
The games a mail touches are loaded once and kept here, changed in memory,
and saved at the end together with the mark that this Message-ID was applied
and the reply (see :meth:`judge.commands.mailflow.finish`), so a crash never
leaves a mail half applied.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from judge.commands.echo import shown, shown_reason
from judge.crash import crash_point
from judge.engine.state import GameState
from judge.engine.variant import Variant
from judge.mail.parts import Unread
from judge.reading.language import Command, ParsedMail, parse_mail_body
from judge.reading.lines import read_line
from judge.reading.order_reader import OrderError
from judge.reading.quotes import JudgeSaid, OwnText, own_words
from judge.render import GM, Accepted, Joined, Rejected, Rendered
from judge.store import Attachment, Game, OutgoingMail, Player, Store, UnknownGame
from judge.turns.context import Judge
from judge.turns.gameview import state_of, variant_of
from judge.turns.notify import mail_format
from judge.turns.ticks import DeadlineView, shown_deadline

log = logging.getLogger("judge.commands")


@dataclass(frozen=True)
class Later:
    """A mail that shows a game's deadline, to be written again once the whole run of mails is read.

    A reply is written as its mail is read, but a later mail of the same run
    may complete the orders, PROCESS or SET DEADLINE: the reply must say what
    is true when it arrives (its game's deadline as the tick will leave it).
    ``view`` is the deadline it was written with, ``look`` asks again,
    ``render`` writes the mail with another view.
    """

    game: str
    view: DeadlineView
    look: Callable[[], DeadlineView]
    render: Callable[[DeadlineView], Rendered]


@dataclass(frozen=True)
class Incoming:
    """One mail as the commands layer sees it (the mail layer decoded it).

    ``sender`` is where answers go (Reply-To, else From) and the address a
    JOIN or CREATE records; ``references`` the thread an answer continues
    (this mail's References, then its Message-ID); ``unread`` says what of the
    mail was too big to read; ``parts`` where its second and later text parts
    begin (line numbers), ``unread_parts`` the parts not read (images, a
    forwarded mail); ``said`` what the judge last sent the sender, never read
    back as commands.
    """

    message_id: str
    sender: str
    subject: str
    body: str
    references: tuple[str, ...] = ()
    unread: str = ""
    parts: tuple[int, ...] = ()
    unread_parts: tuple[Unread, ...] = ()
    said: JudgeSaid | None = None

    @cached_property
    def own(self) -> OwnText:
        """The body without the earlier mail pasted below it nor the judge's own words (lines made blank)."""
        return own_words(self.body, self.said, self.parts)

    @cached_property
    def parsed(self) -> ParsedMail:
        """The body's commands, read once (the poll looks at them before acting on them)."""
        return parse_mail_body(self.own.text, self.parts)


class Workspace:
    """The games a run of mails works on: loaded once, changed in memory, saved together.

    A poll acts on its mails in runs; each game is saved once per run, with
    every Message-ID it applied and every reply it queued, and only then are
    those mails marked processed.  A crash before the save loses nothing: the
    mails are still unprocessed and none of their effects was stored.
    """

    def __init__(self, store: Store) -> None:
        self.store = store
        self.games: dict[str, Game] = {}
        self.new: set[str] = set()
        self.dirty: dict[str, None] = {}   # insertion-ordered set
        self.later: list[tuple[str, str, Later]] = []   # (game whose outbox holds the mail, its key, how)

    def load(self, name: str) -> Game:
        if name not in self.games:
            self.games[name] = self.store.load_game(name)
        return self.games[name]

    def has(self, name: str) -> bool:
        return name in self.games or self.store.has_game(name)

    def add_new(self, game: Game) -> None:
        self.games[game.name] = game
        self.new.add(game.name)

    def touch(self, name: str) -> None:
        self.dirty[name] = None

    def rewrite_later(self, outbox: str, key: str, later: Later) -> None:
        """Write the mail queued under ``key`` in game ``outbox`` again before the run is saved (:class:`Later`)."""
        self.later.append((outbox, key, later))

    def _rewrite(self) -> None:
        """Every mail of the run that shows a deadline another mail of the run moved is written again."""
        views: dict[str, DeadlineView] = {}
        for outbox, key, later in self.later:
            game = self.games.get(outbox)
            mail = next((m for m in game.outbox if m.key == key), None) if game is not None else None
            if mail is None:
                continue
            if later.game not in views:
                views[later.game] = later.look()
            if views[later.game] == later.view:
                continue
            try:
                rendered = later.render(views[later.game])
            except Exception:  # the mail keeps what it said when its own mail was read
                log.exception("mail %s could not be written again", key)
                continue
            mail.subject, mail.body, mail.html = rendered.subject, rendered.body, rendered.html
        self.later = []

    def save(self) -> list[str]:
        """Write every changed game (one atomic write each), its mails first brought up to date; their names."""
        self._rewrite()
        saved = list(self.dirty)
        for name in saved:
            game = self.games[name]
            if name in self.new:
                self.store.create_game(game)
                self.new.discard(name)
            else:
                self.store.save_game(game)
            if "truncate_from" in game.extra:  # ROLLBACK: history after it goes (again in the tick)
                phase = game.extra["truncate_from"]
                if self.store.phase_record(name, phase) is not None:
                    self.store.truncate_after(name, phase, inclusive=True)
            crash_point("mail:saved")
        self.dirty = {}
        return saved


@dataclass
class Handle:
    """A game this mail touches; ``replay`` if an earlier, killed poll already applied the mail to it."""

    game: Game
    new: bool = False
    replay: bool = False
    _variant: Variant | None = None
    _state: GameState | None = None
    _state_json: object = None
    #: stored order lines as read against ``_state`` (None: a line that no longer reads)
    _lines: dict[str, Any] = field(default_factory=dict)

    @property
    def variant(self) -> Variant:
        if self._variant is None:
            self._variant = variant_of(self.game)
        return self._variant

    def reload(self) -> None:
        """See the game through its variant again: its rule options changed (``SET RULE``)."""
        self._variant, self._state, self._state_json = None, None, None
        self._lines = {}

    @property
    def state(self) -> GameState | None:
        """The engine state, parsed again only when ``game.state`` was replaced."""
        if self._state_json is not self.game.state:
            self._state, self._state_json = state_of(self.game, self.variant), self.game.state
            self._lines = {}
        return self._state

    def read_stored(self, line: str) -> Any:
        """A stored order line read again, once per line and position: a sheet's new line is checked against
        the earlier ones without parsing them all again (issue 21); None for a line that no longer reads."""
        state = self.state  # first: a new position empties the cache
        if line not in self._lines:
            try:
                self._lines[line] = read_line(self.variant, state, line)
            except OrderError:
                self._lines[line] = None
        return self._lines[line]

    def remember(self, line: str, value: Any) -> None:
        """``value`` is what ``line`` reads as now (it was just read from the mail)."""
        self.state  # noqa: B018 -- a new position empties the cache first
        self._lines[line] = value


class Checkpoint:
    """The session and its games as they were before one command, to put back if the command fails.

    A command is all or nothing: a refusal or a bug half-way must not leave
    the changes it made so far to be saved with the mail (issue 10).
    """

    def __init__(self, session: Session, orders_only: bool = False, session_only: bool = False) -> None:
        """``orders_only``: the command changes nothing but the signed-on game's orders (and a forming
        game's BID sheets), so only those are kept; copying whole games for every line of a long sheet
        made a mail's cost grow with the square of its lines (issue 21).  ``session_only``: it changes
        no game at all."""
        self.session = session
        handle = session.current()
        self.orders: tuple[Game, dict[str, list[Any]], Any] | None = None
        self.games: dict[str, Game] = {}
        self.whole = not (orders_only or session_only)
        if orders_only and handle is not None:
            sheets = handle.game.extra.get("sheets")
            self.orders = (handle.game, dict(handle.game.orders), None if sheets is None else dict(sheets))
        elif self.whole:
            self.games = {name: handle.game.copy() for name, handle in session.games.items()}
        self.fields = {name: getattr(session, name) for name in _SESSION_FIELDS}
        self.lengths = (len(session.extra_mail), {game: len(lines) for game, lines in session.news.items()},
                        len(session.later), {game: len(joins) for game, joins in session.joined.items()})
        seat = session.seat
        self.seat_at = (handle.game.players.index(seat) if handle and seat is not None
                        and any(p is seat for p in handle.game.players) else None)

    def restore(self) -> None:
        """Put back every game and the session as they were when the checkpoint was made."""
        s = self.session
        if self.orders is not None:
            game, orders, sheets = self.orders
            game.orders = orders
            if sheets is None:
                game.extra.pop("sheets", None)
            else:
                game.extra["sheets"] = sheets
        for name in [n for n in s.games if n not in self.games and self.whole]:  # loaded or created by it
            if s.games[name].new:
                del s.games[name]
                s.workspace.games.pop(name, None)
                s.workspace.new.discard(name)
            else:
                self.games[name] = s.loaded[name].copy()
        for name, saved in self.games.items():
            handle = s.games[name]
            handle.game.__dict__.update(saved.__dict__)
            handle.reload()
        for name, value in self.fields.items():
            setattr(s, name, value)
        del s.extra_mail[self.lengths[0]:]
        del s.later[self.lengths[2]:]
        s.news = {game: lines[:self.lengths[1][game]] for game, lines in s.news.items() if game in self.lengths[1]}
        s.joined = {game: joins[:self.lengths[3][game]] for game, joins in s.joined.items() if game in self.lengths[3]}
        handle = s.current()
        s.seat = handle.game.players[self.seat_at] if handle and self.seat_at is not None else None


class Refused(Exception):
    """A command that cannot be carried out; the message is the reason the reply gives."""


class Prose(Refused):
    """A line read as an order that is plainly prose (a greeting, a sign-off): summarised, not rejected."""


_SESSION_FIELDS = ("game", "role", "power", "seat", "refused", "show_orders")


@dataclass
class Session:
    """The state of one mail while its commands run."""

    judge: Judge
    mail: Incoming
    workspace: Workspace
    games: dict[str, Handle] = field(default_factory=dict)
    game: str | None = None        # the game signed on to
    role: str | None = None        # "player" or "gm"
    power: str | None = None       # the player's power, or the one the GM BECAME
    seat: Player | None = None     # the player's record, bound to the password given (before START too)
    refused: int | None = None     # line of a refused SIGNON: later commands say so
    accepted: list[Accepted] = field(default_factory=list)
    rejected: list[Rejected] = field(default_factory=list)
    extra_mail: list[OutgoingMail] = field(default_factory=list)
    later: list[tuple[OutgoingMail, Later]] = field(default_factory=list)   # of extra_mail: shows a deadline
    show_orders: bool = False
    news: dict[str, list[str]] = field(default_factory=dict)   # game -> what the GM changed, told once
    joined: dict[str, list[Joined]] = field(default_factory=dict)   # game -> its JOINs, told to the GM once
    loaded: dict[str, Game] = field(default_factory=dict)   # game -> a copy as first loaded by this mail
    documents: set[tuple[str, str | None, str]] = field(default_factory=set)   # answers in separate mails asked
    press_sent: int = 0            # PRESS and BROADCAST lines of this mail allowed so far
    changes: int = 0               # commands of this mail that changed a game other than by its orders
    wrong_passwords: int = 0       # sign-ons of this mail refused for a wrong password (judge/commands/guessing.py)
    guessed: dict[str, dict[str, set[str]]] = field(default_factory=dict)   # game -> seat -> addresses: told once
    prose: list[tuple[int, str]] = field(default_factory=list)   # lines of plain prose: (line, text as shown)
    observer_proved: bool = False  # signed on as an observer with his observer password (not a mere request)

    def announce(self, game: str, line: str) -> None:
        """Tell the game's players and observers, in one notice per mail however many lines the GM changed."""
        self.news.setdefault(game, []).append(line)

    @property
    def store(self) -> Store:
        return self.judge.store

    def load(self, name: str) -> Handle:
        """The game, loaded once per run of mails; :class:`UnknownGame` if there is none."""
        if name not in self.games:
            game = self.workspace.load(name)
            self.loaded[name] = game.copy()  # as the mail found it, for Checkpoint.restore
            self.games[name] = Handle(game, replay=game.was_applied(self.mail.message_id))
        return self.games[name]

    def add_new(self, game: Game) -> Handle:
        self.workspace.add_new(game)
        self.games[game.name] = handle = Handle(game, new=True)
        return handle

    def has_game(self, name: str) -> bool:
        return name in self.games or self.workspace.has(name)

    def peek(self, name: str) -> Game:
        """A game to read (LIST, HISTORY...): the run's copy if it has one; :class:`UnknownGame`."""
        return self.workspace.load(name)

    def current(self) -> Handle | None:
        return self.games.get(self.game) if self.game else None

    def sign_on(self, handle: Handle, role: str, power: str | None, seat: Player | None = None) -> None:
        self.game, self.role, self.power, self.refused = handle.game.name, role, power, None
        self.seat, self.observer_proved = seat, False

    # -- the reply ----------------------------------------------------------------

    def accept(self, cmd: Command, note: str = "") -> None:
        self.accepted.append(Accepted(cmd.line, shown(cmd, accepted=True),
                                      shown_reason(cmd, note, accepted=True)))

    def reject(self, cmd: Command, reason: str) -> None:
        self.rejected.append(Rejected(cmd.line, shown(cmd), shown_reason(cmd, reason)))

    def reply_to_sender(self, subject: str, body: str, attachments: list[Attachment] | None = None,
                        html: str | None = None) -> None:
        """A separate mail to the sender (HELP, LIST, HISTORY, STATUS...)."""
        self.extra_mail.append(OutgoingMail([self.mail.sender], subject, body,
                                            in_reply_to=self.mail.message_id,
                                            references=list(self.mail.references),
                                            attachments=list(attachments or []), html=html,
                                            format=self.mail_format()))

    def mail_format(self) -> str:
        """The format the signed-on seat chose (SET FORMAT; the GM's own), "" for the judge's default."""
        handle = self.current()
        if handle is None or self.role is None:
            return ""
        return mail_format(handle.game, GM if self.role == "gm" else self.power or "")

    def later_for(self, game: Game, render: Callable[[DeadlineView], Rendered]) -> Later:
        """:class:`Later` for a mail showing ``game``'s deadline: written now with the deadline as it stands."""
        judge = self.judge
        return Later(game.name, shown_deadline(judge, game), lambda: shown_deadline(judge, game), render)

    def reply_with_deadline(self, game: Game, render: Callable[[DeadlineView], Rendered]) -> None:
        """A separate mail to the sender that shows ``game``'s deadline (STATUS, LIST game): see :class:`Later`."""
        later = self.later_for(game, render)
        rendered = render(later.view)
        self.reply_to_sender(rendered.subject, rendered.body, html=rendered.html)
        self.later.append((self.extra_mail[-1], later))


__all__ = ["Checkpoint", "Handle", "Incoming", "Judge", "Later", "Refused", "Session", "UnknownGame", "Workspace"]


def refuse_unless_playing(handle: Handle) -> None:
    """Orders and press are for a game being played: not before its start, nor after its end."""
    status = handle.game.status
    if status == "forming":
        raise Refused(f"'{handle.game.name}' has not started yet")
    if status in ("finished", "terminated"):
        raise Refused(f"'{handle.game.name}' is over")
