"""``judge demo --variant europe1615-v3``: two years of Europe 1615 (Version 3) by mail on the spool.

Five players join with BID sheets, the GM starts the game, and each phase the
players' mails (as :data:`SCRIPT` gives them) are dropped into the judge's
inbox and ``judge poll`` runs; a phase not played once the mails are read is
played when the test clock passes its deadline.  The game is ``v3`` on a
sandbox judge (``judge/sandbox.py``); its archive (``data/archive/v3/``) is
the public result mails, which ``tests/golden/europe1615-v3/`` keeps (the
tests play this same script).
"""

from __future__ import annotations

from datetime import timedelta

from judge.sandbox import Sandbox

GAME = "v3"
GM = "gm@v3.invalid"
OBSERVER = "watcher@v3.invalid"
POWERS = ("Austria", "Denmark", "England", "France", "Spain")
BIDS = {
    "Austria": "BID AUSTRIA 60 DENMARK 10 ENGLAND 10 FRANCE 10 SPAIN 10",
    "Denmark": "BID DENMARK 45, AUSTRIA 10, ENGLAND 25, FRANCE 10, SPAIN 10",
    "England": "BID England 30 Denmark 40 Austria 10 France 10 Spain 10",
    "France": "BID FRANCE=55 SPAIN=30 AUSTRIA=5 ENGLAND=5 DENMARK=5",
    "Spain": "BID SPAIN 50 FRANCE 35 AUSTRIA 5 ENGLAND 5 DENMARK 5",
}
SETUP = f"""CREATE {GAME} europe1615-v3 gm-secret
SET TIMING M next=48h hour=18:00
SET TIMING A next=24h hour=18:00
SET NMR hold
"""

#: (phase, {power: the body of its mail after SIGNON}); phases that take no orders are played on their own.
SCRIPT: list[tuple[str, dict[str, str]]] = [
    ("S1615M", {
        "France": "9: WUR\n12: LOR\n10: SAV\nWUR - FRA\nA PAR - BUR\nSER H",
        "Spain": "6: LOR\nA MIL - SWI\nSER \u2013 BOS",
        "Denmark": "10:BRA\nBRA-MEC\nA HOL S A BRA - MEC",
        "England": "40: IRE\n12: SCOT\n5: PAPL\nLOR > ENGLAND\nA LVR H",
        "Austria": "8: TRA\nA BOH H\nSER H",
    }),
    ("U1615M", {
        "Spain": "8: LOR\nLOR > FRANCE\nA SWI - WUR",
        "France": "4: WUR",
    }),
    ("F1615M", {
        "Spain": "LOR - CHA\nA WUR H",
    }),
    ("W1615A", {
        "Spain": "+5 = Moroccan unification\n-8 = Treaty of Lyon\n+1 = Dano-Swedish rivalry\nBUILD A MIL\nWAIVE",
        "France": "+10 = Treaty of Lyon\n+2 = Moroccan\n-2 = Dano-Swedish\nBUILD A PAR",
        "Denmark": "DENMARK'S BALLOT\n-10 = Dano-Swedish rivalry\n+2 = Treaty of Lyon\n+2 = Moroccan unification\n"
                   "BUILD A JUT\nBUILD A BRA",
        "England": "+6 = Treaty of Lyon\n+4 = Dano-Swedish\n+4 = Moroccan unification\nBUILD A WAL",
        "Austria": "+8 = Treaty of Lyon\n+3 = Moroccan unification\n+3 = Dano-Swedish rivalry\nBUILD A CRO",
    }),
    ("S1616M", {
        "England": "9: LOWR\n4: SCOT",
        "Spain": "5: SAV\n10: LOR\nRUM H",
        "France": "RUM - BUL\n5: WUR",
        "Austria": "RUM - BUL\nBRA > DENMARK",
        "Denmark": "5: BRA",
    }),
    ("U1616M", {
        "Spain": "MOTION CANCEL Treaty of Lyon\nA WUR - SWI",
    }),
    ("F1616M", {
        "Denmark": "MEC - POM",
        "England": "LUN - MEC",
    }),
    ("W1616E", {
        "Denmark": "REMOVE A POM",
    }),
    ("W1616A", {
        "Spain": "+4 = Moroccan unification\n-1 = Dano-Swedish rivalry\n-1 = Anti-Protestant Ireland\n"
                 "+9 = CANCEL Treaty of Lyon\nBUILD F NAP",
        "France": "+1 = Moroccan\n+1 = Dano-Swedish\n+1 = Anti-Protestant Ireland\n-11 = CANCEL Treaty of Lyon",
        "Austria": "+2 = Moroccan\n+1 = Dano-Swedish\n+1 = Anti-Protestant\n+10 = CANCEL Treaty of Lyon",
        "Denmark": "+1 = Moroccan\n-5 = Dano-Swedish\n-2 = Anti-Protestant\n+6 = CANCEL Treaty of Lyon",
        "England": "-1 = Moroccan\n+1 = Dano-Swedish\n-6 = Anti-Protestant\n+6 = CANCEL Treaty of Lyon",
    }),
]


def address(power: str) -> str:
    return f"{power.lower()}@v3.invalid"


def password(power: str) -> str:
    return f"{power.lower()}-pw"


def signon(power: str) -> str:
    return f"SIGNON {power[0]}{GAME} {password(power)}"


def send_as(sandbox: Sandbox, power: str, lines: str, subject: str = "orders") -> None:
    sandbox.send(address(power), f"{signon(power)}\n{lines}\n", subject)


def set_up(sandbox: Sandbox) -> None:
    """CREATE; five JOINs, each with its BID sheet; an observer; START (the status check is played at once)."""
    sandbox.send(GM, SETUP, "new game")
    sandbox.poll()
    for power in POWERS:
        sandbox.send(address(power), f"JOIN {GAME} {password(power)}\n{BIDS[power]}\n", "joining")
    sandbox.send(OBSERVER, f"OBSERVE {GAME} watch", "observing")
    sandbox.poll()
    sandbox.send(GM, f"SIGNON M{GAME} gm-secret\nSTART", "start")
    sandbox.poll()


def phase_now(sandbox: Sandbox) -> str:
    return str(sandbox.store.load_game(GAME).state.get("phase"))


def play_phase(sandbox: Sandbox, phase: str, orders: dict[str, str], say: bool = False) -> None:
    """Mail the orders and poll; if the phase still waits, move the clock past its deadline and poll."""
    if phase_now(sandbox) != phase:
        raise RuntimeError(f"the script expected {phase}, the game is at {phase_now(sandbox)}")
    for power, lines in orders.items():
        send_as(sandbox, power, lines, f"{phase} orders")
    sandbox.advance(timedelta(hours=3))
    _poll(sandbox, f"{phase}: {len(orders)} order mails", say)
    game = sandbox.store.load_game(GAME)
    if game.state.get("phase") == phase and game.deadline is not None:
        sandbox.clock.set(game.deadline + timedelta(minutes=1))
        _poll(sandbox, f"{phase}: the clock passes the deadline", say)


def _poll(sandbox: Sandbox, what: str, say: bool) -> None:
    report = sandbox.poll()
    if say:
        print(f"  {sandbox.clock.now():%a %d %b %H:%M} UTC  {what:<45} -> {report.summary()[6:]}  "
              f"now {phase_now(sandbox)}")


def play(sandbox: Sandbox, say: bool = False) -> None:
    set_up(sandbox)
    for phase, orders in SCRIPT:
        play_phase(sandbox, phase, orders, say)
