"""njudge's settings of a forming game: the GM's ``SET VARIANT``, ``SET PLAYERS``, ``SET BLANKBOARD`` and a
player's ``SET PREFERENCE`` (njudge's help file ``index``: each "only before the game starts").

``SET VARIANT`` changes the variant a game will be played with, while no power it names is missing from the
new one; ``SET PLAYERS`` takes njudge's number where it is this judge's (one player per power: njudge's
duplex, fewer players than powers, is not here); ``SET PREFERENCE`` keeps the powers a player would rather
have, in order, and START gives each player without a power the first of his still open
(:func:`by_preference`).  An empty-board start (``BLANKBOARD``) is refused, naming what it lacks.
In a started game each is refused, as njudge refuses it.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from judge.commands.session import Handle, Refused, Session
from judge.commands.votes import draw_powers
from judge.reading.language import Command
from judge.reading.suggest import did_you_mean, word_matches
from judge.store import Game
from judge.turns.gameview import power_title, seated_powers
from judge.variants import UnknownVariant, available_variants, load_variant

PREFERENCES = "preferences"
__all__ = ["PREFERENCES", "by_preference", "do_set_forming", "do_set_preference"]


def _forming(s: Session, what: str) -> Handle:
    handle = s.current()
    assert handle is not None  # the dispatcher checked the sign-on
    if handle.game.status != "forming":
        raise Refused(f"'{handle.game.name}' has already started: njudge's {what} applies only before the game "
                      "starts (njudge refuses it then too); nothing was changed")
    return handle


def do_set_forming(s: Session, cmd: Command) -> str:
    """SET VARIANT v, SET PLAYERS n, SET BLANKBOARD: the GM's settings while the game forms."""
    setting, words = cmd.args["setting"], cmd.args["words"]
    handle = _forming(s, f"SET {setting}")
    if setting == "VARIANT":
        return _variant(s, handle, words)
    if setting == "PLAYERS":
        return _players(handle, words)
    raise Refused("the judge has no empty-board start (njudge's SET BLANKBOARD: a build phase before the first "
                  "year, with no units): games start from the variant's position; nothing was changed")


def _variant(s: Session, handle: Handle, words: Sequence[str]) -> str:
    game = handle.game
    if len(words) != 1:
        raise Refused("write SET VARIANT name (one variant; njudge's variant options are not here): "
                      f"the variants are {', '.join(available_variants())}")
    name = words[0].lower()
    try:
        variant = load_variant(name)
    except UnknownVariant as exc:
        raise Refused(f"{exc}{did_you_mean(word_matches(name, available_variants()))}") from None
    missing = [p.power for p in game.players if p.power and p.power not in variant.map.powers]
    if missing:
        raise Refused(f"{', '.join(power_title(game, p) for p in missing)} has no place in {name}: the players "
                      "who chose it must JOIN again without it first; nothing was changed")
    if len(game.players) > len(seated_powers(variant)):
        raise Refused(f"{name} seats {len(seated_powers(variant))} players and {len(game.players)} have joined")
    if name == game.variant:
        return f"'{game.name}' is already {name}"
    game.variant, game.rules = name, {}
    game.extra.pop(PREFERENCES, None)
    handle.reload()
    s.announce(game.name, f"'{game.name}' will be played as {name} (its rule options and the players' "
                          "preferences are reset).")
    return f"'{game.name}' will be played as {name}; everyone is told"


def _players(handle: Handle, words: Sequence[str]) -> str:
    seats = len(seated_powers(handle.variant))
    if len(words) != 1 or not words[0].isdecimal():
        raise Refused(f"write SET PLAYERS number (here {seats}, one per power)")
    if int(words[0]) != seats:
        raise Refused(f"the judge seats one player per power ({seats} in '{handle.game.name}'): njudge's duplex "
                      "games, with fewer players than powers, are not here; nothing was changed")
    return f"'{handle.game.name}' has {seats} players, one per power, as njudge's SET PLAYERS {seats} sets it"


def do_set_preference(s: Session, cmd: Command) -> str:
    """SET PREFERENCE powers: the powers this player would rather be given at START, best first."""
    handle = _forming(s, "SET PREFERENCE")
    game, board = handle.game, handle.variant.map
    if s.seat is None:
        raise Refused(f"only a player who joined '{game.name}' sets a preference (JOIN {game.name} password)")
    wanted = [p for p in draw_powers(board, cmd.args["powers"], game.name) if p in seated_powers(handle.variant)]
    if not wanted:
        raise Refused("SET PREFERENCE names the powers you would rather play, as in SET PREFERENCE EGF")
    game.extra.setdefault(PREFERENCES, {})[game.seat_key(s.seat)] = wanted
    names = ", ".join(power_title(game, p) for p in wanted)
    chosen = f" (you asked for {power_title(game, s.seat.power)} with AS, which comes first)" if s.seat.power else ""
    return f"your preference is {names}: at START you get the first of them still open{chosen}"


def by_preference(game: Game, open_powers: list[str]) -> None:
    """START: each seat without a power, in a random order, takes the first power of its preference still in
    ``open_powers`` (which loses it); seats without a preference are left to the usual assignment."""
    wishes = game.extra.pop(PREFERENCES, {})
    seats = [p for p in game.players if p.power is None and wishes.get(game.seat_key(p))]
    random.Random(f"{game.name}:preferences").shuffle(seats)
    for seat in seats:
        seat.power = next((p for p in wishes[game.seat_key(seat)] if p in open_powers), None)
        if seat.power is not None:
            open_powers.remove(seat.power)
