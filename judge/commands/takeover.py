"""Requests to take over a vacant power (``JOIN game password AS power`` under ``SET TAKEOVER approve``).

Each distinct request is kept, numbered in the game, and never replaced by a
later one: a mail's From can be forged, so a second request for the same power
(even from the same address, with another password) may be someone else's.
The GM hears of each, with its address and time (never its password), and his
``APPROVE power [number]`` names the request he hands the power to; while
several wait, ``APPROVE power`` alone is refused naming them all (issue 31).
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from judge.commands.session import Handle, Refused, Session
from judge.render import RequestNoticeContext, TakeoverRequest, render_request_notice
from judge.store import Game, check_password
from judge.turns.gameview import power_title
from judge.turns.notify import Reader, gm_reader, notify, queue

#: the most requests that may wait for one power: past them a JOIN … AS is refused (the GM is not flooded)
MAX_REQUESTS = 5

Request = dict[str, Any]


def waiting(game: Game, power: str | None = None) -> list[Request]:
    """The requests waiting (for ``power``, or for every power), oldest first.

    A game stored before issue 31 kept one request per power
    (``{"address", "password_hash"}``); it becomes a numbered request here.
    """
    table = game.extra.get("takeovers", {})
    for name, kept in list(table.items()):
        if isinstance(kept, dict):
            table[name] = [{**kept, "id": _next_id(game), "at": None, "mail": ""}]
    if power is not None:
        return list(table.get(power, []))
    return [r for name in sorted(table) for r in table[name]]


def _next_id(game: Game) -> int:
    game.extra["takeover_ids"] = number = int(game.extra.get("takeover_ids", 0)) + 1
    return number


def ask(s: Session, game: Game, power: str, password: str) -> tuple[Request, bool]:
    """The sender's request for ``power``: the one he already made with this password, or a new one (True)."""
    mine = waiting(game, power)
    for request in mine:
        if request["address"].lower() == s.mail.sender.lower() and check_password(password, request["password_hash"]):
            return request, False
    if len(mine) >= MAX_REQUESTS:
        raise Refused(f"{MAX_REQUESTS} requests for {power_title(game, power)} already wait for the GM of "
                      f"'{game.name}': ask again once he has answered them")
    request = {"id": _next_id(game), "address": s.mail.sender, "password_hash": s.judge.hash(password),
               "at": s.judge.now().isoformat(), "mail": s.mail.message_id}
    game.extra.setdefault("takeovers", {}).setdefault(power, []).append(request)
    return request, True


def choose(game: Game, power: str, number: int | None) -> Request:
    """The request ``APPROVE power [number]`` names; refused, naming every request, while it is not plain."""
    mine = waiting(game, power)
    if not mine:
        raise Refused(f"nobody asked to take over {power_title(game, power)}")
    if number is not None:
        found = next((r for r in mine if r["id"] == number), None)
        if found is None:
            raise Refused(f"no request {number} waits for {power_title(game, power)}: {_listed(mine)}")
        return found
    if len(mine) > 1:
        raise Refused(f"{len(mine)} different requests wait for {power_title(game, power)}: {_listed(mine)}; write "
                      f"APPROVE {power_title(game, power)} <number> for the one you mean")
    return mine[0]


def _listed(requests: list[Request]) -> str:
    return "; ".join(f"request {r['id']} from {r['address']} ({_when(r)})" for r in requests)


def _when(request: Request) -> str:
    moment = _moment(request)
    return f"{moment:%Y-%m-%d %H:%M} UTC" if moment is not None else "time unknown"


def _moment(request: Request) -> datetime | None:
    return datetime.fromisoformat(request["at"]) if request.get("at") else None


def close(s: Session, game: Game, power: str, granted: Request | None = None) -> None:
    """``power`` has a player: its requests are closed, and each other asker is told his was not approved."""
    others = [r for r in waiting(game, power) if granted is None or r["id"] != granted["id"]]
    game.extra.get("takeovers", {}).pop(power, None)
    if not game.extra.get("takeovers", True):
        game.extra.pop("takeovers")
    told: set[str] = set()
    for request in others:
        if request["address"].lower() in told:
            continue
        told.add(request["address"].lower())
        numbers = " and ".join(str(r["id"]) for r in others if r["address"].lower() == request["address"].lower())
        notify(game, s.judge.name, f"{power_title(game, power)} in {game.name}: your request was not approved",
               [f"{power_title(game, power)} in '{game.name}' now has a player: the request to play it made from this "
                f"address (request {numbers}) is closed."], to=[Reader(request["address"], power, None)])


def tell_gm_of_requests(s: Session, handle: Handle) -> None:
    """The requests this mail made, in one notice to the GM, with every request waiting for the same powers."""
    game = handle.game
    every = waiting(game)
    new = [r for r in every if r.get("mail") == s.mail.message_id]
    if not new:
        return
    table = game.extra.get("takeovers", {})
    power_of = {r["id"]: power for power, kept in table.items() for r in kept}

    def shown(r: Request) -> TakeoverRequest:
        return TakeoverRequest(r["id"], power_title(game, power_of[r["id"]]), r["address"], _moment(r))

    ctx = RequestNoticeContext(s.judge.name, game.name, [shown(r) for r in new], [shown(r) for r in every])
    queue(game, gm_reader(game), render_request_notice(ctx), key=f"requests:{s.mail.message_id}")
