"""The simulated GM of one game: creates and starts it, approves takeovers, pauses and resumes, and errs.

His mistakes are the ones GMs make: a mail signed on with a wrong password,
``SET DEADLINE`` with the year mistyped (the date lands in the past), or the
keyword misspelt.  Each mistake's mail names the lines the judge must refuse
(:attr:`Outgoing.mistakes`); at his next step he sends what he meant.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from datetime import datetime, timedelta

from judge.store import Game
from judge.turns.deadlines import utc_to_local
from tests.season.players import Outgoing

MISTAKES = ("wrong password", "deadline in the past", "misspelt keyword")


@dataclass
class GameMaster:
    """One game's GM; ``plays`` is the power his own address also plays ("" if none)."""

    game: str
    variant: str
    address: str
    nmr: str
    map_format: str
    rng: random.Random
    pause_at: int = 0          # pause when this many phases have been played (0: never)
    mistake: str = ""          # one of MISTAKES, made once this many phases have been played: err_at
    err_at: int = 0
    plays: str = ""
    password: str = "gm-secret"
    paused_steps: int = 0
    approved: set[str] = field(default_factory=set)
    meant: str = ""            # what he meant, sent at the next step after a mistake

    def signon(self) -> str:
        return f"SIGNON M{self.game} {self.password}"

    def create(self) -> Outgoing:
        lines = [f"CREATE {self.game} {self.variant} {self.password}", "SET TIMING M next=36h",
                 "SET TIMING R next=12h", "SET TIMING A next=12h", "SET GRACE 12h", f"SET NMR {self.nmr}",
                 f"SET MAP {self.map_format}", ""]
        return Outgoing(self.address, "\n".join(lines), "new game", "GM: CREATE")

    def start(self) -> Outgoing:
        return self.mail(["START"], "start")

    def mail(self, lines: list[str], subject: str, mistakes: tuple[int, ...] = (), what: str = "") -> Outgoing:
        what = what or (f"GM mistake: {self.mistake}" if mistakes else f"GM: {lines[0].split()[0]}")
        return Outgoing(self.address, "\n".join([self.signon(), *lines, ""]), subject, what, mistakes=mistakes)

    def act(self, game: Game, played: int, now: datetime) -> list[Outgoing]:
        """This step's mails: approvals first, then a pause or resume, then a mistake or its correction."""
        mails = self._approvals(game)
        if game.status == "paused" and not game.extra.get("fault"):
            self.paused_steps += 1
            if self.paused_steps >= 2:
                mails.append(self.mail(["RESUME"], "resume"))
            return mails
        if game.status != "active":
            return mails
        if self.meant:
            mails.append(self.mail([self.meant], "deadline", what="GM: SET DEADLINE, as he meant"))
            self.meant = ""
        elif self.pause_at and played >= self.pause_at:
            self.pause_at = 0
            mails.append(self.mail(["PAUSE"], "pause"))
        elif self.mistake and played >= self.err_at and game.deadline is not None:
            mails.append(self._mistake(game, now))
        return mails

    def _approvals(self, game: Game) -> list[Outgoing]:
        asked = sorted(set(game.extra.get("takeovers", {})) - self.approved)
        self.approved.update(asked)
        return [self.mail([f"APPROVE {power}"], "approve") for power in asked]

    def _mistake(self, game: Game, now: datetime) -> Outgoing:
        """The GM means to give the players a day more, and errs; he sends what he meant at his next step."""
        assert game.deadline is not None
        kind, self.meant = self.mistake, "SET DEADLINE +1d"
        if kind == "wrong password":
            mail = Outgoing(self.address, f"SIGNON M{self.game} {self.password}x\nSET DEADLINE +1d\n", "deadline",
                            f"GM mistake: {kind}", mistakes=(1, 2))
        elif kind == "misspelt keyword":
            mail = self.mail(["SET DEADLNE +1d"], "deadline", mistakes=(2,))
        else:
            meant = utc_to_local(max(game.deadline, now) + timedelta(days=1), game.zone)
            self.meant = f"SET DEADLINE {meant:%Y-%m-%d %H:%M}"
            mail = self.mail([f"SET DEADLINE {meant.replace(year=meant.year - 1):%Y-%m-%d %H:%M}"], "deadline",
                             mistakes=(2,))
        self.mistake = ""
        return mail


def make_gm(index: int, game: str, variant: str, powers: tuple[str, ...], rng: random.Random) -> GameMaster:
    """Game ``index``'s GM: NMR ``disorder`` in every other game and every seventh (``hold`` in the others), a
    pause in every other game, one mistake each (in turn), and in every seventh game (from the second) his own
    address plays the first power too."""
    own = random.Random(rng.random())
    nmr = "disorder" if index % 2 or index % 7 == 0 else "hold"
    return GameMaster(game, variant, f"gm@{game}.invalid", nmr,
                      ("PNG", "SVG", "NONE", "NONE")[index % 4], own,
                      pause_at=own.randint(1, 4) if index % 2 == 0 else 0, mistake=MISTAKES[index % len(MISTAKES)],
                      err_at=own.randint(1, 5), plays=powers[0] if index % 7 == 1 else "")
