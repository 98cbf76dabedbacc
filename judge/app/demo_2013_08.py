"""``judge demo --variant europe1615-2013-08``: the Spring 1615 example of the 2013-08 text, by mail, and on.

Five players join with BID sheets, the GM starts the game, and the five
submissions of the text's Spring 1615 example (EX-1308-01) go to the judge
as five mails, exactly as the text prints them.  Summer and Fall 1615 follow:
diplomatic attacks (one inside the Ottoman Empire, told only to the two
powers), Spain aligning the Ottoman Empire in secret, Scandinavia's army
entering its aligned Mecklenburg, Spain holding the Dutch Provinces to the
build phase (EX-1308-08), and the builds of Winter 1615.  The game is
``e1308`` on a sandbox judge (``judge/app/sandbox.py``); its archive is the
public result mails, which ``tests/golden/europe1615-2013-08/`` keeps (the
tests play this same script).
"""

from __future__ import annotations

from judge.app.demo_script import ScriptedGame

GAME = "e1308"
#: each power and its letter on the map (Scandinavia is N: S is Spain's)
LETTERS = {"France": "F", "Austria": "A", "Scandinavia": "N", "Spain": "S", "England": "E"}
POWERS = tuple(LETTERS)
BIDS = {
    "France": "BID FRANCE 60 AUSTRIA 10 SCANDINAVIA 10 SPAIN 10 ENGLAND 10",
    "Austria": "BID AUSTRIA 60 FRANCE 10 SCANDINAVIA 10 SPAIN 10 ENGLAND 10",
    "Scandinavia": "BID SCANDINAVIA 60 FRANCE 10 AUSTRIA 10 SPAIN 10 ENGLAND 10",
    "Spain": "BID SPAIN 60 FRANCE 10 AUSTRIA 10 SCANDINAVIA 10 ENGLAND 10",
    "England": "BID ENGLAND 60 FRANCE 10 AUSTRIA 10 SCANDINAVIA 10 SPAIN 10",
}
SETUP = f"""CREATE {GAME} europe1615-2013-08 gm-secret
SET TIMING M next=48h hour=18:00
SET TIMING A next=24h hour=18:00
SET NMR hold
"""

#: EX-1308-01: the five submissions of the text's Spring 1615 example, line for line (en dashes and all)
SPRING_1615: dict[str, str] = {
    "France": "5:LOW\n5:MEC\n16:RHI\n42:WUR\nGUY-BIS\nPAR-CHA\nNOR S PAR-CHA\nPRO-DAU\nWUR S BAV HOLD",
    "Austria": "16:BAV\n5:FRA\n5:HES\n9:HUN\n5:LOW\n5:MEC\n9:POL\n8:SAX\nBOH \u2013 SIL\nVIE-MRV\nSLO \u2013 PRE\n"
               "BAV HOLD\nFRA HOLD\nSAX HOLD\nPOL HOLD",
    "Scandinavia": "5:BRA\n25:DUT\n6:HES\n24:LIV\n5:LOW\nSTO-BAL\nDEN-MEC\nBRA S DEN-MEC\nSCA-DEN\nNWY-NTH\n"
                   "DUT S NWY-NTH\nLIV HOLD",
    "Spain": "5:LOW\n5:MEC\n15:RHI\n45:WES\nNET-DUT\nGAL-BIS\nMAD-CAS\nMIL-SWI\nLUX HOLD\nWES S NET-DUT",
    "England": "13:DUT\n10:HUN\n10:LOW\n24:WUR\nLON-NTH\nLVR-YOR\nBRS-ENG\nHUN-PRE",
}

#: (phase, {power: the body of its mail after SIGNON}); phases that take no orders are played on their own.
SCRIPT: list[tuple[str, dict[str, str]]] = [
    ("S1615M", SPRING_1615),
    ("U1615M", {
        "England": "13: LOW\nDUT > SCANDINAVIA\nHUN-PRE\nYOR-SCO\nWUR-FRA",
        "Austria": "2: OTTOMAN EMPIRE\nOTTOMAN EMPIRE > SPAIN\n20: SAX\nSLO-HUN\nSIL-SAX",
        "Scandinavia": "30: MEC\nLOW > ENGLAND\nMEC-POM\nDEN-MEC\nBAL-PRU",
        "France": "10: RHI\nRHI > SPAIN\nCHA-LOR\nBUL-WLC",
        "Spain": "20: OTTOMAN EMPIRE\n10: WES\nSER-BOS\nSAL-ALB\nDUT HOLD\nSWI-SAV",
    }),
    ("F1615M", {
        "Spain": "DUT HOLD\nCAS-POR\nBOS-CRO",
        "France": "LOR HOLD",
        "Scandinavia": "MEC HOLD",
    }),
    ("W1615A", {
        "Austria": "BUILD A VIE",
        "England": "BUILD F WAL\nBUILD F BRI",
        "France": "BUILD A PAR",
        "Scandinavia": "BUILD F STO",
        "Spain": "BUILD A DUT\nBUILD A MAD\nBUILD F NAP\nBUILD A SER",
    }),
]



#: the script, and its driver's functions under the names the tests use
GAME_SCRIPT = ScriptedGame(GAME, LETTERS, BIDS, SETUP, SCRIPT)
GM, OBSERVER = GAME_SCRIPT.gm, GAME_SCRIPT.observer
address, password, signon = GAME_SCRIPT.address, GAME_SCRIPT.password, GAME_SCRIPT.signon
send_as, set_up, phase_now = GAME_SCRIPT.send_as, GAME_SCRIPT.set_up, GAME_SCRIPT.phase_now
play_phase, play = GAME_SCRIPT.play_phase, GAME_SCRIPT.play
