"""A command acts on the seat it names and only with that seat's authority (issue 31, points 1, 2, 4, 5, 8).

Each test plays the attack by mail through the spool into a running (or
forming) game, as the review that found it did, and checks the store and the
mails that went out.
"""

from __future__ import annotations

from judge.app.sandbox import Sandbox
from judge.mail import IncomingMail
from tests.app.helpers import GAME, GM, address, gm, reply, send_as, start_game, subjects, to


def _rejected(text: str, line: str, reason: str) -> bool:
    """Whether ``text`` (a reply) rejects ``line`` with ``reason`` (the reason may wrap)."""
    flat = " ".join(text.split())
    return line in flat and reason in flat[flat.index(line):]


def _signs_on(sandbox: Sandbox, sender: str, line: str) -> bool:
    sandbox.send(sender, f"{line}\nSTATUS", "try")
    sandbox.poll()
    return "wrong" not in reply(sandbox, sandbox.new_mail(), sender)


# -- point 5: keys never derive from a mutable address -------------------------------------------------------

E1615 = "e1"
ATTACKER, VICTIM = "attacker@example.org", "victim@example.org"
ATTACKER_SHEET = "BID SPAIN 60 FRANCE 10 AUSTRIA 10 ENGLAND 10 DENMARK 10"
VICTIM_SHEET = "BID ENGLAND 60 FRANCE 10 SPAIN 10 AUSTRIA 10 DENMARK 10"


def test_set_address_onto_another_players_address_and_back_leaves_his_bid_sheet(sandbox: Sandbox) -> None:
    sandbox.send(GM, f"CREATE {E1615} europe1615-v3 gm-secret", "new game")
    sandbox.poll()
    sandbox.send(ATTACKER, f"JOIN {E1615} a-secret\n{ATTACKER_SHEET}", "join")
    sandbox.poll()
    sandbox.send(VICTIM, f"JOIN {E1615} v-secret\n{VICTIM_SHEET}", "join")
    sandbox.poll()
    sandbox.send(ATTACKER, f"JOIN {E1615} a-secret\nSET ADDRESS {VICTIM}\nSET ADDRESS {ATTACKER}", "move")
    sandbox.poll()
    sandbox.new_mail()
    sandbox.send(GM, f"SIGNON M{E1615} gm-secret\nSTART", "start")
    sandbox.poll()
    game = sandbox.store.load_game(E1615)
    powers = {p.address: p.power for p in game.players if p.address}
    assert powers == {VICTIM: "ENGLAND", ATTACKER: "SPAIN"}
    start = [sandbox.text(m) for m in to(sandbox.new_mail(), GM) if "Re:" not in str(m.message["Subject"])]
    assert any(f"England to {VICTIM}, who sent: {VICTIM_SHEET}" in " ".join(t.split()) for t in start)
