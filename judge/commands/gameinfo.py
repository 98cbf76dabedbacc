"""Who plays a game and what its board looks like now: njudge's ``WHOGAME [game] [FULL]`` and ``MAP [game] [n]``.

WHOGAME here shows each power's seat but never an address (addresses are secret on this judge,
docs/security.md; njudge's showed them).  MAP mails the picture the last result mail carried (the board as
it stands; the opening before any phase is played), public as results are, in the sender's ``SET MAP`` format.
"""

from __future__ import annotations

from judge.commands import takeover
from judge.commands.anyone import peek
from judge.commands.session import Refused, Session
from judge.reading.language import Command
from judge.render import OBSERVER, render
from judge.render.helpfiles import SeatLine, WhoGameContext, render_whogame
from judge.render.picture import opening_picture
from judge.store import Attachment, Game
from judge.turns.gameview import power_title, seated_powers, state_of, variant_of
from judge.turns.mapmail import DEFAULT_FORMAT, map_format
from judge.turns.pictures import PictureError, stored_phase_picture

_GONE = {"resigned": "vacant: its player resigned", "ejected": "vacant: its player was removed by the GM",
         "dummy": "in civil disorder"}


def _game_named(s: Session, cmd: Command, usage: str) -> Game:
    """The game the command names, else the one signed on to in this mail."""
    name = cmd.args["game"] or s.game
    if name is None:
        raise Refused(f"{usage.split()[0]} needs a game's name: {usage} (alone, after a SIGNON, it is that game's)")
    return peek(s, name)


def _seat_state(game: Game, power: str) -> str:
    player = game.player(power)
    if game.status == "forming":
        return "asked for (JOIN ... AS)" if player is not None else "open: given out when the game starts"
    if player is None:
        return f"vacant: no player (JOIN {game.name} password AS {power_title(game, power)} asks for it)"
    return _GONE.get(player.status, "played")


def do_whogame(s: Session, cmd: Command) -> str:
    """WHOGAME [game] [FULL]: each power's seat; FULL adds the observers and the requests waiting."""
    game = _game_named(s, cmd, "WHOGAME game [FULL]")
    variant = variant_of(game)
    seats = [SeatLine(power_title(game, p), _seat_state(game, p)) for p in seated_powers(variant)]
    ctx = WhoGameContext(s.judge.name, game.name, variant.name.title(), game.status, seats, cmd.args["full"],
                         len(game.observers), len(takeover.waiting(game)))
    rendered = render_whogame(ctx)
    s.reply_to_sender(rendered.subject, rendered.body, html=rendered.html)
    return f"who plays '{game.name}' is in a separate mail (without addresses: they are secret here)"


def _reader_format(s: Session, game: Game) -> str:
    """The format the sender chose with SET MAP in this game (as its GM or for his power), else PNG."""
    if s.game == game.name and s.role in ("player", "gm"):
        return map_format(game, s.power if s.role == "player" and s.power else "GM")
    seat = next((p for p in game.players if p.address.lower() == s.mail.sender.lower() and p.power), None)
    return map_format(game, seat.power) if seat is not None and seat.power else DEFAULT_FORMAT


def _picture(s: Session, game: Game, fmt: str) -> tuple[Attachment, str]:
    """The board as it stands and the phase it follows: the last result's picture, or the opening."""
    played = s.store.phase_names(game.name)
    try:
        if played:
            return stored_phase_picture(s.store, s.judge.name, game.name, played[-1], OBSERVER, fmt), played[-1]
    except PictureError as exc:
        raise Refused(f"no picture of '{game.name}': {exc}") from None
    variant = variant_of(game)
    state = state_of(game, variant)
    picture = opening_picture(variant, game.name, state, fmt) if state is not None else None
    if picture is None:
        raise Refused(f"no picture of '{game.name}': its variant's map has no geometry to draw on")
    return picture, ""


def do_map(s: Session, cmd: Command) -> str:
    """MAP [game] [n]: the game's board as a picture, by mail (njudge's ``n``, plain PostScript, means nothing
    here: the picture is PNG or SVG)."""
    option = cmd.args["option"]
    if option is not None and option.lower() != "n":
        raise Refused(f"'{option}' means nothing after MAP game: write MAP game")
    game = _game_named(s, cmd, "MAP game")
    if game.status == "forming":
        raise Refused(f"'{game.name}' has not started: its board is drawn once it does")
    chosen = _reader_format(s, game)
    fmt = chosen if chosen != "NONE" else DEFAULT_FORMAT
    picture, phase = _picture(s, game, fmt)
    rendered = render("map_mail.j2", judge=s.judge.name, game=game.name, phase=phase, fmt=fmt,
                      none=chosen == "NONE")
    s.reply_to_sender(rendered.subject, rendered.body, [picture], html=rendered.html)
    return f"the map of '{game.name}' is in a separate mail ({fmt})"
