"""Observers confirm by mail and can stop; SUMMARY shows addresses only to insiders (issue 31, point 10).

Anyone could subscribe any address as an observer (a forged ``OBSERVE``), with
no way to stop, and a second ``OBSERVE`` just changed the password; ``SUMMARY``
of a finished game gave every player's address to a stranger.
"""

from __future__ import annotations

import re

from judge.app.sandbox import Sandbox
from tests.app.helpers import GAME, address, gm, reply, send_as, start_game, to

VICTIM = "victim@example.org"


def broadcast(sandbox: Sandbox, text: str) -> None:
    send_as(sandbox, "England", f"BROADCAST\n{text}\nENDPRESS")
    sandbox.poll()


def got(sandbox: Sandbox, who: str, text: str) -> bool:
    return any(text in sandbox.text(m) for m in to(sandbox.new_mail(), who))


def test_a_forged_observe_has_no_effect_until_the_address_confirms(sandbox: Sandbox) -> None:
    start_game(sandbox, "SET PRESS white")
    sandbox.send(VICTIM, f"OBSERVE {GAME} forged-pw", "forged")   # anyone can write any From
    sandbox.poll()
    answer = reply(sandbox, sandbox.new_mail(), VICTIM)   # only the address itself sees the token
    assert "forged-pw" not in answer
    token = re.search(rf"CONFIRM {GAME} (\w+)", answer)
    assert token is not None, answer
    assert sandbox.store.load_game(GAME).observers == []
    broadcast(sandbox, "Before the confirmation.")
    assert not got(sandbox, VICTIM, "Before the confirmation.")
    sandbox.send(VICTIM, f"CONFIRM {GAME} wrongtoken", "guess")
    sandbox.poll()
    assert "no request to observe" in reply(sandbox, sandbox.new_mail(), VICTIM)
    sandbox.send(VICTIM, f"CONFIRM {GAME} {token.group(1)}", "yes")
    sandbox.poll()
    assert "you now observe 'demo'" in reply(sandbox, sandbox.new_mail(), VICTIM)
    broadcast(sandbox, "After the confirmation.")
    assert got(sandbox, VICTIM, "After the confirmation.")


def test_an_observer_stops_with_unobserve(sandbox: Sandbox) -> None:
    start_game(sandbox, "SET PRESS white")
    sandbox.send(VICTIM, f"OBSERVE {GAME} watch3r")
    sandbox.poll()
    token = re.search(rf"CONFIRM {GAME} (\w+)", reply(sandbox, sandbox.new_mail(), VICTIM))
    assert token is not None
    sandbox.send(VICTIM, f"CONFIRM {GAME} {token.group(1)}")
    sandbox.poll()
    sandbox.send(VICTIM, f"OBSERVE {GAME} changed-by-a-forger")   # a second OBSERVE changes nothing by itself
    sandbox.send(VICTIM, f"UNOBSERVE {GAME} wrong")
    sandbox.poll()
    text = reply(sandbox, [m for m in sandbox.new_mail() if "UNOBSERVE" in sandbox.text(m)], VICTIM)
    assert "wrong observer password" in text
    sandbox.send(VICTIM, f"UNOBSERVE {GAME} watch3r")
    sandbox.poll()
    assert "you no longer observe 'demo'" in reply(sandbox, sandbox.new_mail(), VICTIM)
    broadcast(sandbox, "After leaving.")
    assert not got(sandbox, VICTIM, "After leaving.")


def test_summary_of_a_finished_game_shows_addresses_to_its_players_and_gm_only(sandbox: Sandbox) -> None:
    start_game(sandbox)
    gm(sandbox, "TERMINATE")
    sandbox.poll()
    sandbox.new_mail()
    sandbox.send("stranger@example.org", f"SUMMARY {GAME}")
    send_as(sandbox, "France", f"SUMMARY {GAME}")
    gm(sandbox, f"SUMMARY {GAME}")
    sandbox.poll()
    mails = [m for m in sandbox.new_mail() if str(m.message["Subject"]).startswith("Summary of")]
    stranger = sandbox.text(to(mails, "stranger@")[0])
    assert "@" not in stranger.replace("stranger@", "") and address("England") not in stranger
    assert "only to the game's players and its GM" in stranger
    for insider in (address("France"), "gm@"):
        assert address("England") in sandbox.text(to(mails, insider)[0])
