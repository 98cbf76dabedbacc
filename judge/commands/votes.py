"""A player's secret vote to end the game: ``SET DRAW``, ``SET NODRAW``, ``SET CONCEDE power``, ``SET NOCONCEDE``.

njudge's commands: each power votes for itself, in secret; once every power
still playing has voted for a draw (including every survivor, DIAS; or, where
the GM set ``SET RULE dias no``, njudge's NoDIAS, the powers every vote
accepts: ``judge.engine.agreement.nodias_draw``), or every
one but X has conceded to X, the game ends at once, before the current phase
is played (``judge.turns.endvotes``).  The reply confirms the sender's own
vote and, when it was the last one needed, that the game is over; it never
says how anyone else voted.  Whether votes end a game at all is the
ruleset's word (``Ruleset.end_votes``: Europe 1615 refuses them, naming its
rule) and the GM's (``SET RULE draws no``).
"""

from __future__ import annotations

from judge.commands.session import Handle, Refused, Session
from judge.engine.agreement import Agreed
from judge.engine.geography import Map
from judge.reading.language import Command
from judge.reading.suggest import unknown_power
from judge.turns.endvotes import CONCEDE, DRAW, end_if_agreed, end_votes, own_vote, vote
from judge.turns.gameview import power_title


def _voter(s: Session, casting: bool) -> tuple[Handle, str]:
    """The game and the sender's power, if the sender may vote (``casting``) or withdraw a vote now."""
    handle = s.current()
    assert handle is not None  # the dispatcher checked the sign-on
    game = handle.game
    if s.role != "player":
        raise Refused("the GM does not vote: each player votes for his own power")
    if game.status == "forming":
        raise Refused(f"'{game.name}' has not started: votes to end it come once it is played")
    if game.status not in ("active", "paused"):
        raise Refused(f"'{game.name}' is over: there is nothing left to vote on")
    if s.power is None or s.seat is None or s.seat.status != "active":
        raise Refused(f"you do not play a power in '{game.name}'")
    state = handle.state
    assert state is not None  # a started game has a position
    ends = end_votes(handle.variant, state)
    if casting and ends.refusal:
        raise Refused(ends.refusal)
    if casting and s.power not in ends.powers:
        raise Refused(f"{power_title(game, s.power)} is out of the game: an eliminated power does not vote")
    return handle, s.power


def _ended(s: Session, handle: Handle, note: str) -> str:
    """The reply's note, with the news that this vote ended the game, if it did."""
    agreed: Agreed | None = end_if_agreed(s.judge, handle.game)
    if agreed is None:
        return note + " (secret: nobody else is told)"
    end = "a draw" if agreed.result == DRAW else f"conceded to {power_title(handle.game, agreed.winners[0])}"
    return f"{note}; every power still playing agrees: '{handle.game.name}' is over, {end} (everyone is mailed)"


def do_set_draw(s: Session, cmd: Command) -> str:
    """SET DRAW votes for a draw including all survivors; SET NODRAW withdraws it.  In a NoDIAS game (the
    ``dias`` rule option off) SET DRAW powers names the draw accepted and SET NODRAW accepts only one's own
    power, as njudge's ``draws`` file says."""
    handle, power = _voter(s, casting=cmd.args["draw"] or not _dias(handle_of(s)))
    game, title = handle.game, power_title(handle.game, power)
    if not _dias(handle):
        return _nodias_vote(s, handle, power, cmd)
    if cmd.args.get("powers"):
        raise Refused(f"'{game.name}' is DIAS (njudge's default): a draw includes every power still in the game, so "
                      "a draw vote names none (write SET DRAW alone; the GM's SET NODIAS lets a vote name its powers); "
                      "no vote was cast")
    if not cmd.args["draw"]:
        had = bool(own_vote(game, power).get(DRAW))
        vote(game, power, DRAW, None)
        return "your vote for a draw is withdrawn" if had else "you had no vote for a draw"
    vote(game, power, DRAW, True)
    return _ended(s, handle, f"{title} votes for a draw including every power still in the game, "
                             "until SET NODRAW (njudge's vote lasted one phase; here it stays)")


def handle_of(s: Session) -> Handle:
    """The game the sender signed on to (the dispatcher checked the sign-on)."""
    handle = s.current()
    assert handle is not None
    return handle


def _dias(handle: Handle) -> bool:
    return bool(handle.variant.ruleset.house.dias)


def _nodias_vote(s: Session, handle: Handle, power: str, cmd: Command) -> str:
    """njudge's NoDIAS vote: the powers named (all survivors if none), or, for SET NODRAW, only one's own."""
    game, board = handle.game, handle.variant.map
    if not cmd.args["draw"]:
        named = [power]
    elif cmd.args.get("powers"):
        named = draw_powers(board, cmd.args["powers"], game.name)
    else:
        named = list(end_votes(handle.variant, handle.state).powers) if handle.state else [power]
    vote(game, power, DRAW, sorted(named))
    names = ", ".join(power_title(game, p) for p in sorted(named))
    accepts = ("a draw of " + names + " or of any of them" + (" with " if power in named else " with or without ")
               + power_title(game, power)) if len(named) > 1 or power not in named else f"only a concession to {names}"
    return _ended(s, handle, f"{power_title(game, power)} accepts {accepts} (the game is NoDIAS)")


def draw_powers(board: Map, words: tuple[str, ...], game: str) -> list[str]:
    """The powers a NoDIAS draw vote names: each word a power, or njudge's initials run together (``AEF``)."""
    found: list[str] = []
    for word in (w for written in words for w in written.split(",") if w):
        one = board.power_named(word)
        powers = [one] if one else [board.power_named(letter) for letter in word] if word.isalpha() else [None]
        if None in powers:
            raise Refused(unknown_power(board, word, game) + " (a NoDIAS draw vote names powers, or their initials "
                          "run together as in SET DRAW AEF); no vote was cast")
        found.extend(p for p in powers if p is not None and p not in found)
    return found


def do_set_concede(s: Session, cmd: Command) -> str:
    """SET CONCEDE power concedes the game to that power; SET NOCONCEDE withdraws it."""
    written = cmd.args["power"]
    handle, power = _voter(s, casting=written is not None)
    game = handle.game
    if written is None:
        had = own_vote(game, power).get(CONCEDE)
        vote(game, power, CONCEDE, None)
        return f"your concession to {power_title(game, had)} is withdrawn" if had else "you had conceded to nobody"
    winner = handle.variant.map.power_named(written)
    if winner is None:
        raise Refused(unknown_power(handle.variant.map, written, game.name))
    if winner == power:
        raise Refused("a power cannot concede the game to itself (SET DRAW votes for a draw)")
    state = handle.state
    assert state is not None
    if winner not in end_votes(handle.variant, state).powers:
        raise Refused(f"{power_title(game, winner)} is out of the game: concede to a power still in it")
    vote(game, power, CONCEDE, winner)
    return _ended(s, handle, f"{power_title(game, power)} concedes the game to {power_title(game, winner)}, "
                             "until SET NOCONCEDE")
