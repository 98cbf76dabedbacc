"""What holds a phase back besides its deadline: njudge's master settings, kept in the game's settings.

- ``SET MANUALPROCESS`` (``Settings.extra["manualprocess"]``): only the GM's ``PROCESS`` plays a phase;
- ``SET START date`` (``Game.extra["start_after"]``, for the current phase only): nothing is played before it;
- the timing's ``delay`` (njudge's ``DELAY``): a phase whose orders are all in is played that long after the
  last of them came, so a player may still change his mind;
- ``SET STRICTWAIT`` (``Settings.extra["strictwait"]``): only a power with orders due may ``SET WAIT``.

:mod:`judge.turns.ticks` asks :func:`released` and :func:`delay_passed` before playing a phase and
:func:`wakes` for when to look again.
"""

from __future__ import annotations

from datetime import datetime

from judge.engine.state import GameState
from judge.engine.variant import Variant
from judge.store import Game
from judge.store.records import from_iso
from judge.turns.deadlines import timing_for
from judge.turns.gameview import powers_due


def manual_process(game: Game) -> bool:
    """``SET MANUALPROCESS``: the phase waits for the GM's PROCESS, whatever the clock says."""
    return bool(game.settings.extra.get("manualprocess"))


def start_after(game: Game) -> datetime | None:
    """``SET START date``: the earliest moment the current phase may be played (forgotten when it is)."""
    text = game.extra.get("start_after")
    return from_iso(text) if text else None


def released(game: Game, now: datetime) -> bool:
    """Whether the clock may play the phase at all (the GM's PROCESS! plays it whatever this says)."""
    start = start_after(game)
    return not manual_process(game) and (start is None or now >= start)


def last_orders_at(game: Game) -> datetime | None:
    """When the latest order of this phase came in (orders the judge made itself carry no date)."""
    dates = [order.date for lines in game.orders.values() for order in lines if order.date is not None]
    return max(dates) if dates else None


def _delay_end(game: Game) -> datetime | None:
    kind = game.state.get("phase", "M")[-1:] if game.state else "M"
    delay, last = timing_for(game, kind).delay, last_orders_at(game)
    return None if not delay or last is None else last + delay


def delay_passed(game: Game, now: datetime) -> bool:
    """Whether njudge's DELAY after the last orders in has run out (no delay set: at once)."""
    end = _delay_end(game)
    return end is None or now >= end


def wakes(game: Game, now: datetime) -> list[datetime]:
    """The moments after ``now`` these holds end: the poll ticks the game then."""
    return [t for t in (start_after(game), _delay_end(game)) if t is not None and t > now]


def wait_refusal(game: Game, variant: Variant, state: GameState | None, power: str) -> str:
    """Why ``power`` may not SET WAIT under ``SET STRICTWAIT`` ("" if it may): it has no orders due."""
    if not game.settings.extra.get("strictwait") or state is None:
        return ""
    if power in powers_due(variant, state):
        return ""
    return ("the GM set STRICTWAIT: only a power with orders due this phase may SET WAIT, and yours has none "
            f"in {state.phase}")
