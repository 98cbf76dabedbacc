"""A game's processed phases, one TinyDB file per game, read only on demand.

Phases are kept in the order they were processed (TinyDB document ids grow),
not sorted by name: variants add phase kinds whose names do not sort in
playing order.  Writing a phase is an upsert on its name, so processing the
same phase again after a crash overwrites the first try instead of adding a
second record.
"""

from __future__ import annotations

from pathlib import Path

from tinydb import Query
from tinydb.table import Document

from judge.store.atomic import StoreRefused, open_db
from judge.store.records import PhaseRecord

_TABLE = "phases"
_PHASE = Query()["phase"]


class UnknownPhase(StoreRefused, KeyError):
    """The phase named is not in the game's history."""

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else "unknown phase"


def _in_order(path: Path) -> list[Document]:
    with open_db(path) as db:
        return sorted(db.table(_TABLE).all(), key=lambda doc: doc.doc_id)


def _index(docs: list[Document], phase: str, game: str) -> int:
    for i, doc in enumerate(docs):
        if doc["phase"] == phase:
            return i
    raise UnknownPhase(f"game {game} has no phase {phase} in its history")


def record_phase(path: Path, record: PhaseRecord) -> None:
    """Store ``record``, replacing an earlier record of the same phase."""
    with open_db(path) as db:
        db.table(_TABLE).upsert(record.to_json(), _PHASE == record.phase)


def record_phases(path: Path, records: list[PhaseRecord]) -> None:
    """Store ``records`` in playing order in one write (a whole game's, imported); the names must differ."""
    with open_db(path) as db:
        db.table(_TABLE).insert_multiple([record.to_json() for record in records])


def phase_record(path: Path, phase: str) -> PhaseRecord | None:
    with open_db(path) as db:
        doc = db.table(_TABLE).get(_PHASE == phase)
    return None if doc is None else PhaseRecord.from_json(dict(doc))


def phases(path: Path, game: str, first: str | None = None, last: str | None = None) -> list[PhaseRecord]:
    """Phases from ``first`` to ``last`` inclusive, in playing order (either end open if None)."""
    docs = _in_order(path)
    start = 0 if first is None else _index(docs, first, game)
    stop = len(docs) if last is None else _index(docs, last, game) + 1
    return [PhaseRecord.from_json(dict(doc)) for doc in docs[start:stop]]


def phase_names(path: Path) -> list[str]:
    return [doc["phase"] for doc in _in_order(path)]


def truncate_after(path: Path, game: str, phase: str, *, inclusive: bool = False) -> list[str]:
    """Drop the phases played after ``phase`` (and ``phase`` itself if ``inclusive``).

    Returns the names dropped.  Used by ROLLBACK: read ``phase_record(phase)``
    for the state before it, then truncate with ``inclusive=True``.
    """
    with open_db(path) as db:
        table = db.table(_TABLE)
        docs = sorted(table.all(), key=lambda doc: doc.doc_id)
        cut = _index(docs, phase, game) + (0 if inclusive else 1)
        dropped = docs[cut:]
        if dropped:
            table.remove(doc_ids=[doc.doc_id for doc in dropped])
    return [doc["phase"] for doc in dropped]
