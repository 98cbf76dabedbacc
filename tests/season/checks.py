"""The season's invariants, checked after every poll; each broken one is noted with the poll and the seat.

* **results**: every seated player (a power's player, in civil disorder too:
  he signs on and has it back) got exactly one results mail per phase played;
* **deadlines**: no running game is left unplayed past its deadline and grace;
* **answered**: every mail got exactly one reply (``Re: …``, in reply to its
  Message-ID), but the mail the judge ignores on purpose (an auto-reply) none;
  a mail delivered twice is one mail;
* **logs**: no ERROR record and no traceback from the ``judge`` loggers (nor
  an error or a mail or game set aside in the poll's own count);
* **gm mistakes**: every mistaken line of a GM is refused in the reply;
* **replay**: at the end, every game's archive replays identically.
"""

from __future__ import annotations

import logging
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import datetime

from judge.app.gamefile import from_store
from judge.app.report import PollReport
from judge.app.replay import replay
from judge.store import Game, Store
from tests.season.mailbag import JudgeMail

INVARIANTS = {
    "results": "every seated player got exactly one results mail per phase played",
    "deadlines": "no game past its deadline and grace is left unplayed",
    "answered": "every mail was answered once (none of the mail the judge ignores on purpose)",
    "logs": "no ERROR record and no traceback in the judge's logs",
    "gm mistakes": "every mistaken line of a GM is refused",
    "replay": "every game's archive replays identically",
}
SEATED = ("active", "dummy")


@dataclass(frozen=True)
class Delivered:
    """A mail the season sent: whether the judge must answer it, and which of its lines it must refuse."""

    message_id: str
    sender: str
    ignored: bool = False
    mistakes: tuple[int, ...] = ()


class LogRecords(logging.Handler):
    """The ``judge`` loggers' ERROR records and tracebacks, caught while the season plays."""

    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.bad: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        if record.levelno >= logging.ERROR or record.exc_info:
            self.bad.append(record)

    def drain(self) -> list[logging.LogRecord]:
        found, self.bad = self.bad, []
        return found


@dataclass
class Ledger:
    """What went in and came out, and every invariant broken so far (invariant -> what broke it)."""

    delivered: dict[str, Delivered] = field(default_factory=dict)
    replies: Counter[str] = field(default_factory=Counter)   # Message-ID -> replies to it
    results: Counter[tuple[str, str, str]] = field(default_factory=Counter)
    kinds: dict[tuple[str, str], str] = field(default_factory=dict)  # (game, power) -> its player's kind
    violations: dict[str, list[str]] = field(default_factory=lambda: {name: [] for name in INVARIANTS})
    polls: int = 0

    def deliver(self, mail: Delivered) -> None:
        self.delivered.setdefault(mail.message_id, mail)

    def after_poll(self, store: Store, now: datetime, report: PollReport, mails: Iterable[JudgeMail],
                   records: list[logging.LogRecord], inbox_empty: bool) -> None:
        """Every check that can be made after one poll, on what the poll sent and left."""
        self.polls += 1
        where = f"poll {self.polls} ({now:%Y-%m-%d %H:%M})"
        self._read(mails)
        games = {name: store.load_game(name) for name in store.game_names()}
        self._results(where, games, report.played)
        self._deadlines(where, games.values(), now)
        self._answered(where, inbox_empty)
        self.violations["logs"] += [f"{where}: {r.name} {r.levelname}: {r.getMessage()}"
                                    + (" (with a traceback)" if r.exc_info else "") for r in records]
        if report.errors or report.set_aside:
            self.violations["logs"].append(f"{where}: {report.summary()}")

    def _read(self, mails: Iterable[JudgeMail]) -> None:
        for mail in mails:
            if mail.subject.startswith("Re:") and mail.in_reply_to:
                self.replies[mail.in_reply_to] += 1
                self._gm_mistakes(mail)
            elif mail.subject.startswith("Diplomacy results "):
                game, phase = mail.subject.split()[2:4]
                for to in mail.to:
                    self.results[(game, phase, to)] += 1

    def _results(self, where: str, games: dict[str, Game], played: list[str]) -> None:
        for entry in played:
            name, phase = entry.split()
            game = games[name]
            seats = Counter(p.address.lower() for p in game.players if p.power and p.address and p.status in SEATED)
            for address, count in seats.items():
                got = self.results[(name, phase, address)]
                if got != count:
                    self.violations["results"].append(f"{where}: {name} {phase}: {self._who(game, address)} got "
                                                      f"{got} results mails, {count} expected")

    def _who(self, game: Game, address: str) -> str:
        """The seats at ``address``: power, its player's kind, civil disorder, and whether the GM shares it."""
        seats = [p for p in game.players if p.address.lower() == address and p.status in SEATED]
        said = ", ".join(f"{p.power} ({self.kinds.get((game.name, p.power), 'player')}"
                         + (", in civil disorder" if p.status == "dummy" else "") + ")" for p in seats)
        return said + (" at the GM's own address" if address == game.gm_address.lower() else "")

    def _deadlines(self, where: str, games: Iterable[Game], now: datetime) -> None:
        for game in games:
            end = game.grace_end or game.deadline
            if game.status == "active" and end is not None and end <= now:
                self.violations["deadlines"].append(f"{where}: {game.name} {game.state.get('phase')} is past its "
                                                    f"deadline and grace ({end:%Y-%m-%d %H:%M}) and not played")

    def _answered(self, where: str, inbox_empty: bool) -> None:
        """Checked once the inbox is empty (a poll out of time leaves mail for the next), and only once per mail."""
        for mid, mail in list(self.delivered.items()):
            got = self.replies[mid]
            wanted = 0 if mail.ignored else 1
            if got > wanted or (inbox_empty and got != wanted):
                self.violations["answered"].append(f"{where}: the mail {mid} from {mail.sender} got {got} replies, "
                                                   f"{wanted} expected")
            if inbox_empty or got > wanted:
                del self.delivered[mid]

    def _gm_mistakes(self, reply: JudgeMail) -> None:
        mail = self.delivered.get(reply.in_reply_to)
        if mail is None or not mail.mistakes:
            return
        text = reply.body()
        refused = text.partition("\nRejected:\n")[2].partition("\n\n")[0]
        numbers = {int(line.split()[1].rstrip(":")) for line in refused.splitlines() if line.startswith("  line ")}
        for n in mail.mistakes:
            if n not in numbers:
                line = next((x for x in text.splitlines() if x.startswith(f"  line {n}:")), f"line {n}")
                self.violations["gm mistakes"].append(f"{mail.sender}: {line.strip()} was accepted")

    def check_replays(self, store: Store, judge_name: str) -> None:
        """Every game's archive replayed through the engine equals what was kept, phase for phase."""
        for name in store.game_names():
            phases = store.phase_names(name)
            report = replay(from_store(store, name, judge_name))
            if report.divergence is not None or len(report.phases) != len(phases):
                self.violations["replay"].append(f"{name}: {report.summary()}")
