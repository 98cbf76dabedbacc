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
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any, TextIO

from judge.app.exportcheck import FORMAT, ExportCheck, GameFileError, read_text
from judge.engine.schema import SchemaError
from judge.store import GameExists, Game, PhaseRecord, Settings, Store, SubmittedOrder, from_iso, hash_password, to_iso
from judge.variants import UnknownVariant, data_version

__all__ = ["FORMAT", "GameArchive", "GameFileError", "PhaseEntry", "export_lines", "from_store", "import_game",
           "read_export", "write_export"]


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
        """What rendering and chaining the phase needs (``judge.turns.playing.replay_facts``); {} if not kept."""
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
    """An export file read back and checked whole (``exportcheck``); :class:`GameFileError` names the first line
    it cannot use.  Nothing is played or written before the whole file passed."""
    lines = read_text(path).splitlines()
    items = [(n, _json_line(path, n, line)) for n, line in enumerate(lines, 1) if line.strip()]
    if not items or items[0][1].get("kind") != "game":
        raise GameFileError(f"{path}: line 1 must be the game (kind \"game\"): not a judge export")
    head = items[0][1]
    if not isinstance(head.get("format"), int) or head["format"] > FORMAT:
        raise GameFileError(f"{path}: line 1: format {head.get('format')!r} is newer than this judge reads ({FORMAT})")
    ends = [(n, item) for n, item in items if item.get("kind") == "end"]
    if len(ends) != 1 or ends[0][0] != items[-1][0]:
        raise GameFileError(f"{path}: the file must end with one line of kind \"end\" (cut short?)")
    with _at(path, items[0][0]):
        check = ExportCheck(head)
    phases = [_phase_item(path, n, item, check) for n, item in items[1:-1]]
    _once_each(path, [(n, entry.phase) for (n, _), entry in zip(items[1:-1], phases, strict=True)])
    end = ends[0]
    with _at(path, end[0]):
        check.end(end[1])
    if end[1]["phases"] != len(phases):
        raise GameFileError(f"{path}: the end line counts {end[1]['phases']} phases, the file has {len(phases)}")
    return GameArchive(head["name"], head["variant"], dict(head.get("rules", {})), head.get("zone", "UTC"),
                       head.get("status", "finished"), Settings.from_json(head["settings"]), phases,
                       dict(end[1]["state"]), head.get("judge", ""), head.get("data_version", ""))


@contextmanager
def _at(path: Path, number: int) -> Iterator[None]:
    """A fault found in line ``number`` as one line naming the file, the line and the field."""
    try:
        yield
    except SchemaError as exc:
        raise GameFileError(f"{path}: line {number}: {' '.join(str(exc).split())}") from None


def _json_line(path: Path, number: int, line: str) -> dict[str, Any]:
    try:
        item = json.loads(line)
    except (ValueError, RecursionError) as exc:
        raise GameFileError(f"{path}: line {number}: not JSON ({' '.join(str(exc).split())})") from None
    if not isinstance(item, dict):
        raise GameFileError(f"{path}: line {number}: not a JSON object")
    return item


def _phase_item(path: Path, number: int, item: dict[str, Any], check: ExportCheck) -> PhaseEntry:
    """A phase line, checked whole (``ExportCheck.phase``); the orders' powers upper-cased as adjudicate reads them."""
    if item.get("kind") != "phase":
        raise GameFileError(f"{path}: line {number}: expected a phase, got kind {item.get('kind')!r}")
    with _at(path, number):
        check.phase(item)
    orders: dict[str, list[SubmittedOrder]] = {}
    for power, given in item["orders"].items():
        orders.setdefault(power.upper(), []).extend(
            SubmittedOrder(power.upper(), o["unit"], o["line"], None, _moment(o.get("date"))) for o in given)
    return PhaseEntry(item["phase"], item["state_before"], orders, item["results"], item["text"],
                      from_iso(item["processed_at"]))


def _moment(text: str | None) -> datetime | None:
    return None if text is None else from_iso(text)


def _once_each(path: Path, phases: list[tuple[int, str]]) -> None:
    """Each phase once: its history record and archive file are keyed by its name."""
    first: dict[str, int] = {}
    for number, phase in phases:
        if phase in first:
            raise GameFileError(f"{path}: line {number}: phase {phase} is listed twice (first at line {first[phase]})")
        first[phase] = number


# -- import ----------------------------------------------------------------------------

def import_game(store: Store, archive: GameArchive, name: str, gm_address: str) -> Game:
    """A finished game made from ``archive`` under ``name``: its history, archive files and last position.

    Nobody plays it and nobody can sign on as its GM (a random password the
    judge forgets), so it is a record only: HISTORY, replay and publish read it.
    All or nothing, under the poll lock (:class:`judge.store.PollBusy` if a
    poll runs): the game is staged whole and moved into place
    (``Store.add_whole_game``), so a refusal or a crash leaves nothing a later
    CREATE of the name could inherit.
    """
    taken = f"there is already a game '{name}' on this judge (choose another with --name)"
    if store.name_in_use(name):  # refused before the lock is taken: nothing in the data directory changes
        raise GameFileError(taken)
    game = Game(name, archive.variant, gm_address, hash_password(secrets.token_hex(16), n=2 ** 8),
                status="finished", zone=archive.zone, settings=archive.settings, state=dict(archive.state),
                rules=dict(archive.rules), extra={"imported": {"from": archive.judge, "name": archive.name}})
    records = [PhaseRecord(e.phase, e.state_before, e.orders, e.results, e.text, e.processed_at)
               for e in archive.phases]
    with store.poll_lock():
        store.remove_temp_files()  # an import killed part-way before this one is undone first
        try:
            store.add_whole_game(game, records, {e.phase: e.text for e in archive.phases})
        except GameExists:
            raise GameFileError(taken) from None
    return game
