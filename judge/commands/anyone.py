"""Commands anyone may send: HELP, LIST, HISTORY, SUMMARY, CREATE, SIGNON, JOIN (OBSERVE and its kin: observers.py).

Each handler takes the session and the command, does its work in memory and
returns a note for the reply (``""`` for none), or raises :class:`Refused`
with the reason.  SIGNON, JOIN and CREATE decide who speaks for the rest of
the mail.
"""

from __future__ import annotations

from dataclasses import replace

from judge.commands import reports, takeover
from judge.commands.guessing import GM_SEAT, check_signon
from judge.commands.history_span import HistoryOptions, history_options
from judge.commands.session import Handle, Refused, Session
from judge.reading.language import AUDIENCE, GM_TOO, Command
from judge.reading.lines import read_line
from judge.reading.order_reader import OrderError
from judge.reading.suggest import did_you_mean, unknown_power, word_matches
from judge.render import (
    OBSERVER, HelpContext, HelpSection, Joined, JoinNoticeContext, SignonElsewhereContext, VariantLine, render_help,
    render_join_notice, render_signon_elsewhere,
)
from judge.store import Attachment, Game, InvalidName, Player, UnknownGame, UnknownPhase, check_game_name
from judge.store import check_password
from judge.turns.endvotes import forget
from judge.turns.deadlines import default_timing, new_game_clock
from judge.turns.gameview import power_title, seated_powers
from judge.turns.mapmail import map_format
from judge.turns.pictures import PictureError, stored_phase_picture
from judge.turns.notify import Reader, gm_reader, notify, own_zone, queue
from judge.turns.seatnews import tell_the_others
from judge.variants import UnknownVariant, available_variants, line_reader, load_variant, variant_summary


def load(session: Session, name: str) -> Handle:
    try:
        return session.load(name)
    except UnknownGame:
        raise Refused(f"there is no game named '{name}' (send LIST for the games)") from None


def peek(session: Session, name: str) -> Game:
    """A game to read: this mail's copy if it changed it, else the stored one."""
    try:
        return session.peek(name)
    except UnknownGame:
        raise Refused(f"there is no game named '{name}' (send LIST for the games)") from None


_HELP_HEADS = (("anyone", "For anyone"), ("player", "For players (after SIGNON or JOIN in the same mail)"),
               ("gm", "For the GM (after SIGNON GM game password)"))


def do_help(s: Session, cmd: Command) -> str:
    """HELP from what the judge offers: every command by who may use it (AUDIENCE), every variant it has."""
    gm_too = [kind.replace("_", " ").upper() for kind in AUDIENCE if kind in GM_TOO]
    sections = [HelpSection(title, [kind for kind, who in AUDIENCE.items() if who == audience],
                            gm_too if audience == "gm" else ()) for audience, title in _HELP_HEADS]
    variants = [VariantLine(name, *variant_summary(name)) for name in available_variants()]
    handle = s.current()  # signed on to a game: its GM decisions and how its orders are written, and no other
    actions = [a.usage for a in handle.variant.ruleset.gm_actions()] if handle is not None else None
    form = tuple(handle.variant.ruleset.form_notes()) if handle is not None else ()
    rendered = render_help(HelpContext(s.judge.name, s.judge.address, sections, variants, actions, form))
    s.reply_to_sender(rendered.subject, rendered.body, html=rendered.html)
    return "the list of commands is in a separate mail"


def _sender_zone(s: Session) -> str | None:
    """The zone the sender set for himself in the game he signed on to (``SET ZONE``), if any."""
    handle = s.current()
    return own_zone(handle.game, s.role, s.power) if handle is not None else None


def do_list(s: Session, cmd: Command) -> str:
    name = cmd.args["game"]
    if name is None:
        rendered = reports.list_games(s.store, s.judge.name, _sender_zone(s), s.workspace.games)
        s.reply_to_sender(rendered.subject, rendered.body, html=rendered.html)
        return "the list of games is in a separate mail"
    if name.lower() == "full" and not s.has_game(name):   # njudge's LIST FULL: every game in full
        rendered = reports.list_full(s.store, s.judge.name, _sender_zone(s), s.workspace.games)
        s.reply_to_sender(rendered.subject, rendered.body)
        return "every game's details are in a separate mail"
    game = peek(s, name)
    zone = _sender_zone(s) if game.name == s.game else None
    s.reply_with_deadline(game, lambda view: reports.status(s.judge.name, game, None, viewer_zone=zone, view=view))
    return f"the details of '{name}' are in a separate mail"


def do_history(s: Session, cmd: Command) -> str:
    game = peek(s, cmd.args["game"])
    first = _span(s, game, cmd.args["from_phase"], first=True)
    last = _span(s, game, cmd.args["to_phase"], first=False)
    options = history_options(game, cmd.args, s.judge.now())   # njudge's dates, EXCLSTART, BROAD, LINES
    try:
        insider = s.game == game.name and s.role in ("player", "gm")  # signed on: his own ledgers too (5.7)
        viewer = ("GM" if s.role == "gm" else s.power) if insider else None
        rendered = reports.history(s.store, s.judge.name, game, first, last, viewer, options)
    except UnknownPhase as exc:
        raise Refused(f"{exc}") from None
    s.reply_to_sender(rendered.subject, rendered.body, _history_map(s, game, first, last, options),
                      html=rendered.html)
    return "the history is in a separate mail"


def _span(s: Session, game: Game, written: str | None, first: bool) -> str | None:
    """A phase as written, or for a season (``S1618``) its first (FROM) or last (TO) phase played."""
    # njudge players write seasons; a TO season not yet played reaches the last phase played
    if written is None or not written[-1:].isdigit():
        return written
    played = [name for name in s.store.phase_names(game.name) if name[:-1] == written]
    if not played and first:
        raise Refused(f"no phase of {written} has been played in '{game.name}'")
    if not played:
        return None   # TO a season still to come: up to the last phase played
    return played[0] if first else played[-1]


def _history_map(s: Session, game: Game, first: str | None, last: str | None,
                 options: HistoryOptions) -> list[Attachment]:
    """The public map of the last phase HISTORY sends, in the format the sender chose if he plays the game."""
    records = [r for r in s.store.phases(game.name, first, last) if options.keeps(r)]
    if not records:
        return []
    seat = next((p for p in game.players if p.address == s.mail.sender and p.power), None)
    fmt = map_format(game, seat.power) if seat is not None and seat.power else "PNG"
    if fmt == "NONE":
        return []
    try:
        picture = stored_phase_picture(s.store, s.judge.name, game.name, records[-1].phase, OBSERVER, fmt)
    except PictureError:
        return []
    return [picture]


def do_summary(s: Session, cmd: Command) -> str:
    if cmd.args["game"] is None and s.game is None:   # njudge's SUMMARY alone: the game signed on to
        raise Refused("SUMMARY needs a game's name: SUMMARY game (alone, after a SIGNON, it is that game's)")
    game = peek(s, cmd.args["game"] or s.game)
    insider = s.game == game.name and s.role in ("player", "gm")   # signed on to it in this mail
    hidden = bool(game.settings.extra.get("noreveal")) and s.role != "gm"   # njudge's SET NOREVEAL
    rendered = reports.summary(s.store, s.judge.name, game, addresses=insider and not hidden)
    s.reply_to_sender(rendered.subject, rendered.body, html=rendered.html)
    return "the summary is in a separate mail"


def do_create(s: Session, cmd: Command) -> str:
    name, variant_name = cmd.args["game"], cmd.args["variant"]
    try:
        check_game_name(name)
    except InvalidName:
        raise Refused(f"'{name}' cannot be a game name: use at most 40 letters, digits, '-' and '_'") from None
    if s.has_game(name):
        handle = load(s, name)
        if handle.replay:
            s.sign_on(handle, "gm", None)
            return "already done"
        raise Refused(f"a game named '{name}' already exists")
    if s.store.name_in_use(name):  # a history or archive left without its game: never inherited
        raise Refused(f"the name '{name}' is taken on this judge (its keeper may free it): choose another")
    try:
        load_variant(variant_name)
    except UnknownVariant as exc:
        raise Refused(f"{exc}{did_you_mean(word_matches(variant_name, available_variants()))}") from None
    game = Game(name, variant_name, s.mail.sender, s.judge.hash(cmd.args["password"]), zone=s.judge.zone,
                timing=default_timing())
    game.settings.extra.update(new_game_clock())
    s.sign_on(s.add_new(game), "gm", None)
    return (f"game '{name}' ({variant_name}) created; you are its GM. Players JOIN {name} <password>; "
            "you START it when they are in")


def do_signon(s: Session, cmd: Command) -> str:
    handle = load(s, cmd.args["game"])
    game, board = handle.game, handle.variant.map
    power = board.power_named(cmd.args["power"])
    if power is None:
        raise Refused(unknown_power(board, cmd.args["power"], game.name))
    if game.status == "forming":
        raise Refused(f"'{game.name}' has not started: while it forms, write JOIN {game.name} <password>")
    player = game.player(power)
    back = player is not None and player.status == "dummy" and bool(player.address)
    if player is None or (player.status != "active" and not back):
        if player is not None and player.address and player.address.lower() == s.mail.sender.lower():
            raise Refused(f"{power_title(game, power)} has no player in '{game.name}': you left it (or the GM took "
                          f"it from you); JOIN {game.name} <password> AS {power_title(game, power)} asks for it")
        return _take_over(s, handle, cmd, power)   # njudge's take-over of an abandoned power: a JOIN … AS
    check_signon(s, handle, power, player.address, cmd.args["password"], player.password_hash,
                 f"wrong password for {power_title(game, power)} in '{game.name}'")
    s.sign_on(handle, "player", power, player)
    s.show_orders = True
    if player.address and s.mail.sender.lower() != player.address.lower():
        _tell_the_player(s, game, player, power)
    if back:  # fell into civil disorder at a deadline (NMR disorder): the player takes the power back
        player.status = "active"
        name = power_title(game, power)
        return f"signed on as {name} in '{game.name}': {name} is no longer in civil disorder"
    return f"signed on as {power_title(game, power)} in '{game.name}'"


def _tell_the_player(s: Session, game: Game, player: Player, power: str) -> None:
    """A forged From with the right password must not go unseen: the player's own address is told (not from where)."""
    rendered = render_signon_elsewhere(SignonElsewhereContext(s.judge.name, game.name, power_title(game, power),
                                                              s.judge.now()))
    queue(game, Reader(player.address, power, player.zone), rendered,
          key=f"elsewhere:{s.mail.message_id}:{power}")


def do_signon_gm(s: Session, cmd: Command) -> str:
    handle = load(s, cmd.args["game"])
    letter = cmd.args.get("letter")
    if letter and handle.variant.map.power_named(letter):  # the map letters a power M: the letter is his
        try:
            return do_signon(s, replace(cmd, kind="signon", args={**cmd.args, "power": letter}))
        except Refused as refused:
            raise Refused(f"{refused}; the GM of '{handle.game.name}' signs on as "
                          f"SIGNON GM {handle.game.name} <password>") from None
    check_signon(s, handle, GM_SEAT, handle.game.gm_address, cmd.args["password"], handle.game.gm_password_hash,
                 f"wrong GM password for '{handle.game.name}'")
    s.sign_on(handle, "gm", None)
    return f"signed on as the GM of '{handle.game.name}'"


def do_join(s: Session, cmd: Command) -> str:
    handle = load(s, cmd.args["game"])
    game, board = handle.game, handle.variant.map
    wanted = None
    if cmd.args["power"] is not None:
        wanted = board.power_named(cmd.args["power"])
        if wanted is None:
            raise Refused(unknown_power(board, cmd.args["power"], game.name))
    if handle.replay:
        mine = _own_seat(s, game, cmd.args["password"])
        s.sign_on(handle, "player", mine.power if mine else wanted, mine)
        return "already done"
    if game.status == "forming":
        return _join_forming(s, handle, cmd, wanted)
    if game.status in ("active", "paused"):
        return _take_over(s, handle, cmd, wanted)
    raise Refused(f"'{game.name}' is over")


def seats_allowed(game: Game) -> int:
    """How many seats one address may hold in ``game`` (``SET SEATS``; one unless the GM allows more)."""
    return int(game.settings.extra.get("seats", 1))


def keep_to_side(handle: Handle, address: str, power: str, seat: Player | None = None) -> None:
    """Refuse to seat ``address`` as ``power`` if the ruleset's set-up forbids it (``seat_refusal``).

    ``seat`` is the seat that would take the power: its own power does not count as held.
    """
    held = [p.power for p in handle.game.players_at(address)
            if p.status == "active" and p.power and p is not seat and p.power != power]
    state = handle.state if handle.game.status != "forming" else None
    reason = handle.variant.ruleset.seat_refusal(state, power, held)
    if reason:
        raise Refused(reason)


def _own_seat(s: Session, game: Game, password: str) -> Player | None:
    """The sender's seat in ``game`` that ``password`` opens, if any."""
    return next((p for p in game.players_at(s.mail.sender) if p.status == "active"
                 and check_password(password, p.password_hash)), None)


def _join_forming(s: Session, handle: Handle, cmd: Command, wanted: str | None) -> str:
    """A new seat, bound to the password given; the same address and password again is the same seat."""
    game = handle.game
    seat = _own_seat(s, game, cmd.args["password"])
    if seat is not None:
        return _rejoin(s, handle, seat, wanted)
    held = [p for p in game.players_at(s.mail.sender) if p.status == "active"]
    if len(held) >= seats_allowed(game):
        raise Refused(f"this address already has a seat in '{game.name}': send JOIN {game.name} with the "
                      "password you joined with to change it")
    seats = len(seated_powers(handle.variant))
    if len(game.players) >= seats:
        raise Refused(f"'{game.name}' is full")
    note = ""
    if wanted is not None and game.player(wanted) is not None:
        note = f"; {power_title(game, wanted)} is taken, you will get a power when the game starts"
        wanted = None
    if wanted is not None:
        keep_to_side(handle, s.mail.sender, wanted)
    seat = Player(s.mail.sender, s.judge.hash(cmd.args["password"]), wanted)
    game.players.append(seat)
    game.seat_key(seat)  # the seat's id from the start: what is kept per seat never follows an address
    s.sign_on(handle, "player", wanted, seat)
    as_power = f" as {power_title(game, wanted)}" if wanted else ""
    if wanted and _sheet_decides(s, handle):
        as_power, note = "", (f"; your BID sheet, not AS {power_title(game, wanted)}, decides your power when the "
                              "game starts")
    _tell_the_gm(s, handle, as_power.removeprefix(" as "))
    return f"you joined '{game.name}'{as_power} ({len(game.players)} of {seats} seats){note}"


def _tell_the_gm(s: Session, handle: Handle, power: str, again: bool = False) -> None:
    """The GM hears of each JOIN while his game forms, in one notice per mail (:func:`tell_gm_of_joins`)."""
    s.joined.setdefault(handle.game.name, []).append(Joined(s.mail.sender, power, again))


def tell_gm_of_joins(s: Session, handle: Handle) -> None:
    """The mail's JOINs to a forming game, in one notice to its GM (with the joiner's address, which only he
    may see): one per mail however many JOIN lines it has, so a mail cannot make the judge mail the GM often."""
    joins = s.joined.get(handle.game.name)
    if joins:
        game = handle.game
        sheets = game.extra.get("sheets", {})
        unsheeted = sum(1 for p in game.players if game.seat_key(p) not in sheets) if sheets else 0
        ctx = JoinNoticeContext(s.judge.name, game.name, joins, len(game.players), len(seated_powers(handle.variant)),
                                unsheeted)
        queue(game, gm_reader(game), render_join_notice(ctx))


def _sheet_decides(s: Session, handle: Handle) -> bool:
    """Whether the sender's pre-game sheet (Europe 1615's BID: kept, or a good one in this mail) assigns his power."""
    reader = line_reader(handle.variant.name, handle.variant.overrides)
    if reader is None:
        return False
    if s.seat is not None and handle.game.sheet_of(s.seat) is not None:
        return True
    for cmd in s.mail.parsed.commands:
        if cmd.kind != "order":
            continue
        try:
            value = read_line(handle.variant, None, cmd.text)
        except OrderError:
            continue
        if value is not None and reader.key(value) and not reader.check(value, "", None, [])[0]:
            return True
    return False


def _rejoin(s: Session, handle: Handle, seat: Player, wanted: str | None) -> str:
    """JOIN again with the seat's password: the seat is kept; ``AS power`` may change the power asked for."""
    game, note = handle.game, ""
    if wanted is not None and wanted != seat.power:
        holder = game.player(wanted)
        if holder is None:
            keep_to_side(handle, s.mail.sender, wanted, seat)
            seat.power = wanted
            _tell_the_gm(s, handle, power_title(game, wanted), again=True)
        else:
            note = f"; {power_title(game, wanted)} is taken"
    elif _sheet_decides(s, handle):  # a sheet sent again: the GM hears whether the sheets are now complete
        _tell_the_gm(s, handle, "", again=True)
    s.sign_on(handle, "player", seat.power, seat)
    as_power = f" as {power_title(game, seat.power)}" if seat.power else ""
    return f"you are already in '{game.name}'{as_power}: your seat is kept{note}"


def takeover_rule(game: Game) -> str:
    """``approve`` (the default: the GM hands vacant powers over with APPROVE) or ``open`` (SET TAKEOVER)."""
    return str(game.settings.extra.get("takeover", "approve"))


def _take_over(s: Session, handle: Handle, cmd: Command, wanted: str | None) -> str:
    game = handle.game
    if wanted is None:
        raise Refused(f"'{game.name}' has started: write JOIN {game.name} <password> AS <power> "
                      "for a power without a player")
    current = game.player(wanted)
    if current is not None and current.status == "active":
        raise Refused(f"{power_title(game, wanted)} already has a player in '{game.name}'")
    held = [p for p in game.players_at(s.mail.sender) if p.status == "active"]
    if len(held) >= seats_allowed(game):
        raise Refused(f"this address already has a seat in '{game.name}'")
    keep_to_side(handle, s.mail.sender, wanted)
    if takeover_rule(game) == "approve":
        return _ask_gm(s, game, wanted, cmd.args["password"])
    seat = install_player(s, game, s.mail.sender, s.judge.hash(cmd.args["password"]), wanted)
    s.sign_on(handle, "player", wanted, seat)
    s.show_orders = True
    return f"you now play {power_title(game, wanted)} in '{game.name}'"


def _ask_gm(s: Session, game: Game, power: str, password: str) -> str:
    """A request the GM answers with APPROVE: kept beside any other, never replacing one (``takeover.ask``)."""
    request, new = takeover.ask(s, game, power, password)
    name = power_title(game, power)
    if not new:
        return f"your request to play {name} (request {request['id']}) already waits for the GM of " \
               f"'{game.name}', who must APPROVE it"
    others = len(takeover.waiting(game, power)) - 1
    also = f"; {others} other request{'s' if others > 1 else ''} for {name} wait{'' if others > 1 else 's'} " \
           "too: the GM chooses" if others else ""
    return f"your request to play {name} (request {request['id']}) went to the GM of '{game.name}', " \
           f"who must APPROVE it{also}"


def install_player(s: Session, game: Game, address: str, password_hash: str, power: str,
                   granted: takeover.Request | None = None) -> Player:
    """A new player for a vacant ``power`` (the old record goes); the GM is told, and the requests for the power
    other than ``granted`` are closed, their askers told."""
    current = game.player(power)
    if current is not None:
        game.players.remove(current)
    seat = Player(address, password_hash, power)
    game.players.append(seat)
    takeover.close(s, game, power, granted)
    forget(game, power)  # the old player's vote to end the game does not bind the new one
    notify(game, s.judge.name, f"{power_title(game, power)} has a new player in {game.name}",
           [f"{address} now plays {power_title(game, power)} in '{game.name}'."], to=[gm_reader(game)])
    tell_the_others(game, s.judge.name, f"{power_title(game, power)} has a new player in {game.name}",
                    f"{power_title(game, power)} has a new player in '{game.name}'.", [address])
    return seat
