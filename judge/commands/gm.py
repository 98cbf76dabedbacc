"""Commands of a game's GM: START, PROCESS, PREVIEW, ROLLBACK, PAUSE/RESUME, EJECT, DUMMY,
TERMINATE, BECOME and the game-wide SETs.

Playing a phase needs history and archive writes before the game is saved,
so PROCESS only marks the game; the poll plays it once every mail is read
(:mod:`judge.turns.ticks`).  PREVIEW adjudicates in memory and mails the
GM alone.  ROLLBACK restores a stored state and leaves a marker so the
history after it is dropped even if the poll dies in between.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Sequence
from dataclasses import replace
from datetime import datetime, time
from zoneinfo import ZoneInfo

from judge.commands.anyone import install_player, keep_to_side
from judge.commands.foresight import notice_refusal, poll_plays, with_plays
from judge.commands.forming import by_preference
from judge.commands.session import Handle, Refused, Session
from judge.commands.takeover import choose
from judge.engine.codec import state_to_json
from judge.engine.state import GameState, Phase
from judge.engine.variant import Variant
from judge.reading.language import Command
from judge.reading.lines import read_line
from judge.reading.njudge_dates import NjudgeDate
from judge.reading.order_reader import OrderError
from judge.reading.suggest import unknown_power
from judge.render import GM, GameStartContext, gm_note, render_game_start
from judge.store import Game, Player
from judge.turns.endvotes import clear_votes
from judge.turns.deadlines import days_mask, local_to_utc, schedule, set_deadline, timing_for
from judge.turns.gameview import opening_state, power_title, powers_due, unplayed_powers
from judge.turns.mapmail import OpeningPictures
from judge.turns.notify import Reader, gm_reader, player_readers, queue, readers
from judge.turns.notify import notify as notify_all
from judge.turns.playing import late_powers, preview, terminate
from judge.turns.seatnews import tell_the_others


def _handle(s: Session) -> Handle:
    handle = s.current()
    assert handle is not None
    return handle


def _running(game: Game, *, paused_ok: bool = False) -> None:
    allowed = ("active", "paused") if paused_ok else ("active",)
    if game.status not in allowed:
        raise Refused(f"'{game.name}' is {game.status}")


def _power(handle: Handle, written: str) -> str:
    power = handle.variant.map.power_named(written)
    if power is None:
        raise Refused(unknown_power(handle.variant.map, written, handle.game.name))
    return power


def do_start(s: Session, cmd: Command) -> str:
    handle = _handle(s)
    game, variant = handle.game, handle.variant
    if game.status != "forming":
        raise Refused(f"'{game.name}' has already started")
    auctioned = _auction(game, variant)
    open_powers = [p for p in variant.map.powers if game.player(p) is None]
    random.Random(game.name).shuffle(open_powers)
    by_preference(game, open_powers)   # njudge's SET PREFERENCE
    _give_out(game, variant, open_powers)
    for power in open_powers:
        game.players.append(Player("", "", power, status="dummy"))
    state = opening_state(variant, unplayed_powers(game), f"{secrets.randbits(64):016x}")
    game.state, game.status = state_to_json(state), "active"
    schedule(game, state.phase.kind, s.judge.now())
    names = {p.power: "" for p in game.players if p.power}
    deadline = game.deadline if powers_due(variant, state) else None  # a phase without orders is played at once
    pictures = OpeningPictures(game, variant)
    for reader in readers(game):
        ctx = GameStartContext(s.judge.name, game.name, variant.name.title(), variant.map, state, names,
                               reader.viewer if reader.viewer in variant.map.powers else None,
                               game.settings.press, deadline, game.zone,
                               _start_notes(game, reader, auctioned, (*variant.ruleset.form_notes(),
                                            *_owed_first(variant, state, reader.viewer))),
                               None if reader.viewer in variant.map.powers else str(reader.viewer),
                               treasury=_own_treasury(variant, state, reader.viewer))
        attached = pictures.attachments(reader)
        cid = next((a.content_id for a in attached if a.content_id), "")
        queue(game, reader, render_game_start(ctx, reader.zone, cid), key=f"start:{reader.address}:{reader.viewer}",
              attachments=attached)
    disorder = f"; in civil disorder: {', '.join(power_title(game, p) for p in open_powers)}" if open_powers else ""
    auction = f"; {len(auctioned)} powers assigned by the players' bids" if auctioned else ""
    return f"'{game.name}' has started at {state.phase}{auction}{disorder}"


def _give_out(game: Game, variant: Variant, open_powers: list[str]) -> None:
    """Each seat without a power gets the first of ``open_powers`` its address may hold (``seat_refusal``).

    The powers asked for come first and are checked too, for a set-up the GM
    chose after the players joined (``SET RULE``): START is refused, naming
    the seat, rather than seat an address across the sides or as a neutral power.
    """
    held: dict[str, list[str]] = {}
    for player in game.players:
        if player.power is not None:
            mine = held.setdefault(player.address.lower(), [])
            reason = variant.ruleset.seat_refusal(None, player.power, mine)
            if reason:
                raise Refused(f"{player.address} as {power_title(game, player.power)}: {reason}")
            mine.append(player.power)
    for player in game.players:
        if player.power is None:
            mine = held.setdefault(player.address.lower(), [])
            player.power = next((p for p in open_powers if not variant.ruleset.seat_refusal(None, p, mine)), None)
            if player.power is None:
                raise Refused(f"no power is left that {player.address} may hold: each of "
                              f"{', '.join(power_title(game, p) for p in open_powers)} would cross the sides")
            open_powers.remove(player.power)
            mine.append(player.power)


def _auction(game: Game, variant: Variant) -> dict[str, str]:
    """Powers from the players' pre-game sheets (the ruleset's ``assign_powers``): seat id -> power.

    A player who sent a sheet leaves the choice to it (an ``AS power`` is
    dropped); the powers asked for by players without a sheet are not on offer.
    Sheets are kept by seat id (``Game.seat_key``), never by address.
    """
    sheets = {}
    for player in game.players:
        line = game.sheet_of(player)
        if line is None:
            continue
        try:
            sheets[player.seat] = read_line(variant, None, line)
        except OrderError:
            continue
    bidders = [p for p in game.players if p.seat in sheets]
    if not bidders:
        return {}
    for player in bidders:
        player.power = None
    offered = [p for p in variant.map.powers if game.player(p) is None]
    joined = [p.seat for p in bidders]
    assigned = variant.ruleset.assign_powers({key: sheets[key] for key in joined}, joined, offered)
    for player in bidders:
        player.power = assigned.get(player.seat)
    return {p.seat: p.power for p in bidders if p.power}


def _owed_first(variant: Variant, state: GameState, viewer: str | None) -> list[str]:
    """What a power owes the first phase besides unit orders, told in its start mail (its INF budget)."""
    if viewer not in variant.map.powers:
        return []
    return [f"This phase you send {label}." for _, label in variant.ruleset.inputs_due(state, str(viewer))]


def _own_treasury(variant: Variant, state: GameState, viewer: str | None) -> int | None:
    """A power's own treasury at the start, in a game with money (Payola: ``Ruleset.money_committed``); only
    his own copy says it (issue 35: the start mail named none; treasuries are secret)."""
    if viewer not in variant.map.powers:
        return None
    money = variant.ruleset.money_committed(state, str(viewer), ())
    return money[1] if money is not None else None


def _start_notes(game: Game, reader: Reader, auctioned: dict[str, str], form: Sequence[str] = ()) -> list[str]:
    """How the game's orders are written (``Ruleset.form_notes``); how the powers were given out; the sheets
    themselves, and who sent them, only in the GM's mail."""
    if not auctioned:
        return list(form)
    notes = [*form, "The powers went to the highest bids of the players' BID sheets (ties to the player who joined first)."]
    if reader.viewer == GM:
        seats = {p.seat: p for p in game.players if p.seat}
        notes += [f"{power_title(game, power)} to {seats[key].address}, who sent: {game.sheet_of(seats[key])}"
                  for key, power in auctioned.items()]
    return notes


def do_process(s: Session, cmd: Command) -> str:
    handle = _handle(s)
    game = handle.game
    _running(game)
    if not cmd.args["force"]:
        assert handle.state is not None
        late = late_powers(game, handle.variant, handle.state)
        if late:
            raise Refused(f"orders are missing from {', '.join(power_title(game, p) for p in late)} "
                          "(PROCESS! processes anyway)")
    game.extra["process"] = "force" if cmd.args["force"] else "normal"
    return poll_plays(s.judge, game) or "the phase will be processed at the end of this poll"


def do_preview(s: Session, cmd: Command) -> str:
    game = _handle(s).game
    _running(game, paused_ok=True)
    rendered = preview(s.judge, game)
    queue(game, gm_reader(game), rendered, auto="auto-replied", in_reply_to=s.mail.message_id,
          references=s.mail.references)
    return "the preview was mailed to the GM; nothing was processed"


def _restore_phase_inputs(game: Game, results: object) -> None:
    """The GM decisions and press of the phase rolled back to stay its inputs (``judge replay`` chains them)."""
    facts = results.get("replay", {}) if isinstance(results, dict) else {}
    for key in ("decisions", "press"):
        game.extra.pop(key, None)
        if facts.get(key):
            game.extra[key] = list(facts[key])


def do_rollback(s: Session, cmd: Command) -> str:
    handle = _handle(s)
    game = handle.game
    if game.status == "forming":
        raise Refused(f"'{game.name}' has not started")
    names = s.store.phase_names(game.name)
    wanted: Phase | None = cmd.args["phase"]
    target = str(wanted) if wanted is not None else (names[-1] if names else None)
    record = s.store.phase_record(game.name, target) if target else None
    if record is None:
        raise Refused(f"'{game.name}' has no played phase {target}" if target
                      else f"no phase of '{game.name}' has been played yet")
    dropped = game.state.get("phase") if any(game.orders.values()) and game.status == "active" else None
    game.state = record.state_before
    game.clear_orders()
    _restore_phase_inputs(game, record.results)
    reopened = game.status in ("finished", "terminated")
    if reopened:
        game.status = "active"
        clear_votes(game)  # else the votes that ended it would end it again
        game.extra.pop("end", None)  # how it ended no longer holds
    if game.status == "active":
        schedule(game, Phase.parse(record.phase).kind, s.judge.now())
    game.extra["truncate_from"] = record.phase
    notify_all(game, s.judge.name, f"{game.name} rolled back to {record.phase}",
               [(f"The GM rolled '{game.name}' back to the start of {record.phase}. Later results are void; "
                 "give your orders again.")], deadline=game.deadline)
    undone = names[names.index(record.phase):] if record.phase in names else [record.phase]
    return with_plays(gm_note("rollback", target=record.phase, undone=undone, dropped=dropped, reopened=reopened,
                              deadline=game.deadline, zone=game.zone), s.judge, game)


def do_pause(s: Session, cmd: Command) -> str:
    game = _handle(s).game
    _running(game)
    dropped = game.deadline
    game.status = "paused"
    set_deadline(game, None)
    notify_all(game, s.judge.name, f"{game.name} is paused", [f"The GM paused '{game.name}': no deadline runs."])
    return gm_note("paused", deadline=dropped, zone=game.zone)


def do_resume(s: Session, cmd: Command) -> str:
    game = _handle(s).game
    if game.status != "paused":
        raise Refused(f"'{game.name}' is not paused")
    game.status = "active"
    now = s.judge.now()
    kept = game.deadline is not None and game.deadline > now
    if not kept:
        schedule(game, Phase.parse(game.state["phase"]).kind, now)
    notify_all(game, s.judge.name, f"{game.name} resumes", [f"The GM resumed '{game.name}'."],
               deadline=game.deadline)
    return with_plays(gm_note("resumed", deadline=game.deadline, zone=game.zone, kept=kept), s.judge, game)


def _remove_player(s: Session, cmd: Command, status: str) -> str:
    handle = _handle(s)
    game = handle.game
    power = _power(handle, cmd.args["power"])
    player = game.player(power)
    if game.status == "forming":
        raise Refused(f"'{game.name}' has not started")
    if player is None:
        if status == "ejected":
            raise Refused(f"{power_title(game, power)} has no player")
        player = Player("", "", power)
        game.players.append(player)
    was = player_readers(game, [power])
    player.status = status
    if status == "dummy" and player.address:  # the GM's DUMMY: the old player cannot sign back on
        game.players[game.players.index(player)] = Player("", "", power, status="dummy")
    what = "was ejected" if status == "ejected" else "is in civil disorder"
    name = power_title(game, power)
    notify_all(game, s.judge.name, f"{name} {what} in {game.name}",
               [(f"{name} {what} in '{game.name}'. The power is vacant: "
                 f"JOIN {game.name} <password> AS {name} asks for it (SET TAKEOVER: the GM approves).")],
               to=was + [gm_reader(game)])
    tell_the_others(game, s.judge.name, f"{name} {what} in {game.name}", f"{name} {what} in '{game.name}': the "
                    f"power is vacant (JOIN {game.name} <password> AS {name} asks for it).", [r.address for r in was])
    return with_plays(f"{name} {what}", s.judge, game)


def do_eject(s: Session, cmd: Command) -> str:
    return _remove_player(s, cmd, "ejected")


def do_dummy(s: Session, cmd: Command) -> str:
    return _remove_player(s, cmd, "dummy")


def do_terminate(s: Session, cmd: Command) -> str:
    game = _handle(s).game
    if game.status in ("finished", "terminated"):
        raise Refused(f"'{game.name}' is already over")
    phase = Phase.parse(game.state["phase"]) if game.state else None
    orders_in = sorted(p for p, lines in game.orders.items() if lines) if phase is not None else []
    terminate(s.judge, game)
    return gm_note("terminate", game=game.name, phase=phase, orders_in=orders_in,
                   reopens=bool(s.store.phase_names(game.name)))


def do_become(s: Session, cmd: Command) -> str:
    handle = _handle(s)
    s.power = _power(handle, cmd.args["power"])
    s.show_orders = handle.game.status != "forming"
    return f"acting as {power_title(handle.game, s.power)} for the rest of this mail"


def do_set_deadline(s: Session, cmd: Command) -> str:
    game = _handle(s).game
    if game.status not in ("active", "paused"):
        raise Refused(f"'{game.name}' is {game.status}: it has no deadline")
    at = cmd.args["at"] if "njudge" not in cmd.args else njudge_moment(s, game, *cmd.args["njudge"])
    deadline = local_to_utc(at, game.zone) if at is not None else s.judge.now() + cmd.args["delay"]
    if not cmd.args["confirmed"]:
        trial = game.copy()
        set_deadline(trial, deadline)
        reason = notice_refusal(s.judge, trial, deadline, game.deadline, "that deadline was read as", "SET DEADLINE!")
        if reason:
            raise Refused(reason)
    old = game.deadline
    set_deadline(game, deadline)
    notify_all(game, s.judge.name, f"New deadline in {game.name}",
               [f"The GM set a new deadline for '{game.name}'."], deadline=deadline)
    return with_plays(gm_note("deadline_set", deadline=deadline, zone=game.zone, old=old), s.judge, game)


def njudge_moment(s: Session, game: Game, day: NjudgeDate, at: time) -> datetime:
    """njudge's date (``Mar 30``, ``Mon``) and time, on the game's clock: the next such date from today."""
    today = s.judge.now().astimezone(ZoneInfo(game.zone)).date()
    try:
        return datetime.combine(day.on(today), at)
    except ValueError as exc:
        raise Refused(f"{exc} (njudge's date as njudge reads it: the next such date)") from None


def do_set_gamezone(s: Session, cmd: Command) -> str:
    """The game's own zone: the wall clock of its deadline rules (SET TIMING hour, SET DEADLINE) and of its mails."""
    game, zone = _handle(s).game, cmd.args["zone"]
    if zone == game.zone:
        return f"the game's zone already is {zone}"
    game.zone = zone
    s.announce(game.name, f"The game's time zone is now {zone}: its mails show deadlines on that clock, and "
                          "new deadlines are set on it. The current deadline stays the same moment.")
    return f"the game's zone is now {zone} (the current deadline stays the same moment)"


def _update_timing(game: Game, kinds: tuple[str, ...], **changes: object) -> None:
    for kind in kinds:
        game.timing[kind] = replace(timing_for(game, kind), **changes)  # type: ignore[arg-type]


def do_set_grace(s: Session, cmd: Command) -> str:
    """The grace of every phase kind; a running deadline's grace changes too, and the players are told.

    Once the deadline has passed, the end of the grace is what the players
    have left: an end in the past or too soon needs SET GRACE! (as SET DEADLINE!).
    """
    game, grace = _handle(s).game, cmd.args["grace"]
    ends = None if game.deadline is None else game.deadline + grace
    if ends is not None and not cmd.args["confirmed"] and game.deadline <= s.judge.now():
        trial = game.copy()
        trial.grace_end = ends
        reason = notice_refusal(s.judge, trial, ends, game.grace_end, "the grace period would end at", "SET GRACE!")
        if reason:
            raise Refused(reason)
    _update_timing(game, tuple(sorted(set(game.timing) | {"M", "R", "A"})), grace=grace)
    if ends is not None and ends != game.grace_end:
        game.grace_end = ends
        notify_all(game, s.judge.name, f"New grace period in {game.name}",
                   [f"The GM set the grace period of '{game.name}' to {gm_note('span', span=grace)}: orders "
                    f"are taken until {gm_note('when', moment=ends, zone=game.zone)}."], deadline=game.deadline)
    note = gm_note("grace_set", grace=grace, ends=ends, zone=game.zone)
    return with_plays(note, s.judge, game)


def do_set_timing(s: Session, cmd: Command) -> str:
    game, args = _handle(s).game, cmd.args
    changes: dict[str, object] = {}
    if "next" in args:
        changes["next"] = args["next"]
    if "min" in args:
        changes["minimum"] = args["min"]
    if "hour" in args:
        changes["hour"] = f"{args['hour']:%H:%M}"
    if "days" in args:
        changes["days"] = days_mask(args["days"])
    changes.update({key: args[key] for key in ("grace", "delay") if key in args})   # njudge's GRACE and DELAY
    _update_timing(game, args["kinds"], **changes)
    return with_plays("timing set for " + ", ".join(args["kinds"]) + " phases (from the next phase on)",
                      s.judge, game)


def do_set_mindeadline(s: Session, cmd: Command) -> str:
    """The least notice a deadline the GM sets gives the players (SET DEADLINE! sets a sooner one)."""
    notice = cmd.args["notice"]
    _handle(s).game.settings.extra["mindeadline"] = int(notice.total_seconds())
    return gm_note("mindeadline_set", notice=notice)


def do_set_round(s: Session, cmd: Command) -> str:
    """Where a deadline set from the timing is moved on to: ``:MM`` of an hour, ``HH:MM`` of a day, or off."""
    _handle(s).game.settings.extra["round"] = cmd.args["round"]
    return gm_note("round_set", rule=cmd.args["round"])


def do_set_nmr(s: Session, cmd: Command) -> str:
    _handle(s).game.settings.nmr = cmd.args["policy"]
    return ""


def do_set_press(s: Session, cmd: Command) -> str:
    _handle(s).game.settings.press = cmd.args["press"]
    return ""



def do_set_seats(s: Session, cmd: Command) -> str:
    _handle(s).game.settings.extra["seats"] = cmd.args["seats"]
    return f"one address may hold up to {cmd.args['seats']} seats"


def do_set_takeover(s: Session, cmd: Command) -> str:
    _handle(s).game.settings.extra["takeover"] = cmd.args["takeover"]
    if cmd.args["takeover"] == "open":
        return "anyone may take over a vacant power with JOIN ... AS"
    return "taking over a vacant power waits for your APPROVE"


def do_set_publish(s: Session, cmd: Command) -> str:
    """SET PUBLISH yes|no: whether ``judge publish`` shows the game while it runs (a finished game always is)."""
    _handle(s).game.settings.extra["publish"] = cmd.args["publish"] == "yes"
    if cmd.args["publish"] == "yes":
        return "the game is published on the judge's website while it runs (public results and press only)"
    return "the game is published on the judge's website only once it is over"


def do_approve(s: Session, cmd: Command) -> str:
    """Hand a vacant power to the request the GM names (``SET TAKEOVER approve``); the player is told.

    Several different requests may wait for one power (a forged From may have
    sent one): ``APPROVE power`` alone is then refused naming each, and
    ``APPROVE power number`` hands the power to that one (``takeover.choose``).
    """
    handle = _handle(s)
    game = handle.game
    power = _power(handle, cmd.args["power"])
    _running(game, paused_ok=True)
    request = choose(game, power, cmd.args.get("number"))
    current = game.player(power)
    if current is not None and current.status == "active":
        raise Refused(f"{power_title(game, power)} already has a player in '{game.name}'")
    keep_to_side(handle, request["address"], power)  # the asker may have taken another seat since
    seat = install_player(s, game, request["address"], request["password_hash"], power, request)
    _brief_replacement(s, handle, Reader(seat.address, power, None))
    return f"{power_title(game, power)} handed to {seat.address} (request {request['id']})"


def _brief_replacement(s: Session, handle: Handle, reader: Reader) -> None:
    """The new player's mail, as a start mail for his power now: sign-on line, units, centres, deadline."""
    game, variant, state = handle.game, handle.variant, handle.state
    assert state is not None and isinstance(reader.viewer, str)
    ctx = GameStartContext(s.judge.name, game.name, variant.name.title(), variant.map, state,
                           {p.power: "" for p in game.players if p.power}, reader.viewer, game.settings.press,
                           game.deadline, game.zone, takeover=True)
    rendered = render_game_start(ctx, reader.zone)
    queue(game, reader, replace(rendered, subject=f"You now play {power_title(game, reader.viewer)} in {game.name}"))
