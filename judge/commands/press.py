"""PRESS and BROADCAST: press to some powers or to all, white or grey, and njudge's fake press.

Who may send what is the game's press kind (SET PRESS) and its njudge flags
(judge/commands/pressflags.py).  A fake press (``PRESS TO ALL BUT G FAKE
BROADCAST``, ``BROADCAST FAKE TO FRG``) goes to its real recipients with a
header naming others; only the GM ever learns who it really went to and who
sent it (a copy, as with ``SET ALL PRESS``).  The GM's own press is never faked.
"""

from __future__ import annotations

from typing import Any

from judge.commands.observerpress import hold
from judge.commands.pressflags import copies_partial, flags, press_refusal, wants_broadcasts, watchers
from judge.commands.session import Handle, Refused, Session, refuse_unless_playing
from judge.engine.geography import GM_LETTER, Map
from judge.engine.state import Phase
from judge.reading.language import Command
from judge.reading.suggest import unknown_power
from judge.render import GM, OBSERVER, PressContext, PressCopyContext, render_press, render_press_copy
from judge.store import Game
from judge.turns.notify import Reader, gm_reader, player_readers, queue, readers

__all__ = ["do_broadcast", "do_press", "send_held"]


def _current(s: Session) -> Handle:
    handle = s.current()
    assert handle is not None  # the dispatcher checked the sign-on
    return handle


def _sender(s: Session) -> str:
    """Who press comes from: the credential the mail signed on with (the GM stays the GM after BECOME)."""
    if s.role == "observer":
        return OBSERVER
    return GM if s.role == "gm" else (s.power or GM)


def _press_phase(handle: Handle) -> Phase:
    refuse_unless_playing(handle)
    assert handle.state is not None
    return handle.state.phase


def _check_kind(game: Game, grey: bool, s: Session, only_gm: bool) -> None:
    if game.settings.press == "none" and s.role != "gm" and not only_gm:
        raise Refused(f"'{game.name}' has no press: only press to the GM is allowed")
    if grey and game.settings.press != "grey":
        raise Refused(f"'{game.name}' does not allow grey press (the GM may SET PRESS grey)")


def _shown(board: Map, game: Game, s: Session, fake: dict[str, Any] | None,
           powers: list[str]) -> tuple[list[str], bool, bool]:
    """Who the header names, whether it reads as a broadcast, and whether the sender asked for a fake.

    ``FAKE TO`` its own recipients is njudge's NOFAKE (not faked); a game set PARTIAL FAKES BROADCAST shows
    press to powers as a broadcast by itself (BY DEFAULT: unless sent NOFAKE)."""
    if fake is not None and not fake["broadcast"]:
        shown = _press_powers(board, tuple(fake["to"]), game.name, fake["all_but"])
        shown = [p for p in board.powers if p not in shown] if fake["all_but"] else shown
        if set(shown) == set(powers):
            return powers, False, False
        return shown, False, True
    if fake is not None:
        return [], True, True
    automatic = flags(game)["fake"] in ("default", "all") and s.role != "gm" and GM not in powers
    return ([], True, False) if automatic else (powers, False, False)


def _speaking(s: Session, cmd: Command) -> tuple[Handle, Phase, str]:
    """The game press goes to and its phase; and, for an observer who has not proved his password in this mail
    (his From may be forged), the reply saying his press is held for his CONFIRM ("" for everyone else)."""
    handle = _current(s)
    phase = _press_phase(handle)
    held = hold(s, handle.game, cmd) if s.role == "observer" and not s.observer_proved else ""
    return handle, phase, held


def do_press(s: Session, cmd: Command) -> str:
    handle, phase, held = _speaking(s, cmd)
    if held:
        return held
    game, board = handle.game, handle.variant.map
    all_but = bool(cmd.args.get("all_but"))
    powers = _press_powers(board, cmd.args["to"], game.name, all_but)
    if all_but:
        powers = [p for p in board.powers if p not in powers]
    only_gm = all(p == GM for p in powers)
    _check_kind(game, cmd.args["grey"], s, only_gm)
    shown, as_broadcast, faked = _shown(board, game, s, cmd.args.get("fake"), powers)
    if faked and s.role == "gm":
        raise Refused("the GM's press is never faked: send it without FAKE")
    refusal = press_refusal(game, s, phase, partial=not only_gm, to_gm_only=GM in powers and faked or only_gm,
                            grey=cmd.args["grey"], faked=faked)
    if refusal:
        raise Refused(refusal)
    to = [gm_reader(game) if p == GM else None for p in powers]
    targets = [r for r in to if r is not None] + player_readers(game, [p for p in powers if p != GM])
    targets += [Reader(a, OBSERVER) for a in watchers(game)]   # as its readers see it (SET WATCH ALLPRESS)
    vacant = [p for p in powers if p != GM and not player_readers(game, [p])]
    sender = None if cmd.args["grey"] else _sender(s)
    named = ["MASTER" if p == GM else p for p in shown]
    _deliver(game, s, targets, PressContext(s.judge.name, game.name, phase, cmd.args["body"], sender, named,
                                            broadcast=as_broadcast, board=board))
    real = ["MASTER" if p == GM else p for p in powers]
    if GM not in powers and s.role != "gm" and (faked or as_broadcast or copies_partial(game)):
        _copy_to_gm(game, s, phase, cmd.args["body"], real, named, as_broadcast, board)
    note = "press sent to " + ", ".join("Master" if p == "MASTER" else board.power_title(p) for p in real
                                        if p not in vacant)
    note += f"; shown as {_shown_words(named, as_broadcast, board)}" if faked or as_broadcast else ""
    vacant = [board.power_title(p) for p in vacant]
    return note + (f"; nobody plays {', '.join(vacant)}" if vacant else "")


def _shown_words(named: list[str], as_broadcast: bool, board: Map) -> str:
    if as_broadcast:
        return "a broadcast"
    return "sent to " + ", ".join("Master" if p == "MASTER" else board.power_title(p) for p in named)


def _press_powers(board: Map, names: tuple[str, ...], game: str, all_but: bool) -> list[str]:
    """The powers a press goes to: each name a power, or njudge's initials run together (``EG``, ``FRG``;
    ``M`` the Master unless the map letters a power M; ``O`` the observers, who get no press but broadcasts,
    so only after ALL BUT)."""
    powers: list[str] = []
    for name in names:
        found = [GM] if name == "GM" else [_named(board, name)]
        if found[0] is None and name.upper() == "O" and all_but:
            continue
        if found[0] is None and name.isalpha() and len(name) > 1:
            letters = [c for c in name if not (all_but and c.upper() == "O")]
            found = [_named(board, letter) for letter in letters]
            if None in found:
                raise Refused(unknown_power(board, name, game) + " (njudge's initials run together, as in EG, "
                              "name one power each)")
        if found[0] is None:
            raise Refused(unknown_power(board, name, game))
        powers.extend(p for p in found if p is not None and p not in powers)
    return powers


def _named(board: Map, name: str) -> str | None:
    """A power by name or letter, or the GM by the letter M where no power of the map takes it."""
    return board.power_named(name) or (GM if name.upper() == GM_LETTER else None)


def do_broadcast(s: Session, cmd: Command) -> str:
    handle, phase, held = _speaking(s, cmd)
    if held:
        return held
    game, board = handle.game, handle.variant.map
    _check_kind(game, cmd.args["grey"], s, False)
    everyone, fake = list(board.powers), cmd.args.get("fake")
    fake = None if fake is not None and fake["broadcast"] else fake   # a broadcast shown as one is no fake
    shown, as_broadcast, faked = _shown(board, game, s, fake, everyone)
    if faked and s.role == "gm":
        raise Refused("the GM's press is never faked: send it without FAKE")
    refusal = press_refusal(game, s, phase, partial=False, to_gm_only=False, grey=cmd.args["grey"], faked=faked)
    if refusal:
        raise Refused(refusal)
    me_address, me = s.mail.sender.lower(), _sender(s)
    targets = [r for r in readers(game) if (r.address.lower() != me_address or r.viewer != me)
               and _receives_broadcasts(game, r)]
    sender = None if cmd.args["grey"] else me
    _deliver(game, s, targets, PressContext(s.judge.name, game.name, phase, cmd.args["body"], sender,
                                            shown if faked else (), broadcast=not faked, board=board))
    if faked and s.role != "gm":
        _copy_to_gm(game, s, phase, cmd.args["body"], ["everyone"], shown, False, board)
    if not faked:   # the public history keeps true broadcasts only: a fake's truth is the GM's
        game.extra.setdefault("press", []).append({"phase": str(phase), "from": sender, "body": cmd.args["body"]})
    note = "broadcast sent to every player, observer and the GM"
    return note + (f"; shown as {_shown_words(shown, False, board)}" if faked else "")


def _receives_broadcasts(game: Game, reader: Reader) -> bool:
    """Players always; the GM and each observer unless he SET NO BROADCAST PRESS."""
    if reader.viewer in (GM, OBSERVER):
        return wants_broadcasts(game, GM if reader.viewer == GM else reader.address)
    return True


def _deliver(game: Game, s: Session, targets: list[Reader], ctx: PressContext) -> None:
    rendered = render_press(ctx)
    seen: set[str] = set()
    for reader in targets:
        if reader.address.lower() not in seen:
            seen.add(reader.address.lower())
            queue(game, reader, rendered, others_words=True)   # a player's words, not the judge's


def _copy_to_gm(game: Game, s: Session, phase: Phase, body: str, real: list[str], named: list[str],
                as_broadcast: bool, board: Map) -> None:
    """The GM's copy of press between others: its true sender and recipients, and how its readers saw it
    (njudge's SET ALL PRESS; a fake or grey press's truth is the GM's alone)."""
    title = {"MASTER": "Master", "everyone": "everyone", OBSERVER: "an observer"}
    rendered = render_press_copy(PressCopyContext(
        s.judge.name, game.name, phase, body, title.get(_sender(s)) or board.power_title(_sender(s)),
        [title.get(p) or board.power_title(p) for p in real],
        "a broadcast" if as_broadcast else ", ".join(title.get(p) or board.power_title(p) for p in named)))
    queue(game, gm_reader(game), rendered, others_words=True)


def send_held(s: Session, handle: Handle, request: dict[str, Any]) -> str:
    """Send the press held with a request now confirmed, as the observer's; what became of each."""
    held = request.get("held", [])
    if not held:
        return ""
    before = (s.game, s.role, s.power, s.seat, s.observer_proved)
    s.sign_on(handle, "observer", None)
    s.observer_proved = True   # the CONFIRM token came back to this address: the press is his
    said = []
    try:
        for item in held:
            cmd = Command(item["kind"], item["args"], item["line"], item["text"])
            try:
                said.append((do_press if cmd.kind == "press" else do_broadcast)(s, cmd))
            except Refused as refusal:
                said.append(f"not sent: {refusal}")
    finally:
        s.game, s.role, s.power, s.seat, s.observer_proved = before
    return "; your held press: " + "; ".join(said)
