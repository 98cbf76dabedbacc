"""njudge's press rules of a game (``data/press``, ``data/index``), kept in ``Settings.extra``, and their checks.

A game's flags: partial press allowed or not (NO PARTIAL), fake press (NO FAKE,
PARTIAL MAY BE FAKED, PARTIAL FAKES BROADCAST [BY DEFAULT]), what observers
may send (OBSERVER ANY|WHITE|NO), press in retreats and adjustments
(MINORPRESS), press from late players (LATEPRESS), observers' right to copies
of partial press (WATCH ALLPRESS) and postal press (POSTAL PRESS).  The GM's
own: broadcasts received or not (BROADCAST PRESS) and copies of all partial
press (ALL PRESS / NORMAL PRESS).  Press to the GM alone, and the GM's own
press, are always allowed (njudge: "Press to the Master only is always allowed").
"""

from __future__ import annotations

from datetime import datetime

from judge.commands.session import Handle, Refused, Session
from judge.engine.state import Phase
from judge.reading.language import Command
from judge.render import GM
from judge.store import Game
from judge.turns.gameview import due, orders_complete, state_of, variant_of

__all__ = ["copies_partial", "do_set_pressflags", "flags", "press_refusal", "settings_lines", "wants_broadcasts",
           "watchers"]

_GAME = "pressflags"      # Settings.extra: the game's flags that differ from njudge's defaults
_OWN = "press_readers"    # Settings.extra: reader ("GM") -> his own flags (broadcast, allpress)
#: njudge's defaults: "White, Partial Allowed, No Fake, No PostalPress"; observers as players; minor-phase and
#: late press allowed; observers see no partial press
DEFAULTS = {"partial": "yes", "fake": "no", "observer": "any", "minor": "yes", "late": "yes", "watch": "no",
            "postal": "no"}
_OWN_DEFAULTS = {"broadcast": "yes", "allpress": "no"}
_SAID = {
    "press": {"none": "no press but to and from the GM", "white": "white press (the sender named)",
              "grey": "grey press allowed (PRESS GREY, BROADCAST GREY)"},
    "partial": {"yes": "press to some powers allowed", "no": "no partial press: broadcasts and press to the GM only"},
    "fake": {"no": "no fake press", "may": "partial press may be faked (PRESS TO x FAKE BROADCAST, FAKE TO y)",
             "default": "partial press is shown as a broadcast unless sent NOFAKE",
             "all": "all press is shown as a broadcast to everyone"},
    "observer": {"any": "observers may send press as players do", "white": "observers may send white press only",
                 "none": "observers may send press to the GM only"},
    "minor": {"yes": "press allowed in retreat and adjustment phases", "no": "no press in retreat and adjustment "
              "phases but to the GM"},
    "late": {"yes": "late players may send press", "no": "late players may send press to the GM only"},
    "watch": {"yes": "observers may ask for copies of partial press", "no": "observers see no partial press"},
    "postal": {"yes": "postal press allowed (POSTALPRESS: sent with the phase's results)", "no": "no postal press"},
    "broadcast": {"yes": "you receive the broadcasts", "no": "you receive no broadcasts"},
    "allpress": {"yes": "you receive a copy of all partial press", "no": "you receive only press sent to you"},
}
_LIST_NAMES = {"partial": "Partial press", "fake": "Fake press", "observer": "Observer press",
               "minor": "Press in retreats and builds", "late": "Press from late players",
               "watch": "Observers see partial press", "postal": "Postal press"}


def flags(game: Game) -> dict[str, str]:
    """The game's press flags, njudge's defaults where the GM set none."""
    return {**DEFAULTS, **game.settings.extra.get(_GAME, {})}


def _own(game: Game, who: str) -> dict[str, str]:
    return {**_OWN_DEFAULTS, **game.settings.extra.get(_OWN, {}).get(who, {})}


def wants_broadcasts(game: Game, who: str = GM) -> bool:
    """Whether the GM, or an observer by his address, receives broadcasts (SET [NO] BROADCAST PRESS)."""
    return _own(game, who.lower() if who != GM else GM)["broadcast"] == "yes"


def copies_partial(game: Game, who: str = GM) -> bool:
    """Whether the GM asked for a copy of all partial press (SET ALL PRESS)."""
    return _own(game, who)["allpress"] == "yes"


def do_set_pressflags(s: Session, cmd: Command) -> str:
    """SET PRESSFLAGS key=value …: njudge's SET PARTIAL, NO FAKE, OBSERVER …, MINORPRESS … (the GM's)."""
    handle = _handle(s)
    game, said = handle.game, []
    if s.role == "observer":
        return _observer_sets(s, game, cmd.args["flags"])
    for key, value in cmd.args["flags"].items():
        if key == "press":
            game.settings.press = value
        elif key in _OWN_DEFAULTS:
            game.settings.extra.setdefault(_OWN, {}).setdefault(GM, {})[key] = value
        else:
            game.settings.extra.setdefault(_GAME, {})[key] = value
        said.append(_SAID[key][value])
    public = [_SAID[k][v] for k, v in cmd.args["flags"].items() if k not in _OWN_DEFAULTS]
    if public and game.status != "forming":
        s.announce(game.name, f"Press in {game.name}: " + "; ".join(public))
    late = " (njudge sets MINORPRESS before the start only; here the GM may change it)" \
        if "minor" in cmd.args["flags"] and game.status != "forming" else ""
    return "; ".join(said) + late


def _observer_sets(s: Session, game: Game, wanted: dict[str, str]) -> str:
    """An observer's own flags: broadcasts received or not, and (where the GM SET WATCH ALLPRESS) partial press."""
    who = s.mail.sender.lower()
    if not s.observer_proved:   # proved: his address observes the game and his password matched
        raise Refused(f"an observer's own settings need his observer password (OBSERVE {game.name} <password>), "
                      f"as an address that observes '{game.name}' (CONFIRM {game.name} token)")
    if set(wanted) - set(_OWN_DEFAULTS):
        raise Refused("an observer sets only his own BROADCAST PRESS and ALL PRESS; the game's press is the GM's")
    if wanted.get("allpress") == "yes" and flags(game)["watch"] != "yes":
        raise Refused(f"'{game.name}' shows observers no partial press (the GM may SET WATCH ALLPRESS)")
    game.settings.extra.setdefault(_OWN, {}).setdefault(who, {}).update(wanted)
    return "; ".join(_SAID[key][value] for key, value in wanted.items())


def watchers(game: Game) -> list[str]:
    """The addresses of the observers who asked for partial press (SET ALL PRESS), while SET WATCH ALLPRESS."""
    if flags(game)["watch"] != "yes":
        return []
    return [o.address for o in game.observers if _own(game, o.address.lower())["allpress"] == "yes"]


def _handle(s: Session) -> Handle:
    handle = s.current()
    if handle is None:
        raise Refused("sign on first")
    return handle


def press_refusal(game: Game, s: Session, phase: Phase, *, partial: bool, to_gm_only: bool, grey: bool,
                  faked: bool) -> str:
    """Why the game's press flags refuse this press ("" if they allow it); the GM and press to him alone pass."""
    if s.role == "gm" or (to_gm_only and not faked):
        return ""
    f = flags(game)
    if faked and to_gm_only:
        return "press to the GM is never faked (as in njudge): send it without FAKE"
    if s.role == "observer" and f["observer"] == "none":
        return f"observers of '{game.name}' may send press to the GM only (SET OBSERVER NO PRESS)"
    if s.role == "observer" and grey and f["observer"] == "white":
        return f"observers of '{game.name}' may send white press only (SET OBSERVER WHITE): leave out GREY"
    if partial and f["partial"] == "no":
        return (f"'{game.name}' allows no partial press (njudge's NO PARTIAL): BROADCAST, or press to the GM "
                "alone (PRESS TO M)")
    if faked and f["fake"] == "no":
        return f"'{game.name}' allows no fake press (njudge's NO FAKE): send it without FAKE"
    if phase.kind != "M" and f["minor"] == "no":
        return (f"'{game.name}' has no press in retreat and adjustment phases (njudge's NOMINORPRESS): only "
                "press to the GM now")
    if f["late"] == "no" and s.power and _late(game, s.power, s.judge.now()):
        return (f"your orders are late and '{game.name}' has no press from late players (njudge's NOLATEPRESS): "
                "send your orders, or press to the GM alone")
    return ""


def _late(game: Game, power: str, now: datetime) -> bool:
    """njudge's late player: the deadline has passed and his orders are not all in."""
    variant = variant_of(game)
    state = state_of(game, variant)
    if state is None or game.deadline is None or now < game.deadline:
        return False
    return due(variant, state, power).any and not orders_complete(variant, state, power, game.orders.get(power, []))


def settings_lines(game: Game) -> list[tuple[str, str]]:
    """The press flags for LIST game (STATUS): njudge shows them in LIST."""
    f = flags(game)
    return [(name, _SAID[key][f[key]]) for key, name in _LIST_NAMES.items()]
