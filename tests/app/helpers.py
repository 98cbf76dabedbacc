"""Playing a game by mail in tests: the demo's seven players, and reading what came back."""

from __future__ import annotations

from typing import Any

from judge.app.demo import load_script
from judge.app.sandbox import Sandbox
from judge.mail import IncomingMail

DEMO = load_script("standard")
GAME, GM, POWERS, address, password = DEMO.game, DEMO.gm, DEMO.powers, DEMO.address, DEMO.password


def start_game(sandbox: Sandbox, setup: str = "", variant: str = "standard",
               powers: tuple[str, ...] = POWERS) -> list[IncomingMail]:
    """The demo's game, created, joined by ``powers`` (all seven) and started; ``setup`` adds GM lines
    before START (the powers left out are in civil disorder).  The mails of the start, for a test that reads them."""
    sandbox.send(GM, f"CREATE {GAME} {variant} gm-secret\n{setup}", "new game")
    sandbox.poll()
    for power in powers:
        sandbox.send(address(power), f"JOIN {GAME} {password(power)} AS {power}")
    sandbox.poll()
    sandbox.send(GM, f"SIGNON M{GAME} gm-secret\nSTART")
    sandbox.poll()
    return sandbox.new_mail()


def signon(power: str) -> str:
    return f"SIGNON {power[0]}{GAME} {password(power)}"


def send_as(sandbox: Sandbox, power: str, lines: str, subject: str = "orders") -> None:
    sandbox.send(address(power), f"{signon(power)}\n{lines}\n", subject)


def gm(sandbox: Sandbox, lines: str, subject: str = "gm") -> None:
    sandbox.send(GM, f"SIGNON M{GAME} gm-secret\n{lines}\n", subject)


def to(mails: list[IncomingMail], who: str) -> list[IncomingMail]:
    return [m for m in mails if who.lower() in str(m.message["To"]).lower()]


def subjects(mails: list[IncomingMail]) -> list[str]:
    return [str(m.message["Subject"]) for m in mails]


def reply(sandbox: Sandbox, mails: list[IncomingMail], who: str) -> str:
    """The body of the one reply (``Re:``) to ``who`` among ``mails``."""
    found = [m for m in to(mails, who) if str(m.message["Subject"]).startswith("Re:")]
    assert len(found) == 1, subjects(to(mails, who))
    return sandbox.text(found[0])


def hold_all(sandbox: Sandbox) -> dict[str, str]:
    """A hold order for every unit of every power, as order text per power."""
    game = sandbox.store.load_game(GAME)
    units = game.state["units"]
    return {p: "\n".join(f"{u} H" for u in units.get(p.upper(), [])) for p in POWERS}


def observe(sandbox: Sandbox, who: str, game: str = GAME, password: str = "look") -> None:
    """``who`` observes ``game``: OBSERVE, then the CONFIRM line the judge's answer gives, each polled."""
    from judge.app.demo import confirm_line

    sandbox.send(who, f"OBSERVE {game} {password}", "observe")
    sandbox.poll()
    sandbox.send(who, confirm_line(sandbox, who, game), "confirm")
    sandbox.poll()


def answer_of(sandbox: Sandbox, script: Any, power: str, lines: str) -> str:
    """``lines`` mailed as ``power`` of a demo script's game, one poll, and its reply on one line."""
    script.send_as(sandbox, power, lines)
    sandbox.poll()
    return " ".join(reply(sandbox, sandbox.new_mail(), script.address(power)).split())
