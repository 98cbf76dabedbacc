"""The live game: everything a poll needs about one game, kept in one small file.

A :class:`Game` is loaded whole, changed in memory and saved whole (one
atomic write), so the state, the orders, the Message-IDs applied and the mails
queued for a phase are stored together or not at all.  History lives in
another file (:mod:`judge.store.history`), so this one does not grow with
the game's age.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import Any

from judge.store.records import (
    GAME_STATUSES,
    JSON,
    Observer,
    OutgoingMail,
    Player,
    Settings,
    SubmittedOrder,
    Timing,
    _check,
    _opt_iso,
    _opt_time,
)

FORMAT = 1


def _unit_key(unit: str) -> str:
    return " ".join(unit.upper().split())


@dataclass
class Game:
    """A game's record; ``state`` is the engine state as ``state_to_json`` makes it.

    ``applied`` holds the Message-IDs of mails already acted on for this game,
    saved in the same write as their effect: if the poll dies before the
    global seen-set is updated, the mail is still recognised here.
    """

    name: str
    variant: str
    gm_address: str
    gm_password_hash: str
    status: str = "forming"
    zone: str = "UTC"
    settings: Settings = field(default_factory=Settings)
    timing: dict[str, Timing] = field(default_factory=dict)
    deadline: datetime | None = None
    grace_end: datetime | None = None
    state: JSON = field(default_factory=dict)
    extra: JSON = field(default_factory=dict)
    rules: JSON = field(default_factory=dict)   # the GM's rule options for this game (SET RULE)
    players: list[Player] = field(default_factory=list)
    observers: list[Observer] = field(default_factory=list)
    orders: dict[str, list[SubmittedOrder]] = field(default_factory=dict)
    applied: list[str] = field(default_factory=list)
    outbox: list[OutgoingMail] = field(default_factory=list)
    loaded_mail: frozenset[str] = field(default=frozenset(), repr=False, compare=False)

    def __post_init__(self) -> None:
        _check(self.status, GAME_STATUSES, "game status")

    # --- players -----------------------------------------------------------

    def player(self, power: str) -> Player | None:
        """The player of ``power`` (case-insensitive), if any."""
        wanted = power.upper()
        return next((p for p in self.players if p.power and p.power.upper() == wanted), None)

    def players_at(self, address: str) -> list[Player]:
        """Every player using ``address`` (case-insensitive): one person may hold several powers."""
        wanted = address.lower()
        return [p for p in self.players if p.address.lower() == wanted]

    def copy(self) -> Game:
        """A copy that shares nothing a command may change: what a command's checkpoint keeps.

        ``copy.deepcopy`` did the same at five times the cost, and took most of
        a busy poll (a checkpoint is made before every command of every mail).
        Records are copied field by field, JSON values by a walk that knows
        their types, the queued mails and applied ids by list (a command only
        ever appends to them).
        """
        twin = copy.copy(self)
        twin.settings = replace(self.settings, extra=json_copy(self.settings.extra))
        twin.timing = {kind: replace(t) for kind, t in self.timing.items()}
        twin.state, twin.extra, twin.rules = json_copy(self.state), json_copy(self.extra), json_copy(self.rules)
        twin.players = [replace(p, absences=list(p.absences)) for p in self.players]
        twin.observers = [replace(o) for o in self.observers]
        twin.orders = {power: [replace(o) for o in orders] for power, orders in self.orders.items()}
        twin.applied, twin.outbox = list(self.applied), list(self.outbox)
        return twin

    def seat_key(self, player: Player) -> str:
        """Where a seat's pre-game sheet is kept: the seat's own id (``seat1``, ``seat2``...), given on first use
        and never changed.  Never the address: a seat moved onto another's address and back (``SET ADDRESS``)
        must not take or drop his sheet (issue 31)."""
        if not player.seat:
            number = int(self.extra.get("seat_ids", 0)) + 1
            self.extra["seat_ids"] = number
            player.seat = f"seat{number}"
        return player.seat

    def sheet_of(self, player: Player) -> str | None:
        """The seat's pre-game sheet (Europe 1615's BID), if it sent one; reading gives no seat an id."""
        return self.extra.get("sheets", {}).get(player.seat) if player.seat else None

    def _sheets_by_seat(self) -> None:
        """Sheets a judge before issue 31 kept by address (``address``, ``address#2``...): moved to their seats."""
        sheets = self.extra.get("sheets")
        if not sheets or not any("@" in key for key in sheets):
            return
        for player in self.players:
            index = next(i for i, p in enumerate(self.players_at(player.address)) if p is player)
            old = player.address.lower() + (f"#{index + 1}" if index else "")
            if not player.seat and old in sheets:
                sheets[self.seat_key(player)] = sheets.pop(old)

    # --- orders ------------------------------------------------------------

    def submit(self, order: SubmittedOrder) -> None:
        """Add ``order``, replacing the power's earlier order for the same unit.

        An empty ``unit`` never replaces anything (e.g. a WAIVE in a build phase).
        """
        key = _unit_key(order.unit)
        kept = [o for o in self.orders.get(order.power, []) if not key or _unit_key(o.unit) != key]
        self.orders[order.power] = kept + [order]

    def replaces(self, power: str, unit: str) -> bool:
        """Whether an order for ``unit`` would replace one of the power's orders rather than add a line."""
        return self.replaced(power, unit) is not None

    def replaced(self, power: str, unit: str) -> SubmittedOrder | None:
        """The power's order that an order for ``unit`` would replace (the reply says so), if any."""
        key = _unit_key(unit)
        return next((o for o in self.orders.get(power, []) if key and _unit_key(o.unit) == key), None)

    def fresh_key(self, power: str, key: str) -> str:
        """``key``, numbered (``#2``, ``#3``...) past the power's orders that hold it: a line that replaces none."""
        taken = {_unit_key(o.unit) for o in self.orders.get(power, [])}
        fresh, n = key, 1
        while _unit_key(fresh) in taken:
            n += 1
            fresh = f"{key}#{n}"
        return fresh

    def withdraw(self, power: str, orders: list[SubmittedOrder]) -> None:
        """Drop these of the power's orders (a Payola sheet that a later mail replaces)."""
        gone = {id(o) for o in orders}
        self.orders[power] = [o for o in self.orders.get(power, []) if id(o) not in gone]

    def clear_orders(self, power: str | None = None) -> None:
        """Drop one power's orders (CLEAR), or everyone's (a new phase)."""
        if power is None:
            self.orders = {}
        else:
            self.orders.pop(power, None)

    # --- mail --------------------------------------------------------------

    def was_applied(self, message_id: str) -> bool:
        return message_id in self.applied

    def mark_applied(self, message_id: str) -> None:
        if message_id not in self.applied:
            self.applied.append(message_id)

    def queue_mail(self, mail: OutgoingMail) -> OutgoingMail:
        """Queue ``mail`` in this game's outbox; it is stored by the next ``save_game``.

        If a mail with the same non-empty ``key`` is already queued, that one is returned instead.
        """
        mail.game = self.name
        if mail.key is not None:
            for queued in self.outbox:
                if queued.key == mail.key:
                    return queued
        self.outbox.append(mail)
        return mail

    # --- JSON --------------------------------------------------------------

    def record_json(self) -> JSON:
        """The game's own fields, without the lists kept in their own tables."""
        return {"format": FORMAT, "name": self.name, "variant": self.variant,
                "gm_address": self.gm_address, "gm_password_hash": self.gm_password_hash,
                "status": self.status, "zone": self.zone, "settings": self.settings.to_json(),
                "timing": {kind: t.to_json() for kind, t in self.timing.items()},
                "deadline": _opt_iso(self.deadline), "grace_end": _opt_iso(self.grace_end),
                "state": self.state, "extra": self.extra, "rules": self.rules}

    @classmethod
    def from_tables(cls, record: JSON, tables: dict[str, list[JSON]]) -> Game:
        """Rebuild a game from its record and its tables' documents (in stored order)."""
        outbox = [OutgoingMail.from_json(m) for m in tables.get("outbox", [])]
        orders: dict[str, list[SubmittedOrder]] = {}
        for doc in tables.get("orders", []):
            order = SubmittedOrder.from_json(doc)
            orders.setdefault(order.power, []).append(order)
        game = cls(
            name=record["name"], variant=record["variant"], gm_address=record["gm_address"],
            gm_password_hash=record["gm_password_hash"], status=record["status"], zone=record["zone"],
            settings=Settings.from_json(record["settings"]),
            timing={kind: Timing.from_json(t) for kind, t in record["timing"].items()},
            deadline=_opt_time(record["deadline"]), grace_end=_opt_time(record["grace_end"]),
            state=record["state"], extra=record["extra"], rules=record.get("rules", {}),
            players=[Player.from_json(p) for p in tables.get("players", [])],
            observers=[Observer.from_json(o) for o in tables.get("observers", [])],
            orders=orders, applied=[d["message_id"] for d in tables.get("applied", [])],
            outbox=outbox, loaded_mail=frozenset(m.id for m in outbox))
        game._sheets_by_seat()
        return game

    def tables_json(self) -> dict[str, list[JSON]]:
        """The list-like parts, one TinyDB table each (the outbox is merged by the store)."""
        return {"players": [p.to_json() for p in self.players],
                "observers": [o.to_json() for o in self.observers],
                "orders": [o.to_json() for os_ in self.orders.values() for o in os_],
                "applied": [{"message_id": m} for m in self.applied]}


def merge_outbox(game: Game, stored: list[Any]) -> list[OutgoingMail]:
    """The outbox to write: what is stored now, changed only by what ``game`` changed.

    A mail sent (and removed) since ``game`` was loaded is not brought back by
    saving that older copy; a mail queued since load is added; a mail the
    caller removed from ``game.outbox`` is dropped; a new mail whose ``key``
    is already pending is not added twice.
    """
    in_memory = {m.id for m in game.outbox}
    stored_mail = [OutgoingMail.from_json(m) if isinstance(m, dict) else m for m in stored]
    stored_ids = {m.id for m in stored_mail}
    kept = [m for m in stored_mail if m.id in in_memory or m.id not in game.loaded_mail]
    keys = {m.key for m in kept if m.key is not None}
    added = [m for m in game.outbox
             if m.id not in game.loaded_mail and m.id not in stored_ids and (m.key is None or m.key not in keys)]
    return kept + added


def json_copy(value: Any) -> Any:
    """A deep copy of a JSON value (dicts, lists, scalars); anything else goes to ``copy.deepcopy``."""
    if isinstance(value, dict):
        return {k: json_copy(v) for k, v in value.items()}
    if isinstance(value, list):
        return [json_copy(v) for v in value]
    if value is None or isinstance(value, (str, int, float, bool)):
        return value
    return copy.deepcopy(value)
