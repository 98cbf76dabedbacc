"""Commands of a signed-on player: orders, CLEAR, STATUS, RESIGN and the personal SETs (press: press.py).

The dispatcher has already checked that someone is signed on; the GM comes
here too for the settings that exist for him (password, address, zone, wait),
for press, and after ``BECOME`` for that power's orders and its seat's
settings (never his own, and never its press: a command acts on the seat the
mail names, with that seat's authority).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from judge.commands import reports
from judge.commands.session import Handle, Prose, Refused, Session, refuse_unless_playing
from judge.engine.state import Phase
from judge.reading.language import Command, command_hint, command_words
from judge.reading.lines import read_line
from judge.reading.njudge import split_orders
from judge.reading.order_reader import OrderError
from judge.reading.quotes import is_prose, is_signoff
from judge.turns.holds import wait_refusal
from judge.turns.seatnews import tell_the_others
from judge.render import GM, SeatChangedContext, render_seat_changed
from judge.store import Game, Player, SubmittedOrder
from judge.turns.gameview import check_order, power_title, unit_key
from judge.turns import pending
from judge.turns.mapmail import set_map_format
from judge.turns.notify import Reader, gm_reader, notify, own_zone, queue, set_mail_format
from judge.variants import line_reader


#: the most order lines (orders, offers, savings, payments...) a power keeps in one phase
MAX_LINES = 300


def current(s: Session) -> Handle:
    handle = s.current()
    assert handle is not None  # the dispatcher checked the sign-on
    return handle


def me(s: Session) -> Player | None:
    """The signed-on player's seat (None for the GM), bound to the password the mail gave."""
    return s.seat if s.role == "player" else None


def seat_spoken_for(s: Session) -> Player | None:
    """The seat a personal command (``SET PASSWORD``, ``ADDRESS``, ``ZONE``, ``MAP``, ``WAIT``, ``ABSENCE``) acts on.

    The player's own seat; after ``BECOME power``, that power's seat (njudge's
    master resets a lost password so), never the GM's; None when the GM speaks
    for himself.  A command acts on the seat the mail names, and only with that
    seat's authority (issue 31).
    """
    if s.role == "player":
        return me(s)
    if s.role != "gm":
        raise Refused("you are not signed on to a seat")
    if s.power is None:
        return None
    game = current(s).game
    seat = game.player(s.power)
    if seat is None or not seat.address or seat.status not in ("active", "dummy"):
        name = power_title(game, s.power)
        raise Refused(f"{name} has no player in '{game.name}': there is no seat to change "
                      f"(a new player asks with JOIN {game.name} <password> AS {name})")
    return seat


def _tell_seat_holder(s: Session, seat: Player, what: str, cmd: Command, to: list[str]) -> None:
    """The GM changed a player's seat after BECOME: the player is told at ``to`` (never the new password)."""
    game = current(s).game
    power = power_title(game, seat.power or "")
    ctx = SeatChangedContext(s.judge.name, game.name, power, what, s.judge.now(), seat.address)
    rendered = render_seat_changed(ctx)
    for number, address in enumerate(dict.fromkeys(a.lower() for a in to if a)):
        queue(game, Reader(address, seat.power or GM, seat.zone), rendered,
              key=f"seat:{s.mail.message_id}:{cmd.line}:{number}")


def do_order(s: Session, cmd: Command) -> str:
    """An order line: a unit order, or one of the variant's own lines (INFs, attacks, ballots, BID ...)."""
    handle = current(s)
    reader = line_reader(handle.variant.name, handle.variant.overrides)
    if handle.game.status == "forming" and reader is not None:
        return _sheet_line(s, handle, reader, cmd)
    refuse_unless_playing(handle)
    if s.power is None:
        raise Refused("you have no power yet: orders start when the game does")
    later = _for_this_phase(s, handle, cmd)
    if later is not None:
        return later
    pieces = split_orders(cmd.text) if reader is None else [cmd.text]
    if len(pieces) == 1:
        return _one_order(s, handle, cmd.text)
    try:   # a line the order grammar reads whole (its commas ignored) is one order, as before
        return _one_order(s, handle, cmd.text)
    except Prose:
        raise   # plain prose with a comma ("Thanks, see you soon") is prose, not several orders
    except Refused:
        pass
    notes = []
    for number, piece in enumerate(pieces, 1):   # njudge's orders separated by "," or ";": all or none
        try:
            notes.append(f"{piece}: {_one_order(s, handle, piece) or 'taken'}")
        except Refused as refusal:
            raise Refused(f"order {number} of this line, '{piece}': {refusal}; no order of this line was "
                          "taken") from None
    return f"{len(pieces)} orders: " + "; ".join(notes)


def _one_order(s: Session, handle: Handle, text: str) -> str:
    """One order (or variant line) of a line, checked and recorded."""
    assert s.power is not None
    reader = line_reader(handle.variant.name, handle.variant.overrides)
    state, variant = handle.state, handle.variant
    assert state is not None
    try:
        value = read_line(variant, state, text)
    except OrderError as exc:
        hint = _command_hint(handle, text)
        if is_signoff(text) or (not hint and "did you mean" not in exc.message and _prose(handle, text)):
            raise Prose(text) from None
        raise Refused(f"column {exc.column}: {exc.message}{hint}") from None
    if value is None:
        return "nothing to record on this line"
    if reader is not None and reader.key(value):
        return _variant_line(s, handle, reader, value)
    order, problem = check_order(variant, state, s.power, value, handle.game.orders.get(s.power, []))
    if problem:
        raise Refused(problem)
    key = unit_key(variant, order)
    _room_for(handle.game, s.power, key)
    replacing = _replacing(handle.game, s.power, key, str(order))
    handle.game.submit(SubmittedOrder(s.power, key, str(order), s.mail.message_id, s.judge.now()))
    s.show_orders = True
    read_as = "" if str(order) == " ".join(text.upper().split()) else f"read as: {order}"
    return "; ".join(note for note in (read_as, replacing) if note)


def _for_this_phase(s: Session, handle: Handle, cmd: Command) -> str | None:
    """An order below njudge's PHASE line: this phase's if that line named this phase, else kept for its phase
    (the note says so); None for an order of this phase."""
    phase = cmd.args.get("phase")
    if phase is None or handle.state is None or (phase == handle.state.phase and "conditions" not in cmd.args):
        return None
    if phase == handle.state.phase:
        raise Refused("conditional orders (IF … ENDIF) are kept only for a later phase (as in njudge): not read")
    _later_phase(handle, phase)
    assert s.power is not None
    if len(handle.game.extra.get(pending.PENDING, {}).get(s.power, [])) >= pending.MAX_PENDING:
        raise Refused(f"at most {pending.MAX_PENDING} lines kept for later phases: CLEAR forgets them")
    pending.keep(handle.game, s.power, phase, cmd.text, s.mail.message_id, s.judge.now(),
                 cmd.args.get("conditions", ()))
    return f"kept for {phase}: read as that phase's order when it comes (njudge's PHASE; CLEAR forgets it)"


def _later_phase(handle: Handle, phase: Phase) -> None:
    """Why orders cannot be kept for ``phase``: it is not a later phase of this game, or too far ahead."""
    assert handle.state is not None
    now, then = pending.phase_order(handle.state.phase), pending.phase_order(phase)
    if now is None or then is None:
        raise Refused(f"the judge keeps no orders for {phase} in this variant: send them when it comes")
    if then < now:
        raise Refused(f"{phase} is past (this phase is {handle.state.phase})")
    if phase.year > handle.state.phase.year + pending.MAX_YEARS_AHEAD:
        raise Refused(f"orders are kept at most {pending.MAX_YEARS_AHEAD} years ahead (as njudge did)")


def do_phase(s: Session, cmd: Command) -> str:
    """njudge's PHASE: the orders below it are this phase's, or kept for the phase it names."""
    handle = current(s)
    refuse_unless_playing(handle)
    now = handle.state.phase if handle.state is not None else None
    if cmd.args["phase"] == now:
        return f"the orders below are for this phase, {now}"
    _later_phase(handle, cmd.args["phase"])
    return (f"the orders below, up to the next PHASE line, are kept for {cmd.args['phase']} and read when it "
            "comes; an error in them is mailed to you then")


def _command_hint(handle: Handle, text: str) -> str:
    """A line that is no order may be a misspelt command (``SIGNOM``): say which, unless it starts with a place."""
    first = text.split(None, 1)[0] if text.strip() else ""
    return "" if handle.variant.map.resolve_name(first) is not None else command_hint(text)


def _prose(handle: Handle, text: str) -> bool:
    """A line that names nothing of the game (no place, power, unit or command word): plainly prose."""
    board = handle.variant.map

    def known(word: str) -> bool:
        return (board.resolve_name(word) is not None or board.power_named(word) is not None
                or word.lower() in command_words())
    return is_prose(text, known)


def _replacing(game: Game, power: str, key: str, line: str, what: str = "order") -> str:
    """The note for a line that replaces an earlier, different one of the power's lines ("" if none)."""
    earlier = game.replaced(power, key)
    return f"replaces your earlier {what} {earlier.line}" if earlier is not None and earlier.line != line else ""


def _variant_line(s: Session, handle: Handle, reader: Any, value: Any) -> str:
    """A line of the variant's own (``9: WUR``): checked by its reader against the power's other lines, kept.

    A line the reader says one mail sends whole (``sent_whole``: Payola's
    sheet, its transfers) replaces no line of its own mail, and the first of
    them to stand drops what earlier mails sent of that part.
    """
    assert s.power is not None
    game, state = handle.game, handle.state
    key, part = reader.key(value), _part(reader, value)
    kept, dropped = [], []
    for stored in game.orders.get(s.power, []):  # each read once per position (Handle.read_stored)
        known = handle.read_stored(stored.line)
        if known is None or not reader.key(known):
            continue
        if part and _part(reader, known) == part and stored.message_id != s.mail.message_id:
            dropped.append(stored)
        else:
            kept.append(known)
    problem, note = reader.check(value, s.power, state, kept)
    if problem:
        raise Refused(problem)
    if dropped:
        game.withdraw(s.power, dropped)
        note = "; ".join(n for n in (f"replaces the {part} of your earlier mail ({_lines(len(dropped))})", note) if n)
    if part:
        key = game.fresh_key(s.power, key)
    _room_for(game, s.power, key)
    note = "; ".join(n for n in (note, _replacing(game, s.power, key, str(value), "line")) if n)
    game.submit(SubmittedOrder(s.power, key, str(value), s.mail.message_id, s.judge.now()))
    handle.remember(str(value), value)
    s.show_orders = True
    return note


def _part(reader: Any, value: Any) -> str:
    """The part of the power's lines one mail sends whole that ``value`` belongs to ("" for none)."""
    sent_whole = getattr(reader, "sent_whole", None)
    return sent_whole(value) if sent_whole is not None else ""


def _lines(n: int) -> str:
    return f"{n} line" + ("s" if n != 1 else "")


def _room_for(game: Game, power: str, key: str) -> None:
    """A power keeps at most :data:`MAX_LINES` lines a phase (docs/security.md): a new line past them is
    refused; one that replaces an earlier line (the same unit, a new ACCEPT) is always taken."""
    if len(game.orders.get(power, [])) >= MAX_LINES and not game.replaces(power, key):
        raise Refused(f"{power_title(game, power)} has {MAX_LINES} lines this phase, the most a power may keep: "
                      "CLEAR and send your orders again")


def _sheet_line(s: Session, handle: Handle, reader: Any, cmd: Command) -> str:
    """Before the game starts, a player's pre-game sheet (Europe 1615's BID), kept until START."""
    try:
        value = read_line(handle.variant, None, cmd.text)
    except OrderError as exc:
        raise Refused(f"column {exc.column}: {exc.message}{_command_hint(handle, cmd.text)}") from None
    if value is None or not reader.key(value) or s.role != "player":
        raise Refused(f"'{handle.game.name}' has not started yet")
    problem, note = reader.check(value, s.power or "", None, [])
    if problem:
        raise Refused(problem)
    seat = me(s)
    if seat is None:
        raise Refused("BID sheets come from a player who joined the game")
    handle.game.extra.setdefault("sheets", {})[handle.game.seat_key(seat)] = str(value)
    return note


def do_clear(s: Session, cmd: Command) -> str:
    handle = current(s)
    refuse_unless_playing(handle)
    if s.power is None:
        raise Refused("you have no power yet")
    handle.game.clear_orders(s.power)
    kept = pending.drop(handle.game, s.power)
    s.show_orders = True
    return (f"all orders of {power_title(handle.game, s.power)} for this phase dropped, and the {kept} lines kept for later phases "
            "with PHASE (njudge's CLEAR dropped only those)")


def do_resign(s: Session, cmd: Command) -> str:
    player = me(s)
    if player is None:
        raise Refused("only a player can resign")
    game = current(s).game
    player.status = "resigned"
    s.show_orders = False  # nothing after RESIGN acts for the power (mailflow: the seat has left)
    notify(game, s.judge.name, f"{power_title(game, s.power) if s.power else 'A player'} resigned from {game.name}",
           [(f"{player.address} resigned {power_title(game, s.power or '')} in '{game.name}'. The power is vacant: "
             f"JOIN {game.name} <password> AS {power_title(game, s.power or '')} asks for it "
             "(SET TAKEOVER: the GM approves).")], to=[gm_reader(game)])
    name = power_title(game, s.power or "")
    tell_the_others(game, s.judge.name, f"{name} resigned from {game.name}",
                    f"{name} is vacant in '{game.name}': JOIN {game.name} <password> AS {name} asks for it.",
                    [player.address])
    s.show_orders = False  # the reply lists no orders "still without" a power he no longer plays
    return f"you no longer play {power_title(game, s.power or '')} in '{game.name}'"


def do_status(s: Session, cmd: Command) -> str:
    game = current(s).game
    viewer, power, zone = GM if s.role == "gm" else None, s.power, own_zone(game, s.role, s.power)
    s.reply_with_deadline(game, lambda view: reports.status(s.judge.name, game, viewer, power, zone, view))
    return "the status is in a separate mail"


def do_set_password(s: Session, cmd: Command) -> str:
    player, game = seat_spoken_for(s), current(s).game
    new_hash = s.judge.hash(cmd.args["password"])
    if player is None:
        game.gm_password_hash = new_hash
        return "GM password changed"
    player.password_hash = new_hash
    if s.role == "gm":
        _tell_seat_holder(s, player, "password", cmd, [player.address])
        return (f"password of {power_title(game, s.power) if s.power else 'the seat'} reset; its player is told at "
                "his address, without the password: tell him the new one yourself")
    return "password changed"


def do_set_address(s: Session, cmd: Command) -> str:
    if cmd.args["address"] is None:   # njudge's SET ADDRESS alone: the address this mail came from
        cmd = replace(cmd, args={**cmd.args, "address": s.mail.sender})
    player, game = seat_spoken_for(s), current(s).game
    if player is None:
        game.gm_address = cmd.args["address"]
        return f"mail about '{game.name}' now goes to {cmd.args['address']}"
    old = player.address
    player.address = cmd.args["address"]  # a BID sheet is kept by the seat's id, not its address
    if s.role == "gm":
        _tell_seat_holder(s, player, "address", cmd, [old, player.address])
        return f"mail about '{game.name}' for {power_title(game, player.power or '')} now goes to {cmd.args['address']}"
    return f"mail about '{game.name}' now goes to {cmd.args['address']}"


def do_set_wait(s: Session, cmd: Command) -> str:
    player, game = seat_spoken_for(s), current(s).game
    wait = cmd.args["wait"]
    if player is None:
        game.settings.wait = wait
        return "the game waits for its deadlines" if wait else "phases run once every order is in"
    strict = wait_refusal(game, current(s).variant, current(s).state, player.power or "") if wait else ""
    if strict:   # njudge's SET STRICTWAIT
        raise Refused(strict)
    player.wait = wait
    return ("the phase will not run before its deadline" if wait
            else "the phase may run as soon as every order is in")


def _reader_choosing(s: Session, command: str) -> tuple[Game, str]:
    """The game and the reader (a power, or the GM speaking for himself) a choice of how mail comes is for."""
    player, game = seat_spoken_for(s), current(s).game
    if player is not None and not player.power:
        raise Refused(f"you have no power yet: send {command} once the game has started")
    return game, player.power if player is not None and player.power else GM


def do_set_map(s: Session, cmd: Command) -> str:
    """SET MAP: the picture in this seat's result mails (the GM's own when the GM speaks)."""
    fmt = str(cmd.args["format"]).upper()
    set_map_format(*_reader_choosing(s, "SET MAP"), fmt)
    return "no map picture will come with your results" if fmt == "NONE" else f"your results will carry the map as {fmt}"


def do_set_format(s: Session, cmd: Command) -> str:
    """SET FORMAT: this seat's mails as text alone, or as text and HTML (the GM's own when the GM speaks)."""
    fmt = str(cmd.args["format"]).lower()
    set_mail_format(*_reader_choosing(s, "SET FORMAT"), fmt)
    return "your mails will come as text alone" if fmt == "text" else "your mails will come as text and HTML"


def do_set_zone(s: Session, cmd: Command) -> str:
    player, game = seat_spoken_for(s), current(s).game
    if player is None:
        game.extra["gm_zone"] = cmd.args["zone"]
    else:
        player.zone = cmd.args["zone"]
    return f"deadlines will also be shown in {cmd.args['zone']}"
