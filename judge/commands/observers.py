"""OBSERVE, CONFIRM and UNOBSERVE: an address follows a game only once it has said so from that address.

A mail's From can be forged, so ``OBSERVE game password`` only files a request
and answers the address with a one-time token; nothing of the game goes to
that address until ``CONFIRM game token`` comes back from it (a forger never
sees the token).  A second ``OBSERVE`` from an observer changes the observer
password only when confirmed the same way.  ``UNOBSERVE game password`` ends
it (the password checked within the poll's caps on wrong passwords).
"""

from __future__ import annotations

import hashlib
import hmac
import secrets

from judge.commands.guessing import check_signon
from judge.commands.press import send_held
from judge.commands.session import Handle, Refused, Session
from judge.reading.language import Command
from judge.store import Game, Observer, UnknownGame, check_password

#: the most requests to observe one game that wait for their confirmation (a new one past it is refused)
MAX_WAITING = 20
_REQUESTS = "observe_requests"   # Game.extra: address (lower case) -> its request


def do_observe(s: Session, cmd: Command) -> str:
    handle = _load(s, cmd.args["game"])
    if handle.replay:
        return "already done"
    game, sender = handle.game, s.mail.sender
    known = _observer(game, sender)
    if known is not None and check_password(cmd.args["password"], known.password_hash):
        s.sign_on(handle, "observer", None)   # njudge's OBSERVE signs on: an observer's press may follow
        s.observer_proved = True
        return f"signed on as an observer of '{game.name}': press after this line goes out as an observer's"
    waiting = game.extra.setdefault(_REQUESTS, {})
    if sender.lower() not in waiting and len(waiting) >= MAX_WAITING:
        raise Refused(f"{MAX_WAITING} requests to observe '{game.name}' wait for their confirmation: "
                      "send OBSERVE again in a day or two")
    token = secrets.token_hex(5)
    held = waiting.get(sender.lower(), {}).get("held", [])
    waiting[sender.lower()] = {"address": sender, "password_hash": s.judge.hash(cmd.args["password"]),
                               "token": _digest(token), "at": s.judge.now().isoformat(), "held": held}
    s.sign_on(handle, "observer", None)   # unproved (a From can be forged): press held until CONFIRM
    what = "your new observer password takes effect" if known else "you receive its results and broadcasts"
    return (f"to confirm that this address wants it, send from this address the line "
            f"CONFIRM {game.name} {token} ; until then nothing changes, and {what} only then")


def do_confirm(s: Session, cmd: Command) -> str:
    handle = _load(s, cmd.args["game"])
    if handle.replay:
        return "already done"
    game, sender = handle.game, s.mail.sender
    request = game.extra.get(_REQUESTS, {}).get(sender.lower())
    guesses, seat = s.judge.guesses, (game.name, "confirm")
    refusal = guesses.refusal(sender, seat, True, s.wrong_passwords)
    if refusal:  # a token is guessed like a password: the same caps
        raise Refused(f"not checked: {refusal}")
    if request is None or not hmac.compare_digest(request["token"], _digest(cmd.args["password"])):
        guesses.failed(sender, seat)
        s.wrong_passwords += 1
        raise Refused(f"no request to observe '{game.name}' from this address with that token "
                      f"(OBSERVE {game.name} <password> asks for one)")
    del game.extra[_REQUESTS][sender.lower()]
    known = _observer(game, sender)
    if known is not None:
        known.password_hash = request["password_hash"]
        return f"you already observe '{game.name}': password changed" + send_held(s, handle, request)
    game.observers.append(Observer(request["address"], request["password_hash"]))
    return f"you now observe '{game.name}' and receive its results and broadcasts" + send_held(s, handle, request)


def do_unobserve(s: Session, cmd: Command) -> str:
    handle = _load(s, cmd.args["game"])
    if handle.replay:
        return "already done"
    game, sender = handle.game, s.mail.sender
    known = _observer(game, sender)
    if known is None:
        raise Refused(f"this address does not observe '{game.name}'")
    check_signon(s, handle, f"observer {sender.lower()}", known.address, cmd.args["password"], known.password_hash,
                 f"wrong observer password for '{game.name}'")
    game.observers.remove(known)
    return f"you no longer observe '{game.name}'"


def _observer(game: Game, address: str) -> Observer | None:
    """The game's observer at this address, if it has one."""
    return next((o for o in game.observers if o.address.lower() == address.lower()), None)


def _load(s: Session, name: str) -> Handle:
    try:
        return s.load(name)
    except UnknownGame:
        raise Refused(f"there is no game named '{name}' (send LIST for the games)") from None


def _digest(token: str) -> str:
    """A token is kept only as its hash: the game's file never holds what confirms a request."""
    return hashlib.sha256(token.strip().lower().encode()).hexdigest()
