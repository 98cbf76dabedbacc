"""njudge's POSTALPRESS (``data/press``): press kept until the phase is played, then sent with its results.

Allowed where the GM set POSTAL PRESS (SET PRESSFLAGS postal=yes); it goes to
everyone and always names its sender (njudge: "All Postal Press is sent to
all players, and the identity of the sender is always revealed").  Sent by
judge/turns/presslater.py once the phase is processed.
"""

from __future__ import annotations

from judge.commands.pressflags import flags, press_refusal
from judge.commands.session import Refused, Session
from judge.reading.language import Command
from judge.render import GM
from judge.turns.gameview import power_title
from judge.turns.presslater import POSTAL

__all__ = ["do_postal"]
MAX_POSTAL = 50


def do_postal(s: Session, cmd: Command) -> str:
    handle = s.current()
    assert handle is not None  # the dispatcher checked the sign-on
    game = handle.game
    if game.status != "active" or handle.state is None:
        raise Refused(f"'{game.name}' is not running: postal press goes out with a phase's results")
    if flags(game)["postal"] != "yes":
        raise Refused(f"'{game.name}' has no postal press (the GM may SET POSTAL PRESS): BROADCAST sends press "
                      "at once")
    refusal = press_refusal(game, s, handle.state.phase, partial=False, to_gm_only=False, grey=False, faked=False)
    if refusal:
        raise Refused(refusal)
    kept = game.extra.setdefault(POSTAL, [])
    if len(kept) >= MAX_POSTAL:
        raise Refused(f"{MAX_POSTAL} postal press messages already wait for this phase's results")
    sender = s.power or GM   # a player's (the GM sends BROADCAST)
    kept.append({"from": sender, "body": cmd.args["body"].rstrip("\n"), "phase": str(handle.state.phase)})
    who = "the GM" if sender == GM else power_title(game, sender)
    return f"postal press kept: it goes to everyone, from {who}, with the results of {handle.state.phase}"
