"""A scripted Europe 1615 game by mail on a sandbox judge: the driver both edition demos share.

A script is data (the game, its players' letters and BID sheets, the GM's
set-up mail, and each phase's order mails); :class:`ScriptedGame` mails it to
the judge phase by phase, polling, and moving the test clock past a deadline
when a phase still waits.  ``judge/app/demo_v3.py`` and ``judge/app/demo_2013_08.py``
are scripts; the tests play the same ones.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import timedelta

from judge.app.sandbox import Sandbox

Phases = Sequence[tuple[str, Mapping[str, str]]]


@dataclass(frozen=True)
class ScriptedGame:
    game: str
    letters: Mapping[str, str]   # power -> its letter in SIGNON
    bids: Mapping[str, str]      # power -> its BID sheet, sent with JOIN
    setup: str                   # the GM's CREATE mail
    phases: Phases               # (phase, {power: order lines}) in order

    @property
    def gm(self) -> str:
        return f"gm@{self.game}.invalid"

    @property
    def observer(self) -> str:
        return f"watcher@{self.game}.invalid"

    @property
    def powers(self) -> tuple[str, ...]:
        return tuple(self.letters)

    def address(self, power: str) -> str:
        return f"{power.lower()}@{self.game}.invalid"

    def password(self, power: str) -> str:
        return f"{power.lower()}-pw"

    def signon(self, power: str) -> str:
        return f"SIGNON {self.letters[power]}{self.game} {self.password(power)}"

    def send_as(self, sandbox: Sandbox, power: str, lines: str, subject: str = "orders") -> None:
        sandbox.send(self.address(power), f"{self.signon(power)}\n{lines}\n", subject)

    def set_up(self, sandbox: Sandbox) -> None:
        """CREATE; a JOIN with its BID sheet per power; an observer; START."""
        sandbox.send(self.gm, self.setup, "new game")
        sandbox.poll()
        for power in self.powers:
            sandbox.send(self.address(power), f"JOIN {self.game} {self.password(power)}\n{self.bids[power]}\n",
                         "joining")
        sandbox.send(self.observer, f"OBSERVE {self.game} watch", "observing")
        sandbox.poll()
        sandbox.send(self.gm, f"SIGNON M{self.game} gm-secret\nSTART", "start")
        sandbox.poll()

    def phase_now(self, sandbox: Sandbox) -> str:
        return str(sandbox.store.load_game(self.game).state.get("phase"))

    def play_phase(self, sandbox: Sandbox, phase: str, orders: Mapping[str, str], say: bool = False) -> None:
        """Mail the orders and poll; if the phase still waits, move the clock past its deadline and poll."""
        if self.phase_now(sandbox) != phase:
            raise RuntimeError(f"the script expected {phase}, the game is at {self.phase_now(sandbox)}")
        for power, lines in orders.items():
            self.send_as(sandbox, power, lines, f"{phase} orders")
        sandbox.advance(timedelta(hours=3))
        self._poll(sandbox, f"{phase}: {len(orders)} order mails", say)
        game = sandbox.store.load_game(self.game)
        if game.state.get("phase") == phase and game.deadline is not None:
            sandbox.clock.set(game.deadline + timedelta(minutes=1))
            self._poll(sandbox, f"{phase}: the clock passes the deadline", say)

    def play(self, sandbox: Sandbox, say: bool = False) -> None:
        self.set_up(sandbox)
        for phase, orders in self.phases:
            self.play_phase(sandbox, phase, orders, say)

    def _poll(self, sandbox: Sandbox, what: str, say: bool) -> None:
        report = sandbox.poll()
        if say:
            print(f"  {sandbox.clock.now():%a %d %b %H:%M} UTC  {what:<45} -> {report.summary()[6:]}  "
                  f"now {self.phase_now(sandbox)}")
