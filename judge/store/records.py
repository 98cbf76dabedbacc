"""The records the store keeps, as dataclasses with a JSON form each.

Times are aware UTC ``datetime`` objects here and ``...Z`` ISO strings on
disk, so a file can be read by eye and no local time ever creeps in.  A game's
engine state is kept as the JSON dict ``judge.engine.codec.state_to_json``
makes: the store never needs the map to load a game.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any

from judge.attachment import Attachment

GAME_STATUSES = ("forming", "active", "paused", "finished", "terminated")
PLAYER_STATUSES = ("active", "resigned", "ejected", "dummy")
PRESS_KINDS = ("none", "white", "grey")
NMR_POLICIES = ("hold", "disorder", "wait")

JSON = dict[str, Any]


def to_iso(moment: datetime) -> str:
    """UTC ISO text of an aware datetime; a naive one is refused (its zone is a guess)."""
    if moment.tzinfo is None:
        raise ValueError(f"naive datetime {moment!r}: give a timezone-aware one")
    return moment.astimezone(UTC).isoformat().replace("+00:00", "Z")


def from_iso(text: str) -> datetime:
    moment = datetime.fromisoformat(text)
    return moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment.astimezone(UTC)


def _opt_iso(moment: datetime | None) -> str | None:
    return None if moment is None else to_iso(moment)


def _opt_time(text: str | None) -> datetime | None:
    return None if text is None else from_iso(text)


def _check(value: str, allowed: tuple[str, ...], what: str) -> None:
    if value not in allowed:
        raise ValueError(f"{what} must be one of {', '.join(allowed)}, not {value!r}")


@dataclass
class Settings:
    """A game's switches; ``extra`` holds settings added later without a store change."""

    press: str = "white"
    nmr: str = "hold"
    wait: bool = False  # process only at the deadline even when all orders are in
    extra: JSON = field(default_factory=dict)

    def __post_init__(self) -> None:
        _check(self.press, PRESS_KINDS, "press")
        _check(self.nmr, NMR_POLICIES, "nmr")

    def to_json(self) -> JSON:
        return {"press": self.press, "nmr": self.nmr, "wait": self.wait, "extra": self.extra}

    @classmethod
    def from_json(cls, data: JSON) -> Settings:
        return cls(data["press"], data["nmr"], data["wait"], data.get("extra", {}))


@dataclass
class Timing:
    """How deadlines are set for one phase kind (njudge's NEXT, MIN, CLOCK, DAYS, DELAY)."""

    next: timedelta = timedelta(days=2)  # from the phase's start to its deadline
    minimum: timedelta = timedelta(0)    # a phase is never processed earlier than this
    hour: str | None = None              # "HH:MM" in the game's zone the deadline snaps to
    days: str = "SMTWTFS"                # weekdays a deadline may fall on, "-" for none
    grace: timedelta = timedelta(0)      # from the deadline to the end of grace
    delay: timedelta = timedelta(0)      # from the last orders in to the phase played early (njudge's DELAY)

    def to_json(self) -> JSON:
        return {"next": self.next.total_seconds(), "minimum": self.minimum.total_seconds(),
                "hour": self.hour, "days": self.days, "grace": self.grace.total_seconds(),
                **({"delay": self.delay.total_seconds()} if self.delay else {})}

    @classmethod
    def from_json(cls, data: JSON) -> Timing:
        return cls(timedelta(seconds=data["next"]), timedelta(seconds=data["minimum"]),
                   data["hour"], data["days"], timedelta(seconds=data["grace"]),
                   timedelta(seconds=data.get("delay", 0)))


@dataclass
class Player:
    """One player; ``power`` is None until the game starts (JOIN while forming).

    ``seat`` is the seat's own id (``Game.seat_key``), given once and never changed: what is kept per seat
    (a BID sheet) is keyed by it, never by the address, which ``SET ADDRESS`` changes.
    """

    address: str
    password_hash: str
    power: str | None = None
    status: str = "active"
    zone: str | None = None
    wait: bool = False
    absences: list[tuple[datetime, datetime]] = field(default_factory=list)
    seat: str = ""

    def __post_init__(self) -> None:
        _check(self.status, PLAYER_STATUSES, "player status")

    def to_json(self) -> JSON:
        return {"address": self.address, "password_hash": self.password_hash, "power": self.power,
                "status": self.status, "zone": self.zone, "wait": self.wait,
                "absences": [[to_iso(a), to_iso(b)] for a, b in self.absences], "seat": self.seat}

    @classmethod
    def from_json(cls, data: JSON) -> Player:
        return cls(data["address"], data["password_hash"], data["power"], data["status"], data["zone"],
                   data["wait"], [(from_iso(a), from_iso(b)) for a, b in data["absences"]], data.get("seat", ""))


@dataclass
class Observer:
    address: str
    password_hash: str

    def to_json(self) -> JSON:
        return {"address": self.address, "password_hash": self.password_hash}

    @classmethod
    def from_json(cls, data: JSON) -> Observer:
        return cls(data["address"], data["password_hash"])


@dataclass
class SubmittedOrder:
    """One order line as received; ``unit`` is the key a later order for that unit replaces.

    ``message_id``/``date`` are None for orders the judge made itself (civil disorder).
    """

    power: str
    unit: str
    line: str
    message_id: str | None = None
    date: datetime | None = None

    def to_json(self) -> JSON:
        return {"power": self.power, "unit": self.unit, "line": self.line,
                "message_id": self.message_id, "date": _opt_iso(self.date)}

    @classmethod
    def from_json(cls, data: JSON) -> SubmittedOrder:
        return cls(data["power"], data["unit"], data["line"], data["message_id"], _opt_time(data["date"]))


def _mail_id() -> str:
    return uuid.uuid4().hex


@dataclass
class OutgoingMail:
    """A mail waiting to be sent; ``game`` is None for the global outbox.

    ``auto_submitted`` is passed to ``judge.mail.build_message``: "auto-replied"
    for answers, "auto-generated" for broadcasts and reminders.  ``key``, if
    set (e.g. the Message-ID answered), makes queueing idempotent: a mail whose
    key is already pending in the same outbox is not queued twice, so a poll
    killed between queueing a reply and marking the mail seen does not answer
    it twice when it runs again.  ``references`` is the thread an answer
    continues (the answered mail's References and Message-ID, RFC 5322 3.6.4).
    ``html`` is its HTML part when its template has one (None: its text in a
    plain HTML wrapper, made when it is sent); ``format`` the reader's choice
    (``SET FORMAT``): ``"text"`` or ``"html"``, ``""`` for the judge's default.
    """

    to: list[str]
    subject: str
    body: str
    in_reply_to: str | None = None
    attachments: list[Attachment] = field(default_factory=list)
    auto_submitted: str = "auto-replied"
    game: str | None = None
    key: str | None = None
    id: str = field(default_factory=_mail_id)
    references: list[str] = field(default_factory=list)
    tries: int = 0  # polls at which sending this mail failed (the mail alone, not the server)
    queued: datetime | None = None  # stamped by the store when first written (None in files written before)
    #: the mail carries a player's words (press): not kept as the judge's own words (judge/store/recent.py)
    others_words: bool = False
    html: str | None = None
    format: str = ""

    def to_json(self) -> JSON:
        return {"id": self.id, "game": self.game, "key": self.key, "to": list(self.to), "subject": self.subject,
                "body": self.body, "in_reply_to": self.in_reply_to, "auto_submitted": self.auto_submitted,
                "attachments": [a.to_json() for a in self.attachments], "references": list(self.references),
                "tries": self.tries, "queued": _opt_iso(self.queued),
                "html": self.html, "format": self.format,
                **({"others_words": True} if self.others_words else {})}

    @classmethod
    def from_json(cls, data: JSON) -> OutgoingMail:
        return cls(list(data["to"]), data["subject"], data["body"], data["in_reply_to"],
                   [Attachment.from_json(a) for a in data["attachments"]], data["auto_submitted"],
                   data["game"], data.get("key"), data["id"], list(data.get("references") or []),
                   data.get("tries", 0), _opt_time(data.get("queued")), bool(data.get("others_words", False)),
                   data.get("html"), data.get("format", ""))


@dataclass
class PhaseRecord:
    """One processed phase, as HISTORY shows it and ROLLBACK restores it."""

    phase: str
    state_before: JSON
    orders: dict[str, list[SubmittedOrder]]
    results: Any
    text: str
    processed_at: datetime

    def to_json(self) -> JSON:
        return {"phase": self.phase, "state_before": self.state_before,
                "orders": {p: [o.to_json() for o in os_] for p, os_ in self.orders.items()},
                "results": self.results, "text": self.text, "processed_at": to_iso(self.processed_at)}

    @classmethod
    def from_json(cls, data: JSON) -> PhaseRecord:
        orders = {p: [SubmittedOrder.from_json(o) for o in os_] for p, os_ in data["orders"].items()}
        return cls(data["phase"], data["state_before"], orders, data["results"], data["text"],
                   from_iso(data["processed_at"]))
