"""A season on one judge: several games of every variant at once, played by mail through the spool.

The test clock moves on by :data:`STEP` at each step; at each step every GM
and every player mails what his strategy says (:mod:`tests.season.players`,
:mod:`tests.season.gm`), the mail is dropped into the spool, one poll runs
(timed), and the invariants are checked on what it sent and left
(:mod:`tests.season.checks`).  The season ends once every game has played its
years (or ended); then every archive is replayed.  Idle polls (no mail, no
phase due) are timed at the start and at the end.
"""

from __future__ import annotations

import logging
import random
import statistics
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import timedelta
from email.message import EmailMessage
from pathlib import Path

from judge.app.report import PollReport
from judge.app.sandbox import Sandbox
from judge.turns.gameview import seated_powers, state_of, variant_of
from judge.variants import load_variant
from tests.season.checks import Delivered, Ledger, LogRecords
from tests.season.gm import GameMaster, make_gm
from tests.season.mailbag import JudgeMail, Mailbag
from tests.season.players import KINDS, Outgoing, Player, Resigning, Silent, Turn, make_player

VARIANTS = ("standard", "payola", "europe1615-v3", "europe1615-2013-08", "europe1615-2013-03",
            "europe1615-2013-04", "diplomacy1618")
STEP = timedelta(hours=6)
ABANDONED = 3  # the game whose players all fall silent (NMR disorder: every power goes into civil disorder)
IDLE_POLLS = 5


@dataclass
class SeasonGame:
    """One game of the season: its GM and its players (a replacement joins the list when he asks)."""

    name: str
    variant: str
    gm: GameMaster
    players: list[Player]
    first_year: int = 0
    played: int = 0


@dataclass(frozen=True)
class PollTime:
    seconds: float
    mails: int
    phases: int


@dataclass
class SeasonReport:
    """What the season played and measured, and every invariant it broke (``ledger.violations``)."""

    ledger: Ledger
    games: list[SeasonGame]
    polls: list[PollTime] = field(default_factory=list)
    idle_start: list[float] = field(default_factory=list)
    idle_end: list[float] = field(default_factory=list)
    idle_phases: int = 0
    idle_games: tuple[Counter[str], Counter[str]] = (Counter(), Counter())  # the games' phase kinds, start and end
    steps: int = 0
    ended: bool = False
    mailed: Counter[str] = field(default_factory=Counter)   # what the players and GMs mailed, by kind

    def broken(self, invariant: str) -> list[str]:
        return self.ledger.violations[invariant]

    def kinds(self) -> Counter[str]:
        return Counter(p.kind for g in self.games for p in g.players)

    def figures(self) -> str:
        times = [p.seconds for p in self.polls] or [0.0]
        return (f"{len(self.games)} games, {self.steps} steps, {len(self.polls)} polls, "
                f"{sum(p.mails for p in self.polls)} mails read, {sum(p.phases for p in self.polls)} phases played; "
                f"poll median {statistics.median(times):.3f} s, max {max(times):.3f} s; idle poll "
                f"{_median(self.idle_start):.3f} s at the start, {_median(self.idle_end):.3f} s at the end")


def _median(values: list[float]) -> float:
    return statistics.median(values) if values else 0.0


class Season:
    """``games`` games (the variants in turn) on the sandbox's judge, played for ``years`` game years."""

    def __init__(self, sandbox: Sandbox, games: int = 7, years: int = 1, seed: int = 1,
                 variants: tuple[str, ...] = VARIANTS, on_poll: Callable[[str], None] | None = None) -> None:
        self.sandbox, self.years, self.on_poll = sandbox, years, on_poll
        self.rng = random.Random(f"season/{seed}")
        self.games = [self._game(i, variants[i % len(variants)]) for i in range(games)]
        self.report = SeasonReport(Ledger(), self.games)
        self.copies: list[EmailMessage] = []     # the second copies of mails delivered twice, for the next poll
        self.inbox: dict[str, list[JudgeMail]] = {}
        self.mailbag = Mailbag(sandbox.spool)

    def _game(self, index: int, variant: str) -> SeasonGame:
        name = f"s{index:02d}-{variant}"
        powers = seated_powers(load_variant(variant))
        gm = make_gm(index, name, variant, powers, self.rng)
        players: list[Player] = []
        for n, power in enumerate(powers):
            kind = KINDS[(index * 2 + n) % len(KINDS)] if index != ABANDONED else Silent
            kind = Player if power == gm.plays else kind
            address = gm.address if power == gm.plays else f"{power.lower()}@{name}.invalid"
            players.append(make_player(kind, name, power, address, self.rng))
        return SeasonGame(name, variant, gm, players)

    def play(self) -> SeasonReport:
        """Set up, play every step until every game has played its years, time the idle polls, replay."""
        handler = LogRecords()
        logger = logging.getLogger("judge")
        logger.addHandler(handler)
        try:
            self._set_up(handler)
            self.report.idle_start, start = self._idle(handler)
            self.report.ended = self._steps(handler)
            self.report.idle_end, end = self._idle(handler)
            self.report.idle_games = (start, end)
        finally:
            logger.removeHandler(handler)
        self.report.ledger.check_replays(self.sandbox.store, self.sandbox.config.name)
        return self.report

    def _set_up(self, handler: LogRecords) -> None:
        self._poll([g.gm.create() for g in self.games], handler)
        self._poll([p.join() for g in self.games for p in g.players], handler)
        self._poll([g.gm.start() for g in self.games], handler)
        for g in self.games:
            game = self.sandbox.store.load_game(g.name)
            g.first_year = _year(game.state.get("phase", ""))
            self.report.ledger.kinds.update({(g.name, p.power): p.kind for p in g.players})

    def _idle(self, handler: LogRecords) -> tuple[list[float], Counter[str]]:
        """Polls with no mail and the clock still: what a poll costs when nothing is due; and what the games are
        at (a phase kind, or finished): the cost of asking each power what it owes depends on the phase."""
        times = []
        for _ in range(IDLE_POLLS):
            report, seconds = self._timed_poll(handler)
            times.append(seconds)
            self.report.idle_phases += len(report.played)
        at: Counter[str] = Counter()
        for g in self.games:
            game = self.sandbox.store.load_game(g.name)
            at[game.state.get("phase", "?")[-1:] if game.status == "active" else game.status] += 1
        return times, at

    def _steps(self, handler: LogRecords) -> bool:
        """Step until the season is over; False if it never ends (a game stuck, or playing on forever)."""
        limit = 200 * self.years + 100
        while not self._over():
            if self.report.steps >= limit:
                return False
            self.report.steps += 1
            self.sandbox.advance(STEP)
            mails = [mail for g in self.games for mail in self._mails_of(g)]
            report, seconds = self._poll(mails, handler)
            self.report.polls.append(PollTime(seconds, report.read, len(report.played)))
        return True

    def _mails_of(self, g: SeasonGame) -> list[Outgoing]:
        """What the game's GM and players mail at this step; a replacement joins the players when he asks."""
        store, now = self.sandbox.store, self.sandbox.clock.now()
        game = store.load_game(g.name)
        variant = variant_of(game)
        state = state_of(game, variant)
        mails = g.gm.act(game, g.played, now)
        for player in list(g.players):
            turn = Turn(game, variant, state, now, tuple(self.inbox.get(player.address, ())))
            mails += player.act(turn)
            if isinstance(player, Resigning) and player.successor is not None and player.successor not in g.players:
                g.players.append(player.successor)
                self.report.ledger.kinds[(g.name, player.power)] = player.successor.kind
        return mails

    def _over(self) -> bool:
        for g in self.games:
            game = self.sandbox.store.load_game(g.name)
            if game.status in ("active", "paused") and _year(game.state.get("phase", "")) < g.first_year + self.years:
                return False
        return True

    def _poll(self, mails: list[Outgoing], handler: LogRecords) -> tuple[PollReport, float]:
        copies, self.copies = self.copies, []
        for copy in copies:
            self.sandbox.deliver(copy)
        for mail in mails:
            self._deliver(mail)
        return self._timed_poll(handler)

    def _deliver(self, mail: Outgoing) -> None:
        message = self.sandbox.mail(mail.sender, mail.body, mail.subject)
        for name, value in mail.headers:
            message[name] = value
        self.sandbox.deliver(message)
        self.report.ledger.deliver(Delivered(str(message["Message-ID"]), mail.sender, mail.ignored, mail.mistakes))
        self.report.mailed[mail.what] += 1
        if mail.twice == "same poll":
            self.sandbox.deliver(message)
        elif mail.twice == "next poll":
            self.copies.append(message)

    def _timed_poll(self, handler: LogRecords) -> tuple[PollReport, float]:
        started = time.perf_counter()
        report = self.sandbox.poll()
        seconds = time.perf_counter() - started
        mails = self.mailbag.new_mail()
        self.inbox = {}
        for mail in mails:
            for to in mail.to:
                self.inbox.setdefault(to, []).append(mail)
        self.report.ledger.after_poll(self.sandbox.store, self.sandbox.clock.now(), report, mails, handler.drain(),
                                      self.mailbag.inbox_empty())
        for entry in report.played:
            game = next(g for g in self.games if g.name == entry.split()[0])
            game.played += 1
        if self.on_poll is not None:
            self.on_poll(f"{self.sandbox.clock.now():%Y-%m-%d %H:%M} {seconds:6.3f} s {report.summary()}")
        return report, seconds


def _year(phase: str) -> int:
    return int(phase[1:5]) if len(phase) >= 5 and phase[1:5].isdigit() else 0


def play_season(root: Path, games: int = 7, years: int = 1, seed: int = 1, password_cost: int = 8,
                on_poll: Callable[[str], None] | None = None) -> SeasonReport:
    """A season on a new judge in ``root``: ``games`` games (the variants in turn) for ``years`` years."""
    sandbox = Sandbox.create(root, name="season-judge", password_cost=password_cost)
    return Season(sandbox, games, years, seed, on_poll=on_poll).play()
