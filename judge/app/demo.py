"""``judge demo``: a scripted game by mail on a sandbox judge, a few game years in a few seconds.

A scripted game is data: ``gamedata/<variant>/demo.toml`` gives the game,
its players (letter, password, BID sheet), the GM's set-up mail and each
phase's order mails.  :class:`ScriptedGame` mails it to the judge phase by
phase, polling, and moves the test clock past a deadline (and past the grace
period, if there is one) when a phase still waits.  The tests play the same
scripts; the Europe 1615 ones end in the golden archives of tests/golden/.
"""

from __future__ import annotations

import re
import tempfile
import tomllib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import timedelta
from pathlib import Path
from typing import Any

from judge.app.sandbox import Sandbox
from judge.mail import body_text
from judge.paths import gamedata_dir

Phases = Sequence[tuple[str, Mapping[str, str]]]
SCRIPT_FILE = "demo.toml"


@dataclass(frozen=True)
class ScriptedGame:
    """One script (see a ``demo.toml``) and how to play it."""

    game: str
    letters: Mapping[str, str]   # power -> its letter in SIGNON
    bids: Mapping[str, str]      # power -> its BID sheet, sent with JOIN ("" where the judge gives out powers)
    setup: str                   # the GM's CREATE mail
    phases: Phases               # (phase, {power: order lines}) in order
    password_form: str = "{power}-pw"
    join_as: bool = False        # JOIN ... AS <Power> rather than a BID sheet
    observer_joins: bool = True
    show: tuple[str, str] = ("", "")   # the subject and the reader of the result mail `judge demo` prints
    gm_lines: Mapping[str, str] = field(default_factory=dict)   # phase -> the GM's lines mailed in that phase
    end: str = ""                      # the GM's last mail after the phases (e.g. TERMINATE), if any

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
        return self.password_form.format(power=power.lower())

    def signon(self, power: str) -> str:
        return f"SIGNON {self.letters[power]}{self.game} {self.password(power)}"

    def send_as(self, sandbox: Sandbox, power: str, lines: str, subject: str = "orders") -> None:
        sandbox.send(self.address(power), f"{self.signon(power)}\n{lines}\n", subject)

    def set_up(self, sandbox: Sandbox, say: bool = False) -> None:
        """CREATE; a JOIN per power (with its BID sheet, or AS the power); an observer; START."""
        sandbox.send(self.gm, self.setup, "new game")
        self._poll(sandbox, "the GM creates the game", say)
        for power in self.powers:
            join = f"JOIN {self.game} {self.password(power)}"
            body = f"{join} AS {power}" if self.join_as else f"{join}\n{self.bids[power]}\n"
            sandbox.send(self.address(power), body, "joining")
        if self.observer_joins:
            sandbox.send(self.observer, f"OBSERVE {self.game} watch", "observing")
        self._poll(sandbox, f"{len(self.powers)} players join", say)
        if self.observer_joins:  # the observer confirms from his address with the token the judge mailed him
            sandbox.send(self.observer, confirm_line(sandbox, self.observer, self.game), "confirming")
        sandbox.send(self.gm, f"SIGNON GM {self.game} gm-secret\nSTART", "start")
        self._poll(sandbox, "the GM starts the game", say)

    def phase_now(self, sandbox: Sandbox) -> str:
        return str(sandbox.store.load_game(self.game).state.get("phase"))

    def play_phase(self, sandbox: Sandbox, phase: str, orders: Mapping[str, str], say: bool = False) -> None:
        """Mail the orders and poll; if the phase still waits, move the clock past its deadline (and grace)."""
        if self.phase_now(sandbox) != phase:
            raise RuntimeError(f"the script expected {phase}, the game is at {self.phase_now(sandbox)}")
        if self.gm_lines.get(phase):  # the GM's decisions of the phase (GM DICE ...), before the players' mails
            sandbox.send(self.gm, f"SIGNON GM {self.game} gm-secret\n{self.gm_lines[phase]}\n", f"{phase} GM")
        for power, lines in orders.items():
            self.send_as(sandbox, power, lines, f"{phase} orders")
        sandbox.advance(timedelta(hours=3))
        self._poll(sandbox, f"{phase}: {len(orders)} order mails", say)
        game = sandbox.store.load_game(self.game)
        if game.state.get("phase") != phase or game.deadline is None:
            return
        sandbox.clock.set(game.deadline + timedelta(minutes=1))
        self._poll(sandbox, f"{phase}: the clock passes the deadline", say)
        if game.grace_end is not None and game.grace_end > game.deadline:
            sandbox.clock.set(game.grace_end + timedelta(minutes=1))
            self._poll(sandbox, f"{phase}: the clock passes the end of the grace period", say)

    def play(self, sandbox: Sandbox, say: bool = False) -> None:
        self.set_up(sandbox, say)
        for phase, orders in self.phases:
            self.play_phase(sandbox, phase, orders, say)
        if self.end:
            sandbox.send(self.gm, f"SIGNON GM {self.game} gm-secret\n{self.end}", "the end")
            self._poll(sandbox, f"the GM: {self.end.splitlines()[0]}", say)

    def _poll(self, sandbox: Sandbox, what: str, say: bool) -> None:
        report = sandbox.poll()
        if say:
            phase = sandbox.store.load_game(self.game).state.get("phase")
            print(f"  {sandbox.clock.now():%a %d %b %H:%M} UTC  {what:<52} -> {report.summary()[6:]}"
                  + (f"  now {phase}" if phase else ""))


def load_script(variant: str) -> ScriptedGame:
    """The scripted game of ``gamedata/<variant>/demo.toml``."""
    with open(gamedata_dir() / variant / SCRIPT_FILE, "rb") as f:
        data: dict[str, Any] = tomllib.load(f)
    powers: dict[str, dict[str, str]] = data["powers"]
    return ScriptedGame(
        game=data["game"], letters={p: v["letter"] for p, v in powers.items()},
        bids={p: v.get("bid", "") for p, v in powers.items()}, setup=data["setup"],
        phases=[(p["phase"], p["orders"]) for p in data["phases"]], password_form=data["password"],
        join_as=data["join"] == "as", observer_joins=data["observer"],
        show=(data["show"]["subject"], data["show"]["reader"]),
        gm_lines={p["phase"]: p["gm"] for p in data["phases"] if "gm" in p}, end=data.get("end", ""))


def demos() -> list[str]:
    """The variants ``judge demo --variant`` knows: those with a script, the standard game first."""
    names = sorted(p.parent.name for p in gamedata_dir().glob(f"*/{SCRIPT_FILE}"))
    return sorted(names, key=lambda name: name != "standard")


def run_demo_command(args: Any) -> int:
    """``judge demo [--dir DIR] [--variant NAME]``."""
    return run_demo(args.dir, args.variant)


def run_demo(folder: str | None = None, variant: str = "standard") -> int:
    if variant not in demos():
        print(f"judge demo: no demo of {variant!r} (there are: {', '.join(demos())})")
        return 2
    root = Path(folder) if folder else Path(tempfile.mkdtemp(prefix="judge-demo-"))
    if (root / "judge.toml").exists():
        print(f"judge demo: {root} already holds a judge; give an empty or new --dir")
        return 1
    scripted = load_script(variant)
    sandbox = Sandbox.create(root)
    print(f"A demo judge in {root} (test clock, local spool, no mail server).\n")
    scripted.play(sandbox, say=True)
    _show(sandbox, scripted)
    return 0


def _show(sandbox: Sandbox, scripted: ScriptedGame) -> None:
    sent = sandbox.sent()
    archive = sandbox.config.data_dir / "archive" / scripted.game
    phases = sorted(p.stem for p in archive.glob("*.txt"))
    print(f"\nThe judge sent {len(sent)} mails, one file each (Maildir):\n  {sandbox.spool / 'outbox' / 'new'}")
    print(f"The archive has {len(phases)} result files ({', '.join(phases)}):\n  {archive}")
    print(f"Config, data and clock: {sandbox.root}\n")
    subject, reader = scripted.show
    mail = next(m for m in sent if m.message["Subject"] == subject
                and scripted.address(reader) in str(m.message["To"]))
    print(f"One of them, to {mail.message['To']}:  Subject: {mail.message['Subject']}\n")
    print(sandbox.text(mail))


def confirm_line(sandbox: Sandbox, who: str, game: str) -> str:
    """The ``CONFIRM game token`` line the judge's answer to ``who``'s OBSERVE asks him to send back."""
    for mail in reversed(sandbox.sent()):
        if who.lower() in str(mail.message["To"]).lower():
            found = re.search(rf"CONFIRM {re.escape(game)} \w+", body_text(mail.message))
            if found:
                return found.group()
    raise RuntimeError(f"no answer to {who}'s OBSERVE {game} was sent")
