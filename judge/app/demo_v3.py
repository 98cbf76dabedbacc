"""``judge demo --variant europe1615-v3``: two years of Europe 1615 (Version 3) by mail on the spool.

Five players join with BID sheets, the GM starts the game, and each phase the
players' mails (as :data:`SCRIPT` gives them) are dropped into the judge's
inbox and ``judge poll`` runs; a phase not played once the mails are read is
played when the test clock passes its deadline.  The game is ``v3`` on a
sandbox judge (``judge/app/sandbox.py``); its archive (``data/archive/v3/``) is
the public result mails, which ``tests/golden/europe1615-v3/`` keeps (the
tests play this same script).
"""

from __future__ import annotations

from judge.app.demo_script import ScriptedGame

GAME = "v3"
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



#: the script, and its driver's functions under the names the tests use
GAME_SCRIPT = ScriptedGame(GAME, {p: p[0] for p in POWERS}, BIDS, SETUP, SCRIPT)
GM, OBSERVER = GAME_SCRIPT.gm, GAME_SCRIPT.observer
address, password, signon = GAME_SCRIPT.address, GAME_SCRIPT.password, GAME_SCRIPT.signon
send_as, set_up, phase_now = GAME_SCRIPT.send_as, GAME_SCRIPT.set_up, GAME_SCRIPT.phase_now
play_phase, play = GAME_SCRIPT.play_phase, GAME_SCRIPT.play
