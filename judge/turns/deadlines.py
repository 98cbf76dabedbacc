"""Deadlines: kept in UTC, computed on the game's wall clock, so summer time never shifts them.

A GM says "deadlines at 18:00 on weekdays, two days after the phase starts";
that is a wall-clock rule in the game's zone.  The arithmetic is therefore
done on naive local times (add days, snap to the hour, skip barred weekdays)
and only the result is turned into an aware UTC instant with ``zoneinfo``.
A deadline at 18:00 Paris time stays at 18:00 across the last Sunday of
March even though the UTC hour changes.
"""

from __future__ import annotations

from datetime import UTC, date, datetime, time, timedelta
from zoneinfo import ZoneInfo

from judge.store import Game, Player, Timing, from_iso, to_iso

DEFAULT_TIMING = {"M": timedelta(days=2), "R": timedelta(days=1), "A": timedelta(days=1)}
MAX_ABSENCE_SHIFT = timedelta(days=14)   # the players' absences never delay a deadline by more, in all
MAX_ABSENCES = 5                         # the absences one player may have noted at once (SET ABSENCE)
MAX_SLEEP = timedelta(days=1)           # a game is ticked at least this often, even with nothing due
REMIND_BEFORE = timedelta(hours=24)      # reminders go out this long before the deadline (at most)
FAR_AHEAD = timedelta(days=90)           # a deadline further off than this is asked about (a mistyped year?)
MIN_NOTICE = timedelta(hours=1)          # SET MINDEADLINE's default: the least notice a GM's deadline gives
ROUND_OFF = "off"                        # SET ROUND off: a default deadline falls where the timing puts it
DEFAULT_ROUND = ":00"                    # SET ROUND's default for games created now: the next full hour
_MASK_LETTERS = "SMTWTFS"                # Timing.days: index 0 is Sunday


def default_timing() -> dict[str, Timing]:
    return {kind: Timing(next=delay) for kind, delay in DEFAULT_TIMING.items()}


def timing_for(game: Game, kind: str) -> Timing:
    return game.timing.get(kind) or Timing(next=DEFAULT_TIMING.get(kind, timedelta(days=1)))


def local_to_utc(wall: datetime, zone: str) -> datetime:
    """A naive wall-clock time in ``zone`` as an aware UTC time.

    A time that does not exist (the hour skipped in spring) comes out one hour
    later on the wall clock; an ambiguous one (autumn) is the first of the two.
    """
    return wall.replace(tzinfo=ZoneInfo(zone), fold=0).astimezone(UTC)


def utc_to_local(moment: datetime, zone: str) -> datetime:
    """The naive wall-clock time of an aware instant in ``zone``."""
    return moment.astimezone(ZoneInfo(zone)).replace(tzinfo=None)


def days_mask(days: tuple[int, ...]) -> str:
    """Weekdays (Monday is 0) as the store's mask, Sunday first: (0..4) -> "-MTWTF-"."""
    return "".join(letter if (index - 1) % 7 in days else "-" for index, letter in enumerate(_MASK_LETTERS))


def _allowed(mask: str, day: date) -> bool:
    if set(mask) <= {"-"}:
        return True
    return mask[(day.weekday() + 1) % 7] != "-"


def round_up(wall: datetime, rule: str) -> datetime:
    """The first wall-clock time at or after ``wall`` that ``rule`` allows.

    ``":MM"`` is minute MM of any hour, ``"HH:MM"`` that time of any day (SET
    ROUND, and SET TIMING's ``hour``), ``"off"`` (or empty) leaves ``wall`` as it is.
    """
    if not rule or rule == ROUND_OFF:
        return wall
    hour, _, minute = rule.partition(":")
    if not hour:
        snapped, step = wall.replace(minute=int(minute), second=0, microsecond=0), timedelta(hours=1)
    else:
        snapped, step = datetime.combine(wall.date(), time(int(hour), int(minute or 0))), timedelta(days=1)
    return snapped if snapped >= wall else snapped + step


def next_deadline(timing: Timing, start: datetime, zone: str, rounding: str = ROUND_OFF) -> datetime:
    """``start`` + ``timing.next``, moved on to ``timing.hour`` (else rounded: SET ROUND) and an allowed weekday."""
    wall = round_up(utc_to_local(start + timing.next, zone), timing.hour or rounding)
    for _ in range(7):
        if _allowed(timing.days, wall.date()):
            break
        wall += timedelta(days=1)
    return local_to_utc(wall, zone)


def absence_span(first: date, last: date, zone: str) -> tuple[datetime, datetime]:
    """From midnight starting ``first`` to midnight ending ``last``, in the zone, as UTC."""
    start = local_to_utc(datetime.combine(first, time()), zone)
    end = local_to_utc(datetime.combine(last + timedelta(days=1), time()), zone)
    return start, end


def after_absences(deadline: datetime, players: list[Player]) -> datetime:
    """A deadline inside an active player's absence moves to its end (at most 14 days later)."""
    limit, moved = deadline + MAX_ABSENCE_SHIFT, deadline
    changed = True
    while changed and moved < limit:
        changed = False
        for player in players:
            if player.status != "active":
                continue
            for start, end in player.absences:
                if start <= moved < end:
                    moved, changed = min(end, limit), True
    return moved


def rounding(game: Game) -> str:
    """The game's SET ROUND: ``"off"``, ``":MM"`` or ``"HH:MM"`` (a game stored before it: off)."""
    return str(game.settings.extra.get("round", ROUND_OFF))


def new_game_clock() -> dict[str, str]:
    """The clock settings a game created now starts with (``Settings.extra``): deadlines on the full hour."""
    return {"round": DEFAULT_ROUND}


def min_notice(game: Game) -> timedelta:
    """The game's SET MINDEADLINE: a deadline the GM sets sooner than this from now needs SET DEADLINE!."""
    seconds = game.settings.extra.get("mindeadline")
    return MIN_NOTICE if seconds is None else timedelta(seconds=int(seconds))


def default_deadline(game: Game, kind: str, now: datetime) -> datetime:
    """The deadline of a phase of ``kind`` starting at ``now``: its timing, the game's rounding, absences."""
    return after_absences(_plain_deadline(game, kind, now), game.players)


def _plain_deadline(game: Game, kind: str, now: datetime) -> datetime:
    return next_deadline(timing_for(game, kind), now, game.zone, rounding(game))


def schedule(game: Game, kind: str, now: datetime) -> None:
    """Start a phase of ``kind`` at ``now``: its deadline, grace and reminder markers."""
    plain = _plain_deadline(game, kind, now)
    set_deadline(game, after_absences(plain, game.players))
    if game.deadline != plain:
        game.extra["absence_base"] = to_iso(plain)
    game.extra["phase_start"] = to_iso(now)
    game.extra.pop("start_after", None)   # SET START holds one phase back, no more


def move_past_absences(game: Game) -> bool:
    """Move the current deadline past the players' absences; whether it moved.

    The move is counted from the deadline as it was before any absence moved
    it (``absence_base``, kept until another deadline is set), so absences
    noted one after another never delay it by more than
    :data:`MAX_ABSENCE_SHIFT` in all, however many lines or mails say them.
    """
    if game.deadline is None:
        return False
    text = game.extra.get("absence_base")
    base = from_iso(text) if text else game.deadline
    moved = after_absences(base, game.players)
    if moved <= game.deadline:
        return False
    set_deadline(game, moved)
    game.extra["absence_base"] = to_iso(base)
    return True


def set_deadline(game: Game, deadline: datetime | None) -> None:
    """A new deadline: grace from the phase's timing, reminders and late notices due again; the absences count
    from it (``absence_base`` forgotten)."""
    game.extra.pop("absence_base", None)
    game.deadline = deadline
    kind = game.state.get("phase", "M")[-1:] if game.state else "M"
    game.grace_end = None if deadline is None else _grace_end(game, kind, deadline)
    game.extra.pop("reminded", None)
    game.extra.pop("late", None)


def _grace_end(game: Game, kind: str, deadline: datetime) -> datetime:
    """The deadline plus the grace; under njudge's SET NOSTRICTGRACE moved on to a day deadlines may fall on."""
    timing = timing_for(game, kind)
    end = deadline + timing.grace
    if game.settings.extra.get("strictgrace", True) or not timing.grace:
        return end
    wall = end.astimezone(ZoneInfo(game.zone)).replace(tzinfo=None)
    moved = 0
    while moved < 7 and timing.days[(wall.weekday() + 1) % 7] == "-":   # days are written Sunday first
        wall, moved = wall + timedelta(days=1), moved + 1
    return local_to_utc(wall, game.zone) if moved else end   # the same time of day, on the game's clock


def phase_start(game: Game) -> datetime | None:
    text = game.extra.get("phase_start")
    return from_iso(text) if text else None


def remind_at(game: Game) -> datetime | None:
    """When reminders go out: a day before the deadline, or halfway for a shorter phase."""
    if game.deadline is None:
        return None
    start = phase_start(game) or game.deadline - REMIND_BEFORE
    return game.deadline - min(REMIND_BEFORE, (game.deadline - start) / 2)


def next_wake(game: Game, now: datetime) -> datetime:
    """When the clock next matters to ``game`` after ``now``: a reminder, the end of the minimum, the deadline or
    the end of grace; at the latest a day on (mail moves a game at any time, and wakes it by being saved).

    A poll ticks only the games whose instant has come (``Store.due_games``):
    between these instants a tick finds nothing new to do.
    """
    times = [now + MAX_SLEEP]
    if game.status == "active" and game.state:
        start = phase_start(game)
        kind = game.state.get("phase", "M")[-1:]
        times += [game.deadline, game.grace_end, remind_at(game),
                  None if start is None else start + timing_for(game, kind).minimum]
    return min(t for t in times if t is not None and t > now)


def minimum_passed(game: Game, now: datetime) -> bool:
    """Whether the phase has lasted its timing's minimum (early processing allowed)."""
    start = phase_start(game)
    kind = game.state.get("phase", "M")[-1:] if game.state else "M"
    return start is None or now >= start + timing_for(game, kind).minimum
