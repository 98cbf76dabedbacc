"""``judge demo``: a whole game by mail on the local spool, two game years in a few seconds.

A GM creates a standard game by mail, seven players join, the GM starts it;
then each phase the players' order mails are dropped into the spool inbox
and ``judge poll`` runs.  Turkey forgets its Fall 1901 orders, so the test
clock is moved past the deadline (late notice) and past the grace period
(its units hold).  Spring 1902 has a supported attack that dislodges a French
army, which retreats; both winters have builds.  At the end the demo prints
where the result mails and the archive are, and one result mail.
"""

from __future__ import annotations

import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from datetime import timedelta
from pathlib import Path

from judge.app.sandbox import Sandbox

GAME = "demo"
GM = "gm@demo.invalid"
POWERS = ("England", "France", "Germany", "Italy", "Austria", "Russia", "Turkey")
SETUP = f"""CREATE {GAME} standard gm-secret
SET TIMING M next=48h hour=18:00
SET TIMING R next=24h hour=18:00
SET TIMING A next=24h hour=18:00
SET GRACE 12h
SET NMR hold
SET PRESS white
"""
# Each phase: power -> order lines.  Turkey misses F1901M.
SCRIPT: list[tuple[str, dict[str, str]]] = [
    ("S1901M", {
        "England": "F LON - NTH\nF EDI - NWG\nA LVP - YOR",
        "France": "A PAR - BUR\nA MAR S A PAR - BUR\nF BRE - MAO",
        "Germany": "A BER - KIE\nA MUN - RUH\nF KIE - DEN",
        "Italy": "A ROM - APU\nF NAP - ION\nA VEN H",
        "Austria": "A VIE - GAL\nA BUD - SER\nF TRI - ALB",
        "Russia": "A MOS - UKR\nA WAR - GAL\nF SEV - BLA\nF STP/SC - BOT",
        "Turkey": "F ANK - BLA\nA CON - BUL\nA SMY - CON\nPRESS TO Russia\nThe Black Sea is big enough for "
                  "both of us.\nENDPRESS",
    }),
    ("F1901M", {
        "England": "F NWG - NWY\nF NTH S F NWG - NWY\nA YOR H",
        "France": "A BUR - BEL\nA MAR - SPA\nF MAO - POR",
        "Germany": "A KIE - HOL\nF DEN H\nA RUH H",
        "Italy": "F ION C A APU - TUN\nA APU - TUN\nA VEN H",
        "Austria": "F ALB - GRE\nA SER S F ALB - GRE\nA VIE - BUD",
        "Russia": "A UKR - RUM\nF BOT - SWE\nA WAR H\nF SEV S A UKR - RUM",
    }),
    ("W1901A", {
        "England": "BUILD F LON",
        "France": "BUILD A PAR\nBUILD A MAR\nBUILD F BRE",
        "Germany": "BUILD A BER\nBUILD F KIE",
        "Italy": "BUILD F NAP",
        "Austria": "BUILD A VIE\nBUILD F TRI",
        "Russia": "BUILD A MOS\nBUILD F STP/NC",
        "Turkey": "BUILD F SMY",
    }),
    ("S1902M", {
        "England": "F NWY - BAR\nF NTH H\nA YOR H\nF LON - ENG",
        "France": "A BEL H\nA PAR - BUR\nA MAR H\nF BRE - ENG\nA SPA H\nF POR - MAO",
        "Germany": "A RUH - BEL\nA HOL S A RUH - BEL\nF DEN H\nA BER - MUN\nF KIE - HEL",
        "Italy": "F ION - AEG\nF NAP - ION\nA VEN H\nA TUN H",
        "Austria": "A VIE - GAL\nA BUD H\nA SER H\nF GRE H\nF TRI - ADR",
        "Russia": "A RUM H\nF SWE H\nA WAR H\nF SEV H\nA MOS - UKR\nF STP/NC - BAR",
        "Turkey": "F SMY - AEG\nA BUL H\nA CON H\nF ANK - BLA",
    }),
    ("S1902R", {"France": "A BEL - PIC"}),
    ("F1902M", {
        "England": "F NWY H\nF NTH H\nA YOR H\nF LON H",
        "France": "A PIC H\nA BUR H\nA MAR H\nF BRE H\nA SPA H\nF MAO H",
        "Germany": "A BEL H\nA HOL H\nF DEN H\nA MUN H\nF HEL H",
        "Italy": "F ION H\nF NAP H\nA VEN H\nA TUN H",
        "Austria": "A GAL H\nA BUD H\nA SER H\nF GRE H\nF ADR H",
        "Russia": "A RUM H\nF SWE H\nA WAR H\nF SEV H\nA UKR H\nF STP/NC H",
        "Turkey": "F SMY H\nA BUL H\nA CON H\nF BLA H",
    }),
    ("W1902A", {"Germany": "BUILD A BER", "France": "REMOVE A PIC"}),
]


def address(power: str) -> str:
    return f"{power.lower()}@demo.invalid"


def password(power: str) -> str:
    return f"{power.lower()}-secret"


def set_up(sandbox: Sandbox, say: bool = True) -> None:
    """CREATE, seven JOINs, START: one poll each."""
    sandbox.send(GM, SETUP, "new game")
    _poll(sandbox, "the GM creates the game", say)
    for power in POWERS:
        sandbox.send(address(power), f"JOIN {GAME} {password(power)} AS {power}", "joining")
    _poll(sandbox, "seven players join", say)
    sandbox.send(GM, f"SIGNON M{GAME} gm-secret\nSTART", "start")
    _poll(sandbox, "the GM starts the game", say)


def play_phase(sandbox: Sandbox, phase: str, orders: dict[str, str], say: bool = True) -> None:
    """Mail the orders and poll; move the clock past the deadline and the grace if someone is late."""
    for power, lines in orders.items():
        sandbox.send(address(power), f"SIGNON {power[0]}{GAME} {password(power)}\n{lines}\n", f"{phase} orders")
    sandbox.advance(timedelta(hours=3))
    _poll(sandbox, f"{phase}: {len(orders)} order mails", say)
    game = sandbox.store.load_game(GAME)
    if game.state.get("phase") != phase or game.deadline is None:
        return
    sandbox.clock.set(game.deadline + timedelta(minutes=1))
    _poll(sandbox, f"{phase}: the clock passes the deadline", say)
    if game.grace_end is not None:
        sandbox.clock.set(game.grace_end + timedelta(minutes=1))
        _poll(sandbox, f"{phase}: the clock passes the end of the grace period", say)


def _poll(sandbox: Sandbox, what: str, say: bool) -> None:
    report = sandbox.poll()
    if say:
        print(f"  {sandbox.clock.now():%a %d %b %H:%M} UTC  {what:<52} -> {report.summary()[6:]}")


def play(sandbox: Sandbox, say: bool = True) -> None:
    set_up(sandbox, say)
    for phase, orders in SCRIPT:
        play_phase(sandbox, phase, orders, say)


@dataclass(frozen=True)
class Demo:
    """A scripted game: how to play it, its name, and which result mail to print at the end."""

    play: Callable[[Sandbox], None]
    game: str
    subject: str
    reader: str


def demos() -> dict[str, Demo]:
    """The variants ``judge demo --variant`` knows, each with its script."""
    from judge.app import demo_2013_08, demo_v3

    return {"standard": Demo(play, GAME, "Diplomacy results demo S1902M", address("France")),
            "europe1615-v3": Demo(lambda sandbox: demo_v3.play(sandbox, say=True), demo_v3.GAME,
                                  f"Diplomacy results {demo_v3.GAME} U1615M", demo_v3.address("Spain")),
            "europe1615-2013-08": Demo(lambda sandbox: demo_2013_08.play(sandbox, say=True), demo_2013_08.GAME,
                                       f"Diplomacy results {demo_2013_08.GAME} S1615M",
                                       demo_2013_08.address("Scandinavia"))}


def run_demo(folder: str | None = None, variant: str = "standard") -> int:
    scripted = demos().get(variant)
    if scripted is None:
        print(f"judge demo: no demo of {variant!r} (there are: {', '.join(demos())})")
        return 2
    root = Path(folder) if folder else Path(tempfile.mkdtemp(prefix="judge-demo-"))
    if (root / "judge.toml").exists():
        print(f"judge demo: {root} already holds a judge; give an empty or new --dir")
        return 1
    sandbox = Sandbox.create(root)
    print(f"A demo judge in {root} (test clock, local spool, no mail server).\n")
    scripted.play(sandbox)
    _show(sandbox, scripted)
    return 0


def _show(sandbox: Sandbox, scripted: Demo) -> None:
    sent = sandbox.sent()
    archive = sandbox.config.data_dir / "archive" / scripted.game
    phases = sorted(p.stem for p in archive.glob("*.txt"))
    print(f"\nThe judge sent {len(sent)} mails, one file each (Maildir):\n  {sandbox.spool / 'outbox' / 'new'}")
    print(f"The archive has {len(phases)} result files ({', '.join(phases)}):\n  {archive}")
    print(f"Config, data and clock: {sandbox.root}\n")
    mail = next(m for m in sent if m.message["Subject"] == scripted.subject and scripted.reader in str(m.message["To"]))
    print(f"One of them, to {mail.message['To']}:  Subject: {mail.message['Subject']}\n")
    print(sandbox.text(mail))
