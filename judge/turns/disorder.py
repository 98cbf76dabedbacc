"""Missed orders and civil disorder: who is late, who falls into disorder, and a game nobody plays.

A power that sent at least one line for a phase that takes its orders has
moved: what it left unordered holds (retreats disband, builds are lost,
removals follow the civil disorder rule), and it is not late.  Only a power
that sent nothing is late; at the end of the grace the game's NMR policy
applies to it (``hold``, ``disorder``, ``wait``).  A power put into civil
disorder that way keeps its player seated: he is told, keeps every mail of
the game, and signing on takes the power back (``commands.anyone.do_signon``).

A game in which no power still in it has a player who plays it is paused
rather than played on nobody's orders; it goes on by itself once a power
has a player again, and a GM who RESUMEs it as it is lets it play one phase
at each deadline (never early).  ``game.extra["unattended"]`` keeps which:
``paused`` by the judge, ``resumed`` by the GM.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from judge.engine.state import GameState
from judge.engine.variant import Variant
from judge.render import DisorderContext, UnattendedContext, render_disorder, render_unattended
from judge.store import Game
from judge.turns.context import Judge
from judge.turns.deadlines import schedule, set_deadline
from judge.turns.gameview import powers_due, sent_nothing_due, state_of, variant_of
from judge.turns.notify import by_address, gm_reader, player_readers, queue, readers

UNATTENDED = "unattended"
PAUSED, RESUMED = "paused", "resumed"


def silent_powers(game: Game, variant: Variant, state: GameState) -> list[str]:
    """Powers that owe orders this phase and sent nothing for it: late, missing, NMR.

    Any line counts (a unit order, a retreat, a BUILD/WAIVE/REMOVE, Europe
    1615's INF, attack or ballot lines), except where a power owes nothing but
    the variant's inputs: then only a line that meets one of them does (a
    Payola power that sent savings, ACCEPT or PAY lines but no offer has sent
    no sheet, rules 3.3 and 3.4).  A power in civil disorder owes nothing.
    """
    dummies = {p.power for p in game.players if p.status == "dummy"}
    return [p for p in powers_due(variant, state)
            if p not in dummies and sent_nothing_due(variant, state, p, game.orders.get(p, []))]


def into_disorder(judge: Judge, game: Game, state: GameState, silent: Sequence[str]) -> None:
    """SET NMR disorder at the end of the grace: the silent players' powers into civil disorder, each told how
    to come back, and the GM told who."""
    board = variant_of(game).map
    fallen = [p for p in game.players if p.power in silent and p.status == "active"]
    for player in fallen:
        player.status = "dummy"
    for reader in player_readers(game, [p.power for p in fallen if p.power]):
        letter = board.powers[reader.viewer].letter if reader.viewer in board.powers else reader.viewer[:1]
        ctx = DisorderContext(judge.name, game.name, state.phase, [reader.viewer], reader.viewer, letter, board)
        queue(game, reader, render_disorder(ctx), key=f"disorder:{state.phase}:{reader.viewer}")
    if fallen:
        ctx = DisorderContext(judge.name, game.name, state.phase, sorted(p.power for p in fallen if p.power),
                              board=board)
        queue(game, gm_reader(game), render_disorder(ctx), key=f"disorder:{state.phase}:GM")


def unattended(game: Game, variant: Variant, state: GameState) -> bool:
    """No power still in the game (with a unit or a centre) has a player who plays it."""
    powers = [p for p in variant.map.powers if state.units.get(p) or state.centers.get(p)]
    return not any((seat := game.player(p)) is not None and seat.status == "active" for p in powers)


def attend(judge: Judge, game: Game, variant: Variant, state: GameState) -> bool:
    """Pause a running game nobody plays (once: a GM's RESUME lets it go on); True if the game changed."""
    marker = game.extra.get(UNATTENDED)
    if not unattended(game, variant, state):
        return game.extra.pop(UNATTENDED, None) is not None
    if marker == PAUSED:  # paused by the judge, running again: the GM resumed it as it is
        game.extra[UNATTENDED] = RESUMED
        return True
    if marker == RESUMED:
        return False
    game.status, game.extra[UNATTENDED] = "paused", PAUSED
    set_deadline(game, None)
    _tell(judge, game, state, [])
    return True


def resume_if_attended(judge: Judge, game: Game, now: datetime) -> bool:
    """A game the judge paused for want of players goes on once a power has one again; True if it did."""
    if game.status != "paused" or game.extra.get(UNATTENDED) != PAUSED:
        return False
    variant = variant_of(game)
    state = state_of(game, variant)
    if state is None or unattended(game, variant, state):
        return False
    game.status = "active"
    game.extra.pop(UNATTENDED)
    schedule(game, state.phase.kind, now)
    back = sorted(p.power for p in game.players if p.status == "active" and p.power)
    _tell(judge, game, state, back)
    return True


def plays_early(game: Game) -> bool:
    """Whether the phase may be played before its deadline once every order is in: not while nobody plays."""
    return UNATTENDED not in game.extra


def _tell(judge: Judge, game: Game, state: GameState, back: Sequence[str]) -> None:
    """The pause (or the game going on again) to every seated player and the GM, once an address."""
    for each in by_address(readers(game, observers=False)):
        ctx = UnattendedContext(judge.name, game.name, state.phase, "GM" in each.viewers, back, game.deadline,
                                game.zone, variant_of(game).map)
        queue(game, each.main, render_unattended(ctx, each.zone), key=f"unattended:{state.phase}:{bool(back)}:"
                                                                        f"{each.address}")
