"""Eleven players by mail (issue 14, items 2 and 3): CREATE, JOIN with the powers' usual names, orders.

R-1618-03: eleven players; each may join under the names players use for
its power ("Spanish Hapsburgs", "United Netherlands" ...), as the map's
``power`` lines list them.
"""

from __future__ import annotations

from judge.app.sandbox import Sandbox
from tests.app.helpers import reply

GM = "gm@example.org"
SPELLINGS = {"AUSTRIA": "Austrian Hapsburgs", "BAVARIA": "bavaria", "BRANDENBURG": "Brandenburger",
             "DENMARK": "Danes", "FRANCE": "French", "PALATINATE": "Electoral Palatinate",
             "POLAND": "Poland-Lithuania", "SAXONY": "Saxon", "SPAIN": "Spanish Hapsburgs", "SWEDEN": "Swedes",
             "NETHERLANDS": "United Netherlands"}


def test_r_1618_03_eleven_players_join_by_their_powers_usual_names_and_the_game_starts_in_1618(
        sandbox: Sandbox) -> None:
    sandbox.send(GM, "CREATE g1 diplomacy1618 gmpw")
    sandbox.poll()
    for power, spelling in SPELLINGS.items():
        sandbox.send(f"{power.lower()}@example.org", f"JOIN g1 pw AS {spelling}")
    sandbox.poll()
    mails = sandbox.new_mail()
    assert "(11 of 11 seats)" in "".join(reply(sandbox, mails, f"{p.lower()}@") for p in SPELLINGS)
    sandbox.send(GM, "SIGNON Mg1 gmpw\nSTART")
    sandbox.poll()
    game = sandbox.store.load_game("g1")
    assert game.status == "active" and game.state["phase"] == "S1618M"
    for power in SPELLINGS:
        assert game.player(power).address == f"{power.lower()}@example.org", power
    sandbox.new_mail()
    sandbox.send("palatinate@example.org", "SIGNON Pg1 pw\nA PRA - BAY\nA UPA S A PRA\nA PAL - LOR")
    sandbox.send("netherlands@example.org", "SIGNON Dutch g1 pw\nA FRI - GRO")
    sandbox.poll()
    mails = sandbox.new_mail()
    palatine = reply(sandbox, mails, "palatinate@")
    assert "A PRA - BAY" in palatine and "Rejected" in palatine and "A UPA S A PRA" in palatine
    dutch = reply(sandbox, mails, "netherlands@")
    assert "Rejected" not in dutch and "A FRI - GRO" in dutch


def test_a_spelling_of_no_power_is_refused_naming_the_game(sandbox: Sandbox) -> None:
    sandbox.send(GM, "CREATE g1 diplomacy1618 gmpw")
    sandbox.poll()
    sandbox.send("x@example.org", "JOIN g1 pw AS Holy Roman Empire\nJOIN g1 pw AS a b c d e")
    sandbox.poll()
    text = reply(sandbox, sandbox.new_mail(), "x@")
    assert "'Holy Roman Empire' is not a power of 'g1'" in text
    assert "a power's name has at most 4 words" in text
