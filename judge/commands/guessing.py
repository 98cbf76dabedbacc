"""Password guessing bounded: each sign-on's password checked within the poll's caps, its seat's owner told.

A wrong password costs scrypt's full price and is a guess.  :func:`check_signon`
checks one sign-on against the poll's :class:`judge.budget.Guesses` (caps per
mail, per address, per seat and per poll, ``[limits]`` of judge.toml): past a
cap the line is refused *without* being checked, with the same words whatever
the password, so a mail of a hundred guesses learns nothing from the lines
past the cap.  Each seat guessed at from another address than its own has its owner told once per poll
(:func:`tell_owners`, at the end of the mail: a refused line's changes are
undone, a notice must not be), naming the addresses the guesses came from,
never a password.
"""

from __future__ import annotations

from judge.commands.session import Handle, Refused, Session
from judge.render import SignonGuessedContext, render_signon_guessed
from judge.store import check_password
from judge.turns.gameview import power_title
from judge.turns.notify import Reader, gm_reader, queue

#: the seat a GM sign-on names, beside the powers'
GM_SEAT = "GM"


def check_signon(s: Session, handle: Handle, seat: str, owner: str, password: str, stored_hash: str,
                 wrong: str) -> None:
    """Check the password of a sign-on to ``seat`` (a power, or :data:`GM_SEAT`) owned by address ``owner``;
    :class:`Refused` with ``wrong`` if it is wrong, or with the cap's reason, unchecked, past a cap."""
    guesses, sender = s.judge.guesses, s.mail.sender
    key = (handle.game.name, seat)
    own = bool(owner) and owner.lower() == sender.lower()
    refusal = guesses.refusal(sender, key, own, s.wrong_passwords)
    if refusal:
        raise Refused(f"not checked: {refusal}")
    guesses.checks += 1
    if check_password(password, stored_hash):
        return
    guesses.failed(sender, key)
    s.wrong_passwords += 1
    if not own:  # a mail from the seat's own address gets the reply there: no notice besides
        s.guessed.setdefault(handle.game.name, {}).setdefault(seat, set()).add(sender)
    raise Refused(wrong)


def tell_owners(s: Session, handle: Handle) -> None:
    """Each seat of ``handle``'s game this mail gave a wrong password for: its owner told, once per poll."""
    game, told = handle.game, s.judge.guesses.told
    for seat, senders in sorted(s.guessed.get(game.name, {}).items()):
        if (game.name, seat) in told:
            continue
        reader = gm_reader(game) if seat == GM_SEAT else _player_reader(handle, seat)
        if reader is None:
            continue
        told.add((game.name, seat))
        shown_seat = "the GM" if seat == GM_SEAT else power_title(game, seat)
        rendered = render_signon_guessed(SignonGuessedContext(
            s.judge.name, game.name, shown_seat, s.judge.now(), sorted(senders)))
        queue(game, reader, rendered, key=f"guessed:{s.mail.message_id}:{seat}")


def _player_reader(handle: Handle, power: str) -> Reader | None:
    player = handle.game.player(power)
    if player is None or not player.address:
        return None
    return Reader(player.address, power, player.zone)
