"""Time to fix a refused line, in every variant: a phase is not played early while a power may still fix one.

A player whose mail had a line refused (a misspelt province, an INF line in
the wrong form) must have until the deadline to send it again: the phase is
not played before its deadline, even with every order in, while that power's
latest mail to the game had a refused line and it has sent no clean mail
since (a mail with no refused line, its SIGNON alone, stands by the orders it
has). The mark is kept per power in ``game.extra["fixing"]`` with the phase
it was made in, so it lapses when the phase is played. The GM's PROCESS and
the deadline still play the phase.
"""

from __future__ import annotations

from judge.store import Game

KEY = "fixing"


def note_mail(game: Game, power: str, refused: bool) -> None:
    """``power``'s latest mail to ``game`` had a refused line (mark it for this phase) or none (clear it)."""
    phase = str(game.state.get("phase", "")) if game.state else ""
    marks: dict[str, str] = dict(game.extra.get(KEY, {}))
    if refused and phase and game.status == "active":
        marks[power] = phase
    else:
        marks.pop(power, None)
    if marks:
        game.extra[KEY] = marks
    else:
        game.extra.pop(KEY, None)


def fixing_powers(game: Game) -> list[str]:
    """The powers that may still fix a refused line of this phase (marks of earlier phases have lapsed)."""
    phase = str(game.state.get("phase", "")) if game.state else ""
    return sorted(p for p, marked in game.extra.get(KEY, {}).items() if marked == phase)
