"""njudge's ``SET NOQUIET``: a seat change (a power vacant, a new player) told to every player and observer.

By default here, as under njudge's ``SET QUIET``, only the GM (and the player it concerns) hears of it. With
``SET NOQUIET`` the others get a notice too, naming the power and never an address (addresses stay secret).
"""

from __future__ import annotations

from judge.store import Game
from judge.turns.notify import notify, readers


def tell_the_others(game: Game, judge: str, title: str, line: str, told: list[str]) -> None:
    """The notice to every player and observer not in ``told`` (addresses already told), under SET NOQUIET."""
    if game.settings.extra.get("quiet", True):
        return
    skip = {address.lower() for address in told} | {game.gm_address.lower()}
    others = [r for r in readers(game, gm=False) if r.address and r.address.lower() not in skip]
    if others:
        notify(game, judge, title, [line], to=others)
