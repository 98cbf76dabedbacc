"""A game's archive as one value, read from the data directory or from an export file (JSON lines).

``judge replay`` needs only this: the variant and its rule options, and for
every phase played its inputs (the position before it with its recorded
seed and GM decisions, the order lines) and what was stored of it (the
outcome, the results text).  ``judge export`` writes it as JSON lines, one
object a line, so another judge can replay it (``judge replay --file``) or
keep it as a finished game (``judge import``).  Players' addresses and
passwords are not part of it.
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any, TextIO

from judge.store import Game, PhaseRecord, Settings, Store, SubmittedOrder, from_iso, hash_password, to_iso
from judge.variants import UnknownVariant, data_version

#: the layout of an export file; a reader refuses a newer one
FORMAT = 1


class GameFileError(ValueError):
    """An export file this judge cannot read; the message names the line."""


@dataclass(frozen=True)
class PhaseEntry:
    """One phase played: its inputs and what was kept of it (``text`` is the archived results text)."""

    phase: str
    state_before: dict[str, Any]
    orders: dict[str, list[SubmittedOrder]]
    results: dict[str, Any]
    text: str
    processed_at: datetime

    @property
    def facts(self) -> dict[str, Any]:
        """What rendering and chaining the phase needs (``judge.turns.phases.replay_facts``); {} if not kept."""
        found = self.results.get("replay")
        return found if isinstance(found, dict) else {}


@dataclass(frozen=True)
class GameArchive:
    """A game as ``judge replay`` and ``judge publish`` see it."""

    name: str
    variant: str
    rules: dict[str, Any]
    zone: str
    status: str
    settings: Settings
    phases: list[PhaseEntry]
    state: dict[str, Any] = field(default_factory=dict)  # the position now (after the last phase)
    judge: str = ""
    version: str = ""  # the variant's data version the game was played on ("" if unknown)


def from_store(store: Store, name: str, judge: str = "") -> GameArchive:
    """The stored game ``name``; a phase's text is its archive file (what was mailed), else its history text."""
    game = store.load_game(name)
    entries = []
    for record in store.phases(name):
        text = store.read_archive(name, record.phase)
        entries.append(_entry(record, record.text if text is None else text))
    return GameArchive(game.name, game.variant, dict(game.rules), game.zone, game.status, game.settings, entries,
                       dict(game.state), judge)


def _entry(record: PhaseRecord, text: str) -> PhaseEntry:
    results = record.results if isinstance(record.results, dict) else {"results": record.results}
    return PhaseEntry(record.phase, record.state_before, record.orders, results, text, record.processed_at)


# -- export ---------------------------------------------------------------------------

def export_lines(archive: GameArchive) -> Iterator[str]:
    """The export file, line by line: the game, each phase in playing order, the end."""
    try:
        version = data_version(archive.variant)
    except UnknownVariant:
        version = archive.version
    head = {"kind": "game", "format": FORMAT, "name": archive.name, "variant": archive.variant,
            "data_version": version, "rules": archive.rules, "zone": archive.zone, "status": archive.status,
            "settings": archive.settings.to_json(), "judge": archive.judge}
    yield json.dumps(head)
    for entry in archive.phases:
        orders = {p: [{"unit": o.unit, "line": o.line, "date": None if o.date is None else to_iso(o.date)}
                      for o in os_] for p, os_ in entry.orders.items()}
        yield json.dumps({"kind": "phase", "phase": entry.phase, "state_before": entry.state_before,
                          "orders": orders, "results": entry.results, "text": entry.text,
                          "processed_at": to_iso(entry.processed_at)})
    yield json.dumps({"kind": "end", "phases": len(archive.phases), "state": archive.state})


def write_export(archive: GameArchive, sink: TextIO) -> None:
    for line in export_lines(archive):
        sink.write(line)
        sink.write("\n")


# -- reading an export ------------------------------------------------------------------

def read_export(path: Path) -> GameArchive:
    """An export file read back; :class:`GameFileError` names the first line it cannot use."""
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError) as exc:
        raise GameFileError(f"{path}: cannot be read ({exc})") from None
    items = [(n, _json_line(path, n, line)) for n, line in enumerate(lines, 1) if line.strip()]
    if not items or items[0][1].get("kind") != "game":
        raise GameFileError(f"{path}: line 1 must be the game (kind \"game\"): not a judge export")
    head = items[0][1]
    if not isinstance(head.get("format"), int) or head["format"] > FORMAT:
        raise GameFileError(f"{path}: line 1: format {head.get('format')!r} is newer than this judge reads ({FORMAT})")
    ends = [(n, item) for n, item in items if item.get("kind") == "end"]
    if len(ends) != 1 or ends[0][0] != items[-1][0]:
        raise GameFileError(f"{path}: the file must end with one line of kind \"end\" (cut short?)")
    phases = [_phase_item(path, n, item) for n, item in items[1:-1]]
    if ends[0][1].get("phases") != len(phases):
        counted = ends[0][1].get("phases")
        raise GameFileError(f"{path}: the end line counts {counted} phases, the file has {len(phases)}")
    try:
        return GameArchive(str(head["name"]), str(head["variant"]), dict(head.get("rules") or {}),
                           str(head.get("zone", "UTC")), str(head.get("status", "finished")),
                           Settings.from_json(head["settings"]), phases, dict(ends[0][1].get("state") or {}),
                           str(head.get("judge", "")), str(head.get("data_version", "")))
    except (KeyError, TypeError, ValueError) as exc:
        raise GameFileError(f"{path}: line 1: the game is incomplete ({exc!r})") from None


def _json_line(path: Path, number: int, line: str) -> dict[str, Any]:
    try:
        item = json.loads(line)
    except (ValueError, RecursionError) as exc:
        raise GameFileError(f"{path}: line {number}: not JSON ({' '.join(str(exc).split())})") from None
    if not isinstance(item, dict):
        raise GameFileError(f"{path}: line {number}: not a JSON object")
    return item


def _phase_item(path: Path, number: int, item: dict[str, Any]) -> PhaseEntry:
    if item.get("kind") != "phase":
        raise GameFileError(f"{path}: line {number}: expected a phase, got kind {item.get('kind')!r}")
    try:
        orders = {str(p): [SubmittedOrder(str(p), str(o["unit"]), str(o["line"]), None,
                                          None if o.get("date") is None else from_iso(o["date"])) for o in os_]
                  for p, os_ in item["orders"].items()}
        results = item["results"]
        if not isinstance(results, dict) or not isinstance(item["state_before"], dict):
            raise TypeError("results and state_before must be objects")
        return PhaseEntry(str(item["phase"]), item["state_before"], orders, results, str(item["text"]),
                          from_iso(str(item["processed_at"])))
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise GameFileError(f"{path}: line {number}: the phase is incomplete ({exc!r})") from None


# -- import ----------------------------------------------------------------------------

def import_game(store: Store, archive: GameArchive, name: str, gm_address: str) -> Game:
    """A finished game made from ``archive`` under ``name``: its history, archive files and last position.

    Nobody plays it and nobody can sign on as its GM (a random password the
    judge forgets), so it is a record only: HISTORY, replay and publish read it.
    """
    if store.has_game(name):
        raise GameFileError(f"there is already a game '{name}' on this judge (choose another with --name)")
    game = Game(name, archive.variant, gm_address, hash_password(secrets.token_hex(16), n=2 ** 8),
                status="finished", zone=archive.zone, settings=archive.settings, state=dict(archive.state),
                rules=dict(archive.rules), extra={"imported": {"from": archive.judge, "name": archive.name}})
    for entry in archive.phases:
        store.record_phase(name, PhaseRecord(entry.phase, entry.state_before, entry.orders, entry.results,
                                             entry.text, entry.processed_at))
        store.write_archive(name, entry.phase, entry.text)
    store.create_game(game)
    return game
