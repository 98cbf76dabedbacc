"""Simulated players: small strategies, each with its own seeded ``random.Random``, deciding what to mail.

At every step of the season each seat sees its game as stored (:class:`Turn`)
and mails what its kind of player would: the on-time player his whole order
set as soon as a phase begins; the late one after the deadline, in the grace
period; the partial one orders for some units only; the silent one nothing
(some of them have a vacation responder that answers the judge's mail, which
the judge must ignore); the mistyped one misspells a province in one line and
sends that line again, right, at the next step, as the judge's reply asks; the
duplicated one's mail reaches the judge twice; the resigning one RESIGNs after
a few phases, and a new player asks to take the power over (``JOIN … AS``),
whom the GM approves (:mod:`tests.season.gm`).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from datetime import datetime

from judge.engine.state import GameState
from judge.engine.variant import Variant
from judge.reading.lines import read_line
from judge.reading.order_reader import OrderError
from judge.store import Game
from judge.turns.gameview import due
from tests.season.lines import phase_lines
from tests.season.mailbag import JudgeMail

MAP_FORMATS = ("NONE", "NONE", "NONE", "NONE", "SVG", "PNG")  # what a player asks for with SET MAP (PNG is slow)


@dataclass(frozen=True)
class Outgoing:
    """One mail to the judge, and ``what`` it is (counted in the season's report).  ``twice``: delivered
    again ("same poll" or "next poll"); ``ignored``: an auto-reply the judge must not answer; ``mistakes``: the
    line numbers the judge must refuse."""

    sender: str
    body: str
    subject: str
    what: str = "orders"
    twice: str = ""
    ignored: bool = False
    headers: tuple[tuple[str, str], ...] = ()
    mistakes: tuple[int, ...] = ()


@dataclass(frozen=True)
class Turn:
    """What a seat sees at a step: its game as stored, the position, the time, the judge's mail to it."""

    game: Game
    variant: Variant
    state: GameState | None
    now: datetime
    inbox: tuple[JudgeMail, ...] = ()

    @property
    def phase(self) -> str:
        return str(self.state.phase) if self.state is not None else ""


@dataclass
class Player:
    """A player who mails his whole order set at the first step of each phase that wants orders from him."""

    game: str
    power: str
    address: str
    password: str
    rng: random.Random
    map_format: str = "NONE"
    mailed: set[str] = field(default_factory=set)  # the phases he has mailed orders for
    gone: bool = False                              # resigned: the seat is no longer his
    kind = "on time"

    def join(self) -> Outgoing:
        return Outgoing(self.address, f"JOIN {self.game} {self.password} AS {self.power}\n"
                                      f"SET MAP {self.map_format}\n", "joining", "join")

    def signon(self) -> str:
        return f"SIGNON {self.power} {self.game} {self.password}"

    def seated(self, game: Game) -> bool:
        """Whether the store gives him the power (in civil disorder too: he signs on and has it back)."""
        player = game.player(self.power)
        return (not self.gone and player is not None and player.address == self.address
                and player.status in ("active", "dummy"))

    def act(self, turn: Turn) -> list[Outgoing]:
        """What he mails at this step: his phase's orders once, when he is ready (nothing if none are due)."""
        if turn.state is None or turn.game.status != "active" or not self.seated(turn.game):
            return []
        if turn.phase in self.mailed or not due(turn.variant, turn.state, self.power).any or not self.ready(turn):
            return []
        self.mailed.add(turn.phase)
        return self.orders(turn, phase_lines(turn.variant, turn.state, self.power, self.rng))

    def ready(self, turn: Turn) -> bool:
        return True

    def orders(self, turn: Turn, lines: list[str]) -> list[Outgoing]:
        return [self.mail(lines, f"{turn.phase} orders", f"orders ({self.kind})")]

    def mail(self, lines: list[str], subject: str, what: str) -> Outgoing:
        return Outgoing(self.address, "\n".join([self.signon(), *lines, ""]), subject, what)


class Late(Player):
    """Mails his orders only once the deadline has passed (in the grace period, or at the deadline's poll)."""

    kind = "late"

    def ready(self, turn: Turn) -> bool:
        return turn.game.deadline is not None and turn.now >= turn.game.deadline


class Partial(Player):
    """Orders some of his units only (half his lines, when he owes more than one)."""

    kind = "partial"

    def orders(self, turn: Turn, lines: list[str]) -> list[Outgoing]:
        return [self.mail(lines[:len(lines) // 2] if len(lines) > 1 else lines, f"{turn.phase} some orders",
                          "orders (partial)")]


@dataclass
class Silent(Player):
    """Joins, then never orders; with a vacation responder, answers the first judge mail of each phase."""

    responder: bool = False
    answered: set[str] = field(default_factory=set)
    kind = "silent"

    def act(self, turn: Turn) -> list[Outgoing]:
        if not self.responder or turn.phase in self.answered or not turn.inbox:
            return []
        self.answered.add(turn.phase)
        first = turn.inbox[0]
        return [Outgoing(self.address, "I am away and will read your mail when I am back.\n",
                         f"Out of office: {first.subject}", "auto-reply", ignored=True,
                         headers=(("Auto-Submitted", "auto-replied"), ("In-Reply-To", first.message_id)))]


@dataclass
class Mistyped(Player):
    """Misspells a province in one line; at the next step mails that line again, right."""

    fix: dict[str, str] = field(default_factory=dict)  # phase -> the line to send again
    kind = "mistyped"

    def act(self, turn: Turn) -> list[Outgoing]:
        line = self.fix.pop(turn.phase, None)
        if line is not None and turn.game.status == "active" and self.seated(turn.game):
            return [self.mail([line], f"{turn.phase} correction", "a misspelt line sent again")]
        return super().act(turn)

    def orders(self, turn: Turn, lines: list[str]) -> list[Outgoing]:
        assert turn.state is not None
        for n in self.rng.sample(range(len(lines)), len(lines)):
            wrong = misspelt(turn.variant, turn.state, lines[n])
            if wrong:
                self.fix[turn.phase] = lines[n]
                return [self.mail([*lines[:n], wrong, *lines[n + 1:]], f"{turn.phase} orders",
                                  "orders with a misspelt province")]
        return super().orders(turn, lines)


class Duplicated(Player):
    """His mail reaches the judge twice (the same Message-ID): in the same poll, or in the next one."""

    kind = "duplicated"

    def orders(self, turn: Turn, lines: list[str]) -> list[Outgoing]:
        twice = self.rng.choice(("same poll", "next poll"))
        return [Outgoing(self.address, self.mail(lines, "", "").body, f"{turn.phase} orders",
                         f"orders delivered twice ({twice})", twice=twice)]


@dataclass
class Resigning(Player):
    """Plays on time for a few phases, then RESIGNs; ``successor`` is who asks to take the power over."""

    phases_before: int = 2
    successor: Player | None = None
    kind = "resigned"

    def act(self, turn: Turn) -> list[Outgoing]:
        if len(self.mailed) < self.phases_before or turn.state is None or not self.seated(turn.game):
            return super().act(turn)
        if turn.game.status != "active" or not due(turn.variant, turn.state, self.power).any:
            return []
        self.gone = True
        self.successor = Replacing(self.game, self.power, f"new-{self.address}", f"{self.password}-2",
                                   random.Random(self.rng.random()), self.map_format)
        return [self.mail(["RESIGN"], "resigning", "RESIGN")]


class Replacing(Player):
    """Asks for a vacant power (``JOIN game password AS power``), then, once the GM approved, plays on time."""

    kind = "replacing"
    asked = False

    def act(self, turn: Turn) -> list[Outgoing]:
        if not self.asked:
            self.asked = True
            return [Outgoing(self.address, f"JOIN {self.game} {self.password} AS {self.power}\n", "taking over",
                             "JOIN ... AS a vacant power")]
        return super().act(turn)


KINDS: tuple[type[Player], ...] = (Player, Late, Player, Partial, Silent, Player, Mistyped, Duplicated, Player,
                                   Resigning)


def make_player(kind: type[Player], game: str, power: str, address: str, rng: random.Random) -> Player:
    """A player of ``kind`` for the seat, with his own generator and map format."""
    own = random.Random(rng.random())
    player = kind(game, power, address, f"{power.lower()}-pw", own, own.choice(MAP_FORMATS))
    if isinstance(player, Silent):
        player.responder = own.random() < 0.5
    if isinstance(player, Resigning):
        player.phases_before = own.randint(1, 3)
    return player


def misspelt(variant: Variant, state: GameState, line: str) -> str:
    """``line`` with its last place name misspelt so that the judge cannot read it ("" if none can be)."""
    words = line.split()
    if len(words) < 2 or words[0].upper() not in ("A", "F", "BUILD", "REMOVE"):
        return ""
    place = words[-1] if words[-1].upper() not in ("H", "DISBAND") else words[-2]
    name = variant.map.provinces.get(place.partition("/")[0])
    for wrong in _typos(name.name if name is not None else place):
        attempt = line[::-1].replace(place[::-1], wrong[::-1], 1)[::-1]
        try:
            read_line(variant, state, attempt)
        except OrderError:
            return attempt
    return ""


def _typos(name: str) -> list[str]:
    """A few ways to get a name wrong: a vowel changed, two letters swapped, a letter doubled."""
    word = name.split()[0]
    vowels = [i for i, c in enumerate(word) if c.lower() in "aeiou"]
    typos = [word[:i] + ("a" if word[i].lower() != "a" else "e") + word[i + 1:] for i in vowels[1:]]
    typos += [word[:i] + word[i + 1] + word[i] + word[i + 2:] for i in range(1, len(word) - 1)]
    return [*typos, word + word[-1] + "x", "Q" + word + "Q"]
