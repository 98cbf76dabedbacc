"""Issue 35 point 10: the ``payola`` start mail names each player's own starting treasury, and never another's.

Played by mail: a Payola game created, joined and started; each power's "has started" mail is read as it
arrives.  Treasuries are secret (docs/payola.md), so the GM's and observers' copies name none.
"""

from __future__ import annotations

from judge.app.sandbox import Sandbox
from tests.app.helpers import GAME, GM, POWERS, address, start_game, to


def _start_mails(sandbox: Sandbox) -> dict[str, str]:
    mails = start_game(sandbox, variant="payola")
    found = {}
    for who in (*POWERS, "GM"):
        mine = [m for m in to(mails, GM if who == "GM" else address(who)) if "has started" in str(m.message["Subject"])]
        assert len(mine) == 1, who
        found[who] = sandbox.text(mine[0])
    return found


def test_each_start_mail_names_its_own_treasury_and_no_other(sandbox: Sandbox) -> None:
    mails = _start_mails(sandbox)
    treasury = sandbox.store.load_game(GAME).state["treasury"]
    assert treasury["RUSSIA"] != treasury["FRANCE"] == treasury["ENGLAND"]      # Russia's four centres
    france, russia = mails["France"], mails["Russia"]
    assert f"Your treasury: {treasury['FRANCE']} AgP" in france and france.count("treasury") == 1
    assert f"Your treasury: {treasury['RUSSIA']} AgP" in russia and russia.count("treasury") == 1
    assert f"{treasury['RUSSIA']} AgP" not in france and f"{treasury['FRANCE']} AgP" not in russia
    assert "England" not in france.split("Your treasury", 1)[1].split("\n", 1)[0]   # France's line is France's
    assert "treasury" not in mails["GM"] and "AgP" not in mails["GM"]
