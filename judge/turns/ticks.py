"""What the clock does to a game at each poll: reminders, late notices, grace, NMR, processing.

Once all mail of a poll is applied, every game gets one :func:`tick`.  In
order of precedence, a running game's phase is played when

1. the GM asked (``PROCESS!`` always; ``PROCESS`` if every order is in),
2. every order is in, nobody asked to WAIT, no power's latest mail had a refused
   line it may still fix (``turns.fixing``) and the phase's minimum has passed
   (unless nobody plays the game: then only at its deadlines),
3. the grace period after the deadline is over, unless the NMR policy is
   ``wait`` and a power sent nothing (``disorder`` first puts the powers that
   sent nothing into civil disorder; ``hold`` lets their units hold).  A
   power that sent some orders is not late: what it left unordered holds
   (``turns.disorder``).

Otherwise, once per phase each, late notices go out at the deadline (to the
powers that sent nothing) and reminders a day before it (halfway for shorter
phases: to every power whose orders are not all in).  Markers kept in
``game.extra`` and saved with the mail they announce make each go out once.
A game nobody plays any more is paused instead (``turns.disorder.attend``).
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import datetime

from judge.budget import Overrun
from judge.engine import adjudicate
from judge.engine.state import GameState, Phase
from judge.engine.variant import Variant
from judge.render import (
    GameFaultContext, LateContext, ReminderContext, render_game_fault, render_late_notice, render_reminder,
)
from judge.store import Game, to_iso
from judge.turns.endvotes import end_if_agreed
from judge.turns.context import Judge
from judge.turns.holds import delay_passed, released, wakes
from judge.turns.gamelabels import count_late
from judge.turns.deadlines import default_deadline, minimum_passed, next_wake, remind_at
from judge.turns.fixing import fixing_powers
from judge.turns.disorder import attend, into_disorder, plays_early, resume_if_attended, silent_powers
from judge.turns.gameview import engine_orders, order_set, powers_due, state_of, variant_of
from judge.turns.notify import by_address, gm_reader, player_readers, queue
from judge.turns.playing import anyone_waits, game_result, late_powers, process_phase

log = logging.getLogger("judge.commands")

#: at most this many phases are played in one poll for one game (a year of phases that take no orders)
MAX_PHASES_PER_TICK = 12


def tick(judge: Judge, game: Game) -> list[str]:
    """Do what is due for ``game`` now, saving it if anything changed; returns the phases played.

    A phase that takes orders from nobody (``powers_due`` is empty: Europe
    1615's status check, Early Winter without a choice, Scoring) is played at
    once, and so is the next one if it takes none either.  Before each phase,
    the players' votes may end the game instead (``endvotes.end_if_agreed``).
    """
    changed = _finish_rollback(judge, game)
    changed |= resume_if_attended(judge, game, judge.now())
    played: list[str] = []
    for _ in range(MAX_PHASES_PER_TICK):
        if game.status != "active" or not game.state:
            break
        if end_if_agreed(judge, game) is not None:  # an elimination or a civil disorder left every voter agreed
            changed = True
            break
        now = judge.now()
        variant = variant_of(game)
        state = state_of(game, variant)
        assert state is not None
        if attend(judge, game, variant, state):
            changed = True
            if game.status != "active":  # nobody plays it any more: paused, the GM told
                break
        late, silent = late_powers(game, variant, state, now), silent_powers(game, variant, state)
        if not (_idle(variant, state) or _should_process(game, late, silent, now)):
            changed |= _waiting(judge, game, variant, state, late, silent, now)
            break
        if game.deadline is not None and now >= game.deadline:
            count_late(game, silent)   # njudge's SET LATECOUNT: played at its deadline with orders missing
        if silent and game.settings.nmr == "disorder" and game.extra.get("process") != "force":
            into_disorder(judge, game, state, silent)
        played.append(process_phase(judge, game, now))
        changed = False
    if changed:
        judge.store.save_game(game)
    more = len(played) >= MAX_PHASES_PER_TICK  # phases without orders still to play: at the next poll
    judge.store.set_wake(game.name, judge.now() if more else min([next_wake(game, judge.now()),
                                                                  *wakes(game, judge.now())]), mail=bool(game.outbox))
    return played


@dataclass(frozen=True)
class DeadlineView:
    """What a reply written now should say of the game's deadline (the tick runs after the mail).

    ``deadline`` is the one the reader must meet: the next real one when the
    current phase takes no orders (it is played at the end of this poll);
    ``grace_until`` the end of grace once the deadline has passed; ``playing``
    the phase the end of this poll plays on orders already in (its results
    give the next deadline, so none is shown); ``status`` the game's.
    """

    deadline: datetime | None = None
    grace_until: datetime | None = None
    playing: Phase | None = None
    status: str = "active"


def deadline_view(judge: Judge, game: Game) -> DeadlineView:
    """The deadline as a reply should show it, knowing what the tick at the end of this poll will play."""
    if game.status != "active" or not game.state:
        return DeadlineView(game.deadline, status=game.status)
    now = judge.now()
    variant = variant_of(game)
    state = state_of(game, variant)
    assert state is not None
    if _idle(variant, state):
        return DeadlineView(_after_idle_phases(game, variant, state, now))
    if _should_process(game, late_powers(game, variant, state, now), silent_powers(game, variant, state), now):
        return DeadlineView(playing=state.phase)
    if game.deadline is not None and game.grace_end is not None and game.deadline <= now < game.grace_end:
        return DeadlineView(game.deadline, game.grace_end)
    return DeadlineView(game.deadline)


def shown_deadline(judge: Judge, game: Game) -> DeadlineView:
    """:func:`deadline_view`, or the stored deadline if looking ahead fails (the mail is answered anyway)."""
    try:
        return deadline_view(judge, game)
    except Exception:
        log.exception("the deadline of %s could not be looked ahead", game.name)
        return DeadlineView(game.deadline, status=game.status)


def _after_idle_phases(game: Game, variant: Variant, state: GameState, now: datetime) -> datetime | None:
    """The deadline the tick will set once it has played the phases that take no orders (None: game over)."""
    orders = engine_orders(variant, state, game)
    for _ in range(MAX_PHASES_PER_TICK):
        outcome = adjudicate(variant, state.copy(), orders)
        if game_result(variant, outcome.state) is not None:
            return None
        state, orders = outcome.state, {}  # as the tick clears the orders of a phase it played
        if not _idle(variant, state):
            break
    return default_deadline(game, state.phase.kind, now)


def _idle(variant: Variant, state: GameState) -> bool:
    """A phase nobody has anything to send in: it waits for no one (nor for SET WAIT or a minimum)."""
    return not powers_due(variant, state)


def _waiting(judge: Judge, game: Game, variant: Variant, state: GameState, late: list[str], silent: list[str],
             now: datetime) -> bool:
    """The phase waits: a PROCESS whose orders went missing is dropped; notices go out. True if changed."""
    changed = False
    if game.extra.get("process") and late:  # a PROCESS whose orders went missing since (CLEAR)
        game.extra.pop("process")
        changed = True
    return _notices(judge, game, variant, state, late, silent, now) or changed


def _should_process(game: Game, late: list[str], silent: list[str], now: datetime) -> bool:
    """``late``: powers whose orders are not all in; ``silent``: those that sent nothing (NMR at the grace's end)."""
    request = game.extra.get("process")
    if request == "force" or (request and not late):
        return True
    if not released(game, now):   # SET MANUALPROCESS, SET START
        return False
    fixing = bool(fixing_powers(game)) and (game.deadline is None or now < game.deadline)
    if not late and not anyone_waits(game) and minimum_passed(game, now) and plays_early(game) \
            and delay_passed(game, now) and not fixing:  # a refused line may be fixed until the deadline, not after it
        return True
    grace_over = game.grace_end is not None and now >= game.grace_end
    return grace_over and (not silent or game.settings.nmr != "wait")


def _finish_rollback(judge: Judge, game: Game) -> bool:
    """Drop the history a ROLLBACK left behind (idempotent, so a crash is repaired here)."""
    phase = game.extra.pop("truncate_from", None)
    if not phase:
        return False
    if judge.store.phase_record(game.name, phase) is not None:
        judge.store.truncate_after(game.name, phase, inclusive=True)
    return True


def _notices(judge: Judge, game: Game, variant: Variant, state: GameState, late: list[str], silent: list[str],
             now: datetime) -> bool:
    """Late notices at the deadline (to the powers that sent nothing), reminders before it: each once per phase."""
    phase = str(state.phase)
    if game.deadline is None or not late:
        return False
    if now >= game.deadline:
        if game.extra.get("late") == phase or not silent:
            return False
        game.extra["late"] = phase
        count_late(game, silent)   # njudge's SET LATECOUNT
        has_grace = game.grace_end is not None and game.grace_end > game.deadline
        if has_grace or game.settings.nmr == "wait":
            _late_notices(judge, game, state, silent)
        return True
    due = remind_at(game)
    if due is None or now < due or game.extra.get("reminded") == phase:
        return False
    game.extra["reminded"] = phase
    for each in by_address(player_readers(game, late)):  # one reminder an address, each of its powers' orders
        first, *more = (order_set(game, variant, state, power) for power in each.viewers)
        ctx = ReminderContext(judge.name, game.name, variant.map, first, game.deadline, game.zone, tuple(more))
        key = f"remind:{phase}:{each.address}:{'+'.join(each.viewers)}"
        queue(game, each.main, render_reminder(ctx, each.zone), key=key)
    return True


def _late_notices(judge: Judge, game: Game, state: GameState, late: list[str]) -> None:
    assert game.deadline is not None
    grace = game.grace_end if game.grace_end and game.grace_end > game.deadline else None
    for each in by_address([*player_readers(game, late), gm_reader(game)]):
        power = next((v for v in each.viewers if v in late), None)
        ctx = LateContext(judge.name, game.name, state.phase, late, game.deadline, game.zone, grace,
                          game.settings.nmr, power, variant_of(game).map)
        queue(game, each.main, render_late_notice(ctx, each.zone), key=f"late:{state.phase}:{each.address}")


def pause_after_fault(judge: Judge, name: str, error: BaseException) -> None:
    """The judge failed on ``name`` at this poll: pause it as stored (what the failed tick changed in
    memory is dropped), tell its GM, and note why in ``quarantine/games/`` for the keeper.

    A paused game is not ticked, so one game the judge cannot play never
    stops the others; the GM's RESUME tries it again.
    """
    game = judge.store.load_game(name)
    phase = str(game.state.get("phase", "")) if game.state else ""
    what = f"{type(error).__name__} at {phase or 'its start'}"
    game.status = "paused"
    game.extra["fault"] = what
    told = str(error) if isinstance(error, Overrun) else type(error).__name__  # the limit is the news
    ctx = GameFaultContext(judge.name, game.name, phase, told)
    queue(game, gm_reader(game), render_game_fault(ctx), key=f"fault:{phase}:{to_iso(judge.now())}")
    judge.store.save_game(game)
    judge.store.quarantine.game(name, f"{what}: {error!r}", judge.now())
