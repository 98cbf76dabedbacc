"""An observer's press (njudge: ``OBSERVE game password`` signs on, and press may follow in the same mail).

An address that already observes the game, with its observer password, is
signed on as an observer (``Session.observer_proved``): its PRESS and BROADCAST go out at once, as the
game's SET OBSERVER allows (judge/commands/pressflags.py).  An address not yet
confirmed, or a known one with a wrong password (OBSERVE only files a request: a mail's From can be forged), has its
press held with the request and sent when ``CONFIRM`` comes back from that
address (judge/commands/press.py: send_held); a forger never sees the
token, so his press is never sent.
"""

from __future__ import annotations

from typing import Any

from judge.commands.session import Refused, Session
from judge.reading.language import Command
from judge.store import Game

__all__ = ["MAX_HELD", "hold"]

_REQUESTS = "observe_requests"   # Game.extra: address (lower case) -> its request (judge/commands/observers.py)
MAX_HELD = 10


def hold(s: Session, game: Game, cmd: Command) -> str:
    """Keep an unconfirmed observer's press with his request to observe, for CONFIRM."""
    request = game.extra.get(_REQUESTS, {}).get(s.mail.sender.lower())
    if request is None:
        raise Refused(f"OBSERVE {game.name} <password> first: an observer's press follows his OBSERVE line")
    held = request.setdefault("held", [])
    if len(held) >= MAX_HELD:
        raise Refused(f"{MAX_HELD} press messages already wait for your CONFIRM")
    held.append({"kind": cmd.kind, "args": _plain(cmd.args), "line": cmd.line, "text": cmd.text})
    return (f"held until this address confirms it observes '{game.name}' (the CONFIRM line the answer to OBSERVE "
            "gives): then it is sent as an observer's press")


def _plain(value: Any) -> Any:
    """Arguments as the game file keeps them (tuples as lists)."""
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    return value
