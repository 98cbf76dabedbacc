"""Who reads a game's mail, and queueing a notice to them in the game's own outbox.

Mail about a game is queued in that game's file (``game.queue_mail``) so it
is saved in the same write as the change it announces: the notice of a new
deadline exists exactly when the new deadline does.

A seated player reads every mail of his game, whether he plays his power or
it fell into civil disorder at a deadline (he is still seated and may take it
back); a player who resigned or was ejected, or whose power the GM put into
civil disorder (``DUMMY``), has left his seat.  One address may hold several
roles in a game (the GM and a power, two powers): :func:`by_address` gathers
them so that it gets one mail for them all.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime

from judge.render import GM, OBSERVER, NoticeContext, Rendered, render_notice
from judge.render.secrecy import Viewer
from judge.store import Attachment, Game, OutgoingMail, Player

GENERATED = "auto-generated"


@dataclass(frozen=True)
class Reader:
    """One recipient: ``viewer`` is a power, ``"GM"`` or ``"OBSERVER"``; ``zone`` their own, if set."""

    address: str
    viewer: str
    zone: str | None = None


def gm_zone(game: Game) -> str | None:
    zone = game.extra.get("gm_zone")
    return str(zone) if zone else None


def own_zone(game: Game, role: str | None, power: str | None) -> str | None:
    """The zone a signed-on sender set for himself (``SET ZONE``): the GM's, or the player's; None if none."""
    if role == "gm":
        return gm_zone(game)
    player = game.player(power) if role == "player" and power else None
    return player.zone if player is not None else None


@dataclass(frozen=True)
class Addressee:
    """One address and every role it reads a game's mail in (``viewers``: powers, ``"GM"``, ``"OBSERVER"``)."""

    address: str
    viewers: tuple[str, ...]
    zone: str | None = None

    @property
    def viewer(self) -> Viewer:
        """What its one mail may show: the GM's view if it is the GM, else what any of its roles may see."""
        if GM in self.viewers:
            return GM
        return self.viewers[0] if len(self.viewers) == 1 else frozenset(self.viewers)

    @property
    def main(self) -> Reader:
        """The role whose choices (SET MAP) its mail follows: the GM's, else its first."""
        return Reader(self.address, GM if GM in self.viewers else self.viewers[0], self.zone)


def by_address(found: Iterable[Reader]) -> list[Addressee]:
    """``found`` gathered by address (case aside), in the order each address first comes; its first zone set."""
    gathered: dict[str, list[Reader]] = {}
    for reader in found:
        gathered.setdefault(reader.address.lower(), []).append(reader)
    return [Addressee(rs[0].address, tuple(dict.fromkeys(r.viewer for r in rs)),
                      next((r.zone for r in rs if r.zone), None)) for rs in gathered.values()]


def seated(player: Player) -> bool:
    """A player still in his seat: playing his power, or in the civil disorder a deadline put it in."""
    return bool(player.address and player.power) and player.status in ("active", "dummy")


def player_readers(game: Game, powers: Iterable[str] | None = None) -> list[Reader]:
    """Seated players (of ``powers`` if given): active, or in civil disorder since a deadline."""
    wanted = None if powers is None else {p.upper() for p in powers}
    return [Reader(p.address, p.power, p.zone) for p in game.players
            if seated(p) and (wanted is None or p.power in wanted)]


def gm_reader(game: Game) -> Reader:
    return Reader(game.gm_address, GM, gm_zone(game))


def readers(game: Game, *, players: bool = True, observers: bool = True, gm: bool = True) -> list[Reader]:
    """Everyone who follows the game: players, observers, the GM (in that order)."""
    found: list[Reader] = []
    if players:
        found += player_readers(game)
        if game.status == "forming":  # no powers yet: every player who joined
            found += [Reader(p.address, OBSERVER, p.zone) for p in game.players if p.address and not p.power]
    if observers:
        found += [Reader(o.address, OBSERVER) for o in game.observers]
    if gm:
        found.append(gm_reader(game))
    return found


def mail_format(game: Game, viewer: str) -> str:
    """What ``viewer`` (a power or ``GM``) chose with SET FORMAT: ``text`` or ``html``; "" for the judge's default."""
    chosen = game.extra.get("mail_format")
    value = chosen.get(viewer) if isinstance(chosen, dict) else None
    return value if value in ("text", "html") else ""


def set_mail_format(game: Game, viewer: str, fmt: str) -> None:
    chosen = game.extra.get("mail_format")
    if not isinstance(chosen, dict):
        chosen = game.extra["mail_format"] = {}
    chosen[viewer] = fmt


def queue(game: Game, reader: Reader, rendered: Rendered, *, key: str | None = None,
          in_reply_to: str | None = None, references: tuple[str, ...] = (), auto: str = GENERATED,
          attachments: list[Attachment] | None = None, others_words: bool = False) -> None:
    """``rendered`` to ``reader`` in the game's outbox, in the format his seat chose (SET FORMAT)."""
    game.queue_mail(OutgoingMail([reader.address], rendered.subject, rendered.body, in_reply_to=in_reply_to,
                                 auto_submitted=auto, key=key, references=list(references),
                                 attachments=list(attachments or []), others_words=others_words,
                                 html=rendered.html, format=mail_format(game, reader.viewer)))


def notify(game: Game, judge: str, title: str, lines: list[str], *, deadline: datetime | None = None,
           to: list[Reader] | None = None, replacing: str | None = None) -> None:
    """A short notice (``templates/notice.j2``) to ``to``, by default everyone following the game; once an address.

    With ``replacing`` (a key), the notice replaces the one queued with that key and not yet sent: lines that
    repeat an effect (a mail's SET ABSENCE lines) send one notice, saying where the effect ended, not one each.
    """
    if replacing is not None:
        game.outbox = [mail for mail in game.outbox if not (mail.key or "").startswith(f"{replacing}:")]
    for each in by_address(readers(game) if to is None else to):
        ctx = NoticeContext(judge, game.name, title, lines, deadline, game.zone)
        key = None if replacing is None else f"{replacing}:{each.main.address.lower()}"
        queue(game, each.main, render_notice(ctx, each.zone), key=key)
