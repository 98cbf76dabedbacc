"""``judge status``: the judge at a glance, for its operator (``--json`` for scripts).

Every game (variant, state, phase, deadline in the judge's zone, the powers
whose orders are not all in, the GM's address), the last poll and the last
one that did something (``state/last_poll.json``, kept by every poll), the
mail waiting to be sent per outbox with the oldest, and what is set aside in
``quarantine/``.  It only reads: no lock, no write, not even a data folder
made where there is none.  It shows no password and no player's address (the
GM's address is the operator's business; players' are not), so its output
may be pasted into a bug report.  The JSON schema is in docs/operator.md.
"""

from __future__ import annotations

import argparse
import json
import sys
from datetime import datetime
from typing import Any
from zoneinfo import ZoneInfo

from judge.app.config import ConfigError, JudgeConfig, config_path, load_config
from judge.store import Game, OutgoingMail, Store, StoreError, from_iso

SCHEMA = 1
OVERDUE_MINUTES = 10  # cron polls every minute: this long without a poll is worth a word
JSONDict = dict[str, Any]
UNREADABLE = (StoreError, OSError, ValueError)  # what a file the judge cannot read raises: status lists it and goes on


def unreadable(exc: BaseException) -> str:
    """Why a file cannot be read, in one line (``PermissionError: [Errno 13] Permission denied: '…'``)."""
    text = " ".join(str(exc).split())
    return text if isinstance(exc, StoreError) else f"{type(exc).__name__}: {text}"[:300]


def run_status(args: argparse.Namespace) -> int:
    """``judge status [--json]``: 0, or 2 if the configuration cannot be read."""
    try:
        config = load_config(config_path(args.config))
    except ConfigError as exc:
        print(f"judge status: {exc}", file=sys.stderr)
        return 2
    data = collect_status(config)
    if args.json:
        json.dump(data, sys.stdout, indent=1, ensure_ascii=False)
        sys.stdout.write("\n")
    else:
        sys.stdout.write(status_text(data))
    return 0


class Zone:
    """Times as the operator reads them: in the judge's zone (``[judge] timezone``)."""

    def __init__(self, name: str) -> None:
        self.name, self.zone = name, ZoneInfo(name)

    def iso(self, moment: datetime | None) -> str | None:
        return None if moment is None else moment.astimezone(self.zone).isoformat(timespec="seconds")

    def shown(self, iso: str | None) -> str:
        """An ISO time of the JSON, as a line of text says it."""
        return "-" if iso is None else from_iso(iso).astimezone(self.zone).strftime("%a %d %b %Y %H:%M %Z")


def collect_status(config: JudgeConfig) -> JSONDict:
    """The status as the JSON ``--json`` prints (schema 1, docs/operator.md)."""
    zone, now = Zone(config.timezone), config.clock().now()
    data: JSONDict = {"schema": SCHEMA, "judge": config.name, "address": config.mail.address,
                      "data_dir": str(config.data_dir), "timezone": config.timezone, "now": zone.iso(now),
                      "test_clock": None if config.clock_file is None else str(config.clock_file),
                      "last_poll": None, "last_active_poll": None, "minutes_since_last_poll": None, "games": [],
                      "outgoing": {"total": 0, "oldest": None, "outboxes": []},
                      "quarantine": {"mail": 0, "outgoing": 0, "games": 0}}
    if not config.data_dir.is_dir():  # no poll yet: nothing to show, and nothing made
        return data
    store = Store(config.data_dir, clock=config.clock())
    _polls(data, store, zone, now)
    games = []
    for name in store.game_names():
        row, game = game_row(store, name, zone, now)
        data["games"].append(row)
        if game is not None:
            games.append(game)
    data["outgoing"] = outgoing_mail(store, games, zone)
    try:
        data["quarantine"] = {kind: len([p for p in store.quarantine.entries(kind) if p.suffix != ".txt"])
                              for kind in ("mail", "outgoing", "games")}
    except OSError:
        pass  # a quarantine/ the judge cannot list: the counts stay 0, the rest of the status stands
    return data


def _polls(data: JSONDict, store: Store, zone: Zone, now: datetime) -> None:
    try:
        record = store.last_poll() or {}
    except UNREADABLE:
        record = {}
    for key, field in (("last", "last_poll"), ("last_active", "last_active_poll")):
        poll = record.get(key)
        if isinstance(poll, dict):
            started = poll.get("started")
            data[field] = {**poll, "started": zone.iso(from_iso(started)) if started else None}
    started = (data["last_poll"] or {}).get("started")
    if started:
        data["minutes_since_last_poll"] = round((now - from_iso(started)).total_seconds() / 60, 1)


def game_row(store: Store, name: str, zone: Zone, now: datetime) -> tuple[JSONDict, Game | None]:
    """One game as the status shows it (and the game, None if it cannot be read)."""
    row: JSONDict = {"name": name, "variant": None, "status": None, "paused_because": None, "phase": None,
                     "deadline": None, "grace_end": None, "owing": [], "late": [], "gm": None, "players": 0,
                     "error": None}
    try:
        game = store.load_game(name)
    except UNREADABLE as exc:  # a file of another user, a folder in its place, a corrupt one: a fact to show
        row["error"] = unreadable(exc)
        return row, None
    grace = game.grace_end if game.grace_end and game.deadline and game.grace_end > game.deadline else None
    row.update(variant=game.variant, status=game.status, paused_because=_paused_because(game),
               phase=game.state.get("phase") if game.state else None, gm=game.gm_address,
               deadline=zone.iso(game.deadline), grace_end=zone.iso(grace),
               players=len([p for p in game.players if p.status == "active"]))
    if game.status == "active" and game.state:
        try:
            row["owing"] = owing(game)
        except Exception as exc:  # noqa: BLE001 -- a game the judge cannot read is a fact to show
            row["error"] = f"{type(exc).__name__}: {' '.join(str(exc).split())}"[:200]
        if game.deadline is not None and now >= game.deadline:
            row["late"] = list(row["owing"])
    return row, game


def owing(game: Game) -> list[str]:
    """The powers whose orders for this phase are not all in (as the tick counts them)."""
    from judge.turns.gameview import state_of, variant_of
    from judge.turns.playing import late_powers

    variant = variant_of(game)
    state = state_of(game, variant)
    return [] if state is None else late_powers(game, variant, state)


def _paused_because(game: Game) -> str | None:
    if game.status != "paused":
        return None
    if game.extra.get("fault"):
        return f"the judge failed on it ({game.extra['fault']})"
    if game.extra.get("unattended") == "paused":
        return "no power has an active player"
    return "its GM paused it"


def outgoing_mail(store: Store, games: list[Game], zone: Zone) -> JSONDict:
    """The mail waiting to be sent: per outbox (``outbox.json``, then each game), the count and the oldest."""
    try:
        outboxes: list[tuple[str, list[OutgoingMail]]] = [("outbox.json", store.global_mail())]
    except UNREADABLE:
        outboxes = []
    outboxes += [(game.name, game.outbox) for game in games]
    rows = []
    for name, mails in outboxes:
        if not mails:
            continue
        stamped = [m.queued for m in mails if m.queued is not None]
        rows.append({"outbox": name, "count": len(mails), "oldest": zone.iso(min(stamped)) if stamped else None,
                     "most_tries": max(m.tries for m in mails)})
    oldest = [row["oldest"] for row in rows if row["oldest"]]
    return {"total": sum(row["count"] for row in rows),
            "oldest": min(oldest, key=lambda iso: from_iso(iso)) if oldest else None, "outboxes": rows}


def status_text(data: JSONDict) -> str:
    """The status as text, from the same data as the JSON (``templates/operator/status.j2``)."""
    from judge.render import environment

    zone = Zone(data["timezone"])
    widths = {key: max([len(key), *(len(str(row[key] or "-")) for row in data["games"])])
              for key in ("name", "variant", "status", "phase")}
    return environment().get_template("operator/status.j2").render(
        **data, when=zone.shown, widths=widths, overdue=OVERDUE_MINUTES)
